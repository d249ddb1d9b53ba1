package cmdline

import (
	"slices"
	"strings"
)

// PromptEnv are the variables naming the editor or the pager a program
// opens, which the model follows from a line to the lines after it
// (CarriedEnv): after export GIT_PAGER=less a later git log pages through
// less, whose !CMD runs commands, and after export GIT_EDITOR=true a
// later git commit opens no editor. MANOPT holds man's options (-P PAGER).
var PromptEnv = []string{"EDITOR", "VISUAL", "GIT_EDITOR", "GH_EDITOR", "KUBE_EDITOR", "HGEDITOR", "SVN_EDITOR", "JJ_EDITOR",
	"PAGER", "GIT_PAGER", "GH_PAGER", "MANPAGER", "MANOPT"}

// inherited are the variables of PromptEnv the line or an earlier one of
// the session exported before c that c does not assign itself, as c's
// own assignments: they reach c's program in its environment. A command
// nested in another's code (sh -c 'git log') is left out, as it is for
// the configuration homes (inheritConfigHomes).
func (w *walker) inherited(c *Command) []Assign {
	if w.nest > 0 {
		return nil
	}
	var out []Assign
	for _, name := range PromptEnv {
		if slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == name }) {
			continue
		}
		v, ok := w.line.Exports[name]
		if !ok {
			if v, ok = w.before.Exports[name]; !ok {
				continue
			}
		}
		out = append(out, Assign{Name: name, Value: Word{Value: v, Dynamic: strings.ContainsAny(v, "$`")}})
	}
	return out
}

// readsPager reports a pager variable prog reads from its environment
// when it pages by itself, as a session's export leaves it: git's
// GIT_PAGER, gh's GH_PAGER, man's MANPAGER and PAGER (git and gh read
// their own first, which Codex sets to cat). Another program's use of
// PAGER is not followed from an export, where it would make every later
// command one that pages.
func readsPager(prog, name string) bool {
	switch name {
	case "GIT_PAGER":
		return prog == "git"
	case "GH_PAGER":
		return prog == "gh"
	case "MANPAGER", "PAGER":
		return prog == "man"
	}
	return false
}

// inheritedPager marks c typed where a pager the session exported earlier
// (inherited) is one with a prompt c pages through: export GIT_PAGER=less;
// git log, export MANOPT='-P less'; man ls.
func (w *walker) inheritedPager(c *Command) {
	for _, a := range w.inherited(c) {
		switch {
		case a.Value.Dynamic:
		case a.Name == "MANOPT" && c.Name == "man":
			if manoptPager(a.Value.Value) {
				w.pagerTyped(c)
			}
		case readsPager(c.Name, a.Name) && pagerPrompts(a.Value.Value):
			w.pagerTyped(c)
		}
	}
}

// manoptPager reports man's options (MANOPT) naming a pager with a prompt:
// -P PAGER, -PPAGER, --pager=PAGER.
func manoptPager(v string) bool {
	f := strings.Fields(v)
	for i, o := range f {
		var pager string
		switch {
		case o == "-P" || o == "--pager":
			if i+1 < len(f) {
				pager = strings.Trim(f[i+1], `'"`)
			}
		case strings.HasPrefix(o, "--pager="):
			pager = strings.Trim(o[len("--pager="):], `'"`)
		case strings.HasPrefix(o, "-P"):
			pager = strings.Trim(o[2:], `'"`)
		default:
			continue
		}
		return pagerPrompts(pager)
	}
	return false
}
