package rxtproto

import (
	"bytes"
	"context"
	"encoding/hex"
	"io"
	"net"
	"testing"

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
	bot, _, _ := reversixt.Game{}.Bots()[0].Build(nil)
	res, err := Play(context.Background(), c, bot, ClientOptions{Group: 7})
	if err != nil {
		t.Fatal(err)
	}
	if want := "010000000107" + "05000000050002000000"; hex.EncodeToString(<-got) != want {
		t.Fatalf("client sent wrong bytes, want %s", want)
	}
	if res.Player != 1 || res.Moves != 1 || res.Ranks[0] != 1 || res.Scores[0] != 3 {
		t.Fatalf("result %+v", res)
	}
}
