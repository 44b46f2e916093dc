// entrants.go: the continuous planners' entrants (plan.Entrants): points,
// which play but are not rated, and variants added during the run.

package results

import (
	"fmt"
	"path/filepath"
	"strconv"

	"tourney/engines/game"
	"tourney/tuner/plan"
	"tourney/tuner/space"
)

// AddPoint registers a configuration for plan.SeatPoint seats.
func (r *Sweep) AddPoint(values map[string]any) (int, error) {
	row, err := r.scenarioParams(space.Variant{ID: len(r.points), Values: values})
	if err != nil {
		return 0, fmt.Errorf("point %d: %w", len(r.points), err)
	}
	r.points = append(r.points, row)
	return len(r.points) - 1, nil
}

// AddVariant appends a variant. Entities after the variants (the
// defaults' own entity, the field) move up by one, in the games booked so
// far too.
func (r *Sweep) AddVariant(values map[string]any) (int, error) {
	v := len(r.variants)
	row, err := r.scenarioParams(space.Variant{ID: v, Values: values})
	if err != nil {
		return 0, err
	}
	r.variants = append(r.variants, space.Variant{ID: v, Values: values})
	r.params = append(r.params, row)
	r.stats = append(r.stats, variantStats{})
	old := r.ents.variants
	r.ents = newEntities(r.s, r.variants, r.params, r.defaults)
	for _, g := range r.recs {
		for i, p := range g.Players {
			if p >= old {
				g.Players[i] = p + 1
			}
		}
	}
	return v, nil
}

// scenarioParams is a variant's complete parameters in every scenario.
func (r *Sweep) scenarioParams(v space.Variant) ([]game.Params, error) {
	row := make([]game.Params, len(r.s.Scenarios))
	for sc := range r.s.Scenarios {
		p, err := r.s.BotParams(sc, v)
		if err != nil {
			return nil, err
		}
		row[sc] = p
	}
	return row, nil
}

// pointEntrant is the arena entrant of a point.
func (r *Sweep) pointEntrant(sc int, ref plan.SeatRef) (id string, params game.Params) {
	return "p" + strconv.Itoa(ref.Point), r.points[ref.Point][sc]
}

// writeTables writes a planner's own results files (spsa.csv, cmaes.csv).
func (r *Sweep) writeTables(pl plan.Planner) error {
	t, ok := pl.(plan.Tabler)
	if !ok {
		return nil
	}
	for _, tb := range t.Tables() {
		data, err := CSVBytes(tb.Rows)
		if err != nil {
			return err
		}
		if err := WriteFileAtomic(filepath.Join(r.opt.Out, tb.Name), data); err != nil {
			return err
		}
	}
	return nil
}
