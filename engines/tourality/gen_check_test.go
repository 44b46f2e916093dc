package tourality

import (
	"crypto/sha256"
	"fmt"
	"testing"
)

func TestGenCheckValues(t *testing.T) {
	r := &splitMix64{}
	if v := r.next(); v != 0xe220a8397b1dcdaf {
		t.Errorf("splitmix seed 0: %#x", v)
	}
	for _, c := range []struct {
		seed   uint64
		s1, s2 [2]int
		sha    string
	}{
		{1, [2]int{5, 3}, [2]int{14, 16}, "bd7d9f2bf70b9beae7532179a343d13d2a95e740befb9b1234910774a9718204"},
		{2, [2]int{10, 5}, [2]int{9, 14}, "042b3b24a8e4e767526358552bc49b165050ebe41d4743a0070f9b6c58986260"},
	} {
		m, err := Generate(c.seed, DefaultGenOptions)
		if err != nil {
			t.Fatal(err)
		}
		x1, y1 := m.XY(m.Start(0))
		x2, y2 := m.XY(m.Start(1))
		if [2]int{x1, y1} != c.s1 || [2]int{x2, y2} != c.s2 {
			t.Errorf("gen:%d starts (%d,%d) (%d,%d)", c.seed, x1, y1, x2, y2)
		}
		if got := fmt.Sprintf("%x", sha256.Sum256(m.Text())); got != c.sha {
			t.Errorf("gen:%d sha %s\n%s", c.seed, got, m.Text())
		}
	}
}
