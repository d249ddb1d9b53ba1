//go:build !linux

package main

// ptyCLI runs its arguments as they are: no pseudo-terminal is opened
// here, so the scenarios that need one pass where the test has a terminal.
func ptyCLI() { exitWith(argsCommand().Run()) }

// noTTYCLI runs its arguments as they are (scenarios using it are [linux]).
func noTTYCLI() { exitWith(argsCommand().Run()) }
