package tuner

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"tourney/arena"
	"tourney/engines/game"
)

// MatchConfig describes a head-to-head match between two bot
// configurations of one game.
type MatchConfig struct {
	Game game.Game
	A, B arena.Entrant // ID is set by RunMatch ("0" and "1")
	// NameA and NameB say where A and B came from (a file, a bot name);
	// the bot names when empty.
	NameA, NameB string
	Maps         []game.Map
	MapNames     []string
	Games        int // total games
	Budget       game.Budget
	Seed         uint64
	SPRT         *SPRT // nil: no sequential test
	// OpeningPlies random moves start every deal (both seatings of a deal
	// get the same opening).
	OpeningPlies int
}

// MatchOptions are the run options of a match.
type MatchOptions struct {
	Out         string // directory for games.csv and summary.json ("" = none)
	Workers     int
	Quiet       bool
	Grace       time.Duration
	HangTimeout time.Duration
	Version     string
	Log         io.Writer // warnings (stderr); nil: none
}

// MatchResult is a finished match, from A's point of view.
type MatchResult struct {
	Stats    MatchStats
	Forfeits [2]int
	// SPRTState is "H0", "H1" or "continue" (empty without a test); the
	// match stops at the first game after which the test decides.
	SPRTState string
	LLR       float64
	Played    int
	// Places of A and B in games with more than two seats.
	Places  [2]Placements
	Elapsed time.Duration
}

// MatchSummary is the summary.json of a match.
type MatchSummary struct {
	Game     string   `json:"game"`
	A        string   `json:"a"`
	B        string   `json:"b"`
	Maps     []string `json:"maps"`
	Seed     uint64   `json:"seed"`
	Games    int      `json:"games"`
	Wins     int      `json:"wins"`
	Draws    int      `json:"draws"`
	Losses   int      `json:"losses"`
	Points   float64  `json:"points"`
	Score    float64  `json:"score"`
	Elo      float64  `json:"elo"`
	EloLo    float64  `json:"elo_lo"`
	EloHi    float64  `json:"elo_hi"`
	LOS      float64  `json:"los"`
	SPRT     string   `json:"sprt,omitempty"`
	LLR      *float64 `json:"llr,omitempty"`
	Forfeits [2]int   `json:"forfeits"`
	// Places and TrustedValue of A and B over games with more than two
	// seats (omitted when there are none).
	PlacesA       []int    `json:"places_a,omitempty"`
	PlacesB       []int    `json:"places_b,omitempty"`
	TrustedValueA *float64 `json:"trusted_value_a,omitempty"`
	TrustedValueB *float64 `json:"trusted_value_b,omitempty"`
	Elapsed       float64  `json:"elapsed_seconds"`
	Version       string   `json:"version"`
}

var errSPRTDone = errors.New("sprt decided")

// MatchJobs lays out the games: deal k (games 2k and 2k+1) is played on
// map k mod len(maps) with one seed, A and B swapping seats. On maps with
// more than two seats, A and B alternate around the table.
func MatchJobs(c *MatchConfig) []arena.Job {
	jobs := make([]arena.Job, c.Games)
	for i := range jobs {
		deal := i / 2
		mi := deal % len(c.Maps)
		m := c.Maps[mi]
		seats := make([]arena.Entrant, m.Players())
		for j := range seats {
			if (j+i)%2 == 0 {
				seats[j] = c.A
			} else {
				seats[j] = c.B
			}
		}
		jobs[i] = arena.Job{Game: c.Game, Map: m, Seed: game.Mix(c.Seed, 0x3a7c, uint64(deal)), Seats: seats, Budget: c.Budget, OpeningPlies: c.OpeningPlies, Meta: mi}
	}
	return jobs
}

// RunMatch plays the match, writing games.csv (variant 0 is A, 1 is B) as
// it goes and summary.json at the end when opt.Out is set.
func RunMatch(ctx context.Context, c *MatchConfig, opt MatchOptions) (*MatchResult, error) {
	c.A.ID, c.B.ID = "0", "1"
	jobs := MatchJobs(c)
	var gw *csv.Writer
	var gf *os.File
	if opt.Out != "" {
		if err := prepareDir(opt.Out); err != nil {
			return nil, err
		}
		var err error
		gf, err = os.Create(filepath.Join(opt.Out, "games.csv"))
		if err != nil {
			return nil, err
		}
		defer gf.Close()
		gw = csv.NewWriter(bufio.NewWriterSize(gf, 64<<10))
		_ = gw.Write(gamesHeader)
	}
	res := &MatchResult{}
	var flushed time.Time
	var pointsA []float64
	var w, d, l int
	if c.Budget.Time > 0 && opt.Workers > runtime.NumCPU() && opt.Log != nil {
		fmt.Fprintf(opt.Log, "warning: time budgets with %d workers on %d CPUs: moves will get less CPU than their budget\n", opt.Workers, runtime.NumCPU())
	}
	bar := arena.NewProgress(len(jobs), opt.Quiet, "match")
	start := time.Now()
	emit := func(r *arena.Result) error {
		var pa, pb float64
		var na, nb int
		for seat, e := range r.Job.Seats {
			pts := Points(r.Ranks, seat)
			if e.ID == "0" {
				pa += pts
				na++
				res.Places[0].Add(r.Ranks[seat], len(r.Ranks))
			} else {
				pb += pts
				nb++
				res.Places[1].Add(r.Ranks[seat], len(r.Ranks))
			}
			if strings.HasPrefix(r.End[seat], "forfeit:") {
				res.Forfeits[map[string]int{"0": 0, "1": 1}[e.ID]]++
			}
			if gw != nil {
				mi := r.Job.Meta.(int)
				row := []string{strconv.Itoa(r.Index), "1", "1", "0", c.Game.Info().Name, c.MapNames[mi],
					strconv.FormatUint(r.Job.Seed, 10), strconv.Itoa(seat), e.ID, fmtFloat(r.Scores[seat]),
					strconv.Itoa(r.Ranks[seat]), fmtFloat(pts), strconv.Itoa(r.Plies), r.End[seat]}
				if err := gw.Write(row); err != nil {
					return err
				}
			}
		}
		pa /= float64(na)
		pb /= float64(nb)
		// A's share of the game: a win, a draw or a loss against B.
		share := 0.5
		switch {
		case pa > pb:
			share = 1
			w++
		case pa < pb:
			share = 0
			l++
		default:
			d++
		}
		pointsA = append(pointsA, share)
		res.Played++
		if gw != nil {
			if now := time.Now(); now.Sub(flushed) >= time.Second {
				gw.Flush()
				flushed = now
			}
			if err := gw.Error(); err != nil {
				return err
			}
		}
		if c.SPRT != nil {
			res.LLR = c.SPRT.LLR(w, d, l)
			if st := c.SPRT.State(res.LLR); st != "continue" {
				res.SPRTState = st
				return errSPRTDone
			}
		}
		return nil
	}
	err := arena.Run(ctx, jobs, arena.Options{Workers: opt.Workers, Grace: opt.Grace, HangTimeout: opt.HangTimeout, Progress: bar.Batch()}, emit)
	bar.Finish()
	if gw != nil {
		gw.Flush()
	}
	if err != nil && !errors.Is(err, errSPRTDone) {
		return nil, err
	}
	if c.SPRT != nil && res.SPRTState == "" {
		res.SPRTState = "continue"
	}
	res.Elapsed = time.Since(start)
	res.Stats = NewMatchStats(w, d, l)
	if gw != nil {
		gw.Flush()
		if err := gw.Error(); err != nil {
			return nil, err
		}
		if err := gf.Close(); err != nil {
			return nil, err
		}
		if err := writeMatchSummary(opt, c, res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

func writeMatchSummary(opt MatchOptions, c *MatchConfig, res *MatchResult) error {
	st := res.Stats
	a, b := c.names()
	s := MatchSummary{
		Game: c.Game.Info().Name, A: a, B: b, Maps: c.MapNames, Seed: c.Seed,
		Games: st.Games, Wins: st.Wins, Draws: st.Draws, Losses: st.Losses, Points: st.Points, Score: st.Score,
		Elo: finite(st.Elo), EloLo: finite(st.EloLo), EloHi: finite(st.EloHi), LOS: st.LOS,
		SPRT: res.SPRTState, Forfeits: res.Forfeits, Elapsed: math.Round(res.Elapsed.Seconds()*1000) / 1000, Version: opt.Version,
	}
	if c.SPRT != nil {
		llr := res.LLR
		s.LLR = &llr
	}
	if res.Places[0].Games > 0 {
		ta, tb := res.Places[0].TrustedValue(), res.Places[1].TrustedValue()
		s.PlacesA, s.PlacesB = res.Places[0].Count, res.Places[1].Count
		s.TrustedValueA, s.TrustedValueB = &ta, &tb
	}
	js, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(opt.Out, "summary.json"), append(js, '\n'))
}

// finite maps ±Inf and NaN (which JSON cannot hold) to large numbers / 0.
func finite(f float64) float64 {
	switch {
	case math.IsNaN(f):
		return 0
	case math.IsInf(f, 1):
		return math.MaxFloat64
	case math.IsInf(f, -1):
		return -math.MaxFloat64
	}
	return f
}

// PrintMatch writes the human summary of a match.
func PrintMatch(w io.Writer, c *MatchConfig, r *MatchResult) {
	st := r.Stats
	a, b := c.names()
	fmt.Fprintf(w, "%s: A=%s vs B=%s, %d games\n", c.Game.Info().Name, a, b, st.Games)
	fmt.Fprintf(w, "A: W %d  D %d  L %d  points %s/%d (%.1f%%)\n", st.Wins, st.Draws, st.Losses, fmtFloat(st.Points), st.Games, 100*st.Score)
	fmt.Fprintf(w, "Elo difference A−B: %s  95%% CI [%s, %s]  LOS %.1f%%\n", fmtRound(st.Elo, 1), fmtRound(st.EloLo, 1), fmtRound(st.EloHi, 1), 100*st.LOS)
	if c.SPRT != nil {
		fmt.Fprintf(w, "SPRT (elo0 %g, elo1 %g, alpha %g, beta %g): LLR %.3f [%.3f, %.3f] → %s\n",
			c.SPRT.Elo0, c.SPRT.Elo1, c.SPRT.Alpha, c.SPRT.Beta, r.LLR, c.SPRT.Lower(), c.SPRT.Upper(), r.SPRTState)
	}
	if r.Places[0].Games > 0 {
		for i, name := range []string{"A", "B"} {
			p := &r.Places[i]
			fmt.Fprintf(w, "%s places (games with more than 2 seats):", name)
			for k, n := range p.Count {
				fmt.Fprintf(w, " %d:%d", k+1, n)
			}
			fmt.Fprintf(w, "  TrustedValue %s\n", fmtRound(p.TrustedValue(), 4))
		}
	}
	if r.Forfeits[0]+r.Forfeits[1] > 0 {
		fmt.Fprintf(w, "forfeits: A %d, B %d\n", r.Forfeits[0], r.Forfeits[1])
	}
}

func (c *MatchConfig) names() (string, string) {
	a, b := c.NameA, c.NameB
	if a == "" {
		a = c.A.Spec.Name
	}
	if b == "" {
		b = c.B.Spec.Name
	}
	return a, b
}
