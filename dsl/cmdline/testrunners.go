package cmdline

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
)

// The files a test runner loads besides its test files, when the session
// wrote them: the plugins pytest loads (pytest_plugins in a conftest.py or
// a test module, -p NAME, and both from its environment), the local
// modules a test module imports (and their packages' __init__.py); the
// files jest's, vitest's and mocha's configuration names (globalSetup,
// setupFiles, testEnvironment, reporters, transform, require) and the
// modules the configuration imports. Each is read as the code it is.

// pyPluginsVar is a module's pytest_plugins assignment; its strings are
// the modules pytest imports as plugins.
var pyPluginsVar = lazyRegexp(`(?m)^pytest_plugins[ \t]*(?::[^=]*)?=[ \t]*([\[(]?)`)

// pyStrings are a Python string literal's contents.
var pyStrings = lazyRegexp(`"([^"\\\n]*)"|'([^'\\\n]*)'`)

// pyModulesOf are the modules a Python text loads: its import statements
// at a line's start (a.b, and a.b.c for from a.b import c, which may be a
// submodule; a relative one as ".x") and the plugins its pytest_plugins
// names, whose hooks pytest calls.
func pyModulesOf(text string) (out, plugins []string) {
	for _, imp := range pyImports(text) {
		if !imp.Start || !imp.Code || imp.Call {
			continue
		}
		mod := imp.Module
		if imp.Names == nil {
			out = append(out, mod) // import a.b
			continue
		}
		if strings.Trim(mod, ".") != "" {
			out = append(out, mod)
		}
		sep := "."
		if strings.HasSuffix(mod, ".") {
			sep = ""
		}
		for _, name := range imp.Names {
			out = append(out, mod+sep+name)
		}
	}
	for _, loc := range pyPluginsVar().FindAllStringSubmatchIndex(text, 4) {
		rest := text[loc[1]:]
		end := strings.IndexByte(rest, '\n')
		if loc[2] != loc[3] { // a list or a tuple: to its close
			end = strings.IndexAny(rest, "])")
		}
		if end < 0 {
			end = len(rest)
		}
		for _, q := range pyStrings().FindAllStringSubmatch(rest[:end], 32) {
			plugins = append(plugins, q[1]+q[2])
		}
	}
	return out, plugins
}

// pyMainGuard is a module's if __name__ == "__main__": block, which runs
// when the module is run as a script, not when it is imported.
var pyMainGuard = lazyRegexp(`^if\s+__name__\s*==\s*["']__main__["']\s*:`)

// pyTopLevel is the code of a Python module that runs when it is
// imported: the module less its functions' bodies (a def and the lines
// indented under it), which run only when called, and less its
// if __name__ == "__main__": block.
func pyTopLevel(text string) string {
	var b strings.Builder
	skip := -1 // the indent of the def being left out
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		indent := len(line) - len(trimmed)
		if skip >= 0 {
			if trimmed == "" || strings.HasPrefix(trimmed, "#") || indent > skip || strings.HasPrefix(trimmed, ")") {
				continue
			}
			skip = -1
		}
		if strings.HasPrefix(trimmed, "def ") || strings.HasPrefix(trimmed, "async def ") || pyMainGuard().MatchString(trimmed) {
			skip = indent
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// pyFixedCalls are the calls in a Python module's functions that run a
// command or delete a path fixed in the code (shutil.rmtree(os.path.expanduser("~")),
// os.system("rm -rf /")), one a line: a test that calls the function runs
// them as written, whatever it passes. A call on the function's
// parameters or other values known as it runs (shutil.rmtree(root)) is
// left to the test that calls it.
func pyFixedCalls(text string) string {
	var s scanner
	s.scan("python", text)
	var b strings.Builder
	for _, f := range s.found {
		if !f.dynamic && f.text != "" {
			b.WriteString(f.text) // a call's lines inside its brackets read as one
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// pyTestSupport reports a module read whole: a test directory's (tests/,
// test/, testing/) or a test module, whose functions the tests call; a
// project's other module is read for what runs as it is imported.
func pyTestSupport(file string) bool {
	base := baseName(file)
	if base == "conftest.py" || strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test.py") {
		return true
	}
	return slices.ContainsFunc(strings.Split(path.Dir(file), "/"), func(d string) bool { return d == "tests" || d == "test" || d == "testing" })
}

// pyModuleFiles are the files a module name is loaded from under root:
// root/a/b.py or root/a/b/__init__.py, and the __init__.py of each
// package it is in (a.b imports a first); a relative name (.x, ..x) under
// root alike.
func pyModuleFiles(root, name string) []string {
	name = strings.TrimLeft(name, ".")
	if name == "" || strings.ContainsAny(name, "/$`*?[ ") {
		return nil
	}
	parts := strings.Split(name, ".")
	var out []string
	for i := 1; i < len(parts); i++ {
		out = append(out, path.Join(root, path.Join(parts[:i]...), "__init__.py"))
	}
	p := path.Join(root, path.Join(parts...))
	return append(out, p+".py", path.Join(p, "__init__.py"))
}

// pyText is a Python text a test runner loads and the directory its
// relative imports are from.
type pyText struct{ text, root string }

// followPyModules reads the modules that the Python texts a test runner
// loads import, when the session wrote them (of the project's own files,
// Before.Project, only the plugins pytest_plugins names): each is looked for where
// the runner puts modules on sys.path (roots: where it runs, its test
// directories; a test module's own directory when its file is known), and
// read in turn, within maxImportDepth, maxImports and maxImportBytes; past
// them an IssueLimit says the rest were not read.
//
// testDirs are the directories of the collected test modules, which pytest
// puts on sys.path: a top-level module (import helpers) is looked for in
// them too, its first name only, as each such name is looked for in each.
func (w *walker) followPyModules(c *Command, texts []pyText, roots, testDirs []string, cx ctx) {
	type mod struct {
		text  string
		root  string
		depth int
	}
	var queue []mod
	for _, t := range texts {
		queue = append(queue, mod{t.text, t.root, 0})
	}
	seen := map[string]bool{}
	read, size := 0, 0
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		if m.depth >= maxImportDepth {
			continue
		}
		dirs := roots
		if m.root != "" && !slices.Contains(dirs, m.root) {
			dirs = append([]string{m.root}, dirs...)
		}
		imports, plugins := pyModulesOf(m.text)
		if w.before.Project {
			imports = nil // the project's own code: its plugins only
		}
		for k, name := range append(imports, plugins...) {
			plugin := k >= len(imports)
			var files []string
			for _, root := range dirs {
				files = append(files, pyModuleFiles(root, name)...)
			}
			if top, _, _ := strings.Cut(name, "."); top != "" {
				for _, d := range testDirs {
					files = append(files, pyModuleFiles(d, top)...)
				}
			}
			for _, f := range files {
				f = path.Clean(f)
				if seen[f] {
					continue
				}
				seen[f] = true
				in, via, ok := w.fileInput(f)
				if !ok {
					continue
				}
				if read, size = read+1, size+len(in.Text); read > maxImports || size > maxImportBytes {
					w.issue(IssueLimit, c.Pos, fmt.Sprintf("%d:%d: the test modules import more written modules than hguard reads (%d files, %d bytes); the rest were not read",
						c.Pos.Line, c.Pos.Col, maxImports, maxImportBytes))
					return
				}
				what := ", a module the tests import"
				switch {
				case plugin:
					what = ", a plugin pytest loads"
				case !pyTestSupport(f) && in.Static:
					// the project's module: what runs on import, and
					// its functions' calls whose arguments are fixed
					in.Text, what = pyTopLevel(in.Text)+pyFixedCalls(in.Text), ", a module the tests import (its top level and fixed calls)"
				}
				w.runText(c, in, "python", via+what, cx)
				if in.Static {
					queue = append(queue, mod{in.Text, path.Dir(f), m.depth + 1})
				}
			}
		}
	}
}

// pytestEnvArgs are the options pytest takes from its environment on the
// line: PYTEST_ADDOPTS' words, before the line's own, and the plugins
// PYTEST_PLUGINS lists (comma-separated modules), as -p options.
func pytestEnvArgs(c *Command) []field {
	var out []field
	for _, a := range c.Assigns {
		switch a.Name {
		case "PYTEST_ADDOPTS":
			for _, v := range strings.Fields(a.Value.Value) {
				out = append(out, field{Word: Word{Value: v, Dynamic: a.Value.Dynamic}})
			}
		case "PYTEST_PLUGINS":
			for _, v := range strings.Split(a.Value.Value, ",") {
				if v = strings.TrimSpace(v); v != "" {
					out = append(out, field{Word: Word{Value: "-p"}}, field{Word: Word{Value: v, Dynamic: a.Value.Dynamic}})
				}
			}
		}
	}
	return out
}

// testConfigRef is a string in a test runner's configuration naming a
// local file: ./x, ../x, jest's <rootDir>/x, or a relative name with a
// code file's extension (path.resolve(__dirname, "vitest.setup.ts")).
var testConfigRef = lazyRegexp("[\"'`]((?:\\.{1,2}|<rootDir>)/[^\"'`\\s]+|[\\w][\\w.@/-]*\\.[cm]?[jt]sx?)[\"'`]")

// testConfigs are the configuration files of jest, vitest and mocha,
// whose local files named (setupFiles, globalSetup, require) run.
func testConfig(prog, file string) bool {
	base := baseName(file)
	switch prog {
	case "jest":
		return strings.HasPrefix(base, "jest.config.") || base == "package.json"
	case "vitest":
		return strings.HasPrefix(base, "vitest.config.") || strings.HasPrefix(base, "vite.config.") || strings.HasPrefix(base, "vitest.workspace.")
	case "mocha":
		return strings.HasPrefix(base, ".mocharc") || base == "package.json"
	}
	return false
}

// followTestConfig reads the local files a test runner's configuration
// file names (jest's globalSetup, setupFiles, testEnvironment, reporters,
// transform; vitest's test.setupFiles, globalSetup; mocha's require: all
// of them strings naming ./FILE or <rootDir>/FILE, resolved from the
// configuration's directory as Node resolves a module) and the modules it
// imports, when the session wrote them; package.json only under its
// runner's key.
func (w *walker) followTestConfig(c *Command, prog, file, text string, cx ctx) {
	w.followTestConfigAt(c, prog, file, text, cx, 0)
}

// testConfigNames are the names of jest's and vitest's configuration in
// a project's directory, which jest's projects and vitest's workspace
// name by the directory.
var testConfigNames = map[string][]string{
	"jest":   {"jest.config.js", "jest.config.ts", "jest.config.mjs", "jest.config.cjs", "jest.config.json"},
	"vitest": {"vitest.config.ts", "vitest.config.js", "vitest.config.mts", "vitest.config.mjs", "vite.config.ts", "vite.config.js", "vite.config.mts", "vite.config.mjs"},
}

// followTestConfigAt is followTestConfig for a configuration depth levels
// down: one that jest's projects or vitest's workspace names (a project's
// directory or its configuration file) is followed in turn, within
// maxImportDepth.
func (w *walker) followTestConfigAt(c *Command, prog, file, text string, cx ctx, depth int) {
	dir := path.Dir(file)
	if baseName(file) == "package.json" {
		var pkg map[string]json.RawMessage
		if json.Unmarshal([]byte(text), &pkg) != nil {
			return
		}
		text = string(pkg[prog])
	} else if nodeFile(file) {
		w.followNodeImports(c, file, cx)
	}
	if ext := path.Ext(file); ext == ".yml" || ext == ".yaml" || strings.HasSuffix(file, ".mocharc") {
		// require: ./hooks.js, or - ./hooks.js: YAML's unquoted strings
		var words []string
		for _, line := range strings.Split(text, "\n") {
			for _, f := range strings.Fields(strings.NewReplacer(",", " ", "[", " ", "]", " ", ":", " ").Replace(line)) {
				if strings.HasPrefix(f, "./") || strings.HasPrefix(f, "../") {
					words = append(words, "\""+f+"\"")
				}
			}
		}
		text += "\n" + strings.Join(words, "\n")
	}
	seen := map[string]bool{}
	for _, m := range testConfigRef().FindAllStringSubmatch(text, 64) {
		ref := m[1]
		if rest, ok := strings.CutPrefix(ref, "<rootDir>/"); ok {
			ref = "./" + rest
		}
		cands := nodeModuleFiles(path.Join(dir, ref))
		for _, name := range testConfigNames[prog] {
			cands = append(cands, path.Join(dir, ref, name)) // projects: ["<rootDir>/packages/a"]
		}
		for _, cand := range cands {
			if seen[cand] {
				break
			}
			in, via, ok := w.fileInput(cand)
			if !ok {
				continue
			}
			seen[cand] = true
			w.runText(c, in, "node", via+", named by "+file, cx)
			w.followNodeImports(c, cand, cx)
			if in.Static && depth+1 < maxImportDepth && (testConfig(prog, cand) && baseName(cand) != "package.json") {
				w.followTestConfigAt(c, prog, cand, in.Text, cx, depth+1) // a project's own configuration
			}
			break
		}
	}
}

// pytestOverridden are pytest's words with an -o addopts=OPTS (or
// --override-ini) setting's OPTS in its place: the options pytest reads
// from it, as from its configuration's addopts.
func pytestOverridden(words []field) []field {
	var out []field
	for i := 0; i < len(words); i++ {
		v := words[i].Value
		if v == "--" {
			return append(out, words[i:]...)
		}
		opt, val, eq := strings.Cut(v, "=")
		if !eq && (v == "-o" || v == "--override-ini") && i+1 < len(words) {
			i++
			opt, val, eq = v, words[i].Value, true
			if words[i].Dynamic {
				out = append(out, words[i-1], words[i])
				continue
			}
		}
		setting, opts, _ := strings.Cut(val, "=")
		if !eq || opt != "-o" && opt != "--override-ini" || strings.TrimSpace(setting) != "addopts" {
			out = append(out, words[i])
			continue
		}
		for _, o := range strings.Fields(opts) {
			out = append(out, field{Word: Word{Value: o, Dynamic: words[i].Dynamic}})
		}
	}
	return out
}

// pytestRun reports c runs pytest: pytest, py.test, python3 -m pytest.
func pytestRun(c *Command, args []field) bool {
	p := program(c.Name)
	return p == "pytest" || p == "py.test" || interpreter(c.Name) == "python" && moduleRunner(args) == "pytest"
}

// pytestBasetemp follows pytest's --basetemp DIR (from the line, its
// PYTEST_ADDOPTS, or the addopts of a configuration the session wrote):
// pytest deletes DIR and all it holds before the run, so it is judged as
// rm -rf DIR is.
func (w *walker) pytestBasetemp(c *Command, args []field, cx ctx) {
	if !pytestRun(c, args) {
		return
	}
	if interpreter(c.Name) == "python" {
		i := slices.IndexFunc(args, func(a field) bool { return a.Value == "-m" })
		args = args[i+2:]
	}
	words := append(pytestEnvArgs(c), args...)
	for _, ini := range pytestInis {
		in, _, ok := w.fileInput(ini)
		if !ok {
			continue
		}
		if set, ok := pytestSettings(ini, in.Text); ok {
			var opts []field
			for _, o := range set["addopts"] {
				opts = append(opts, field{Word: Word{Value: o}})
			}
			words = append(opts, words...)
			break
		}
	}
	words = pytestOverridden(words)
	for i := 0; i < len(words); i++ {
		v := words[i].Value
		dir, dynamic := "", words[i].Dynamic
		switch {
		case v == "--":
			return
		case v == "--basetemp" && i+1 < len(words):
			i++
			dir, dynamic = words[i].Value, words[i].Dynamic
		case strings.HasPrefix(v, "--basetemp="):
			dir = strings.TrimPrefix(v, "--basetemp=")
		default:
			continue
		}
		switch {
		case dynamic && strings.Trim(dir, "$/{}._-~abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == "":
			// $HOME, ${TMPDIR}/pt: as rm -rf reads them
		case dynamic:
			dir = `"$PYTEST_BASETEMP"` // known only as it runs
		case dir == "":
			continue
		case strings.Trim(dir, "~/._-+:,@%=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "":
			dir = "'" + strings.ReplaceAll(dir, "'", `'\''`) + "'"
		}
		w.nested(c, "rm -rf -- "+dir, c.Name+" --basetemp", cx, false)
	}
}
