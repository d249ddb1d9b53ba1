package hguard

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hguard/hguard/checkpoint"
)

// existsOnDisk is dsl.Context.Exists for an agent: what is at a cleaned
// path (absolute or ~/…, joined with $HOME), a link counting as what it
// points to. A copy onto an existing file outside the project replaces
// what no checkpoint holds (rule copy-over-outside-agent).
func existsOnDisk() func(string) (dir, ok bool) {
	home := os.Getenv("HOME")
	return func(p string) (dir, ok bool) {
		full, known := homeJoined(home, p)
		if !known || !filepath.IsAbs(full) {
			return false, false
		}
		fi, err := os.Stat(full)
		if err != nil {
			return false, false
		}
		return fi.IsDir(), true
	}
}

// linkOnDisk is dsl.Context.IsLink: a symbolic link at a cleaned path
// (absolute or ~/…, joined with $HOME), not followed.
func linkOnDisk() func(string) bool {
	home := os.Getenv("HOME")
	return func(p string) bool {
		full, known := homeJoined(home, p)
		if !known || !filepath.IsAbs(full) {
			return false
		}
		fi, err := os.Lstat(full)
		return err == nil && fi.Mode()&fs.ModeSymlink != 0
	}
}

// realDir is dsl.Context.RealDir: the directory at an absolute path with
// its links followed, as cd into it enters.
func realDir(dir string) (string, bool) {
	if !filepath.IsAbs(dir) {
		return "", false
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", false
	}
	if fi, err := os.Stat(real); err != nil || !fi.IsDir() {
		return "", false
	}
	return real, true
}

// buildOutput is dsl.Context.BuildOutput: a directory named as builds
// and package managers name their output (checkpoint.BuildOutputDir) or
// anything below one (target/debug/incremental, node_modules/.vite), or a
// file named as tools name what they write on each run
// (checkpoint.RegenerableFile: rm -rf htmlcov .coverage), or every match
// of a glob (dist/*, *.egg-info, packages/*/node_modules), that the
// project's git index (read in Go, as checkpoints read it; no git runs in
// the user's repository) tracks nothing in, in a work tree that is not
// the home (a home under git is dotfiles, its ~/tmp no build's). No link
// and no repository of its own (a submodule's checkout or a clone holds
// work no index of the project lists) lies on the way from the output
// directory down to path: rm -rf out/ deletes what the link leads to.
func buildOutput(path string) bool { return judgeOutput(path, false) }

// nothingToLose is dsl.Context.NothingToLose: a path buildOutput would
// take for a build's output by its name, in no git work tree, where
// nothing is (absentByName) or whose output directory says itself that a
// tool makes it again (declaresRegenerable); a glob by its matches.
func nothingToLose(path string) bool { return judgeOutput(path, true) }

// judgeOutput is buildOutput, or with outside nothingToLose.
func judgeOutput(path string, outside bool) bool {
	if root, name, ok := strings.Cut(path, "/**/"); ok {
		// a recursive glob (zsh's and fish's **, bash's globstar): every
		// match at any depth, found as the shell would find it; none of
		// an output's own name (**/__pycache__(N) after a clean) deletes
		// nothing, and what the line may make there first is output by
		// its name, or moved below root (filledEarlier)
		matches, ok := recursiveMatches(root, name)
		if ok && len(matches) == 0 {
			return !strings.ContainsAny(name, "*?[") && (checkpoint.BuildOutputDir(name) || checkpoint.RegenerableFile(name))
		}
		return ok && !slices.ContainsFunc(matches, func(m string) bool { return !judgeOutput(m, outside) })
	}
	if dir := filepath.Dir(path); strings.ContainsAny(dir, "*?[") {
		// a glob above the last name (packages/*/node_modules): each match
		// is judged, and none may pass a link the glob went through
		// (packages/x -> ~); with none, rm finds nothing to delete now,
		// and what the line may make there first is output only when the
		// glob's fixed directory is (build/*/* with build/ empty; not
		// packages/*/node_modules)
		matches, err := filepath.Glob(path)
		if err == nil && len(matches) == 0 {
			root := globRoot(path)
			return root != path && !strings.ContainsAny(root, "*?[") && judgeOutput(root, outside)
		}
		return err == nil && !slices.ContainsFunc(matches, func(m string) bool {
			return linkBelow(m, globRoot(path)) || !judgeOutput(m, outside)
		})
	}
	if b := filepath.Base(path); strings.ContainsAny(b, "*?[") {
		// each match (Go's * matches a leading dot too: more than the
		// shell's); with none, rm is given the pattern itself and finds
		// nothing, and what the line may put there first is output if
		// only output names match or it lies in output (dist/*)
		matches, err := filepath.Glob(path)
		if err != nil || len(matches) == 0 && b != "*.egg-info" && b != "*.pyc" && !judgeOutput(filepath.Dir(path), outside) {
			return false
		}
		return !slices.ContainsFunc(matches, func(m string) bool { return !judgeOutput(m, outside) })
	}
	top := path // the directory named as output
	if checkpoint.RegenerableFile(filepath.Base(path)) {
		if fi, err := os.Lstat(path); err == nil && (fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0) {
			return false // a directory under a file's name holds what no tool wrote
		}
	} else {
		for !checkpoint.BuildOutputDir(filepath.Base(top)) {
			up := filepath.Dir(top)
			if up == top {
				return false
			}
			top = up
		}
		for p := path; ; p = filepath.Dir(p) {
			if fi, err := os.Lstat(p); err == nil && (fi.Mode()&fs.ModeSymlink != 0 || fi.IsDir() && !absent(filepath.Join(p, ".git"))) {
				return false
			}
			if p == top {
				break
			}
		}
	}
	for wt := filepath.Dir(top); ; wt = filepath.Dir(wt) {
		if !absent(filepath.Join(wt, ".git")) {
			if home := os.Getenv("HOME"); outside || home != "" && filepath.Clean(home) == wt {
				return false
			}
			break
		}
		if filepath.Dir(wt) == wt {
			// in no work tree no index says whose it is: what is not
			// there, in an output directory that is not there either
			// (target/debug; not ~/tmp/x/work), loses nothing, and a
			// directory may say itself that a tool makes it again; but the system's /tmp and the home's
			// own tmp, build or .cache are no build's, there or not (and
			// hguard names what a program's mkdtemp makes in /tmp)
			parent := filepath.Dir(top)
			if home := os.Getenv("HOME"); !outside || parent == filepath.Dir(parent) || home != "" && parent == filepath.Clean(home) {
				return false
			}
			return absent(top) && absentByName(path) || declaresRegenerable(top)
		}
	}
	tracked, ok := checkpoint.TrackedBelow(top)
	return ok && !tracked
}

// absentByName reports a path nothing is at, every name from it up to
// the nearest directory on disk a plain file name (node_modules,
// proj/build): rm finds nothing there to delete. A name the line made
// of other text (a file's lines, a word with spaces) may stand for what
// is there.
func absentByName(path string) bool {
	for p := path; ; p = filepath.Dir(p) {
		if !absent(p) {
			fi, err := os.Lstat(p)
			return p != path && err == nil && fi.IsDir()
		}
		if filepath.Dir(p) == p || !plainName(filepath.Base(p)) {
			return false
		}
	}
}

// plainName reports a file name of letters, digits and . _ - + @ alone.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("._+@-", r)) {
			return false
		}
	}
	return true
}

// cacheDirTag is how a CACHEDIR.TAG file begins (the Cache Directory
// Tagging Specification, https://bford.info/cachedir/).
const cacheDirTag = "Signature: 8a477f597d28d172789f06886806bc55"

// declaresRegenerable reports a directory (no link) that says itself a
// tool makes it again: a CACHEDIR.TAG (cargo's target/, many caches), a
// .gitignore of * alone (pytest's, mypy's, ruff's caches, uv's and
// virtualenv's environments), a pyvenv.cfg at a virtual environment's
// root, or node_modules whose every entry is a package (a directory or
// link with a package.json, or an @scope of them) or the package
// manager's own (.bin, .package-lock.json, .pnpm).
func declaresRegenerable(dir string) bool {
	if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
		return false
	}
	if head, ok := regularFileHead(filepath.Join(dir, "CACHEDIR.TAG"), len(cacheDirTag)); ok && head == cacheDirTag {
		return true
	}
	if text, ok := regularFileHead(filepath.Join(dir, ".gitignore"), 512); ok && ignoresAll(text) {
		return true
	}
	if fi, err := os.Lstat(filepath.Join(dir, "pyvenv.cfg")); err == nil && fi.Mode().IsRegular() {
		return true
	}
	return filepath.Base(dir) == "node_modules" && holdsPackages(dir, true)
}

// regularFileHead reads the first n bytes of a regular file (no link).
func regularFileHead(path string, n int) (string, bool) {
	if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	buf := make([]byte, n)
	m, _ := io.ReadFull(f, buf)
	return string(buf[:m]), true
}

// ignoresAll reports a .gitignore whose one pattern, comments and blank
// lines aside, is *: what a tool writes into a directory it owns.
func ignoresAll(text string) bool {
	var patterns []string
	for line := range strings.Lines(text) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			patterns = append(patterns, line)
		}
	}
	return slices.Equal(patterns, []string{"*"})
}

// maxPackages bounds the entries holdsPackages reads.
const maxPackages = 5000

// holdsPackages reports a directory whose every entry is a package (a
// directory or link holding a package.json; rm removes a link, not what
// it leads to), an @scope of packages (when scopes is set), or, named
// with a leading dot, the package manager's own.
func holdsPackages(dir string, scopes bool) bool {
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer f.Close()
	entries, err := f.ReadDir(maxPackages + 1)
	if err != nil && !errors.Is(err, io.EOF) || len(entries) > maxPackages {
		return false
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, "."):
		case e.Type()&fs.ModeSymlink != 0:
		case !e.IsDir():
			return false
		case scopes && strings.HasPrefix(name, "@"):
			if !holdsPackages(filepath.Join(dir, name), false) {
				return false
			}
		default:
			if fi, err := os.Lstat(filepath.Join(dir, name, "package.json")); err != nil || !fi.Mode().IsRegular() {
				return false
			}
		}
	}
	return true
}

// maxRecursiveEntries bounds the directory entries recursiveMatches reads.
const maxRecursiveEntries = 20000

// recursiveMatches is what ROOT/**/NAME names: every entry named NAME (a
// pattern of one name) in root or any directory below it. A match is not
// searched further (rm deletes what it holds with it), nor is .git. ok is
// false where the shell's matches are not known here: root is a pattern,
// the home or above it, or in no git work tree (no project's), NAME
// holds a /, the search passes a link to a directory (fish's ** follows
// it), or it reads more than maxRecursiveEntries entries.
func recursiveMatches(root, name string) (matches []string, ok bool) {
	home := os.Getenv("HOME")
	if !filepath.IsAbs(root) || strings.ContainsAny(root, "*?[") || strings.Contains(name, "/") || name == "" ||
		home == "" || within(filepath.Clean(home), filepath.Clean(root)) || !inWorkTree(root, filepath.Clean(home)) {
		return nil, false
	}
	if _, err := filepath.Match(name, ""); err != nil {
		return nil, false
	}
	budget := maxRecursiveEntries
	var search func(dir string) bool
	search = func(dir string) bool {
		entries, err := os.ReadDir(dir)
		if budget -= len(entries); err != nil || budget < 0 {
			return false
		}
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			if matched, _ := filepath.Match(name, e.Name()); matched {
				matches = append(matches, p)
				continue
			}
			switch {
			case e.Type()&fs.ModeSymlink != 0:
				if fi, err := os.Stat(p); err == nil && fi.IsDir() {
					return false
				}
			case e.IsDir() && e.Name() != ".git":
				if !search(p) {
					return false
				}
			}
		}
		return true
	}
	return matches, search(filepath.Clean(root))
}

// inWorkTree reports a directory in a git work tree that is not home's (a
// home under git is dotfiles): a .git at it or in a directory above it,
// short of home.
func inWorkTree(dir, home string) bool {
	for d := filepath.Clean(dir); d != home && filepath.Dir(d) != d; d = filepath.Dir(d) {
		if !absent(filepath.Join(d, ".git")) {
			return true
		}
	}
	return false
}

// globRoot is the directory a glob's first wildcard lies below
// (/p/packages for /p/packages/*/node_modules).
func globRoot(pattern string) string {
	i := strings.IndexAny(pattern, "*?[")
	return filepath.Dir(pattern[:i+1])
}

// linkBelow reports a link among the directories between root and path,
// path's parent included.
func linkBelow(path, root string) bool {
	for p := filepath.Dir(path); len(p) > len(root) && strings.HasPrefix(p, root+string(filepath.Separator)); p = filepath.Dir(p) {
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&fs.ModeSymlink != 0 {
			return true
		}
	}
	return false
}

// absent reports that nothing is at path.
func absent(path string) bool {
	_, err := os.Lstat(path)
	return errors.Is(err, fs.ErrNotExist)
}

// gitHolds is dsl.Context.GitHolds: checkpoint.GitHolds, when it knows.
func gitHolds(path string) bool {
	held, ok := checkpoint.GitHolds(path)
	return held && ok
}

// indexHolds is dsl.Context.IndexHolds: checkpoint.IndexHolds, when it
// knows.
func indexHolds(path string) bool {
	held, ok := checkpoint.IndexHolds(path)
	return held && ok
}

// headHolds is dsl.Context.HeadHolds: checkpoint.HeadHolds, when it knows.
func headHolds(path string) bool {
	held, ok := checkpoint.HeadHolds(path)
	return held && ok
}

// gitRestores is dsl.Context.GitRestores: a file or link on disk (no
// directory, whose untracked contents git would not give back; nothing
// says what the line puts where nothing is) that the commit HEAD names
// holds as it is (checkpoint.CommitHolds).
func gitRestores(path string) bool {
	if fi, err := os.Lstat(path); err != nil || fi.IsDir() {
		return false
	}
	held, ok := checkpoint.CommitHolds(path)
	return held && ok
}

// untrackedOutput is dsl.Context.UntrackedOutput:
// checkpoint.UntrackedOutput, when it knows.
func untrackedOutput(dir string) bool {
	output, ok := checkpoint.UntrackedOutput(dir)
	return output && ok
}

// unignoredOutput is dsl.Context.UnignoredOutput:
// checkpoint.UnignoredOutput, when it knows.
func unignoredOutput(dir string) bool {
	output, ok := checkpoint.UnignoredOutput(dir)
	return output && ok
}

// workTreeHeldAtHead is dsl.Context.WorkTreeHeldAtHead:
// checkpoint.WorkTreeHeldAtHead, when it knows.
func workTreeHeldAtHead(dir string) bool {
	held, ok := checkpoint.WorkTreeHeldAtHead(dir)
	return held && ok
}

// workTreeHeld is dsl.Context.WorkTreeHeld: checkpoint.WorkTreeHeld,
// when it knows.
func workTreeHeld(dir string) bool {
	held, ok := checkpoint.WorkTreeHeld(dir)
	return held && ok
}

// noWorkTree is dsl.Context.NoWorkTree: neither dir nor a directory above
// it holds a .git or is a repository itself (HEAD and objects: a bare
// one's core.worktree may name a work tree elsewhere), and hguard's own
// environment sets no GIT_DIR or GIT_WORK_TREE; git run there finds no
// work tree. A directory anyone may write on the way (/tmp), where
// anyone may put a .git before git runs, is not judged, nor the home and
// what holds it: a dotfiles repository's work tree is the home, reached
// by a GIT_DIR the shell sets and hguard may not see.
func noWorkTree(dir string) bool {
	if !filepath.IsAbs(dir) || os.Getenv("GIT_DIR") != "" || os.Getenv("GIT_WORK_TREE") != "" {
		return false
	}
	if home := os.Getenv("HOME"); home == "" || within(filepath.Clean(home), filepath.Clean(dir)) || filepath.Dir(dir) == dir {
		return false
	}
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if !absent(filepath.Join(d, ".git")) || !absent(filepath.Join(d, "HEAD")) && !absent(filepath.Join(d, "objects")) {
			return false
		}
		if fi, err := os.Stat(d); err == nil && fi.Mode().Perm()&0o002 != 0 && fi.Mode()&os.ModeSticky == 0 {
			// anyone may put a .git there, or move one in, before git
			// runs; in a sticky one (/tmp) a .git already there is seen,
			// and the agent's own, made on the line, is read as such
			return false
		}
		if filepath.Dir(d) == d {
			return true
		}
	}
}
