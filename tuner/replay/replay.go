package replay

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"tourney/tuner/costs"
	"tourney/tuner/results"
	"tourney/tuner/space"
	"tourney/tuner/study"

	"tourney/arena"
	"tourney/tuner/records"
)

// Record plays the games of a results directory again from its
// space.toml and games.csv (seed, seats, scenario, map; the space gives
// bots, parameters, budget and opening) with move records on, checks each
// game's scores, ranks and plies against games.csv, and writes
// games.jsonl.gz into the directory. only, when not nil, selects games by
// index. It returns the games played and a line per game that did not
// match (a space run with --base, or a time budget, does not replay).
func Record(ctx context.Context, dir string, workers int, only func(int) bool) (played int, mismatches []string, err error) {
	jobs, metas, err := dirJobs(dir, only)
	if err != nil {
		return 0, nil, err
	}
	// written beside the records it replaces, and renamed over them
	// once every game is in: an interrupted replay loses nothing
	path := filepath.Join(dir, records.FileName)
	w, err := records.Create(path + ".tmp")
	if err != nil {
		return 0, nil, err
	}
	err = arena.Run(ctx, jobs, arena.Options{Workers: workers}, func(r *arena.Result) error {
		g := metas[r.Index]
		rec := records.FromResult(g.Index, r)
		rec.Round, rec.Encounter, rec.Block, rec.Scenario = g.Round, g.Enc, g.Block, g.Scenario
		rec.MapRef = g.Map
		played++
		if m := g.Mismatch(r); m != "" {
			mismatches = append(mismatches, m)
		}
		return w.Write(rec)
	})
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(path+".tmp", path)
	}
	if err != nil {
		os.Remove(path + ".tmp")
	}
	return played, mismatches, err
}

// Game plays game n of a results directory again from its seed,
// seats, parameters and budget (space.toml and games.csv) and compares it
// with what the run recorded: every move of its record in games.jsonl.gz
// when there is one, else its result in games.csv. It returns the game
// played again and the first difference ("" when it is reproduced).
func Game(ctx context.Context, dir string, n int) (*arena.Result, string, error) {
	jobs, metas, err := dirJobs(dir, func(i int) bool { return i == n })
	if err != nil {
		return nil, "", err
	}
	if len(jobs) == 0 {
		return nil, "", &space.InputError{File: filepath.Join(dir, "games.csv"), Message: fmt.Sprintf("no game %d", n)}
	}
	res, err := arena.Play(ctx, &jobs[0], arena.Options{})
	if err != nil {
		return nil, "", err
	}
	if m := metas[0].Mismatch(res); m != "" {
		return res, m, nil
	}
	var rec *records.Game
	path := filepath.Join(dir, records.FileName)
	if _, serr := os.Stat(path); serr == nil {
		errFound := fmt.Errorf("found")
		seen := 0
		err := records.Scan(path, func(g *records.Game) error {
			seen++
			if g.Index == n {
				rec = g
				return errFound
			}
			return nil
		})
		if err != nil && err != errFound {
			return res, "", err
		}
		if rec == nil {
			// A records file without the game (empty, or cut by a kill):
			// there is nothing to compare the moves with, and saying
			// "reproduced" would claim a check that was not made.
			return res, fmt.Sprintf("game %d: nothing to compare its moves with: %s holds no record of it (%d records); only its result in games.csv agreed", n, path, seen), nil
		}
	}
	if rec == nil {
		return res, "", nil // records off (--records none): games.csv agreed
	}
	if len(rec.Moves) != len(res.Moves) {
		return res, fmt.Sprintf("game %d: %d moves played again, %d recorded", n, len(res.Moves), len(rec.Moves)), nil
	}
	for i, mv := range res.Moves {
		r := rec.Moves[i]
		if mv.Ply != r.Ply || mv.Seat != r.Seat || mv.Action != r.Action || mv.Fault != r.Fault {
			return res, fmt.Sprintf("game %d, move %d (ply %d): seat %d played %d%s, the record has seat %d playing %d%s",
				n, i, mv.Ply, mv.Seat, mv.Action, faultText(mv.Fault), r.Seat, r.Action, faultText(r.Fault)), nil
		}
		if mv.Nodes != r.Nodes || mv.Depth != r.Depth {
			return res, fmt.Sprintf("game %d, move %d: searched %d nodes to depth %d, the record says %d nodes, depth %d (a time budget?)",
				n, i, mv.Nodes, mv.Depth, r.Nodes, r.Depth), nil
		}
	}
	return res, "", nil
}

func faultText(f string) string {
	if f == "" {
		return ""
	}
	return " (" + f + ")"
}

// dirNodeRates gives the space of a results directory the node rates its
// run measured (noderates.csv, node_rate = "measure"): its games replay
// only at those rates, so a missing or broken file is an error, never a
// new measurement or the wall clock.
func dirNodeRates(s *study.Study, dir string) (*study.Study, error) {
	if !slices.ContainsFunc(s.Scenarios, func(sc space.Scenario) bool { return sc.MeasureRates }) {
		return s, nil
	}
	path := filepath.Join(dir, costs.NodeRatesFile)
	rates, err := costs.ReadNodeRates(path, s)
	if err != nil {
		return nil, err
	}
	if rates == nil {
		return nil, &space.InputError{File: path, Message: `missing: the run measured its node rates (node_rate = "measure"), and its games replay only at those rates`}
	}
	return costs.WithNodeRates(s, rates), nil
}

// dirJobs rebuilds the jobs of a results directory's games (only: a
// selection by index, nil for all), with move records on.
func dirJobs(dir string, only func(int) bool) ([]arena.Job, []*results.DirGame, error) {
	s, err := study.LoadResults(dir) // its bots as the sweep recorded them (bots.json)
	if err != nil {
		return nil, nil, err
	}
	if s, err = dirNodeRates(s, dir); err != nil {
		return nil, nil, err
	}
	games, err := results.ReadDirGames(dir)
	if err != nil {
		return nil, nil, err
	}
	variants := s.Variants()
	var jobs []arena.Job
	var metas []*results.DirGame
	for i := range games {
		g := &games[i]
		if only != nil && !only(g.Index) {
			continue
		}
		if g.Scenario < 0 || g.Scenario >= len(s.Scenarios) {
			return nil, nil, fmt.Errorf("games.csv:%d: scenario %d not in space.toml", g.Line, g.Scenario)
		}
		sc := &s.Scenarios[g.Scenario]
		mi := slices.Index(sc.MapNames, g.Map)
		if mi < 0 {
			return nil, nil, fmt.Errorf("games.csv:%d: map %q not in scenario %d", g.Line, g.Map, g.Scenario)
		}
		seats := make([]arena.Entrant, len(g.Seats))
		for k, id := range g.Seats {
			switch {
			case id == "default":
				seats[k] = arena.Entrant{ID: id, Spec: sc.Bot, Params: s.DefaultParams(g.Scenario)}
			case strings.HasPrefix(id, "field:"):
				name := strings.TrimPrefix(id, "field:")
				fi := slices.IndexFunc(sc.Field, func(f space.FieldBot) bool { return f.Name == name })
				if fi < 0 {
					return nil, nil, fmt.Errorf("games.csv:%d: field bot %q not in scenario %d", g.Line, name, g.Scenario)
				}
				f := sc.Field[fi]
				seats[k] = arena.Entrant{ID: id, Spec: f.Spec, Params: f.Params}
			default:
				v, err := strconv.Atoi(id)
				if err != nil || v < 0 || v >= len(variants) {
					return nil, nil, fmt.Errorf("games.csv:%d: variant %q not in the space", g.Line+k, id)
				}
				p, err := s.BotParams(g.Scenario, variants[v])
				if err != nil {
					return nil, nil, err
				}
				seats[k] = arena.Entrant{ID: id, Spec: sc.Bot, Params: p}
			}
		}
		jobs = append(jobs, results.GameJob(s, g.Scenario, mi, g.Seed, seats, true))
		metas = append(metas, g)
	}
	return jobs, metas, nil
}
