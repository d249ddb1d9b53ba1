package dsl

import (
	"cmp"
	"path"
	"regexp"
	"strings"

	"github.com/hguard/hguard/dsl/cmdline"
)

// plainRelative is a relative path without .. or anything expanded.
var plainRelative = regexp.MustCompile(`^([A-Za-z0-9_][A-Za-z0-9_.-]*/?)*$`)

// hereDir are the spellings of the working directory at a path's head:
// $PWD/src, ${PWD}/src, $(pwd)/src, fish's (pwd)/src, ./src.
var hereDir = []string{"$PWD", "${PWD}", "$(pwd)", "(pwd)", "."}

// projectLibraryPath reports a library search path (PYTHONPATH, PERL5LIB,
// RUBYLIB, LD_LIBRARY_PATH) whose every element is the project's own
// directory, so that a program run with it loads only code the project's
// build and tests run anyway: each element, split at colons and (fish's
// lists) blanks, is the variable's own old value ($NAME, ${NAME}), a
// relative path without .. (src, ., $PWD/src, (pwd)/src), or an absolute
// path at or below the command's directory. A relative element counts only
// where the command's directory is known and at or below the directory the
// line starts in (cd /tmp; PYTHONPATH=. python3 x.py loads /tmp's code),
// and no element is a path an earlier command of the line moved, copied or
// linked something into (ln -s /tmp lib; LD_LIBRARY_PATH=lib ls).
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
		case !plainRelative.MatchString(rel) || !inStart || c != nil && c.CwdLost:
			return false
		}
		if c != nil && line != nil && filledEarlier(cmp.Or(rel, "."), dir, c, line, ctx) {
			return false
		}
	}
	return true
}
