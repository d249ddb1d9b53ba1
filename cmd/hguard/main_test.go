package main

import (
	"errors"
	"os"
	"os/exec"
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
			return nil
		},
	})
}

func agentCLI() {
	if len(os.Args) < 2 {
		os.Exit(64)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
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
