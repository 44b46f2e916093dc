package cluster

import (
	"fmt"
	"time"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/plan"
	"tourney/tuner/study"
)

// Names on the NATS server.
const (
	workStream    = "TOURNEY_WORK"    // work-queue retention: blocks to play
	resultStream  = "TOURNEY_RESULTS" // limits retention: blocks played
	consumerName  = "workers"         // the one durable pull consumer of workStream
	runBucket     = "TOURNEY_RUN"     // KV: the coordinator's announcement
	runKey        = "run"
	filesBucket   = "TOURNEY_FILES" // object store: files by content hash
	workPrefix    = "tourney.work."
	resultPrefix  = "tourney.result."
	refusePrefix  = "tourney.refuse."
	beatPrefix    = "tourney.beat."
	endPrefix     = "tourney.end." // + run: the sweep is over, its workers stop
	beatInterval  = 2 * time.Second
	defaultAckDue = 30 * time.Second
)

// announce is what a coordinator tells workers about its run (KV
// TOURNEY_RUN/run, JSON).
type announce struct {
	Run     string        `json:"run"`     // a fresh id per coordinator start
	Version string        `json:"version"` // tourney's version
	Space   fileRef       `json:"space"`   // the space file (Name: its base name)
	Files   []fileRef     `json:"files"`   // map and bot config files, Name as the space writes them
	Depth   int           `json:"depth"`   // directories above the space a Name may climb ("..")
	AckWait time.Duration `json:"ack_wait"`
	// Ended: the sweep is over (Coordinator.End); its workers stop, a
	// worker that joins later waits for the next sweep.
	Ended bool `json:"ended,omitempty"`
}

// fileRef names a file of the object store by content (sha256, hex).
type fileRef struct {
	Name string `json:"name"`
	Hash string `json:"hash"`
	Exec bool   `json:"exec,omitempty"` // executable (an external bot's script)
}

// workItem is one block to play (codec.go).
type workItem struct {
	Run     string
	Version string
	Seq     int // the coordinator's Play call
	Key     int // runner.Block.Key
	First   int // the index in its block of the first game (a block may travel in parts)
	Games   []wireGame
}

// wireGame is one job in the space's terms, with every seat's
// parameters: the worker rebuilds the arena.Job from its copy of the
// space. Parameter values keep their Go types (int, float64, bool,
// string), as the bot spec's kinds want them.
type wireGame struct {
	Scenario, Map int
	Seed          uint64
	Seats         []wireSeat
	Budget        game.Budget
	OpeningPlies  int
	Record        bool
}

type wireSeat struct {
	Ref    plan.SeatRef
	ID     string
	Params game.Params
	Budget game.Budget
}

// resultBatch is one or more played blocks of a worker: a worker
// publishes the blocks it finished while its previous batch was on
// its way in one message.
type resultBatch struct {
	Run    string
	Worker string
	Blocks []blockResult
}

// blockResult is a played block: every field of arena.Result the sweep
// writes, for each game (Index and Job are the coordinator's).
type blockResult struct {
	Seq    int
	Key    int
	First  int    // the work item's First
	Err    string // an engine failure: stops the sweep
	Games  []arena.Result
	Worker string // the batch's, on the coordinator
}

// refusal is a worker's refusal of a run (JSON on tourney.refuse.RUN).
type refusal struct {
	Worker string `json:"worker"`
	Reason string `json:"reason"`
}

// beat is a worker's heartbeat (JSON on tourney.beat.RUN).
type beat struct {
	Worker string `json:"worker"`
	Slots  int    `json:"slots"`
	Games  int    `json:"games"` // played since it joined the run
}

func toWire(j *arena.Job, gp plan.GamePlan) wireGame {
	w := wireGame{Scenario: gp.Scenario, Map: gp.Map, Seed: j.Seed, Budget: j.Budget, OpeningPlies: j.OpeningPlies, Record: j.Record}
	for i, e := range j.Seats {
		w.Seats = append(w.Seats, wireSeat{Ref: gp.Seats[i], ID: e.ID, Params: e.Params, Budget: e.Budget})
	}
	return w
}

// job rebuilds the arena job of w from the space.
func (w *wireGame) job(s *study.Study) (arena.Job, error) {
	if w.Scenario < 0 || w.Scenario >= len(s.Scenarios) {
		return arena.Job{}, fmt.Errorf("scenario %d: the space has %d", w.Scenario, len(s.Scenarios))
	}
	sc := &s.Scenarios[w.Scenario]
	if w.Map < 0 || w.Map >= len(sc.Maps) {
		return arena.Job{}, fmt.Errorf("map %d of scenario %d: the space has %d", w.Map, w.Scenario, len(sc.Maps))
	}
	j := arena.Job{Game: sc.Game, Map: sc.Maps[w.Map], Seed: w.Seed, Budget: w.Budget, OpeningPlies: w.OpeningPlies, Record: w.Record}
	for _, st := range w.Seats {
		spec := sc.Bot
		if st.Ref.Kind == plan.SeatField {
			if st.Ref.Field < 0 || st.Ref.Field >= len(sc.Field) {
				return arena.Job{}, fmt.Errorf("field bot %d of scenario %d: the space has %d", st.Ref.Field, w.Scenario, len(sc.Field))
			}
			spec = sc.Field[st.Ref.Field].Spec
		}
		params, err := typed(spec, st.Params)
		if err != nil {
			return arena.Job{}, err
		}
		j.Seats = append(j.Seats, arena.Entrant{ID: st.ID, Spec: spec, Params: params, Budget: st.Budget})
	}
	return j, nil
}

// typed checks the parameters against the bot spec's kinds (an int
// stays an int: a float that is a whole number becomes one).
func typed(spec game.BotSpec, p game.Params) (game.Params, error) {
	out := make(game.Params, len(p))
	for k, v := range p {
		d, ok := spec.Param(k)
		if !ok {
			return nil, fmt.Errorf("bot %s has no parameter %q", spec.Name, k)
		}
		switch d.Kind {
		case game.Int:
			switch x := v.(type) {
			case int:
			case int64:
				v = int(x)
			case float64:
				if x != float64(int(x)) {
					return nil, fmt.Errorf("%s = %v: want an integer", k, x)
				}
				v = int(x)
			default:
				return nil, fmt.Errorf("%s = %v: want an integer", k, v)
			}
		case game.Float:
			switch x := v.(type) {
			case float64:
			case int:
				v = float64(x)
			default:
				return nil, fmt.Errorf("%s = %v: want a number", k, v)
			}
		case game.Bool:
			if _, ok := v.(bool); !ok {
				return nil, fmt.Errorf("%s = %v: want a boolean", k, v)
			}
		case game.String:
			if _, ok := v.(string); !ok {
				return nil, fmt.Errorf("%s = %v: want a string", k, v)
			}
		}
		out[k] = v
	}
	return out, nil
}
