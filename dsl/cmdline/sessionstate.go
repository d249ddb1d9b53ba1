package cmdline

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What a line sets up for the lines after it in the same shell, which an
// agent's session keeps (Claude Code runs each command in a shell that
// keeps the directory, the environment, aliases and functions): a
// directory put first on PATH (export PATH=./bin:$PATH, then ls runs
// ./bin/ls), an alias (alias ls='rm -rf ~', then ls) and a function
// (f(){ rm -rf "$1"; }, then f ~), and a container started with a name
// and mounts (docker run -d --name x -v ~:/h …, then docker exec x rm -rf
// /h). The line reports them (Line.PathDirs, Line.Aliases, Line.Funcs,
// Line.Containers) and a later line is given them back (Before.Path,
// Before.Aliases, Before.Funcs, Before.Containers). They only add: a later
// line's own commands are judged as before, and what the remembered ones
// run is judged besides.

// Bounds on what a line reports for the lines after it: the named
// containers and the mounts of each, the directories it puts on PATH, the
// aliases and functions it defines, and the text of each alias or
// function kept.
const (
	maxContainers  = 16
	maxPathDirs    = 8
	maxCarried     = 32
	maxCarriedText = 4 << 10
)

// notePath records the directories a standalone assignment to PATH puts
// on it (Line.PathDirs): absolute, ~/…, or relative as written (bash
// looks a relative one up where the command runs); $PWD/… is where the
// line is then. An element known only at run time is left out, and so
// are the value's own $PATH and the system's directories.
func (w *walker) notePath(v Word) {
	for _, el := range pathElements(v.Value) {
		if len(w.line.PathDirs) >= maxPathDirs {
			return
		}
		if rest, ok := inWorkingDir(el); ok {
			if el = w.at(rest); el == "" {
				continue // the line's directory is unknown
			}
		}
		el = homeSpelled(el)
		if el == "" || strings.ContainsAny(el, "$`") {
			continue
		}
		el = path.Clean(el)
		switch el {
		case "/usr/bin", "/bin", "/usr/sbin", "/sbin":
			continue // a program there is the one its name says
		}
		if !slices.Contains(w.line.PathDirs, el) {
			w.line.PathDirs = append(w.line.PathDirs, el)
		}
	}
}

// pathElements splits a PATH value at its colons, not at those inside
// an expansion as written (${PATH:-/bin}, $(…)).
func pathElements(v string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '$' && i+1 < len(v) && (v[i+1] == '{' || v[i+1] == '('):
			depth++
			i++
		case (c == '}' || c == ')') && depth > 0:
			depth--
		case c == ':' && depth == 0:
			out = append(out, v[start:i])
			start = i + 1
		}
	}
	return append(out, v[start:])
}

// defineAlias records an alias the line defines, for the rest of the
// line and for the lines after it (Line.Aliases).
func (w *walker) defineAlias(name, text string) {
	if w.aliases == nil {
		w.aliases = make(map[string]string)
	}
	w.aliases[name] = text
	if len(text) > maxCarriedText {
		return
	}
	if w.line.Aliases == nil {
		w.line.Aliases = map[string]string{}
	}
	if _, ok := w.line.Aliases[name]; ok || len(w.line.Aliases) < maxCarried {
		w.line.Aliases[name] = text
	}
}

// defineFunc records the text of a function the line defines (Line.Funcs).
func (w *walker) defineFunc(name string, fd *syntax.FuncDecl) {
	text := w.source(fd.Pos(), fd.End())
	if text == "" || len(text) > maxCarriedText || w.dialect == Fish {
		return
	}
	if w.line.Funcs == nil {
		w.line.Funcs = map[string]string{}
	}
	if _, ok := w.line.Funcs[name]; ok || len(w.line.Funcs) < maxCarried {
		w.line.Funcs[name] = text
	}
}

// seedBefore gives the walk the aliases and functions earlier lines
// defined. A function's body is not walked here: it was judged on the line
// that defined it, and it is walked again where this line calls it.
func (w *walker) seedBefore(d Dialect) {
	for name, text := range w.before.Aliases {
		if name == "" || len(text) > maxCarriedText {
			continue
		}
		if w.aliases == nil {
			w.aliases = make(map[string]string)
		}
		w.aliases[name] = text
	}
	if d == Fish {
		return
	}
	for name, text := range w.before.Funcs {
		if name == "" || len(text) > maxCarriedText {
			continue
		}
		stmts, err := w.parse(text, d)
		if err != nil || len(stmts) != 1 {
			continue
		}
		fd, ok := stmts[0].Cmd.(*syntax.FuncDecl)
		if !ok || funcName(fd) != name || fd.Body == nil {
			continue
		}
		if w.funcs == nil {
			w.funcs = make(map[string]funcDef)
		}
		w.funcs[name] = funcDef{body: fd.Body, src: text, dialect: d, earlier: true}
	}
}

// binDirs are the directories a bare command name may run a file from
// that the session put there: those the line and earlier lines put on
// PATH, then the everyday bin directories (UserBinDirs).
func (w *walker) binDirs() []string {
	dirs := make([]string, 0, len(w.line.PathDirs)+len(w.before.Path)+len(UserBinDirs))
	dirs = append(dirs, w.line.PathDirs...)
	dirs = append(dirs, w.before.Path...)
	return append(dirs, UserBinDirs...)
}

// nameContainer records the bind mounts of a container started with a
// name on the line's own machine, for the rest of the line and the lines
// after it (Line.Containers).
func (w *walker) nameContainer(k *Container) {
	if k == nil || k.Name == "" || len(k.Mounts) == 0 || w.nest > 0 || strings.HasSuffix(k.Runner, " build") ||
		!strings.HasSuffix(k.Runner, " run") && !strings.HasSuffix(k.Runner, " create") {
		return
	}
	mounts := k.Mounts[:min(len(k.Mounts), maxContainers)]
	if w.containers == nil {
		w.containers = map[string][]Mount{}
	}
	w.containers[k.Name] = mounts
	if w.line.Containers == nil {
		w.line.Containers = map[string][]Mount{}
	}
	if _, ok := w.line.Containers[k.Name]; ok || len(w.line.Containers) < maxContainers {
		w.line.Containers[k.Name] = mounts
	}
}

// execValueOpts are the options of docker exec (podman's, nerdctl's) that
// take a value.
var execValueOpts = set("-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys", "--preserve-fds")

// containerExec follows docker exec NAME CMD (podman, nerdctl; docker
// container exec) into a container the line or an earlier one started
// with bind mounts: CMD is walked again with every path under a mount
// written as the host's, as the command of a docker run is (Container),
// so that docker exec x rm -rf /h after docker run --name x -v ~:/h is
// rm -rf ~. The exec'd command as written is the line's already (the
// runner is a wrapper).
func (w *walker) containerExec(c *Command, args []field, cx ctx) {
	i := 0
	for i < len(args) && !args[i].Dynamic && runnerGlobals.has(args[i].Value) {
		i += 2 // docker -H HOST exec
	}
	if i < len(args) && args[i].Value == "container" {
		i++
	}
	if i < len(args) && args[i].Value == "cp" && c.Name != "kubectl" && c.Name != "oc" {
		w.containerCopy(c, args[i+1:], cx)
		return
	}
	if i >= len(args) || args[i].Value != "exec" || c.Name == "kubectl" || c.Name == "oc" {
		return
	}
	workdir := ""
	for i++; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic || !strings.HasPrefix(v, "-") {
			break
		}
		name, val, eq := strings.Cut(v, "=")
		if !eq && !strings.HasPrefix(v, "--") && len(v) > 2 {
			name = "-" + v[len(v)-1:] // -it, -iu root: the last letter may take a value
		}
		if execValueOpts.has(name) && !eq {
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
	if i+1 >= len(args) || args[i].Dynamic {
		return
	}
	name := args[i].Value
	mounts, ok := w.containers[name]
	if !ok {
		mounts, ok = w.before.Containers[name]
	}
	if !ok || w.walks >= maxLoopWalks {
		return
	}
	w.execMapped(c, &Container{Mounts: mounts, Workdir: workdir}, args[i+1:], c.Name+" exec "+name+" (its mounts)", cx)
}

// execMapped walks the command args that an exec runs in the container k,
// with every path under one of its bind mounts written as the host's and
// in its working directory, when a mount maps any.
func (w *walker) execMapped(c *Command, k *Container, args []field, label string, cx ctx) {
	argv := make([]Word, 0, len(args))
	for _, a := range args {
		argv = append(argv, a.Word)
	}
	text, dir := k.mapped(argv)
	if !k.Mapped {
		return
	}
	if rest, ok := strings.CutPrefix(dir, "~"); ok && (rest == "" || rest[0] == '/') || path.IsAbs(dir) {
		home := ""
		if ok {
			home, dir = "~", rest
		}
		text = "cd " + home + "'" + strings.ReplaceAll(dir, "'", `'\''`) + "' && " + text
	}
	w.walks++
	w.nested(c, text, label, cx, false)
}

// containerCopy follows docker cp between this machine and a path under
// a mount of a container the line or an earlier one started: it copies
// the host's own file (docker cp x:/h/.ssh/id_rsa k after docker run
// --name x -v ~:/h is cp -r ~/.ssh/id_rsa k; docker cp rc x:/h/.bashrc
// writes ~/.bashrc).
func (w *walker) containerCopy(c *Command, args []field, cx ctx) {
	var ops []field
	for _, a := range args {
		switch {
		case a.Dynamic:
			return
		case a.Value == "--" || strings.HasPrefix(a.Value, "-") && len(ops) == 0:
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) != 2 || w.walks >= maxLoopWalks {
		return
	}
	host := func(v string) (string, bool) {
		name, p, ok := strings.Cut(v, ":")
		if !ok || name == "" || strings.Contains(name, "/") {
			return v, false
		}
		mounts, ok := w.containers[name]
		if !ok {
			mounts, ok = w.before.Containers[name]
		}
		if !ok {
			return v, false
		}
		k := &Container{Mounts: mounts}
		if text, _ := k.mapped([]Word{{Value: p}}); k.Mapped {
			return text, true
		}
		return v, false
	}
	src, srcOK := host(ops[0].Value)
	dst, dstOK := host(ops[1].Value)
	if !srcOK && !dstOK {
		return
	}
	quote := func(v string, mapped bool) string {
		if mapped {
			return v // quoted by mapped
		}
		return "'" + strings.ReplaceAll(v, "'", `'\''`) + "'"
	}
	w.walks++
	w.nested(c, "cp -r "+quote(src, srcOK)+" "+quote(dst, dstOK), c.Name+" cp (its mounts)", cx, false)
}
