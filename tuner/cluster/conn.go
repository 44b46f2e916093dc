package cluster

import (
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// Security is how a client or the embedded server authenticates and
// encrypts: a token (or, for a client of an existing server, a creds or
// nkey seed file) and TLS files.
type Security struct {
	Token string
	Creds string // client only: a .creds file (JWT + nkey)
	NKey  string // client only: an nkey seed file
	// TLS: the server's (or the client's) certificate and key, and the CA
	// that signed the other side's certificate.
	TLSCert, TLSKey, TLSCA string
}

// ServeOptions configure the embedded server.
type ServeOptions struct {
	// Addr is host:port, :port or port; a missing host is 127.0.0.1. A
	// non-loopback address needs a token.
	Addr     string
	StoreDir string // JetStream's store (the results directory's .nats)
	Security
}

// Serve starts an embedded NATS server with JetStream.
func Serve(o ServeOptions) (*server.Server, error) {
	host, port, err := checkServe(o.Addr, o.Token)
	if err != nil {
		return nil, err
	}
	opts := &server.Options{
		Host: host, Port: port, JetStream: true, StoreDir: o.StoreDir, NoSigs: true, NoLog: true,
		MaxPayload: 8 << 20, Authorization: o.Token, ServerName: "tourney",
	}
	if o.TLSCert != "" || o.TLSKey != "" {
		tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: o.TLSCert, KeyFile: o.TLSKey, CaFile: o.TLSCA, Verify: o.TLSCA != ""})
		if err != nil {
			return nil, fmt.Errorf("--nats-tls-cert/--nats-tls-key: %w", err)
		}
		opts.TLSConfig, opts.TLS, opts.TLSVerify = tc, true, o.TLSCA != ""
		opts.TLSTimeout = 5
	}
	s, err := server.NewServer(opts)
	if err != nil {
		return nil, err
	}
	go s.Start()
	if !s.ReadyForConnections(15 * time.Second) {
		s.Shutdown()
		return nil, fmt.Errorf("the embedded NATS server did not start on %s", o.Addr)
	}
	return s, nil
}

// CheckServe checks an embedded server's address before anything is
// started or written (cmd/tourney: a usage error): host:port, :port or
// port, and a token for an address beyond this machine.
func CheckServe(addr, token string) error {
	_, _, err := checkServe(addr, token)
	return err
}

func checkServe(addr, token string) (string, int, error) {
	host, port, err := splitAddr(addr)
	if err != nil {
		return "", 0, err
	}
	if !isLoopback(host) && token == "" {
		return "", 0, fmt.Errorf("--nats-serve %s listens beyond this machine: set --nats-token or $TOURNEY_NATS_TOKEN (workers then pass the same token)", addr)
	}
	return host, port, nil
}

// ServerURL is the URL workers use for the embedded server.
func ServerURL(s *server.Server, tls bool) string {
	addr := s.Addr().(*net.TCPAddr)
	scheme := "nats"
	if tls {
		scheme = "tls"
	}
	host := addr.IP.String()
	if addr.IP.IsUnspecified() {
		if h, err := os.Hostname(); err == nil {
			host = h
		}
	}
	return fmt.Sprintf("%s://%s", scheme, net.JoinHostPort(host, strconv.Itoa(addr.Port)))
}

func splitAddr(addr string) (string, int, error) {
	if addr == "" {
		addr = "4222"
	}
	if !strings.Contains(addr, ":") {
		addr = ":" + addr
	}
	host, ps, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, fmt.Errorf("--nats-serve %q: want host:port, :port or port", addr)
	}
	port, err := strconv.Atoi(ps)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("--nats-serve %q: bad port", addr)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return host, port, nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Connect connects to a NATS server; an authorization failure is said
// plainly.
func Connect(url, name string, sec Security, extra ...nats.Option) (*nats.Conn, error) {
	opts := []nats.Option{nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(500 * time.Millisecond), nats.Timeout(10 * time.Second)}
	if sec.Token != "" {
		opts = append(opts, nats.Token(sec.Token))
	}
	if sec.Creds != "" {
		opts = append(opts, nats.UserCredentials(sec.Creds))
	}
	if sec.NKey != "" {
		o, err := nats.NkeyOptionFromSeed(sec.NKey)
		if err != nil {
			return nil, fmt.Errorf("--nats-nkey %s: %w", sec.NKey, err)
		}
		opts = append(opts, o)
	}
	if sec.TLSCA != "" {
		opts = append(opts, nats.RootCAs(sec.TLSCA))
	}
	if sec.TLSCert != "" || sec.TLSKey != "" {
		opts = append(opts, nats.ClientCert(sec.TLSCert, sec.TLSKey))
	}
	opts = append(opts, extra...)
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		if errors.Is(err, nats.ErrAuthorization) || strings.Contains(strings.ToLower(err.Error()), "authorization") {
			return nil, fmt.Errorf("%s refused the connection: authorization violation (wrong or missing --nats-token, --nats-creds or --nats-nkey)", url)
		}
		return nil, fmt.Errorf("connecting to %s: %w", url, err) // errors.Is(err, nats.ErrNoServers): not up (yet)
	}
	return nc, nil
}
