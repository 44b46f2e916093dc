package synthetic_test

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tourney/arena"
	"tourney/arena/arenatest"
	"tourney/engines/conformance"
	"tourney/engines/game"
	"tourney/engines/synthetic"
)

const goodLandscape = `# a test landscape
doc = "test"
players = 3

[main]
x1 = { "0" = 0, "1" = 25 }
x2 = { "0" = 5, "1" = -10, "2.5" = 40 }

[[interaction]]
a = "x1"
a_value = 1
b = "x3"
b_value = 1
elo = -20

[peak]
x5 = { best = 0.7, k = 100 }
x6 = { best = -0.5, k = 40 }

[[cross]]
a = "x5"
b = "x6"
c = 30
`

func parse(t *testing.T, src string) *synthetic.Landscape {
	t.Helper()
	l, err := synthetic.ParseLandscape("l.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Elo at hand-computed points of goodLandscape. The raw value at the
// origin is 5 (x2 = 0) − 100·0.49 − 40·0.25 + 30·(−0.7)(0.5) = −64.5;
// Value is relative to it (the peak: 5 − (−64.5) = 69.5).
func TestLandscapeElo(t *testing.T) {
	l := parse(t, goodLandscape)
	if l.Players() != 3 || l.Name() != "l.toml" || l.Doc() != "test" || l.MapText() != goodLandscape {
		t.Fatalf("players %d, name %q, doc %q", l.Players(), l.Name(), l.Doc())
	}
	for _, c := range []struct {
		p    game.Params
		want float64 // exact value
	}{
		{game.Params{}, 0},
		{game.Params{"x1": 0.0, "x2": 0.0, "label": 7}, 0}, // label is not a knob
		{game.Params{"x1": 1.0}, 25},
		{game.Params{"x1": 1.0, "x3": 1.0}, 5},     // 25 − 20
		{game.Params{"x3": 1.0}, 0},                // x3 has no main effect
		{game.Params{"x1": 1.0, "x3": 2.0}, 25},    // the interaction needs x3 = 1
		{game.Params{"x2": 1.0}, -15},              // −10 − 5
		{game.Params{"x2": 2.5}, 35},               // 40 − 5
		{game.Params{"x2": 2.0}, -5},               // a value not listed is 0
		{game.Params{"x5": 0.7, "x6": -0.5}, 69.5}, // the peak
		{game.Params{"x5": 0.7}, 69.5 - 10},        // x6 at 0: −40·0.25, the cross is 0
		{game.Params{"x5": 1.7, "x6": 0.5}, 69.5 - 100 - 40 + 30},
		{game.Params{"x5": 1, "x6": -0.5}, 69.5 - 100*0.09}, // an int knob value
	} {
		if got := l.Value(c.p); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("Value(%v) = %v, want %v", c.p, got, c.want)
		}
		if got := l.Elo(c.p); got != math.Round(c.want) {
			t.Errorf("Elo(%v) = %v, want %v", c.p, got, math.Round(c.want))
		}
	}
	if got := l.Elo(game.Params{"x5": 1e6}); got != -2000 {
		t.Errorf("far from the peak: Elo %v, want the limit −2000", got)
	}
	if p, v := l.Best(); p.Float("x5") != 0.7 || p.Float("x6") != -0.5 || v != 69.5 {
		t.Errorf("Best() = %v, %v", p, v)
	}
}

// Every kind of error names the file, the line and the key.
func TestLandscapeErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"players = 2\n[main\n", "l.toml:2: "},
		{"players = 2\nseats = 3\n", "l.toml:2: seats: unknown key"},
		{"doc = \"x\"\n", "l.toml:1: missing players"},
		{"players = 9\n", "l.toml:1: players: want the number of seats, 2 .. 8"},
		{"players = \"two\"\n", "l.toml:1: players: want the number of seats"},
		{"doc = 3\nplayers = 2\n", "l.toml:1: doc: want a string"},
		{"players = 2\n[main]\nx1 = { \"0\" = 0 }\nx17 = { \"1\" = 3 }\n", "l.toml:4: main.x17: \"x17\" is not a knob"},
		{"players = 2\n[main]\nx01 = { \"1\" = 3 }\n", "l.toml:3: main.x01: \"x01\" is not a knob"},
		{"players = 2\n[main]\nx1 = 3\n", "l.toml:3: main.x1: want a table"},
		{"players = 2\n[main]\nx1 = { one = 3 }\n", "l.toml:3: main.x1.one: \"one\" is not a knob value"},
		{"players = 2\n[main]\nx1 = { \"1\" = 3, \"1.0\" = 4 }\n", "l.toml:3: main.x1.\"1.0\": \"1\" and \"1.0\" are the same value"},
		{"players = 2\n[main]\nx1 = { \"1\" = \"3\" }\n", "l.toml:3: main.x1.1: want a number, got \"3\""},
		{"players = 2\n[main]\nx1 = { \"1\" = nan }\n", "l.toml:3: main.x1.1: want a finite number"},
		{"players = 2\n\n[[interaction]]\na = \"x1\"\na_value = 1\nb = \"x2\"\nb_value = 0\nelo = 5\n\n[[interaction]]\na = \"x1\"\na_value = 1\nb = \"x3\"\nb_value = 1\nelo = 5\nweight = 2\n",
			"l.toml:16: interaction.weight: unknown key"},
		{"players = 2\n[[interaction]]\na = \"x1\"\na_value = 1\nb = \"x2\"\nelo = 5\n", "l.toml:2: interaction: missing b_value"},
		{"players = 2\n[[interaction]]\na = \"x1\"\na_value = 1\nb = \"x1\"\nb_value = 0\nelo = 5\n", "l.toml:5: interaction.b: an interaction is between two knobs"},
		{"players = 2\n[[interaction]]\na = \"y\"\na_value = 1\nb = \"x1\"\nb_value = 0\nelo = 5\n", "l.toml:3: interaction.a: \"y\" is not a knob"},
		{"players = 2\ninteraction = 3\n", "l.toml:2: interaction: want an array of tables"},
		{"players = 2\n[[interaction]]\na = \"x1\"\na_value = 1\nb = \"x2\"\nb_value = 1\nelo = 5\n[[interaction]]\na = \"x2\"\na_value = 1\nb = \"x1\"\nb_value = 1\nelo = 3\n",
			"l.toml:8: interaction: the same knobs and values as interaction 1"},
		{"players = 2\n[main]\nx5 = { \"1\" = 3 }\n[peak]\nx5 = { best = 0.5, k = 10 }\n", "l.toml:5: peak.x5: x5 is discrete"},
		{"players = 2\n[peak]\nx5 = { best = 0.5, k = 10, bset = 1 }\n", "l.toml:3: peak.x5.bset: unknown key"},
		{"players = 2\n[peak]\nx5 = { best = 0.5 }\n", "l.toml:3: peak.x5: missing k"},
		{"players = 2\n[peak]\nx5 = { best = 0.5, k = 0 }\n", "l.toml:3: peak.x5.k: want k > 0"},
		{"players = 2\n[peak]\nx5 = { best = 2e6, k = 1 }\n", "l.toml:3: peak.x5.best: 2e+06 is outside"},
		{"players = 2\n[peak]\nx5 = { best = 0.5, k = 10 }\n[[cross]]\na = \"x5\"\nb = \"x6\"\nc = 3\n", "l.toml:6: cross.b: x6 has no [peak] entry"},
		{"players = 2\n[peak]\nx5 = { best = 0.5, k = 10, scale = \"log\" }\n", "l.toml:3: peak.x5.scale: a log scale needs a positive knob"},
		{"players = 2\n[peak]\ng1 = { best = -1, k = 10, scale = \"log\" }\n", "l.toml:3: peak.g1.best: a log scale needs best > 0"},
		{"players = 2\n[peak]\ng1 = { best = 1, k = 10, scale = \"ln\" }\n", "l.toml:3: peak.g1.scale: want \"linear\" or \"log\""},
		{"players = 2\n[peak]\nn1 = { best = 1, k = 10, integer = false }\n", "l.toml:3: peak.n1.integer: n1 is an integer knob"},
		{"players = 2\n[peak]\nx1 = { best = 1, k = 10, integer = 1 }\n", "l.toml:3: peak.x1.integer: want true or false"},
		{"players = 2\n[peak]\nn9 = { best = 1, k = 10 }\n", "l.toml:3: peak.n9: \"n9\" is not a knob"},
		{"players = 2\n[peak]\nx1 = { best = 1, k = 10 }\n[[ridge]]\nknobs = [\"x1\", \"x2\"]\nweights = [1, 1]\nk = 3\n", "l.toml:5: ridge.knobs: x2 has no [peak] entry"},
		{"players = 2\n[peak]\nx1 = { best = 1, k = 10 }\nx2 = { best = 1, k = 10 }\n[[ridge]]\nknobs = [\"x1\", \"x2\"]\nweights = [1]\nk = 3\n", "l.toml:7: ridge.weights: want an array of 2 numbers"},
		{"players = 2\n[peak]\nx1 = { best = 1, k = 10 }\nx2 = { best = 1, k = 10 }\n[[ridge]]\nknobs = [\"x1\", \"x2\"]\nweights = [1, -1]\nk = -3\n", "l.toml:8: ridge.k: want k > 0"},
		{"players = 2\n[peak]\nx1 = { best = 1, k = 10 }\n[[ridge]]\nknobs = [\"x1\"]\nweights = [1]\nk = 3\n", "l.toml:5: ridge.knobs: want an array of at least two knob names"},
		{"players = 2\n[peak]\nx1 = { best = 1, k = 10 }\n[[ridge]]\nknobs = [\"x1\", \"x1\"]\nweights = [1, 1]\nk = 3\nside = 1\n", "l.toml:8: ridge.side: unknown key"},
		{"players = 2\n[peak]\nx5 = { best = 0.5, k = 10 }\nx6 = { best = 0.5, k = 10 }\n[[cross]]\na = \"x5\"\nb = \"x6\"\nc = 3\n[[cross]]\na = \"x6\"\nb = \"x5\"\nc = 4\n",
			"l.toml:9: cross: x6 and x5 already have cross 1"},
		{"players = 2\n[peak]\nx5 = { best = 0.5, k = 10 }\nx6 = { best = 0.5, k = 10 }\n[[cross]]\na = \"x5\"\nb = \"x6\"\nc = 20\n", "l.toml:5: cross: the continuous terms have no maximum"},
		// the same file with a cross just weak enough (4·10·10 > 19²) is good: see below
	} {
		_, err := synthetic.ParseLandscape("l.toml", []byte(c.src))
		var le *synthetic.LandscapeError
		if err == nil || !errors.As(err, &le) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got  %v\n want %s...", c.src, err, c.want)
		}
	}
	// three crosses that are each weak enough but not together
	tri := "players = 2\ncross = [{ a = \"x1\", b = \"x2\", c = 1.5 }, { a = \"x2\", b = \"x3\", c = 1.5 }, { a = \"x1\", b = \"x3\", c = 1.5 }]\n" +
		"[peak]\nx1 = { best = 0, k = 1 }\nx2 = { best = 0, k = 1 }\nx3 = { best = 0, k = 1 }\n"
	if _, err := synthetic.ParseLandscape("l.toml", []byte(tri)); err == nil || !strings.Contains(err.Error(), "no maximum") {
		t.Errorf("three crosses of 1.5 with k = 1: %v", err)
	}
	if _, err := synthetic.ParseLandscape("l.toml", []byte(strings.Replace(tri, "1.5", "-0.9", 3))); err != nil {
		t.Errorf("three weak crosses: %v", err)
	}
	if _, err := synthetic.ParseLandscape("l.toml", []byte("players = 2\n[peak]\nx5 = { best = 0.5, k = 10 }\nx6 = { best = 0.5, k = 10 }\n[[cross]]\na = \"x5\"\nb = \"x6\"\nc = 19\n")); err != nil {
		t.Errorf("a cross just weak enough: %v", err)
	}
}

// The shipped landscapes (configs/synthetic) say what their comments say.
func TestShippedLandscapes(t *testing.T) {
	dir := filepath.Join("..", "..", "configs", "synthetic")
	read := func(name string) *synthetic.Landscape {
		m, err := synthetic.Game{}.LoadMap(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return m.(*synthetic.Landscape)
	}
	// every combination of twelve two-value knobs
	all := func(l *synthetic.Landscape) (best, second float64, bestMask int, nonZero int) {
		best, second = math.Inf(-1), math.Inf(-1)
		for mask := range 1 << 12 {
			p := game.Params{}
			for i := range 12 {
				p["x"+strconv.Itoa(i+1)] = float64(mask >> i & 1)
			}
			v := l.Elo(p)
			if v != 0 {
				nonZero++
			}
			switch {
			case v > best:
				best, second, bestMask = v, best, mask
			case v > second:
				second = v
			}
		}
		return
	}
	best, second, mask, _ := all(read("twelve.toml"))
	// x1 x2 x5 x7 x9 x10 x12 = 1
	if want := 1<<0 | 1<<1 | 1<<4 | 1<<6 | 1<<8 | 1<<9 | 1<<11; best != 160 || second != 155 || mask != want {
		t.Errorf("twelve.toml: best %v (knobs %012b), second %v", best, mask, second)
	}
	if _, _, _, nz := all(read("null.toml")); nz != 0 {
		t.Errorf("null.toml: %d combinations are not 0 Elo", nz)
	}
	l := read("peak8.toml")
	p, v := l.Best()
	if v < 60 || v > 150 || math.Abs(v-119.175) > 1e-9 {
		t.Errorf("peak8.toml: peak %v Elo above the defaults", v)
	}
	for k := range p {
		if x := p.Float(k); x < -1 || x > 1 {
			t.Errorf("peak8.toml: %s peaks at %v, outside [-1, 1]", k, x)
		}
	}
	// the best values are the maximum: every nudge is worse
	for k := range p {
		for _, d := range []float64{-0.05, 0.05} {
			q := p.Clone()
			q[k] = p.Float(k) + d
			if l.Value(q) >= v {
				t.Errorf("peak8.toml: %s %+v from the peak is not worse", k, d)
			}
		}
	}
}

// landscapeEntrant is a landscape bot with the given knobs.
func landscapeEntrant(t *testing.T, id string, values map[string]any) arena.Entrant {
	t.Helper()
	return arenatest.Entrant(t, synthetic.Game{}, "landscape", id, values)
}

// The landscape bot announces the strength of its knobs on the map's
// landscape, and its tag; on a built-in map it forfeits.
func TestLandscapeBotAnnounces(t *testing.T) {
	l := parse(t, goodLandscape)
	e := landscapeEntrant(t, "a", map[string]any{"x1": 1, "x2": 2.5, "x5": 0.7})
	want := l.Elo(e.Params) // 25 + 40 − 10 (raw) + 64.5 = 119.5 → 120
	if want != 120 {
		t.Fatalf("Elo %v, want 120", want)
	}
	s, err := synthetic.Game{}.NewState(l, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := e.Spec.New(e.Params)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset(1)
	a, err := b.Step(context.Background(), s, 0, game.Budget{})
	if err != nil || synthetic.Elo(a) != want {
		t.Fatalf("announced %v (elo %v), %v; want %v Elo", a, synthetic.Elo(a), err, want)
	}
	s.Apply(a)
	a, err = b.Step(context.Background(), s, 0, game.Budget{})
	if err != nil || a != synthetic.Tag(e.Params) {
		t.Fatalf("second move %v, %v; want the tag %v", a, err, synthetic.Tag(e.Params))
	}
	s.Apply(a)
	js := string(s.(interface{ AppendJSON([]byte, int) []byte }).AppendJSON(nil, 1))
	if wantJS := `{"players":3,"turn":"strength","announced":[120],"tags":[` + strconv.Itoa(int(a)) + `]}`; js != wantJS {
		t.Errorf("JSON %s, want %s", js, wantJS)
	}

	m2, _ := synthetic.Game{}.LoadMap("2p")
	r, err := arena.Play(context.Background(), &arena.Job{Game: synthetic.Game{}, Map: m2, Seed: 1,
		Seats: []arena.Entrant{e, entrant(t, "b", nil)}}, arena.Options{})
	if err != nil || r.Forfeit != 0 || !strings.Contains(r.Detail, "landscape map") {
		t.Errorf("landscape bot on 2p: forfeit %d (%s), %v", r.Forfeit, r.Detail, err)
	}
}

// The landscape's strengths drive the results: two landscape bots of
// twelve.toml 40 Elo apart (x5 = 1 against x1 = x6 = 1: 40 against
// 25 − 30 = −5, 45 Elo) score by Bradley–Terry, block by block.
func TestLandscapeWinRates(t *testing.T) {
	m, err := synthetic.Game{}.LoadMap(filepath.Join("..", "..", "configs", "synthetic", "twelve.toml"))
	if err != nil {
		t.Fatal(err)
	}
	l := m.(*synthetic.Landscape)
	a := landscapeEntrant(t, "a", map[string]any{"x5": 1})
	b := landscapeEntrant(t, "b", map[string]any{"x1": 1, "x6": 1})
	d := l.Elo(a.Params) - l.Elo(b.Params)
	if d != 45 {
		t.Fatalf("difference %v, want 45", d)
	}
	const n = 3000
	wins := 0
	for i := range n {
		wins += playBlock(t, m, uint64(i)+9e6, a, b)
	}
	p := 1 / (1 + math.Pow(10, -d/400))
	t.Logf("+%g Elo on twelve.toml: won %.4f of %d games (Bradley–Terry %.4f)", d, float64(wins)/(2*n), 2*n, p)
	if !within(wins, 2*n, p, 4) {
		t.Errorf("+%g Elo won %.4f of the games, want %.4f", d, float64(wins)/(2*n), p)
	}
}

// A landscape map works like the built-in ones (conformance), and a
// file that does not parse is an error naming it.
func TestLandscapeMap(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "three.toml")
	if err := os.WriteFile(path, []byte(goodLandscape), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := synthetic.Game{}.LoadMap(path)
	if err != nil || m.Name() != path || m.Players() != 3 {
		t.Fatalf("LoadMap: %v, %v", m, err)
	}
	sum := conformance.Run(t, synthetic.Game{}, conformance.Options{
		Maps: []string{path}, Playouts: 10, Seed: 5,
		Returns: []conformance.Range{{Min: 0, Max: 2}},
	})
	if sum.Finished != 10 {
		t.Errorf("%d of 10 playouts finished", sum.Finished)
	}
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("players = 2\n[main]\nx99 = {}\n"), 0o644)
	if _, err := (synthetic.Game{}).LoadMap(bad); err == nil || !strings.HasPrefix(err.Error(), bad+":3: main.x99:") {
		t.Errorf("bad file: %v", err)
	}
	if _, err := (synthetic.Game{}).LoadMap(filepath.Join(dir, "none.toml")); err == nil || !strings.Contains(err.Error(), "2p, 3p") {
		t.Errorf("missing file: %v", err)
	}
}

// TestLandscapeRidgeLogInteger (issue 41): a ridge, a log-scaled knob and
// integer knobs, evaluated by hand; Best puts the integers at the best
// integers.
func TestLandscapeRidgeLogInteger(t *testing.T) {
	const src = `players = 2
[peak]
x1 = { best = 1, k = 10 }
x2 = { best = 2, k = 10 }
g1 = { best = 100, k = 4, scale = "log" }
n1 = { best = 2.4, k = 3 }
x3 = { best = 0.7, k = 1, integer = true }
[[ridge]]
knobs = ["x1", "x2"]
weights = [1.0, -1.0]
k = 50
`
	l := parse(t, src)
	// raw(x) = −10(x1−1)² − 10(x2−2)² − 4(log10 g1 − 2)² − 3(n1−2.4)² − (round(x3)−0.7)² − 50(x1−1 − (x2−2))²
	raw := func(x1, x2, g1, n1, x3 float64) float64 {
		r := (x1 - 1) - (x2 - 2)
		return -10*(x1-1)*(x1-1) - 10*(x2-2)*(x2-2) - 4*(math.Log10(g1)-2)*(math.Log10(g1)-2) - 3*(n1-2.4)*(n1-2.4) -
			(math.Round(x3)-0.7)*(math.Round(x3)-0.7) - 50*r*r
	}
	origin := raw(0, 0, 1, 0, 0)
	for _, p := range []game.Params{
		{},
		{"x1": 1.0, "x2": 2.0, "g1": 100.0, "n1": 2, "x3": 0.7},
		{"x1": 2.0, "x2": 2.0, "g1": 10.0, "n1": 3, "x3": 1.4},
		{"x1": 2.0, "x2": 3.0, "g1": 1000.0, "n1": -1, "x3": 0.4},
	} {
		get := func(k string, def float64) float64 {
			switch v := p[k].(type) {
			case float64:
				return v
			case int:
				return float64(v)
			}
			return def
		}
		want := raw(get("x1", 0), get("x2", 0), get("g1", 1), get("n1", 0), get("x3", 0)) - origin
		if got := l.Value(p); math.Abs(got-want) > 1e-9 {
			t.Errorf("Value(%v) = %v, want %v", p, got, want)
		}
	}
	// along the ridge (x1, x2 raised together) costs 20 Elo a unit, across it 120
	along := l.Value(game.Params{"x1": 2.0, "x2": 3.0}) - l.Value(game.Params{"x1": 1.0, "x2": 2.0})
	across := l.Value(game.Params{"x1": 2.0, "x2": 2.0}) - l.Value(game.Params{"x1": 1.0, "x2": 2.0})
	if math.Abs(along+20) > 1e-9 || math.Abs(across+60) > 1e-9 {
		t.Errorf("along the ridge %v, across %v; want -20 and -60", along, across)
	}
	best, _ := l.Best()
	if best["n1"] != 2.0 || best["x3"] != 1.0 || best["g1"] != 100.0 {
		t.Errorf("Best %v: want n1 2, x3 1 (round(x3) = 1 is nearest 0.7), g1 100", best)
	}
}
