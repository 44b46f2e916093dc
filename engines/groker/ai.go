package groker

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"tourney/engines/game"
)

// Parameter names of the groker bot (spec §3.6): the Groker thresholds.
const (
	ParamSimilarMaxDiff      = "similar_max_diff"
	ParamTopReactions        = "top_reactions"
	ParamMinSituationsUnsafe = "min_situations_unsafe"
	ParamMaxPredictionSpread = "max_prediction_spread"
	ParamUnsafeMaxSpread     = "unsafe_max_spread"
	ParamUndercutMargin      = "undercut_margin"
	ParamSafeJitter          = "safe_jitter"
	ParamSafeOver            = "safe_over"
	ParamUnsafeOver          = "unsafe_over"
	ParamFirstBid            = "first_bid"
	ParamFallbackBid         = "fallback_bid"
	ParamRandomWindow        = "random_window"
	ParamRandomOver          = "random_over"
	ParamRandomCap           = "random_cap"
	ParamOutlierFactor       = "outlier_factor"
	ParamOutlierMinCount     = "outlier_min_count"
)

// AI is the configuration of the Groker AI of seed 000 (spec §3): every
// constant of the seed is a field. DefaultAI reproduces the seed.
type AI struct {
	SimilarMaxDiff      int     // largest per-bid deviation of a similar round (§3.2)
	TopReactions        int     // situations whose reactions give r_min, r_max (§3.3)
	MinSituationsUnsafe int     // fewer similar situations → safe placing (§3.4)
	MaxPredictionSpread int     // larger spread of the top reactions → random method (§3.3)
	UnsafeMaxSpread     int     // larger spread → safe placing (§3.4)
	UndercutMargin      int     // undercut amount and its threshold (> u)
	SafeJitter          int     // z is drawn from 0..SafeJitter
	SafeOver            int     // safe bid above r_min when r_min ≤ u
	UnsafeOver          int     // unsafe bid above r when r ≤ u
	FirstBid            int     // bid in round 1
	FallbackBid         int     // bid and threshold of §3.5 step 6
	RandomWindow        int     // opponent bids used by the random method
	RandomOver          int     // lower end of the random range above s_min
	RandomCap           int     // upper limit of every bid of the random method
	OutlierFactor       float64 // gap factor that marks an outlier
	OutlierMinCount     int     // smallest list on which outliers are removed
}

// DefaultAI is the seed's configuration.
func DefaultAI() AI {
	return AI{
		SimilarMaxDiff: 1, TopReactions: 4, MinSituationsUnsafe: 4, MaxPredictionSpread: 2,
		UnsafeMaxSpread: 0, UndercutMargin: 6, SafeJitter: 1, SafeOver: 3, UnsafeOver: 5,
		FirstBid: 6, FallbackBid: 6, RandomWindow: 6, RandomOver: 5, RandomCap: 20,
		OutlierFactor: 2.0, OutlierMinCount: 3,
	}
}

// AIParams are the groker bot's parameters with their defaults and ranges
// (spec §3.6).
func AIParams() []game.Param {
	i := func(name string, def, lo, hi int, doc string) game.Param {
		return game.Param{Name: name, Kind: game.Int, Default: def, Min: float64(lo), Max: float64(hi), Doc: doc}
	}
	return []game.Param{
		i(ParamSimilarMaxDiff, 1, 0, 5, "largest per-bid deviation of a similar round"),
		i(ParamTopReactions, 4, 1, 10, "similar situations whose reactions give the prediction"),
		i(ParamMinSituationsUnsafe, 4, 1, 20, "fewer similar situations than this: safe placing"),
		i(ParamMaxPredictionSpread, 2, 0, 10, "larger spread of the predictions: random method"),
		i(ParamUnsafeMaxSpread, 0, 0, 10, "larger spread of the predictions: safe placing"),
		i(ParamUndercutMargin, 6, 1, 20, "undercut amount and its threshold"),
		i(ParamSafeJitter, 1, 0, 5, "safe placing adds a random 0..safe_jitter"),
		i(ParamSafeOver, 3, 0, 10, "safe bid above the smallest prediction when it is small"),
		i(ParamUnsafeOver, 5, 0, 10, "unsafe bid above the prediction when it is small"),
		i(ParamFirstBid, 6, 1, 30, "bid in round 1"),
		i(ParamFallbackBid, 6, 1, 30, "random method: bid and threshold with few or outlying bids"),
		i(ParamRandomWindow, 6, 1, 30, "opponent bids the random method looks at"),
		i(ParamRandomOver, 5, 0, 10, "random method: lower end of the range above the smallest bid"),
		i(ParamRandomCap, 20, 1, 200, "random method: largest bid"),
		{Name: ParamOutlierFactor, Kind: game.Float, Default: 2.0, Min: 1, Max: 10, Doc: "gap factor that marks an outlier"},
		i(ParamOutlierMinCount, 3, 3, 30, "smallest list of bids on which an outlier is removed"),
	}
}

// AIFrom reads resolved parameters; missing ones keep their defaults.
func AIFrom(p game.Params) AI {
	a := DefaultAI()
	ints := []struct {
		name string
		dst  *int
	}{
		{ParamSimilarMaxDiff, &a.SimilarMaxDiff}, {ParamTopReactions, &a.TopReactions},
		{ParamMinSituationsUnsafe, &a.MinSituationsUnsafe}, {ParamMaxPredictionSpread, &a.MaxPredictionSpread},
		{ParamUnsafeMaxSpread, &a.UnsafeMaxSpread}, {ParamUndercutMargin, &a.UndercutMargin},
		{ParamSafeJitter, &a.SafeJitter}, {ParamSafeOver, &a.SafeOver}, {ParamUnsafeOver, &a.UnsafeOver},
		{ParamFirstBid, &a.FirstBid}, {ParamFallbackBid, &a.FallbackBid}, {ParamRandomWindow, &a.RandomWindow},
		{ParamRandomOver, &a.RandomOver}, {ParamRandomCap, &a.RandomCap}, {ParamOutlierMinCount, &a.OutlierMinCount},
	}
	for _, x := range ints {
		if p.Has(x.name) {
			*x.dst = p.Int(x.name)
		}
	}
	if p.Has(ParamOutlierFactor) {
		a.OutlierFactor = p.Float(ParamOutlierFactor)
	}
	return a
}

// Params returns the configuration as bot parameters.
func (a AI) Params() game.Params {
	return game.Params{
		ParamSimilarMaxDiff: a.SimilarMaxDiff, ParamTopReactions: a.TopReactions,
		ParamMinSituationsUnsafe: a.MinSituationsUnsafe, ParamMaxPredictionSpread: a.MaxPredictionSpread,
		ParamUnsafeMaxSpread: a.UnsafeMaxSpread, ParamUndercutMargin: a.UndercutMargin,
		ParamSafeJitter: a.SafeJitter, ParamSafeOver: a.SafeOver, ParamUnsafeOver: a.UnsafeOver,
		ParamFirstBid: a.FirstBid, ParamFallbackBid: a.FallbackBid, ParamRandomWindow: a.RandomWindow,
		ParamRandomOver: a.RandomOver, ParamRandomCap: a.RandomCap, ParamOutlierFactor: a.OutlierFactor,
		ParamOutlierMinCount: a.OutlierMinCount,
	}
}

// Validate checks every field against its range.
func (a AI) Validate() error {
	p := a.Params()
	for _, d := range AIParams() {
		if _, err := d.Check(p[d.Name]); err != nil {
			return fmt.Errorf("groker: %s: %w", d.Name, err)
		}
	}
	return nil
}

// AISpec is the groker bot: the seed's AI with every threshold a parameter.
func AISpec() game.BotSpec {
	return game.BotSpec{
		Name:   "groker",
		Doc:    "the Groker AI of seed 000: similar situations, safe/unsafe placing, random method",
		Params: AIParams(),
		New: func(p game.Params) (game.Bot, error) {
			a := AIFrom(p)
			if err := a.Validate(); err != nil {
				return nil, err
			}
			return &AIBot{AI: a}, nil
		},
	}
}

// Situation is a similar situation (spec §3.2): its length, its absolute
// difference D, the reaction index i and the predicted reaction.
type Situation struct {
	Length   int
	Diff     int
	Time     int
	Reaction int
}

// RoundHalfUp returns ⌊num/den + ½⌋ for den > 0 (Java's Math.round of the
// quotient), exactly, in integers.
func RoundHalfUp(num, den int) int {
	return floorDiv(2*num+den, 2*den)
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Similar appends the similar situations of the history e (own bids) and
// g (opponent bids), in order of i (spec §3.2).
func (a *AI) Similar(e, g []int, buf []Situation) []Situation {
	n := len(e)
	for i := 1; i < n; i++ {
		d, s, m := 0, 0, 0
		for j := 1; j <= i; j++ {
			de, dg := e[i-j]-e[n-j], g[i-j]-g[n-j]
			if absInt(de) > a.SimilarMaxDiff || absInt(dg) > a.SimilarMaxDiff {
				break
			}
			d += absInt(de) + absInt(dg)
			s += de + dg
			m = j
		}
		if m >= 1 {
			r := max(1, g[i]-RoundHalfUp(s, 2*m))
			buf = append(buf, Situation{Length: m, Diff: d, Time: i, Reaction: r})
		}
	}
	return buf
}

// SortSituations orders situations as spec §3.3: longer first, then
// smaller difference, then newer (larger i) first.
func SortSituations(s []Situation) {
	slices.SortFunc(s, func(x, y Situation) int {
		switch {
		case x.Length != y.Length:
			return y.Length - x.Length
		case x.Diff != y.Diff:
			return x.Diff - y.Diff
		}
		return y.Time - x.Time
	})
}

// Prediction reads r_min and r_max of the sorted situations' top
// reactions; ok is false when the prediction step gives no answer (no
// situation, or a spread above MaxPredictionSpread).
func (a *AI) Prediction(sorted []Situation) (rmin, rmax int, ok bool) {
	if len(sorted) == 0 {
		return 0, 0, false
	}
	top := sorted[:min(a.TopReactions, len(sorted))]
	rmin, rmax = top[0].Reaction, top[0].Reaction
	for _, s := range top[1:] {
		rmin, rmax = min(rmin, s.Reaction), max(rmax, s.Reaction)
	}
	return rmin, rmax, rmax-rmin <= a.MaxPredictionSpread
}

// Place is step 3 (spec §3.4): the bid for a prediction from count similar
// situations.
func (a *AI) Place(rmin, rmax, count int, rng *rand.Rand) int {
	u := a.UndercutMargin
	if count < a.MinSituationsUnsafe || rmax-rmin > a.UnsafeMaxSpread {
		z := 0
		if a.SafeJitter > 0 {
			z = rng.IntN(a.SafeJitter + 1)
		}
		if rmin > u {
			return max(1, rmin-u-z)
		}
		return rmin + a.SafeOver + z
	}
	if rmin > u {
		return rmin - u
	}
	return rmin + a.UnsafeOver
}

// Window returns the opponent's last min(RandomWindow, len(g)) bids sorted
// ascending, with at most one outlier removed (spec §3.5 steps 2–3).
func (a *AI) Window(g []int, buf []int) []int {
	k := min(a.RandomWindow, len(g))
	l := append(buf[:0], g[len(g)-k:]...)
	slices.Sort(l)
	if len(l) >= a.OutlierMinCount && len(l) >= 2 {
		last := len(l) - 1
		c := float64(l[last]-l[0]) / float64(last)
		lim := a.OutlierFactor * c
		if float64(l[1]-l[0]) > lim {
			l = l[1:]
		} else if float64(l[last]-l[last-1]) > lim {
			l = l[:last]
		}
	}
	return l
}

// RandomBid is the random method (spec §3.5) on the opponent's bids g.
func (a *AI) RandomBid(g []int, buf []int, rng *rand.Rand) int {
	if len(g) == 0 {
		return a.FirstBid
	}
	return a.randomFrom(len(g), a.Window(g, buf), rng)
}

// randomFrom is the random method's steps 4–7 on the window l of n bids.
func (a *AI) randomFrom(n int, l []int, rng *rand.Rand) int {
	if n == 0 {
		return a.FirstBid
	}
	smin, smax := l[0], l[len(l)-1]
	u := a.UndercutMargin
	if smin > u {
		return min(a.RandomCap, smin-u)
	}
	if len(l) < a.RandomWindow && smax <= a.FallbackBid {
		return a.FallbackBid
	}
	lo := smin + a.RandomOver
	hi := min(a.RandomCap, max(lo, smax))
	if hi <= lo {
		return lo
	}
	return lo + rng.IntN(hi-lo+1)
}

// Scratch holds reusable buffers of Decide; the zero value is ready.
type Scratch struct {
	sit []Situation
	win []int
}

// Decide returns the AI's bid after the rounds e (own bids) and g
// (opponent's bids), clamped to 1..MaxBid. sc may be nil.
func (a *AI) Decide(e, g []int, rng *rand.Rand, sc *Scratch) int {
	if sc == nil {
		sc = &Scratch{}
	}
	return clampBid(a.decide(e, g, rng, sc))
}

func (a *AI) decide(e, g []int, rng *rand.Rand, sc *Scratch) int {
	if len(e) == 0 {
		return a.FirstBid
	}
	sc.sit = a.Similar(e, g, sc.sit[:0])
	SortSituations(sc.sit)
	if rmin, rmax, ok := a.Prediction(sc.sit); ok {
		return a.Place(rmin, rmax, len(sc.sit), rng)
	}
	sc.win = a.Window(g, sc.win)
	return a.randomFrom(len(g), sc.win, rng)
}

func clampBid(b int) int { return min(max(b, 1), MaxBid) }

// AIBot plays the Groker AI.
type AIBot struct {
	AI AI
	seeded
	e, g []int
	sc   Scratch
}

func (b *AIBot) Step(ctx context.Context, s game.State, player int, _ game.Budget) (game.Action, error) {
	st, err := b.begin(s, player)
	if err != nil {
		return game.NoAction, err
	}
	b.e, b.g = b.e[:0], b.g[:0]
	for _, r := range st.History() {
		b.e = append(b.e, int(r.Bid[player]))
		b.g = append(b.g, int(r.Bid[1-player]))
	}
	return game.Action(b.AI.Decide(b.e, b.g, b.rng, &b.sc)), nil
}

// seeded is a bot's generator, seeded by Reset.
type seeded struct{ rng *rand.Rand }

func (b *seeded) Reset(seed uint64) { b.rng = game.NewRand(seed) }

// begin is the Groker state in which the bot moves player (view); a bot
// never Reset is seeded 0.
func (b *seeded) begin(s game.State, player int) (*State, error) {
	st, err := view(s, player)
	if err != nil {
		return nil, err
	}
	if b.rng == nil {
		b.Reset(0)
	}
	return st, nil
}

// view checks that s is a running Groker state and player a seat.
func view(s game.State, player int) (*State, error) {
	st, ok := s.(*State)
	if !ok {
		return nil, fmt.Errorf("groker bot given a %T, not a Groker state", s)
	}
	if player < 0 || player > 1 {
		return nil, fmt.Errorf("groker bot asked to play seat %d", player)
	}
	if st.over() {
		return nil, errors.New("groker bot asked to move after the end of the game")
	}
	return st, nil
}

// ReadOnly implements game.ReadOnlyBot: the AI only reads the history.
func (b *AIBot) ReadOnly() bool { return true }
