package dsl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hguard/hguard/dsl/cmdline"
)

// TestMatches checks `matches` with a constant pattern, which compiles to
// a call with a lazily compiled regexp, against expr's own operator (a
// pattern that is not a constant), in loaded and in generated rules.
func TestMatches(t *testing.T) {
	tests := []struct {
		when, command string
		want          bool
	}{
		{`name matches "^r"`, "rm x", true},
		{`name matches "^r"`, "ls", false},
		{`any(args, # matches "^-[a-z]*r")`, "rm -fr x", true},
		{`any(args, # matches "^-[a-z]*r")`, "rm -f x", false},
		{`not (name matches "^l")`, "rm", true},
		{`name matches "^x" || name matches "^r"`, "rm", true},
		{`name matches "^x" && name matches "^r"`, "rm", false},
		{`name matches ("^" + "r")`, "rm", true}, // not a constant: expr's operator
		{`name matches lower("^R")`, "ls", false},
		{`any(outputs, # matches "\\.bashrc$")`, "echo x >> ~/.bashrc", true},
		{`(assigns.X ?? "") matches "^1$"`, "X=1 ls", true},
		{`(assigns.X ?? "") matches "^1$"`, "ls", false},
	}
	for _, tt := range tests {
		for _, generated := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/%s/generated=%t", tt.when, tt.command, generated), func(t *testing.T) {
				r := &Rule{ID: "x", Level: Ask, Scope: CommandScope, When: tt.when, Message: "m", generated: generated}
				if err := r.Compile(); err != nil {
					t.Fatal(err)
				}
				if got := r.Match(cmdline.Parse(tt.command), Context{}); got != tt.want {
					t.Errorf("%q on %q = %t, want %t", tt.when, tt.command, got, tt.want)
				}
			})
		}
	}
}

// A generated rule's regexp is checked when it is generated, not at load;
// if one were bad anyway, the command that reaches it gets an ask naming
// the error, never an allow.
func TestMatchesBadRegexpAtRunTime(t *testing.T) {
	r := &Rule{ID: "bad", Level: Warn, Scope: CommandScope, When: `name == "rm" && name matches "(["`, Message: "m", generated: true}
	if err := r.Compile(); err != nil {
		t.Fatalf("a generated rule's regexp was compiled at load: %v", err)
	}
	rs, err := NewRuleSet([]*Rule{r})
	if err != nil {
		t.Fatal(err)
	}
	if got := rs.Evaluate(cmdline.Parse("ls"), Context{}); len(got) != 0 {
		t.Errorf("a command that never reaches the regexp: %+v", got)
	}
	got := rs.Evaluate(cmdline.Parse("rm x"), Context{})
	if len(got) != 1 || got[0].Level != Ask || !strings.Contains(got[0].Message, "error parsing regexp") {
		t.Errorf("findings = %+v, want one ask naming the regexp error", got)
	}
}

// Rules that test the same pattern share its compiled regexp.
func TestMatchesShared(t *testing.T) {
	const pattern = `"^shared-pattern-[0-9]+$"`
	for _, id := range []string{"a", "b"} {
		r := &Rule{ID: id, Level: Ask, Scope: CommandScope, When: "name matches " + pattern, Message: "m"}
		if err := r.Compile(); err != nil {
			t.Fatal(err)
		}
	}
	compileMu.Lock()
	defer compileMu.Unlock()
	l := regexps[strings.Trim(pattern, `"`)]
	if l == nil || l.re == nil {
		t.Fatalf("the pattern is not in the shared table, compiled: %+v", l)
	}
}

// The name index is filled in as commands are met, from any goroutine,
// and starts over past maxNames; answers stay the same throughout.
func TestForNameConcurrent(t *testing.T) {
	rules := []*Rule{
		{ID: "rm-any", Level: Ask, Scope: CommandScope, On: []string{"rm"}, When: "true", Message: "m"},
		{ID: "shell", Level: Ask, Scope: CommandScope, On: []string{"@interpreters"}, When: "true", Message: "m"},
		{ID: "push", Level: Ask, Scope: CommandScope, On: []string{"git push"}, When: "true", Message: "m"},
	}
	rs, err := NewRuleSet(rules)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"rm -rf x": "rm-any", "bash -i": "shell", "python3.12 x.py": "shell", "git push": "push", "git status": "", "ls": ""}
	done := make(chan struct{})
	for g := range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range maxNames / 2 {
				rs.forName(fmt.Sprintf("name-%d-%d", g, i)) // fills the memo past its bound
				for cmd, id := range want {
					got := rs.Evaluate(cmdline.Parse(cmd), Context{})
					if id == "" && len(got) != 0 || id != "" && (len(got) != 1 || got[0].Rule != id) {
						t.Errorf("%q: findings %+v, want %q", cmd, got, id)
						return
					}
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
	rs.mu.RLock()
	defer rs.mu.RUnlock()
	if len(rs.byName) > maxNames {
		t.Errorf("the name memo holds %d names, over its bound of %d", len(rs.byName), maxNames)
	}
}

// A long subcommand is looked up without being kept: a daemon fed long
// operands must not hold them (the memo is bounded by count, and so by
// bytes only when keys are short).
func TestForNameLongKeys(t *testing.T) {
	rs, err := NewRuleSet([]*Rule{{ID: "push", Level: Ask, Scope: CommandScope, On: []string{"git push"}, When: "true", Message: "m"}})
	if err != nil {
		t.Fatal(err)
	}
	long := "git " + strings.Repeat("x", 1<<20)
	if got := rs.Evaluate(cmdline.Parse(long), Context{}); len(got) != 0 {
		t.Errorf("findings %+v", got)
	}
	if got := rs.Evaluate(cmdline.Parse("git push"), Context{}); len(got) != 1 {
		t.Errorf("git push: findings %+v", got)
	}
	rs.mu.RLock()
	defer rs.mu.RUnlock()
	for k := range rs.byName {
		if len(k) > maxNameLen {
			t.Errorf("the memo keeps a %d-byte key", len(k))
		}
	}
}

// TestCaller: rules read who asks as caller and agent, at both scopes.
func TestCaller(t *testing.T) {
	tests := []struct {
		scope  Scope
		when   string
		caller string
		want   bool
	}{
		{CommandScope, `agent`, "", false},
		{CommandScope, `agent`, "codex", true},
		{CommandScope, `caller == "claude-code"`, "claude-code", true},
		{CommandScope, `caller == ""`, "", true},
		{LineScope, `agent && caller == "gemini"`, "gemini", true},
		{LineScope, `!agent`, "cursor", false},
		{LineScope, `!agent`, "", true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%s/%q", tt.scope, tt.when, tt.caller), func(t *testing.T) {
			r := &Rule{ID: "x", Level: Ask, Scope: tt.scope, When: tt.when, Message: "m"}
			if err := r.Compile(); err != nil {
				t.Fatal(err)
			}
			if got := r.Match(cmdline.Parse("ls"), Context{Caller: tt.caller}); got != tt.want {
				t.Errorf("%q with caller %q = %t, want %t", tt.when, tt.caller, got, tt.want)
			}
		})
	}
}
