package dsl

import (
	"cmp"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// plainRelative is a relative path without .. or anything expanded.
var plainRelative = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([A-Za-z0-9_][A-Za-z0-9_.-]*/?)*$`) })

// hereDir are the spellings of the working directory at a path's head:
// $PWD/src, ${PWD}/src, $(pwd)/src, fish's (pwd)/src, ./src.
var hereDir = []string{"$PWD", "${PWD}", "$(pwd)", "(pwd)", "."}

// projectLibraryPath reports a library search path (PYTHONPATH, PERL5LIB,
// PERLLIB, RUBYLIB, NODE_PATH, GEM_PATH, LD_LIBRARY_PATH) whose every
// element is the project's own directory, so that a program run with it
// loads only code the project's build and tests run anyway: each element,
// split at colons and (fish's lists) blanks, is the variable's own old
// value ($NAME, ${NAME}), a relative path without .. (src, ., $PWD/src,
// (pwd)/src), or an absolute path at or below the command's directory. A
// relative element counts only where the command's directory is known and
// at or below the directory the line starts in (cd /tmp; PYTHONPATH=.
// python3 x.py loads /tmp's code) and no file sourced before may have
// moved it (sourcedBefore), and nothing from outside reached an element
// before (filledFromOutside).
func projectLibraryPath(name, value, dir, start string, c *cmdline.Command, line *cmdline.Line, ctx Context) bool {
	if value == "" || strings.Contains(value, "..") {
		return false
	}
	inStart := start == "" && dir == "" || start != "" && dir != "" && within(path.Clean(dir), path.Clean(start))
	for _, el := range strings.FieldsFunc(value, func(r rune) bool { return r == ':' || r == ' ' }) {
		if el == "$"+name || el == "${"+name+"}" {
			continue
		}
		rel, here := el, false
		for _, h := range hereDir {
			if el == h {
				rel, here = "", true
				break
			}
			if r, ok := strings.CutPrefix(el, h+"/"); ok {
				rel, here = r, true
				break
			}
		}
		switch {
		case !here && strings.HasPrefix(el, "/"):
			// the project's own spelled whole ($PWD/src as the shell
			// gives it, fish's (pwd)/src)
			if top := cmp.Or(start, dir); top == "" || !within(path.Clean(el), path.Clean(top)) {
				return false
			}
		case !plainRelative().MatchString(rel) || !inStart || c != nil && c.CwdLost || c != nil && line != nil && sourcedBefore(c, line):
			return false
		}
		if c != nil && line != nil && filledFromOutside(cmp.Or(rel, "."), dir, start, c, line, ctx) {
			return false
		}
	}
	return true
}

// sourcedBefore reports a command before c on the line that sources a
// file (source FILE, . FILE): one the line does not show may cd anywhere
// (source cdtmp.sh; PYTHONPATH=. python3 x.py), so that a relative path
// after it is not known to be the project's. The environment set-up
// files tools write (a virtualenv's activate, nvm.sh, cargo's env, a
// .env, a shell's rc file) set variables and stay where they are.
func sourcedBefore(c *cmdline.Command, line *cmdline.Line) bool {
	for _, o := range line.Commands {
		if o == c {
			return false
		}
		if (o.Name == "source" || o.Name == ".") && (len(o.Args) == 0 || o.Args[0].Dynamic || !setupFile(o.Args[0].Value)) {
			return true
		}
	}
	return false
}

// setupFile reports a file named as tools name the environment set-up
// they write for a shell to source.
func setupFile(p string) bool {
	base := path.Base(p)
	switch {
	case strings.HasPrefix(base, "activate") && path.Base(path.Dir(p)) == "bin", // .venv/bin/activate, activate.fish
		base == "nvm.sh", base == "conda.sh", base == "env" && path.Base(path.Dir(p)) == ".cargo",
		base == ".env" || strings.HasPrefix(base, ".env.") || base == ".envrc",
		base == ".bashrc" || base == ".zshrc" || base == ".profile" || base == ".bash_profile" || base == ".zprofile":
		return true
	}
	return false
}

// filledFromOutside reports an earlier command of the line that puts into
// the path p (resolved against dir), or onto a directory above it, what did
// not come from the directory the line starts in (start): a move, copy or
// link of a source outside it (ln -s /tmp lib, ln -s /tmp/src, cp
// /tmp/os.py src/), a download or clone (curl -o lib/x.so URL), a file
// written by a redirection (cat > src/os.py), or inline code or a dynamic
// command that may move files. A copy or link of the project's own
// (ln -sf libfoo.so.1 build/libfoo.so) fills it with the project's code.
func filledFromOutside(p, dir, start string, c *cmdline.Command, line *cmdline.Line, ctx Context) bool {
	r := path.Clean(resolveIn(cleanPath(p), dir))
	reaches := func(d string) bool { return within(d, r) || within(r, d) }
	for _, f := range line.Fetched {
		if reaches(path.Clean(resolveIn(cleanPath(f), ctx.Cwd))) {
			return true
		}
	}
	outside := func(src, odir string) bool {
		return start == "" || outsideStart(path.Clean(resolveIn(cleanPath(src), odir)), start)
	}
	// the whole line: an exported path reaches the commands after a link
	// made later (export PYTHONPATH=src; ln -s /tmp src; python3 x.py)
	for _, o := range line.Commands {
		if o == c {
			continue
		}
		if unseenMoves(o) {
			return true
		}
		odir := commandCwd(ctx.Cwd, o.Cwd, o.CwdRel)
		for _, rd := range o.Redirects {
			if (rd.Op == ">" || rd.Op == ">>" || rd.Op == ">|" || rd.Op == "&>" || rd.Op == "&>>") && !strings.HasPrefix(rd.Target.Value, "/dev/") &&
				(rd.Target.Dynamic || reaches(path.Clean(resolveIn(cleanPath(rd.Target.Value), odir)))) {
				return true
			}
		}
		dests, srcs, ok := moveTargets(o)
		if !ok {
			continue
		}
		for _, d := range dests {
			dr := path.Clean(resolveIn(cleanPath(d), odir))
			if !strings.ContainsAny(dr, "$`") && !reaches(dr) {
				continue
			}
			if slices.ContainsFunc(srcs, func(s string) bool { return outside(s, odir) }) || strings.ContainsAny(dr, "$`") {
				return true
			}
		}
	}
	return false
}
