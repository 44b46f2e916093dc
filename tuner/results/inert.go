// inert.go: did changing a knob change any game? (issue 30: knobs that
// act only under a clock change no game at a fixed depth, and a sweep
// over them decides them by nothing.)

package results

import (
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"tourney/engines/game"
)

// A knob changed no game when every pair of games that differ only in it
// played the same game: the same deal (scenario, map, seed, hence the same
// opening), the same bots in the same seats with the same value of every
// other knob, and the knob at another value in at least one seat; the
// same game is the same fingerprint (game_hash, arena.Print: the opening,
// every move and the end). The claim is about the games played under the
// run's budgets: a knob may change none because its code acts only under
// a clock (deepening_start at a fixed depth), or because no game reached
// its code. A design in which no two games of one deal differ in that
// knob alone (a fractional factorial: its runs differ in several knobs at
// once) cannot tell: "not determined". Two knobs that differ together
// are never credited to either (their changes could cancel).

// KnobChange is what the games say of one varied knob (summary.json's
// knobs).
type KnobChange struct {
	Param string `json:"parameter"`
	// Pairs counts the pairs of games of one deal that differ only in
	// this knob; Changed how many of them played differently.
	Pairs   int `json:"pairs"`
	Changed int `json:"changed_pairs"`
	// Budget names the budgets of the scenarios of those pairs.
	Budget string `json:"budget,omitempty"`
}

// Inert reports that the knob changed no game (and that some pair says so).
func (k KnobChange) Inert() bool { return k.Pairs > 0 && k.Changed == 0 }

// Text is the summary's sentence for an inert knob ("" otherwise).
func (k KnobChange) Text() string {
	if !k.Inert() {
		return ""
	}
	return fmt.Sprintf("%s changed no game under %s (%d pairs of games on the same deal differed only in it): cannot be tuned under this budget",
		k.Param, k.Budget, k.Pairs)
}

// KnobLines are the summary's lines on the knobs: one per knob that
// changed no game, and one naming those the design could not tell.
func KnobLines(ks []KnobChange) []string {
	var out, unknown []string
	for _, k := range ks {
		if k.Inert() {
			out = append(out, k.Text())
		} else if k.Pairs == 0 {
			unknown = append(unknown, k.Param)
		}
	}
	if len(unknown) > 0 && len(unknown) < len(ks) {
		out = append(out, fmt.Sprintf("changed a game or not: not determined for %s (no two games of one deal differed only in it)", strings.Join(unknown, ", ")))
	} else if len(unknown) > 0 {
		out = append(out, "changed a game or not: not determined for any knob (no two games of one deal differed in one knob only: the design changes several at once)")
	}
	return out
}

// pairCount is the pairs of games behind one row of effects.csv.
type pairCount struct{ pairs, changed int }

// knobPairs is the comparison of every varied knob.
type knobPairs struct {
	knobs []KnobChange // per knob of the space, in its order
	// vals: per scope (0 all, sc + 1 scenario sc), knob and value, the
	// pairs with that value in a seat where the two games differ.
	vals map[pairKey]pairCount
	// per knob and scope
	scope map[[2]int]pairCount
}

type pairKey struct {
	scope, knob int
	value       string
}

// inertBroken breaks the comparison on purpose (tests only: a test that
// the naming of inert knobs can fail): every pair counts as the same game.
var inertBroken bool

// playedGame is a game of games.csv as the comparison needs it.
type playedGame struct {
	sc, mp int
	seed   uint64
	print  uint64
	ents   []int // per seat: an entity (variant, the defaults, a point, a field bot)
}

// knobPairs compares the games of games.csv (complete when the results
// are written, a resumed run's included) knob by knob.
func (r *Sweep) knobPairs() (*knobPairs, error) {
	if len(r.s.Params) == 0 {
		return nil, nil
	}
	games, ents, err := r.readPlayed()
	if err != nil {
		return nil, err
	}
	nsc := len(r.s.Scenarios)
	val, ln := ents.valuesLazy(r.s.ParamNames(), nsc) // values, its texts written as pairs need them
	names := ln.names
	deals := dealsOf(games)
	kp := &knobPairs{vals: map[pairKey]pairCount{}, scope: map[[2]int]pairCount{}}
	var hs []hashedGame
	for k, p := range r.s.Params {
		proj := ents.identitiesFast(val, k, nsc) // identities' ids, without its strings
		kc := KnobChange{Param: p.Name}
		budgets := map[int]bool{}
		for _, gs := range deals {
			// the deal's games by their entrants but for knob k: a hash
			// sorts them, equal entrants (checked) make the pairs
			hs = hs[:0]
			for _, gi := range gs {
				g := &games[gi]
				h := uint64(len(g.ents))
				for _, e := range g.ents {
					h = h*0x9e3779b97f4a7c15 + uint64(proj[g.sc][e]) + 1
				}
				hs = append(hs, hashedGame{h, gi})
			}
			slices.SortFunc(hs, func(a, b hashedGame) int { return cmp.Or(cmp.Compare(a.h, b.h), cmp.Compare(a.g, b.g)) })
			for i := range hs {
				for j := i + 1; j < len(hs) && hs[j].h == hs[i].h; j++ {
					a, b := &games[hs[i].g], &games[hs[j].g]
					if !sameEntrants(proj[a.sc], a.ents, b.ents) {
						continue // a collision of the hash
					}
					for s := range a.ents {
						ln.fill(k, val[k][a.sc][a.ents[s]])
						ln.fill(k, val[k][b.sc][b.ents[s]])
					}
					if kp.add(k, a, b, val[k][a.sc], names[k], &kc) {
						budgets[a.sc] = true
					}
				}
			}
		}
		var bs []string
		for sc := range nsc {
			if budgets[sc] {
				b := r.s.Scenarios[sc].Budget
				t := b.String()
				if b.IsZero() {
					t = "the bot's own budget"
				}
				if !slices.Contains(bs, t) {
					bs = append(bs, t)
				}
			}
		}
		kc.Budget = strings.Join(bs, " and ")
		kp.knobs = append(kp.knobs, kc)
	}
	return kp, nil
}

// add counts games a and b of one deal, whose entrants are the same but
// for knob k (vk: its value per entity, names: the values' names), as a
// pair when the knob's value differs in some seat; it reports whether
// they were one.
func (kp *knobPairs) add(k int, a, b *playedGame, vk []int32, names []string, kc *KnobChange) bool {
	var differ []int32
	for s := range a.ents {
		if va, vb := vk[a.ents[s]], vk[b.ents[s]]; va != vb {
			differ = append(differ, va, vb)
		}
	}
	if len(differ) == 0 {
		return false // the same entrants: not a comparison
	}
	changed := 0
	if a.print != b.print && !inertBroken {
		changed = 1
	}
	kc.Pairs++
	kc.Changed += changed
	slices.Sort(differ)
	differ = slices.Compact(differ)
	for _, scope := range []int{0, a.sc + 1} {
		sk := [2]int{k, scope}
		c := kp.scope[sk]
		kp.scope[sk] = pairCount{c.pairs + 1, c.changed + changed}
		for _, v := range differ {
			if v >= 0 {
				pk := pairKey{scope, k, names[v]}
				c := kp.vals[pk]
				kp.vals[pk] = pairCount{c.pairs + 1, c.changed + changed}
			}
		}
	}
	return true
}

// values is every entity's value of each knob per scenario, interned
// per knob (val[k][sc][e]; −1: an entity without the knob, a field bot),
// and the values' names (names[k][id]).
func (ents *playedEntities) values(knobs []string, nsc int) (val [][][]int32, names [][]string) {
	val = make([][][]int32, len(knobs))
	names = make([][]string, len(knobs))
	for k, name := range knobs {
		ids := map[string]int32{}
		val[k] = make([][]int32, nsc)
		for sc := range nsc {
			val[k][sc] = make([]int32, len(ents.params))
			for e, pr := range ents.params {
				val[k][sc][e] = -1
				if pr == nil {
					continue
				}
				v, ok := pr(sc)[name]
				if !ok {
					continue
				}
				s := game.FormatValue(v)
				id, seen := ids[s]
				if !seen {
					id = int32(len(names[k]))
					ids[s] = id
					names[k] = append(names[k], s)
				}
				val[k][sc][e] = id
			}
		}
	}
	return val, names
}

// identities numbers the entities by who they are but for knob k
// ([sc][e]): their bot and every other knob's value.
func (ents *playedEntities) identities(val [][][]int32, k, nsc int) [][]int32 {
	proj := make([][]int32, nsc)
	for sc := range nsc {
		ids := map[string]int32{}
		proj[sc] = make([]int32, len(ents.params))
		for e := range ents.params {
			var b strings.Builder
			b.WriteString(ents.bot[e])
			for j := range val {
				if j != k {
					b.WriteByte(0)
					b.WriteString(strconv.Itoa(int(val[j][sc][e])))
				}
			}
			id, seen := ids[b.String()]
			if !seen {
				id = int32(len(ids))
				ids[b.String()] = id
			}
			proj[sc][e] = id
		}
	}
	return proj
}

// dealsOf lists the games of each deal (scenario, map, seed): only they
// compare.
func dealsOf(games []playedGame) [][]int {
	dealOf := map[[3]uint64]int{}
	var deals [][]int
	for gi, g := range games {
		key := [3]uint64{uint64(g.sc), uint64(g.mp), g.seed}
		d, ok := dealOf[key]
		if !ok {
			d = len(deals)
			dealOf[key] = d
			deals = append(deals, nil)
		}
		deals[d] = append(deals[d], gi)
	}
	return deals
}

// hashedGame is a game of a deal with a hash of its entrants.
type hashedGame struct {
	h uint64
	g int
}

// sameEntrants reports whether two games of a deal seat the same
// entrants (proj: their identities but for one knob).
func sameEntrants(proj []int32, a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for s := range a {
		if proj[a[s]] != proj[b[s]] {
			return false
		}
	}
	return true
}

// playedEntities are the entities of games.csv: the variants (0 ..
// nV−1), the defaults, the continuous methods' points and the field bots;
// params gives an entity's parameters per scenario (nil for a field bot,
// which no knob changes), bot names what else identifies it ("" for the
// scenario's bot, whose parameters identify it).
type playedEntities struct {
	params []func(sc int) game.Params
	bot    []string
	index  map[string]int
}

// readPlayed reads games.csv.
func (r *Sweep) readPlayed() ([]playedGame, *playedEntities, error) {
	ents := &playedEntities{index: map[string]int{}}
	nv := len(r.params)
	for v := range nv {
		ents.params = append(ents.params, func(sc int) game.Params { return r.params[v][sc] })
		ents.bot = append(ents.bot, "")
	}
	ents.params = append(ents.params, func(sc int) game.Params { return r.defaults[sc] })
	ents.bot = append(ents.bot, "")
	entity := func(row []string) (int, error) {
		switch row[ColRole] {
		case "variant":
			v, err := strconv.Atoi(row[ColVariant])
			if err != nil || v < 0 || v >= nv {
				return 0, fmt.Errorf("variant %q", row[ColVariant])
			}
			return v, nil
		case "default":
			return nv, nil
		}
		key := row[ColRole] + ":" + row[ColVariant] + ":" + row[ColBot]
		if e, ok := ents.index[key]; ok {
			return e, nil
		}
		e := len(ents.params)
		ents.index[key] = e
		var pr func(int) game.Params
		bot := key // a field bot: its name says who it is
		if p, err := strconv.Atoi(strings.TrimPrefix(row[ColVariant], "p")); row[ColRole] == "point" && err == nil && p >= 0 && p < len(r.points) {
			pr = func(sc int) game.Params { return r.points[p][sc] }
			bot = "" // a point of the continuous methods: the scenario's bot, its parameters say who it is
		}
		ents.params = append(ents.params, pr)
		ents.bot = append(ents.bot, bot)
		return e, nil
	}
	path := filepath.Join(r.opt.Out, "games.csv")
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.FieldsPerRecord = len(GamesHeader)
	cr.ReuseRecord = true
	if _, err := cr.Read(); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	maps := map[string]int{}
	var games []playedGame
	last := ""
	for {
		row, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		e, err := entity(row)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: game %s: %w", path, row[ColGame], err)
		}
		if row[ColGame] != last || len(games) == 0 {
			last = row[ColGame]
			sc, err1 := strconv.Atoi(row[ColScenario])
			seed, err2 := strconv.ParseUint(row[ColSeed], 10, 64)
			print, err3 := strconv.ParseUint(row[ColHash], 10, 64)
			if err := errors.Join(err1, err2, err3); err != nil || sc < 0 || sc >= len(r.s.Scenarios) {
				return nil, nil, fmt.Errorf("%s: game %s: unreadable row", path, row[ColGame])
			}
			mk := row[ColScenario] + "\x00" + row[ColMap]
			mp, ok := maps[mk]
			if !ok {
				mp = len(maps)
				maps[mk] = mp
			}
			games = append(games, playedGame{sc: sc, mp: mp, seed: seed, print: print})
		}
		g := &games[len(games)-1]
		g.ents = append(g.ents, e)
	}
	return games, ents, nil
}

// pairColumns are effects.csv's last two columns.
var pairColumns = []string{"compared_pairs", "changed_pairs"}

// withPairs adds the pairs of games behind each row of effects.csv: of
// the pairs of games of one deal that differ only in the row's knob,
// with the row's value in a seat where they differ, how many there are
// and how many played differently (both empty when the design has none:
// not determined; and on interaction rows). A continuous knob's rows
// (linear, quadratic) carry the knob's pairs.
func (kp *knobPairs) withPairs(params []string, rows [][]string) [][]string {
	idx := map[string]int{}
	for k, name := range params {
		idx[name] = k
	}
	for i, row := range rows {
		if i == 0 {
			rows[i] = append(row, pairColumns...)
			continue
		}
		var c pairCount
		k, ok := idx[row[1]]
		scope := 0
		if row[0] != "all" {
			n, err := strconv.Atoi(row[0])
			ok = ok && err == nil
			scope = n
		}
		if ok && kp != nil {
			if row[2] == "linear" || row[2] == "quadratic" {
				c = kp.scope[[2]int{k, scope}]
			} else {
				c = kp.vals[pairKey{scope, k, row[2]}]
			}
		}
		if c.pairs == 0 {
			rows[i] = append(row, "", "")
			continue
		}
		rows[i] = append(row, strconv.Itoa(c.pairs), strconv.Itoa(c.changed))
	}
	return rows
}
