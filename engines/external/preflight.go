package external

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"tourney/engines/game"
)

// CheckCommand reports a command that cannot be found here: the first
// word of Cmd, a path (relative to Dir) or a name looked up in $PATH. A
// templated one ({param:NAME}) is not checked.
func (d *Decl) CheckCommand() error {
	if len(d.Cmd) == 0 || strings.Contains(d.Cmd[0], "{") {
		return nil
	}
	c := d.Cmd[0]
	if strings.ContainsRune(c, filepath.Separator) || strings.ContainsRune(c, '/') {
		p := c
		if !filepath.IsAbs(p) {
			p = filepath.Join(d.Dir, p)
		}
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			return fmt.Errorf("external bot %s: executable not found: %s", d.Name, p)
		}
		return nil
	}
	if _, err := exec.LookPath(c); err != nil {
		return fmt.Errorf("external bot %s: executable not found: %q is not in $PATH", d.Name, c)
	}
	return nil
}

// Preflight starts the bot once before a sweep plays (or writes)
// anything, so that a bot that cannot start stops the sweep with a
// clear error instead of forfeiting every game: "external bot NAME:
// executable not found: ...", "... no hello within 10s", "... exited
// before hello (exit status 1)", with the last lines of its stderr. A
// jsonl bot is started with its default parameters and must say hello
// within Startup; the process then waits in the pool for the first game.
// A hosted bot (reversixt-tcp, speed-ws) is checked for its executable.
func (d *Decl) Preflight(ctx context.Context) error {
	d.defaults()
	if err := d.CheckCommand(); err != nil {
		return err
	}
	if d.Protocol != "jsonl" {
		return nil
	}
	if d.pool == nil {
		d.pool = newPool(d)
	}
	def := game.Params{}
	for _, p := range d.Params {
		def[p.Name] = p.Default
	}
	argv, env, key := d.render(def)
	if pr := d.pool.takeIdle(key); pr != nil { // started while the space was read (params = "hello")
		d.pool.release(pr)
		return nil
	}
	log := logFor(d.Name)
	mark := log.written()
	pr, err := startProc(d, key, argv, env, log)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, exec.ErrNotFound) {
			return fmt.Errorf("external bot %s: executable not found: %s", d.Name, argv[0])
		}
		return fmt.Errorf("external bot %s: cannot start %s: %v", d.Name, strings.Join(argv, " "), err)
	}
	if err := d.pool.handshake(ctx, pr); err != nil {
		pr.kill()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		select { // its stderr, to the end
		case <-pr.copied:
		case <-time.After(time.Second):
		}
		hint := ""
		if game.FaultReason(err, "") == "timeout" {
			hint = fmt.Sprintf(" (a bot that needs longer: startup = \"30s\" in [bots.%s])", d.Name)
		}
		return fmt.Errorf("external %v%s%s", err, hint, log.lastLines(5, mark))
	}
	d.pool.release(pr)
	return nil
}
