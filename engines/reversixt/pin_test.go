package reversixt

import (
	"bufio"
	"context"
	"fmt"
	"maps"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"tourney/engines/game"
)

// The paranoid bot's choices at fixed depth on recorded positions,
// generated once (PIN_WRITE=1) with the code before the search was made
// faster: every speed-up must keep the same move, value and node count.
// The legacy file holds the pins of the first spec version's scale
// (score_scale = "legacy"), written before the scale was corrected: the
// legacy value must keep playing exactly as the old evaluation did.
const (
	pinFile       = "testdata/paranoid-pins.txt"
	legacyPinFile = "testdata/paranoid-pins-legacy.txt"
)

// legacyConfigs are pinConfigs with score_scale = "legacy".
func legacyConfigs() []pinConfig {
	out := make([]pinConfig, len(pinConfigs))
	for i, c := range pinConfigs {
		// the old scale with the old stock weight (the defaults' 10 was
		// chosen on the corrected scale)
		p := map[string]any{ParamScoreScale: ScaleLegacy, ParamOverwriteValueFactor: 5.0}
		for k, v := range c.params {
			p[k] = v
		}
		out[i] = pinConfig{c.name, c.depth, p}
	}
	return out
}

var pinMaps = []string{"standard8", "example15", "duel10", "tri13", "cross14", "octo20", "testdata/big50-8p.map"}

type pinConfig struct {
	name   string
	depth  int
	params map[string]any
}

var pinConfigs = []pinConfig{
	{"default", 3, nil},
	{"noorder", 2, map[string]any{ParamUseOrdering: false}},
	{"nott", 3, map[string]any{ParamTTLog2: 0}},
	{"jump1", 4, map[string]any{ParamDeepeningJump: 1, ParamAspiration: false, ParamPlayerDistance: 8}},
	{"reach", 2, map[string]any{ParamStratMode: StratReach, ParamPositionWeight: 2.0, ParamBreakEven: 0.3}},
	// the selective search (late-move reductions), added with it: its
	// lines were written by the code that introduced it
	{"reduce", 5, map[string]any{ParamReduceAfter: 2, ParamReduceBy: 2, ParamReduceAt: "all"}},
}

func pinBot(t testing.TB, params map[string]any) *ParanoidBot {
	if _, ok := params[ParamMultiSearch]; !ok {
		// the pins are the alpha-beta search's, at any number of players
		params = maps.Clone(params)
		if params == nil {
			params = map[string]any{}
		}
		params[ParamMultiSearch] = SearchParanoid
	}
	for _, k := range []string{ParamReduceAfter, ParamReduceAfterOwn} {
		if _, ok := params[k]; !ok {
			// the pins were written by the full-width search of spec
			// §10.3 (the default before the reductions), and config
			// "reduce" by reduce_after 2 at every node
			params = maps.Clone(params)
			params[k] = 0
		}
	}
	p, err := ParanoidSpec().Resolve(params)
	if err != nil {
		t.Fatal(err)
	}
	return NewParanoidBot(ParanoidFrom(p))
}

type pinCase struct {
	mapName, config string
	depth           int
	moves           []string
	best            string
	nodes           int64
	value           float64
}

func (c pinCase) String() string {
	return fmt.Sprintf("%s|%s|%d|%s|%s|%d|%s", c.mapName, c.config, c.depth, strings.Join(c.moves, " "), c.best, c.nodes,
		strconv.FormatFloat(c.value, 'g', -1, 64))
}

// pinState is the state on m after the moves of one of pinPositions.
func pinState(t testing.TB, m *Map, moves []string) *State {
	t.Helper()
	s := NewState(m)
	for _, x := range moves {
		a, err := s.ParseAction(x)
		if err != nil {
			t.Fatal(err)
		}
		s.Apply(a)
	}
	return s
}

// pinPositions plays random moves (as strings) from the start of m.
func pinPositions(t testing.TB, m *Map) [][]string {
	var out [][]string
	for seed, plies := range []int{2, 9, 17, 30, 45} {
		s := NewState(m)
		rng := game.NewRand(game.Mix(1515, uint64(seed)))
		var mv []string
		for i := 0; i < plies && s.Phase() == Phase1; i++ {
			acts := s.LegalActions(s.CurrentPlayer(), nil)
			a := acts[rng.IntN(len(acts))]
			mv = append(mv, s.ActionString(s.CurrentPlayer(), a))
			s.Apply(a)
		}
		if s.Phase() == Phase1 {
			out = append(out, mv)
		}
	}
	return out
}

// pinMove is b's move from s (searched on a clone) at depth; b.Last
// holds the search's figures.
func pinMove(t testing.TB, b *ParanoidBot, s *State, depth int) game.Action {
	t.Helper()
	a, err := b.Step(context.Background(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: depth})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func runPin(t testing.TB, c pinCase, params map[string]any) pinCase {
	m := mustLoad(t, c.mapName)
	s := NewState(m)
	for _, mv := range c.moves {
		a, err := s.ParseAction(mv)
		if err != nil || !s.IsLegal(s.CurrentPlayer(), a) {
			t.Fatalf("%s: move %s: %v", c.mapName, mv, err)
		}
		s.Apply(a)
	}
	b := pinBot(t, params)
	p := s.CurrentPlayer()
	a := pinMove(t, b, s, c.depth)
	c.best, c.nodes, c.value = s.ActionString(p, a), b.Last.Nodes, b.Last.Value
	return c
}

func TestParanoidPins(t *testing.T) {
	if os.Getenv("PIN_WRITE") != "" {
		f, err := os.Create(pinFile)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		fmt.Fprintln(w, "# map|config|depth|moves from the start|chosen move|nodes|value (see pin_test.go)")
		for _, name := range pinMaps {
			for _, pos := range pinPositions(t, mustLoad(t, name)) {
				for _, cfg := range pinConfigs {
					c := runPin(t, pinCase{mapName: name, config: cfg.name, depth: cfg.depth, moves: pos}, cfg.params)
					fmt.Fprintln(w, c)
				}
			}
		}
		w.Flush()
		f.Close()
	}
	// big50's pins under the detector take a quarter of a minute: CI's
	// second pass checks them
	if n := checkPins(t, pinFile, pinConfigs, testing.Short() || raceEnabled); n < 100 {
		t.Errorf("only %d pinned positions", n)
	}
	if n := checkPins(t, legacyPinFile, legacyConfigs(), testing.Short() || raceEnabled); n < 100 {
		t.Errorf("only %d legacy pinned positions", n)
	}
}

// checkPins replays every line of a pin file with its configuration and
// reports the lines whose move, node count or value changed; it returns
// the number of lines checked (big50 is left out with skipBig).
func checkPins(t *testing.T, file string, configs []pinConfig, skipBig bool) int {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cfgs := map[string]map[string]any{}
	for _, c := range configs {
		cfgs[c.name] = c.params
	}
	n := 0
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 7 {
			t.Fatalf("%s:%d: %d fields", file, i+1, len(f))
		}
		depth, _ := strconv.Atoi(f[2])
		nodes, _ := strconv.ParseInt(f[5], 10, 64)
		value, _ := strconv.ParseFloat(f[6], 64)
		want := pinCase{mapName: f[0], config: f[1], depth: depth, moves: strings.Fields(f[3]), best: f[4], nodes: nodes, value: value}
		if skipBig && strings.Contains(want.mapName, "big50") {
			continue
		}
		got := runPin(t, want, cfgs[want.config])
		if got.best != want.best || got.nodes != want.nodes || math.Abs(got.value-want.value) > 1e-9*max(1, math.Abs(want.value)) {
			t.Errorf("%s:%d: %s %s depth %d after %d moves: got %s (%d nodes, value %v), want %s (%d nodes, value %v)",
				file, i+1, want.mapName, want.config, depth, len(want.moves), got.best, got.nodes, got.value, want.best, want.nodes, want.value)
		}
		n++
	}
	return n
}
