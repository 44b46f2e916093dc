package reversixt

import (
	"context"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tourney/engines/game"
)

// mapStat is what TestMapStats measures on one map.
type mapStat struct {
	name                      string
	players, side, cells      int
	holes                     float64 // share of the cells
	trans, ow, bombs, special int
	start                     float64 // moves of a seat at the start (mean over seats)
	branch                    float64 // moves per phase-1 position of a random game
	length                    int     // plies of a random game
	nps                       float64 // paranoid's nodes per CPU second
	depth                     []float64
	// one game of paranoid at depth 2 in every seat (TOURNEY_MAPSTATS_MAPS
	// only): plies in phase 1 and in all
	plies1, plies int
}

// selfPlay plays one game of the paranoid bot at depth 2 in every seat
// and returns the plies of phase 1 and of the whole game.
func selfPlay(tb testing.TB, m *Map) (phase1, all int) {
	s := NewState(m)
	bot := NewParanoidBot(alphaBeta())
	for !s.IsTerminal() {
		a, err := bot.Step(context.Background(), s, s.CurrentPlayer(), game.Budget{Depth: 2})
		if err != nil {
			tb.Fatal(err)
		}
		if s.Phase() == Phase1 {
			phase1++
		}
		s.Apply(a)
		all++
	}
	return phase1, all
}

// statPositions are the positions searched on m: after every seat moved
// twice at random, and halfway through phase 1 of a random game.
func statPositions(m *Map, seed uint64) []*State {
	s := NewState(m)
	rng := game.NewRand(game.Mix(seed, 0x5747))
	free0 := 0
	for _, v := range m.Cells {
		if v != Hole && !isStone(v) {
			free0++
		}
	}
	var out []*State
	var acts []game.Action
	for ply := 0; s.Phase() == Phase1; ply++ {
		if ply == 2*m.NPlayers {
			out = append(out, s.Clone().(*State))
		}
		free := int(s.vals[Empty] + s.vals[Choice] + s.vals[Inversion] + s.vals[Bonus])
		if ply > 2*m.NPlayers && 2*free <= free0 {
			out = append(out, s.Clone().(*State))
			break
		}
		acts = s.LegalActions(s.CurrentPlayer(), acts[:0])
		s.Apply(acts[rng.IntN(len(acts))])
	}
	if len(out) == 0 && NewState(m).Phase() == Phase1 {
		out = append(out, NewState(m))
	}
	return out
}

func measureMap(tb testing.TB, name string, budgets []time.Duration) mapStat {
	m := mustLoad(tb, name)
	st := mapStat{name: name, players: m.NPlayers, side: max(m.Width, m.Height), cells: m.Width * m.Height,
		trans: len(m.Transitions), ow: m.Overwrites, bombs: m.Bombs}
	for _, v := range m.Cells {
		switch v {
		case Hole:
			st.holes++
		case Choice, Inversion, Bonus, Expansion:
			st.special++
		}
	}
	st.holes /= float64(st.cells)
	s := NewState(m)
	for p := 0; p < m.NPlayers; p++ {
		st.start += float64(s.countFor(p)) / float64(m.NPlayers)
	}
	// a random game: its length and the moves per phase-1 position
	rng := game.NewRand(7)
	var acts []game.Action
	moves, pos := 0, 0
	for !s.IsTerminal() {
		acts = s.LegalActions(s.CurrentPlayer(), acts[:0])
		if s.Phase() == Phase1 {
			moves += len(acts)
			pos++
		}
		s.Apply(acts[rng.IntN(len(acts))])
		st.length++
	}
	if pos > 0 {
		st.branch = float64(moves) / float64(pos)
	}
	// The node rate per CPU second (not wall time: the machine may be
	// shared), from a search of 50 000 nodes per position; a time budget
	// T is then searched as a node budget of T × rate, the clock currency
	// of a machine that runs this bot at that rate.
	bot := NewParanoidBot(alphaBeta())
	ps := statPositions(m, 1)
	search := func(p *State, b game.Budget) {
		p = p.Clone().(*State)
		if _, err := bot.Step(context.Background(), p, p.CurrentPlayer(), b); err != nil {
			tb.Fatal(err)
		}
	}
	var nodes int64
	var cpu time.Duration
	for _, p := range ps {
		c0 := cpuTime()
		search(p, game.Budget{Nodes: 50_000})
		cpu += cpuTime() - c0
		nodes += bot.Last.Nodes
	}
	if cpu > 0 {
		st.nps = float64(nodes) / cpu.Seconds()
	}
	for _, b := range budgets {
		sum := 0.0
		for _, p := range ps {
			search(p, game.Budget{Nodes: max(1, int64(b.Seconds()*st.nps))})
			sum += float64(bot.Last.Depth)
		}
		st.depth = append(st.depth, sum/float64(max(len(ps), 1)))
	}
	return st
}

// courseMaps lists the shared course maps that load (nil without
// ../shared); comp marks the competition maps.
func courseMaps() (all, comp []string) {
	isComp := regexp.MustCompile(`^(comp20|20\d\d_comp)`)
	all = sharedMapFiles(func(n, path string) bool {
		if validMapFile(n) && isComp.MatchString(n) {
			comp = append(comp, path)
		}
		return validMapFile(n)
	})
	return all, comp
}

// TestMapStats prints the course's maps against the generator's on size,
// holes, transitions, players, stocks, moves and the depth the paranoid
// bot reaches under time budgets (counted in nodes at the map's rate per
// CPU second, so that a loaded machine measures what an idle one plays):
// TOURNEY_MAPSTATS=1 go test -run TestMapStats -v ./engines/reversixt
// (about 10 minutes of CPU). It skips without that variable or without
// ../shared.
// TOURNEY_MAPSTATS_GEN sets how many gen:SEED maps (default 40),
// TOURNEY_MAPSTATS_COURSE=0 leaves the course maps out,
// TOURNEY_MAPSTATS_MAPS adds a comma-separated list of maps measured one
// by one (the study's maps), TOURNEY_MAPSTATS_BUDGETS the budgets
// (default 200ms,1s).
func TestMapStats(t *testing.T) {
	if os.Getenv("TOURNEY_MAPSTATS") == "" {
		t.Skip("TOURNEY_MAPSTATS=1 measures course and generated maps (minutes)")
	}
	course, comp := courseMaps()
	if course == nil {
		t.Skip("no ../shared/maps/reversixt")
	}
	if os.Getenv("TOURNEY_MAPSTATS_COURSE") == "0" {
		course, comp = nil, nil // a generator change, checked quickly
	}
	var budgets []time.Duration
	for _, f := range strings.Split(envOr("TOURNEY_MAPSTATS_BUDGETS", "200ms,1s"), ",") {
		d, err := time.ParseDuration(f)
		if err != nil {
			t.Fatal(err)
		}
		budgets = append(budgets, d)
	}
	ngen, _ := strconv.Atoi(envOr("TOURNEY_MAPSTATS_GEN", "40"))
	var gen []string
	for s := 1; s <= ngen; s++ {
		gen = append(gen, fmt.Sprintf("gen:%d", s))
	}
	var extra []string
	if e := os.Getenv("TOURNEY_MAPSTATS_MAPS"); e != "" {
		extra = strings.Split(e, ",")
	}
	stats := map[string]mapStat{}
	for _, n := range slices.Concat(course, gen, extra) {
		if _, ok := stats[n]; !ok {
			stats[n] = measureMap(t, n, budgets)
		}
	}
	for _, n := range extra {
		st := stats[n]
		st.plies1, st.plies = selfPlay(t, mustLoad(t, n))
		stats[n] = st
	}
	sets := []struct {
		title string
		names []string
	}{{"course (all)", course}, {"course (competition)", comp}, {fmt.Sprintf("gen:1..%d", ngen), gen}}
	rows := []struct {
		title string
		get   func(mapStat) float64
		f     string
	}{
		{"players", func(s mapStat) float64 { return float64(s.players) }, "%.0f"},
		{"side (larger)", func(s mapStat) float64 { return float64(s.side) }, "%.0f"},
		{"cells", func(s mapStat) float64 { return float64(s.cells) }, "%.0f"},
		{"holes share", func(s mapStat) float64 { return s.holes }, "%.2f"},
		{"transitions", func(s mapStat) float64 { return float64(s.trans) }, "%.0f"},
		{"overwrite stones", func(s mapStat) float64 { return float64(s.ow) }, "%.0f"},
		{"bombs", func(s mapStat) float64 { return float64(s.bombs) }, "%.0f"},
		{"special fields", func(s mapStat) float64 { return float64(s.special) }, "%.0f"},
		{"moves at start", func(s mapStat) float64 { return s.start }, "%.0f"},
		{"branching (random game)", func(s mapStat) float64 { return s.branch }, "%.0f"},
		{"random game plies", func(s mapStat) float64 { return float64(s.length) }, "%.0f"},
		{"paranoid knodes per CPU s", func(s mapStat) float64 { return s.nps / 1000 }, "%.0f"},
	}
	for i, b := range budgets {
		rows = append(rows, struct {
			title string
			get   func(mapStat) float64
			f     string
		}{"depth in " + b.String(), func(s mapStat) float64 {
			if i < len(s.depth) {
				return s.depth[i]
			}
			return math.NaN()
		}, "%.1f"})
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n| statistic, median [min–max] |")
	for _, set := range sets {
		fmt.Fprintf(&sb, " %s, %d maps |", set.title, len(set.names))
	}
	sb.WriteString("\n|---|" + strings.Repeat("---|", len(sets)) + "\n")
	for _, r := range rows {
		fmt.Fprintf(&sb, "| %s |", r.title)
		for _, set := range sets {
			var v []float64
			for _, n := range set.names {
				v = append(v, r.get(stats[n]))
			}
			slices.Sort(v)
			if len(v) == 0 {
				sb.WriteString(" – |")
				continue
			}
			med := v[len(v)/2]
			if len(v)%2 == 0 {
				med = (v[len(v)/2-1] + v[len(v)/2]) / 2
			}
			fmt.Fprintf(&sb, " "+r.f+" ["+r.f+"–"+r.f+"] |", med, v[0], v[len(v)-1])
		}
		sb.WriteString("\n")
	}
	if len(extra) > 0 {
		sb.WriteString("\n| map | players | size | holes | transitions | ow | bombs | moves at start | branching | knodes/s |")
		for _, b := range budgets {
			fmt.Fprintf(&sb, " depth %s |", b)
		}
		sb.WriteString(" plies (phase 1) | game at 1 s/move | at 100 ms/move |")
		sb.WriteString("\n|---|---|---|---|---|---|---|---|---|---|" + strings.Repeat("---|", len(budgets)+3) + "\n")
		for _, n := range extra {
			s := stats[n]
			m := mustLoad(t, n)
			fmt.Fprintf(&sb, "| %s | %d | %dx%d | %.2f | %d | %d | %d s%d | %.0f | %.0f | %.0f |", n, s.players, m.Width, m.Height,
				s.holes, s.trans, s.ow, s.bombs, m.Strength, s.start, s.branch, s.nps/1000)
			for _, d := range s.depth {
				fmt.Fprintf(&sb, " %.1f |", d)
			}
			// a search per phase-1 move; bombs do not search
			fmt.Fprintf(&sb, " %d (%d) | %.1f min | %.1f min |", s.plies, s.plies1, float64(s.plies1)/60, float64(s.plies1)/600)
			sb.WriteString("\n")
		}
	}
	t.Log(sb.String())
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
