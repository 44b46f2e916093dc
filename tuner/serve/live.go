package serve

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"gonum.org/v1/gonum/mat"

	"tourney/engines/game"
	"tourney/tuner/cluster"
	"tourney/tuner/plan"
	"tourney/tuner/report"
	"tourney/tuner/space"
	"tourney/tuner/stats"
	"tourney/tuner/study"
)

// eloPerNat converts the logistic scale to Elo (stats' scale).
const eloPerNat = 400 / math.Ln10

// fullInverse bounds the entities whose intervals come from the whole
// information matrix; above it, from its diagonal (a 4 096-point grid).
const fullInverse = 400

// minFitEvery is the shortest time between two fits of a run's games
// (and at least ten times the last fit's duration).
const minFitEvery = 2 * time.Second

// Snapshot is a run's live state (the live page's JSON).
type Snapshot struct {
	Key, Name, State  string
	Games             int
	MinGames          int     `json:",omitempty"`
	MaxGames          int     `json:",omitempty"` // the plan's bound (0: unknown)
	Progress          float64 // Games / MaxGames
	Rate              float64 // games per second, lately
	Elapsed, ETA      string
	Leader            *Rating
	Ratings           []Rating // best first (at most 40)
	Rated             int      // entrants rated
	Anchor            string   // the entrant at 0 Elo ("": the mean)
	Effects           []Effect
	Forfeits          []Forfeit
	Log               []string // the sweep's log (the server's own sweep)
	Workers           []cluster.WorkerStatus
	WorkersUpdated    string
	WorkersStale      bool // the status file is older than 10 s: no coordinator writes it
	Verdict           string
	Updated           string
	HasReport         bool
	FitNote           string
	Decided, Finished bool
	// Answer leads the page: a finished run's verdict as a sentence, its
	// winner against the defaults and the next command; while it runs,
	// the leader so far.
	Answer *report.Answer `json:",omitempty"`
	// History is the leader and its interval at each fit so far (at
	// most maxHistory points, thinned evenly).
	History []HistoryPoint `json:",omitempty"`
}

// HistoryPoint is the leader after a number of games.
type HistoryPoint struct {
	Games       int
	Who         string
	Elo, Lo, Hi float64
}

// maxHistory bounds a run's history points.
const maxHistory = 240

// Rating is one entrant's rating so far.
type Rating struct {
	Who, Params   string
	Games         int
	Elo, Lo, Hi   float64
	Points, Score float64
}

// Effect is the mean rating so far of the played variants at one value
// of a parameter.
type Effect struct {
	Param, Value string
	Mean         float64
	Variants     int
}

// Forfeit counts the seats an entrant lost by fault, by reason.
type Forfeit struct {
	Who, Bot, Reason string
	Count            int
}

// liveGame is one game of games.csv: its seats' entrants and ranks.
type liveGame struct {
	no      string
	players []int
	ranks   []int
}

// liveRun follows one run's games.csv.
type liveRun struct {
	mu       sync.Mutex
	dir      string
	sp       *study.Study // nil: space.toml does not load here
	spTried  bool
	variants []space.Variant
	params   []string // the varied parameters
	bounds   plan.Plan
	hasBound bool

	off    int64 // bytes of games.csv read
	size   int64
	head   map[string]int
	games  []stats.Game
	cur    *liveGame
	ents   map[string]int
	names  []string
	bots   []string
	played []int
	points []float64
	forf   map[[3]string]int

	samples []sample
	fitAt   time.Time
	fitDur  time.Duration
	fitN    int
	elo     []float64
	se      []float64
	anchor  int
	fitErr  error
	start   time.Time
	hist    []HistoryPoint
}

type sample struct {
	at    time.Time
	games int
}

func newLiveRun(dir string, sp *study.Study) *liveRun {
	l := &liveRun{dir: dir, ents: map[string]int{}, forf: map[[3]string]int{}}
	if sp != nil {
		l.setSpace(sp)
	}
	return l
}

func (l *liveRun) setSpace(sp *study.Study) {
	l.sp, l.spTried = sp, true
	l.variants, l.params = sp.Variants(), sp.ParamNames()
	l.bounds = plan.AddHoldOut(sp, plan.PlanTournament(sp, len(l.variants)))
	l.hasBound = l.bounds.MaxGames > 0
}

// loadSpace reads the run's space.toml once it is there (a copy whose
// relative map paths do not resolve from the results folder gives no
// variants' values and no bound).
func (l *liveRun) loadSpace() {
	if l.spTried {
		return
	}
	path := filepath.Join(l.dir, "space.toml")
	if _, err := os.Stat(path); err != nil {
		return
	}
	l.spTried = true
	if sp, err := report.LoadSpace(path); err == nil { // never starts a bot
		l.setSpace(sp)
	}
}

// reset forgets what was read (games.csv got shorter: a resume cut it).
func (l *liveRun) reset() {
	l.off, l.head, l.games, l.cur = 0, nil, nil, nil
	l.ents, l.names, l.bots, l.played, l.points = map[string]int{}, nil, nil, nil, nil
	l.forf = map[[3]string]int{}
	l.samples, l.fitN, l.elo, l.se, l.fitErr = nil, 0, nil, nil, nil
}

// read takes in the lines games.csv gained since the last read
// (complete lines only; a game is counted once a row of the next one,
// or the end of the written part, follows it).
func (l *liveRun) read() error {
	path := filepath.Join(l.dir, "games.csv")
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if st.Size() < l.off {
		l.reset()
	}
	if st.Size() == l.off {
		return nil
	}
	if _, err := f.Seek(l.off, io.SeekStart); err != nil {
		return err
	}
	data, err := io.ReadAll(io.LimitReader(f, st.Size()-l.off))
	if err != nil {
		return err
	}
	end := bytes.LastIndexByte(data, '\n')
	if end < 0 {
		return nil
	}
	data = data[:end+1]
	l.off += int64(len(data))
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	for {
		row, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		if l.head == nil {
			l.head = map[string]int{}
			for i, h := range row {
				l.head[h] = i
			}
			continue
		}
		l.row(row)
	}
	l.close() // the written part ends with whole games (the sweep flushes games)
	return nil
}

func (l *liveRun) get(row []string, col string) string {
	if i, ok := l.head[col]; ok && i < len(row) {
		return row[i]
	}
	return ""
}

// entrant is the entity of a row: "variant N", "defaults" or "field NAME".
func (l *liveRun) entrant(row []string) int {
	role, v, bot := l.get(row, "role"), l.get(row, "variant"), l.get(row, "bot")
	name := "variant " + v
	switch role {
	case "", "variant":
	case "default":
		name = "defaults"
	default:
		name = role + " " + bot
	}
	e, ok := l.ents[name]
	if !ok {
		e = len(l.names)
		l.ents[name] = e
		l.names = append(l.names, name)
		l.bots = append(l.bots, bot)
		l.played = append(l.played, 0)
		l.points = append(l.points, 0)
	}
	return e
}

func (l *liveRun) row(row []string) {
	no := l.get(row, "game")
	if l.cur != nil && l.cur.no != no {
		l.close()
	}
	if l.cur == nil {
		l.cur = &liveGame{no: no}
	}
	e := l.entrant(row)
	rank, err := strconv.Atoi(l.get(row, "rank"))
	if err != nil {
		rank = 1
	}
	l.cur.players = append(l.cur.players, e)
	l.cur.ranks = append(l.cur.ranks, rank)
	l.played[e]++
	if p, err := strconv.ParseFloat(l.get(row, "points"), 64); err == nil {
		l.points[e] += p
	}
	if end := l.get(row, "end"); strings.HasPrefix(end, "forfeit:") {
		l.forf[[3]string{l.names[e], l.bots[e], strings.TrimPrefix(end, "forfeit:")}]++
	}
}

func (l *liveRun) close() {
	if l.cur == nil {
		return
	}
	if len(l.cur.players) > 1 {
		l.games = append(l.games, stats.Game{Block: len(l.games), Players: l.cur.players, Ranks: l.cur.ranks})
	}
	l.cur = nil
}

// anchorEntity is the defaults' entity: the "defaults" entrant, else
// variant 0 when it is the defaults; −1 (the mean) when neither played.
func (l *liveRun) anchorEntity() int {
	if e, ok := l.ents["defaults"]; ok {
		return e
	}
	if len(l.variants) > 0 && l.variants[0].Default {
		if e, ok := l.ents["variant 0"]; ok {
			return e
		}
	}
	return -1
}

// fit rates the games read so far (no bootstrap), at most every
// minFitEvery and ten times the last fit's time.
func (l *liveRun) fit(now time.Time) {
	if len(l.games) == l.fitN || now.Sub(l.fitAt) < max(minFitEvery, 10*l.fitDur) && l.fitN > 0 {
		return
	}
	t0 := time.Now()
	n := len(l.names)
	a := l.anchorEntity()
	elo, err := stats.Fit(n, l.games, stats.FitOptions{Anchor: a})
	l.fitAt, l.fitN, l.fitErr, l.anchor = now, len(l.games), err, a
	if err == nil {
		l.elo = elo
		l.se = standardErrors(n, l.games, elo, a)
	}
	l.fitDur = time.Since(t0)
}

// standardErrors are the ratings' standard errors (Elo) from the
// information matrix of the pairwise logistic model at the fit (every
// pair of seats of a game a Bradley–Terry term; the fit's prior of two
// draws against the anchor, or a 0-rated opponent, included): Wald
// intervals, cheaper than the report's bootstrap and narrower where
// blocks correlate games. NaN for the anchor.
func standardErrors(n int, games []stats.Game, elo []float64, anchor int) []float64 {
	h := make([][]float64, 0)
	full := n <= fullInverse
	diag := make([]float64, n)
	if full {
		h = make([][]float64, n)
		for i := range h {
			h[i] = make([]float64, n)
		}
	}
	add := func(i, j int, w float64) {
		diag[i] += w
		diag[j] += w
		if full {
			h[i][i] += w
			h[j][j] += w
			h[i][j] -= w
			h[j][i] -= w
		}
	}
	for _, g := range games {
		for s := range g.Players {
			for t := s + 1; t < len(g.Players); t++ {
				i, j := g.Players[s], g.Players[t]
				if i == j {
					continue
				}
				p := 1 / (1 + math.Exp(-(elo[i]-elo[j])/eloPerNat))
				add(i, j, p*(1-p))
			}
		}
	}
	for i := range n {
		if i == anchor {
			continue
		}
		other := 0.0
		if anchor >= 0 {
			other = elo[anchor]
		}
		p := 1 / (1 + math.Exp(-(elo[i]-other)/eloPerNat))
		w := stats.DefaultPriorDraws * p * (1 - p)
		if anchor >= 0 {
			add(i, anchor, w)
		} else {
			diag[i] += w
			if full {
				h[i][i] += w
			}
		}
	}
	se := make([]float64, n)
	for i := range se {
		se[i] = math.NaN()
	}
	if full {
		var idx []int
		for i := range n {
			if i != anchor {
				idx = append(idx, i)
			}
		}
		m := mat.NewDense(len(idx), len(idx), nil)
		for a, i := range idx {
			for b, j := range idx {
				m.Set(a, b, h[i][j])
			}
		}
		var inv mat.Dense
		if len(idx) > 0 && inv.Inverse(m) == nil {
			for a, i := range idx {
				if v := inv.At(a, a); v > 0 {
					se[i] = math.Sqrt(v) * eloPerNat
				}
			}
			return se
		}
	}
	for i := range n {
		if i != anchor && diag[i] > 0 {
			se[i] = eloPerNat / math.Sqrt(diag[i])
		}
	}
	return se
}

// snapshot reads on and returns the run's live state.
func (l *liveRun) snapshot(now time.Time, state string) (*Snapshot, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.loadSpace()
	if err := l.read(); err != nil {
		return nil, err
	}
	games := len(l.games)
	s := &Snapshot{State: state, Games: games, Updated: now.UTC().Format("15:04:05 UTC")}
	if l.start.IsZero() {
		if st, err := os.Stat(filepath.Join(l.dir, "space.toml")); err == nil {
			l.start = st.ModTime()
		}
	}
	if n := len(l.samples); n == 0 || l.samples[n-1].games != games || now.Sub(l.samples[n-1].at) > 10*time.Second {
		l.samples = append(l.samples, sample{now, games})
	}
	for len(l.samples) > 2 && now.Sub(l.samples[1].at) > time.Minute {
		l.samples = l.samples[1:]
	}
	if l.hasBound {
		s.MinGames, s.MaxGames = l.bounds.MinGames, l.bounds.MaxGames
		s.Progress = math.Min(1, float64(games)/float64(s.MaxGames))
	}
	if state != Running {
		// no rate: the run is not playing
	} else if first := l.samples[0]; now.Sub(first.at) >= 5*time.Second && games > first.games {
		s.Rate = float64(games-first.games) / now.Sub(first.at).Seconds()
	} else if !l.start.IsZero() && games > 0 && now.After(l.start) {
		s.Rate = float64(games) / now.Sub(l.start).Seconds()
	}
	if state == Running {
		if !l.start.IsZero() {
			s.Elapsed = fmtDuration(now.Sub(l.start))
		}
		if s.Rate > 0 && s.MaxGames > games {
			s.ETA = "at most " + fmtDuration(time.Duration(float64(s.MaxGames-games)/s.Rate*float64(time.Second)))
		}
	}
	l.fit(now)
	l.ratings(s)
	for k, c := range l.forf {
		s.Forfeits = append(s.Forfeits, Forfeit{Who: k[0], Bot: k[1], Reason: k[2], Count: c})
	}
	sort.Slice(s.Forfeits, func(i, j int) bool {
		a, b := s.Forfeits[i], s.Forfeits[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.Who+a.Reason < b.Who+b.Reason
	})
	l.workers(s, now)
	return s, nil
}

// ratings fills the ratings, the leader and the effects from the last fit.
func (l *liveRun) ratings(s *Snapshot) {
	if l.fitErr != nil {
		s.FitNote = "no ratings yet: " + l.fitErr.Error()
		return
	}
	if l.elo == nil {
		return
	}
	if l.anchor >= 0 {
		s.Anchor = l.names[l.anchor]
	}
	var rs []Rating
	for e, name := range l.names {
		if e >= len(l.elo) || l.played[e] == 0 {
			continue
		}
		r := Rating{Who: name, Games: l.played[e], Elo: round1(l.elo[e]), Points: l.points[e], Score: l.points[e] / float64(l.played[e])}
		if e < len(l.se) && !math.IsNaN(l.se[e]) {
			r.Lo, r.Hi = round1(l.elo[e]-1.96*l.se[e]), round1(l.elo[e]+1.96*l.se[e])
		} else {
			r.Lo, r.Hi = r.Elo, r.Elo
		}
		if v, ok := l.variantOf(name); ok {
			r.Params = fmtKV(l.variants[v].Values, game.FormatValue)
		}
		rs = append(rs, r)
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Elo > rs[j].Elo })
	s.Rated = len(rs)
	for i := range rs {
		if strings.HasPrefix(rs[i].Who, "variant ") {
			r := rs[i]
			s.Leader = &r
			break
		}
	}
	if s.Leader != nil {
		if n := len(l.hist); n == 0 || l.hist[n-1].Games < l.fitN {
			l.hist = append(l.hist, HistoryPoint{Games: l.fitN, Who: s.Leader.Who, Elo: s.Leader.Elo, Lo: s.Leader.Lo, Hi: s.Leader.Hi})
			if len(l.hist) > maxHistory { // keep every other point, and the last
				var thin []HistoryPoint
				for i := 0; i < len(l.hist); i += 2 {
					thin = append(thin, l.hist[i])
				}
				if last := l.hist[len(l.hist)-1]; thin[len(thin)-1] != last {
					thin = append(thin, last)
				}
				l.hist = thin
			}
		}
		s.History = append([]HistoryPoint(nil), l.hist...)
	}
	if len(rs) > 40 {
		rs = rs[:40]
	}
	s.Ratings = rs
	s.Effects = l.effects()
	s.FitNote = fmt.Sprintf("fit of the first %d games (%s ago); intervals: 95 %% Wald from the fit's information (the report's are bootstrapped over blocks, wider)", l.fitN, fmtDuration(time.Since(l.fitAt)))
}

// variantOf is the variant number of a "variant N" entrant of the space.
func (l *liveRun) variantOf(name string) (int, bool) {
	v, err := strconv.Atoi(strings.TrimPrefix(name, "variant "))
	if err != nil || !strings.HasPrefix(name, "variant ") || v < 0 || v >= len(l.variants) {
		return 0, false
	}
	return v, true
}

// effects are the mean ratings so far of the played variants at each
// value of each varied parameter (variants without games do not count).
func (l *liveRun) effects() []Effect {
	var out []Effect
	for _, p := range l.params {
		sum, cnt := map[string]float64{}, map[string]int{}
		var order []string
		for e, name := range l.names {
			v, ok := l.variantOf(name)
			if !ok || l.played[e] == 0 || e >= len(l.elo) { // an entrant newer than the fit
				continue
			}
			val, ok := l.variants[v].Values[p]
			if !ok {
				continue
			}
			k := game.FormatValue(val)
			if _, seen := cnt[k]; !seen {
				order = append(order, k)
			}
			sum[k] += l.elo[e]
			cnt[k]++
		}
		sort.Slice(order, func(i, j int) bool {
			a, ea := strconv.ParseFloat(order[i], 64)
			b, eb := strconv.ParseFloat(order[j], 64)
			if ea == nil && eb == nil {
				return a < b
			}
			return order[i] < order[j]
		})
		if len(order) > 12 { // a continuous parameter: no per-value means
			continue
		}
		for _, k := range order {
			out = append(out, Effect{Param: p, Value: k, Mean: round1(sum[k] / float64(cnt[k])), Variants: cnt[k]})
		}
	}
	return out
}

// workers reads the coordinator's status file, when there is one.
func (l *liveRun) workers(s *Snapshot, now time.Time) {
	b, err := os.ReadFile(filepath.Join(l.dir, cluster.StatusFileName))
	if err != nil {
		return
	}
	var st cluster.WorkersStatus
	if json.Unmarshal(b, &st) != nil {
		return
	}
	s.Workers = st.Workers
	s.WorkersUpdated = st.Updated.Format("15:04:05 UTC")
	if now.Sub(st.Updated) > 10*time.Second {
		s.WorkersStale = true
		for i := range s.Workers {
			s.Workers[i].Alive = false // nobody watches them
		}
	}
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

// fmtKV writes parameter values as k=v, sorted by name.
func fmtKV(m map[string]any, format func(any) string) string {
	keys := slices.Sorted(maps.Keys(m))
	var kv []string
	for _, k := range keys {
		kv = append(kv, k+"="+format(m[k]))
	}
	return strings.Join(kv, " ")
}

// fmtDuration writes a duration to the second (1h02m03s).
func fmtDuration(d time.Duration) string {
	d = d.Round(time.Second)
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	switch {
	case h > 0:
		return fmt.Sprintf("%dh%02dm%02ds", h, m, s)
	case m > 0:
		return fmt.Sprintf("%dm%02ds", m, s)
	}
	return fmt.Sprintf("%ds", s)
}
