package main

import (
	"fmt"
	"io"

	"github.com/hguard/hguard/redact"
)

const redactSynopsis = `hguard redact < INPUT > OUTPUT

Copies standard input to standard output with secrets masked: API tokens
and cloud keys keep their prefix and last four characters (ghp_…a1b2),
passwords and private key bodies keep nothing (password=…). It streams
line by line in constant memory; a line longer than 256 KiB is redacted
in pieces. See docs/secrets.md for the formats.`

func runRedact(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	c := newCommand("redact", redactSynopsis, stdout)
	count := c.Bool("count", false, "print how many secrets were masked to standard error")
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if c.NArg() > 0 {
		return usagef("use: hguard redact < FILE", "redact reads standard input and takes no arguments")
	}
	n, err := redact.Copy(stdout, stdin)
	if err != nil {
		return fmt.Errorf("redact: %w", err)
	}
	if *count {
		fmt.Fprintf(stderr, "hguard: masked %d secrets\n", n)
	}
	return nil
}
