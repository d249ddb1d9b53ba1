package main

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/dsl"
)

func TestPrompt(t *testing.T) {
	ask := approval.Decision{Command: "rm -rf ./build", Cwd: "/w", Verdict: dsl.Ask, Outcome: dsl.Ask,
		Findings: []dsl.Finding{{Rule: "recursive-delete", Level: dsl.Ask, Message: "recursive delete", Source: "builtin"}}}
	content := ask
	content.NoAlways = true
	content.Findings = append(content.Findings, dsl.Finding{Rule: "t", Level: dsl.Ask, Message: "m", Source: "plugin:tirith"})
	tests := []struct {
		name  string
		d     approval.Decision
		input string
		want  approval.Answer
		shows string
	}{
		{"once", ask, "o\n", approval.AnswerOnce, "[o]nce [s]ession [a]lways [d]eny"},
		{"word", ask, "Session\n", approval.AnswerSession, "recursive-delete: recursive delete"},
		{"rule", ask, "r\n", approval.AnswerRule, "in /w"},
		{"always", ask, "a\n", approval.AnswerAlways, "$ rm -rf ./build"},
		{"deny", ask, "d\n", approval.AnswerDeny, ""},
		{"no", ask, "n\n", approval.AnswerDeny, ""},
		{"eof", ask, "", approval.AnswerDeny, "no answer"},
		{"garbage then once", ask, "yes\no\n", approval.AnswerOnce, "answer o, s, r, a or d"},
		{"three wrong", ask, "x\ny\nz\no\n", approval.AnswerDeny, "hguard: denied"},
		{"no always for content", content, "a\nd\n", approval.AnswerDeny, "always is not offered"},
		{"content shows source", content, "o\n", approval.AnswerOnce, "[plugin:tirith]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			got := Prompt(strings.NewReader(tt.input), &out, tt.d, time.Minute)
			if got != tt.want {
				t.Errorf("answer %q, want %q", got, tt.want)
			}
			if !strings.Contains(out.String(), tt.shows) {
				t.Errorf("output does not show %q:\n%s", tt.shows, out.String())
			}
			if tt.d.NoAlways && strings.Contains(out.String(), "[a]lways") {
				t.Errorf("always offered for a content-level finding:\n%s", out.String())
			}
		})
	}
	t.Run("timeout", func(t *testing.T) {
		r, w := io.Pipe()
		defer w.Close()
		var out strings.Builder
		if got := Prompt(r, &out, ask, 20*time.Millisecond); got != approval.AnswerTimeout {
			t.Errorf("answer %q, want timeout", got)
		}
	})
}
