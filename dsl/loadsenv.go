package dsl

import (
	"slices"

	"github.com/hguard/hguard/dsl/cmdline"
)

// envFilters are the programs that may stand in the pipeline of a
// substitution that loads a file into the environment: they print what
// they read, or part of it, and write nowhere else (xargs with no command
// of its own prints its input as one line).
var envFilters = map[string]bool{"cat": true, "grep": true, "egrep": true, "xargs": true, "tr": true, "cut": true, "sort": true, "uniq": true, "head": true, "tail": true}

// loadsEnvironment reports a command whose output becomes only the
// NAME=VALUE words of export (declare, typeset, readonly, local; with no
// option): it stands, with every other command of its pipeline, in a
// command substitution that is a word of that builtin, each of them one
// of envFilters, with no wrapper and no output redirected but to
// /dev/null. What it reads is loaded into the environment, as set -a;
// . .env loads it, and shown nowhere: export $(grep -v '^#' .env | xargs).
func loadsEnvironment(c *cmdline.Command, line *cmdline.Line) bool {
	n := len(c.Via)
	if n == 0 || c.Via[n-1] != "$(…)" {
		return false
	}
	k := slices.Index(line.Commands, c)
	if k < 0 || c.Pipe.Len < 1 || k < c.Pipe.Index || k-c.Pipe.Index+c.Pipe.Len > len(line.Commands) {
		return false
	}
	var outer *cmdline.Command // the command whose word the substitution is
	for j := k - c.Pipe.Index - 1; j >= 0; j-- {
		if o := line.Commands[j]; len(o.Via) == n-1 && slices.Equal(o.Via, c.Via[:n-1]) {
			outer = o
			break
		}
	}
	if outer == nil || !declarers[outer.Name] || len(outer.Wrappers) > 0 || slices.ContainsFunc(outer.Args, func(w cmdline.Word) bool {
		return len(w.Value) > 0 && w.Value[0] == '-'
	}) {
		return false
	}
	for m, o := range line.Commands[k-c.Pipe.Index : k-c.Pipe.Index+c.Pipe.Len] {
		if !slices.Equal(o.Via, c.Via) || o.Pipe.Index != m || o.Pipe.Len != c.Pipe.Len || !envFilters[o.Name] || len(o.Wrappers) > 0 || o.Dynamic {
			return false
		}
		for _, r := range o.Redirects {
			switch r.Op {
			case ">", ">>", ">|", "&>", "&>>", "<>":
				if r.Target.Value != "/dev/null" || r.Target.Dynamic {
					return false
				}
			}
		}
	}
	return true
}
