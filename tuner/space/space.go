package space

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"tourney/engines/all"
	"tourney/engines/game"
)

// findGame looks a game up by name; tests substitute fake games.
var findGame = all.Find

// maxVariants bounds the number of variants (and the values of one
// parameter) a space may generate.
const maxVariants = 100000

// Space is a loaded, checked parameter space (product.md §2).
type Space struct {
	Path   string // the file as named by the caller (used in messages)
	Source []byte // the file's bytes (copied to results/space.toml)

	Name string
	Seed uint64

	Scenarios []Scenario
	// Base holds the fixed parameters ([base], and AddBase), checked
	// against the first scenario's bot.
	Base map[string]any
	// Params are the varied parameters, in file order.
	Params []ParamRange

	Generate   GenerateConfig
	Tournament TournamentConfig

	// Gate is the promotion gate ([gate], gate.go; nil: none).
	Gate *GateConfig

	// Interactions are the two-way interactions the effects model fits
	// ([effects] interactions = [["a", "b"], ...]), beside every main
	// effect.
	Interactions [][2]string

	// Files are the files Parse read besides the space itself (map files,
	// bot config files), in the order read: what a remote worker needs
	// next to the space to load it (tuner/cluster).
	Files []File

	variants   []Variant
	candidates int               // the first candidates variants start the tournament
	factorial  *Factorial        // method factorial's design
	external   map[string]extBot // [bots.NAME] tables (external.go)
}

// DefaultOpeningPlies is the opening_plies of a scenario of game g that
// does not set it: the game's default (game.Opener), so that
// deterministic bots do not repeat one game (statistics.md §8), and none
// when an external bot plays (external: a contest client expects the
// game from its first move). tourney match opens as a sweep does with it.
func DefaultOpeningPlies(g game.Game, external bool) int {
	if o, ok := g.(game.Opener); ok && !external {
		return o.DefaultOpeningPlies()
	}
	return 0
}

// PromotedOpening is the opening_plies a bot config promoted from the
// scenario carries (space.WriteTestedConfig): its OpeningPlies when a
// match of its bot against its own defaults would open otherwise
// (DefaultOpeningPlies of the bot alone: an external bot's space that
// sets opening_plies, a built-in bot's that sets another count or plays
// an external field), else -1: the file says nothing and the match
// opens the same by default.
func (sc *Scenario) PromotedOpening() int {
	if sc.OpeningPlies == DefaultOpeningPlies(sc.Game, sc.botExternal) {
		return -1
	}
	return sc.OpeningPlies
}

// File is a file a space names: Name as the space writes it, Path where
// it was read.
type File struct {
	Name, Path string
}

// Scenario is one [[scenario]] of a space.
type Scenario struct {
	Game game.Game
	Bot  game.BotSpec
	// Maps are the loaded maps; MapNames the same maps as the file writes
	// them (or the name of the game's default map).
	Maps     []game.Map
	MapNames []string
	Budget   game.Budget // zero: the bot's own default
	// NodeRates are the node rates of a clock budget per map (clock.go);
	// nil when the budget is no clock or the rates are to be measured
	// (MeasureRates).
	NodeRates    []int64
	MeasureRates bool
	Weight       float64
	Field        []FieldBot
	// OpeningPlies random moves start every deal (the same opening for
	// every seating of a deal), so that deterministic bots meet in varied
	// positions.
	OpeningPlies int
	// Cost is the declared CPU time of one game (0: measure it): what
	// orders the scenarios of successive halving (the cheapest first) and
	// turns a CPU budget into games.
	Cost time.Duration

	// botExternal: Bot is an external bot ([bots.NAME]), of which
	// nothing says it is deterministic (Repeats).
	botExternal bool
}

// FieldBot is a reference bot of a scenario's field.
type FieldBot struct {
	// Name is the bot name, or the bot config file's base name without
	// its extension.
	Name   string
	Spec   game.BotSpec
	Params game.Params // complete (defaults + the config file's values)
	// Path is the bot config file read ("" for a bot name).
	Path string
}

// ParamRange is one varied parameter.
type ParamRange struct {
	Name string
	// Param is the parameter's declaration in the first scenario's bot.
	Param game.Param
	// Values are the candidate values, checked and typed as Param says, in
	// the order grid and sweep use them. Nil for a continuous range.
	Values []any
	// Min and Max are the range ends, checked (nil for a values list).
	Min, Max any
	// Steps is the number of evenly spaced values (0: every integer of an
	// integer range, or a continuous float range).
	Steps int
	// Log is true for scale = "log".
	Log bool
	// Continuous is true for a float range without steps: random and lhs
	// draw from [Min, Max]; grid and sweep refuse it. Every parameter of
	// spsa and cmaes is continuous (integers are rounded when played).
	Continuous bool
	// CEnd and REnd are SPSA's final perturbation and step (continuous.go).
	CEnd, REnd float64
	// REndSet tells that r_end was given (a budget's schedule then keeps it).
	REndSet bool
	// Start is where spsa and cmaes start (nil: the default).
	Start *float64
}

// GenerateConfig is the [generate] table.
type GenerateConfig struct {
	Method          string // grid | sweep | random | lhs | staged | spsa | cmaes
	Samples         int    // random and lhs
	IncludeDefaults bool
	// Continuous holds the settings of spsa and cmaes (continuous.go).
	Continuous ContinuousConfig
}

// TournamentConfig is the [tournament] table (statistics.md §5).
type TournamentConfig struct {
	Format  string // knockout | race
	Group   int    // knockout: variants per encounter
	Advance int    // knockout: how many go on
	// MinBlocks is the number of blocks played before the first test
	// (0: the format's default, 4 for a knockout encounter, 5 for a race).
	MinBlocks int
	// MaxGames caps an encounter (knockout) or the whole race (0: the
	// format's default, see setDefaults).
	MaxGames int
	// Confidence of every decision (default 0.95).
	Confidence float64
	Points     string // rank
	// Bootstrap is the number of refits behind the rating intervals.
	Bootstrap int
	// Confirm plays the winner against the defaults on fresh seeds with a
	// GSPRT of ConfirmElo (elo0, elo1), at most ConfirmGames games.
	Confirm      bool
	ConfirmGames int
	ConfirmElo   [2]float64
	// NoHoldOut skips the winner's hold-out rung (holdout = false): for
	// smoke runs of a bot's protocol, never for a verdict; the verdict
	// then keeps the defaults.
	NoHoldOut bool

	// Successive halving (format = "halving", statistics.md §7): Eta is
	// the factor of every rung (keep 1/Eta, give them Eta times the
	// blocks); Finalists the most candidates of the last rung, a race
	// against the defaults; RungBlocks the blocks every candidate plays in
	// the first rung.
	Eta, Finalists, RungBlocks int
	// Gauntlet (gauntlet = true, halving only; issue 44): the first rung
	// is self-play, every later rung and the final play each survivor
	// and the defaults against the scenarios' field only, and the cuts,
	// the winner and the hold-out rung's verdict rest on the points
	// against the field, paired with the defaults' on the same deals.
	Gauntlet bool
	// Budget, when set, sizes the plan: BudgetGames games, or BudgetCPU
	// of CPU time on this machine (measured per game and scenario).
	BudgetGames int
	BudgetCPU   time.Duration
}

// FirstLook is the number of blocks before the first test: MinBlocks, or
// the format's default (4 blocks per knockout encounter, 5 for a race, as
// irace's first test).
func (tc *TournamentConfig) FirstLook() int {
	switch {
	case tc.MinBlocks > 0:
		return tc.MinBlocks
	case tc.Format == "race":
		return 5
	}
	return 4
}

// Cap is the most games of a knockout encounter, or of a race of n
// variants: MaxGames, or the format's default (400 per encounter; 400 per
// variant for a race, what a knockout of n variants spends at most).
func (tc *TournamentConfig) Cap(n int) int {
	switch {
	case tc.MaxGames > 0:
		return tc.MaxGames
	case tc.Format == "race":
		return 400 * max(n, 2)
	}
	return 400
}

// Load reads and checks a parameter space file. Relative map paths
// and bot config files named in it are resolved against the directory of
// the space file (not the working directory). Every error is an
// *InputError naming the file, line, column and key.
func Load(path string) (*Space, error) { return loadFile(path, Parse) }

// Parse checks a parameter space given as bytes. path names the file
// in messages, gives the default name, and its directory resolves
// relative map and bot config paths ("" or a bare name: the working
// directory).
func Parse(path string, data []byte) (*Space, error) {
	return parse(path, data, nil)
}

// parse is Parse with a results directory's record of its external bots
// (LoadResults; nil: none).
func parse(path string, data []byte, rec map[string]recordedBot) (*Space, error) {
	m, doc, err := decodeTOML(path, data)
	if err != nil {
		return nil, err
	}
	doc.recorded = rec
	root := &tomlTable{doc: doc, m: m}
	if err := notASpace(root); err != nil {
		return nil, err
	}
	if err := root.allow("name", "seed", "scenario", "base", "params", "generate", "tournament", "bots", "effects", "gate"); err != nil {
		return nil, err
	}
	if err := parseBots(root, filepath.Dir(path)); err != nil {
		return nil, err
	}
	s := &Space{Path: path, Source: slices.Clone(data), external: doc.bots}
	dir := filepath.Dir(path)

	if s.Name, err = root.str("name", defaultSpaceName(path)); err != nil {
		return nil, err
	}
	if msg := checkSpaceName(s.Name); msg != "" {
		return nil, root.err("name", "%s", msg)
	}
	seed, err := root.integer("seed", 1)
	if err != nil {
		return nil, err
	}
	if seed < 0 {
		return nil, root.err("seed", "must not be negative, got %d", seed)
	}
	s.Seed = uint64(seed)

	// Scenarios.
	raw, ok := m["scenario"]
	if !ok {
		return nil, root.err("", "no [[scenario]]: a space needs at least one scenario (game, bot, maps)")
	}
	arr, ok := raw.([]map[string]any)
	if list, isList := raw.([]any); isList { // scenario = [{ ... }, { ... }]
		ok = true
		for _, x := range list {
			m, isMap := x.(map[string]any)
			ok = ok && isMap
			arr = append(arr, m)
		}
	}
	if !ok {
		return nil, root.err("scenario", "expected an array of tables ([[scenario]]), found %s", describeTOML(raw))
	}
	if len(arr) == 0 {
		return nil, root.err("scenario", "a space needs at least one scenario")
	}
	for i, sm := range arr {
		t := &tomlTable{doc: doc, path: []string{"scenario", idxSeg(i)}, m: sm}
		sc, err := parseScenario(t, dir, &s.Files)
		if err != nil {
			return nil, err
		}
		s.Scenarios = append(s.Scenarios, sc)
	}

	// [base]
	s.Base = map[string]any{}
	base, err := root.table("base")
	if err != nil {
		return nil, err
	}
	if base != nil {
		for _, k := range base.keys() {
			v, ok := plainValue(base.m[k])
			if !ok {
				return nil, base.err(k, "expected a number, boolean or string, found %s", describeTOML(base.m[k]))
			}
			cv, msg := s.checkAll(k, v)
			if msg != "" {
				return nil, base.err(k, "%s", msg)
			}
			s.Base[k] = cv
		}
	}

	// [generate] (before [params]: grid and sweep need discrete values)
	gen, err := root.table("generate")
	if err != nil {
		return nil, err
	}
	tour, err := root.table("tournament")
	if err != nil {
		return nil, err
	}
	if err := checkKeyUse(gen, tour); err != nil { // keys.go: one rule for every method
		return nil, err
	}
	if err := s.parseGenerate(gen); err != nil {
		return nil, err
	}

	// [params]
	params, err := root.table("params")
	if err != nil {
		return nil, err
	}
	if params == nil || len(params.m) == 0 {
		return nil, root.err("params", "no parameter to vary: add a [params] table, e.g. depth = { min = 2, max = 6 }")
	}
	for _, k := range params.keys() {
		pr, err := s.parseParam(params, k)
		if err != nil {
			return nil, err
		}
		s.Params = append(s.Params, pr)
	}

	// [tournament]
	if err := s.parseTournament(tour); err != nil {
		return nil, err
	}
	// [effects] and [gate]
	for _, sec := range []struct {
		name  string
		parse func(*tomlTable) error
	}{
		{"effects", s.parseEffects},
		{"gate", func(t *tomlTable) error { return s.parseGate(t, dir) }},
	} {
		t, err := root.table(sec.name)
		if err != nil {
			return nil, err
		}
		if err := sec.parse(t); err != nil {
			return nil, err
		}
	}

	if err := s.regenerate(); err != nil {
		key, msg := "generate", err.Error()
		if ge, ok := err.(*genError); ok {
			key, msg = ge.key, ge.msg
		}
		return nil, root.err(key, "%s", msg)
	}
	return s, nil
}

// defaultSpaceName is the file's base name without its extension, with
// characters a directory name should not have replaced by '-'.
func defaultSpaceName(path string) string {
	b := filepath.Base(path)
	b = strings.TrimSuffix(b, filepath.Ext(b))
	if b == "" || b == "." || b == string(filepath.Separator) {
		return "space"
	}
	var out strings.Builder
	for _, r := range b {
		if isNameRune(r) {
			out.WriteRune(r)
		} else {
			out.WriteByte('-')
		}
	}
	n := strings.TrimLeft(out.String(), ".")
	if n == "" {
		return "space"
	}
	return n
}

func isNameRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' || r == '+'
}

// checkSpaceName returns why name cannot name a results directory.
func checkSpaceName(name string) string {
	if name == "" {
		return "must not be empty"
	}
	if strings.HasPrefix(name, ".") {
		return fmt.Sprintf("%q must not start with '.' (it names the results directory)", name)
	}
	for _, r := range name {
		if !isNameRune(r) {
			return fmt.Sprintf("%q may only contain letters, digits and - _ . + (it names the results directory)", name)
		}
	}
	return ""
}

func parseScenario(t *tomlTable, dir string, files *[]File) (Scenario, error) {
	var sc Scenario
	if err := t.allow("game", "bot", "maps", "budget", "weight", "field", "opening_plies", "cost"); err != nil {
		return sc, err
	}
	gname, err := t.str("game", "")
	if err != nil {
		return sc, err
	}
	if !t.has("game") {
		return sc, t.err("game", "missing: every scenario names its game")
	}
	g, err := findGame(gname)
	if err != nil {
		return sc, t.err("game", "%v", err)
	}
	sc.Game = g
	bots := g.Bots()
	if len(bots) == 0 {
		return sc, t.err("game", "game %q has no bots", gname)
	}
	bname, err := t.str("bot", bots[0].Name)
	if err != nil {
		return sc, err
	}
	if sc.Bot, err = findBot(t.doc, g, bname); err != nil {
		return sc, t.err("bot", "%v", err)
	}
	_, sc.botExternal = t.doc.bots[bname]

	// Maps.
	if sc.Maps, sc.MapNames, err = parseMaps(t, g, dir, files); err != nil {
		return sc, err
	}

	// Budget.
	bt, budget, err := budgetTable(t)
	if err != nil {
		return sc, err
	}
	if bt != nil {
		sc.Budget = budget
		sc.Budget.NodeRate = 0 // per map: MapBudget
		if err := parseClock(bt, &sc.Budget, sc.MapNames, &sc.NodeRates, &sc.MeasureRates, nil); err != nil {
			return sc, err
		}
	}

	// Weight.
	if sc.Weight, err = t.number("weight", 1); err != nil {
		return sc, err
	}
	if !(sc.Weight > 0) || math.IsInf(sc.Weight, 0) {
		return sc, t.err("weight", "must be a positive number, got %s", game.FormatValue(sc.Weight))
	}

	// Random opening: the game's default (game.Opener) when the scenario
	// does not set it, so that deterministic bots do not repeat one game
	// (statistics.md §8).
	// External bots (declared in [bots]) are left without one: a contest
	// client expects the game from its first move.
	ext := false
	if fl, _, _ := t.strList("field"); t.doc.bots != nil {
		for _, name := range append(fl, bname) {
			if _, isExt := t.doc.bots[name]; isExt {
				ext = true
			}
		}
	}
	defOpening := int64(DefaultOpeningPlies(g, ext))
	op, err := t.within("opening_plies", defOpening, 0, 1000)
	if err != nil {
		return sc, err
	}
	if ml := g.Info().MaxLength; ml > 0 && op >= int64(ml) {
		return sc, t.err("opening_plies", "%d random plies would fill a whole game: %s lasts at most %d plies", op, gname, ml)
	}
	sc.OpeningPlies = int(op)

	// Field.
	field, _, err := t.strList("field")
	if err != nil {
		return sc, err
	}
	seen := map[string]bool{}
	for i, f := range field {
		at := append(t.sub("field"), idxSeg(i))
		fb, err := resolveFieldBot(t.doc, at, g, dir, f)
		if err != nil {
			return sc, err
		}
		if fb.Path != "" {
			*files = append(*files, File{Name: f, Path: fb.Path})
		}
		if seen[fb.Name] {
			return sc, t.doc.errAt(at, fmt.Sprintf("field bot %q is listed twice", fb.Name))
		}
		seen[fb.Name] = true
		sc.Field = append(sc.Field, fb)
	}
	if t.has("cost") {
		c, err := t.str("cost", "")
		if err != nil {
			return sc, err
		}
		d, perr := time.ParseDuration(c)
		if perr != nil || d <= 0 {
			return sc, t.err("cost", "want the CPU time of one game, such as \"1.5s\", got %q", c)
		}
		sc.Cost = d
	}
	return sc, nil
}

// parseMaps reads a table's maps (a scenario's, the gate's): names,
// globs and folders (expandMapName), resolved against dir; the game's
// default map when the key is absent. Map files read are added to files.
func parseMaps(t *tomlTable, g game.Game, dir string, files *[]File) ([]game.Map, []string, error) {
	names, given, err := t.strList("maps")
	if err != nil {
		return nil, nil, err
	}
	if !given {
		if ms := g.Maps(); len(ms) > 0 {
			names = []string{ms[0]}
		} else {
			names = []string{""}
		}
	} else if len(names) == 0 {
		return nil, nil, t.err("maps", "empty: leave maps out for the game's default map, or list at least one")
	}
	type entry struct {
		name string
		idx  int // the entry of maps it comes from
	}
	var entries []entry
	for i, n := range names {
		ns, err := expandMapName(g, dir, n)
		if err != nil {
			return nil, nil, t.doc.errAt(append(t.sub("maps"), idxSeg(i)), err.Error())
		}
		for _, n := range ns {
			entries = append(entries, entry{n, i})
		}
	}
	var maps []game.Map
	var mapNames []string
	for _, e := range entries {
		n := e.name
		rn := resolveMapName(g, dir, n)
		mp, err := g.LoadMap(rn)
		if err != nil {
			return nil, nil, t.doc.errAt(append(t.sub("maps"), idxSeg(e.idx)), err.Error())
		}
		if n != "" && !slices.Contains(g.Maps(), n) && fileExists(rn) {
			*files = append(*files, File{Name: n, Path: rn})
		}
		maps = append(maps, mp)
		if n == "" {
			n = mp.Name()
		}
		mapNames = append(mapNames, n)
	}
	return maps, mapNames, nil
}

// resolveMapName passes built-in map names through and resolves relative
// file names against dir. A name that is neither built-in nor an existing
// file relative to dir goes to the game as written, so that games with
// named map families (Tourality's "gen:101") and files relative to the
// working directory work too.
func resolveMapName(g game.Game, dir, name string) string {
	if name == "" || slices.Contains(g.Maps(), name) || filepath.IsAbs(name) {
		return name
	}
	if p := filepath.Join(dir, name); fileExists(p) {
		return p
	}
	return name
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// budgetTable is t's [budget] table (nil when there is none) and the
// budget its keys set (parseBudgetTable; its clock is the caller's).
func budgetTable(t *tomlTable) (*tomlTable, game.Budget, error) {
	bt, err := t.table("budget")
	if err != nil || bt == nil {
		return nil, game.Budget{}, err
	}
	b, err := parseBudgetTable(bt)
	return bt, b, err
}

func parseBudgetTable(t *tomlTable) (game.Budget, error) {
	var b game.Budget
	if err := t.allow(budgetKeys...); err != nil {
		return b, err
	}
	var ks []string
	for _, k := range t.keys() {
		if k == "depth" || k == "nodes" || k == "time" {
			ks = append(ks, k)
		}
	}
	if len(ks) > 1 {
		return b, t.err(ks[1], "a budget sets one of depth, nodes or time, not %s", strings.Join(ks, " and "))
	}
	if t.has("depth") {
		n, err := t.atLeast("depth", 0, 1, math.MaxInt32)
		if err != nil {
			return b, err
		}
		b.Depth = int(n)
	}
	if t.has("nodes") {
		n, err := t.atLeast("nodes", 0, 1, math.MaxInt64)
		if err != nil {
			return b, err
		}
		b.Nodes = n
	}
	if t.has("time") {
		s, err := t.str("time", "")
		if err != nil {
			return b, err
		}
		d, err := time.ParseDuration(s)
		if err != nil {
			return b, t.err("time", "%q is not a duration (write e.g. \"50ms\", \"1.5s\")", s)
		}
		if d <= 0 {
			return b, t.err("time", "must be positive, got %q", s)
		}
		b.Time = d
	}
	if !t.has("node_rate") || isInt(t.m["node_rate"]) {
		if err := parseClock(t, &b, nil, nil, nil, nil); err != nil {
			return b, err
		}
	}
	return b, nil
}

func isInt(v any) bool { _, ok := v.(int64); return ok }

// resolveFieldBot reads a field entry: a bot of the game, or a bot config
// file (resolved against dir) of the same game.
func resolveFieldBot(doc *tomlDoc, at []string, g game.Game, dir, ref string) (FieldBot, error) {
	if spec, ok := doc.extBot(g, ref); ok {
		return FieldBot{Name: ref, Spec: spec, Params: spec.Defaults()}, nil
	}
	for _, b := range g.Bots() {
		if b.Name == ref {
			return FieldBot{Name: ref, Spec: b, Params: b.Defaults()}, nil
		}
	}
	if !strings.HasSuffix(ref, ".toml") && !strings.ContainsAny(ref, `/\`) {
		_, err := game.FindBot(g, ref)
		return FieldBot{}, doc.errAt(at, fmt.Sprintf("%v, and %q is not a bot config file (*.toml)", err, ref))
	}
	path := ref
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	data, err := readInput(path)
	if err != nil {
		ie := err.(*InputError)
		return FieldBot{}, doc.errAt(at, fmt.Sprintf("bot config %s: %s", path, ie.Message))
	}
	bc, err := ParseBotConfig(path, data)
	if err != nil {
		return FieldBot{}, err
	}
	if bc.Game != g.Info().Name {
		return FieldBot{}, doc.errAt(at, fmt.Sprintf("%s is a bot config for game %q, the scenario plays %q", ref, bc.Game, g.Info().Name))
	}
	name := filepath.Base(ref)
	name = strings.TrimSuffix(name, filepath.Ext(name))
	return FieldBot{Name: name, Spec: bc.Spec, Params: bc.Resolved, Path: path}, nil
}

// checkAll checks value v of parameter name against every scenario's bot
// and returns it as the first scenario's bot types it, or a message.
func (s *Space) checkAll(name string, v any) (any, string) {
	var first any
	for i, sc := range s.Scenarios {
		p, ok := sc.Bot.Param(name)
		if !ok {
			e := &game.UnknownParamError{Bot: sc.Bot.Name, Name: name, Known: sc.Bot.ParamNames()}
			return nil, e.Error()
		}
		cv, err := p.Check(v)
		if err != nil {
			if len(s.Scenarios) > 1 {
				return nil, fmt.Sprintf("%v (bot %q of scenario %d)", err, sc.Bot.Name, i+1)
			}
			return nil, err.Error()
		}
		if i == 0 {
			first = cv
		}
	}
	return first, ""
}

func (s *Space) parseGenerate(t *tomlTable) error {
	s.Generate = GenerateConfig{Method: "grid", IncludeDefaults: true}
	if t == nil {
		return nil
	}
	if err := t.allow(append([]string{"method", "samples", "include_defaults"}, continuousKeys...)...); err != nil {
		return err
	}
	var err error
	if s.Generate.Method, err = t.str("method", "grid"); err != nil {
		return err
	}
	switch s.Generate.Method {
	case "grid", "sweep", "random", "lhs", "staged", "factorial", "spsa", "cmaes":
	default:
		return t.err("method", "%q is not a method (grid, sweep, random, lhs, staged, factorial, spsa or cmaes)", s.Generate.Method)
	}
	if err := s.parseContinuous(t); err != nil { // spsa, cmaes (continuous.go)
		return err
	}
	n, err := t.integer("samples", 0)
	if err != nil {
		return err
	}
	if t.has("samples") && (n < 1 || n > maxVariants) {
		return t.err("samples", "must be between 1 and %d, got %d", maxVariants, n)
	}
	s.Generate.Samples = int(n)
	if (s.Generate.Method == "random" || s.Generate.Method == "lhs") && n < 1 {
		return t.err("samples", "method %s needs samples (the number of points to draw, at least 1)", s.Generate.Method)
	}
	if s.Generate.IncludeDefaults, err = t.boolean("include_defaults", true); err != nil {
		return err
	}
	return nil
}

func (s *Space) parseTournament(t *tomlTable) error {
	s.Tournament = TournamentConfig{Format: "knockout", Group: 2, Advance: 1, Points: "rank",
		Confidence: 0.95, Bootstrap: 1000, ConfirmGames: 1000, ConfirmElo: [2]float64{0, 10}}
	tc := &s.Tournament
	defConf := 0.95
	if IsContinuous(s.Generate.Method) {
		// one final point against the defaults: a false "better" in at
		// most 1 % of runs (continuous.go)
		defConf = 0.99
		tc.Confidence = defConf
	}
	if t == nil {
		return nil
	}
	if err := t.allow("format", "group", "advance", "games", "min_blocks", "max_games", "confidence", "points",
		"bootstrap", "confirm", "confirm_games", "confirm_elo", "holdout", "eta", "finalists", "rung_blocks", "budget", "gauntlet"); err != nil {
		return err
	}
	var err error
	if tc.Format, err = t.str("format", "knockout"); err != nil {
		return err
	}
	if tc.Format != "knockout" && tc.Format != "race" && tc.Format != "halving" {
		return t.err("format", "%q is not a tournament format (knockout, race or halving)", tc.Format)
	}
	if err := s.parseHalving(t); err != nil {
		return err
	}
	group, err := t.inRange("group", 2, 2, 1000, "must be at least 2 (and at most 1000)")
	if err != nil {
		return err
	}
	tc.Group = int(group)
	adv, err := t.inRange("advance", 1, 1, group-1, fmt.Sprintf("must be at least 1 and less than group (%d)", group))
	if err != nil {
		return err
	}
	tc.Advance = int(adv)
	if t.has("games") && t.has("min_blocks") {
		return t.err("games", "give min_blocks or games, not both (games is the older name: games per scenario and map before the first test)")
	}
	games, err := t.integer("games", 0)
	if err != nil {
		return err
	}
	if t.has("games") && (games < 1 || games > 1000000) {
		return t.err("games", "must be at least 1, got %d", games)
	}
	if games > 0 {
		// games per scenario and map before the first test, in whole
		// blocks (a block seats everybody in every seat once)
		most := 2
		for _, sc := range s.Scenarios {
			for _, m := range sc.Maps {
				most = min(most, m.Players())
			}
		}
		tc.MinBlocks = int((games + int64(most) - 1) / int64(most))
	}
	mb, err := t.integer("min_blocks", int64(tc.MinBlocks))
	if err != nil {
		return err
	}
	if t.has("min_blocks") && (mb < 1 || mb > 100000) {
		return t.err("min_blocks", "must be between 1 and 100000, got %d", mb)
	}
	tc.MinBlocks = int(mb)
	mg, err := t.integer("max_games", 0)
	if err != nil {
		return err
	}
	if t.has("max_games") && (mg < 1 || mg > 1e9) {
		return t.err("max_games", "must be at least 1, got %d", mg)
	}
	tc.MaxGames = int(mg)
	if tc.Confidence, err = t.number("confidence", defConf); err != nil {
		return err
	}
	if !(tc.Confidence >= 0.5 && tc.Confidence < 1) {
		return t.err("confidence", "must be at least 0.5 and less than 1, got %s", game.FormatValue(tc.Confidence))
	}
	if tc.Points, err = t.str("points", "rank"); err != nil {
		return err
	}
	if tc.Points != "rank" {
		return t.err("points", "%q is not a points rule (the only one is rank)", tc.Points)
	}
	bs, err := t.inRange("bootstrap", 1000, 100, 100000, "must be between 100 and 100000 refits")
	if err != nil {
		return err
	}
	tc.Bootstrap = int(bs)
	if tc.Confirm, err = t.boolean("confirm", false); err != nil {
		return err
	}
	hold, err := t.boolean("holdout", true)
	if err != nil {
		return err
	}
	tc.NoHoldOut = !hold
	return t.gsprtKeys("confirm_games", 1000, "confirm_elo", &tc.ConfirmGames, &tc.ConfirmElo)
}

// parseHalving reads the halving and budget keys of [tournament].
func (s *Space) parseHalving(t *tomlTable) error {
	tc := &s.Tournament
	tc.Eta, tc.Finalists, tc.RungBlocks = 3, 4, 0
	if tc.Format != "halving" {
		// its keys elsewhere: checkKeyUse; a continuous method's budget
		// sets its length
		if !IsContinuous(s.Generate.Method) || !t.has("budget") {
			return nil
		}
		if s.Generate.Continuous.RoundsSet {
			return t.err("budget", "sets the length of method %s's search: give the budget or [generate] iterations/generations, not both", s.Generate.Method)
		}
		return s.parseBudget(t)
	}
	if t.has("gauntlet") {
		g, err := t.boolean("gauntlet", false)
		if err != nil {
			return err
		}
		tc.Gauntlet = g
		if g {
			if err := s.checkGauntlet(t); err != nil {
				return err
			}
		}
	}
	if t.has("budget") && t.has("rung_blocks") {
		return t.err("rung_blocks", "give budget or rung_blocks, not both (rung_blocks sizes the first rung instead of a budget, and the budget would not be kept)")
	}
	for _, k := range []struct {
		key    string
		dst    *int
		lo, hi int64
		what   string
	}{
		{"eta", &tc.Eta, 2, 10, "the factor of every rung"},
		{"finalists", &tc.Finalists, 2, 64, "the candidates of the last rung"},
		{"rung_blocks", &tc.RungBlocks, 1, 10000, "blocks a candidate plays in the first rung"},
	} {
		if !t.has(k.key) {
			continue
		}
		v, err := t.integer(k.key, int64(*k.dst))
		if err != nil {
			return err
		}
		if v < k.lo || v > k.hi {
			return t.err(k.key, "must be between %d and %d (%s), got %d", k.lo, k.hi, k.what, v)
		}
		*k.dst = int(v)
	}
	if !t.has("budget") {
		return nil
	}
	return s.parseBudget(t)
}

// checkGauntlet says what a gauntlet needs: a field in every scenario
// (the later rungs play nothing else), the defaults among the variants
// (every gain is paired with theirs) and a method that plays one halving
// tournament.
func (s *Space) checkGauntlet(t *tomlTable) error {
	if s.Generate.Method == "staged" {
		return t.err("gauntlet", "is a setting of one halving tournament; method staged plays a tournament per stage and ignores it")
	}
	if !s.Generate.IncludeDefaults {
		return t.err("gauntlet", "rates every variant by its points against the field less the defaults' on the same deals: it needs the defaults among the variants (remove [generate] include_defaults = false)")
	}
	for i, sc := range s.Scenarios {
		if len(sc.Field) == 0 {
			return t.err("gauntlet", "needs a field in every scenario (the rungs after the first play the variants against the field only), and scenario %d has none: add field = [\"BOT\"] or field = [\"file.toml\"] to it", i+1)
		}
	}
	return nil
}

// parseBudget reads [tournament] budget: games or a CPU time.
func (s *Space) parseBudget(t *tomlTable) error {
	tc := &s.Tournament
	switch v := t.m["budget"].(type) {
	case int64:
		if v < 1 || v > 1e9 {
			return t.err("budget", "must be at least 1 game, got %d", v)
		}
		tc.BudgetGames = int(v)
	case string:
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second {
			return t.err("budget", "want a CPU time such as \"1h\" or \"30m\" (at least 1s), or a number of games, got %q", v)
		}
		tc.BudgetCPU = d
	default:
		return t.err("budget", "want a CPU time such as \"1h\", or a number of games such as 5000, found %s", describeTOML(t.m["budget"]))
	}
	return nil
}

// parseEffects reads [effects]: interactions = [["a", "b"], ...].
func (s *Space) parseEffects(t *tomlTable) error {
	if t == nil {
		return nil
	}
	if err := t.allow("interactions"); err != nil {
		return err
	}
	if !t.has("interactions") {
		return nil
	}
	list, ok := t.m["interactions"].([]any)
	bad := func() error {
		return t.err("interactions", "want a list of parameter pairs, e.g. [[\"x1\", \"x3\"], [\"x2\", \"x5\"]]")
	}
	if !ok {
		return bad()
	}
	known := map[string]bool{}
	for _, p := range s.Params {
		known[p.Name] = true
	}
	seen := map[[2]string]bool{}
	for _, x := range list {
		pair, ok := x.([]any)
		if !ok || len(pair) != 2 {
			return bad()
		}
		a, ok1 := pair[0].(string)
		b, ok2 := pair[1].(string)
		if !ok1 || !ok2 {
			return bad()
		}
		for _, n := range []string{a, b} {
			if !known[n] {
				return t.err("interactions", "%q is not a varied parameter ([params]: %s)", n, strings.Join(s.ParamNames(), ", "))
			}
		}
		if a == b {
			return t.err("interactions", "%q with itself is not a two-way interaction", a)
		}
		key := [2]string{a, b}
		if a > b {
			key = [2]string{b, a}
		}
		if !seen[key] {
			seen[key] = true
			s.Interactions = append(s.Interactions, [2]string{a, b})
		}
	}
	return nil
}

// parseParam reads params.NAME.
func (s *Space) parseParam(params *tomlTable, name string) (ParamRange, error) {
	pr := ParamRange{Name: name}
	raw := params.m[name]
	m, ok := raw.(map[string]any)
	if !ok {
		return pr, params.err(name, "expected a table such as { values = [1, 2, 3] } or { min = 1, max = 5 }, found %s", describeTOML(raw))
	}
	t := &tomlTable{doc: params.doc, path: params.sub(name), m: m}
	if err := t.allow("values", "min", "max", "steps", "scale", "c_end", "r_end", "start"); err != nil {
		return pr, err
	}
	// Known to every scenario's bot?
	for _, sc := range s.Scenarios {
		if _, ok := sc.Bot.Param(name); !ok {
			e := &game.UnknownParamError{Bot: sc.Bot.Name, Name: name, Known: sc.Bot.ParamNames()}
			return pr, params.err(name, "%s", e.Error())
		}
	}
	pr.Param, _ = s.Scenarios[0].Bot.Param(name)
	if _, ok := s.Base[name]; ok {
		return pr, params.err(name, "is set in [base] too: a parameter is either fixed or varied")
	}
	kind := pr.Param.Kind
	numeric := kind == game.Int || kind == game.Float
	if !numeric {
		for _, k := range []string{"min", "max", "steps", "scale"} {
			if t.has(k) {
				return pr, t.err(k, "%s is a %s parameter: it takes values = [...], not min, max, steps or scale", name, kind)
			}
		}
		if !t.has("values") {
			return pr, params.err(name, "%s is a %s parameter: give its values, e.g. { values = %s }", name, kind, exampleValues(pr.Param))
		}
	}

	if t.has("values") {
		for _, k := range []string{"min", "max", "steps", "scale"} {
			if t.has(k) {
				return pr, t.err(k, "give either values or a range (min, max, steps, scale), not both")
			}
		}
		arr, ok := t.m["values"].([]any)
		if !ok {
			return pr, t.err("values", "expected an array, found %s", describeTOML(t.m["values"]))
		}
		if len(arr) == 0 {
			return pr, t.err("values", "must list at least one value")
		}
		seen := map[string]int{}
		for i, x := range arr {
			at := append(t.sub("values"), idxSeg(i))
			v, ok := plainValue(x)
			if !ok {
				return pr, t.doc.errAt(at, fmt.Sprintf("expected a number, boolean or string, found %s", describeTOML(x)))
			}
			cv, msg := s.checkAll(name, v)
			if msg != "" {
				return pr, t.doc.errAt(at, msg)
			}
			k := game.FormatValue(cv)
			if j, dup := seen[k]; dup {
				return pr, t.doc.errAt(at, fmt.Sprintf("value %s is listed twice (positions %d and %d)", k, j+1, i+1))
			}
			seen[k] = i
			pr.Values = append(pr.Values, cv)
		}
		return pr, s.parseStep(t, &pr) // spsa, cmaes (continuous.go)
	}

	// A numeric range.
	if !t.has("min") || !t.has("max") {
		return pr, params.err(name, "give values = [...], or min and max")
	}
	ends := [2]any{}
	for i, k := range []string{"min", "max"} {
		v, ok := t.m[k].(int64)
		var x any = v
		if !ok {
			f, isF := t.m[k].(float64)
			if !isF {
				return pr, t.err(k, "expected a number, found %s", describeTOML(t.m[k]))
			}
			x = f
		}
		cv, msg := s.checkAll(name, x)
		if msg != "" {
			return pr, t.err(k, "%s", msg)
		}
		ends[i] = cv
	}
	pr.Min, pr.Max = ends[0], ends[1]
	lo, hi := ToFloat(pr.Min), ToFloat(pr.Max)
	if lo > hi {
		return pr, params.err(name, "min %s is greater than max %s", game.FormatValue(pr.Min), game.FormatValue(pr.Max))
	}
	steps, err := t.integer("steps", 0)
	if err != nil {
		return pr, err
	}
	if t.has("steps") && (steps < 2 || steps > maxVariants) {
		return pr, t.err("steps", "must be at least 2 (both ends are included), got %d", steps)
	}
	pr.Steps = int(steps)
	scale, err := t.str("scale", "linear")
	if err != nil {
		return pr, err
	}
	switch scale {
	case "linear":
	case "log":
		pr.Log = true
		if !(lo > 0) {
			return pr, t.err("scale", "a log scale needs min > 0, got min %s", game.FormatValue(pr.Min))
		}
	default:
		return pr, t.err("scale", "%q is not a scale (linear or log)", scale)
	}

	isInt := kind == game.Int
	switch {
	case pr.Steps > 0:
		pr.Values = stepValues(pr.Param, lo, hi, pr.Steps, pr.Log)
	case isInt && !IsContinuous(s.Generate.Method): // spsa and cmaes move through the range (parseStep)
		if pr.Log {
			return pr, t.err("scale", "an integer range without steps uses every value; add steps to space them on a log scale")
		}
		if hi-lo+1 > maxVariants {
			return pr, params.err(name, "the range %s..%s has more than %d values: add steps", game.FormatValue(pr.Min), game.FormatValue(pr.Max), maxVariants)
		}
		for n := int(lo); n <= int(hi); n++ {
			pr.Values = append(pr.Values, n)
		}
	default:
		pr.Continuous = true
		if m := s.Generate.Method; m == "grid" || m == "sweep" || m == "staged" {
			return pr, params.err(name, "a float range needs steps (or values) for method %s, e.g. { min = %s, max = %s, steps = 5 }", m, game.FormatValue(pr.Min), game.FormatValue(pr.Max))
		}
	}
	return pr, s.parseStep(t, &pr) // spsa, cmaes (continuous.go)
}

func exampleValues(p game.Param) string {
	switch p.Kind {
	case game.Bool:
		return "[true, false]"
	case game.String:
		q := make([]string, len(p.Choices))
		for i, c := range p.Choices {
			q[i] = quoteString(c)
		}
		return "[" + strings.Join(q, ", ") + "]"
	}
	return "[...]"
}

// ToFloat is a parameter value (int, int64 or float64) as a float64; NaN
// for any other value.
func ToFloat(v any) float64 {
	switch x := v.(type) {
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case float64:
		return x
	}
	return math.NaN()
}

// ParamNames lists the varied parameters in file order.
func (s *Space) ParamNames() []string {
	names := make([]string, len(s.Params))
	for i, p := range s.Params {
		names[i] = p.Name
	}
	return names
}

// DefaultParams returns the default configuration of scenario sc's bot:
// its defaults overridden by the space's base. It is the filler of empty
// seats and variant 0 when include_defaults is set.
func (s *Space) DefaultParams(sc int) game.Params {
	spec := s.Scenarios[sc].Bot
	p, err := spec.Resolve(s.Base)
	if err != nil { // cannot happen: base is checked against every bot
		return spec.Defaults()
	}
	return p
}

// BotParams returns the complete parameters of variant v for scenario
// sc's bot: bot defaults, then base, then the variant's values.
func (s *Space) BotParams(sc int, v Variant) (game.Params, error) {
	vals := make(map[string]any, len(s.Base)+len(v.Values))
	for k, x := range s.Base {
		vals[k] = x
	}
	if !v.Default {
		for k, x := range v.Values {
			vals[k] = x
		}
	}
	p, err := s.Scenarios[sc].Bot.Resolve(vals)
	if err != nil {
		return nil, fmt.Errorf("variant %d, scenario %d: %w", v.ID, sc+1, err)
	}
	return p, nil
}

// AddBase adds a bot config's parameters to the space's fixed ones (sweep
// --base FILE); they override [base]. Every scenario must play the
// config's game and bot. A parameter that is also varied keeps its range:
// the config's value becomes its default (variant 0, and the centre of a
// sweep). The variants are generated again.
func (s *Space) AddBase(path string, bc *BotConfig) error {
	for i, sc := range s.Scenarios {
		if sc.Game.Info().Name != bc.Game || sc.Bot.Name != bc.Bot {
			return &InputError{File: path, Key: "bot", Message: fmt.Sprintf("the config is for %s %s, but scenario %d plays %s %s",
				bc.Game, bc.Bot, i+1, sc.Game.Info().Name, sc.Bot.Name)}
		}
	}
	base := make(map[string]any, len(s.Base)+len(bc.Params))
	for k, v := range s.Base {
		base[k] = v
	}
	for _, k := range bc.Spec.ParamNames() {
		v, ok := bc.Params[k]
		if !ok {
			continue
		}
		cv, msg := s.checkAll(k, v)
		if msg != "" {
			return &InputError{File: path, Key: "params." + k, Message: msg}
		}
		base[k] = cv
	}
	old := s.Base
	s.Base = base
	if err := s.regenerate(); err != nil {
		s.Base = old
		return &InputError{File: path, Message: err.Error()}
	}
	return nil
}
