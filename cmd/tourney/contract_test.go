package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"tourney/tuner/results"
	"tourney/tuner/space"
)

// TestSweepStdoutContract: every number a sweep prints on stdout is
// recomputed from its results files (variants.csv, games.csv,
// bracket.csv, summary.json) and agrees, and every line of the summary
// is one this test knows (a new line with a number fails until it is
// checked here). Synthetic sweeps: a race, a knockout with a field bot,
// a factorial halving (predicted variants), and one without the
// hold-out rung (the tournament's adjusted bound decides).
func TestSweepStdoutContract(t *testing.T) {
	dir := t.TempDir()
	land, err := filepath.Abs("../../configs/synthetic/twelve.toml")
	if err != nil {
		t.Fatal(err)
	}
	head := "[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape\"\nmaps = [\"" + land + "\"]\n"
	grid := "[params]\nx1 = { values = [0, 1] }\nx3 = { values = [0, 1] }\nx5 = { values = [0, 1] }\n"
	spaces := map[string]string{
		"race":     head + grid + "[tournament]\nformat = \"race\"\nmax_games = 600\nbootstrap = 200\n",
		"knockout": head + "field = [\"random\"]\n" + grid + "[tournament]\nformat = \"knockout\"\nmax_games = 80\nbootstrap = 200\n",
		// six knobs: 64 grid points, more than the design, the local rung and the flip and pair rounds play
		"halving": head + "[params]\nx1 = { values = [0, 1] }\nx2 = { values = [0, 1] }\nx3 = { values = [0, 1] }\nx4 = { values = [0, 1] }\nx5 = { values = [0, 1] }\nx6 = { values = [0, 1] }\n" +
			"[generate]\nmethod = \"factorial\"\n[tournament]\nformat = \"halving\"\nbudget = 600\nbootstrap = 200\n",
		"noholdout": head + grid + "[tournament]\nformat = \"race\"\nmax_games = 400\nholdout = false\nbootstrap = 200\n",
		"defaults":  "[[scenario]]\ngame = \"synthetic\"\nbot = \"fixed\"\n[params]\nelo = { values = [0.0, -300.0] }\n[tournament]\nformat = \"race\"\nmax_games = 100\nbootstrap = 200\n",
		// a promotion gate: the three gains side by side
		"gate": head + "field = [\"random\"]\n" + grid + "[tournament]\nformat = \"race\"\nmax_games = 600\nbootstrap = 200\n[gate]\nagainst = [\"fixed\"]\nmax_games = 200\n",
		// a winner worse than the defaults, which never play in the tournament
		"worse": "[[scenario]]\ngame = \"synthetic\"\nbot = \"fixed\"\n[params]\nelo = { values = [-300.0, -250.0] }\n[generate]\ninclude_defaults = false\n" +
			"[tournament]\nformat = \"race\"\nmax_games = 200\nbootstrap = 200\n",
	}
	seen := map[string]bool{}
	for name, text := range spaces {
		seeds := []int{1, 2, 3}
		if raceEnabled {
			seeds = seeds[:1] // 21 sweeps under the race detector: a minute; CI's second pass plays the three seeds
		}
		for _, seed := range seeds {
			path := writeFile(t, dir, fmt.Sprintf("%s%d.toml", name, seed), fmt.Sprintf("name = %q\nseed = %d\n", name, seed)+text)
			out := filepath.Join(dir, fmt.Sprintf("%s%d", name, seed))
			code, stdout, stderr := tourney(t, "sweep", path, "--out", out, "--workers", "2", "--quiet")
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", name, code, stderr)
			}
			t.Logf("%s seed %d:\n%s", name, seed, stdout)
			checkContract(t, name, stdout, out)
			for _, w := range []string{"is worse than the defaults", "lower bound after paying", "the peak may lie beyond", "  held-out:  ", "(the defaults)", "among the", "that played (the others are predictions only)", "hold-out blocks", "distinct blocks: "} {
				seen[w] = seen[w] || strings.Contains(stdout, w)
			}
		}
	}
	for w, ok := range seen {
		if !ok && !raceEnabled { // one seed under the race detector prints only some
			t.Errorf("no sweep printed %q: the contract is not exercised there", w)
		}
	}
}

func checkContract(t *testing.T, name, stdout, dir string) {
	t.Helper()
	read := func(f string) *results.Table {
		tb, err := results.ReadTable(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		return tb
	}
	games, variants, bracket := read("games.csv"), read("variants.csv"), read("bracket.csv")
	var sum results.Summary
	js, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil || json.Unmarshal(js, &sum) != nil {
		t.Fatalf("%s: summary.json: %v", name, err)
	}
	// what the files say
	gameIDs, blocks, forfeits := map[string]bool{}, map[string]bool{}, 0
	lastRound := 0
	for _, r := range games.Rows {
		gameIDs[games.Get(r, "game")] = true
		blocks[games.Get(r, "round")+"."+games.Get(r, "encounter")+"."+games.Get(r, "block")] = true
		if strings.HasPrefix(games.Get(r, "end"), "forfeit:") {
			forfeits++
		}
		rd, _ := strconv.Atoi(games.Get(r, "round"))
		lastRound = max(lastRound, rd)
	}
	// the hold-out rung: the last round, encounter 0; its distinct blocks
	holdBlocks := map[string]string{} // block → its games' hashes
	for _, r := range games.Rows {
		if games.Get(r, "round") == strconv.Itoa(lastRound) && games.Get(r, "encounter") == "0" {
			b := games.Get(r, "block")
			holdBlocks[b] += games.Get(r, "game_hash") + ";"
		}
	}
	holdDistinct := map[string]bool{}
	for _, h := range holdBlocks {
		holdDistinct[h] = true
	}
	var win []string
	played, defaultIsVariant := 0, false
	for _, r := range variants.Rows {
		if variants.Get(r, "winner") == "1" {
			win = r
		}
		if variants.Get(r, "games") != "0" {
			played++
		}
	}
	if win == nil {
		t.Fatalf("%s: no winner in variants.csv", name)
	}
	v := func(col string) string { return variants.Get(win, col) }
	params := []string{}
	for _, h := range variants.Head {
		if h == "games" {
			break
		}
		if h != "variant" {
			params = append(params, h)
		}
	}
	for _, r := range variants.Rows {
		if variants.Get(r, "variant") == "0" {
			defaultIsVariant = variants.Get(r, "rating") == "0.0" && variants.Get(r, "rating_lo") == "0.0"
		}
	}
	eq := func(what, printed, want string) {
		t.Helper()
		if printed != want {
			t.Errorf("%s: stdout %s %q, the files %q", name, what, printed, want)
		}
	}
	num := func(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }
	pat := func(s string) *regexp.Regexp { return regexp.MustCompile("^" + s + "$") }
	var (
		reHead     = pat(`(\S+): (\d+) variants, (\d+) games \((\d+) blocks(?:, (\d+) distinct)?\) in ([\d.]+)s \(([\d.]+) games/s\), (\d+) forfeits`)
		reEnc      = pat(`encounters: (\d+) decided on evidence, (\d+) at the cap \(settled by the ratings\), (\d+) byes`)
		reWinner   = pat(`winner: variant (\d+)(?: \((.*)\))?, budget (\S+)`)
		reDef      = pat(`winner (\d+) \(the defaults\), (.*)`)
		reRated    = pat(`winner (\d+)(?::| is worse than the defaults:) (-?[\d.]+) Elo(?: against the defaults)? \[(-?[\d.]+), (-?[\d.]+)\](?: \((.*)\))?, (.*)`)
		rePBest    = pat(`P\(best\) ([\d.]+) among the (\d+)(?: of (\d+))? variants(?: that played \(the others are predictions only\))?`)
		reHeld     = regexp.MustCompile(`on (\d+) hold-out blocks that played no part in the choice`)
		reFlat     = regexp.MustCompile(`no variation: every block gave the same result; distinct blocks: (\d+); the interval is the games' information`)
		reBound    = pat(`the tournament's lower bound after paying for choosing the best of (\d+) variants: (-?[\d.]+) Elo \("better" needs it above 0\)`)
		reInsep    = pat(`cannot be separated from: ([\d ]+?)(?: \.\.\. \((\d+) variants\))?`)
		reVerdict  = pat(`verdict: (.*)`)
		reResults  = pat(`results: (.*)`)
		reNext     = pat(`(promote: tourney promote|check on fresh seeds: tourney confirm) (.*)`)
		reInert    = pat(`(\S+) changed no game under (\S+) \((\d+) pairs of games on the same deal differed only in it\): cannot be tuned under this budget`)
		reUndet    = pat(`changed a game or not: not determined for (.*) \(no two games of one deal differed only in it\)`)
		reUndetAll = pat(`changed a game or not: not determined for any knob \(.*\)`)
		reOnBound  = pat(`(\S+) ended (?:on|at) .*: the peak may lie beyond; .*`)
		reSelf     = pat(`  self-play: (?:([+-]?[\d.]+) Elo \[(-?[\d.]+), (-?[\d.]+)\] \((the hold-out rung|the tournament's games)\)|not measured)`)
		reField    = pat(`  field:     (?:([+-][\d.]+) points a game (?:\[([+-][\d.]+), ([+-][\d.]+)\]|\(no interval\)) against (.*) \(the sweep's games: winner ([\d.]+) in (\d+), defaults ([\d.]+) in (\d+)\)|not measured .*)`)
		reHeldOut  = pat(`  held-out:  (?:([+-][\d.]+) points a game (?:\[([+-][\d.]+), ([+-][\d.]+)\]|\(no interval\)) \(winner ([\d.]+), defaults ([\d.]+) on (\d+) deals\), )?(?:([+-]?[\d.]+) Elo \[(-?[\d.]+), (-?[\d.]+)\], )?(.*): GSPRT (.*), LLR (-?[\d.]+) → (H0|H1|continue) after (\d+) games \((passed|failed)\)`)
	)
	f3 := func(p *float64) string {
		if p == nil {
			return ""
		}
		return fmt.Sprintf("%+.3f", *p)
	}
	knob := func(name string) (results.KnobChange, bool) {
		for _, k := range sum.Knobs {
			if k.Param == name {
				return k, true
			}
		}
		return results.KnobChange{}, false
	}
	checkPBest := func(s string) {
		m := rePBest.FindStringSubmatch(s)
		if m == nil {
			t.Errorf("%s: unknown P(best) text %q", name, s)
			return
		}
		eq("P(best)", m[1], fmt.Sprintf("%.2f", num(v("p_best"))))
		eq("variants that played", m[2], strconv.Itoa(played))
		if m[3] != "" {
			eq("variants", m[3], strconv.Itoa(len(variants.Rows)))
		}
	}
	for _, ln := range strings.Split(strings.TrimSpace(stdout), "\n") {
		switch m := (func() []string { return nil })(); {
		case reHead.MatchString(ln):
			m = reHead.FindStringSubmatch(ln)
			eq("variants", m[2], strconv.Itoa(len(variants.Rows)))
			eq("games", m[3], strconv.Itoa(len(gameIDs)))
			eq("blocks", m[4], strconv.Itoa(len(blocks)))
			if m[5] != "" {
				eq("distinct blocks", m[5], strconv.Itoa(sum.Distinct))
			}
			eq("seconds", m[6], fmt.Sprintf("%.1f", sum.Elapsed))
			eq("games/s", m[7], fmt.Sprintf("%.1f", sum.GamesPerSec))
			eq("forfeits", m[8], strconv.Itoa(forfeits))
		case reEnc.MatchString(ln):
			m = reEnc.FindStringSubmatch(ln)
			dec := map[string]map[string]bool{}
			for _, r := range bracket.Rows {
				d := bracket.Get(r, "decided")
				if dec[d] == nil {
					dec[d] = map[string]bool{}
				}
				dec[d][bracket.Get(r, "round")+"."+bracket.Get(r, "encounter")] = true
			}
			eq("decided on evidence", m[1], strconv.Itoa(len(dec["evidence"])))
			eq("at the cap", m[2], strconv.Itoa(len(dec["cap"])))
			eq("byes", m[3], strconv.Itoa(len(dec["bye"])))
		case reWinner.MatchString(ln):
			m = reWinner.FindStringSubmatch(ln)
			eq("winner", m[1], v("variant"))
			var kv []string
			for _, p := range params {
				kv = append(kv, p+"="+v(p))
			}
			slices.Sort(kv)
			eq("winner's parameters", m[2], strings.Join(kv, " "))
			eq("budget", m[3], sum.Budget)
		case reDef.MatchString(ln):
			m = reDef.FindStringSubmatch(ln)
			eq("winner", m[1], v("variant"))
			if !defaultIsVariant && v("variant") != "0" {
				t.Errorf("%s: %q, but variant %s is not the defaults", name, ln, v("variant"))
			}
			checkPBest(m[2])
		case reRated.MatchString(ln):
			m = reRated.FindStringSubmatch(ln)
			eq("winner", m[1], v("variant"))
			eq("Elo", m[2], v("rating"))
			eq("Elo low", m[3], v("rating_lo"))
			eq("Elo high", m[4], v("rating_hi"))
			if worse := strings.Contains(ln, "is worse"); worse != (num(v("rating_hi")) < 0) {
				t.Errorf("%s: %q: worse %v with the interval [%s, %s]", name, ln, worse, v("rating_lo"), v("rating_hi"))
			}
			notes := m[5]
			if h := reHeld.FindStringSubmatch(notes); h != nil {
				eq("hold-out blocks", h[1], strconv.Itoa(len(holdDistinct)))
				notes = strings.Replace(notes, h[0], "", 1)
			}
			if d := reFlat.FindStringSubmatch(notes); d != nil {
				eq("the winner's distinct blocks", d[1], strconv.Itoa(winnerBlocks(games, v("variant"), lastRound)))
				notes = strings.Replace(notes, d[0], "", 1)
			}
			if strings.ContainsAny(notes, "0123456789") {
				t.Errorf("%s: unchecked note %q", name, notes)
			}
			checkPBest(m[6])
		case reBound.MatchString(ln):
			m = reBound.FindStringSubmatch(ln)
			mm := len(variants.Rows)
			if defaultIsVariant {
				mm--
			}
			eq("variants paid for", m[1], strconv.Itoa(mm))
			if sum.Verdict.LoAdjusted == nil {
				t.Errorf("%s: %q but no elo_lo_adjusted in summary.json", name, ln)
			} else {
				eq("adjusted bound", m[2], fmt.Sprintf("%.1f", *sum.Verdict.LoAdjusted))
			}
		case reInsep.MatchString(ln):
			m = reInsep.FindStringSubmatch(ln)
			var ids []string
			for _, x := range sum.Verdict.Inseparable {
				ids = append(ids, strconv.Itoa(x))
			}
			if m[2] != "" { // the first 20 and the count
				eq("inseparable count", m[2], strconv.Itoa(len(ids)))
				ids = ids[:min(20, len(ids))]
			}
			eq("inseparable", m[1], strings.Join(ids, " "))
		case ln == "separated from every other variant":
			if len(sum.Verdict.Inseparable) != 0 {
				t.Errorf("%s: separated, but summary.json lists %v", name, sum.Verdict.Inseparable)
			}
		case reVerdict.MatchString(ln):
			eq("verdict", reVerdict.FindStringSubmatch(ln)[1], sum.Verdict.Text)
		case reResults.MatchString(ln), reNext.MatchString(ln):
			if !strings.Contains(ln, " "+dir) {
				t.Errorf("%s: %q does not name %s", name, ln, dir)
			}
		case reInert.MatchString(ln):
			m = reInert.FindStringSubmatch(ln)
			k, ok := knob(m[1])
			if !ok || k.Changed != 0 || strconv.Itoa(k.Pairs) != m[3] || k.Budget != m[2] {
				t.Errorf("%s: %q, but summary.json knobs say %+v", name, ln, k)
			}
		case reUndet.MatchString(ln):
			for _, kn := range strings.Split(reUndet.FindStringSubmatch(ln)[1], ", ") {
				if k, ok := knob(kn); ok && k.Pairs != 0 {
					t.Errorf("%s: %q, but summary.json knobs say %+v", name, ln, k)
				}
			}
		case reUndetAll.MatchString(ln):
			for _, k := range sum.Knobs {
				if k.Pairs != 0 {
					t.Errorf("%s: %q, but summary.json knobs say %+v", name, ln, k)
				}
			}
		case ln == "gains over the defaults, side by side:":
			if sum.Verdict.Gate == nil {
				t.Errorf("%s: %q without a gate in summary.json", name, ln)
			}
		case reSelf.MatchString(ln):
			m = reSelf.FindStringSubmatch(ln)
			if m[1] != "" {
				eq("self-play gain", strings.TrimPrefix(m[1], "+"), v("rating"))
				eq("self-play low", m[2], v("rating_lo"))
				eq("self-play high", m[3], v("rating_hi"))
			}
		case reField.MatchString(ln):
			m = reField.FindStringSubmatch(ln)
			fg := sum.Verdict.FieldGain
			if fg == nil {
				if m[1] != "" {
					t.Errorf("%s: %q, but no field_gain in summary.json", name, ln)
				}
				break
			}
			eq("field gain", m[1], fmt.Sprintf("%+.3f", fg.Diff))
			eq("field gain low", m[2], f3(fg.Lo))
			eq("field gain high", m[3], f3(fg.Hi))
			eq("field", m[4], strings.Join(fg.Field, ", "))
			eq("winner's field points", m[5], fmt.Sprintf("%.3f", fg.Winner))
			eq("winner's field games", m[6], strconv.Itoa(fg.WinnerGames))
			eq("defaults' field points", m[7], fmt.Sprintf("%.3f", fg.Defaults))
			eq("defaults' field games", m[8], strconv.Itoa(fg.DefaultGames))
		case reHeldOut.MatchString(ln):
			m = reHeldOut.FindStringSubmatch(ln)
			g := sum.Verdict.Gate
			if g == nil {
				t.Errorf("%s: %q, but no gate in summary.json", name, ln)
				break
			}
			eq("held-out difference", m[1], f3(g.Diff))
			eq("held-out low", m[2], f3(g.DiffLo))
			eq("held-out high", m[3], f3(g.DiffHi))
			if g.Winner != nil {
				eq("held-out winner points", m[4], fmt.Sprintf("%.3f", *g.Winner))
				eq("held-out defaults points", m[5], fmt.Sprintf("%.3f", *g.Defaults))
				eq("held-out deals", m[6], strconv.Itoa(g.Deals))
			}
			if g.Elo != nil && g.Lo != nil && g.Hi != nil {
				eq("held-out Elo", strings.TrimPrefix(m[7], "+"), fmt.Sprintf("%.1f", *g.Elo))
				eq("held-out Elo low", m[8], fmt.Sprintf("%.1f", *g.Lo))
				eq("held-out Elo high", m[9], fmt.Sprintf("%.1f", *g.Hi))
			}
			eq("held-out conditions", m[10], g.Where())
			eq("held-out test", m[11], g.SPRT)
			eq("held-out LLR", m[12], fmt.Sprintf("%.2f", g.LLR))
			eq("held-out state", m[13], g.State)
			eq("held-out games", m[14], strconv.Itoa(g.Games))
			eq("held-out passed", m[15], map[bool]string{true: "passed", false: "failed"}[g.Passed])
		case reOnBound.MatchString(ln):
			p := reOnBound.FindStringSubmatch(ln)[1]
			found := false
			for _, b := range sum.Verdict.Bounds {
				// the winner's value in variants.csv is the one named
				found = found || b.Text == ln && b.Param == p && num(v(p)) == space.ToFloat(b.Value)
			}
			if !found || !slices.Contains(params, p) {
				t.Errorf("%s: %q, but summary.json's winner_on_bounds says %+v (variants.csv: %s)", name, ln, sum.Verdict.Bounds, v(p))
			}
		default:
			t.Errorf("%s: a line this contract does not know: %q", name, ln)
		}
	}
}

// winnerBlocks counts the blocks the winner played in the tournament
// (the hold-out rung, the last round, apart).
func winnerBlocks(games *results.Table, w string, lastRound int) int {
	seen := map[string]bool{}
	for _, r := range games.Rows {
		if games.Get(r, "variant") == w && games.Get(r, "round") != strconv.Itoa(lastRound) {
			seen[games.Get(r, "round")+"."+games.Get(r, "encounter")+"."+games.Get(r, "block")] = true
		}
	}
	return len(seen)
}
