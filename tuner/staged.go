package tuner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"tourney/tuner/plan"
	"tourney/tuner/space"

	"tourney/engines/game"
)

// The staged procedure of the ReversiXT report (product.md §5,
// method = "staged"), on top of the tournament's decisions:
//
//  1. each parameter alone: the defaults and up to 8 values around the
//     default (the default included), in a tournament of their own
//     (stage1-NAME/); the two best values by rating are kept;
//  2. the product of the kept values, 2^k variants with the defaults
//     (stage2/);
//  3. the winner of stage 2 and the variants it could not be separated
//     from (at most 7), against the defaults and the field, in a race
//     (stage3/). Its winner and verdict are the run's.
//
// Every stage is a complete results directory; the run's directory holds
// space.toml, stages.csv (what each stage kept), and stage 3's
// summary.json and winner.toml.

// runStaged plays the three stages. It survives a kill at any instant:
// every file it writes is written atomically or resumable (a stage is a
// sweep of its own), and with opt.Resume a finished stage is read back
// from its files, an interrupted one resumed, a missing one played. The
// choices between stages are always made from the stages' files (ratings
// as variants.csv writes them), so that a resumed run makes the same
// choices, to the byte, as an uninterrupted one.
func runStaged(ctx context.Context, s *space.Space, opt RunOptions) (*Outcome, error) {
	if opt.Resume {
		if _, err := os.Stat(filepath.Join(opt.Out, "summary.json")); err == nil {
			return nil, &space.InputError{File: opt.Out, Message: "cannot resume: this sweep is finished (summary.json exists)"}
		}
		old, err := os.ReadFile(filepath.Join(opt.Out, "space.toml"))
		if err != nil {
			return nil, &space.InputError{File: opt.Out, Message: "cannot resume: no space.toml (not a results directory?)"}
		}
		if !bytes.Equal(old, s.Source) {
			return nil, &space.InputError{File: filepath.Join(opt.Out, "space.toml"), Message: "cannot resume: the space differs from the one of the interrupted run"}
		}
	} else if err := prepareDir(opt.Out); err != nil {
		return nil, err
	}
	unlock, err := LockDir(opt.Out)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if err := writeFileAtomic(filepath.Join(opt.Out, "space.toml"), s.Source); err != nil {
		return nil, err
	}
	center := s.DefaultPoint()
	kept := make([][]any, len(s.Params))
	rows := [][]string{{"stage", "parameter", "values", "kept", "dir"}}
	var total Summary
	writeStages := func() error {
		data, err := csvBytes(rows)
		if err != nil {
			return err
		}
		return writeFileAtomic(filepath.Join(opt.Out, "stages.csv"), data)
	}
	sub := func(stage string, sp *space.Space) (*Outcome, error) {
		o := opt
		o.Out = filepath.Join(opt.Out, stage)
		o.Resume = false
		if opt.Resume {
			if _, err := os.Stat(filepath.Join(o.Out, "summary.json")); err == nil {
				out, err := readStage(o.Out, sp)
				if err == nil {
					addStage(&total, out.Summary)
				}
				return out, err
			}
			if _, err := os.Stat(filepath.Join(o.Out, "space.toml")); err == nil {
				o.Resume = true
			} else if err := os.RemoveAll(o.Out); err != nil { // killed before it wrote anything
				return nil, err
			}
		}
		fmt.Fprintf(opt.Log, "%s: %d variants\n", stage, len(sp.Variants()))
		if _, err := RunSweep(ctx, sp, o); err != nil {
			return nil, err
		}
		out, err := readStage(o.Out, sp)
		if err == nil {
			addStage(&total, out.Summary)
		}
		return out, err
	}
	for i, p := range s.Params {
		vals := space.StageValues(p, center[i])
		pts := [][]any{center}
		for _, v := range vals {
			pt := slices.Clone(center)
			pt[i] = v
			pts = append(pts, pt)
		}
		dir := "stage1-" + p.Name
		sp := s.SubSpace(s.Name+"-"+dir, game.Mix(s.Seed, 1, uint64(i)), pts, true, s.Tournament.Format)
		out, err := sub(dir, sp)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		// the two best values by rating (exact ties: a seeded coin)
		order := make([]int, len(sp.Variants()))
		for k := range order {
			order[k] = k
		}
		rng := game.NewRand(game.Mix(s.Seed, 0x57a6e, uint64(i)))
		rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		slices.SortStableFunc(order, func(a, b int) int {
			ra, rb := out.Ratings[a], out.Ratings[b]
			switch {
			case ra > rb:
				return -1
			case ra < rb:
				return 1
			}
			return 0
		})
		for _, k := range order {
			v := sp.Variants()[k].Values[p.Name]
			if !slices.ContainsFunc(kept[i], func(x any) bool { return space.ValueEqual(x, v) }) {
				kept[i] = append(kept[i], v)
			}
			if len(kept[i]) == 2 {
				break
			}
		}
		rows = append(rows, []string{"1", p.Name, formatValues(vals), formatValues(kept[i]), dir})
		if err := writeStages(); err != nil {
			return nil, err
		}
	}
	// stage 2: the product of the kept values
	params2 := make([]space.ParamRange, len(s.Params))
	for i, p := range s.Params {
		params2[i] = p
		params2[i].Values = kept[i]
	}
	pts := append([][]any{center}, space.GridPoints(params2)...)
	sp2 := s.SubSpace(s.Name+"-stage2", game.Mix(s.Seed, 2), pts, true, s.Tournament.Format)
	out2, err := sub("stage2", sp2)
	if err != nil {
		return nil, fmt.Errorf("stage2: %w", err)
	}
	// stage 3: the winner and those it could not be separated from
	finalists := append([]int{out2.Winner}, out2.Verdict.Inseparable...)
	if len(finalists) > 7 {
		finalists = finalists[:7]
	}
	pts = [][]any{center}
	for _, v := range finalists {
		pt := make([]any, len(s.Params))
		for j, p := range s.Params {
			pt[j] = sp2.Variants()[v].Values[p.Name]
		}
		pts = append(pts, pt)
	}
	rows = append(rows, []string{"2", "", fmt.Sprintf("%d variants", len(sp2.Variants())), fmt.Sprintf("finalists %v", finalists), "stage2"})
	if err := writeStages(); err != nil {
		return nil, err
	}
	sp3 := s.SubSpace(s.Name+"-stage3", game.Mix(s.Seed, 3), pts, true, "race")
	sp3.Tournament.Confirm = s.Tournament.Confirm
	out3, err := sub("stage3", sp3)
	if err != nil {
		return nil, fmt.Errorf("stage3: %w", err)
	}
	rows = append(rows, []string{"3", "", fmt.Sprintf("%d variants", len(sp3.Variants())), fmt.Sprintf("winner %d", out3.Winner), "stage3"})
	if err := writeStages(); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(opt.Out, "stage3", "winner.toml"))
	if err != nil {
		return nil, err
	}
	if err := writeFileAtomic(filepath.Join(opt.Out, "winner.toml"), b); err != nil {
		return nil, err
	}
	// the run's summary: stage 3's winner and verdict, every stage's games
	sum := out3.Summary
	sum.Name, sum.Format = s.Name, "staged"
	sum.Variants, sum.Games, sum.Blocks, sum.Distinct = total.Variants, total.Games, total.Blocks, total.Distinct
	sum.HoldOutBlocks, sum.HoldOutGames = total.HoldOutBlocks, total.HoldOutGames
	sum.Forfeits, sum.Resumed, sum.Elapsed = total.Forfeits, total.Resumed, total.Elapsed
	sum.Rounds, sum.Decisions = total.Rounds, total.Decisions
	if sum.Elapsed > 0 {
		sum.GamesPerSec = math.Round(float64(sum.Games-sum.Resumed)/sum.Elapsed*100) / 100
	}
	out3.Dir = opt.Out
	out3.Summary = sum
	js, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := writeFileAtomic(filepath.Join(opt.Out, "summary.json"), append(js, '\n')); err != nil {
		return nil, err
	}
	return out3, nil
}

// addStage adds a stage's counts to the run's.
func addStage(total *Summary, s Summary) {
	total.Variants += s.Variants
	total.Games += s.Games
	total.Blocks += s.Blocks
	total.Distinct += s.Distinct
	total.HoldOutBlocks += s.HoldOutBlocks
	total.HoldOutGames += s.HoldOutGames
	total.Forfeits += s.Forfeits
	total.Resumed += s.Resumed
	total.Elapsed = math.Round((total.Elapsed+s.Elapsed)*1000) / 1000
	total.Rounds += s.Rounds
	if total.Decisions == nil {
		total.Decisions = map[string]int{}
	}
	for k, v := range s.Decisions {
		total.Decisions[k] += v
	}
}

// readStage reads a finished stage back: its summary (winner, verdict)
// and its variants' ratings from variants.csv.
func readStage(dir string, sp *space.Space) (*Outcome, error) {
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		return nil, err
	}
	out := &Outcome{Dir: dir, Variants: sp.Variants()}
	if err := json.Unmarshal(data, &out.Summary); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, "summary.json"), err)
	}
	out.Winner = out.Summary.Winner
	out.Verdict = Verdict{Winner: out.Winner, Inseparable: out.Summary.Verdict.Inseparable, Better: out.Summary.Verdict.Better, Text: out.Summary.Verdict.Text}
	t, err := ReadTable(filepath.Join(dir, "variants.csv"))
	if err != nil {
		return nil, err
	}
	out.Ratings = make([]float64, len(out.Variants))
	for i := range out.Ratings {
		out.Ratings[i] = math.NaN()
	}
	for _, row := range t.Rows {
		v, err1 := strconv.Atoi(t.Get(row, "variant"))
		x, err2 := strconv.ParseFloat(t.Get(row, "rating"), 64)
		if err1 == nil && err2 == nil && v >= 0 && v < len(out.Ratings) {
			out.Ratings[v] = x
		}
	}
	if out.Winner < 0 || out.Winner >= len(out.Variants) {
		return nil, fmt.Errorf("%s: winner %d is not a variant", dir, out.Winner)
	}
	return out, nil
}

func formatValues(vs []any) string {
	out := ""
	for i, v := range vs {
		if i > 0 {
			out += " "
		}
		out += game.FormatValue(v)
	}
	return out
}

// StagedBound is what validate says of a staged sweep: the variants and
// the games of every stage, at most (stage 2 with two kept values of
// every parameter, stage 3 with seven finalists), plus each stage's
// hold-out rung at most (a tenth of its games, at least 8 blocks).
type StagedBound struct {
	Stage              string
	Variants           int
	MinGames, MaxGames int
	Plan               plan.Plan
}

// StagedBounds bounds every stage of a staged space.
func StagedBounds(s *space.Space) []StagedBound {
	center := s.DefaultPoint()
	var out []StagedBound
	add := func(stage string, sp *space.Space) {
		n := len(sp.Variants())
		b := plan.PlanTournament(sp, n)
		if n > 1 {
			b = plan.AddHoldOut(sp, b)
		}
		out = append(out, StagedBound{Stage: stage, Variants: n, MinGames: b.MinGames, MaxGames: b.MaxGames, Plan: b})
	}
	kept := make([]space.ParamRange, len(s.Params))
	for i, p := range s.Params {
		pts := [][]any{center}
		for _, v := range space.StageValues(p, center[i]) {
			pt := slices.Clone(center)
			pt[i] = v
			pts = append(pts, pt)
		}
		sp := s.SubSpace(s.Name, s.Seed, pts, true, s.Tournament.Format)
		add("stage1-"+p.Name, sp)
		kept[i] = p
		var vals []any
		for _, v := range sp.Variants() {
			vals = append(vals, v.Values[p.Name])
		}
		kept[i].Values = vals[:min(2, len(vals))]
	}
	pts := append([][]any{center}, space.GridPoints(kept)...)
	add("stage2", s.SubSpace(s.Name, s.Seed, pts, true, s.Tournament.Format))
	fin := pts[:min(len(pts), 8)]
	add("stage3", s.SubSpace(s.Name, s.Seed, fin, true, "race"))
	return out
}
