package hooks_test

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const blockedMsg = "hguard: blocked: the test forbids touching BLOCKED"

// TestShellDisplay: what a person sees is a normal shell session. An
// allowed line shows once; a refused line stays as typed, the reason
// follows on its own line, then one prompt; a refused multi-line command
// is dropped whole and the next line starts afresh.
func TestShellDisplay(t *testing.T) {
	if testing.Short() {
		t.Skip("drives real shells")
	}
	loops := map[string]struct {
		typed, shown []string
	}{
		"bash": {[]string{"for i in 1 2; do", "touch BLOCKED", "done"}, []string{"$ for i in 1 2; do", "touch BLOCKED", "done"}},
		"zsh":  {[]string{"for i in 1 2; do", "touch BLOCKED", "done"}, []string{"$ for i in 1 2; do", "for> touch BLOCKED", "for> done"}},
		"fish": {[]string{"for i in 1 2", "touch BLOCKED", "end"}, []string{"$ for i in 1 2", "      touch BLOCKED", "  end"}},
	}
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			s := startShell(t, sh.name, sh.argv...)
			s.transcript([]string{"$ echo ok", "ok", "$"}, "echo ok")
			s.transcript([]string{"$ touch BLOCKED", blockedMsg, "$"}, "touch BLOCKED")
			s.transcript([]string{"$ echo again", "again", "$"}, "echo again")
			loop := loops[sh.name]
			s.transcript(append(loop.shown, blockedMsg, "$"), loop.typed...)
			s.transcript([]string{"$ echo clean", "clean", "$"}, "echo clean")
			if s.exists("BLOCKED") {
				s.fatalf("a refused line ran")
			}
		})
	}
}

// acceptCase is one way a shell may accept a line: setup lines typed
// first, then text typed without Enter and keys pressed after it. BLOCKED
// must not be touched.
type acceptCase struct {
	name  string
	setup []string
	text  string
	keys  []string
	// history: the setup's last line must stay the last in history, so
	// its file "fine" is waited for instead of a line being typed.
	history bool
}

// TestShellHookAcceptPaths: every way a line is accepted is checked:
// other keys that accept, history expansion, fc, zsh's r and accept widgets.
func TestShellHookAcceptPaths(t *testing.T) {
	if testing.Short() {
		t.Skip("drives real shells")
	}
	editor := "#!/bin/sh\nprintf 'touch BLOCKED\\n' > \"$1\"\n"
	posix := []acceptCase{
		// A refused line is not in history: !touch finds the one before it.
		{name: "history !touch", setup: []string{"touch fine", "touch BLOCKED"}, text: "!touch", keys: []string{"Enter"}},
		{name: "history ^fine^BLOCKED", setup: []string{"touch fine"}, text: "^fine^BLOCKED", keys: []string{"Enter"}, history: true},
		{name: "fc -s", setup: []string{"touch fine"}, text: "fc -s fine=BLOCKED touch", keys: []string{"Enter"}},
		{name: "fc -e -", setup: []string{"touch fine"}, text: "fc -e - fine=BLOCKED touch", keys: []string{"Enter"}},
		{name: "fc with an editor", setup: []string{"echo edit"}, text: "fc", keys: []string{"Enter"}},
	}
	cases := map[string][]acceptCase{
		"bash": append([]acceptCase{
			{name: "C-o", text: "touch BLOCKED", keys: []string{"C-o"}},
			{name: "C-j", text: "touch BLOCKED", keys: []string{"C-j"}},
			{name: "C-x C-j by hand", text: "touch BLOCKED", keys: []string{"C-x", "C-j", "C-u"}},
			{name: "C-x C-e", text: "echo edit", keys: []string{"C-x", "C-e"}},
			{name: "vi v", setup: []string{"set -o vi"}, text: "echo edit", keys: []string{"Escape", "v"}},
		}, posix...),
		"zsh": append([]acceptCase{
			{name: "r", setup: []string{"touch fine"}, text: "r fine=BLOCKED touch", keys: []string{"Enter"}},
			{name: "accept-and-hold", setup: []string{"bindkey '^Xa' accept-and-hold"}, text: "touch BLOCKED", keys: []string{"C-x", "a", "C-u"}},
			{name: "accept-line-and-down-history", setup: []string{"bindkey '^Xd' accept-line-and-down-history"}, text: "touch BLOCKED", keys: []string{"C-x", "d"}},
			{name: "accept-and-infer-next-history", setup: []string{"bindkey '^Xi' accept-and-infer-next-history"}, text: "touch BLOCKED", keys: []string{"C-x", "i", "C-u"}},
			{name: "C-j", text: "touch BLOCKED", keys: []string{"C-j"}},
		}, posix...),
		"fish": {
			{name: "C-j", text: "touch BLOCKED", keys: []string{"C-j"}},
			{name: "shift-enter", text: "touch BLOCKED", keys: []string{"-l", "\x1b[13;2u"}},
			{name: "ctrl-enter", text: "touch BLOCKED", keys: []string{"-l", "\x1b[27;5;13~"}},
		},
	}
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			for _, tc := range cases[sh.name] {
				t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
					s := startShell(t, sh.name, sh.argv...)
					ed := s.write("editor.sh", editor, 0o755)
					s.typeLine("export EDITOR=" + ed + " VISUAL=" + ed)
					if sh.name == "fish" {
						s.typeLine("set -gx EDITOR " + ed + "; set -gx VISUAL " + ed)
					}
					s.settle()
					for _, l := range tc.setup {
						s.typeLine(l)
						if strings.HasPrefix(l, "bindkey ") {
							s.approveOnce()
						}
						if !tc.history {
							s.settle()
						}
					}
					if tc.history {
						s.waitFor("the setup to run", func(string) bool { return s.exists("fine") })
					}
					s.tmux("send-keys", "-t", "0", "-l", tc.text)
					s.keys(tc.keys...)
					s.settle()
					if s.exists("BLOCKED") {
						s.fatalf("%s ran a refused line", tc.name)
					}
				})
			}
		})
	}
}

// TestShellHookHistory: a refused line does not enter history, so !! runs
// the last line that ran.
func TestShellHookHistory(t *testing.T) {
	if testing.Short() {
		t.Skip("drives real shells")
	}
	for _, sh := range shells[:2] { // fish has no history expansion
		t.Run(sh.name, func(t *testing.T) {
			s := startShell(t, sh.name, sh.argv...)
			s.typeLine("echo one >> hist")
			s.typeLine("touch BLOCKED")
			s.waitScreen(blockedMsg)
			s.typeLine("!!")
			s.settle()
			if got := s.read("hist"); got != "one\none\n" || s.exists("BLOCKED") {
				s.fatalf("after a refused line, !! gave hist %q, BLOCKED exists %t", got, s.exists("BLOCKED"))
			}
		})
	}
}

// TestShellHookDefinitions: the live shell's aliases, functions and (fish)
// abbreviations are judged as what they run.
func TestShellHookDefinitions(t *testing.T) {
	if testing.Short() {
		t.Skip("drives real shells")
	}
	defs := map[string][]string{
		"bash": {"alias del='touch BLOCKED'", "alias del2=del", "f() { touch BLOCKED; }", "g() { f; }", "alias ok='echo ran > ran'"},
		"zsh": {"alias del='touch BLOCKED'", "alias del2=del", "f() { touch BLOCKED; }", "g() { f; }", "alias ok='echo ran > ran'",
			"alias -g TB='; touch BLOCKED'", "alias -s blk='touch BLOCKED'"},
		"fish": {"alias del='touch BLOCKED'", "alias del2=del", "function f; touch BLOCKED; end", "function g; f; end", "alias ok='echo ran > ran'", "abbr -a dd touch BLOCKED",
			"abbr -a --regex 'd[0-9]+' -- dn 'touch BLOCKED'", "abbr -a --position anywhere -- TB '; touch BLOCKED'",
			"function tb; echo touch BLOCKED; end", "abbr -a --regex 'x.+' --function tb -- xf"},
	}
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			// Defined as in a start-up file, before the hook loads (it
			// would refuse the definitions themselves: their bodies touch
			// BLOCKED; and switching it off for them is itself asked).
			s := startBare(t, sh.name, sh.argv...)
			for _, l := range defs[sh.name] {
				s.typeLine(l)
			}
			s.settle()
			s.load(hguardBin(t))
			s.settle()
			lines := []string{"del", "true && del", "del2", "f", "g"}
			switch sh.name {
			case "zsh": // global and suffix aliases
				lines = append(lines, "echo TB", "x.blk")
			case "fish": // abbreviations: by name, by regex, anywhere, by function
				lines = []string{"del", "true; and del", "del2", "f", "g", "dd", "d42", "echo TB", "xyz"}
			}
			for _, l := range lines {
				s.refused(l)
				if s.exists("BLOCKED") {
					s.fatalf("%q ran", l)
				}
			}
			s.typeLine("ok")
			s.settle()
			if s.read("ran") != "ran\n" {
				s.fatalf("an allowed alias did not run")
			}
		})
	}
}

// TestShellHookFailModes: a line runs unchecked only when hguard is
// missing or crashed, and then the shell says so; exit 70 (or any other
// failure) asks, and only y runs the line.
func TestShellHookFailModes(t *testing.T) {
	if testing.Short() {
		t.Skip("drives real shells")
	}
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			// fake starts a shell whose hook runs binary (a script) as hguard.
			fake := func(t *testing.T, script string) *session {
				s := startBare(t, sh.name, sh.argv...)
				binary := s.write("bin/hguard", script, 0o755)
				hook, err := exec.Command(hguardBin(t), "init", sh.name, "--binary", binary).Output()
				if err != nil {
					t.Fatal(err)
				}
				// What is typed next is checked by the fake, so nothing
				// is typed to see that the hook is loaded.
				s.typeLine("source " + s.write("hook."+sh.name, string(hook), 0o644))
				return s
			}
			t.Run("exit 70 asks", func(t *testing.T) {
				s := fake(t, "#!/bin/sh\necho 'hguard: error: something broke' >&2\nexit 70\n")
				before := s.screen()
				s.typeLine("touch denied")
				s.waitMore(before, "Run it UNCHECKED? [y/N]")
				if !strings.Contains(s.screen(), "hguard failed (exit 70)") || !strings.Contains(s.screen(), "something broke") {
					s.fatalf("exit 70 was not reported with hguard's error")
				}
				s.keys("n")
				before = s.screen()
				s.typeLine("touch approved")
				s.waitMore(before, "Run it UNCHECKED? [y/N]")
				s.keys("y")
				s.waitFor("the approved line to run", func(string) bool { return s.exists("approved") })
				if s.exists("denied") {
					s.fatalf("a line answered n ran")
				}
			})
			t.Run("crash runs loudly", func(t *testing.T) {
				s := fake(t, "#!/bin/sh\nkill -9 $$\n")
				s.typeLine("touch crashed")
				s.waitScreen("hguard crashed (exit 137): this line runs UNCHECKED")
				s.waitFor("the line to run", func(string) bool { return s.exists("crashed") })
			})
		})
	}
}

// TestShellHookUntrustedProject: a cloned repository's broken or permissive
// .hguard/rules.yaml never weakens the check: rm -rf ~/x is still asked.
func TestShellHookUntrustedProject(t *testing.T) {
	if testing.Short() {
		t.Skip("drives real shells")
	}
	projects := map[string]string{
		"broken":     "- id: [unclosed\n  level: block\n",
		"permissive": "- id: allow-everything\n  level: allow\n  on: [rm]\n  when: 'true'\n  message: fine\n",
	}
	for _, sh := range shells {
		for name, rules := range projects {
			t.Run(sh.name+"/"+name, func(t *testing.T) {
				s := startShell(t, sh.name, sh.argv...)
				s.write("x/keep", "keep\n", 0o644)
				s.write(filepath.Join("clone-"+name, ".hguard", "rules.yaml"), rules, 0o644)
				s.typeLine("cd ~/clone-" + name) // checked in ~, where no project rules are
				// In a tree whose rule file cannot be used every line is
				// asked (project-rules-unreadable), so each is answered.
				before := s.screen()
				s.typeLine("rm -rf ~/x")
				s.waitMore(before, "$ rm -rf ~/x")
				s.waitMore(before, "[d]eny")
				s.typeLine("d")
				s.waitMore(before, "hguard: denied")
				if !s.exists("x/keep") {
					s.fatalf("with a %s project rules file, rm -rf ~/x ran", name)
				}
			})
		}
	}
}

// refused types line and waits for its refusal: blocked, or asked (then
// answered d).
func (s *session) refused(line string) {
	s.t.Helper()
	before := s.screen()
	s.typeLine(line)
	var asked bool
	s.waitFor(fmt.Sprintf("%q refused", line), func(sc string) bool {
		asked = strings.Count(sc, "[d]eny") > strings.Count(before, "[d]eny")
		return asked || strings.Count(sc, blockedMsg) > strings.Count(before, blockedMsg)
	})
	if asked {
		s.typeLine("d")
		s.waitMore(before, "hguard: denied")
	}
	s.settle()
}

// TestShellHookSelfProtection: at a terminal, the routes that switch the
// guard off through the shell — its environment, its files, its daemon, its
// hook functions — are asked (here answered d), and after them the guard
// still stands: the variable is unset, the configuration and rules are as
// they were. (The same routes from an agent are blocked:
// cmd/hguard TestSelfProtectionRoutes.)
func TestShellHookSelfProtection(t *testing.T) {
	if testing.Short() {
		t.Skip("drives real shells")
	}
	routes := map[string][]string{
		"bash": {"export HGUARD_DISABLE=1", "HGUARD_DISABLE=1", "unset -f __hguard_preexec", "echo 'approvals: {mode: off}' >> ~/.hguard/config.yaml",
			"rm -rf ~/.hguard/rules.d", "pkill -f 'hguard daemon'"},
		"zsh": {"export HGUARD_DISABLE=1", "HGUARD_DISABLE=1", "unfunction _hguard_accept_line", "echo 'approvals: {mode: off}' >> ~/.hguard/config.yaml",
			"rm -rf ~/.hguard/rules.d", "pkill -f 'hguard daemon'"},
		"fish": {"set -gx HGUARD_DISABLE 1", "set -U HGUARD_DISABLE 1", "functions -e _hguard_execute", "echo 'approvals: {mode: off}' >> ~/.hguard/config.yaml",
			"rm -rf ~/.hguard/rules.d", "pkill -f 'hguard daemon'"},
	}
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			s := startShell(t, sh.name, sh.argv...)
			config := s.read(".hguard/config.yaml")
			for _, l := range routes[sh.name] {
				s.refused(l)
			}
			if sh.name == "fish" {
				s.typeLine("if set -q HGUARD_DISABLE; echo set; else; echo unset; end > state")
			} else {
				s.typeLine("echo ${HGUARD_DISABLE:-unset} > state")
			}
			s.settle()
			if got := s.read("state"); got != "unset\n" {
				s.fatalf("HGUARD_DISABLE after the refused routes: %q", got)
			}
			if s.read(".hguard/config.yaml") != config || !s.exists(".hguard/rules.d/test.yaml") {
				s.fatalf("hguard's configuration or rules changed")
			}
		})
	}
}
