package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hguard/hguard/creds"
)

const credsSynopsis = `hguard creds add [--session S] PATH...
       hguard creds remove [--session S] PATH...
       hguard creds list [--session S] [--json]
       hguard creds check [--session S] [PATH...]
       hguard creds mounts [--session S] [--format plain|docker|json] [--target DIR] [PATH...]
       hguard creds clean [--session S]

Registers credential files that may be mounted into a sandbox, per
session (--session, else $HGUARD_SESSION). A PATH is relative to
$HGUARD_HOME, must exist and must stay inside it after resolving symlinks;
a path overlapping another session's is refused. check and mounts check
every path again. mounts --format docker prints read-only -v arguments;
a directory holding symlinks is mounted from a symlink-free copy in
$HGUARD_HOME/state/mounts/SESSION, replaced by the next mounts and
removed by clean. A refused path exits 1.`

func runCreds(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("run 'hguard creds -h' for usage", "creds needs a subcommand: add, remove, list, check, mounts or clean")
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "-h", "-help", "--help", "help":
		fmt.Fprintf(stdout, "usage: %s\n", credsSynopsis)
		return nil
	case "add", "remove", "list", "check", "mounts", "clean":
	default:
		return usagef("run 'hguard creds -h' for usage", "unknown creds subcommand %q", sub)
	}
	c := newCommand("creds "+sub, credsSynopsis, stdout)
	session := c.String("session", "", "the session (default $HGUARD_SESSION)")
	asJSON := c.Bool("json", false, "list: print JSON")
	format := c.String("format", "plain", "mounts: plain, docker or json")
	target := c.String("target", "/hguard", "mounts: the directory in the sandbox that paths are mounted under")
	if err := c.ParseArgs(rest); err != nil {
		return err
	}
	s := *session
	if s == "" {
		s = os.Getenv("HGUARD_SESSION")
	}
	if s == "" {
		return usagef("give --session NAME or set HGUARD_SESSION", "no session")
	}
	if err := creds.ValidSession(s); err != nil {
		return usagef("", "%v", err)
	}
	h := home()
	if h == "" {
		return errors.New("no $HGUARD_HOME and no home directory")
	}
	reg := &creds.Registry{Home: h, Warn: func(err error) { fmt.Fprintf(stderr, "hguard: warning: %v\n", err) }}
	paths := c.Args()
	refused := func(err error) error {
		var pe *creds.PathError
		if errors.As(err, &pe) {
			fmt.Fprintf(stderr, "hguard: error: %v\n", err)
			return exitError(exitBlock)
		}
		return err
	}
	switch sub {
	case "add", "remove":
		if len(paths) == 0 {
			return usagef("usage: hguard creds "+sub+" PATH...", "no path given")
		}
		f := reg.Add
		if sub == "remove" {
			f = reg.Remove
		}
		return refused(f(s, paths...))
	case "list":
		es, err := reg.List(s)
		if err != nil {
			return err
		}
		if *asJSON {
			if es == nil {
				es = []creds.Entry{}
			}
			return writeJSON(stdout, es)
		}
		for _, e := range es {
			fmt.Fprintln(stdout, e.Path)
		}
		return nil
	case "check":
		st, err := reg.Check(s, paths...)
		if err != nil {
			return refused(err)
		}
		bad := false
		for _, x := range st {
			if x.Err != nil {
				bad = true
				fmt.Fprintf(stdout, "refused %v\n", x.Err)
			} else {
				fmt.Fprintf(stdout, "ok      %s\n", x.Path)
			}
		}
		if bad {
			return exitError(exitBlock)
		}
		return nil
	case "clean":
		return os.RemoveAll(filepath.Join(h, "state", "mounts", s))
	}
	// mounts
	switch *format {
	case "plain", "docker", "json":
	default:
		return usagef("--format is plain, docker or json", "unknown format %q", *format)
	}
	copies := filepath.Join(h, "state", "mounts", s)
	if err := os.RemoveAll(copies); err != nil {
		return err
	}
	m, err := reg.Mounts(s, creds.MountOptions{Target: *target, Only: paths, CopyDir: copies})
	if err != nil {
		return refused(err)
	}
	switch *format {
	case "docker":
		args, err := m.Docker()
		if err != nil {
			m.Close()
			return refused(err)
		}
		if len(args) > 0 {
			fmt.Fprintln(stdout, strings.Join(args, " "))
		}
	case "json":
		ms := m.Mounts
		if ms == nil {
			ms = []creds.Mount{}
		}
		return writeJSON(stdout, ms)
	default:
		for _, mt := range m.Mounts {
			note := ""
			if mt.Copied {
				note = " (symlink-free copy)"
			}
			fmt.Fprintf(stdout, "%s -> %s (read-only)%s\n", mt.Source, mt.Target, note)
		}
	}
	return nil
}
