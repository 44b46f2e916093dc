package report

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"tourney/tuner/results"
)

// Answer is what a finished sweep says, for people: the report's and
// the live page's first screen.
type Answer struct {
	// Better: the verdict is "better than the defaults".
	Better bool
	// Headline is the verdict as a sentence.
	Headline string
	// Winner is the winner against the defaults with its interval, as a
	// sentence ("" when the defaults won and no figure is known).
	Winner string
	// Notes: P(best), the variants it cannot be separated from, the
	// bound after the choice, confirmations, warnings.
	Notes []string
	// Next is the commands to run next, each with why.
	Next []NextStep
}

// NextStep is a command and what it does.
type NextStep struct{ Command, Why string }

// AnswerOf reads the answer from a results directory's summary.json
// (decoded into sum, numbers as float64 or json.Number).
func AnswerOf(dir string, sum map[string]any) Answer {
	var a Answer
	vd, _ := sum["verdict"].(map[string]any)
	text, _ := vd["text"].(string)
	a.Better, _ = vd["better_than_defaults"].(bool)
	winner, hasWinner := number(sum["winner"])
	w := int(winner)
	values := valuesText(sum["winner_params"])
	conf, ok := number(vd["confidence"])
	if !ok || conf <= 0 {
		conf = 0.95
	}
	elo, hasElo := number(vd["elo_vs_defaults"])
	lo, _ := number(vd["elo_lo"])
	hi, _ := number(vd["elo_hi"])
	blocks, _ := number(vd["holdout_distinct_blocks"])
	if blocks == 0 {
		blocks, _ = number(sum["holdout_blocks"])
	}
	holdout, _ := vd["holdout"].(bool)
	name := fmt.Sprintf("variant %d", w)
	if values != "" {
		name += " (" + values + ")"
	}
	if hasElo {
		a.Winner = fmt.Sprintf("The winner, %s, is %s Elo against the defaults, %g %% interval [%s, %s]", name, signed(elo), 100*conf, signed(lo), signed(hi))
		if holdout && blocks > 0 {
			a.Winner += fmt.Sprintf(", on %d hold-out blocks that played no part in the choice.", int(blocks))
		} else {
			a.Winner += ", from the tournament's games."
		}
	}
	dirArg := shellWord(filepath.Clean(dir))
	switch {
	case text == "":
		a.Headline = "This run has no verdict."
	case a.Better:
		a.Headline = fmt.Sprintf("Variant %d is better than the defaults: promote it.", w)
		a.Next = append(a.Next, NextStep{"tourney promote " + dirArg + " --to my-bot.toml", "writes the winner, with the budget it was tested under, as a bot config file"},
			NextStep{"tourney match my-bot.toml default --games 400", "plays it against the defaults on fresh seeds"})
		if vd["confirmation"] == nil {
			a.Next = append(a.Next, NextStep{"tourney confirm " + dirArg, "a sequential test (GSPRT) of the winner against the defaults on fresh seeds, recorded with this run"})
		}
	case gateFailed(vd):
		a.Headline = fmt.Sprintf("Keep the defaults: variant %d won the tuning but not under the promotion gate's conditions.", w)
		a.Next = append(a.Next, NextStep{"", "Nothing to promote: the gain does not carry to the gate's maps, clock or opponents. Tune on them (or against the gate's opponents as a field), or promote anyway with tourney promote --force."})
	case !hasWinner || w == 0:
		a.Headline = "Keep the defaults: no variant beat them."
		a.Next = append(a.Next, NextStep{"", "Nothing to promote. Vary other knobs, or give the tournament more games ([tournament] max_games, min_blocks)."})
	case strings.Contains(text, "worse"):
		a.Headline = fmt.Sprintf("Keep the defaults: the best variant found, %d, is worse than them on fresh games.", w)
		a.Next = append(a.Next, NextStep{"", "Nothing to promote."})
	default:
		a.Headline = fmt.Sprintf("Keep the defaults: the games cannot tell the winner, variant %d, from them.", w)
		a.Next = append(a.Next, NextStep{"tourney confirm " + dirArg + " --games 2000", "plays the winner against the defaults on fresh seeds until a sequential test (GSPRT) decides, or the games run out"})
	}
	if text != "" {
		a.Notes = append(a.Notes, "The sweep's verdict: "+text+".")
	}
	if pb, ok := number(vd["p_best"]); ok && hasElo {
		n, _ := number(sum["variants"])
		a.Notes = append(a.Notes, fmt.Sprintf("The winner rated highest in %.0f %% of the bootstrap refits among the %d variants.", 100*pb, int(n)))
	}
	if ins, ok := vd["inseparable"].([]any); ok && len(ins) > 0 {
		var s []string
		for _, x := range ins {
			s = append(s, fmt.Sprint(x))
		}
		which := "variant "
		if len(s) > 1 {
			which = "variants "
		}
		a.Notes = append(a.Notes, "It cannot be separated from "+which+strings.Join(s, ", ")+": any of them may be as good; more games would tell.")
	}
	if adj, ok := number(vd["elo_lo_adjusted"]); ok && !holdout {
		a.Notes = append(a.Notes, fmt.Sprintf("The tournament's own lower bound, after paying for choosing the best: %s Elo.", signed(adj)))
	}
	if _, ok := vd["gate"]; ok {
		var vj results.VerdictJSON
		if js, err := json.Marshal(vd); err == nil && json.Unmarshal(js, &vj) == nil {
			if ls := vj.GainLines(); len(ls) > 1 {
				var parts []string
				for _, l := range ls[1:] {
					parts = append(parts, strings.Join(strings.Fields(l), " "))
				}
				a.Notes = append(a.Notes, "Gains over the defaults, side by side: "+strings.Join(parts, "; ")+".")
			}
		}
	}
	if bs, ok := vd["winner_on_bounds"].([]any); ok {
		for _, b := range bs { // issue 44: the best may lie beyond the space
			if m, ok := b.(map[string]any); ok {
				if t, _ := m["text"].(string); t != "" {
					a.Notes = append(a.Notes, "On a bound: "+t+".")
				}
			}
		}
	}
	for _, c := range []struct{ key, label string }{{"confirmation", "Confirmed on fresh seeds"}, {"wall_clock_confirmation", "On the real wall clock"}} {
		if cf, ok := vd[c.key].(map[string]any); ok {
			a.Notes = append(a.Notes, c.label+": "+confirmText(cf)+".")
		}
	}
	if ws, ok := sum["warnings"].([]any); ok {
		for _, x := range ws {
			a.Notes = append(a.Notes, "Warning: "+fmt.Sprint(x))
		}
	}
	return a
}

// gateFailed says whether the run's promotion gate refused the winner.
func gateFailed(vd map[string]any) bool {
	g, ok := vd["gate"].(map[string]any)
	if !ok {
		return false
	}
	passed, _ := g["passed"].(bool)
	return !passed
}

// number reads a JSON number.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case int:
		return float64(x), true
	}
	return math.NaN(), false
}

// signed writes an Elo figure with its sign.
func signed(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	s := strconv.FormatFloat(x, 'f', 1, 64)
	if x > 0 {
		s = "+" + s
	}
	return strings.Replace(s, "-", "−", 1)
}

// valuesText writes a variant's values as k=v in key order.
func valuesText(v any) string {
	m, ok := v.(map[string]any)
	if !ok {
		return ""
	}
	keys := slices.Sorted(maps.Keys(m))
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+"="+fmt.Sprint(m[k]))
	}
	return strings.Join(parts, ", ")
}

// shellWord quotes a path for a shell when it needs it.
func shellWord(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r == ':' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// summaryLabels are the run's facts of summary.json under names for
// people, in the order the report lists them.
var summaryLabels = []struct{ key, label string }{
	{"name", "space"}, {"format", "format"}, {"variants", "variants"}, {"games", "games"}, {"blocks", "blocks"},
	{"distinct_blocks", "distinct blocks"}, {"holdout_games", "hold-out games"}, {"rounds", "rounds (a race: looks)"},
	{"decisions", "how encounters ended"}, {"budget", "budget a move"}, {"forfeits", "forfeits"}, {"seed", "run seed"},
	{"elapsed_seconds", "elapsed"}, {"games_per_second", "games per second"}, {"workers", "workers"}, {"version", "tourney version"},
}

// runFacts is the run's facts for people.
func runFacts(sum map[string]any) []kv {
	var out []kv
	for _, l := range summaryLabels {
		v, ok := sum[l.key]
		if !ok {
			continue
		}
		t := summaryText(v)
		switch l.key {
		case "elapsed_seconds":
			if f, ok := number(v); ok {
				t = strconv.FormatFloat(f, 'f', 1, 64) + " s"
			}
		case "decisions":
			if m, ok := v.(map[string]any); ok {
				t = decisionsText(m)
			}
		}
		out = append(out, kv{l.label, t})
	}
	return out
}

// decisionsText says how the encounters ended, in words.
func decisionsText(m map[string]any) string {
	words := map[string]string{"evidence": "on evidence", "cap": "at the cap (settled by the ratings)", "bye": "by a bye", "budget": "when the budget ran out"}
	keys := slices.Sorted(maps.Keys(m))
	var parts []string
	for _, k := range keys {
		w := words[k]
		if w == "" {
			w = k
		}
		parts = append(parts, fmt.Sprintf("%s %s", summaryText(m[k]), w))
	}
	return strings.Join(parts, ", ")
}

// historyRow is one round (a race: one look) of the run.
type historyRow struct {
	Round, Variants, Advanced int
	Leader, Score, Decided    string
}

// decidedWords say bracket.csv's decisions in words.
var decidedWords = map[string]string{"continue": "went on", "evidence": "on evidence", "cap": "at the cap", "bye": "a bye"}

// history summarizes bracket.csv by round: how many played, how many
// went on, and the best score of the round.
func (d *Data) history() []historyRow {
	var out []historyRow
	best := math.Inf(-1)
	for _, b := range d.Bracket {
		if len(out) == 0 || out[len(out)-1].Round != b.Round {
			out = append(out, historyRow{Round: b.Round})
			best = math.Inf(-1)
		}
		h := &out[len(out)-1]
		h.Variants++
		if b.Advanced {
			h.Advanced++
		}
		if f, err := strconv.ParseFloat(b.Points, 64); err == nil && f > best {
			best = f
			h.Leader, h.Score = b.Who, b.Points
		}
		for _, part := range strings.Split(b.Extra, ", ") {
			w, ok := strings.CutPrefix(part, "decided ")
			if x, known := decidedWords[w]; ok && known {
				w = x
			}
			if ok && !strings.Contains(h.Decided, w) {
				if h.Decided != "" {
					h.Decided += ", "
				}
				h.Decided += w
			}
		}
	}
	return out
}
