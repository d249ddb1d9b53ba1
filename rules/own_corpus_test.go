package rules_test

import (
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// TestOwnCorpus scores rows written for issue #15 from the programs' own
// documentation (testdata/own-corpus.jsonl): service control planes, disks,
// power, kernel, network and inline code. Every row must agree.
func TestOwnCorpus(t *testing.T) { agreeAll(t, "testdata/own-corpus.jsonl", "") }

// agreeAll checks every row of a corpus file of ours in shell, and logs
// the score: each row must agree, and a block must be a block.
func agreeAll(t *testing.T, file, shell string) {
	t.Helper()
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var s score
	for _, r := range readCorpusFile(t, file) {
		got := g.Check(hguard.Request{Command: r.Cmd, Shell: shell}).Level
		s.add(r.Expect, got)
		if wrong(r.Expect, got) || r.Expect == "block" && got != dsl.Block {
			t.Errorf("expect %s, got %s: %q (%s)", r.Expect, got, r.Cmd, r.Source)
		}
	}
	t.Logf("%s", s)
}

// TestRiskyScripts scores short scripts written for issue #15's
// "risky-script scenarios" (testdata/scripts.jsonl): each does one risky
// thing the way a script would (variables, loops, heredocs, several
// steps), from the classes of the issue (exfiltration, untrusted
// installers, persistence, secrets, deletion, reverse shells, firewall and
// audit off), beside everyday build and release scripts that must stay
// allowed. Every row must agree.
func TestRiskyScripts(t *testing.T) { agreeAll(t, "testdata/scripts.jsonl", "bash") }

// TestRiskyScriptsLong scores longer scripts (testdata/scripts-long.jsonl)
// where the risky step hides in a function body, a loop, a case branch, an
// array, a heredoc written then run, or one line of an ordinary-looking
// backup, cleanup or setup script, beside realistic build, test and deploy
// scripts that must stay allowed. The scenarios are ours, each named after
// the technique (MITRE ATT&CK, the programs' manuals). Every row must agree.
func TestRiskyScriptsLong(t *testing.T) { agreeAll(t, "testdata/scripts-long.jsonl", "bash") }
