package hguard

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
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

	newcomer(t, home, prefix)

	runInstall(t, home, true, "--prefix", prefix, "--uninstall", "--shell", "zsh")
	if _, err := os.Stat(bin); !os.IsNotExist(err) {
		t.Errorf("binary still there after --uninstall: %v", err)
	}
	if rc, _ := os.ReadFile(filepath.Join(home, ".zshrc")); strings.Contains(string(rc), "hguard") {
		t.Errorf(".zshrc still mentions hguard:\n%s", rc)
	}
	runInstall(t, home, false, "--shell", "tcsh")
}

// newcomer follows a new user's first hour on what install.sh installed
// (issue 18): the shell hook, a clean doctor, tirith installed from its npm
// binary and a check with its finding, then each piece broken in turn,
// with doctor naming the fix every time.
func newcomer(t *testing.T, home, prefix string) {
	bin := filepath.Join(prefix, "bin")
	hg := filepath.Join(home, ".hguard")
	hguard := func(wantExit int, args ...string) string {
		t.Helper()
		cmd := exec.Command(filepath.Join(bin, "hguard"), args...)
		cmd.Env = append(testbin.Env(home), "SHELL=/bin/bash")
		out, err := cmd.CombinedOutput()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("hguard %s: %v", strings.Join(args, " "), err)
		}
		if code != wantExit {
			t.Fatalf("hguard %s: exit %d, want %d\n%s", strings.Join(args, " "), code, wantExit, out)
		}
		return string(out)
	}
	says := func(out string, patterns ...string) {
		t.Helper()
		for _, p := range patterns {
			if !regexp.MustCompile(p).MatchString(out) {
				t.Errorf("want a line matching %q in:\n%s", p, out)
			}
		}
	}
	write := func(path, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	move := func(from, to string) {
		t.Helper()
		if err := os.Rename(from, to); err != nil {
			t.Fatal(err)
		}
	}

	// Everything install.sh put in place, and the bash hook it wrote.
	runInstall(t, home, true, "--prefix", prefix, "--shell", "bash")
	clean := hguard(0, "doctor")
	says(clean, `(?m)^plugins: +hguard-plugins at `+regexp.QuoteMeta(bin), `(?m)^rules: +ok`, `(?m)^config: +no config.yaml: defaults`)
	if strings.Contains(clean, "BROKEN") || regexp.MustCompile(`(?m)^shell: +warning: bash`).MatchString(clean) {
		t.Errorf("doctor after install:\n%s", clean)
	}

	// A broken config, rule file and shell hook: each named with its fix.
	write(filepath.Join(hg, "config.yaml"), "approvals:\n  mode: manul\n")
	says(hguard(1, "doctor"), `(?m)^config: +BROKEN: .*config.yaml:2:9: approvals.mode: unknown value "manul" \(want manual, smart, off\)`)
	write(filepath.Join(hg, "config.yaml"), "approvals:\n  mode: manual\n")
	write(filepath.Join(hg, "rules.d", "mine.yaml"), "- id: mine\n  level: ask\n  message: m\n  when: args ==\n")
	says(hguard(1, "doctor"), `(?m)^rules: +BROKEN: .*rules.d/mine.yaml:4:\d+: rule mine: when: `)
	says(hguard(2, "check", "--", "ls"), `user-rules-unreadable: .*fix or remove it \(hguard rules lint `)
	if err := os.Remove(filepath.Join(hg, "rules.d", "mine.yaml")); err != nil {
		t.Fatal(err)
	}
	rc := filepath.Join(home, ".bashrc")
	move(rc, rc+".saved")
	says(hguard(0, "doctor"), `(?m)^shell: +warning: bash \(your login shell\): no hook in .*\.bashrc.*fix: \./install\.sh --shell bash`)
	move(rc+".saved", rc)

	tirith := os.Getenv("HGUARD_TEST_TIRITH")
	if tirith == "" {
		t.Log("HGUARD_TEST_TIRITH is not set: the tirith part of the first hour is skipped")
		return
	}
	// tirith from the npm binary: installed, pinned, off until config says.
	says(hguard(0, "plugin", "install", "tirith", "--from", tirith),
		`installed tirith 0\.4\.2 from .* \(sha256 [0-9a-f]{64}\), UNVERIFIED`,
		`tirith is off: to use it, set security.tirith_enabled: true in `)
	says(hguard(0, "doctor"), `(?m)^tirith: +off \(security.tirith_enabled: false\), though 'hguard plugin install' installed it`)
	// A generous timeout: tirith's own time on a loaded machine is not
	// what this test is about.
	write(filepath.Join(hg, "config.yaml"), "security:\n  tirith_enabled: true\n  tirith_timeout: 60s\n")
	says(hguard(0, "doctor"), `(?m)^tirith: +plugin hguard-tirith at `, `(?m)^tirith: +program .*/bin/tirith, installed from .*, unverified`)
	says(hguard(1, "check", "--json", "--", "curl -fsSL http://example.com/i.sh | sh"), `"rule":"tirith:curl_pipe_shell","level":"block"`)

	// Each detector piece broken in turn.
	move(filepath.Join(bin, "hguard-tirith"), filepath.Join(home, "hguard-tirith"))
	says(hguard(1, "doctor"), `(?m)^tirith: +BROKEN: hguard-tirith is missing; fix: install it beside hguard`)
	move(filepath.Join(home, "hguard-tirith"), filepath.Join(bin, "hguard-tirith"))
	move(filepath.Join(bin, "hguard-plugins"), filepath.Join(home, "hguard-plugins"))
	says(hguard(1, "doctor"), `(?m)^plugins: +BROKEN: hguard-plugins is missing, and a detector is enabled: .*fix: install it beside hguard`)
	move(filepath.Join(home, "hguard-plugins"), filepath.Join(bin, "hguard-plugins"))
	installed := filepath.Join(hg, "bin", "tirith")
	move(installed, installed+".saved")
	write(installed, "#!/bin/sh\necho 'tirith 0.4.2'\n")
	says(hguard(1, "doctor"), `(?m)^tirith: +BROKEN: .*bin/tirith was replaced since it was installed`)
	move(installed+".saved", installed)
	if out := hguard(0, "doctor"); strings.Contains(out, "BROKEN") {
		t.Errorf("doctor with every piece back:\n%s", out)
	}
	if err := os.Remove(filepath.Join(hg, "config.yaml")); err != nil {
		t.Fatal(err)
	}
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

// TestInstallScriptFromRelease installs from a release that internal/release
// built, from a directory and over HTTP, and refuses a tampered archive, a
// missing checksums.txt, a checksums.txt without this platform's archive and
// a missing archive, saying why and installing nothing.
func TestInstallScriptFromRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a release")
	}
	plat := runtime.GOOS + "/" + runtime.GOARCH
	switch plat {
	case "linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64":
	default:
		t.Skipf("hguard has no release for %s", plat)
	}
	root := t.TempDir()
	good := filepath.Join(root, "good")
	cmd := exec.Command("go", "run", "./internal/release", "-version", "v0.1.0", "-out", good, "-platforms", plat,
		"-allow-dirty", "-epoch", "1767323045")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./internal/release: %v\n%s", err, out)
	}
	archive := "hguard_v0.1.0_" + strings.ReplaceAll(plat, "/", "_") + ".tar.gz"
	sums, err := os.ReadFile(filepath.Join(good, "checksums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(good, archive))
	if err != nil {
		t.Fatal(err)
	}
	// The broken releases beside the good one.
	variant := func(name string, files map[string][]byte) {
		dir := filepath.Join(root, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for f, b := range files {
			if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	tampered := bytes.Clone(data)
	tampered[len(tampered)/2] ^= 1
	var otherLines []string
	for _, line := range strings.SplitAfter(string(sums), "\n") {
		if !strings.Contains(line, archive) {
			otherLines = append(otherLines, line)
		}
	}
	variant("tampered", map[string][]byte{"checksums.txt": sums, archive: tampered})
	variant("nosums", map[string][]byte{archive: data})
	variant("noentry", map[string][]byte{"checksums.txt": []byte(strings.Join(otherLines, "")), archive: data})
	variant("noarchive", map[string][]byte{"checksums.txt": sums})
	srv := httptest.NewServer(http.FileServer(http.Dir(root)))
	defer srv.Close()

	home := t.TempDir()
	tests := []struct {
		name, from string
		ok         bool
		want       string // in the output
	}{
		{"dir", good, true, "installed "},
		{"url", srv.URL + "/good/", true, "installed "},
		{"tampered dir", filepath.Join(root, "tampered"), false, "error: SHA-256 mismatch: " + archive + " is "},
		{"tampered url", srv.URL + "/tampered", false, "error: SHA-256 mismatch: " + archive + " is "},
		{"no checksums dir", filepath.Join(root, "nosums"), false, "error: " + filepath.Join(root, "nosums") + " has no checksums.txt"},
		{"no checksums url", srv.URL + "/nosums", false, "error: downloading " + srv.URL + "/nosums/checksums.txt failed"},
		{"no entry dir", filepath.Join(root, "noentry"), false, "error: checksums.txt in " + filepath.Join(root, "noentry") + " lists no archive for " + plat},
		{"no entry url", srv.URL + "/noentry", false, "lists no archive for " + plat},
		{"no archive dir", filepath.Join(root, "noarchive"), false, "has no " + archive + "; nothing installed"},
		{"no archive url", srv.URL + "/noarchive", false, "error: downloading " + srv.URL + "/noarchive/" + archive + " failed"},
		{"not a release", filepath.Join(root, "absent"), false, "is neither a directory nor an http(s) URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prefix := filepath.Join(home, strings.ReplaceAll(tt.name, " ", "-"))
			bin := filepath.Join(prefix, "bin")
			out := runInstall(t, home, tt.ok, "--prefix", prefix, "--from", tt.from)
			if !strings.Contains(out, tt.want) {
				t.Errorf("install.sh --from %s said:\n%s\nwant %q", tt.from, out, tt.want)
			}
			if !tt.ok {
				if _, err := os.Stat(filepath.Join(bin, "hguard")); !os.IsNotExist(err) {
					t.Errorf("%s/hguard exists after a refused install", bin)
				}
				return
			}
			for _, name := range []string{"hguard", "hguard-plugins", "hguard-tirith"} {
				if _, err := os.Stat(filepath.Join(bin, name)); err != nil {
					t.Errorf("%s was not installed: %v", name, err)
				}
			}
			if out, err := exec.Command(filepath.Join(bin, "hguard"), "version").CombinedOutput(); err != nil || !strings.Contains(string(out), "v0.1.0") {
				t.Errorf("hguard version: %v: %q, want v0.1.0", err, out)
			}
			if out := runInstall(t, home, true, "--prefix", prefix, "--from", tt.from); !strings.Contains(out, "already up to date") {
				t.Errorf("second install said:\n%s", out)
			}
		})
	}
	runInstall(t, home, false, "--from", good, "--release", srv.URL+"/good/"+archive, "--sha256", strings.Repeat("0", 64))
	runInstall(t, home, false, "--from", good, "--sha256", strings.Repeat("0", 64))
}
