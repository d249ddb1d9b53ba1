package cmdline

import (
	"fmt"
	"path"
	"runtime"
	"slices"
	"strings"
)

// A Taskfile (go-task) is read as task reads it for the line: the tasks
// it names (the default task for none), their deps and the tasks their
// cmds call, each command where it runs (the task's dir:, an include's
// dir:), with {{.VAR}} put in from the static vars: and env:. What else
// runs is read too: the sh: of dynamic vars, preconditions:, status: and
// defer:. A task not known here (an include not read, a name made at run
// time) reads every task of the files read.

// taskDef is one task of a Taskfile.
type taskDef struct {
	name string    // its full name: ns:name for an included file's
	node *yamlNode // a mapping, or the short form: a command or a list of them
	src  *taskSource
}

// taskSource is one Taskfile read: the root or an included one.
type taskSource struct {
	ns      string      // the prefix of its tasks' names ("" or "docs:")
	dir     string      // where its tasks run, as the line names it
	fileDir string      // the directory holding it (TASKFILE_DIR)
	own     []*yamlNode // its vars: and env:
	vars    []*yamlNode // its include's vars:, its own, then the root's: the first found wins
	env     []*yamlNode // its env:, then the root's
}

// taskfile is what hguard reads of a Taskfile and the files it includes.
type taskfile struct {
	tasks   map[string]*taskDef
	order   []string // task names in the files' order
	aliases map[string]string
	sources []*taskSource
	root    *taskSource
	// whole is set when tasks may come from a file not read (a remote
	// or dynamic include, one not found): a name not found reads all.
	whole bool
	// limited is set past the bounds: tasks or included files were left
	// unread (an IssueLimit of the line).
	limited bool
	files   int
	bytes   int
}

// Bounds on a Taskfile's reading: the files it includes (how deep, how
// many, their bytes together), the tasks one line runs (calls followed)
// and the length of a task's name. Past them every task read is read.
const (
	maxTaskIncludeDepth = 8
	maxTaskFiles        = 32
	maxTaskBytes        = 1 << 20
	maxTaskCalls        = 512
	maxTaskName         = 1024
	maxTaskVarDepth     = 8
	maxTaskParents      = 8 // the directories above looked at for a Taskfile
)

// taskfileNames are the files task looks up in a directory, in its order.
var taskfileNames = []string{"Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml",
	"Taskfile.dist.yml", "taskfile.dist.yml", "Taskfile.dist.yaml", "taskfile.dist.yaml"}

// findTaskfile is the first of names that read knows: file itself, or
// the Taskfile in it when it is a directory.
func findTaskfile(read func(string) (string, bool), file string) (string, string, bool) {
	cands := []string{file}
	if ext := path.Ext(file); ext != ".yml" && ext != ".yaml" {
		for _, n := range taskfileNames {
			cands = append(cands, path.Join(file, n))
		}
	}
	for _, f := range cands {
		if text, ok := read(f); ok {
			return f, text, true
		}
	}
	return "", "", false
}

// readTaskfile reads the Taskfile text at file and the files it includes
// (read gives a file's text by its name as the line spells it), its tasks
// run in dir.
func readTaskfile(read func(string) (string, bool), file, text, dir string) *taskfile {
	tf := &taskfile{tasks: map[string]*taskDef{}, aliases: map[string]string{}}
	tf.root = &taskSource{dir: dir, fileDir: path.Dir(file)}
	tf.add(read, text, tf.root, nil, 0)
	return tf
}

// add reads one file's text as src, with the vars of its include.
func (tf *taskfile) add(read func(string) (string, bool), text string, src *taskSource, incVars *yamlNode, depth int) {
	tf.files++
	tf.bytes += len(text)
	doc := parseYAML(text)
	tf.sources = append(tf.sources, src)
	if incVars != nil {
		src.vars = append(src.vars, incVars)
	}
	src.own = []*yamlNode{doc.get("vars"), doc.get("env")}
	src.vars = append(src.vars, src.own...)
	src.env = append(src.env, doc.get("env"))
	if src != tf.root {
		src.vars = append(src.vars, tf.root.vars...)
		src.env = append(src.env, tf.root.env...)
	}
	tasks := doc.get("tasks")
	for _, k := range tasks.keySet() {
		name := src.ns + k
		if _, ok := tf.tasks[name]; ok || len(name) > maxTaskName {
			continue
		}
		t := &taskDef{name: name, node: tasks.get(k), src: src}
		tf.tasks[name] = t
		tf.order = append(tf.order, name)
		for _, a := range t.node.get("aliases").list() {
			tf.aliases[src.ns+a.text()] = name
		}
	}
	includes := doc.get("includes")
	for _, ns := range includes.keySet() {
		inc := includes.get(ns)
		file, dir, optional := inc.text(), "", false
		if inc.vals != nil {
			file, dir = inc.get("taskfile").text(), inc.get("dir").text()
			optional = inc.get("optional").text() == "true"
		}
		r := &taskRun{tf: tf}
		file, dir = r.interpolate(file, &taskDef{src: src}, nil, 0), r.interpolate(dir, &taskDef{src: src}, nil, 0)
		if depth+1 > maxTaskIncludeDepth || tf.files >= maxTaskFiles || tf.bytes > maxTaskBytes {
			tf.whole, tf.limited = true, true
			continue
		}
		if file == "" || strings.Contains(file, "$") || strings.Contains(dir, "$") || strings.Contains(file, "://") || strings.HasPrefix(file, "git@") {
			tf.whole = true // a remote or dynamic include
			continue
		}
		if !path.IsAbs(file) && !strings.HasPrefix(file, "~") {
			file = path.Join(src.fileDir, file)
		}
		found, text, ok := findTaskfile(read, file)
		if !ok {
			tf.whole = tf.whole || !optional
			continue
		}
		sub := &taskSource{ns: src.ns + ns + ":", dir: src.dir, fileDir: path.Dir(found)}
		if inc.get("flatten").text() == "true" {
			sub.ns = src.ns
		}
		if dir != "" {
			sub.dir = taskJoin(src.fileDir, dir)
		}
		for _, a := range inc.get("aliases").list() {
			tf.aliases[src.ns+a.text()] = sub.ns // an alias of the namespace
		}
		tf.add(read, text, sub, inc.get("vars"), depth+1)
	}
}

// taskJoin is dir joined to base unless it stands alone (absolute, ~).
func taskJoin(base, dir string) string {
	if dir == "" {
		return base
	}
	if path.IsAbs(dir) || strings.HasPrefix(dir, "~") || strings.HasPrefix(dir, "$") {
		return dir
	}
	return path.Join(base, dir)
}

// lookup is the task a name calls: a task, an alias of one, a namespace's
// default task (task docs runs docs:default), or one a wildcard name
// matches (start:*).
func (tf *taskfile) lookup(name string) *taskDef {
	if t, ok := tf.tasks[name]; ok {
		return t
	}
	if a, ok := tf.aliases[name]; ok {
		if strings.HasSuffix(a, ":") {
			return tf.lookup(a + "default")
		}
		return tf.tasks[a]
	}
	if t, ok := tf.tasks[name+":default"]; ok {
		return t
	}
	if a, ok := tf.aliases[name+":"]; ok {
		return tf.tasks[a+"default"]
	}
	for _, n := range tf.order {
		if strings.Contains(n, "*") && wildcardMatch(n, name) {
			return tf.tasks[n]
		}
	}
	return nil
}

// wildcardMatch reports name matched by pattern, whose * stands for any
// text.
func wildcardMatch(pattern, name string) bool {
	parts := strings.Split(pattern, "*")
	if !strings.HasPrefix(name, parts[0]) {
		return false
	}
	name = name[len(parts[0]):]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			return strings.HasSuffix(name, p)
		}
		j := strings.Index(name, p)
		if j < 0 {
			return false
		}
		name = name[j+len(p):]
	}
	return true
}

// taskLine is a command a Taskfile runs and the directory it runs in, as
// the line names it ("." for where task runs).
type taskLine struct{ dir, text string }

// taskRun is one reading of the tasks a line runs.
type taskRun struct {
	tf      *taskfile
	cliArgs string            // {{.CLI_ARGS}}: the words after --
	cliVars map[string]string // NAME=VALUE on task's line
	seen    map[string]bool
	calls   int
	unknown bool   // a name not known here: every task is read
	env     string // the last export added (exports)
	out     []taskLine
}

// lines are the commands the line's task runs (args are task's words),
// with where each runs: the tasks it names with those they call; every
// task's when which run is not known here.
func (tf *taskfile) lines(args []field) []taskLine {
	goals, cliArgs, cliVars, known := taskGoals(args)
	r := &taskRun{tf: tf, cliArgs: cliArgs, cliVars: cliVars, seen: map[string]bool{}}
	if known && goals == nil {
		return nil // task --list, --version: no task runs
	}
	if known {
		r.globals()
		for _, g := range goals {
			r.task(g, nil, nil, 0)
		}
	}
	if !known || r.unknown {
		r = &taskRun{tf: tf, cliArgs: cliArgs, cliVars: cliVars, seen: map[string]bool{}}
		r.globals()
		for _, n := range tf.order {
			r.task(n, nil, nil, 0)
		}
		tf.limited = tf.limited || r.calls >= maxTaskCalls
	}
	return r.out
}

// globals adds the sh: of every file's dynamic vars, which task runs
// before any task (where the file's tasks run).
func (r *taskRun) globals() {
	for _, src := range r.tf.sources {
		for _, vars := range src.own {
			for _, k := range vars.keySet() {
				if sh := vars.get(k).get("sh").text(); sh != "" {
					r.add(src.dir, r.interpolate(sh, &taskDef{src: src}, nil, 0))
				}
			}
		}
	}
}

func (r *taskRun) add(dir, text string) {
	if strings.TrimSpace(text) != "" {
		r.out = append(r.out, taskLine{dir: cmpOr(dir, "."), text: text})
	}
}

func cmpOr(a, b string) string {
	if a == "" {
		return b
	}
	return a
}

// task adds what the task name runs, called from (nil for the line)
// with vars, and what it calls in turn.
func (r *taskRun) task(name string, from *taskDef, vars *yamlNode, depth int) {
	if from != nil {
		name = r.interpolate(name, from, vars, 0)
		switch {
		case strings.HasPrefix(name, ":"):
			name = name[1:] // the root file's task
		case from.src.ns != "" && r.tf.lookup(from.src.ns+name) != nil:
			name = from.src.ns + name
		}
	}
	t := r.tf.lookup(name)
	if t == nil || strings.Contains(name, "$") || depth > maxTaskCalls || r.calls >= maxTaskCalls {
		r.unknown = true
		return
	}
	key := t.name
	if vars != nil {
		key += "\x00" + yamlKeyText(vars)
	}
	if r.seen[key] {
		return
	}
	r.seen[key] = true
	r.calls++
	n := t.node
	if n.vals == nil { // the short form: a command, or a list of them
		r.exports(t.src.dir, t, vars)
		for _, c := range n.list() {
			r.cmd(c, t, t.src.dir, vars, depth)
		}
		return
	}
	if !onPlatform(n.get("platforms")) {
		return
	}
	dir := taskJoin(t.src.dir, r.interpolate(n.get("dir").text(), t, vars, 0))
	r.exports(dir, t, vars)
	for _, k := range n.get("vars").keySet() {
		if sh := n.get("vars").get(k).get("sh").text(); sh != "" {
			r.add(dir, r.interpolate(sh, t, vars, 0))
		}
	}
	for _, p := range n.get("preconditions").list() {
		r.add(dir, r.interpolate(cmpOr(p.get("sh").text(), p.text()), t, vars, 0))
	}
	for _, s := range n.get("status").list() {
		r.add(dir, r.interpolate(s.text(), t, vars, 0))
	}
	for _, d := range n.get("deps").list() {
		if d.vals == nil {
			r.task(d.text(), t, nil, depth+1)
		} else if d.get("task").text() != "" {
			r.task(d.get("task").text(), t, d.get("vars"), depth+1)
		}
	}
	cmds := n.get("cmds").list()
	if c := n.get("cmd"); c != nil {
		cmds = append(cmds, c)
	}
	for _, c := range cmds {
		r.cmd(c, t, dir, vars, depth)
	}
}

// exports adds what sets the environment a task's commands run with:
// export NAME=VALUE for each static env: of the task, its file and the
// root (the first found wins), once while it stays the same, so that
// $NAME in them is known.
func (r *taskRun) exports(dir string, t *taskDef, vars *yamlNode) {
	seen := map[string]bool{}
	var words []string
	for _, env := range append([]*yamlNode{t.node.get("env")}, t.src.env...) {
		for _, k := range env.keySet() {
			v := env.get(k)
			if seen[k] || !isName(k) || v.vals != nil || v.seq != nil {
				continue
			}
			seen[k] = true
			words = append(words, k+"="+shellQuote(r.interpolate(v.text(), t, vars, 0)))
		}
	}
	if len(words) == 0 {
		return
	}
	if text := "export " + strings.Join(words, " "); text != r.env {
		r.env = text
		r.add(dir, text)
	}
}

// cmd adds one item of a task's cmds: a command (cmd:), a call of a task
// (task:), or a deferred one of either (defer:).
func (r *taskRun) cmd(c *yamlNode, t *taskDef, dir string, vars *yamlNode, depth int) {
	if c.vals == nil {
		r.add(dir, r.interpolate(c.text(), t, vars, 0))
		return
	}
	if !onPlatform(c.get("platforms")) {
		return
	}
	switch {
	case c.get("defer") != nil:
		r.cmd(c.get("defer"), t, dir, vars, depth)
	case c.get("task").text() != "":
		r.task(c.get("task").text(), t, c.get("vars"), depth+1)
	case c.get("cmd") != nil:
		r.add(dir, r.interpolate(c.get("cmd").text(), t, vars, 0))
	default:
		// a line YAML read as a mapping (echo a: b): its text runs
		for _, k := range c.keySet() {
			r.add(dir, r.interpolate(k+": "+c.get(k).text(), t, vars, 0))
		}
	}
}

// onPlatform reports a platforms: list that names this machine's system
// or architecture (linux, amd64, linux/amd64), or none at all.
func onPlatform(n *yamlNode) bool {
	list := n.list()
	if len(list) == 0 {
		return true
	}
	return slices.ContainsFunc(list, func(p *yamlNode) bool {
		v := p.text()
		return v == runtime.GOOS || v == runtime.GOARCH || v == runtime.GOOS+"/"+runtime.GOARCH || strings.Contains(v, "{{")
	})
}

// yamlKeyText is a mapping's scalar entries as text, to tell calls of a
// task with other vars apart.
func yamlKeyText(n *yamlNode) string {
	var b strings.Builder
	for _, k := range n.keySet() {
		b.WriteString(k + "=" + n.get(k).text() + "\n")
	}
	return b.String()
}

// interpolate puts what task knows into text's {{…}}: a static var's
// value (the task's vars:, the caller's, NAME=VALUE on the line, the
// file's and the root's vars: and env:), CLI_ARGS, the directories task
// names (ROOT_DIR, TASKFILE_DIR, TASK_DIR, USER_WORKING_DIR) as seen from
// where the command runs, and anything else as the shell's
// ${TASK_VALUE}, known only as it runs.
func (r *taskRun) interpolate(text string, t *taskDef, vars *yamlNode, depth int) string {
	if !strings.Contains(text, "{{") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.Index(text, "{{")
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		end := strings.Index(text[i:], "}}")
		if end < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		expr := strings.TrimSpace(strings.Trim(strings.TrimSpace(text[i+2:i+end]), "-"))
		b.WriteString(r.value(expr, t, vars, depth))
		text = text[i+end+2:]
	}
}

// value is what a template's expression gives, as interpolate says.
func (r *taskRun) value(expr string, t *taskDef, vars *yamlNode, depth int) string {
	const unknown = "${TASK_VALUE}"
	if expr == "exeExt" {
		return ""
	}
	name, ok := strings.CutPrefix(expr, ".")
	if !ok || !isName(name) || depth >= maxTaskVarDepth {
		return unknown
	}
	dir := cmpOr(t.src.dir, ".")
	if t.node != nil && t.node.vals != nil {
		dir = taskJoin(t.src.dir, t.node.get("dir").text())
	}
	switch name {
	case "CLI_ARGS":
		return r.cliArgs
	case "ROOT_DIR":
		return taskRel(dir, r.tf.root.fileDir)
	case "TASKFILE_DIR":
		return taskRel(dir, t.src.fileDir)
	case "TASK_DIR":
		return "."
	case "USER_WORKING_DIR":
		return taskRel(dir, ".")
	case "TASK":
		return t.name
	}
	layers := []*yamlNode{nil, vars}
	if t.node != nil {
		layers[0] = t.node.get("vars")
	}
	if v, ok := r.cliVars[name]; ok {
		return v
	}
	if t.node != nil {
		layers = append(layers, t.node.get("env"))
	}
	for _, l := range append(layers, t.src.vars...) {
		if v := l.get(name); v != nil {
			if v.vals != nil || v.seq != nil {
				return unknown // sh:, ref:, map: or a list: known as it runs
			}
			return r.interpolate(v.text(), t, vars, depth+1)
		}
	}
	return unknown // an environment variable, a var of the run
}

// taskRel is p, a directory as the line names it, as seen from dir, where
// a command runs: ../.. back from sub/dir; unknown when dir is not below
// the line's directory.
func taskRel(dir, p string) string {
	dir, p = path.Clean(dir), path.Clean(p)
	switch {
	case path.IsAbs(p) || strings.HasPrefix(p, "~"):
		return p
	case dir == ".":
		return p
	case path.IsAbs(dir) || strings.HasPrefix(dir, "~") || strings.HasPrefix(dir, "..") || strings.Contains(dir, "$"):
		return "${TASK_VALUE}"
	}
	return path.Join(strings.Repeat("../", strings.Count(dir, "/")+1), p)
}

// taskValueOptions are task's options that take a value.
var taskValueOptions = set("-t", "--taskfile", "-d", "--dir", "-o", "--output", "-C", "--concurrency", "-I", "--interval",
	"--sort", "--output-group-begin", "--output-group-end", "--timeout", "--remote-cache-dir", "--cache-expiry",
	"--cacert", "--cert", "--cert-key")

// taskNoRun are task's options after which no task runs: listings,
// help, the version, a new Taskfile.
var taskNoRun = set("-l", "--list", "-a", "--list-all", "--summary", "-i", "--init", "--version", "-h", "--help", "--completion", "--experiments")

// taskGoals are the tasks task's words name ("default" for none), the
// words after -- as {{.CLI_ARGS}}, and the vars NAME=VALUE sets; known is
// false for a word known only as it runs. No goals, known, is a line
// that runs no task.
func taskGoals(args []field) (goals []string, cliArgs string, cliVars map[string]string, known bool) {
	cliVars = map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Value == "--":
			var words []string
			for _, w := range args[i+1:] {
				if w.Dynamic {
					words = append(words, "${TASK_VALUE}")
				} else {
					words = append(words, shellQuote(w.Value))
				}
			}
			cliArgs = strings.Join(words, " ")
			i = len(args)
		case a.Dynamic:
			return nil, "", nil, false
		case taskNoRun.has(a.Value):
			return nil, "", nil, true
		case taskValueOptions.has(a.Value):
			i++
		case strings.HasPrefix(a.Value, "-"):
		case strings.Contains(a.Value, "="):
			k, v, _ := strings.Cut(a.Value, "=")
			cliVars[k] = v
		default:
			goals = append(goals, a.Value)
		}
	}
	if len(goals) == 0 {
		goals = []string{"default"}
	}
	return goals, cliArgs, cliVars, true
}

// taskfileOptions are where task's options say its Taskfile is: -t FILE
// (--taskfile, a file or a directory), -d DIR (--dir, where it looks and
// its tasks run), -g (--global: the home's); dynamic when one is known
// only as it runs (but for a file the line wrote to a variable's name).
func taskfileOptions(args []field) (file, dir string, dynamic bool) {
	for i := 0; i < len(args) && args[i].Value != "--"; i++ {
		v := args[i].Value
		name, val, eq := strings.Cut(v, "=")
		dyn := args[i].Dynamic
		if !eq && (v == "-t" || v == "--taskfile" || v == "-d" || v == "--dir") && i+1 < len(args) {
			i++
			name, val, dyn = v, args[i].Value, args[i].Dynamic
		} else if !eq && len(v) > 2 && (strings.HasPrefix(v, "-t") || strings.HasPrefix(v, "-d")) && v[1] != '-' {
			name, val = v[:2], v[2:]
		}
		if dyn {
			// a file written to a variable's name ($TF, "$PWD/x"), else unknown
			val = knownName(field{Word: Word{Value: val, Dynamic: true}})
			dynamic = dynamic || val == ""
		}
		switch name {
		case "-t", "--taskfile":
			file = val
		case "-d", "--dir":
			dir = val
		case "-g", "--global":
			if v == name {
				dir = "~"
			}
		}
	}
	return file, dir, dynamic
}

// runsTaskfile follows task (go-task): the Taskfile it reads (-t FILE,
// or Taskfile.yml and its kin in -d DIR or where it runs), when fileInput
// knows it, and those it includes; each command of the tasks the line
// runs is judged where it runs. It reports whether it read one.
func (w *walker) runsTaskfile(c *Command, args []field, cx ctx) bool {
	file, dir, dynamic := taskfileOptions(args)
	if dynamic {
		return false
	}
	opaque := ""
	read := func(name string) (string, bool) {
		in, _, ok := w.fileInput(name)
		if ok && (!in.Static || in.Remote || in.Decoded) {
			opaque = untrusted(in)
			return "", false
		}
		return in.Text, ok
	}
	var found, text string
	ok := false
	switch {
	case file != "" && dir != "":
		if found, text, ok = findTaskfile(read, taskJoin(dir, file)); !ok {
			found, text, ok = findTaskfile(read, file)
		}
	case file != "":
		found, text, ok = findTaskfile(read, file)
	case dir != "":
		found, text, ok = findTaskfile(read, dir)
	default:
		// where it runs, or the nearest directory above holding one
		for up, i := ".", 0; !ok && i < maxTaskParents; up, i = path.Join(up, ".."), i+1 {
			found, text, ok = findTaskfile(read, up)
		}
		found = strings.TrimPrefix(found, "./")
	}
	if !ok {
		if opaque != "" {
			c.Untrusted = opaque
			return true
		}
		return false
	}
	runDir := dir
	if runDir == "" {
		runDir = path.Dir(found)
	}
	tf := readTaskfile(read, found, text, runDir)
	if opaque != "" {
		c.Untrusted = opaque // an included file known only as it runs
	}
	_, via, _ := w.fileInput(found)
	via = c.Name + " " + via
	lines := tf.lines(args)
	if len(lines) > 0 {
		lines = append(taskDotenv(read, found, text, runDir), lines...) // projectenvs.go
	}
	for _, l := range lines {
		w.nestedAt(c, l.dir, l.text, via, cx)
	}
	if tf.limited {
		w.issue(IssueLimit, c.Pos, fmt.Sprintf("%d:%d: %s includes more files or runs more tasks than hguard reads (%d files, %d bytes, %d deep; %d tasks); the rest were not read",
			c.Pos.Line, c.Pos.Col, found, maxTaskFiles, maxTaskBytes, maxTaskIncludeDepth, maxTaskCalls))
	}
	return true
}
