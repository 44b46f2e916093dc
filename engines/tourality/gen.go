package tourality

import (
	"fmt"
	"strconv"
	"strings"
)

// GenOptions are the options of the map generator (spec §4).
type GenOptions struct {
	Width, Height int
	Chips         int
	Obstacles     int
	MaxWall       int
}

// DefaultGenOptions are the options behind the map name gen:<seed>.
var DefaultGenOptions = GenOptions{Width: 20, Height: 20, Chips: 40, Obstacles: 40, MaxWall: 4}

// GenPrefix starts the names of generated maps: gen:<seed>.
const GenPrefix = "gen:"

// GenName is the name of the generated map of seed.
func GenName(seed uint64) string { return GenPrefix + strconv.FormatUint(seed, 10) }

// maxGenAttempts bounds the wall-placing draws (spec §4 step 2).
const maxGenAttempts = 10000

// splitMix64 is the generator's random source (spec §4).
type splitMix64 struct{ s uint64 }

func (r *splitMix64) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// below returns a uniform value in [0, n) by rejection.
func (r *splitMix64) below(n uint64) uint64 {
	rem := (-n) % n // 2^64 mod n
	for {
		x := r.next()
		if rem == 0 || x < -rem {
			return x % n
		}
	}
}

// Generate builds the symmetric random map of spec §4 from seed.
func Generate(seed uint64, o GenOptions) (*Map, error) {
	if o.Width < MinSide || o.Width > MaxSide || o.Height < MinSide || o.Height > MaxSide || o.Width%2 != 0 || o.Height%2 != 0 {
		return nil, fmt.Errorf("generator: size %d×%d must be even and within %d..%d", o.Width, o.Height, MinSide, MaxSide)
	}
	if o.Chips < 2 || o.Chips > MaxChips || o.Chips%2 != 0 {
		return nil, fmt.Errorf("generator: chips %d must be even and within 2..%d", o.Chips, MaxChips)
	}
	if o.Obstacles < 0 || o.Obstacles%2 != 0 || o.MaxWall < 1 {
		return nil, fmt.Errorf("generator: obstacles %d must be even and ≥ 0, max_wall %d ≥ 1", o.Obstacles, o.MaxWall)
	}
	w, h := o.Width, o.Height
	n := w * h
	mirror := func(k int) int { return n - 1 - k }
	r := &splitMix64{s: seed}
	g := &grid{w: w, h: h, wall: make([]bool, n), chip: make([]bool, n)}
	k := int(r.below(uint64(n)))
	g.start = [2]int{k, mirror(k)}
	plain := func(k int) bool { return !g.wall[k] && !g.chip[k] && k != g.start[0] && k != g.start[1] }
	placed := 0
	seg := make([]int, 0, o.MaxWall)
	for attempts := 0; placed < o.Obstacles && attempts < maxGenAttempts; attempts++ {
		l := 1 + int(r.below(uint64(o.MaxWall)))
		dir := r.below(2)
		anchor := int(r.below(uint64(n)))
		l = min(l, (o.Obstacles-placed)/2)
		seg = seg[:0]
		ax, ay := anchor%w, anchor/w
		ok := true
		for i := 0; i < l; i++ {
			x, y := ax, ay
			if dir == 0 {
				x += i
			} else {
				y += i
			}
			if x >= w || y >= h || !plain(y*w+x) {
				ok = false
				break
			}
			seg = append(seg, y*w+x)
		}
		if !ok {
			continue
		}
		for _, a := range seg {
			for _, b := range seg {
				if mirror(a) == b {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		for _, a := range seg {
			g.wall[a], g.wall[mirror(a)] = true, true
		}
		if !g.connected() {
			for _, a := range seg {
				g.wall[a], g.wall[mirror(a)] = false, false
			}
			continue
		}
		placed += 2 * l
	}
	free := make([]int, 0, n/2)
	for c := 0; c < o.Chips/2; c++ {
		free = free[:0]
		for k := 0; k < n/2; k++ {
			if plain(k) {
				free = append(free, k)
			}
		}
		if len(free) == 0 {
			return nil, fmt.Errorf("generator: no room for %d chips", o.Chips)
		}
		k := free[r.below(uint64(len(free)))]
		g.chip[k], g.chip[mirror(k)] = true, true
	}
	name := GenName(seed)
	if o != DefaultGenOptions {
		name += fmt.Sprintf("/%dx%d,chips=%d,obstacles=%d,max_wall=%d", w, h, o.Chips, o.Obstacles, o.MaxWall)
	}
	return g.build(name), nil
}

// connected reports whether the non-obstacle cells form one 4-connected
// region.
func (g *grid) connected() bool {
	src := -1
	total := 0
	for k, w := range g.wall {
		if !w {
			total++
			if src < 0 {
				src = k
			}
		}
	}
	if src < 0 {
		return false
	}
	cnt := 0
	for _, s := range g.reach(src) {
		if s {
			cnt++
		}
	}
	return cnt == total
}

// parseGenName reads gen:<seed>.
func parseGenName(name string) (uint64, bool, error) {
	rest, ok := strings.CutPrefix(name, GenPrefix)
	if !ok {
		return 0, false, nil
	}
	seed, err := strconv.ParseUint(rest, 10, 64)
	if err != nil {
		return 0, true, fmt.Errorf("map %q: %q is not a decimal seed (gen:<seed>, 0..18446744073709551615)", name, rest)
	}
	return seed, true, nil
}
