package cmdline

import (
	"encoding/json"
	"fmt"
	"iter"
	"maps"
	"path"
	"slices"
	"strings"
)

// The code a project's runner executes that its line does not name: npm's
// default start (node server.js), a package's bin run by npx or npm exec,
// the modules a Node file requires by relative path, cargo's build
// scripts. Each is read as the files runsScriptDir reads are: when the
// line or the session wrote it, or, for an agent, when it is the project's
// own (the second reading, docs/approvals.md).

// runsPackageCode follows the code a package runner or cargo starts from
// the project's files: npm start's server.js, a package's bin, a crate's
// build script.
func (w *walker) runsPackageCode(c *Command, args []field, cx ctx) {
	prog := program(c.Name)
	switch {
	case prog == "cargo":
		w.runsCargoBuild(c, args, cx)
		w.runsCargoCode(c, args, cx)
	case projectBuilds.has(prog):
		w.runsProjectBuild(c, prog, args, cx)
	case prog == "npm" || prog == "pnpm":
		w.runsNpmStart(c, prog, args, cx)
	case len(c.Wrappers) > 0 && packageExecs.has(c.Wrappers[len(c.Wrappers)-1].Name):
		w.runsPackageBin(c, cx)
	}
}

// packageExecs are the wrappers that run a package's bin by its name, or
// the package in a directory (npx .): npx, npm exec (npm x), pnpm exec,
// yarn exec. pnpm dlx and bunx fetch the package they are named.
var packageExecs = set("npx", "npm exec", "npm x", "pnpm exec", "yarn exec")

// packageJSON is what a package.json says about the code its package
// runs.
type packageJSON struct {
	Name    string          `json:"name"`
	Main    string          `json:"main"`
	Bin     json.RawMessage `json:"bin"`
	Scripts map[string]any  `json:"scripts"`
}

// packageIn reads dir's package.json, when fileInput knows it whole.
func (w *walker) packageIn(dir string) (packageJSON, bool) {
	var pkg packageJSON
	in, _, ok := w.fileInput(path.Join(dir, "package.json"))
	if !ok || !in.Static || json.Unmarshal([]byte(in.Text), &pkg) != nil {
		return packageJSON{}, false
	}
	return pkg, true
}

// bins are a package's commands and the files they run: bin as a map, or
// as one file run by the package's name (without its scope).
func (p packageJSON) bins() map[string]string {
	var one string
	if json.Unmarshal(p.Bin, &one) == nil && one != "" {
		name := p.Name
		if i := strings.LastIndexByte(name, '/'); i >= 0 {
			name = name[i+1:]
		}
		return map[string]string{name: one}
	}
	var m map[string]string
	if json.Unmarshal(p.Bin, &m) != nil {
		return nil
	}
	return m
}

// runsNpmStart follows npm start (and pnpm start) in a package with no
// start script and a server.js: npm runs node server.js.
func (w *walker) runsNpmStart(c *Command, prog string, args []field, cx ctx) {
	dir, sub := ".", ""
	for i := 0; i < len(args) && sub == ""; i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return
		case (v == "--prefix" || prog == "pnpm" && (v == "-C" || v == "--dir")) && i+1 < len(args):
			dir = args[i+1].Value
			i++
		case strings.HasPrefix(v, "--prefix=") || strings.HasPrefix(v, "--dir="):
			_, dir, _ = strings.Cut(v, "=")
		case strings.HasPrefix(v, "-"):
		default:
			sub = v
		}
	}
	if sub != "start" {
		return
	}
	if pkg, ok := w.packageIn(dir); !ok || pkg.Scripts["start"] != nil {
		return // no package, or its start script: buildRunsEarlier's
	}
	server := path.Join(dir, "server.js")
	if _, _, ok := w.fileInput(server); ok {
		w.nested(c, "node "+shellQuote(server), c.Name+" start runs node "+server, cx, false)
	}
}

// runsPackageBin follows npx NAME, npm exec -- NAME and the like when NAME
// is a bin of the package where it runs, or is "." or a directory holding
// a package (npx .): the bin's file runs, as Node code unless its #! line
// names another interpreter.
func (w *walker) runsPackageBin(c *Command, cx ctx) {
	name, dir := c.Name, "."
	if c.Dynamic || name == "" {
		return
	}
	if name == "." || strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") || strings.HasPrefix(name, "/") {
		dir, name = name, ""
	}
	pkg, ok := w.packageIn(dir)
	if !ok && name == "" {
		return
	}
	bins := pkg.bins()
	var files []string
	switch {
	case name != "":
		if f, ok := bins[name]; ok {
			files = append(files, f)
		} else if !strings.Contains(name, "/") && !strings.Contains(name, "@") {
			// npx jest runs the project's node_modules/.bin/jest before
			// any registry package of that name: a poisoned repository
			// may commit one (red team rt63)
			files = append(files, "node_modules/.bin/"+name)
		}
	case len(bins) > 0:
		// npx . runs the bin named as the package, or its only one; any
		// of them when that is unclear
		for _, k := range slices.Sorted(maps.Keys(bins)) {
			files = append(files, bins[k])
		}
		if f, ok := bins[pkg.Name]; ok && len(files) > 1 {
			files = []string{f}
		}
	}
	for _, f := range files[:min(len(files), maxPackageBins)] {
		file := path.Join(dir, f)
		in, via, ok := w.fileInput(file)
		if !ok {
			continue
		}
		if lang := shebangLang(in.Text); strings.HasPrefix(in.Text, "#!") && lang != "node" {
			w.runText(c, in, lang, via, cx)
			continue
		}
		w.nested(c, "node "+shellQuote(file), c.Wrappers[len(c.Wrappers)-1].Name+" runs the bin "+file, cx, false)
	}
}

// maxPackageBins bounds the bins of a package read for npx . .
const maxPackageBins = 8

// nodeImports finds the modules Node code loads by a relative path:
// require("./x"), import("./x"), import … from "./x", import "./x",
// export … from "./x".
var nodeImports = lazyRegexp(`(?:\brequire\s*\(\s*|\bimport\s*\(\s*|\bfrom\s*|\bimport\s+)['"](\.{1,2}(?:/[^'"\n]*)?)['"]`)

// Bounds on the modules followed from one file: how deep the chain of
// requires goes, how many files are read and their bytes together.
const (
	maxImportDepth = 8
	maxImports     = 128
	maxImportBytes = 512 << 10
)

// followNodeImports reads the modules a Node file the line runs requires
// by relative path, resolved from that file's directory as Node resolves
// them (x, x.js, x.cjs, x.mjs, x/index.js), and theirs in turn, within
// maxImportDepth, maxImports and maxImportBytes: a payload in lib/ev.js
// that lib/index.js requires runs when node runs lib/index.js. More than
// the bounds allow is reported (an IssueLimit), not silently left.
func (w *walker) followNodeImports(c *Command, file string, cx ctx) {
	type mod struct {
		file  string
		depth int
	}
	seen := map[string]bool{path.Clean(file): true}
	queue := []mod{{file, 0}}
	read, size := 0, 0
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		in, _, ok := w.fileInput(m.file)
		if !ok || !in.Static || m.depth >= maxImportDepth {
			continue
		}
		for _, sub := range nodeImports().FindAllStringSubmatch(in.Text, -1) {
			for _, cand := range nodeModuleFiles(path.Join(path.Dir(m.file), sub[1])) {
				if seen[cand] {
					break
				}
				in, via, ok := w.fileInput(cand)
				if !ok {
					continue
				}
				seen[cand] = true
				if read, size = read+1, size+len(in.Text); read > maxImports || size > maxImportBytes {
					w.issue(IssueLimit, c.Pos, fmt.Sprintf("%d:%d: %s requires more modules by relative path than hguard reads (%d files, %d bytes); the rest were not read",
						c.Pos.Line, c.Pos.Col, file, maxImports, maxImportBytes))
					return
				}
				w.runText(c, in, "node", via+", required by "+m.file, cx)
				queue = append(queue, mod{cand, m.depth + 1})
				break
			}
		}
	}
}

// nodeModuleFiles are the files Node tries for a relative module p, in
// its order: p itself when it has a code file's extension, else p.js,
// p.cjs, p.mjs, p.ts (a TypeScript runner's), and p/index.js. JSON and
// native modules are not code read here.
func nodeModuleFiles(p string) []string {
	p = path.Clean(p)
	if nodeFile(p) {
		return []string{p}
	}
	if ext := path.Ext(p); ext == ".json" || ext == ".node" {
		return nil
	}
	return []string{p + ".js", p + ".cjs", p + ".mjs", p + ".ts", path.Join(p, "index.js"), path.Join(p, "index.mjs")}
}

// cargoBuilds are cargo's subcommands that compile a package, and so run
// its build script on the host first.
var cargoBuilds = set("build", "b", "check", "c", "test", "t", "run", "r", "bench", "clippy", "doc", "d", "rustc", "rustdoc", "fix", "install")

// runsCargoBuild follows a crate's build script, which cargo build, check,
// test and run compile and run on the host before the crate: build.rs
// where the package's Cargo.toml is (or the file its [package] build key
// names), and those of the members a [workspace] lists and of its path
// dependencies (cargoPathDeps), whose procedural macros (cargoProcMacro)
// run in the compiler too. Its Rust is read
// by pattern (langcalls.go): Command::new with its args, std::fs's
// deletes and writes of literal paths.
func (w *walker) runsCargoBuild(c *Command, args []field, cx ctx) {
	dir, builds := ".", false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return
		case v == "--manifest-path" && i+1 < len(args):
			dir = path.Dir(args[i+1].Value)
			i++
		case strings.HasPrefix(v, "--manifest-path="):
			dir = path.Dir(strings.TrimPrefix(v, "--manifest-path="))
		case v == "install" && !slices.ContainsFunc(args, func(a field) bool { return a.Value == "--path" || strings.HasPrefix(a.Value, "--path=") }):
			return // cargo install NAME builds a crate fetched from a registry
		case v == "--path" && i+1 < len(args):
			dir = args[i+1].Value // cargo install --path DIR
			i++
		case strings.HasPrefix(v, "--path="):
			dir = strings.TrimPrefix(v, "--path=")
		case strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+"):
			if v == "--config" || v == "-Z" || v == "--color" {
				i++ // their values
			}
		case !builds && cargoBuilds.has(v):
			builds = true
		default:
			if !builds {
				return // another subcommand (cargo fmt, cargo add)
			}
		}
	}
	if !builds {
		return
	}
	dirs := []string{dir}
	if in, _, ok := w.fileInput(path.Join(dir, "Cargo.toml")); ok && in.Static {
		for _, m := range cargoMembers(in.Text) {
			dirs = append(dirs, path.Join(dir, m)) // crates/*: the reader matches the glob
		}
	}
	seen := map[string]bool{}
	for i := 0; i < len(dirs) && i < maxCargoMembers; i++ {
		d := path.Clean(dirs[i])
		if seen[d] {
			continue
		}
		seen[d] = true
		script, lib := "build.rs", ""
		if in, _, ok := w.fileInput(path.Join(d, "Cargo.toml")); ok && in.Static {
			if s, ok := cargoBuildScript(in.Text); ok {
				script = s
			}
			lib = cargoProcMacro(in.Text)
			for _, p := range cargoPathDeps(in.Text) {
				dirs = append(dirs, path.Join(d, p)) // its build script and macros run too
			}
		}
		if lib != "" {
			if in, via, ok := w.fileInput(path.Join(d, lib)); ok {
				w.runText(c, in, "rust", via+", a procedural macro cargo runs as it compiles", cx)
			}
		}
		if script == "" {
			continue // build = false
		}
		if in, via, ok := w.fileInput(path.Join(d, script)); ok {
			w.runText(c, in, "rust", via+", the build script cargo runs", cx)
		}
	}
}

// cargoPathDeps are the directories of a Cargo.toml's path dependencies
// (helper = { path = "helper" }, or path = "x" in a [dependencies.NAME]
// table), normal, dev, build and per target: cargo builds them first, and
// runs their build scripts and procedural macros on the host.
func cargoPathDeps(text string) []string {
	var out []string
	section := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			section = strings.Trim(line, "[] ")
			continue
		}
		deps := strings.HasSuffix(section, "dependencies") || strings.Contains(section, "dependencies.")
		if !deps {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		if strings.TrimSpace(k) == "path" && strings.Contains(section, "dependencies.") {
			out = append(out, unquoteYAML(strings.TrimSpace(v)))
			continue
		}
		if m := cargoInlinePath().FindStringSubmatch(v); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// cargoInlinePath is an inline table's path = "DIR".
var cargoInlinePath = lazyRegexp(`\bpath\s*=\s*["']([^"']+)["']`)

// cargoProcMacro is the source of a Cargo.toml's procedural macro library
// ([lib] proc-macro = true; its path, src/lib.rs by default), or "".
func cargoProcMacro(text string) string {
	macro, lib := false, "src/lib.rs"
	for k, v := range tomlKeys(text, "lib") {
		switch k {
		case "proc-macro", "proc_macro":
			macro = v == "true"
		case "path":
			lib = unquoteYAML(v)
		}
	}
	if !macro {
		return ""
	}
	return lib
}

// tomlKeys yields the trimmed keys and values of the one-line
// assignments in a TOML file's [section].
func tomlKeys(text, section string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		in := ""
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "[") {
				in = strings.Trim(line, "[] ")
				continue
			}
			k, v, ok := strings.Cut(line, "=")
			if ok && in == section && !yield(strings.TrimSpace(k), strings.TrimSpace(v)) {
				return
			}
		}
	}
}

// maxCargoMembers bounds the workspace members whose build scripts are read.
const maxCargoMembers = 16

// cargoBuildScript is the build script a Cargo.toml's [package] names
// (build = "x.rs"; "" for build = false); not ok when it names none.
func cargoBuildScript(text string) (string, bool) {
	for k, v := range tomlKeys(text, "package") {
		if k != "build" {
			continue
		}
		switch v {
		case "false":
			return "", true
		case "true":
			return "build.rs", true
		}
		return unquoteYAML(v), true
	}
	return "", false
}

// cargoMembers are the members a Cargo.toml's [workspace] lists
// (members = ["a", "crates/*"]).
func cargoMembers(text string) []string {
	section := ""
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if strings.HasPrefix(line, "[") && !strings.HasPrefix(line, "[\"") {
			section = strings.Trim(line, "[] ")
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || section != "workspace" || strings.TrimSpace(k) != "members" {
			continue
		}
		v = strings.TrimSpace(v)
		for tomlOpen(v) != "" && i+1 < len(lines) {
			i++
			v += "\n" + lines[i]
		}
		var out []string
		for _, q := range tomlString().FindAllStringSubmatch(v, -1) {
			out = append(out, q[1]+q[2])
		}
		return out
	}
	return nil
}
