package costs

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/results"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// NodeRatesFile records the node rates a sweep measured for its clock
// budgets (`node_rate = "measure"`): measured once, before the first
// game, and read again by a resumed run, so that its games are the same.
// Every cluster worker gets the rates with the games' budgets. A new run
// measures again (on another machine, or under another load, the rates
// and so the games may differ): declare the rates for byte-identical
// reruns anywhere (`tourney validate` prints the line).
const NodeRatesFile = "noderates.csv"

// rateProbeNodes is the node budget of a measured move: a fixed amount
// of work, so that the measurement does not depend on the load.
const rateProbeNodes = 20_000

// rateProbeCPU is how long the measurement of one map may take.
const rateProbeCPU = 1500 * time.Millisecond

// ResolveNodeRates gives every scenario that asks for it its measured
// node rates: read from dir's noderates.csv when resuming, else
// measured and written there ("" dir: measured only).
func ResolveNodeRates(ctx context.Context, s *study.Study, dir string, resume bool, log io.Writer) (*study.Study, error) {
	need := false
	for _, sc := range s.Scenarios {
		need = need || sc.MeasureRates
	}
	if !need {
		return s, nil
	}
	path := filepath.Join(dir, NodeRatesFile)
	var rates [][]int64
	if resume && dir != "" {
		var err error
		if rates, err = ReadNodeRates(path, s); err != nil {
			return nil, err
		}
	}
	if rates == nil {
		var err error
		if rates, err = MeasureNodeRates(ctx, s, log); err != nil {
			return nil, err
		}
		if dir != "" {
			if err := results.WriteFileAtomic(path, nodeRatesCSV(s, rates)); err != nil {
				return nil, err
			}
		}
	}
	return WithNodeRates(s, rates), nil
}

// WithNodeRates returns s with the measured rates filled in.
func WithNodeRates(s *study.Study, rates [][]int64) *study.Study {
	c := *s
	c.Scenarios = slices.Clone(s.Scenarios)
	for si := range c.Scenarios {
		if c.Scenarios[si].MeasureRates {
			c.Scenarios[si].NodeRates = rates[si]
			c.Scenarios[si].MeasureRates = false
		}
	}
	return &c
}

// MeasureNodeRates measures, for every scenario that asks for it, the
// node rate of its bot at the defaults on each of its maps (nil for the
// other scenarios): nodes searched per CPU-second of this process, over
// moves of rateProbeNodes nodes from openings of the scenario's games,
// rounded to two significant digits.
func MeasureNodeRates(ctx context.Context, s *study.Study, log io.Writer) ([][]int64, error) {
	rates := make([][]int64, len(s.Scenarios))
	for si := range s.Scenarios {
		sc := &s.Scenarios[si]
		if !sc.MeasureRates {
			continue
		}
		rates[si] = make([]int64, len(sc.Maps))
		for mi, m := range sc.Maps {
			r, err := measureRate(ctx, sc, m, s.DefaultParams(si), game.Mix(s.Seed, 0x6e72, uint64(si), uint64(mi)))
			if err != nil {
				return nil, fmt.Errorf("scenario %d (%s), map %s: measuring the node rate: %w", si+1, sc.Bot.Name, sc.MapNames[mi], err)
			}
			rates[si][mi] = r
			if log != nil {
				fmt.Fprintf(log, "node rate of %s on %s: %d nodes per CPU-second (measured)\n", sc.Bot.Name, sc.MapNames[mi], r)
			}
		}
	}
	return rates, nil
}

// measureRate plays moves of the defaults against themselves on m and
// returns their nodes per CPU-second.
func measureRate(ctx context.Context, sc *space.Scenario, m game.Map, params game.Params, seed uint64) (int64, error) {
	var nodes int64
	cpu0 := ProcessCPU()
	for game := uint64(0); ProcessCPU()-cpu0 < rateProbeCPU; game++ {
		n, err := probeGame(ctx, sc, m, params, seed+game, cpu0)
		if err != nil {
			return 0, err
		}
		nodes += n
		if game > 50 && nodes == 0 {
			break
		}
	}
	cpu := ProcessCPU() - cpu0
	if nodes == 0 || cpu <= 0 {
		return 0, errors.New("the bot reported no search nodes: declare node_rate (nodes per second) for it")
	}
	return roundSignificant(float64(nodes)/cpu.Seconds(), 2), nil
}

// probeGame plays one game (or until the probe's CPU time is spent) and
// returns the nodes its moves searched.
func probeGame(ctx context.Context, sc *space.Scenario, m game.Map, params game.Params, seed uint64, cpu0 time.Duration) (int64, error) {
	s, err := arena.Opening(sc.Game, m, seed, sc.OpeningPlies)
	if err != nil {
		return 0, err
	}
	bots := make([]game.Bot, s.NumPlayers())
	for i := range bots {
		if bots[i], err = sc.Bot.New(params); err != nil {
			return 0, err
		}
		if _, ext := bots[i].(game.Lifecycle); ext {
			return 0, errors.New("an external bot's nodes cannot be counted: declare node_rate")
		}
		if _, ok := bots[i].(game.Informer); !ok {
			return 0, errors.New("the bot does not report its search nodes: declare node_rate (nodes per second) for it")
		}
		bots[i].Reset(game.Mix(seed, uint64(i)))
	}
	var nodes int64
	budget := game.Budget{Nodes: rateProbeNodes}
	for !s.IsTerminal() && ProcessCPU()-cpu0 < rateProbeCPU {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		p := s.CurrentPlayer()
		if p < 0 {
			return 0, errors.New("a game of simultaneous moves: declare node_rate (nodes per second)")
		}
		a, err := bots[p].Step(ctx, s.Clone(), p, budget)
		if err != nil {
			return nodes, nil // the game's own business; the nodes so far count
		}
		nodes += bots[p].(game.Informer).LastMove().Nodes
		s.Apply(a)
	}
	return nodes, nil
}

// roundSignificant rounds x to digits significant digits.
func roundSignificant(x float64, digits int) int64 {
	if x <= 0 {
		return 0
	}
	p := math.Pow(10, math.Floor(math.Log10(x))-float64(digits-1))
	return max(int64(math.Round(x/p)*p), 1)
}

// nodeRatesCSV writes the rates: scenario, map, node_rate.
func nodeRatesCSV(s *study.Study, rates [][]int64) []byte {
	var b strings.Builder
	b.WriteString("scenario,map,node_rate\n")
	for si, rs := range rates {
		for mi, r := range rs {
			row, _ := results.CSVBytes([][]string{{strconv.Itoa(si + 1), s.Scenarios[si].MapNames[mi], strconv.FormatInt(r, 10)}})
			b.Write(row)
		}
	}
	return []byte(b.String())
}

// ReadNodeRates reads noderates.csv (nil when there is none).
func ReadNodeRates(path string, s *study.Study) ([][]int64, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rates := make([][]int64, len(s.Scenarios))
	for si, sc := range s.Scenarios {
		if sc.MeasureRates {
			rates[si] = make([]int64, len(sc.Maps))
		}
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(rows) == 0 {
		return nil, fmt.Errorf("%s: not a node rates file: %v", path, err)
	}
	for i, row := range rows[1:] {
		bad := func(why string) error { return fmt.Errorf("%s:%d: %s", path, i+2, why) }
		if len(row) != 3 {
			return nil, bad("want scenario,map,node_rate")
		}
		si, err1 := strconv.Atoi(row[0])
		r, err2 := strconv.ParseInt(row[2], 10, 64)
		if err1 != nil || err2 != nil || si < 1 || si > len(rates) || rates[si-1] == nil || r < 1 {
			return nil, bad("not a rate of this space's clocks")
		}
		mi := slices.Index(s.Scenarios[si-1].MapNames, row[1])
		if mi < 0 {
			return nil, bad(fmt.Sprintf("map %q is not a map of scenario %d", row[1], si))
		}
		rates[si-1][mi] = r
	}
	for si, rs := range rates {
		if slices.Contains(rs, 0) {
			return nil, fmt.Errorf("%s: scenario %d lacks the rate of a map", path, si+1)
		}
	}
	return rates, nil
}

// ClockReport is what validate says of a space's clocks: it measures the
// node rates a sweep would measure (unless measure is false) and returns
// the space with them and one line per clocked scenario, with the TOML
// to declare measured rates (for byte-identical runs on any machine).
func ClockReport(ctx context.Context, s *study.Study, measure bool) (*study.Study, []string, error) {
	var lines []string
	asked := make([]bool, len(s.Scenarios))
	for si, sc := range s.Scenarios {
		asked[si] = sc.MeasureRates
	}
	if measure {
		var err error
		if s, err = ResolveNodeRates(ctx, s, "", false, nil); err != nil {
			return nil, nil, err
		}
	}
	for si := range s.Scenarios {
		sc := &s.Scenarios[si]
		if !sc.Clocked() {
			continue
		}
		kind := "per move"
		if sc.Budget.Bank {
			kind = "a time bank growing by it each move"
		}
		line := fmt.Sprintf("clock: scenario %d: %s (%s), counted in nodes", si+1, sc.Budget.Time, kind)
		switch {
		case sc.MeasureRates:
			line += "; node rates measured at the start of the sweep (validate --no-estimate did not measure them)"
		default:
			var parts []string
			for mi, r := range sc.NodeRates {
				parts = append(parts, fmt.Sprintf("%s %d (%d nodes a move)", sc.MapNames[mi], r, sc.MapBudget(mi).ClockNodes(sc.Budget.Time)))
			}
			line += ": " + strings.Join(parts, ", ")
			if asked[si] {
				var decl []string
				for mi, r := range sc.NodeRates {
					decl = append(decl, fmt.Sprintf("%s = %d", strconv.Quote(sc.MapNames[mi]), r))
				}
				line += fmt.Sprintf("\n  measured here; to play the same games on any machine declare them: node_rate = { %s }", strings.Join(decl, ", "))
			}
		}
		lines = append(lines, line)
	}
	return s, lines, nil
}
