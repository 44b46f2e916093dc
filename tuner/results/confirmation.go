package results

import "fmt"

// EloInterval is an Elo figure with its interval (nil: not measured),
// in summary.json as elo, elo_lo and elo_hi.
type EloInterval struct {
	Elo *float64 `json:"elo"`
	Lo  *float64 `json:"elo_lo"`
	Hi  *float64 `json:"elo_hi"`
}

// GSPRTEnd is where a GSPRT (statistics.md §5) stopped: the test, its
// LLR, its [lower, upper] LLR bounds and its state, H1, H0 or continue
// (the cap on games came first).
type GSPRTEnd struct {
	SPRT   string     `json:"sprt"`
	LLR    float64    `json:"llr"`
	Bounds [2]float64 `json:"llr_bounds"`
	State  string     `json:"state"`
}

// Confirmation is a run's winner played against the defaults on fresh
// seeds with a GSPRT (statistics.md §5): "better than the defaults" only
// when the test accepts H1.
type Confirmation struct {
	Games int `json:"games"`
	EloInterval
	GSPRTEnd
	Dir string `json:"dir"`
	// Budget is what the games were played under; WallClock that a
	// clock in nodes was played on the wall clock instead.
	Budget    string `json:"budget,omitempty"`
	WallClock bool   `json:"wall_clock,omitempty"`
	// SweepText and SweepBetter are the sweep's verdict before the
	// confirmation: an undecided confirmation keeps it, and confirming
	// again starts from it.
	SweepText   string `json:"sweep_verdict"`
	SweepBetter bool   `json:"sweep_better"`
}

// Undecided says what an undecided confirmation found.
func (cf *Confirmation) Undecided() string {
	return fmt.Sprintf("confirmation undecided after %d games (LLR %.2f in [%.2f, %.2f])", cf.Games, cf.LLR, cf.Bounds[0], cf.Bounds[1])
}

// Apply makes a decided confirmation the verdict: H1 is "better than
// the defaults", H0 keeps the defaults. An undecided one (the cap came
// first) decides nothing: the sweep's verdict stands, and says so.
func (cf *Confirmation) Apply(v *Verdict) {
	v.Confirm = cf
	cf.SweepText, cf.SweepBetter = v.Text, v.Better
	switch cf.State {
	case "H1":
		v.Better = true
		v.Text = verdictBetter + " (confirmed on fresh seeds)"
	case "H0":
		v.Better = false
		v.Text = verdictKeep + " (the confirmation rejected the winner)"
	default:
		v.Text += "; " + cf.Undecided()
	}
}

// FieldCheck is a transfer check of a sweep's winner (tourney confirm
// --against BOT): the winner and the defaults each play the same deals
// against a bot of the field (an external contest bot, say), and the
// difference of their points per deal is the figure (paired, so that the
// deals' own luck cancels).
type FieldCheck struct {
	Against  string   `json:"against"`
	Deals    int      `json:"deals"`
	Winner   float64  `json:"winner_points"`   // mean points a game
	Defaults float64  `json:"defaults_points"` // mean points a game
	Diff     float64  `json:"difference"`      // winner − defaults, points a game
	Lo       *float64 `json:"difference_lo,omitempty"`
	Hi       *float64 `json:"difference_hi,omitempty"`
	P        float64  `json:"p"`
	Budget   string   `json:"budget"`
	Dir      string   `json:"dir"`
	// Forfeits of the winner's and the defaults' opponent (the field bot).
	Forfeits [2]int `json:"field_forfeits"`
}
