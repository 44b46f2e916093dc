package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"tourney/tuner"
	"tourney/tuner/serve"
	"tourney/tuner/study"
)

const serveUsage = `[DIR...] [--addr ADDR]

A local web server over results folders (default: results): the list of
runs (name, method, variants, games, state running / finished /
interrupted, verdict, date), each run's live page (progress and ETA, the
leader and the ratings so far, effects, forfeits, a cluster's workers;
it follows a sweep as it writes), each finished run's report, and a
comparison of runs of the same space. A DIR is a run's folder or a
folder of runs. It only reads: a run's files stay the same.
The server listens on the loopback interface unless ADDR names a host;
from another machine, tunnel to it: ssh -L 8080:127.0.0.1:8080 HOST.`

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve", serveUsage, "tourney serve results --addr 127.0.0.1:8080", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on ADDR (host:port, :port or port; loopback unless a host is named)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		pos = []string{"results"}
	}
	for _, d := range pos {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			return usagef("serve: %s is not a directory", d)
		}
	}
	srv := serve.New(serve.Options{Dirs: pos})
	url, stop, err := listenServe(*addr, srv, stderr)
	if err != nil {
		return err
	}
	defer stop()
	fmt.Fprintf(stderr, "serving %d runs of %s on %s (Ctrl-C to stop)\n", len(srv.Runs()), strings.Join(pos, ", "), url)
	<-ctx.Done()
	return nil
}

// serveSweep starts `sweep --serve ADDR`: a server over the sweep's
// results folder whose live page also shows the sweep's log (opt.Log is
// teed to it). The returned stop marks the sweep ended and closes the
// server.
func serveSweep(addr, out string, sp *study.Study, opt *tuner.RunOptions, stderr io.Writer) (stop func(), err error) {
	srv := serve.New(serve.Options{Own: out, OwnSpace: sp})
	url, closeSrv, err := listenServe(addr, srv, stderr)
	if err != nil {
		return nil, err
	}
	opt.Log = io.MultiWriter(opt.Log, srv.Log())
	fmt.Fprintf(stderr, "live page: %s/run?k=0 (the server stops with the sweep; afterwards: tourney serve %s)\n", url, out)
	return func() { srv.OwnDone(); closeSrv() }, nil
}

// listenServe listens on addr (a bare port or ":port" on the loopback
// interface) and serves the server's pages until stop.
func listenServe(addr string, srv *serve.Server, stderr io.Writer) (url string, stop func(), err error) {
	if !strings.Contains(addr, ":") {
		addr = ":" + addr
	}
	if strings.HasPrefix(addr, ":") {
		addr = "127.0.0.1" + addr
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, &exitError{code: 1, msg: fmt.Sprintf("serve: %v", err)}
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "serve: %v\n", err)
		}
	}()
	return "http://" + ln.Addr().String(), func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = hs.Shutdown(ctx)
		<-done
	}, nil
}
