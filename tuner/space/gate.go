package space

import (
	"fmt"
	"slices"

	"tourney/engines/game"
)

// GateConfig is the [gate] table (issue 44): conditions the winner must
// also win under before the verdict says "better" — the contest's clock,
// maps the tuning did not use, opponents it did not meet. After the
// sweep's own verdict (and confirmation) the winner and the defaults play
// there on the same deals under a GSPRT:
//
//	[gate]
//	maps      = ["heldout/"]            # default: the first scenario's maps
//	against   = ["brs", "bots/mcts.toml"] # bots or bot config files; none: the winner against the defaults
//	budget    = { time = "1s", node_rate = "measure", bank = true }  # default: the first scenario's
//	opening_plies = 4                   # default: the first scenario's
//	max_games = 2000                    # default: [tournament] confirm_games
//	elo       = [0, 10]                 # the GSPRT's elo0, elo1; default: confirm_elo
//
// With against, each of the winner and the defaults plays every opponent
// on the same deals and a deal's result is the winner's points less the
// defaults' (the deals' own luck cancels); without, they play each
// other, as the confirmation does.
type GateConfig struct {
	Maps     []game.Map
	MapNames []string
	// Budget, NodeRates and MeasureRates are the gate's clock, as a
	// scenario's (NodeRates per map of Maps).
	Budget       game.Budget
	NodeRates    []int64
	MeasureRates bool
	Against      []FieldBot
	OpeningPlies int
	MaxGames     int
	Elo          [2]float64
}

// gateKeys are the keys of [gate].
var gateKeys = []string{"maps", "against", "budget", "opening_plies", "max_games", "elo"}

// parseGate reads [gate] (after [tournament], whose confirm_games and
// confirm_elo are its defaults).
func (s *Space) parseGate(t *tomlTable, dir string) error {
	if t == nil {
		return nil
	}
	if err := t.allow(gateKeys...); err != nil {
		return err
	}
	sc := &s.Scenarios[0]
	g := &GateConfig{Maps: sc.Maps, MapNames: sc.MapNames, Budget: sc.Budget, NodeRates: sc.NodeRates, MeasureRates: sc.MeasureRates,
		OpeningPlies: sc.OpeningPlies, MaxGames: s.Tournament.ConfirmGames, Elo: s.Tournament.ConfirmElo}
	if t.has("maps") {
		var err error
		if g.Maps, g.MapNames, err = parseMaps(t, sc.Game, dir, &s.Files); err != nil {
			return err
		}
		g.NodeRates, g.MeasureRates = nil, false
		if !t.has("budget") && (sc.NodeRates != nil || sc.MeasureRates) {
			// a clock's rates are per map: one rate for all holds for the
			// gate's maps too, else they are measured
			if r := sc.NodeRates; !sc.MeasureRates && len(r) > 0 && !slices.ContainsFunc(r, func(x int64) bool { return x != r[0] }) {
				g.NodeRates = slices.Repeat([]int64{r[0]}, len(g.Maps))
			} else {
				g.MeasureRates = true
			}
		}
	}
	bt, budget, err := budgetTable(t)
	if err != nil {
		return err
	}
	if bt != nil {
		g.Budget = budget
		g.Budget.NodeRate = 0 // per map
		g.NodeRates, g.MeasureRates = nil, false
		if err := parseClock(bt, &g.Budget, g.MapNames, &g.NodeRates, &g.MeasureRates, nil); err != nil {
			return err
		}
	}
	against, _, err := t.strList("against")
	if err != nil {
		return err
	}
	for i, ref := range against {
		at := append(t.sub("against"), idxSeg(i))
		fb, err := resolveFieldBot(t.doc, at, sc.Game, dir, ref)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(g.Against, func(o FieldBot) bool { return o.Name == fb.Name }) {
			return t.doc.errAt(at, fmt.Sprintf("opponent %q is listed twice", fb.Name))
		}
		if fb.Path != "" {
			s.Files = append(s.Files, File{Name: ref, Path: fb.Path})
		}
		g.Against = append(g.Against, fb)
	}
	op, err := t.within("opening_plies", int64(g.OpeningPlies), 0, 1000)
	if err != nil {
		return err
	}
	if ml := sc.Game.Info().MaxLength; ml > 0 && op >= int64(ml) {
		return t.err("opening_plies", "%d random plies would fill a whole game: %s lasts at most %d plies", op, sc.Game.Info().Name, ml)
	}
	g.OpeningPlies = int(op)
	if err := t.gsprtKeys("max_games", int64(g.MaxGames), "elo", &g.MaxGames, &g.Elo); err != nil {
		return err
	}
	s.Gate = g
	return nil
}

// gsprtKeys reads a GSPRT's keys: its cap on games (gamesKey, at least
// 2; def when absent) and its Elo bounds (eloKey: [elo0, elo1] with
// elo0 < elo1; *elo kept when absent).
func (t *tomlTable) gsprtKeys(gamesKey string, def int64, eloKey string, games *int, elo *[2]float64) error {
	n, err := t.atLeast(gamesKey, def, 2, 1e8)
	if err != nil {
		return err
	}
	*games = int(n)
	if t.has(eloKey) {
		e, ok := eloPair(t.m[eloKey])
		if !ok {
			return t.err(eloKey, "want two Elo values [elo0, elo1] with elo0 < elo1, e.g. [0, 10]")
		}
		*elo = e
	}
	return nil
}

// eloPair reads [elo0, elo1] with elo0 < elo1.
func eloPair(v any) ([2]float64, bool) {
	var e [2]float64
	raw, ok := v.([]any)
	if !ok || len(raw) != 2 {
		return e, false
	}
	for i, x := range raw {
		switch v := x.(type) {
		case int64:
			e[i] = float64(v)
		case float64:
			e[i] = v
		default:
			return e, false
		}
	}
	return e, e[0] < e[1]
}

// GateTag mixes the space's seed into the gate's (no sweep game, hold-out
// or confirmation game shares a deal with it).
const GateTag = 0x6a7e

// GateSpace is the space whose first scenario is the gate's conditions
// (its maps, budget, opening; the gate's opponents as its field), with
// confirm_games the gate's max_games, confirm_elo its elo and a seed of
// its own: what tuner/confirm plays the gate on. Nil without a gate.
func (s *Space) GateSpace() *Space {
	if s.Gate == nil {
		return nil
	}
	g := s.Gate
	gs := *s
	sc := s.Scenarios[0]
	sc.Maps, sc.MapNames, sc.Budget, sc.NodeRates, sc.MeasureRates = g.Maps, g.MapNames, g.Budget, g.NodeRates, g.MeasureRates
	sc.OpeningPlies, sc.Field = g.OpeningPlies, g.Against
	gs.Scenarios = []Scenario{sc}
	gs.Tournament.ConfirmGames, gs.Tournament.ConfirmElo = g.MaxGames, g.Elo
	gs.Seed = game.Mix(s.Seed, GateTag)
	gs.Gate = nil
	return &gs
}
