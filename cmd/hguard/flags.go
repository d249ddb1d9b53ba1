package main

import (
	"io"

	"github.com/hguard/hguard/internal/cli"
)

// The CLI conventions live in internal/cli, shared with hguard-plugins.
type (
	command   = cli.Command
	exitError = cli.ExitError
)

func newCommand(name, synopsis string, stdout io.Writer) *command {
	return cli.NewCommand("hguard", name, synopsis, stdout)
}

func usagef(hint, format string, args ...any) error { return cli.Usagef(hint, format, args...) }

func home() string { return cli.Home() }

func writeJSON(w io.Writer, v any) error { return cli.WriteJSON(w, v) }
