package rxtproto

import (
	"bytes"
	"context"
	"encoding/hex"
	"io"
	"net"
	"testing"
	"time"

	"tourney/engines/reversixt"
)

func TestCodecBytes(t *testing.T) {
	var buf bytes.Buffer
	Write(&buf, TypeMoveRequest, MoveRequest(1500, 3))
	Write(&buf, TypeMove, Move(258, 3, 20))
	Write(&buf, TypeMoveMade, MoveMade(1, 2, 0, 8))
	Write(&buf, TypePhase1End, nil)
	want := "04" + "00000005" + "000005dc" + "03" +
		"05" + "00000005" + "0102" + "0003" + "14" +
		"06" + "00000006" + "0001" + "0002" + "00" + "08" +
		"08" + "00000000"
	if got := hex.EncodeToString(buf.Bytes()); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	m, _ := Read(&buf)
	if ms, d, err := ParseMoveRequest(m); err != nil || ms != 1500 || d != 3 {
		t.Fatalf("move request %d %d %v", ms, d, err)
	}
	m, _ = Read(&buf)
	if x, y, s, err := ParseMove(m); err != nil || x != 258 || y != 3 || s != 20 {
		t.Fatalf("move %d %d %d %v", x, y, s, err)
	}
	m, _ = Read(&buf)
	if x, y, s, p, err := ParseMoveMade(m); err != nil || x != 1 || y != 2 || s != 0 || p != 8 {
		t.Fatalf("move made %d %d %d %d %v", x, y, s, p, err)
	}
	m, _ = Read(&buf)
	if m.Type != TypePhase1End || len(m.Payload) != 0 {
		t.Fatalf("phase end %+v", m)
	}
	if _, err := Read(&buf); err != io.EOF {
		t.Fatalf("at the end: %v", err)
	}
	// a wrong length is an error, a truncated payload too
	if _, _, _, err := ParseMove(Msg{Type: TypeMove, Payload: []byte{1, 2, 3}}); err == nil {
		t.Fatal("short move accepted")
	}
	if _, err := Read(bytes.NewReader([]byte{2, 0, 0, 0, 9, 'a'})); err != io.ErrUnexpectedEOF {
		t.Fatalf("truncated: %v", err)
	}
	if _, err := Read(bytes.NewReader([]byte{2, 0xff, 0, 0, 0})); err == nil {
		t.Fatal("huge payload accepted")
	}
}

// TestClientAgainstRecordedServer feeds the client the server's byte
// stream of a tiny game (written from reversixt.md §8) and checks the
// client's bytes: group 7, then the only legal move (2,0).
func TestClientAgainstRecordedServer(t *testing.T) {
	const tiny = "2\n0\n0 0\n1 4\n1 2 0 0\n"
	server := "02" + "00000014" + hex.EncodeToString([]byte(tiny)) +
		"03" + "00000001" + "01" +
		"04" + "00000005" + "00000000" + "03" +
		"06" + "00000006" + "0002" + "0000" + "00" + "01" +
		"08" + "00000000" +
		"09" + "00000000"
	in, _ := hex.DecodeString(server)
	c, s := net.Pipe()
	got := make(chan []byte)
	go func() {
		b := make([]byte, 6+10)
		io.ReadFull(s, b[:6])   // group
		s.Write(in[:5+20+6+10]) // map, player, move request
		io.ReadFull(s, b[6:])   // move
		s.Write(in[5+20+6+10:])
		s.Close()
		got <- b
	}()
	res := playClient(t, c, ClientOptions{Group: 7})
	if want := "010000000107" + "05000000050002000000"; hex.EncodeToString(<-got) != want {
		t.Fatalf("client sent wrong bytes, want %s", want)
	}
	if res.Player != 1 || res.Moves != 1 || res.Ranks[0] != 1 || res.Scores[0] != 3 {
		t.Fatalf("result %+v", res)
	}
}

// playClient plays the client's game on c with the first built-in
// ReversiXT bot.
func playClient(t *testing.T, c net.Conn, opt ClientOptions) *Result {
	t.Helper()
	bot, _, _ := reversixt.Game{}.Bots()[0].Build(nil)
	res, err := Play(context.Background(), c, bot, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// madeAndOver answers the client's move mv as the server does when it
// ends the game after it: the move made by player 1, then game over.
func madeAndOver(s net.Conn, mv Msg) {
	x, y, sp, _ := ParseMove(mv)
	Write(s, TypeMoveMade, MoveMade(x, y, sp, 1))
	Write(s, TypeGameOver, nil)
}

// playOneMove serves the client the standard8 map, player 1, one move
// request (ms, depth), reads the move and ends the game; it returns the
// client's result and how long the answer took.
func playOneMove(t *testing.T, ms uint32, depth uint8, opt ClientOptions) (*Result, time.Duration) {
	t.Helper()
	m, err := reversixt.LoadMap("standard8")
	if err != nil {
		t.Fatal(err)
	}
	c, s := net.Pipe()
	took := make(chan time.Duration, 1)
	go func() {
		defer s.Close()
		if _, err := Read(s); err != nil {
			return
		}
		Write(s, TypeMap, []byte(m.String()))
		Write(s, TypePlayer, Player(1))
		t0 := time.Now()
		Write(s, TypeMoveRequest, MoveRequest(ms, depth))
		mv, err := Read(s)
		took <- time.Since(t0)
		if err != nil {
			return
		}
		madeAndOver(s, mv)
	}()
	return playClient(t, c, opt), <-took
}

// TestClientTimeDecides: under a time limit the time decides, not the
// depth 1 the official server sends without -d: the client searches
// deeper and answers within the limit; --depth forces a depth.
func TestClientTimeDecides(t *testing.T) {
	const ms = 400
	res, took := playOneMove(t, ms, 1, ClientOptions{Group: 1})
	if res.DepthMax <= 1 {
		t.Errorf("depth %d under a %d ms limit with depth 1 sent: the depth decided", res.DepthMax, ms)
	}
	if took > ms*time.Millisecond {
		t.Errorf("answered after %s, limit %d ms", took, ms)
	}
	res, took = playOneMove(t, ms, 1, ClientOptions{Group: 1, Depth: 2})
	if res.DepthMax != 2 {
		t.Errorf("--depth 2: searched to depth %d", res.DepthMax)
	}
	if took > ms*time.Millisecond {
		t.Errorf("--depth 2: answered after %s, limit %d ms", took, ms)
	}
	// Without a time limit the server's depth is obeyed.
	if res, _ := playOneMove(t, 0, 3, ClientOptions{Group: 1}); res.DepthMax != 3 {
		t.Errorf("depth 3 sent, no time limit: searched to depth %d", res.DepthMax)
	}
}

// TestClock: the time manager reads a shrinking-and-growing limit as a
// bank and spends a share of it; a limit that stays put whatever was
// used is a per-move cap, spent up to the hard cap.
func TestClock(t *testing.T) {
	m, _ := reversixt.LoadMap("standard8")
	s := reversixt.NewState(m)
	c := &Clock{Margin: 0.1}
	p := c.Plan(1000, s, 0)
	if !p.Bank || p.Think <= 0 || p.Think > p.Hard || p.Hard >= time.Second {
		t.Fatalf("first plan %+v", p)
	}
	c.Used(300 * time.Millisecond)
	p = c.Plan(1700, s, 0) // bank: 1000 − 300 + 1000
	if !p.Bank || p.Think <= 0 || p.Think > p.Hard {
		t.Fatalf("bank plan %+v", p)
	}
	c = &Clock{Margin: 0.1}
	for i := 0; i < 4; i++ {
		p = c.Plan(500, s, 0)
		c.Used(200 * time.Millisecond)
	}
	if p.Bank || p.Think != p.Hard || p.Hard > 450*time.Millisecond {
		t.Fatalf("per-move plan %+v", p)
	}
	if r := RemainingMoves(s, 0); r != 30 { // 60 free fields, 2 players
		t.Errorf("remaining moves %d, want 30", r)
	}
	// A tuned time_share scales the bank's even share, as under a clock
	// in nodes (search.Allot); the hard cap still bounds it.
	plans := [3]Plan{}
	for i, share := range []float64{1, 0.5, 0.25} {
		c = &Clock{Margin: 0.1, Share: share}
		c.Plan(1000, s, 0)
		c.Used(100 * time.Millisecond)
		plans[i] = c.Plan(1900, s, 0)
	}
	d := plans[1].Think - 2*plans[2].Think
	if !plans[1].Bank || plans[1].Think >= plans[0].Think || d < -time.Millisecond || d > time.Millisecond {
		t.Errorf("share 1, 0.5, 0.25 think %s, %s, %s", plans[0].Think, plans[1].Think, plans[2].Think)
	}
}

// TestClientPositionStartsWithAnother: a position sent as the map (a
// hosted game after opening plies) may have another player than 1 to
// move; the client follows the server's first move and request.
func TestClientPositionStartsWithAnother(t *testing.T) {
	m, _ := reversixt.LoadMap("standard8")
	s0 := reversixt.NewState(m)
	if err := s0.StartAt(1); err != nil {
		t.Fatal(err)
	}
	a := s0.LegalActions(1, nil)[0]
	c, _ := reversixt.SplitAction(a)
	x, y := m.XY(c)
	cl, sv := net.Pipe()
	go func() {
		defer sv.Close()
		Read(sv)
		Write(sv, TypeMap, []byte(m.String()))
		Write(sv, TypePlayer, Player(1))
		Write(sv, TypeMoveMade, MoveMade(uint16(x), uint16(y), 0, 2))
		Write(sv, TypeMoveRequest, MoveRequest(0, 1))
		mv, err := Read(sv)
		if err != nil {
			return
		}
		madeAndOver(sv, mv)
	}()
	res := playClient(t, cl, ClientOptions{Group: 1})
	if res.Moves != 2 || res.Requests != 1 {
		t.Fatalf("result %+v", res)
	}
}
