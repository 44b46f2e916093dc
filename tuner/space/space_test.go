package space

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"tourney/engines/all"
	"tourney/engines/game"
)

// ---------------------------------------------------------------------------
// A fake game, so that these tests do not depend on the real games' bots.

type fakeGame struct {
	name string
	bots []game.BotSpec
}

type fakeMap struct {
	name    string
	players int
}

func (m fakeMap) Name() string { return m.name }
func (m fakeMap) Players() int { return m.players }

func (g fakeGame) Info() game.Info {
	return game.Info{Name: g.name, Doc: "fake", MinPlayers: 2, MaxPlayers: 3, MaxLength: 10, HasMaps: true}
}
func (g fakeGame) Maps() []string { return []string{"small", "big"} }

// LoadMap knows "small" (2 seats) and "big" (3 seats); a file holds
// "players N".
func (g fakeGame) LoadMap(name string) (game.Map, error) {
	switch name {
	case "small", "":
		return fakeMap{"small", 2}, nil
	case "big":
		return fakeMap{"big", 3}, nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("fake has no map %q (%v)", name, errors.Unwrap(err))
	}
	var n int
	if _, err := fmt.Sscanf(string(data), "players %d", &n); err != nil {
		return nil, fmt.Errorf("%s:1: expected \"players N\"", name)
	}
	return fakeMap{filepath.Base(name), n}, nil
}
func (g fakeGame) NewState(game.Map, uint64) (game.State, error) {
	return nil, errors.New("fake game cannot be played")
}
func (g fakeGame) Bots() []game.BotSpec { return g.bots }

func fakeSpec(name string, params ...game.Param) game.BotSpec {
	return game.BotSpec{Name: name, Params: params, New: func(game.Params) (game.Bot, error) { return nil, errors.New("fake") }}
}

var (
	fake = fakeGame{name: "fake", bots: []game.BotSpec{
		fakeSpec("tuned",
			game.Param{Name: "depth", Kind: game.Int, Default: 4, Min: 1, Max: 20},
			game.Param{Name: "width", Kind: game.Int, Default: 25, Min: 1, Max: 1000},
			game.Param{Name: "weight", Kind: game.Float, Default: 1.0, Min: 0, Max: 10},
			game.Param{Name: "risk", Kind: game.Float, Default: 1.0, Min: 0.01, Max: 100},
			game.Param{Name: "quick", Kind: game.Bool, Default: false},
			game.Param{Name: "scope", Kind: game.String, Default: "a", Choices: []string{"a", "b", "c"}},
		),
		fakeSpec("plain",
			game.Param{Name: "depth", Kind: game.Int, Default: 3, Min: 1, Max: 10},
			game.Param{Name: "weight", Kind: game.Float, Default: 2.0, Min: 0, Max: 10},
		),
		game.RandomSpec(),
	}}
	fake2 = fakeGame{name: "fake2", bots: []game.BotSpec{
		fakeSpec("other",
			game.Param{Name: "depth", Kind: game.Int, Default: 6, Min: 2, Max: 8},
		),
	}}
)

func init() {
	findGame = func(name string) (game.Game, error) {
		switch name {
		case "fake":
			return fake, nil
		case "fake2":
			return fake2, nil
		}
		if g, err := all.Find(name); err == nil {
			return g, nil
		}
		return nil, fmt.Errorf("unknown game %q (games: connect4, fake, fake2)", name)
	}
}

// ---------------------------------------------------------------------------

func mustParse(t *testing.T, src string) *Space {
	t.Helper()
	s, err := Parse("space.toml", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return s
}

const minimalSpace = `
[[scenario]]
game = "fake"

[params]
depth = { min = 2, max = 4 }
`

func TestParseSpaceDefaults(t *testing.T) {
	s := mustParse(t, minimalSpace)
	if s.Name != "space" || s.Seed != 1 || s.Path != "space.toml" || string(s.Source) != minimalSpace {
		t.Errorf("name %q seed %d path %q", s.Name, s.Seed, s.Path)
	}
	if len(s.Scenarios) != 1 {
		t.Fatalf("%d scenarios", len(s.Scenarios))
	}
	sc := s.Scenarios[0]
	if sc.Game.Info().Name != "fake" || sc.Bot.Name != "tuned" || sc.Weight != 1 || !sc.Budget.IsZero() || len(sc.Field) != 0 {
		t.Errorf("scenario defaults: %+v", sc)
	}
	if !reflect.DeepEqual(sc.MapNames, []string{"small"}) || len(sc.Maps) != 1 || sc.Maps[0].Name() != "small" {
		t.Errorf("maps %v", sc.MapNames)
	}
	if s.Generate != (GenerateConfig{Method: "grid", IncludeDefaults: true}) {
		t.Errorf("generate %+v", s.Generate)
	}
	if s.Tournament != (TournamentConfig{Format: "knockout", Group: 2, Advance: 1, Points: "rank", Confidence: 0.95,
		Bootstrap: 1000, ConfirmGames: 1000, ConfirmElo: [2]float64{0, 10}}) || s.Tournament.FirstLook() != 4 || s.Tournament.Cap(3) != 400 {
		t.Errorf("tournament %+v", s.Tournament)
	}
	if len(s.Base) != 0 {
		t.Errorf("base %v", s.Base)
	}
	if !reflect.DeepEqual(s.ParamNames(), []string{"depth"}) {
		t.Errorf("params %v", s.ParamNames())
	}
	if !reflect.DeepEqual(s.Params[0].Values, []any{2, 3, 4}) {
		t.Errorf("values %v", s.Params[0].Values)
	}
	// Default 4 is variant 0; the grid's 4 is not repeated.
	got := valuesOf(s.Variants(), "depth")
	if !reflect.DeepEqual(got, []any{4, 2, 3}) {
		t.Errorf("variants %v", got)
	}
}

func TestParseSpaceFull(t *testing.T) {
	src := `name = "full-test"
seed = 20261121

[[scenario]]
game  = "fake"
bot   = "tuned"
maps  = ["small", "big"]
budget = { nodes = 5000 }
weight = 2.5
field = ["plain", "random"]

[[scenario]]
game = "fake"
bot = "plain"
budget = { time = "50ms" }

[base]
weight = 3          # an integer for a float parameter

[params]
depth = { values = [2, 5] }
`
	s := mustParse(t, src)
	if s.Name != "full-test" || s.Seed != 20261121 {
		t.Errorf("name %q seed %d", s.Name, s.Seed)
	}
	a, b := s.Scenarios[0], s.Scenarios[1]
	if !reflect.DeepEqual(a.MapNames, []string{"small", "big"}) || a.Maps[1].Players() != 3 {
		t.Errorf("maps %v", a.MapNames)
	}
	if a.Budget != (game.Budget{Nodes: 5000}) || b.Budget != (game.Budget{Time: 50 * time.Millisecond}) {
		t.Errorf("budgets %v %v", a.Budget, b.Budget)
	}
	if a.Weight != 2.5 || b.Weight != 1 {
		t.Errorf("weights %v %v", a.Weight, b.Weight)
	}
	if len(a.Field) != 2 || a.Field[0].Name != "plain" || a.Field[0].Spec.Name != "plain" || a.Field[0].Params.Int("depth") != 3 || a.Field[1].Name != "random" {
		t.Errorf("field %+v", a.Field)
	}
	if s.Base["weight"] != 3.0 {
		t.Errorf("base weight %#v, want float64 3", s.Base["weight"])
	}
	vs := s.Variants()
	if len(vs) != 3 || !vs[0].Default || vs[0].Values["depth"] != 4 {
		t.Fatalf("variants %+v", vs)
	}
	// The default variant gives every scenario's bot its own defaults.
	p0, _ := s.BotParams(0, vs[0])
	p1, _ := s.BotParams(1, vs[0])
	if p0.Int("depth") != 4 || p1.Int("depth") != 3 || p0.Float("weight") != 3 || p1.Float("weight") != 3 {
		t.Errorf("default params %v %v", p0, p1)
	}
	p, err := s.BotParams(1, vs[2])
	if err != nil || p.Int("depth") != 5 || p.Float("weight") != 3 {
		t.Errorf("variant 2 on scenario 1: %v %v", p, err)
	}
	if d := s.DefaultParams(1); d.Int("depth") != 3 || d.Float("weight") != 3 {
		t.Errorf("DefaultParams(1) = %v", d)
	}
	if d := s.DefaultParams(0); d.Str("scope") != "a" || d.Int("width") != 25 {
		t.Errorf("DefaultParams(0) = %v", d)
	}
}

func TestParseSpaceConnect4(t *testing.T) {
	// The real game, through the parameters its spec fixes.
	s := mustParse(t, `
[[scenario]]
game = "connect4"
bot = "alphabeta"
budget = { depth = 5 }
field = ["random"]
[params]
depth = { min = 3, max = 5 }
order_moves = { values = [true, false] }
`)
	if s.Scenarios[0].MapNames[0] != "standard" || len(s.Variants()) != 7 {
		t.Errorf("maps %v, %d variants", s.Scenarios[0].MapNames, len(s.Variants()))
	}
}

func TestDefaultName(t *testing.T) {
	for path, want := range map[string]string{
		"configs/c4 ordering.toml": "c4-ordering",
		"/x/y/space.v2.toml":       "space.v2",
		"":                         "space",
		".hidden.toml":             "hidden",
	} {
		if got := defaultSpaceName(path); got != want {
			t.Errorf("defaultSpaceName(%q) = %q, want %q", path, got, want)
		}
	}
}

// spaceErr parses src and returns the error text (failing when none).
func spaceErr(t *testing.T, src string) string {
	t.Helper()
	_, err := Parse("space.toml", []byte(src))
	if err == nil {
		t.Fatalf("no error for\n%s", src)
	}
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("%T is not an InputError: %v", err, err)
	}
	return err.Error()
}

func TestSpaceErrors(t *testing.T) {
	const sc = "[[scenario]]\ngame = \"fake\"\n"
	const p = "\n[params]\ndepth = { values = [1, 2] }\n"
	cases := []struct {
		name, src, want string
	}{
		{"syntax", "name = \"x\"\nseed = = 3\n", "space.toml:2:8: "},
		{"unknown top key", "colour = 3\n" + sc + p, "space.toml:1:1: colour: unknown key (known keys here: name, seed, scenario, base, params, generate, tournament, bots, effects, gate)"},
		{"unknown scenario key in 2nd", sc + sc + "mapz = [\"small\"]\n" + p, "space.toml:5:1: scenario.mapz: unknown key"},
		{"no scenario", "[params]\ndepth = { values = [1] }\n", "space.toml: no [[scenario]]"},
		{"scenario table", "[scenario]\ngame = \"fake\"\n" + p, "space.toml:1:1: scenario: expected an array of tables ([[scenario]]), found a table"},
		{"missing game", "[[scenario]]\nbot = \"x\"\n" + p, "space.toml:1:1: scenario.game: missing"},
		{"unknown game", "[[scenario]]\ngame = \"chess\"\n" + p, `space.toml:2:1: scenario.game: unknown game "chess" (games: connect4, fake, fake2)`},
		{"unknown bot", sc + "bot = \"deep\"\n" + p, `space.toml:3:1: scenario.bot: game "fake" has no bot "deep" (its bots are tuned, plain, random)`},
		{"unknown map", sc + "maps = [\"small\", \"nowhere\"]\n" + p, `space.toml:3:18: scenario.maps: fake has no map "nowhere"`},
		{"bad map file", sc + "maps = [\"testdata/bad.map\"]\n" + p, `space.toml:3:9: scenario.maps: testdata/bad.map:1: expected "players N"`},
		{"empty maps", sc + "maps = []\n" + p, "space.toml:3:1: scenario.maps: empty"},
		{"maps not strings", sc + "maps = [\"small\", 3]\n" + p, "space.toml:3:18: scenario.maps: expected a string, found the integer 3"},
		{"budget unknown key", sc + "budget = { plies = 3 }\n" + p, "space.toml:3:12: scenario.budget.plies: unknown key (known keys here: depth, nodes, time, node_rate, bank)"},
		{"node rate without time", sc + "budget = { depth = 3, node_rate = 1000 }\n" + p, "space.toml:3:23: scenario.budget.node_rate: a node rate makes a time budget a clock in nodes: give time too"},
		{"bank without node rate", sc + "budget = { time = \"1s\", bank = true }\n" + p, "space.toml:3:25: scenario.budget.bank: a time bank is a clock: give node_rate too"},
		{"node rate zero", sc + "budget = { time = \"1s\", node_rate = 0 }\n" + p, "space.toml:3:25: scenario.budget.node_rate: node_rate must be a positive whole number of nodes per second, found the integer 0"},
		{"node rate word", sc + "budget = { time = \"1s\", node_rate = \"fast\" }\n" + p, `space.toml:3:25: scenario.budget.node_rate: want a number of nodes per second, a table by map name, or "measure", found "fast"`},
		{"node rate other map", sc + "maps = [\"small\"]\nbudget = { time = \"1s\", node_rate = { big = 5 } }\n" + p, "space.toml:4:39: scenario.budget.node_rate.big: not a map of this scenario (its maps: small)"},
		{"budget two keys", sc + "budget = { depth = 3, nodes = 100 }\n" + p, "space.toml:3:23: scenario.budget.nodes: a budget sets one of depth, nodes or time, not depth and nodes"},
		{"budget bad duration", sc + "budget = { time = \"fast\" }\n" + p, `space.toml:3:12: scenario.budget.time: "fast" is not a duration`},
		{"budget zero depth", sc + "budget = { depth = 0 }\n" + p, "scenario.budget.depth: must be at least 1, got 0"},
		{"budget not table", sc + "budget = 3\n" + p, "space.toml:3:1: scenario.budget: expected a table, found the integer 3"},
		{"opening longer than the game", "[[scenario]]\ngame = \"connect4\"\nopening_plies = 42\n[params]\ndepth = { values = [1, 2] }\n",
			"space.toml:3:1: scenario.opening_plies: 42 random plies would fill a whole game: connect4 lasts at most 42 plies"},
		{"weight zero", sc + "weight = 0\n" + p, "space.toml:3:1: scenario.weight: must be a positive number, got 0.0"},
		{"weight negative", sc + "weight = -1.5\n" + p, "scenario.weight: must be a positive number, got -1.5"},
		{"weight string", sc + "weight = \"heavy\"\n" + p, `scenario.weight: expected a number, found the string "heavy"`},
		{"seed string", "seed = \"abc\"\n" + sc + p, `space.toml:1:1: seed: expected an integer, found the string "abc"`},
		{"seed negative", "seed = -1\n" + sc + p, "seed: must not be negative"},
		{"bad name", "name = \"a/b\"\n" + sc + p, `space.toml:1:1: name: "a/b" may only contain`},
		{"unknown base param", sc + "[base]\ndepht = 3\n" + p, `space.toml:4:1: base.depht: bot "tuned" has no parameter "depht" (its parameters are depth, width, weight, risk, quick, scope)`},
		{"base out of range", sc + "[base]\nwidth = 0\n" + p, "space.toml:4:1: base.width: 0 is outside the allowed range 1..1000"},
		{"base wrong type", sc + "[base]\nquick = 1\n" + p, "base.quick: 1 (int64) is not a boolean"},
		{"unknown param", sc + "\n[params]\nwidht = { values = [1] }\n", `space.toml:5:1: params.widht: bot "tuned" has no parameter "widht" (its parameters are depth, width, weight, risk, quick, scope)`},
		{"param of one bot only", sc + "[[scenario]]\ngame = \"fake\"\nbot = \"plain\"\n\n[params]\nwidth = { values = [1, 2] }\n", `space.toml:8:1: params.width: bot "plain" has no parameter "width" (its parameters are depth, weight)`},
		{"param in base and params", sc + "[base]\ndepth = 3\n" + p, "space.toml:7:1: params.depth: is set in [base] too"},
		{"min greater than max", sc + "\n[params]\nwidth = { min = 50, max = 10 }\n", "space.toml:5:1: params.width: min 50 is greater than max 10"},
		{"value out of range", sc + "\n[params]\ndepth = { values = [1, 99] }\n", "space.toml:5:24: params.depth.values: 99 is outside the allowed range 1..20"},
		{"range end out of range", sc + "\n[params]\ndepth = { min = 0, max = 5 }\n", "space.toml:5:11: params.depth.min: 0 is outside the allowed range 1..20"},
		{"multi-scenario range", sc + "[[scenario]]\ngame = \"fake2\"\n\n[params]\ndepth = { min = 1, max = 5 }\n", `space.toml:7:11: params.depth.min: 1 is outside the allowed range 2..8 (bot "other" of scenario 2)`},
		{"non-integer for int", sc + "\n[params]\ndepth = { min = 1.5, max = 5 }\n", "params.depth.min: 1.5 is not an integer"},
		{"steps one", sc + "\n[params]\nweight = { min = 0, max = 1, steps = 1 }\n", "space.toml:5:30: params.weight.steps: must be at least 2"},
		{"steps on bool", sc + "\n[params]\nquick = { values = [true, false], steps = 3 }\n", "space.toml:5:35: params.quick.steps: quick is a bool parameter: it takes values = [...], not min, max, steps or scale"},
		{"bool needs values", sc + "\n[params]\nquick = { }\n", "space.toml:5:1: params.quick: quick is a bool parameter: give its values, e.g. { values = [true, false] }"},
		{"string range", sc + "\n[params]\nscope = { min = 1, max = 2 }\n", "params.scope.min: scope is a string parameter"},
		{"string value unknown", sc + "\n[params]\nscope = { values = [\"a\", \"z\"] }\n", `params.scope.values: "z" is not one of a, b, c`},
		{"log needs positive min", sc + "\n[params]\nweight = { min = 0, max = 4, steps = 3, scale = \"log\" }\n", "space.toml:5:41: params.weight.scale: a log scale needs min > 0, got min 0.0"},
		{"bad scale", sc + "\n[params]\nweight = { min = 1, max = 4, steps = 3, scale = \"cubic\" }\n", `params.weight.scale: "cubic" is not a scale`},
		{"values and min", sc + "\n[params]\ndepth = { values = [1], min = 1 }\n", "params.depth.min: give either values or a range"},
		{"range missing max", sc + "\n[params]\ndepth = { min = 1 }\n", "space.toml:5:1: params.depth: give values = [...], or min and max"},
		{"param not a table", sc + "\n[params]\ndepth = [1, 2]\n", "space.toml:5:1: params.depth: expected a table such as"},
		{"values not array", sc + "\n[params]\ndepth = { values = 3 }\n", "params.depth.values: expected an array, found the integer 3"},
		{"duplicate value", sc + "\n[params]\ndepth = { values = [3, 2, 3] }\n", "params.depth.values: value 3 is listed twice"},
		{"empty params", sc + "\n[params]\n", "space.toml:4:1: params: no parameter to vary"},
		{"float range for grid", sc + "\n[params]\nweight = { min = 0, max = 1 }\n", "space.toml:5:1: params.weight: a float range needs steps (or values) for method grid"},
		{"log int without steps", sc + "\n[params]\nwidth = { min = 1, max = 100, scale = \"log\" }\n", "params.width.scale: an integer range without steps uses every value"},
		{"unknown method", sc + p + "[generate]\nmethod = \"bayes\"\n", `space.toml:7:1: generate.method: "bayes" is not a method (grid, sweep, random, lhs, staged, factorial, spsa or cmaes)`},
		{"staged continuous", sc + "\n[params]\nrisk = { min = 0.5, max = 2.0 }\n[generate]\nmethod = \"staged\"\n", "params.risk: a float range needs steps (or values) for method staged"},
		{"race group", sc + p + "[tournament]\nformat = \"race\"\ngroup = 4\n", "space.toml:8:1: tournament.group: is a setting of format knockout; format race ignores it"},
		{"confidence", sc + p + "[tournament]\nconfidence = 1.0\n", "tournament.confidence: must be at least 0.5 and less than 1, got 1.0"},
		{"games and min_blocks", sc + p + "[tournament]\ngames = 4\nmin_blocks = 2\n", "tournament.games: give min_blocks or games, not both"},
		{"max_games zero", sc + p + "[tournament]\nmax_games = 0\n", "tournament.max_games: must be at least 1"},
		{"bootstrap", sc + p + "[tournament]\nbootstrap = 10\n", "tournament.bootstrap: must be between 100 and 100000"},
		{"confirm_elo", sc + p + "[tournament]\nconfirm_elo = [5, 0]\n", "tournament.confirm_elo: want two Elo values"},
		{"random without samples", sc + p + "[generate]\nmethod = \"random\"\n", "generate.samples: method random needs samples"},
		{"lhs zero samples", sc + p + "[generate]\nmethod = \"lhs\"\nsamples = 0\n", "space.toml:8:1: generate.samples: must be between 1 and 100000, got 0"},
		{"generate unknown key", sc + p + "[generate]\nsample = 3\n", "space.toml:7:1: generate.sample: unknown key"},
		{"include_defaults type", sc + p + "[generate]\ninclude_defaults = \"yes\"\n", "generate.include_defaults: expected true or false"},
		{"format", sc + p + "[tournament]\nformat = \"swiss\"\n", `space.toml:7:1: tournament.format: "swiss" is not a tournament format`},
		{"group one", sc + p + "[tournament]\ngroup = 1\n", "tournament.group: must be at least 2"},
		{"advance zero", sc + p + "[tournament]\nadvance = 0\n", "tournament.advance: must be at least 1 and less than group (2), got 0"},
		{"advance equal group", sc + p + "[tournament]\ngroup = 3\nadvance = 3\n", "space.toml:8:1: tournament.advance: must be at least 1 and less than group (3), got 3"},
		{"games zero", sc + p + "[tournament]\ngames = 0\n", "tournament.games: must be at least 1"},
		{"points", sc + p + "[tournament]\npoints = \"elo\"\n", `tournament.points: "elo" is not a points rule`},
		{"field unknown bot", sc + "field = [\"strong\"]\n" + p, `space.toml:3:10: scenario.field: game "fake" has no bot "strong" (its bots are tuned, plain, random), and "strong" is not a bot config file`},
		{"field missing file", sc + "field = [\"bots/none.toml\"]\n" + p, "space.toml:3:10: scenario.field: bot config bots/none.toml: cannot read file"},
		{"field twice", sc + "field = [\"plain\", \"plain\"]\n" + p, `space.toml:3:19: scenario.field: field bot "plain" is listed twice`},
		{"grid too big", sc + "\n[params]\nwidth = { min = 1, max = 1000 }\ndepth = { min = 1, max = 20 }\nrisk = { min = 1, max = 10, steps = 10 }\n", "space.toml:4:1: params: the grid has more than 100000 variants"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := spaceErr(t, c.src)
			if !strings.Contains(got, c.want) {
				t.Errorf("error\n  %s\nwant it to contain\n  %s", got, c.want)
			}
			if strings.Contains(got, "\n") {
				t.Errorf("error has more than one line: %q", got)
			}
		})
	}
}

func TestSpaceNoVariants(t *testing.T) {
	// A sweep over the default value alone, without the defaults.
	got := spaceErr(t, "[[scenario]]\ngame = \"fake\"\n[params]\ndepth = { values = [4] }\n[generate]\nmethod = \"sweep\"\ninclude_defaults = false\n")
	if !strings.Contains(got, "space.toml:5:1: generate: the space has no variants") {
		t.Errorf("got %s", got)
	}
}

func TestLoadSpaceRelativePaths(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "spaces", "maps"), 0o755))
	must(os.MkdirAll(filepath.Join(dir, "spaces", "bots"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "spaces", "maps", "four.map"), []byte("players 4\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "spaces", "bots", "strong.toml"), []byte("game = \"fake\"\nbot = \"plain\"\n[params]\ndepth = 9\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "spaces", "bots", "bad.toml"), []byte("game = \"fake\"\nbot = \"plain\"\n[params]\ndepth = 99\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "spaces", "bots", "other.toml"), []byte("game = \"fake2\"\n"), 0o644))
	src := "[[scenario]]\ngame = \"fake\"\nmaps = [\"big\", \"maps/four.map\"]\nfield = [\"bots/strong.toml\", \"random\"]\n[params]\ndepth = { values = [1, 2] }\n"
	path := filepath.Join(dir, "spaces", "my space.toml")
	must(os.WriteFile(path, []byte(src), 0o644))

	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	sc := s.Scenarios[0]
	if s.Name != "my-space" {
		t.Errorf("name %q", s.Name)
	}
	if !reflect.DeepEqual(sc.MapNames, []string{"big", "maps/four.map"}) || sc.Maps[1].Players() != 4 {
		t.Errorf("maps %v %v", sc.MapNames, sc.Maps)
	}
	if f := sc.Field[0]; f.Name != "strong" || f.Spec.Name != "plain" || f.Params.Int("depth") != 9 || f.Params.Float("weight") != 2 {
		t.Errorf("field bot %+v", f)
	}

	// An error inside the bot config names the bot config file.
	bad := strings.Replace(src, "strong", "bad", 1)
	_, err = Parse(path, []byte(bad))
	want := filepath.Join(dir, "spaces", "bots", "bad.toml") + ":4:1: params.depth: 99 is outside the allowed range 1..10"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	other := strings.Replace(src, "strong", "other", 1)
	_, err = Parse(path, []byte(other))
	if err == nil || !strings.Contains(err.Error(), `:4:10: scenario.field: bots/other.toml is a bot config for game "fake2", the scenario plays "fake"`) {
		t.Errorf("got %v", err)
	}

	// A missing space file is an input error too.
	_, err = Load(filepath.Join(dir, "none.toml"))
	var ie *InputError
	if !errors.As(err, &ie) || !strings.HasSuffix(err.Error(), "none.toml: cannot read file: no such file or directory") {
		t.Errorf("got %v", err)
	}
}

func TestSpaceErrorPositionsInArrays(t *testing.T) {
	// Keys of later [[scenario]] tables, of inline tables and of
	// multi-line arrays get their own positions.
	src := `# comment
name = "pos"

[[scenario]]
game = "fake"
maps = [
  "small",   # fine
  "big",
]

[[scenario]]
game = "fake"
budget = { depth = 3 }
maps = [
  "small",
  'nowhere',
]

[params]
depth = { values = [1, 2] }
`
	got := spaceErr(t, src)
	if !strings.HasPrefix(got, `space.toml:16:3: scenario.maps: fake has no map "nowhere"`) {
		t.Errorf("got %s", got)
	}
	src2 := strings.Replace(src, "budget = { depth = 3 }", `budget = { "depth" = 3, time = "1s" }`, 1)
	src2 = strings.Replace(src2, "'nowhere'", "'big'", 1)
	got = spaceErr(t, src2)
	if !strings.HasPrefix(got, "space.toml:13:25: scenario.budget.time: a budget sets one of") {
		t.Errorf("got %s", got)
	}
}

func TestAddBase(t *testing.T) {
	s := mustParse(t, "[[scenario]]\ngame = \"fake\"\n[params]\ndepth = { values = [2, 3, 4] }\nweight = { values = [1.0, 2.0] }\n[generate]\nmethod = \"sweep\"\n")
	if n := len(s.Variants()); n != 1+2+1 {
		t.Fatalf("%d variants before", n)
	}
	bc, err := ParseBotConfig("winner.toml", []byte("game = \"fake\"\nbot = \"tuned\"\n[params]\ndepth = 3\nscope = \"b\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddBase("winner.toml", bc); err != nil {
		t.Fatal(err)
	}
	if s.Base["scope"] != "b" || s.Base["depth"] != 3 {
		t.Errorf("base %v", s.Base)
	}
	vs := s.Variants()
	// The sweep is now centred on depth 3.
	got := valuesOf(vs, "depth")
	if !reflect.DeepEqual(got, []any{3, 2, 4, 3}) {
		t.Errorf("depths %v", got)
	}
	p, _ := s.BotParams(0, vs[1])
	if p.Int("depth") != 2 || p.Str("scope") != "b" {
		t.Errorf("params %v", p)
	}
	other, err := ParseBotConfig("o.toml", []byte("game = \"fake\"\nbot = \"plain\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddBase("o.toml", other); err == nil || err.Error() != "o.toml: bot: the config is for fake plain, but scenario 1 plays fake tuned" {
		t.Errorf("got %v", err)
	}
}

func valuesOf(vs []Variant, name string) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v.Values[name]
	}
	return out
}

func TestSpaceVariantIDs(t *testing.T) {
	s := mustParse(t, minimalSpace)
	for i, v := range s.Variants() {
		if v.ID != i {
			t.Errorf("variant %d has ID %d", i, v.ID)
		}
	}
	// Variants returns a copy.
	vs := s.Variants()
	vs[0].Values["depth"] = 99
	if s.Variants()[0].Values["depth"] != 4 {
		t.Error("Variants shares its maps")
	}
}

func TestInlineScenarios(t *testing.T) {
	s := mustParse(t, "scenario = [{ game = \"fake\" }, { game = \"fake\", bot = \"plain\", weight = 2 }]\n[params]\ndepth = { values = [1, 2] }\n")
	if len(s.Scenarios) != 2 || s.Scenarios[1].Bot.Name != "plain" || s.Scenarios[1].Weight != 2 {
		t.Errorf("%+v", s.Scenarios)
	}
	got := spaceErr(t, "scenario = [{ game = \"fake\" }, { game = \"fake\", colour = 1 }]\n[params]\ndepth = { values = [1, 2] }\n")
	if !strings.HasPrefix(got, "space.toml:1:49: scenario.colour: unknown key") {
		t.Errorf("got %s", got)
	}
	got = spaceErr(t, "scenario = [3]\n[params]\ndepth = { values = [1, 2] }\n")
	if !strings.HasPrefix(got, "space.toml:1:1: scenario: expected an array of tables") {
		t.Errorf("got %s", got)
	}
}
