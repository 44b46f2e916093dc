package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"tourney/tuner/cluster"
	"tourney/tuner/results"
	"tourney/tuner/study"
)

// natsFlags are the NATS flags of sweep (coordinator) and worker.
type natsFlags struct {
	url, serve                string
	token, creds, nkey        string
	tlsCert, tlsKey, tlsCA    string
	ackWait                   time.Duration
	coordinator, workersGiven bool
}

func (n *natsFlags) register(fs *flag.FlagSet, coordinator bool) {
	n.coordinator = coordinator
	if coordinator {
		fs.StringVar(&n.url, "nats", "", "coordinate a cluster through this NATS server (with JetStream): workers run 'tourney worker URL'")
		fs.StringVar(&n.serve, "nats-serve", "", "coordinate a cluster through an embedded NATS server on ADDR (host:port, :port or port; loopback unless a host is named, which needs --nats-token)")
		fs.DurationVar(&n.ackWait, "nats-ack-wait", 30*time.Second, "a block without an ack or a heartbeat for this long goes to another worker")
	}
	fs.StringVar(&n.token, "nats-token", "", "NATS token (default $TOURNEY_NATS_TOKEN)")
	fs.StringVar(&n.creds, "nats-creds", "", "NATS credentials file (an existing server)")
	fs.StringVar(&n.nkey, "nats-nkey", "", "NATS nkey seed file (an existing server)")
	fs.StringVar(&n.tlsCert, "nats-tls-cert", "", "TLS certificate (the embedded server's, or the client's)")
	fs.StringVar(&n.tlsKey, "nats-tls-key", "", "TLS key of --nats-tls-cert")
	fs.StringVar(&n.tlsCA, "nats-tls-ca", "", "CA certificate that signed the other side's certificate")
}

func (n *natsFlags) enabled() bool { return n.url != "" || n.serve != "" }

func (n *natsFlags) security() cluster.Security {
	return cluster.Security{Token: n.token, Creds: n.creds, NKey: n.nkey, TLSCert: n.tlsCert, TLSKey: n.tlsKey, TLSCA: n.tlsCA}
}

// check reports flag combinations that make no sense (and takes the
// token from $TOURNEY_NATS_TOKEN, which -h does not show).
func (n *natsFlags) check(fs *flag.FlagSet) error {
	if n.token == "" {
		n.token = os.Getenv("TOURNEY_NATS_TOKEN")
	}
	if n.url != "" && n.serve != "" {
		return usagef("%s: --nats and --nats-serve: one or the other (an existing server, or an embedded one)", fs.Name())
	}
	if (n.tlsCert == "") != (n.tlsKey == "") {
		return usagef("%s: --nats-tls-cert and --nats-tls-key go together", fs.Name())
	}
	if n.coordinator && !n.enabled() {
		var bad string
		fs.Visit(func(f *flag.Flag) {
			if len(f.Name) > 5 && f.Name[:5] == "nats-" {
				bad = f.Name
			}
		})
		if bad != "" {
			return usagef("%s: --%s needs --nats URL or --nats-serve ADDR", fs.Name(), bad)
		}
	}
	if n.serve != "" {
		if err := cluster.CheckServe(n.serve, n.token); err != nil {
			return usagef("%s: %v", fs.Name(), err)
		}
	}
	if n.coordinator && n.ackWait <= 0 {
		return usagef("%s: --nats-ack-wait must be positive", fs.Name())
	}
	return nil
}

// coordination is a running coordinator: the embedded server (if any),
// the connection, the runner and the coordinator's own worker loop.
type coordination struct {
	srv    *server.Server
	nc     *nats.Conn
	co     *cluster.Coordinator
	cancel context.CancelFunc
	wg     sync.WaitGroup
	store  string
	once   sync.Once
}

// startCoordination starts the cluster side of `tourney sweep --nats` or
// `--nats-serve`; workers > 0 also play on this machine.
func startCoordination(ctx context.Context, n *natsFlags, sp *study.Study, out string, resume bool, workers int, grace, hang time.Duration, stderr io.Writer) (*coordination, error) {
	c := &coordination{}
	url := n.url
	sec := n.security()
	var extra []nats.Option
	if n.serve != "" {
		if !resume {
			if ents, err := os.ReadDir(out); err == nil && len(ents) > 0 && !(len(ents) == 1 && ents[0].Name() == results.StoreDir) {
				return nil, fmt.Errorf("%s: results directory is not empty (choose another --out)", out)
			}
		}
		c.store = filepath.Join(out, results.StoreDir)
		if err := os.MkdirAll(c.store, 0o755); err != nil {
			return nil, err
		}
		srv, err := cluster.Serve(cluster.ServeOptions{Addr: n.serve, StoreDir: c.store, Security: sec})
		if err != nil {
			return nil, err
		}
		c.srv = srv
		url = cluster.ServerURL(srv, n.tlsCert != "")
		extra = append(extra, nats.InProcessServer(srv))
		hint := ""
		if n.token != "" {
			hint = " --nats-token TOKEN"
		}
		if n.tlsCA != "" || n.tlsCert != "" {
			hint += " --nats-tls-ca CA.pem"
		}
		fmt.Fprintf(stderr, "cluster: NATS server on %s; start workers with: tourney worker %s%s --workers N\n", url, url, hint)
	}
	nc, err := cluster.Connect(url, "tourney coordinator", sec, extra...)
	if err != nil {
		c.close()
		return nil, err
	}
	c.nc = nc
	co, err := cluster.NewCoordinator(ctx, nc, sp, cluster.Options{Version: version, AckWait: n.ackWait, Log: stderr,
		StatusFile: filepath.Join(out, cluster.StatusFileName)}) // for tourney serve
	if err != nil {
		c.close()
		return nil, fmt.Errorf("cluster: %w", err)
	}
	c.co = co
	if workers > 0 {
		wctx, cancel := context.WithCancel(ctx)
		c.cancel = cancel
		wnc, err := cluster.Connect(url, "tourney coordinator worker", sec, extra...)
		if err != nil {
			c.close()
			return nil, err
		}
		h, _ := os.Hostname()
		c.wg.Add(1)
		go func() {
			defer c.wg.Done()
			defer wnc.Close()
			err := cluster.RunWorker(wctx, wnc, cluster.WorkerOptions{Name: h + "-coordinator", Workers: workers, Version: version,
				Space: sp, Grace: grace, HangTimeout: hang, Log: io.Discard})
			if err != nil && wctx.Err() == nil {
				fmt.Fprintf(stderr, "cluster: the coordinator's own worker stopped: %v\n", err)
			}
		}()
	}
	return c, nil
}

// end tells the workers that the sweep is over (they stop: 'tourney
// help cluster') and gives those of the embedded server up to 3 s to
// hear it and leave before the server goes. Not called on an
// interrupted or failed sweep: its workers wait for --resume.
func (c *coordination) end(stderr io.Writer) {
	if c.cancel != nil {
		c.cancel() // the coordinator's own worker loop
	}
	c.wg.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.co.End(ctx); err != nil {
		fmt.Fprintf(stderr, "cluster: could not tell the workers that the sweep has ended: %v\n", err)
		return
	}
	for deadline := time.Now().Add(3 * time.Second); c.srv != nil && c.srv.NumClients() > 1 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
}

// close stops the worker loop, the coordinator and the embedded server.
func (c *coordination) close() { c.once.Do(c.stop) }

func (c *coordination) stop() {
	if c.cancel != nil {
		c.cancel()
	}
	c.wg.Wait()
	if c.co != nil {
		c.co.Close()
	}
	if c.nc != nil {
		c.nc.Close()
	}
	if c.srv != nil {
		c.srv.Shutdown()
		c.srv.WaitForShutdown()
	}
}
