package space

import (
	"fmt"
	"strings"
	"testing"

	"tourney/engines/all"
)

func factorialSpace(k int, extra string) string {
	var b strings.Builder
	b.WriteString("name = \"f\"\nseed = 3\n[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape\"\nmaps = [\"2p\"]\n[params]\n")
	for i := 1; i <= k; i++ {
		fmt.Fprintf(&b, "x%d = { values = [0, 1] }\n", i)
	}
	b.WriteString(extra)
	b.WriteString("[generate]\nmethod = \"factorial\"\n")
	return b.String()
}

// TestFactorialResolutionIV: on the design's runs, every main-effect
// column is balanced and orthogonal to every other main effect and to
// every two-way interaction (resolution IV), for 3 to 16 knobs; the run
// counts are statistics.md §7's.
func TestFactorialResolutionIV(t *testing.T) {
	_ = all.Find
	wantRuns := map[int]int{3: 8, 4: 8, 5: 16, 8: 16, 9: 32, 12: 32}
	for k, runs := range wantRuns {
		s, err := Parse("f.toml", []byte(factorialSpace(k, "")))
		if err != nil {
			t.Fatal(err)
		}
		f := s.Factorial()
		if f == nil || f.Runs != runs {
			t.Fatalf("k=%d: design %+v, want %d runs", k, f, runs)
		}
		vs := s.Variants()
		// run 0 (every knob low) is the defaults, variant 0
		if got := s.Candidates(); got != runs {
			t.Fatalf("k=%d: %d candidates, want %d (the defaults are run 0)", k, got, runs)
		}
		if len(vs) != 1<<k {
			t.Fatalf("k=%d: %d variants, want the full grid %d", k, len(vs), 1<<k)
		}
		sign := func(v Variant, j int) int {
			if v.Values[fmt.Sprintf("x%d", j+1)].(float64) == 1 {
				return 1
			}
			return -1
		}
		rows := vs[:runs]
		for a := range k {
			sum := 0
			for _, v := range rows {
				sum += sign(v, a)
			}
			if sum != 0 {
				t.Errorf("k=%d: x%d unbalanced (%d)", k, a+1, sum)
			}
			for b := range k {
				for c := b; c < k; c++ {
					if b == a && c == a {
						continue
					}
					dot := 0
					for _, v := range rows {
						p := sign(v, a) * sign(v, b)
						if c != b {
							p *= sign(v, c)
						}
						dot += p
					}
					if dot != 0 && !(c == b && b == a) && !(c != b && (a == b || a == c)) {
						t.Errorf("k=%d: x%d not orthogonal to x%d*x%d (%d)", k, a+1, b+1, c+1, dot)
					}
				}
			}
		}
		if k >= 6 && f.Resolution() != 4 {
			t.Errorf("k=%d: resolution %d", k, f.Resolution())
		}
	}
}

func TestFactorialRefusesContinuous(t *testing.T) {
	text := "name = \"f\"\n[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape\"\nmaps = [\"2p\"]\n[params]\nx1 = { min = 0.0, max = 1.0 }\n[generate]\nmethod = \"factorial\"\n"
	_, err := Parse("f.toml", []byte(text))
	if err == nil || !strings.Contains(err.Error(), "factorial needs a list of values") {
		t.Fatalf("got %v", err)
	}
}

func TestEffectsAndHalvingKeys(t *testing.T) {
	base := factorialSpace(3, "")
	cases := []struct{ extra, want string }{
		{"[effects]\ninteractions = [[\"x1\", \"x9\"]]\n", `"x9" is not a varied parameter`},
		{"[effects]\ninteractions = [[\"x1\", \"x1\"]]\n", "with itself"},
		{"[effects]\ninteractions = [\"x1\"]\n", "want a list of parameter pairs"},
		{"[tournament]\nformat = \"halving\"\nbudget = \"soon\"\n", "want a CPU time"},
		{"[tournament]\nformat = \"halving\"\neta = 1\n", "eta: must be between 2 and 10"},
		{"[tournament]\nformat = \"race\"\neta = 3\n", "is a setting of format halving; format race ignores it"},
	}
	for _, c := range cases {
		_, err := Parse("f.toml", []byte(base+c.extra))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "f.toml:") {
			t.Errorf("%q: got %v, want %q with file:line", c.extra, err, c.want)
		}
	}
	s, err := Parse("f.toml", []byte(base+"[effects]\ninteractions = [[\"x2\", \"x1\"], [\"x1\", \"x2\"]]\n[tournament]\nformat = \"halving\"\nbudget = \"90m\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Interactions) != 1 || s.Interactions[0] != [2]string{"x2", "x1"} {
		t.Errorf("interactions %v: want one, in file order", s.Interactions)
	}
	if s.Tournament.BudgetCPU.Minutes() != 90 || s.Tournament.Eta != 3 || s.Tournament.Finalists != 4 {
		t.Errorf("halving settings %+v", s.Tournament)
	}
}
