package cmdline

import (
	"cmp"
	"encoding/json"
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
	Name     string   // the container's name (--name), "" for none: docker exec NAME runs in it (Line.Containers)
	Image    string   // the image (the service for compose, the pod for kubectl run)
	EnvFiles []string // --env-file values, as written
	// Env are the variables given: -e NAME=VALUE with its value as
	// written; -e NAME, which passes this machine's NAME through, has the
	// value $NAME (Dynamic); a NAME with * passes every variable it
	// matches (podman -e 'AWS_*'), and podman --env-host is *.
	Env    []Assign
	Mounts []Mount // bind mounts: -v SRC:DST, --mount type=bind,src=SRC,dst=DST
	// Line is the command the container runs, parsed as bash reads its
	// words, with every path under a mount's Dst written as the host's
	// Src and every $NAME of a variable given as this machine's $OTHER
	// written as $OTHER; nil when the image's own command runs.
	Line *Line
	// Mapped says Line names a path under a mount, rewritten to the host's,
	// or runs in one (-w under a mount).
	Mapped bool
	// Workdir is the directory the command runs in (-w, --workdir), as
	// written inside the container; "" for the image's own.
	Workdir string
	// Context is a build's context directory, as written: what it sends
	// to the daemon, which its Dockerfile's COPY lines copy from (they
	// are Mounts, and its RUN lines are Line). "" for a run.
	Context string
	// Dockerfile is a build's -f file as written, "" for the context's
	// Dockerfile, "-" for standard input.
	Dockerfile string
	// Secrets are a build's --secret sources (id=x,src=P), mounted for its
	// RUN lines at /run/secrets/x (they are Mounts too).
	Secrets []string
	// Away says a build's result or its context leaves this machine: it
	// is pushed (--push, --output type=registry) or built by a daemon
	// elsewhere (-H tcp://…, DOCKER_HOST, --context NAME).
	Away bool
	// Holds are the secret files of this machine (.env) in a build's
	// context that its Dockerfile copies whole (COPY . /s), joined to the
	// runner's directory when known: a command packing or sending the
	// copy sends them.
	Holds []string

	dir   string                       // the runner's directory, "" when not known
	stdin string                       // the file a build reads its Dockerfile from (docker build - < F)
	whole bool                         // a build's Dockerfile copies or mounts its whole context
	parse func(text, cwd string) *Line // reads Line's text, run in cwd, on the budget of the line holding the runner
}

// Mount is a host path given to a container: Src on this machine seen at
// Dst inside. Src is as written ($PWD, ${PWD} and $(pwd) written as .),
// joined to the runner's directory when it is relative and that is known
// (-v ..:/h from /home/u/proj mounts /home/u); the root is "".
type Mount struct {
	Src, Dst string
}

// containerRunners are the programs whose run subcommand starts a
// container, and compose's stand-alone programs.
var containerRunners = set("docker", "podman", "nerdctl", "buildah", "docker-compose", "podman-compose", "kubectl", "oc")

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

// containerOf is what c, a container runner's command run in dir (""
// when not known), gives the container it starts; nil when c starts none.
func containerOf(c *Command, dir string, parse func(string, string) *Line) *Container {
	if !containerRunners.has(c.Name) {
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
			if runnerGlobals.has(v) {
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
	if sub == "buildx" || sub == "builder" || sub == "image" {
		if b := next(); b == "build" {
			sub = b
		}
	}
	if c.Name == "buildah" && sub == "bud" {
		sub = "build"
	}
	if sub == "build" && c.Name != "kubectl" && c.Name != "oc" && !strings.HasSuffix(runner, "compose") {
		return buildOf(c, runner+" build", args[i:], dir, parse)
	}
	if sub != "run" && sub != "create" || c.Name == "buildah" {
		return nil
	}
	k := &Container{Runner: runner + " " + sub, parse: parse, dir: dir}
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
		name, val, eq, takes := splitOption(v, runBoolLongs, runValueShorts)
		value := Word{Value: val, Dynamic: a.Dynamic}
		if takes {
			if i+1 >= len(args) {
				break
			}
			i++
			value = args[i].unquotedDynamic()
		}
		if name == "--env-host" {
			eq = true // a flag, or --env-host=true
		}
		if !eq && !takes {
			continue
		}
		switch name {
		case "-e", "--env":
			k.addEnv(value)
		case "--env-file", "--env-from-file":
			k.EnvFiles = append(k.EnvFiles, value.Value)
		case "--env-host":
			if val == "" || val == "true" {
				k.Env = append(k.Env, Assign{Name: "*", Value: Word{Value: "$*", Dynamic: true}})
			}
		case "-v", "--volume":
			if m, ok := volumeMount(value.Value, dir); ok {
				k.Mounts = append(k.Mounts, m)
			}
		case "--mount":
			if m, ok := bindMount(value.Value, dir); ok {
				k.Mounts = append(k.Mounts, m)
			}
		case "-w", "--workdir":
			if strings.HasPrefix(value.Value, "/") && !value.Dynamic {
				k.Workdir = path.Clean(value.Value)
			}
		case "--entrypoint":
			entry = []Word{value}
		case "--name":
			if !value.Dynamic {
				k.Name = value.Value
			}
		}
	}
	if i >= len(args) {
		return k
	}
	k.Image = args[i].Value
	if entry == nil {
		if e := imageEntrypoints[imageName(k.Image)]; e != "" {
			entry = []Word{{Value: e}}
		}
	}
	k.run(append(entry, args[i+1:]...))
	return k
}

// imageEntrypoints are the programs well-known images run their
// arguments with (docker run amazon/aws-cli s3 ls runs aws s3 ls).
var imageEntrypoints = map[string]string{
	"amazon/aws-cli": "aws", "curlimages/curl": "curl", "appropriate/curl": "curl", "bitnami/kubectl": "kubectl",
	"alpine/git": "git", "rclone/rclone": "rclone", "minio/mc": "mc", "alpine/httpie": "http", "mikefarah/yq": "yq",
}

// imageName is an image without its registry, tag and digest
// (docker.io/amazon/aws-cli:2.15 is amazon/aws-cli).
func imageName(image string) string {
	image, _, _ = strings.Cut(image, "@")
	if i := strings.LastIndexByte(image, ':'); i > strings.LastIndexByte(image, '/') {
		image = image[:i]
	}
	if first, rest, ok := strings.Cut(image, "/"); ok && strings.ContainsAny(first, ".:") && strings.Contains(rest, "/") {
		image = rest // a registry: docker.io/amazon/aws-cli
	}
	return image
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

// containerTyped marks a container runner whose container reads what is
// typed into the runner: docker run -i (podman's, nerdctl's) and kubectl
// run -i give the container's command the caller's input, docker compose
// run does unless detached, and docker attach (without --no-stdin) gives
// it to the container's running command. The image's own command (none
// given) is taken to read it, as a shell's does (docker run -it ubuntu);
// a command given reads it when, run here, it would: a shell, an
// interpreter, a program at its prompt (docker run -it IMAGE bash, not
// docker run -it IMAGE go test ./...).
func containerTyped(c *Command) {
	if c.Dynamic || c.Stdin.Kind != "" || c.Background || c.Pipe.Index < c.Pipe.Len-1 ||
		slices.ContainsFunc(c.Via, func(v string) bool { return !passesStdin(v) }) {
		return
	}
	kube := c.Name == "kubectl" || c.Name == "oc"
	compose := c.Name == "docker-compose" || c.Name == "podman-compose"
	args, sub := c.Args, ""
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return
		case runnerGlobals.has(v):
			i++
		case strings.HasPrefix(v, "-"):
		case v == "compose" && !kube && !compose:
			compose = true
		case v == "container" && !kube:
		default:
			sub = v
		}
		if sub != "" {
			i++
			break
		}
	}
	interactive := compose && sub == "run" || sub == "attach" && !kube // kubectl attach -i: the catalogue's prompt
	if sub != "run" && sub != "attach" || compose && sub != "run" {
		return
	}
	for ; i < len(args); i++ {
		v := args[i].Value
		if v == "--" || !strings.HasPrefix(v, "-") && !kube {
			break // the image, the service; kubectl run NAME takes options after it
		}
		name, val, _, takes := splitOption(v, runBoolLongs, runValueShorts)
		if kube {
			takes = false
		}
		switch {
		case name == "--interactive" || name == "--stdin":
			interactive = val == "" || val == "true"
		case name == "--detach" || name == "--no-stdin" || name == "--attach" && val == "false":
			return
		case !strings.HasPrefix(v, "--") && strings.HasPrefix(v, "-"):
			for j := 1; j < len(v) && (kube || strings.IndexByte(runValueShorts, v[j]) < 0); j++ {
				switch v[j] {
				case 'i':
					interactive = true
				case 'd':
					if !kube {
						return // detached
					}
				}
			}
		}
		if takes {
			i++
		}
	}
	if !interactive {
		return
	}
	if k := c.Container; sub == "attach" || k != nil && (k.Line == nil || slices.ContainsFunc(k.Line.Commands, func(x *Command) bool { return x.Typed })) {
		c.Typed = true
	}
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
func volumeMount(v, dir string) (Mount, bool) {
	src, rest, ok := strings.Cut(v, ":")
	if !ok {
		return Mount{}, false
	}
	dst, _, _ := strings.Cut(rest, ":")
	return hostMount(src, dst, dir)
}

// bindMount reads --mount type=bind,src=SRC,dst=DST (a volume or tmpfs
// mounts nothing of this machine).
func bindMount(v, dir string) (Mount, bool) {
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
	return hostMount(src, dst, dir)
}

// hostMount is a mount of host path src at dst, when src is a path; a
// relative src is joined to dir when dir is known.
func hostMount(src, dst, dir string) (Mount, bool) {
	for _, pwd := range []string{"$PWD", "${PWD}", "$(pwd)", "`pwd`"} {
		if rest, ok := strings.CutPrefix(src, pwd); ok && (rest == "" || rest[0] == '/') {
			src = "." + rest
		}
	}
	if !strings.HasPrefix(dst, "/") || path.Clean(dst) == "/" ||
		!(strings.HasPrefix(src, "/") || strings.HasPrefix(src, "~") || strings.HasPrefix(src, ".") || strings.HasPrefix(src, "$")) {
		return Mount{}, false
	}
	if strings.HasPrefix(src, ".") && dir != "" {
		src = joinPath(dir, src)
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
	text, cwd := k.mapped(argv)
	k.Line = k.parse(text, cwd)
}

// mapped is argv as the text of a command line, with every path under a
// mount written as the host's and every variable given as this machine's
// written as that one, and the directory it runs in: the host's under a
// mount, so that its relative paths are the host's (-v "$PWD":/p -w /p …
// > .claude/x), else the container's own. Mapped says whether a mount
// was met.
func (k *Container) mapped(argv []Word) (string, string) {
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
			mapped := ""
			if hasGlob(m.Dst) {
				mapped = replaceGlob(v, m)
			} else {
				mapped = replacePath(v, m.Dst, m.Src)
			}
			if mapped != v {
				v, k.Mapped = mapped, true
			}
		}
		if a.Dynamic {
			words[i] = `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
		} else {
			words[i] = "'" + strings.ReplaceAll(v, "'", `'\''`) + "'"
		}
	}
	cwd := k.Workdir
	for _, m := range mounts {
		if mapped := replacePath(cwd, m.Dst, m.Src); mapped != cwd {
			cwd, k.Mapped = mapped, true
			break
		}
	}
	return strings.Join(words, " "), cwd
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
		switch {
		case whole && to == "" && (end == len(rest) || rest[end] != '/'):
			b.WriteString("/") // the host's root mounted (-v /:/h): /h is /
		case whole:
			b.WriteString(to)
		default:
			b.WriteString(dir)
		}
		rest, done = rest[end:], done+end
	}
}

// replaceGlob writes every path of text naming a file that m, a mount of
// a glob's matches (COPY .e* /x/ is ./.e* at /x/.e*), gives: /x/.env is
// ./.env.
func replaceGlob(text string, m Mount) string {
	dir, pattern, to := path.Dir(m.Dst), path.Base(m.Dst), path.Dir(m.Src)
	var b strings.Builder
	for rest, done := text, 0; ; {
		i := strings.Index(rest, dir+"/")
		if i < 0 {
			b.WriteString(rest)
			return b.String()
		}
		start := i + len(dir) + 1
		end := start
		for end < len(rest) && rest[end] != '/' && isPathByte(rest[end]) {
			end++
		}
		b.WriteString(rest[:i])
		if ok, _ := path.Match(pattern, rest[start:end]); ok && start < end && (done+i == 0 || !isPathByte(text[done+i-1])) {
			b.WriteString(to + "/" + rest[start:end])
		} else {
			b.WriteString(rest[:end][i:])
		}
		rest, done = rest[end:], done+end
	}
}

// buildValueShorts are docker build's one-letter options that take a
// value (-f FILE, -t TAG, -o OUTPUT, and podman's -v).
const buildValueShorts = "cfmotv"

var buildBoolLongs = set("--no-cache", "--pull", "--push", "--load", "--quiet", "--rm", "--force-rm", "--squash",
	"--compress", "--help", "--disable-content-trust")

// buildOf reads a build: docker build [OPTIONS] CONTEXT, with its
// Dockerfile when the line gives its text (-f - with a heredoc, or docker
// build - <<EOF, which sends no context).
func buildOf(c *Command, runner string, args []Word, dir string, parse func(string, string) *Line) *Container {
	k := &Container{Runner: runner, parse: parse, dir: dir}
	for _, a := range c.Assigns {
		k.Away = k.Away || a.Name == "DOCKER_HOST" || a.Name == "CONTAINER_HOST"
	}
	for _, a := range c.Args {
		v := a.Value
		k.Away = k.Away || strings.HasPrefix(v, "tcp://") || strings.HasPrefix(v, "ssh://") || v == "--push" ||
			strings.Contains(v, "type=registry") || strings.Contains(v, "push=true") ||
			(v == "--context" || strings.HasPrefix(v, "--context=")) && !strings.HasSuffix(v, "=default")
	}
	file := ""
	var operands []Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if v == "-" || !strings.HasPrefix(v, "-") || a.Dynamic && !strings.Contains(v, "=") {
			operands = append(operands, a.unquotedDynamic())
			continue
		}
		name, val, eq, takes := splitOption(v, buildBoolLongs, buildValueShorts)
		value := Word{Value: val, Dynamic: a.Dynamic}
		if takes && i+1 < len(args) {
			i++
			value = args[i].unquotedDynamic()
		} else if !eq {
			continue
		}
		switch name {
		case "-f", "--file":
			file = value.Value
		case "--secret":
			k.buildSecret(value)
		case "--build-arg":
			k.addEnv(value)
		}
	}
	text := ""
	switch in := c.Stdin; {
	case in.Static && (in.Kind == "heredoc" || in.Kind == "herestring" || in.Kind == "pipe" && !in.Remote && !in.Decoded):
		text = in.Text // cat df | docker build -f- .: a file the line or the session wrote
	case in.Kind == "file":
		k.stdin = in.From // docker build - < Dockerfile.x: read where the session or the project wrote it
	}
	if len(operands) > 0 {
		if ctx := operands[0].Value; ctx == "-" {
			file = "-" // the Dockerfile on standard input, and no context
		} else if !operands[0].Dynamic || strings.HasPrefix(ctx, "$") {
			k.Context = ctx
		}
	}
	k.Dockerfile = file
	if file != "-" && file != "/dev/stdin" || text == "" {
		return k
	}
	k.dockerfile(text)
	return k
}

// buildSecret reads --secret id=x,src=P (or source=P, env=VAR, or a
// bare id=x, which docker reads from the variable x).
func (k *Container) buildSecret(w Word) {
	id, src, env := "", "", ""
	for _, kv := range strings.Split(w.Value, ",") {
		key, val, _ := strings.Cut(kv, "=")
		switch key {
		case "id":
			id = val
		case "src", "source":
			src = val
		case "env":
			env = val
		}
	}
	switch {
	case src != "":
		k.Secrets = append(k.Secrets, src)
		if id != "" {
			k.Mounts = append(k.Mounts, Mount{Src: src, Dst: "/run/secrets/" + id})
		}
	case env != "" || id != "":
		if env == "" {
			env = id
		}
		k.Env = append(k.Env, Assign{Name: env, Value: Word{Value: "$" + env, Dynamic: true}})
	}
}

// dockerfile reads a Dockerfile's COPY and ADD lines from the context as
// Mounts (COPY . /k mounts the context at /k; COPY .e* /x/ mounts what
// the glob matches under /x), its RUN lines' bind mounts of the context
// too (RUN --mount=type=bind,source=.env,target=/e), and its RUN lines as
// the command the build runs, each in its WORKDIR (COPY . . there
// mounts the context at the WORKDIR).
func (k *Container) dockerfile(text string) {
	text = strings.ReplaceAll(text, "\\\n", " ") // line continuations
	var runs []string
	workdir, ran := "", "" // the WORKDIR, and the one the RUN lines so far ran in
	lines := strings.Split(text, "\n")
	for n := 0; n < len(lines); n++ {
		l := lines[n]
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		switch strings.ToUpper(f[0]) {
		case "FROM":
			workdir = ""
		case "WORKDIR":
			if strings.ContainsAny(f[1], "$\"'") {
				workdir = "" // a variable's: not known
			} else {
				workdir = path.Join("/", workdir, f[1])
			}
		case "COPY", "ADD":
			if slices.ContainsFunc(f[1:], func(s string) bool { return strings.HasPrefix(s, "--from=") }) {
				continue // another stage's or image's files
			}
			ops := slices.DeleteFunc(f[1:], func(s string) bool { return strings.HasPrefix(s, "--") })
			if len(ops) < 2 || strings.HasPrefix(ops[0], "[") {
				continue
			}
			dst := ops[len(ops)-1]
			if !strings.HasPrefix(dst, "/") && workdir != "" {
				dir := strings.HasSuffix(dst, "/") || path.Clean(dst) == "."
				if dst = path.Join(workdir, dst); dir {
					dst += "/" // COPY . . in WORKDIR /app
				}
			}
			for _, src := range ops[:len(ops)-1] {
				d := dst
				if strings.HasSuffix(dst, "/") || len(ops) > 2 || hasGlob(src) {
					d = path.Join(dst, path.Base(src))
				}
				if path.Clean(src) == "." {
					d = dst
				}
				k.contextMount(src, d)
			}
		case "RUN":
			run := strings.TrimSpace(l[len(f[0]):])
			for strings.HasPrefix(run, "--") { // RUN --mount=type=secret,id=x CMD
				var opt string
				opt, run, _ = strings.Cut(run, " ")
				run = strings.TrimSpace(run)
				if v, ok := strings.CutPrefix(opt, "--mount="); ok {
					k.runMount(v)
				}
			}
			if strings.HasPrefix(run, "[") {
				// the exec form: a JSON list, the argv run without a shell
				var argv []string
				if json.Unmarshal([]byte(run), &argv) != nil || len(argv) == 0 {
					continue
				}
				for i, a := range argv {
					argv[i] = shellQuote(a)
				}
				run = strings.Join(argv, " ")
			}
			// RUN <<EOF, RUN python3 <<EOF: the here-documents' lines
			for _, m := range dockerHeredoc().FindAllStringSubmatch(run, 4) {
				var body []string
				for n++; n < len(lines) && strings.TrimSpace(lines[n]) != m[1]; n++ {
					body = append(body, lines[n])
				}
				if strings.HasPrefix(run, "<<") {
					run = strings.Join(body, "\n") // the script itself
				} else {
					run += "\n" + strings.Join(body, "\n") + "\n" + m[1]
				}
			}
			if workdir != ran {
				runs, ran = append(runs, "cd "+shellQuote(cmp.Or(workdir, "/"))), workdir
			}
			runs = append(runs, run)
		}
	}
	if len(runs) > 0 {
		k.run([]Word{{Value: "sh"}, {Value: "-c"}, {Value: strings.Join(runs, "\n")}})
	}
}

// dockerHeredoc finds a here-document's delimiter on a RUN line.
var dockerHeredoc = lazyRegexp(`<<-?\s*["']?([A-Za-z_][A-Za-z0-9_]*)["']?`)

// contextMount mounts src, a path in the build's context, at dst.
func (k *Container) contextMount(src, dst string) {
	if k.Context == "" {
		return
	}
	whole := path.Clean(src) == "."
	full := path.Join(k.Context, path.Clean(src))
	if !strings.HasPrefix(full, "/") && !strings.HasPrefix(full, "~") && !strings.HasPrefix(full, "$") {
		full = "./" + full
	}
	if m, ok := hostMount(full, dst, k.dir); ok {
		if whole {
			m.Src = strings.TrimSuffix(k.Context, "/")
			if !strings.HasPrefix(m.Src, "/") && !strings.HasPrefix(m.Src, "~") && !strings.HasPrefix(m.Src, "$") && k.dir != "" {
				m.Src = joinPath(k.dir, m.Src)
			}
			k.whole = true
		}
		k.Mounts = append(k.Mounts, m)
	}
}

// runMount reads a RUN line's --mount: a bind mount (the default type) of
// the context's source (its root when none) at target, unless it is
// another stage's or image's (from=); a secret at its own target.
func (k *Container) runMount(v string) {
	typ, src, dst, id, from := "bind", ".", "", "", false
	for _, kv := range strings.Split(v, ",") {
		key, val, _ := strings.Cut(kv, "=")
		switch key {
		case "type":
			typ = val
		case "src", "source":
			src = val
		case "dst", "destination", "target":
			dst = val
		case "id":
			id = val
		case "from":
			from = true
		}
	}
	switch {
	case typ == "bind" && !from && dst != "":
		k.contextMount(src, dst)
	case typ == "secret" && id != "" && dst != "":
		for _, m := range k.Mounts {
			if m.Dst == "/run/secrets/"+id {
				k.Mounts = append(k.Mounts, Mount{Src: m.Src, Dst: path.Clean(dst)})
				break
			}
		}
	}
}

// hasGlob reports a path with a glob character in its last name.
func hasGlob(p string) bool {
	return strings.ContainsAny(path.Base(p), "*?[")
}

// maxContainerNest bounds containers started by containers' commands.
const maxContainerNest = 3

// buildfileOnDisk reads the Dockerfile of a build whose line does not hold
// it (docker build ., docker build -f ci/Dockerfile ctx, docker build - <
// Dockerfile.x; podman's and buildah's Containerfile before their
// Dockerfile) from where the line or the session wrote it (or, in the caller's
// second reading, where the project holds it: Before.Written): COPY .env
// /x and RUN curl -d @/x … are judged as a Dockerfile on the line is.
func (w *walker) buildfileOnDisk(k *Container) {
	if k == nil || !strings.HasSuffix(k.Runner, " build") {
		return
	}
	defer w.contextHolds(k)
	var files []string
	switch {
	case k.Line != nil:
		return // the line gives its Dockerfile
	case k.stdin != "" && (k.Dockerfile == "-" || k.Dockerfile == "/dev/stdin"):
		files = []string{k.stdin}
	case k.Context == "" || k.Dockerfile == "-" || k.Dockerfile == "/dev/stdin":
		return
	case k.Dockerfile != "":
		files = []string{k.Dockerfile}
	case strings.HasPrefix(k.Runner, "podman") || strings.HasPrefix(k.Runner, "buildah"):
		files = []string{path.Join(k.Context, "Containerfile"), path.Join(k.Context, "Dockerfile")}
	default:
		files = []string{path.Join(k.Context, "Dockerfile"), path.Join(k.Context, "Containerfile")}
	}
	for _, file := range files {
		in, ok := w.earlierFile(file)
		if w.writtenHere(file) {
			in, _, ok = w.fileInput(file) // printf 'FROM …' > Dockerfile && docker build .
		}
		if ok {
			if in.Static {
				k.dockerfile(in.Text)
			}
			break
		}
	}
}

// contextSecretNames are the secret files looked for in a context its
// Dockerfile copies whole.
var contextSecretNames = []string{".env", ".env.local", ".env.production", ".netrc", ".git-credentials", "id_rsa", "id_ed25519"}

// contextHolds fills k.Holds with the secret files the session or, in
// the caller's second reading, the project holds in the context that k's
// Dockerfile copies whole, unless its .dockerignore leaves them out.
func (w *walker) contextHolds(k *Container) {
	if !k.whole || k.Context == "" {
		return
	}
	ignore, _ := w.earlierFile(path.Join(k.Context, ".dockerignore"))
	for _, name := range contextSecretNames {
		if dockerIgnores(ignore.Text, name) {
			continue
		}
		if _, ok := w.earlierFile(path.Join(k.Context, name)); ok {
			p := path.Join(k.Context, name)
			if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "$") && k.dir != "" {
				p = joinPath(k.dir, p)
			}
			k.Holds = append(k.Holds, p)
		}
	}
}

// dockerIgnores reports a .dockerignore's text leaving out name, a file
// at the context's top: by a pattern matching it, not taken back by a
// later !pattern.
func dockerIgnores(text, name string) bool {
	ignored := false
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		not := strings.HasPrefix(l, "!")
		l = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(l, "!"), "/"), "./")
		l = strings.TrimPrefix(l, "**/")
		if ok, _ := path.Match(l, name); ok || l == "**" {
			ignored = !not
		}
	}
	return ignored
}

// parseContainer reads the text a container runs as a line of its own,
// in bash, run in cwd ("" for the image's own directory, a relative one
// is the runner's joined with it), on the budget of w's line: a line of
// nested runners costs what its text does, and one over the budget is an
// IssueLimit of w's line. Scripts the session wrote are read as w's are.
func (w *walker) parseContainer(s, cwd string) *Line {
	line := &Line{Original: s, Dialect: Bash}
	line.Normalized, line.Issues = Normalize(s)
	line.Unfolded = line.Normalized
	src := shellText(s)
	nw := newWalker(line, src)
	nw.nest, nw.steps = w.nest+1, w.steps
	// a script the session wrote that it runs from a mount (sh /w/run.sh)
	// is read from the host's file, as on the host
	nw.before.Written = w.before.Written
	switch {
	case cwd == "" || cwd == ".":
	case path.IsAbs(cwd):
		nw.cwd = path.Clean(cwd)
		nw.fetch.started, nw.fetch.dir, nw.fetch.start = true, nw.cwd, nw.cwd // its relative paths, as the host's
	case strings.HasPrefix(cwd, "~") || strings.HasPrefix(cwd, "$"):
		nw.cwd = path.Clean(cwd)
	default:
		nw.cwdRel = path.Clean(cwd)
	}
	nw.text(src, ctx{dialect: Bash})
	w.steps = nw.steps
	w.spend(0)
	return line
}

// hostDir is the directory a command of w's line runs in on this machine:
// a static cd's, or the line's own (Before.Cwd) joined with where relative
// cds moved; "" when not known (as inside a container).
func (w *walker) hostDir() string {
	switch {
	case w.nest > 0:
		return ""
	case w.cwd != "":
		return w.cwd
	case path.IsAbs(w.before.Cwd) && !w.cwdLost:
		return path.Join(w.before.Cwd, w.cwdRel)
	}
	return ""
}

// splitOption splits a runner's option word (docker run's, docker
// build's) into its name and value: --name=V; --name alone, whose value is
// the next word (takes) unless boolLongs says it takes none; -xV or -x
// for the first letter of valueShorts in a bundle (-itv SRC:DST), whose
// value is the rest of the word or else the next word.
func splitOption(v string, boolLongs *names, valueShorts string) (name, val string, eq, takes bool) {
	name, val, eq = strings.Cut(v, "=")
	if strings.HasPrefix(v, "--") {
		return name, val, eq, !eq && !boolLongs.has(name)
	}
	for j := 1; j < len(v); j++ {
		if strings.IndexByte(valueShorts, v[j]) >= 0 {
			val = v[j+1:]
			return "-" + v[j:j+1], val, val != "", val == ""
		}
	}
	return name, val, eq, false
}
