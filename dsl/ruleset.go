package dsl

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// RuleSet is a merged, compiled set of rules, ready to evaluate. It is
// immutable once built and safe for concurrent use.
//
// The index from command names to rules is filled in as names are met, not
// built up front: a check in a fresh process meets one to three names, and
// building a map of the hundreds of names the rules mention cost more than
// evaluating the command.
type RuleSet struct {
	rules   []*Rule            // effective rules in load order
	named   []*Rule            // command-scope rules whose on: gives names or groups
	byProp  map[string][]*Rule // command-scope rules by their on: @properties
	anyName []*Rule            // command-scope rules without on:
	byIssue map[string][]*Rule // line-scope rules by their on: issue kinds
	line    []*Rule            // line-scope rules without on:
	inside  []*Rule            // command-scope rules that also judge what a container runs (Rule.Container)
	ids     map[string]*Rule   // id → the first rule with it

	mu     sync.RWMutex
	byName map[string][]*Rule // memo: name or "name subcommand" → rules of named whose on: admits it

	keys func() map[string]string // id or alias → id, built on first use
}

// maxNames bounds the memo of names: a daemon meets new names for as long
// as it runs. Only names up to maxNameLen bytes are kept: a "name
// subcommand" key holds an operand, which can be as long as the input.
const (
	maxNames   = 4096
	maxNameLen = 64
)

// NewRuleSet merges rule files in the order given (built-ins, then user,
// then project) under the rules of each origin:
//   - ids are unique within the built-ins and within the user's files;
//   - a user rule with a built-in's id replaces it (level allow switches it off);
//   - a project rule may add rules, or reuse an id to add its condition at a
//     level at least as high; it may never use level allow or lower a level.
func NewRuleSet(files ...[]*Rule) (*RuleSet, error) {
	n := 0
	for _, file := range files {
		n += len(file)
	}
	rs := &RuleSet{byName: map[string][]*Rule{}, byProp: map[string][]*Rule{}, byIssue: map[string][]*Rule{},
		ids: make(map[string]*Rule, n), rules: make([]*Rule, 0, n)}
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
		if r.Container && r.Scope != LineScope {
			rs.inside = append(rs.inside, r)
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
			for _, n := range r.On {
				if properties[n] != nil {
					rs.byProp[n] = append(rs.byProp[n], r)
				}
			}
			if slices.ContainsFunc(r.On, func(n string) bool { return properties[n] == nil }) {
				rs.named = append(rs.named, r)
			}
		}
	}
	rs.keys = sync.OnceValue(func() map[string]string {
		keys := make(map[string]string, len(rs.rules))
		for _, r := range rs.rules {
			keys[r.ID] = r.ID
		}
		for _, r := range rs.rules {
			for _, a := range r.Aliases {
				if _, taken := keys[a]; !taken {
					keys[a] = r.ID
				}
			}
		}
		return keys
	})
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
	id, ok := rs.keys()[key]
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
var nameGroups = map[string]*nameSet{
	"@shells":       &shells,
	"@interpreters": &interpreters,
	"@downloaders":  &downloaders,
}

// forName returns the rules whose on: admits a command name, or a "name
// subcommand" pair, in load order.
func (rs *RuleSet) forName(name string) []*Rule {
	rs.mu.RLock()
	list, ok := rs.byName[name]
	rs.mu.RUnlock()
	if ok {
		return list
	}
	for _, r := range rs.named {
		if slices.ContainsFunc(r.On, func(n string) bool { return onName(n, name) }) {
			list = append(list, r)
		}
	}
	if len(name) > maxNameLen {
		return list
	}
	rs.mu.Lock()
	if len(rs.byName) >= maxNames {
		clear(rs.byName)
	}
	rs.byName[name] = list
	rs.mu.Unlock()
	return list
}

// onName reports whether one entry of an on: list admits a name: the name
// itself, or a group holding it. Shells count as interpreters, as
// isInterpreter says. A "name subcommand" pair is in no group.
func onName(entry, name string) bool {
	if entry == name {
		return true
	}
	// An MCP tool call is judged as the command 'mcp:SERVER/TOOL' (see
	// hooks.MCPLine); mcp:SERVER/* and mcp:* name all of a server's tools
	// and every MCP tool.
	if pre, ok := strings.CutSuffix(entry, "*"); ok && strings.HasPrefix(entry, "mcp:") {
		return strings.HasPrefix(name, "mcp:") && strings.HasPrefix(name, pre)
	}
	// Every group's name starts with "@": forName asks this of each entry
	// of each named rule, and hashing all of them was a tenth of a check.
	if !strings.HasPrefix(entry, "@") {
		return false
	}
	g := nameGroups[entry]
	if g == nil || strings.Contains(name, " ") {
		return false
	}
	return g.has(name) || entry == "@interpreters" && shells.has(name)
}
