package dsl

import (
	"errors"
	"fmt"
	"slices"
)

// RuleSet is a merged, compiled set of rules, ready to evaluate. It is
// immutable once built and safe for concurrent use.
type RuleSet struct {
	rules   []*Rule            // effective rules in load order
	byName  map[string][]*Rule // command-scope rules by their on: names, and "name subcommand" pairs
	byProp  map[string][]*Rule // command-scope rules by their on: @properties
	anyName []*Rule            // command-scope rules without on:
	byIssue map[string][]*Rule // line-scope rules by their on: issue kinds
	line    []*Rule            // line-scope rules without on:
	ids     map[string]*Rule   // id → the first rule with it
	keys    map[string]string  // id or alias → id
}

// NewRuleSet merges rule files in the order given (built-ins, then user,
// then project) under the rules of each origin:
//   - ids are unique within the built-ins and within the user's files;
//   - a user rule with a built-in's id replaces it (level allow switches it off);
//   - a project rule may add rules, or reuse an id to add its condition at a
//     level at least as high; it may never use level allow or lower a level.
func NewRuleSet(files ...[]*Rule) (*RuleSet, error) {
	rs := &RuleSet{byName: map[string][]*Rule{}, byProp: map[string][]*Rule{}, byIssue: map[string][]*Rule{},
		ids: map[string]*Rule{}, keys: map[string]string{}}
	var errs []error
	for _, file := range files {
		for _, r := range file {
			if err := rs.add(r); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, r := range rs.rules {
		if r.Level == Allow {
			continue // switched off
		}
		switch {
		case r.Scope == LineScope && len(r.On) == 0:
			rs.line = append(rs.line, r)
		case r.Scope == LineScope:
			for _, kind := range r.On {
				rs.byIssue[kind] = append(rs.byIssue[kind], r)
			}
		case len(r.On) == 0:
			rs.anyName = append(rs.anyName, r)
		default:
			for _, n := range expandOn(r.On) {
				if properties[n] != nil {
					rs.byProp[n] = append(rs.byProp[n], r)
				} else {
					rs.byName[n] = append(rs.byName[n], r)
				}
			}
		}
	}
	for _, r := range rs.rules {
		rs.keys[r.ID] = r.ID
	}
	for _, r := range rs.rules {
		for _, a := range r.Aliases {
			if _, taken := rs.keys[a]; !taken {
				rs.keys[a] = r.ID
			}
		}
	}
	return rs, nil
}

func (rs *RuleSet) add(r *Rule) error {
	prev, exists := rs.ids[r.ID]
	fail := func(format string, args ...any) error {
		return &Error{Pos: r.Pos, Rule: r.ID, Field: "id", Msg: fmt.Sprintf(format, args...)}
	}
	if r.Origin == Project && r.Level == Allow {
		return &Error{Pos: r.fieldPos("level"), Rule: r.ID, Field: "level", Msg: "project rules may only tighten: level allow is not allowed here"}
	}
	if !exists {
		rs.ids[r.ID] = r
		rs.rules = append(rs.rules, r)
		return nil
	}
	switch {
	case r.Origin == Project:
		if r.Level < prev.Level {
			return &Error{Pos: r.fieldPos("level"), Rule: r.ID, Field: "level",
				Msg: fmt.Sprintf("project rules may only tighten: %s is below the %s rule's %s (%s)", r.Level, prev.Origin, prev.Level, prev.Pos)}
		}
		rs.rules = append(rs.rules, r) // evaluated beside the rule it tightens
		return nil
	case r.Origin == User && prev.Origin == Builtin:
		i := slices.Index(rs.rules, prev)
		rs.rules[i] = r
		rs.ids[r.ID] = r
		return nil
	}
	return fail("duplicate id: first defined at %s", prev.Pos)
}

// Rules returns the effective rules in load order, including those switched
// off with level allow.
func (rs *RuleSet) Rules() []*Rule { return slices.Clone(rs.rules) }

// Lookup finds a rule by id or by one of its aliases.
func (rs *RuleSet) Lookup(key string) (*Rule, bool) {
	id, ok := rs.keys[key]
	if !ok {
		return nil, false
	}
	r, ok := rs.ids[id]
	return r, ok
}

// Keys returns every key that names the same rule as key: its id and all
// aliases. An approval recorded under any of them counts for the others.
func (rs *RuleSet) Keys(key string) []string {
	r, ok := rs.Lookup(key)
	if !ok {
		return nil
	}
	return append([]string{r.ID}, r.Aliases...)
}

// nameGroups are the sets of names a rule's on: can give with "@": a rule
// about downloads says on: ["@downloaders"] rather than listing them.
var nameGroups = map[string]map[string]bool{
	"@shells":       shells,
	"@interpreters": interpreters,
	"@downloaders":  downloaders,
}

// expandOn replaces group names in an on: list by their members. Shells
// count as interpreters, as isInterpreter says.
func expandOn(on []string) []string {
	var out []string
	for _, n := range on {
		g, ok := nameGroups[n]
		if !ok { // a name or a property
			out = append(out, n)
			continue
		}
		for m := range g {
			out = append(out, m)
		}
		if n == "@interpreters" {
			for m := range shells {
				out = append(out, m)
			}
		}
	}
	return out
}
