package conformance

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"strings"

	"tourney/engines/game"
)

// TB is the part of testing.TB the suite uses; *testing.T and *testing.B
// satisfy it. Fatalf is used only for setup failures, and Run returns right
// after calling it, so a recorder's Fatalf need not stop the goroutine.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
}

// Range bounds a player's returns, both ends included.
type Range struct{ Min, Max float64 }

// Options configure Run. The zero value is usable.
type Options struct {
	// Playouts is the number of random games per map (default 100).
	Playouts int
	// Maps names the maps to play (built-in names or files); default: every
	// map of Game.Maps.
	Maps []string
	// Seed is the base of every state seed and every random choice.
	Seed uint64
	// Returns bounds the returns of seat p by Returns[p]; seats beyond the
	// list use its last entry. Empty: any value but NaN.
	Returns []Range
	// ReturnsFor, when set, replaces Returns (for bounds that depend on the
	// map, such as a stone count).
	ReturnsFor func(m game.Map, seat int) Range
	// MaxSteps stops a playout after this many moves (default and upper
	// limit: Info().MaxLength). Use it to keep very long games cheap.
	MaxSteps int
	// AllowUnfinished accepts a playout that reaches Info().MaxLength
	// without a terminal state (the arena then adjudicates by Returns).
	AllowUnfinished bool
	// MaxErrors stops the run after that many failures (default 10).
	MaxErrors int
}

// Summary counts what Run exercised.
type Summary struct {
	Playouts          int // playouts started
	Steps             int // moves played in checked playouts
	Finished          int // playouts that reached a terminal state
	SequentialNodes   int
	SimultaneousNodes int
	NoActions         int // game.NoAction entries played at simultaneous nodes
	UndoChecks        int
	LongestGame       int
	Failures          int // problems reported with Errorf or Fatalf
}

// Run plays random playouts of g and reports every broken invariant to t
// (see the package documentation for the list).
func Run(t TB, g game.Game, opt Options) Summary {
	t.Helper()
	r := &runner{t: t, g: g, opt: opt, info: g.Info()}
	if r.opt.Playouts <= 0 {
		r.opt.Playouts = 100
	}
	if r.opt.MaxErrors <= 0 {
		r.opt.MaxErrors = 10
	}
	r.maxLen = r.info.MaxLength
	if r.maxLen <= 0 {
		r.maxLen = 1 << 20 // reported by checkGame; keep going with a cap
	}
	r.maxSteps = r.maxLen
	if r.opt.MaxSteps > 0 && r.opt.MaxSteps < r.maxSteps {
		r.maxSteps = r.opt.MaxSteps
	}
	r.run()
	t.Logf("conformance %s: %d playouts, %d moves (%d sequential, %d simultaneous nodes), %d finished, %d undo checks, longest game %d moves, %d failures",
		r.info.Name, r.sum.Playouts, r.sum.Steps, r.sum.SequentialNodes, r.sum.SimultaneousNodes,
		r.sum.Finished, r.sum.UndoChecks, r.sum.LongestGame, r.sum.Failures)
	return r.sum
}

type runner struct {
	t        TB
	g        game.Game
	opt      Options
	info     game.Info
	maxLen   int
	maxSteps int
	sum      Summary
	stopped  bool
}

func (r *runner) errorf(format string, args ...any) {
	r.t.Helper()
	if r.stopped {
		return
	}
	r.sum.Failures++
	r.t.Errorf(format, args...)
	if r.sum.Failures >= r.opt.MaxErrors {
		r.stopped = true
		r.t.Logf("conformance %s: stopping after %d failures", r.info.Name, r.sum.Failures)
	}
}

func (r *runner) fatalf(format string, args ...any) {
	r.t.Helper()
	r.sum.Failures++
	r.stopped = true
	r.t.Fatalf(format, args...)
}

func (r *runner) run() {
	r.t.Helper()
	r.checkGame()
	maps := r.opt.Maps
	if len(maps) == 0 {
		maps = r.g.Maps()
	}
	if len(maps) == 0 {
		r.fatalf("%s: no maps to play", r.info.Name)
		return
	}
	for mi, name := range maps {
		if r.stopped {
			return
		}
		m, err := r.g.LoadMap(name)
		if err != nil {
			r.fatalf("%s: LoadMap(%q): %v", r.info.Name, name, err)
			return
		}
		if m == nil {
			r.fatalf("%s: LoadMap(%q) returned a nil map", r.info.Name, name)
			return
		}
		if !r.checkNewState(m, game.Mix(r.opt.Seed, uint64(mi))) {
			return
		}
		for i := 0; i < r.opt.Playouts && !r.stopped; i++ {
			r.playout(m, name, uint64(mi), uint64(i))
		}
		r.eliminationPlayouts(m, name, uint64(mi))
	}
}

// checkGame checks Info, the maps and the bot list.
func (r *runner) checkGame() {
	r.t.Helper()
	in := r.info
	name := in.Name
	if name == "" || strings.ToLower(name) != name || strings.ContainsAny(name, " \t\n") {
		r.errorf("Info().Name %q: want a non-empty lower-case name without blanks", name)
	}
	if in.MinPlayers < 1 || in.MaxPlayers < in.MinPlayers {
		r.errorf("%s: Info() players %d..%d: want 1 <= MinPlayers <= MaxPlayers", name, in.MinPlayers, in.MaxPlayers)
	}
	if in.MaxLength <= 0 {
		r.errorf("%s: Info().MaxLength is %d: want a positive bound on the game length", name, in.MaxLength)
	}
	maps := r.g.Maps()
	if len(maps) == 0 {
		r.errorf("%s: Maps() is empty: want at least the default map", name)
	}
	seen := map[string]bool{}
	for _, mn := range maps {
		if seen[mn] {
			r.errorf("%s: map %q listed twice by Maps()", name, mn)
		}
		seen[mn] = true
		m, err := r.g.LoadMap(mn)
		if err != nil {
			r.errorf("%s: LoadMap(%q) of a built-in map: %v", name, mn, err)
			continue
		}
		if m == nil {
			r.errorf("%s: LoadMap(%q) returned a nil map", name, mn)
			continue
		}
		if m.Name() != mn {
			r.errorf("%s: LoadMap(%q).Name() = %q: want the name it was loaded by", name, mn, m.Name())
		}
		if p := m.Players(); p < in.MinPlayers || p > in.MaxPlayers {
			r.errorf("%s: map %q has %d seats, outside Info() players %d..%d", name, mn, p, in.MinPlayers, in.MaxPlayers)
		}
	}
	const bogus = "no-such-map-conformance.map"
	if m, err := r.g.LoadMap(bogus); err == nil {
		r.errorf("%s: LoadMap(%q) succeeded (map %v): want an error for an unknown map", name, bogus, m)
	}

	bots := r.g.Bots()
	if len(bots) == 0 {
		r.errorf("%s: Bots() is empty: want at least the default bot and \"random\"", name)
	}
	botSeen := map[string]bool{}
	for _, b := range bots {
		if b.Name == "" {
			r.errorf("%s: a bot has an empty name", name)
		}
		if botSeen[b.Name] {
			r.errorf("%s: bot %q listed twice", name, b.Name)
		}
		botSeen[b.Name] = true
		pSeen := map[string]bool{}
		for _, p := range b.Params {
			if p.Name == "" || pSeen[p.Name] {
				r.errorf("%s: bot %q: parameter name %q empty or repeated", name, b.Name, p.Name)
			}
			pSeen[p.Name] = true
			v, err := p.Check(p.Default)
			if err != nil {
				r.errorf("%s: bot %q: default of parameter %q fails its own check: %v", name, b.Name, p.Name, err)
			} else if v != p.Default {
				r.errorf("%s: bot %q: default of parameter %q is %v (%T), its checked value %v (%T): declare the default with the parameter's Go type", name, b.Name, p.Name, p.Default, p.Default, v, v)
			}
		}
		if b.New == nil {
			r.errorf("%s: bot %q has no constructor", name, b.Name)
			continue
		}
		bot, _, err := b.Build(nil)
		if err != nil {
			r.errorf("%s: bot %q does not build from its defaults: %v", name, b.Name, err)
		} else if bot == nil {
			r.errorf("%s: bot %q built a nil bot", name, b.Name)
		}
	}
	if len(bots) > 0 && !botSeen["random"] {
		r.errorf("%s: no bot named \"random\" (add game.RandomSpec())", name)
	}
}

// checkNewState checks that NewState is a function of (map, seed).
func (r *runner) checkNewState(m game.Map, seed uint64) bool {
	r.t.Helper()
	a, errA := r.newState(m, seed)
	b, errB := r.newState(m, seed)
	if errA != nil || errB != nil {
		r.fatalf("%s map %q: NewState(seed %#x): %v", r.info.Name, m.Name(), seed, firstErr(errA, errB))
		return false
	}
	if n := a.NumPlayers(); n != m.Players() {
		r.errorf("%s map %q: NumPlayers() = %d, the map has %d seats", r.info.Name, m.Name(), n, m.Players())
	}
	sa, sb := r.snap(a), r.snap(b)
	if d := sa.diff(sb); d != "" {
		r.errorf("%s map %q: NewState twice with seed %#x gives different states: %s", r.info.Name, m.Name(), seed, d)
	}
	return true
}

func (r *runner) newState(m game.Map, seed uint64) (s game.State, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	s, err = r.g.NewState(m, seed)
	if err == nil && s == nil {
		err = fmt.Errorf("nil state without an error")
	}
	return s, err
}

// panics reports whether f panics.
func panics(f func()) (p bool) {
	defer func() {
		if recover() != nil {
			p = true
		}
	}()
	f()
	return false
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// move is one step of a playout: an action at a sequential node, or one
// action per player at a simultaneous node.
type move struct {
	player int // the mover, or game.SimultaneousPlayer
	a      game.Action
	joint  []game.Action
}

func (mv move) apply(s game.State) {
	if mv.player == game.SimultaneousPlayer {
		s.(game.JointApplier).ApplyJoint(slices.Clone(mv.joint))
		return
	}
	s.Apply(mv.a)
}

func (mv move) format(s game.State) string {
	if mv.player != game.SimultaneousPlayer {
		return s.ActionString(mv.player, mv.a)
	}
	parts := make([]string, len(mv.joint))
	for p, a := range mv.joint {
		if a == game.NoAction {
			parts[p] = "-"
		} else {
			parts[p] = s.ActionString(p, a)
		}
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// choose draws a random move from the snapshot's legal actions.
func choose(rng *rand.Rand, sn *snapshot) (move, bool) {
	switch {
	case sn.cp >= 0 && sn.cp < len(sn.legal):
		acts := sn.legal[sn.cp]
		if len(acts) == 0 {
			return move{}, false
		}
		return move{player: sn.cp, a: acts[rng.IntN(len(acts))]}, true
	case sn.cp == game.SimultaneousPlayer:
		joint := make([]game.Action, len(sn.legal))
		some := false
		for p, acts := range sn.legal {
			if len(acts) == 0 {
				joint[p] = game.NoAction
				continue
			}
			some = true
			joint[p] = acts[rng.IntN(len(acts))]
		}
		return move{player: game.SimultaneousPlayer, joint: joint}, some
	}
	return move{}, false
}

// keptClone is a clone kept over several steps to catch sharing that shows
// only later.
type keptClone struct {
	step int
	s    game.State
	sn   *snapshot
}

type playoutCtx struct {
	r       *runner
	m       game.Map
	mapName string
	index   uint64
	seed    uint64
	step    int
	hist    []string // moves played so far
	playing string   // the move being checked, if any
	failed  bool
}

func (pc *playoutCtx) errorf(format string, args ...any) {
	pc.r.t.Helper()
	if pc.failed {
		return
	}
	pc.failed = true
	pc.r.errorf("%s: %s", pc.where(), fmt.Sprintf(format, args...))
}

func (pc *playoutCtx) where() string {
	h := pc.hist
	prefix := ""
	const maxShown = 200
	if len(h) > maxShown {
		prefix = fmt.Sprintf("… (%d earlier) ", len(h)-maxShown)
		h = h[len(h)-maxShown:]
	}
	playing := ""
	if pc.playing != "" {
		playing = ", playing " + pc.playing
	}
	return fmt.Sprintf("%s map %q playout %d (state seed %#x, Options.Seed %#x) step %d, moves [%s%s]%s",
		pc.r.info.Name, pc.mapName, pc.index, pc.seed, pc.r.opt.Seed, pc.step, prefix, strings.Join(h, " "), playing)
}

// playout plays one checked random game, then replays it for determinism.
func (r *runner) playout(m game.Map, mapName string, mi, i uint64) {
	r.t.Helper()
	r.sum.Playouts++
	pc := &playoutCtx{r: r, m: m, mapName: mapName, index: i, seed: game.Mix(r.opt.Seed, mi, i)}
	moveSeed := game.Mix(r.opt.Seed, mi, i, 1)
	altSeed := game.Mix(r.opt.Seed, mi, i, 2)

	var prints []uint64
	func() {
		defer func() {
			if p := recover(); p != nil {
				pc.errorf("panic: %v\n%s", p, debug.Stack())
			}
		}()
		prints = r.checkedPlayout(pc, moveSeed, altSeed)
	}()
	if pc.failed {
		return
	}

	// Determinism: the same seeds give the same playout.
	pc2 := &playoutCtx{r: r, m: m, mapName: mapName, index: i, seed: pc.seed}
	func() {
		defer func() {
			if p := recover(); p != nil {
				pc2.errorf("panic in the replay of a finished playout: %v\n%s", p, debug.Stack())
			}
		}()
		s, err := r.newState(m, pc2.seed)
		if err != nil {
			pc2.errorf("NewState: %v", err)
			return
		}
		rng := game.NewRand(moveSeed)
		for step := 0; ; step++ {
			pc2.step = step
			sn := r.snap(s)
			if step >= len(prints) {
				pc2.errorf("replay with the same seeds goes on after the original playout ended at step %d (not deterministic)", len(prints)-1)
				return
			}
			if fp := sn.fingerprint(); fp != prints[step] {
				pc2.errorf("replay with the same seeds reaches a different state (not deterministic); replayed state:\n%s", sn.str)
				return
			}
			if step == len(prints)-1 {
				return
			}
			mv, ok := choose(rng, sn)
			if !ok {
				pc2.errorf("replay with the same seeds finds no move where the original playout had one (not deterministic)")
				return
			}
			pc2.playing = mv.format(s)
			mv.apply(s)
			pc2.hist = append(pc2.hist, pc2.playing)
			pc2.playing = ""
		}
	}()
}

// checkedPlayout plays one game with every per-step check and returns the
// fingerprints of its states.
func (r *runner) checkedPlayout(pc *playoutCtx, moveSeed, altSeed uint64) []uint64 {
	r.t.Helper()
	s, err := r.newState(pc.m, pc.seed)
	if err != nil {
		pc.errorf("NewState: %v", err)
		return nil
	}
	n := s.NumPlayers()
	if n != pc.m.Players() {
		pc.errorf("NumPlayers() = %d, the map has %d seats", n, pc.m.Players())
		return nil
	}
	rng := game.NewRand(moveSeed)
	alt := game.NewRand(altSeed)
	var prints []uint64
	var kept []keptClone // clones taken at steps 0, 1, 2, 4, 8, …

	for step := 0; ; step++ {
		pc.step = step
		sn := r.snap(s)
		prints = append(prints, sn.fingerprint())
		if !r.checkInvariants(pc, s, sn, n, step) {
			return nil
		}
		if sn.term {
			if c := s.Clone(); !panics(func() { c.Apply(0) }) {
				pc.errorf("Apply(0) at a terminal state did not panic")
				return nil
			}
			r.sum.Finished++
			break
		}
		if step >= r.maxLen {
			if !r.opt.AllowUnfinished {
				pc.errorf("the game is not over after Info().MaxLength = %d moves", r.info.MaxLength)
				return nil
			}
			break
		}
		if step >= r.maxSteps {
			break
		}
		mv, ok := choose(rng, sn)
		if !ok {
			pc.errorf("no move to play at a non-terminal state (CurrentPlayer %d)", sn.cp)
			return nil
		}
		label := mv.format(s)
		pc.playing = label
		if mv.player == game.SimultaneousPlayer {
			r.sum.SimultaneousNodes++
			for _, a := range mv.joint {
				if a == game.NoAction {
					r.sum.NoActions++
				}
			}
		} else {
			r.sum.SequentialNodes++
		}

		// A clone equals the original, and moving it leaves the original alone.
		c := s.Clone()
		if c == nil {
			pc.errorf("Clone() returned nil")
			return nil
		}
		if d := sn.diff(r.snap(c)); d != "" {
			pc.errorf("a fresh clone differs from the original: %s", d)
			return nil
		}
		if mv.player != game.SimultaneousPlayer {
			if c := s.Clone(); !panics(func() { c.Apply(game.NoAction) }) {
				pc.errorf("Apply(NoAction) at a sequential node did not panic (Apply must panic on an illegal action)")
				return nil
			}
		}
		altMv, _ := choose(alt, sn)
		altLabel := altMv.format(s)
		altMv.apply(c)
		if d := sn.diff(r.snap(s)); d != "" {
			pc.errorf("applying %s to a clone changed the original: %s", altLabel, d)
			return nil
		}
		cSn := r.snap(c)
		if cSn.move != sn.move+1 {
			pc.errorf("MoveNumber() of a clone is %d after one move from %d: want %d", cSn.move, sn.move, sn.move+1)
			return nil
		}

		// Apply followed by Undo restores the state.
		var afterUndone *snapshot
		if u, ok := s.(game.Undoer); ok && mv.player != game.SimultaneousPlayer {
			r.sum.UndoChecks++
			s.Apply(mv.a)
			afterUndone = r.snap(s)
			u.Undo(mv.a)
			if d := sn.diff(r.snap(s)); d != "" {
				pc.errorf("Apply(%s) then Undo(%s) does not restore the state: %s", label, label, d)
				return nil
			}
		}

		// A clone taken before the move must not see it.
		before := s.Clone()
		if step&(step-1) == 0 {
			kept = append(kept, keptClone{step: step, s: s.Clone(), sn: sn})
		}
		mv.apply(s)
		if d := sn.diff(r.snap(before)); d != "" {
			pc.errorf("applying %s to the original changed a clone taken before: %s", label, d)
			return nil
		}
		if d := cSn.diff(r.snap(c)); d != "" {
			pc.errorf("applying %s to the original changed a clone that had played %s: %s", label, altLabel, d)
			return nil
		}
		// The same move on a clone and on the original gives the same state.
		c2 := before
		mv.apply(c2)
		snS := r.snap(s)
		if d := snS.diff(r.snap(c2)); d != "" {
			pc.errorf("the same move %s applied to the original and to a clone gives different states (original vs clone): %s", label, d)
			return nil
		}
		if afterUndone != nil {
			if d := afterUndone.diff(snS); d != "" {
				pc.errorf("Apply(%s) after an Apply and Undo of it gives a different state than the first time: %s", label, d)
				return nil
			}
		}
		if snS.move != sn.move+1 {
			pc.errorf("MoveNumber() went from %d to %d after one move: want +1", sn.move, snS.move)
			return nil
		}
		pc.hist = append(pc.hist, label)
		pc.playing = ""
	}
	pc.playing = ""
	if len(pc.hist) > r.sum.LongestGame {
		r.sum.LongestGame = len(pc.hist)
	}
	r.sum.Steps += len(pc.hist)
	for _, k := range kept {
		if d := k.sn.diff(r.snap(k.s)); d != "" {
			pc.errorf("a clone taken at step %d changed while the playout went on: %s", k.step, d)
			return nil
		}
	}
	return prints
}

// checkInvariants checks one state on its own.
func (r *runner) checkInvariants(pc *playoutCtx, s game.State, sn *snapshot, n, step int) bool {
	r.t.Helper()
	if sn.n != n {
		pc.errorf("NumPlayers() changed from %d to %d", n, sn.n)
		return false
	}
	if sn.move != step {
		pc.errorf("MoveNumber() = %d after %d moves", sn.move, step)
		return false
	}
	// Current player.
	switch {
	case sn.cp == game.TerminalPlayer:
		if !sn.term {
			pc.errorf("CurrentPlayer() is TerminalPlayer but IsTerminal() is false")
			return false
		}
	case sn.term:
		pc.errorf("IsTerminal() is true but CurrentPlayer() is %d, not TerminalPlayer", sn.cp)
		return false
	case sn.cp == game.SimultaneousPlayer:
		if _, ok := s.(game.JointApplier); !ok {
			pc.errorf("CurrentPlayer() is SimultaneousPlayer but the state (%T) does not implement game.JointApplier", s)
			return false
		}
		if !r.info.Simultaneous {
			pc.errorf("a simultaneous node, but Info().Simultaneous is false")
			return false
		}
	case sn.cp < 0 || sn.cp >= n:
		pc.errorf("CurrentPlayer() = %d: want 0..%d, SimultaneousPlayer or TerminalPlayer", sn.cp, n-1)
		return false
	}
	// Legal actions.
	someone := false
	for p, acts := range sn.legal {
		if len(acts) > 0 {
			someone = true
		}
		switch {
		case sn.term && len(acts) > 0:
			pc.errorf("terminal state, but player %d has legal actions %v", p, acts)
			return false
		case sn.cp >= 0 && p != sn.cp && len(acts) > 0:
			pc.errorf("sequential node of player %d, but player %d has legal actions %v", sn.cp, p, acts)
			return false
		case sn.cp >= 0 && p == sn.cp && len(acts) == 0:
			pc.errorf("player %d is to move but has no legal action", p)
			return false
		}
		seen := map[game.Action]bool{}
		for _, a := range acts {
			if a < 0 {
				pc.errorf("player %d has the negative legal action %d", p, a)
				return false
			}
			if seen[a] {
				pc.errorf("player %d has the legal action %d twice: %v", p, a, acts)
				return false
			}
			seen[a] = true
			if s.ActionString(p, a) == "" {
				pc.errorf("ActionString(%d, %d) is empty", p, a)
				return false
			}
		}
		if ac, ok := s.(game.ActionChecker); ok {
			if ac.HasLegal(p) != (len(acts) > 0) {
				pc.errorf("ActionChecker: HasLegal(%d) = %v, but LegalActions lists %d actions", p, ac.HasLegal(p), len(acts))
				return false
			}
			for _, a := range acts {
				if !ac.IsLegal(p, a) {
					pc.errorf("ActionChecker: IsLegal(%d, %d) is false for a listed legal action", p, a)
					return false
				}
			}
			hi := game.Action(0)
			for _, a := range acts {
				hi = max(hi, a)
			}
			canon, _ := s.(game.Canonicalizer)
			for _, a := range acts {
				if canon != nil && canon.Canonical(p, a) != a {
					pc.errorf("Canonicalizer: Canonical(%d, %d) = %d for a listed legal action", p, a, canon.Canonical(p, a))
					return false
				}
			}
			probes := []game.Action{game.NoAction, hi + 1, hi + 1000}
			if canon != nil {
				// actions next to the listed ones: another spelling of
				// a move, or no move
				for _, a := range acts[:min(len(acts), 8)] {
					probes = append(probes, a+1, a+2, a+7)
				}
			}
			for _, a := range probes {
				listed := seen[a]
				if canon != nil && a >= 0 {
					listed = seen[canon.Canonical(p, a)]
				}
				if ac.IsLegal(p, a) != listed {
					pc.errorf("ActionChecker: IsLegal(%d, %d) = %v, but LegalActions lists it (or its canonical action): %v", p, a, ac.IsLegal(p, a), listed)
					return false
				}
			}
		}
		const mark game.Action = -77
		got := s.LegalActions(p, []game.Action{mark})
		if len(got) == 0 || got[0] != mark || !slices.Equal(got[1:], acts) {
			pc.errorf("LegalActions(%d, buf) does not append to buf: got %v after the prefix [%d], want %v", p, got, mark, acts)
			return false
		}
	}
	if sn.cp == game.SimultaneousPlayer && !someone {
		pc.errorf("simultaneous node where nobody has a legal action")
		return false
	}
	// Returns.
	if len(sn.returns) != n {
		pc.errorf("Returns() has %d values for %d players", len(sn.returns), n)
		return false
	}
	for p, v := range sn.returns {
		if math.IsNaN(v) {
			pc.errorf("Returns()[%d] is NaN", p)
			return false
		}
		if b, ok := r.bounds(pc.m, p); ok && (v < b.Min || v > b.Max) {
			pc.errorf("Returns()[%d] = %v outside [%v, %v] (returns %v)", p, v, b.Min, b.Max, sn.returns)
			return false
		}
	}
	got := s.Returns([]float64{-77})
	if len(got) != n+1 || got[0] != -77 || !sameFloats(got[1:], sn.returns) {
		pc.errorf("Returns(buf) does not append to buf: got %v after the prefix [-77], want %v", got, sn.returns)
		return false
	}
	// Ranks.
	ranks := game.Ranks(s)
	if len(ranks) != n {
		pc.errorf("game.Ranks gives %d ranks for %d players: %v", len(ranks), n, ranks)
		return false
	}
	best := false
	for p, rk := range ranks {
		if rk < 1 || rk > n {
			pc.errorf("rank of player %d is %d: want 1..%d (ranks %v)", p, rk, n, ranks)
			return false
		}
		if rk == 1 {
			best = true
		}
	}
	if !best {
		pc.errorf("nobody has rank 1: ranks %v", ranks)
		return false
	}
	return true
}

func (r *runner) bounds(m game.Map, p int) (Range, bool) {
	if r.opt.ReturnsFor != nil {
		return r.opt.ReturnsFor(m, p), true
	}
	if len(r.opt.Returns) == 0 {
		return Range{}, false
	}
	if p < len(r.opt.Returns) {
		return r.opt.Returns[p], true
	}
	return r.opt.Returns[len(r.opt.Returns)-1], true
}

// snapshot is everything observable about a state through the interface.
type snapshot struct {
	str     string
	hash    uint64
	hasHash bool
	cp      int
	term    bool
	move    int
	n       int
	returns []float64
	legal   [][]game.Action
}

func (r *runner) snap(s game.State) *snapshot {
	sn := &snapshot{
		str:  s.String(),
		cp:   s.CurrentPlayer(),
		term: s.IsTerminal(),
		move: s.MoveNumber(),
		n:    s.NumPlayers(),
	}
	if h, ok := s.(game.Hasher); ok {
		sn.hash, sn.hasHash = h.Hash(), true
	}
	sn.returns = s.Returns(nil)
	if sn.n > 0 && sn.n <= 64 {
		sn.legal = make([][]game.Action, sn.n)
		for p := range sn.legal {
			sn.legal[p] = s.LegalActions(p, nil)
		}
	}
	return sn
}

func sameFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !(math.IsNaN(a[i]) && math.IsNaN(b[i])) {
			return false
		}
	}
	return true
}

// diff describes the first difference between a (expected) and b, or "".
func (a *snapshot) diff(b *snapshot) string {
	switch {
	case a.n != b.n:
		return fmt.Sprintf("NumPlayers %d, now %d", a.n, b.n)
	case a.cp != b.cp:
		return fmt.Sprintf("CurrentPlayer %d, now %d", a.cp, b.cp)
	case a.term != b.term:
		return fmt.Sprintf("IsTerminal %v, now %v", a.term, b.term)
	case a.move != b.move:
		return fmt.Sprintf("MoveNumber %d, now %d", a.move, b.move)
	case a.hasHash && a.hash != b.hash:
		return fmt.Sprintf("Hash %#x, now %#x", a.hash, b.hash)
	case !sameFloats(a.returns, b.returns):
		return fmt.Sprintf("Returns %v, now %v", a.returns, b.returns)
	}
	for p := range a.legal {
		if p >= len(b.legal) || !slices.Equal(a.legal[p], b.legal[p]) {
			var got []game.Action
			if p < len(b.legal) {
				got = b.legal[p]
			}
			return fmt.Sprintf("LegalActions(%d) %v, now %v", p, a.legal[p], got)
		}
	}
	if a.str != b.str {
		return fmt.Sprintf("String() was\n%s\nnow\n%s", a.str, b.str)
	}
	return ""
}

// fingerprint hashes a snapshot for the determinism replay.
func (sn *snapshot) fingerprint() uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%d|%v|%d|%d|%d|%v|%v", sn.str, sn.hash, sn.hasHash, sn.cp, sn.move, sn.n, sn.term, sn.returns)
	for _, acts := range sn.legal {
		fmt.Fprintf(h, "|%v", acts)
	}
	return h.Sum64()
}
