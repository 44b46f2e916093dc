package main

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tourney/engines/external/rxtproto"
)

// TestClientHelp: `client -h` lists the flags of both protocols, and
// each protocol's -h has a usage line that names the command once.
func TestClientHelp(t *testing.T) {
	code, _, stderr := tourney(t, "client", "-h")
	if code != 0 {
		t.Fatalf("client -h: exit %d", code)
	}
	for _, f := range []string{"-server", "-group", "-depth", "-wait", "-margin", "-url", "-key", "-time-url", "-config"} {
		if !strings.Contains(stderr, f) {
			t.Errorf("client -h does not list %s:\n%s", f, stderr)
		}
	}
	for _, sub := range []string{"reversixt", "speed"} {
		code, _, stderr := tourney(t, "client", sub, "-h")
		if code != 0 {
			t.Fatalf("client %s -h: exit %d", sub, code)
		}
		first, _, _ := strings.Cut(stderr, "\n")
		if first != "Usage: tourney client "+sub+" [flags]" {
			t.Errorf("client %s -h: usage line %q", sub, first)
		}
		if !strings.Contains(stderr, "-wait") || !strings.Contains(stderr, "-depth") {
			t.Errorf("client %s -h lists no --wait or --depth:\n%s", sub, stderr)
		}
	}
}

func TestWithDefaultPort(t *testing.T) {
	for in, want := range map[string]string{
		"host": "host:7777", "127.0.0.1": "127.0.0.1:7777", "host:1234": "host:1234",
		"[::1]": "[::1]:7777", "::1": "[::1]:7777", "[::1]:99": "[::1]:99",
	} {
		if got := withDefaultPort(in); got != want {
			t.Errorf("withDefaultPort(%q) = %q, want %q", in, got, want)
		}
	}
}

// freeAddr returns a loopback address nobody listens on (for now).
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// TestClientUnreachableAndWait: an unreachable server is explained (and
// --wait suggested); with --wait the client waits for a server that
// comes up later and plays.
func TestClientUnreachableAndWait(t *testing.T) {
	addr := freeAddr(t)
	code, _, stderr := tourney(t, "client", "reversixt", "--server", addr)
	if code == 0 || !strings.Contains(stderr, "cannot reach the ReversiXT server at "+addr) || !strings.Contains(stderr, "--wait") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	// a server that starts after 300ms and plays a game without moves
	go func() {
		time.Sleep(300 * time.Millisecond)
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return
		}
		defer ln.Close()
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		rxtproto.Read(c)
		rxtproto.Write(c, rxtproto.TypeMap, []byte("2\n0\n0 0\n1 2\n1 2\n"))
		rxtproto.Write(c, rxtproto.TypePlayer, rxtproto.Player(1))
		rxtproto.Write(c, rxtproto.TypePhase1End, nil)
		rxtproto.Write(c, rxtproto.TypeGameOver, nil)
	}()
	code, out, stderr := tourney(t, "client", "reversixt", "--server", addr, "--wait", "10s")
	if code != 0 || !strings.Contains(out, "player 1: rank 1 of 2") {
		t.Fatalf("with --wait: exit %d, %q %q", code, out, stderr)
	}
}

// TestClientSpeedRefusedKey: a 403 says to check the key.
func TestClientSpeedRefusedKey(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "unknown key", http.StatusForbidden)
	}))
	defer srv.Close()
	u := "ws" + strings.TrimPrefix(srv.URL, "http") + "/spe_ed"
	code, _, stderr := tourney(t, "client", "speed", "--url", u, "--key", "wrong", "--time-url", "off")
	if code == 0 || !strings.Contains(stderr, "the server refused the key (HTTP 403): check --key") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}
