package dsl

import (
	"strings"
	"unicode"
)

// Lint checks rules for problems that load accepts but a reviewer would
// not: no match example, a message not in hguard's style (lowercase, no
// final period), an alias that is also a rule id, an on: name with a path.
// Errors that make a file unloadable are load errors, not lint.
func Lint(rules []*Rule) []error {
	ids := map[string]bool{}
	for _, r := range rules {
		ids[r.ID] = true
	}
	var out []error
	add := func(r *Rule, field, msg string) {
		out = append(out, &Error{Pos: r.fieldPos(field), Rule: r.ID, Field: field, Msg: msg})
	}
	for _, r := range rules {
		if err := r.Compile(); err != nil {
			out = append(out, err)
		}
		if len(r.Examples.Match) == 0 && r.Level != Allow {
			add(r, "examples", "no match: example; every rule shows a command it fires on")
		}
		if len(r.Examples.NoMatch) == 0 && r.Level != Allow {
			add(r, "examples", "no nomatch: example; every rule shows a near miss it lets through")
		}
		if m := r.Message; m != "" {
			if first := []rune(m)[0]; unicode.IsUpper(first) && !strings.HasPrefix(m, strings.ToUpper(strings.Fields(m)[0])) {
				add(r, "message", "starts with a capital letter; messages are lowercase")
			}
			if strings.HasSuffix(m, ".") {
				add(r, "message", "ends with a period")
			}
		}
		for _, a := range r.Aliases {
			if ids[a] && a != r.ID {
				add(r, "aliases", "alias "+a+" is the id of another rule")
			}
		}
		for _, n := range r.On {
			if strings.Contains(n, "/") && !strings.HasPrefix(n, "mcp:") { // mcp:SERVER/TOOL names an agent's MCP tool
				add(r, "on", "on: name "+n+" holds a path; names are resolved to their base (rm, not /bin/rm)")
			}
		}
	}
	return out
}
