package space

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"tourney/engines/game"
)

func TestBotConfigRoundTrip(t *testing.T) {
	spec := fake.bots[0]
	p, err := spec.Resolve(map[string]any{"depth": 9, "risk": 0.125, "scope": "c", "quick": true, "weight": 1e-7})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteBotConfig(&buf, "fake", "tuned", spec, p, false); err != nil {
		t.Fatal(err)
	}
	want := `game = "fake"
bot = "tuned"

[params]
depth = 9
width = 25
weight = 1e-07
risk = 0.125
quick = true
scope = "c"
`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	bc, err := ParseBotConfig("w.toml", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(bc.Resolved, p) || bc.Game != "fake" || bc.Bot != "tuned" || bc.Spec.Name != "tuned" || bc.GameImpl.Info().Name != "fake" {
		t.Errorf("read back %+v", bc)
	}

	// Only the parameters that differ from the defaults.
	buf.Reset()
	if err := WriteBotConfig(&buf, "fake", "tuned", spec, p, true); err != nil {
		t.Fatal(err)
	}
	want = "game = \"fake\"\nbot = \"tuned\"\n\n[params]\ndepth = 9\nweight = 1e-07\nrisk = 0.125\nquick = true\nscope = \"c\"\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	bc, err = ParseBotConfig("w.toml", buf.Bytes())
	if err != nil || !reflect.DeepEqual(bc.Resolved, p) || len(bc.Params) != 5 {
		t.Errorf("read back %+v %v", bc, err)
	}

	// All defaults: an empty [params] table, which reads back.
	buf.Reset()
	WriteBotConfig(&buf, "fake", "tuned", spec, spec.Defaults(), true)
	if bc, err := ParseBotConfig("d.toml", buf.Bytes()); err != nil || !reflect.DeepEqual(bc.Resolved, spec.Defaults()) {
		t.Errorf("defaults: %v %v\n%s", bc, err, buf.String())
	}
}

func TestBotConfigConnect4(t *testing.T) {
	// Through the real game's documented parameters.
	dir := t.TempDir()
	path := filepath.Join(dir, "c4.toml")
	if err := os.WriteFile(path, []byte("game = \"connect4\"\nbot = \"alphabeta\"\n[params]\ndepth = 7\norder_threat_scope = \"next\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bc, err := LoadBotConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	if bc.Resolved.Int("depth") != 7 || bc.Resolved.Str("order_threat_scope") != "next" || bc.Path != path {
		t.Errorf("%+v", bc)
	}
	var buf bytes.Buffer
	WriteBotConfig(&buf, bc.Game, bc.Bot, bc.Spec, bc.Resolved, true)
	if buf.String() != "game = \"connect4\"\nbot = \"alphabeta\"\n\n[params]\ndepth = 7\norder_threat_scope = \"next\"\n" {
		t.Errorf("got\n%s", buf.String())
	}
}

// TestBotConfigOpening: the opening a sweep was played with reads back
// from the promoted file (main wrote none: tourney match of a promoted
// file opened with its default, 0 random plies for an external bot
// whose sweep opened with 4).
func TestBotConfigOpening(t *testing.T) {
	spec := fake.bots[0]
	var buf bytes.Buffer
	if err := WriteTestedConfig(&buf, "fake", "tuned", spec, spec.Defaults(), true, 4); err != nil {
		t.Fatal(err)
	}
	bc, err := ParseBotConfig("w.toml", buf.Bytes())
	if err != nil || bc.OpeningPlies != 4 {
		t.Fatalf("opening_plies read back as %v (%v):\n%s", bc, err, buf.String())
	}
	buf.Reset()
	WriteTestedConfig(&buf, "fake", "tuned", spec, spec.Defaults(), true, -1)
	if bc, err := ParseBotConfig("w.toml", buf.Bytes()); err != nil || bc.OpeningPlies != -1 || strings.Contains(buf.String(), "opening") {
		t.Errorf("no opening: %v %v\n%s", bc, err, buf.String())
	}
}

func TestBotConfigDefaultBot(t *testing.T) {
	bc, err := ParseBotConfig("b.toml", []byte("game = \"fake\"\n"))
	if err != nil || bc.Bot != "tuned" || !reflect.DeepEqual(bc.Resolved, fake.bots[0].Defaults()) || len(bc.Params) != 0 {
		t.Errorf("%+v %v", bc, err)
	}
}

func TestBotConfigErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"game = \"fake\"\nbot = \"tuned\"\n[params]\ndepht = 3\n", `b.toml:4:1: params.depht: bot "tuned" has no parameter "depht" (its parameters are depth, width, weight, risk, quick, scope)`},
		{"game = \"fake\"\n[params]\ndepth = 30\n", "b.toml:3:1: params.depth: 30 is outside the allowed range 1..20"},
		{"game = \"fake\"\n[params]\nscope = 3\n", "b.toml:3:1: params.scope: 3 (int64) is not a string"},
		{"game = \"fake\"\n[params]\nrisk = [1]\n", "b.toml:3:1: params.risk: expected a number, boolean or string, found an array"},
		{"game = \"fake\"\nbot = \"deep\"\n", `b.toml:2:1: bot: game "fake" has no bot "deep"`},
		{"game = \"go\"\n", `b.toml:1:1: game: unknown game "go"`},
		{"bot = \"tuned\"\n", "b.toml: game: missing"},
		{"game = \"fake\"\nparams = 3\n", "b.toml:2:1: params: expected a table, found the integer 3"},
		{"game = \"fake\"\ncolour = \"red\"\n", "b.toml:2:1: colour: unknown key (known keys here: game, bot, opening_plies, params, budget, bots)"},
		{"game = \"fake\"\nopening_plies = -1\n", "b.toml:2:1: opening_plies: must be between 0 and 1000, got -1"},
		{"game = \"fake\"\nopening_plies = \"4\"\n", "b.toml:2:1: opening_plies: expected an integer, found the string"},
		{"game = \"fake\"\n[params]\ndepth = \n", "b.toml:3:"},
		// [budget]: node_rate is a number or a table by map name
		{"game = \"fake\"\n[budget]\ntime = \"1s\"\nnode_rate = { duel10 = 0 }\n", "b.toml:4:15: budget.node_rate.duel10: node_rate must be a positive whole number of nodes per second, found the integer 0"},
		{"game = \"fake\"\n[budget]\ntime = \"1s\"\nnode_rate = { duel10 = -5, x = 3 }\n", "b.toml:4:15: budget.node_rate.duel10: node_rate must be a positive whole number"},
		{"game = \"fake\"\n[budget]\ntime = \"1s\"\nnode_rate = { duel10 = \"fast\" }\n", `b.toml:4:15: budget.node_rate.duel10: node_rate must be a positive whole number of nodes per second, found the string "fast"`},
		{"game = \"fake\"\n[budget]\ntime = \"1s\"\nnode_rate = { duel10 = 100000000000 }\n", "b.toml:4:15: budget.node_rate.duel10: node_rate 100000000000 nodes per second is not a plausible rate"},
		{"game = \"fake\"\n[budget]\ntime = \"1s\"\nnode_rate = {}\n", "b.toml:4:1: budget.node_rate: an empty table: give each map's node rate"},
		{"game = \"fake\"\n[budget]\ndepth = 3\nnode_rate = { duel10 = 5 }\n", "b.toml:4:1: budget.node_rate: a node rate makes a time budget a clock in nodes: give time too"},
		{"game = \"fake\"\n[budget]\ntime = \"1s\"\nnode_rate = \"measure\"\n", `b.toml:4:1: budget.node_rate: want a number of nodes per second or a table by map name (a bot config gives the rates it was tested under`},
		{"game = \"fake\"\n[budget]\ntime = \"1s\"\nnode_rate = 0\n", "b.toml:4:1: budget.node_rate: node_rate must be a positive whole number"},
		{"game = \"fake\"\n[budget]\ntime = \"1s\"\nbank = true\n", "b.toml:4:1: budget.bank: a time bank is a clock: give node_rate too"},
	}
	for _, c := range cases {
		_, err := ParseBotConfig("b.toml", []byte(c.src))
		var ie *InputError
		if !errors.As(err, &ie) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
	_, err := LoadBotConfig(filepath.Join(t.TempDir(), "none.toml"))
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Errorf("missing file: %v", err)
	}
}

func TestTOMLValue(t *testing.T) {
	for v, want := range map[any]string{
		3: "3", 2.5: "2.5", 4.0: "4.0", 1e21: "1e+21", true: "true",
		"a\"b\\c\n": `"a\"b\\c\n"`, "é": `"é"`, "\x01": `"\u0001"`,
	} {
		if got := tomlValue(v); got != want {
			t.Errorf("tomlValue(%#v) = %s, want %s", v, got, want)
		}
	}
	// Everything written reads back through TOML.
	spec := game.BotSpec{Name: "s", Params: []game.Param{{Name: "odd key", Kind: game.String, Default: "", Choices: []string{"", "x\"\ty", "\x01"}}}}
	for _, c := range spec.Params[0].Choices {
		var buf bytes.Buffer
		WriteBotConfig(&buf, "g", "s", spec, game.Params{"odd key": c}, false)
		m, _, err := decodeTOML("x", buf.Bytes())
		if err != nil || m["params"].(map[string]any)["odd key"] != c {
			t.Errorf("%q: %v\n%s", c, err, buf.String())
		}
	}
}

// TestBotConfigNodeRates: a bot config's clock takes a node rate per map
// (as a space's scenario does), written by WriteBudget and read back; a
// map the table lacks is an error naming the file, line and key.
func TestBotConfigNodeRates(t *testing.T) {
	var buf bytes.Buffer
	buf.WriteString("game = \"fake\"\n")
	b := game.Budget{Time: 25 * time.Millisecond, Bank: true}
	WriteBudget(&buf, b, []string{"duel10", "gen-2p-12x12:1", "duel10"}, []int64{950000, 930000, 950000})
	want := "game = \"fake\"\n\n[budget]\ntime = \"25ms\"\nnode_rate = { duel10 = 950000, \"gen-2p-12x12:1\" = 930000 }\nbank = true\n"
	if buf.String() != want {
		t.Fatalf("WriteBudget wrote\n%s\nwant\n%s", buf.String(), want)
	}
	bc, err := ParseBotConfig("w.toml", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if bc.Budget != b || !reflect.DeepEqual(bc.NodeRates, map[string]int64{"duel10": 950000, "gen-2p-12x12:1": 930000}) {
		t.Fatalf("read back %v %v", bc.Budget, bc.NodeRates)
	}
	for names, rate := range map[[2]string]int64{{"duel10", "x"}: 950000, {"maps/g.map", "gen-2p-12x12:1"}: 930000} {
		mb, err := bc.MapBudget(names[0], names[1])
		if err != nil || mb.NodeRate != rate || mb.Time != b.Time || !mb.Bank {
			t.Errorf("MapBudget(%v) = %v, %v; want rate %d", names, mb, err, rate)
		}
	}
	_, err = bc.MapBudget("", "cross14")
	var ie *InputError
	if !errors.As(err, &ie) || err.Error() != "w.toml:5:1: budget.node_rate: no node rate for map cross14 (the table has duel10, gen-2p-12x12:1): give its rate, or play the maps the config was tested on" {
		t.Errorf("a map without a rate: %v", err)
	}
	// one rate for every map, as before
	buf.Reset()
	buf.WriteString("game = \"fake\"\n")
	WriteBudget(&buf, game.Budget{Time: time.Second, NodeRate: 500000}, []string{"a", "b"}, []int64{500000, 500000})
	if !strings.Contains(buf.String(), "node_rate = 500000\n") {
		t.Errorf("a scalar rate: %s", buf.String())
	}
	bc, err = ParseBotConfig("s.toml", buf.Bytes())
	if err != nil || bc.NodeRates != nil || bc.Budget.NodeRate != 500000 {
		t.Fatalf("scalar read back: %+v %v", bc, err)
	}
	if mb, err := bc.MapBudget("anything"); err != nil || mb.NodeRate != 500000 {
		t.Errorf("scalar MapBudget: %v %v", mb, err)
	}
}
