package checkpoint

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// DefaultExcludes are never snapshotted unless a .gitignore or the config
// re-includes them with a `!pattern`: dependency and build output that can
// be rebuilt, other version-control metadata, and files that usually hold
// secrets (a snapshot store should not collect them).
var DefaultExcludes = []string{
	"node_modules/", "dist/", "build/", ".venv/", "venv/", "__pycache__/", "*.pyc",
	".cache/", ".next/",
	".hg/", ".svn/", ".jj/",
	".env*", "*.pem", "*.key", "*.p12", "*.pfx",
	"id_rsa*", "id_dsa*", "id_ecdsa*", "id_ed25519*", ".netrc", ".pgpass",
}

// pattern is one gitignore line.
type pattern struct {
	glob     string
	base     string // the directory of the file that holds it: "" or "a/b/"
	negate   bool
	dirOnly  bool
	anchored bool // has a slash: matched against the path below base, not the name
	kind     patternKind
	lit      string // the literal part for the fast kinds
}

type patternKind uint8

const (
	kindGlob    patternKind = iota
	kindLiteral             // name == lit
	kindSuffix              // "*" + lit
	kindPrefix              // lit + "*"
)

// parsePattern reads one line of a gitignore file living in base.
func parsePattern(line, base string) (pattern, bool) {
	line = strings.TrimSuffix(line, "\r")
	if line == "" || line[0] == '#' {
		return pattern{}, false
	}
	// Trailing spaces are dropped unless escaped with a backslash.
	for strings.HasSuffix(line, " ") && !strings.HasSuffix(line, "\\ ") {
		line = line[:len(line)-1]
	}
	p := pattern{base: base}
	if line[0] == '!' {
		p.negate, line = true, line[1:]
	} else if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		p.dirOnly, line = true, strings.TrimRight(line, "/")
	}
	if line == "" {
		return pattern{}, false
	}
	if strings.Contains(line, "/") {
		p.anchored, line = true, strings.TrimPrefix(line, "/")
	}
	p.glob = line
	if !p.anchored {
		meta := strings.IndexAny(line, `*?[\`)
		switch {
		case meta < 0:
			p.kind, p.lit = kindLiteral, line
		case meta == 0 && len(line) > 1 && !strings.ContainsAny(line[1:], `*?[\`):
			p.kind, p.lit = kindSuffix, line[1:]
		case meta == len(line)-1 && line[meta] == '*':
			p.kind, p.lit = kindPrefix, line[:meta]
		}
	}
	return p, true
}

// match reports whether the pattern matches rel (slash-separated, relative
// to the snapshot root), whose last element is name.
func (p *pattern) match(rel, name string, isDir bool) bool {
	if p.dirOnly && !isDir {
		return false
	}
	if !p.anchored {
		switch p.kind {
		case kindLiteral:
			return name == p.lit
		case kindSuffix:
			return strings.HasSuffix(name, p.lit)
		case kindPrefix:
			return strings.HasPrefix(name, p.lit)
		}
		return wildmatch(p.glob, name)
	}
	if p.base != "" {
		if !strings.HasPrefix(rel, p.base) {
			return false
		}
		rel = rel[len(p.base):]
	}
	return wildmatch(p.glob, rel)
}

func parsePatterns(lines []string, base string) []pattern {
	var out []pattern
	for _, l := range lines {
		if p, ok := parsePattern(l, base); ok {
			out = append(out, p)
		}
	}
	return out
}

// maxIgnoreFile bounds how much of one .gitignore is read.
const maxIgnoreFile = 1 << 20

// readIgnoreFile parses a gitignore file; a missing or unreadable one is
// no patterns (git treats it the same way).
func readIgnoreFile(path, base string) []pattern {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []pattern
	sc := bufio.NewScanner(io.LimitReader(f, maxIgnoreFile))
	sc.Buffer(make([]byte, 0, 4096), maxIgnoreFile)
	for sc.Scan() {
		line := string(bytes.TrimPrefix(sc.Bytes(), []byte("\xef\xbb\xbf")))
		if p, ok := parsePattern(line, base); ok {
			out = append(out, p)
		}
	}
	return out
}

// ignores is the chain of gitignore files that apply in one directory,
// innermost first.
type ignores struct {
	parent *ignores
	pats   []pattern
}

// excluder decides which paths a snapshot leaves out. Precedence, highest
// first: .git entries and hguard's own home (always), the config's
// patterns, .gitignore files from the innermost out, the defaults.
type excluder struct {
	rootDir  string
	homeRel  string // hguard's home below the root, or ""
	defaults []pattern
	config   []pattern
	root     *ignores // .git/info/exclude and the root .gitignore
}

func newExcluder(root, home string, cfg Config) *excluder {
	e := &excluder{
		rootDir:  root,
		defaults: parsePatterns(DefaultExcludes, ""),
		config:   parsePatterns(cfg.Exclude, ""),
	}
	if home != "" {
		if h, err := filepath.EvalSymlinks(home); err == nil {
			home = h
		}
		if rel, err := filepath.Rel(root, home); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			e.homeRel = filepath.ToSlash(rel)
		} else if rel == "." {
			e.homeRel = "." // the root is hguard's home: nothing to snapshot
		}
	}
	info := &ignores{pats: readIgnoreFile(filepath.Join(root, ".git", "info", "exclude"), "")}
	e.root = e.dirIgnores(info, root, "", true)
	return e
}

// dirIgnores extends parent with dir's .gitignore, if it has one.
func (e *excluder) dirIgnores(parent *ignores, abs, rel string, has bool) *ignores {
	if !has {
		return parent
	}
	base := ""
	if rel != "" {
		base = rel + "/"
	}
	pats := readIgnoreFile(filepath.Join(abs, ".gitignore"), base)
	if len(pats) == 0 {
		return parent
	}
	return &ignores{parent: parent, pats: pats}
}

// chain returns the ignore files that apply inside the directory rel
// ("" or "." for the root), reading each parent's .gitignore.
func (e *excluder) chain(rel string) *ignores {
	in := e.root
	if rel == "" || rel == "." {
		return in
	}
	cur := ""
	for _, el := range strings.Split(rel, "/") {
		if cur == "" {
			cur = el
		} else {
			cur += "/" + el
		}
		in = e.dirIgnores(in, filepath.Join(e.rootDir, filepath.FromSlash(cur)), cur, true)
	}
	return in
}

func hasGitignore(entries []os.DirEntry) bool {
	for _, de := range entries {
		if de.Name() == ".gitignore" && de.Type().IsRegular() {
			return true
		}
	}
	return false
}

// excluded decides one entry, whose parent directories are not excluded.
func (e *excluder) excluded(rel, name string, isDir bool, in *ignores) bool {
	if strings.EqualFold(name, ".git") || e.homeRel == "." {
		return true
	}
	if e.homeRel != "" && (rel == e.homeRel || strings.HasPrefix(rel, e.homeRel+"/")) {
		return true
	}
	if v, ok := decide(e.config, rel, name, isDir); ok {
		return v
	}
	for g := in; g != nil; g = g.parent {
		if v, ok := decide(g.pats, rel, name, isDir); ok {
			return v
		}
	}
	v, _ := decide(e.defaults, rel, name, isDir)
	return v
}

// decide applies the last matching pattern of pats.
func decide(pats []pattern, rel, name string, isDir bool) (excluded, matched bool) {
	for i := len(pats) - 1; i >= 0; i-- {
		if pats[i].match(rel, name, isDir) {
			return !pats[i].negate, true
		}
	}
	return false, false
}

// wildmatch matches a gitignore glob against a slash-separated path: `*`,
// `?` and classes never match a slash; `**` as a whole path element matches
// any number of elements.
func wildmatch(pat, s string) bool {
	return wild(pat, 0, s)
}

func wild(pat string, pi int, s string) bool {
	for pi < len(pat) {
		c := pat[pi]
		switch c {
		case '*':
			start := pi
			for pi < len(pat) && pat[pi] == '*' {
				pi++
			}
			double := pi-start >= 2 && (start == 0 || pat[start-1] == '/') && (pi == len(pat) || pat[pi] == '/')
			if double {
				if pi == len(pat) {
					return true
				}
				// "**/" matches zero or more whole elements.
				rest := pi + 1
				if wild(pat, rest, s) {
					return true
				}
				for i := 0; i < len(s); i++ {
					if s[i] == '/' && wild(pat, rest, s[i+1:]) {
						return true
					}
				}
				return false
			}
			if pi == len(pat) {
				return !strings.Contains(s, "/")
			}
			for i := 0; i <= len(s); i++ {
				if wild(pat, pi, s[i:]) {
					return true
				}
				if i < len(s) && s[i] == '/' {
					return false
				}
			}
			return false
		case '?':
			if s == "" || s[0] == '/' {
				return false
			}
			pi, s = pi+1, s[1:]
		case '[':
			if s == "" || s[0] == '/' {
				return false
			}
			ok, next, valid := matchClass(pat, pi, s[0])
			if !valid { // an unclosed '[' is a literal
				if s[0] != '[' {
					return false
				}
				pi, s = pi+1, s[1:]
				continue
			}
			if !ok {
				return false
			}
			pi, s = next, s[1:]
		case '\\':
			if pi+1 < len(pat) {
				pi++
			}
			fallthrough
		default:
			if s == "" || s[0] != pat[pi] {
				return false
			}
			pi, s = pi+1, s[1:]
		}
	}
	return s == ""
}

// matchClass matches one byte against the class starting at pat[pi] == '['
// and returns the index after it.
func matchClass(pat string, pi int, b byte) (ok bool, next int, valid bool) {
	i := pi + 1
	negate := false
	if i < len(pat) && (pat[i] == '!' || pat[i] == '^') {
		negate, i = true, i+1
	}
	first := true
	for i < len(pat) {
		c := pat[i]
		if c == ']' && !first {
			return ok != negate, i + 1, true
		}
		first = false
		if c == '\\' && i+1 < len(pat) {
			i++
			c = pat[i]
		}
		lo, hi := c, c
		if i+2 < len(pat) && pat[i+1] == '-' && pat[i+2] != ']' {
			hi = pat[i+2]
			if hi == '\\' && i+3 < len(pat) {
				i++
				hi = pat[i+2]
			}
			i += 2
		}
		if lo <= b && b <= hi {
			ok = true
		}
		i++
	}
	return false, 0, false
}
