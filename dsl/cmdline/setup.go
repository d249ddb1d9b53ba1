package cmdline

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// setupScript reports a command that prints its own tool's shell set-up
// for the shell to evaluate: eval "$(pyenv init -)", eval "$(ssh-agent
// -s)", eval $(minikube docker-env), source <(kubectl completion bash).
// What such output runs is the tool's own code, as trusted as running the
// tool, so evaluating it is no command hidden from hguard. Only the
// subcommands listed print set-up (not ssh-agent CMD or mise exec CMD,
// whose output is another program's), with static arguments, the program
// named bare or by an install directory's path.
func setupScript(c *Command) bool {
	if c.Dynamic || len(c.Wrappers) > 0 || !setupPath(c.Path) {
		return false
	}
	args := make([]string, 0, len(c.Args))
	for _, a := range c.Args {
		if a.Dynamic {
			return false
		}
		args = append(args, a.Value)
	}
	name := program(c.Name)
	if name == "minikube" && len(args) > 0 {
		// minikube -p PROFILE docker-env: the profile first
		if v, ok := strings.CutPrefix(args[0], "--profile="); ok && v != "" {
			args = args[1:]
		} else if (args[0] == "-p" || args[0] == "--profile") && len(args) > 1 {
			args = args[2:]
		}
	}
	if sub, ok := setupCommands[name]; ok {
		for _, s := range sub {
			if rest, ok := cutWords(args, s); ok && setupOptions(rest) {
				return true
			}
		}
	}
	switch name {
	case "ssh-agent":
		return !slices.ContainsFunc(args, func(a string) bool { return a != "-s" && a != "-c" })
	case "dircolors", "resize":
		return !slices.ContainsFunc(args, func(a string) bool { return a != "-b" && a != "-c" && a != "-s" })
	}
	if completers.has(name) && len(args) > 0 && (args[0] == "completion" || args[0] == "completions") {
		return setupOptions(args[1:])
	}
	return false
}

// setupCommands are the subcommands (as words) after which a tool prints
// its shell set-up; shell names and options may follow.
var setupCommands = map[string][]string{
	"pyenv":          {"init", "virtualenv-init"},
	"rbenv":          {"init"},
	"nodenv":         {"init"},
	"goenv":          {"init"},
	"jenv":           {"init"},
	"plenv":          {"init"},
	"phpenv":         {"init"},
	"direnv":         {"hook"},
	"brew":           {"shellenv"},
	"conda":          {"shell.bash hook", "shell.zsh hook", "shell.fish hook", "shell.posix hook"},
	"mamba":          {"shell hook", "shell.bash hook", "shell.zsh hook"},
	"micromamba":     {"shell hook"},
	"opam":           {"env"},
	"fnm":            {"env"},
	"zoxide":         {"init"},
	"starship":       {"init"},
	"mise":           {"activate", "hook-env"},
	"rtx":            {"activate"},
	"atuin":          {"init"},
	"mcfly":          {"init"},
	"navi":           {"widget"},
	"minikube":       {"docker-env", "podman-env"},
	"docker-machine": {"env"},
	"thefuck":        {"--alias"},
	"luarocks":       {"path"},
	"fzf":            {"--bash", "--zsh", "--fish"},
	"pip":            {"completion"},
	"pip3":           {"completion"},
	"uv":             {"generate-shell-completion"},
	// 1Password's CLI prints export OP_SESSION_…=… for its documented
	// eval $(op signin)
	"op": {"signin"},
}

// completers print a completion script with "completion SHELL" (or
// "completions SHELL"), to be sourced.
var completers = set("kubectl", "helm", "gh", "glab", "kind", "minikube", "k3d", "kustomize", "flux", "argocd",
	"docker", "npm", "pnpm", "rustup", "poetry", "deno", "bun", "eksctl", "stern", "tailscale", "velero", "kubeadm",
	"skaffold", "tilt", "cilium", "istioctl", "k9s", "golangci-lint", "hugo", "cobra-cli", "just", "task", "rg", "fd",
	"goreleaser", "pulumi", "doctl", "linkerd", "talosctl", "hcloud", "vault", "nomad", "consul", "gopass", "chezmoi")

// cutWords takes the words of sub (space-separated) off the front of args.
func cutWords(args []string, sub string) ([]string, bool) {
	for _, w := range strings.Fields(sub) {
		if len(args) == 0 || args[0] != w {
			return nil, false
		}
		args = args[1:]
	}
	return args, true
}

// setupOptions reports what may follow a set-up subcommand: options
// (--use-on-cd, -p dev, --shell=bash), "-" and shell and profile names,
// plain words without shell syntax; no -- that would start a command.
func setupOptions(args []string) bool {
	for _, a := range args {
		if a == "--" || a == "" || strings.ContainsAny(a, " \t\n;&|<>()$`'\"\\*?[]{}!") {
			return false
		}
	}
	return len(args) <= 6
}

// setupPath reports a program named bare or by the path of an install
// directory (Homebrew's, conda's, ~/.local/bin), not a file in the
// project or a temporary directory.
func setupPath(p string) bool {
	if !strings.Contains(p, "/") {
		return p != ""
	}
	dir := path.Dir(p)
	switch dir {
	case "/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/home/linuxbrew/.linuxbrew/bin", "/opt/conda/bin",
		"/snap/bin":
		return true
	}
	for _, home := range []string{"~/", "$HOME/", "${HOME}/"} {
		if rest, ok := strings.CutPrefix(dir, home); ok {
			return slices.Contains([]string{".local/bin", ".cargo/bin", ".pyenv/bin", ".rbenv/bin", ".nodenv/bin",
				"miniconda3/bin", "anaconda3/bin", "miniforge3/bin", "mambaforge/bin", ".linuxbrew/bin", ".fzf/bin"}, rest)
		}
	}
	return false
}

// shadowed reports a command name the line or the session may have
// redefined: a function, an alias, or a directory put on PATH before the
// everyday ones. An install directory setupPath trusts by path (export
// PATH=$HOME/.local/bin:$PATH; eval "$(direnv hook bash)", a start-up
// file's usual pair) redefines nothing that naming it would not.
func (w *walker) shadowed(name string) bool {
	_, fn := w.funcs[name]
	_, alias := w.aliases[name]
	untrusted := slices.ContainsFunc(w.line.PathDirs, func(d string) bool { return !setupPath(d + "/" + name) })
	return fn || alias || slices.Contains(w.line.Functions, name) || untrusted || len(w.before.Path) > 0
}

// lookupWord matches a word that is only a lookup of a program's path,
// $(which NAME), $(command -v NAME) or $(type -P NAME), in either
// substitution's spelling.
var lookupWord = lazyRegexp(`^(?:\$\(\s*(which|command\s+-v|type\s+-P)\s+([A-Za-z0-9_][A-Za-z0-9._+-]*)\s*\)|` +
	"`" + `\s*(which|command\s+-v|type\s+-P)\s+([A-Za-z0-9_][A-Za-z0-9._+-]*)\s*` + "`" + `)$`)

// lookedUp is the program a command name that only looks up its path
// runs ("$(which python3)" -m pip runs python3, as a bare python3 would):
// PATH finds the same file for both. A function or alias the line or
// session made of the lookup's own name leaves it unknown.
func (w *walker) lookedUp(f field) (string, bool) {
	if !f.Dynamic || f.glob || len(f.Value) > 200 {
		return "", false
	}
	m := lookupWord().FindStringSubmatch(f.Value)
	if m == nil {
		return "", false
	}
	tool, prog := m[1]+m[3], m[2]+m[4]
	tool = strings.Fields(tool)[0]
	if _, fn := w.funcs[tool]; fn {
		return "", false
	}
	if _, alias := w.aliases[tool]; alias || slices.Contains(w.line.Functions, tool) {
		return "", false
	}
	return prog, true
}

// toolDirWord matches a word that is a tool's own install directory,
// printed by the tool, and a static path under it: "$(go env
// GOPATH)/bin/golangci-lint", "$(conda info --base)/etc/profile.d/conda.sh".
// Directories that may lie in the project ($(npm bin), a poetry or pipenv
// environment, git rev-parse --show-toplevel) are not: a file an agent
// wrote there is followed only by its static path.
var toolDirWord = lazyRegexp(`^\$\(\s*(go env (?:GOPATH|GOROOT|GOBIN)|npm (?:root|prefix) -g|brew --prefix(?: [a-z0-9@._+-]+)?|` +
	`pyenv (?:root|prefix(?: [0-9][0-9a-z.-]*)?)|rbenv root|nodenv root|conda info --base|rustc --print sysroot|xcode-select -p)` +
	`\s*\)(/[A-Za-z0-9._@+/-]*[A-Za-z0-9._+-])$`)

// toolDirPath is a word naming a file under a directory a tool prints
// (toolDirWord), where the tool is no function, alias or PATH the line or
// session set: the file is the tool's own, as its bin directory's
// programs are when named with a static path.
func (w *walker) toolDirPath(f field) bool {
	if !f.Dynamic || f.glob || len(f.Value) > 300 || strings.Contains(f.Value, "..") {
		return false
	}
	if m := toolHomeWord().FindStringSubmatch(f.Value); m != nil {
		return !w.setsVar(m[1] + m[2])
	}
	m := toolDirWord().FindStringSubmatch(f.Value)
	return m != nil && !w.shadowed(strings.Fields(m[1])[0])
}

// toolHomeWord matches a static path under a toolchain's install
// directory as its own variable names it: "$JAVA_HOME/bin/java",
// ${GOROOT}/bin/go. The environment's value is the user's set-up, as a
// tool's printed directory is (toolDirWord); directories that may lie in
// the project ($VIRTUAL_ENV, $CONDA_PREFIX) are not.
var toolHomeWord = lazyRegexp(`^(?:\$(` + toolHomeVars + `)|\$\{(` + toolHomeVars + `)\})(/[A-Za-z0-9._@+/-]*[A-Za-z0-9._+-])$`)

const toolHomeVars = `JAVA_HOME|GOROOT|ANDROID_HOME|ANDROID_SDK_ROOT|ANDROID_NDK_HOME|CARGO_HOME|RUSTUP_HOME|PYENV_ROOT|RBENV_ROOT|` +
	`NVM_DIR|SDKMAN_DIR|HOMEBREW_PREFIX|GRADLE_HOME|M2_HOME|MAVEN_HOME|FLUTTER_ROOT|DOTNET_ROOT`

// userProgramWord matches a command name that is one of the variables
// naming the user's chosen editor, pager or shell, alone, with a default
// name after :- or -: $EDITOR, ${VISUAL:-vi}, "$SHELL".
var userProgramWord = lazyRegexp(`^(?:\$(EDITOR|VISUAL|PAGER|SHELL)|\$\{(EDITOR|VISUAL|PAGER|SHELL)(?::?-([A-Za-z0-9_][A-Za-z0-9._+-]*))?\})$`)

// userProgram is the program a command name that is the user's editor,
// pager or shell variable stands for: its default when it gives one (what
// runs when the variable is unset; ${EDITOR:-rm} is rm), else vi, less or
// sh, judged as any editor, pager or shell is. The set-up the user made
// runs the program they chose; a line that sets the variable itself
// (setsVar) leaves it unknown.
func (w *walker) userProgram(f field) (string, bool) {
	if !f.Dynamic || f.glob {
		return "", false
	}
	m := userProgramWord().FindStringSubmatch(f.Value)
	if m == nil || w.setsVar(m[1]+m[2]) {
		return "", false
	}
	if m[3] != "" {
		return m[3], true
	}
	return map[string]string{"EDITOR": "vi", "VISUAL": "vi", "PAGER": "less", "SHELL": "sh"}[m[1]+m[2]], true
}

// setsVar reports a variable the line gives a value, or may: one the data
// flow saw assigned (a dynamic value included), or whose name the line's
// text spells other than as $NAME or ${NAME} (read NAME, export NAME,
// for NAME in …, a file sourced that sets it).
func (w *walker) setsVar(name string) bool {
	if w.setNames[name] {
		return true
	}
	// its uses: $NAME, ${NAME}, ${NAME:-default}, ${NAME-default}; not
	// ${NAME:=…}, which assigns
	uses := regexp.MustCompile(`\$(` + name + `\b|\{` + name + `(\}|:?-))`)
	text := uses.ReplaceAllString(w.line.Original, "")
	return strings.Contains(text, name) || strings.Contains(text, "source") || regexpSourceDot().MatchString(text)
}

// regexpSourceDot matches the . builtin as a command word.
var regexpSourceDot = lazyRegexp(`(^|[;&|({\s])\.\s`)
