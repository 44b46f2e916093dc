package reversixt

import (
	"crypto/sha256"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"tourney/engines/conformance"
)

// genCases are generator names over every player count, drawn sizes and
// the extreme sizes (fewer under the race detector).
func genCases() []string {
	seeds := 12
	if raceEnabled || testing.Short() {
		seeds = 2
	}
	var out []string
	for n := 2; n <= 8; n++ {
		for s := 1; s <= seeds; s++ {
			out = append(out, fmt.Sprintf("gen-%dp:%d", n, 1000*n+s))
		}
		for _, size := range []string{"8x8", "50x50", "12x40"} {
			if n > 2 && size == "8x8" {
				size = "14x14" // 3-8 players need room for their blocks
				if n > 4 {
					size = "16x16"
				}
			}
			out = append(out, fmt.Sprintf("gen-%dp-%s:%d", n, size, n))
		}
	}
	for s := 1; s <= 3*seeds; s++ {
		out = append(out, fmt.Sprintf("gen:%d", s))
	}
	return out
}

var genOnce struct {
	sync.Once
	maps []*Map
	err  error
}

// genCaseMaps loads the maps of genCases once for all tests.
func genCaseMaps(t *testing.T) []*Map {
	genOnce.Do(func() {
		for _, name := range genCases() {
			m, err := LoadMap(name)
			if err != nil {
				genOnce.err = err
				return
			}
			genOnce.maps = append(genOnce.maps, m)
		}
	})
	if genOnce.err != nil {
		t.Fatal(genOnce.err)
	}
	return genOnce.maps
}

// Every generated map parses back to the same text, every player has as
// many stones and start moves as every other and at least one, every
// field can be reached from the start stones, and the board keeps most of
// the fields its hole share leaves (walls of holes did not cut it down).
func TestGenRoundTripAndFair(t *testing.T) {
	for _, m := range genCaseMaps(t) {
		name := m.Name()
		text := m.String()
		m2, err := ParseMap(name, []byte(text))
		if err != nil {
			t.Fatalf("%s: does not parse back: %v\n%s", name, err, text)
		}
		if m2.String() != text {
			t.Fatalf("%s: round trip changed the map", name)
		}
		s := NewState(m)
		for p := 0; p < m.NPlayers; p++ {
			if s.Count(p) == 0 || s.Count(p) != s.Count(0) {
				t.Errorf("%s: player %d has %d stones, player 1 %d", name, p+1, s.Count(p), s.Count(0))
			}
			if k := s.countFor(p); k == 0 || k != s.countFor(0) {
				t.Errorf("%s: player %d has %d start moves, player 1 %d", name, p+1, k, s.countFor(0))
			}
		}
		seed, o, _, _ := ParseGenName(name)
		want := len(m.Cells) - int(math.Round(DrawGenOptions(seed, o).Holes*float64(len(m.Cells))))
		if left := fieldsOf(m); 10*left < 6*want {
			t.Errorf("%s: %d fields left of the %d its hole share leaves", name, left, want)
		}
		if c := unreached(m); c >= 0 {
			t.Errorf("%s: field (%d,%d) cannot be reached from the start stones", name, c%m.Width, c/m.Width)
		}
	}
}

func fieldsOf(m *Map) int {
	k := 0
	for _, v := range m.Cells {
		if v != Hole {
			k++
		}
	}
	return k
}

// unreached returns a field no walk over the step function reaches from
// the start stones, or -1.
func unreached(m *Map) int {
	seen := make([]bool, len(m.Cells))
	var q []int
	for c, v := range m.Cells {
		if v >= 1 && v <= 8 {
			seen[c] = true
			q = append(q, c)
		}
	}
	for len(q) > 0 {
		c := q[len(q)-1]
		q = q[:len(q)-1]
		for d := 0; d < 8; d++ {
			if c2, _, ok := m.Next(c, d); ok && !seen[c2] {
				seen[c2] = true
				q = append(q, c2)
			}
		}
	}
	for c, v := range m.Cells {
		if v != Hole && !seen[c] {
			return c
		}
	}
	return -1
}

// symmetryPerm checks whether the symmetry s of the board maps m onto
// itself with the players permuted (holes, special fields, `x` and the
// transitions to themselves, each player's stones to one other player's):
// the permutation, or ok false.
func symmetryPerm(m *Map, s sym) (perm []int, ok bool) {
	g := &gen{w: m.Width, h: m.Height}
	if s.b != 0 && m.Width != m.Height {
		return nil, false
	}
	perm = make([]int, m.NPlayers+1)
	inv := make([]int, m.NPlayers+1)
	img := func(c int) int {
		x, y, _ := g.apply(s, c%m.Width, c/m.Width)
		return y*m.Width + x
	}
	for c, v := range m.Cells {
		w := m.Cells[img(c)]
		if v >= 1 && v <= 8 {
			if w < 1 || w > 8 || perm[v] != 0 && perm[v] != int(w) || inv[w] != 0 && inv[w] != int(v) {
				return nil, false
			}
			perm[v], inv[w] = int(w), int(v)
		} else if w != v {
			return nil, false
		}
	}
	type end struct{ c, r int }
	key := func(a, b end) [2]end {
		if a.c > b.c || a.c == b.c && a.r > b.r {
			a, b = b, a
		}
		return [2]end{a, b}
	}
	set := map[[2]end]bool{}
	for _, t := range m.Transitions {
		set[key(end{m.Index(t.X1, t.Y1), t.R1}, end{m.Index(t.X2, t.Y2), t.R2})] = true
	}
	for k := range set {
		if !set[key(end{img(k[0].c), s.dir(k[0].r)}, end{img(k[1].c), s.dir(k[1].r)})] {
			return nil, false
		}
	}
	return perm[1:], true
}

// With 2 and 4 players (8 on square boards) some symmetry of the map
// carries player 1 to every other player: no seat is favoured by the
// terrain, the special fields, the transitions or the start stones.
func TestGenSymmetric(t *testing.T) {
	all := []sym{symRot, symHalf, symRot.mul(symHalf), symMx, symMy, symRot.mul(symMx), symRot.mul(symHalf).mul(symMx)}
	checked := 0
	for _, m := range genCaseMaps(t) {
		name, n := m.Name(), m.NPlayers
		if !(n == 2 || n == 4 || n == 8 && m.Width == m.Height) {
			continue
		}
		checked++
		reach := map[int]bool{0: true}
		for _, s := range all {
			if perm, ok := symmetryPerm(m, s); ok {
				reach[perm[0]-1] = true
			}
		}
		// the symmetries found form a group, so the images of player 1
		// under single symmetries are its orbit
		if len(reach) != n {
			t.Errorf("%s: player 1 is carried only to seats %v of %d\n%s", name, reach, n, m)
		}
	}
	if checked < 10 {
		t.Fatalf("only %d symmetric cases", checked)
	}
}

// The check above fails on a map whose symmetry is broken by one field.
func TestGenSymmetricCatchesBreak(t *testing.T) {
	m := mustLoad(t, "gen-4p-20x20:3")
	cells := append([]uint8(nil), m.Cells...)
	for c, v := range cells {
		if v == Empty {
			cells[c] = Bonus
			break
		}
	}
	m2 := *m
	m2.Cells = cells
	for _, s := range []sym{symRot, symHalf, symMx, symMy} {
		if _, ok := symmetryPerm(&m2, s); ok {
			t.Fatalf("a map with one extra bonus field is still symmetric under %v", s)
		}
	}
	ok := false
	for _, s := range []sym{symRot, symMx} {
		_, k := symmetryPerm(m, s)
		ok = ok || k
	}
	if !ok {
		t.Fatalf("the unbroken map is not symmetric")
	}
}

// The same name gives the same bytes; other seeds give other maps; the
// full name GenName writes gives the same map as the short one. The
// hashes pin the generator: a space that names gen maps must get the same
// maps from every version (change them only with the generator, on
// purpose, and say so).
func TestGenDeterministic(t *testing.T) {
	pins := map[string]string{
		"gen:1":              "846c4a79324fb3d2",
		"gen-4p-40x40:7":     "f177dba977edf310",
		"gen-8p-46x46:5":     "cf0243d0722728fb",
		"gen-3p-20x30:2":     "4844be2d76c56109",
		"gen-2p-16x16-t8:11": "8cad691b672a578c",
	}
	for name, want := range pins {
		a, b := mustLoad(t, name).String(), mustLoad(t, name).String()
		if a != b {
			t.Errorf("%s: two loads differ", name)
		}
		got := fmt.Sprintf("%x", sha256.Sum256([]byte(a)))[:16]
		if got != want {
			t.Errorf("%s: sha256 %s, pinned %s", name, got, want)
		}
		seed, o, _, err := ParseGenName(name)
		if err != nil {
			t.Fatal(err)
		}
		full := GenName(seed, DrawGenOptions(seed, o))
		if c := mustLoad(t, full).String(); c != a {
			t.Errorf("%s and its full name %s give different maps", name, full)
		}
	}
	if mustLoad(t, "gen:1").String() == mustLoad(t, "gen:2").String() {
		t.Error("gen:1 and gen:2 are the same map")
	}
}

func TestGenNames(t *testing.T) {
	m := mustLoad(t, "gen-3p-20x30-h10-t12-o3-b2s1-c2-i1-bon4-x6-k1:9")
	if m.NPlayers != 3 || m.Width != 20 || m.Height != 30 || m.Overwrites != 3 || m.Bombs != 2 || m.Strength != 1 {
		t.Errorf("header %d players %dx%d ow %d bombs %d/%d", m.NPlayers, m.Width, m.Height, m.Overwrites, m.Bombs, m.Strength)
	}
	if len(m.Transitions) < 12 || m.Name() != "gen-3p-20x30-h10-t12-o3-b2s1-c2-i1-bon4-x6-k1:9" {
		t.Errorf("%d transitions, name %q", len(m.Transitions), m.Name())
	}
	count := map[uint8]int{}
	for _, v := range m.Cells {
		count[v]++
	}
	if count[Choice] < 2 || count[Inversion] < 1 || count[Bonus] < 4 || count[Expansion] < 6 {
		t.Errorf("special fields %v", count)
	}
	for _, c := range []struct{ name, want string }{
		{"gen-9p:1", "2..8"},
		{"gen-4p-60x60:1", "8..50"},
		{"gen:abc", "decimal seed"},
		{"gen-4p-4p:1", "given twice"},
		{"gen-zz:1", "unknown token"},
		{"gen-b3:1", "bNsM"},
		{"gen-h90:1", "holes"},
		{"gen-k5:1", "start blocks"},
	} {
		_, err := LoadMap(c.name)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.want)
		}
	}
	// not generator names: read as files
	for _, name := range []string{"gen-4p", "genx:1"} {
		if _, err := LoadMap(name); err == nil || !strings.Contains(err.Error(), "no such file") {
			t.Errorf("%s: error %v, want a file error", name, err)
		}
	}
}

// The conformance suite (random games to the end, undo, clone, hash,
// legality) on generated maps of every player count.
func TestConformanceGenerated(t *testing.T) {
	var maps []string
	for n := 2; n <= 8; n++ {
		maps = append(maps, fmt.Sprintf("gen-%dp:%d", n, n))
	}
	opt := conformance.Options{Maps: maps, Playouts: 2, Seed: 5}
	if raceEnabled || testing.Short() {
		opt.Playouts, opt.MaxSteps = 1, 60
	}
	conformance.Run(t, Game{}, opt)
}

// BenchmarkGenerate: one generated map (parsed back and checked) per
// iteration, a new seed each time.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []string{"gen-2p-50x50", "gen-4p-50x50", "gen-8p-50x50", "gen-3p-50x50", "gen-3p-16x16"} {
		b.Run(n, func(b *testing.B) {
			i := 0
			for b.Loop() {
				i++
				if _, err := LoadMap(fmt.Sprintf("%s:%d", n, i)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
