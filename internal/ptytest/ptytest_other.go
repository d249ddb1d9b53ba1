//go:build !linux

// Package ptytest runs a program for a test with a pseudo-terminal as its
// controlling terminal; elsewhere than Linux it runs the program as it is.
package ptytest

import "os/exec"

// Run runs cmd as it is: no pseudo-terminal is opened here.
func Run(cmd *exec.Cmd) error { return cmd.Run() }
