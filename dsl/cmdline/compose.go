package cmdline

import (
	"path"
	"slices"
	"strings"
)

// Compose. docker compose up (run, create, start, watch, build) builds and
// starts the services of the project's compose file: each is the docker
// build of its build: section and the docker run of its image with its
// volumes, env files, variables, host namespaces and command. The file is
// read where the session wrote it or, in an agent's second reading, where
// the project holds it (Before.Written), and those docker build and docker
// run lines are walked as commands the line runs, so that the rules judge
// them as if typed: a service mounting ~/.ssh is docker run -v ~/.ssh:/k,
// its command what that container runs, its Dockerfile read as docker
// build's.

// composeFiles are the files compose reads when none is given: the first
// of composeFiles found, then the first of composeOverrides.
var (
	composeFiles     = []string{"compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml"}
	composeOverrides = []string{"compose.override.yaml", "compose.override.yml", "docker-compose.override.yaml", "docker-compose.override.yml"}
)

// composeGlobals are compose's own options before its subcommand that
// take a value.
var composeGlobals = set("-f", "--file", "-p", "--project-name", "--project-directory", "--env-file", "--profile",
	"--ansi", "--parallel", "--progress", "-c", "--context", "-H", "--host", "-l", "--log-level", "--config")

// composeStarts are compose's subcommands that build or start its
// services; build only builds them, and exec runs a command in one
// already started.
var composeStarts = set("up", "run", "create", "start", "watch", "build", "exec")

// maxComposeServices bounds the services read, maxComposeFiles the
// compose files with those they include.
const (
	maxComposeServices = 64
	maxComposeFiles    = 16
)

// composeRuns walks the docker build and docker run lines that c, a
// compose command that builds or starts services, amounts to, from its
// compose files.
func (w *walker) composeRuns(c *Command, args []field, cx ctx) {
	if !c.Dynamic && (containerRunners.has(c.Name) || c.Name == "docker-compose" || c.Name == "podman-compose") {
		composeExecTyped(c, args)
	}
	if w.before.Written == nil && len(w.files) == 0 || c.Dynamic || w.nest > 0 || !containerRunners.has(c.Name) {
		return
	}
	i := 0
	if c.Name != "docker-compose" && c.Name != "podman-compose" {
		// docker [-H HOST] compose …
		for ; i < len(args) && strings.HasPrefix(args[i].Value, "-"); i++ {
			if runnerGlobals.has(args[i].Value) {
				i++
			}
		}
		if i+1 < len(args) && args[i].Value == "buildx" && args[i+1].Value == "bake" {
			w.bakeRuns(c, args[i+2:], cx)
			return
		}
		if i >= len(args) || args[i].Value != "compose" || c.Name == "kubectl" || c.Name == "oc" {
			return
		}
		i++
	}
	var files, profiles []string
	dir := ""
	given := false
	for _, a := range c.Assigns {
		if a.Name == "COMPOSE_FILE" && !a.Value.Dynamic {
			files = append(files, strings.Split(a.Value.Value, ":")...)
		}
		given = given || a.Name == "COMPOSE_FILE"
	}
	if v, ok := w.value("COMPOSE_FILE"); ok && !given && (w.exported["COMPOSE_FILE"] || w.allExport) && v != "" && !strings.ContainsAny(v, "$`") {
		files = append(files, strings.Split(v, ":")...) // export COMPOSE_FILE=other.yml; docker compose up
	}
	if v, ok := w.composeProfiles(c); ok && strings.ContainsAny(v, "$`") {
		profiles = append(profiles, "*") // known only at run time: any
	} else if ok {
		profiles = append(profiles, strings.Split(v, ",")...)
	}
	sub := ""
	for ; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			return
		}
		name, val, eq := strings.Cut(a.Value, "=")
		if !strings.HasPrefix(name, "-") {
			sub = a.Value
			i++
			break
		}
		if !eq && composeGlobals.has(name) && i+1 < len(args) {
			i++
			val = args[i].Value
			if args[i].Dynamic {
				return
			}
		}
		switch name {
		case "-f", "--file":
			files = append(files, val)
		case "--project-directory":
			dir = val
		case "--profile":
			profiles = append(profiles, val)
		}
	}
	if !composeStarts.has(sub) {
		return
	}
	w.composeWalk(c, files, dir, sub, profiles, args[i:], cx)
}

// composeSub is the subcommand of c, a compose command (docker compose,
// docker-compose, podman compose), and the words after it; "" for none.
func composeSub(c *Command, args []field) (string, []field) {
	i := 0
	if c.Name != "docker-compose" && c.Name != "podman-compose" {
		for ; i < len(args) && strings.HasPrefix(args[i].Value, "-"); i++ {
			if runnerGlobals.has(args[i].Value) {
				i++
			}
		}
		if i >= len(args) || args[i].Value != "compose" || c.Name == "kubectl" || c.Name == "oc" {
			return "", nil
		}
		i++
	}
	for ; i < len(args) && strings.HasPrefix(args[i].Value, "-"); i++ {
		if name, _, eq := strings.Cut(args[i].Value, "="); !eq && composeGlobals.has(name) {
			i++
		}
	}
	if i >= len(args) || args[i].Dynamic {
		return "", nil
	}
	return args[i].Value, args[i+1:]
}

// composeRunValues are compose run's options that take a value.
var composeRunValues = set("-e", "--env", "-u", "--user", "-w", "--workdir", "-l", "--label", "-p", "--publish", "-v", "--volume",
	"--entrypoint", "--name", "--cap-add", "--cap-drop", "--env-from-file", "--pull", "--index")

// composeCarries follows docker compose exec SERVICE CMD and docker
// compose run SERVICE CMD: CMD runs in the service's container, with the
// project's volumes and its database's address, so it is judged as a
// command, as docker exec's and kubectl exec's are (docker compose exec
// db dropdb app is dropdb app). run's --entrypoint is the program CMD's
// words follow. A compose file the line shows walks exec again with its
// bind mounts (composeExec).
func (w *walker) composeCarries(c *Command, args []field, cx ctx) {
	if !containerRunners.has(c.Name) || c.Dynamic {
		return
	}
	sub, args := composeSub(c, args)
	if sub != "exec" && sub != "run" {
		return
	}
	values := composeExecValues
	if sub == "run" {
		values = composeRunValues
	}
	var entry []field
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i].Value, "-") && args[i].Value != "-"; i++ {
		if args[i].Value == "--" {
			i++
			break
		}
		name, val, eq := strings.Cut(args[i].Value, "=")
		if values.has(name) && !eq && i+1 < len(args) {
			i++
			val = args[i].Value
		}
		if name == "--entrypoint" {
			entry = []field{{Word: Word{Value: val, Dynamic: args[i].Dynamic}, in: args[i].in}}
		}
	}
	if i >= len(args) {
		return
	}
	run := append(entry, args[i+1:]...)
	name := c.Name + " compose " + sub
	if c.Name == "docker-compose" || c.Name == "podman-compose" {
		name = c.Name + " " + sub
	}
	if execForwardsStdin(name, args[:i]) {
		w.spawnElsewhereStdin(c, run, Wrapper{Name: name}, cx)
		return
	}
	w.spawnElsewhere(c, run, Wrapper{Name: name}, cx)
}

// composeExecTyped marks docker compose exec SERVICE CMD whose CMD reads
// what is typed: compose exec gives it the caller's terminal unless -T
// (--no-TTY) or -d (--detach) is given, and a shell or an interpreter
// with no script or code, or a program waiting at its prompt (psql),
// reads its commands from there.
func composeExecTyped(c *Command, args []field) {
	sub, args := composeSub(c, args)
	if sub != "exec" {
		return
	}
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			return
		}
		if !strings.HasPrefix(v, "-") {
			break
		}
		name, _, eq := strings.Cut(v, "=")
		switch {
		case name == "-T" || name == "--no-TTY" || name == "--no-tty" || name == "-d" || name == "--detach":
			return
		case composeExecValues.has(name) && !eq:
			i++
		}
	}
	if i+1 >= len(args) || args[i+1].Dynamic {
		return
	}
	cmd, rest := args[i+1].Value, args[i+2:]
	name := FoldWord(baseName(cmd))
	reads := false
	if interpreter(name) != "" && hasOperand(rest) {
		scriptPrompt(c, rest, nil) // docker compose exec app python manage.py shell
	} else if shells.has(program(name)) || interpreter(name) != "" || otherInterpreters.has(program(name)) {
		reads = !slices.ContainsFunc(rest, func(a field) bool {
			switch a.Value {
			case "-i", "-l", "--login", "-il", "-li", "--norc", "--noprofile":
				return false
			}
			return true
		})
	} else if p := catalogProgram(name); p != nil && p.Prompt != nil {
		reads = prompts(c, rest, p, nil) // the container's environment
	}
	if reads && c.Stdin.Kind == "" && !c.Background && !slices.ContainsFunc(c.Via, func(v string) bool { return !passesStdin(v) }) {
		c.Typed = true
	}
}

// bakeValues are docker buildx bake's options that take a value.
var bakeValues = set("-f", "--file", "--set", "--progress", "--builder", "--metadata-file", "--allow", "--call", "--provenance", "--sbom")

// bakeRuns walks the builds docker buildx bake makes of the compose
// files it is given or finds (a docker-bake.hcl is not read).
func (w *walker) bakeRuns(c *Command, args []field, cx ctx) {
	var files []string
	for i := 0; i < len(args); i++ {
		name, val, eq := strings.Cut(args[i].Value, "=")
		if !eq && bakeValues.has(name) && i+1 < len(args) {
			i++
			val = args[i].Value
		}
		switch {
		case args[i].Dynamic || name == "--print" || name == "--list" || name == "--check" || name == "--call" && val != "build":
			return // nothing is built
		case name == "-f" || name == "--file":
			if !strings.HasSuffix(val, ".yml") && !strings.HasSuffix(val, ".yaml") {
				return // HCL or JSON: not read
			}
			files = append(files, val)
		}
	}
	w.composeWalk(c, files, "", "build", []string{"*"}, nil, cx)
}

// composeWalk walks the docker build and docker run lines of the services
// in files (compose's own when none), whose relative paths are dir's (the
// first file's when ""), for compose's subcommand sub given args, with
// the profiles the line selects ("*" for all).
func (w *walker) composeWalk(c *Command, files []string, dir, sub string, profiles []string, args []field, cx ctx) {
	var texts, read []string // the compose files' texts, in order, and their names
	if len(files) == 0 {
		base := dir
		if base == "" {
			base = "."
		}
		for _, names := range [][]string{composeFiles, composeOverrides} {
			for _, n := range names {
				if in, ok := w.composeFile(path.Join(base, n)); ok {
					texts, read = append(texts, in), append(read, path.Join(base, n))
					break
				}
			}
		}
	}
	for _, f := range files {
		if f == "-" {
			if c.Stdin.Static && c.Stdin.Text != "" {
				texts, read = append(texts, c.Stdin.Text), append(read, "-")
			}
			continue
		}
		if in, ok := w.composeFile(f); ok {
			texts, read = append(texts, in), append(read, f)
		}
	}
	if dir == "" && len(files) > 0 && files[0] != "-" {
		dir = path.Dir(files[0]) // paths in the files are the first file's directory's
	}
	if len(texts) == 0 {
		return
	}
	var roots []*yamlNode
	for j := 0; j < len(texts); j++ {
		root := parseYAML(texts[j])
		roots = append(roots, root)
		for _, inc := range root.get("include").list() {
			// include: [other.yaml], or - path: other.yaml
			if inc.vals != nil {
				inc = inc.get("path")
			}
			for _, f := range inc.list() {
				if in, ok := w.composeFile(composeFilePath(dir, f.text())); ok && len(texts) < maxComposeFiles {
					texts, read = append(texts, in), append(read, f.text())
				}
			}
		}
	}
	services := composeServices(roots)
	for i := range services {
		services[i].n = w.composeExtends(services[i].n, roots, dir, 0)
	}
	run := composeRun{}
	switch sub {
	case "run":
		run = composeRunArgs(args)
	case "exec":
		w.composeExec(c, services, dir, args, read, cx)
		return
	}
	if len(profiles) == 0 {
		profiles = w.composeEnvProfiles(dir, files)
	}
	started := composeStarted(services, profiles, args)
	var lines []string
	for _, s := range services {
		if sub == "run" && s.name != run.service || sub != "run" && !started[s.name] {
			continue
		}
		lines = append(lines, s.build(dir)...)
		if sub != "build" {
			lines = append(lines, s.run(dir, run))
		}
	}
	w.nestedText(c, strings.Join(lines, "\n"), "compose file "+strings.Join(read, " "), cx, true, Bash)
}

// maxComposeExtends bounds a chain of services extending each other.
const maxComposeExtends = 8

// composeExtends is service n with what it extends (extends: NAME, a
// service of the same files, or extends: {service: NAME, file: F}) under
// its own keys, as compose merges them: the base's volumes, ports, env
// files and their kin kept beside n's, its other keys overridden by n's.
// A base the line cannot read leaves n as it is.
func (w *walker) composeExtends(n *yamlNode, roots []*yamlNode, dir string, depth int) *yamlNode {
	ext := n.get("extends")
	if ext == nil || depth >= maxComposeExtends {
		return n
	}
	name, file := ext.text(), ""
	if ext.vals != nil {
		name, file = ext.get("service").text(), ext.get("file").text()
	}
	from := roots
	if file != "" {
		text, ok := w.composeFile(composeFilePath(dir, file))
		if !ok {
			return n
		}
		from = []*yamlNode{parseYAML(text)}
	}
	var base *yamlNode
	for _, r := range from {
		if s := r.get("services").get(name); s != nil {
			base = mergeYAML(base, s) // later files' keys over earlier ones'
		}
	}
	if base == nil || base == n {
		return n
	}
	base = w.composeExtends(base, from, dir, depth+1)
	m := mergeYAML(base, n)
	for _, k := range base.keySet() {
		b, o := base.get(k), n.get(k)
		if o != nil && b.seq != nil && o.seq != nil && k != "command" && k != "entrypoint" {
			m.set(k, &yamlNode{seq: append(slices.Clip(b.seq), o.seq...)}) // volumes, ports: both
		}
	}
	return m
}

// composeFile is the text of a compose file the session or the project
// wrote, or the line wrote before it.
func (w *walker) composeFile(name string) (string, bool) {
	if in, _, ok := w.fileInput(name); ok && in.Static {
		return in.Text, true
	}
	return "", false
}

// composeRun is what compose run's line gives the service it runs.
type composeRun struct {
	service string
	opts    []string // its options, as shell words (-e K=$V, -v SRC:DST)
	argv    []string // the command given in place of the service's, as shell words
}

// composeRunArgs reads compose run's [OPTIONS] SERVICE [COMMAND ARGS].
func composeRunArgs(args []field) composeRun {
	var r composeRun
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") || args[i].Dynamic && !strings.Contains(v, "=") {
			break
		}
		r.opts = append(r.opts, fieldText(args[i]))
		if _, _, _, takes := splitOption(v, runBoolLongs, runValueShorts); takes && i+1 < len(args) {
			i++
			r.opts = append(r.opts, fieldText(args[i]))
		}
	}
	if i < len(args) {
		r.service = args[i].Value
		for _, a := range args[i+1:] {
			r.argv = append(r.argv, fieldText(a))
		}
	}
	return r
}

// fieldText is a word of the line as shell text: a static one quoted, a
// dynamic one as written.
func fieldText(a field) string {
	if a.Dynamic {
		return a.Value
	}
	return shellQuote(a.Value)
}

// composeService is one service of a compose file.
type composeService struct {
	name  string
	n     *yamlNode
	files map[string]string // the compose files' secrets and configs: "secrets/NAME" is its file
}

// given are the files of the secrets or configs (kind) the service is
// given, each with where it is mounted: /run/secrets/NAME or /NAME, or
// its target:.
func (s composeService) given(n *yamlNode, kind string) (srcs, dsts []string) {
	for _, e := range n.list() {
		name, target := e.text(), ""
		if e.vals != nil {
			name, target = e.get("source").text(), e.get("target").text()
		}
		f := s.files[kind+"/"+name]
		if f == "" {
			continue
		}
		switch {
		case target == "" && kind == "secrets":
			target = "/run/secrets/" + name
		case target == "":
			target = "/" + name
		case !strings.HasPrefix(target, "/") && kind == "secrets":
			target = "/run/secrets/" + target
		}
		srcs, dsts = append(srcs, f), append(dsts, target)
	}
	return srcs, dsts
}

// composeServices are the services of compose files' texts, later files'
// keys over earlier ones'.
func composeServices(roots []*yamlNode) []composeService {
	var out []composeService
	files := map[string]string{} // the top-level secrets' and configs' files, by kind/name
	for _, root := range roots {
		for _, kind := range []string{"secrets", "configs"} {
			defs := root.get(kind)
			for _, name := range defs.keySet() {
				if f := defs.get(name).get("file").text(); f != "" {
					files[kind+"/"+name] = f
				}
			}
		}
	}
	for _, root := range roots {
		services := root.get("services")
		for _, name := range services.keySet() {
			n := services.vals[name]
			if j := slices.IndexFunc(out, func(s composeService) bool { return s.name == name }); j >= 0 {
				out[j].n = mergeYAML(out[j].n, n)
				continue
			}
			if len(out) < maxComposeServices {
				out = append(out, composeService{name: name, n: n, files: files})
			}
		}
	}
	return out
}

// composePath is p, a path of a compose file in dir, as the line writes
// it: relative ones joined to dir and starting with ./ (a bare name in a
// volume is a named volume).
func composePath(dir, p string) string {
	if dir == "" || dir == "." || !strings.HasPrefix(p, ".") {
		return p
	}
	j := path.Join(dir, p)
	if !strings.HasPrefix(j, "/") && !strings.HasPrefix(j, "~") && !strings.HasPrefix(j, "$") && !strings.HasPrefix(j, ".") {
		j = "./" + j
	}
	return j
}

// composeFilePath is p, a file a compose file in dir names (an env file,
// a secret's, an included file), as the line writes it.
func composeFilePath(dir, p string) string {
	if p != "" && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "$") && !strings.HasPrefix(p, ".") {
		p = "./" + p
	}
	return composePath(dir, p)
}

// build is the docker build line of the service's build: section, none
// when it has none or builds from elsewhere (a Git URL).
func (s composeService) build(dir string) []string {
	b := s.n.get("build")
	if b == nil {
		return nil
	}
	ctxDir, file, inline := b.scalar, "", ""
	if b.vals != nil {
		ctxDir, file, inline = b.get("context").text(), b.get("dockerfile").text(), b.get("dockerfile_inline").text()
	}
	if ctxDir == "" {
		ctxDir = "."
	}
	if strings.Contains(ctxDir, "://") || strings.HasPrefix(ctxDir, "git@") {
		return nil
	}
	if !strings.HasPrefix(ctxDir, "/") && !strings.HasPrefix(ctxDir, "~") && !strings.HasPrefix(ctxDir, "$") && !strings.HasPrefix(ctxDir, ".") {
		ctxDir = "./" + ctxDir
	}
	ctxDir = composePath(dir, ctxDir)
	line := "docker build "
	srcs, dsts := s.given(b.get("secrets"), "secrets")
	for j, src := range srcs {
		line += "--secret " + composeWord("id="+path.Base(dsts[j])+",src="+composeFilePath(dir, src)) + " "
	}
	if inline != "" {
		delim := "HGUARD_DOCKERFILE"
		for strings.Contains(inline, delim) {
			delim += "_"
		}
		return []string{line + "-f - " + composeWord(ctxDir) + " <<'" + delim + "'\n" + inline + "\n" + delim}
	}
	if file != "" {
		if !strings.HasPrefix(file, "/") {
			file = path.Join(ctxDir, file)
		}
		line += "-f " + composeWord(file) + " "
	}
	return []string{line + composeWord(ctxDir)}
}

// hostOptions are the service keys that give a container the host's
// namespaces, as docker run's options.
var hostOptions = [][2]string{{"pid", "--pid"}, {"network_mode", "--network"}, {"ipc", "--ipc"}, {"userns_mode", "--userns"}, {"uts", "--uts"}}

// run is the docker run line that starts the service: its env files,
// variables, volumes, host access, working directory and command; r's
// options and command for compose run's service.
func (s composeService) run(dir string, r composeRun) string {
	words := []string{"docker", "run"}
	opt := func(name, v string) { words = append(words, name, composeWord(v)) }
	for _, f := range s.n.get("env_file").list() {
		if f.vals != nil {
			f = f.get("path")
		}
		if p := f.text(); p != "" {
			opt("--env-file", composeFilePath(dir, p))
		}
	}
	env := s.n.get("environment")
	for _, k := range env.keySet() {
		if v := env.get(k); v.text() == "" && !v.quoted {
			opt("-e", k) // passed through from this machine
		} else {
			opt("-e", k+"="+v.text())
		}
	}
	for _, e := range env.list() {
		opt("-e", e.text())
	}
	for _, v := range s.n.get("volumes").list() {
		switch {
		case v.vals == nil:
			src, rest, ok := strings.Cut(v.text(), ":")
			if ok {
				opt("-v", composePath(dir, src)+":"+rest)
			}
		case v.get("type").text() == "bind" || v.get("type") == nil:
			if src, dst := v.get("source").text(), v.get("target").text(); src != "" && dst != "" {
				opt("-v", composePath(dir, src)+":"+dst)
			}
		}
	}
	for _, kind := range []string{"secrets", "configs"} {
		srcs, dsts := s.given(s.n.get(kind), kind)
		for j, src := range srcs {
			opt("-v", composeFilePath(dir, src)+":"+dsts[j])
		}
	}
	if v := s.n.get("privileged").text(); v == "true" || v == "True" || v == "yes" {
		words = append(words, "--privileged")
	}
	for _, h := range hostOptions {
		if v := s.n.get(h[0]).text(); v != "" {
			words = append(words, h[1]+"="+composeWord(v))
		}
	}
	for _, c := range s.n.get("cap_add").list() {
		words = append(words, "--cap-add="+composeWord(c.text()))
	}
	for _, o := range s.n.get("security_opt").list() {
		words = append(words, "--security-opt="+composeWord(o.text()))
	}
	if v := s.n.get("working_dir").text(); v != "" {
		opt("-w", v)
	}
	argv := composeArgv(s.n.get("entrypoint"))
	if len(argv) > 0 && !slices.ContainsFunc(r.opts, func(o string) bool { return strings.HasPrefix(o, "--entrypoint") }) {
		opt("--entrypoint", argv[0])
		argv = argv[1:]
	} else {
		argv = nil
	}
	words = append(words, r.opts...)
	image := s.n.get("image").text()
	if image == "" {
		image = s.name
	}
	words = append(words, composeWord(image))
	var cmd []string
	for _, a := range argv {
		cmd = append(cmd, composeWord(a))
	}
	if r.argv != nil {
		cmd = append(cmd, r.argv...)
	} else {
		for _, a := range composeArgv(s.n.get("command")) {
			cmd = append(cmd, composeWord(a))
		}
	}
	return strings.Join(append(words, cmd...), " ")
}

// composeArgv is a command: or entrypoint: value's words: a list's items,
// or a string split as a shell splits words (compose runs no shell).
func composeArgv(n *yamlNode) []string {
	if n == nil {
		return nil
	}
	if n.seq != nil {
		var out []string
		for _, e := range n.seq {
			out = append(out, e.text())
		}
		return out
	}
	return splitWords(n.scalar)
}

// splitWords splits s into words as a shell does, with its quotes and
// backslashes, and nothing else.
func splitWords(s string) []string {
	var out []string
	var b strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote == '\'' && ch == '\'', quote == '"' && ch == '"':
			quote = 0
		case quote == '\'':
			b.WriteByte(ch)
		case ch == '\\' && i+1 < len(s) && (quote == 0 || strings.IndexByte(`"\$`, s[i+1]) >= 0):
			i++
			b.WriteByte(s[i])
		case quote == '"':
			b.WriteByte(ch)
		case ch == '\'' || ch == '"':
			quote, in = ch, true
		case ch == ' ' || ch == '\t' || ch == '\n':
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}

// composeWord is v, a value of a compose file, as a shell word: compose
// expands $NAME and ${NAME…} from this machine's environment (the line's
// reading of them is the shell's), $$ is a $, and nothing else runs.
func composeWord(v string) string {
	if v != "" && strings.Trim(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-") == "" {
		return v
	}
	if !strings.Contains(v, "$") {
		return shellQuote(v)
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(v); i++ {
		ch := v[i]
		switch {
		case ch == '$' && i+1 < len(v) && v[i+1] == '$':
			b.WriteString(`\$`)
			i++
		case ch == '$' && i+1 < len(v) && (v[i+1] == '{' || v[i+1] == '_' || isAlnum(v[i+1]) && !('0' <= v[i+1] && v[i+1] <= '9')):
			b.WriteByte('$')
		case ch == '$' || ch == '"' || ch == '\\' || ch == '`':
			b.WriteByte('\\')
			b.WriteByte(ch)
		default:
			b.WriteByte(ch)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// composeEnvProfiles are the profiles the project's .env file selects
// (COMPOSE_PROFILES=a,b), which compose reads from the project directory:
// dir, or the first compose file's directory.
func (w *walker) composeEnvProfiles(dir string, files []string) []string {
	if dir == "" && len(files) > 0 && files[0] != "-" {
		dir = path.Dir(files[0])
	}
	if dir == "" {
		dir = "."
	}
	text, ok := w.composeFile(path.Join(dir, ".env"))
	if !ok {
		return nil
	}
	var out []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimPrefix(strings.TrimSpace(l), "export ")
		if v, ok := strings.CutPrefix(l, "COMPOSE_PROFILES="); ok {
			v = strings.Trim(strings.TrimSpace(v), `"'`)
			if strings.ContainsAny(v, "$`") {
				return []string{"*"}
			}
			out = strings.Split(v, ",")
		}
	}
	return out
}

// composeStarted are the services compose starts: those without
// profiles:, those with a profile selected ("*" selects all), those the
// line names (up SERVICE: its profile is selected then), and what they
// depend on. Naming a service does not leave the others out here (their
// dependencies would have to be followed): the wider reading.
func composeStarted(services []composeService, profiles []string, args []field) map[string]bool {
	on := map[string]bool{}
	named := map[string]bool{}
	for _, a := range args {
		if a.Dynamic {
			profiles = append(profiles, "*") // a service known only at run time
		} else if !strings.HasPrefix(a.Value, "-") {
			named[a.Value] = true
		}
	}
	for _, s := range services {
		ps := s.n.get("profiles").list()
		if len(ps) == 0 || named[s.name] || slices.Contains(profiles, "*") ||
			slices.ContainsFunc(ps, func(p *yamlNode) bool { return slices.Contains(profiles, p.text()) }) {
			on[s.name] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, s := range services {
			if !on[s.name] {
				continue
			}
			deps := s.n.get("depends_on")
			names := deps.keySet()
			for _, d := range deps.list() {
				names = append(names, d.text())
			}
			for _, d := range names {
				if !on[d] {
					on[d], changed = true, true
				}
			}
		}
	}
	return on
}

// composeExecValues are compose exec's options that take a value.
var composeExecValues = set("-e", "--env", "-u", "--user", "-w", "--workdir", "--index")

// composeExec follows docker compose exec SERVICE CMD: CMD runs in the
// service's started container, so it is walked again with every path
// under one of the service's bind mounts written as the host's, as docker
// exec's is (containerExec): a service mounting ~ at /h makes exec
// SERVICE rm -rf /h rm -rf ~.
func (w *walker) composeExec(c *Command, services []composeService, dir string, args []field, read []string, cx ctx) {
	workdir, i := "", 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic || !strings.HasPrefix(v, "-") {
			break
		}
		name, val, eq := strings.Cut(v, "=")
		if composeExecValues.has(name) && !eq {
			if i+1 >= len(args) {
				return
			}
			i++
			val = args[i].Value
		}
		if name == "-w" || name == "--workdir" {
			workdir = val
		}
	}
	if i+1 >= len(args) || args[i].Dynamic || w.walks >= maxLoopWalks {
		return
	}
	j := slices.IndexFunc(services, func(s composeService) bool { return s.name == args[i].Value })
	if j < 0 {
		return
	}
	s := services[j]
	if workdir == "" {
		workdir = s.n.get("working_dir").text()
	}
	w.execMapped(c, &Container{Mounts: s.mounts(dir), Workdir: workdir}, args[i+1:], "compose exec "+s.name+" (its volumes in "+strings.Join(read, " ")+")", cx)
}

// mounts are the service's bind mounts of this machine's paths: its
// volumes, secrets and configs.
func (s composeService) mounts(dir string) []Mount {
	var out []Mount
	add := func(src, dst string) {
		if m, ok := hostMount(src, dst, ""); ok {
			out = append(out, m)
		}
	}
	for _, v := range s.n.get("volumes").list() {
		switch {
		case v.vals == nil:
			if src, rest, ok := strings.Cut(v.text(), ":"); ok {
				dst, _, _ := strings.Cut(rest, ":")
				add(composePath(dir, src), dst)
			}
		case v.get("type").text() == "bind" || v.get("type") == nil:
			add(composePath(dir, v.get("source").text()), v.get("target").text())
		}
	}
	for _, kind := range []string{"secrets", "configs"} {
		srcs, dsts := s.given(s.n.get(kind), kind)
		for j, src := range srcs {
			add(composeFilePath(dir, src), dsts[j])
		}
	}
	return out
}

// composeProfiles is COMPOSE_PROFILES as c runs with it: assigned in
// front of it, or set before it on the line or an earlier one.
func (w *walker) composeProfiles(c *Command) (string, bool) {
	for _, a := range c.Assigns {
		if a.Name == "COMPOSE_PROFILES" {
			return a.Value.Value, true
		}
	}
	if v, ok := w.line.Exports["COMPOSE_PROFILES"]; ok {
		return v, true
	}
	v, ok := w.before.Exports["COMPOSE_PROFILES"]
	return v, ok
}
