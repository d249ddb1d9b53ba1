package main

import (
	"os"
	"strings"
	"syscall"

	"github.com/hguard/hguard/internal/ptytest"
)

// ptyCLI runs its arguments with a fresh pseudo-terminal as their
// controlling terminal and standard input, as a person's shell runs them;
// stdout and stderr stay the test's, for testscript to match. HGUARD_TTY=none,
// which the scenarios set so that nothing prompts, is dropped: the
// terminal is the point.
func ptyCLI() {
	cmd := argsCommand()
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "HGUARD_TTY=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	exitWith(ptytest.Run(cmd))
}

// noTTYCLI runs its arguments in a new session with no controlling
// terminal, as setsid does.
func noTTYCLI() {
	cmd := argsCommand()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	exitWith(cmd.Run())
}
