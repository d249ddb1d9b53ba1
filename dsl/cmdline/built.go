package cmdline

import (
	"path"
	"strings"
)

// builtSource is a source file a compiler given it on the line turned into
// a program: its text, the language it is read in, and how it got there.
type builtSource struct {
	in   Input
	lang string
	via  string
}

// goBuild records what go build compiles from .go files the line wrote
// (named, or in the package's directory, as goRun reads them for go run)
// under the program's name: -o FILE, else the first file's name without
// .go, else the directory's name, which the line runs as ./NAME ("").
// A later ./NAME of the line reads them as go run's would be (go build -o
// app && ./app runs what go run . runs). Of the session's earlier files of
// a package only the shell lines are read, as goRun reads them.
func (w *walker) goBuild(c *Command, args []field) {
	i, dir := 0, ""
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
		if args[i].Value == "-C" && i+1 < len(args) {
			i++
			if args[i].Dynamic {
				return
			}
			dir = path.Join(dir, args[i].Value)
		}
		i++
	}
	if i >= len(args) || args[i].Value != "build" {
		return
	}
	out, outSet := "", false
	var files, pkgs []string
	for j := i + 1; j < len(args); j++ {
		a, v := args[j], args[j].Value
		switch {
		case a.Dynamic:
			return
		case v == "-o" && j+1 < len(args):
			j++
			out, outSet = args[j].Value, true
			if args[j].Dynamic {
				return
			}
		case strings.HasPrefix(v, "-o="):
			out, outSet = v[3:], true
		case strings.HasPrefix(v, "-"):
			if !strings.Contains(v, "=") && goValueFlags.has(strings.TrimLeft(v, "-")) {
				j++
			}
		case strings.HasSuffix(v, ".go"):
			files = append(files, v)
		default:
			pkgs = append(pkgs, v)
		}
	}
	if len(pkgs) > 1 || len(pkgs) == 1 && strings.HasSuffix(pkgs[0], "...") {
		return // several packages: go build writes no program
	}
	var srcs []builtSource
	if len(files) > 0 {
		for _, f := range files {
			if in, via, ok := w.fileInput(path.Join(dir, f)); ok {
				srcs = append(srcs, builtSource{in, "go", "go build " + via})
			}
		}
	} else {
		pkg := "."
		if len(pkgs) == 1 {
			pkg = pkgs[0]
		}
		if pkg != "." && !strings.HasPrefix(pkg, "./") && !strings.HasPrefix(pkg, "../") {
			return // an import path
		}
		pkg = path.Join(dir, pkg)
		if pkg == "." {
			pkg = ""
		}
		for _, f := range w.writtenMatches([]string{"*.go"}, pkg) {
			if f == "*.go" {
				// the session's earlier files of a package: only the
				// shell lines they hand a shell whole, as goPackageRuns
				if in, ok := w.earlierFile(path.Join(pkg, f)); ok && in.Static {
					var lines []string
					for _, cmd := range goCommands(in.Text) {
						if goShellLine(cmd) {
							lines = append(lines, cmd)
						}
					}
					if len(lines) > 0 {
						in.Text = strings.Join(lines, "\n") + "\n"
						srcs = append(srcs, builtSource{in, "sh", "go build a file " + path.Join(pkg, f) + " written by an earlier command"})
					}
				}
				continue
			}
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			if in, via, ok := w.fileInput(path.Join(pkg, f)); ok {
				srcs = append(srcs, builtSource{in, "go", "go build " + via})
			}
		}
		if !outSet && pkg != "" {
			out, outSet = "./"+path.Base(pkg), true
		}
	}
	if !outSet && len(files) > 0 {
		out, outSet = strings.TrimSuffix(path.Base(files[0]), ".go"), true
	}
	if outSet && strings.HasSuffix(out, "/") {
		return // a directory: the program is named after the package
	}
	w.build(out, srcs)
}

// cCompilers are the C and C++ compilers whose program cBuild follows.
var cCompilers = set("cc", "gcc", "clang", "c++", "g++", "clang++", "tcc", "c99", "c89")

// cBuild records the program a C compiler links from source files the line
// or the session wrote (cc x.c -o x; a.out when -o is not given), read for
// the commands their system() calls run when the line runs the program.
// -c, -S and -E link nothing.
func (w *walker) cBuild(c *Command, args []field) {
	out := "a.out"
	var srcs []builtSource
	for j := 0; j < len(args); j++ {
		a, v := args[j], args[j].Value
		switch {
		case a.Dynamic:
			continue
		case v == "-c" || v == "-S" || v == "-E":
			return
		case v == "-o" && j+1 < len(args):
			j++
			out = args[j].Value
			if args[j].Dynamic {
				return
			}
		case strings.HasPrefix(v, "-o") && len(v) > 2:
			out = v[2:]
		case strings.HasPrefix(v, "-"):
		case hasSuffixAny(v, ".c", ".cc", ".cpp", ".cxx", ".C", ".c++"):
			if in, via, ok := w.fileInput(v); ok {
				srcs = append(srcs, builtSource{in, "system", c.Name + " " + via})
			}
		}
	}
	w.build(out, srcs)
}

func hasSuffixAny(s string, suffixes ...string) bool {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

// build records the program out compiled from srcs, replacing what an
// earlier build of the line left there.
func (w *walker) build(out string, srcs []builtSource) {
	if len(srcs) == 0 && len(w.built) == 0 {
		return
	}
	if w.built == nil {
		w.built = map[string][]builtSource{}
	}
	if out != "" {
		out = strings.TrimPrefix(path.Clean(out), "./")
	}
	if len(srcs) == 0 {
		delete(w.built, out)
		return
	}
	w.built[out] = srcs
}

// runsBuilt reads the sources of a program the line built (build) that c
// runs by its path (./app, bin/app), and reports whether it did.
func (w *walker) runsBuilt(c *Command, cx ctx) bool {
	if len(w.built) == 0 || !strings.Contains(c.Path, "/") {
		return false
	}
	name := strings.TrimPrefix(path.Clean(c.Path), "./")
	srcs, ok := w.built[name]
	if !ok && strings.HasPrefix(c.Path, "./") && !strings.Contains(name, "/") {
		srcs, ok = w.built[""] // go build in the current directory: ./NAME, named after it
	}
	if !ok {
		return false
	}
	for _, s := range srcs {
		w.runText(c, s.in, s.lang, s.via, cx)
	}
	return true
}
