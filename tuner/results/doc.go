// Package results owns a sweep's results directory and what is written
// in it: games.csv, timing.csv and the records (games.jsonl.gz) as the
// games come in (Sweep.Emit; repaired and replayed on resume), the
// variants' counts and placements, the ratings' games and their fit
// (ratings.go), the verdict (verdict.go), the parameter effects and the
// knobs that changed no game (effects.go, unidentified.go, inert.go),
// the forfeits, and the files written at the end: variants.csv,
// ratings.csv, bracket.csv, effects.csv, winner.toml and summary.json
// (Summary, with its Verdict, Confirmation and FieldCheck parts). It
// also reads a directory back: games.csv by column (ReadDirGames),
// any CSV file by column name (ReadTable), placements (PlacementsFromDir).
//
// The sweep loop (package tuner) makes one Sweep, hands it each played
// game and, after the last, asks it for the ratings, the verdict and the
// files. Package results imports the study (tuner/study), the planners' blocks
// (tuner/plan), the runner's interface (tuner/runner), the statistics
// (tuner/stats), the records and the arena; never the loop, nor the
// packages that play matches and confirmations (they import it).
//
// # Placements
//
// Over games of more than two seats (Placements per variant; the
// PlacementTable over whole games, PlacementsFromDir from games.csv) with
// place = rank (ties share the better place) and n = the game's players:
//
//   - place_k: the games finished in place k;
//   - TrustedValue: the mean of 1 − place/n;
//   - MedianPlayers: the mean of n (seed 003 calls it a median but defines
//     an average; the Spe_ed spec §11.3 keeps the name);
//   - TrustedScoreEnemies: the mean over every (game, opponent) pair of
//     +TV(o) when placed strictly ahead of opponent o, −(1 − TV(o)) when
//     strictly behind, 0 when tied, TV(o) being o's TrustedValue over the
//     same games (field bots and the default filler included). −1..1:
//     high means it beats players that do well.
//
// # Surviving kills
//
// games.csv and timing.csv are flushed together (timing.csv first) and
// repaired on resume; every other file is written atomically
// (WriteFileAtomic).
package results
