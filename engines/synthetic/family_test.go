package synthetic

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"tourney/engines/game"
)

// TestFamily: drawn landscapes parse, hold the default 0 in every range,
// place the defaults and best values as they say, and have their peak 40
// .. 200 Elo above the defaults (flat ones: at the defaults); every
// placement occurs. TOURNEY_FAMILY_WRITE=dir writes landscapes 1 .. 20
// and flat 1 .. 5 there (NAME.toml, and NAME-params.toml its [params]
// table).
func TestFamily(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 300; seed++ {
		for _, flat := range []bool{false, true} {
			d := DrawLandscape(seed, flat)
			l, err := d.Landscape()
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if n := len(d.Knobs); n < 2 || n > 12 {
				t.Errorf("seed %d: %d knobs", seed, n)
			}
			best, gain := l.Best()
			switch {
			case flat && math.Abs(gain) > 1e-9:
				t.Errorf("flat %d: peak %g Elo above the defaults, want 0", seed, gain)
			case !flat && (gain < 40 || gain > 200.5):
				t.Errorf("seed %d: peak %g Elo above the defaults, want 40 .. 200", seed, gain)
			}
			for _, k := range d.Knobs {
				if !(k.Min <= 0 && 0 <= k.Max && k.Max > k.Min) {
					t.Errorf("seed %d: %s's range [%g, %g] does not hold the default 0", seed, k.Name, k.Min, k.Max)
				}
				if p := Placement(0, k.Min, k.Max); p != k.DefaultAt {
					t.Errorf("seed %d: %s's default is %s, drawn as %s", seed, k.Name, p, k.DefaultAt)
				}
				b := best[k.Name].(float64)
				if p := Placement(b, k.Min, k.Max); p != k.BestAt || b < k.Min || b > k.Max {
					t.Errorf("seed %d: %s's best %g in [%g, %g] is %s, drawn as %s", seed, k.Name, b, k.Min, k.Max, p, k.BestAt)
				}
				seen["default "+k.DefaultAt]++
				seen["best "+k.BestAt]++
			}
			if v := l.Value(game.Params{}); math.Abs(v) > 1e-9 {
				t.Errorf("seed %d: the defaults are %g Elo", seed, v)
			}
		}
	}
	for _, p := range Placements {
		if seen["default "+p] == 0 || seen["best "+p] == 0 {
			t.Errorf("placement %s never drawn: %v", p, seen)
		}
	}
	if dir := os.Getenv("TOURNEY_FAMILY_WRITE"); dir != "" {
		for seed := uint64(1); seed <= 20; seed++ {
			for _, flat := range []bool{false, true} {
				if flat && seed > 5 {
					continue
				}
				d := DrawLandscape(seed, flat)
				name := "drawn-" + strconv.FormatUint(seed, 10)
				if flat {
					name = "flat-" + strconv.FormatUint(seed, 10)
				}
				if err := os.WriteFile(filepath.Join(dir, name+".toml"), []byte(d.Text()), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name+"-params.toml"), []byte(d.Params()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
