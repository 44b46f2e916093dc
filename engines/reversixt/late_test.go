package reversixt

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"tourney/engines/game"
)

// latePosition plays seeded random moves on m into the late part of
// phase 1: normal moves while the mover has any (so the overwrite stones
// stay in stock), overwrite moves only when it has no other, until at
// most an eighth of the fields free at the start are still free, or half
// of them are and the mover has no normal move left (the overwrite phase
// of a full board). When phase 1 ends first (maps without overwrite
// stones), it is the position 8 plies before the end; nil when the map
// has no phase 1 (a full board without overwrite stones).
func latePosition(m *Map, seed uint64) *State {
	s, _ := latePlay(m, seed)
	return s
}

// latePlay is latePosition with the moves that lead to it.
func latePlay(m *Map, seed uint64) (*State, []game.Action) {
	s := NewState(m)
	if s.Phase() != Phase1 {
		return nil, nil
	}
	free0 := 0
	for _, v := range m.Cells {
		if v != Hole && !isStone(v) {
			free0++
		}
	}
	rng := game.NewRand(game.Mix(seed, 0x1a7e))
	var acts, normal, played []game.Action
	for s.Phase() == Phase1 {
		acts = s.LegalActions(s.CurrentPlayer(), acts[:0])
		normal = normal[:0]
		for _, a := range acts {
			if t, _ := SplitAction(a); !isStone(s.board[t]) {
				normal = append(normal, a)
			}
		}
		free := int(s.vals[Empty] + s.vals[Choice] + s.vals[Inversion] + s.vals[Bonus])
		if 8*free <= free0 || len(normal) == 0 && 2*free <= free0 {
			return s, played
		}
		if len(normal) == 0 {
			normal = acts
		}
		a := normal[rng.IntN(len(normal))]
		s.Apply(a)
		played = append(played, a)
	}
	played = played[:max(0, len(played)-8)]
	s = NewState(m)
	for _, a := range played {
		s.Apply(a)
	}
	return s, played
}

// eightPlayerMaps lists the shared 8-player maps (nil when ../shared is
// absent).
func eightPlayerMaps() []string {
	return sharedMapFiles(func(name, path string) bool {
		if !validMapFile(name) {
			return false
		}
		m, err := LoadMap(path)
		return err == nil && m.NPlayers == 8
	})
}

// latePositions returns the late positions of m for seeds 1..k (fewer
// when phase 1 ends first).
func latePositions(m *Map, k int) []*State {
	var out []*State
	for seed := uint64(1); seed <= uint64(k); seed++ {
		if s := latePosition(m, seed); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// lateRun searches each position with bot at depth 2 and returns the
// nodes, the CPU time in all and the CPU time of the slowest move.
func lateRun(tb testing.TB, bot *ParanoidBot, pos []*State) (nodes int64, cpu, worst time.Duration) {
	for _, s := range pos {
		s = s.Clone().(*State)
		c0 := cpuTime()
		if _, err := bot.Step(context.Background(), s, s.CurrentPlayer(), game.Budget{Depth: 2}); err != nil {
			tb.Fatal(err)
		}
		d := cpuTime() - c0
		cpu += d
		worst = max(worst, d)
		nodes += bot.Last.Nodes
	}
	return
}

// BenchmarkLatePhase8p: the paranoid bot at depth 2 from late phase-1
// positions (overwrite stones in stock) of every shared 8-player map, and
// of standard8 for scale. Per map it reports nodes per CPU second, nodes
// per search, the CPU time of the slowest move, and x-std8, the CPU per
// node against standard8's (measured first, in the same run). Each
// iteration repeats the map's searches until they took 50 ms of CPU, so
// that small trees are timed over more than a few microseconds.
func BenchmarkLatePhase8p(b *testing.B) {
	bot := NewParanoidBot(alphaBeta())
	rate := func(tb testing.TB, pos []*State, min time.Duration) (nodes, searches int64, cpu, worst time.Duration) {
		for cpu < min || searches == 0 {
			n, c, w := lateRun(tb, bot, pos)
			nodes, cpu, worst = nodes+n, cpu+c, max(worst, w)
			searches += int64(len(pos))
		}
		return
	}
	runtime.GC()
	sn, _, sc, _ := rate(b, latePositions(mustLoad(b, "standard8"), 3), 300*time.Millisecond)
	stdRate := float64(sn) / sc.Seconds()
	for _, name := range append([]string{"standard8"}, eightPlayerMaps()...) {
		pos := latePositions(mustLoad(b, name), 3)
		if len(pos) == 0 {
			continue // no phase 1
		}
		b.Run(filepath.Base(name), func(b *testing.B) {
			runtime.GC()
			var nodes, searches int64
			var cpu, worst time.Duration
			for b.Loop() {
				n, k, c, w := rate(b, pos, 50*time.Millisecond)
				nodes, searches, cpu, worst = nodes+n, searches+k, cpu+c, max(worst, w)
			}
			r := float64(nodes) / cpu.Seconds()
			b.ReportMetric(r, "nodes/cpu-s")
			b.ReportMetric(float64(nodes)/float64(searches), "nodes/search")
			b.ReportMetric(worst.Seconds(), "worst-cpu-s")
			b.ReportMetric(stdRate/r, "x-std8")
		})
	}
}

// The paranoid bot's choices at depth 2 from late phase-1 positions of
// the built-in maps and the 50×50 test map (overwrite stones in stock,
// hundreds of overwrite moves per node), pinned with the code before the
// late-phase speed-up (PIN_WRITE=1 writes them): it must keep the same
// move, value and node count. big50 is left out under -short and -race.
const latePinFile = "testdata/paranoid-late-pins.txt"

var latePinConfigs = []pinConfig{
	{"default", 2, nil},
	{"nott", 2, map[string]any{ParamTTLog2: 0}},
	{"reach", 2, map[string]any{ParamStratMode: StratReach, ParamPositionWeight: 2.0, ParamBreakEven: 0.3}},
}

func TestParanoidLatePins(t *testing.T) {
	if os.Getenv("PIN_WRITE") != "" {
		var lines []string
		for _, c := range []struct {
			name  string
			seeds int
		}{{"octo20", 3}, {"cross14", 1}, {"tri13", 1}, {"example15", 1}, {"testdata/big50-8p.map", 1}} {
			m := mustLoad(t, c.name)
			for seed := uint64(1); seed <= uint64(c.seeds); seed++ {
				_, played := latePlay(m, seed)
				replay := NewState(m)
				var mv []string
				for _, a := range played {
					mv = append(mv, replay.ActionString(replay.CurrentPlayer(), a))
					replay.Apply(a)
				}
				for _, cfg := range latePinConfigs {
					if strings.Contains(c.name, "big50") && cfg.name == "nott" {
						continue
					}
					lines = append(lines, runPin(t, pinCase{mapName: c.name, config: cfg.name, depth: cfg.depth, moves: mv}, cfg.params).String())
				}
			}
		}
		data := "# map|config|depth|moves from the start|chosen move|nodes|value (see late_test.go)\n" + strings.Join(lines, "\n") + "\n"
		if err := os.WriteFile(latePinFile, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if n := checkPins(t, latePinFile, latePinConfigs, testing.Short() || raceEnabled); n < 10 {
		t.Errorf("only %d pinned late positions", n)
	}
}

// rayGains gives cellGain's value bit for bit, for every seat on every
// field, and rayTargets' targets; rayMoves (and freeMoves, for a mover
// without overwrite stones) gives the search's moves and keys;
// along random games (overwrite moves included) on the built-in
// maps and, without -short and -race, on the shared 8-player maps.
func TestRayGainsMatchCellGain(t *testing.T) {
	maps := []string{"standard8", "example15", "duel10", "tri13", "cross14", "octo20"}
	if !testing.Short() && !raceEnabled {
		maps = append(maps, eightPlayerMaps()...)
	}
	freeChecks := 0
	for _, name := range maps {
		m := mustLoad(t, name)
		e := newEvaluator(DefaultEvalConfig())
		checks := 0
		var check func(*State, string)
		check0 := func(s *State, what string) {
			e.setRoot(s, s.CurrentPlayer())
			for p := 0; p < s.n; p++ {
				if p%2 == 1 {
					// The lines direction by direction, as where Vo
					// is not an integer.
					e.voInt = false
				}
				e.rayGains(s, p, true)
				if want := s.targetSet(p); !slices.Equal(e.tset[:len(want)], want) {
					t.Fatalf("%s %s seat %d: targets differ", name, what, p)
				}
				for c, v := range s.board {
					if v == Hole || isStone(v) && s.ow[p] == 0 {
						continue // not a target: no lines
					}
					if got, want := e.gain(s, c, p), e.cellGain(s, c, p); got != want {
						t.Fatalf("%s %s seat %d field %d: gain %v, cellGain %v", name, what, p, c, got, want)
					}
					var dirs, mask uint8
					for d := 0; d < 8; d++ {
						if s.line(c, d, uint8(p+1)) > 0 {
							dirs |= 1 << d
						}
					}
					if e.lmk.m[c] == e.lmk.e {
						mask = e.lmask[c]
					}
					if mask != dirs {
						t.Fatalf("%s %s seat %d field %d: lines in directions %08b, want %08b", name, what, p, c, mask, dirs)
					}
					checks++
				}
			}
		}
		// rayMoves lists searchState's moves (LegalActions without the
		// other bonus variant) in the same order.
		check = func(s *State, what string) {
			check0(s, what)
			p := s.CurrentPlayer()
			if s.ow[p] == 0 {
				// freeMoves lists them too (from the free fields).
				ws := &searchState{State: s, bonus: e.bonus}
				want := ws.LegalActions(p, nil)
				if got := e.freeMoves(s, p, e.bonus, nil); !slices.Equal(got, want) {
					t.Fatalf("%s %s: freeMoves %v, want %v", name, what, got, want)
				}
				for i, a := range want {
					c, code := SplitAction(a)
					if k := e.cellGain(s, c, p) + e.specialGain(s, c, code, p); e.keys[i] != k {
						t.Fatalf("%s %s: freeMoves key of %s %v, want %v", name, what, s.ActionString(p, a), e.keys[i], k)
					}
				}
				freeChecks++
			}
			for _, bonus := range []int{CodeBomb, CodeOverwrite} {
				ws := &searchState{State: s, bonus: bonus}
				want := ws.LegalActions(p, nil)
				if got := e.rayMoves(s, p, bonus, nil); !slices.Equal(got, want) {
					t.Fatalf("%s %s: rayMoves %v, want %v", name, what, got, want)
				}
				for i, a := range want {
					c, code := SplitAction(a)
					if k := e.cellGain(s, c, p) + e.specialGain(s, c, code, p); e.keys[i] != k {
						t.Fatalf("%s %s: key of %s %v, want %v", name, what, s.ActionString(p, a), e.keys[i], k)
					}
				}
			}
		}
		if s := latePosition(m, 1); s != nil {
			check(s, "late position")
		}
		s := NewState(m)
		rng := game.NewRand(game.Mix(31, uint64(len(name))))
		step := max(7, m.MaxLength()/24)
		for ply := 0; s.Phase() == Phase1; ply++ {
			if ply%step == 0 {
				check(s, fmt.Sprintf("ply %d", ply))
			}
			acts := s.LegalActions(s.CurrentPlayer(), nil)
			s.Apply(acts[rng.IntN(len(acts))])
		}
		if checks == 0 && NewState(m).Phase() == Phase1 {
			t.Errorf("%s: nothing checked", name)
		}
	}
	if freeChecks == 0 {
		t.Error("freeMoves never checked")
	}
}

// The move order's work per ordered node is bounded by the board, not by
// the number of moves: at most 8 walk steps per field (one walk from each
// own stone and direction, and by the reversibility of the step function
// no two walks enter the same field in the same direction), where walking
// from every target of an overwrite move list takes about the square of
// the ray lengths. Deterministic: it counts steps, not time.
func TestOrderWorkBounded(t *testing.T) {
	type pos struct {
		name string
		s    *State
	}
	var all []pos
	for _, c := range []struct {
		name  string
		seeds int
	}{{"octo20", 3}, {"cross14", 1}, {"testdata/big50-8p.map", 1}} {
		if strings.Contains(c.name, "big50") && (testing.Short() || raceEnabled) {
			continue
		}
		for _, s := range latePositions(mustLoad(t, c.name), c.seeds) {
			all = append(all, pos{c.name, s})
		}
	}
	if !testing.Short() && !raceEnabled {
		for _, name := range eightPlayerMaps() {
			for _, s := range latePositions(mustLoad(t, name), 1) {
				all = append(all, pos{filepath.Base(name), s})
			}
		}
	}
	for _, ps := range all {
		s, fields := ps.s, 0
		for _, v := range s.board {
			if v != Hole {
				fields++
			}
		}
		bot := NewParanoidBot(alphaBeta())
		if _, err := bot.Step(t.Context(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: 2}); err != nil {
			t.Fatal(err)
		}
		e := bot.ev
		if e.orders == 0 {
			t.Fatalf("%s: nothing ordered", ps.name)
		}
		per := float64(e.steps) / float64(e.orders)
		// For scale: walking from every target of the root's moves.
		p := s.CurrentPlayer()
		e.setRoot(s, p)
		e.steps = 0
		for _, c := range s.Targets() {
			e.cellGain(s, c, p)
		}
		t.Logf("%s: %d ordered nodes, %.0f steps each (bound %d); walking from each of the root's %d targets: %d steps",
			ps.name, e.orders, per, 8*fields, len(s.Targets()), e.steps)
		if per > float64(8*fields) {
			t.Errorf("%s: %.0f walk steps per ordered node, want at most 8 per field (%d)", ps.name, per, 8*fields)
		}
	}
}

// rayDelta (the moves of a child from its parent's walks) gives rayMoves'
// list and keys from scratch, at every child and at the grandchildren of
// some children (the parent data of two depths interleaved), from late
// and middle positions of the built-in maps and, without -short and
// -race, of the shared 8-player maps.
func TestRayDelta(t *testing.T) {
	maps := []string{"cross14", "octo20"}
	if !testing.Short() && !raceEnabled {
		maps = append(maps, "example15", "duel10", "tri13", "testdata/big50-8p.map")
		maps = append(maps, eightPlayerMaps()...)
	}
	deltas := 0
	for _, name := range maps {
		m := mustLoad(t, name)
		var roots []*State
		roots = append(roots, latePositions(m, 1)...)
		s := NewState(m)
		rng := game.NewRand(game.Mix(77, uint64(len(name))))
		for ply := 0; s.Phase() == Phase1 && ply < m.MaxLength()/3; ply++ {
			acts := s.LegalActions(s.CurrentPlayer(), nil)
			s.Apply(acts[rng.IntN(len(acts))])
		}
		if s.Phase() == Phase1 {
			roots = append(roots, s)
		}
		for ri, root := range roots {
			s := root.Clone().(*State)
			p := s.CurrentPlayer()
			ec := DefaultEvalConfig()
			if ri%2 == 1 {
				ec.OverwriteValueFactor = 5.371 // Vo not an integer: lines added one by one
			}
			e, fresh := newEvaluator(ec), newEvaluator(ec)
			e.setRoot(s, p)
			fresh.setRoot(s, p)
			if ri%2 == 1 && e.voInt {
				t.Fatalf("%s: Vo %v is an integer", name, e.vo)
			}
			var check func(s *State, depth int)
			check = func(s *State, depth int) {
				if s.Phase() != Phase1 {
					return
				}
				q := s.CurrentPlayer()
				if s.ow[q] == 0 {
					return
				}
				for _, bonus := range []int{e.bonus} {
					got := e.rayMoves(s, q, bonus, nil)
					gotKeys := slices.Clone(e.keys)
					if len(s.undo) > 0 && e.bases[len(s.undo)-1].built {
						deltas++
					}
					fresh.gen++ // no parent data: from scratch
					want := fresh.rayMoves(s, q, bonus, nil)
					if !slices.Equal(got, want) {
						t.Fatalf("%s root %d depth %d: rayDelta moves %v, want %v", name, ri, depth, got, want)
					}
					if !slices.Equal(gotKeys, fresh.keys) {
						t.Fatalf("%s root %d depth %d: rayDelta keys %v, want %v", name, ri, depth, gotKeys, fresh.keys)
					}
				}
				if depth == 2 {
					return
				}
				acts := s.LegalActions(q, nil)
				for i, a := range acts {
					if depth == 1 && i%5 != 1 || len(acts) > 200 && i%(len(acts)/100) != 0 {
						continue
					}
					s.Apply(a)
					check(s, depth+1)
					s.Undo(a)
				}
			}
			check(s, 0)
		}
	}
	if deltas == 0 {
		t.Error("rayDelta never used")
	}
	t.Logf("%d lists from parent data", deltas)
}
