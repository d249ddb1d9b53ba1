// Package cli holds what hguard's command-line programs share: flag
// parsing with hguard's conventions, usage and exit errors, and how a
// command's error becomes an exit code and a message on standard error
// (`hguard: error: …`, `hguard: hint: …`).
package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hguard/hguard/internal/sanitize"
)

// Exit codes, the same as tirith check's so hguard is a drop-in.
const (
	ExitUsage    = 64
	ExitInternal = 70
)

// UsageError is a mistake in how a program was called: exit 64, with a hint.
type UsageError struct {
	Msg, Hint string
}

func (e *UsageError) Error() string { return e.Msg }

// Usagef makes a UsageError.
func Usagef(hint, format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...), Hint: hint}
}

// HintError is a failure with what to do about it: exit 70, with a hint.
type HintError struct {
	Err  error
	Hint string
}

func (e *HintError) Error() string { return e.Err.Error() }
func (e *HintError) Unwrap() error { return e.Err }

// WithHint adds what to do to an error (nil stays nil).
func WithHint(err error, hint string) error {
	if err == nil {
		return nil
	}
	return &HintError{Err: err, Hint: hint}
}

// ExitError carries an exit code out of a command that already printed its result.
type ExitError int

func (e ExitError) Error() string { return fmt.Sprintf("exit %d", int(e)) }

// ErrDone ends a command early with exit 0 (after -h).
var ErrDone = ExitError(0)

// Exit turns a command's error into an exit code, reporting it on stderr.
// Messages name files, directories and labels that are not hguard's, so
// each line is shown through the terminal sanitizer (an escape sequence in
// a directory name does not reach the terminal).
func Exit(err error, stderr io.Writer) int {
	var (
		code ExitError
		ue   *UsageError
		he   *HintError
	)
	switch {
	case err == nil:
		return 0
	case errors.As(err, &code):
		return int(code)
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "hguard: error: %s\n", clean(ue.Msg))
		if ue.Hint != "" {
			fmt.Fprintf(stderr, "hguard: hint: %s\n", clean(ue.Hint))
		}
		return ExitUsage
	case errors.As(err, &he):
		fmt.Fprintf(stderr, "hguard: error: %s\n", clean(err.Error()))
		fmt.Fprintf(stderr, "hguard: hint: %s\n", clean(he.Hint))
		return ExitInternal
	default:
		fmt.Fprintf(stderr, "hguard: error: %s\n", clean(err.Error()))
		return ExitInternal
	}
}

// clean sanitizes each line of a message, keeping its lines.
func clean(msg string) string {
	lines := strings.Split(msg, "\n")
	for i, l := range lines {
		lines[i] = sanitize.OneLine(l, 1<<16)
	}
	return strings.Join(lines, "\n")
}

// Command is one subcommand's flag set and how to describe it.
type Command struct {
	*flag.FlagSet
	synopsis string
	stdout   io.Writer
	prog     string
	// Interspersed lets flags follow operands (hguard init codex --write).
	// Commands that take a command line as operands leave it off, so that
	// the words of that command are never read as hguard's flags.
	Interspersed bool
	operands     []string
}

// NewCommand makes a subcommand of prog ("hguard").
func NewCommand(prog, name, synopsis string, stdout io.Writer) *Command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported once, by Exit, with a hint
	fs.Usage = func() {}
	return &Command{FlagSet: fs, synopsis: synopsis, stdout: stdout, prog: prog}
}

// ParseArgs parses args; -h prints the usage to stdout and ends the command
// successfully (ErrDone), any other flag mistake is a usage error.
func (c *Command) ParseArgs(args []string) error {
	err := c.Parse(args)
	for err == nil && c.Interspersed && c.FlagSet.NArg() > 0 {
		rest := c.FlagSet.Args()
		if rest[0] == "--" {
			c.operands = append(c.operands, rest[1:]...)
			break
		}
		c.operands = append(c.operands, rest[0])
		err = c.Parse(rest[1:])
	}
	if errors.Is(err, flag.ErrHelp) {
		c.PrintUsage(c.stdout)
		return ErrDone
	}
	if err != nil {
		msg := err.Error()
		hint := "run '" + c.prog + " " + c.Name() + " --help' for usage"
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
			msg = "unknown flag " + dashes(strings.TrimLeft(name, "-"))
			var names []string
			c.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
			if s := Suggest(strings.TrimLeft(name, "-"), names); s != "" {
				hint = "did you mean " + dashes(s) + "? " + hint
			}
		}
		return Usagef(hint, "%s", msg)
	}
	return nil
}

// dashes spells a flag as the docs do: --name (and -x for one letter).
func dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// PrintUsage writes the synopsis and the flags, spelled --name as in the
// docs (the flag package accepts one dash or two).
func (c *Command) PrintUsage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n", c.synopsis)
	first := true
	c.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprintf(w, "\nflags:\n")
			first = false
		}
		name, usage := flag.UnquoteUsage(f)
		line := "  " + dashes(f.Name)
		if name != "" {
			line += " " + name
		}
		if def := f.DefValue; def != "" && def != "false" && def != "0" && def != "0s" && def != "[]" {
			usage += fmt.Sprintf(" (default %s)", def)
		}
		fmt.Fprintf(w, "%s\n    \t%s\n", line, usage)
	})
}

// Suggest returns the candidate closest to s when it is close enough to be
// a likely typo (a third of its letters wrong at most, one at least), or
// the one candidate s begins; else "".
func Suggest(s string, candidates []string) string {
	best, bestD := "", max(1, len([]rune(s))/3)+1
	for _, c := range candidates {
		if d := distance(s, c); d < bestD {
			best, bestD = c, d
		}
	}
	if best != "" || len(s) < 2 {
		return best
	}
	var prefixed []string
	for _, c := range candidates {
		if strings.HasPrefix(c, s) {
			prefixed = append(prefixed, c)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	return ""
}

// distance is the Levenshtein distance between a and b, with a
// transposition of neighbours counted as one edit.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range rb {
		d[0][j+1] = j + 1
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// Args is the operands: with interspersed flags, those collected around them.
func (c *Command) Args() []string {
	if c.Interspersed {
		return c.operands
	}
	return c.FlagSet.Args()
}

// NArg is len(Args()).
func (c *Command) NArg() int { return len(c.Args()) }

// Arg is Args()[i], or "" out of range.
func (c *Command) Arg(i int) string {
	if a := c.Args(); i < len(a) {
		return a[i]
	}
	return ""
}

// Home is $HGUARD_HOME, by default ~/.hguard; "" when neither is known.
func Home() string {
	if h := os.Getenv("HGUARD_HOME"); h != "" {
		return h
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".hguard")
	}
	return ""
}

// WriteJSON writes v as one line of JSON, without HTML escaping.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
