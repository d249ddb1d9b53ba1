package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// command is one subcommand's flag set and how to describe it.
type command struct {
	*flag.FlagSet
	synopsis string
	stdout   io.Writer
}

func newCommand(name, synopsis string, stdout io.Writer) *command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported once, by run, with a hint
	fs.Usage = func() {}
	return &command{FlagSet: fs, synopsis: synopsis, stdout: stdout}
}

// parse parses args; -h prints the usage to stdout and ends the command
// successfully, any other flag mistake is a usage error.
func (c *command) parse(args []string) error {
	err := c.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(c.stdout, "usage: %s\n\nflags:\n", c.synopsis)
		c.SetOutput(c.stdout)
		c.PrintDefaults()
		c.SetOutput(io.Discard)
		return errDone
	}
	if err != nil {
		msg := err.Error()
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
			msg = "unknown flag " + name
		}
		return usagef("run 'hguard "+c.Name()+" -h' for usage", "%s", msg)
	}
	return nil
}

// errDone ends a command early with exit 0 (after -h).
var errDone = exitError(0)
