//go:build !linux

package main

import "os"

// cookTTY is a no-op where hguard does not know the terminal interface.
func cookTTY(*os.File) (restore func()) { return func() {} }
