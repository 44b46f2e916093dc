package plan

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"tourney/engines/synthetic"
	"tourney/tuner/space"
)

func TestZZDiag(t *testing.T) {
	method := os.Getenv("ZZ_METHOD")
	for _, ss := range strings.Split(os.Getenv("ZZ_SEEDS"), ",") {
		seed, _ := strconv.Atoi(ss)
		d := synthetic.DrawRidges(uint64(seed), false)
		s := familySpace(t, d, uint64(seed), "method = \""+method+"\"\n"+os.Getenv("ZZ_GEN"), "")
		h := simRun(t, s)
		land := s.Scenarios[0].Maps[0].(*synthetic.Landscape)
		p, _ := s.BotParams(0, space.Variant{Values: h.values[len(h.values)-1]})
		bp, best := land.Best()
		out := fmt.Sprintf("seed %d class %s gap %.1f:", seed, d.Class, best-land.Value(p))
		for _, k := range d.Knobs {
			q := bp.Clone()
			q[k.Name] = p[k.Name]
			out += fmt.Sprintf(" %s(%s,%s,%s)=%.1f [%.3f vs %.3f]", k.Name, k.Width, k.DefaultAt, k.BestAt, best-land.Value(q), k.Unit(knobValue(p[k.Name])), k.Unit(toF(bp[k.Name])))
		}
		t.Log(out)
	}
}

func toF(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case int:
		return float64(x)
	}
	return 0
}
func knobValue(v any) float64 { return toF(v) }
