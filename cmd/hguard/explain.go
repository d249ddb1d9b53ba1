package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl/cmdline"
	"github.com/hguard/hguard/redact"
)

const explainSynopsis = `hguard explain [--cwd DIR] [--shell S] -- CMD

Shows how hguard reads a command: every simple command it found (with
wrappers, carriers, stdin and inline code), every line-level issue, every
rule that fired and the condition that made it fire, and the verdict.`

func runExplain(args []string, stdout, stderr io.Writer) error {
	c := newCommand("explain", explainSynopsis, stdout)
	cwd := c.String("cwd", "", "the directory the command runs in (default: the current one)")
	shell := c.String("shell", "", "the shell that runs it: bash, zsh, fish or posix")
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if c.NArg() == 0 {
		return usagef("usage: hguard explain -- CMD", "no command to explain")
	}
	dir := *cwd
	if dir == "" {
		dir, _ = os.Getwd()
	}
	g, err := hguard.New(hguard.Options{Home: home(), ProjectDir: dir})
	if err != nil {
		return fmt.Errorf("loading rules: %w", err)
	}
	cmd := strings.Join(c.Args(), " ")
	v := g.Check(hguard.Request{Command: cmd, Cwd: dir, Shell: *shell, CDPath: os.Getenv("CDPATH")})
	// Secrets in the command are masked here as in the audit log: explain
	// output gets pasted into issues and chats.
	writeModel(stdout, v.Line)
	if len(v.Findings) == 0 {
		fmt.Fprintln(stdout, "\nno rule fired")
	} else {
		fmt.Fprintln(stdout, "\nrules that fired:")
		for _, f := range v.Findings {
			fmt.Fprintf(stdout, "  %s [%s, %s]: %s\n", f.Rule, f.Level, f.Source, f.Message)
			if f.Command != "" {
				fmt.Fprintf(stdout, "    command: %s\n", redact.String(oneLineCmd(f.Command)))
			}
			if r, ok := g.Rules().Lookup(f.Rule); ok {
				fmt.Fprintf(stdout, "    because: %s\n", strings.Join(strings.Fields(r.When), " "))
				fmt.Fprintf(stdout, "    defined: %s\n", r.Pos)
			}
		}
	}
	fmt.Fprintf(stdout, "\nverdict: %s\n", v.Level)
	return outcomeExit(v.Level)
}

func writeModel(out io.Writer, line *cmdline.Line) {
	w := redactingWriter{out}
	if line.Normalized != line.Original {
		fmt.Fprintf(w, "normalized: %q\n", line.Normalized)
	}
	for _, is := range line.Issues {
		fmt.Fprintf(w, "issue %s: %s\n", is.Kind, is.Message)
	}
	fmt.Fprintf(w, "%d command(s):\n", len(line.Commands))
	for i, c := range line.Commands {
		name := c.Name
		if c.Dynamic {
			name = "(dynamic) " + c.Path
		}
		fmt.Fprintf(w, "  %d. %s", i+1, name)
		for _, a := range c.Args {
			if a.Dynamic {
				fmt.Fprintf(w, " ⟨%s⟩", a.Value)
			} else {
				fmt.Fprintf(w, " %q", a.Value)
			}
		}
		fmt.Fprintf(w, "    at %d:%d\n", c.Pos.Line, c.Pos.Col)
		for _, wr := range c.Wrappers {
			fmt.Fprintf(w, "       wrapper: %s %s\n", wr.Name, strings.Join(wr.Args, " "))
		}
		if len(c.Via) > 0 {
			fmt.Fprintf(w, "       via: %s\n", strings.Join(c.Via, " → "))
		}
		for _, a := range c.Assigns {
			fmt.Fprintf(w, "       assign: %s=%s\n", a.Name, a.Value.Value)
		}
		for _, r := range c.Redirects {
			fmt.Fprintf(w, "       redirect: %s%s %q\n", r.Fd, r.Op, oneLineCmd(r.Target.Value))
		}
		if c.Pipe.Len > 1 {
			fmt.Fprintf(w, "       pipeline: %d of %d\n", c.Pipe.Index+1, c.Pipe.Len)
		}
		if s := c.Stdin; s.Kind != "" {
			fmt.Fprintf(w, "       stdin: %s from %q remote=%t decoded=%t\n", s.Kind, s.From, s.Remote, s.Decoded)
		}
		if c.Untrusted != "" {
			fmt.Fprintf(w, "       executes untrusted content: %s\n", c.Untrusted)
		}
		if p := c.Payload; p != nil {
			fmt.Fprintf(w, "       %s code: %q shell-outs=%q destructive=%q opaque=%t\n", p.Lang, oneLineCmd(p.Code), p.ShellOuts, p.Destructive, p.Opaque)
		}
		if k := c.Container; k != nil {
			writeContainer(w, k)
		}
	}
}

// writeContainer shows what a container runner gives its container and
// the commands it runs there, with the host's paths in place of the
// container's (rules marked container: true judge them).
func writeContainer(w io.Writer, k *cmdline.Container) {
	fmt.Fprintf(w, "       container: %s %s\n", k.Runner, k.Image)
	for _, f := range k.EnvFiles {
		fmt.Fprintf(w, "         env file: %s\n", f)
	}
	for _, e := range k.Env {
		fmt.Fprintf(w, "         env: %s=%s\n", e.Name, e.Value.Value)
	}
	if k.Context != "" {
		fmt.Fprintf(w, "         context: %s\n", k.Context)
	}
	for _, m := range k.Mounts {
		fmt.Fprintf(w, "         mount: %s at %s\n", m.Src, m.Dst)
	}
	if k.Line == nil {
		return
	}
	for _, ic := range k.Line.Commands {
		args := make([]string, len(ic.Args))
		for i, a := range ic.Args {
			args[i] = strconv.Quote(a.Value)
		}
		fmt.Fprintf(w, "         runs: %s %s\n", ic.Name, oneLineCmd(strings.Join(args, " ")))
	}
}

// redactingWriter masks secrets in everything written through it.
type redactingWriter struct{ w io.Writer }

func (r redactingWriter) Write(p []byte) (int, error) {
	if _, err := r.w.Write(redact.Bytes(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}
