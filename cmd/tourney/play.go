package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"tourney/arena"
	"tourney/engines/connect4"
	"tourney/engines/game"
	"tourney/tuner/replay"
)

const playUsage = `GAME [flags]

Plays one game and prints it move by move: the position, then each move
and the position after it, then the result. --bots lists one bot per seat
(bot names, bot config files or "default"; one bot alone fills every
seat; a list of another length than the map's seats is refused). With --human N (Connect Four), N people play in the
terminal and take the first seats, speaking the seed's protocol exactly.

--from RESULTS_DIR --game N shows game N of a sweep instead: played again
from its seed, bots, parameters and budget (and checked against its
record), move by move.`

// stdin is the input of --human games (a variable for tests).
var stdin io.Reader = os.Stdin

func runPlay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("play", playUsage, "tourney play connect4 --bots alphabeta,random --budget depth=7 --seed 3", stderr)
	botsFlag := fs.String("bots", "default", "comma-separated bots, one per seat")
	mapName := fs.String("map", "", "built-in map name or map file (default: the game's default map)")
	seed := fs.Uint64("seed", 1, "game seed (setup and bots' randomness)")
	budget := fs.String("budget", "", "per move: depth=N, nodes=N or time=DURATION; time=1s,node_rate=N[,bank] is a clock counted in nodes (reproducible; bank: the contest's time bank) (default: the bots' own)")
	humans := fs.Int("human", 0, "number of human players (Connect Four: 0, 1 or 2)")
	from := fs.String("from", "", "a results directory: show one of its games (with --game)")
	gameNo := fs.Int("game", -1, "with --from: the game to show")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *from != "" {
		if len(pos) != 0 || *gameNo < 0 {
			return usagef("play --from DIR takes --game N and no game name")
		}
		return playFrom(ctx, *from, *gameNo, stdout, stderr)
	}
	if len(pos) != 1 {
		return usagef("play takes one game, got %d arguments", len(pos))
	}
	g, err := findGame(pos[0])
	if err != nil {
		return err
	}
	b, err := parseBudget(*budget)
	if err != nil {
		return err
	}
	m, err := loadMap(g, *mapName)
	if err != nil {
		return err
	}
	seats := make([]arena.Entrant, m.Players())
	refs := strings.Split(*botsFlag, ",")
	if len(refs) != 1 && len(refs) != len(seats) {
		return usagef("--bots %q: %d bots for the %d seats of map %s: give one bot per seat, or one for all", *botsFlag, len(refs), len(seats), m.Name())
	}
	for i := range seats {
		ref := strings.TrimSpace(refs[min(i, len(refs)-1)])
		_, e, _, err := resolveEntrant(g, ref, nil) // play's budget is --budget
		if err != nil {
			return err
		}
		e.ID = ref
		seats[i] = e
	}
	humanSet := false
	fs.Visit(func(f *flag.Flag) { humanSet = humanSet || f.Name == "human" })
	if humanSet {
		return playHuman(ctx, g, seats, *humans, *seed, b, stdout, stderr)
	}
	return playWatch(ctx, g, m, seats, *seed, b, stdout)
}

func playHuman(ctx context.Context, g game.Game, seats []arena.Entrant, humans int, seed uint64, b game.Budget, stdout, stderr io.Writer) error {
	if g.Info().Name != "connect4" {
		return usagef("--human: %s has no terminal protocol (Connect Four has)", g.Info().Name)
	}
	if humans < 0 || humans > 2 {
		return usagef("--human %d: Connect Four takes 0, 1 or 2 human players", humans)
	}
	var bots [2]game.Bot
	var seeds [2]uint64
	for i := humans; i < 2; i++ {
		bot, err := seats[i].Spec.New(seats[i].Params)
		if err != nil {
			return err
		}
		bots[i] = bot
		seeds[i] = game.Mix(seed, uint64(i)+1)
	}
	// Column labels go to standard error when it is a terminal: standard
	// output carries the spec's protocol unchanged.
	var labels io.Writer
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		labels = stderr
	}
	code, err := connect4.PlayTerminalLabeled(ctx, stdin, stdout, labels, humans, bots, seeds, b)
	if err != nil {
		fmt.Fprintln(stderr, "tourney: "+err.Error())
	}
	if code != 0 {
		return &exitError{code: code}
	}
	return nil
}

// playWatch plays bots against each other and prints every move.
func playWatch(ctx context.Context, g game.Game, m game.Map, seats []arena.Entrant, seed uint64, b game.Budget, w io.Writer) error {
	s, err := g.NewState(m, seed)
	if err != nil {
		return err
	}
	bots := make([]game.Bot, len(seats))
	for i, e := range seats {
		bots[i], err = e.Spec.New(e.Params)
		if err != nil {
			return err
		}
		bots[i].Reset(game.Mix(seed, uint64(i)+1))
		fmt.Fprintf(w, "seat %d: %s\n", i, e.ID)
	}
	fmt.Fprintf(w, "\n%s\n", s)
	maxLen := g.Info().MaxLength
	var legal []game.Action
	for !s.IsTerminal() && (maxLen == 0 || s.MoveNumber() < maxLen) {
		if err := ctx.Err(); err != nil {
			return err
		}
		cp := s.CurrentPlayer()
		players := []int{cp}
		if cp == game.SimultaneousPlayer {
			players = players[:0]
			for p := 0; p < s.NumPlayers(); p++ {
				players = append(players, p)
			}
		}
		joint := make([]game.Action, 0, len(players))
		var names []string
		for _, p := range players {
			legal = s.LegalActions(p, legal[:0])
			if len(legal) == 0 {
				joint = append(joint, game.NoAction)
				continue
			}
			a, err := bots[p].Step(ctx, s.Clone(), p, b)
			if err != nil {
				return fmt.Errorf("seat %d (%s): %v", p, seats[p].ID, err)
			}
			if !contains(legal, a) {
				return fmt.Errorf("seat %d (%s) played the illegal action %d", p, seats[p].ID, a)
			}
			joint = append(joint, a)
			names = append(names, fmt.Sprintf("seat %d plays %s", p, s.ActionString(p, a)))
		}
		fmt.Fprintf(w, "move %d: %s\n", s.MoveNumber()+1, strings.Join(names, ", "))
		if cp == game.SimultaneousPlayer {
			s.(game.JointApplier).ApplyJoint(joint)
		} else {
			s.Apply(joint[0])
		}
		fmt.Fprintf(w, "%s\n", s)
	}
	ranks := game.Ranks(s)
	scores := s.Returns(nil)
	end := "normal"
	if !s.IsTerminal() {
		end = "max-length"
	}
	fmt.Fprintf(w, "result (%s, %d moves):\n", end, s.MoveNumber())
	for i := range seats {
		fmt.Fprintf(w, "  seat %d %-12s rank %d score %s\n", i, seats[i].ID, ranks[i], game.FormatValue(scores[i]))
	}
	return nil
}

func contains(xs []game.Action, a game.Action) bool {
	for _, x := range xs {
		if x == a {
			return true
		}
	}
	return false
}

// playFrom shows game n of a results directory, played again.
func playFrom(ctx context.Context, dir string, n int, w, stderr io.Writer) error {
	res, diff, err := replay.Game(ctx, dir, n)
	if err != nil {
		return err
	}
	job := res.Job
	for i, e := range job.Seats {
		fmt.Fprintf(w, "seat %d: %s (%s)\n", i, e.ID, e.Spec.Name)
	}
	fmt.Fprintf(w, "game %d of %s: %s on %s, seed %d, budget %s\n", n, dir, job.Game.Info().Name, job.Map.Name(), job.Seed, job.Budget)
	first := true
	_, err = arena.ReplayMoves(job.Game, job.Map, job.Seed, job.OpeningPlies, res.Moves, func(s game.State, applied []arena.MoveRecord) {
		if first {
			fmt.Fprintf(w, "\n%s\n", s)
			first = false
			if len(applied) == 0 {
				return
			}
		}
		var names []string
		for _, mv := range applied {
			if mv.Fault != "" {
				names = append(names, fmt.Sprintf("seat %d forfeits (%s)", mv.Seat, mv.Fault))
				continue
			}
			names = append(names, fmt.Sprintf("seat %d plays %d", mv.Seat, mv.Action))
		}
		fmt.Fprintf(w, "move %d: %s\n%s\n", s.MoveNumber(), strings.Join(names, ", "), s)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "result (%d plies):\n", res.Plies)
	for i := range job.Seats {
		fmt.Fprintf(w, "  seat %d %-12s rank %d score %s %s\n", i, job.Seats[i].ID, res.Ranks[i], game.FormatValue(res.Scores[i]), res.End[i])
	}
	if diff != "" {
		return &exitError{code: 1, msg: "the game played again differs from the run: " + diff}
	}
	return nil
}
