package install

import (
	"context"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/hguard/hguard/internal/atomicfile"
)

// Where releases come from and who must have signed them.
const (
	DefaultBaseURL = "https://github.com/sheeki03/tirith/releases"
	Repo           = "sheeki03/tirith"
	Workflow       = ".github/workflows/release.yml"
	Issuer         = "https://token.actions.githubusercontent.com"
)

// Why an install was refused: the marker's reason.
const (
	ReasonDownload        = "download-failed"       // the release could not be fetched
	ReasonMissing         = "missing-signature"     // checksums.txt.sig or checksums.txt.pem is absent
	ReasonUntrusted       = "untrusted-certificate" // not a certificate chaining to the embedded Fulcio CA
	ReasonIssuer          = "wrong-issuer"          // not issued for a GitHub Actions token
	ReasonIdentity        = "wrong-identity"        // not tirith's release workflow at this tag
	ReasonSignature       = "bad-signature"         // the signature over checksums.txt does not verify
	ReasonNoLogEntry      = "missing-log-entry"     // no transparency-log entry for the signature was found
	ReasonLogEntry        = "bad-log-entry"         // the entry's signed timestamp does not verify: forged, altered or from an unknown log
	ReasonLogMismatch     = "log-entry-mismatch"    // the entry logs another artifact, signature or certificate
	ReasonLogTime         = "logged-after-expiry"   // the signature was logged outside the certificate's validity
	ReasonChecksums       = "bad-checksums"         // checksums.txt is malformed or lacks the archive
	ReasonChecksum        = "checksum-mismatch"     // the archive is not the one checksums.txt names
	ReasonArchive         = "bad-archive"           // links, path escapes, no tirith, too large
	ReasonDowngrade       = "downgrade"             // older than the installed tag
	ReasonWrite           = "write-failed"          // the binary could not be put in place
	ReasonUnsupportedHost = "unsupported-platform"  // no release asset for this OS and architecture
)

// Size caps on what is downloaded and unpacked.
const (
	maxSmall   = 64 << 10  // checksums.txt, .sig, .pem
	maxArchive = 256 << 20 // the .tar.gz
	maxBinary  = 256 << 20 // the tirith file inside
)

// MarkerTTL is how long a failure stops background attempts.
const MarkerTTL = 24 * time.Hour

// Error is a refused install.
type Error struct {
	Reason string
	Detail string
	Tag    string

	notFound bool // a release file that does not exist (for optional files)
}

func (e *Error) Error() string { return "tirith install refused (" + e.Reason + "): " + e.Detail }

func fail(reason, format string, args ...any) *Error {
	return &Error{Reason: reason, Detail: fmt.Sprintf(format, args...)}
}

// ErrSuppressed is returned by a background attempt within MarkerTTL of a
// failure; it made no request.
var ErrSuppressed = errors.New("tirith install suppressed by an earlier failure")

// ErrBusy is returned by a background attempt while another install runs.
var ErrBusy = errors.New("another tirith install is running")

// Options say what to install from where.
type Options struct {
	Home       string // $HGUARD_HOME: bin/tirith, state/
	Version    string // "vX.Y.Z"; "" means the latest release, or with From the tag the certificate names
	From       string // a directory holding the release files, instead of downloading them
	BaseURL    string // release base URL; "" means DefaultBaseURL
	Background bool   // an automatic attempt: honour the failure marker, never wait for the lock
	Client     *http.Client
	Now        func() time.Time
	// Roots and Intermediates are the trusted Fulcio CA; nil means the
	// embedded public-good chain.
	Roots, Intermediates *x509.CertPool
	// Logs are the trusted transparency logs; nil means those of the
	// embedded public-good trusted root.
	Logs []Log
	// RekorURL is where the log entry is looked up when the release has no
	// bundle; "" means DefaultRekorURL.
	RekorURL     string
	GOOS, GOARCH string // "" means this machine's
}

// Result is a completed install.
type Result struct {
	Tag    string
	Path   string // the installed binary
	SHA256 string // of the installed binary
}

var tagRe = regexp.MustCompile(`^v(0|[1-9][0-9]{0,5})\.(0|[1-9][0-9]{0,5})\.(0|[1-9][0-9]{0,5})$`)

// ValidTag reports whether s is a release tag vMAJOR.MINOR.PATCH.
func ValidTag(s string) bool { return tagRe.MatchString(s) }

// Background is an install function for the host's automatic attempt.
func Background(home string) func(context.Context) error {
	return func(ctx context.Context) error {
		_, err := Install(ctx, Options{Home: home, Background: true})
		return err
	}
}

// Install verifies and installs tirith. A refusal is an *Error and leaves
// the failure marker; nothing is installed unless every check passed.
func Install(ctx context.Context, o Options) (Result, error) {
	if o.Home == "" {
		return Result{}, errors.New("no hguard home: set HGUARD_HOME")
	}
	if o.Version != "" && !ValidTag(o.Version) {
		return Result{}, fmt.Errorf("version %q is not a release tag like v0.4.2", o.Version)
	}
	if o.BaseURL == "" {
		o.BaseURL = DefaultBaseURL
	}
	if o.Client == nil {
		o.Client = &http.Client{Timeout: 5 * time.Minute}
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Roots == nil {
		o.Roots, o.Intermediates = fulcioPools()
	}
	if o.Logs == nil {
		logs, err := embeddedLogs()
		if err != nil {
			return Result{}, fmt.Errorf("embedded Sigstore trusted root: %v", err) // a build mistake, caught by every test
		}
		o.Logs = logs
	}
	if o.RekorURL == "" {
		o.RekorURL = DefaultRekorURL
	}
	if o.GOOS == "" {
		o.GOOS, o.GOARCH = runtime.GOOS, runtime.GOARCH
	}
	s := state{home: o.Home}
	unlock, err := s.lock(!o.Background)
	if err != nil {
		return Result{}, err
	}
	defer unlock()
	if o.Background {
		if m, ok := s.marker(); ok {
			if age := o.Now().Sub(m.At); age >= 0 && age < MarkerTTL {
				return Result{}, fmt.Errorf("%w (%s at %s): run 'hguard plugin install tirith' to retry now",
					ErrSuppressed, m.Reason, m.At.Format(time.RFC3339))
			}
		}
	}
	r, err := (&installer{Options: o, state: s}).run(ctx)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			e = fail(ReasonWrite, "%v", err)
		}
		_ = s.writeMarker(marker{Reason: e.Reason, Detail: e.Detail, At: o.Now().UTC(), Tag: e.Tag})
		return Result{}, e
	}
	s.removeMarker()
	return r, nil
}

type installer struct {
	Options
	state state
	tag   string
}

func (in *installer) run(ctx context.Context) (Result, error) {
	r, err := in.steps(ctx)
	var e *Error
	if errors.As(err, &e) && e.Tag == "" {
		e.Tag = in.tag
	}
	return r, err
}

func (in *installer) steps(ctx context.Context) (Result, error) {
	asset, err := assetName(in.GOOS, in.GOARCH)
	if err != nil {
		return Result{}, err
	}
	in.tag = in.Version
	if in.tag == "" && in.From == "" {
		if in.tag, err = in.latest(ctx); err != nil {
			return Result{}, err
		}
	}
	if err := in.checkDowngrade(); err != nil {
		return Result{}, err
	}
	sums, err := in.fetch(ctx, "checksums.txt", maxSmall)
	if err != nil {
		return Result{}, err
	}
	sig, err := in.fetch(ctx, "checksums.txt.sig", maxSmall)
	if err != nil {
		return Result{}, missing(err)
	}
	certPEM, err := in.fetch(ctx, "checksums.txt.pem", maxSmall)
	if err != nil {
		return Result{}, missing(err)
	}
	tag, leaf, rawSig, err := verifyChecksums(sums, sig, certPEM, in.tag, in.Roots, in.Intermediates)
	if err != nil {
		return Result{}, err
	}
	entries, err := in.logEntries(ctx, sums)
	if err != nil {
		return Result{}, err
	}
	if _, err := in.verifyLogged(entries, sums, rawSig, leaf); err != nil {
		return Result{}, err
	}
	if in.tag == "" { // --from without --version: the certificate names the tag
		in.tag = tag
		if err := in.checkDowngrade(); err != nil {
			return Result{}, err
		}
	}
	want, err := lookup(sums, asset)
	if err != nil {
		return Result{}, err
	}
	archive, err := in.fetch(ctx, asset, maxArchive)
	if err != nil {
		return Result{}, err
	}
	if got := sha256.Sum256(archive); hex.EncodeToString(got[:]) != want {
		return Result{}, fail(ReasonChecksum, "%s has SHA-256 %x, checksums.txt says %s", asset, got, want)
	}
	dst := filepath.Join(in.Home, "bin", "tirith")
	h := sha256.New()
	err = atomicfile.WriteFrom(dst, 0o755, func(w io.Writer) error { return extract(archive, io.MultiWriter(w, h)) })
	var e *Error
	if errors.As(err, &e) {
		return Result{}, err
	} else if err != nil {
		return Result{}, fail(ReasonWrite, "%v", err)
	}
	r := Result{Tag: in.tag, Path: dst, SHA256: hex.EncodeToString(h.Sum(nil))}
	if err := in.state.writeRecord(record{Tag: r.Tag, SHA256: r.SHA256, At: in.Now().UTC()}); err != nil {
		return Result{}, fail(ReasonWrite, "record the installed tag: %v", err)
	}
	return r, nil
}

// bundleNames are the files a release may carry its log entry in: a
// Sigstore bundle, or cosign's older one.
var bundleNames = []string{"checksums.txt.sigstore.json", "checksums.txt.bundle"}

// logEntries finds the transparency-log entries for checksums.txt: from a
// bundle in the release when it has one, else from Rekor (tirith's
// releases are signed with cosign sign-blob, which logs the signature but
// publishes no bundle).
func (in *installer) logEntries(ctx context.Context, sums []byte) ([]logEntry, error) {
	for _, name := range bundleNames {
		b, err := in.fetch(ctx, name, maxSmall)
		var e *Error
		if errors.As(err, &e) && e.notFound {
			continue
		}
		if err != nil {
			return nil, err
		}
		return bundleEntries(name, b)
	}
	return in.lookupRekor(ctx, sums)
}

func missing(err error) error {
	var e *Error
	if errors.As(err, &e) && e.Reason == ReasonDownload {
		e.Reason = ReasonMissing
	}
	return err
}

func (in *installer) checkDowngrade() error {
	cur, ok := in.state.record()
	if ok && in.tag != "" && ValidTag(cur.Tag) && less(in.tag, cur.Tag) {
		return fail(ReasonDowngrade, "%s is older than the installed %s", in.tag, cur.Tag)
	}
	return nil
}

// less compares two valid tags.
func less(a, b string) bool {
	pa, pb := tagRe.FindStringSubmatch(a), tagRe.FindStringSubmatch(b)
	for i := 1; i < 4; i++ {
		x, _ := strconv.Atoi(pa[i])
		y, _ := strconv.Atoi(pb[i])
		if x != y {
			return x < y
		}
	}
	return false
}

func assetName(goos, goarch string) (string, error) {
	targets := map[string]string{
		"linux/amd64": "x86_64-unknown-linux-gnu", "linux/arm64": "aarch64-unknown-linux-gnu",
		"darwin/amd64": "x86_64-apple-darwin", "darwin/arm64": "aarch64-apple-darwin",
	}
	t, ok := targets[goos+"/"+goarch]
	if !ok {
		return "", fail(ReasonUnsupportedHost, "no tirith release for %s/%s", goos, goarch)
	}
	return "tirith-" + t + ".tar.gz", nil
}

// latest asks which tag the latest release has, from the redirect of
// BASE/latest to BASE/tag/vX.Y.Z.
func (in *installer) latest(ctx context.Context) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, in.BaseURL+"/latest", nil)
	if err != nil {
		return "", fail(ReasonDownload, "%v", err)
	}
	c := *in.Client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := c.Do(req)
	if err != nil {
		return "", fail(ReasonDownload, "find the latest release: %v", err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || resp.StatusCode/100 != 3 {
		return "", fail(ReasonDownload, "find the latest release: %s gave %s", req.URL, resp.Status)
	}
	tag := path.Base(loc.Path)
	if !ValidTag(tag) {
		return "", fail(ReasonDownload, "the latest release's tag %q is not vX.Y.Z", tag)
	}
	return tag, nil
}

// fetch reads one release file, from From or from BASE/download/TAG/NAME.
func (in *installer) fetch(ctx context.Context, name string, limit int64) ([]byte, error) {
	if in.From != "" {
		f, err := os.Open(filepath.Join(in.From, name))
		if err != nil {
			e := fail(ReasonDownload, "%v", err)
			e.notFound = errors.Is(err, os.ErrNotExist)
			return nil, e
		}
		defer f.Close()
		if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
			return nil, fail(ReasonDownload, "%s is not a regular file", f.Name())
		}
		return readCapped(f, limit, name)
	}
	if in.tag == "" {
		return nil, fail(ReasonDownload, "no release tag")
	}
	u := in.BaseURL + "/download/" + in.tag + "/" + name
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fail(ReasonDownload, "%v", err)
	}
	resp, err := in.Client.Do(req)
	if err != nil {
		return nil, fail(ReasonDownload, "%v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		e := fail(ReasonDownload, "%s: %s", u, resp.Status)
		e.notFound = resp.StatusCode == http.StatusNotFound
		return nil, e
	}
	return readCapped(resp.Body, limit, name)
}

func readCapped(r io.Reader, limit int64, name string) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fail(ReasonDownload, "read %s: %v", name, err)
	}
	if int64(len(b)) > limit {
		return nil, fail(ReasonDownload, "%s is larger than %d bytes", name, limit)
	}
	return b, nil
}

// lookup finds name's SHA-256 in a sha256sum listing.
func lookup(sums []byte, name string) (string, error) {
	var found string
	for i, line := range strings.Split(strings.TrimSpace(string(sums)), "\n") {
		sum, file, ok := strings.Cut(strings.TrimSpace(line), " ")
		file = strings.TrimPrefix(strings.TrimLeft(file, " "), "*")
		if b, err := hex.DecodeString(sum); !ok || err != nil || len(b) != 32 || file == "" {
			return "", fail(ReasonChecksums, "checksums.txt line %d is not 'SHA256  NAME'", i+1)
		}
		if file == name {
			if found != "" {
				return "", fail(ReasonChecksums, "checksums.txt lists %s twice", name)
			}
			found = strings.ToLower(sum)
		}
	}
	if found == "" {
		return "", fail(ReasonChecksums, "checksums.txt has no line for %s", name)
	}
	return found, nil
}
