package external

import "net"

// acceptOwn accepts the first connection to a hosted seat's listener that
// comes from the process tree tourney started for the seat (p: the
// process, its descendants, or a process with its tag; peerOwned, on
// Linux from /proc). Any other connection is closed at once, before a
// byte is read or written, and noted in the bot's log; accepting goes
// on until a connection of the bot's or the listener's end (the
// start-up deadline closes it). Without /proc every connection is
// accepted (peerOwned says yes).
func acceptOwn(ln net.Listener, p *proc, log *botLog, seat int) (net.Conn, error) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return nil, err
		}
		ok, who := peerOwned(c, p)
		if ok {
			return c, nil
		}
		c.Close()
		if log != nil {
			log.note("refused a connection to seat %d (%s) from %s: not a process tourney started for this seat", seat+1, ln.Addr(), who)
		}
	}
}
