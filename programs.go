package hguard

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
)

// An agent may run a known program under a name no rule knows: a link
// the repository holds (./py -> python3), a copy an earlier command made
// (cp /bin/rm ./zz, then ./zz -r -f ~), or a directory put first on PATH
// (PATH=$PWD/bb:$PATH ls … where bb/ls is curl), by this line or an
// earlier command of the session (export PATH=./bin:$PATH, then git status
// where bin/git is a copy of rm). behindLine finds, on
// disk, the program each such command runs, and gives the line's
// commands spelled with that program's name, to be judged as such.

// maxBehind bounds the commands of a line looked into, and maxCopySize
// the size of a file compared with a known program.
const (
	maxBehind   = 16
	maxCopySize = 64 << 20
)

// copyCandidates are the programs a copy is compared with: those whose
// work under another name does the most harm.
var copyCandidates = []string{"rm", "shred", "dd", "chmod", "chown", "find", "curl", "wget", "nc", "ncat", "netcat", "socat",
	"scp", "rsync", "ssh", "python3", "python", "perl", "ruby", "node", "php", "bash", "sh", "dash", "zsh", "tar", "mkfs", "wipefs", "truncate",
	// launchers, whose copy runs what follows it: ./to 5 nc h 9 < key
	"timeout", "xargs", "env", "nohup", "nice", "setsid", "stdbuf", "busybox"}

// copyDirs are where a candidate's real program is looked for besides
// PATH, whose first match may be a version manager's shim (pyenv, asdf).
var copyDirs = []string{"/usr/bin", "/bin", "/usr/local/bin", "/usr/sbin"}

// behindLine is the text of the line's commands that run a known program
// under another name, each spelled with that program's name (one per
// line), and the names; "" when there are none. sessionPath are the
// directories earlier commands of the session put on PATH (Request.Path).
func behindLine(line *cmdline.Line, cwd string, sessionPath []string) (string, []string) {
	if line == nil || !filepath.IsAbs(cwd) {
		return "", nil
	}
	var texts, names []string
	copies := copyIndex{}
	linePath := "" // the PATH an earlier export of the line set (export PATH=./bin:$PATH; ls)
	for _, c := range line.Commands {
		if len(texts) >= maxBehind {
			break
		}
		if v, ok := pathExport(c); ok {
			linePath = v
			continue
		}
		if c.Dynamic || c.Name == "" || c.Source == "" {
			continue
		}
		dir := commandDir(c, cwd)
		file := ""
		switch {
		case strings.Contains(c.Path, "/"):
			file = c.Path
		default:
			if file = onLinePath(c, dir, linePath); file == "" {
				file = onSessionPath(c.Name, dir, sessionPath)
			}
		}
		if file == "" {
			continue
		}
		if !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		if systemProgram(file) {
			continue // /usr/bin/python3 is what it is named
		}
		real := copies.program(file)
		if real == "" || real == c.Name || real == cmdline.FoldWord(c.Name) {
			continue
		}
		i := strings.Index(c.Source, c.Path)
		if i < 0 {
			continue
		}
		texts = append(texts, c.Source[:i]+real+c.Source[i+len(c.Path):])
		names = append(names, real)
	}
	return strings.Join(texts, "\n"), names
}

// onLinePath is the file a bare command name runs from a directory the
// line's PATH puts first: its own assignment (PATH=$PWD/bb:$PATH ls), or
// else linePath, an earlier export's; "" for none.
func onLinePath(c *cmdline.Command, dir, linePath string) string {
	value := linePath
	for _, a := range c.Assigns {
		if a.Name == "PATH" {
			value = a.Value.Value
		}
	}
	home := os.Getenv("HOME")
	for _, el := range strings.Split(value, ":") {
		for _, pwd := range []string{"$PWD", "${PWD}", "$(pwd)", "`pwd`"} {
			if el == pwd || strings.HasPrefix(el, pwd+"/") {
				el = "." + el[len(pwd):]
			}
		}
		for _, h := range []string{"~", "$HOME", "${HOME}"} {
			if filepath.IsAbs(home) && (el == h || strings.HasPrefix(el, h+"/")) {
				el = home + el[len(h):]
			}
		}
		switch {
		case el == "" || el == "$PATH" || el == "${PATH}":
			return "" // the usual directories come next
		case strings.ContainsAny(el, "$`"):
			continue
		case !filepath.IsAbs(el):
			el = filepath.Join(dir, el)
		}
		if systemProgram(filepath.Join(el, c.Name)) {
			return "" // a system directory first: the program its name says
		}
		p := filepath.Join(el, c.Name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// onSessionPath is the program file a bare name runs from a directory
// earlier commands of the session put on PATH, a relative one where the
// command runs; "" for none. The line's own PATH is looked at first
// (onLinePath): a system directory it puts first still leaves these to be
// looked into, the stricter reading.
func onSessionPath(name, dir string, sessionPath []string) string {
	for _, d := range sessionPath {
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// pathExport is the value a command that only sets PATH gives it
// (export PATH=…, PATH=…).
func pathExport(c *cmdline.Command) (string, bool) {
	if c.Name == "export" && len(c.Args) == 1 {
		if v, ok := strings.CutPrefix(c.Args[0].Value, "PATH="); ok {
			return v, true
		}
	}
	if c.Name == "" && len(c.Assigns) > 0 {
		for _, a := range c.Assigns {
			if a.Name == "PATH" {
				return a.Value.Value, true
			}
		}
	}
	return "", false
}

// copyIndex finds the known program a file is: the name a symbolic link
// leads to, or the candidate it is a byte-for-byte copy (or a hard link)
// of. The candidates are looked up once per line.
type copyIndex map[string][]string

func (ix copyIndex) program(file string) string {
	fi, err := os.Lstat(file)
	if err != nil {
		return ""
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(file)
		if err != nil {
			return ""
		}
		if name := filepath.Base(target); cmdline.KnownName(name) {
			return name
		}
		if fi, err = os.Stat(target); err != nil {
			return ""
		}
		file = target
	}
	if !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0 || fi.Size() == 0 || fi.Size() > maxCopySize || !compiled(file) {
		return "" // a script is read where it runs (earlierFiles), not compared
	}
	if len(ix) == 0 {
		for _, name := range copyCandidates {
			var paths []string
			if p, err := exec.LookPath(name); err == nil {
				paths = append(paths, p)
			}
			for _, d := range copyDirs {
				if p := filepath.Join(d, name); !slices.Contains(paths, p) {
					paths = append(paths, p)
				}
			}
			ix[name] = paths
		}
		ix[""] = nil // looked up
	}
	var data []byte
	for _, name := range copyCandidates {
		for _, p := range ix[name] {
			cfi, err := os.Stat(p)
			if err != nil || !cfi.Mode().IsRegular() || cfi.Size() != fi.Size() {
				continue
			}
			if os.SameFile(fi, cfi) {
				return name
			}
			if data == nil {
				if data, err = readAll(file, fi.Size()); err != nil {
					return ""
				}
			}
			if other, err := readAll(p, cfi.Size()); err == nil && bytes.Equal(data, other) {
				return name
			}
		}
	}
	return ""
}

// systemProgram reports a file in the system's own bin directories, which
// only root writes: a program there is the one its name says.
func systemProgram(p string) bool {
	switch filepath.Dir(filepath.Clean(p)) {
	case "/usr/bin", "/bin", "/usr/sbin", "/sbin":
		return true
	}
	return false
}

// compiled reports a file that starts as a compiled program does (ELF,
// Mach-O).
func compiled(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	var head [4]byte
	if _, err := io.ReadFull(f, head[:]); err != nil {
		return false
	}
	return string(head[:]) == "\x7fELF" || slices.Contains([]string{"\xcf\xfa\xed\xfe", "\xca\xfe\xba\xbe"}, string(head[:]))
}

// readAll reads a file of a known size, at most that much.
func readAll(p string, size int64) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, size))
}

// behindFindings judges the line's commands that run a known program
// under another name as that program, for an agent: what they find and
// the line did not is added, its message naming the program.
func (g *Guard) behindFindings(line *cmdline.Line, req Request, findings []dsl.Finding, ctx dsl.Context) []dsl.Finding {
	text, names := behindLine(line, req.Cwd, req.Path)
	if text == "" {
		return nil
	}
	again := cmdline.ParseShellAfter(text, req.Shell, req.before())
	var out []dsl.Finding
	for _, f := range g.rules.Evaluate(again, ctx) {
		if f.Level < dsl.Ask || slices.ContainsFunc(findings, func(x dsl.Finding) bool { return x.Rule == f.Rule }) {
			continue
		}
		f.Message += " (the program it runs is " + strings.Join(slices.Compact(slices.Sorted(slices.Values(names))), ", ") + ")"
		out = append(out, f)
	}
	return out
}

// commandDir is the directory a command of a line run in cwd starts in:
// its own (a static cd's), or an absolute cwd joined with where relative
// cds moved.
func commandDir(c *cmdline.Command, cwd string) string {
	switch {
	case filepath.IsAbs(c.Cwd):
		return c.Cwd
	case c.CwdRel != "" && filepath.IsAbs(cwd):
		return filepath.Join(cwd, c.CwdRel)
	}
	return cwd
}
