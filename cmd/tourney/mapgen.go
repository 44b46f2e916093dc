package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"tourney/engines/reversixt"
)

const mapgenUsage = `reversixt [--seed N] [--players N] [--size WxH] [parameters]

Writes a generated ReversiXT map to standard output, in the course's file
format; the full generator name of the same map (usable as a space's
map, e.g. maps = ["gen-4p-40x40-...:7"]) goes to standard error. Every
parameter left out is drawn from the seed to resemble the course's maps.
The same flags give the same bytes on every machine.`

func runMapgen(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("mapgen", mapgenUsage, "tourney mapgen reversixt --players 4 --size 40x40 --seed 7 > m.map", stderr)
	seed := fs.Uint64("seed", 1, "generator seed")
	size := fs.String("size", "", "width x height, 8..50 each (default: drawn)")
	ints := []struct {
		flag, token, doc string
		v                *int
	}{
		{"players", "%dp", "players 2..8", nil},
		{"holes", "h%d", "holes, percent of the cells, 0..70", nil},
		{"transitions", "t%d", "transitions", nil},
		{"overwrites", "o%d", "overwrite stones per player", nil},
		{"bombs", "", "bombs per player (with --strength)", nil},
		{"strength", "", "bomb strength (with --bombs)", nil},
		{"choice", "c%d", "choice fields", nil},
		{"inversion", "i%d", "inversion fields", nil},
		{"bonus", "bon%d", "bonus fields", nil},
		{"expansion", "x%d", "expansion stones", nil},
		{"starts", "k%d", "start blocks per player pair, 1..3", nil},
	}
	for i := range ints {
		ints[i].v = fs.Int(ints[i].flag, -1, ints[i].doc+" (default: drawn from the seed)")
	}
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "reversixt" {
		return usagef("mapgen takes one game, reversixt, got %q", pos)
	}
	toks := []string{}
	var bombs, strength int
	for _, f := range ints {
		switch {
		case *f.v < -1:
			return usagef("--%s %d: must not be negative", f.flag, *f.v)
		case f.flag == "bombs":
			bombs = *f.v
		case f.flag == "strength":
			strength = *f.v
		case *f.v >= 0:
			toks = append(toks, fmt.Sprintf(f.token, *f.v))
		}
	}
	if (bombs < 0) != (strength < 0) {
		return usagef("--bombs and --strength go together")
	}
	if bombs >= 0 {
		toks = append(toks, fmt.Sprintf("b%ds%d", bombs, strength))
	}
	if *size != "" {
		toks = append(toks, *size)
	}
	name := reversixt.GenPrefix + ":"
	if len(toks) > 0 {
		name = reversixt.GenPrefix + "-" + strings.Join(toks, "-") + ":"
	}
	name += fmt.Sprint(*seed)
	s, o, _, err := reversixt.ParseGenName(name)
	if err != nil {
		return usagef("%v", err)
	}
	m, _, err := reversixt.LoadGenMap(name)
	if err != nil {
		return usagef("%v", err)
	}
	fmt.Fprintln(stderr, reversixt.GenName(s, reversixt.DrawGenOptions(s, o)))
	_, err = io.WriteString(stdout, m.String())
	return err
}
