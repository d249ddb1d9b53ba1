// Package testbin builds hguard's programs for tests that run them: each
// program once per test binary, into one temporary directory that [Main]
// removes when the tests end.
//
// A package whose tests call [Build] runs them through Main:
//
//	func TestMain(m *testing.M) { testbin.Main(m) }
package testbin

import (
	"github.com/hguard/hguard/internal/ancestry"

	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	mu    sync.Mutex
	dir   string
	built = map[string]string{} // import path → executable
	fails = map[string]error{}
)

// Main runs the tests and removes what Build made.
func Main(m *testing.M) {
	code := m.Run()
	mu.Lock()
	if dir != "" {
		os.RemoveAll(dir)
	}
	mu.Unlock()
	os.Exit(code)
}

// Build returns the executable of the main package pkg (an import path such
// as github.com/hguard/hguard/cmd/hguard), building it on first use. A
// build failure fails the test.
func Build(t testing.TB, pkg string) string {
	t.Helper()
	exe, err := build(pkg)
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

func build(pkg string) (string, error) {
	mu.Lock()
	defer mu.Unlock()
	if exe, ok := built[pkg]; ok {
		return exe, nil
	}
	if err, ok := fails[pkg]; ok {
		return "", err
	}
	if dir == "" {
		d, err := os.MkdirTemp("", "hguard-testbin-")
		if err != nil {
			return "", err
		}
		dir = d
	}
	// Programs share the directory as they share an install: hguard finds
	// hguard-plugins beside itself.
	exe := filepath.Join(dir, path.Base(pkg))
	out, err := exec.Command("go", "build", "-o", exe, pkg).CombinedOutput()
	if err != nil {
		err = fmt.Errorf("building %s: %v\n%s", pkg, err, out)
		fails[pkg] = err
		return "", err
	}
	built[pkg] = exe
	return exe, nil
}

// Copy writes the executable of the main package pkg to path, for a test
// that needs it under another name or changes it (the shared one must stay
// as built).
func Copy(t testing.TB, pkg, path string) {
	t.Helper()
	data, err := os.ReadFile(Build(t, pkg))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o755); err != nil {
		t.Fatal(err)
	}
}

// Install puts the programs pkgs (import paths) into dir, as links to the
// ones Build made, as an install would put them in $HGUARD_HOME/bin.
func Install(t testing.TB, dir string, pkgs ...string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, pkg := range pkgs {
		if err := os.Symlink(Build(t, pkg), filepath.Join(dir, path.Base(pkg))); err != nil {
			t.Fatal(err)
		}
	}
}

// Env is the environment for a program run by a test: the test's own, with
// home as HOME and its .hguard as HGUARD_HOME, the XDG directories (the
// runtime one too, made) under
// home, and no daemon, so the program never reads or writes the real home
// and never talks to a daemon the person runs.
func Env(home string) []string {
	env := make([]string, 0, len(os.Environ())+8)
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "HOME", "HGUARD_HOME", "HGUARD_NO_DAEMON", "HGUARD_SESSION", "HGUARD_YOLO", "HGUARD_DISABLE",
			"XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR", "ZDOTDIR":
			continue
		}
		if ancestry.IsMarker(name) {
			continue // tests run by a coding agent still run as a person would
		}
		env = append(env, kv)
	}
	// fish keeps its universal variables' notifier in $XDG_RUNTIME_DIR,
	// else in /tmp/fish.$USER, which would outlive the test
	run := filepath.Join(home, ".run")
	_ = os.MkdirAll(run, 0o700)
	return append(env, "HOME="+home, "HGUARD_HOME="+filepath.Join(home, ".hguard"), "HGUARD_NO_DAEMON=1", "XDG_RUNTIME_DIR="+run,
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "XDG_CACHE_HOME="+filepath.Join(home, ".cache"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local", "share"), "XDG_STATE_HOME="+filepath.Join(home, ".local", "state"))
}
