package costs

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"tourney/tuner/plan"
	"tourney/tuner/records"
	"tourney/tuner/results"
	"tourney/tuner/space"
	"tourney/tuner/study"

	"gonum.org/v1/gonum/stat"

	"tourney/arena"
	"tourney/engines/external"
	"tourney/engines/game"
)

// Calibration holds the mean CPU time of one game of the default
// configuration against itself, per scenario (first index) and map:
// CPU time, so that a busy second core does not halve the estimate
// (statistics.md §7). Games are played one at a time, so the process's
// CPU time over a game is that game's (plus the runtime's own work).
//
// A continuous search's calibration (spsa, cmaes) times its games at
// probe points (plan.Probes: where the search may go is not known before
// the run) and keeps them per probe in Probes; PerGame is then a game of
// the search on the mean over the probes (what a CPU budget buys).
type Calibration struct {
	PerGame [][]time.Duration
	// Dearest is, per scenario and map, the mean CPU time of a game of
	// the dearest seating of candidates the calibration played
	// (CalibrateFor; nil from Calibrate): which candidates play longest, and how long a race or
	// a knockout runs, vary with the seed, so Range's most is every
	// game at this cost.
	Dearest [][]time.Duration
	Games   int // calibration games played
	Probes  []ProbeCost
	// Startup is the CPU time of one pooled bot process's start-up (its
	// spawn to its hello, on the mean: external.StartupCPU, and its share
	// of the warm-up round's excess over a measured round) and Procs
	// how many the calibration's games, played one at a time, held: a
	// process starts once and plays game after game, so its start-up is
	// no part of PerGame (issue 39: a Java bot's JVM start, 2 to 3 s of
	// CPU a process, counted in a calibration of 46 games put the run's
	// mean 31 % above its CPU). A run pays it for each process it
	// starts: StartupCPU. 0 for built-in bots.
	Startup time.Duration
	Procs   int
}

// StartupCPU is the CPU time of the bot processes' start-ups in a run
// on workers workers: Procs processes a worker (the seats of external
// bots a game holds), each at Startup.
func (c Calibration) StartupCPU(workers int) time.Duration {
	return time.Duration(c.Procs*max(1, workers)) * c.Startup
}

// ProbeCost is the CPU time of the games a continuous search plays
// while it is at Point (plan.ProbeGames), per scenario and map: a game
// of the search around it, and a game of it against the defaults (the
// final point's and the hold-out's).
type ProbeCost struct {
	Point         []float64
	Search, Final [][]time.Duration
}

// probeMeta is a probe game's calibration job's Meta.
type probeMeta struct {
	si, mi, probe int
	final         bool
}

// Calibrate plays games of the space's candidates (the variants that
// play, in turn around the table: a space whose defaults never play,
// such as search depths 1..8 beside a default of 11, is not timed on the
// defaults) on every scenario and map, in turn, until it has used limit
// of CPU time (at least one game per map), and on until the mean cost of
// a round is known to a tenth (settled; at most calibrationCap times
// limit of CPU, five times that of wall time): CPU time, so that a loaded machine does not cut the sample
// short (issue 31: 3 to 119 games of reversixt-spsa in 2 s of wall time,
// estimates of 39 to 69 s of CPU). It is what `validate` bases its time estimate on. With
// withRecords each game's record is written as a sweep writes it (to a
// temporary file), and its cost is the game's: on games of a millisecond
// the records are a third of a sweep's CPU. A continuous search's round
// plays on every scenario and map, at every probe point, a game of the
// search and one against the defaults (probeJobs), every probe on the
// same deals.
func Calibrate(ctx context.Context, s *study.Study, limit time.Duration, withRecords bool) (Calibration, error) {
	return calibrate(ctx, s, limit, withRecords, 0)
}

// calibrationShare is the share of the run it estimates that
// CalibrateFor spends at most once the costs are settled: an external
// bot's games cost what the run's do, and validate took ten times the
// run it estimated (issue 39: 32.5 s for a run of 3.2 s).
const calibrationShare = 0.05

// coverRounds bounds the rounds CalibrateFor plays so that every
// candidate takes a seat at least once (the dearest, a depth of 8
// beside depths of 1 to 7, is then timed).
const coverRounds = 16

// CalibrateFor is Calibrate for an estimate of the plan pl (validate):
// it seats every candidate at least once (up to coverRounds rounds),
// notes the dearest seating's cost a game on each map (Dearest), and
// once the costs are settled stops as soon as it has used
// calibrationShare of the CPU time of the plan's fewest games at them
// (the run it estimates at its shortest), before limit when the run is
// short.
func CalibrateFor(ctx context.Context, s *study.Study, limit time.Duration, withRecords bool, pl plan.Plan) (Calibration, error) {
	return calibrate(ctx, s, limit, withRecords, max(pl.MinGames, 1))
}

// calibrate is Calibrate, and with runGames > 0 CalibrateFor of a plan of
// at least runGames games.
func calibrate(ctx context.Context, s *study.Study, limit time.Duration, withRecords bool, runGames int) (Calibration, error) {
	start := time.Now()
	var recw *records.Writer
	if withRecords {
		dir, err := os.MkdirTemp("", "tourney-calibrate-")
		if err != nil {
			return Calibration{}, err
		}
		defer os.RemoveAll(dir)
		if recw, err = records.Create(filepath.Join(dir, "games.jsonl.gz")); err != nil {
			return Calibration{}, err
		}
		defer recw.Close()
	}
	total := make([][]time.Duration, len(s.Scenarios))
	dearest := make([][]time.Duration, len(s.Scenarios))
	pairs := make([][]map[string]seatingCost, len(s.Scenarios)) // [scenario][map][the candidates seated]
	field := make([][][]time.Duration, len(s.Scenarios))        // [scenario][map][field bot]: the field's tables
	seats := 0                                                  // the candidates' seats of a round
	for si, sc := range s.Scenarios {
		total[si] = make([]time.Duration, len(sc.Maps))
		dearest[si] = make([]time.Duration, len(sc.Maps))
		pairs[si] = make([]map[string]seatingCost, len(sc.Maps))
		for mi := range sc.Maps {
			pairs[si][mi] = map[string]seatingCost{}
		}
		for _, m := range sc.Maps {
			seats += m.Players()
		}
		field[si] = make([][]time.Duration, len(sc.Maps))
		for mi := range sc.Maps {
			field[si][mi] = make([]time.Duration, len(sc.Field))
		}
	}
	probes := calibrationProbes(s)
	psum := make([][2][][]time.Duration, len(probes)) // [probe][search, final][scenario][map]
	for j := range psum {
		for k := range psum[j] {
			psum[j][k] = make([][]time.Duration, len(s.Scenarios))
			for si, sc := range s.Scenarios {
				psum[j][k][si] = make([]time.Duration, len(sc.Maps))
			}
		}
	}
	rounds, c0 := 0, 0
	var timed time.Duration // the games' CPU time, summed
	var built time.Duration // building the jobs (a sweep's is in FitCost's dry run)
	var perRound []float64  // each round's games' CPU time
	cpu0 := ProcessCPU()
	st0, procs0 := external.StartupCPU() // the bot processes' start-ups are not a game's cost
	vs, next := s.Variants(), 0          // next: the next candidate to seat
	// With external bots the first round warms their processes up (a
	// JVM compiles the bot's code over its first game: 0.4 to 0.8 s of
	// CPU against 0.1 s a game after): a process's cost, like its
	// start-up, not a game's. Its excess over a measured round goes to
	// Startup, its games to no mean; the rounds after it seat the
	// candidates from the first.
	warmup := len(s.ExternalBots()) > 0
	var warm time.Duration // the warm-up round's games' CPU time
	least := minRounds
	if runGames > 0 && seats > 0 {
		cand := min(s.Candidates(), len(vs))
		least = max(least, min((cand+seats-1)/seats, coverRounds))
	}
	roundGames := 0
	for round := uint64(0); ; round++ {
		before := timed
		b := ProcessCPU()
		jobs, err := calibrationJobs(s, vs, round, &next, withRecords)
		if err != nil {
			return Calibration{}, err
		}
		built += ProcessCPU() - b
		roundGames = len(jobs)
		for i := range jobs {
			job := &jobs[i]
			cpu := ProcessCPU()
			st, _ := external.StartupCPU()
			res, err := arena.Play(ctx, job, arena.Options{})
			if err != nil {
				return Calibration{}, err
			}
			if recw != nil {
				if err := recw.Write(records.FromResult(c0, res)); err != nil {
					return Calibration{}, err
				}
				c0++
			}
			st1, _ := external.StartupCPU()
			d := max(ProcessCPU()-cpu-(st1-st), 0)
			if warmup && round == 0 {
				warm += d
				continue
			}
			timed += d
			if m, ok := job.Meta.(probeMeta); ok {
				k := 0
				if m.final {
					k = 1
				}
				psum[m.probe][k][m.si][m.mi] += d
				continue
			}
			m := job.Meta.([3]int)
			si, mi := m[0], m[1]
			if m[2] > 0 {
				field[si][mi][m[2]-1] += d
			} else {
				total[si][mi] += d
				if runGames > 0 {
					k := seatingKey(job)
					ps := pairs[si][mi][k]
					ps.sum += d
					ps.n++
					pairs[si][mi][k] = ps
				}
			}
		}
		if warmup && round == 0 {
			next = 0
			continue
		}
		rounds++
		perRound = append(perRound, float64(timed-before))
		used := ProcessCPU() - cpu0
		// at least minRounds rounds, within calibrationWall of wall
		// time: one game a map can be a freak (reversixt-clock's duel10
		// drew a deal that wiped a player out in 11 plies, 0.64 s of CPU
		// where its games cost 34 s: the estimate was 1 142 s for a run
		// of 1 830 s)
		few := rounds < least && time.Since(start) < calibrationWall
		if !few && (used >= calibrationCap*limit || time.Since(start) >= 5*calibrationCap*limit) {
			break
		}
		if !few && settled(perRound) {
			if used >= limit {
				break
			}
			// a share of the run estimated at the costs so far: the
			// plan's fewest games at a round's mean cost a game
			if runGames > 0 && roundGames > 0 {
				run := stat.Mean(perRound, nil) / float64(roundGames) * float64(runGames)
				if float64(used) >= calibrationShare*run {
					break
				}
			}
		}
	}
	// What the process spent besides the timed games (the collector's
	// background work, which runs beside a game on another thread, and
	// the loop) is shared among the maps in proportion: a sweep pays it
	// too (on games of a tenth of a millisecond, a fifth of their cost).
	// Building the jobs is not: FitCost's dry run of the plan builds the
	// sweep's (and a CMA-ES probe's job, a table drawn from a generation's
	// block, costs more than a synthetic game).
	scale := 1.0
	stEnd, procs := external.StartupCPU()
	if all := ProcessCPU() - cpu0 - built - (stEnd - st0) - warm; timed > 0 && all > timed {
		scale = float64(all) / float64(timed)
	}
	c := Calibration{PerGame: total}
	if procs > 0 {
		// the mean over the processes the calibration started, else
		// over those that said hello before (validate's check of the
		// bots); Procs: those the games left waiting in the pools, what
		// a worker holds
		c.Startup, c.Procs = stEnd/time.Duration(procs), external.Live()
		if n := procs - procs0; n > 0 {
			c.Startup = (stEnd - st0) / time.Duration(n)
		}
		// and the warm-up round's excess over a measured round, shared
		// by the processes it warmed
		if ex := time.Duration(float64(warm) - stat.Mean(perRound, nil)); rounds > 0 && ex > 0 && c.Procs > 0 {
			c.Startup += ex / time.Duration(c.Procs)
		}
	}
	if runGames > 0 && probes == nil {
		// the dearest seating's mean cost a game (one game of a seating
		// is noisy; its mean over the rounds is what a long race between
		// those candidates costs)
		c.Dearest = dearest
		for si := range dearest {
			for mi := range dearest[si] {
				for _, ps := range pairs[si][mi] {
					dearest[si][mi] = max(dearest[si][mi], time.Duration(float64(ps.sum)*scale/float64(ps.n)))
				}
			}
		}
	}
	if probes != nil {
		// each probe's games, a game of each kind per round on every map;
		// PerGame: a game of the search on the mean over the probes
		per := func(d time.Duration) time.Duration { return time.Duration(float64(d) * scale / float64(rounds)) }
		for si, sc := range s.Scenarios {
			for mi := range sc.Maps {
				total[si][mi] = 0
			}
		}
		for j, x := range probes {
			pc := ProbeCost{Point: x, Search: psum[j][0], Final: psum[j][1]}
			for si, sc := range s.Scenarios {
				for mi := range sc.Maps {
					pc.Search[si][mi], pc.Final[si][mi] = per(pc.Search[si][mi]), per(pc.Final[si][mi])
					total[si][mi] += pc.Search[si][mi] / time.Duration(len(probes))
					c.Games += 2 * rounds
				}
			}
			c.Probes = append(c.Probes, pc)
		}
		return c, nil
	}
	for si, sc := range s.Scenarios {
		for mi, m := range sc.Maps {
			// the map's game: its tables' mix, the variants' among
			// themselves and each variant's against each field bot
			nv, nf := tableMix(s, m.Players(), len(sc.Field))
			sum := nv * float64(total[si][mi])
			for _, d := range field[si][mi] {
				sum += nf / float64(len(sc.Field)) * float64(d)
			}
			total[si][mi] = time.Duration(sum / (nv + nf) * scale / float64(rounds))
			c.Games += rounds * (1 + len(sc.Field))
		}
	}
	return c, nil
}

// seatingCost sums the calibration games of one seating of candidates.
type seatingCost struct {
	sum time.Duration
	n   int
}

// seatingKey names the candidates a calibration game seats (their
// parameters, seat by seat).
func seatingKey(job *arena.Job) string {
	var sb strings.Builder
	for _, e := range job.Seats {
		fmt.Fprint(&sb, e.Params, ";")
	}
	return sb.String()
}

// tableMix is how many tables of a block on a p-seat map seat the
// variants among themselves (nv) and a variant against a field bot of
// f (nf), as plan.encounterTables and raceTables lay them out for the
// tournament's first round: a knockout group of g variants plays one
// table (g ≤ p) or every p-subset, a race of a variants a round robin on
// two seats or ⌈a/p⌉ tables on more; each variant meets each field bot
// at a table of its own. A field bot is cheap beside a searching bot
// (speed-risk's survivor and random): a calibration that seats the
// tuned bot everywhere estimated its run at 2.3 times its cost.
func tableMix(s *study.Study, p, f int) (nv, nf float64) {
	if f == 0 {
		return 1, 0
	}
	a := max(1, min(s.Candidates(), len(s.Variants())))
	switch {
	case s.Tournament.Format == "knockout":
		g := min(max(s.Tournament.Group, 1), a)
		nv = 1
		if g > p {
			nv = binomial(g, p)
		}
		return nv, float64(g * f)
	case p == 2:
		return max(1, binomial(a, 2)), float64(a * f)
	default:
		return float64((a + p - 1) / p), float64(a * f)
	}
}

// binomial is n choose k as a float (large n: no overflow).
func binomial(n, k int) float64 {
	r := 1.0
	for i := 0; i < k; i++ {
		r *= float64(n-i) / float64(i+1)
	}
	return r
}

// calibrationCap bounds a calibration whose games' costs vary (Spe_ed's
// boards of random size, a game's length): it goes on past its limit,
// up to this many times it, until the mean cost of a round is known to
// calibrationPrecision. On speed-spsa's random boards the 2 s limit gave
// 4 games and estimates of 901 and 1 005 s of CPU for a run that took
// 522 s (issue 31).
const calibrationCap = 10

// minRounds is the fewest rounds a calibration plays (settled's
// minimum: a round's cost is known only from several), unless they take
// more than calibrationWall.
const minRounds = 3

// calibrationWall bounds the wall time of the rounds a calibration
// plays past its cap to reach minRounds (reversixt-clock's rounds: a
// minute each).
const calibrationWall = 4 * time.Minute

// calibrationPrecision is the relative standard error of the mean
// round cost at which a calibration may stop.
const calibrationPrecision = 0.1

// settled says whether the rounds' mean cost is known to
// calibrationPrecision (at least 3 rounds).
func settled(x []float64) bool {
	if len(x) < 3 {
		return false
	}
	mean, sd := stat.MeanStdDev(x, nil)
	return mean > 0 && sd/math.Sqrt(float64(len(x)))/mean <= calibrationPrecision
}

// calibrationJobs are the games of one calibration round, one on every
// scenario and map (Meta: [scenario, map, 0]), as a sweep plays them
// (results.GameJob: the map's clock, the bank, the opening); the candidates take
// the seats in turn around the table, from *next on (vs: s.Variants()).
func calibrationJobs(s *study.Study, vs []space.Variant, round uint64, next *int, record bool) ([]arena.Job, error) {
	if probes := calibrationProbes(s); probes != nil {
		return probeJobs(s, probes, round, record)
	}
	cand := min(s.Candidates(), len(vs))
	var jobs []arena.Job
	for si, sc := range s.Scenarios {
		for mi, m := range sc.Maps {
			seats := make([]arena.Entrant, m.Players())
			for j := range seats {
				p := s.DefaultParams(si)
				if cand > 0 {
					v := *next % cand
					*next++
					var err error
					if p, err = s.BotParams(si, vs[v]); err != nil {
						return nil, err
					}
				}
				seats[j] = arena.Entrant{ID: "default", Spec: sc.Bot, Params: p}
			}
			seed := plan.GameSeed(game.Mix(s.Seed, 0xca11, round, uint64(si), uint64(mi)))
			job := results.GameJob(s, si, mi, seed, seats, record)
			job.Meta = [3]int{si, mi, 0}
			jobs = append(jobs, job)
			// each field bot at a table of its own with one variant, as
			// a block seats it (Meta's third: the field bot, from 1)
			for fi, fb := range sc.Field {
				fseats := make([]arena.Entrant, m.Players())
				fseats[0] = seats[0]
				for j := 1; j < len(fseats); j++ {
					fseats[j] = arena.Entrant{ID: "field:" + fb.Name, Spec: fb.Spec, Params: fb.Params}
				}
				fjob := results.GameJob(s, si, mi, plan.GameSeed(game.Mix(seed, uint64(fi)+1)), fseats, record)
				fjob.Meta = [3]int{si, mi, fi + 1}
				jobs = append(jobs, fjob)
			}
		}
	}
	return jobs, nil
}

// calibrationProbes are the probe points of a continuous search's
// calibration (plan.Probes), or nil.
func calibrationProbes(s *study.Study) [][]float64 {
	if !space.IsContinuous(s.Generate.Method) || len(s.Params) == 0 {
		return nil
	}
	return plan.Probes(s)
}

// probeJobs are a continuous search's calibration round (Meta:
// probeMeta): on every scenario and map, at every probe, a game of the
// search and a game against the defaults (plan.ProbeGames), every probe
// on the round's two deals and draws.
func probeJobs(s *study.Study, probes [][]float64, round uint64, record bool) ([]arena.Job, error) {
	var jobs []arena.Job
	for si, sc := range s.Scenarios {
		def := s.DefaultParams(si)
		for mi := range sc.Maps {
			draw := game.Mix(s.Seed, 0xca11, round, uint64(si), uint64(mi))
			// the probes in turn first (the first game after building the
			// jobs pays for some of their garbage)
			for n := range probes {
				j := (n + int(round)) % len(probes)
				search, final := plan.ProbeGames(s, si, mi, probes[j], draw)
				for k, g := range []plan.ProbeGame{search, final} {
					seats := make([]arena.Entrant, len(g.Seats))
					for i, r := range g.Seats {
						switch r.Kind {
						case plan.SeatPoint:
							p, err := s.BotParams(si, space.Variant{Values: s.PointValues(g.Points[r.Point])})
							if err != nil {
								return nil, err
							}
							seats[i] = arena.Entrant{ID: "point", Spec: sc.Bot, Params: p}
						case plan.SeatField:
							fb := sc.Field[r.Field]
							seats[i] = arena.Entrant{ID: "field:" + fb.Name, Spec: fb.Spec, Params: fb.Params}
						default:
							seats[i] = arena.Entrant{ID: "default", Spec: sc.Bot, Params: def}
						}
					}
					job := results.GameJob(s, si, mi, plan.GameSeed(game.Mix(draw, uint64(k))), seats, record)
					job.Meta = probeMeta{si: si, mi: mi, probe: j, final: k == 1}
					jobs = append(jobs, job)
				}
			}
		}
	}
	return jobs, nil
}

// Estimate is the time of plan on workers parallel workers (on as many
// idle cores): every planned game costs the calibrated CPU time of its
// scenario and map (a continuous search's: its games on the mean over
// the probes, Range).
func (c Calibration) Estimate(plan plan.Plan, workers int) time.Duration {
	if len(c.Probes) > 0 && plan.SearchPerMap != nil {
		var sum time.Duration
		for j := range c.Probes {
			sum += c.probeCPU(j, plan)
		}
		return sum / time.Duration(len(c.Probes)) / time.Duration(max(1, workers))
	}
	var sum time.Duration
	for si, maps := range plan.PerMap {
		for mi, n := range maps {
			sum += time.Duration(n) * c.PerGame[si][mi]
		}
	}
	return sum / time.Duration(max(1, workers))
}

// ScenarioCost is the mean CPU time of one game of scenario si over its
// maps.
func (c Calibration) ScenarioCost(si int) time.Duration {
	var sum time.Duration
	for _, d := range c.PerGame[si] {
		sum += d
	}
	return sum / time.Duration(max(1, len(c.PerGame[si])))
}

// CPU is the CPU time of plan (every planned game at its calibrated
// cost).
func (c Calibration) CPU(plan plan.Plan) time.Duration { return c.Estimate(plan, 1) }

// Range is the least and the most CPU time of plan's games: the plan's
// fewest games (MinGames) at their calibrated cost, and its most, each
// game at the dearest seating's cost a game on its map when the
// calibration has them (CalibrateFor: which candidates play longest, and
// how long a race runs, vary with the seed; configs/connect4-depth.toml
// took 9.6 s of CPU at its seed and 28 s at seed 9, where the mean cost
// a game gave at most 17 s), else at its calibrated cost; for a
// continuous search, where it goes is not known before the run, so
// the cheapest and the dearest probe's (plan.Probes: its search's games
// at the probe's search cost, the final point's and the hold-out's at
// its cost against the defaults).
func (c Calibration) Range(pl plan.Plan) (lo, hi time.Duration) {
	if len(c.Probes) > 0 && pl.SearchPerMap != nil {
		for j := range c.Probes {
			d := c.probeCPU(j, pl)
			if j == 0 || d < lo {
				lo = d
			}
			hi = max(hi, d)
		}
	} else {
		lo, hi = c.CPU(pl), c.CPU(pl)
		if c.Dearest != nil {
			hi = max(hi, c.dearestCPU(pl))
		}
	}
	if pl.MaxGames > 0 {
		lo = time.Duration(float64(lo) * float64(pl.MinGames) / float64(pl.MaxGames))
	}
	return lo, hi
}

// dearestCPU is the CPU time of plan's games, every game at the dearest
// seating's cost a game on its map (Dearest; the field's tables at
// the mean cost, PerGame, when it is dearer).
func (c Calibration) dearestCPU(pl plan.Plan) time.Duration {
	var sum time.Duration
	for si, maps := range pl.PerMap {
		for mi, n := range maps {
			d := c.PerGame[si][mi]
			if si < len(c.Dearest) && mi < len(c.Dearest[si]) {
				d = max(d, c.Dearest[si][mi])
			}
			sum += time.Duration(n) * d
		}
	}
	return sum
}

// probeCPU is the CPU time of plan's games were the search at probe j
// throughout.
func (c Calibration) probeCPU(j int, pl plan.Plan) time.Duration {
	p := c.Probes[j]
	var sum time.Duration
	for si, maps := range pl.PerMap {
		for mi, n := range maps {
			ns := 0
			if si < len(pl.SearchPerMap) && mi < len(pl.SearchPerMap[si]) {
				ns = pl.SearchPerMap[si][mi]
			}
			sum += time.Duration(ns)*p.Search[si][mi] + time.Duration(n-ns)*p.Final[si][mi]
		}
	}
	return sum
}

// Declared is the calibration the scenarios' declared costs give (cost
// = "0.9s": the CPU time of one of its games, on the mean over its maps),
// when every scenario declares one: what a halving sweep plans with, so
// what validate estimates with. ok is false when one does not.
func Declared(s *study.Study) (c Calibration, ok bool) {
	c.PerGame = make([][]time.Duration, len(s.Scenarios))
	for si, sc := range s.Scenarios {
		if sc.Cost <= 0 {
			return Calibration{}, false
		}
		for range sc.Maps {
			c.PerGame[si] = append(c.PerGame[si], sc.Cost)
		}
	}
	return c, len(s.Scenarios) > 0
}
