package tuner

import (
	"bufio"
	"context"
	"encoding/csv"
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

	"tourney/arena"
	"tourney/engines/external"
	"tourney/engines/game"
	"tourney/tuner/records"
	"tourney/tuner/stats"
)

// RunOptions configure a sweep.
type RunOptions struct {
	Out         string // results directory (created; must not hold results already)
	Workers     int
	Quiet       bool      // no progress bar
	Log         io.Writer // warnings and round summaries (stderr); nil: discard
	Grace       time.Duration
	HangTimeout time.Duration
	Version     string
	// Resume continues an interrupted sweep in Out: the games already in
	// Out/games.csv are checked against the plan and counted, not played
	// again, and the sweep goes on from the first missing game. The space
	// and seed must be the ones of the interrupted run.
	Resume bool
	// NoRecords turns the game records (games.jsonl.gz: every move with
	// its time, nodes and depth) off.
	NoRecords bool
}

// Outcome is a finished sweep.
type Outcome struct {
	Dir      string
	Variants []Variant
	Winner   int
	Verdict  Verdict
	Summary  Summary
	// Ratings of the variants on the run's scale (the defaults = 0).
	Ratings []float64
}

// variantStats accumulates a variant's games.
type variantStats struct {
	games    int
	points   float64 // unweighted, summed
	raw      float64
	rankSum  float64
	places   Placements
	forfeits int
	outRound int // 0: still in
}

type sweepRun struct {
	s        *Space
	opt      RunOptions
	variants []Variant
	params   [][]game.Params // [variant][scenario]
	defaults []game.Params   // [scenario]
	stats    []variantStats
	bracket  [][]string
	games    *csv.Writer // nil while games of an earlier run are replayed
	gf       *os.File
	prior    []priorGame // resume: the games of the interrupted run
	gameNo   int
	flushed  time.Time // last flush of games.csv
	replayed int       // games taken from an interrupted run
	forfeits int
	bar      *arena.Progress
	done     int // games emitted (progress)

	recw   *records.Writer // nil: records off
	timing *csv.Writer     // timing.csv: wall-clock per game and seat
	tf     *os.File
	table  *PlacementTable // games of more than two seats, by entrant id

	units int          // blocks scheduled so far (the bootstrap's unit)
	recs  []stats.Game // every game, for the ratings
	ents  entities
	// decisions counts how encounters were decided (evidence, cap, bye).
	decisions map[string]int
	rounds    int
}

// RunSweep plays the tournament of a space and writes the results
// directory.
func RunSweep(ctx context.Context, s *Space, opt RunOptions) (*Outcome, error) {
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	if s.Generate.Method == "staged" {
		return runStaged(ctx, s, opt)
	}
	r := &sweepRun{s: s, opt: opt, variants: s.Variants(), decisions: map[string]int{}}
	for sc := range s.Scenarios {
		r.defaults = append(r.defaults, s.DefaultParams(sc))
	}
	for _, v := range r.variants {
		row := make([]game.Params, len(s.Scenarios))
		for sc := range s.Scenarios {
			p, err := s.BotParams(sc, v)
			if err != nil {
				return nil, err
			}
			row[sc] = p
		}
		r.params = append(r.params, row)
	}
	r.stats = make([]variantStats, len(r.variants))
	r.ents = newEntities(s, r.variants, r.params, r.defaults)
	for _, sc := range s.Scenarios {
		if sc.Budget.Time > 0 && opt.Workers > runtime.NumCPU() {
			fmt.Fprintf(opt.Log, "warning: time budgets with %d workers on %d CPUs: moves will get less CPU than their budget\n", opt.Workers, runtime.NumCPU())
			break
		}
	}

	var gf *os.File
	r.table = &PlacementTable{}
	if opt.Resume {
		unlock, err := LockDir(opt.Out)
		if err != nil {
			return nil, err
		}
		defer unlock()
		cleanupLeftovers(opt.Out, opt.Log)
		external.SetLogDir(opt.Out) // bots' stderr: OUT/bots/NAME.log, their pids: OUT/bots/pids
		defer external.SetLogDir("")
		if gf, err = r.openResume(); err != nil {
			return nil, err
		}
	} else {
		if err := prepareDir(opt.Out); err != nil {
			return nil, err
		}
		unlock, err := LockDir(opt.Out)
		if err != nil {
			return nil, err
		}
		defer unlock()
		cleanupLeftovers(opt.Out, opt.Log)
		external.SetLogDir(opt.Out) // bots' stderr: OUT/bots/NAME.log, their pids: OUT/bots/pids
		defer external.SetLogDir("")
		if err := os.WriteFile(filepath.Join(opt.Out, "space.toml"), s.Source, 0o644); err != nil {
			return nil, err
		}
		// The header reaches the disk before the first game: a run killed
		// at any moment can be resumed.
		if gf, err = os.Create(filepath.Join(opt.Out, "games.csv")); err != nil {
			return nil, err
		}
		r.games = csv.NewWriter(bufio.NewWriterSize(gf, 64<<10))
		_ = r.games.Write(gamesHeader)
		r.games.Flush()
		if err := r.openSidecars(0); err != nil {
			return nil, err
		}
	}
	defer gf.Close()
	defer r.closeSidecars()
	r.gf = gf

	start := time.Now()
	plan := PlanTournament(s, len(r.variants))
	r.bar = arena.NewProgress(plan.MaxGames, opt.Quiet, s.Name)
	var winner int
	var err error
	if s.Tournament.Format == "race" {
		winner, err = r.runRace(ctx)
	} else {
		winner, err = r.runKnockout(ctx)
	}
	r.bar.Finish()
	if err != nil {
		if r.games != nil {
			r.games.Flush()
		}
		return nil, err
	}
	if r.games == nil { // everything was replayed
		if err := r.startWriting(); err != nil {
			return nil, err
		}
	}
	r.games.Flush()
	if err := r.games.Error(); err != nil {
		return nil, err
	}
	if err := gf.Close(); err != nil {
		return nil, err
	}
	if err := r.closeSidecars(); err != nil {
		return nil, err
	}
	rt, err := r.ratings()
	if err != nil {
		return nil, err
	}
	verdict := r.verdict(winner, rt)
	if s.Tournament.Confirm && winner != r.ents.def {
		r.bar.Logf(opt.Log, "confirming variant %d against the defaults (at most %d games)\n", winner, s.Tournament.ConfirmGames)
		cf, _, err := Confirm(ctx, s, r.params[winner][0], filepath.Join(opt.Out, "confirm"), opt)
		if err != nil {
			return nil, fmt.Errorf("confirmation: %w", err)
		}
		cf.apply(&verdict)
	}
	elapsed := time.Since(start)
	out := &Outcome{Dir: opt.Out, Variants: r.variants, Winner: winner, Verdict: verdict, Ratings: rt.Elo[:len(r.variants)]}
	out.Summary = r.summary(winner, r.rounds, elapsed, verdict)
	if err := r.writeResults(out, rt); err != nil {
		return nil, err
	}
	return out, nil
}

// prepareDir creates dir; an existing directory must be empty so that no
// earlier results are mixed with new ones.
func prepareDir(dir string) error {
	if dir == "" {
		return errors.New("no results directory given")
	}
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		return fmt.Errorf("%s: results directory is not empty (choose another --out)", dir)
	}
	return os.MkdirAll(dir, 0o755)
}

var gamesHeader = []string{"game", "round", "encounter", "block", "scenario", "game_type", "map", "seed", "seat",
	"variant", "role", "bot", "score", "rank", "points", "plies", "nodes", "depth", "end"}

// Column indices of games.csv.
const (
	colGame = iota
	colRound
	colEncounter
	colBlock
	colScenario
	colGameType
	colMap
	colSeed
	colSeat
	colVariant
	colRole
	colBot
	colScore
	colRank
	colPoints
	colPlies
	colNodes
	colDepth
	colEnd
)

// searchCols formats a seat's search telemetry for games.csv: its total
// nodes over the game and the mean completed depth of its moves (two
// decimals); both empty for a bot that reports none (game.Informer).
func searchCols(res *arena.Result, seat int) (nodes, depth string) {
	if seat >= len(res.SeatSearch) || res.SeatSearch[seat].Moves == 0 {
		return "", ""
	}
	ss := res.SeatSearch[seat]
	return strconv.FormatInt(ss.Nodes, 10), strconv.FormatFloat(ss.MeanDepth(), 'f', 2, 64)
}

// gameMeta travels with a job: where its points go.
type gameMeta struct {
	c     *contest
	block int
	unit  int
	plan  GamePlan
	// col is the contest column of each seat (−1: not a variant);
	// weight its share of the block result.
	col    []int
	weight []float64
}

func (r *sweepRun) entrant(sc int, ref SeatRef) arena.Entrant {
	scen := &r.s.Scenarios[sc]
	switch ref.Kind {
	case SeatVariant:
		return arena.Entrant{ID: strconv.Itoa(ref.Variant), Spec: scen.Bot, Params: r.params[ref.Variant][sc]}
	case SeatFiller:
		return arena.Entrant{ID: "default", Spec: scen.Bot, Params: r.defaults[sc]}
	}
	f := scen.Field[ref.Field]
	return arena.Entrant{ID: "field:" + f.Name, Spec: f.Spec, Params: f.Params}
}

// contest is the data of one sequential decision: a knockout encounter,
// or the race. x[b][i] is column i's result in block b: its mean points
// over the block's games, weighted by scenario and averaged over maps.
type contest struct {
	round, index int
	cols         []int // variant of each column
	col          map[int]int
	alive        []bool // race: columns still running
	x            [][]float64
	blocks       int // blocks scheduled
	looks        []int
	look         int
	status       string // "" while playing; evidence, cap, bye; race: budget, one-left
	p            float64
	games        int
	race         bool
}

func newContest(round, index int, variants []int, race bool) *contest {
	c := &contest{round: round, index: index, cols: slices.Clone(variants), col: map[int]int{}, race: race, p: math.NaN()}
	c.alive = make([]bool, len(variants))
	for i, v := range variants {
		c.col[v] = i
		c.alive[i] = true
	}
	return c
}

func (c *contest) aliveVariants() []int {
	var out []int
	for i, v := range c.cols {
		if c.alive[i] {
			out = append(out, v)
		}
	}
	return out
}

// planBlock lists the games of block b of contest c: every scenario and
// map, every table rotated over its seats, one seed per (scenario, map)
// for all of them (statistics.md §2).
func planBlock(s *Space, c *contest, b int) []GamePlan {
	alive := c.aliveVariants()
	var plans []GamePlan
	for si := range s.Scenarios {
		sc := &s.Scenarios[si]
		for mi, m := range sc.Maps {
			p := m.Players()
			var seed uint64
			var tables [][]SeatRef
			if c.race {
				seed = game.Mix(s.Seed, 0x7ace, uint64(si), uint64(mi), uint64(b))
				tables = raceTables(s, si, p, alive, game.Mix(seed, 0x7ab1e))
			} else {
				seed = game.Mix(s.Seed, uint64(c.round), uint64(c.index), uint64(si), uint64(mi), uint64(b))
				tables = encounterTables(s, si, p, alive)
			}
			for gi, seats := range rotate(tables) {
				plans = append(plans, GamePlan{Scenario: si, Map: mi, Block: b, Number: gi, Seed: seed, Seats: seats})
			}
		}
	}
	return plans
}

// blockJobs schedules block b of contest c. A variant's block result is
// its mean points over its games of the block on each (scenario, map),
// averaged over the maps of a scenario and weighted by the scenarios'
// weights.
func (r *sweepRun) blockJobs(c *contest, b int) []arena.Job {
	s := r.s
	unit := r.units
	r.units++
	for len(c.x) <= b {
		c.x = append(c.x, make([]float64, len(c.cols)))
	}
	wsum := 0.0
	for _, sc := range s.Scenarios {
		wsum += sc.Weight
	}
	plans := planBlock(s, c, b)
	type key struct{ sc, m, v int }
	count := map[key]int{}
	for _, gp := range plans {
		for _, ref := range gp.Seats {
			if ref.Kind == SeatVariant {
				count[key{gp.Scenario, gp.Map, ref.Variant}]++
			}
		}
	}
	jobs := make([]arena.Job, len(plans))
	for i, gp := range plans {
		sc := &s.Scenarios[gp.Scenario]
		p := len(gp.Seats)
		meta := gameMeta{c: c, block: b, unit: unit, plan: gp, col: make([]int, p), weight: make([]float64, p)}
		ents := make([]arena.Entrant, p)
		for j, ref := range gp.Seats {
			ents[j] = r.entrant(gp.Scenario, ref)
			meta.col[j] = -1
			if ref.Kind == SeatVariant {
				meta.col[j] = c.col[ref.Variant]
				meta.weight[j] = sc.Weight / wsum / float64(len(sc.Maps)) / float64(count[key{gp.Scenario, gp.Map, ref.Variant}])
			}
		}
		jobs[i] = arena.Job{Game: sc.Game, Map: sc.Maps[gp.Map], Seed: gp.Seed, Seats: ents,
			Budget: sc.Budget, OpeningPlies: sc.OpeningPlies, Meta: meta, Record: !r.opt.NoRecords}
	}
	c.games += len(jobs)
	return jobs
}

// play runs a batch of jobs (resuming from an interrupted run's rows
// first) and books every result.
func (r *sweepRun) play(ctx context.Context, jobs []arena.Job) error {
	progress := r.bar.Batch()
	replayed := 0
	for replayed < len(jobs) && r.gameNo < len(r.prior) && r.prior[r.gameNo].complete(len(jobs[replayed].Seats)) {
		if err := r.emit(r.prior[r.gameNo].result(&jobs[replayed])); err != nil {
			return err
		}
		replayed++
		r.replayed++
		progress(replayed)
	}
	if replayed < len(jobs) && r.games == nil {
		if err := r.startWriting(); err != nil {
			return err
		}
	}
	return arena.Run(ctx, jobs[replayed:], arena.Options{
		Workers: r.opt.Workers, Grace: r.opt.Grace, HangTimeout: r.opt.HangTimeout,
		Progress: func(n int) { progress(replayed + n) },
	}, r.emit)
}

// emit writes a game's rows (or checks them against the interrupted run's)
// and books its points.
func (r *sweepRun) emit(res *arena.Result) error {
	m := res.Job.Meta.(gameMeta)
	sc := &r.s.Scenarios[m.plan.Scenario]
	var replay *priorGame
	if r.gameNo < len(r.prior) {
		replay = &r.prior[r.gameNo]
	}
	if replay == nil {
		if err := r.record(res, &m); err != nil {
			return err
		}
	}
	if len(res.Ranks) > 2 {
		ids := make([]string, len(res.Job.Seats))
		for i, e := range res.Job.Seats {
			ids[i] = e.ID
		}
		r.table.Add(ids, res.Ranks)
	}
	rec := stats.Game{Block: m.unit, Players: make([]int, len(m.plan.Seats)), Ranks: slices.Clone(res.Ranks), Weight: sc.Weight}
	for seat, ref := range m.plan.Seats {
		pts := Points(res.Ranks, seat)
		variant, role, bot := "", "default", sc.Bot.Name
		switch ref.Kind {
		case SeatVariant:
			variant, role = strconv.Itoa(ref.Variant), "variant"
		case SeatField:
			role, bot = "field", sc.Field[ref.Field].Name
		}
		nodes, depth := searchCols(res, seat)
		row := []string{
			strconv.Itoa(r.gameNo), strconv.Itoa(m.c.round), strconv.Itoa(m.c.index), strconv.Itoa(m.block),
			strconv.Itoa(m.plan.Scenario), sc.Game.Info().Name, sc.MapNames[m.plan.Map],
			strconv.FormatUint(m.plan.Seed, 10), strconv.Itoa(seat), variant, role, bot,
			fmtFloat(res.Scores[seat]), strconv.Itoa(res.Ranks[seat]), fmtFloat(pts),
			strconv.Itoa(res.Plies), nodes, depth, res.End[seat],
		}
		if replay != nil {
			// A resumed game is not played again: its telemetry is the
			// interrupted run's, already in the file.
			row[colNodes], row[colDepth] = replay.rows[seat][colNodes], replay.rows[seat][colDepth]
			if got, want := strings.Join(row, ","), strings.Join(replay.rows[seat], ","); got != want {
				return &InputError{File: filepath.Join(r.opt.Out, "games.csv"), Line: replay.line + seat,
					Message: fmt.Sprintf("cannot resume: the row does not match the planned game (%s); was the run made with another space or seed?", got)}
			}
		} else if err := r.games.Write(row); err != nil {
			return err
		}
		rec.Players[seat] = r.ents.of(r.s, m.plan.Scenario, ref)
		if ref.Kind != SeatVariant {
			continue
		}
		m.c.x[m.block][m.col[seat]] += pts * m.weight[seat]
		st := &r.stats[ref.Variant]
		st.games++
		st.points += pts
		st.raw += res.Scores[seat]
		st.rankSum += float64(res.Ranks[seat])
		st.places.Add(res.Ranks[seat], len(res.Ranks))
		if strings.HasPrefix(res.End[seat], "forfeit:") {
			st.forfeits++
			r.forfeits++
		}
	}
	r.recs = append(r.recs, rec)
	r.gameNo++
	if replay != nil {
		return nil
	}
	// Rows reach the file at least every second (and always on the
	// way out), not after every game: the collector is serial.
	if now := time.Now(); now.Sub(r.flushed) >= time.Second {
		r.games.Flush()
		r.flushed = now
	}
	return r.games.Error()
}

// runKnockout plays knockout rounds until one variant is left.
func (r *sweepRun) runKnockout(ctx context.Context) (int, error) {
	alive := make([]int, len(r.variants))
	for i := range alive {
		alive[i] = i
	}
	round := 0
	for len(alive) > 1 {
		round++
		next, err := r.knockoutRound(ctx, round, alive)
		if err != nil {
			return 0, fmt.Errorf("round %d: %w", round, err)
		}
		r.bar.Logf(r.opt.Log, "round %d: %d variants, %d go on\n", round, len(alive), len(next))
		r.bar.SetStatus(fmt.Sprintf("round %d done, %d variants left%s", round, len(next), r.leader(next)))
		alive = next
	}
	r.rounds = round
	if len(alive) == 0 {
		return 0, nil
	}
	return alive[0], nil
}

// knockoutRound plays the encounters of a round, all at once, look by
// look: every undecided encounter plays its blocks up to its next look,
// then each is tested (statistics.md §5).
func (r *sweepRun) knockoutRound(ctx context.Context, round int, alive []int) ([]int, error) {
	t := &r.s.Tournament
	encs := DrawRound(r.s, round, alive)
	cs := make([]*contest, len(encs))
	for i, e := range encs {
		c := newContest(round, e.Index, e.Variants, false)
		cs[i] = c
		if e.Bye() {
			c.status = "bye"
			continue
		}
		c.looks = encounterLooks(t, blockGames(r.s, e.Variants, false, nil))
	}
	for {
		var jobs []arena.Job
		for _, c := range cs {
			if c.status != "" {
				continue
			}
			for ; c.blocks < c.looks[c.look]; c.blocks++ {
				jobs = append(jobs, r.blockJobs(c, c.blocks)...)
			}
		}
		if len(jobs) == 0 {
			break
		}
		if err := r.play(ctx, jobs); err != nil {
			return nil, err
		}
		for i, c := range cs {
			if c.status != "" {
				continue
			}
			alpha := (1 - t.Confidence) / float64(len(c.looks))
			_, decided, p := decideGroup(c.x[:c.blocks], encs[i].Advance, alpha)
			c.p = p
			switch {
			case decided:
				c.status = "evidence"
			case c.look == len(c.looks)-1:
				c.status = "cap"
			default:
				c.look++
			}
		}
	}
	// Encounters that reached their cap undecided go by the ratings of
	// every game so far, then by a seeded coin; never by variant number.
	var fit []float64
	for _, c := range cs {
		if c.status == "cap" && fit == nil {
			var err error
			if fit, err = r.fit(); err != nil {
				return nil, err
			}
		}
	}
	var next []int
	for i, c := range cs {
		e := encs[i]
		r.decisions[c.status]++
		var order []int
		switch c.status {
		case "bye":
			order = []int{0}
		case "evidence":
			order, _, _ = decideGroup(c.x[:c.blocks], e.Advance, 1)
		case "cap":
			order = r.orderByRating(c, fit, game.Mix(r.s.Seed, 0xc01, uint64(round), uint64(e.Index)))
		}
		adv := map[int]bool{}
		for _, col := range order[:e.Advance] {
			adv[c.cols[col]] = true
			next = append(next, c.cols[col])
		}
		for col, v := range c.cols {
			if !adv[v] {
				r.stats[v].outRound = round
			}
			r.bracketRow(c, col, adv[v])
		}
	}
	return next, nil
}

// orderByRating orders a contest's live columns by the joint ratings,
// exact ties by a seeded shuffle.
func (r *sweepRun) orderByRating(c *contest, fit []float64, seed uint64) []int {
	var order []int
	for i := range c.cols {
		if c.alive[i] {
			order = append(order, i)
		}
	}
	rng := game.NewRand(seed)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	slices.SortStableFunc(order, func(a, b int) int {
		ra, rb := fit[r.ents.variant(c.cols[a])], fit[r.ents.variant(c.cols[b])]
		switch {
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return 0
	})
	return order
}

// bracketRow writes one row of bracket.csv (long format: one row per
// encounter, or race look, and participant).
func (r *sweepRun) bracketRow(c *contest, col int, advanced bool) {
	mean := math.NaN()
	if c.blocks > 0 {
		mean = 0
		for _, row := range c.x[:c.blocks] {
			mean += row[col]
		}
		mean /= float64(c.blocks)
	}
	adv := "0"
	if advanced {
		adv = "1"
	}
	r.bracket = append(r.bracket, []string{strconv.Itoa(c.round), strconv.Itoa(c.index), strconv.Itoa(c.cols[col]),
		adv, fmtRound(mean, 4), strconv.Itoa(c.blocks), strconv.Itoa(c.games), c.status, fmtP(c.p)})
}

var bracketHeader = []string{"round", "encounter", "variant", "advanced", "score", "blocks", "games", "decided", "p_value"}

// fmtP writes a p-value (empty when there was no test).
func fmtP(p float64) string {
	if math.IsNaN(p) {
		return ""
	}
	return strconv.FormatFloat(p, 'g', 4, 64)
}

// runRace plays the race (irace's F-race, statistics.md §5): every
// survivor plays every block; from the first look on, a Friedman test over
// the blocks and Conover's comparisons with the best drop the survivors
// that are significantly worse. It stops when one is left, or when the
// next look would pass the budget.
func (r *sweepRun) runRace(ctx context.Context) (int, error) {
	t := &r.s.Tournament
	n := len(r.variants)
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	c := newContest(1, 1, all, true)
	if n < 2 {
		return 0, nil
	}
	budget := t.Cap(n)
	// the most looks the budget allows (two survivors to the end)
	pair := blockGames(r.s, all[:2], true, nil)
	looks := Looks(t.FirstLook(), max(t.FirstLook(), budget/max(pair, 1)))
	alpha := (1 - t.Confidence) / float64(len(looks))
	c.looks = looks
	for li := 0; ; li++ {
		alive := c.aliveVariants()
		if len(alive) == 1 {
			c.status = "one-left"
			break
		}
		gpb := blockGames(r.s, alive, true, nil)
		if li == 0 && looks[0]*gpb > budget {
			// the budget does not reach the first look: play what it
			// allows (at least one block) and decide on the ratings
			looks = []int{max(1, budget/max(gpb, 1))}
			c.looks = looks
		}
		if li >= len(looks) || li > 0 && c.games+(looks[li]-c.blocks)*gpb > budget {
			c.status = "budget"
			break
		}
		var jobs []arena.Job
		for ; c.blocks < looks[li]; c.blocks++ {
			jobs = append(jobs, r.blockJobs(c, c.blocks)...)
		}
		if err := r.play(ctx, jobs); err != nil {
			return 0, err
		}
		r.rounds = li + 1
		c.round = li + 1
		var cols []int
		for i := range c.cols {
			if c.alive[i] {
				cols = append(cols, i)
			}
		}
		x := make([][]float64, c.blocks)
		for b := range x {
			x[b] = make([]float64, len(cols))
			for j, col := range cols {
				x[b][j] = c.x[b][col]
			}
		}
		_, worse, p := stats.Race(x, alpha)
		c.p = p
		c.status = "continue"
		dropped := 0
		for j, col := range cols {
			if worse[j] {
				c.alive[col] = false
				r.stats[c.cols[col]].outRound = li + 1
				dropped++
			}
		}
		if dropped > 0 {
			c.status = "evidence"
		}
		for _, col := range cols {
			r.bracketRow(c, col, c.alive[col])
		}
		r.bar.Logf(r.opt.Log, "race look %d: %d blocks, %d survivors, %d dropped\n", li+1, c.blocks, len(cols)-dropped, dropped)
		r.bar.SetStatus(fmt.Sprintf("look %d, %d survivors%s", li+1, len(cols)-dropped, r.leader(c.aliveVariants())))
	}
	r.decisions[c.status]++
	alive := c.aliveVariants()
	if len(alive) == 1 {
		return alive[0], nil
	}
	fit, err := r.fit()
	if err != nil {
		return 0, err
	}
	order := r.orderByRating(c, fit, game.Mix(r.s.Seed, 0xc01, 0x7ace))
	return c.cols[order[0]], nil
}

// fmtFloat writes a CSV number: shortest exact form, '.' as decimal point.
func fmtFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// openSidecars opens the records (after the first keep games, on a
// resume) and timing.csv.
func (r *sweepRun) openSidecars(keep int) error {
	dir := r.opt.Out
	if !r.opt.NoRecords {
		path := filepath.Join(dir, records.FileName)
		var err error
		if keep == 0 {
			r.recw, err = records.Create(path)
		} else {
			var kept int
			r.recw, kept, err = records.Resume(path, keep)
			if err == nil && kept < keep {
				fmt.Fprintf(r.opt.Log, "warning: %s holds %d of the %d games played before the interruption; the others have no record\n", path, kept, keep)
			}
		}
		if err != nil {
			return err
		}
	}
	path := filepath.Join(dir, "timing.csv")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	st, _ := f.Stat()
	r.tf = f
	r.timing = csv.NewWriter(bufio.NewWriter(f))
	if st == nil || st.Size() == 0 {
		_ = r.timing.Write([]string{"game", "seat", "time_ms", "moves"})
	}
	return nil
}

func (r *sweepRun) closeSidecars() error {
	var err error
	if r.recw != nil {
		err = r.recw.Close()
		r.recw = nil
	}
	if r.timing != nil {
		r.timing.Flush()
		if e := r.timing.Error(); err == nil {
			err = e
		}
		if e := r.tf.Close(); err == nil {
			err = e
		}
		r.timing = nil
	}
	return err
}

// record writes a newly played game's record and timing rows.
func (r *sweepRun) record(res *arena.Result, m *gameMeta) error {
	if r.recw != nil {
		rec := records.FromResult(r.gameNo, res)
		rec.Round, rec.Encounter, rec.Block, rec.Scenario = m.c.round, m.c.index, m.block, m.plan.Scenario
		rec.MapRef = r.s.Scenarios[m.plan.Scenario].MapNames[m.plan.Map]
		if err := r.recw.Write(rec); err != nil {
			return err
		}
	}
	if r.timing != nil {
		for seat := range res.SeatTime {
			_ = r.timing.Write([]string{strconv.Itoa(r.gameNo), strconv.Itoa(seat),
				strconv.FormatFloat(float64(res.SeatTime[seat].Microseconds())/1000, 'f', 3, 64), strconv.Itoa(res.SeatMoves[seat])})
		}
	}
	return nil
}

// leader names the best of the given variants by the ratings of all games
// so far, for the progress line ("" when they cannot be rated yet).
func (r *sweepRun) leader(vs []int) string {
	fit, err := r.fit()
	if err != nil || len(vs) == 0 {
		return ""
	}
	best := -1
	for _, v := range vs {
		if !math.IsNaN(fit[v]) && (best < 0 || fit[v] > fit[best]) {
			best = v
		}
	}
	if best < 0 {
		return ""
	}
	return fmt.Sprintf(", leader: variant %d (%+.0f Elo)", best, fit[best])
}

// cleanupLeftovers ends the external bot processes an earlier tourney
// process left in dir (killed with kill -9: nothing could clean up). It
// runs under the directory's lock, before this run records its own.
func cleanupLeftovers(dir string, log io.Writer) {
	ls, err := external.CleanupDir(dir)
	if err != nil {
		fmt.Fprintf(log, "warning: cleaning up leftover bot processes of %s: %v\n", dir, err)
	}
	external.WriteLeftovers(log, dir, ls)
}
