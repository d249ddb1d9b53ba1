package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/hguard/hguard/audit"
	"github.com/hguard/hguard/config"
)

const auditSynopsis = `hguard audit verify
       hguard audit tail [-n N] [--json]

The audit log, $HGUARD_HOME/audit.jsonl, holds every decision and answer,
each record chained to the one before by its hash. Past audit.max_size_mb
(config.yaml, default 16) it is rotated to audit.jsonl.1, .2, … and
audit.keep (default 4) rotated files are kept; the chain runs on across
them. verify walks the chain through every file and exits 1 at any record
edited, inserted or removed; tail prints the last records.

Each record's chain head is also written to the systemd journal when
journald listens (audit.anchor: auto, the default; journal; none), where
the user who can edit the log cannot change it. verify then checks the log
against those heads too, which finds what the chain alone cannot: an edit
followed by rehashing, records cut off the end, a deleted log or rotated
file. Without an anchor it says so: keep the head hash it prints elsewhere.`

func runAudit(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("usage: hguard audit verify|tail", "no audit command given")
	}
	path := audit.Path(home())
	switch args[0] {
	case "verify":
		c := newCommand("audit verify", auditSynopsis, stdout)
		if err := c.ParseArgs(args[1:]); err != nil {
			return err
		}
		cfg, err := config.Load(home())
		if err != nil {
			return err
		}
		anchor := cfg.Audit.AuditAnchor()
		sum, err := audit.VerifyAnchored(context.Background(), path, anchor)
		if err != nil {
			return err
		}
		for _, p := range sum.Problems {
			if p.Line == 0 {
				fmt.Fprintf(stdout, "%s: %s\n", p.File, p.Msg)
				continue
			}
			fmt.Fprintf(stdout, "%s:%d: %s\n", p.File, p.Line, p.Msg)
		}
		if len(sum.Problems) > 0 {
			fmt.Fprintf(stdout, "audit log broken: %d problem(s) in %d records\n", len(sum.Problems), sum.Records)
			return exitError(1)
		}
		kept := ""
		if sum.Files > 1 {
			kept = fmt.Sprintf(" in %d files", sum.Files)
		}
		if sum.First > 1 {
			kept += fmt.Sprintf(" (from record %d: older files were rotated away)", sum.First)
		}
		fmt.Fprintf(stdout, "audit log intact: %d records%s, head %s\n", sum.Records, kept, sum.Head)
		if anchor == nil {
			fmt.Fprintf(stdout, "no anchor (audit.anchor: %s, and no journald listening): an edit followed by rehashing, or records cut off the end, cannot be seen; keep the head elsewhere\n", cfg.Audit.Anchor)
		} else {
			fmt.Fprintf(stdout, "checked against %d heads in %s\n", sum.Anchored, sum.Anchor)
		}
		return nil
	case "tail":
		c := newCommand("audit tail", auditSynopsis, stdout)
		n := c.Int("n", 20, "how many records")
		asJSON := c.Bool("json", false, "the records as JSON, one a line")
		if err := c.ParseArgs(args[1:]); err != nil {
			return err
		}
		if *n <= 0 {
			return usagef("", "-n wants a number above 0")
		}
		recs, err := audit.Tail(path, *n)
		if err != nil {
			return err
		}
		for _, r := range recs {
			if *asJSON {
				if err := writeJSON(stdout, r); err != nil {
					return err
				}
				continue
			}
			printRecord(stdout, r)
		}
		return nil
	case "-h", "-help", "--help":
		fmt.Fprintf(stdout, "usage: %s\n", auditSynopsis)
		return nil
	}
	return usagef("usage: hguard audit verify|tail", "unknown audit command %q", args[0])
}

func printRecord(w io.Writer, r audit.Record) {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s %-6s [%s]", r.Seq, r.Time.Local().Format("2006-01-02 15:04:05"), r.Event, r.Session)
	if r.Outcome != "" {
		fmt.Fprintf(&b, " %s", r.Outcome)
	}
	if r.Answer != "" {
		fmt.Fprintf(&b, " answer=%s", r.Answer)
	}
	if r.By != "" {
		fmt.Fprintf(&b, " by=%s", r.By)
	}
	if r.YOLO {
		b.WriteString(" YOLO")
	}
	if r.Command != "" {
		fmt.Fprintf(&b, " $ %s", oneLineCmd(r.Command))
	}
	var rules []string
	for _, f := range r.Findings {
		rules = append(rules, f.Level.String()+":"+f.Rule)
	}
	if len(rules) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(rules, ", "))
	}
	if r.Note != "" {
		fmt.Fprintf(&b, " — %s", r.Note)
	}
	fmt.Fprintln(w, b.String())
}
