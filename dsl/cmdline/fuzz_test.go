package cmdline

import (
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// FuzzParse checks that Parse never panics, terminates, and keeps the
// model's invariants. Seeds live in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	for _, tt := range parseTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkParse(t, s, "bash")
	})
}

// FuzzParseDialects holds the zsh, posix and fish readings to the same
// invariants. Seeds live in testdata/fuzz/FuzzParseDialects.
func FuzzParseDialects(f *testing.F) {
	for _, tt := range fishTests {
		f.Add(tt.in)
	}
	for _, tt := range dialectTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, shell := range []string{"zsh", "posix", "fish"} {
			checkParse(t, s, shell)
		}
	})
}

func checkParse(t *testing.T, s, shell string) {
	{
		done := make(chan *Line, 1)
		go func() { done <- ParseShell(s, shell) }()
		var line *Line
		select {
		case line = <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("Parse(%q) did not finish in 5s", s)
		}
		has := func(kind IssueKind) bool {
			for _, is := range line.Issues {
				if is.Kind == kind {
					return true
				}
			}
			return false
		}
		for _, is := range line.Issues {
			if strings.Contains(is.Message, "internal error") {
				t.Fatalf("Parse(%q) panicked: %s", s, is.Message)
			}
			if is.Pos.Line < 1 || is.Pos.Col < 1 {
				t.Errorf("issue %+v has no position", is)
			}
		}
		if has(IssueTooLarge) {
			return
		}
		if len(line.Commands) > maxCommands {
			t.Errorf("%d commands, over the budget", len(line.Commands))
		}
		for _, c := range line.Commands {
			if c.Name == "" && !c.Dynamic {
				t.Errorf("Parse(%q): command %+v has neither a name nor Dynamic", s, c)
			}
			if c.Pos.Line < 1 || c.Pos.Col < 1 {
				t.Errorf("Parse(%q): command %q has no position", s, c.Source)
			}
			if c.Pipe.Len < 1 || c.Pipe.Index >= c.Pipe.Len {
				t.Errorf("Parse(%q): command %q has pipe position %+v", s, c.Source, c.Pipe)
			}
		}
		if has(IssueParse) || has(IssueLimit) {
			return
		}
		if line.Dialect != Bash {
			return
		}
		if _, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(commentEnds(shellText(line.Original))), ""); err != nil {
			t.Errorf("Parse(%q): the parser rejects the line (%v) but there is no parse issue", s, err)
		}
	}
}
