package synthetic

import (
	"context"
	"hash/fnv"
	"math"
	"strings"
	"testing"

	"tourney/engines/game"
)

// tagSlow is Tag as it was first written (before tagOf): tagOf must
// agree with it on every parameter set, or every synthetic sweep's games
// would change.
func tagSlow(p game.Params) game.Action {
	h := fnv.New64a()
	for _, k := range p.Keys() {
		h.Write([]byte(k))
		h.Write([]byte{'='})
		h.Write([]byte(game.FormatValue(p[k])))
		h.Write([]byte{0})
	}
	return game.Action(game.Mix(h.Sum64()) % (maxTag + 1))
}

// TestTagFast: tagOf (with and without the spec's sorted names) is the
// old Tag on random parameters of every bot of the game, on odd values
// (NaN, infinities, -0, huge and tiny floats, strings, bools), on a
// parameter set with a name the spec lacks and on one with more than the
// stack's 64 keys; and a reconfigured landscape bot is New's.
func TestTagFast(t *testing.T) {
	r := game.NewRand(7)
	odd := []any{0.0, math.Copysign(0, -1), 1.0, -1.0, 1e6, 1e21, 1e-7, 123456.0, 0.1, math.NaN(), math.Inf(1), math.Inf(-1),
		math.MaxFloat64, math.SmallestNonzeroFloat64, 3, -17, int64(5), true, "x", "", 2.5e-300}
	for _, spec := range (Game{}).Bots() {
		names := newKnobSet(spec.Params).names
		var bot *landscapeBot // reconfigured from one parameter set to the next
		for i := range 300 {
			p := spec.Defaults()
			for _, prm := range spec.Params {
				switch {
				case i%3 == 0:
					p[prm.Name] = odd[r.IntN(len(odd))]
				case prm.Kind == game.Int:
					p[prm.Name] = r.IntN(2000001) - 1000000
				case prm.Kind == game.Float:
					p[prm.Name] = (r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(14)-6))
				}
			}
			if i%7 == 1 {
				p["zz_other"] = 1.5
			}
			if i%11 == 2 && len(spec.Params) > 0 {
				delete(p, spec.Params[0].Name)
			}
			want := tagSlow(p)
			if got := tagOf(p, names); got != want {
				t.Fatalf("%s: tagOf with names %d, old Tag %d on %v", spec.Name, got, want, p)
			}
			if got := Tag(p); got != want {
				t.Fatalf("%s: Tag %d, old Tag %d on %v", spec.Name, got, want, p)
			}
			if !strings.HasPrefix(spec.Name, "landscape") {
				continue
			}
			if bot == nil {
				b, err := spec.New(p)
				if err != nil {
					t.Fatal(err)
				}
				bot = b.(*landscapeBot)
			} else if !bot.Reconfigure(p) {
				t.Fatal("Reconfigure refused")
			}
			if bot.tag != want {
				t.Fatalf("%s: a reconfigured bot's tag %d, old Tag %d on %v", spec.Name, bot.tag, want, p)
			}
			for _, k := range append(names, "x1", "g3", "zz_other") {
				if a, b := bot.knob(k), knobValue(p, k); math.Float64bits(a) != math.Float64bits(b) && !(math.IsNaN(a) && math.IsNaN(b)) {
					t.Fatalf("%s: the bot's %s is %v, the parameters' %v", spec.Name, k, a, b)
				}
			}
		}
	}
	big := game.Params{}
	for i := range 100 {
		big[string(rune('a'+i%26))+string(rune('A'+i/26))] = float64(i) / 3
	}
	if got, want := Tag(big), tagSlow(big); got != want {
		t.Fatalf("100 keys: Tag %d, old Tag %d", got, want)
	}
	// a reconfigured landscape bot announces what a new one does
	l, err := ParseLandscape("t.toml", []byte("players = 2\n[main]\nx1 = { \"0\" = 0, \"1\" = 50 }\n"))
	if err != nil {
		t.Fatal(err)
	}
	var spec game.BotSpec
	for _, s := range (Game{}).Bots() {
		if s.Name == "landscape" {
			spec = s
		}
	}
	old, _ := spec.New(spec.Defaults())
	if _, err := old.Step(context.Background(), mustState(t, l), 0, game.Budget{}); err != nil {
		t.Fatal(err)
	}
	p, _ := spec.Resolve(map[string]any{"x1": 1.0, "label": 3})
	fresh, _ := spec.New(p)
	if !old.(game.Reconfigurer).Reconfigure(p) {
		t.Fatal("the landscape bot refused to reconfigure")
	}
	for _, b := range []game.Bot{fresh, old} {
		s := mustState(t, l)
		a1, _ := b.Step(context.Background(), s, 0, game.Budget{})
		s.Apply(a1)
		a2, _ := b.Step(context.Background(), s, 0, game.Budget{})
		if a1 != Code(50) || a2 != Tag(p) {
			t.Fatalf("moves %d, %d; want %d, %d", a1, a2, Code(50), Tag(p))
		}
	}
}

func mustState(t *testing.T, l *Landscape) game.State {
	t.Helper()
	s, err := (Game{}).NewState(l, 1)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
