package external_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"maps"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"tourney/engines/external"
	"tourney/engines/external/externaltest"
	"tourney/engines/game"
	"tourney/engines/reversixt"
)

// tinyMap: player 1 captures at (2,0); then nobody can move and there are
// no bombs, so phase 1 ends and the game is over.
const tinyMap = "2\n0\n0 0\n1 4\n1 2 0 0\n"

// TestReversiXTByteStream plays a scripted game through the hosted
// server and checks every byte player 1 receives against a fixture
// written from reversixt.md §8 (type, 4-byte big-endian length, payload).
func TestReversiXTByteStream(t *testing.T) {
	dir := t.TempDir()
	m, err := reversixt.ParseMap("tiny", []byte(tinyMap))
	if err != nil {
		t.Fatal(err)
	}
	var bots []game.Bot
	for seat := 0; seat < 2; seat++ {
		d := rxtScript("script", "2,0,0", map[string]string{"TOURNEY_FAKE_RECORD": filepath.Join(dir, "rec{player}")})
		b, _, _ := resolve(t, d).Build(nil)
		b.Reset(1)
		b.(game.Lifecycle).BeginGame(m, seat)
		bots = append(bots, b)
	}
	s := reversixt.NewState(m)
	for !s.IsTerminal() {
		cp := s.CurrentPlayer()
		a, err := bots[cp].Step(context.Background(), s.Clone(), cp, game.Budget{Depth: 3})
		if err != nil {
			t.Fatal(err)
		}
		s.Apply(a)
		for _, b := range bots {
			b.(game.Observer).Moved(cp, a, s)
		}
	}
	for _, b := range bots {
		b.(game.Lifecycle).EndGame(game.GameEnd{})
	}
	want := "" +
		"02" + "00000014" + hex.EncodeToString([]byte(tinyMap)) + // 2: the map (20 bytes)
		"03" + "00000001" + "01" + // 3: you are player 1
		"04" + "00000005" + "00000000" + "03" + // 4: no time limit, depth 3
		"06" + "00000006" + "0002" + "0000" + "00" + "01" + // 6: (2,0) special 0 by player 1
		"08" + "00000000" + // 8: end of phase 1
		"09" + "00000000" // 9: game over
	got, err := os.ReadFile(filepath.Join(dir, "rec1"))
	if err != nil {
		t.Fatal(err)
	}
	if hex.EncodeToString(got) != want {
		t.Fatalf("player 1 received\n%x\nwant\n%s", got, want)
	}
	got2, _ := os.ReadFile(filepath.Join(dir, "rec2"))
	want2 := bytes.Replace(mustHex(want), mustHex("0300000001"+"01"), mustHex("0300000001"+"02"), 1)
	want2 = bytes.Replace(want2, mustHex("04000000050000000003"), nil, 1)
	if !bytes.Equal(got2, want2) {
		t.Fatalf("player 2 received\n%x\nwant\n%x", got2, want2)
	}
	noChildren(t)
}

// rxtScript declares the test binary as a ReversiXT client of the hosted
// TCP server that plays moves ("x,y,special", ";" between moves), env
// added to its environment; it starts and moves within 5 s.
func rxtScript(name, moves string, env map[string]string) *external.Decl {
	exe, _ := os.Executable()
	e := map[string]string{externaltest.Env: externaltest.ModeRXTScript, "TOURNEY_FAKE_MOVES": moves}
	maps.Copy(e, env)
	return &external.Decl{
		Name: name, Game: "reversixt", Protocol: "reversixt-tcp", Cmd: []string{exe, "{addr}"}, Env: e,
		Startup: 5 * time.Second, MoveTimeout: 5 * time.Second,
	}
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// BenchmarkRoundTripTCP measures one move's round trip through the hosted
// ReversiXT server to an instant client process on loopback: message 4
// out, message 5 back, the move checked. p50 and p99 in µs.
func BenchmarkRoundTripTCP(b *testing.B) {
	m, err := reversixt.LoadMap("standard8")
	if err != nil {
		b.Fatal(err)
	}
	s := reversixt.NewState(m)
	a := s.LegalActions(0, nil)[0]
	c, _ := reversixt.SplitAction(a)
	x, y := m.XY(c)
	bot, _, _ := resolve(b, rxtScript("instant", fmtMove(x, y), nil)).Build(nil)
	bot.(game.Lifecycle).BeginGame(m, 0)
	benchSteps(b, bot, s)
}

func fmtMove(x, y int) string {
	return string(rune('0'+x)) + "," + string(rune('0'+y)) + ",0"
}

// A stranger (here tourney's own test process) that connects to a
// hosted seat's port before the bot is refused without a byte, and the
// bot's log says so; the bot then takes its seat and plays.
func TestReversiXTSeatRefusesStranger(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the peer check reads /proc (elsewhere every connection is accepted)")
	}
	dir := logDir(t)
	m, err := reversixt.ParseMap("tiny", []byte(tinyMap))
	if err != nil {
		t.Fatal(err)
	}
	addrFile := filepath.Join(dir, "addr")
	d := rxtScript("seat", "2,0,0", map[string]string{"TOURNEY_FAKE_ADDRFILE": addrFile, "TOURNEY_FAKE_CONNECT_DELAY": "300ms"})
	b, _, _ := resolve(t, d).Build(nil)
	b.Reset(1)
	begun := make(chan struct{})
	go func() { b.(game.Lifecycle).BeginGame(m, 0); close(begun) }()
	var addr []byte
	for deadline := time.Now().Add(5 * time.Second); len(addr) == 0; {
		addr, _ = os.ReadFile(addrFile)
		if time.Now().After(deadline) {
			t.Fatal("the bot did not start")
		}
		time.Sleep(5 * time.Millisecond)
	}
	c, err := net.Dial("tcp", string(addr))
	if err != nil {
		t.Fatal(err)
	}
	c.Write([]byte{1, 0, 0, 0, 1, 7}) // message 1, as a bot would
	c.SetReadDeadline(time.Now().Add(3 * time.Second))
	if n, err := c.Read(make([]byte, 64)); n != 0 || err == nil {
		t.Fatalf("the stranger read %d bytes (%v): it took the seat", n, err)
	}
	c.Close()
	<-begun
	s := reversixt.NewState(m)
	a, err := b.Step(context.Background(), s.Clone(), 0, game.Budget{Depth: 1})
	if err != nil {
		t.Fatalf("the bot did not get its seat: %v", err)
	}
	s.Apply(a)
	b.(game.Observer).Moved(0, a, s)
	b.(game.Lifecycle).EndGame(game.GameEnd{})
	if log := readLog(dir, "seat"); !strings.Contains(log, "refused a connection to seat 1") {
		t.Errorf("the bot's log does not note the refusal:\n%s", log)
	}
	noChildren(t)
}
