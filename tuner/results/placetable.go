package results

import (
	"encoding/csv"
	"io"
	"math"
	"slices"
	"strconv"
	"tourney/tuner/space"
)

// PlacementTable collects whole games (every seat's entrant and rank) for
// the placement statistics that compare a player with its opponents:
// TrustedScoreEnemies needs every opponent's TrustedValue over the same
// data set, so it is computed once all games are in.
//
// A player is an entrant id ("3", "default", "field:random"). Only games
// with at least MinSeats seats count (0 means 3, as variants.csv's
// place_k and trusted_value; 2 gives the seed's generator, which counts
// every game).
type PlacementTable struct {
	MinSeats int
	games    [][]placed
	by       map[string]*Placements
	order    []string // players in order of first appearance
}

type placed struct {
	id    string
	place int
	seats int
}

func (t *PlacementTable) min() int {
	if t.MinSeats <= 0 {
		return 3
	}
	return t.MinSeats
}

// Add records one game: ids[i] sat in seat i and finished at ranks[i]
// (1 = best, ties sharing the better rank).
func (t *PlacementTable) Add(ids []string, ranks []int) {
	n := len(ids)
	if n < t.min() || len(ranks) != n {
		return
	}
	if t.by == nil {
		t.by = map[string]*Placements{}
	}
	g := make([]placed, n)
	for i, id := range ids {
		g[i] = placed{id, ranks[i], n}
		p := t.by[id]
		if p == nil {
			p = &Placements{}
			t.by[id] = p
			t.order = append(t.order, id)
		}
		p.add(ranks[i], n)
	}
	t.games = append(t.games, g)
}

// add is Add without the seat minimum (the table applies its own).
func (p *Placements) add(place, seats int) {
	for len(p.Count) < place {
		p.Count = append(p.Count, 0)
	}
	p.Count[place-1]++
	p.Games++
	p.sumTV += 1 - float64(place)/float64(seats)
	p.sumPlayers += seats
}

// Players lists the players in order of first appearance.
func (t *PlacementTable) Players() []string { return slices.Clone(t.order) }

// Placements returns a player's places, TrustedValue and MedianPlayers
// (an empty record for a player without games).
func (t *PlacementTable) Placements(id string) *Placements {
	if p := t.by[id]; p != nil {
		return p
	}
	return &Placements{}
}

// TrustedScoreEnemies is the Spe_ed spec's §11.3 statistic for player id:
// the mean over all (game, opponent) pairs of +TV(o) when id placed
// strictly better than opponent o, −(1 − TV(o)) when strictly worse and 0
// when tied, TV(o) being o's TrustedValue over the table's games. An
// opponent is every other seat of the game (a player seated twice meets
// itself). Range −1..1: high means it beats strong players. NaN without
// games.
func (t *PlacementTable) TrustedScoreEnemies(id string) float64 {
	sum, pairs := 0.0, 0
	for _, g := range t.games {
		for i, me := range g {
			if me.id != id {
				continue
			}
			for j, o := range g {
				if j == i {
					continue
				}
				tv := t.by[o.id].TrustedValue()
				switch {
				case me.place < o.place:
					sum += tv
				case me.place > o.place:
					sum -= 1 - tv
				}
				pairs++
			}
		}
	}
	if pairs == 0 {
		return math.NaN()
	}
	return sum / float64(pairs)
}

// WriteCSV writes the seed's placement table (Spe_ed spec §11.3), one row
// per player in order of first appearance: Name, Games, First … Sixth
// (as many place columns as the largest game has seats, named First …
// Eighth), TrustedValue, MedianPlayers, TrustedScoreEnemies.
func (t *PlacementTable) WriteCSV(w io.Writer) error {
	names := []string{"First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth"}
	k := 0
	for _, g := range t.games {
		k = max(k, len(g))
	}
	k = min(k, len(names))
	cw := csv.NewWriter(w)
	head := append([]string{"Name", "Games"}, names[:k]...)
	_ = cw.Write(append(head, "TrustedValue", "MedianPlayers", "TrustedScoreEnemies"))
	for _, id := range t.order {
		p := t.by[id]
		row := []string{id, strconv.Itoa(p.Games)}
		for i := 0; i < k; i++ {
			n := 0
			if i < len(p.Count) {
				n = p.Count[i]
			}
			row = append(row, strconv.Itoa(n))
		}
		row = append(row, fmt4(p.TrustedValue()), fmt4(p.MedianPlayers()), fmt4(t.TrustedScoreEnemies(id)))
		_ = cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// PlacementsFromDir fills a table from a results directory's games.csv.
func PlacementsFromDir(dir string, minSeats int) (*PlacementTable, error) {
	games, err := ReadDirGames(dir)
	if err != nil {
		return nil, err
	}
	t := &PlacementTable{MinSeats: minSeats}
	for _, g := range games {
		ranks := make([]int, len(g.Ranks))
		for i, r := range g.Ranks {
			if ranks[i], err = strconv.Atoi(r); err != nil {
				return nil, &space.InputError{File: dir + "/games.csv", Line: g.Line + i, Message: "rank " + strconv.Quote(r) + " is not an integer"}
			}
		}
		t.Add(g.Seats, ranks)
	}
	return t, nil
}

// fmt4 writes x with 4 decimals ("NaN" for no value, never "-0.0000").
func fmt4(x float64) string {
	if math.IsNaN(x) {
		return "NaN"
	}
	x = math.Round(x*1e4) / 1e4
	if x == 0 {
		x = 0
	}
	return strconv.FormatFloat(x, 'f', 4, 64)
}
