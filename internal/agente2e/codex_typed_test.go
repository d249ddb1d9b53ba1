package agente2e

import (
	"bufio"
	"encoding/json"
	"os"
	osexec "os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hguard/hguard/internal/testbin"
)

// hookLogger is a program that stands for hguard in the hooks hguard init
// writes: it appends each hook's input to log, a line each, and hands it
// to hguard, whose answer and exit code are the hook's.
func hookLogger(t *testing.T, home, hguard string) (bin, log string) {
	t.Helper()
	bin, log = filepath.Join(home, "hook-logger"), filepath.Join(home, "hook-input.jsonl")
	script := "#!/bin/sh\nin=$(cat)\nprintf '%s\\n' \"$in\" >> " + shQuote(log) + "\nprintf '%s' \"$in\" | " + shQuote(hguard) + " \"$@\"\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, log
}

// shQuote quotes s for a POSIX shell.
func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// hookInput is one hook's input as Codex gives it.
type hookInput struct {
	Event     string         `json:"hook_event_name"`
	Cwd       string         `json:"cwd"`
	Tool      string         `json:"tool_name"`
	ToolInput map[string]any `json:"tool_input"`
	Response  any            `json:"tool_response"`
}

// hookInputs reads what hookLogger logged.
func hookInputs(t *testing.T, log string) []hookInput {
	t.Helper()
	f, err := os.Open(log)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var hooks []hookInput
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var h hookInput
		if err := json.Unmarshal(sc.Bytes(), &h); err != nil {
			t.Fatalf("hook input %q: %v", sc.Text(), err)
		}
		hooks = append(hooks, h)
	}
	return hooks
}

// noProcessesUnder fails the test if a process still runs with dir in its
// command line or as its working directory (a session the agent left
// running), after giving them a few seconds to end.
func noProcessesUnder(t *testing.T, dir string) {
	t.Helper()
	var left []string
	for try := 0; try < 10; try++ {
		left = nil
		entries, _ := os.ReadDir("/proc")
		for _, e := range entries {
			if e.Name()[0] < '0' || e.Name()[0] > '9' {
				continue
			}
			cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
			cwd, _ := os.Readlink(filepath.Join("/proc", e.Name(), "cwd"))
			if strings.Contains(string(cmdline), dir) || cwd == dir || strings.HasPrefix(cwd, dir+"/") {
				left = append(left, e.Name()+" "+strings.ReplaceAll(string(cmdline), "\x00", " "))
			}
		}
		if len(left) == 0 {
			return
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Errorf("processes left running under %s:\n%s", dir, strings.Join(left, "\n"))
}

// TestCodexTypedInput: Codex's exec_command may leave a command running
// with its standard input open (tty: true), and write_stdin types into it
// with no PreToolUse hook. hguard's hook sees only the command that
// starts, so a shell or an interpreter reading its own standard input,
// or a program whose prompt runs typed commands (less's !CMD; rule
// typed-input-agent), is refused there, before any session exists to
// type into; everyday commands that outlive exec_command's wait still run
// and are polled with write_stdin. The hook inputs are logged to check
// what Codex shows hguard: exec_command as Bash with the command alone
// (no tty), its workdir as the hook's cwd, no hook for write_stdin.
func TestCodexTypedInput(t *testing.T) {
	codex := cli(t, "codex")
	hguard := testbin.Build(t, "github.com/hguard/hguard/cmd/hguard")
	home, proj := fixture(t)
	mark := func(name string) string { return filepath.Join(proj, name) }
	if err := os.WriteFile(mark("test_ok.py"), []byte("import unittest\n\nclass T(unittest.TestCase):\n    def test_ok(self):\n        self.assertTrue(True)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// exec_command returns as soon as its command ends, so a long wait
	// costs nothing to one that ends and a slow machine does not leave it
	// running; a command that is to wait for typing is given 1 s
	exec := func(name, command string, extra map[string]any) step {
		in := map[string]any{"command": command, "yield_time_ms": 10000}
		for k, v := range extra {
			in[k] = v
		}
		return step{name: name, tool: "exec", input: in}
	}
	tty := map[string]any{"tty": true}
	ttyWaiting := map[string]any{"tty": true, "yield_time_ms": 1000}
	typeInto := func(name, of, chars string) step {
		return step{name: name, tool: "write_stdin", input: map[string]any{"session_of": of, "chars": chars}}
	}
	poll := func(name, of string) step {
		return step{name: name, tool: "write_stdin", input: map[string]any{"session_of": of, "chars": "", "yield_time_ms": 10000}}
	}
	// (a) a shell, an interpreter or a pager left to read what is typed:
	// refused, so the later write_stdin finds no session
	// a pager the line names over Codex's GIT_PAGER=cat (typed45)
	// a commit without its message opens the editor, whose :!CMD runs
	// commands (typed46; core.editor stands for the user's EDITOR, which
	// Codex leaves as it finds it)
	starts := map[string]string{"bash": "bash", "python3": "python3", "sh -i": "sh -i", "less": "less token.txt", "git pager": "GIT_PAGER=less git log",
		"git commit": "git init -q . && git -c user.name=a -c user.email=a@b -c core.editor=vi commit -q --allow-empty"}
	typed := map[string]string{
		"bash":       "touch " + mark("typed-bash") + "\n",
		"python3":    "import os; os.system('touch " + mark("typed-python3") + "')\n",
		"sh -i":      "touch " + mark("typed-sh") + "\n",
		"less":       "!touch " + mark("typed-less") + "\n",
		"git pager":  "!touch " + mark("typed-gitpager") + "\n",
		"git commit": ":!touch " + mark("typed-gitcommit") + "\n",
	}
	refused := []string{"bash", "python3", "sh -i", "less", "git pager", "git commit"}
	var steps []step
	for _, name := range refused {
		steps = append(steps, exec(name, starts[name], ttyWaiting), typeInto(name+" typed", name, typed[name]))
	}
	steps = append(steps,
		// (b) everyday commands that outlive exec_command's wait: they run,
		// and write_stdin polls them to the end
		exec("long", "sleep 1; echo done", map[string]any{"yield_time_ms": 250}),
		poll("long poll", "long"),
		exec("tests", "python3 -m unittest -q test_ok", tty),
		exec("git log", "git init -q . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m first && git log", tty),
		// (c) what the rule assumes of Codex: tty true keeps the command's
		// standard input open for write_stdin, without it the command
		// reads end of file at once; a workdir is the hook's cwd
		exec("tty", "head -n1 > "+mark("line-tty"), ttyWaiting),
		typeInto("tty typed", "tty", "hello\n"),
		exec("no tty", "head -n1 > "+mark("line-notty"), nil),
		exec("workdir", "pwd > "+mark("pwd.txt"), map[string]any{"workdir": home}),
		// an open gap, logged (docs/integration.md): output of a command
		// still running when exec_command returns, which no PostToolUse sees
		exec("running secret", "cat token.txt; sleep 1; echo end", map[string]any{"yield_time_ms": 250}),
		poll("running secret poll", "running secret"),
	)
	s := newScript(steps...)
	bin, log := hookLogger(t, home, hguard)
	base := serve(t, openAIResponses(t, s))
	writeSettings(t, home, ".codex/config.toml", codexConfig(base)+"\n[projects."+tomlQuote(proj)+"]\ntrust_level = \"trusted\"\n")
	hguardInit(t, home, hguard, bin, "codex") // the hooks run hguard through hookLogger
	out := runCodex(t, proj, home, codex)
	noProcessesUnder(t, home)
	if s.tools["exec_command"] == "" || s.tools["write_stdin"] == "" {
		t.Fatalf("Codex offers no exec_command and write_stdin (tools %v); codex:\n%s", s.tools, out)
	}

	for _, name := range refused {
		r := s.result(t, name)
		if !strings.Contains(r.text, "blocked by PreToolUse hook") || !strings.Contains(r.text, "type into later") {
			t.Errorf("exec_command %s: the model got %q, want hguard's refusal (typed-input-agent)", name, r.text)
		}
		if m := sessionID.FindString(r.text); m != "" {
			t.Errorf("exec_command %s: refused, yet %s", name, m)
		}
		if r := s.result(t, name+" typed"); !strings.Contains(r.text, "Unknown process id") {
			t.Errorf("write_stdin into %s: the model got %q, want no such session", name, r.text)
		}
	}
	for _, f := range []string{"typed-bash", "typed-python3", "typed-sh", "typed-less", "typed-gitpager", "typed-gitcommit"} {
		if exists(mark(f)) {
			t.Errorf("%s: what write_stdin typed ran", f)
		}
	}

	if r := s.result(t, "long"); !sessionID.MatchString(r.text) {
		t.Errorf("sleep 1; echo done with yield_time_ms 250: the model got %q, want it still running", r.text)
	}
	if r := s.result(t, "long poll"); !strings.Contains(r.text, "exited with code 0") || !strings.Contains(r.text, "done") {
		t.Errorf("write_stdin poll of sleep 1; echo done: the model got %q", r.text)
	}
	if r := s.result(t, "tests"); !strings.Contains(r.text, "exited with code 0") || !strings.Contains(r.text, "OK") {
		t.Errorf("python3 -m unittest in a tty: the model got %q", r.text)
	}
	// Codex sets PAGER=cat and GIT_PAGER=cat: git log in a tty pages
	// nothing, so no pager waits for keys (less's !CMD)
	if r := s.result(t, "git log"); !strings.Contains(r.text, "exited with code 0") || !strings.Contains(r.text, "first") {
		t.Errorf("git log in a tty: the model got %q, want it ended with the log", r.text)
	}

	if b, _ := os.ReadFile(mark("line-tty")); string(b) != "hello\n" {
		t.Errorf("exec_command tty true, then write_stdin hello: head read %q; results %q, %q", b, s.resultOf("tty"), s.resultOf("tty typed"))
	}
	if b, err := os.ReadFile(mark("line-notty")); err != nil || len(b) != 0 || !strings.Contains(s.resultOf("no tty"), "exited with code 0") {
		t.Errorf("exec_command without tty: head read %q (%v), the model got %q; want end of file at once", b, err, s.resultOf("no tty"))
	}

	var pre []hookInput
	polledEnd := false
	for _, h := range hookInputs(t, log) {
		if h.Event == "PreToolUse" {
			pre = append(pre, h)
		}
		// the poll that sees a command end runs PostToolUse for it
		if resp, _ := h.Response.(string); h.Event == "PostToolUse" && h.ToolInput["command"] == "sleep 1; echo done" && strings.Contains(resp, "done") {
			polledEnd = true
		}
		if h.Tool != "" && h.Tool != "Bash" {
			t.Errorf("a %s hook for tool %q: want exec_command and write_stdin as Bash", h.Event, h.Tool)
		}
	}
	var execs []step
	for _, st := range s.steps {
		if st.tool == "exec" {
			execs = append(execs, st)
		}
	}
	if len(pre) != len(execs) {
		t.Errorf("%d PreToolUse hooks for %d exec_command calls and no write_stdin: %v", len(pre), len(execs), pre)
	}
	for i := 0; i < len(pre) && i < len(execs); i++ {
		h, st := pre[i], execs[i]
		if len(h.ToolInput) != 1 || h.ToolInput["command"] != st.input["command"] {
			t.Errorf("PreToolUse of exec_command %s: tool_input %v, want the command alone (no tty)", st.name, h.ToolInput)
		}
		want := proj
		if wd, ok := st.input["workdir"].(string); ok {
			want = wd
		}
		if h.Cwd != want {
			t.Errorf("PreToolUse of exec_command %s: cwd %q, want %q", st.name, h.Cwd, want)
		}
	}
	if !polledEnd {
		t.Errorf("no PostToolUse for sleep 1; echo done with its output when write_stdin saw it end")
	}
	if b, _ := os.ReadFile(mark("pwd.txt")); strings.TrimSpace(string(b)) != home {
		t.Errorf("exec_command with workdir %s ran in %q", home, b)
	}

	if strings.Contains(s.resultOf("running secret"), fakeToken) {
		t.Logf("open gap: exec_command returned a still-running command's output unmasked: %q", s.resultOf("running secret"))
	}
	if r := s.result(t, "running secret poll"); strings.Contains(r.text, fakeToken) {
		t.Errorf("write_stdin poll to the end of cat token.txt; sleep 1: the model got the secret: %q", r.text)
	}
}

// TestCodexShellParameter: exec_command runs its cmd with `SHELL -lc`,
// SHELL the user's login shell or the one the model names in its shell
// argument (bash, zsh; another name runs /bin/sh), and the PreToolUse hook
// is not told which. hguard judges Codex's commands as bash and zsh read
// them (AlsoShell), so a line whose zsh meaning is asked ($=x splits x
// into a command) is refused.
func TestCodexShellParameter(t *testing.T) {
	codex := cli(t, "codex")
	zsh, err := osexec.LookPath("zsh")
	if err != nil {
		t.Skip("zsh is not installed")
	}
	hguard := testbin.Build(t, "github.com/hguard/hguard/cmd/hguard")
	home, proj := fixture(t)
	s := newScript(
		step{name: "zsh", tool: "exec", input: map[string]any{"command": "echo zsh=$ZSH_VERSION", "shell": zsh}},
		// asked wherever the test runs (a deletion under /tmp would not be),
		// and harmless if it ran: the project is no git repository
		step{name: "zsh split", tool: "exec", input: map[string]any{"command": "x='git push --force origin main'; $=x", "shell": "zsh"}},
	)
	bin, log := hookLogger(t, home, hguard)
	base := serve(t, openAIResponses(t, s))
	writeSettings(t, home, ".codex/config.toml", codexConfig(base)+"\n[projects."+tomlQuote(proj)+"]\ntrust_level = \"trusted\"\n")
	hguardInit(t, home, hguard, bin, "codex")
	runCodex(t, proj, home, codex)
	noProcessesUnder(t, home)
	if r := s.result(t, "zsh"); !regexp.MustCompile(`zsh=\d`).MatchString(r.text) {
		t.Errorf("exec_command with shell %s: the model got %q, want zsh's version", zsh, r.text)
	}
	for _, h := range hookInputs(t, log) {
		if _, ok := h.ToolInput["shell"]; ok && h.Event == "PreToolUse" {
			t.Logf("Codex's PreToolUse now names the shell (%v): hguard can read the command as that shell does", h.ToolInput)
		}
	}
	// zsh splits $=x into git push --force; hguard judges Codex's commands
	// as zsh reads them too (AlsoShell), so the hook refuses the call
	if r := s.resultOf("zsh split"); !strings.Contains(r, "as zsh reads the line") {
		t.Errorf("with shell zsh, %q: the model got %q, want hguard's refusal naming zsh's reading", s.steps[1].input["command"], r)
	}
}
