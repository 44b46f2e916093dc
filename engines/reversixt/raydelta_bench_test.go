package reversixt

import (
	"path/filepath"
	"strings"
	"testing"

	"tourney/engines/game"
)

// BenchmarkRayDelta: rayMoves from the parent data (rayDelta) at the
// children of the late phase-1 positions of the shared 8-player maps,
// as the paranoid search's depth-1 nodes list them (the first child of
// each root builds the parent data). One op is one list.
func BenchmarkRayDelta(b *testing.B) {
	for _, name := range eightPlayerMaps() {
		m := mustLoad(b, name)
		type job struct {
			s    *State
			acts []game.Action
		}
		var jobs []job
		for _, s := range latePositions(m, 3) {
			if s.ow[s.CurrentPlayer()] == 0 {
				continue
			}
			s = s.Clone().(*State) // no undo history: the search's depth 0
			jobs = append(jobs, job{s, s.LegalActions(s.CurrentPlayer(), nil)})
		}
		if len(jobs) == 0 {
			continue
		}
		b.Run(strings.TrimSuffix(filepath.Base(name), filepath.Ext(name)), func(b *testing.B) {
			ev := newEvaluator(DefaultEvalConfig())
			var buf []game.Action
			lists := 0
			for b.Loop() {
				for _, j := range jobs {
					s := j.s
					ev.setMap(m)
					s.setWeights(ev.strat)
					ev.setRoot(s, s.CurrentPlayer())
					for _, a := range j.acts {
						s.apply(a)
						if q := s.CurrentPlayer(); s.Phase() == Phase1 && s.ow[q] > 0 {
							buf = ev.rayMoves(s, q, ev.bonus, buf[:0])
							lists++
						}
						s.Undo(a)
					}
					s.setWeights(nil)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(lists), "ns/list")
		})
	}
}
