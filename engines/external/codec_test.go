package external

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"tourney/engines/connect4"
	"tourney/engines/game"
)

// TestTurnClock: a turn under a time budget carries the clock (in nodes
// with the balance, or on the wall clock), and none under a depth budget;
// the message is valid JSON.
func TestTurnClock(t *testing.T) {
	g := connect4.Game{}
	m, _ := g.LoadMap(g.Maps()[0])
	s, _ := g.NewState(m, 1)
	legal := s.LegalActions(0, nil)
	for _, c := range []struct {
		b    game.Budget
		want map[string]any
	}{
		{game.Budget{Time: 200 * time.Millisecond, NodeRate: 100_000, Bank: true, Left: 34_000},
			map[string]any{"kind": "nodes", "time_ms": 200.0, "bank": true, "node_rate": 100000.0, "left_nodes": 34000.0, "left_ms": 340.0}},
		{game.Budget{Time: 200 * time.Millisecond, NodeRate: 100_000},
			map[string]any{"kind": "nodes", "time_ms": 200.0, "bank": false, "node_rate": 100000.0, "left_nodes": 20000.0, "left_ms": 200.0}},
		{game.Budget{Time: 150 * time.Millisecond},
			map[string]any{"kind": "wall", "time_ms": 150.0, "bank": false, "left_ms": 150.0}},
		{game.Budget{Depth: 3}, nil},
	} {
		line := appendTurn(nil, "1.0", s, 0, c.b, legal)
		var msg map[string]any
		if err := json.Unmarshal(line, &msg); err != nil {
			t.Fatalf("%s: not JSON: %v\n%s", c.b, err, line)
		}
		clock, _ := msg["clock"].(map[string]any)
		if !reflect.DeepEqual(clock, c.want) {
			t.Errorf("%s: clock %v, want %v\n%s", c.b, clock, c.want, line)
		}
		if _, ok := msg["budget"].(map[string]any); !ok {
			t.Errorf("%s: no budget: %s", c.b, line)
		}
	}
}

// TestParseInfo: the node reports of a bot that counts its nodes.
func TestParseInfo(t *testing.T) {
	for _, c := range []struct {
		info    string
		counted bool
		nodes   int64
		fault   bool
	}{
		{`{"nodes":1200,"depth":5}`, true, 1200, false},
		{`{"nodes":0}`, true, 0, false},
		{`{"nodes":1e3}`, true, 1000, false},
		{`{"nodes":-1}`, true, 0, true},
		{`{"nodes":"12"}`, true, 0, true},
		{`{"nodes":1.5}`, true, 0, true},
		{`{"depth":3}`, true, 0, true},
		{``, true, 0, true},
		{`[1]`, true, 0, true},
		{`{"nodes":-1}`, false, 0, false},
		{`{"nodes":77}`, false, 0, false}, // not read: the bot does not count
		{``, false, 0, false},
	} {
		mi, err := parseInfo(json.RawMessage(c.info), c.counted, []byte("line"))
		if (err != nil) != c.fault || mi.Nodes != c.nodes {
			t.Errorf("info %q counted %v: %+v, %v; want nodes %d, fault %v", c.info, c.counted, mi, err, c.nodes, c.fault)
		}
		if err != nil && game.FaultReason(err, "") != "protocol" {
			t.Errorf("info %q: %v is no protocol fault", c.info, err)
		}
	}
}
