// Package report writes `tourney report DIR`: one self-contained HTML page
// about a results directory. It needs nothing from the network: CSS and
// JavaScript are inline, charts are SVG made here, and the viewer's games
// are embedded as JSON.
//
// Inputs are read by column name and tolerate missing optional columns
// (the files' layout changes between versions): variants.csv (required;
// rating, rating_lo, rating_hi, out_round or winner when present; without
// a rating the charts use points per game), bracket.csv (the long format
// round, encounter, variant, advanced, score, blocks, games, decided,
// p_value, or the older one with space-separated lists), games.csv, summary.json and
// games.jsonl.gz (records: telemetry and the viewer). Parameter columns
// are the space's varied parameters (space.toml), else the columns
// between variant and games.
//
// Sections: ratings with intervals; main effects (each variant's value
// and the mean per parameter value); the bracket; points per game by map
// and by scenario; placements (games of more than two seats: places,
// TrustedValue, MedianPlayers, TrustedScoreEnemies); forfeits; telemetry
// from the records per variant and map and, for every parameter with two
// to six values, per value and map as bar charts (depth reached, time and
// nodes per move, score difference: the ReversiXT report's §4 figures for
// any on/off parameter); and the game viewer.
//
// The viewer: each embedded game is replayed through the rules here
// (records.Game.Replay) and every state becomes a frame: the state's text
// head, the board as one character per cell (taken from the state's
// String; the first frame whole, the others as the cells that changed),
// the moves that led to it with their time, nodes and depth, Spe_ed heads
// and Groker chip totals. The JavaScript only draws: Connect Four as a
// grid of discs with labelled columns, ReversiXT boards with holes,
// special fields (c, i, b, x) and transitions as dashed lines, Spe_ed
// trails with the heads outlined, Tourality walls, chips and players,
// Groker chips as bars with the bids in the moves panel. It steps, jumps
// and plays at 1 to 60 states per second; `report.html?game=N&state=K`
// opens a game at a state and `?only=SECTION` shows one section.
// Options.MaxGames (default 60) bounds the embedded games: the final
// round's first, then games spread over the run.
//
// It imports the results (tuner/results), the records, the study
// (tuner/study: a results directory's space.toml, compiled), the arena
// and the games whose boards it draws; the commands and the server
// import it.
package report
