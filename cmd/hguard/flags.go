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
	// interspersed lets flags follow operands (hguard init codex --write).
	// Commands that take a command line as operands leave it off, so that
	// the words of that command are never read as hguard's flags.
	interspersed bool
	operands     []string
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
	for err == nil && c.interspersed && c.FlagSet.NArg() > 0 {
		rest := c.FlagSet.Args()
		if rest[0] == "--" {
			c.operands = append(c.operands, rest[1:]...)
			break
		}
		c.operands = append(c.operands, rest[0])
		err = c.Parse(rest[1:])
	}
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

// Args is the operands: with interspersed flags, those collected around them.
func (c *command) Args() []string {
	if c.interspersed {
		return c.operands
	}
	return c.FlagSet.Args()
}

// NArg is len(Args()).
func (c *command) NArg() int { return len(c.Args()) }

// Arg is Args()[i], or "" out of range.
func (c *command) Arg(i int) string {
	if a := c.Args(); i < len(a) {
		return a[i]
	}
	return ""
}
