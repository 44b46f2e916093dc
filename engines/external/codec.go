package external

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"tourney/engines/game"
)

// Protocol is the JSON-lines protocol's name and version, sent in hello.
// tourney/2 added turn ids (a turn's "id" is echoed by its action) and
// the clock (a turn's "clock"; a bot whose hello says "clock": "nodes"
// reports info.nodes with every action and is charged nodes/node_rate).
const Protocol = "tourney/2"

// Values of the bot's hello "clock" and of a turn's clock "kind".
const (
	ClockWall  = "wall"  // the move's time is wall time (the default)
	ClockNodes = "nodes" // the move's time is its info.nodes over the node rate
)

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
	// Clock "nodes": the bot counts its nodes, reports info.nodes with
	// every action, and plays a clock counted in nodes (doc.go).
	Clock string `json:"clock"`
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
// "player":..,"state":..,"legal":[..],"budget":{..},"clock":{..}}; the
// clock only under a time budget (appendClock).
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
	buf = append(buf, '}')
	if b.Time > 0 {
		buf = appendClock(append(buf, `,"clock":`...), b)
	}
	return append(buf, '}')
}

// appendClock appends a turn's clock: {"kind":"nodes","time_ms":..,
// "bank":..,"node_rate":..,"left_nodes":..,"left_ms":..} under a clock
// counted in nodes (b.NodeRate > 0: the bot announced "clock": "nodes"),
// {"kind":"wall","time_ms":..,"bank":false,"left_ms":..} on the wall
// clock. left_nodes is what the move may search: the bank's balance
// (this move's increment included) or, without a bank, time_ms worth of
// nodes; left_ms the same as time (left_nodes/node_rate, rounded down).
func appendClock(buf []byte, b game.Budget) []byte {
	kind := ClockWall
	if b.NodeRate > 0 {
		kind = ClockNodes
	}
	buf = append(buf, `{"kind":"`...)
	buf = append(buf, kind...)
	buf = append(buf, `","time_ms":`...)
	buf = strconv.AppendInt(buf, b.Time.Milliseconds(), 10)
	buf = append(buf, `,"bank":`...)
	buf = strconv.AppendBool(buf, b.Bank)
	leftMs := b.Time.Milliseconds()
	if b.NodeRate > 0 {
		left := b.ClockNodes(b.Time)
		if b.Bank {
			left = b.Left
		}
		buf = append(buf, `,"node_rate":`...)
		buf = strconv.AppendInt(buf, b.NodeRate, 10)
		buf = append(buf, `,"left_nodes":`...)
		buf = strconv.AppendInt(buf, left, 10)
		leftMs = int64(float64(left) * 1000 / float64(b.NodeRate))
	} else if b.Bank && b.Left > 0 {
		leftMs = time.Duration(b.Left).Milliseconds()
	}
	buf = append(buf, `,"left_ms":`...)
	buf = strconv.AppendInt(buf, leftMs, 10)
	return append(buf, '}')
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

// moveInfo is an action's "info" as tourney reads it.
type moveInfo struct {
	Nodes json.RawMessage `json:"nodes"`
	Depth json.RawMessage `json:"depth"`
}

// parseInfo reads an action's info: the nodes and depth it reports. With
// counted (the bot announced "clock": "nodes"), info.nodes must be there,
// a non-negative integer: otherwise a protocol fault. The info of a bot
// that did not announce is not read (as before the clock in nodes: its
// games.csv stays what it was).
func parseInfo(raw json.RawMessage, counted bool, line []byte) (game.MoveInfo, error) {
	var mi game.MoveInfo
	if !counted {
		return mi, nil
	}
	var in moveInfo
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &in); err != nil {
			return mi, fault("protocol", "the bot counts its nodes (hello \"clock\": \"nodes\") but its action's \"info\" is not an object with \"nodes\": %s", quoteLine(line))
		}
	}
	n, err := nonNegInt(in.Nodes)
	if err != nil {
		return mi, fault("protocol", "the bot counts its nodes (hello \"clock\": \"nodes\"): info.nodes %s (every action must report the nodes its move searched, a non-negative integer): %s", err, quoteLine(line))
	}
	mi.Nodes = n
	if d, err := nonNegInt(in.Depth); err == nil && d <= math.MaxInt32 {
		mi.Depth = int(d)
	}
	return mi, nil
}

// nonNegInt reads a JSON value that must be a non-negative integer.
func nonNegInt(raw json.RawMessage) (int64, error) {
	s := string(raw)
	switch {
	case len(raw) == 0 || s == "null":
		return 0, errors.New("is missing")
	case s[0] == '-':
		return 0, fmt.Errorf("is negative (%s)", s)
	case s[0] == '"':
		return 0, fmt.Errorf("is a string (%s), not a number", s)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		var f float64
		if json.Unmarshal(raw, &f) == nil && f == math.Trunc(f) && f >= 0 && f < 1<<63 {
			return int64(f), nil // 1e6, 12.0
		}
		return 0, fmt.Errorf("is not a non-negative integer (%s)", quoteLine(raw))
	}
	return n, nil
}

// parseAction reads an action message and finds the action it names
// among legal (or, for games whose actions are their decimal notation, by
// parsing). Errors are FaultErrors: protocol for a malformed message or
// an answer to another turn than id, illegal for an action that is not
// legal. echoed reports whether the message carried an id.
func parseAction(line []byte, id string, s game.State, player int, legal []game.Action) (a game.Action, info json.RawMessage, echoed bool, err error) {
	a, m, err := parseActionMsg(line, s, player, legal)
	if m.ID != nil {
		echoed = true
		if *m.ID != id {
			return game.NoAction, nil, true, fault("protocol", "an answer to turn %q, not to the open turn %q (a stale or unsolicited line): %s", *m.ID, id, quoteLine(line))
		}
	}
	return a, m.Info, echoed, err
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
