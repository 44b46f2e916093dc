package space

import (
	"strings"
	"testing"
	"time"
)

// [gate] (issue 44): its keys, its defaults (the first scenario's
// conditions, confirm_games and confirm_elo) and its errors, each naming
// the file, line and key.
func TestGateParse(t *testing.T) {
	const head = "seed = 7\n[[scenario]]\ngame = \"fake\"\nmaps = [\"small\"]\nbudget = { depth = 3 }\nopening_plies = 2\n[params]\ndepth = { values = [1, 2] }\n[tournament]\nconfirm_games = 300\n"
	if s := mustParse(t, head); s.Gate != nil || s.GateSpace() != nil {
		t.Fatalf("no [gate], yet a gate: %+v", s.Gate)
	}
	s := mustParse(t, head+"[gate]\nagainst = [\"plain\"]\n")
	g := s.Gate
	if g == nil || len(g.Against) != 1 || g.Against[0].Name != "plain" || g.MaxGames != 300 || g.Elo != [2]float64{0, 10} ||
		g.Budget.Depth != 3 || g.OpeningPlies != 2 || strings.Join(g.MapNames, ",") != "small" {
		t.Fatalf("defaults: %+v", g)
	}
	s = mustParse(t, head+"[gate]\nmaps = [\"big\"]\nbudget = { time = \"1s\", node_rate = 5000, bank = true }\nopening_plies = 0\nmax_games = 50\nelo = [-5, 5]\n")
	g = s.Gate
	if strings.Join(g.MapNames, ",") != "big" || g.Budget.Time != time.Second || !g.Budget.Bank || len(g.NodeRates) != 1 || g.NodeRates[0] != 5000 ||
		g.OpeningPlies != 0 || g.MaxGames != 50 || g.Elo != [2]float64{-5, 5} || len(g.Against) != 0 {
		t.Fatalf("set: %+v", g)
	}
	gs := s.GateSpace()
	if gs.Seed == s.Seed || gs.Scenarios[0].MapNames[0] != "big" || gs.Tournament.ConfirmGames != 50 || gs.Gate != nil || s.Scenarios[0].MapNames[0] != "small" {
		t.Errorf("gate space: seed %d, maps %v, games %d", gs.Seed, gs.Scenarios[0].MapNames, gs.Tournament.ConfirmGames)
	}
	for _, c := range []struct{ text, want string }{
		{"[gate]\nmap = [\"big\"]\n", "space.toml:12:1: gate.map: unknown key (known keys here: maps, against, budget, opening_plies, max_games, elo)"},
		{"[gate]\nagainst = [\"strong\"]\n", `space.toml:12:12: gate.against: game "fake" has no bot "strong"`},
		{"[gate]\nagainst = [\"plain\", \"plain\"]\n", `gate.against: opponent "plain" is listed twice`},
		{"[gate]\nbudget = { plies = 3 }\n", "space.toml:12:12: gate.budget.plies: unknown key"},
		{"[gate]\nmax_games = 1\n", "space.toml:12:1: gate.max_games: must be at least 2"},
		{"[gate]\nelo = [5, 0]\n", "gate.elo: want two Elo values"},
		{"[gate]\nmaps = [\"nowhere.map\"]\n", "space.toml:12:9: gate.maps"},
	} {
		if got := spaceErr(t, head+c.text); !strings.Contains(got, c.want) {
			t.Errorf("%q:\n  %s\nwant\n  %s", c.text, got, c.want)
		}
	}
	if got := spaceErr(t, "gate = 3\n"+head); !strings.Contains(got, "space.toml:1:1: gate: expected a table") {
		t.Errorf("gate = 3: %s", got)
	}
}
