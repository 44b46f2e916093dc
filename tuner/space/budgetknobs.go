package space

import (
	"fmt"
	"strings"
)

// IdleKnobs says, for each varied knob that the bot declares as acting
// only under other budgets than its scenarios' (game.Param.ActsUnder:
// deepening_start acts only under a nodes or clock budget), that it will
// change no game: `tourney validate` prints it before the run. A knob
// idle in some scenarios only is named with them. The sweep names,
// after the run, every knob that changed no game whatever it declares.
func (s *Space) IdleKnobs() []string {
	var out []string
	for _, p := range s.Params {
		var uses []string
		under := ""
		for i := range s.Scenarios {
			sc := &s.Scenarios[i]
			d, ok := sc.Bot.Param(p.Name)
			if !ok || d.ActsUnderBudget(sc.Budget) {
				continue
			}
			under = d.ActsUnderText()
			b := sc.Budget.String()
			if sc.Budget.IsZero() {
				b = "no budget"
			}
			uses = append(uses, fmt.Sprintf("scenario %d uses %s", i+1, b))
		}
		if len(uses) == 0 {
			continue
		}
		where := ""
		if len(uses) < len(s.Scenarios) {
			where = " there"
		}
		out = append(out, fmt.Sprintf("params.%s acts only under %s; %s: it will change no game%s",
			p.Name, under, strings.Join(uses, ", "), where))
	}
	return out
}
