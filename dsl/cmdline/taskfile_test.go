package cmdline

import (
	"runtime"
	"strings"
	"testing"
)

// TestTaskfileLines: task runs the tasks its line names (default for
// none) with their deps, the tasks their cmds call and what else runs
// (dynamic vars' sh:, preconditions:, status:, defer:), each where it
// runs; a name not known here, or a word known only as it runs, reads
// every task.
func TestTaskfileLines(t *testing.T) {
	other := "windows"
	if runtime.GOOS == "windows" {
		other = "linux"
	}
	files := map[string]string{
		"Taskfile.yml": `version: '3'
includes:
  docs: ./docs
  tools:
    taskfile: ./tools/Tasks.yml
    dir: ./tools
    vars:
      KIND: release
  opt:
    taskfile: ./missing.yml
    optional: true
vars:
  OUT: build
  BIN: "{{.ROOT_DIR}}/bin"
  REV:
    sh: git rev-parse HEAD
env:
  GOFLAGS: -mod=mod
tasks:
  default:
    cmds:
      - task: build
  build:
    deps: [gen]
    cmds:
      - go build -o {{.OUT}}/app .
  gen: go generate ./...
  test:
    aliases: [t]
    cmds:
      - go test ./... {{.CLI_ARGS}}
  setup:
    desc: a risky one
    cmds:
      - rm -rf ~/.ssh
  release:
    preconditions:
      - sh: test -z "$(git status --porcelain)"
        msg: dirty
      - test -f go.mod
    status:
      - test -f dist/ok
    cmds:
      - cmd: goreleaser release
      - defer: rm -rf dist/tmp
      - defer: { task: gen }
      - task: tools:pack
        vars: { NAME: app }
  web:
    dir: web
    cmds:
      - rm -rf ../{{.OUT}}
      - echo {{.ROOT_DIR}} {{.UNSET}} {{.VERSION | trim}} {{.BIN}}
  plat:
    cmds:
      - cmd: echo here
      - cmd: rm -rf ~
        platforms: [` + other + `]
  start:*:
    cmds:
      - echo start
`,
		"docs/Taskfile.yml": "version: '3'\ntasks:\n  default: mkdocs build\n  serve:\n    cmds:\n      - task: default\n      - mkdocs serve\n",
		"tools/Tasks.yml":   "version: '3'\ntasks:\n  pack:\n    cmds:\n      - tar czf {{.NAME}}-{{.KIND}}.tgz dist\n      - task: :gen\n",
	}
	read := func(name string) (string, bool) {
		text, ok := files[strings.TrimPrefix(name, "./")]
		return text, ok
	}
	const globals = ".|git rev-parse HEAD|.|export GOFLAGS='-mod=mod'"
	every := globals + "|.|go generate ./...|.|go build -o build/app .|.|go test ./... |.|rm -rf ~/.ssh|" +
		".|test -z \"$(git status --porcelain)\"|.|test -f go.mod|.|test -f dist/ok|.|goreleaser release|.|rm -rf dist/tmp|" +
		"tools|tar czf app-release.tgz dist|web|rm -rf ../build|web|echo .. ${TASK_VALUE} ${TASK_VALUE} ../bin|.|echo here|.|echo start|" +
		"docs|mkdocs build|docs|mkdocs serve|tools|tar czf ${TASK_VALUE}-release.tgz dist" // pack on its own too
	// docs' tasks run where task runs: an include without dir: runs there
	every = strings.ReplaceAll(every, "docs|", ".|")
	for _, tt := range []struct{ args, want string }{
		{"", globals + "|.|go generate ./...|.|go build -o build/app ."},
		{"build", globals + "|.|go generate ./...|.|go build -o build/app ."},
		{"test -- -run X", globals + "|.|go test ./... '-run' 'X'"},
		{"t", globals + "|.|go test ./... "},
		{"setup", globals + "|.|rm -rf ~/.ssh"},
		{"--dir . -v setup OUT=x", globals + "|.|rm -rf ~/.ssh"},
		{"release", globals + "|.|test -z \"$(git status --porcelain)\"|.|test -f go.mod|.|test -f dist/ok|.|goreleaser release|" +
			".|rm -rf dist/tmp|.|go generate ./...|tools|tar czf app-release.tgz dist"},
		{"web", strings.Replace(globals, ".|export", "web|export", 1) + "|web|rm -rf ../build|web|echo .. ${TASK_VALUE} ${TASK_VALUE} ../bin"},
		{"web OUT=out", strings.Replace(globals, ".|export", "web|export", 1) + "|web|rm -rf ../out|web|echo .. ${TASK_VALUE} ${TASK_VALUE} ../bin"},
		{"plat", globals + "|.|echo here"},
		{"start:db", globals + "|.|echo start"},
		{"docs", globals + "|.|mkdocs build"},
		{"docs:serve", globals + "|.|mkdocs build|.|mkdocs serve"},
		{"tools:pack", strings.Replace(globals, ".|export", "tools|export", 1) + "|tools|tar czf ${TASK_VALUE}-release.tgz dist|.|go generate ./..."},
		{"--list", ""},
		{"nothing", every},
		{"$T", every},
	} {
		var args []field
		for _, a := range strings.Fields(tt.args) {
			args = append(args, field{Word: Word{Value: a, Dynamic: strings.Contains(a, "$")}})
		}
		text := files["Taskfile.yml"]
		var got []string
		for _, l := range readTaskfile(read, "Taskfile.yml", text, ".").lines(args) {
			got = append(got, l.dir, l.text)
		}
		if g := strings.Join(got, "|"); g != tt.want {
			t.Errorf("task %s:\n got %q\nwant %q", tt.args, g, tt.want)
		}
	}
	// an include hguard cannot read: a name it may hold reads every task
	remote := "version: '3'\nincludes:\n  ext: https://x.example/Taskfile.yml\ntasks:\n  a: echo a\n  b: rm -rf ~\n"
	for _, tt := range []struct{ args, want string }{
		{"a", ".|echo a"},
		{"ext:x", ".|echo a|.|rm -rf ~"},
	} {
		var got []string
		for _, l := range readTaskfile(read, "Taskfile.yml", remote, ".").lines([]field{{Word: Word{Value: tt.args}}}) {
			got = append(got, l.dir, l.text)
		}
		if g := strings.Join(got, "|"); g != tt.want {
			t.Errorf("a remote include, task %s:\n got %q\nwant %q", tt.args, g, tt.want)
		}
	}
}

// TestTaskfileBounds: a chain of includes past the bounds, and tasks
// calling each other in a loop, end.
func TestTaskfileBounds(t *testing.T) {
	read := func(name string) (string, bool) {
		return "version: '3'\nincludes:\n  n: ./Taskfile.yml\ntasks:\n  a:\n    cmds:\n      - task: a\n      - task: n:a\n      - echo a\n", true
	}
	text, _ := read("Taskfile.yml")
	tf := readTaskfile(read, "Taskfile.yml", text, ".")
	if tf.files > maxTaskIncludeDepth+1 || !tf.whole || !tf.limited {
		t.Errorf("read %d files, whole %v, limited %v", tf.files, tf.whole, tf.limited)
	}
	if got := tf.lines(nil); len(got) == 0 || len(got) > maxTaskIncludeDepth+1 {
		t.Errorf("%d lines", len(got))
	}
}

// TestTaskfileOptions: where task's options say its Taskfile is.
func TestTaskfileOptions(t *testing.T) {
	for _, tt := range []struct{ args, file, dir string }{
		{"build", "", ""},
		{"-t ci/Taskfile.yml build", "ci/Taskfile.yml", ""},
		{"--taskfile=x.yml", "x.yml", ""},
		{"-d sub build", "", "sub"},
		{"--dir=sub", "", "sub"},
		{"-dsub", "", "sub"},
		{"-g x", "", "~"},
		{"x -- -d y", "", ""},
	} {
		var args []field
		for _, a := range strings.Fields(tt.args) {
			args = append(args, field{Word: Word{Value: a}})
		}
		if file, dir, _ := taskfileOptions(args); file != tt.file || dir != tt.dir {
			t.Errorf("task %s: %q %q, want %q %q", tt.args, file, dir, tt.file, tt.dir)
		}
	}
}

// TestTaskfileWritten: a Taskfile the line writes runs its named task,
// by a variable's name too.
func TestTaskfileWritten(t *testing.T) {
	for _, line := range []string{
		"printf 'version: 3\\ntasks:\\n  x: rm -rf ~\\n' > t.yml; task -t t.yml x",
		"TF=$(mktemp); printf 'version: 3\\ntasks:\\n  x: rm -rf ~\\n' > $TF; task -t $TF x",
	} {
		found := false
		for _, c := range ParseShell(line, "bash").Commands {
			found = found || c.Name == "rm" && strings.Contains(strings.Join(wordValues(c.Args), " "), "~")
		}
		if !found {
			t.Errorf("%q: rm -rf ~ not read", line)
		}
	}
}
