package dsl

import (
	"fmt"

	"github.com/expr-lang/expr"
	"github.com/hguard/hguard/dsl/cmdline"
)

// Evaluate runs every rule against a parsed line: line-scope rules once,
// command-scope rules against each command whose name their on: lists (or
// every command, without on:). A rule whose expression fails at run time
// yields an ask finding saying so, never silence.
func (rs *RuleSet) Evaluate(line *cmdline.Line, ctx Context) []Finding {
	var out []Finding
	if len(rs.line) > 0 {
		env := newLineEnv(line, ctx)
		for _, r := range rs.line {
			if f, ok := r.run(env, ""); ok {
				out = append(out, f)
			}
		}
	}
	for _, c := range line.Commands {
		rules := rs.candidates(c.Name)
		if len(rules) == 0 {
			continue
		}
		env := newCommandEnv(c, line, ctx)
		for _, r := range rules {
			if f, ok := r.run(env, c.Source); ok {
				out = append(out, f)
			}
		}
	}
	return dedupe(out)
}

// candidates is the rules that can fire for a command name: those whose on:
// lists it (or the program it names: python for python3.11), and those without on:.
func (rs *RuleSet) candidates(name string) []*Rule {
	named := rs.byName[name]
	if p := programName(name); p != name && name != "" {
		if more := rs.byName[p]; len(more) > 0 {
			named = append(named[:len(named):len(named)], more...)
		}
	}
	if len(named) == 0 {
		return rs.anyName
	}
	if len(rs.anyName) == 0 {
		return named
	}
	return append(named[:len(named):len(named)], rs.anyName...)
}

func (r *Rule) run(env any, command string) (Finding, bool) {
	f := Finding{Rule: r.ID, Level: r.Level, Message: r.Message, Source: string(r.Origin), Command: command, Checkpoint: r.Checkpoint}
	v, err := expr.Run(r.program, env)
	if err != nil {
		f.Level = max(r.Level, Ask)
		if r.Level == Block {
			f.Level = Block
		}
		f.Message = fmt.Sprintf("rule %s failed to evaluate (%s): %s", r.ID, oneLine(err.Error()), r.Message)
		return f, true
	}
	matched, _ := v.(bool)
	return f, matched
}

// dedupe keeps one finding per rule and command, the strictest; a rule that
// a project tightened can fire twice for the same command.
func dedupe(fs []Finding) []Finding {
	if len(fs) < 2 {
		return fs
	}
	type key struct{ rule, command string }
	index := make(map[key]int, len(fs))
	out := fs[:0]
	for _, f := range fs {
		k := key{f.Rule, f.Command}
		if i, ok := index[k]; ok {
			if f.Level > out[i].Level {
				out[i] = f
			}
			continue
		}
		index[k] = len(out)
		out = append(out, f)
	}
	return out
}

// Match reports whether one rule fires on a parsed line, at its own scope.
// It is how rule examples are tested: one rule alone, not the whole set.
func (r *Rule) Match(line *cmdline.Line, ctx Context) bool {
	if r.Scope == LineScope {
		_, ok := r.run(newLineEnv(line, ctx), "")
		return ok
	}
	for _, c := range line.Commands {
		if len(r.On) > 0 && !onMatches(r.On, c.Name) {
			continue
		}
		if _, ok := r.run(newCommandEnv(c, line, ctx), c.Source); ok {
			return true
		}
	}
	return false
}

func onMatches(on []string, name string) bool {
	p := programName(name)
	for _, n := range on {
		if n == name || (name != "" && n == p) {
			return true
		}
	}
	return false
}
