package cmdline

import (
	"path"
	"slices"
	"strings"
)

// Containers. A container runner (docker run, podman run, nerdctl run,
// docker compose run, kubectl run) starts a command in a container: what
// it destroys there stays there, so the walk does not emit it as a command
// of the line. What the runner gives it from this machine does not stay:
// an env file, variables passed through, directories mounted in. The
// runner's Command carries a Container with those and the command it runs,
// parsed as a line of its own whose paths under a mount are the host's
// (docker run -v ~/.ssh:/k alpine cat /k/id_rsa reads ~/.ssh/id_rsa), so
// that rules can judge what it sends of them.

// Container is what a container runner gives the command it starts, and
// that command.
type Container struct {
	Runner   string   // the runner and its subcommand: "docker run", "docker compose run", "kubectl run"
	Image    string   // the image (the service for compose, the pod for kubectl run)
	EnvFiles []string // --env-file values, as written
	// Env are the variables given: -e NAME=VALUE with its value as
	// written; -e NAME, which passes this machine's NAME through, has the
	// value $NAME (Dynamic).
	Env    []Assign
	Mounts []Mount // bind mounts: -v SRC:DST, --mount type=bind,src=SRC,dst=DST
	// Line is the command the container runs, parsed as bash reads its
	// words, with every path under a mount's Dst written as the host's
	// Src and every $NAME of a variable given as this machine's $OTHER
	// written as $OTHER; nil when the image's own command runs.
	Line *Line
	// Mapped says Line names a path under a mount, rewritten to the host's.
	Mapped bool
}

// Mount is a host path given to a container: Src on this machine (as
// written; $PWD, ${PWD} and $(pwd) written as .) seen at Dst inside.
type Mount struct {
	Src, Dst string
}

// containerRunners are the programs whose run subcommand starts a
// container, and compose's stand-alone programs.
var containerRunners = set("docker", "podman", "nerdctl", "docker-compose", "podman-compose", "kubectl", "oc")

// runValueShorts are docker run's (and compose run's) one-letter options
// that take a value; runBoolLongs its long options that take none. Every
// other long option takes a value, when not given as --opt=value.
const runValueShorts = "acehlmpuvw"

var runBoolLongs = set("--rm", "--detach", "--interactive", "--tty", "--privileged", "--init", "--read-only", "--publish-all",
	"--no-healthcheck", "--oom-kill-disable", "--sig-proxy", "--disable-content-trust", "--quiet", "--help", "--no-deps",
	"--service-ports", "--use-aliases", "--build", "--remove-orphans", "--quiet-pull", "--no-TTY", "--replace", "--rmi",
	"--tls-verify", "--http-proxy", "--env-host", "--no-hosts", "--read-only-tmpfs", "--systemd", "--pull-always")

// runnerGlobals are the runners' own options before the subcommand that
// take a value (docker -H HOST run, compose -f FILE run).
var runnerGlobals = set("-H", "--host", "--context", "-c", "--config", "-l", "--log-level", "--tlscacert", "--tlscert",
	"--tlskey", "--url", "--connection", "--root", "--runroot", "--storage-driver", "--namespace", "-n", "-f", "--file",
	"-p", "--project-name", "--env-file", "--profile", "--project-directory", "--kubeconfig", "--cluster", "--user",
	"-s", "--server", "--token", "--address")

// containerOf is what c, a container runner's command, gives the
// container it starts; nil when c starts none.
func containerOf(c *Command) *Container {
	if !containerRunners[c.Name] {
		return nil
	}
	args := c.Args
	i, sub := 0, ""
	next := func() string { // the next operand, past the runner's own options
		for ; i < len(args); i++ {
			v := args[i].Value
			if args[i].Dynamic {
				return ""
			}
			if runnerGlobals[v] {
				i++
				continue
			}
			if !strings.HasPrefix(v, "-") {
				i++
				return v
			}
		}
		return ""
	}
	runner := c.Name
	switch sub = next(); {
	case c.Name == "docker-compose" || c.Name == "podman-compose":
	case sub == "compose" && c.Name != "kubectl" && c.Name != "oc":
		runner += " compose"
		sub = next()
	case sub == "container" && c.Name != "kubectl" && c.Name != "oc":
		sub = next()
	}
	if sub != "run" && sub != "create" {
		return nil
	}
	k := &Container{Runner: runner + " " + sub}
	if c.Name == "kubectl" || c.Name == "oc" {
		return kubectlRun(k, args[i:])
	}
	var entry []Word
	for ; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Dynamic && !(strings.HasPrefix(v, "-") && strings.Contains(v, "=")) || !strings.HasPrefix(v, "-") || v == "-" {
			break // the image; --env=K=$V has a static name
		}
		if v == "--" {
			i++
			break
		}
		name, val, eq := strings.Cut(v, "=")
		takes := false
		switch {
		case strings.HasPrefix(v, "--"):
			takes = !eq && !runBoolLongs[name]
		case len(v) > 1:
			// -itv SRC:DST: the first letter that takes a value takes the rest
			for j := 1; j < len(v); j++ {
				if strings.IndexByte(runValueShorts, v[j]) >= 0 {
					name, val = "-"+v[j:j+1], v[j+1:]
					eq, takes = val != "", val == ""
					break
				}
			}
		}
		value := Word{Value: val, Dynamic: a.Dynamic}
		if takes {
			if i+1 >= len(args) {
				break
			}
			i++
			value = args[i].unquotedDynamic()
		}
		if !eq && !takes {
			continue
		}
		switch name {
		case "-e", "--env":
			k.addEnv(value)
		case "--env-file":
			k.EnvFiles = append(k.EnvFiles, value.Value)
		case "-v", "--volume":
			if m, ok := volumeMount(value.Value); ok {
				k.Mounts = append(k.Mounts, m)
			}
		case "--mount":
			if m, ok := bindMount(value.Value); ok {
				k.Mounts = append(k.Mounts, m)
			}
		case "--entrypoint":
			entry = []Word{value}
		}
	}
	if i >= len(args) {
		return k
	}
	k.Image = args[i].Value
	k.run(append(entry, args[i+1:]...))
	return k
}

// kubectlRun reads kubectl run NAME --image=I --env=K=V … -- CMD ARGS.
func kubectlRun(k *Container, args []Word) *Container {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			k.run(args[i+1:])
			return k
		case v == "--env" && i+1 < len(args):
			i++
			k.addEnv(args[i].unquotedDynamic())
		case strings.HasPrefix(v, "--env="):
			k.addEnv(Word{Value: v[len("--env="):], Dynamic: args[i].Dynamic})
		case strings.HasPrefix(v, "--image="):
			k.Image = v[len("--image="):]
		case v == "--image" && i+1 < len(args):
			i++
			k.Image = args[i].Value
		}
	}
	return k
}

// unquotedDynamic is the word, a dynamic one without the double quotes
// of its source text ("$HOME"/.ssh is $HOME/.ssh).
func (w Word) unquotedDynamic() Word {
	if w.Dynamic {
		w.Value = strings.ReplaceAll(w.Value, `"`, "")
	}
	return w
}

// addEnv records -e NAME or -e NAME=VALUE.
func (k *Container) addEnv(w Word) {
	name, val, ok := strings.Cut(w.Value, "=")
	if name == "" || strings.ContainsAny(name, "$`") {
		return
	}
	a := Assign{Name: name, Value: Word{Value: val, Dynamic: w.Dynamic && strings.ContainsAny(val, "$`")}}
	if !ok {
		a.Value = Word{Value: "$" + name, Dynamic: true} // this machine's NAME, passed through
	}
	k.Env = append(k.Env, a)
}

// volumeMount reads -v SRC:DST[:OPTS]; a named volume (data:/d) mounts
// nothing of this machine.
func volumeMount(v string) (Mount, bool) {
	src, rest, ok := strings.Cut(v, ":")
	if !ok {
		return Mount{}, false
	}
	dst, _, _ := strings.Cut(rest, ":")
	return hostMount(src, dst)
}

// bindMount reads --mount type=bind,src=SRC,dst=DST (a volume or tmpfs
// mounts nothing of this machine).
func bindMount(v string) (Mount, bool) {
	var src, dst string
	for _, kv := range strings.Split(v, ",") {
		key, val, _ := strings.Cut(kv, "=")
		switch key {
		case "type":
			if val != "bind" {
				return Mount{}, false
			}
		case "src", "source":
			src = val
		case "dst", "destination", "target":
			dst = val
		}
	}
	return hostMount(src, dst)
}

// hostMount is a mount of host path src at dst, when src is a path.
func hostMount(src, dst string) (Mount, bool) {
	for _, pwd := range []string{"$PWD", "${PWD}", "$(pwd)", "`pwd`"} {
		if rest, ok := strings.CutPrefix(src, pwd); ok && (rest == "" || rest[0] == '/') {
			src = "." + rest
		}
	}
	if !strings.HasPrefix(dst, "/") || path.Clean(dst) == "/" ||
		!(strings.HasPrefix(src, "/") || strings.HasPrefix(src, "~") || strings.HasPrefix(src, ".") || strings.HasPrefix(src, "$")) {
		return Mount{}, false
	}
	return Mount{Src: strings.TrimSuffix(src, "/"), Dst: path.Clean(dst)}, true
}

// run parses the command the container runs from its argv: each word as
// bash reads it back, with the host's paths and variables in place of the
// container's (Container.Line).
func (k *Container) run(argv []Word) {
	if len(argv) == 0 {
		return
	}
	mounts := slices.Clone(k.Mounts)
	slices.SortFunc(mounts, func(a, b Mount) int { return len(b.Dst) - len(a.Dst) }) // the deepest first
	words := make([]string, len(argv))
	for i, a := range argv {
		v := a.Value
		for _, e := range k.Env {
			if e.Value.Dynamic && simpleRef(e.Value.Value) && e.Value.Value != "$"+e.Name {
				v = replaceRef(v, e.Name, e.Value.Value)
			}
		}
		for _, m := range mounts {
			if mapped := replacePath(v, m.Dst, m.Src); mapped != v {
				v, k.Mapped = mapped, true
			}
		}
		if a.Dynamic {
			words[i] = `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
		} else {
			words[i] = "'" + strings.ReplaceAll(v, "'", `'\''`) + "'"
		}
	}
	k.Line = ParseShell(strings.Join(words, " "), "bash")
}

// simpleRef reports a value that is one variable: $NAME or ${NAME}.
func simpleRef(v string) bool {
	v = strings.TrimPrefix(v, "$")
	if strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") {
		v = v[1 : len(v)-1]
	}
	return v != "" && strings.IndexFunc(v, func(r rune) bool {
		return !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	}) < 0
}

// replaceRef writes $name and ${name} in text as to.
func replaceRef(text, name, to string) string {
	text = strings.ReplaceAll(text, "${"+name+"}", to)
	var b strings.Builder
	for rest := text; ; {
		i := strings.Index(rest, "$"+name)
		if i < 0 {
			b.WriteString(rest)
			return b.String()
		}
		end := i + 1 + len(name)
		b.WriteString(rest[:i])
		if end < len(rest) && (rest[end] == '_' || isAlnum(rest[end])) {
			b.WriteString(rest[i:end]) // $NAMEX is another variable
		} else {
			b.WriteString(to)
		}
		rest = rest[end:]
	}
}

func isAlnum(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// replacePath writes every path of text under dir (dir itself or dir/…,
// standing as a whole name: not /kx for /k, nor /a/k) as under to.
func replacePath(text, dir, to string) string {
	var b strings.Builder
	for rest, done := text, 0; ; {
		i := strings.Index(rest, dir)
		if i < 0 {
			b.WriteString(rest)
			return b.String()
		}
		end := i + len(dir)
		whole := (done+i == 0 || !isPathByte(text[done+i-1])) && (end == len(rest) || rest[end] == '/' || !isPathByte(rest[end]))
		b.WriteString(rest[:i])
		if whole {
			b.WriteString(to)
		} else {
			b.WriteString(dir)
		}
		rest, done = rest[end:], done+end
	}
}
