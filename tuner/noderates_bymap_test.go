package tuner

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/internal/testspace"
	"tourney/tuner/confirm"
	"tourney/tuner/match"
	"tourney/tuner/space"
)

// rxRatesSpace is a clock with a node rate per map (as
// configs/reversixt-study.toml declares them), as small as a sweep gets:
// 2 ms a move is 200 and 300 nodes.
var rxRatesSpace = testspace.Text("rx-rates", 7, "reversixt", "paranoid", `maps = ["duel10", "gen-2p-8x8-h0-t0-o0-b0s0:1"]
budget = { time = "2ms", bank = true, node_rate = { "duel10" = 100000, "gen-2p-8x8-h0-t0-o0-b0s0:1" = 150000 } }
opening_plies = 2
[params]
aspiration = { values = [true, false] }
[tournament]
format = "race"
max_games = 4
holdout = false
confirm_games = 2
`)

// TestWinnerNodeRatesByMap (issue 30 point 4): a sweep under a clock with
// a node rate per map writes them into winner.toml, which reads back as
// a bot config with the same rates, and which confirm --wall-clock
// accepts. Before, winner.toml had time and bank but no node_rate, and
// reading it failed ("a time bank is a clock: give node_rate too").
func TestWinnerNodeRatesByMap(t *testing.T) {
	sp := parseSpace(t, "rx.toml", rxRatesSpace)
	_, dir := sweepSpace(t, sp, 2, RunOptions{})
	w, err := os.ReadFile(filepath.Join(dir, "winner.toml"))
	if err != nil {
		t.Fatal(err)
	}
	line := "node_rate = { duel10 = 100000, \"gen-2p-8x8-h0-t0-o0-b0s0:1\" = 150000 }\nbank = true\n"
	if !bytes.Contains(w, []byte(line)) {
		t.Errorf("winner.toml does not carry the rates per map:\n%s", w)
	}
	bc, err := space.LoadBotConfig(filepath.Join(dir, "winner.toml"))
	if err != nil {
		t.Fatalf("winner.toml does not read back: %v", err)
	}
	sc := &sp.Scenarios[0]
	for mi, m := range sc.Maps {
		b, err := bc.MapBudget(sc.MapNames[mi], m.Name())
		if err != nil || b != sc.MapBudget(mi) {
			t.Errorf("map %s: the winner's budget %v (%v), the sweep's %v", sc.MapNames[mi], b, err, sc.MapBudget(mi))
		}
	}
	// what tourney confirm --wall-clock does (two games on the wall clock)
	os.WriteFile(filepath.Join(dir, "space.toml"), []byte(rxRatesSpace), 0o644)
	cf, _, err := confirm.Dir(context.Background(), sp, dir, confirm.Options{Workers: 1, Quiet: true, WallClock: true})
	if err != nil || !cf.WallClock || cf.Games != 2 {
		t.Fatalf("confirm --wall-clock: %+v %v", cf, err)
	}
}

// TestMatchNodeRatesByMap: an entrant's node rates by map (a bot config's
// table) become each job's seat budget on its map, as a scenario's rates
// become its jobs' budgets; a map without a rate is refused before any
// game.
func TestMatchNodeRatesByMap(t *testing.T) {
	sp := parseSpace(t, "rx.toml", rxRatesSpace)
	sc := &sp.Scenarios[0]
	clock := game.Budget{Time: 2 * time.Millisecond, Bank: true}
	a := arena.Entrant{Spec: sc.Bot, Params: sp.DefaultParams(0), Budget: clock,
		NodeRates: map[string]int64{"duel10": 100000, sc.Maps[1].Name(): 150000}}
	c := &match.Config{Game: sc.Game, A: a, B: arena.Entrant{Spec: sc.Bot, Params: sp.DefaultParams(0)},
		Maps: sc.Maps, MapNames: sc.MapNames, Games: 4, Budget: game.Budget{Depth: 1}}
	for i, j := range match.Jobs(c) {
		mi := j.Meta.(int)
		want := clock
		want.NodeRate = []int64{100000, 150000}[mi]
		clocked := 0
		for _, s := range j.Seats {
			if s.NodeRates != nil || s.Budget != want && s.Budget != (game.Budget{}) {
				t.Fatalf("job %d on %s: seat budget %v, node rates %v; want %v", i, sc.MapNames[mi], s.Budget, s.NodeRates, want)
			}
			if s.Budget == want {
				clocked++
			}
		}
		if clocked != 1 {
			t.Errorf("job %d on %s: %d seats play %v, want A's one", i, sc.MapNames[mi], clocked, want)
		}
	}
	m, err := sc.Game.LoadMap("standard8")
	if err != nil {
		t.Fatal(err)
	}
	c.Maps, c.MapNames = append(c.Maps, m), append(c.MapNames, "standard8")
	c.NameA = "winner.toml"
	out := filepath.Join(t.TempDir(), "m")
	_, err = match.Run(context.Background(), c, match.Options{Out: out, Workers: 1, Quiet: true})
	if err == nil || !strings.Contains(err.Error(), "winner.toml: its budget has no node rate for map standard8") {
		t.Fatalf("a map without a rate: %v", err)
	}
	if _, serr := os.Stat(filepath.Join(out, "games.csv")); serr == nil {
		t.Errorf("games.csv written before the refusal")
	}
	// the arena refuses a seat left unresolved
	j := arena.Job{Game: sc.Game, Map: m, Seats: []arena.Entrant{a, a}, Budget: clock}
	if _, err := arena.Play(context.Background(), &j, arena.Options{}); err == nil || !strings.Contains(err.Error(), "not resolved") {
		t.Errorf("arena.Play of an unresolved seat: %v", err)
	}
}
