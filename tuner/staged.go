package tuner

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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

// runStaged plays the three stages.
func runStaged(ctx context.Context, s *space.Space, opt RunOptions) (*Outcome, error) {
	if opt.Resume {
		return nil, &space.InputError{File: opt.Out, Message: "cannot resume a staged sweep (run it again, or resume a stage's directory as a sweep of its own)"}
	}
	if err := prepareDir(opt.Out); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(opt.Out, "space.toml"), s.Source, 0o644); err != nil {
		return nil, err
	}
	center := s.DefaultPoint()
	kept := make([][]any, len(s.Params))
	rows := [][]string{{"stage", "parameter", "values", "kept", "dir"}}
	sub := func(stage string, sp *space.Space) (*Outcome, error) {
		o := opt
		o.Out = filepath.Join(opt.Out, stage)
		fmt.Fprintf(opt.Log, "%s: %d variants\n", stage, len(sp.Variants()))
		return RunSweep(ctx, sp, o)
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
	sp3 := s.SubSpace(s.Name+"-stage3", game.Mix(s.Seed, 3), pts, true, "race")
	sp3.Tournament.Confirm = s.Tournament.Confirm
	out3, err := sub("stage3", sp3)
	if err != nil {
		return nil, fmt.Errorf("stage3: %w", err)
	}
	rows = append(rows, []string{"3", "", fmt.Sprintf("%d variants", len(sp3.Variants())), fmt.Sprintf("winner %d", out3.Winner), "stage3"})
	data, err := csvBytes(rows)
	if err != nil {
		return nil, err
	}
	if err := writeFileAtomic(filepath.Join(opt.Out, "stages.csv"), data); err != nil {
		return nil, err
	}
	for _, f := range []string{"winner.toml"} {
		b, err := os.ReadFile(filepath.Join(opt.Out, "stage3", f))
		if err != nil {
			return nil, err
		}
		if err := writeFileAtomic(filepath.Join(opt.Out, f), b); err != nil {
			return nil, err
		}
	}
	out3.Dir = opt.Out
	out3.Summary.Name = s.Name
	js, err := json.MarshalIndent(out3.Summary, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := writeFileAtomic(filepath.Join(opt.Out, "summary.json"), append(js, '\n')); err != nil {
		return nil, err
	}
	return out3, nil
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
