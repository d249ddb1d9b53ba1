package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/hguard/hguard/plugins/pluginscmd"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"hguard": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		// The detector program hguard runs for hguard plugin and detectors.
		"hguard-plugins": func() { os.Exit(pluginscmd.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		// A stand-in for a coding agent's process: it runs its arguments as
		// a child and waits, so hooks and commands it starts have it as
		// their agent ancestor (see ancestry.txtar).
		"agent-cli": agentCLI,
		// A person's terminal, and a detached process without one:
		// hguard approve and yolo on need a controlling terminal.
		"withtty": ptyCLI,
		"notty":   noTTYCLI,
	})
}

// TestScripts runs the end-to-end scenarios in testdata/script/*.txtar
// against the real binary entry point, in a fresh HGUARD_HOME each.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("HGUARD_HOME", env.WorkDir+"/.hguard")
			env.Setenv("HOME", env.WorkDir)
			env.Setenv("PATH", withoutInstalledHguard(env.Getenv("PATH")))
			return nil
		},
	})
}

// withoutInstalledHguard drops from PATH the directories after the first
// (testscript's, holding the programs under test) that hold an installed
// hguard program (go install ./cmd/...): doctor and plugin scenarios must
// find the programs under test or none.
func withoutInstalledHguard(path string) string {
	dirs := filepath.SplitList(path)
	out := dirs[:min(1, len(dirs))]
	for _, d := range dirs[min(1, len(dirs)):] {
		installed := false
		for _, name := range []string{"hguard", "hguard-plugins", "hguard-tirith"} {
			if _, err := os.Stat(filepath.Join(d, name)); err == nil {
				installed = true
			}
		}
		if !installed {
			out = append(out, d)
		}
	}
	return strings.Join(out, string(filepath.ListSeparator))
}

func agentCLI() {
	if len(os.Args) < 2 {
		os.Exit(64)
	}
	exitWith(argsCommand().Run())
}

// argsCommand is the command its arguments name, on the test's standard
// files.
func argsCommand() *exec.Cmd {
	if len(os.Args) < 2 {
		os.Exit(64)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	return cmd
}

// exitWith exits as the child whose Run returned err did.
func exitWith(err error) {
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		os.Exit(exit.ExitCode())
	case err != nil:
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(70)
	}
	os.Exit(0)
}
