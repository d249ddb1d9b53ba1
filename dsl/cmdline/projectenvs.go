package cmdline

import (
	"encoding/json"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
)

// A project's development environment is set up by files a runner loads
// before any command the line names: a dotenv file (just's dotenv-load,
// Task's dotenv:, direnv's dotenv), a Nix shell (direnv's use nix / use
// flake) and a dev container (devcontainer.json). Each is read here as the
// command lines it amounts to, for the walk to judge as the runner's.

// startupFileVars are the variables naming a file a shell reads when it
// starts: bash -c reads $BASH_ENV, sh (bash as sh, ksh) reads $ENV.
var startupFileVars = []string{"BASH_ENV", "ENV"}

// loadsCode reports an environment variable whose value makes a program
// load or run other code (codeLoadingVars, envCommands).
var loadsCode = lazyRegexp(`^(?:` + codeLoadingVars + `|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS)$`)

// sourceVars are variables naming where packages come from or which
// machine runs the commands: a registry, index or module proxy (as the
// package-index-env-redirect rule lists them), the docker daemon
// (DOCKER_HOST=ssh://…, as docker -H) and the compose files read.
var sourceVars = lazyRegexp(`^(?i:npm_config_registry|yarn_npm_registry_server|yarn_registry|bun_config_registry)$|` +
	`^(?:(?:PIP|UV)_(?:INDEX_URL|EXTRA_INDEX_URL|FIND_LINKS|INDEX|DEFAULT_INDEX)|PIP_TRUSTED_HOST|UV_INSECURE_HOST|` +
	`GOPROXY|GOSUMDB|GOINSECURE|GONOSUMDB|GONOSUMCHECK|POETRY_REPOSITORIES_\w+_URL|CARGO_REGISTRIES_\w+_INDEX|` +
	`BUNDLE_MIRROR__\w+|DOCKER_HOST|CONTAINER_HOST|COMPOSE_FILE)$`)

// urlUserinfo is the user and password of a URL (group 1 its scheme).
var urlUserinfo = lazyRegexp(`(\b[A-Za-z][A-Za-z0-9+.-]*://)[^/@\s"']*@`)

// dotenvLines are the command lines a dotenv file's assignments amount
// to: export NAME=VALUE for each that changes what the runner's commands
// run (NODE_OPTIONS, LD_PRELOAD, PATH, a pager; loadsCode; a build's
// compiler or wrapper, toolVar) or where they fetch from or run
// (sourceVars: a registry, less its password, DOCKER_HOST), and for a
// start-up file of the shells the runner starts (BASH_ENV=./hook.sh),
// that file run, as the makefile reader has an exported BASH_ENV. Other
// settings (a port, a database URL, a token) run nothing and are left
// out: a token written into a line would be a secret in the command.
// Values are taken as the loaders take them: 'single quotes' literally,
// "double quotes" and bare values with $VAR put in; no loader runs $(…),
// so it is kept from running here too.
func dotenvLines(text string) []string {
	var exports, sourced []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || l[0] == '#' {
			continue
		}
		name, value, ok := strings.Cut(strings.TrimPrefix(l, "export "), "=")
		if name = strings.TrimSpace(name); !ok || !isName(name) || !loadsCode().MatchString(name) && !envCommands[name] && !toolVar(name) && !sourceVars().MatchString(name) {
			continue
		}
		word := dotenvWord(strings.TrimSpace(value))
		if sourceVars().MatchString(name) && !strings.HasPrefix(name, "DOCKER_") && !strings.HasPrefix(name, "CONTAINER_") {
			word = urlUserinfo().ReplaceAllString(word, "$1") // a registry's token is no part of where it points
		}
		exports = append(exports, "export "+name+"="+word)
		for _, v := range startupFileVars {
			if name == v && word != `""` {
				sourced = append(sourced, ". "+word)
			}
		}
	}
	return append(exports, sourced...)
}

// dotenvWord is a dotenv value as one shell word meaning what the
// loaders make of it.
func dotenvWord(v string) string {
	switch {
	case len(v) >= 2 && v[0] == '\'' && strings.IndexByte(v[1:], '\'') > 0:
		return shellQuote(v[1 : 1+strings.IndexByte(v[1:], '\'')])
	case len(v) >= 2 && v[0] == '"' && strings.LastIndexByte(v, '"') > 0:
		v = v[1:strings.LastIndexByte(v, '"')]
	default:
		if i := strings.Index(v, " #"); i >= 0 {
			v = strings.TrimSpace(v[:i]) // NAME=value # a comment
		}
		v = strings.ReplaceAll(v, `\ `, " ")
	}
	v = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`", "$(", `\$(`).Replace(v)
	return `"` + v + `"`
}

// readDotenv is dotenvLines of the dotenv file name, when the walk knows
// its text.
func (w *walker) readDotenv(name string) []string {
	in, _, ok := w.fileInput(name)
	if !ok || !in.Static {
		return nil
	}
	return dotenvLines(in.Text)
}

// direnvText is an .envrc's text (at dir) with the calls of direnv's
// standard library that load a project's file written as what they run:
// dotenv and dotenv_if_exists as the file's exports (not a read of a
// secret: a project's own .env is what most .envrc files load), use nix
// as nix-shell and use flake as nix develop, whose shellHook the walk
// reads.
func (w *walker) direnvText(dir, text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "dotenv", "dotenv_if_exists":
			file := ".env"
			if len(f) > 1 {
				file = strings.Trim(f[1], `"'`)
			}
			lines[i] = strings.Join(w.readDotenv(path.Join(dir, file)), "\n")
		case "use", "use_nix", "use_flake":
			kind, rest := strings.TrimPrefix(f[0], "use_"), f[1:]
			if kind == "use" && len(rest) > 0 {
				kind, rest = rest[0], rest[1:]
			}
			cmd := map[string]string{"nix": "nix-shell", "flake": "nix develop"}[kind]
			if cmd == "" {
				continue
			}
			if dir != "." && dir != "" {
				cmd = "cd " + shellQuote(dir) + " && " + cmd
			}
			lines[i] = strings.Join(append([]string{cmd}, rest...), " ")
		}
	}
	return strings.Join(lines, "\n")
}

// direnvExecArgv is the command of direnv exec DIR CMD… (args after
// direnv), or nil for another subcommand or a word known only as it runs.
func direnvExecArgv(args []Word) []string {
	i := slices.IndexFunc(args, func(a Word) bool { return a.Value == "exec" })
	if i < 0 || i+2 >= len(args) {
		return nil
	}
	var argv []string
	for _, a := range args[i+2:] {
		if a.Dynamic {
			return nil
		}
		argv = append(argv, a.Value)
	}
	return argv
}

// runsProjectEnv reads what prog, a program starting a development
// environment, runs of the project's files; ok is false for another
// program, handled as for runsGiven.
func (w *walker) runsProjectEnv(prog string, c *Command, args []field, cx ctx) (handled, ok bool) {
	switch {
	case prog == "devcontainer":
		return w.runsDevcontainer(c, args, cx), true
	case vscodeEditors.has(prog):
		w.runsFolderOpenTasks(c, args, cx)
		return false, true
	}
	return false, false
}

// vscodeEditors are VS Code and its forks, which run a folder's
// .vscode/tasks.json tasks marked runOn folderOpen when they open it.
var vscodeEditors = set("code", "code-insiders", "codium", "vscodium", "cursor", "windsurf")

// runsFolderOpenTasks reads the tasks VS Code runs as it opens a folder
// the line names (code ., code DIR): those whose runOptions.runOn is
// folderOpen. VS Code runs them once the workspace is trusted (a folder
// below a trusted one is) and task.allowAutomaticTasks is on, neither of
// which hguard can see; so they are read as run.
func (w *walker) runsFolderOpenTasks(c *Command, args []field, cx ctx) {
	for _, a := range args {
		if a.Dynamic || strings.HasPrefix(a.Value, "-") {
			continue
		}
		name := path.Join(a.Value, ".vscode/tasks.json")
		in, via, ok := w.fileInput(name)
		if !ok || !in.Static {
			continue
		}
		for _, l := range folderOpenTasks(in.Text) {
			w.nestedAt(c, a.Value, l, c.Name+" "+via, cx)
		}
	}
}

// folderOpenTasks are the command lines of a tasks.json's tasks that run
// when the folder opens: a shell task's command and args as one line, a
// process task's as an argv.
func folderOpenTasks(text string) []string {
	var cfg struct {
		Tasks []struct {
			Type       string `json:"type"`
			Command    any    `json:"command"`
			Args       []any  `json:"args"`
			RunOptions struct {
				RunOn string `json:"runOn"`
			} `json:"runOptions"`
		} `json:"tasks"`
	}
	if json.Unmarshal([]byte(stripJSONComments(text)), &cfg) != nil {
		return nil
	}
	var out []string
	for _, t := range cfg.Tasks {
		cmd, _ := t.Command.(string)
		if t.RunOptions.RunOn != "folderOpen" || cmd == "" {
			continue
		}
		words := []string{cmd}
		if t.Type == "process" {
			words[0] = shellQuote(cmd)
		}
		for _, a := range devcontainerStrings(t.Args) {
			if t.Type == "process" {
				a = shellQuote(a)
			}
			words = append(words, a)
		}
		out = append(out, strings.Join(words, " "))
	}
	return out
}

// devcontainerFiles are where the Dev Containers CLI looks for a
// workspace's configuration.
var devcontainerFiles = []string{".devcontainer/devcontainer.json", ".devcontainer.json"}

// devcontainerLifecycle are the commands a dev container runs inside it,
// in order, once built and started.
var devcontainerLifecycle = []string{"onCreateCommand", "updateContentCommand", "postCreateCommand", "postStartCommand", "postAttachCommand"}

// runsDevcontainer reads what devcontainer up (build, run-user-commands)
// runs of the workspace's devcontainer.json: initializeCommand on this
// machine, as a line of its own; its Dockerfile's build as docker build;
// the container as the docker run it is,
// with the configuration's mounts and runArgs, running the lifecycle
// commands; a compose-based one as docker compose up of its files.
func (w *walker) runsDevcontainer(c *Command, args []field, cx ctx) bool {
	sub, dir := "", "."
	for i, a := range args {
		switch {
		case a.Value == "--workspace-folder" && i+1 < len(args):
			dir = args[i+1].Value
		case strings.HasPrefix(a.Value, "--workspace-folder="):
			dir = strings.TrimPrefix(a.Value, "--workspace-folder=")
		case sub == "" && !strings.HasPrefix(a.Value, "-") && (i == 0 || args[i-1].Value != "--workspace-folder"):
			sub = a.Value
		}
	}
	if sub != "up" && sub != "build" && sub != "run-user-commands" && sub != "set-up" {
		return false
	}
	for _, f := range devcontainerFiles {
		name := path.Join(dir, f)
		in, via, ok := w.fileInput(name)
		if !ok {
			continue
		}
		if !in.Static {
			c.Untrusted = "dynamic"
			return true
		}
		via = c.Name + " " + via
		for _, l := range devcontainerLines(in.Text, dir, path.Dir(name), sub) {
			w.nestedAt(c, dir, l, via, cx)
		}
		return true
	}
	return false
}

// devcontainerLines are the command lines a devcontainer.json (JSON with
// comments) amounts to for sub, its workspace at dir and the file in
// confDir.
func devcontainerLines(text, dir, confDir, sub string) []string {
	var cfg map[string]any
	if json.Unmarshal([]byte(stripJSONComments(text)), &cfg) != nil {
		return nil
	}
	expand := func(s string) string { return devcontainerVars(s, dir) }
	var out []string
	if sub != "run-user-commands" {
		out = append(out, devcontainerCommands(cfg["initializeCommand"], expand)...)
	}
	var inside []string
	for _, k := range devcontainerLifecycle {
		inside = append(inside, devcontainerCommands(cfg[k], expand)...)
	}
	if files := devcontainerStrings(cfg["dockerComposeFile"]); len(files) > 0 {
		words := []string{"docker", "compose"}
		for _, f := range files {
			words = append(words, "-f", shellQuote(path.Join(confDir, expand(f))))
		}
		out = append(out, strings.Join(append(words, "up", "-d"), " "))
		if service, _ := cfg["service"].(string); service != "" && len(inside) > 0 {
			out = append(out, strings.Join(words, " ")+" exec "+shellQuote(service)+" sh -c "+shellQuote(strings.Join(inside, "\n")))
		}
		return out
	}
	if build, _ := cfg["build"].(map[string]any); build != nil || cfg["dockerFile"] != nil {
		// the image is built from the configuration's Dockerfile first
		dockerfile, _ := cfg["dockerFile"].(string)
		context := "."
		if build != nil {
			dockerfile, _ = build["dockerfile"].(string)
			context, _ = build["context"].(string)
		}
		if dockerfile != "" {
			out = append(out, "docker build -f "+shellQuote(path.Join(confDir, expand(dockerfile)))+" "+shellQuote(path.Join(confDir, expand(cmpOr(context, ".")))))
		}
	}
	words := []string{"docker", "run", "--rm", "-v", `"$PWD":/workspaces/project`}
	mounts, _ := cfg["mounts"].([]any)
	for _, m := range mounts {
		switch m := m.(type) {
		case string:
			words = append(words, "--mount", devcontainerWord(expand(m)))
		case map[string]any:
			var parts []string
			for _, k := range []string{"type", "source", "target"} {
				if v, _ := m[k].(string); v != "" {
					parts = append(parts, k+"="+expand(v))
				}
			}
			words = append(words, "--mount", devcontainerWord(strings.Join(parts, ",")))
		}
	}
	for _, a := range devcontainerStrings(cfg["runArgs"]) {
		words = append(words, devcontainerWord(expand(a)))
	}
	if p, _ := cfg["privileged"].(bool); p {
		words = append(words, "--privileged")
	}
	image, _ := cfg["image"].(string)
	words = append(words, shellQuote(cmpOr(image, "devcontainer")))
	if len(inside) > 0 {
		words = append(words, "sh", "-c", shellQuote(strings.Join(inside, "\n")))
	}
	return append(out, strings.Join(words, " "))
}

// devcontainerCommands are a lifecycle property's command lines: a string
// runs in a shell, an array is one argv, an object's values run in
// parallel (each a string or an array).
func devcontainerCommands(v any, expand func(string) string) []string {
	switch v := v.(type) {
	case string:
		return []string{expand(v)}
	case []any:
		var words []string
		for _, s := range devcontainerStrings(v) {
			words = append(words, shellQuote(expand(s)))
		}
		return []string{strings.Join(words, " ")}
	case map[string]any:
		var out []string
		for _, k := range slices.Sorted(maps.Keys(v)) {
			out = append(out, devcontainerCommands(v[k], expand)...)
		}
		return out
	}
	return nil
}

// devcontainerStrings is a property given as a string or an array of them.
func devcontainerStrings(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, s := range v {
			if s, ok := s.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// devcontainerVars puts the shell's spelling for devcontainer.json's
// variables into s: ${localEnv:HOME} is $HOME, ${localEnv:X:default} is
// ${X:-default}, ${localWorkspaceFolder} is the workspace on this machine.
func devcontainerVars(s, dir string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		j := strings.IndexByte(s[max(i, 0):], '}')
		if i < 0 || j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		name := s[i+2 : i+j]
		s = s[i+j+1:]
		switch kind, rest, _ := strings.Cut(name, ":"); kind {
		case "localEnv", "env":
			v, def, ok := strings.Cut(rest, ":")
			if ok {
				b.WriteString("${" + v + ":-" + def + "}")
			} else {
				b.WriteString("${" + v + "}")
			}
		case "localWorkspaceFolder":
			if dir == "." || dir == "" {
				b.WriteString("$PWD")
			} else {
				b.WriteString(dir)
			}
		case "localWorkspaceFolderBasename":
			b.WriteString("project")
		case "containerWorkspaceFolder":
			b.WriteString("/workspaces/project")
		default:
			b.WriteString("${" + name + "}")
		}
	}
}

// devcontainerWord is a docker option's value as one shell word with its
// $VAR put in.
func devcontainerWord(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`").Replace(s) + `"`
}

// stripJSONComments is JSON with comments (// and /* */ outside strings)
// and trailing commas as plain JSON.
func stripJSONComments(text string) string {
	return jsonScan(jsonScan(text, true), false)
}

// jsonScan copies text, its strings as they are, leaving out the comments
// (comments set) or else the commas before a closing bracket.
func jsonScan(text string, comments bool) string {
	var b strings.Builder
	inString := false
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case inString:
			b.WriteByte(ch)
			if ch == '\\' && i+1 < len(text) {
				i++
				b.WriteByte(text[i])
			} else if ch == '"' {
				inString = false
			}
		case ch == '"':
			inString = true
			b.WriteByte(ch)
		case comments && strings.HasPrefix(text[i:], "//"):
			for i+1 < len(text) && text[i+1] != '\n' {
				i++
			}
		case comments && strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				i = len(text)
			} else {
				i += end + 3 // the comment's last byte
			}
			b.WriteByte(' ')
		case !comments && ch == ',':
			if rest := strings.TrimLeft(text[i+1:], " \t\r\n"); rest == "" || rest[0] != '}' && rest[0] != ']' {
				b.WriteByte(ch)
			}
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// setDotenv reads a set line's dotenv settings: dotenv-load loads .env,
// dotenv-filename and dotenv-path name another file and load it too.
func (jf *justfile) setDotenv(setting string) {
	name, v, _ := strings.Cut(setting, ":=")
	v = strings.Trim(strings.TrimSpace(v), `"'`)
	switch strings.TrimSpace(name) {
	case "dotenv-load":
		if v == "" || v == "true" {
			jf.dotenv = cmpOr(jf.dotenv, ".env")
		}
	case "dotenv-filename", "dotenv-path":
		if v != "" {
			jf.dotenv = v
		}
	}
}

// taskDotenv are the exports of the dotenv files a Taskfile (file, its
// text; read gives a file's text) names in dotenv:, which task loads
// into every task's environment, relative to the Taskfile.
func taskDotenv(read func(string) (string, bool), file, text, runDir string) []taskLine {
	var out []taskLine
	for _, n := range parseYAML(text).get("dotenv").list() {
		if env, ok := read(path.Join(path.Dir(file), n.text())); ok {
			for _, l := range dotenvLines(env) {
				out = append(out, taskLine{dir: cmpOr(runDir, "."), text: l})
			}
		}
	}
	return out
}

// preCommitRemotes are the installs a .pre-commit-config.yaml's hook
// repositories off the public forges amount to: pre-commit clones each
// repo: URL and installs and runs its hooks, as pip install git+URL would
// (package-from-url asks it for a server a poisoned project names; the
// forges stay quiet, as in a requirements file).
func preCommitRemotes(text string) []string {
	var out []string
	for _, repo := range yamlListUnder(text, "", "repo") {
		if strings.Contains(repo, "://") && !forgeURL(repo) {
			out = append(out, "pip install "+shellQuote("git+"+repo))
		}
	}
	return out
}

// setHooks are the hook files a git config line (args after config, git
// -C dir) points core.hooksPath at, every hook git runs by name: setting
// it installs them for the commands after it (a project's make setup or
// npm prepare running git config core.hooksPath .githooks), so what they
// do is read as the line's, beyond the ask of the setting itself, which
// a project's own files are spared (project.go's projectBusiness).
func setHooks(dir string, args []field) []string {
	for i, a := range args {
		if a.Dynamic {
			return nil
		}
		if strings.EqualFold(a.Value, "core.hooksPath") && i+1 < len(args) && !args[i+1].Dynamic && !strings.HasPrefix(args[i+1].Value, "-") {
			var out []string
			for _, h := range allGitHooks() {
				out = append(out, path.Join(dir, args[i+1].Value, h))
			}
			return out
		}
	}
	return nil
}

// allGitHooks are the hooks of gitRunsHooks, each once.
var allGitHooks = sync.OnceValue(func() []string {
	var out []string
	for _, hooks := range gitRunsHooks {
		out = append(out, hooks...)
	}
	slices.Sort(out)
	return slices.Compact(out)
})
