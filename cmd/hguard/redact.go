package main

import (
	"errors"
	"io"
)

// Placeholders, replaced by the secrets work (issue 8).
func runRedact(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("not built yet")
}
func runScan(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("not built yet")
}
func runCreds(args []string, stdout, stderr io.Writer) error { return errors.New("not built yet") }
