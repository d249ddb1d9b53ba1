package dsl

import (
	"fmt"
	"path"
	"strings"

	"github.com/hguard/hguard/dsl/cmdline"
)

// ExampleFailure is a rule example that did not behave as written.
type ExampleFailure struct {
	Rule    *Rule
	Command string
	Want    bool // the example is under match: (true) or nomatch: (false)
	Pos     Pos  // where the example was written; the rule's examples: when unknown
}

func (f ExampleFailure) Error() string {
	what := "match: example does not fire"
	if !f.Want {
		what = "nomatch: example fires"
	}
	pos := f.Pos
	if pos.Line == 0 {
		pos = f.Rule.fieldPos("examples")
	}
	return fmt.Sprintf("%s: rule %s: %s: %q", pos, f.Rule.ID, what, f.Command)
}

// exampleCallers are the callers every example is tried as: a person at
// a terminal and a coding agent, whose disk is exampleDisk.
var exampleCallers = []Context{{BuildOutput: exampleBuildOutput, GitHolds: exampleGitHolds, GitRestores: exampleGitRestores, UntrackedOutput: exampleUntrackedOutput, WorkTreeHeld: exampleWorkTreeHeld}, {Caller: "agent", Exists: exampleExists, BuildOutput: exampleBuildOutput, GitHolds: exampleGitHolds, GitRestores: exampleGitRestores, UntrackedOutput: exampleUntrackedOutput, WorkTreeHeld: exampleWorkTreeHeld}}

// exampleDisk is the imaginary disk rules' examples see (Context.Exists),
// so that an example can name a file that exists without the test reading
// the machine's: true for a directory. ~ is /home/u.
var exampleDisk = map[string]bool{
	"/home/u": true, "/home/u/notes.md": false,
	"/home/u/Documents": true, "/home/u/Documents/a.md": false, "/home/u/Documents/thesis.tex": false,
	"/home/u/other": true, "/home/u/other/main.go": false,
	"/home/u/.local/bin": true, "/home/u/.local/bin/tool": false,
	"/home/u/proj/config/dev.env": false,
}

func exampleExists(p string) (dir, ok bool) {
	if rest, found := strings.CutPrefix(p, "~"); found && (rest == "" || rest[0] == '/') {
		p = "/home/u" + rest
	}
	dir, ok = exampleDisk[p]
	return dir, ok
}

// exampleGitHolds is Context.GitHolds for rules' examples: in the work
// tree /home/u/proj, file.txt, list.txt and what is below src/ hold
// uncommitted changes; git holds every other path there (main.go,
// README.md, docs/).
func exampleGitHolds(p string) bool {
	rel, found := strings.CutPrefix(p, "/home/u/proj/")
	return found && rel != "file.txt" && rel != "list.txt" && rel != "src" && !strings.HasPrefix(rel, "src/")
}

// exampleGitRestores is Context.GitRestores for rules' examples: the
// files (a name with an extension) exampleGitHolds holds; docs/ is a
// directory.
func exampleGitRestores(p string) bool {
	return exampleGitHolds(p) && path.Ext(p) != ""
}

// exampleUntrackedOutput is Context.UntrackedOutput for rules' examples:
// in the work tree /home/u/proj, what git does not track below web/ and
// node_modules/ is a build's output; elsewhere (a .env at the top) it is
// not.
func exampleUntrackedOutput(p string) bool {
	return p == "/home/u/proj/web" || p == "/home/u/proj/node_modules" || strings.HasPrefix(p, "/home/u/proj/web/")
}

// exampleWorkTreeHeld is Context.WorkTreeHeld for rules' examples: git
// holds the whole work tree /home/u/clean, which has no uncommitted
// change; /home/u/proj has some.
func exampleWorkTreeHeld(dir string) bool {
	return dir == "/home/u/clean" || strings.HasPrefix(dir, "/home/u/clean/")
}

// exampleBuildOutput is Context.BuildOutput for rules' examples:
// /home/u/proj is a git work tree whose index holds main.go and
// build/Dockerfile; its other node_modules, dist, target, .next and
// __pycache__ directories are build output.
func exampleBuildOutput(p string) bool {
	rel, found := strings.CutPrefix(p, "/home/u/proj/")
	if !found || strings.HasPrefix("build/Dockerfile", rel+"/") || strings.ContainsAny(path.Dir(rel), "*?[") {
		return false // a glob above the last name matches nothing here
	}
	switch path.Base(rel) {
	case "node_modules", "dist", "target", ".next", "__pycache__", "build":
		return true
	}
	return false
}

// TestExamples runs every example of the rule, each against the rule alone.
// A match example must fire for some caller (a person or an agent: a rule
// may hold for agents only), a nomatch example for none.
func (r *Rule) TestExamples() []ExampleFailure {
	var out []ExampleFailure
	try := func(cmd string, want bool, i int, where []Pos) {
		line := cmdline.Parse(cmd)
		fired := false
		for _, ctx := range exampleCallers {
			fired = fired || r.Match(line, ctx)
		}
		if fired != want {
			f := ExampleFailure{Rule: r, Command: cmd, Want: want}
			if i < len(where) {
				f.Pos = where[i]
				f.Pos.File = r.Pos.File
			}
			out = append(out, f)
		}
	}
	for i, c := range r.Examples.Match {
		try(c, true, i, r.Examples.matchPos)
	}
	for i, c := range r.Examples.NoMatch {
		try(c, false, i, r.Examples.noMatchPos)
	}
	return out
}
