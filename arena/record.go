package arena

import (
	"fmt"
	"math"
	"slices"
	"time"

	"tourney/engines/game"
)

// MoveRecord is one bot decision of a recorded game (Job.Record): the
// action a seat chose at a state, with the time its Step took and the
// search telemetry its bot reported (game.Informer; zero otherwise). At a
// simultaneous node every seat that was asked has a record with the same
// Ply; seats without a record played game.NoAction there.
type MoveRecord struct {
	Ply    int         // MoveNumber of the state the action was chosen in
	Seat   int         // 0-based seat
	Action game.Action // the action returned (game.NoAction when the bot erred or hung)
	// Fault is the forfeit reason when the seat lost by this move
	// (illegal, error, panic, timeout); empty for a played move. A
	// faulty move is not applied: the seat is eliminated (game.Eliminator)
	// or the game ends.
	Fault string
	Time  time.Duration // wall clock of Step
	Nodes int64         // search nodes (0: not reported)
	Depth int           // completed search depth (0: not reported)
}

// recorder is a game's move bookkeeping. The per-seat totals (time,
// moves, search telemetry) are always kept (a few allocations per game);
// the per-move records only when the job asks for them (Job.Record), so
// that the hot path does not allocate per move otherwise.
type recorder struct {
	on        bool
	info      []game.Informer
	moves     []MoveRecord
	seatTime  []time.Duration
	seatMoves []int
	search    []SeatSearch
	// open and moves hash the opening's random plies and every decision
	// (ply, seat, action, fault): Result.Print.
	open, mhash uint64
}

// SeatSearch is a seat's search telemetry summed over a game: the moves
// for which its bot reported any (game.Informer, a non-zero MoveInfo),
// their nodes and their completed depths. Moves is 0 for a bot that does
// not report.
type SeatSearch struct {
	Moves    int
	Nodes    int64
	DepthSum int64
}

// MeanDepth is the mean completed depth of the reported moves (0 when
// none was reported).
func (s SeatSearch) MeanDepth() float64 {
	if s.Moves == 0 {
		return 0
	}
	return float64(s.DepthSum) / float64(s.Moves)
}

// init prepares the recorder for job's bots (nil entries: bots that
// could not be built).
func (r *recorder) init(job *Job, bots []game.Bot) {
	n := len(bots)
	r.seatTime = make([]time.Duration, n)
	r.seatMoves = make([]int, n)
	r.search = make([]SeatSearch, n)
	r.info = make([]game.Informer, n)
	for i, b := range bots {
		r.info[i], _ = b.(game.Informer)
	}
	r.on = job.Record
	if !r.on {
		return
	}
	// A first guess at the game's length saves most regrowths.
	r.moves = make([]MoveRecord, 0, 64)
}

// clone copies the recorder for a game continued by another goroutine.
func (r *recorder) clone() recorder {
	c := *r
	c.info = slices.Clone(r.info)
	c.moves = slices.Clone(r.moves)
	c.seatTime = slices.Clone(r.seatTime)
	c.seatMoves = slices.Clone(r.seatMoves)
	c.search = slices.Clone(r.search)
	return c
}

// note records seat p's decision at ply.
func (r *recorder) note(ply, p int, a game.Action, fault string, d time.Duration) {
	if p < len(r.seatTime) {
		r.seatTime[p] += d
		r.seatMoves[p]++
	}
	r.moves64(ply, p, a, fault)
	var mi game.MoveInfo
	if p < len(r.info) && r.info[p] != nil && fault == "" {
		mi = r.info[p].LastMove()
		if mi != (game.MoveInfo{}) {
			s := &r.search[p]
			s.Moves++
			s.Nodes += mi.Nodes
			s.DepthSum += int64(mi.Depth)
		}
	}
	if !r.on {
		return
	}
	r.moves = append(r.moves, MoveRecord{Ply: ply, Seat: p, Action: a, Fault: fault, Time: d, Nodes: mi.Nodes, Depth: mi.Depth})
}

// moves64 adds a decision to the moves hash.
func (r *recorder) moves64(ply, p int, a game.Action, fault string) {
	f := uint64(0)
	for i := 0; i < len(fault); i++ {
		f = f*131 + uint64(fault[i])
	}
	r.mhash = game.Mix(r.mhash^0x6d6f766573, uint64(ply), uint64(p), uint64(int64(a)), f)
}

// Print is a game's fingerprint: a hash of its opening, every decision and
// its end (scores, ranks, plies), and of its seed unless the game says
// that nothing on its map draws from the seed (game.SeedFree). Two games
// of the same seating with the same Print are the same game played twice
// (statistics.md §8): deterministic bots on a fixed map, no opening.
func Print(res *Result, openHash, movesHash uint64) uint64 {
	job := res.Job
	base := uint64(0x7072696e74)
	if job != nil {
		if sf, ok := job.Game.(game.SeedFree); !ok || !sf.SeedFree(job.Map) {
			base = game.Mix(base, job.Seed)
		}
	}
	h := game.Mix(base, openHash, movesHash, uint64(res.Plies))
	for i := range res.Ranks {
		h = game.Mix(h, uint64(res.Ranks[i]), math.Float64bits(res.Scores[i]))
	}
	return h &^ (1 << 63) // an int64 in every CSV reader
}

// attach hands the records to the game's result.
func (r *recorder) attach(res *Result) {
	if res == nil || res.err != nil {
		return
	}
	res.Print = Print(res, r.open, r.mhash)
	res.SeatTime, res.SeatMoves, res.SeatSearch = r.seatTime, r.seatMoves, r.search
	if r.on {
		res.Moves = r.moves
	}
}

// step asks seat p's bot for its move (stepBot) and records it.
func (g *gamePlay) step(p int) (a game.Action, reason, detail string) {
	ply := g.s.MoveNumber()
	t0 := time.Now()
	a, reason, detail = g.stepBot(p)
	if reason != reasonAbandoned {
		g.run.endMove(g.moves)
		g.rec.note(ply, p, a, reason, time.Since(t0))
	}
	return a, reason, detail
}

// hung records a move the watchdog declared hung (seat p forfeits by
// timeout after limit) and, when res is not nil, hands the records to it.
// It runs on the watchdog goroutine while the hung Step still runs: the
// hung goroutine no longer writes to the recorder (it sees run.taken).
func (g *gamePlay) hung(p int, limit time.Duration, res *Result) {
	g.rec.note(g.s.MoveNumber(), p, game.NoAction, ForfeitTimeout, limit)
	g.rec.attach(res)
}

// ReplayMoves plays a recorded game again through the rules: the state
// after the job's opening (Opening with seed and openingPlies), then the
// recorded moves in order, with faulty moves handled as the arena does (an
// Eliminator game eliminates the seat and goes on; otherwise the game ends
// there). visit, when not nil, is called with the start state and after
// every applied move or joint move (and elimination) with the records
// just applied; s is the replay's own state and must not be kept (Clone
// it). It returns the final state, or an error naming the first record
// the rules do not accept.
func ReplayMoves(g game.Game, m game.Map, seed uint64, openingPlies int, moves []MoveRecord,
	visit func(s game.State, applied []MoveRecord)) (game.State, error) {
	var s game.State
	var err error
	if openingPlies > 0 {
		s, err = Opening(g, m, seed, openingPlies)
	} else {
		s, err = g.NewState(m, seed)
	}
	if err != nil {
		return nil, err
	}
	if visit != nil {
		visit(s, nil)
	}
	elim, _ := s.(game.Eliminator)
	n := s.NumPlayers()
	joint := make([]game.Action, n)
	var legal []game.Action
	isLegal := func(p int, a game.Action) bool {
		if c, ok := s.(game.ActionChecker); ok {
			return c.IsLegal(p, a)
		}
		legal = s.LegalActions(p, legal[:0])
		return slices.Contains(legal, a)
	}
	for i := 0; i < len(moves); {
		mv := moves[i]
		if s.IsTerminal() {
			return s, fmt.Errorf("move %d (ply %d, seat %d): the game is already over", i, mv.Ply, mv.Seat)
		}
		if mv.Ply != s.MoveNumber() {
			return s, fmt.Errorf("move %d: recorded at ply %d, the state is at ply %d", i, mv.Ply, s.MoveNumber())
		}
		if mv.Seat < 0 || mv.Seat >= n {
			return s, fmt.Errorf("move %d: seat %d out of range", i, mv.Seat)
		}
		cp := s.CurrentPlayer()
		if cp == game.SimultaneousPlayer {
			j := i
			for j < len(moves) && moves[j].Ply == mv.Ply {
				j++
			}
			for p := range joint {
				joint[p] = game.NoAction
			}
			for _, r := range moves[i:j] {
				if r.Fault != "" {
					if elim == nil {
						if visit != nil {
							visit(s, moves[i:j])
						}
						return s, nil
					}
					continue
				}
				if !isLegal(r.Seat, r.Action) {
					return s, fmt.Errorf("move %d (ply %d): seat %d's action %d is not legal", i, r.Ply, r.Seat, r.Action)
				}
				joint[r.Seat] = r.Action
			}
			for _, r := range moves[i:j] {
				if r.Fault != "" {
					elim.Eliminate(r.Seat)
				}
			}
			s.(game.JointApplier).ApplyJoint(joint)
			if visit != nil {
				visit(s, moves[i:j])
			}
			i = j
			continue
		}
		if mv.Seat != cp {
			return s, fmt.Errorf("move %d (ply %d): recorded for seat %d, seat %d is to move", i, mv.Ply, mv.Seat, cp)
		}
		if mv.Fault != "" {
			if elim == nil {
				if visit != nil {
					visit(s, moves[i:i+1])
				}
				return s, nil
			}
			elim.Eliminate(mv.Seat)
		} else {
			if !isLegal(mv.Seat, mv.Action) {
				return s, fmt.Errorf("move %d (ply %d): seat %d's action %d is not legal", i, mv.Ply, mv.Seat, mv.Action)
			}
			s.Apply(mv.Action)
		}
		if visit != nil {
			visit(s, moves[i:i+1])
		}
		i++
	}
	return s, nil
}
