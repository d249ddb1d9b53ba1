package cmdline

import (
	"slices"
	"strings"
)

// optSpec describes a command's options well enough to find where its
// operands, or the command it runs, start.
type optSpec struct {
	arg       string   // short options that take a value ("u" for sudo -u USER)
	longArg   []string // long options that take a value when it is not given with "="
	stop      string   // short options meaning no command follows (sudo -l)
	longStop  []string
	split     string // short options whose value is split into more arguments (env -S)
	longSplit []string
	assigns   bool // NAME=value words may come before the command
	operands  int  // operands before the command (timeout DURATION, chroot DIR)
	// code: for a program of kind options (rg, tar, man), its options
	// whose value is a command line, with the language and the helpers
	// they are read with (tar -I: a compressor)
	code []CodeOption
	// oldStyle: for a program of kind options, its first word may be a
	// cluster of option letters with no dash, each letter that takes a
	// value taking the next word in turn (tar cIf PROG ARCHIVE: -c -I
	// PROG -f ARCHIVE)
	oldStyle bool
}

// wrappers, the programs peel takes off the command they run (sudo, env,
// nice, xargs), are the catalogue's entries of kind wrapper
// (rules/programs/wrappers.yaml), in catalog_gen.go.

// peel resolves the command name, taking wrappers off one after the other
// (sudo env FOO=1 nice -n 5 rm). It fills c and returns the fields of c.Args.
func (w *walker) peel(c *Command, fs []field) []field {
	for {
		name := fs[0]
		if prog, ok := w.lookedUp(name); ok {
			// $(which python3) -m pip: the program a bare name runs
			name = field{Word: Word{Value: prog}}
			fs = append([]field{name}, fs[1:]...)
		} else if w.toolDirPath(name) {
			// "$(go env GOPATH)/bin/golangci-lint" run: the tool's own program
			name = field{Word: Word{Value: name.Value}}
			fs = append([]field{name}, fs[1:]...)
		} else if prog, ok := w.userProgram(name); ok {
			// ${EDITOR:-vi} notes.txt, exec $SHELL -l: the user's own choice
			name = field{Word: Word{Value: prog}}
			fs = append([]field{name}, fs[1:]...)
		}
		if name.Dynamic || name.Value == "" || name.glob {
			c.Dynamic, c.Path = true, name.Value
			if name.Dynamic && (name.in.Remote || name.in.Decoded) {
				// "$(curl -s URL)" as a command, also as an option's
				// value a program runs: downloaded (or decoded) text run
				c.Untrusted = untrusted(name.in)
			}
			c.Args = fieldWords(fs[1:])
			return fs[1:]
		}
		base := variantName(baseName(FoldWord(name.Value)))
		spec, ok := wrappers[base]
		if !ok {
			spec, ok = catalogWrapper(base) // a launcher of the program catalogue
		}
		if !ok {
			break
		}
		wr, assigns, rest, ok := w.unwrap(base, spec, fs[1:])
		if !ok {
			break
		}
		c.Wrappers = append(c.Wrappers, wr)
		c.Assigns = append(c.Assigns, assigns...)
		if p := catalogProgram(base); p != nil && len(p.Code) > 0 && len(rest) < len(fs) {
			// its own words; not when a split value (env -S) made more of them
			c.launchers = append(c.launchers, launcherWords{base, fs[1 : len(fs)-len(rest)]})
		}
		fs = rest
	}
	c.Path, c.Name = fs[0].Value, agentName(variantName(baseName(FoldWord(fs[0].Value))))
	c.Args = fieldWords(fs[1:])
	c.raw = make([]string, len(fs)-1)
	for i, f := range fs[1:] {
		c.raw[i] = f.Value
	}
	return fs[1:]
}

// packageFetchers fetch the package they are named and run its bin (npx,
// pnpm dlx): the package may carry a version (npx aws-cdk@2, bunx
// prisma@latest, npx @scope/pkg@1.2), which names no other program.
var packageFetchers = set("npx", "bunx", "pnpx", "uvx", "npm exec", "npm x", "pnpm dlx", "yarn dlx", "bun x")

// fetchedBin is c's name without the version a package fetcher that runs
// it was given (prisma for npx prisma@5); c's name otherwise.
func fetchedBin(c *Command) string {
	if len(c.Wrappers) == 0 || c.Dynamic || !packageFetchers.has(c.Wrappers[len(c.Wrappers)-1].Name) {
		return c.Name
	}
	if pkg, _, ok := strings.Cut(c.Name, "@"); ok && pkg != "" {
		return pkg
	}
	return c.Name
}

// gnuPrefixed are the GNU programs Homebrew installs on macOS with a g
// in front of their names (coreutils, findutils, gnu-sed, gnu-tar, grep):
// grm is GNU's rm.
var gnuPrefixed = set("rm", "cp", "mv", "ln", "chmod", "chown", "chgrp", "dd", "shred", "touch", "tee", "install", "truncate",
	"mkdir", "rmdir", "unlink", "cat", "head", "tail", "split", "csplit", "date", "stat", "env", "nice", "nohup", "timeout",
	"stdbuf", "chroot", "sort", "base64", "basename", "dirname", "realpath", "readlink", "df", "ls", "wc", "cut", "tr",
	"uniq", "od", "printf", "echo", "mktemp", "mknod", "mkfifo", "tac", "shuf", "xargs", "find", "locate", "updatedb",
	"sed", "tar", "grep", "egrep", "fgrep", "make", "which", "link", "sync", "kill", "runcon", "chcon")

// variantName is the program a distribution's variant of a known program
// is: NAME.SUFFIX, when hguard knows NAME and not the whole name, and the
// suffix does not say what kind of file it is (vim.tiny, vim.gtk3,
// nc.traditional, python3.real, find.orig, curl.bak are vim, nc, python3,
// find and curl; test.py, install.sh and ld.so are not test, install and
// ld).
func variantName(name string) string {
	if gnu, ok := strings.CutPrefix(name, "g"); ok && gnuPrefixed.has(gnu) {
		return gnu // Homebrew's GNU tools: grm, gcp, gsed, gfind are rm, cp, sed, find
	}
	head, suffix, ok := strings.Cut(name, ".")
	if !ok || head == "" || suffix == "" || KnownName(name) || !KnownName(head) {
		return name
	}
	last := suffix[strings.LastIndexByte(suffix, '.')+1:]
	if fileSuffixes.has(strings.ToLower(last)) || fileSuffixes.has(strings.ToLower(suffix)) || !isCommandWord(suffix) {
		return name
	}
	return head
}

// fileSuffixes say what a file holds (a script, source, data, a library):
// a name with one is that file, not a variant of a program.
var fileSuffixes = set("sh", "bash", "zsh", "fish", "ksh", "csh", "py", "pyw", "pyc", "pl", "pm", "rb", "js", "mjs", "cjs", "ts",
	"php", "lua", "tcl", "r", "jl", "awk", "sed", "exp", "ps1", "psm1", "bat", "cmd", "com", "jar", "class", "go", "rs", "c",
	"h", "cc", "cpp", "java", "kt", "kts", "scala", "swift", "cs", "fs", "fsx", "hs", "ml", "ex", "exs", "erl", "clj", "cljs",
	"groovy", "gradle", "nim", "cr", "zig", "dart", "v", "txt", "md", "rst", "json", "yaml", "yml", "toml", "xml", "html",
	"htm", "css", "conf", "cfg", "ini", "env", "log", "out", "csv", "tsv", "sql", "db", "so", "dylib", "dll", "a", "o", "ko",
	"d", "service", "timer", "socket", "desktop", "plist", "app", "appimage", "deb", "rpm", "apk", "tar", "gz", "tgz", "bz2",
	"xz", "zst", "zip", "7z", "wasm", "pdf", "png", "jpg", "svg", "lock", "pid", "sock", "pem", "key", "crt", "pub")

// baseName is the last element of a command path.
func baseName(p string) string {
	if t := strings.TrimRight(p, "/"); t != "" {
		p = t
	}
	if i := strings.LastIndexByte(p, '/'); i >= 0 && i < len(p)-1 {
		return p[i+1:]
	}
	return p
}

// unwrap parses a wrapper's options. It reports false when no command
// follows them, so that the wrapper is itself the command.
func (w *walker) unwrap(name string, spec optSpec, args []field) (Wrapper, []Assign, []field, bool) {
	wr := Wrapper{Name: name}
	var assigns []Assign
	operands := spec.operands
	if name == "setarch" && len(args) > 0 && strings.HasPrefix(args[0].Value, "-") {
		operands = 0 // the arch comes first when given, and may be left out: setarch -R CMD
	}
	options := true
	i := 0
	take := func() string { // the next argument, as an option's value
		if i >= len(args) {
			return ""
		}
		i++
		wr.Args = append(wr.Args, args[i-1].Value)
		return args[i-1].Value
	}
	splice := func(s string) { // env -S: the value stands for more arguments
		args = append(w.splitWords(s), args[i:]...)
		i = 0
	}
loop:
	for i < len(args) {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic && operands == 0 && !(spec.assigns && w.dialect == Fish && isAssignment(v)):
			// fish splits no variable, and a substitution's lines each keep
			// the NAME= before them: env X=(pwd)/src make assigns, as X=… does
			break loop
		case options && v == "--":
			take()
			options = false
		case options && strings.HasPrefix(v, "--") && len(v) > 2:
			opt, val, eq := strings.Cut(v[2:], "=")
			// getopt_long takes any unambiguous prefix (env --chd DIR);
			// one that also names an option missing here the program refuses
			opt = expandAmong(opt, spec.longArg, spec.longSplit, spec.longStop)
			if slices.Contains(spec.longStop, opt) {
				return wr, nil, nil, false
			}
			take()
			switch {
			case slices.Contains(spec.longSplit, opt):
				if !eq {
					val = take()
				}
				splice(val)
			case !eq && slices.Contains(spec.longArg, opt):
				take()
			}
		case options && len(v) > 1 && v[0] == '-', options && name == "env" && v == "-":
			take()
			for j := 1; j < len(v); j++ {
				ch := v[j]
				if strings.IndexByte(spec.stop, ch) >= 0 {
					return wr, nil, nil, false
				}
				if strings.IndexByte(spec.split, ch) >= 0 {
					val := v[j+1:]
					if val == "" {
						val = take()
					}
					splice(val)
					break
				}
				if strings.IndexByte(spec.arg, ch) >= 0 {
					if j == len(v)-1 {
						take()
					}
					break
				}
			}
		case spec.assigns && isAssignment(v):
			n, val, _ := strings.Cut(v, "=")
			assigns = append(assigns, Assign{Name: n, Value: Word{Value: val, Dynamic: a.Dynamic, Quoted: a.Quoted}})
			i++
		case operands > 0:
			take()
			operands--
		default:
			break loop
		}
	}
	rest := args[i:]
	return wr, assigns, rest, len(rest) > 0
}

// isAssignment reports a NAME=value word.
func isAssignment(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// splitWords splits a string the way the shell splits a command line into
// words (env -S, option values that hold a command).
func (w *walker) splitWords(s string) []field {
	if _, ok := nestingOK(s); !ok {
		return []field{{Word: Word{Value: s, Dynamic: true}}}
	}
	saved := w.src
	w.src = s
	defer func() { w.src = saved }()
	var out []field
	for word, err := range w.parser.WordsSeq(strings.NewReader(s)) {
		if err != nil {
			break
		}
		out = append(out, w.fields(word)...)
	}
	return out
}
