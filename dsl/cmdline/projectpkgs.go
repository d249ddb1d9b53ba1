package cmdline

import (
	"encoding/json"
	"io"
	"path"
	"slices"
	"strings"
)

// The code a package manager runs from the project's other packages and
// from files its manifest names besides the scripts the root manifest
// holds (red team rt63): a local dependency's or a workspace's install
// scripts (npm, yarn, pnpm, bun), a yarn plugin, a bin in
// node_modules/.bin that yarn, pnpm and bun run by name, the hooks a git
// config core.hooksPath points git at, a virtual environment's .pth
// files, an in-tree build backend run by the tools that build the project,
// a path gem's gemspec, a composer callback's class. Each is read as the
// other project files are: when the line or the session wrote it or, for
// an agent, when it is the project's own; a missing or unreadable file is
// no finding. Local packages are followed one level, inside the project.

// runsProjectPackages follows the code the program c runs from the
// project's packages and manifests, beyond the root manifest's scripts
// (buildRunsEarlier's).
func (w *walker) runsProjectPackages(c *Command, args []field, cx ctx) {
	prog := program(c.Name)
	switch {
	case packageRunners.has(prog):
		w.runsLocalPackages(c, prog, args, cx)
		if prog == "yarn" {
			w.runsYarnPlugins(c, cx)
		}
	case prog == "git":
		w.runsHooksPathSet(c, args, cx)
	case prog == "bundle" || prog == "bundler":
		w.runsPathGems(c, args, cx)
	case prog == "composer":
		w.runsComposerCallbacks(c, args, cx)
	}
	if dir, tests := pythonProjectBuild(c, args); dir != "" {
		w.runsBuildBackend(c, dir, cx)
		if tests {
			w.nested(c, "pytest", c.Name+" test runs pytest", cx, false)
		}
	}
	w.runsVenvStartup(c, cx)
}

// maxLocalPackages bounds the local packages whose manifests are read.
const maxLocalPackages = 16

// runsLocalPackages follows the install scripts of the packages an
// install builds from the project itself: its file: and link:
// dependencies and its workspaces (package.json's workspaces,
// pnpm-workspace.yaml's packages), each read after the root's; and the
// node_modules/.bin file yarn, pnpm and bun run for a name that is no
// script (yarn gen-docs).
func (w *walker) runsLocalPackages(c *Command, prog string, args []field, cx ctx) {
	names, known := packageScripts(prog, args)
	top, _, _ := runnerDir(prog, args)
	if strings.ContainsAny(top, "$`") {
		return
	}
	root, ok := w.packageIn(path.Join(".", top))
	if !ok {
		return
	}
	if known && len(names) == 3 && names[0] == "pre"+names[1] && prog != "npm" && root.Scripts[names[1]] == nil {
		w.runsPackageBinNamed(c, path.Join(".", top), names[1], cx)
	}
	if !known || !slices.Contains(names, "postinstall") {
		return
	}
	manifest := w.knownText(path.Join(".", top, "package.json"))
	for _, dir := range localPackageDirs(manifest, w.knownText(path.Join(".", top, "pnpm-workspace.yaml"))) {
		dir = path.Join(".", top, dir)
		text := w.knownText(path.Join(dir, "package.json"))
		via := c.Name + " " + path.Join(dir, "package.json") + ", a local package it installs"
		runDir := dir
		if strings.ContainsAny(dir, "*?[") {
			runDir = "$" // one of the glob's matches
		}
		for _, pkg := range jsonObjects(text) {
			for _, line := range packageScriptLines(pkg, installScripts, true) {
				w.nestedAt(c, runDir, line, via, cx)
			}
		}
	}
}

// runsPackageBinNamed follows yarn NAME, pnpm NAME and bun run NAME for a
// NAME that is no script of the package in dir: they run
// node_modules/.bin/NAME.
func (w *walker) runsPackageBinNamed(c *Command, dir, name string, cx ctx) {
	if name == "" || strings.ContainsAny(name, "/$`*?[") {
		return
	}
	bin := "./" + path.Join(dir, "node_modules/.bin", name)
	if _, _, ok := w.fileInput(bin); ok {
		w.nested(c, bin, c.Name+" "+name+" runs "+bin, cx, false)
	}
}

// localPackageDirs are the directories of the local packages a
// package.json's install builds: file:, link: and (yarn's) portal:
// dependencies and its workspaces (patterns, as written), then
// pnpm-workspace.yaml's; those leaving the project are left out.
func localPackageDirs(manifest, pnpmWorkspace string) []string {
	var pkg struct {
		Dependencies         map[string]any  `json:"dependencies"`
		DevDependencies      map[string]any  `json:"devDependencies"`
		OptionalDependencies map[string]any  `json:"optionalDependencies"`
		Workspaces           json.RawMessage `json:"workspaces"`
	}
	if json.Unmarshal([]byte(manifest), &pkg) != nil {
		return nil
	}
	var dirs []string
	for _, deps := range []map[string]any{pkg.Dependencies, pkg.DevDependencies, pkg.OptionalDependencies} {
		for _, v := range deps {
			s, _ := v.(string)
			for _, protocol := range []string{"file:", "link:", "portal:"} {
				if dir, ok := strings.CutPrefix(s, protocol); ok {
					dirs = append(dirs, dir)
				}
			}
		}
	}
	var globs []string
	if json.Unmarshal(pkg.Workspaces, &globs) != nil {
		var yarnClassic struct {
			Packages []string `json:"packages"`
		}
		_ = json.Unmarshal(pkg.Workspaces, &yarnClassic)
		globs = yarnClassic.Packages
	}
	dirs = append(dirs, globs...)
	dirs = append(dirs, yamlList(pnpmWorkspace, "packages")...)
	var out []string
	for _, d := range dirs {
		d = path.Clean(strings.TrimSuffix(d, "/**"))
		if d == "." || strings.HasPrefix(d, "!") || !under(d, ".") || strings.HasSuffix(d, ".tgz") || slices.Contains(out, d) {
			continue
		}
		out = append(out, d)
	}
	slices.Sort(out)
	return out[:min(len(out), maxLocalPackages)]
}

// jsonObjects are the JSON objects text holds one after another (a glob's
// matches read together), each as its text; a broken one ends them.
func jsonObjects(text string) []string {
	dec := json.NewDecoder(strings.NewReader(text))
	var out []string
	for len(out) < maxLocalPackages {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			if err != io.EOF {
				return out
			}
			break
		}
		out = append(out, string(raw))
	}
	return out
}

// yamlList is the block list under a top-level YAML key, its items
// unquoted ("packages:\n  - 'apps/*'" is apps/*); an item that is a map
// gives its path: value (.yarnrc.yml's plugins: - path: x.cjs).
func yamlList(text, key string) []string {
	var out []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
		case line[0] != ' ' && line[0] != '\t' && line[0] != '-':
			in = strings.TrimSpace(strings.TrimSuffix(trimmed, ":")) == key && strings.HasSuffix(trimmed, ":")
		case in && strings.HasPrefix(trimmed, "-"):
			item := strings.TrimSpace(strings.TrimPrefix(trimmed, "-"))
			if k, v, ok := strings.Cut(item, ":"); ok && !strings.ContainsAny(k, `'"`) {
				if strings.TrimSpace(k) != "path" {
					continue // a map item's other key: its path may follow
				}
				item = v
			}
			if item = unquoteYAML(strings.TrimSpace(item)); item != "" {
				out = append(out, item)
			}
		case in:
			// a map item's further keys: - spec: …\n    path: x.cjs
			if k, v, ok := strings.Cut(trimmed, ":"); ok && strings.TrimSpace(k) == "path" {
				out = append(out, unquoteYAML(strings.TrimSpace(v)))
			}
		}
	}
	return out
}

// runsYarnPlugins follows the plugins .yarnrc.yml names by path: yarn
// (berry) loads each, as Node code, at every command.
func (w *walker) runsYarnPlugins(c *Command, cx ctx) {
	for _, p := range yamlList(w.knownText(".yarnrc.yml"), "plugins") {
		if !nodeFile(p) || !under(p, ".") {
			continue
		}
		if _, _, ok := w.fileInput(p); ok {
			w.nested(c, "node "+shellQuote(p), c.Name+" loads the plugin "+p+" .yarnrc.yml names", cx, false)
		}
	}
}

// gitHookNames are the hooks git runs from a hooks directory.
var gitHookNames = []string{"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "pre-merge-commit", "post-merge",
	"pre-push", "post-checkout", "pre-rebase", "post-rewrite", "reference-transaction", "pre-auto-gc"}

// runsHooksPathSet follows git config core.hooksPath DIR (a project's
// npm prepare or make setup runs it): git then runs DIR's hooks at the
// commits, merges and pushes after it, which are read as run here.
func (w *walker) runsHooksPathSet(c *Command, args []field, cx ctx) {
	dir := ""
	for i, a := range args {
		if a.Dynamic {
			return
		}
		if strings.EqualFold(a.Value, "core.hooksPath") && i+1 < len(args) && slices.ContainsFunc(args[:i], func(a field) bool { return a.Value == "config" }) {
			dir = args[i+1].Value
			break
		}
	}
	if dir == "" || strings.HasPrefix(dir, "-") {
		return
	}
	for _, h := range gitHookNames {
		hook := path.Join(dir, h)
		if in, _, ok := w.fileInput(hook); ok {
			w.runText(c, in, shebangLang(in.Text), "git hook "+hook+" that core.hooksPath points git at", cx)
		}
	}
}

// gemPath matches a Gemfile's gem with a local path (gem 'x', path:
// 'vendor/x', or :path => "…"), and its gemspec directive.
var (
	gemPath     = lazyRegexp(`(?m)^\s*gem\s+[^\n#]*?(?:\bpath:|:path\s*=>)\s*['"]([^'"]+)['"]`)
	gemspecLine = lazyRegexp(`(?m)^\s*gemspec\b(?:[^\n#]*?(?:\bpath:|:path\s*=>)\s*['"]([^'"]+)['"])?`)
)

// runsPathGems follows the gemspecs of a Gemfile's path gems and its
// gemspec directive: Bundler evaluates each (Ruby) on every command that
// resolves the bundle (bundle install, bundle exec).
func (w *walker) runsPathGems(c *Command, args []field, cx ctx) {
	if len(args) > 0 && (args[0].Value == "help" || args[0].Value == "version" || args[0].Value == "--version" || args[0].Value == "init") {
		return
	}
	gemfile := w.knownText("Gemfile")
	var dirs []string
	for _, m := range gemPath().FindAllStringSubmatch(gemfile, maxLocalPackages) {
		dirs = append(dirs, m[1])
	}
	for _, m := range gemspecLine().FindAllStringSubmatch(gemfile, 4) {
		dirs = append(dirs, m[1]) // "": the Gemfile's own directory
	}
	seen := map[string]bool{}
	for _, d := range dirs {
		d = path.Clean(d)
		if seen[d] || !under(d, ".") {
			continue
		}
		seen[d] = true
		spec := path.Join(d, "*.gemspec")
		if in, _, ok := w.fileInput(spec); ok {
			w.runText(c, in, "ruby", c.Name+" evaluates "+spec+", a gem the Gemfile takes from a path", cx)
		}
	}
}

// phpCallback matches a composer script that is a PHP callback:
// Vendor\Class::method.
var phpCallback = lazyRegexp(`^\\?([A-Za-z_][\w\\]*)::\w+$`)

// runsComposerCallbacks follows the PHP callbacks of composer.json's
// scripts (App\Installer::run) to the files its own autoload's psr-4 and
// psr-0 map them to: composer loads the class and calls it. A callback of
// a dependency's class (Illuminate\…) lies in vendor/, not read here.
func (w *walker) runsComposerCallbacks(c *Command, args []field, cx ctx) {
	var manifest struct {
		Scripts  map[string]any `json:"scripts"`
		Autoload struct {
			PSR4 map[string]any `json:"psr-4"`
			PSR0 map[string]any `json:"psr-0"`
		} `json:"autoload"`
	}
	if json.Unmarshal([]byte(w.knownText("composer.json")), &manifest) != nil {
		return
	}
	var classes []string
	for _, v := range manifest.Scripts {
		list, ok := v.([]any)
		if !ok {
			list = []any{v}
		}
		for _, x := range list {
			if s, ok := x.(string); ok {
				if m := phpCallback().FindStringSubmatch(strings.TrimSpace(s)); m != nil && !slices.Contains(classes, m[1]) {
					classes = append(classes, m[1])
				}
			}
		}
	}
	slices.Sort(classes)
	for _, class := range classes[:min(len(classes), maxLocalPackages)] {
		for _, file := range psrFiles(class, manifest.Autoload.PSR4, manifest.Autoload.PSR0) {
			if in, _, ok := w.fileInput(file); ok {
				w.runText(c, in, "php", c.Name+" calls "+class+" in "+file+", a script's callback", cx)
				break
			}
		}
	}
}

// psrFiles are the files PSR-4 and PSR-0 autoload maps a class to: the
// prefix's directories (one or a list) with the rest of the name as its
// path; those leaving the project are left out.
func psrFiles(class string, psr4, psr0 map[string]any) []string {
	dirsOf := func(v any) []string {
		switch d := v.(type) {
		case string:
			return []string{d}
		case []any:
			var out []string
			for _, x := range d {
				if s, ok := x.(string); ok {
					out = append(out, s)
				}
			}
			return out
		}
		return nil
	}
	var out []string
	add := func(dir, rel string) {
		if f := path.Join(dir, rel+".php"); under(f, ".") {
			out = append(out, f)
		}
	}
	for prefix, v := range psr4 {
		if rest, ok := strings.CutPrefix(class, prefix); ok && (prefix == "" || strings.HasSuffix(prefix, `\`)) {
			for _, d := range dirsOf(v) {
				add(d, strings.ReplaceAll(rest, `\`, "/"))
			}
		}
	}
	for prefix, v := range psr0 {
		if strings.HasPrefix(class, prefix) {
			for _, d := range dirsOf(v) {
				add(d, strings.ReplaceAll(class, `\`, "/"))
			}
		}
	}
	slices.Sort(out)
	return out
}

// pythonBuilders are the Python project tools and the subcommands of each
// that build and install the project where they run, and so import its
// build backend (pip install . is pipFiles'); "" stands for the program
// alone.
var pythonBuilders = map[string]*names{
	"uv":     set("sync", "run", "build"),
	"poetry": set("install", "build", "sync"),
	"pdm":    set("install", "sync", "build"),
	"hatch":  set("build", "run", "test", "shell"),
	"rye":    set("sync", "build"),
	"flit":   set("build", "install"),
}

// pythonProjectBuild is the directory of the Python project a line
// builds ("" for none): python3 -m build [DIR], uv sync, uv run, poetry
// install, pdm install, hatch build (where they run, or the directory an
// option names: uv --directory, poetry -C, pdm -p); tests says it then
// runs its tests as pytest does (hatch test). uv run --no-project and
// poetry install --no-root build none.
func pythonProjectBuild(c *Command, args []field) (dir string, tests bool) {
	if interpreter(c.Name) == "python" {
		for i, a := range args {
			if a.Value == "-m" && i+1 < len(args) {
				if args[i+1].Value != "build" {
					return "", false
				}
				return buildSourceDir(args[i+2:]), false
			}
			if !strings.HasPrefix(a.Value, "-") {
				return "", false
			}
		}
		return "", false
	}
	prog := program(c.Name)
	subs, ok := pythonBuilders[prog]
	if !ok {
		return "", false
	}
	sub, dir := "", "."
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Dynamic:
			return "", false
		case a.Value == "--no-project" || a.Value == "--no-root" || a.Value == "--no-sync" || a.Value == "--no-self" || a.Value == "--script":
			return "", false
		case projectDirOptions.has(a.Value) && i+1 < len(args):
			i++
			dir = args[i].Value
			if args[i].Dynamic {
				return "", false
			}
		case strings.HasPrefix(a.Value, "--directory=") || strings.HasPrefix(a.Value, "--project="):
			_, dir, _ = strings.Cut(a.Value, "=")
		case sub == "" && !strings.HasPrefix(a.Value, "-"):
			sub = a.Value
		}
	}
	if !subs.has(sub) {
		return "", false
	}
	return dir, prog == "hatch" && sub == "test"
}

// projectDirOptions name the project's directory for the tools of
// pythonBuilders: uv's --directory and --project, poetry's -C
// (--directory), pdm's -p (--project).
var projectDirOptions = set("--directory", "--project", "-C", "-p")

// buildSourceDir is the source directory python3 -m build is given (its
// first operand), "." when none; "" when it is known only as it runs.
func buildSourceDir(args []field) string {
	for i := 0; i < len(args); i++ {
		switch v := args[i].Value; {
		case args[i].Dynamic:
			return ""
		case v == "-o" || v == "--outdir" || v == "-C" || v == "--config-setting" || v == "--installer":
			i++ // its value
		case !strings.HasPrefix(v, "-"):
			return v
		}
	}
	return "."
}

// runsBuildBackend follows the build of the project in dir
// (projectBuild): its setup.py and an in-tree build backend, Python the
// tool imports.
func (w *walker) runsBuildBackend(c *Command, dir string, cx ctx) {
	if strings.ContainsAny(dir, "$`") {
		return
	}
	for _, f := range w.projectBuild(dir) {
		if in, _, ok := w.fileInput(f); ok {
			w.runText(c, in, "python", c.Name+" builds the project: "+f, cx)
		}
	}
}

// venvBin matches a virtual environment's program path (.venv/bin/python,
// env/bin/pytest), the environment's directory first.
var venvBin = lazyRegexp(`^(.*?)/(?:bin|Scripts)/[^/]+$`)

// pthCode matches a .pth file's line that Python's site module runs as
// code at every start: one beginning import.
var pthCode = lazyRegexp(`(?m)^import[ \t].*$`)

// venvPrograms are the Python programs a virtual environment's bin holds
// as a rule, which its activation puts first on PATH.
var venvPrograms = set("pytest", "py.test", "pip", "pip3", "tox", "nox", "coverage", "mypy", "black", "flake8", "pylint", "ipython", "jupyter")

// runsVenvStartup follows the .pth files of the virtual environment whose
// Python c runs (.venv/bin/python, .venv/bin/pytest, or a Python program
// after source .venv/bin/activate put its bin on PATH): site runs their
// import lines at every start of its Python.
func (w *walker) runsVenvStartup(c *Command, cx ctx) {
	env := ""
	python := interpreter(c.Name) == "python" || venvPrograms.has(c.Name)
	if m := venvBin().FindStringSubmatch(c.Path); m != nil && m[1] != "" && (python || !path.IsAbs(m[1])) {
		env = m[1]
	} else if c.Path == c.Name && python {
		for _, d := range w.line.PathDirs {
			if m := venvBin().FindStringSubmatch(d + "/x"); m != nil && m[1] != "" {
				env = m[1]
				break
			}
		}
	}
	if env == "" || strings.ContainsAny(env, "$`*?[") {
		return
	}
	pth := path.Join(env, "lib/python*/site-packages/*.pth")
	in, _, ok := w.fileInput(pth)
	if !ok || !in.Static {
		return
	}
	code := strings.Join(pthCode().FindAllString(in.Text, 64), "\n")
	if code != "" {
		w.runCode(c, "python", field{Word: Word{Value: code}}, c.Name+" starts Python, which runs "+pth, cx)
	}
}

// followTestImports reads the modules test files a runner collects by a
// pattern (jest's ./**/*.test.js) require by relative path: text holds
// the matches one after another, each resolved from the directories they
// lie in (a src/util.test.js requiring ./util runs src/util.js), and the
// modules those require in turn (followNodeImports). A file the runner
// loads by its own name is followNodeImports' alone.
func (w *walker) followTestImports(c *Command, file, text string, cx ctx) {
	dirs := []string{path.Dir(file)}
	if strings.Contains(file, "/**") {
		dirs = w.earlierDirs[w.at(file)]
	}
	seen := map[string]bool{}
	for _, m := range nodeImports().FindAllStringSubmatch(text, maxImports) {
		for _, d := range dirs[:min(len(dirs), maxTestDirs)] {
			for _, cand := range nodeModuleFiles(path.Join(d, m[1])) {
				if seen[cand] {
					break
				}
				in, via, ok := w.fileInput(cand)
				if !ok {
					continue
				}
				seen[cand] = true
				w.runText(c, in, "node", via+", required by a test", cx)
				w.followNodeImports(c, cand, cx)
				break
			}
		}
	}
}
