package results

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"tourney/arena"
)

// Forfeits: every one is counted by bot and reason (summary.json
// forfeits_by_bot, a line on stdout), its cause goes into the bot's log
// when the bot is external (a line per forfeit: game, seat, reason,
// detail), and a variant that forfeited most of its games is named in a
// warning printed above the verdict (summary.json warnings).

// forfeitTally counts a sweep's forfeits: total over the variants' seats
// (summary.json forfeits), byBot over every seat.
type forfeitTally struct {
	total int
	byBot map[string]map[string]int // bot → reason → forfeits
}

// add counts a seat's forfeit (end is "forfeit:REASON").
func (f *forfeitTally) add(bot, end string) {
	if f.byBot == nil {
		f.byBot = map[string]map[string]int{}
	}
	if f.byBot[bot] == nil {
		f.byBot[bot] = map[string]int{}
	}
	f.byBot[bot][strings.TrimPrefix(end, "forfeit:")]++
}

// noteForfeit writes the forfeit of seat in game gameNo into the log of
// an external bot (RESULTS/bots/NAME.log).
func (r *Sweep) noteForfeit(bot string, gameNo, seat int, seed uint64, res *arena.Result) {
	d := r.s.ExternalBots()[bot]
	if d == nil {
		return
	}
	d.Note("forfeit: game %d (seed %d), seat %d: %s: %s", gameNo, seed, seat, strings.TrimPrefix(res.End[seat], "forfeit:"), seatDetail(res.Detail, seat))
}

// seatDetail is seat's part of an arena.Result's Detail ("seat N: ...;
// seat M: ...").
func seatDetail(detail string, seat int) string {
	prefix := fmt.Sprintf("seat %d: ", seat)
	for _, part := range strings.Split(detail, "; seat ") {
		if !strings.HasPrefix(part, "seat ") {
			part = "seat " + part
		}
		if strings.HasPrefix(part, prefix) {
			return strings.TrimPrefix(part, prefix)
		}
	}
	if detail == "" {
		return "(no detail)"
	}
	return detail
}

// forfeitWarnings names every variant that forfeited most of its games:
// its results say nothing of its strength.
func (r *Sweep) forfeitWarnings() []string {
	var out []string
	for i, st := range r.stats {
		if st.games > 0 && 2*st.forfeits > st.games {
			out = append(out, fmt.Sprintf("variant %d forfeited %d of its %d games: its results say nothing of its strength%s",
				i, st.forfeits, st.games, r.logHint()))
		}
	}
	return out
}

// logHint points at the external bots' logs, where the causes are.
func (r *Sweep) logHint() string {
	var logs []string
	for name := range r.s.ExternalBots() {
		if r.forfeits.byBot[name] != nil {
			logs = append(logs, filepath.Join(r.opt.Out, "bots", name+".log"))
		}
	}
	if len(logs) == 0 {
		return " (forfeits by cause: games.csv, end)"
	}
	sort.Strings(logs)
	return " (the cause of each forfeit: " + strings.Join(logs, ", ") + ")"
}

// ForfeitsLine is the summary's forfeits by bot and reason on one line
// ("" without forfeits): "forfeits by bot (every seat): mybot crash 3, timeout 1".
func ForfeitsLine(s Summary) string {
	if len(s.ForfeitsByBot) == 0 {
		return ""
	}
	var bots []string
	for b := range s.ForfeitsByBot {
		bots = append(bots, b)
	}
	sort.Strings(bots)
	var parts []string
	for _, b := range bots {
		var rs []string
		for reason := range s.ForfeitsByBot[b] {
			rs = append(rs, reason)
		}
		sort.Strings(rs)
		for i, reason := range rs {
			rs[i] = fmt.Sprintf("%s %d", reason, s.ForfeitsByBot[b][reason])
		}
		parts = append(parts, b+" "+strings.Join(rs, ", "))
	}
	return "forfeits by bot and reason (every seat): " + strings.Join(parts, "; ")
}
