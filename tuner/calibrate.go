package tuner

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"time"
	"tourney/tuner/plan"
	"tourney/tuner/records"
	"tourney/tuner/space"

	"gonum.org/v1/gonum/stat"

	"tourney/arena"
	"tourney/engines/game"
)

// Calibration holds the mean CPU time of one game of the default
// configuration against itself, per scenario (first index) and map:
// CPU time, so that a busy second core does not halve the estimate
// (statistics.md §7). Games are played one at a time, so the process's
// CPU time over a game is that game's (plus the runtime's own work).
type Calibration struct {
	PerGame [][]time.Duration
	Games   int // calibration games played
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
// the records are a third of a sweep's CPU.
func Calibrate(ctx context.Context, s *space.Space, limit time.Duration, withRecords bool) (Calibration, error) {
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
	field := make([][][]time.Duration, len(s.Scenarios)) // [scenario][map][field bot]: the field's tables
	for si, sc := range s.Scenarios {
		total[si] = make([]time.Duration, len(sc.Maps))
		field[si] = make([][]time.Duration, len(sc.Maps))
		for mi := range sc.Maps {
			field[si][mi] = make([]time.Duration, len(sc.Field))
		}
	}
	rounds, c0 := 0, 0
	var timed time.Duration // the games' CPU time, summed
	var perRound []float64  // each round's games' CPU time
	cpu0 := processCPU()
	vs, next := s.Variants(), 0 // next: the next candidate to seat
	for round := uint64(0); ; round++ {
		before := timed
		jobs, err := calibrationJobs(s, vs, round, &next, withRecords)
		if err != nil {
			return Calibration{}, err
		}
		for i := range jobs {
			job := &jobs[i]
			cpu := processCPU()
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
			m := job.Meta.([3]int)
			si, mi := m[0], m[1]
			d := processCPU() - cpu
			if m[2] > 0 {
				field[si][mi][m[2]-1] += d
			} else {
				total[si][mi] += d
			}
			timed += d
		}
		rounds++
		perRound = append(perRound, float64(timed-before))
		used := processCPU() - cpu0
		if used >= calibrationCap*limit || time.Since(start) >= 5*calibrationCap*limit {
			break
		}
		if used >= limit && settled(perRound) {
			break
		}
	}
	// What the process spent besides the timed games (the collector's
	// background work, which runs beside a game on another thread, and
	// the loop) is shared among the maps in proportion: a sweep pays it
	// too (on games of a tenth of a millisecond, a fifth of their cost).
	scale := 1.0
	if all := processCPU() - cpu0; timed > 0 && all > timed {
		scale = float64(all) / float64(timed)
	}
	c := Calibration{PerGame: total}
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

// tableMix is how many tables of a block on a p-seat map seat the
// variants among themselves (nv) and a variant against a field bot of
// f (nf), as plan.encounterTables and raceTables lay them out for the
// tournament's first round: a knockout group of g variants plays one
// table (g ≤ p) or every p-subset, a race of a variants a round robin on
// two seats or ⌈a/p⌉ tables on more; each variant meets each field bot
// at a table of its own. A field bot is cheap beside a searching bot
// (speed-risk's survivor and random): a calibration that seats the
// tuned bot everywhere estimated its run at 2.3 times its cost.
func tableMix(s *space.Space, p, f int) (nv, nf float64) {
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
// (gameJob: the map's clock, the bank, the opening); the candidates take
// the seats in turn around the table, from *next on (vs: s.Variants()).
func calibrationJobs(s *space.Space, vs []space.Variant, round uint64, next *int, record bool) ([]arena.Job, error) {
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
			job := gameJob(s, si, mi, seed, seats, record)
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
				fjob := gameJob(s, si, mi, plan.GameSeed(game.Mix(seed, uint64(fi)+1)), fseats, record)
				fjob.Meta = [3]int{si, mi, fi + 1}
				jobs = append(jobs, fjob)
			}
		}
	}
	return jobs, nil
}

// Estimate is the time of plan on workers parallel workers (on as many
// idle cores): every planned game costs the calibrated CPU time of its
// scenario and map.
func (c Calibration) Estimate(plan plan.Plan, workers int) time.Duration {
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

// Declared is the calibration the scenarios' declared costs give (cost
// = "0.9s": the CPU time of one of its games, on the mean over its maps),
// when every scenario declares one: what a halving sweep plans with, so
// what validate estimates with. ok is false when one does not.
func Declared(s *space.Space) (c Calibration, ok bool) {
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
