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
	eachDrawn(t, DrawLandscape, 2, func(seed uint64, flat bool, d *Drawn, best game.Params) {
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
	})
	for _, p := range Placements {
		if seen["default "+p] == 0 || seen["best "+p] == 0 {
			t.Errorf("placement %s never drawn: %v", p, seen)
		}
	}
	writeDrawn(t, DrawLandscape, "drawn-", "flat-")
}

// TestRidges: DrawRidges' landscapes parse, hold every default in its
// range, have their peak 40 .. 200 Elo above the defaults (flat ones: at
// the defaults) and every class, knob kind and ridge; a ridge's best
// values are correlated as drawn (0.85 .. 0.97). TOURNEY_FAMILY_WRITE=dir
// writes ridges 1 .. 20 and flat 1 .. 5 there.
func TestRidges(t *testing.T) {
	seen := map[string]int{}
	eachDrawn(t, DrawRidges, 6, func(seed uint64, flat bool, d *Drawn, _ game.Params) {
		for _, k := range d.Knobs {
			def := knobDefault(k.Name)
			if !(k.Min <= def && def <= k.Max && k.Max > k.Min) || !(k.Min <= k.Best && k.Best <= k.Max) {
				t.Errorf("seed %d: %s's range [%g, %g] does not hold the default %g or the best %g", seed, k.Name, k.Min, k.Max, def, k.Best)
			}
			if k.Log {
				seen["log"]++
				if r := k.Max / k.Min; math.Abs(r-1000) > 1e-6 {
					t.Errorf("seed %d: %s spans a factor %g, want 1000", seed, k.Name, r)
				}
			}
			if k.Integer {
				seen["integer"]++
			}
			if k.DefaultAt == OnBound && k.BestAt == NearEdge && k.Width == "narrow" {
				seen["narrow beside a bound"]++
			}
		}
		if !flat {
			seen["class "+d.Class]++
			seen["ridges"] += len(d.Ridges)
		}
	})
	for _, g := range Geometries {
		if seen["class "+g] < 20 {
			t.Errorf("class %s drawn %d times in 300", g, seen["class "+g])
		}
	}
	for _, k := range []string{"log", "integer", "narrow beside a bound", "ridges"} {
		if seen[k] < 50 {
			t.Errorf("%s: %d in 300 landscapes", k, seen[k])
		}
	}
	t.Logf("%v", seen)
	writeDrawn(t, DrawRidges, "ridges-", "ridges-flat-")
}

// eachDrawn draws the landscapes of seeds 1 .. 300, flat and not, with
// draw, checks that each parses, has minKnobs .. 12 knobs and its peak
// as checkPeak wants it, and calls f with it and its best values.
func eachDrawn(t *testing.T, draw func(seed uint64, flat bool) *Drawn, minKnobs int, f func(seed uint64, flat bool, d *Drawn, best game.Params)) {
	t.Helper()
	for seed := uint64(1); seed <= 300; seed++ {
		for _, flat := range []bool{false, true} {
			d := draw(seed, flat)
			l, err := d.Landscape()
			if err != nil {
				t.Fatalf("seed %d: %v\n%s", seed, err, d.Text())
			}
			if n := len(d.Knobs); n < minKnobs || n > 12 {
				t.Errorf("seed %d: %d knobs", seed, n)
			}
			f(seed, flat, d, checkPeak(t, seed, flat, l))
		}
	}
}

// checkPeak checks a drawn landscape l: the defaults are 0 Elo, the peak
// is at the defaults when flat, else 40 .. 200 Elo above them. It returns
// the best values.
func checkPeak(t *testing.T, seed uint64, flat bool, l *Landscape) game.Params {
	t.Helper()
	best, gain := l.Best()
	switch {
	case flat && math.Abs(gain) > 1e-9:
		t.Errorf("flat %d: peak %g Elo above the defaults, want 0", seed, gain)
	case !flat && (gain < 40 || gain > 200.5):
		t.Errorf("seed %d: peak %g Elo above the defaults, want 40 .. 200", seed, gain)
	}
	if v := l.Value(game.Params{}); math.Abs(v) > 1e-9 {
		t.Errorf("seed %d: the defaults are %g Elo", seed, v)
	}
	return best
}

// writeDrawn writes, when TOURNEY_FAMILY_WRITE names a folder, the
// landscapes draw gives for seeds 1 .. 20 (named name+seed) and flat ones
// for 1 .. 5 (flatName+seed) there: NAME.toml, and NAME-params.toml its
// [params] table.
func writeDrawn(t *testing.T, draw func(seed uint64, flat bool) *Drawn, name, flatName string) {
	t.Helper()
	dir := os.Getenv("TOURNEY_FAMILY_WRITE")
	if dir == "" {
		return
	}
	for seed := uint64(1); seed <= 20; seed++ {
		for _, flat := range []bool{false, true} {
			if flat && seed > 5 {
				continue
			}
			d := draw(seed, flat)
			n := name + strconv.FormatUint(seed, 10)
			if flat {
				n = flatName + strconv.FormatUint(seed, 10)
			}
			if err := os.WriteFile(filepath.Join(dir, n+".toml"), []byte(d.Text()), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, n+"-params.toml"), []byte(d.Params()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestRidgesCorrelated: a drawn pair's knobs have best values correlated
// as drawn, 0.85 .. 0.97 (the correlation of the quadratic form's inverse,
// in the knobs' units); a triple (two ridges sharing a knob) was drawn
// for the same and its neighbours come out a little less correlated,
// the third knob taking up part of the ridge (0.76 .. 0.95 on seeds 1 ..
// 100): at least 0.75.
func TestRidgesCorrelated(t *testing.T) {
	n := 0
	for seed := uint64(1); seed <= 100; seed++ {
		d := DrawRidges(seed, false)
		idx := map[string]int{}
		for i, k := range d.Knobs {
			idx[k.Name] = i
		}
		m := len(d.Knobs)
		h := make([][]float64, m) // the negated Hessian / 2
		for i, k := range d.Knobs {
			h[i] = make([]float64, m)
			h[i][i] = k.K
		}
		for _, r := range d.Ridges {
			for a, ka := range r.Knobs {
				for b, kb := range r.Knobs {
					h[idx[ka]][idx[kb]] += r.K * r.Weights[a] * r.Weights[b]
				}
			}
		}
		inv := invert(h)
		shared := map[string]int{}
		for _, r := range d.Ridges {
			for _, k := range r.Knobs {
				shared[k]++
			}
		}
		for _, r := range d.Ridges {
			a, b := idx[r.Knobs[0]], idx[r.Knobs[1]]
			rho := math.Abs(inv[a][b]) / math.Sqrt(inv[a][a]*inv[b][b])
			want := r.Rho - 1e-6
			if shared[r.Knobs[0]] > 1 || shared[r.Knobs[1]] > 1 {
				want = 0.75
			}
			if rho < want || r.Rho < 0.85 || r.Rho > 0.97 {
				t.Errorf("seed %d: ridge %v: best values correlated %.3f, drawn %.3f", seed, r.Knobs, rho, r.Rho)
			}
			n++
		}
	}
	if n < 30 {
		t.Errorf("%d ridges in 100 landscapes", n)
	}
}

// invert inverts a symmetric positive definite matrix (Gauss–Jordan).
func invert(a [][]float64) [][]float64 {
	n := len(a)
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, 2*n)
		copy(m[i], a[i])
		m[i][n+i] = 1
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		m[c], m[p] = m[p], m[c]
		for r := range n {
			if r == c {
				continue
			}
			f := m[r][c] / m[c][c]
			for k := range 2 * n {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	out := make([][]float64, n)
	for i := range out {
		out[i] = make([]float64, n)
		for j := range n {
			out[i][j] = m[i][n+j] / m[i][i]
		}
	}
	return out
}
