//go:build !linux

package main

import "os"

// cookTTY is a no-op where hguard does not know the terminal interface.
func cookTTY(*os.File) (restore func()) { return func() {} }

// isTerminal is false where hguard does not know the terminal interface:
// no colour.
func isTerminal(*os.File) bool { return false }

// termWidth is unknown here.
func termWidth(*os.File) (int, bool) { return 0, false }
