package external

import (
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"tourney/engines/game"
)

// hosted is what a seat shares whose program tourney serves, over the
// course's TCP protocol (rxtBot) or the contest's websocket (speedBot):
// a loopback listener of its own, the program started with its address,
// its connection awaited, its moves matched against the legal ones, and
// the program ended with the game.
type hosted struct {
	d      *Decl
	params game.Params
	seed   uint64
	seat   int
	pr     *proc
	cpu    time.Duration // the CPU time of the game's process tree, once it ended (hostcpu.go)
	ln     net.Listener
	dead   error // a set-up failure or fault: every later Step returns it
	legal  []game.Action
	// call serializes Step, Moved, Eliminated and EndGame (the arena's
	// watchdog may finish a game on another goroutine while a Step is
	// still running).
	call sync.Mutex
}

func (h *hosted) Reset(seed uint64) { h.seed = seed }

func (h *hosted) fail(err error) error {
	h.dead = err
	return err
}

// serve runs a Step's ask under the call lock; a seat that faulted
// returns its fault without asking the program again.
func (h *hosted) serve(ask func() (game.Action, error)) (game.Action, error) {
	h.call.Lock()
	defer h.call.Unlock()
	if h.dead != nil {
		return game.NoAction, h.dead
	}
	return ask()
}

// listen opens the seat's loopback listener.
func (h *hosted) listen() error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("bot %s: listen: %v", h.d.Name, err)
	}
	h.ln = ln
	return nil
}

// port is the listener's port.
func (h *hosted) port() int { return h.ln.Addr().(*net.TCPAddr).Port }

// start starts the program (argv, env, the key of its process group) with
// its stderr in the bot's log.
func (h *hosted) start(argv, env []string, key string) (*botLog, error) {
	logf, err := openLog(h.d.Name)
	if err != nil {
		return nil, err
	}
	pr, err := startProc(h.d, key, argv, env, logf)
	if err != nil {
		return nil, fault("crash", "bot %s: starting %s: %v", h.d.Name, strings.Join(argv, " "), err)
	}
	h.pr = pr
	return logf, nil
}

// await waits for the program's connection on ch for the bot's startup
// time: a program that exits first, or does not connect to addr in time,
// is a fault.
func await[T any](h *hosted, ch <-chan T, addr string) (T, error) {
	var zero T
	t := time.NewTimer(h.d.Startup)
	defer t.Stop()
	select {
	case c := <-ch:
		return c, nil
	case <-h.pr.done:
		return zero, fault("crash", "bot %s exited before connecting (%s)", h.d.Name, h.pr.exitStatus())
	case <-t.C:
		return zero, fault("timeout", "bot %s did not connect to %s within %s", h.d.Name, addr, h.d.Startup)
	}
}

// move is the legal action of player whose text is str, or a fault
// ("illegal", saying why) when none is.
func (h *hosted) move(s game.State, player int, str, why string) (game.Action, error) {
	h.legal = s.LegalActions(player, h.legal[:0])
	for _, a := range h.legal {
		if s.ActionString(player, a) == str {
			return a, nil
		}
	}
	return game.NoAction, h.fail(fault("illegal", "bot %s: %s", h.d.Name, why))
}

// end gives the program the bot's quit grace to exit, then kills it.
func (h *hosted) end() {
	if h.pr != nil {
		select {
		case <-h.pr.done:
		case <-time.After(h.d.QuitGrace):
		}
		h.pr.kill()
		h.cpu = h.pr.treeCPU()
		h.pr = nil
	}
}
