package plan

import (
	"testing"

	"tourney/internal/testspace"
	"tourney/tuner/study"
)

// flatHost rates every variant 0 and books every game as a draw.
type flatHost struct{ n int }

func (h flatHost) Fit() ([]float64, error)  { return make([]float64, h.n), nil }
func (h flatHost) Rate() ([]float64, error) { return make([]float64, h.n), nil }
func (flatHost) Logf(string, ...any)        {}
func (flatHost) Status(string)              {}
func (flatHost) Leader([]int) string        { return "" }

// TestGauntletSeats: a gauntlet's first rung seats no field bot; every
// later rung and the final seat one variant against field bots only, the
// defaults (variant 0) among them in every one, each entrant on the same
// deals (the same seeds); without gauntlet = true the first rung seats
// the field too.
func TestGauntletSeats(t *testing.T) {
	text := func(g string) string {
		return testspace.Text("g", 2, "synthetic", "fixed", `maps = ["2p", "3p"]
field = ["random"]
[params]
elo = { values = [-20, 0, 10, 20, 30, 40, 50, 60] }
[tournament]
format = "halving"
eta = 2
finalists = 2
budget = 3000
`) + g
	}
	for _, gauntlet := range []bool{false, true} {
		g := ""
		if gauntlet {
			g = "gauntlet = true\n"
		}
		s, err := study.Parse("g.toml", []byte(text(g)))
		if err != nil {
			t.Fatal(err)
		}
		n := len(s.Variants())
		pl, err := New(s, n)
		if err != nil {
			t.Fatal(err)
		}
		h := flatHost{n: n}
		rounds := map[int]bool{}
		playOut(t, pl, h, func(b *Block) []Result {
			var res []Result
			rounds[b.Round] = true
			seeds := map[[2]int]uint64{}
			games := map[int]int{}
			field := false
			for _, gp := range b.Games {
				res = append(res, Result{Ranks: make([]int, len(gp.Seats))})
				vs, fs := 0, 0
				for _, r := range gp.Seats {
					switch r.Kind {
					case SeatVariant:
						vs++
						games[r.Variant]++
					case SeatField:
						fs++
					}
				}
				field = field || fs > 0
				if sd, ok := seeds[[2]int{gp.Scenario, gp.Map}]; ok && sd != gp.Seed {
					t.Fatalf("round %d: two seeds on one map in a block", b.Round)
				}
				seeds[[2]int{gp.Scenario, gp.Map}] = gp.Seed
				if gauntlet && b.Round > 1 && (vs != 1 || fs != len(gp.Seats)-1) {
					t.Fatalf("round %d: %v: want one variant against field bots", b.Round, gp.Seats)
				}
			}
			switch {
			case b.Round == 1 && field == gauntlet:
				t.Fatalf("gauntlet %v: the first rung seats a field bot: %v", gauntlet, field)
			case gauntlet && b.Round > 1:
				if games[0] == 0 {
					t.Fatalf("round %d: the defaults do not play", b.Round)
				}
				for v, k := range games {
					if k != games[0] {
						t.Fatalf("round %d: variant %d plays %d games, the defaults %d", b.Round, v, k, games[0])
					}
				}
			}
			return res
		})
		if len(rounds) < 3 {
			t.Fatalf("gauntlet %v: %d rounds, want rungs and a final", gauntlet, len(rounds))
		}
		if _, err := pl.Winner(h); err != nil {
			t.Fatal(err)
		}
	}
}
