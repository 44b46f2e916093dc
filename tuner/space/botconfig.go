package space

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"tourney/engines/game"
)

// BotConfig is a bot config file (product.md §4):
//
//	game = "connect4"
//	bot  = "alphabeta"
//	[params]
//	depth = 9
//
// Any parameter left out keeps its default.
type BotConfig struct {
	Path string // the file as named by the caller
	Game string // game name
	Bot  string // bot name (default: the game's first bot)
	// Params holds the values the file sets, checked and typed.
	Params map[string]any
	// Budget is the per-move budget under which the configuration was
	// tested ([budget], written by promote); zero when the file has none.
	Budget game.Budget
	// NodeRates are a clock budget's node rates by map name when the
	// file's node_rate is a table (node_rate = { duel10 = 950000, ... },
	// as a space's scenario gives them); Budget.NodeRate is then 0 and a
	// game on a map takes that map's rate (MapBudget).
	NodeRates map[string]int64
	ratesAt   InputError // where node_rate is written
	// OpeningPlies are the random plies that opened the sweep's deals
	// (opening_plies, written by the sweep when they are not what a match
	// of the bot opens with by default); -1 when the file does not say.
	OpeningPlies int

	GameImpl game.Game
	Spec     game.BotSpec
	// Resolved is the complete parameter set: the bot's defaults
	// overridden by Params.
	Resolved game.Params

	external map[string]extBot // the file's [bots.NAME] tables (OwnBot)
}

// LoadBotConfig reads and checks a bot config file. Errors are
// *InputError values naming the file, line, column and key (e.g.
// "params.depth").
func LoadBotConfig(path string) (*BotConfig, error) { return loadFile(path, ParseBotConfig) }

// ParseBotConfig checks a bot config given as bytes; path names it in
// messages.
func ParseBotConfig(path string, data []byte) (*BotConfig, error) {
	m, doc, err := decodeTOML(path, data)
	if err != nil {
		return nil, err
	}
	root := &tomlTable{doc: doc, m: m}
	if err := root.allow("game", "bot", "opening_plies", "params", "budget", "bots"); err != nil {
		return nil, err
	}
	if err := parseBots(root, filepath.Dir(path)); err != nil {
		return nil, err
	}
	bc := &BotConfig{Path: path, Params: map[string]any{}, external: doc.bots, OpeningPlies: -1}
	if bc.Game, err = root.str("game", ""); err != nil {
		return nil, err
	}
	if !root.has("game") {
		return nil, root.err("game", "missing: a bot config names its game, e.g. game = \"connect4\"")
	}
	if bc.GameImpl, err = findGame(bc.Game); err != nil {
		return nil, root.err("game", "%v", err)
	}
	bots := bc.GameImpl.Bots()
	if len(bots) == 0 {
		return nil, root.err("game", "game %q has no bots", bc.Game)
	}
	if bc.Bot, err = root.str("bot", bots[0].Name); err != nil {
		return nil, err
	}
	if bc.Spec, err = findBot(doc, bc.GameImpl, bc.Bot); err != nil {
		return nil, root.err("bot", "%v", err)
	}
	if root.has("opening_plies") {
		op, err := root.within("opening_plies", 0, 0, 1000)
		if err != nil {
			return nil, err
		}
		if ml := bc.GameImpl.Info().MaxLength; ml > 0 && op >= int64(ml) {
			return nil, root.err("opening_plies", "%d random plies would fill a whole game: %s lasts at most %d plies", op, bc.Game, ml)
		}
		bc.OpeningPlies = int(op)
	}
	pt, err := root.table("params")
	if err != nil {
		return nil, err
	}
	if pt != nil {
		for _, k := range pt.keys() {
			p, ok := bc.Spec.Param(k)
			if !ok {
				e := &game.UnknownParamError{Bot: bc.Spec.Name, Name: k, Known: bc.Spec.ParamNames()}
				return nil, pt.err(k, "%s", e.Error())
			}
			v, ok := plainValue(pt.m[k])
			if !ok {
				return nil, pt.err(k, "expected a number, boolean or string, found %s", describeTOML(pt.m[k]))
			}
			cv, err := p.Check(v)
			if err != nil {
				return nil, pt.err(k, "%v", err)
			}
			bc.Params[k] = cv
		}
	}
	bt, budget, err := budgetTable(root)
	if err != nil {
		return nil, err
	}
	if bt != nil {
		bc.Budget = budget
		if err := parseClock(bt, &bc.Budget, nil, nil, nil, &bc.NodeRates); err != nil {
			return nil, err // no "measure": the rates it was tested under
		}
		if bc.NodeRates != nil {
			bc.ratesAt = *bt.err("node_rate", "")
		}
	}
	if bc.Resolved, err = bc.Spec.Resolve(bc.Params); err != nil {
		return nil, root.err("params", "%v", err)
	}
	return bc, nil
}

// MapBudget is the budget of the config's games on a map: Budget, with
// the map's node rate when node_rate is a table by map. names are the
// map's names (as the user gave it, as the game names it): the first the
// table has rules. A map the table lacks is an error naming the file,
// line and key, to be reported before any game is played.
func (bc *BotConfig) MapBudget(names ...string) (game.Budget, error) {
	b := bc.Budget
	if bc.NodeRates == nil {
		return b, nil
	}
	for _, n := range names {
		if r, ok := bc.NodeRates[n]; ok {
			b.NodeRate = r
			return b, nil
		}
	}
	e := bc.ratesAt
	have := make([]string, 0, len(bc.NodeRates))
	for n := range bc.NodeRates {
		have = append(have, n)
	}
	sort.Strings(have)
	name := ""
	for _, n := range names {
		if name == "" {
			name = n
		}
	}
	e.Message = fmt.Sprintf("no node rate for map %s (the table has %s): give its rate, or play the maps the config was tested on", name, strings.Join(have, ", "))
	return b, &e
}

// CheckMaps reports the first of maps (names as given; the maps) the
// config's node_rate table has no rate for (MapBudget).
func (bc *BotConfig) CheckMaps(names []string, maps []game.Map) error {
	for i, m := range maps {
		if _, err := bc.MapBudget(names[i], m.Name()); err != nil {
			return err
		}
	}
	return nil
}

// WriteBotConfig writes a bot config file: game, bot and a [params] table
// with the parameters in the bot's declaration order (all of them, or only
// those that differ from the defaults when onlyNonDefault is set). Values
// are written with game.FormatValue, strings quoted; the output is
// deterministic and reads back with LoadBotConfig. Parameters of p the
// bot does not declare are left out.
func WriteBotConfig(w io.Writer, gameName, botName string, spec game.BotSpec, p game.Params, onlyNonDefault bool) error {
	return WriteTestedConfig(w, gameName, botName, spec, p, onlyNonDefault, -1)
}

// WriteTestedConfig is WriteBotConfig with the opening the configuration
// was tested under: opening_plies = opening (none when negative), for
// tourney match to open as the sweep did.
func WriteTestedConfig(w io.Writer, gameName, botName string, spec game.BotSpec, p game.Params, onlyNonDefault bool, opening int) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("game = " + quoteString(gameName) + "\n")
	bw.WriteString("bot = " + quoteString(botName) + "\n")
	if opening >= 0 {
		fmt.Fprintf(bw, "opening_plies = %d # the sweep's random plies a deal: tourney match opens the same\n", opening)
	}
	bw.WriteString("\n[params]\n")
	for _, d := range spec.Params {
		v, ok := p[d.Name]
		if !ok {
			continue
		}
		if onlyNonDefault && ValueEqual(v, d.Default) {
			continue
		}
		bw.WriteString(quoteKey(d.Name) + " = " + tomlValue(v) + "\n")
	}
	return bw.Flush()
}

// WriteBudget appends a [budget] table (nothing for a zero budget): what
// is promoted is what was tested (statistics.md §5). A clock's node rate
// is b.NodeRate when set (one for every map), else the table of rates
// (declared or measured) of the maps names, in their order.
func WriteBudget(w io.Writer, b game.Budget, names []string, rates []int64) {
	switch {
	case b.Depth > 0:
		fmt.Fprintf(w, "\n[budget]\ndepth = %d\n", b.Depth)
	case b.Nodes > 0:
		fmt.Fprintf(w, "\n[budget]\nnodes = %d\n", b.Nodes)
	case b.Time > 0:
		fmt.Fprintf(w, "\n[budget]\ntime = %s\n", quoteString(b.Time.String()))
		if b.NodeRate > 0 {
			fmt.Fprintf(w, "node_rate = %d\n", b.NodeRate)
		} else if len(rates) > 0 && len(rates) == len(names) {
			var kv []string
			seen := map[string]bool{}
			for i, n := range names {
				if rates[i] > 0 && !seen[n] { // a map named twice has one rate
					seen[n] = true
					kv = append(kv, fmt.Sprintf("%s = %d", quoteKey(n), rates[i]))
				}
			}
			if len(kv) > 0 {
				fmt.Fprintf(w, "node_rate = { %s }\n", strings.Join(kv, ", "))
			}
		}
		if b.Bank {
			fmt.Fprintf(w, "bank = true\n")
		}
	}
}

// tomlValue writes a parameter value as a TOML value.
func tomlValue(v any) string {
	switch x := v.(type) {
	case string:
		return quoteString(x)
	case float64:
		switch {
		case math.IsNaN(x):
			return "nan"
		case math.IsInf(x, 1):
			return "inf"
		case math.IsInf(x, -1):
			return "-inf"
		}
		s := game.FormatValue(x)
		// TOML wants digits on both sides of a point ("1e+06" is fine).
		if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "-.") {
			s = strings.Replace(s, ".", "0.", 1)
		}
		return s
	}
	return game.FormatValue(v)
}
