package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"tourney/engines/game"
	"tourney/tuner/records"
	"tourney/tuner/replay"
)

const replayUsage = `GAME FILE | RESULTS_DIR --game N | RESULTS_DIR --record

GAME FILE checks a recorded game against the engine, state by state: exit
0 when every state is reproduced, 1 with the first difference otherwise.
Spe_ed reads the official server's logs (a JSON array of the state
messages).

RESULTS_DIR --game N plays game N of a sweep again from its seed, bots,
parameters and budget, and checks it against the run: every move of its
record (games.jsonl.gz) and its result in games.csv. Exit 0 when it is
reproduced, 1 with the first difference. A game played under a time
budget need not replay. (Map files named by a relative path are looked up
from the results directory.)

RESULTS_DIR --record plays every game of a sweep again and writes its
move records (games.jsonl.gz), for a sweep run with --records none; each
game's result is checked against games.csv, and exit 1 names the games
that differ (the records are written all the same). --workers sets the
games played at once.`

func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("replay", replayUsage, "tourney replay speed configs/speed/example-game.json", stderr)
	gameNo := fs.Int("game", -1, "with RESULTS_DIR: the game to play again (games.csv's game column)")
	record := fs.Bool("record", false, "with RESULTS_DIR: play every game again and write its move records (games.jsonl.gz)")
	workers := fs.Int("workers", 0, "with --record: games played at once (default: number of CPUs)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 1 {
		if st, err := os.Stat(pos[0]); err == nil && st.IsDir() {
			if *record {
				if *gameNo >= 0 {
					return usagef("replay %s: --record plays every game; give --game N or --record, not both", pos[0])
				}
				return recordDir(ctx, pos[0], *workers, stdout)
			}
			if *gameNo < 0 {
				return usagef("replay %s: name the game with --game N (or --record for every game)", pos[0])
			}
			res, diff, err := replay.Game(ctx, pos[0], *gameNo)
			if err != nil {
				return err
			}
			if diff != "" {
				return &exitError{code: 1, msg: diff}
			}
			if _, err := os.Stat(filepath.Join(pos[0], records.FileName)); err != nil {
				fmt.Fprintf(stdout, "%s: game %d: its result agrees with games.csv (%d plies); no records (--records none): its moves were not checked\n", pos[0], *gameNo, res.Plies)
				return nil
			}
			fmt.Fprintf(stdout, "%s: game %d reproduced (%d plies, %d moves)\n", pos[0], *gameNo, res.Plies, len(res.Moves))
			return nil
		}
	}
	if len(pos) != 2 {
		return usagef("replay takes a game and a file, got %d arguments", len(pos))
	}
	g, err := findGame(pos[0])
	if err != nil {
		return err
	}
	rp, ok := g.(game.Replayer)
	if !ok {
		return usagef("replay: %s has no recorded-game format", g.Info().Name)
	}
	f, err := os.Open(pos[1])
	if err != nil {
		return usagef("replay: %v", err)
	}
	defer f.Close()
	n, err := rp.Replay(f)
	if err != nil {
		return &exitError{code: 1, msg: fmt.Sprintf("%s: %v", pos[1], err)}
	}
	if n == 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%s: no states: nothing to compare", pos[1])}
	}
	fmt.Fprintf(stdout, "%s: %d states reproduced\n", pos[1], n)
	return nil
}

// recordDir plays a results directory's games again and writes their
// records.
func recordDir(ctx context.Context, dir string, workers int, stdout io.Writer) error {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	n, mismatches, err := replay.Record(ctx, dir, workers, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d games played again, records in %s\n", dir, n, filepath.Join(dir, records.FileName))
	if len(mismatches) > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%d of %d games differ from games.csv:\n%s", len(mismatches), n, strings.Join(mismatches, "\n"))}
	}
	return nil
}
