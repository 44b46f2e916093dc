package game

import (
	"testing"
	"time"
)

// A parameter that declares ActsUnder acts under a budget of any of its
// kinds (a budget of several kinds has them all), one that declares
// nothing under every budget.
func TestActsUnderBudget(t *testing.T) {
	start := Param{Name: "deepening_start", ActsUnder: []string{BudgetNodes, BudgetClock}}
	depth := Param{Name: "depth", ActsUnder: []string{BudgetNone, BudgetNodes, BudgetClock}}
	plain := Param{Name: "weight"}
	for _, c := range []struct {
		b                   Budget
		start, depth, plain bool
	}{
		{Budget{}, false, true, true},
		{Budget{Depth: 3}, false, false, true},
		{Budget{Nodes: 3000}, true, true, true},
		{Budget{Time: 50 * time.Millisecond}, true, true, true},
		{Budget{Depth: 3, Nodes: 3000}, true, true, true},
	} {
		if got := [3]bool{start.ActsUnderBudget(c.b), depth.ActsUnderBudget(c.b), plain.ActsUnderBudget(c.b)}; got != [3]bool{c.start, c.depth, c.plain} {
			t.Errorf("%v (kinds %v): deepening_start, depth, weight act %v, want %v", c.b, BudgetKinds(c.b), got, [3]bool{c.start, c.depth, c.plain})
		}
	}
	if got := start.ActsUnderText(); got != "a nodes or clock budget" {
		t.Errorf("ActsUnderText %q", got)
	}
	if got := (Param{ActsUnder: []string{BudgetNone, BudgetDepth}}).ActsUnderText(); got != "a depth budget or no budget" {
		t.Errorf("ActsUnderText %q", got)
	}
}
