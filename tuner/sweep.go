package tuner

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"tourney/arena"
	"tourney/engines/game"
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
}

// Outcome is a finished sweep.
type Outcome struct {
	Dir      string
	Variants []Variant
	Winner   int
	Summary  Summary
}

// variantStats accumulates a variant's games.
type variantStats struct {
	games    int
	points   float64 // unweighted, summed
	raw      float64
	rankSum  float64
	perGame  []float64 // points of each game
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
}

// RunSweep plays the knockout of a space and writes the results directory.
func RunSweep(ctx context.Context, s *Space, opt RunOptions) (*Outcome, error) {
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	r := &sweepRun{s: s, opt: opt, variants: s.Variants()}
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
	for _, sc := range s.Scenarios {
		if sc.Budget.Time > 0 && opt.Workers > runtime.NumCPU() {
			fmt.Fprintf(opt.Log, "warning: time budgets with %d workers on %d CPUs: moves will get less CPU than their budget\n", opt.Workers, runtime.NumCPU())
			break
		}
	}

	var gf *os.File
	if opt.Resume {
		var err error
		if gf, err = r.openResume(); err != nil {
			return nil, err
		}
	} else {
		if err := prepareDir(opt.Out); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(opt.Out, "space.toml"), s.Source, 0o644); err != nil {
			return nil, err
		}
		var err error
		if gf, err = os.Create(filepath.Join(opt.Out, "games.csv")); err != nil {
			return nil, err
		}
		r.games = csv.NewWriter(bufio.NewWriterSize(gf, 64<<10))
		_ = r.games.Write(gamesHeader)
	}
	defer gf.Close()
	r.gf = gf

	start := time.Now()
	plan := PlanKnockout(s, len(r.variants))
	bar := arena.NewProgress(plan.Total, opt.Quiet, s.Name)
	alive := make([]int, len(r.variants))
	for i := range alive {
		alive[i] = i
	}
	round := 0
	for len(alive) > 1 {
		round++
		next, err := r.playRound(ctx, round, alive, bar)
		if err != nil {
			bar.Finish()
			if r.games != nil {
				r.games.Flush()
			}
			return nil, fmt.Errorf("round %d: %w", round, err)
		}
		bar.Logf(opt.Log, "round %d: %d variants, %d go on\n", round, len(alive), len(next))
		alive = next
	}
	bar.Finish()
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
	winner := 0
	if len(alive) == 1 {
		winner = alive[0]
	}
	elapsed := time.Since(start)
	out := &Outcome{Dir: opt.Out, Variants: r.variants, Winner: winner}
	out.Summary = r.summary(winner, round, elapsed)
	if err := r.writeResults(out); err != nil {
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

var gamesHeader = []string{"game", "round", "encounter", "scenario", "game_type", "map", "seed", "seat", "variant", "score", "rank", "points", "plies", "end"}

type gameMeta struct {
	enc  *Encounter
	plan *GamePlan
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

func (r *sweepRun) playRound(ctx context.Context, round int, alive []int, bar *arena.Progress) ([]int, error) {
	encs := DrawRound(r.s, round, alive)
	var jobs []arena.Job
	for _, e := range encs {
		for gi := range e.Games {
			gp := &e.Games[gi]
			sc := &r.s.Scenarios[gp.Scenario]
			seats := make([]arena.Entrant, len(gp.Seats))
			for j, ref := range gp.Seats {
				seats[j] = r.entrant(gp.Scenario, ref)
			}
			jobs = append(jobs, arena.Job{
				Game: sc.Game, Map: sc.Maps[gp.Map], Seed: gp.Seed, Seats: seats,
				Budget: sc.Budget, OpeningPlies: sc.OpeningPlies, Meta: gameMeta{enc: e, plan: gp},
			})
		}
	}
	type tally struct{ points, raw float64 }
	score := make(map[*Encounter]map[int]*tally)
	for _, e := range encs {
		score[e] = make(map[int]*tally)
		for _, v := range e.Variants {
			score[e][v] = &tally{}
		}
	}
	emit := func(res *arena.Result) error {
		m := res.Job.Meta.(gameMeta)
		sc := &r.s.Scenarios[m.plan.Scenario]
		var replay *priorGame
		if r.gameNo < len(r.prior) {
			replay = &r.prior[r.gameNo]
		}
		for seat, ref := range m.plan.Seats {
			pts := Points(res.Ranks, seat)
			row := []string{
				strconv.Itoa(r.gameNo), strconv.Itoa(round), strconv.Itoa(m.enc.Index),
				strconv.Itoa(m.plan.Scenario), sc.Game.Info().Name, sc.MapNames[m.plan.Map],
				strconv.FormatUint(m.plan.Seed, 10), strconv.Itoa(seat), res.Job.Seats[seat].ID,
				fmtFloat(res.Scores[seat]), strconv.Itoa(res.Ranks[seat]), fmtFloat(pts),
				strconv.Itoa(res.Plies), res.End[seat],
			}
			if replay != nil {
				if got, want := strings.Join(row, ","), strings.Join(replay.rows[seat], ","); got != want {
					return &InputError{File: filepath.Join(r.opt.Out, "games.csv"), Line: replay.line + seat,
						Message: fmt.Sprintf("cannot resume: the row does not match the planned game (%s); was the run made with another space or seed?", got)}
				}
			} else if err := r.games.Write(row); err != nil {
				return err
			}
			if ref.Kind != SeatVariant {
				continue
			}
			t := score[m.enc][ref.Variant]
			t.points += pts * sc.Weight
			t.raw += res.Scores[seat]
			st := &r.stats[ref.Variant]
			st.games++
			st.points += pts
			st.raw += res.Scores[seat]
			st.rankSum += float64(res.Ranks[seat])
			st.perGame = append(st.perGame, pts)
			st.places.Add(res.Ranks[seat], len(res.Ranks))
			if strings.HasPrefix(res.End[seat], "forfeit:") {
				st.forfeits++
				r.forfeits++
			}
		}
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
	// Games of an interrupted run are rebuilt from their rows, in order,
	// before the rest is played.
	progress := bar.Batch()
	replayed := 0
	for replayed < len(jobs) && r.gameNo < len(r.prior) && r.prior[r.gameNo].complete(len(jobs[replayed].Seats)) {
		if err := emit(r.prior[r.gameNo].result(&jobs[replayed])); err != nil {
			return nil, err
		}
		replayed++
		r.replayed++
		progress(replayed)
	}
	if replayed < len(jobs) && r.games == nil {
		if err := r.startWriting(); err != nil {
			return nil, err
		}
	}
	jobs = jobs[replayed:]
	err := arena.Run(ctx, jobs, arena.Options{
		Workers: r.opt.Workers, Grace: r.opt.Grace, HangTimeout: r.opt.HangTimeout, Progress: func(n int) { progress(replayed + n) },
	}, emit)
	if err != nil {
		return nil, err
	}
	var next []int
	for _, e := range encs {
		st := make([]Standing, len(e.Variants))
		for i, v := range e.Variants {
			st[i] = Standing{Variant: v, Points: score[e][v].points, Raw: score[e][v].raw}
		}
		ranked := Rank(st)
		var adv []string
		for i, x := range ranked {
			if i < e.Advance {
				next = append(next, x.Variant)
				adv = append(adv, strconv.Itoa(x.Variant))
			} else {
				r.stats[x.Variant].outRound = round
			}
		}
		var vs, pts []string
		for _, x := range st {
			vs = append(vs, strconv.Itoa(x.Variant))
			pts = append(pts, fmtFloat(x.Points))
		}
		r.bracket = append(r.bracket, []string{strconv.Itoa(round), strconv.Itoa(e.Index),
			strings.Join(vs, " "), strings.Join(adv, " "), strings.Join(pts, " ")})
	}
	return next, nil
}

// fmtFloat writes a CSV number: shortest exact form, '.' as decimal point.
func fmtFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
