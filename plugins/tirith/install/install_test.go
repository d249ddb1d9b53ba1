package install

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sigstore/sigstore/pkg/signature"

	"github.com/hguard/hguard/plugins/tirith/installed"
)

// fakeCA is a Fulcio look-alike made for the test: a root and an
// intermediate that issues short-lived code-signing certificates.
type fakeCA struct {
	roots, inter *x509.CertPool
	cert         *x509.Certificate
	key          *ecdsa.PrivateKey
	log          *fakeLog // the transparency log that goes with it
}

func newCA(t testing.TB) *fakeCA {
	rootKey := must(ecdsa.GenerateKey(elliptic.P384(), rand.Reader))
	now := time.Now()
	rootTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{Organization: []string{"sigstore.dev"}, CommonName: "sigstore"},
		NotBefore: now.Add(-48 * time.Hour), NotAfter: now.Add(10 * 365 * 24 * time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign}
	root := must(x509.ParseCertificate(must(x509.CreateCertificate(rand.Reader, rootTmpl, rootTmpl, &rootKey.PublicKey, rootKey))))
	interKey := must(ecdsa.GenerateKey(elliptic.P384(), rand.Reader))
	interTmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{Organization: []string{"sigstore.dev"}, CommonName: "sigstore-intermediate"},
		NotBefore: now.Add(-48 * time.Hour), NotAfter: now.Add(5 * 365 * 24 * time.Hour), IsCA: true, BasicConstraintsValid: true, MaxPathLenZero: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning}}
	inter := must(x509.ParseCertificate(must(x509.CreateCertificate(rand.Reader, interTmpl, root, &interKey.PublicKey, rootKey))))
	ca := &fakeCA{roots: x509.NewCertPool(), inter: x509.NewCertPool(), cert: inter, key: interKey, log: newLog()}
	ca.roots.AddCert(root)
	ca.inter.AddCert(inter)
	return ca
}

// issue makes a leaf like Fulcio's for a GitHub Actions workflow, issued
// two hours ago (long expired: it is checked as of its NotBefore), and
// returns it as cosign writes it (base64 of the PEM) with its key.
func (ca *fakeCA) issue(san, issuer string) ([]byte, *ecdsa.PrivateKey) {
	key := must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader))
	nb := time.Now().Add(-2 * time.Hour)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(time.Now().UnixNano()), NotBefore: nb, NotAfter: nb.Add(10 * time.Minute),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning}}
	u := must(url.Parse(san))
	tmpl.URIs = []*url.URL{u}
	if issuer != "" {
		v2 := must(asn1.MarshalWithParams(issuer, "utf8"))
		tmpl.ExtraExtensions = []pkix.Extension{{Id: oidIssuerV1, Value: []byte(issuer)}, {Id: oidIssuerV2, Value: v2}}
	}
	der := must(x509.CreateCertificate(rand.Reader, tmpl, ca.cert, &key.PublicKey, ca.key))
	p := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	return []byte(base64.StdEncoding.EncodeToString(p)), key
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

type entry struct {
	name, link string
	typ        byte
	body       string
}

func tarGz(entries ...entry) []byte {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Typeflag: e.typ, Linkname: e.link, Mode: 0o755, Size: int64(len(e.body))}
		if e.typ != tar.TypeReg {
			h.Size = 0
		}
		must(0, tw.WriteHeader(h))
		must(tw.Write([]byte(e.body)))
	}
	must(0, tw.Close())
	must(0, gz.Close())
	return buf.Bytes()
}

const asset = "tirith-x86_64-unknown-linux-gnu.tar.gz"

func goodArchive(tag string) []byte {
	return tarGz(entry{name: "tirith", typ: tar.TypeReg, body: "#!/bin/sh\necho tirith " + tag + "\n"},
		entry{name: "completions/", typ: tar.TypeDir}, entry{name: "completions/tirith.bash", typ: tar.TypeReg, body: "complete"},
		entry{name: "man/tirith.1", typ: tar.TypeReg, body: ".TH"})
}

// spec says how a fake release differs from a good one.
type spec struct {
	san, issuer    string
	signer         *fakeCA
	archive        []byte
	tamperArchive  bool
	tamperSums     bool
	omit           string
	checksumsAsset string
	log            logSpec
}

// release builds the files of one release of tag.
func release(ca *fakeCA, tag string, s spec) map[string][]byte {
	if s.san == "" {
		s.san = Identity(tag)
	}
	if s.issuer == "" {
		s.issuer = Issuer
	}
	if s.signer == nil {
		s.signer = ca
	}
	if s.archive == nil {
		s.archive = goodArchive(tag)
	}
	if s.checksumsAsset == "" {
		s.checksumsAsset = asset
	}
	sum := sha256.Sum256(s.archive)
	sums := []byte(fmt.Sprintf("%x  tirith-aarch64-apple-darwin.tar.gz\n%x  %s\n", sha256.Sum256([]byte("other")), sum, s.checksumsAsset))
	certFile, key := s.signer.issue(s.san, s.issuer)
	signer := must(signature.LoadECDSASignerVerifier(key, crypto.SHA256))
	sig := must(signer.SignMessage(bytes.NewReader(sums)))
	files := map[string][]byte{
		"checksums.txt": sums, "checksums.txt.sig": []byte(base64.StdEncoding.EncodeToString(sig)),
		"checksums.txt.pem": certFile, asset: s.archive,
	}
	ca.log.add(files, sums, sig, certFile, s.log)
	if s.tamperArchive {
		files[asset] = append(bytes.Clone(s.archive), 0)
	}
	if s.tamperSums {
		files["checksums.txt"] = append(bytes.Clone(sums), []byte(fmt.Sprintf("%x  extra\n", sum))...)
	}
	delete(files, s.omit)
	return files
}

// server is a fake GitHub release host on 127.0.0.1 that counts requests.
type server struct {
	*httptest.Server
	mu       sync.Mutex
	releases map[string]map[string][]byte // tag → file → content
	latest   string
	requests atomic.Int64
}

func newServer(t testing.TB) *server {
	s := &server{releases: map[string]map[string][]byte{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		s.mu.Lock()
		defer s.mu.Unlock()
		if r.URL.Path == "/releases/latest" {
			http.Redirect(w, r, "/releases/tag/"+s.latest, http.StatusFound)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/rekor/") {
			s.rekor(w, r)
			return
		}
		parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/releases/download/"), "/")
		if len(parts) == 2 {
			if b, ok := s.releases[parts[0]][parts[1]]; ok {
				w.Write(b)
				return
			}
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *server) publish(tag string, files map[string][]byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.releases[tag], s.latest = files, tag
}

func options(home string, ca *fakeCA, srv *server) Options {
	return Options{Home: home, BaseURL: srv.URL + "/releases", Client: srv.Client(), Roots: ca.roots, Intermediates: ca.inter,
		Logs: ca.log.logs(), RekorURL: srv.URL + "/rekor", GOOS: "linux", GOARCH: "amd64"}
}

func readMarker(t *testing.T, home string) marker {
	t.Helper()
	var m marker
	b, err := os.ReadFile(MarkerPath(home))
	if err != nil {
		t.Fatalf("no marker: %v", err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// nothingInstalled: no binary, no temporary file left in bin/.
func nothingInstalled(t *testing.T, home string) {
	t.Helper()
	ents, _ := os.ReadDir(filepath.Join(home, "bin"))
	for _, e := range ents {
		t.Errorf("bin/ holds %s after a refused install", e.Name())
	}
}

func TestInstallGood(t *testing.T) {
	ca, srv, home := newCA(t), newServer(t), t.TempDir()
	srv.publish("v0.4.2", release(ca, "v0.4.2", spec{}))
	if err := (state{home}).writeMarker(marker{Reason: ReasonDownload, At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	r, err := Install(context.Background(), options(home, ca, srv)) // explicit: ignores the marker
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(r.Path)
	if err != nil || string(b) != "#!/bin/sh\necho tirith v0.4.2\n" || r.Tag != "v0.4.2" || r.Path != filepath.Join(home, "bin", "tirith") {
		t.Fatalf("installed %+v: %q %v", r, b, err)
	}
	if fi, _ := os.Stat(r.Path); fi.Mode().Perm() != 0o755 {
		t.Errorf("mode %v", fi.Mode())
	}
	if tag, ok := Installed(home); !ok || tag != "v0.4.2" {
		t.Errorf("recorded tag %q %v", tag, ok)
	}
	if _, err := os.Stat(MarkerPath(home)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("marker not deleted after success: %v", err)
	}
	// An upgrade is accepted; the same tag again too (a repair).
	srv.publish("v0.5.0", release(ca, "v0.5.0", spec{}))
	for _, v := range []string{"v0.5.0", "v0.5.0"} {
		o := options(home, ca, srv)
		o.Version = v
		if r, err := Install(context.Background(), o); err != nil || r.Tag != v {
			t.Fatalf("install %s: %+v %v", v, r, err)
		}
	}
}

func TestInstallRefused(t *testing.T) {
	ca, other := newCA(t), newCA(t)
	const tag = "v0.4.2"
	id := Identity(tag)
	for _, tc := range []struct {
		name   string
		spec   spec
		reason string
		setup  func(home string)
	}{
		{name: "tampered archive", spec: spec{tamperArchive: true}, reason: ReasonChecksum},
		{name: "tampered checksums", spec: spec{tamperSums: true}, reason: ReasonSignature},
		{name: "missing sig", spec: spec{omit: "checksums.txt.sig"}, reason: ReasonMissing},
		{name: "missing pem", spec: spec{omit: "checksums.txt.pem"}, reason: ReasonMissing},
		{name: "missing checksums", spec: spec{omit: "checksums.txt"}, reason: ReasonDownload},
		{name: "wrong workflow", spec: spec{san: "https://github.com/sheeki03/tirith/.github/workflows/ci.yml@refs/tags/" + tag}, reason: ReasonIdentity},
		{name: "wrong repo", spec: spec{san: "https://github.com/sheeki04/tirith/.github/workflows/release.yml@refs/tags/" + tag}, reason: ReasonIdentity},
		{name: "branch ref", spec: spec{san: "https://github.com/sheeki03/tirith/.github/workflows/release.yml@refs/heads/main"}, reason: ReasonIdentity},
		{name: "look-alike prefix", spec: spec{san: "https://evil.example/x?" + id}, reason: ReasonIdentity},
		{name: "look-alike suffix", spec: spec{san: id + ".evil"}, reason: ReasonIdentity},
		{name: "look-alike fork", spec: spec{san: "https://github.com/sheeki03/tirith-fork/.github/workflows/release.yml@refs/tags/" + tag}, reason: ReasonIdentity},
		{name: "wrong issuer", spec: spec{issuer: "https://accounts.google.com"}, reason: ReasonIssuer},
		{name: "look-alike issuer", spec: spec{issuer: Issuer + ".evil.example"}, reason: ReasonIssuer},
		{name: "untrusted CA", spec: spec{signer: other}, reason: ReasonUntrusted},
		{name: "another tag's certificate", spec: spec{san: Identity("v0.4.1")}, reason: ReasonIdentity},
		{name: "archive with ../", spec: spec{archive: tarGz(entry{name: "../tirith", typ: tar.TypeReg, body: "x"})}, reason: ReasonArchive},
		{name: "archive with nested ../", spec: spec{archive: tarGz(entry{name: "tirith", typ: tar.TypeReg, body: "x"}, entry{name: "man/../../x", typ: tar.TypeReg, body: "x"})}, reason: ReasonArchive},
		{name: "archive with absolute path", spec: spec{archive: tarGz(entry{name: "/usr/bin/tirith", typ: tar.TypeReg, body: "x"})}, reason: ReasonArchive},
		{name: "archive with symlink", spec: spec{archive: tarGz(entry{name: "tirith", typ: tar.TypeSymlink, link: "/bin/sh"})}, reason: ReasonArchive},
		{name: "archive with hard link", spec: spec{archive: tarGz(entry{name: "x", typ: tar.TypeReg, body: "x"}, entry{name: "tirith", typ: tar.TypeLink, link: "x"})}, reason: ReasonArchive},
		{name: "archive without tirith", spec: spec{archive: tarGz(entry{name: "bin/tirith", typ: tar.TypeReg, body: "x"})}, reason: ReasonArchive},
		{name: "archive not gzip", spec: spec{archive: []byte("PK\x03\x04")}, reason: ReasonArchive},
		{name: "checksums without the archive", spec: spec{checksumsAsset: "tirith-x86_64-pc-windows-msvc.zip"}, reason: ReasonChecksums},
		{name: "downgrade", reason: ReasonDowngrade, setup: func(home string) {
			must(0, (state{home}).writeRecord(record{Tag: "v0.5.0"}))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, home := newServer(t), t.TempDir()
			srv.publish(tag, release(ca, tag, tc.spec))
			if tc.setup != nil {
				tc.setup(home)
			}
			o := options(home, ca, srv)
			o.Version = tag
			_, err := Install(context.Background(), o)
			var e *Error
			if !errors.As(err, &e) || e.Reason != tc.reason {
				t.Fatalf("got %v, want reason %s", err, tc.reason)
			}
			if m := readMarker(t, home); m.Reason != tc.reason || m.Tag != tag || m.Detail == "" || time.Since(m.At) > time.Minute {
				t.Errorf("marker %+v", m)
			}
			nothingInstalled(t, home)
		})
	}
}

// TestMarker: a failure stops background attempts, without a request,
// for 24 hours; then they resume.
func TestMarker(t *testing.T) {
	ca, srv, home := newCA(t), newServer(t), t.TempDir()
	srv.publish("v0.4.2", release(ca, "v0.4.2", spec{tamperArchive: true}))
	now := time.Now().UTC().Truncate(time.Second) // the fake CA issues certificates as of now
	o := options(home, ca, srv)
	o.Background, o.Now = true, func() time.Time { return now }
	if _, err := Install(context.Background(), o); err == nil {
		t.Fatal("tampered release installed")
	}
	if m := readMarker(t, home); m.Reason != ReasonChecksum || !m.At.Equal(now) {
		t.Fatalf("marker %+v", m)
	}
	srv.publish("v0.4.2", release(ca, "v0.4.2", spec{})) // fixed upstream
	before := srv.requests.Load()
	now = now.Add(23 * time.Hour)
	if _, err := Install(context.Background(), o); !errors.Is(err, ErrSuppressed) {
		t.Fatalf("within 24 h: %v, want ErrSuppressed", err)
	}
	if n := srv.requests.Load(); n != before {
		t.Fatalf("a suppressed attempt made %d requests", n-before)
	}
	nothingInstalled(t, home)
	now = now.Add(2 * time.Hour)
	if _, err := Install(context.Background(), o); err != nil {
		t.Fatalf("after 24 h: %v", err)
	}
	if srv.requests.Load() == before {
		t.Fatal("the attempt after 24 h made no request")
	}
	if _, err := os.Stat(MarkerPath(home)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("marker kept after success")
	}
}

// TestInstallFrom installs from a directory, offline; the tag comes from
// the certificate unless --version names one.
func TestInstallFrom(t *testing.T) {
	ca := newCA(t)
	dir := t.TempDir()
	for name, b := range release(ca, "v0.4.2", spec{log: logBundle}) { // offline: the log entry is in the bundle
		must(0, os.WriteFile(filepath.Join(dir, name), b, 0o644))
	}
	for _, tc := range []struct {
		version, reason string
	}{
		{"v0.4.3", ReasonIdentity}, // another tag's certificate
		{"", ""},
		{"v0.4.2", ""},
	} {
		home := t.TempDir()
		o := Options{Home: home, From: dir, Version: tc.version, Roots: ca.roots, Intermediates: ca.inter, Logs: ca.log.logs(),
			RekorURL: "http://127.0.0.1:1", GOOS: "linux", GOARCH: "amd64"}
		r, err := Install(context.Background(), o)
		var e *Error
		switch {
		case tc.reason == "" && (err != nil || r.Tag != "v0.4.2"):
			t.Errorf("version %q: %+v %v", tc.version, r, err)
		case tc.reason != "" && (!errors.As(err, &e) || e.Reason != tc.reason):
			t.Errorf("version %q: %v, want %s", tc.version, err, tc.reason)
		}
	}
	if _, err := Install(context.Background(), Options{Home: t.TempDir(), From: dir, RekorURL: "http://127.0.0.1:1", GOOS: "linux", GOARCH: "amd64"}); err == nil {
		t.Error("a release signed by a test CA passed the embedded Fulcio chain")
	}
}

// TestFulcioGolden: a real Fulcio certificate (sigstore-js's 2023 release
// workflow) chains to the embedded public-good CA as of its NotBefore, has
// GitHub's issuer, and is refused only for its identity.
func TestFulcioGolden(t *testing.T) {
	var bundle struct {
		VerificationMaterial struct {
			X509CertificateChain struct {
				Certificates []struct {
					RawBytes []byte `json:"rawBytes"`
				} `json:"certificates"`
			} `json:"x509CertificateChain"`
		} `json:"verificationMaterial"`
	}
	b := must(os.ReadFile("testdata/sigstore-js-2.0.0-provenance.sigstore.json"))
	must(0, json.Unmarshal(b, &bundle))
	der := bundle.VerificationMaterial.X509CertificateChain.Certificates[0].RawBytes
	p := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	roots, inter := fulcioPools()
	_, _, _, err := verifyChecksums([]byte("x"), nil, p, "v0.4.2", roots, inter)
	var e *Error
	if !errors.As(err, &e) || e.Reason != ReasonIdentity || !strings.Contains(e.Detail, "sigstore/sigstore-js") {
		t.Fatalf("got %v, want a wrong-identity refusal naming sigstore-js", err)
	}
	// The same certificate against a test CA is untrusted.
	ca := newCA(t)
	if _, _, _, err := verifyChecksums([]byte("x"), nil, p, "v0.4.2", ca.roots, ca.inter); !errors.As(err, &e) || e.Reason != ReasonUntrusted {
		t.Fatalf("against a test CA: %v", err)
	}
}

func TestBadInput(t *testing.T) {
	for _, o := range []Options{{}, {Home: t.TempDir(), Version: "0.4.2"}, {Home: t.TempDir(), Version: "v0.4.2/../x"}} {
		if _, err := Install(context.Background(), o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	home := t.TempDir()
	_, err := Install(context.Background(), Options{Home: home, From: t.TempDir(), GOOS: "plan9", GOARCH: "386"})
	var e *Error
	if !errors.As(err, &e) || e.Reason != ReasonUnsupportedHost {
		t.Errorf("plan9: %v", err)
	}
}

// TestCheck: the installed binary passes while it has its recorded hash.
func TestCheck(t *testing.T) {
	ca, srv, home := newCA(t), newServer(t), t.TempDir()
	if _, err := installed.Check(home); err == nil || !strings.Contains(err.Error(), "hguard plugin install tirith") {
		t.Fatalf("nothing installed: %v", err)
	}
	srv.publish("v0.4.2", release(ca, "v0.4.2", spec{}))
	if _, err := Install(context.Background(), options(home, ca, srv)); err != nil {
		t.Fatal(err)
	}
	if rec, err := installed.Check(home); err != nil || rec.Tag != "v0.4.2" || rec.Unverified {
		t.Fatalf("%+v %v", rec, err)
	}
	must(0, os.WriteFile(BinPath(home), []byte("#!/bin/sh\nexit 0\n"), 0o755))
	if _, err := installed.Check(home); err == nil || !strings.Contains(err.Error(), "was replaced") {
		t.Fatalf("swapped: %v", err)
	}
}

// TestAdopt: a binary the user has is installed offline, its hash recorded
// and marked unverified; a file that is not tirith is refused with why.
func TestAdopt(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	write := func(name, body string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		must(0, os.WriteFile(p, []byte(body), mode))
		return p
	}
	good := write("tirith", "#!/bin/sh\necho 'tirith 0.4.2'\n", 0o755)
	r, err := Adopt(context.Background(), home, good)
	if err != nil || r.Tag != "0.4.2" || r.Path != BinPath(home) {
		t.Fatalf("%+v %v", r, err)
	}
	if rec, err := installed.Check(home); err != nil || !rec.Unverified || rec.SHA256 != r.SHA256 {
		t.Fatalf("%+v %v", rec, err)
	}
	for _, tc := range []struct{ name, path, want string }{
		{"missing", filepath.Join(dir, "nope"), "no such file"},
		{"directory", dir, "not an executable file"},
		{"not executable", write("plain", "x", 0o644), "not an executable file"},
		{"another program", write("other", "#!/bin/sh\necho hello\n", 0o755), "does not answer '--version' as tirith does"},
		{"a release directory's archive", write("tirith.tar.gz", "\x1f\x8b", 0o755), "does not answer"},
	} {
		if _, err := Adopt(context.Background(), home, tc.path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
