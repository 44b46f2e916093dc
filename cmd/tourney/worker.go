package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/nats-io/nats.go"

	"tourney/tuner/cluster"
)

const workerUsage = `URL [flags]

Plays for a cluster sweep (tourney sweep SPACE --nats URL, or
--nats-serve ADDR): connects to the NATS server at URL, waits for a
coordinator, fetches its space and files (cached by content hash),
pulls blocks of games, plays them with --workers games at once and acks
each with its results. Workers may join or leave at any time: a block
whose worker dies goes to another after --nats-ack-wait. A worker of
another tourney version, or one that cannot load the space or start one
of its external bots, refuses the work (exit 1) and the coordinator
logs why.

A worker stops (exit 0) when the sweep it played for ends. One started
before any sweep, or after the last one ended, waits for the next; one
whose coordinator was interrupted (Ctrl-C, kill -9) waits for the
resumed sweep (tourney sweep --resume). Stop it with Ctrl-C, or with
--idle.`

func runWorker(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("worker", workerUsage, "tourney worker nats://10.0.0.5:4222 --workers 8 --nats-token $TOKEN", stderr)
	workers := fs.Int("workers", 0, "games played at once (default: number of CPUs)")
	name := fs.String("name", "", "this worker's name in the coordinator's progress line and summary.json (default host-pid)")
	cache := fs.String("cache", "", "where the spaces' files are kept (default: the user cache directory, tourney/cluster)")
	var ml moveLimits
	ml.register(fs, " (broken bots)")
	idle := fs.Duration("idle", 0, "stop after this long without work (0: wait for work until stopped)")
	var nf natsFlags
	nf.register(fs, false)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("worker takes the NATS server's URL, got %d arguments (see 'tourney worker -h')", len(pos))
	}
	if err := nf.check(fs); err != nil {
		return err
	}
	if *workers == 0 {
		*workers = runtime.NumCPU()
	}
	if *name == "" {
		h, _ := os.Hostname()
		*name = fmt.Sprintf("%s-%d", h, os.Getpid())
	}
	// the server may not be up yet: a worker may start first
	nc, err := cluster.Connect(pos[0], "tourney worker "+*name, nf.security())
	for waited := false; err != nil && errors.Is(err, nats.ErrNoServers); {
		if !waited {
			fmt.Fprintf(stderr, "worker %s: %v; retrying\n", *name, err)
			waited = true
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
		nc, err = cluster.Connect(pos[0], "tourney worker "+*name, nf.security())
	}
	if err != nil {
		return err
	}
	defer nc.Close()
	fmt.Fprintf(stderr, "worker %s: connected to %s, %d games at once\n", *name, pos[0], *workers)
	err = cluster.RunWorker(ctx, nc, cluster.WorkerOptions{Name: *name, Workers: *workers, Version: version, Cache: *cache,
		Log: stderr, Grace: ml.grace, HangTimeout: ml.hang, Idle: *idle})
	var re *cluster.RefusedError
	if errors.As(err, &re) {
		return &exitError{code: 1, msg: "worker " + *name + ": " + err.Error()}
	}
	return err
}
