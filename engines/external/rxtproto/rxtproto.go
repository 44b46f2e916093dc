// Package rxtproto is the ReversiXT network protocol of
// games/reversixt.md §8, shared by tourney's hosted server (external bots
// that speak it) and its client (`tourney client reversixt`): every message
// is a 1-byte type, a 4-byte big-endian unsigned length of the payload,
// then the payload; integers are big-endian.
package rxtproto

import (
	"encoding/binary"
	"fmt"
	"io"
)

// Message types (§8).
const (
	TypeGroup       = 1 // client → server: group number uint8
	TypeMap         = 2 // server → client: the map in the file format
	TypePlayer      = 3 // server → client: your player number uint8, 1..8
	TypeMoveRequest = 4 // server → client: time limit uint32 ms, depth uint8
	TypeMove        = 5 // client → server: x uint16, y uint16, special uint8
	TypeMoveMade    = 6 // server → client: x uint16, y uint16, special uint8, player uint8
	TypeDisq        = 7 // server → client: player uint8
	TypePhase1End   = 8 // server → client: empty
	TypeGameOver    = 9 // server → client: empty
)

// MaxPayload bounds a message's payload (a map of 64×64 cells with
// transitions is far smaller).
const MaxPayload = 1 << 20

// Msg is one message.
type Msg struct {
	Type    byte
	Payload []byte
}

// Append appends the encoded message to buf.
func Append(buf []byte, typ byte, payload []byte) []byte {
	buf = append(buf, typ)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(payload)))
	return append(buf, payload...)
}

// Write writes one message in a single Write call.
func Write(w io.Writer, typ byte, payload []byte) error {
	_, err := w.Write(Append(make([]byte, 0, 5+len(payload)), typ, payload))
	return err
}

// Read reads one message. A payload longer than MaxPayload is an error.
func Read(r io.Reader) (Msg, error) {
	var h [5]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return Msg{}, err
	}
	n := binary.BigEndian.Uint32(h[1:])
	if n > MaxPayload {
		return Msg{}, fmt.Errorf("message type %d with a payload of %d bytes (at most %d)", h[0], n, MaxPayload)
	}
	m := Msg{Type: h[0], Payload: make([]byte, n)}
	if _, err := io.ReadFull(r, m.Payload); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return Msg{}, err
	}
	return m, nil
}

// Payload builders.

func Group(n uint8) []byte  { return []byte{n} }
func Player(p uint8) []byte { return []byte{p} }
func Disq(p uint8) []byte   { return []byte{p} }

func MoveRequest(timeMS uint32, depth uint8) []byte {
	return append(binary.BigEndian.AppendUint32(nil, timeMS), depth)
}

func Move(x, y uint16, special uint8) []byte {
	b := binary.BigEndian.AppendUint16(nil, x)
	b = binary.BigEndian.AppendUint16(b, y)
	return append(b, special)
}

func MoveMade(x, y uint16, special, player uint8) []byte {
	return append(Move(x, y, special), player)
}

// Payload readers: each checks the exact length.

func want(m Msg, typ byte, n int) error {
	if m.Type != typ {
		return fmt.Errorf("expected message type %d, got %d", typ, m.Type)
	}
	if len(m.Payload) != n {
		return fmt.Errorf("message type %d with a payload of %d bytes, want %d", typ, len(m.Payload), n)
	}
	return nil
}

// ParseByte reads the one-byte payload of types 1, 3 and 7.
func ParseByte(m Msg, typ byte) (uint8, error) {
	if err := want(m, typ, 1); err != nil {
		return 0, err
	}
	return m.Payload[0], nil
}

// ParseMoveRequest reads type 4.
func ParseMoveRequest(m Msg) (timeMS uint32, depth uint8, err error) {
	if err := want(m, TypeMoveRequest, 5); err != nil {
		return 0, 0, err
	}
	return binary.BigEndian.Uint32(m.Payload), m.Payload[4], nil
}

// ParseMove reads type 5.
func ParseMove(m Msg) (x, y uint16, special uint8, err error) {
	if err := want(m, TypeMove, 5); err != nil {
		return 0, 0, 0, err
	}
	p := m.Payload
	return binary.BigEndian.Uint16(p), binary.BigEndian.Uint16(p[2:]), p[4], nil
}

// ParseMoveMade reads type 6.
func ParseMoveMade(m Msg) (x, y uint16, special, player uint8, err error) {
	if err := want(m, TypeMoveMade, 6); err != nil {
		return 0, 0, 0, 0, err
	}
	p := m.Payload
	return binary.BigEndian.Uint16(p), binary.BigEndian.Uint16(p[2:]), p[4], p[5], nil
}
