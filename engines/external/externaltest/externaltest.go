// Package externaltest holds helpers for tests of external bots: a fake
// JSON-lines bot that a test binary runs as a child process (re-executing
// itself) in several misbehaving modes, a check of the process table, and
// this process's CPU time.
package externaltest

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Env is the environment variable that makes a test binary a fake bot:
// call MaybeRun first thing in TestMain.
const Env = "TOURNEY_FAKE_BOT"

// Modes of the fake bot.
const (
	ModeFirst      = "first"       // plays legal[pick mod len(legal)] at once
	ModeNoHello    = "nohello"     // never answers hello
	ModeGarbage    = "garbage"     // answers a turn with a line that is not JSON
	ModeIllegal    = "illegal"     // answers a turn with an action that is not legal
	ModeHang       = "hang"        // never answers a turn (ignores everything)
	ModeExit       = "exit"        // exits at its second turn of games whose seed is even
	ModeIgnoreQuit = "ignore-quit" // plays, but ignores quit and the end of its input
	ModeLegacy     = "legacy"      // like first, but does not echo turn ids (tourney/1)
	ModeNoEcho     = "noecho"      // says tourney/2 in its hello but does not echo turn ids
	ModeExtraEnd   = "extra-end"   // like first, and writes one more action (the last id) after each end
	// ModeLegacyExtraEnd is like legacy (tourney/1, no ids), and writes
	// one more action ("0", no id) after each end.
	ModeLegacyExtraEnd = "legacy-extra-end"
	ModeStale          = "stale"      // like first, but from its second turn on answers with the previous turn's id
	ModeSlowStart      = "slow-start" // like first, after sleeping $TOURNEY_FAKE_SLEEP (a duration) before it reads hello
	ModeFlood          = "flood"      // like first, after writing $TOURNEY_FAKE_FLOOD bytes (default 12 MB) to stderr at hello
	// ModeSetsid is like first, but ignores SIGTERM, and at start runs a
	// grandchild (this binary in ModeSleeper) in a session of its own,
	// which ignores SIGTERM too and sleeps: a descendant that escapes
	// process-group kills.
	ModeSetsid  = "setsid"
	ModeSleeper = "sleeper" // ignores SIGTERM and sleeps five minutes
	// ModeRXTScript is a ReversiXT TCP client: it connects to os.Args[1],
	// sends group 7, answers each move request with the next move of
	// $TOURNEY_FAKE_MOVES ("x,y,special;...", the last one repeated), and writes every byte it
	// receives to the file $TOURNEY_FAKE_RECORD. With $TOURNEY_FAKE_ADDRFILE it
	// first writes the address there, with $TOURNEY_FAKE_CONNECT_DELAY it
	// waits that long before it connects.
	ModeRXTScript = "rxt-script"
	// ModeNodes counts its nodes (hello "clock": "nodes"): under a clock
	// counted in nodes it "searches" half of the turn's clock.left_nodes
	// (reports them in info.nodes) and plays legal[(pick+left_nodes/97)
	// mod len(legal)], so that its moves follow its bank; otherwise it
	// reports 10 nodes and plays legal[pick]. $TOURNEY_FAKE_SPEND (a
	// float, default 0.5) is the share of left_nodes it reports.
	ModeNodes = "nodes"
	// ModeNodesMissing is like nodes but leaves info out of its third
	// action of each game.
	ModeNodesMissing = "nodes-missing"
	// ModeNodesNegative is like nodes but reports -5 nodes.
	ModeNodesNegative = "nodes-negative"
	// ModeBusy is like first, and at the first turn of each game runs a
	// child (this binary in ModeSpin) that burns $TOURNEY_FAKE_SPIN of
	// CPU time (a duration, default 300ms) and exits, and waits for it
	// before it answers; with $TOURNEY_FAKE_SPIN_BG=1 it answers at once
	// and leaves the child running.
	ModeBusy = "busy"
	ModeSpin = "spin" // burns $TOURNEY_FAKE_SPIN of CPU time and exits
)

// MaybeRun runs the fake bot and exits when Env is set.
func MaybeRun() {
	mode, ok := os.LookupEnv(Env)
	if !ok {
		return
	}
	os.Exit(run(mode))
}

func run(mode string) int {
	switch mode {
	case ModeRXTScript:
		return rxtScript()
	case ModeSpin:
		d, err := time.ParseDuration(os.Getenv("TOURNEY_FAKE_SPIN"))
		if err != nil {
			d = 300 * time.Millisecond
		}
		spin(d)
		return 0
	case ModeSleeper:
		signal.Ignore(syscall.SIGTERM)
		time.Sleep(5 * time.Minute) // bounded: a failed test leaks it for minutes at most
		return 0
	case ModeSetsid:
		signal.Ignore(syscall.SIGTERM)
		if err := startDetached(); err != nil {
			fmt.Fprintln(os.Stderr, "fake bot:", err)
			return 2
		}
	case ModeSlowStart:
		d, _ := time.ParseDuration(os.Getenv("TOURNEY_FAKE_SLEEP"))
		time.Sleep(d)
	}
	if d, err := time.ParseDuration(os.Getenv("TOURNEY_FAKE_START_SPIN")); err == nil {
		// $TOURNEY_FAKE_START_SPIN (any mode): burns that much CPU before
		// it reads hello, as a JVM starts
		spin(d)
	}
	counts := mode == ModeNodes || mode == ModeNodesMissing || mode == ModeNodesNegative
	spend, err := strconv.ParseFloat(os.Getenv("TOURNEY_FAKE_SPEND"), 64)
	if err != nil {
		spend = 0.5
	}
	echo := mode != ModeLegacy && mode != ModeLegacyExtraEnd && mode != ModeNoEcho && mode != ModeGarbage && mode != ModeIllegal && mode != ModeHang && mode != ModeExit && mode != ModeIgnoreQuit && mode != ModeNoHello
	var lastID, prevID string
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) {
		out.WriteString(s)
		out.WriteByte('\n')
		out.Flush()
	}
	pick, turns := 0, 0
	warmed := false
	var seed uint64
	for {
		line, err := in.ReadBytes('\n')
		if err != nil {
			if mode == ModeIgnoreQuit {
				time.Sleep(time.Hour)
			}
			return 0
		}
		var m struct {
			Type   string         `json:"type"`
			Seed   string         `json:"seed"`
			Params map[string]any `json:"params"`
			Legal  []string       `json:"legal"`
			Clock  *struct {
				Kind      string `json:"kind"`
				LeftNodes int64  `json:"left_nodes"`
			} `json:"clock"`
			ID    string          `json:"id"`
			State json.RawMessage `json:"state"`
		}
		if err := json.Unmarshal(line, &m); err != nil {
			fmt.Fprintf(os.Stderr, "fake bot: bad line %q\n", line)
			return 2
		}
		switch m.Type {
		case "hello":
			if mode == ModeNoHello {
				time.Sleep(time.Hour)
			}
			if mode == ModeFlood {
				n, err := strconv.Atoi(os.Getenv("TOURNEY_FAKE_FLOOD"))
				if err != nil {
					n = 12 << 20
				}
				chunk := []byte(strings.Repeat("flood! ", 1<<14)[:1<<16-1] + "\n")
				for w := 0; w < n; w += len(chunk) {
					os.Stderr.Write(chunk)
				}
			}
			proto := ""
			if echo || mode == ModeNoEcho {
				proto = `"protocol":"tourney/2",`
			}
			if counts {
				proto += `"clock":"nodes",`
			}
			say(`{"type":"hello",` + proto + `"name":"fake-` + mode + `","params":[{"name":"pick","type":"int","default":0,"min":0,"max":3}]}`)
		case "newgame":
			seed, _ = strconv.ParseUint(m.Seed, 10, 64)
			turns = 0
			if v, ok := m.Params["pick"].(float64); ok {
				pick = int(v)
			}
			fmt.Fprintf(os.Stderr, "fake bot: new game seed %d\n", seed)
		case "turn":
			turns++
			if d, err := time.ParseDuration(os.Getenv("TOURNEY_FAKE_DELAY")); err == nil {
				// $TOURNEY_FAKE_DELAY: a slow bot (any mode), at every turn
				// or at the first $TOURNEY_FAKE_DELAY_TURNS of each game
				if n, err := strconv.Atoi(os.Getenv("TOURNEY_FAKE_DELAY_TURNS")); err != nil || turns <= n {
					time.Sleep(d)
				}
			}
			prevID, lastID = lastID, m.ID
			if d, err := time.ParseDuration(os.Getenv("TOURNEY_FAKE_WARMUP_SPIN")); err == nil && !warmed {
				// $TOURNEY_FAKE_WARMUP_SPIN (any mode): burns that much CPU
				// at the process's first turn, as a JVM compiles the bot
				// over its first game
				warmed = true
				spin(d)
			}
			if mode == ModeBusy && turns == 1 {
				if err := runSpinner(os.Getenv("TOURNEY_FAKE_SPIN_BG") == "1"); err != nil {
					fmt.Fprintln(os.Stderr, "fake bot:", err)
					return 2
				}
			}
			switch {
			case mode == ModeHang:
				time.Sleep(time.Hour)
			case mode == ModeGarbage:
				say("this is not JSON")
				continue
			case mode == ModeIllegal:
				say(`{"type":"action","action":"no-such-move"}`)
				continue
			case mode == ModeExit && turns == 2 && seed%2 == 0:
				return 3
			}
			a := []byte(`""`)
			k := pick
			info := ""
			if counts {
				nodes := int64(10)
				if m.Clock != nil && m.Clock.Kind == "nodes" {
					nodes = int64(float64(m.Clock.LeftNodes) * spend)
					k += int(m.Clock.LeftNodes / 97)
				}
				switch {
				case mode == ModeNodesNegative:
					info = `,"info":{"nodes":-5}`
				case mode == ModeNodesMissing && turns == 3:
				default:
					info = `,"info":{"nodes":` + strconv.FormatInt(nodes, 10) + `,"depth":1}`
				}
			}
			if len(m.Legal) > 0 {
				a, _ = json.Marshal(m.Legal[k%len(m.Legal)])
			}
			id := ""
			switch {
			case mode == ModeStale && turns > 1:
				id = `"id":"` + prevID + `",`
			case echo:
				id = `"id":"` + m.ID + `",`
			}
			say(`{"type":"action",` + id + `"action":` + string(a) + info + `}`)
		case "end":
			switch mode {
			case ModeExtraEnd:
				say(`{"type":"action","id":"` + lastID + `","action":"0"}`)
			case ModeLegacyExtraEnd:
				say(`{"type":"action","action":"0"}`)
			}
		case "update":
		case "quit":
			if mode == ModeIgnoreQuit {
				continue
			}
			return 0
		default:
			fmt.Fprintf(os.Stderr, "fake bot: unknown message %q\n", m.Type)
		}
	}
}

// spin burns d of CPU time (user time of this process).
func spin(d time.Duration) {
	start := CPUTime()
	x := uint64(1)
	for CPUTime()-start < d {
		for i := 0; i < 1e6; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	if x == 42 {
		fmt.Println(x)
	}
}

// CPUTime is this process's CPU time (user + system).
func CPUTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runSpinner runs this binary in ModeSpin and waits for it (bg: not).
func runSpinner(bg bool) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), Env+"="+ModeSpin)
	cmd.Stderr = os.Stderr
	if bg {
		return cmd.Start()
	}
	return cmd.Run()
}

// Children returns the processes whose parent is this process (from
// /proc; nil where /proc is absent), as "pid comm state".
func Children() []string {
	me := strconv.Itoa(os.Getpid())
	var out []string
	eachProc("stat", func(pid string, b []byte) {
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			return
		}
		f := strings.Fields(s[i+1:])
		if len(f) >= 2 && f[1] == me {
			out = append(out, pid+" "+s[:i+1]+" "+f[0])
		}
	})
	return out
}

// eachProc calls f with the pid and the file /proc/PID/name of every
// process whose file it can read (none where /proc is absent).
func eachProc(name string, f func(pid string, b []byte)) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		if b, err := os.ReadFile("/proc/" + e.Name() + "/" + name); err == nil {
			f(e.Name(), b)
		}
	}
}

func rxtScript() int {
	if f := os.Getenv("TOURNEY_FAKE_ADDRFILE"); f != "" {
		os.WriteFile(f+".tmp", []byte(os.Args[1]), 0o644)
		os.Rename(f+".tmp", f)
	}
	if d, err := time.ParseDuration(os.Getenv("TOURNEY_FAKE_CONNECT_DELAY")); err == nil {
		time.Sleep(d)
	}
	conn, err := net.Dial("tcp", os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer conn.Close()
	var moves [][3]int
	for _, m := range strings.Split(os.Getenv("TOURNEY_FAKE_MOVES"), ";") {
		var x, y, s int
		if _, err := fmt.Sscanf(m, "%d,%d,%d", &x, &y, &s); err == nil {
			moves = append(moves, [3]int{x, y, s})
		}
	}
	var rec io.Writer = io.Discard
	if path := os.Getenv("TOURNEY_FAKE_RECORD"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		defer f.Close()
		rec = f
	}
	conn.Write([]byte{1, 0, 0, 0, 1, 7})
	for {
		var h [5]byte
		if _, err := io.ReadFull(conn, h[:]); err != nil {
			return 0
		}
		n := binary.BigEndian.Uint32(h[1:])
		p := make([]byte, n)
		if _, err := io.ReadFull(conn, p); err != nil {
			return 1
		}
		rec.Write(h[:])
		rec.Write(p)
		switch h[0] {
		case 4:
			if len(moves) == 0 {
				return 1
			}
			m := moves[0]
			if len(moves) > 1 { // the last move is repeated
				moves = moves[1:]
			}
			conn.Write([]byte{5, 0, 0, 0, 5, byte(m[0] >> 8), byte(m[0]), byte(m[1] >> 8), byte(m[1]), byte(m[2])})
		case 9:
			return 0
		}
	}
}

// Marked returns the live processes whose environment holds KEY=VALUE
// (from /proc; nil where /proc is absent), as "pid comm".
func Marked(kv string) []string {
	var out []string
	eachProc("environ", func(pid string, b []byte) {
		if slices.Contains(strings.Split(string(b), "\x00"), kv) {
			st, _ := os.ReadFile("/proc/" + pid + "/stat")
			out = append(out, pid+" "+strings.TrimSpace(string(st)))
		}
	})
	return out
}
