package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/injection"
)

const scanSynopsis = `hguard scan [--json] [PATH...]
       hguard scan --stdin [--name NAME] [--json]

Scans context files that agents load (AGENTS.md, CLAUDE.md, .cursorrules,
memory files, MCP configs) for prompt-injection carriers: invisible and
bidi Unicode, Unicode tag characters, HTML comments and hidden elements
that carry instructions, instruction-override phrases, URLs that template
a secret, and shell commands the text urges the agent to run (decided by
hguard's rules). A FILE is scanned whatever its name; a directory is
walked for context files (*.md, *.mdc, .cursorrules, mcp.json, ...),
skipping .git, node_modules and vendor. No PATH scans the current
directory.

Findings print as file:line:col. Exit 0 clean (warnings included), 1 when
a finding blocks, 2 when one asks.`

type scanReport struct {
	Verdict  dsl.Level           `json:"verdict"`
	Files    int                 `json:"files"`
	Findings []injection.Finding `json:"findings"`
}

func runScan(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	c := newCommand("scan", scanSynopsis, stdout)
	asJSON := c.Bool("json", false, "print one JSON report")
	fromStdin := c.Bool("stdin", false, "scan standard input")
	name := c.String("name", "<stdin>", "the file name that findings from --stdin carry")
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	paths := c.Args()
	if *fromStdin && len(paths) > 0 {
		return usagef("give either --stdin or paths", "--stdin and paths are both given")
	}
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return usagef("check the path", "cannot scan %s: %v", p, unwrapPath(err))
		}
	}
	if len(paths) == 0 && !*fromStdin {
		paths = []string{"."}
	}
	sc := injection.New(nil)
	rep := scanReport{Findings: []injection.Finding{}}
	if *fromStdin {
		fs, err := sc.Reader(*name, stdin)
		if err != nil {
			return fmt.Errorf("reading standard input: %w", err)
		}
		rep.Files = 1
		rep.Findings = append(rep.Findings, fs...)
	}
	for _, root := range paths {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				rep.Findings = append(rep.Findings, unreadable(p, err))
				if d != nil && d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			explicit := p == root
			if d.IsDir() {
				if !explicit && skipDir(d.Name()) {
					return filepath.SkipDir
				}
				return nil
			}
			if !explicit && (!d.Type().IsRegular() || !injection.ContextFile(p)) {
				return nil
			}
			fs, err := scanFile(sc, p, explicit)
			if err != nil {
				rep.Findings = append(rep.Findings, unreadable(p, err))
				return nil
			}
			rep.Files++
			rep.Findings = append(rep.Findings, fs...)
			return nil
		})
		if err != nil {
			return err
		}
	}
	rep.Verdict = injection.Verdict(rep.Findings)
	if *asJSON {
		if err := writeJSON(stdout, rep); err != nil {
			return err
		}
	} else {
		for _, f := range rep.Findings {
			fmt.Fprintln(stdout, f)
			if f.Excerpt != "" {
				fmt.Fprintf(stdout, "    %s\n", f.Excerpt)
			}
		}
	}
	return outcomeExit(rep.Verdict)
}

func skipDir(name string) bool {
	switch name {
	case ".git", ".hg", ".svn", "node_modules", "vendor", ".venv", "venv", "__pycache__", "target", "dist":
		return true
	}
	return false
}

// scanFile scans one file; a file found by walking that looks binary (a
// NUL byte near the start) is skipped.
func scanFile(sc *injection.Scanner, path string, explicit bool) ([]injection.Finding, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, 8192)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	head = head[:n]
	if !explicit && bytes.IndexByte(head, 0) >= 0 {
		return nil, nil
	}
	return sc.Reader(path, io.MultiReader(bytes.NewReader(head), f))
}

// unreadable is a file that could not be scanned: an ask, never a pass.
func unreadable(path string, err error) injection.Finding {
	return injection.Finding{File: path, Line: 1, Col: 1, Rule: "unreadable", Level: dsl.Ask, Message: "cannot be scanned: " + unwrapPath(err).Error()}
}

// unwrapPath drops the "open PATH:" that the message already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
