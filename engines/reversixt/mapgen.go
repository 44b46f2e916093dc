package reversixt

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"tourney/engines/game"
)

// GenOptions are the parameters of the map generator (Generate). A
// negative value (or NaN for Holes) means "not given": DrawGenOptions
// draws it from the seed.
type GenOptions struct {
	Players         int     // 2..8
	Width, Height   int     // MinGenSide..MaxGenSide
	Holes           float64 // target share of the cells that are holes, 0..MaxGenHoles
	Transitions     int     // target number of transitions
	Overwrites      int     // overwrite stones per player
	Bombs, Strength int     // bombs per player, bomb strength
	Choice          int     // `c` fields
	Inversion       int     // `i` fields
	Bonus           int     // `b` fields
	Expansion       int     // `x` stones
	Starts          int     // orbits (rounds of clusters) of start stones, 1..3
}

// Limits of the generator.
const (
	MinGenSide  = 8
	MaxGenSide  = 50
	MaxGenHoles = 0.7
	// GenPrefix starts every generated map's name: gen:SEED or
	// gen-TOKENS:SEED (see ParseGenName).
	GenPrefix = "gen"
)

var genDebug func(int, error)

// genAttempts is how many layouts Generate draws before it gives up.
const genAttempts = 64

// unsetGen is GenOptions with nothing given.
func unsetGen() GenOptions {
	return GenOptions{Players: -1, Width: -1, Height: -1, Holes: math.NaN(), Transitions: -1, Overwrites: -1,
		Bombs: -1, Strength: -1, Choice: -1, Inversion: -1, Bonus: -1, Expansion: -1, Starts: -1}
}

// ParseGenName reads a generated map's name: `gen:SEED`, or
// `gen-TOK-TOK-...:SEED` where each token fixes one parameter:
//
//	Np       players (2..8)          WxH   width and height (8..50)
//	hN       holes, percent of cells tN    transitions
//	oN       overwrite stones        bNsM  bombs N of strength M
//	cN iN    choice, inversion fields  bonN bonus fields
//	xN       expansion stones        kN    start blocks (1..3)
//
// ok is false when name is not a generator name (does not start with
// "gen:" or "gen-" or has no ":SEED"); err reports a malformed one.
func ParseGenName(name string) (seed uint64, o GenOptions, ok bool, err error) {
	o = unsetGen()
	if !strings.HasPrefix(name, GenPrefix+":") && !strings.HasPrefix(name, GenPrefix+"-") {
		return 0, o, false, nil
	}
	colon := strings.LastIndexByte(name, ':')
	if colon < 0 {
		return 0, o, false, nil
	}
	seed, perr := strconv.ParseUint(name[colon+1:], 10, 64)
	if perr != nil {
		return 0, o, true, fmt.Errorf("map %q: %q is not a decimal seed (%s)", name, name[colon+1:], genGrammar)
	}
	spec := name[len(GenPrefix):colon]
	if spec == "" {
		return seed, o, true, nil
	}
	seen := map[string]bool{}
	for _, tok := range strings.Split(spec[1:], "-") {
		key, err := o.setToken(tok)
		if err != nil {
			return 0, o, true, fmt.Errorf("map %q: %v (%s)", name, err, genGrammar)
		}
		if seen[key] {
			return 0, o, true, fmt.Errorf("map %q: %s given twice (%s)", name, key, genGrammar)
		}
		seen[key] = true
	}
	if err := o.check(); err != nil {
		return 0, o, true, fmt.Errorf("map %q: %v", name, err)
	}
	return seed, o, true, nil
}

const genGrammar = "gen:SEED or gen-TOKENS:SEED with tokens Np, WxH, hN (holes %), tN, oN, bNsM, cN, iN, bonN, xN, kN joined by '-'"

// setToken sets the parameter of one name token and returns its key.
func (o *GenOptions) setToken(tok string) (string, error) {
	num := func(s string) (int, bool) {
		if s == "" || len(s) > 6 {
			return 0, false
		}
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return 0, false
			}
		}
		v, _ := strconv.Atoi(s)
		return v, true
	}
	bad := fmt.Errorf("unknown token %q", tok)
	switch {
	case strings.HasSuffix(tok, "p"):
		v, ok := num(tok[:len(tok)-1])
		if !ok {
			return "", bad
		}
		o.Players = v
		return "players", nil
	case strings.Contains(tok, "x") && tok[0] >= '0' && tok[0] <= '9':
		w, h, _ := strings.Cut(tok, "x")
		wv, ok1 := num(w)
		hv, ok2 := num(h)
		if !ok1 || !ok2 {
			return "", bad
		}
		o.Width, o.Height = wv, hv
		return "size", nil
	case strings.HasPrefix(tok, "bon"):
		v, ok := num(tok[3:])
		if !ok {
			return "", bad
		}
		o.Bonus = v
		return "bonus", nil
	case strings.HasPrefix(tok, "b"):
		b, s, found := strings.Cut(tok[1:], "s")
		bv, ok1 := num(b)
		sv, ok2 := num(s)
		if !found || !ok1 || !ok2 {
			return "", fmt.Errorf("bombs token %q: want bNsM (N bombs of strength M)", tok)
		}
		o.Bombs, o.Strength = bv, sv
		return "bombs", nil
	}
	if tok == "" {
		return "", bad
	}
	v, ok := num(tok[1:])
	if !ok {
		return "", bad
	}
	if tok[0] == 'h' {
		o.Holes = float64(v) / 100
		return "holes", nil
	}
	fields := map[byte]struct {
		key string
		p   *int
	}{'t': {"transitions", &o.Transitions}, 'o': {"overwrites", &o.Overwrites}, 'c': {"choice", &o.Choice},
		'i': {"inversion", &o.Inversion}, 'x': {"expansion", &o.Expansion}, 'k': {"starts", &o.Starts}}
	if f, ok := fields[tok[0]]; ok {
		*f.p = v
		return f.key, nil
	}
	return "", bad
}

// check reports a given parameter outside its range.
func (o GenOptions) check() error {
	switch {
	case o.Players >= 0 && (o.Players < 2 || o.Players > 8):
		return fmt.Errorf("%d players: want 2..8", o.Players)
	case o.Width >= 0 && (o.Width < MinGenSide || o.Width > MaxGenSide || o.Height < MinGenSide || o.Height > MaxGenSide):
		return fmt.Errorf("size %dx%d: each side %d..%d", o.Width, o.Height, MinGenSide, MaxGenSide)
	case !math.IsNaN(o.Holes) && (o.Holes < 0 || o.Holes > MaxGenHoles):
		return fmt.Errorf("holes %.0f%%: want 0..%.0f%%", 100*o.Holes, 100*MaxGenHoles)
	case o.Starts >= 0 && (o.Starts < 1 || o.Starts > 3):
		return fmt.Errorf("%d start blocks: want 1..3", o.Starts)
	case o.Overwrites > 255 || o.Bombs > 255 || o.Strength > 255:
		return fmt.Errorf("stocks and strength: at most 255")
	case o.Transitions > 4*(MaxGenSide*MaxGenSide):
		return fmt.Errorf("%d transitions: too many", o.Transitions)
	}
	return nil
}

// DrawGenOptions fills the parameters o does not give from seed, drawn to
// resemble the course's maps (players 2: 40 %, 3: 20 %, 4: 25 %, 8: 15 %;
// sides 8..50 growing with the players; holes 0..60 %, median 21 %; transitions a
// log-uniform share of the border, none on a quarter of the maps;
// overwrite stones, bombs and special fields as in the course's maps).
// Given parameters are kept; each drawn one depends on the seed and the
// parameters before it only.
func DrawGenOptions(seed uint64, o GenOptions) GenOptions {
	r := rand.New(rand.NewPCG(game.Mix(seed, 0x6e6f), 1))
	pick := func(ws ...int) int { // index by weight
		t := 0
		for _, w := range ws {
			t += w
		}
		k := r.IntN(t)
		for i, w := range ws {
			if k < w {
				return i
			}
			k -= w
		}
		return len(ws) - 1
	}
	logU := func(lo, hi float64) float64 { return lo * math.Exp(r.Float64()*math.Log(hi/lo)) }
	// Every draw happens, given or not, so that giving one parameter
	// does not shift the random stream of the others.
	players := []int{2, 3, 4, 8}[pick(40, 20, 25, 15)]
	if o.Players >= 0 {
		players = o.Players
	}
	sides := map[int][2]float64{2: {8, 36}, 3: {14, 36}, 4: {14, 50}}[players]
	if sides[0] == 0 { // 5 to 8 players
		sides = [2]float64{20, 50}
	}
	side := int(math.Round(logU(sides[0], sides[1])))
	square := r.Float64() < 0.6
	aspect := 0.6 + r.Float64()
	holes := math.Round(60*math.Pow(r.Float64(), 1.5)) / 100 // median 21 %; whole percent, as names write it
	noTrans := r.Float64() < 0.25
	transShare := logU(0.02, 1)
	ow := []int{0, 1, 2, 3, 4, 5, 6, 10}[pick(35, 5, 20, 10, 8, 8, 8, 6)]
	bombs := []int{0, 1, 2, 3, 4}[pick(35, 15, 30, 15, 5)]
	strength := r.IntN(5)
	specials := [4]float64{}
	for k := range specials {
		specials[k] = r.Float64()
	}
	starts := 1 + pick(60, 30, 10)

	if o.Players < 0 {
		o.Players = players
	}
	if o.Width < 0 {
		o.Width, o.Height = side, side
		if !square {
			o.Height = int(math.Round(float64(side) * aspect))
		}
		o.Width, o.Height = min(max(o.Width, MinGenSide), MaxGenSide), min(max(o.Height, MinGenSide), MaxGenSide)
	}
	if math.IsNaN(o.Holes) {
		o.Holes = holes
	}
	if o.Transitions < 0 {
		o.Transitions = 0
		if !noTrans {
			o.Transitions = int(math.Round(transShare * float64(o.Width+o.Height)))
		}
	}
	if o.Overwrites < 0 {
		o.Overwrites = ow
	}
	if o.Bombs < 0 {
		o.Bombs = bombs
	}
	if o.Strength < 0 {
		o.Strength = strength
	}
	// Special fields: up to about one per 40 fields for bonus, fewer of
	// the others, at least the symmetry's orbit when any.
	area := float64(o.Width*o.Height) * (1 - o.Holes)
	for k, p := range []*int{&o.Choice, &o.Inversion, &o.Bonus, &o.Expansion} {
		if *p >= 0 {
			continue
		}
		scale := [4]float64{150, 200, 60, 50}[k]
		*p = int(specials[k] * specials[k] * area / scale * 2)
	}
	if o.Starts < 0 {
		// each block and its empty surroundings take about 8×8 fields:
		// keep them under a third of the board
		o.Starts = max(1, min(starts, o.Width*o.Height/(3*64*max(1, o.Players))))
	}
	return o
}

// GenName is the generator name of o and seed: gen-...:SEED with every
// parameter written, so that it gives the same map as o.
func GenName(seed uint64, o GenOptions) string {
	return fmt.Sprintf("gen-%dp-%dx%d-h%d-t%d-o%d-b%ds%d-c%d-i%d-bon%d-x%d-k%d:%d", o.Players, o.Width, o.Height,
		int(math.Round(100*o.Holes)), o.Transitions, o.Overwrites, o.Bombs, o.Strength, o.Choice, o.Inversion,
		o.Bonus, o.Expansion, o.Starts, seed)
}

// LoadGenMap returns the generated map of a generator name (ok false when
// name is not one).
func LoadGenMap(name string) (m *Map, ok bool, err error) {
	seed, o, ok, err := ParseGenName(name)
	if !ok || err != nil {
		return nil, ok, err
	}
	m, err = Generate(seed, DrawGenOptions(seed, o))
	if err != nil {
		return nil, true, fmt.Errorf("map %q: %w", name, err)
	}
	m.name = name
	return m, true, nil
}

// Generate builds a map from seed and o (every parameter given; see
// DrawGenOptions). The map is written in the file format and parsed back
// with ParseMap, so it is a map the engine (and the course's server)
// accepts. Fairness: with 2 players the map is symmetric under a half
// turn or a mirror that swaps them, with 4 under a quarter turn (square
// boards) or both mirrors, with 8 on square boards under the 8 rotations
// and mirrors, each carrying every player to another (the terrain,
// special fields and transitions are symmetric, the start stones
// equivariant: a stone's image belongs to the image of its player; the
// first orbit of start stones is one cluster in the centre, at most a
// field apart); with 3, 5, 6
// or 7 players (and 8 on other boards) the terrain is symmetric and the
// start clusters are Starts rounds of n copies of one circulant cluster,
// copy k with the players shifted by k, each in the same empty
// surroundings, so that every player holds every role once and all start
// with the same moves and stones. Every player has a move at the
// start, and the fields form one connected region (regions without a
// start stone become holes; an attempt that loses more than 40 % of the
// fields that way is drawn again). Counts of special fields and transitions are
// reached in whole orbits of the symmetry (they may round up).
func Generate(seed uint64, o GenOptions) (*Map, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if o.Players < 2 || o.Width < 0 || math.IsNaN(o.Holes) || o.Transitions < 0 || o.Overwrites < 0 || o.Bombs < 0 ||
		o.Strength < 0 || o.Choice < 0 || o.Inversion < 0 || o.Bonus < 0 || o.Expansion < 0 || o.Starts < 1 {
		return nil, fmt.Errorf("generator: a parameter is not given: %+v", o)
	}
	var last error
	for attempt := 0; attempt < genAttempts; attempt++ {
		g := &gen{o: o, r: rand.New(rand.NewPCG(game.Mix(seed, 0x67656e, uint64(attempt)), 2)), dense: attempt >= genAttempts/2}
		m, err := g.build()
		if err == nil {
			return m, nil
		}
		last = err
		if genDebug != nil {
			genDebug(attempt, err)
		}
	}
	return nil, fmt.Errorf("generator: no valid %dx%d map for %d players in %d attempts (last: %v)", o.Width, o.Height, o.Players, genAttempts, last)
}

// sym is one symmetry of the board: a linear map of the coordinates
// relative to the centre (doubled, so that it is integral), applied to
// cells and directions.
type sym struct{ a, b, c, d int }

func (s sym) mul(t sym) sym {
	return sym{s.a*t.a + s.b*t.c, s.a*t.b + s.b*t.d, s.c*t.a + s.d*t.c, s.c*t.b + s.d*t.d}
}

var (
	symID   = sym{1, 0, 0, 1}
	symRot  = sym{0, -1, 1, 0} // quarter turn clockwise on the screen
	symMx   = sym{-1, 0, 0, 1} // mirror left-right
	symMy   = sym{1, 0, 0, -1} // mirror top-bottom
	symHalf = sym{-1, 0, 0, -1}
)

// gen is one attempt of the generator.
type gen struct {
	o     GenOptions
	r     *rand.Rand
	w, h  int
	cells []uint8
	zone  []bool // cells near the start stones: no hole, special or transition end
	group []sym
	// regular: the group acts on the players (player k+1 is group[k]);
	// otherwise the stones are placed in balanced blocks.
	regular bool
	// dense packs balanced start clusters of 2×2 from the top left (the
	// later attempts, for boards where random places leave no room)
	dense bool
	trans []Transition
}

// apply maps cell (x, y) by s; ok is false when the image is off the board.
func (g *gen) apply(s sym, x, y int) (int, int, bool) {
	X, Y := 2*x-(g.w-1), 2*y-(g.h-1)
	X2, Y2 := s.a*X+s.b*Y, s.c*X+s.d*Y
	x2, y2 := (X2+g.w-1)/2, (Y2+g.h-1)/2
	return x2, y2, x2 >= 0 && x2 < g.w && y2 >= 0 && y2 < g.h && (X2+g.w-1)%2 == 0 && (Y2+g.h-1)%2 == 0
}

// dir maps direction r by s.
func (s sym) dir(r int) int {
	dx, dy := dirX[r], dirY[r]
	nx, ny := s.a*dx+s.b*dy, s.c*dx+s.d*dy
	for d := 0; d < 8; d++ {
		if dirX[d] == nx && dirY[d] == ny {
			return d
		}
	}
	panic("reversixt: symmetry maps a direction off the compass")
}

func (g *gen) index(s sym) int {
	for i, t := range g.group {
		if t == s {
			return i
		}
	}
	panic("reversixt: symmetry group not closed")
}

// chooseGroup picks the symmetry group and whether it acts on the players.
func (g *gen) chooseGroup() {
	n, sq := g.o.Players, g.w == g.h
	d4 := []sym{symID, symRot, symHalf, symRot.mul(symHalf), symMx, symRot.mul(symMx), symHalf.mul(symMx), symRot.mul(symHalf).mul(symMx)}
	klein := []sym{symID, symMx, symMy, symHalf}
	c4 := []sym{symID, symRot, symHalf, symRot.mul(symHalf)}
	switch {
	case n == 2:
		g.group = [][]sym{{symID, symHalf}, {symID, symMx}, {symID, symMy}}[g.r.IntN(3)]
		g.regular = true
	case n == 4 && sq && g.r.IntN(2) == 0:
		g.group, g.regular = c4, true
	case n == 4:
		g.group, g.regular = klein, true
	case n == 8 && sq:
		g.group, g.regular = d4, true
	default:
		opts := [][]sym{{symID, symHalf}, klein}
		if sq {
			opts = append(opts, c4, d4)
		}
		g.group = opts[g.r.IntN(len(opts))]
	}
}

// orbit returns the cells of the orbit of c (distinct, c first).
func (g *gen) orbit(c int, buf []int) []int {
	buf = buf[:0]
	x, y := c%g.w, c/g.w
	for _, s := range g.group {
		x2, y2, _ := g.apply(s, x, y)
		c2 := y2*g.w + x2
		dup := false
		for _, b := range buf {
			dup = dup || b == c2
		}
		if !dup {
			buf = append(buf, c2)
		}
	}
	return buf
}

func (g *gen) build() (*Map, error) {
	o := g.o
	g.w, g.h = o.Width, o.Height
	g.cells = make([]uint8, g.w*g.h)
	g.zone = make([]bool, g.w*g.h)
	g.chooseGroup()
	g.outline()
	if err := g.starts(); err != nil {
		return nil, err
	}
	g.holes()
	if err := g.connect(); err != nil {
		return nil, err
	}
	for k, n := range []int{o.Choice, o.Inversion, o.Bonus, o.Expansion} {
		g.specials([]uint8{Choice, Inversion, Bonus, Expansion}[k], n)
	}
	g.transitions()
	text := g.text()
	m, err := ParseMap("generated", []byte(text))
	if err != nil {
		return nil, fmt.Errorf("generated map does not parse: %v", err)
	}
	return m, checkGenerated(m)
}

// checkGenerated checks that every player has stones and the same number
// of them, and a move at the start.
func checkGenerated(m *Map) error {
	s := NewState(m)
	if s.Phase() != Phase1 {
		return fmt.Errorf("no phase 1 at the start")
	}
	for p := 0; p < m.NPlayers; p++ {
		if s.Count(p) != s.Count(0) || s.Count(p) == 0 {
			return fmt.Errorf("player %d has %d stones, player 1 %d", p+1, s.Count(p), s.Count(0))
		}
		if s.countFor(p) == 0 {
			return fmt.Errorf("player %d has no move at the start", p+1)
		}
	}
	return nil
}

// outline cuts a symmetric shape out of the rectangle: none, cut corners,
// or an ellipse, using at most 60 % of the hole budget.
func (g *gen) outline() {
	budget := 0.6 * g.o.Holes * float64(g.w*g.h)
	kind := g.r.IntN(3)
	cx, cy := float64(g.w-1)/2, float64(g.h-1)/2
	var in func(x, y int) bool
	switch kind {
	case 0:
		return
	case 1: // cut corners: |dx|+|dy| scaled
		k := g.r.Float64()
		in = func(x, y int) bool {
			dx, dy := math.Abs(float64(x)-cx)/(cx+0.5), math.Abs(float64(y)-cy)/(cy+0.5)
			return dx+dy <= 2-k*0.9
		}
	case 2:
		k := 1 + 0.5*g.r.Float64()
		in = func(x, y int) bool {
			dx, dy := (float64(x)-cx)/(cx+0.5), (float64(y)-cy)/(cy+0.5)
			return dx*dx+dy*dy <= k*k/1.6
		}
	}
	holes := 0
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if !in(x, y) {
				holes++
			}
		}
	}
	if float64(holes) > budget {
		return
	}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if !in(x, y) {
				g.cells[y*g.w+x] = Hole
			}
		}
	}
}

// free reports whether c may take a hole, special field or stone.
func (g *gen) free(c int) bool { return g.cells[c] == Empty && !g.zone[c] }

// markZone marks the cells within Chebyshev distance 2 of (x, y); ok is
// false when one of them is off the board or a hole.
func (g *gen) zoneOK(x, y int) bool {
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			x2, y2 := x+dx, y+dy
			if x2 < 0 || x2 >= g.w || y2 < 0 || y2 >= g.h || g.cells[y2*g.w+x2] == Hole {
				return false
			}
		}
	}
	return true
}

func (g *gen) markZone(x, y int) {
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			g.zone[(y+dy)*g.w+x+dx] = true
		}
	}
}

// starts places the start stones.
func (g *gen) starts() error {
	if g.regular {
		return g.regularStarts()
	}
	return g.balancedStarts()
}

// regularStarts places Starts orbits of a 2×2 seed of stones labelled by
// group elements (player k+1 is group[k]): the image of a stone labelled
// a under s is labelled s·a. The first orbit is the centre: its images
// touch and form one cluster holding every player; the others go
// anywhere. Seeds whose orbit puts two labels on one field are redrawn.
func (g *gen) regularStarts() error {
	n := len(g.group)
	for k := 0; k < g.o.Starts; k++ {
		ok := false
		for try := 0; try < 400 && !ok; try++ {
			var x, y int
			if k == 0 {
				x, y = g.w/2-4+g.r.IntN(6), g.h/2-4+g.r.IntN(6)
			} else {
				x, y = 2+g.r.IntN(max(1, g.w-5)), 2+g.r.IntN(max(1, g.h-5))
			}
			var lab [4]int
			for i := range lab {
				lab[i] = g.r.IntN(n)
			}
			// side by side neighbours differ: [a b; c d] with a≠b, a≠c,
			// b≠d, c≠d (a checkerboard of two players, or more)
			ok = lab[0] != lab[1] && lab[0] != lab[2] && lab[1] != lab[3] && lab[2] != lab[3] && g.tryOrbit(x, y, lab, k == 0)
		}
		if !ok {
			return fmt.Errorf("no room for start orbit %d", k+1)
		}
	}
	return nil
}

// seedCells are the fields of a 2×2 seed, relative to its top left.
var seedCells = [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}}

func (g *gen) tryOrbit(x, y int, lab [4]int, centre bool) bool {
	put := map[int]uint8{}
	for _, s := range g.group {
		for i, sc := range seedCells {
			x2, y2, ok := g.apply(s, x+sc[0], y+sc[1])
			if !ok || x+sc[0] < 0 || y+sc[1] < 0 || x+sc[0] >= g.w || y+sc[1] >= g.h {
				return false
			}
			v := uint8(g.index(s.mul(g.group[lab[i]])) + 1)
			c := y2*g.w + x2
			if old, dup := put[c]; dup && old != v {
				return false
			}
			if g.cells[c] != Empty || g.zone[c] || !g.zoneOK(x2, y2) {
				return false
			}
			put[c] = v
		}
	}
	cells := make([]int, 0, len(put))
	for c := range put {
		cells = append(cells, c)
	}
	slices.Sort(cells)
	if centre && !connected(cells, g.w) {
		return false
	}
	for _, c := range cells {
		g.cells[c] = put[c]
		g.markZone(c%g.w, c/g.w)
	}
	return true
}

// connected reports whether the fields are one group when fields at most
// 2 apart (a free field between them, as across the centre of an odd
// board) are joined.
func connected(cells []int, w int) bool {
	seen := map[int]bool{cells[0]: true}
	q := []int{cells[0]}
	for len(q) > 0 {
		c := q[len(q)-1]
		q = q[:len(q)-1]
		for _, c2 := range cells {
			dx, dy := c%w-c2%w, c/w-c2/w
			if !seen[c2] && dx >= -2 && dx <= 2 && dy >= -2 && dy <= 2 {
				seen[c2] = true
				q = append(q, c2)
			}
		}
	}
	return len(seen) == len(cells)
}

// balancedStarts places, Starts times, n copies of one cluster, copy k
// with every label shifted by k (player p's stones of copy k are the
// cluster's role p−k), each with 3 empty fields around it: every player
// plays every role once, in the same empty surroundings, so all start
// alike. The cluster is the circulant square (i + j) mod n, 3×3 (three
// players meet, five from 5 players on) or, where that finds no room,
// 2×2. Places are drawn among all that fit (packed from the top left in
// the later attempts).
func (g *gen) balancedStarts() error {
	n := g.o.Players
	k := 3
	if g.dense {
		k = 2
	}
	// roomy: the field and the 5×5 around it are board without holes;
	// near: a stone is within 3 fields
	roomy, near := make([]bool, len(g.cells)), make([]bool, len(g.cells))
	for c := range g.cells {
		roomy[c] = g.zoneOK(c%g.w, c/g.w)
	}
	fits := func(x, y int) bool {
		for j := 0; j < k; j++ {
			for i := 0; i < k; i++ {
				if c := (y+j)*g.w + x + i; !roomy[c] || near[c] {
					return false
				}
			}
		}
		return true
	}
	var cand []int
	for r := 0; r < g.o.Starts; r++ {
		for shift := 0; shift < n; shift++ {
			cand = cand[:0]
			for y := 0; y+k <= g.h; y++ {
				for x := 0; x+k <= g.w; x++ {
					if fits(x, y) {
						cand = append(cand, y*g.w+x)
					}
				}
			}
			if len(cand) == 0 {
				return fmt.Errorf("no room for %d start clusters of %d×%d, 3 fields apart and 2 from the edge", n*g.o.Starts, k, k)
			}
			c := cand[g.r.IntN(len(cand))]
			if g.dense {
				c = cand[0]
			}
			x, y := c%g.w, c/g.w
			for j := 0; j < k; j++ {
				for i := 0; i < k; i++ {
					g.cells[(y+j)*g.w+x+i] = uint8((i+j+shift)%n + 1)
					g.markZone(x+i, y+j)
				}
			}
			for y2 := max(0, y-3); y2 < min(g.h, y+k+3); y2++ {
				for x2 := max(0, x-3); x2 < min(g.w, x+k+3); x2++ {
					near[y2*g.w+x2] = true
				}
			}
		}
	}
	return nil
}

// holes adds symmetric holes (single fields, blobs and walls) outside the
// start zones until the target share is reached.
func (g *gen) holes() {
	target := int(math.Round(g.o.Holes * float64(g.w*g.h)))
	count := func() int {
		k := 0
		for _, v := range g.cells {
			if v == Hole {
				k++
			}
		}
		return k
	}
	have := count()
	var orb []int
	for try := 0; have < target && try < 20*g.w*g.h; try++ {
		x, y := g.r.IntN(g.w), g.r.IntN(g.h)
		var shape [][2]int
		switch g.r.IntN(3) {
		case 0: // a wall
			d := g.r.IntN(4)
			l := 2 + g.r.IntN(max(1, min(g.w, g.h)/3))
			for i := 0; i < l; i++ {
				shape = append(shape, [2]int{x + i*dirX[d], y + i*dirY[d]})
			}
		case 1: // a blob
			rad := 1 + g.r.IntN(3)
			for dy := -rad; dy <= rad; dy++ {
				for dx := -rad; dx <= rad; dx++ {
					if dx*dx+dy*dy <= rad*rad {
						shape = append(shape, [2]int{x + dx, y + dy})
					}
				}
			}
		default:
			shape = [][2]int{{x, y}}
		}
		for _, p := range shape {
			if p[0] < 0 || p[0] >= g.w || p[1] < 0 || p[1] >= g.h {
				continue
			}
			orb = g.orbit(p[1]*g.w+p[0], orb)
			ok := true
			for _, c := range orb {
				ok = ok && (g.cells[c] == Hole || g.free(c))
			}
			if !ok {
				continue
			}
			for _, c := range orb { // a whole orbit, or the symmetry breaks
				if g.cells[c] != Hole {
					g.cells[c] = Hole
					have++
				}
			}
		}
	}
}

// connect turns the fields not connected (by the 8 straight steps) to the
// start stones into holes; all stones must be in one region, and it must
// keep 60 % of the fields the hole share leaves.
func (g *gen) connect() error {
	reg := make([]int, len(g.cells))
	for i := range reg {
		reg[i] = -1
	}
	var q []int
	start := -1
	for c, v := range g.cells {
		if isStone(v) {
			start = c
			break
		}
	}
	if start < 0 {
		return fmt.Errorf("no start stones")
	}
	reg[start] = 0
	q = append(q, start)
	for len(q) > 0 {
		c := q[len(q)-1]
		q = q[:len(q)-1]
		x, y := c%g.w, c/g.w
		for d := 0; d < 8; d++ {
			x2, y2 := x+dirX[d], y+dirY[d]
			if x2 < 0 || x2 >= g.w || y2 < 0 || y2 >= g.h {
				continue
			}
			c2 := y2*g.w + x2
			if reg[c2] < 0 && g.cells[c2] != Hole {
				reg[c2] = 0
				q = append(q, c2)
			}
		}
	}
	left, want := 0, len(g.cells)-int(math.Round(g.o.Holes*float64(len(g.cells))))
	for c, v := range g.cells {
		if v != Hole && reg[c] < 0 {
			if isStone(v) {
				return fmt.Errorf("start stones in separate regions")
			}
			g.cells[c] = Hole
		}
		if g.cells[c] != Hole {
			left++
		}
	}
	if 10*left < 6*want {
		return fmt.Errorf("the holes cut the board: %d fields left of %d", left, want)
	}
	return nil
}

// specials places n fields of value v in whole orbits on free fields.
func (g *gen) specials(v uint8, n int) {
	var orb []int
	placed := 0
	for try := 0; placed < n && try < 50*n; try++ {
		c := g.r.IntN(len(g.cells))
		orb = g.orbit(c, orb)
		ok := true
		for _, c2 := range orb {
			ok = ok && g.free(c2)
		}
		if !ok {
			continue
		}
		for _, c2 := range orb {
			g.cells[c2] = v
		}
		placed += len(orb)
	}
}

// end is one end (cell, direction) of a transition.
type genEnd struct{ c, r int }

// transitions adds transitions in whole orbits until the target count:
// half of them wrap a row, column or diagonal around to its other end
// (the walk goes on in the same direction), the others join two random
// ends. Ends are fields outside the start zones whose straight neighbour
// in the direction is off the board or a hole; each end is used once.
func (g *gen) transitions() {
	var ends []genEnd
	for c, v := range g.cells {
		if v == Hole || g.zone[c] {
			continue
		}
		x, y := c%g.w, c/g.w
		for d := 0; d < 8; d++ {
			x2, y2 := x+dirX[d], y+dirY[d]
			if x2 < 0 || x2 >= g.w || y2 < 0 || y2 >= g.h || g.cells[y2*g.w+x2] == Hole {
				ends = append(ends, genEnd{c, d})
			}
		}
	}
	if len(ends) < 2 {
		return
	}
	used := map[genEnd]bool{}
	for try := 0; len(g.trans) < g.o.Transitions && try < 20*g.o.Transitions+100; try++ {
		e1 := ends[g.r.IntN(len(ends))]
		var e2 genEnd
		if g.r.IntN(2) == 0 {
			back := (e1.r + 4) % 8
			c := e1.c
			for {
				x2, y2 := c%g.w+dirX[back], c/g.w+dirY[back]
				if x2 < 0 || x2 >= g.w || y2 < 0 || y2 >= g.h || g.cells[y2*g.w+x2] == Hole {
					break
				}
				c = y2*g.w + x2
			}
			e2 = genEnd{c, back}
		} else {
			e2 = ends[g.r.IntN(len(ends))]
		}
		if e1.c == e2.c || used[e1] || used[e2] || g.zone[e2.c] {
			continue
		}
		// the orbit of the transition
		var add [][2]genEnd
		seen := map[genEnd]int{}
		ok := true
		for _, s := range g.group {
			var im [2]genEnd
			for k, e := range [2]genEnd{e1, e2} {
				x2, y2, _ := g.apply(s, e.c%g.w, e.c/g.w)
				im[k] = genEnd{y2*g.w + x2, s.dir(e.r)}
			}
			if im[0] == im[1] {
				ok = false
				break
			}
			dup := false
			for _, t := range add {
				if t == im || t == [2]genEnd{im[1], im[0]} {
					dup = true
				}
			}
			if dup {
				continue
			}
			for _, e := range im {
				if used[e] || seen[e] > 0 {
					ok = false
				}
				seen[e]++
			}
			add = append(add, im)
		}
		if !ok || len(g.trans)+len(add) > g.o.Transitions+len(g.group)-1 {
			continue
		}
		for _, t := range add {
			used[t[0]], used[t[1]] = true, true
			g.trans = append(g.trans, Transition{t[0].c % g.w, t[0].c / g.w, t[0].r, t[1].c % g.w, t[1].c / g.w, t[1].r})
		}
	}
}

// text writes the map file.
func (g *gen) text() string {
	var sb strings.Builder
	o := g.o
	fmt.Fprintf(&sb, "%d\n%d\n%d %d\n%d %d\n", o.Players, o.Overwrites, o.Bombs, o.Strength, g.h, g.w)
	writeBoard(&sb, g.cells, g.w)
	for _, t := range g.trans {
		fmt.Fprintf(&sb, "%d %d %d <-> %d %d %d\n", t.X1, t.Y1, t.R1, t.X2, t.Y2, t.R2)
	}
	return sb.String()
}

// GeneratedMaps describes the generated map names beside the built-in
// maps (tourney list): the grammar of ParseGenName and an example.
func (Game) GeneratedMaps() string {
	return "generated maps: " + genGrammar + " (left out: drawn from the seed), e.g. gen-4p-46x46-h12-t100-o0-b3s0:7"
}
