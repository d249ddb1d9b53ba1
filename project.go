package hguard

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
)

// projectFindings judges an agent's line again with the project's own
// files read where the line runs them (the recipes of make's goals, the
// package.json scripts npm runs, ./setup.sh), when the first reading
// declined some of them for not being the session's (earlierFiles). A
// repository may be poisoned: its README steers the agent to make setup,
// whose recipe sends ~/.ssh away or deletes it. What would be blocked on
// the line is blocked; what would be asked is asked, unless the project
// does it to itself (projectBusiness: rm -rf build in make clean), as the
// person chose the project and its scripts run
// all day. declined are the paths the first reading was not given;
// findings are its findings, not repeated unless stricter here (a
// project script's text asked as such on the line, ./run.sh 'rm -rf ~',
// that its body runs: sh -c "$1"). The line as read with the
// project's files is returned too (nil when not read again): what a
// project's script it sources sets up (. env.sh's export PATH=…) stays
// for the session's later commands.
func (g *Guard) projectFindings(req Request, first *cmdline.Line, declined []string, findings []dsl.Finding, ctx dsl.Context) ([]dsl.Finding, *cmdline.Line) {
	roots := projectRoots(req.Cwd, first, declined)
	home := os.Getenv("HOME")
	inProject := func(p string) bool {
		return slices.ContainsFunc(roots, func(root string) bool { return within(p, root) })
	}
	if !slices.ContainsFunc(declined, func(p string) bool {
		p, ok := homeJoined(home, p)
		return ok && inProject(filepath.Clean(p))
	}) {
		return nil, nil
	}
	before := req.before()
	before.Project = true
	before.Written = filesWhere(func(p string) bool {
		if sessionWrote(p, req.Written, req.Since) {
			return true
		}
		fi, err := os.Stat(p)
		return err == nil && fi.Mode().IsRegular() && inProject(p)
	})
	before.Facts = factsWhere(inProject)
	line := cmdline.ParseShellAfter(req.Command, req.Shell, before)
	var out []dsl.Finding
	for _, f := range g.rules.Evaluate(line, ctx) {
		if f.Level < dsl.Ask || f.Level == dsl.Ask && projectBusiness[f.Rule] && !findsOutside(f, line, roots) ||
			slices.ContainsFunc(findings, func(x dsl.Finding) bool { return x.Rule == f.Rule && x.Command == f.Command && x.Level >= f.Level }) {
			continue
		}
		f.Message += " (in a file of the project the line runs)"
		out = append(out, f)
	}
	return out, line
}

// projectBusiness are the rules whose asks, found in a project's own
// files, stay the project's business: in 127 real projects' build files
// (774 invocations an agent would make) they were everywhere, for what a
// project does to itself. An ask of any other rule (a recipe deleting or
// writing outside the project, in the system, a start-up file, reading a
// secret) is kept: the line runs it, a poisoned README may have chosen it.
var projectBusiness = map[string]bool{
	// hguard's own limits: recipes are full of $(CC), make's syntax, long
	// generated lines; a server or a test suite starts programs, evaluates
	// code (subprocess.run, execFile)
	"dynamic-command": true, "dynamic-exec": true, "parse-error": true, "input-too-large": true,
	"inline-code-shell-out": true, "inline-code-opaque": true,
	// cleaning the project: make clean's rm -rf build, find . -delete
	"recursive-delete": true, "find-delete": true, "find-exec-delete": true, "rimraf": true,
	"git-clean": true, "git-reset-hard": true, "git-branch-force-delete": true,
	// fetching its tools: a download alone (url-shortener, plain http);
	// what the network sent run as code (remote-code-exec, a curl | sh
	// installer) is asked as it is on the line, since a poisoned project
	// may name any server
	"url-shortener": true, "plain-http-download": true,
	// releasing and deploying it, its test harness, its git hooks
	"git-force-push": true, "git-remote-url-agent": true, "git-push-url-agent": true, "kubectl-apply-remote": true,
	"docker-privileged": true, "git-hooks-setup-agent": true, "package-lifecycle-script-agent": true,
}

// projectRoots are the projects a line's files may belong to: the one
// holding the agent's directory, those holding where the line's commands
// run (cd proj && make from the home), and the repositories holding the
// files it runs (make -C proj, a Makefile above a submodule's .git file).
func projectRoots(cwd string, line *cmdline.Line, declined []string) []string {
	var roots []string
	add := func(r string) {
		if r != "" && !slices.Contains(roots, r) {
			roots = append(roots, r)
		}
	}
	add(projectRoot(cwd))
	if line != nil {
		for _, c := range line.Commands {
			add(projectRoot(commandDir(c, cwd)))
		}
	}
	home := os.Getenv("HOME")
	for _, p := range declined {
		if p, ok := homeJoined(home, p); ok && filepath.IsAbs(p) {
			add(repositoryRoot(filepath.Dir(filepath.Clean(p))))
		}
	}
	return roots
}

// repositoryRoot is the nearest directory at or above dir holding a .git
// directory (not a worktree's or submodule's .git file), below the home
// and the root; "" for none.
func repositoryRoot(dir string) string { return gitAncestor(dir, true) }

// gitAncestor is the nearest directory at or above dir, below the home
// and the root, holding a .git (a directory only, when dirOnly); "" for
// none within maxProjectDepth.
func gitAncestor(dir string, dirOnly bool) string {
	home := filepath.Clean(os.Getenv("HOME"))
	for i := 0; i < maxProjectDepth && dir != "/" && dir != home && dir != "."; i++ {
		stat := os.Lstat
		if dirOnly {
			stat = os.Stat // a link to a .git directory is one
		}
		if fi, err := stat(filepath.Join(dir, ".git")); err == nil && (!dirOnly || fi.IsDir()) {
			return dir
		}
		dir = filepath.Dir(dir)
	}
	return ""
}

// maxProjectDepth bounds the directories looked at for a project's root.
const maxProjectDepth = 64

// projectRoot is the directory of the repository holding cwd (the nearest
// one with a .git, a directory or a worktree's or submodule's file), or cwd
// itself outside any; "" for the file system's root, the home or an
// unknown cwd, which are nobody's project.
func projectRoot(cwd string) string {
	if cwd == "" || !filepath.IsAbs(cwd) {
		return ""
	}
	cwd = filepath.Clean(cwd)
	if cwd == "/" || cwd == filepath.Clean(os.Getenv("HOME")) {
		return ""
	}
	if root := gitAncestor(cwd, false); root != "" {
		return root
	}
	return cwd
}

// within reports p at or under dir.
func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+"/")
}

// findsOutside reports a finding of the find rules (find-delete,
// find-exec-delete) whose find, among line's commands, starts anywhere but
// in the project: a
// relative path without .., or one at or below one of roots. The location
// rules judge rm's paths (recursive-delete-outside-agent), not find's, so
// a project's script that runs find ~/.ssh -delete is no cleaning of the
// project (rt64).
func findsOutside(f dsl.Finding, line *cmdline.Line, roots []string) bool {
	if f.Rule != "find-delete" && f.Rule != "find-exec-delete" {
		return false
	}
	for _, c := range line.Commands {
		if c.Source != f.Command {
			continue // the finding's own command, as the reading walked it
		}
		var args []string
		switch {
		case c.Name == "find" && !c.Dynamic:
			for _, a := range c.Args {
				v := a.Value
				if a.Dynamic && !strings.ContainsAny(v, "$`") {
					v = "$" + v // known only at run time: no place of the project's
				}
				args = append(args, v)
			}
		default:
			i := slices.IndexFunc(c.Wrappers, func(w cmdline.Wrapper) bool { return w.Name == "find" })
			if i < 0 {
				continue
			}
			args = c.Wrappers[i].Args
		}
		outside := false
		cmdline.FindStart(len(args), func(i int) string { return args[i] }, func(i int) {
			a := args[i]
			switch {
			case strings.ContainsAny(a, "$`") || slices.Contains(strings.Split(filepath.ToSlash(a), "/"), ".."):
				outside = true
			case !filepath.IsAbs(a) && !strings.HasPrefix(a, "~"):
				// relative to where a cd of the recipe moved: cd ~/.ssh &&
				// find . -delete (a relative cd stays in the project)
				if dir, ok := homeJoined(os.Getenv("HOME"), c.Cwd); ok && filepath.IsAbs(dir) {
					outside = outside || !slices.ContainsFunc(roots, func(root string) bool { return within(filepath.Join(dir, a), root) })
				} else if slices.Contains(strings.Split(filepath.ToSlash(c.Cwd), "/"), "..") {
					outside = true
				}
			default:
				p, ok := homeJoined(os.Getenv("HOME"), a)
				outside = outside || !ok || !slices.ContainsFunc(roots, func(root string) bool { return within(filepath.Clean(p), root) })
			}
		})
		if outside {
			return true
		}
	}
	return false
}
