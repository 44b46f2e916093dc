package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"tourney/engines/all"
	"tourney/engines/game"
)

const perftUsage = `GAME --depth D [--map MAP] [--seed N]

Counts the move sequences of exactly 1..D moves from the initial position
(finished games have no moves) and prints one line per depth:
'depth D nodes N'. The time and nodes per second go to standard error.`

// fastPerft is implemented by states with a specialised counter.
type fastPerft interface{ Perft(depth int) uint64 }

func runPerft(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("perft", perftUsage, "tourney perft connect4 --depth 9", stderr)
	depth := fs.Int("depth", 6, "deepest depth to count")
	mapName := fs.String("map", "", "built-in map name or map file (default: the game's default map)")
	seed := fs.Uint64("seed", 0, "seed of the initial state (games with random setup)")
	generic := fs.Bool("generic", false, "count through the generic game API (slower; cross-checks the fast counter)")
	name, err := parseOne(fs, args, "one game")
	if err != nil {
		return err
	}
	if *depth < 0 {
		return usagef("--depth %d: must not be negative", *depth)
	}
	g, err := all.Find(name)
	if err != nil {
		return usagef("%v", err)
	}
	m, err := loadMap(g, *mapName)
	if err != nil {
		return err
	}
	var total uint64
	start := time.Now()
	for d := 1; d <= *depth; d++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		s, err := g.NewState(m, *seed)
		if err != nil {
			return err
		}
		var n uint64
		if fp, ok := s.(fastPerft); ok && !*generic {
			n = fp.Perft(d)
		} else {
			n = game.Perft(s, d)
		}
		total += n
		fmt.Fprintf(stdout, "depth %d nodes %d\n", d, n)
	}
	el := time.Since(start)
	fmt.Fprintf(stderr, "time %s, %.1f M nodes/s\n", el.Round(time.Millisecond), float64(total)/el.Seconds()/1e6)
	return nil
}

// loadMap loads a map by built-in name or path ("" = the default map);
// errors are input errors.
func loadMap(g game.Game, name string) (game.Map, error) {
	if name == "" {
		name = g.Maps()[0]
	}
	m, err := g.LoadMap(name)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return m, nil
}
