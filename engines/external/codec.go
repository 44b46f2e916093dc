package external

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"tourney/engines/game"
)

// Protocol is the JSON-lines protocol's name and version, sent in hello.
// tourney/2 added turn ids: a turn's "id" is echoed by its action.
const Protocol = "tourney/2"

// helloOut is tourney's first message.
type helloOut struct {
	Type     string         `json:"type"`
	Protocol string         `json:"protocol"`
	Game     string         `json:"game"`
	Options  map[string]any `json:"options"`
}

// helloMsg is the bot's answer.
type helloMsg struct {
	Type     string       `json:"type"`
	Protocol string       `json:"protocol"` // "tourney/2": the bot echoes turn ids
	Name     string       `json:"name"`
	Params   []helloParam `json:"params"`
}

// helloParam is a parameter declared by a bot.
type helloParam struct {
	Name    string   `json:"name"`
	Type    string   `json:"type"`
	Default any      `json:"default"`
	Min     *float64 `json:"min"`
	Max     *float64 `json:"max"`
	Values  []string `json:"values"`
	Doc     string   `json:"doc"`
}

// newGameMsg starts a game.
type newGameMsg struct {
	Type    string         `json:"type"`
	Seed    string         `json:"seed"`
	Params  map[string]any `json:"params"`
	Seat    int            `json:"seat"`
	Players int            `json:"players"`
	Map     string         `json:"map"`
	MapData string         `json:"mapdata,omitempty"`
}

// endMsg ends a game.
type endMsg struct {
	Type   string    `json:"type"`
	Ranks  []int     `json:"ranks"`
	Scores []float64 `json:"scores"`
	Reason string    `json:"reason"`
}

// actionMsg is the bot's answer to a turn.
type actionMsg struct {
	Type   string          `json:"type"`
	ID     *string         `json:"id"`
	Action *string         `json:"action"`
	Info   json.RawMessage `json:"info"`
}

// maxLegalListed bounds the legal list of a turn message; with more legal
// actions (none of the five games today) the list is left out.
const maxLegalListed = 4096

// appendTurn appends a turn message: {"type":"turn","id":..,"ply":..,
// "player":..,"state":..,"legal":[..],"budget":{..}}.
func appendTurn(buf []byte, id string, s game.State, player int, b game.Budget, legal []game.Action) []byte {
	buf = append(buf, `{"type":"turn","id":`...)
	buf = appendString(buf, id)
	buf = append(buf, `,"ply":`...)
	buf = strconv.AppendInt(buf, int64(s.MoveNumber()), 10)
	buf = append(buf, `,"player":`...)
	buf = strconv.AppendInt(buf, int64(player), 10)
	buf = append(buf, `,"state":`...)
	if enc, ok := s.(game.JSONEncoder); ok {
		buf = enc.AppendJSON(buf, player)
	} else {
		buf = appendString(buf, s.String())
	}
	if len(legal) <= maxLegalListed {
		buf = append(buf, `,"legal":[`...)
		for i, a := range legal {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendString(buf, s.ActionString(player, a))
		}
		buf = append(buf, ']')
	}
	buf = append(buf, `,"budget":{"depth":`...)
	buf = strconv.AppendInt(buf, int64(b.Depth), 10)
	buf = append(buf, `,"nodes":`...)
	buf = strconv.AppendInt(buf, b.Nodes, 10)
	buf = append(buf, `,"time_ms":`...)
	buf = strconv.AppendInt(buf, b.Time.Milliseconds(), 10)
	buf = append(buf, "}}"...)
	return buf
}

// appendString appends s as a JSON string.
func appendString(buf []byte, s string) []byte {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			plain = false
			break
		}
	}
	if plain {
		buf = append(buf, '"')
		buf = append(buf, s...)
		return append(buf, '"')
	}
	q, _ := json.Marshal(s)
	return append(buf, q...)
}

// turnID is the id of a turn: the process's game number and the ply.
func turnID(buf []byte, games, ply int) []byte {
	buf = strconv.AppendInt(buf[:0], int64(games), 10)
	buf = append(buf, '.')
	return strconv.AppendInt(buf, int64(ply), 10)
}

// parseAction reads an action message and finds the action it names
// among legal (or, for games whose actions are their decimal notation, by
// parsing). Errors are FaultErrors: protocol for a malformed message or
// an answer to another turn than id, illegal for an action that is not
// legal. echoed reports whether the message carried an id.
func parseAction(line []byte, id string, s game.State, player int, legal []game.Action) (a game.Action, echoed bool, err error) {
	a, m, err := parseActionMsg(line, s, player, legal)
	if m.ID != nil {
		echoed = true
		if *m.ID != id {
			return game.NoAction, true, fault("protocol", "an answer to turn %q, not to the open turn %q (a stale or unsolicited line): %s", *m.ID, id, quoteLine(line))
		}
	}
	return a, echoed, err
}

func parseActionMsg(line []byte, s game.State, player int, legal []game.Action) (game.Action, *actionMsg, error) {
	m := &actionMsg{}
	a, err := parseActionInto(m, line, s, player, legal)
	return a, m, err
}

func parseActionInto(m *actionMsg, line []byte, s game.State, player int, legal []game.Action) (game.Action, error) {
	if err := json.Unmarshal(line, m); err != nil {
		return game.NoAction, fault("protocol", "expected an action message, got %s (%v)", quoteLine(line), err)
	}
	if m.Type != "action" {
		return game.NoAction, fault("protocol", "expected an action message, got type %q: %s", m.Type, quoteLine(line))
	}
	if m.Action == nil {
		return game.NoAction, fault("protocol", "action message without \"action\": %s", quoteLine(line))
	}
	str := *m.Action
	if n, err := strconv.Atoi(str); err == nil && n >= 0 && n <= math.MaxInt32 {
		if a := game.Action(n); s.ActionString(player, a) == str {
			if c, ok := s.(game.ActionChecker); ok {
				if c.IsLegal(player, a) {
					return a, nil
				}
				return game.NoAction, fault("illegal", "action %q is not legal", str)
			}
		}
	}
	for _, a := range legal {
		if s.ActionString(player, a) == str {
			return a, nil
		}
	}
	return game.NoAction, fault("illegal", "action %q is not legal", str)
}

// quoteLine shows a bot's line in an error, shortened.
func quoteLine(line []byte) string {
	if len(line) > 120 {
		return strconv.Quote(string(line[:120])) + "..."
	}
	return strconv.Quote(string(line))
}

func fault(reason, format string, args ...any) error {
	return &game.FaultError{Reason: reason, Err: fmt.Errorf(format, args...)}
}

// paramsJSON gives a bot's parameter values as a JSON object (sorted keys
// by encoding/json).
func paramsJSON(p game.Params) map[string]any {
	m := make(map[string]any, len(p))
	for k, v := range p {
		m[k] = v
	}
	return m
}

// ParamsFromHello converts the parameters a bot declared in its hello.
func paramsFromHello(hs []helloParam) ([]game.Param, error) {
	var out []game.Param
	seen := map[string]bool{}
	for i, h := range hs {
		if h.Name == "" {
			return nil, fmt.Errorf("hello: params[%d] has no name", i)
		}
		if seen[h.Name] {
			return nil, fmt.Errorf("hello: parameter %q declared twice", h.Name)
		}
		seen[h.Name] = true
		p, err := MakeParam(h.Name, h.Type, h.Default, h.Min, h.Max, h.Values)
		if err != nil {
			return nil, fmt.Errorf("hello: parameter %q: %v", h.Name, err)
		}
		p.Doc = h.Doc
		out = append(out, p)
	}
	return out, nil
}

// MakeParam builds a parameter declaration (from a bot's hello or a
// [bots.NAME] params table) and checks that its default is allowed.
func MakeParam(name, typ string, def any, min, max *float64, values []string) (game.Param, error) {
	p := game.Param{Name: name}
	switch typ {
	case "int", "float":
		p.Kind = game.Int
		if typ == "float" {
			p.Kind = game.Float
		}
		if min == nil || max == nil {
			return p, fmt.Errorf("an %s parameter needs min and max", typ)
		}
		if *min > *max {
			return p, fmt.Errorf("min %s is greater than max %s", game.FormatValue(*min), game.FormatValue(*max))
		}
		p.Min, p.Max = *min, *max
	case "bool":
		p.Kind = game.Bool
	case "string":
		p.Kind = game.String
		if len(values) == 0 {
			return p, fmt.Errorf("a string parameter needs values")
		}
		p.Choices = append([]string(nil), values...)
	default:
		return p, fmt.Errorf("type %q is not one of int, float, bool, string", typ)
	}
	if def == nil {
		return p, fmt.Errorf("no default")
	}
	if f, ok := def.(float64); ok && p.Kind == game.Int && f == math.Trunc(f) {
		def = int64(f)
	}
	d, err := p.Check(def)
	if err != nil {
		return p, fmt.Errorf("default: %v", err)
	}
	p.Default = d
	return p, nil
}
