package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

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
		n, fs, err := sc.Walk(root)
		if err != nil {
			return err
		}
		rep.Files += n
		rep.Findings = append(rep.Findings, fs...)
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

// unwrapPath drops the "open PATH:" that the message already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
