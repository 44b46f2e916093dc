package space

import (
	"sort"
	"strings"

	"tourney/engines/game"
)

// A clock budget (product.md §6) is a `time` with a `node_rate`: the
// contest's time limit counted in nodes at that rate, so that knobs that
// act only under a clock (aspiration, deepening, the time bank's spending)
// are tuned as they play while every game replays byte for byte. `bank =
// true` makes it the course's time bank (reversixt.md §8.4). The node
// rate is nodes per second of the scenario's bot on that game and map:
//
//	budget = { time = "1s", node_rate = 1500000 }                  # every map
//	budget = { time = "1s", node_rate = { duel10 = 2100000, cross14 = 1300000 }, bank = true }
//	budget = { time = "1s", node_rate = "measure" }                # measured at the start
//
// A measured rate is measured once, before the first game, on this
// machine, and recorded in the results (noderates.csv) so that a resumed
// run and every cluster worker use the same; declared rates make the
// same space give the same bytes on any machine (`tourney validate`
// measures them and prints the line to declare).

// MeasureRate is the node_rate value that asks for a measurement.
const MeasureRate = "measure"

// MapBudget is the budget of the scenario's games on map mi: the
// scenario's budget with that map's node rate.
func (sc *Scenario) MapBudget(mi int) game.Budget {
	b := sc.Budget
	if mi >= 0 && mi < len(sc.NodeRates) && sc.NodeRates[mi] > 0 {
		b.NodeRate = sc.NodeRates[mi]
	}
	return b
}

// Clocked reports whether the scenario plays under a clock in nodes.
func (sc *Scenario) Clocked() bool {
	return sc.Budget.Time > 0 && (sc.MeasureRates || len(sc.NodeRates) > 0)
}

// budgetKeys are the keys of a budget table.
var budgetKeys = []string{"depth", "nodes", "time", "node_rate", "bank"}

// parseClock reads the clock keys (node_rate, bank) of a budget table
// into b. rates is set for a scenario (a rate per map, or a table by map
// name); nil for a bot config, which takes one number or a table by map
// name into named (any map names: the config's maps are known only when
// it plays, BotConfig.MapBudget).
func parseClock(t *tomlTable, b *game.Budget, maps []string, rates *[]int64, measure *bool, named *map[string]int64) error {
	if t.has("bank") {
		bank, err := t.boolean("bank", false)
		if err != nil {
			return err
		}
		if bank && !t.has("node_rate") {
			return t.err("bank", "a time bank is a clock: give node_rate too (nodes per second, a table by map, or %q)", MeasureRate)
		}
		b.Bank = bank
	}
	if !t.has("node_rate") {
		return nil
	}
	if b.Time <= 0 {
		return t.err("node_rate", "a node rate makes a time budget a clock in nodes: give time too, e.g. time = \"1s\"")
	}
	checkRate := func(key string, v any, at func(string, ...any) error) (int64, error) {
		n, ok := v.(int64)
		if !ok {
			if f, isF := v.(float64); isF && f == float64(int64(f)) {
				n, ok = int64(f), true
			}
		}
		if !ok || n < 1 {
			return 0, at("node_rate must be a positive whole number of nodes per second, found %s", describeTOML(v))
		}
		if n > 1e10 {
			return 0, at("node_rate %d nodes per second is not a plausible rate", n)
		}
		return n, nil
	}
	switch v := t.m["node_rate"].(type) {
	case string:
		if v != MeasureRate || rates == nil {
			want := "a number of nodes per second or a table by map name"
			if rates != nil {
				want = "a number of nodes per second, a table by map name, or \"measure\""
			} else if v == MeasureRate {
				want += " (a bot config gives the rates it was tested under: the sweep's noderates.csv has them)"
			}
			return t.err("node_rate", "want %s, found %q", want, v)
		}
		*measure = true
	case map[string]any:
		rt, _ := t.table("node_rate")
		if rates == nil && named == nil {
			return t.err("node_rate", "want one node rate (nodes per second) here, found a table")
		}
		if rates == nil { // a bot config: a rate for each map it names
			if len(rt.m) == 0 {
				return t.err("node_rate", "an empty table: give each map's node rate, e.g. node_rate = { duel10 = 950000 }")
			}
			*named = make(map[string]int64, len(rt.m))
			for _, k := range rt.keys() {
				n, err := checkRate(k, rt.m[k], func(f string, a ...any) error { return rt.err(k, f, a...) })
				if err != nil {
					return err
				}
				(*named)[k] = n
			}
			return nil
		}
		*rates = make([]int64, len(maps))
		for _, k := range rt.keys() {
			i := indexOf(maps, k)
			if i < 0 {
				return rt.err(k, "not a map of this scenario (its maps: %s)", strings.Join(maps, ", "))
			}
			n, err := checkRate(k, rt.m[k], func(f string, a ...any) error { return rt.err(k, f, a...) })
			if err != nil {
				return err
			}
			(*rates)[i] = n
		}
		var missing []string
		for i, n := range *rates {
			if n == 0 {
				missing = append(missing, maps[i])
			}
		}
		if len(missing) > 0 {
			sort.Strings(missing)
			return t.err("node_rate", "no rate for map %s (give every map of the scenario a rate, or one number for all)", strings.Join(missing, ", "))
		}
	default:
		n, err := checkRate("node_rate", v, func(f string, a ...any) error { return t.err("node_rate", f, a...) })
		if err != nil {
			return err
		}
		b.NodeRate = n
		if rates != nil {
			*rates = make([]int64, len(maps))
			for i := range *rates {
				(*rates)[i] = n
			}
		}
	}
	return nil
}

func indexOf(xs []string, x string) int {
	for i, s := range xs {
		if s == x {
			return i
		}
	}
	return -1
}
