package hguard

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hguard/hguard/internal/testbin"
)

// runInstall runs install.sh with a private HOME and returns its output.
func runInstall(t *testing.T, home string, wantOK bool, args ...string) string {
	t.Helper()
	cmd := exec.Command("bash", append([]string{"install.sh"}, args...)...)
	// -buildvcs=false: the binary must not change when a commit lands
	// between two runs, or the second would not be "up to date".
	cmd.Env = append(testbin.Env(home), append(goCaches(t), "GOFLAGS=-buildvcs=false")...)
	out, err := cmd.CombinedOutput()
	if (err == nil) != wantOK {
		t.Fatalf("install.sh %s: err = %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// goCaches keeps the go command's caches where they are when HOME moves:
// a private HOME must not mean building and downloading everything anew.
func goCaches(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH").Output()
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(f) != 3 {
		t.Fatalf("go env said %q", out)
	}
	return []string{"GOCACHE=" + f[0], "GOMODCACHE=" + f[1], "GOPATH=" + f[2]}
}

func TestInstallScriptShellcheck(t *testing.T) {
	if _, err := exec.LookPath("shellcheck"); err != nil {
		t.Skip("shellcheck is not installed (test.sh installs it)")
	}
	if out, err := exec.Command("shellcheck", "install.sh").CombinedOutput(); err != nil {
		t.Fatalf("shellcheck install.sh:\n%s", out)
	}
}

func TestInstallScriptFromSource(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hguard")
	}
	home := t.TempDir()
	prefix := filepath.Join(home, "prefix")
	bin := filepath.Join(prefix, "bin", "hguard")

	out := runInstall(t, home, true, "--prefix", prefix)
	if !strings.Contains(out, "installed "+bin) {
		t.Errorf("first install said:\n%s", out)
	}
	check := exec.Command(bin, "check", "--", "ls")
	check.Env = testbin.Env(home)
	if out, err := check.CombinedOutput(); err != nil {
		t.Fatalf("installed binary does not work: %v\n%s", err, out)
	}
	if out := runInstall(t, home, true, "--prefix", prefix); !strings.Contains(out, "already up to date") {
		t.Errorf("second install said:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(home, ".zshrc")); err == nil {
		t.Fatal("install without --shell touched .zshrc")
	}

	runInstall(t, home, true, "--prefix", prefix, "--shell", "zsh")
	runInstall(t, home, true, "--prefix", prefix, "--shell", "zsh")
	rc, err := os.ReadFile(filepath.Join(home, ".zshrc"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(rc), "hguard shell hook >>>"); n != 1 {
		t.Errorf(".zshrc has the hook %d times:\n%s", n, rc)
	}
	if !strings.Contains(string(rc), `eval "$(`+bin+` init zsh)"`) {
		t.Errorf(".zshrc lacks the eval line:\n%s", rc)
	}

	runInstall(t, home, true, "--prefix", prefix, "--uninstall", "--shell", "zsh")
	if _, err := os.Stat(bin); !os.IsNotExist(err) {
		t.Errorf("binary still there after --uninstall: %v", err)
	}
	if rc, _ := os.ReadFile(filepath.Join(home, ".zshrc")); strings.Contains(string(rc), "hguard") {
		t.Errorf(".zshrc still mentions hguard:\n%s", rc)
	}
	runInstall(t, home, false, "--shell", "tcsh")
}

// tarGz builds a release archive holding one entry named hguard.
func tarGz(t *testing.T, hdr *tar.Header, body []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	if err := tw.WriteHeader(hdr); err != nil {
		t.Fatal(err)
	}
	if _, err := tw.Write(body); err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestInstallScriptRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hguard")
	}
	binary, err := os.ReadFile(testbin.Build(t, "github.com/hguard/hguard/cmd/hguard"))
	if err != nil {
		t.Fatal(err)
	}
	good := tarGz(t, &tar.Header{Name: "hguard", Mode: 0o755, Size: int64(len(binary)), Typeflag: tar.TypeReg}, binary)
	link := tarGz(t, &tar.Header{Name: "hguard", Linkname: "/bin/sh", Typeflag: tar.TypeSymlink}, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/good.tar.gz":
			w.Write(good)
		case "/link.tar.gz":
			w.Write(link)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	sum := func(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

	home := t.TempDir()
	prefix := filepath.Join(home, "p")
	bin := filepath.Join(prefix, "bin", "hguard")

	out := runInstall(t, home, false, "--prefix", prefix, "--release", srv.URL+"/good.tar.gz", "--sha256", strings.Repeat("0", 64))
	if !strings.Contains(out, "SHA-256 mismatch") {
		t.Errorf("wrong digest said:\n%s", out)
	}
	if _, err := os.Stat(bin); !os.IsNotExist(err) {
		t.Fatal("a binary was installed despite the digest mismatch")
	}
	runInstall(t, home, false, "--prefix", prefix, "--release", srv.URL+"/good.tar.gz", "--sha256", "abc")
	out = runInstall(t, home, false, "--prefix", prefix, "--release", srv.URL+"/link.tar.gz", "--sha256", sum(link))
	if !strings.Contains(out, "not a regular file") {
		t.Errorf("symlink archive said:\n%s", out)
	}
	if _, err := os.Stat(bin); !os.IsNotExist(err) {
		t.Fatal("a symlink archive installed something")
	}
	runInstall(t, home, true, "--prefix", prefix, "--release", srv.URL+"/good.tar.gz", "--sha256", sum(good))
	if out, err := exec.Command(bin, "version").CombinedOutput(); err != nil {
		t.Fatalf("released binary does not run: %v\n%s", err, out)
	}
}
