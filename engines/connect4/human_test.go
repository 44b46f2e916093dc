package connect4_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"tourney/engines/connect4"
	"tourney/engines/game"
)

const emptyBoard = "" +
	"| | | | | | | |\n" +
	"| | | | | | | |\n" +
	"| | | | | | | |\n" +
	"| | | | | | | |\n" +
	"| | | | | | | |\n" +
	"| | | | | | | |\n"

// renderMoves draws the board after moves (columns 0..6, Player 1 first)
// the way §6.3 describes, independently of State.String.
func renderMoves(moves []int) string {
	var grid [6][7]byte
	var height [7]int
	for i, c := range moves {
		grid[height[c]][c] = "12"[i%2]
		height[c]++
	}
	var sb strings.Builder
	for r := 5; r >= 0; r-- {
		sb.WriteByte('|')
		for c := 0; c < 7; c++ {
			if grid[r][c] == 0 {
				sb.WriteByte(' ')
			} else {
				sb.WriteByte(grid[r][c])
			}
			sb.WriteByte('|')
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// fourOnBoard scans a drawn board for four equal stones in a line.
func fourOnBoard(board string) bool {
	rows := strings.Split(strings.TrimSuffix(board, "\n"), "\n")
	cell := func(r, c int) byte {
		if r < 0 || r >= len(rows) || c < 0 || c >= 7 {
			return ' '
		}
		return rows[r][1+2*c]
	}
	for r := range rows {
		for c := 0; c < 7; c++ {
			v := cell(r, c)
			if v == ' ' {
				continue
			}
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				k := 1
				for k < 4 && cell(r+k*d[0], c+k*d[1]) == v {
					k++
				}
				if k == 4 {
					return true
				}
			}
		}
	}
	return false
}

// echoReader hands out one line per Read and copies it to the output, as a
// terminal echoes what the user types.
type echoReader struct {
	lines []string
	echo  *bytes.Buffer
}

func (e *echoReader) Read(p []byte) (int, error) {
	if len(e.lines) == 0 {
		return 0, io.EOF
	}
	l := e.lines[0]
	e.lines = e.lines[1:]
	e.echo.WriteString(l)
	return copy(p, l), nil
}

func echoInput(out *bytes.Buffer, lines ...string) io.Reader {
	var ls []string
	for _, l := range lines {
		ls = append(ls, l+"\n")
	}
	return &echoReader{lines: ls, echo: out}
}

func play(t *testing.T, in io.Reader, out *bytes.Buffer, humans int, bots [2]game.Bot) (int, error) {
	t.Helper()
	return connect4.PlayTerminal(context.Background(), in, out, humans, bots, [2]uint64{11, 12}, game.Budget{})
}

// playHumans plays a game of two humans whose input is in and returns
// the transcript; the exit code must be code, with no error.
func playHumans(t *testing.T, in string, code int) *bytes.Buffer {
	t.Helper()
	var out bytes.Buffer
	got, err := play(t, strings.NewReader(in), &out, 2, [2]game.Bot{})
	if got != code || err != nil {
		t.Fatalf("exit %d, %v; want %d, nil", got, err, code)
	}
	return &out
}

// The transcript of §6: moves 3 and 3, a mistyped 9, then 4; the input
// ends there.
func TestTerminalSpecExample(t *testing.T) {
	var out bytes.Buffer
	code, err := play(t, echoInput(&out, "3", "3", "9", "4"), &out, 2, [2]game.Bot{})
	if code != 2 || err != nil {
		t.Fatalf("exit %d, %v; want 2, nil", code, err)
	}
	after33 := "" +
		"| | | | | | | |\n" +
		"| | | | | | | |\n" +
		"| | | | | | | |\n" +
		"| | | | | | | |\n" +
		"| | | |2| | | |\n" +
		"| | | |1| | | |\n"
	after334 := "" +
		"| | | | | | | |\n" +
		"| | | | | | | |\n" +
		"| | | | | | | |\n" +
		"| | | | | | | |\n" +
		"| | | |2| | | |\n" +
		"| | | |1|1| | |\n"
	want := emptyBoard + "\nPlayer 1: 3\n" +
		renderMoves([]int{3}) + "\nPlayer 2: 3\n" +
		after33 + "\nPlayer 1: 9\n" +
		"Error, please enter a column number from 0 to 6.\n" +
		"Player 1: 4\n" +
		after334 + "\nPlayer 2: " +
		"Error, no more input.\n"
	if got := out.String(); got != want {
		t.Errorf("transcript:\n%s\nwant:\n%s", got, want)
	}
	// The excerpt printed in §6, verbatim.
	spec := "| | | | | | | |\n| | | | | | | |\n| | | | | | | |\n| | | | | | | |\n| | | |2| | | |\n| | | |1| | | |\n\n" +
		"Player 1: 9\nError, please enter a column number from 0 to 6.\nPlayer 1: 4\n| | | | | | | |\n"
	if !strings.Contains(out.String(), spec) {
		t.Errorf("the §6 excerpt is not part of the transcript")
	}
}

// The same game through a pipe: input is not echoed, so each board follows
// the prompt on the same line.
func TestTerminalPipeBytes(t *testing.T) {
	out := playHumans(t, "3\n3\n9\n4\n", 2)
	want := emptyBoard + "\nPlayer 1: " +
		renderMoves([]int{3}) + "\nPlayer 2: " +
		renderMoves([]int{3, 3}) + "\nPlayer 1: " +
		"Error, please enter a column number from 0 to 6.\n" +
		"Player 1: " +
		renderMoves([]int{3, 3, 4}) + "\nPlayer 2: " +
		"Error, no more input.\n"
	if got := out.String(); got != want {
		t.Errorf("output:\n%q\nwant:\n%q", got, want)
	}
}

// transcript builds the expected echoed transcript of a two-human game
// whose input lines are lines; bad lines are given with their error text.
type turn struct {
	input string // the line typed
	err   string // the error line it gets, or "" for a move
}

func humanTranscript(turns []turn, result string) string {
	var sb strings.Builder
	var moves []int
	sb.WriteString(renderMoves(moves) + "\n")
	for _, tu := range turns {
		fmt.Fprintf(&sb, "Player %d: %s\n", len(moves)%2+1, tu.input)
		if tu.err != "" {
			sb.WriteString(tu.err + "\n")
			// The prompt comes again, without the board: undo the board
			// line break added below by writing the prompt only.
			continue
		}
		moves = append(moves, int(strings.TrimSpace(tu.input)[0]-'0'))
		sb.WriteString(renderMoves(moves))
		if result == "" || len(moves) < countMoves(turns) {
			sb.WriteString("\n")
		}
	}
	sb.WriteString(result)
	return sb.String()
}

func countMoves(turns []turn) int {
	n := 0
	for _, tu := range turns {
		if tu.err == "" {
			n++
		}
	}
	return n
}

func runTurns(t *testing.T, turns []turn) (string, int, error) {
	t.Helper()
	var out bytes.Buffer
	var lines []string
	for _, tu := range turns {
		lines = append(lines, tu.input)
	}
	code, err := play(t, echoInput(&out, lines...), &out, 2, [2]game.Bot{})
	return out.String(), code, err
}

const errBad = "Error, please enter a column number from 0 to 6."

// A full game to a diagonal win, with every kind of bad input on the way.
func TestTerminalDiagonalWin(t *testing.T) {
	turns := []turn{
		{"0", ""}, {"1", ""}, {"+3", errBad}, {"1", ""}, {"03", errBad}, {"2", ""},
		{"3a", errBad}, {"  2  ", ""}, {"", errBad}, {"3", ""}, {"7", errBad}, {"-1", errBad},
		{"\t2", ""}, {"3 3", errBad}, {"3", ""}, {"३", errBad}, {"3", ""}, {"6", ""}, {"3\r", ""},
	}
	got, code, err := runTurns(t, turns)
	if code != 0 || err != nil {
		t.Fatalf("exit %d, %v; want 0, nil\n%s", code, err, got)
	}
	want := humanTranscript(turns, "Player 1 won the game!\n")
	if got != want {
		t.Errorf("transcript:\n%s\nwant:\n%s", got, want)
	}
	final := "" +
		"| | | | | | | |\n" +
		"| | | | | | | |\n" +
		"| | | |1| | | |\n" +
		"| | |1|1| | | |\n" +
		"| |1|1|2| | | |\n" +
		"|1|2|2|2| | |2|\n"
	if !strings.HasSuffix(got, final+"Player 1 won the game!\n") {
		t.Errorf("the transcript does not end with the final board and the result:\n%s", got)
	}
}

func TestTerminalVerticalWin(t *testing.T) {
	out := playHumans(t, "3\n4\n3\n4\n3\n4\n3\n", 0)
	final := "" +
		"| | | | | | | |\n" +
		"| | | | | | | |\n" +
		"| | | |1| | | |\n" +
		"| | | |1|2| | |\n" +
		"| | | |1|2| | |\n" +
		"| | | |1|2| | |\n"
	got := out.String()
	if !strings.HasSuffix(got, "Player 1: "+final+"Player 1 won the game!\n") {
		t.Errorf("output ends:\n%s", got[max(0, len(got)-200):])
	}
	if n := strings.Count(got, "Player "); n != 8 {
		t.Errorf("%d prompts and results, want 7 prompts and one result", n)
	}
}

// A win for Player 2, and a win with the last stone of a column.
func TestTerminalPlayer2Wins(t *testing.T) {
	out := playHumans(t, "0\n1\n0\n1\n0\n1\n6\n1\n", 0)
	if !strings.HasSuffix(out.String(), renderMoves([]int{0, 1, 0, 1, 0, 1, 6, 1})+"Player 2 won the game!\n") {
		t.Errorf("output:\n%s", out.String())
	}
}

// drawMoves is a full board without four in a line.
const drawMoves = "154555660510662262120321160402153034443334"

func TestTerminalDraw(t *testing.T) {
	var moves []int
	var input strings.Builder
	for _, ch := range drawMoves {
		moves = append(moves, int(ch-'0'))
		fmt.Fprintf(&input, " %c \n", ch)
	}
	if len(moves) != 42 {
		t.Fatalf("%d moves", len(moves))
	}
	// Independent check: no prefix of the sequence shows four in a line.
	for k := 1; k <= 42; k++ {
		if fourOnBoard(renderMoves(moves[:k])) {
			t.Fatalf("the draw sequence has four in a line after %d moves:\n%s", k, renderMoves(moves[:k]))
		}
	}
	out := playHumans(t, input.String(), 0)
	var want strings.Builder
	for k := 0; k < 42; k++ {
		fmt.Fprintf(&want, "%s\nPlayer %d: ", renderMoves(moves[:k]), k%2+1)
	}
	want.WriteString(renderMoves(moves) + "Draw!\n")
	if out.String() != want.String() {
		t.Errorf("output ends:\n%s\nwant:\n%s", tail(out.String()), tail(want.String()))
	}
}

func tail(s string) string { return s[max(0, len(s)-300):] }

func TestTerminalFullColumn(t *testing.T) {
	out := playHumans(t, "0\n0\n0\n0\n0\n0\n0\n", 2)
	full := []int{0, 0, 0, 0, 0, 0}
	want := renderMoves(full) + "\nPlayer 1: " + "Error, column 0 is full.\n" + "Player 1: " + "Error, no more input.\n"
	if got := out.String(); !strings.HasSuffix(got, "Player 2: "+want) {
		t.Errorf("output ends:\n%q\nwant:\n%q", tail(got), want)
	}
}

func TestTerminalEOF(t *testing.T) {
	for _, in := range []string{"", "\n\n"} {
		var out bytes.Buffer
		code, err := play(t, strings.NewReader(in), &out, 1, [2]game.Bot{nil, leftmost{}})
		if code != 2 || err != nil {
			t.Fatalf("input %q: exit %d, %v; want 2, nil", in, code, err)
		}
		bad := strings.Repeat(errBad+"\nPlayer 1: ", strings.Count(in, "\n"))
		if want := emptyBoard + "\nPlayer 1: " + bad + "Error, no more input.\n"; out.String() != want {
			t.Errorf("input %q: output %q, want %q", in, out.String(), want)
		}
	}
	// A last line without a line break still counts.
	var out bytes.Buffer
	code, err := play(t, strings.NewReader("5"), &out, 2, [2]game.Bot{})
	want := emptyBoard + "\nPlayer 1: " + renderMoves([]int{5}) + "\nPlayer 2: Error, no more input.\n"
	if code != 2 || err != nil || out.String() != want {
		t.Errorf("input \"5\": exit %d, %v, output %q; want 2, nil, %q", code, err, out.String(), want)
	}
}

// leftmost plays the leftmost playable column.
type leftmost struct{}

func (leftmost) Reset(uint64) {}
func (leftmost) Step(_ context.Context, s game.State, p int, _ game.Budget) (game.Action, error) {
	return s.LegalActions(p, nil)[0], nil
}

// vandal plays leftmost too, but first scribbles on the state it is given
// and records its resets.
type vandal struct{ resets *[]uint64 }

func (v vandal) Reset(seed uint64) { *v.resets = append(*v.resets, seed) }
func (v vandal) Step(ctx context.Context, s game.State, p int, b game.Budget) (game.Action, error) {
	a := s.LegalActions(p, nil)[0]
	for !s.IsTerminal() {
		s.Apply(s.LegalActions(s.CurrentPlayer(), nil)[0])
	}
	return a, nil
}

// One human (Player 1) against a bot (Player 2), which gets a copy of the
// position: the bot completes four in column 0.
func TestTerminalOneHuman(t *testing.T) {
	var resets []uint64
	var out bytes.Buffer
	code, err := play(t, strings.NewReader("6\n6\n9\n6\n5\n"), &out, 1, [2]game.Bot{nil, vandal{&resets}})
	if code != 0 || err != nil {
		t.Fatalf("exit %d, %v; want 0, nil", code, err)
	}
	want := emptyBoard + "\nPlayer 1: " +
		renderMoves([]int{6}) + "\nPlayer 2: 0\n" +
		renderMoves([]int{6, 0}) + "\nPlayer 1: " +
		renderMoves([]int{6, 0, 6}) + "\nPlayer 2: 0\n" +
		renderMoves([]int{6, 0, 6, 0}) + "\nPlayer 1: " + errBad + "\nPlayer 1: " +
		renderMoves([]int{6, 0, 6, 0, 6}) + "\nPlayer 2: 0\n" +
		renderMoves([]int{6, 0, 6, 0, 6, 0}) + "\nPlayer 1: " +
		renderMoves([]int{6, 0, 6, 0, 6, 0, 5}) + "\nPlayer 2: 0\n" +
		renderMoves([]int{6, 0, 6, 0, 6, 0, 5, 0}) + "Player 2 won the game!\n"
	if got := out.String(); got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
	if len(resets) != 1 || resets[0] != 12 {
		t.Errorf("resets %v: want the bot reset once with its seat's seed 12", resets)
	}
}

// checkBotTranscript parses a game written by PlayTerminal without humans
// and checks it move by move.
func checkBotTranscript(t *testing.T, out string) {
	t.Helper()
	var moves []int
	rest := out
	for {
		board := renderMoves(moves)
		if !strings.HasPrefix(rest, board) {
			t.Fatalf("after moves %v: want the board\n%s\ngot\n%s", moves, board, tail(rest))
		}
		rest = rest[len(board):]
		switch rest {
		case "Draw!\n":
			if len(moves) != 42 || fourOnBoard(board) {
				t.Fatalf("a draw after %d moves on\n%s", len(moves), board)
			}
			return
		case fmt.Sprintf("Player %d won the game!\n", 2-len(moves)%2): // the last mover
			if !fourOnBoard(board) {
				t.Fatalf("a win without four in a line:\n%s", board)
			}
			return
		}
		prompt := fmt.Sprintf("\nPlayer %d: ", len(moves)%2+1)
		if !strings.HasPrefix(rest, prompt) || len(rest) < len(prompt)+2 || rest[len(prompt)+1] != '\n' {
			t.Fatalf("after moves %v: want %q and a column, got %q", moves, prompt, tail(rest))
		}
		moves = append(moves, int(rest[len(prompt)]-'0'))
		rest = rest[len(prompt)+2:]
		if fourOnBoard(board) {
			t.Fatalf("the game went on after four in a line:\n%s", board)
		}
	}
}

func TestTerminalNoHumans(t *testing.T) {
	spec := game.RandomSpec()
	run := func() string {
		a, _ := spec.New(nil)
		b, _ := spec.New(nil)
		var out bytes.Buffer
		code, err := connect4.PlayTerminal(context.Background(), strings.NewReader(""), &out, 0, [2]game.Bot{a, b}, [2]uint64{7, 8}, game.Budget{})
		if code != 0 || err != nil {
			t.Fatalf("exit %d, %v; want 0, nil", code, err)
		}
		return out.String()
	}
	first := run()
	checkBotTranscript(t, first)
	if again := run(); again != first {
		t.Errorf("the same seeds gave another game")
	}
}

// The game's default bot (alphabeta) with a small budget.
func TestTerminalDefaultBot(t *testing.T) {
	spec := connect4.Game{}.Bots()[0]
	a, _, err := spec.Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := spec.Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	code, err := connect4.PlayTerminal(context.Background(), strings.NewReader(""), &out, 0, [2]game.Bot{a, b}, [2]uint64{1, 2}, game.Budget{Depth: 2})
	if code != 0 || err != nil {
		t.Fatalf("exit %d, %v; want 0, nil", code, err)
	}
	checkBotTranscript(t, out.String())
}

type badBot struct {
	a     game.Action
	err   error
	panic bool
}

func (badBot) Reset(uint64) {}
func (b badBot) Step(context.Context, game.State, int, game.Budget) (game.Action, error) {
	if b.panic {
		panic("boom")
	}
	return b.a, b.err
}

func TestTerminalBotFailures(t *testing.T) {
	for _, c := range []struct {
		bot  badBot
		want string
	}{
		{badBot{a: 7}, "column 7"},
		{badBot{a: -1}, "column -1"},
		{badBot{a: 0, err: errors.New("tired")}, "tired"},
		{badBot{panic: true}, "panicked: boom"},
	} {
		var out bytes.Buffer
		code, err := play(t, strings.NewReader("3\n"), &out, 1, [2]game.Bot{nil, c.bot})
		if code != 1 || err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "Player 2") {
			t.Errorf("bot %+v: exit %d, %v; want 1 and an error naming Player 2 and %q", c.bot, code, err, c.want)
		}
		if want := emptyBoard + "\nPlayer 1: " + renderMoves([]int{3}) + "\nPlayer 2: "; out.String() != want {
			t.Errorf("bot %+v: output %q", c.bot, out.String())
		}
	}
	// A full column from a bot.
	var out bytes.Buffer
	code, err := play(t, strings.NewReader("0\n0\n0\n1\n"), &out, 1, [2]game.Bot{nil, badBot{a: 0}})
	if code != 1 || err == nil || !strings.Contains(err.Error(), "column 0") {
		t.Errorf("full column from a bot: exit %d, %v", code, err)
	}
}

func TestTerminalBadArguments(t *testing.T) {
	for _, c := range []struct {
		humans int
		bots   [2]game.Bot
	}{
		{-1, [2]game.Bot{leftmost{}, leftmost{}}},
		{3, [2]game.Bot{}},
		{1, [2]game.Bot{leftmost{}, nil}},
		{0, [2]game.Bot{nil, leftmost{}}},
	} {
		var out bytes.Buffer
		code, err := play(t, strings.NewReader("3\n"), &out, c.humans, c.bots)
		if code != 2 || err == nil || out.Len() != 0 {
			t.Errorf("humans %d, bots %v: exit %d, %v, output %q; want 2, an error, no output", c.humans, c.bots, code, err, out.String())
		}
	}
}

func TestTerminalCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	code, err := connect4.PlayTerminal(ctx, strings.NewReader("3\n"), &out, 2, [2]game.Bot{}, [2]uint64{}, game.Budget{})
	if code != 1 || !errors.Is(err, context.Canceled) {
		t.Errorf("exit %d, %v; want 1, context.Canceled", code, err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestTerminalWriteError(t *testing.T) {
	code, err := connect4.PlayTerminal(context.Background(), strings.NewReader("3\n"), failWriter{}, 2, [2]game.Bot{}, [2]uint64{}, game.Budget{})
	if code != 1 || err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("exit %d, %v; want 1 and the write error", code, err)
	}
}

type failReader struct{}

func (failReader) Read([]byte) (int, error) { return 0, errors.New("tty gone") }

func TestTerminalReadError(t *testing.T) {
	var out bytes.Buffer
	code, err := connect4.PlayTerminal(context.Background(), failReader{}, &out, 2, [2]game.Bot{}, [2]uint64{}, game.Budget{})
	if code != 1 || err == nil || !strings.Contains(err.Error(), "tty gone") {
		t.Errorf("exit %d, %v; want 1 and the read error", code, err)
	}
}

// With a labels writer, every board shown before a human's move gets the
// column labels there, and the protocol output is unchanged.
func TestTerminalColumnLabels(t *testing.T) {
	var plain, labeled, labels bytes.Buffer
	input := "3\n3\n9\n4\n"
	c1, _ := connect4.PlayTerminal(context.Background(), strings.NewReader(input), &plain, 2, [2]game.Bot{}, [2]uint64{}, game.Budget{})
	c2, _ := connect4.PlayTerminalLabeled(context.Background(), strings.NewReader(input), &labeled, &labels, 2, [2]game.Bot{}, [2]uint64{}, game.Budget{})
	if c1 != c2 || plain.String() != labeled.String() {
		t.Fatalf("labels changed the protocol output (exit %d vs %d)", c1, c2)
	}
	// Boards before moves 1..4 (the mistyped 9 does not repeat the board)
	// and before the move the input no longer gives.
	if want := strings.Repeat(connect4.ColumnLabels+"\n", 4); labels.String() != want {
		t.Errorf("labels %q, want %q", labels.String(), want)
	}
}
