package hooks_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hguard/hguard/internal/testbin"
)

// These tests drive real interactive shells through tmux: keys are typed
// with send-keys, the screen is read with capture-pane, and what ran is told
// by marker files. A test rule blocks `touch BLOCKED` and asks for
// `touch ASKED`; nothing really dangerous is ever typed.

const testRules = `
- id: test-blocked
  level: block
  on: [touch]
  when: 'any(positional, {# == "BLOCKED"})'
  message: the test forbids touching BLOCKED
- id: test-asked
  level: ask
  on: [touch]
  when: 'any(positional, {# == "ASKED"})'
  message: the test asks before touching ASKED
`

func TestMain(m *testing.M) { testbin.Main(m) }

// hguardBin is the CLI, built once per test binary (internal/testbin
// removes it when the tests end).
func hguardBin(t *testing.T) string { return testbin.Build(t, "github.com/hguard/hguard/cmd/hguard") }

// session is one shell running in its own tmux server, on a socket in the
// test's own directory (TMUX_TMPDIR), with no tmux configuration read.
type session struct {
	t     *testing.T
	shell string
	dir   string   // the shell's HOME and working directory, where markers land
	env   []string // tmux's environment
}

func (s *session) tmux(args ...string) string {
	s.t.Helper()
	cmd := exec.Command("tmux", append([]string{"-L", "hg", "-f", "/dev/null"}, args...)...)
	cmd.Env = s.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// startShell runs shell with the hguard hook loaded, with HOME and
// HGUARD_HOME in a fresh temporary directory.
func startShell(t *testing.T, shell string, argv ...string) *session {
	s := startBare(t, shell, argv...)
	s.load(hguardBin(t))
	return s
}

// startBare runs shell without the hook.
func startBare(t *testing.T, shell string, argv ...string) *session {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (test.sh installs it)")
	}
	if _, err := exec.LookPath(shell); err != nil {
		t.Skipf("%s is not installed (test.sh installs it)", shell)
	}
	dir := t.TempDir()
	home := filepath.Join(dir, ".hguard")
	if err := os.MkdirAll(filepath.Join(home, "rules.d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "rules.d", "test.yaml"), []byte(testRules), 0o644); err != nil {
		t.Fatal(err)
	}
	// tmux keeps its socket under TMUX_TMPDIR: a short directory of the
	// test's own (a socket path has at most 107 bytes).
	sock, err := os.MkdirTemp("", "hgtmux")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(sock) })
	s := &session{t: t, shell: shell, dir: dir, env: append(testbin.Env(dir), "TMUX_TMPDIR="+sock)}
	// No history files: a shell writes them as it exits, which would race
	// the removal of the test's directory.
	env := []string{"HGUARD_HOME=" + home, "HOME=" + dir, "TERM=xterm-256color", "PS1=$ ", "PATH=" + os.Getenv("PATH"),
		"HISTFILE=/dev/null", "fish_history=", "HGUARD_NO_DAEMON=1",
		"XDG_DATA_HOME=" + filepath.Join(dir, ".local", "share"), "XDG_CONFIG_HOME=" + filepath.Join(dir, ".config")}
	args := []string{"new-session", "-d", "-x", "160", "-y", "50", "-c", dir}
	for _, e := range env {
		args = append(args, "-e", e)
	}
	args = append(args, append([]string{shell}, argv...)...)
	s.tmux(args...)
	pid, _ := strconv.Atoi(strings.TrimSpace(s.tmux("display-message", "-p", "-t", "0", "#{pane_pid}")))
	t.Cleanup(func() {
		kill := exec.Command("tmux", "-L", "hg", "kill-server")
		kill.Env = s.env
		kill.Run()
		// The shell may still write its state files as it exits: wait
		// until it is gone before its directory is removed.
		for pid > 0 && syscall.Kill(pid, 0) == nil {
			time.Sleep(10 * time.Millisecond)
		}
	})
	if shell == "fish" {
		// A prompt like the others', and no greeting, for screen assertions.
		s.typeLine(`function fish_prompt; echo -n '$ '; end; set -g fish_greeting`)
	}
	return s
}

// load loads the hook of the session's shell for binary.
func (s *session) load(bin string) {
	s.t.Helper()
	load := fmt.Sprintf(`eval "$(%s init %s)"`, bin, s.shell)
	if s.shell == "fish" {
		load = fmt.Sprintf(`%s init fish | source`, bin)
	}
	s.typeLine(load)
	s.settle()
}

// typeLine types text and presses Enter.
func (s *session) typeLine(text string) {
	s.t.Helper()
	s.tmux("send-keys", "-t", "0", "-l", text)
	s.tmux("send-keys", "-t", "0", "Enter")
}

func (s *session) keys(keys ...string) {
	s.t.Helper()
	s.tmux(append([]string{"send-keys", "-t", "0"}, keys...)...)
}

func (s *session) screen() string { return s.tmux("capture-pane", "-p", "-t", "0", "-S", "-200") }

// visible is what the terminal shows now, without the scrollback.
func (s *session) visible() string { return s.tmux("capture-pane", "-p", "-t", "0") }

// fatalf fails the test, showing the screen.
func (s *session) fatalf(format string, args ...any) {
	s.t.Helper()
	s.t.Fatalf(format+"\nscreen:\n%s", append(args, s.screen())...)
}

func (s *session) exists(name string) bool {
	_, err := os.Stat(filepath.Join(s.dir, name))
	return err == nil
}

func (s *session) read(name string) string {
	data, _ := os.ReadFile(filepath.Join(s.dir, name))
	return string(data)
}

// write makes a file in the session's directory.
func (s *session) write(name, content string, mode os.FileMode) string {
	s.t.Helper()
	path := filepath.Join(s.dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		s.t.Fatal(err)
	}
	return path
}

// deadline bounds every wait: generous, since the machine may be busy; a
// wait ends as soon as what it waits for shows.
const deadline = 30 * time.Second

// waitFor polls the screen until ok says it shows what is expected.
func (s *session) waitFor(what string, ok func(screen string) bool) {
	s.t.Helper()
	end := time.Now().Add(deadline)
	for {
		sc := s.screen()
		if ok(sc) {
			return
		}
		if time.Now().After(end) {
			s.t.Fatalf("screen never showed %s; it shows:\n%s", what, sc)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// approveOnce answers hguard's approval prompt for the line just typed
// with "once": a setup line that rebinds a key the hook uses (bindkey, zle
// -N accept-line) asks (rule self-hook-keys), and a person at the terminal
// allows it.
func (s *session) approveOnce() {
	s.t.Helper()
	s.waitScreen("[o]nce [s]ession")
	s.typeLine("o")
}

// waitScreen waits until the screen shows want.
func (s *session) waitScreen(want string) {
	s.t.Helper()
	s.waitFor(fmt.Sprintf("%q", want), func(sc string) bool { return strings.Contains(sc, strings.TrimSuffix(want, "\n")) })
}

// settle waits until a line echoing a token has run (the token alone on a
// line is its output, not the typed command): everything typed before it
// has been handled.
func (s *session) settle() {
	s.t.Helper()
	token := fmt.Sprintf("SETTLED-%d", time.Now().UnixNano())
	s.typeLine("echo " + token)
	s.waitLine(token)
}

// waitMore waits until text shows on the screen more often than it did in before.
func (s *session) waitMore(before, text string) {
	s.t.Helper()
	n := strings.Count(before, text)
	s.waitFor(fmt.Sprintf("another %q", text), func(sc string) bool { return strings.Count(sc, text) > n })
}

// waitLine waits until the screen has a line that is exactly want.
func (s *session) waitLine(want string) {
	s.t.Helper()
	s.waitFor(fmt.Sprintf("the line %q", want), func(sc string) bool {
		for _, l := range strings.Split(sc, "\n") {
			if strings.TrimSpace(l) == want {
				return true
			}
		}
		return false
	})
}

// lines is the screen's lines, trailing blanks and empty lines at the end removed.
func lines(screen string) []string {
	var ls []string
	for _, l := range strings.Split(screen, "\n") {
		ls = append(ls, strings.TrimRight(l, " "))
	}
	for len(ls) > 0 && ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

// clear clears the screen and waits for the prompt alone on it.
func (s *session) clear() {
	s.t.Helper()
	s.typeLine("clear")
	end := time.Now().Add(deadline)
	for {
		ls := lines(s.visible())
		if len(ls) == 1 && ls[0] == "$" {
			return
		}
		if time.Now().After(end) {
			s.fatalf("the screen was never cleared")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// transcript clears the screen, types each text (Enter after each) and
// waits until the screen is exactly want: what a person sees.
func (s *session) transcript(want []string, text ...string) {
	s.t.Helper()
	s.clear()
	for _, l := range text {
		s.typeLine(l)
	}
	wantText := strings.Join(want, "\n")
	end := time.Now().Add(deadline)
	for {
		got := strings.Join(lines(s.visible()), "\n")
		if got == wantText {
			return
		}
		if time.Now().After(end) {
			s.t.Fatalf("the screen never showed exactly\n%s\n-- it shows:\n%s", wantText, got)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

var shells = []struct {
	name string
	argv []string
}{
	{"bash", []string{"--norc", "--noprofile", "-i"}},
	{"zsh", []string{"-f", "-i"}},
	{"fish", []string{"--no-config", "-i"}},
}

func TestShellHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("drives real shells")
	}
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			s := startShell(t, sh.name, sh.argv...)

			// A blocked line does not run, and says why.
			s.typeLine("touch BLOCKED")
			s.waitScreen("the test forbids touching BLOCKED")
			s.settle()
			if s.exists("BLOCKED") {
				s.fatalf("a blocked line ran")
			}

			// A whole line is refused, not just its first command.
			s.typeLine("true && touch BLOCKED && echo reached > reached")
			s.settle()
			if s.exists("BLOCKED") || s.exists("reached") {
				s.fatalf("part of a blocked line ran")
			}

			// An allowed line runs exactly once.
			s.typeLine("echo ok >> marker")
			s.settle()
			if got := s.read("marker"); got != "ok\n" {
				s.fatalf("marker = %q, want one ok", got)
			}

			// An ask answered d does not run; answered o, it runs.
			before := s.screen()
			s.typeLine("touch ASKED")
			s.waitMore(before, "[d]eny")
			s.keys("d", "Enter")
			s.settle()
			if s.exists("ASKED") {
				s.fatalf("an ask answered deny ran")
			}
			before = s.screen()
			s.typeLine("touch ASKED")
			s.waitMore(before, "[d]eny")
			s.keys("o", "Enter")
			s.settle()
			if !s.exists("ASKED") {
				s.fatalf("an ask answered once did not run")
			}

			// An empty line is fine.
			s.keys("Enter")
			s.settle()

			// A multi-line command is checked as a whole.
			s.typeLine("for i in 1 2; do")
			s.typeLine("echo loop >> multi")
			s.typeLine("done")
			if sh.name == "fish" {
				s.typeLine("end")
			}
			s.settle()
			if got := s.read("multi"); got != "loop\nloop\n" {
				s.fatalf("multi-line command wrote %q", got)
			}

			// Pasted text (bracketed paste) is checked when Enter is pressed.
			s.tmux("set-buffer", "touch BLOCKED; echo pasted > pasted")
			s.keys("-l", "") // nothing: paste-buffer types it
			s.tmux("paste-buffer", "-p", "-t", "0")
			s.keys("Enter")
			s.settle()
			if s.exists("BLOCKED") || s.exists("pasted") {
				s.fatalf("a pasted blocked line ran")
			}
		})
	}
}

func TestShellHookWithoutBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("drives real shells")
	}
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			s := startShell(t, sh.name, sh.argv...)
			// Load a hook whose binary is gone: the shell must stay usable, and say so.
			missing := filepath.Join(s.dir, "no-such-hguard")
			script, err := exec.Command(hguardBin(t), "init", sh.name, "--binary", missing).Output()
			if err != nil {
				t.Fatal(err)
			}
			hook := filepath.Join(s.dir, "hook."+sh.name)
			if err := os.WriteFile(hook, script, 0o644); err != nil {
				t.Fatal(err)
			}
			s.typeLine("source " + hook)
			s.typeLine("echo still-works > works")
			s.waitScreen("protection is off")
			s.settle()
			if got := s.read("works"); !bytes.Equal([]byte(got), []byte("still-works\n")) {
				t.Fatalf("with the binary missing, works = %q", got)
			}
		})
	}
}

// TestShellHookCoexists: zsh's hook wraps whatever accept-line already was
// (another plugin's wrapper keeps running), and bash's blocks in vi mode too.
func TestShellHookCoexists(t *testing.T) {
	if testing.Short() {
		t.Skip("drives real shells")
	}
	t.Run("zsh plugin wrapping accept-line", func(t *testing.T) {
		s := startShell(t, "zsh", "-f", "-i")
		// A plugin loaded after hguard wraps accept-line again.
		s.typeLine(`_other_accept() { print -r -- "other: $BUFFER" >> other.log; zle _other_orig }`)
		s.typeLine(`zle -A accept-line _other_orig; zle -N accept-line _other_accept`)
		s.approveOnce()
		s.typeLine("echo ok >> marker")
		s.typeLine("touch BLOCKED")
		s.settle()
		if got := s.read("marker"); got != "ok\n" {
			s.fatalf("marker = %q, want one ok", got)
		}
		if s.exists("BLOCKED") {
			s.fatalf("a blocked line ran under another accept-line wrapper")
		}
		if !strings.Contains(s.read("other.log"), "other: echo ok >> marker") {
			s.fatalf("the other wrapper did not run: %q", s.read("other.log"))
		}
	})
	t.Run("bash vi mode", func(t *testing.T) {
		s := startShell(t, "bash", "--norc", "--noprofile", "-i")
		s.typeLine("set -o vi")
		s.settle()
		s.typeLine("touch BLOCKED")
		s.waitScreen("the test forbids touching BLOCKED")
		s.typeLine("echo vi >> marker")
		s.settle()
		if s.exists("BLOCKED") || s.read("marker") != "vi\n" {
			s.fatalf("in vi mode: BLOCKED exists %t, marker %q", s.exists("BLOCKED"), s.read("marker"))
		}
	})
}

// TestNonInteractiveGuard: the opt-in guards refuse a blocked bash -c or
// zsh -c string and let others run.
func TestNonInteractiveGuard(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real shells")
	}
	bin := hguardBin(t)
	for _, tc := range []struct{ shell, name, envVar string }{{"bash", "bash-env", "BASH_ENV"}, {"zsh", "zshenv", ""}} {
		t.Run(tc.shell, func(t *testing.T) {
			if _, err := exec.LookPath(tc.shell); err != nil {
				t.Skipf("%s is not installed", tc.shell)
			}
			dir := t.TempDir()
			home := filepath.Join(dir, ".hguard")
			if err := os.MkdirAll(filepath.Join(home, "rules.d"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(home, "rules.d", "test.yaml"), []byte(testRules), 0o644); err != nil {
				t.Fatal(err)
			}
			guard, err := exec.Command(bin, "init", tc.name).Output()
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, ".zshenv")
			if tc.envVar != "" {
				file = filepath.Join(dir, "bash_env")
			}
			if err := os.WriteFile(file, guard, 0o644); err != nil {
				t.Fatal(err)
			}
			run := func(script string) error {
				cmd := exec.Command(tc.shell, "-c", script)
				cmd.Dir = dir
				cmd.Env = append(testbin.Env(dir), "HGUARD_HOME="+home, "ZDOTDIR="+dir)
				if tc.envVar != "" {
					cmd.Env = append(cmd.Env, tc.envVar+"="+file)
				}
				return cmd.Run()
			}
			if err := run("touch BLOCKED"); err == nil {
				t.Error("a blocked string ran without error")
			}
			if _, err := os.Stat(filepath.Join(dir, "BLOCKED")); err == nil {
				t.Error("a blocked string ran")
			}
			if err := run("touch fine"); err != nil {
				t.Errorf("an allowed string failed: %v", err)
			}
		})
	}
}
