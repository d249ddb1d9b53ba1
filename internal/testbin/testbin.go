// Package testbin builds hguard's programs for tests that run them: each
// program once per test binary, into one temporary directory that [Main]
// removes when the tests end.
//
// A package whose tests call [Build] runs them through Main:
//
//	func TestMain(m *testing.M) { testbin.Main(m) }
package testbin

import (
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
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
