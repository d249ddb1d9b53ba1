package dsl

import (
	"fmt"

	"github.com/hguard/hguard/dsl/cmdline"
)

// ExampleFailure is a rule example that did not behave as written.
type ExampleFailure struct {
	Rule    *Rule
	Command string
	Want    bool // the example is under match: (true) or nomatch: (false)
}

func (f ExampleFailure) Error() string {
	what := "match: example does not fire"
	if !f.Want {
		what = "nomatch: example fires"
	}
	return fmt.Sprintf("%s: rule %s: %s: %q", f.Rule.fieldPos("examples"), f.Rule.ID, what, f.Command)
}

// exampleCallers are the callers every example is tried as: a person at
// a terminal and a coding agent.
var exampleCallers = []Context{{}, {Caller: "agent"}}

// TestExamples runs every example of the rule, each against the rule alone.
// A match example must fire for some caller (a person or an agent: a rule
// may hold for agents only), a nomatch example for none.
func (r *Rule) TestExamples() []ExampleFailure {
	var out []ExampleFailure
	try := func(cmd string, want bool) {
		line := cmdline.Parse(cmd)
		fired := false
		for _, ctx := range exampleCallers {
			fired = fired || r.Match(line, ctx)
		}
		if fired != want {
			out = append(out, ExampleFailure{Rule: r, Command: cmd, Want: want})
		}
	}
	for _, c := range r.Examples.Match {
		try(c, true)
	}
	for _, c := range r.Examples.NoMatch {
		try(c, false)
	}
	return out
}
