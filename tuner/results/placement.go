package results

import (
	"math"
	"strconv"

	"tourney/tuner/plan"
	"tourney/tuner/study"
)

// Placements counts a variant's places in games with more than two seats
// (Spe_ed, ReversiXT) and the Spe_ed report's TrustedValue: the mean of
// 1 − place/players over those games. Place is the rank (ties share the
// better place).
type Placements struct {
	Count      []int // Count[k] games finished in place k+1
	Games      int
	sumTV      float64
	sumPlayers int
}

// Add records a game of the given number of seats finished in place.
// Two-seat games are not counted.
func (p *Placements) Add(place, seats int) {
	if seats <= 2 || place < 1 {
		return
	}
	p.add(place, seats)
}

// MedianPlayers is the seed's "MedianPlayers" (Spe_ed spec §11.3): the
// mean number of players over the counted games, an average despite its
// name; NaN without games.
func (p *Placements) MedianPlayers() float64 {
	if p.Games == 0 {
		return math.NaN()
	}
	return float64(p.sumPlayers) / float64(p.Games)
}

// TrustedValue is the mean of 1 − place/players; NaN without games.
func (p *Placements) TrustedValue() float64 {
	if p.Games == 0 {
		return nan()
	}
	return p.sumTV / float64(p.Games)
}

// multiSeats is the largest seat count of the space's maps when some map
// has more than two seats (0 otherwise): the number of place columns.
func multiSeats(s *study.Study) int {
	most := 0
	for _, sc := range s.Scenarios {
		for _, m := range sc.Maps {
			if n := m.Players(); n > 2 && n > most {
				most = n
			}
		}
	}
	return most
}

// placementHeader and placementRow are the extra variants.csv columns:
// place_1 .. place_K and trusted_value.
func placementHeader(k int) []string {
	var h []string
	for i := 1; i <= k; i++ {
		h = append(h, "place_"+strconv.Itoa(i))
	}
	return append(h, "trusted_value", "median_players", "trusted_score_enemies")
}

func placementRow(p *Placements, k int, tse float64) []string {
	var row []string
	for i := 0; i < k; i++ {
		n := 0
		if i < len(p.Count) {
			n = p.Count[i]
		}
		row = append(row, strconv.Itoa(n))
	}
	return append(row, plan.FmtRound(p.TrustedValue(), 4), plan.FmtRound(p.MedianPlayers(), 4), plan.FmtRound(tse, 4))
}
