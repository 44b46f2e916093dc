package costs

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"tourney/tuner/results"
	"tourney/tuner/study"
)

// ReadCosts reads costs.csv (nil when there is none): the cost of a game
// of each scenario and, in a last row "other" (absent in the files of
// older versions), the CPU the run spends besides its games.
func ReadCosts(path string, n int) (costs []time.Duration, other time.Duration, err error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) > 1 && strings.HasPrefix(lines[len(lines)-1], otherRow+",") {
		sec, err := strconv.ParseFloat(strings.TrimPrefix(lines[len(lines)-1], otherRow+","), 64)
		if err != nil || sec < 0 {
			return nil, 0, fmt.Errorf("%s:%d: want %s,cpu_s", path, len(lines), otherRow)
		}
		other = time.Duration(sec * float64(time.Second))
		lines = lines[:len(lines)-1]
	}
	if len(lines) != n+1 {
		return nil, 0, fmt.Errorf("%s: %d scenarios, the space has %d", path, len(lines)-1, n)
	}
	for i, ln := range lines[1:] {
		f := strings.Split(ln, ",")
		sec, err := strconv.ParseFloat(f[len(f)-1], 64)
		if len(f) != 2 || err != nil || sec <= 0 {
			return nil, 0, fmt.Errorf("%s:%d: want scenario,cost_s", path, i+2)
		}
		costs = append(costs, time.Duration(sec*float64(time.Second)))
	}
	return costs, other, nil
}

// WithCosts is s with every scenario that declares no cost given its
// calibrated one (what a halving sweep with a CPU budget plans with).
func WithCosts(s *study.Study, cal Calibration) *study.Study {
	c := *s
	c.Scenarios = slices.Clone(s.Scenarios)
	for si := range c.Scenarios {
		if c.Scenarios[si].Cost == 0 {
			c.Scenarios[si].Cost = max(cal.ScenarioCost(si), time.Microsecond)
		}
	}
	return &c
}

// otherRow is costs.csv's row of the CPU a run spends besides its games:
// the calibration, the fits and the files.
const otherRow = "other"

// WriteCosts writes costs.csv: each scenario's CPU cost per game, and
// the CPU the run spends besides its games (ReadCosts reads it back).
func WriteCosts(path string, per []time.Duration, other time.Duration) error {
	var b strings.Builder
	b.WriteString("scenario,cost_s\n")
	for si, c := range per {
		fmt.Fprintf(&b, "%d,%s\n", si+1, strconv.FormatFloat(c.Seconds(), 'f', 6, 64))
	}
	fmt.Fprintf(&b, "%s,%s\n", otherRow, strconv.FormatFloat(other.Seconds(), 'f', 6, 64))
	return results.WriteFileAtomic(path, []byte(b.String()))
}
