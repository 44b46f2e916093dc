package match

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"tourney/tuner/plan"
	"tourney/tuner/results"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/stats"
)

// Config describes a head-to-head match between two bot
// configurations of one game (statistics.md §3).
type Config struct {
	Game game.Game
	A, B arena.Entrant // ID is set by Run ("0" and "1"); Budget: per seat
	// NameA and NameB say where A and B came from (a file, a bot name);
	// the bot names when empty.
	NameA, NameB string
	Maps         []game.Map
	MapNames     []string
	Games        int // total games, rounded up to whole pairs
	Budget       game.Budget
	// NodeRates, when set, are a clock budget's node rates per map (the
	// sweep's space.Scenario.NodeRates).
	NodeRates []int64
	Seed      uint64
	SPRT      *stats.SPRT // nil: no sequential test
	// OpeningPlies random moves start every deal (both seatings of a deal
	// get the same opening).
	OpeningPlies int
	Confidence   float64 // of the intervals (default 0.95)
	// Label, when set, gives games.csv's variant and role columns of A
	// and B (default "0" and "1", role "variant"): a confirmation numbers
	// the winner and the defaults as its sweep does.
	Label *[2][2]string
}

// Options are the run options of a match.
type Options struct {
	Out         string // directory for games.csv and summary.json ("" = none)
	Workers     int
	Quiet       bool
	Grace       time.Duration
	HangTimeout time.Duration
	Version     string
	Log         io.Writer // warnings (stderr); nil: none
}

// Result is a finished (or interrupted) match, from A's point of view.
type Result struct {
	// Pairs are the complete game pairs on two-seat maps (pentanomial),
	// Games their games one by one (trinomial).
	Pairs     stats.Penta
	Games     stats.Tri
	PairStats stats.Estimate // over pairs
	GameStats stats.Estimate // over games
	// Blocks are A's mean points minus B's over each pair of games on maps
	// of more than two seats (a paired comparison, not fake draws).
	Blocks     []float64
	BlockStats stats.Diff
	Forfeits   [2]int
	// SPRTState is "H0", "H1" or "continue" (empty without a test); the
	// match stops at the first complete pair after which the test decides.
	SPRTState string
	LLR       float64
	Played    int // games booked (complete pairs only)
	// Places of A and B in games with more than two seats.
	Places      [2]results.Placements
	Interrupted bool
	// Identical names the maps on which every pair replayed the same
	// games (deterministic bots without an opening).
	Identical []string
	// DealPoints are A's mean points over each complete pair of games
	// (a deal), in deal order, repeated deals included: the paired
	// comparison of two matches played on the same deals (confirm.Against).
	DealPoints []float64
	// DealKeys are the games' fingerprints of each deal of DealPoints, in
	// seating order: two deals with one key are the same games.
	DealKeys []string
	// Repeated counts the blocks that repeated an earlier block's deal
	// game for game (the same fingerprints in the same seatings): the same
	// evidence again, counted once in every statistic, as a sweep does
	// (statistics.md §8; a game of few opening plies has few openings).
	// Blocks booked = Played/2 − Repeated.
	Repeated int
	Elapsed  time.Duration
}

// Summary is the summary.json of a match.
type Summary struct {
	Game   string   `json:"game"`
	A      string   `json:"a"`
	B      string   `json:"b"`
	Maps   []string `json:"maps"`
	Seed   uint64   `json:"seed"`
	Budget string   `json:"budget"`
	Games  int      `json:"games"`
	// DistinctBlocks: the blocks (pairs) that did not repeat an earlier
	// block's games; the statistics rest on them.
	DistinctBlocks int      `json:"distinct_blocks"`
	Interrupted    bool     `json:"interrupted,omitempty"`
	Wins           int      `json:"wins"`
	Draws          int      `json:"draws"`
	Losses         int      `json:"losses"`
	Pairs          []int    `json:"pentanomial"` // LL, LD, WL+DD, WD, WW
	Score          *float64 `json:"score,omitempty"`
	Elo            *float64 `json:"elo,omitempty"`
	EloLo          *float64 `json:"elo_lo,omitempty"`
	EloHi          *float64 `json:"elo_hi,omitempty"`
	NElo           *float64 `json:"nelo,omitempty"`
	NEloLo         *float64 `json:"nelo_lo,omitempty"`
	NEloHi         *float64 `json:"nelo_hi,omitempty"`
	LOS            *float64 `json:"los,omitempty"`
	Exact          bool     `json:"exact_bounds,omitempty"`
	TriElo         *float64 `json:"trinomial_elo,omitempty"`
	TriEloLo       *float64 `json:"trinomial_elo_lo,omitempty"`
	TriEloHi       *float64 `json:"trinomial_elo_hi,omitempty"`
	BlockDiff      *float64 `json:"multiseat_points_diff,omitempty"`
	BlockDiffLo    *float64 `json:"multiseat_points_diff_lo,omitempty"`
	BlockDiffHi    *float64 `json:"multiseat_points_diff_hi,omitempty"`
	SPRT           string   `json:"sprt,omitempty"`
	LLR            *float64 `json:"llr,omitempty"`
	Forfeits       [2]int   `json:"forfeits"`
	// Places and TrustedValue of A and B over games with more than two
	// seats (omitted when there are none).
	PlacesA       []int    `json:"places_a,omitempty"`
	PlacesB       []int    `json:"places_b,omitempty"`
	TrustedValueA *float64 `json:"trusted_value_a,omitempty"`
	TrustedValueB *float64 `json:"trusted_value_b,omitempty"`
	Elapsed       float64  `json:"elapsed_seconds"`
	Version       string   `json:"version"`
}

var errSPRTDone = errors.New("sprt decided")

// Jobs lays out the games in blocks of two: deal k (games 2k and
// 2k+1) is played on map k mod len(maps) with one seed, A and B swapping
// seats. On maps with more than two seats A and B alternate around the
// table (A in the even seats of game 2k, the odd ones of game 2k+1), so
// that over a block each sits in every seat once.
func Jobs(c *Config) []arena.Job {
	n := c.Games + c.Games%2
	jobs := make([]arena.Job, n)
	for i := range jobs {
		deal := i / 2
		mi := deal % len(c.Maps)
		m := c.Maps[mi]
		// a bot config's node rates by map: this map's (Run
		// refuses a map without one before any game)
		a, _ := c.A.OnMap(c.MapNames[mi], m.Name())
		b, _ := c.B.OnMap(c.MapNames[mi], m.Name())
		seats := make([]arena.Entrant, m.Players())
		for j := range seats {
			if (j+i)%2 == 0 {
				seats[j] = a
			} else {
				seats[j] = b
			}
		}
		jobs[i] = arena.Job{Game: c.Game, Map: m, Seed: plan.GameSeed(game.Mix(c.Seed, 0x3a7c, uint64(deal))), Seats: seats, Budget: c.mapBudget(mi), OpeningPlies: c.OpeningPlies, Meta: mi}
	}
	return jobs
}

// mapBudget is the budget of the games on map mi (a clock's rate per map).
func (c *Config) mapBudget(mi int) game.Budget {
	b := c.Budget
	if mi < len(c.NodeRates) && c.NodeRates[mi] > 0 {
		b.NodeRate = c.NodeRates[mi]
	}
	return b
}

// pairTally collects the two games of a block.
type pairTally struct {
	ptsA, ptsB [2]float64 // mean points of A and B in each game
	multi      bool
	sig        string // what the games were (scores and plies): identical-game detection
	key        string // the games' fingerprints in seating order: a repeated deal
}

// Run plays the match, writing games.csv (variant 0 is A, 1 is B) as
// it goes and summary.json at the end when opt.Out is set. Interrupted
// (ctx cancelled), it returns the partial result with Interrupted set and
// ctx's error.
func Run(ctx context.Context, c *Config, opt Options) (*Result, error) {
	c.A.ID, c.B.ID = "0", "1"
	if c.Confidence == 0 {
		c.Confidence = 0.95
	}
	if err := c.checkRates(); err != nil {
		return nil, err
	}
	jobs := Jobs(c)
	var gw *csv.Writer
	var gf *os.File
	if opt.Out != "" {
		if err := results.PrepareDir(opt.Out); err != nil {
			return nil, err
		}
		var err error
		gf, err = os.Create(filepath.Join(opt.Out, "games.csv"))
		if err != nil {
			return nil, err
		}
		defer gf.Close()
		gw = csv.NewWriter(bufio.NewWriterSize(gf, 64<<10))
		_ = gw.Write(results.GamesHeader)
		gw.Flush()
	}
	res := &Result{}
	var flushed time.Time
	if c.Budget.Time > 0 && opt.Workers > runtime.NumCPU() && opt.Log != nil {
		fmt.Fprintf(opt.Log, "warning: time budgets with %d workers on %d CPUs: moves will get less CPU than their budget\n", opt.Workers, runtime.NumCPU())
	}
	bar := arena.NewProgress(len(jobs), opt.Quiet, "match")
	start := time.Now()
	var cur pairTally
	var pending [][]string
	var sides []int            // A (0) or B (1) of each pending row: its variant column may hold a label
	sigs := map[int][]string{} // per map: the pairs' signatures
	seen := map[string]bool{}  // the blocks' fingerprints: a repeated deal counts once
	emit := func(r *arena.Result) error {
		mi := r.Job.Meta.(int)
		g := r.Index % 2
		var pa, pb float64
		var na, nb int
		for seat, e := range r.Job.Seats {
			pts := plan.Points(r.Ranks, seat)
			side := 1 // A is seated as "0", B as "1"
			if e.ID == "0" {
				side = 0
				pa += pts
				na++
			} else {
				pb += pts
				nb++
			}
			id, role := e.ID, "variant"
			if c.Label != nil {
				id, role = c.Label[side][0], c.Label[side][1]
			}
			nodes, depth := results.SearchCols(r, seat)
			row := []string{strconv.Itoa(r.Index), "1", "1", strconv.Itoa(r.Index / 2), "0", c.Game.Info().Name, c.MapNames[mi],
				strconv.FormatUint(r.Job.Seed, 10), strconv.Itoa(seat), id, role, e.Spec.Name, results.FmtFloat(r.Scores[seat]),
				strconv.Itoa(r.Ranks[seat]), results.FmtFloat(pts), strconv.Itoa(r.Plies), nodes, depth, r.End[seat], strconv.FormatUint(r.Print, 10)}
			pending = append(pending, row)
			sides = append(sides, side)
		}
		cur.ptsA[g], cur.ptsB[g] = pa/float64(na), pb/float64(nb)
		cur.multi = len(r.Job.Seats) > 2
		cur.sig += fmt.Sprint(r.Scores, r.Plies, ";")
		cur.key += fmt.Sprintf("%d:%d;", mi, r.Print)
		if g == 0 {
			return nil
		}
		// A complete block: book it, write its rows.
		for _, row := range pending {
			if gw != nil {
				if err := gw.Write(row); err != nil {
					return err
				}
			}
		}
		res.bookPending(pending, sides)
		pending, sides = pending[:0], sides[:0]
		res.DealPoints = append(res.DealPoints, (cur.ptsA[0]+cur.ptsA[1])/2)
		res.DealKeys = append(res.DealKeys, cur.key)
		if seen[cur.key] {
			res.Played += 2
			res.Repeated++
		} else {
			seen[cur.key] = true
			res.book(cur)
		}
		sigs[mi] = append(sigs[mi], cur.sig)
		cur = pairTally{}
		if gw != nil {
			if now := time.Now(); now.Sub(flushed) >= time.Second {
				gw.Flush()
				flushed = now
			}
			if err := gw.Error(); err != nil {
				return err
			}
		}
		if c.SPRT != nil {
			res.LLR = res.llr(c.SPRT)
			if st := c.SPRT.State(res.LLR); st != "continue" {
				res.SPRTState = st
				return errSPRTDone
			}
		}
		return nil
	}
	err := arena.Run(ctx, jobs, arena.Options{Workers: opt.Workers, Grace: opt.Grace, HangTimeout: opt.HangTimeout, Progress: bar.Batch()}, emit)
	bar.Finish()
	if gw != nil {
		gw.Flush()
	}
	interrupted := err != nil && ctx.Err() != nil && !errors.Is(err, errSPRTDone)
	if err != nil && !errors.Is(err, errSPRTDone) && !interrupted {
		return nil, err
	}
	res.Interrupted = interrupted
	if c.SPRT != nil && res.SPRTState == "" {
		res.SPRTState = "continue"
	}
	res.Elapsed = time.Since(start)
	res.finish(c.Confidence)
	if c.OpeningPlies == 0 {
		for mi, ss := range sigs {
			if len(ss) >= 4 && allSame(ss) {
				res.Identical = append(res.Identical, c.MapNames[mi])
			}
		}
	}
	if gw != nil {
		if err := gw.Error(); err != nil {
			return nil, err
		}
		if err := gf.Close(); err != nil {
			return nil, err
		}
		if err := writeMatchSummary(opt, c, res); err != nil {
			return nil, err
		}
	}
	if interrupted {
		return res, ctx.Err()
	}
	return res, nil
}

func allSame(ss []string) bool {
	for _, s := range ss[1:] {
		if s != ss[0] {
			return false
		}
	}
	return true
}

// bookPending counts places and forfeits of a complete block's rows,
// each on its side (A 0, B 1): not read from the variant column, which
// holds confirm's labels (the winner's variant number, the defaults' 0
// or none), and once counted every labelled row as A's.
func (res *Result) bookPending(rows [][]string, sides []int) {
	seats := map[string]int{}
	for _, row := range rows {
		seats[row[results.ColGame]]++
	}
	for i, row := range rows {
		side := sides[i]
		rank, _ := strconv.Atoi(row[results.ColRank])
		res.Places[side].Add(rank, seats[row[results.ColGame]])
		if strings.HasPrefix(row[results.ColEnd], "forfeit:") {
			res.Forfeits[side]++
		}
	}
}

// book adds a complete block.
func (res *Result) book(p pairTally) {
	res.Played += 2
	if p.multi {
		res.Blocks = append(res.Blocks, (p.ptsA[0]+p.ptsA[1]-p.ptsB[0]-p.ptsB[1])/2)
		return
	}
	for _, s := range p.ptsA {
		switch {
		case s > 0.5:
			res.Games.W++
		case s < 0.5:
			res.Games.L++
		default:
			res.Games.D++
		}
	}
	res.Pairs[int(math.Round(2*(p.ptsA[0]+p.ptsA[1])))]++
}

// llr is the GSPRT over the complete pairs (pentanomial) and, on maps of
// more than two seats, the blocks' scores (½ + half the points
// difference) as outcomes of their own.
func (res *Result) llr(t *stats.SPRT) float64 {
	if len(res.Blocks) == 0 {
		return t.LLRPenta(res.Pairs)
	}
	counts := map[float64]float64{}
	for i, n := range res.Pairs {
		if n > 0 {
			counts[float64(i)/4] += float64(n)
		}
	}
	for _, d := range res.Blocks {
		counts[0.5+d/2]++
	}
	var vals, cnts []float64
	for v, n := range counts {
		vals = append(vals, v)
		cnts = append(cnts, n)
	}
	sortTogether(vals, cnts)
	return t.LLRUnits(vals, cnts, 2)
}

func sortTogether(v, c []float64) {
	for i := 1; i < len(v); i++ {
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

func (res *Result) finish(conf float64) {
	res.PairStats = res.Pairs.Estimate(conf)
	res.GameStats = res.Games.Estimate(conf)
	if len(res.Blocks) > 0 {
		res.BlockStats = stats.PairedDiff(res.Blocks, conf)
	}
}

func writeMatchSummary(opt Options, c *Config, res *Result) error {
	ps, gs := res.PairStats, res.GameStats
	a, b := c.names()
	s := Summary{
		Game: c.Game.Info().Name, A: a, B: b, Maps: c.MapNames, Seed: c.Seed, Budget: c.BudgetString(),
		Games: res.Played, DistinctBlocks: res.Played/2 - res.Repeated, Interrupted: res.Interrupted, Wins: res.Games.W, Draws: res.Games.D, Losses: res.Games.L,
		Pairs: res.Pairs[:], Forfeits: res.Forfeits,
		SPRT: res.SPRTState, Elapsed: math.Round(res.Elapsed.Seconds()*1000) / 1000, Version: opt.Version,
	}
	if ps.N > 0 {
		s.Score, s.Elo, s.EloLo, s.EloHi = results.OptFloat(ps.Score, 4), results.OptFloat(ps.Elo, 1), results.OptFloat(ps.EloLo, 1), results.OptFloat(ps.EloHi, 1)
		s.NElo, s.NEloLo, s.NEloHi = results.OptFloat(ps.NElo, 1), results.OptFloat(ps.NEloLo, 1), results.OptFloat(ps.NEloHi, 1)
		s.LOS, s.Exact = results.OptFloat(ps.LOS, 4), ps.Exact
		s.TriElo, s.TriEloLo, s.TriEloHi = results.OptFloat(gs.Elo, 1), results.OptFloat(gs.EloLo, 1), results.OptFloat(gs.EloHi, 1)
	}
	if len(res.Blocks) > 0 {
		d := res.BlockStats
		s.BlockDiff, s.BlockDiffLo, s.BlockDiffHi = results.OptFloat(d.Mean, 4), results.OptFloat(d.Lo, 4), results.OptFloat(d.Hi, 4)
	}
	if c.SPRT != nil {
		llr := math.Round(res.LLR*1000) / 1000
		s.LLR = &llr
	}
	if res.Places[0].Games > 0 {
		ta, tb := res.Places[0].TrustedValue(), res.Places[1].TrustedValue()
		s.PlacesA, s.PlacesB = res.Places[0].Count, res.Places[1].Count
		s.TrustedValueA, s.TrustedValueB = &ta, &tb
	}
	js, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return results.WriteFileAtomic(filepath.Join(opt.Out, "summary.json"), append(js, '\n'))
}

// checkRates refuses a map on which A or B, having node rates by map,
// has none (before any game; the commands check the bot config files
// first, naming the file and key).
func (c *Config) checkRates() error {
	a, b := c.names()
	for _, side := range []struct {
		name string
		e    arena.Entrant
	}{{a, c.A}, {b, c.B}} {
		for mi, m := range c.Maps {
			if _, ok := side.e.OnMap(c.MapNames[mi], m.Name()); !ok {
				return fmt.Errorf("%s: its budget has no node rate for map %s (node_rate by map: %s)", side.name, c.MapNames[mi], ratesString(side.e.NodeRates))
			}
		}
	}
	return nil
}

// ratesString writes node rates by map name ("duel10 950000, x 930000").
func ratesString(rates map[string]int64) string {
	names := make([]string, 0, len(rates))
	for n := range rates {
		names = append(names, n)
	}
	slices.Sort(names)
	for i, n := range names {
		names[i] = n + " " + strconv.FormatInt(rates[n], 10)
	}
	return strings.Join(names, ", ")
}

// entrantBudget is an entrant's budget as written: its node rates by map
// after the budget.
func entrantBudget(e arena.Entrant) string {
	s := e.Budget.String()
	if len(e.NodeRates) > 0 {
		s += " (node_rate by map: " + ratesString(e.NodeRates) + ")"
	}
	return s
}

// BudgetString is the budget the games are played under, as summaries
// write it.
func (c *Config) BudgetString() string {
	a, b := entrantBudget(c.A), entrantBudget(c.B)
	if a != b {
		return "A " + a + ", B " + b
	}
	if !c.A.Budget.IsZero() {
		return a
	}
	return c.Budget.String()
}

// Print writes the human summary of a match.
func Print(w io.Writer, c *Config, r *Result) {
	a, b := c.names()
	head := ""
	if r.Interrupted {
		head = " (interrupted: the complete pairs so far)"
	}
	fmt.Fprintf(w, "%s: A=%s vs B=%s, %d games, budget %s%s\n", c.Game.Info().Name, a, b, r.Played, c.BudgetString(), head)
	if r.Repeated > 0 {
		fmt.Fprintf(w, "distinct deals: %d of %d pairs (a pair that repeats an earlier one game for game is the same evidence and counts once)\n",
			r.Played/2-r.Repeated, r.Played/2)
	}
	ps, gs := r.PairStats, r.GameStats
	if ps.N > 0 {
		fmt.Fprintf(w, "A: W %d  D %d  L %d  (%.1f%%)\n", r.Games.W, r.Games.D, r.Games.L, 100*gs.Score)
		fmt.Fprintf(w, "pairs LL %d  LD %d  WL+DD %d  WD %d  WW %d\n", r.Pairs[0], r.Pairs[1], r.Pairs[2], r.Pairs[3], r.Pairs[4])
		pct := int(math.Round(100 * c.Confidence))
		exact := ""
		if ps.Exact {
			exact = " (exact bound: every pair went one way)"
		}
		fmt.Fprintf(w, "Elo A−B: %s  %d%% CI [%s, %s]%s  nElo %s [%s, %s]  LOS %.1f%%\n", plan.FmtRound(ps.Elo, 1), pct,
			plan.FmtRound(ps.EloLo, 1), plan.FmtRound(ps.EloHi, 1), exact, plan.FmtRound(ps.NElo, 1), plan.FmtRound(ps.NEloLo, 1), plan.FmtRound(ps.NEloHi, 1), 100*ps.LOS)
		fmt.Fprintf(w, "per game (trinomial, ignores the pairing): Elo %s [%s, %s]\n", plan.FmtRound(gs.Elo, 1), plan.FmtRound(gs.EloLo, 1), plan.FmtRound(gs.EloHi, 1))
	}
	if len(r.Blocks) > 0 {
		d := r.BlockStats
		fmt.Fprintf(w, "maps of more than 2 seats: A's points − B's per game %s [%s, %s] over %d blocks\n",
			plan.FmtRound(d.Mean, 4), plan.FmtRound(d.Lo, 4), plan.FmtRound(d.Hi, 4), d.N)
	}
	if c.SPRT != nil {
		fmt.Fprintf(w, "SPRT (%s): LLR %.3f [%.3f, %.3f] → %s\n", c.SPRT, r.LLR, c.SPRT.Lower(), c.SPRT.Upper(), r.SPRTState)
	}
	if r.Places[0].Games > 0 {
		for i, name := range []string{"A", "B"} {
			p := &r.Places[i]
			fmt.Fprintf(w, "%s places (games with more than 2 seats):", name)
			for k, n := range p.Count {
				fmt.Fprintf(w, " %d:%d", k+1, n)
			}
			fmt.Fprintf(w, "  TrustedValue %s\n", plan.FmtRound(p.TrustedValue(), 4))
		}
	}
	if r.Forfeits[0]+r.Forfeits[1] > 0 {
		fmt.Fprintf(w, "forfeits: A %d, B %d\n", r.Forfeits[0], r.Forfeits[1])
	}
}

// Warnings are what a user should know about how a match was played.
func (r *Result) Warnings() []string {
	var out []string
	if len(r.Identical) > 0 {
		out = append(out, fmt.Sprintf("every pair on %s played the same games: deterministic bots need --opening-plies N (random opening moves) to meet in varied positions; these games count as one",
			strings.Join(r.Identical, ", ")))
	}
	if w := arena.AbandonedWarning(arena.Abandoned()); w != "" {
		out = append(out, w)
	}
	return out
}

func (c *Config) names() (string, string) {
	a, b := c.NameA, c.NameB
	if a == "" {
		a = c.A.Spec.Name
	}
	if b == "" {
		b = c.B.Spec.Name
	}
	return a, b
}
