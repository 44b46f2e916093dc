package connect4_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/engines/connect4"
	"tourney/engines/game"
)

// goldenGame is one testdata/*.game file (format: testdata/README.md).
type goldenGame struct {
	moves  string
	board  string
	result string
}

func readGolden(path string) (goldenGame, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return goldenGame{}, err
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 1+connect4.Height+1 {
		return goldenGame{}, fmt.Errorf("%d lines besides comments, want the moves, %d board lines and the result", len(lines), connect4.Height)
	}
	return goldenGame{
		moves:  lines[0],
		board:  strings.Join(lines[1:1+connect4.Height], "\n") + "\n",
		result: lines[1+connect4.Height],
	}, nil
}

func resultLine(s *connect4.State) string {
	switch w := s.Winner(); {
	case w >= 0:
		return fmt.Sprintf("Player %d won the game!", w+1)
	case s.Over():
		return "Draw!"
	}
	return "(unfinished)"
}

func TestGoldenGames(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.game"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Fatalf("%d golden games found, want at least 5", len(files))
	}
	results := map[string]int{}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			g, err := readGolden(path)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			results[g.result]++

			// Replay with the engine's own API.
			s, err := connect4.FromMoves(g.moves)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if !s.Over() {
				t.Errorf("the game is not over after its last move")
			}
			if got := s.String(); got != g.board {
				t.Errorf("final board:\n%s\nwant:\n%s", got, g.board)
			}
			if got := resultLine(s); got != g.result {
				t.Errorf("result %q, want %q", got, g.result)
			}

			// Replay through the generic interface.
			gs, _ := connect4.Game{}.NewState(nil, 0)
			for i, ch := range g.moves {
				if gs.IsTerminal() {
					t.Fatalf("move %d: the game is already over", i+1)
				}
				gs.Apply(game.Action(ch - '0'))
			}
			if !gs.IsTerminal() || gs.String() != g.board || gs.MoveNumber() != len(g.moves) {
				t.Errorf("generic replay: terminal %v, %d moves, board\n%s", gs.IsTerminal(), gs.MoveNumber(), gs.String())
			}
			wantRanks := map[string][]int{"Player 1 won the game!": {1, 2}, "Player 2 won the game!": {2, 1}, "Draw!": {1, 1}}[g.result]
			if got := game.Ranks(gs); fmt.Sprint(got) != fmt.Sprint(wantRanks) {
				t.Errorf("ranks %v, want %v", got, wantRanks)
			}

			// Replay through the terminal protocol with two humans.
			var in strings.Builder
			for _, ch := range g.moves {
				in.WriteString(string(ch) + "\n")
			}
			var out bytes.Buffer
			code, err := play(t, strings.NewReader(in.String()), &out, 2, [2]game.Bot{})
			if code != 0 || err != nil {
				t.Fatalf("PlayTerminal: exit %d, %v", code, err)
			}
			last := fmt.Sprintf("Player %d: ", (len(g.moves)-1)%2+1)
			if want := last + g.board + g.result + "\n"; !strings.HasSuffix(out.String(), want) {
				t.Errorf("PlayTerminal output ends:\n%s\nwant:\n%s", tail(out.String()), want)
			}
		})
	}
	if results["Draw!"] == 0 || results["Player 1 won the game!"] == 0 || results["Player 2 won the game!"] == 0 {
		t.Errorf("results %v: want wins for both players and a draw", results)
	}
}
