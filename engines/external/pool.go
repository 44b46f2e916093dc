package external

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"tourney/engines/game"
)

// Every process tourney starts is in the registry from Start until it is
// reaped; CloseAll ends them all. cmd/tourney defers CloseAll and calls
// it on Ctrl-C; tests check Live() == 0 and the process table.
var registry = struct {
	sync.Mutex
	procs map[*proc]bool
	pools []*Pool
	// logDir receives one stderr log per bot and the record of pids
	// (SetLogDir); "" passes stderr through to tourney's.
	logDir string
}{procs: map[*proc]bool{}}

// registeredPids are the pids of the processes tourney waits for itself.
func registeredPids() map[int]bool {
	registry.Lock()
	defer registry.Unlock()
	m := make(map[int]bool, len(registry.procs))
	for p := range registry.procs {
		m[p.pid] = true
	}
	return m
}

func registerProc(p *proc) {
	registry.Lock()
	registry.procs[p] = true
	registry.Unlock()
}

func unregisterProc(p *proc) {
	registry.Lock()
	delete(registry.procs, p)
	registry.Unlock()
}

// Live returns the number of external processes not yet reaped.
func Live() int {
	registry.Lock()
	defer registry.Unlock()
	return len(registry.procs)
}

// CloseAll ends every external process: idle ones are sent quit and
// killed after their grace period, busy ones are killed. It waits until
// all are reaped, then kills any process still carrying a tag of this
// run (a detached descendant). Pools stay usable (a later game starts
// new processes).
func CloseAll() {
	registry.Lock()
	pools := slices_clone(registry.pools)
	registry.Unlock()
	var wg sync.WaitGroup
	for _, p := range pools {
		p.mu.Lock()
		idle := p.idle
		p.idle = nil
		p.mu.Unlock()
		for _, pr := range idle {
			wg.Add(1)
			go func() { defer wg.Done(); pr.quit(p.decl.QuitGrace) }()
		}
	}
	wg.Wait()
	registry.Lock()
	var rest []*proc
	for pr := range registry.procs {
		rest = append(rest, pr)
	}
	registry.Unlock()
	for _, pr := range rest {
		wg.Add(1)
		go func() { defer wg.Done(); pr.kill() }()
	}
	wg.Wait()
	if canTrack() {
		startMu.Lock()
		skip := registeredPids()
		killTagged(runID+"/", 0, skip)
		reapAdopted(skip)
		startMu.Unlock()
	}
}

func slices_clone[T any](s []T) []T { return append([]T(nil), s...) }

// Pool owns the processes of one declared bot: idle processes wait for
// the next game; a game leases one from its first move to its end.
type Pool struct {
	decl *Decl
	mu   sync.Mutex
	idle []*proc
}

func newPool(d *Decl) *Pool {
	p := &Pool{decl: d}
	registry.Lock()
	registry.pools = append(registry.pools, p)
	registry.Unlock()
	return p
}

var paramRef = regexp.MustCompile(`\{param:([A-Za-z0-9_.-]+)\}`)

// render fills the command and environment templates: {param:NAME} is a
// parameter's value, {name} the bot's name. It returns the pool key.
func (d *Decl) render(params game.Params) (argv, env []string, key string) {
	return d.renderWith(params, nil)
}

// renderWith also fills {KEY} for every key of vars ({addr}, {url}, ...).
func (d *Decl) renderWith(params game.Params, vars map[string]string) (argv, env []string, key string) {
	fill := func(s string) string {
		for k, v := range vars {
			s = strings.ReplaceAll(s, "{"+k+"}", v)
		}
		s = paramRef.ReplaceAllStringFunc(s, func(m string) string {
			name := paramRef.FindStringSubmatch(m)[1]
			if v, ok := params[name]; ok {
				return game.FormatValue(v)
			}
			return m
		})
		return strings.ReplaceAll(s, "{name}", d.Name)
	}
	for _, a := range d.Cmd {
		argv = append(argv, fill(a))
	}
	keys := make([]string, 0, len(d.Env))
	for k := range d.Env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		env = append(env, k+"="+fill(d.Env[k]))
	}
	b, _ := json.Marshal([2][]string{argv, env})
	return argv, env, string(b)
}

// acquire returns an idle process for params, or starts one and
// completes the hello exchange within the start-up deadline.
func (p *Pool) acquire(ctx context.Context, params game.Params) (*proc, error) {
	argv, env, key := p.decl.render(params)
	if pr := p.takeIdle(key); pr != nil {
		return pr, nil
	}
	return p.start(ctx, argv, env, key)
}

// takeIdle takes an idle live process of key from the pool (nil: none).
func (p *Pool) takeIdle(key string) *proc {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := len(p.idle) - 1; i >= 0; i-- {
		pr := p.idle[i]
		if pr.key != key {
			continue
		}
		p.idle = append(p.idle[:i], p.idle[i+1:]...)
		if pr.exited() {
			pr.kill() // closes its pipe
			continue
		}
		return pr
	}
	return nil
}

func (p *Pool) start(ctx context.Context, argv, env []string, key string) (*proc, error) {
	d := p.decl
	logw, _ := openLog(d.Name)
	pr, err := startProc(d, key, argv, env, logw)
	if err != nil {
		return nil, &game.FaultError{Reason: "crash", Err: fmt.Errorf("bot %s: starting %s: %v", d.Name, strings.Join(argv, " "), err)}
	}
	if err := p.handshake(ctx, pr); err != nil {
		pr.kill()
		return nil, err
	}
	return pr, nil
}

// handshake sends hello and reads the bot's hello.
func (p *Pool) handshake(ctx context.Context, pr *proc) error {
	d := p.decl
	msg, _ := json.Marshal(helloOut{Type: "hello", Protocol: Protocol, Game: d.Game, Options: map[string]any{}})
	if err := pr.send(msg); err != nil {
		pr.kill()
		return fault("crash", "bot %s: exited before hello (%s)", d.Name, pr.exitStatus())
	}
	line, err := pr.recv(time.Now().Add(d.Startup), ctx)
	switch err {
	case nil:
	case errTimeout:
		return fault("timeout", "bot %s: no hello within %s", d.Name, d.Startup)
	case errExited:
		return fault("crash", "bot %s: exited before hello (%s)", d.Name, pr.exitStatus())
	default:
		return ctx.Err()
	}
	var h helloMsg
	if err := json.Unmarshal(line, &h); err != nil || h.Type != "hello" {
		return fault("protocol", "bot %s: expected a hello message, got %s", d.Name, quoteLine(line))
	}
	switch h.Clock {
	case "", ClockWall, ClockNodes:
	default:
		return fault("protocol", "bot %s: hello: \"clock\": %q is not %q (the bot counts its nodes and reports them) or %q (the default)", d.Name, h.Clock, ClockNodes, ClockWall)
	}
	pr.hello = &h
	pr.strict = h.Protocol == Protocol // it promises to echo turn ids
	noteStartup(pr)
	d.clock.Store(clockOf(h.Clock))
	return nil
}

// release returns a process to the pool after a game (or drops it when
// it has exited).
func (p *Pool) release(pr *proc) {
	if pr.exited() {
		pr.kill()
		return
	}
	p.mu.Lock()
	p.idle = append(p.idle, pr)
	p.mu.Unlock()
}

// openLog returns the bot's stderr log (log.go).
func openLog(name string) (*botLog, error) { return logFor(name), nil }

// Probe starts the bot (or takes an idle process), reads its hello and
// returns it to the pool: the way to learn the parameters a bot declares.
func (p *Pool) Probe(ctx context.Context) (name string, params []game.Param, err error) {
	pr, err := p.acquire(ctx, nil)
	if err != nil {
		return "", nil, err
	}
	defer p.release(pr)
	params, err = paramsFromHello(pr.hello.Params)
	return pr.hello.Name, params, err
}

var errClosed = errors.New("external: pool closed")
