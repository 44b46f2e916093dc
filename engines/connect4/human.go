package connect4

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"tourney/engines/game"
)

// Texts of the terminal protocol (spec §6 and §8.6).
const (
	termBadColumn   = "Error, please enter a column number from 0 to 6."
	termFullColumn  = "Error, column %d is full."
	termNoMoreInput = "Error, no more input."
	termWon         = "Player %d won the game!"
	termDraw        = "Draw!"
)

// PlayTerminal plays one game of Connect Four on a terminal with the exact
// protocol of the spec (§6): before every move it writes the board (6 lines,
// top row first), an empty line and the prompt "Player X: ". The first
// humans seats (0, 1 or 2) read their moves from in, one line each; a line
// that is not a single digit 0..6 naming a column that is not full (blanks
// around it ignored) gets one "Error, ..." line and the prompt again. The
// other seats are played by bots[seat], which is Reset with seeds[seat] and
// whose Step gets a clone of the position and budget; its column is written
// after the prompt, followed by a line break. At the end the final board and
// "Player X won the game!" or "Draw!" are written.
//
// Exit codes and errors:
//   - 0, nil: the game was played to its end;
//   - 2, nil: the input ended first ("Error, no more input." was written);
//   - 2, err: bad arguments (humans outside 0..2, a missing bot);
//   - 1, err: reading or writing failed, ctx was cancelled between moves, or
//     a bot erred, panicked or chose an unplayable column.
//
// Only the protocol is written to out; err is for the caller to report on
// standard error. Reading a line is not interrupted by ctx.
func PlayTerminal(ctx context.Context, in io.Reader, out io.Writer, humans int, bots [2]game.Bot, seeds [2]uint64, budget game.Budget) (exitCode int, err error) {
	return PlayTerminalLabeled(ctx, in, out, nil, humans, bots, seeds, budget)
}

// ColumnLabels is the line that labels the board's columns (written under
// the board to the labels writer of PlayTerminalLabeled).
const ColumnLabels = " 0 1 2 3 4 5 6"

// PlayTerminalLabeled is PlayTerminal that also writes ColumnLabels to
// labels (when not nil; the command gives standard error when it is a
// terminal) right under every board shown before a human's move: out is
// flushed first, so that on one terminal the labels appear between the
// board and the empty line. out carries the spec's protocol unchanged.
func PlayTerminalLabeled(ctx context.Context, in io.Reader, out, labels io.Writer, humans int, bots [2]game.Bot, seeds [2]uint64, budget game.Budget) (exitCode int, err error) {
	if humans < 0 || humans > 2 {
		return 2, fmt.Errorf("connect4: %d human players: want 0, 1 or 2", humans)
	}
	for seat := humans; seat < 2; seat++ {
		if bots[seat] == nil {
			return 2, fmt.Errorf("connect4: no bot for Player %d", seat+1)
		}
	}
	for seat := humans; seat < 2; seat++ {
		bots[seat].Reset(seeds[seat])
	}
	w := bufio.NewWriter(out)
	r := bufio.NewReader(in)
	s := NewState()
	flush := func() error {
		if err := w.Flush(); err != nil {
			return fmt.Errorf("connect4: writing the game: %w", err)
		}
		return nil
	}
	for !s.Over() {
		if err := ctx.Err(); err != nil {
			w.Flush()
			return 1, err
		}
		seat := s.ToMove()
		prompt := fmt.Sprintf("Player %d: ", seat+1)
		w.WriteString(s.String())
		if labels != nil && seat < humans {
			if err := flush(); err != nil {
				return 1, err
			}
			fmt.Fprintln(labels, ColumnLabels)
		}
		w.WriteString("\n")
		w.WriteString(prompt)
		if seat < humans {
			for {
				if err := flush(); err != nil {
					return 1, err
				}
				line, rerr := r.ReadString('\n')
				if rerr != nil && !errors.Is(rerr, io.EOF) {
					return 1, fmt.Errorf("connect4: reading Player %d's move: %w", seat+1, rerr)
				}
				if rerr != nil && line == "" {
					w.WriteString(termNoMoreInput + "\n")
					if err := flush(); err != nil {
						return 1, err
					}
					return 2, nil
				}
				c, msg := terminalColumn(s, line)
				if msg == "" {
					s.Play(c)
					break
				}
				w.WriteString(msg + "\n")
				w.WriteString(prompt)
			}
		} else {
			if err := flush(); err != nil {
				return 1, err
			}
			c, err := terminalBotColumn(ctx, bots[seat], s, seat, budget)
			if err != nil {
				return 1, err
			}
			fmt.Fprintf(w, "%d\n", c)
			s.Play(c)
		}
	}
	w.WriteString(s.String())
	if win := s.Winner(); win >= 0 {
		fmt.Fprintf(w, termWon+"\n", win+1)
	} else {
		w.WriteString(termDraw + "\n")
	}
	if err := flush(); err != nil {
		return 1, err
	}
	return 0, nil
}

// terminalColumn checks a human's input line: a column, or the error line.
func terminalColumn(s *State, line string) (int, string) {
	t := strings.TrimSpace(line)
	if len(t) != 1 || t[0] < '0' || t[0] >= '0'+Width {
		return 0, termBadColumn
	}
	c := int(t[0] - '0')
	if !s.CanPlay(c) {
		return 0, fmt.Sprintf(termFullColumn, c)
	}
	return c, ""
}

// terminalBotColumn asks a bot for its move on a clone of s.
func terminalBotColumn(ctx context.Context, b game.Bot, s *State, seat int, budget game.Budget) (c int, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("connect4: the bot of Player %d panicked: %v\n%s", seat+1, p, debug.Stack())
		}
	}()
	a, err := b.Step(ctx, s.Clone(), seat, budget)
	if err != nil {
		return 0, fmt.Errorf("connect4: the bot of Player %d: %w", seat+1, err)
	}
	if a < 0 || a >= Width || !s.CanPlay(int(a)) {
		return 0, fmt.Errorf("connect4: the bot of Player %d chose column %d, which is not playable", seat+1, a)
	}
	return int(a), nil
}
