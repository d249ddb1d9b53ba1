package cmdline

import (
	"path"
	"slices"
	"sort"
	"strings"
)

// Go is read for go run's files when their text is on the line (a here-string
// fed to go run /dev/stdin, a file the line or the session wrote): the
// programs exec.Command, syscall.Exec and os.StartProcess start, os's deletes
// (RemoveAll: rm -rf; Remove: rm), reads and writes. A string literal is its
// value; os.UserHomeDir(), os.Getenv("HOME") and a name bound to them are
// "$HOME"; filepath.Join and + join their parts; anything else is a value
// known at run time ("$GO_VALUE").

var (
	goCall     = lazyRegexp(`\b(exec\.Command(?:Context)?|syscall\.Exec|os\.StartProcess|os\.RemoveAll|os\.Remove|os\.WriteFile|ioutil\.WriteFile|os\.Create|os\.OpenFile|os\.ReadFile|ioutil\.ReadFile|os\.Open|os\.Rename)\s*\(`)
	goHomeBind = lazyRegexp(`\b(\w+)(?:\s*,\s*\w+)?\s*:?=\s*(os\.UserHomeDir\(\)|os\.Getenv\(\s*"HOME"\s*\))`)
	goJoin     = lazyRegexp(`^(?:filepath|path)\.Join\s*\(`)
)

// goRun follows go run's files whose text the line holds: standard input
// named as /dev/stdin, or a .go file written on the line or earlier in the
// session. go run PKG and go test [PKG…] compile and run every .go file of
// the packages they name by directory (., ./x, ./..., go -C DIR; go run
// leaves out the _test.go files), so one of those written there on the
// line is read too: its init functions run before main or the tests; of
// the session's earlier ones, the shell lines they hand a shell whole
// (goPackageRuns). go build is not read: what it builds is not run here.
func (w *walker) goRun(c *Command, args []field, cx ctx) {
	i, dir := 0, ""
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
		if args[i].Value == "-C" && i+1 < len(args) {
			i++ // go -C DIR run
			if args[i].Dynamic {
				return
			}
			dir = path.Join(dir, args[i].Value)
		} else if v, ok := strings.CutPrefix(args[i].Value, "-C="); ok && !args[i].Dynamic {
			dir = path.Join(dir, v)
		}
		i++
	}
	if i >= len(args) || args[i].Value != "run" && args[i].Value != "test" {
		return
	}
	sub := args[i].Value
	var pkgs []string
	named := false // go run x.go: files, not a package
	for j := i + 1; j < len(args); j++ {
		a, v := args[j], args[j].Value
		if strings.HasPrefix(v, "-") && !named {
			if v == "-args" || v == "--args" {
				break // go test's: the rest are the test binary's
			}
			if !strings.Contains(v, "=") && goValueFlags.has(strings.TrimLeft(v, "-")) {
				j++
			}
			continue
		}
		switch {
		case a.Dynamic:
		case sub == "run" && stdinFile(v):
			named = true
			if c.Stdin.Text != "" || c.Stdin.Remote || !c.Stdin.Static {
				w.runText(c, c.Stdin, "go", "go run "+v, cx)
			}
		case sub == "run" && strings.HasSuffix(v, ".go"):
			named = true
			if in, via, ok := w.fileInput(path.Join(dir, v)); ok {
				w.runText(c, in, "go", "go run "+via, cx)
			}
		case sub == "run" && !named:
			pkgs = append(pkgs, v)
		case sub == "test":
			pkgs = append(pkgs, v)
		}
		if sub == "run" && (len(pkgs) > 0 || named && !strings.HasSuffix(v, ".go") && !stdinFile(v)) {
			if len(pkgs) == 1 && !named {
				w.goRunsProgram(c, pkgs[0], args[j+1:], cx)
			}
			break // the rest are the program's arguments
		}
	}
	if sub == "test" && len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	for _, p := range pkgs {
		w.goPackageRuns(c, sub, dir, p, cx)
	}
}

// goProgram is the name of the program go builds from pkg, a package path
// or directory (./cmd/x, example.com/m/cmd/x@v1.2.3: x; a module's major
// version suffix /v2 left off), or "" for the current directory's, files
// or a pattern.
func goProgram(pkg string) string {
	pkg, _, _ = strings.Cut(pkg, "@")
	pkg = strings.TrimSuffix(pkg, "/")
	if pkg == "" || pkg == "." || pkg == ".." || strings.HasSuffix(pkg, ".go") || strings.Contains(pkg, "...") || strings.ContainsAny(pkg, "$*?[") {
		return ""
	}
	base := path.Base(pkg)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" && path.Dir(pkg) != "." {
		base = path.Base(path.Dir(pkg))
	}
	if base == "." || base == ".." || base == "/" {
		return ""
	}
	return base
}

// goRunsProgram judges go run PKG ARGS as the program PKG builds, run with
// ARGS, when hguard knows a program of that name: go run
// example.com/x/cmd/hguard approve runs a build of hguard, as a copy of a
// program runs it (runsCopy).
func (w *walker) goRunsProgram(c *Command, pkg string, rest []field, cx ctx) {
	name := goProgram(pkg)
	if name == "" || !knownCopy(name) {
		return
	}
	words, dynamic := []string{shellQuote(name)}, false
	for _, a := range rest {
		words = append(words, shellQuote(a.Value))
		dynamic = dynamic || a.Dynamic
	}
	w.nested(c, strings.Join(words, " "), "go run "+pkg, cx, dynamic)
}

// goBuilt records go build -o OUT PKG's OUT as a copy of the program PKG
// builds, when hguard knows one of that name (go build -o /tmp/x
// ./cmd/hguard; /tmp/x approve).
func (w *walker) goBuilt(args []field) {
	out, pkgs, build := "", []string(nil), false
	for i := 0; i < len(args); i++ {
		a, v := args[i], args[i].Value
		switch {
		case !build && v == "build":
			build = true
		case !build && v == "-C":
			return // go -C DIR build: the package is DIR's
		case !build:
		case v == "-o" && i+1 < len(args):
			i++
			if args[i].Dynamic {
				return
			}
			out = args[i].Value
		case strings.HasPrefix(v, "-o="):
			out = strings.TrimPrefix(v, "-o=")
		case strings.HasPrefix(v, "-"):
			if !strings.Contains(v, "=") && goValueFlags.has(strings.TrimLeft(v, "-")) {
				i++
			}
		case a.Dynamic:
			return
		default:
			pkgs = append(pkgs, v)
		}
	}
	if !build || out == "" || len(pkgs) != 1 {
		return
	}
	if name := goProgram(pkgs[0]); name != "" && knownCopy(name) {
		if strings.HasSuffix(out, "/") {
			out += name
		}
		w.recordCopy(out, name)
	}
}

// goValueFlags are the go run and go test flags that take a separate value.
var goValueFlags = set("C", "o", "p", "tags", "ldflags", "gcflags", "asmflags", "gccgoflags", "mod", "modfile", "overlay", "pkgdir", "exec", "toolexec",
	"coverpkg", "covermode", "coverprofile", "run", "bench", "benchtime", "count", "cpu", "parallel", "timeout", "skip", "list", "fuzz", "fuzztime",
	"fuzzminimizetime", "shuffle", "vet", "outputdir", "cpuprofile", "memprofile", "memprofilerate", "blockprofile", "blockprofilerate", "mutexprofile",
	"mutexprofilefraction", "trace", "pgo", "buildmode", "compiler", "installsuffix", "json", "debug-actiongraph", "debug-runtime-trace", "debug-trace")

// GoValueFlag reports a go build flag (without its dashes) that takes the
// next word as its value.
func GoValueFlag(name string) bool { return goValueFlags.has(name) }

// goPackageRuns reads the .go files of the package (a directory: ., ./x,
// ./x/... at any depth) that go run or go test compiles and runs and that
// this line wrote.
func (w *walker) goPackageRuns(c *Command, sub, dir, pkg string, cx ctx) {
	if pkg != "." && pkg != "./..." && !strings.HasPrefix(pkg, "./") && !strings.HasPrefix(pkg, "../") {
		return // an import path: where it lies is the module's business
	}
	pkg, recursive := strings.CutSuffix(pkg, "...")
	pkg = path.Join(dir, pkg)
	if pkg == "." {
		pkg = ""
	}
	pattern := "*.go"
	if recursive {
		pattern = "**/*.go"
	}
	for _, f := range w.writtenMatches([]string{pattern}, pkg) {
		if sub == "run" && strings.HasSuffix(f, "_test.go") {
			continue
		}
		full := f
		if pkg != "" {
			full = path.Join(pkg, f)
		}
		if f == pattern {
			// The session's earlier files there are not read as a whole: a
			// package is the project's source, which an agent edits all
			// session, and its tests delete their temporary trees and run
			// programs by name, which the Go model cannot tell from an
			// attack (go test ./... after an edit was blocked in hguard's
			// own repository). Only the shell lines they hand a shell
			// whole (exec.Command("sh", "-c", "…"), words all literal) are
			// followed: no test needs one to be an attack's, and an init
			// function's runs before main or the tests (red team,
			// 2026-12-05: a x_test.go written in one turn ran its
			// sh -c line under go test ./... in the next). So are the
			// deletes of a fixed absolute path or of the home directory
			// itself (os.RemoveAll("/"), os.RemoveAll(os.Getenv("HOME"))),
			// which no test's own temporary tree is, and a program run
			// with every word literal on such a path
			// (exec.Command("rm", "-rf", "/"), "chmod", "-R", "777",
			// "/etc"); each file read on its own (goFiles).
			if recursive && pkg == "" {
				full = "./" + full
			}
			if in, ok := w.earlierFile(full); ok && in.Static {
				for _, file := range goFiles(in.Text) {
					for _, cmd := range goCommands(file) {
						if goShellLine(cmd) || goFixedDelete(cmd) || goFixedTarget(cmd) {
							w.nested(c, cmd, "go "+sub+" a file "+full+" written by an earlier command", cx, false)
						}
					}
				}
			}
			continue
		}
		in, via, ok := w.fileInput(full)
		if !ok {
			continue
		}
		if !in.Static {
			c.Untrusted = "dynamic"
			continue
		}
		w.runText(c, in, "go", "go "+sub+" "+via, cx)
	}
}

// goShellLine reports a command goCommands read that hands a shell a
// line it holds whole: sh -c 'LINE', bash -lc 'LINE', every word literal.
func goShellLine(cmd string) bool {
	if strings.Contains(cmd, "$GO_VALUE") {
		return false
	}
	f := strings.Fields(cmd)
	if len(f) < 3 {
		return false
	}
	opt := strings.Trim(f[1], "'")
	return shells.has(program(baseName(strings.Trim(f[0], "'")))) && len(opt) > 1 && opt[0] == '-' && opt[1] != '-' && strings.Contains(opt, "c")
}

// goFixedDelete reports a delete goCommands read (os.RemoveAll,
// os.Remove) of a path fixed in the code and outside the package: an
// absolute one, every part known, or the home directory itself.
func goFixedDelete(cmd string) bool {
	target, ok := strings.CutPrefix(cmd, "rm -rf -- ")
	if !ok {
		target, ok = strings.CutPrefix(cmd, "rm -- ")
	}
	if !ok || strings.Contains(target, "$GO_VALUE") {
		return false
	}
	if target == `"$HOME"` || target == `"$HOME"/` {
		return true // the home directory itself; a tool's cache under it is its own
	}
	return strings.HasPrefix(strings.TrimLeft(target, `'"`), "/")
}

// goFixedTarget reports a command goCommands read from exec.Command (or
// syscall.Exec, os.StartProcess) whose words are all literal and one of
// whose arguments is a path goFixedDelete would take: absolute, or the
// home directory itself. A test runs programs by name on its own files
// (git init, go build ./x) and on temporary trees it made, which are
// computed; a fixed path outside the package is what it does to the machine.
func goFixedTarget(cmd string) bool {
	if strings.Contains(cmd, "$GO_VALUE") || strings.HasPrefix(cmd, "rm -") || strings.HasPrefix(cmd, "mv -- ") ||
		strings.HasPrefix(cmd, "cat -- ") || strings.HasPrefix(cmd, "tee -- ") {
		return false // os's own calls: goFixedDelete's, or reads and writes the path rules judge as any file's
	}
	f := strings.Fields(cmd)
	for _, a := range f[min(1, len(f)):] {
		if a == `"$HOME"` || a == `"$HOME"/` || strings.HasPrefix(strings.TrimLeft(a, `'"`), "/") {
			return true
		}
	}
	return false
}

// goPackageClause starts a Go file.
var goPackageClause = lazyRegexp(`(?m)^package\s+\w+`)

// goFiles are the Go files a pattern's matches hold one after another,
// each from its package clause: a name bound in one is not bound in the
// next.
func goFiles(text string) []string {
	locs := goPackageClause().FindAllStringIndex(text, -1)
	if len(locs) < 2 {
		return []string{text}
	}
	var out []string
	for i, loc := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		out = append(out, text[loc[0]:end])
	}
	return out
}

// goPackages are the packages whose calls goCommands reads, by import path.
var goPackages = map[string]string{"os": "os", "os/exec": "exec", "syscall": "syscall", "io/ioutil": "ioutil", "path/filepath": "filepath", "path": "path"}

var (
	goImport    = lazyRegexp(`(?m)(?:^|\bimport\s*\(?|;)\s*(?:import\s+)?([\w.]+)\s+"([\w/]+)"`)
	goFuncValue = lazyRegexp(`\b(\w+)\s*:?=\s*((?:exec|syscall|os|ioutil)\.\w+)\s*(?:[;\n)]|$)`)
)

// goCanonical rewrites Go code's calls into the forms goCommands reads:
// a package imported under another name (import x "os", import . "os")
// and a function held in a variable (f := os.RemoveAll; f(p)) are called
// by the package's own name. String literals are left as written.
func goCanonical(code string) string {
	names := map[string]string{} // identifier (before "." or a call) → its qualified form
	dots := map[string]bool{}
	for _, m := range goImport().FindAllStringSubmatch(code, -1) {
		pkg, ok := goPackages[m[2]]
		switch {
		case !ok || m[1] == "_" || m[1] == pkg:
		case m[1] == ".":
			dots[pkg] = true
		default:
			names[m[1]+"."] = pkg + "."
		}
	}
	for _, m := range goFuncValue().FindAllStringSubmatch(code, -1) {
		names[m[1]+"("] = m[2] + "("
	}
	if len(names) == 0 && len(dots) == 0 {
		return code
	}
	var b strings.Builder
	ident := func(c byte) bool {
		return c == '_' || c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	for i := 0; i < len(code); {
		c := code[i]
		end := i + 1
		switch {
		case goNonCodeEnd(code, i) > i:
			end = goNonCodeEnd(code, i)
		case ident(c) && (c < '0' || c > '9'):
			for end < len(code) && ident(code[end]) {
				end++
			}
			id, next := code[i:end], strings.TrimLeft(code[end:], " \t")
			switch {
			case i > 0 && code[i-1] == '.': // a selector's name, not a package's
			case strings.HasPrefix(next, ".") && names[id+"."] != "":
				id = strings.TrimSuffix(names[id+"."], ".")
			case strings.HasPrefix(next, "(") && names[id+"("] != "":
				id = strings.TrimSuffix(names[id+"("], "(")
			case strings.HasPrefix(next, "("):
				for pkg := range dots {
					if goCall().MatchString(pkg + "." + id + "(") {
						id = pkg + "." + id
					}
				}
			}
			b.WriteString(id)
			i = end
			continue
		}
		b.WriteString(code[i:end])
		i = end
	}
	return b.String()
}

// goCommands are the command lines and file operations Go code does
// (above), as commands.
func goCommands(code string) []string {
	code = goCanonical(code)
	home := map[string]bool{}
	for _, m := range goHomeBind().FindAllStringSubmatch(code, -1) {
		home[m[1]] = true
	}
	noncode := goNonCode(code)
	var out []string
	for _, m := range goCall().FindAllStringSubmatchIndex(code, 64) {
		if i := sort.Search(len(noncode), func(i int) bool { return noncode[i][1] > m[0] }); i < len(noncode) && m[0] >= noncode[i][0] {
			continue // in a comment or a string: Go source a test holds, not a call
		}
		args, _ := goCallArgs(code, m[1]-1)
		if len(args) == 0 {
			continue
		}
		word := func(i int) string {
			if i < len(args) {
				return goWord(args[i], home)
			}
			return `"$GO_VALUE"`
		}
		switch call := code[m[2]:m[3]]; call {
		case "exec.Command", "exec.CommandContext":
			if call == "exec.CommandContext" {
				args = args[1:]
			}
			var words []string
			for _, a := range args {
				if strings.HasSuffix(a, "...") {
					words = append(words, `"$GO_VALUE"`) // a slice spread: its words are known at run time
					continue
				}
				words = append(words, goWord(a, home))
			}
			if len(words) > 0 {
				out = append(out, strings.Join(words, " "))
			}
		case "syscall.Exec", "os.StartProcess":
			// the program's argv: its words after argv[0], from a literal slice
			line := word(0)
			if len(args) > 1 {
				if list, ok := strings.CutPrefix(strings.TrimSpace(args[1]), "[]string{"); ok && strings.HasSuffix(list, "}") {
					if words := goSplit(list[:len(list)-1]); len(words) > 1 {
						for _, a := range words[1:] {
							line += " " + goWord(a, home)
						}
					}
				} else {
					line += ` "$GO_VALUE"`
				}
			}
			out = append(out, line)
		case "os.RemoveAll":
			out = append(out, "rm -rf -- "+word(0))
		case "os.Remove":
			out = append(out, "rm -- "+word(0))
		case "os.Rename":
			out = append(out, "mv -- "+word(0)+" "+word(1))
		case "os.ReadFile", "ioutil.ReadFile", "os.Open":
			out = append(out, "cat -- "+word(0))
		case "os.OpenFile":
			if flags := strings.Join(args[1:], ","); strings.Contains(flags, "O_WRONLY") || strings.Contains(flags, "O_RDWR") ||
				strings.Contains(flags, "O_CREATE") || strings.Contains(flags, "O_APPEND") || strings.Contains(flags, "O_TRUNC") {
				out = append(out, "tee -- "+word(0)+" </dev/null")
			} else {
				out = append(out, "cat -- "+word(0))
			}
		default: // os.WriteFile, os.Create
			out = append(out, "tee -- "+word(0)+" </dev/null")
		}
	}
	return out
}

// goNonCode are the spans of Go code that are comments or string and
// rune literals, in order, each [start, end).
func goNonCode(code string) [][2]int {
	var out [][2]int
	for i := 0; i < len(code); i++ {
		if end := goNonCodeEnd(code, i); end > i {
			out = append(out, [2]int{i, end})
			i = end - 1
		}
	}
	return out
}

// goNonCodeEnd is the index after the string, rune literal or comment
// that starts at code[i], or i when none starts there.
func goNonCodeEnd(code string, i int) int {
	switch {
	case code[i] == '"' || code[i] == '`' || code[i] == '\'':
		return min(goStringEnd(code, i)+1, len(code))
	case strings.HasPrefix(code[i:], "//"):
		if end := strings.IndexByte(code[i:], '\n'); end >= 0 {
			return end + i
		}
		return len(code)
	case strings.HasPrefix(code[i:], "/*"):
		if end := strings.Index(code[i+2:], "*/"); end >= 0 {
			return end + i + 4
		}
		return len(code)
	}
	return i
}

// goCallArgs are the arguments of the call whose "(" is at code[open],
// split at their top-level commas, and the index after its ")".
func goCallArgs(code string, open int) ([]string, int) {
	return bracketedArgs(code, open, "\"`'", goStringEnd)
}

// goStringEnd is the index of the quote closing the literal that opens at
// code[i]: "…" and '…' with backslash escapes, `…` raw.
func goStringEnd(code string, i int) int {
	q := code[i]
	for j := i + 1; j < len(code); j++ {
		switch {
		case code[j] == '\\' && q != '`':
			j++
		case code[j] == q:
			return j
		}
	}
	return len(code)
}

// goSplit splits argument text at its top-level commas.
func goSplit(s string) []string {
	return dropLastEmpty(splitTopLevel(s, ',', "\"`'", goStringEnd))
}

// goWord is a Go expression as a shell word: a literal quoted, the home
// "$HOME", filepath.Join's and +'s parts joined, anything else
// "$GO_VALUE".
func goWord(e string, home map[string]bool) string {
	e = strings.TrimSpace(e)
	if parts := goSplitPlus(e); len(parts) > 1 {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(goWord(p, home))
		}
		return b.String()
	}
	switch {
	case len(e) >= 2 && e[0] == '`' && e[len(e)-1] == '`' && goStringEnd(e, 0) == len(e)-1:
		return shellQuote(e[1 : len(e)-1])
	case len(e) >= 2 && e[0] == '"' && goStringEnd(e, 0) == len(e)-1:
		return shellQuote(unquote(e))
	case home[e] || e == "os.UserHomeDir()" || goHomeBind().MatchString("h := "+e):
		return `"$HOME"`
	}
	if loc := goJoin().FindStringIndex(e); loc != nil {
		args, end := goCallArgs(e, loc[1]-1)
		if end == len(e) && len(args) > 0 {
			words := make([]string, len(args))
			for i, a := range args {
				words[i] = goWord(a, home)
			}
			return strings.Join(words, "/")
		}
	}
	return `"$GO_VALUE"`
}

// goSplitPlus splits an expression at its top-level + signs.
func goSplitPlus(s string) []string {
	return slices.DeleteFunc(splitTopLevel(s, '+', "\"`'", goStringEnd), func(p string) bool { return p == "" })
}
