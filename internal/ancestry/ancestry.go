// Package ancestry tells whether a process runs under a coding agent: it
// is how hguard's approving subcommands and the daemon refuse an agent
// that tries to approve its own requests.
//
// Two signs count. The agent hook registers the agent's process (the
// nearest ancestor of the hook named like an agent CLI, else the nearest
// that is not a shell) in $HGUARD_HOME/agents,
// with its start time so that a reused pid is not mistaken for it; a
// process with a registered ancestor runs under that agent. And the agent
// CLIs mark the environment of the commands they run (CLAUDECODE=1,
// CODEX_SANDBOX, GEMINI_CLI=1, CURSOR_AGENT, COPILOT_CLI, OPENCODE=1,
// CRUSH=1, …: Markers).
//
// Process ancestry is read from /proc, so on systems without it (macOS,
// the BSDs) only the environment markers count: Ancestors returns
// ErrUnsupported and callers say so (docs/approvals.md).
package ancestry

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hguard/hguard/internal/atomicfile"
)

// ErrUnsupported: the system has no /proc to read ancestry from.
var ErrUnsupported = errors.New("process ancestry is not available on this system")

// Proc is one process as ancestry sees it.
type Proc struct {
	PID   int
	PPID  int
	Start uint64 // start time in clock ticks since boot: with PID, names one process
	Comm  string
	TTY   int // the controlling terminal's device number; 0 for none
}

// procRoot is /proc; tests point it elsewhere.
var procRoot = "/proc"

// Stat reads /proc/PID/stat.
func Stat(pid int) (Proc, error) {
	data, err := os.ReadFile(filepath.Join(procRoot, strconv.Itoa(pid), "stat"))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			if _, serr := os.Stat(filepath.Join(procRoot, "self")); serr != nil {
				return Proc{}, ErrUnsupported
			}
		}
		return Proc{}, err
	}
	return parseStat(pid, string(data))
}

// parseStat reads "PID (COMM) STATE PPID … STARTTIME …": the name may hold
// spaces and parentheses, so fields are counted from its last ')'.
func parseStat(pid int, s string) (Proc, error) {
	lp, rp := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if lp < 0 || rp < lp {
		return Proc{}, fmt.Errorf("/proc/%d/stat: unexpected format", pid)
	}
	fields := strings.Fields(s[rp+1:])
	// fields[0] is state (field 3), so field N is fields[N-3].
	if len(fields) < 20 {
		return Proc{}, fmt.Errorf("/proc/%d/stat: %d fields, want at least 22", pid, len(fields)+2)
	}
	ppid, err1 := strconv.Atoi(fields[1])
	tty, err2 := strconv.Atoi(fields[4])
	start, err3 := strconv.ParseUint(fields[19], 10, 64)
	if err := errors.Join(err1, err2, err3); err != nil {
		return Proc{}, fmt.Errorf("/proc/%d/stat: %v", pid, err)
	}
	return Proc{PID: pid, PPID: ppid, Start: start, Comm: s[lp+1 : rp], TTY: tty}, nil
}

// maxDepth bounds the walk up the process tree (a loop cannot happen in
// /proc, but a bound costs nothing).
const maxDepth = 256

// Ancestors is pid's parent, its parent, … up to (not including) pid 1 and
// the kernel's pid 0.
func Ancestors(pid int) ([]Proc, error) {
	p, err := Stat(pid)
	if err != nil {
		return nil, err
	}
	var out []Proc
	for i := 0; i < maxDepth && p.PPID > 1; i++ {
		if p, err = Stat(p.PPID); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				break // the parent just exited: the walk ends there
			}
			return out, err
		}
		out = append(out, p)
	}
	return out, nil
}

// Dir is where home keeps the registered agent processes.
func Dir(home string) string { return filepath.Join(home, "agents") }

// shells are skipped when the hook looks for its agent: agents run hook
// commands through a shell, which exits with the hook, and through hguard's
// own wrappers (Claude Code's shell prefix runs hguard --agent-shell; Amp's
// delegate program is a script).
var shells = map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true, "fish": true, "ksh": true, "mksh": true, "busybox": true,
	"hguard": true, "hguard-shell": true, "hguard-delegate": true}

// Names are the process names (comm) of the agent CLIs, with the agent each
// names: the native binaries of Claude Code (claude), Codex (codex) and
// OpenCode (opencode), as the e2e tests see them, and of Crush (crush); and
// Hermes Agent's Python launcher (hermes: a script started by its
// interpreter line keeps the script's name; not run here). AgentOf prefers
// them to any other ancestor: between an agent and its hook there may be
// helpers that are neither shells nor the agent (a timeout wrapper).
// Gemini CLI, Amp and Cursor's CLI run as node (#!/usr/bin/env node) and
// GitHub Copilot CLI's binary as MainThread, names that say nothing: for
// them the nearest ancestor that is not a shell is registered.
var Names = map[string]string{
	"claude": "claude-code", "codex": "codex", "opencode": "opencode", "crush": "crush", "hermes": "hermes",
}

// AgentOf is the process of the agent that runs the hook process pid: the
// nearest ancestor named like an agent CLI (Names), else the nearest that is
// not a shell (or hguard itself), else the parent.
func AgentOf(pid int) (Proc, error) {
	anc, err := Ancestors(pid)
	if err != nil {
		return Proc{}, err
	}
	if len(anc) == 0 {
		return Proc{}, fmt.Errorf("process %d has no parent to register", pid)
	}
	for _, p := range anc {
		if _, ok := Names[p.Comm]; ok {
			return p, nil
		}
	}
	for _, p := range anc {
		if !shells[p.Comm] {
			return p, nil
		}
	}
	return anc[0], nil
}

// Register records p as a coding agent's process (agent names which),
// unless it is recorded already. The file holds the start time, so a pid
// reused by another process later is not taken for the agent.
func Register(home string, p Proc, agent string) error {
	path := filepath.Join(Dir(home), strconv.Itoa(p.PID))
	want := fmt.Sprintf("%d %s\n", p.Start, agent)
	if data, err := os.ReadFile(path); err == nil && string(data) == want {
		return nil
	}
	if err := os.MkdirAll(Dir(home), 0o700); err != nil {
		return err
	}
	return atomicfile.Write(path, []byte(want), 0o600)
}

// Registered reports the agent recorded for p, if p is the process that
// was registered (same pid and start time).
func Registered(home string, p Proc) (string, bool) {
	data, err := os.ReadFile(filepath.Join(Dir(home), strconv.Itoa(p.PID)))
	if err != nil {
		return "", false
	}
	start, agent, ok := strings.Cut(strings.TrimSpace(string(data)), " ")
	if !ok || start != strconv.FormatUint(p.Start, 10) {
		return "", false
	}
	return agent, true
}

// Markers are environment variables the coding agents set in the
// environment of the commands they run, each with the agent it names; the
// first that matches counts, so the generic ones come last.
// Sources: Claude Code's CLAUDECODE (documented) and
// CLAUDE_CODE_ENTRYPOINT; Codex's CODEX_SANDBOX,
// CODEX_SANDBOX_NETWORK_DISABLED, CODEX_THREAD_ID and CODEX_CI
// (codex-rs spawn.rs, exec_env.rs); Gemini CLI's GEMINI_CLI (docs/tools/
// shell.md); Cursor's CURSOR_AGENT and CURSOR_EXTENSION_HOST_ROLE=agent-exec;
// GitHub Copilot CLI's COPILOT_CLI; OpenCode's OPENCODE and OPENCODE_PID
// (set on its own process at start, so every child has them, hguard's
// plugin included); Crush's CRUSH and AGENT=crush (internal/shell, on
// every shell it starts); Amp's AMP_CURRENT_THREAD_ID and AGENT=amp; Hermes
// Agent's HERMES_SESSION_ID (its session environment); and the generic
// AI_AGENT (Claude Code and Crush set it too). The e2e tests
// (internal/agente2e) check them for the CLIs they run.
var Markers = []struct {
	Name, Value, Agent string // Value "" = any non-empty value
}{
	{"CLAUDECODE", "", "claude-code"},
	{"CLAUDE_CODE_ENTRYPOINT", "", "claude-code"},
	{"CODEX_SANDBOX", "", "codex"},
	{"CODEX_SANDBOX_NETWORK_DISABLED", "", "codex"},
	{"CODEX_THREAD_ID", "", "codex"},
	{"CODEX_CI", "", "codex"},
	{"GEMINI_CLI", "", "gemini"},
	{"CURSOR_AGENT", "", "cursor"},
	{"CURSOR_EXTENSION_HOST_ROLE", "agent-exec", "cursor"},
	{"COPILOT_CLI", "", "copilot"},
	{"OPENCODE", "", "opencode"},
	{"OPENCODE_PID", "", "opencode"},
	{"CRUSH", "", "crush"},
	{"AGENT", "crush", "crush"},
	{"AMP_CURRENT_THREAD_ID", "", "amp"},
	{"AGENT", "amp", "amp"},
	{"HERMES_SESSION_ID", "", "hermes"},
	{"AI_AGENT", "", "agent"},
}

// IsMarker reports whether name is one of the agents' environment markers
// (tests drop them from the environment of the programs they run).
func IsMarker(name string) bool {
	for _, m := range Markers {
		if m.Name == name {
			return true
		}
	}
	return false
}

// FromEnv is the agent an environment names, and the variable that does,
// or "" when none does. getenv is os.Getenv or a lookup in another
// process's environment.
func FromEnv(getenv func(string) string) (agent, variable string) {
	for _, m := range Markers {
		v := getenv(m.Name)
		if v != "" && (m.Value == "" || v == m.Value) {
			return m.Agent, m.Name
		}
	}
	return "", ""
}

// Environ reads the environment process pid started with (the same user
// may read it; it is what the process was given, not later changes).
func Environ(pid int) (func(string) string, error) {
	data, err := os.ReadFile(filepath.Join(procRoot, strconv.Itoa(pid), "environ"))
	if err != nil {
		return nil, err
	}
	env := map[string]string{}
	for _, kv := range strings.Split(string(data), "\x00") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	return func(k string) string { return env[k] }, nil
}

// Finding says why a process counts as running under an agent.
type Finding struct {
	Agent string // claude-code, codex, gemini, cursor, copilot, opencode, crush, amp, hermes, agent
	PID   int    // the registered agent process; 0 for an environment marker
	Why   string // for messages: "registered agent process 1234 (claude)" or "CLAUDECODE is set"
}

// UnderAgent reports whether process pid, whose environment getenv reads,
// runs under a coding agent: an environment marker, or a registered agent
// process among its ancestors (or pid itself). A process tree that cannot
// be read on this system leaves only the markers; any other failure to
// read it is returned, and callers must refuse then, not allow.
func UnderAgent(home string, pid int, getenv func(string) string) (Finding, bool, error) {
	if agent, v := FromEnv(getenv); agent != "" {
		return Finding{Agent: agent, Why: v + " is set in the environment"}, true, nil
	}
	self, err := Stat(pid)
	if errors.Is(err, ErrUnsupported) {
		return Finding{}, false, nil
	}
	if err != nil {
		return Finding{}, false, err
	}
	anc, err := Ancestors(pid)
	if err != nil {
		return Finding{}, false, err
	}
	for _, p := range append([]Proc{self}, anc...) {
		if agent, ok := Registered(home, p); ok {
			return Finding{Agent: agent, PID: p.PID, Why: fmt.Sprintf("it runs under %s's process %d (%s)", agent, p.PID, p.Comm)}, true, nil
		}
	}
	return Finding{}, false, nil
}

// Message says why a request from an agent was refused and what a person
// should do instead: the one text every refusal uses. agent names the
// agent ("claude-code", … or "" when unknown); why says how hguard knows.
func Message(agent, why string) string {
	who := "a coding agent"
	if agent != "" && agent != "agent" {
		who = "the coding agent " + agent
	}
	return fmt.Sprintf("this was started by %s (%s), and only a person may answer hguard's questions or widen what runs: "+
		"run `hguard pending`, then `hguard approve` or `hguard deny`, in your own terminal outside the agent", who, why)
}

// Refuse is nil when this process may do what only a person may (what
// names it: "hguard approve"), and otherwise the refusal to print: it runs
// under a coding agent, or its ancestry cannot be read (where the system
// has none to read, only the environment markers count).
func Refuse(home, what string) error {
	f, under, err := UnderAgent(home, os.Getpid(), os.Getenv)
	if err != nil {
		return fmt.Errorf("%s refused: cannot tell whether a coding agent started it (%v); run it in your own terminal", what, err)
	}
	if under {
		return fmt.Errorf("%s refused: %s", what, Message(f.Agent, f.Why))
	}
	return nil
}

// Terminal reports whether this process has a controlling terminal: one
// that /dev/tty opens. A coding agent's commands may have none (and
// setsid takes it away), while a person types at one. HGUARD_TTY=none
// counts as none, as it does for hguard's prompts.
func Terminal() bool {
	if os.Getenv("HGUARD_TTY") == "none" {
		return false
	}
	f, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// NoTerminal is the refusal of what (hguard yolo on) in a process without a
// controlling terminal; the daemon says the same of a sender without one.
func NoTerminal(what string) error {
	return fmt.Errorf("%s refused: it needs a person at a terminal, and this process has no controlling terminal (a coding agent's detached command, setsid, a service): run it in your own terminal, outside the agent", what)
}

// RefusePerson is Refuse for what only a person at a terminal may do,
// because it widens what runs (hguard approve, hguard yolo on): it is also
// refused without a controlling terminal, which an agent that hides its
// ancestry (setsid -f env -i …) has lost along with its markers.
func RefusePerson(home, what string) error {
	if err := Refuse(home, what); err != nil {
		return err
	}
	if !Terminal() {
		return NoTerminal(what)
	}
	return nil
}
