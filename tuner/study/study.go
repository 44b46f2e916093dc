package study

import (
	"tourney/engines/external"
	"tourney/engines/game"
	"tourney/tuner/space"
)

// Study is a space compiled for playing: what the planners, the runners,
// the tables, the costs, the confirmation and the cluster read. Compile
// builds it once from the parsed space; nothing past it reads the
// TOML-level space.
//
// The scenarios are the space's own (one slice): measuring a scenario's
// cost or its node rates (tuner/costs) writes them here, where every
// reader of the study sees them.
type Study struct {
	Name string
	Seed uint64
	// Path is the space file as named by the caller (messages); Source
	// its bytes (results/space.toml, the cluster's workers); Files the
	// files it read besides itself (map and bot config files).
	Path   string
	Source []byte
	Files  []space.File

	// Params are the varied knobs in file order; Names their names.
	Params []space.ParamRange
	Names  []string
	// Scenarios are the games, bots, maps, clocks and fields played;
	// Cells the same scenario × map pairs with what a block seats there.
	Scenarios []space.Scenario
	Cells     [][]Cell

	Generate     space.GenerateConfig
	Tournament   space.TournamentConfig
	Gate         *space.GateConfig
	Interactions [][2]string

	// Defaults are the default configuration's complete parameters per
	// scenario (the bot's defaults and the space's base): the filler of
	// empty seats and the defaults' variant.
	Defaults []game.Params
	// DefaultValues are the defaults' value of every varied knob (the
	// first scenario's), in Params order.
	DefaultValues []any
	start         []float64
	candidates    int
	factorial     *space.Factorial
	external      map[string]*external.Decl

	sp *space.Space
}

// Cell is one map of one scenario.
type Cell struct {
	Scenario, Map int
	// Name is the map as the space writes it.
	Name string
	// Seats are the players of a game on the map; Field the scenario's
	// field bots.
	Seats, Field int
}

// Compile is the study of a parsed space.
func Compile(sp *space.Space) *Study {
	if sp == nil {
		return nil
	}
	st := &Study{
		Name: sp.Name, Seed: sp.Seed, Path: sp.Path, Source: sp.Source, Files: sp.Files,
		Params: sp.Params, Names: sp.ParamNames(), Scenarios: sp.Scenarios,
		Generate: sp.Generate, Tournament: sp.Tournament, Gate: sp.Gate, Interactions: sp.Interactions,
		DefaultValues: sp.DefaultPoint(),
		candidates:    sp.Candidates(), factorial: sp.Factorial(), external: sp.ExternalBots(),
		sp: sp,
	}
	st.start = sp.Start()
	st.Cells = make([][]Cell, len(sp.Scenarios))
	st.Defaults = make([]game.Params, len(sp.Scenarios))
	for si, sc := range sp.Scenarios {
		st.Defaults[si] = sp.DefaultParams(si)
		st.Cells[si] = make([]Cell, len(sc.Maps))
		for mi, m := range sc.Maps {
			c := Cell{Scenario: si, Map: mi, Seats: m.Players(), Field: len(sc.Field)}
			if mi < len(sc.MapNames) {
				c.Name = sc.MapNames[mi]
			}
			st.Cells[si][mi] = c
		}
	}
	return st
}

// space is the parsed space with the study's fields as they are now: a
// copy of a study whose tournament or scenarios a caller changed (a CPU
// budget's measured costs, a dry run's settings) forwards those.
func (s *Study) space() *space.Space {
	c := *s.sp
	c.Name, c.Seed, c.Path, c.Source, c.Files = s.Name, s.Seed, s.Path, s.Source, s.Files
	c.Params, c.Scenarios = s.Params, s.Scenarios
	c.Generate, c.Tournament, c.Gate, c.Interactions = s.Generate, s.Tournament, s.Gate, s.Interactions
	return &c
}

// PerMap is a table of zeros with a row per scenario and a column per
// map: the games-per-map tables of the plans.
func (s *Study) PerMap() [][]int {
	per := make([][]int, len(s.Scenarios))
	for i, sc := range s.Scenarios {
		per[i] = make([]int, len(sc.Maps))
	}
	return per
}

// Count adds games(c) up over the cells of the scenarios in use (nil:
// every scenario), adding each cell's games to perMap[scenario][map]
// when perMap is not nil: a block's games, from what one cell seats.
func (s *Study) Count(use []bool, perMap [][]int, games func(c Cell) int) int {
	n := 0
	for si, row := range s.Cells {
		if use != nil && !use[si] {
			continue
		}
		for mi, c := range row {
			g := games(c)
			n += g
			if perMap != nil {
				perMap[si][mi] += g
			}
		}
	}
	return n
}

// Maps is the number of scenario × map cells.
func (s *Study) Maps() int {
	n := 0
	for _, sc := range s.Scenarios {
		n += len(sc.Maps)
	}
	return n
}

// Variants are the study's variants, numbered 0..n-1 (a copy).
func (s *Study) Variants() []space.Variant { return s.sp.Variants() }

// Candidates is the number of variants a tournament starts from (all but
// a factorial design's predicted points).
func (s *Study) Candidates() int { return s.candidates }

// Factorial is method factorial's design (nil otherwise).
func (s *Study) Factorial() *space.Factorial { return s.factorial }

// DefaultParams are scenario sc's default configuration (a copy of
// Defaults[sc]).
func (s *Study) DefaultParams(sc int) game.Params { return s.Defaults[sc].Clone() }

// Start is the continuous methods' starting point: each knob's start or
// default, clipped to its range (a copy).
func (s *Study) Start() []float64 { return append([]float64(nil), s.start...) }

// DefaultPoint is the defaults' value of every varied knob (a copy of
// DefaultValues).
func (s *Study) DefaultPoint() []any { return append([]any(nil), s.DefaultValues...) }

// ParamNames are the varied knobs' names in file order (a copy).
func (s *Study) ParamNames() []string { return append([]string(nil), s.Names...) }

// ExternalBots are the external bots the study declares, by name.
func (s *Study) ExternalBots() map[string]*external.Decl { return s.external }

// BotParams are variant v's complete parameters for scenario sc's bot:
// the bot's defaults, the base, then the variant's values.
func (s *Study) BotParams(sc int, v space.Variant) (game.Params, error) {
	return s.space().BotParams(sc, v)
}

// PointValues are a continuous point's knob values, rounded and clipped
// as the knobs say.
func (s *Study) PointValues(x []float64) map[string]any { return s.space().PointValues(x) }

// OnBounds are the knobs whose value lies on the end of its range or
// list.
func (s *Study) OnBounds(values map[string]any) []space.BoundHit { return s.space().OnBounds(values) }

// KeyError is an error at key of the space file (file:line:key).
func (s *Study) KeyError(key, msg string) error { return s.space().KeyError(key, msg) }

// ClockLines say how each scenario's clock is counted.
func (s *Study) ClockLines() []string { return s.space().ClockLines() }

// Conditions is the study the promotion gate is played on: its maps,
// clock, opening and opponents (the field), with a seed of its own; nil
// without a gate.
func (s *Study) Conditions() *Study { return Compile(s.space().GateSpace()) }

// Sub is a study of the same games whose variants are points (values of
// Params in order), the first the defaults when def is set.
func (s *Study) Sub(name string, seed uint64, points [][]any, def bool, format string) *Study {
	return Compile(s.space().SubSpace(name, seed, points, def, format))
}

// WriteBotRecord records in dir what the study's external bots resolved
// to (bots.json), so that a resume or a report loads the space without
// starting them.
func (s *Study) WriteBotRecord(dir string) error { return space.WriteBotRecord(dir, s.space()) }

// LoadResults is the study of a results directory (its space.toml, with
// the record of its external bots).
func LoadResults(dir string) (*Study, error) { return compiled(space.LoadResults(dir)) }

// LoadRecorded is LoadResults of the space file path.
func LoadRecorded(path string) (*Study, error) { return compiled(space.LoadRecorded(path)) }

// Parse is the study of a space file's text.
func Parse(path string, data []byte) (*Study, error) { return compiled(space.Parse(path, data)) }

// Load is the study of a space file.
func Load(path string) (*Study, error) { return compiled(space.Load(path)) }

func compiled(sp *space.Space, err error) (*Study, error) {
	if err != nil {
		return nil, err
	}
	return Compile(sp), nil
}

// OwnBot is the bot a reference names when it is the study's own
// (ref "default", or the scenario's bot): its spec and its defaults.
func (s *Study) OwnBot(ref string) (game.BotSpec, game.Params, bool) { return s.space().OwnBot(ref) }

// IdleKnobs are the varied knobs the scenarios' budgets make idle.
func (s *Study) IdleKnobs() []string { return s.space().IdleKnobs() }

// StartWarnings are validate's warnings about a continuous method's
// ranges and starts.
func (s *Study) StartWarnings() []string { return s.space().StartWarnings() }
