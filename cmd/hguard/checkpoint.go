package main

import (
	"errors"
	"io"
)

// Placeholders, replaced by the checkpoint work (issue 5).
func runCheckpoint(args []string, stdout, stderr io.Writer) error { return errors.New("not built yet") }
func runRollback(args []string, stdout, stderr io.Writer) error   { return errors.New("not built yet") }
func runWatch(args []string, stdout, stderr io.Writer) error      { return errors.New("not built yet") }
