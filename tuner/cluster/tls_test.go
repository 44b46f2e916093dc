package cluster_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/tuner/cluster"
)

// writeCerts writes a CA and a certificate for 127.0.0.1 signed by it.
func writeCerts(t *testing.T, dir string) (ca, cert, key string) {
	t.Helper()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "tourney test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true,
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	srvKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	srvTmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	srvDER, err := x509.CreateCertificate(rand.Reader, srvTmpl, caTmpl, &srvKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	kb, _ := x509.MarshalECPrivateKey(srvKey)
	write := func(name, typ string, der []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write("ca.pem", "CERTIFICATE", caDER), write("cert.pem", "CERTIFICATE", srvDER), write("key.pem", "EC PRIVATE KEY", kb)
}

// The embedded server with TLS: a client that trusts its CA connects;
// one that does not is refused.
func TestTLS(t *testing.T) {
	dir := t.TempDir()
	ca, cert, key := writeCerts(t, dir)
	s, err := cluster.Serve(cluster.ServeOptions{Addr: "127.0.0.1:0", StoreDir: t.TempDir(),
		Security: cluster.Security{Token: "tok", TLSCert: cert, TLSKey: key}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Shutdown(); s.WaitForShutdown() }()
	url := cluster.ServerURL(s, true)
	if !strings.HasPrefix(url, "tls://") {
		t.Fatalf("url %s", url)
	}
	nc, err := cluster.Connect(url, "w", cluster.Security{Token: "tok", TLSCA: ca})
	if err != nil {
		t.Fatalf("with the CA: %v", err)
	}
	if !nc.TLSRequired() {
		t.Error("connection without TLS")
	}
	nc.Close()
	if _, err := cluster.Connect(url, "w", cluster.Security{Token: "tok"}); err == nil {
		t.Error("a client that does not trust the server's CA connected")
	}
}
