package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/hguard/hguard/plugins/pluginscmd"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"hguard": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		// The detector program hguard runs for hguard plugin and detectors.
		"hguard-plugins": func() { os.Exit(pluginscmd.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
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
