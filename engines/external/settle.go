package external

import (
	"time"
)

// Lines of a tourney/1 bot (no turn ids) that arrive while no turn is
// open cannot be a move: they are discarded and counted (Decl.Discarded,
// a note in the bot's log, check-bot's report). The usual one, a line
// written after end, must then arrive before the next game's first turn
// is sent; settle waits for that.

// Bounds of settle: the longest wait; how long a bot that waits
// otherwise than in a pipe read (a poll: Node.js, asyncio; or where wait
// channels are hidden) must not run; the pause where /proc says nothing.
const (
	settleMax   = 100 * time.Millisecond
	settleQuiet = 10 * time.Millisecond
	settleBlind = 5 * time.Millisecond
)

// What botState sees.
const (
	stateUnknown = iota
	stateRunning
	stateReading
	stateIdle
)

// settle waits, before a tourney/1 process gets its next game, until the
// bot has read everything it was sent (its stdin pipe is empty: it read
// end) and waits for input again: on Linux, none of its threads runs and
// one waits in a pipe read, or none has run for settleQuiet (a bot that
// waits in a poll); elsewhere a pause of settleBlind. At most settleMax.
// A line the bot wrote after end has then arrived, and Step discards it.
// A bot behind a wrapper process that stays its parent (sh -c without
// exec) is seen only through the wrapper: echo the turn ids (tourney/2).
func (p *proc) settle() {
	start := time.Now()
	deadline := start.Add(settleMax)
	pause := 50 * time.Microsecond
	var quiet time.Time // since when nothing ran
	for !p.exited() && time.Now().Before(deadline) {
		if pendingBytes(p.in) == 0 {
			switch botState(p.pid) {
			case stateUnknown:
				time.Sleep(settleBlind)
				return
			case stateReading:
				return
			case stateIdle:
				if quiet.IsZero() {
					quiet = time.Now()
				} else if time.Since(quiet) >= settleQuiet {
					return
				}
			default:
				quiet = time.Time{}
			}
		}
		time.Sleep(pause)
		pause = min(2*pause, 250*time.Microsecond)
	}
}

// discard reads the lines that arrived while no turn was open (a
// tourney/1 bot), notes each in the bot's log and counts it. A line not
// complete within 20ms is left: the answer that follows it is then
// malformed (a protocol fault).
func (b *jsonlBot) discard() error {
	pr := b.pr
	for pr.br.Buffered()+pendingBytes(pr.out) > 0 {
		line, err := pr.recv(time.Now().Add(20*time.Millisecond), nil)
		if err == errExited {
			return b.lost()
		}
		if err != nil {
			return nil
		}
		n := b.d.discarded.Add(1)
		pr.log.note("bot %s wrote a line while no turn was open (after its last answer or after end), discarded (%d so far; a tourney/1 bot: echo the turn ids): %s", b.d.Name, n, quoteLine(line))
	}
	return nil
}

// Discarded is the number of lines of a tourney/1 bot that arrived while
// no turn was open and were discarded.
func (d *Decl) Discarded() int64 { return d.discarded.Load() }
