package agente2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hguard/hguard/internal/testbin"
)

// managedEtc runs name under a private view of /etc: an overlay whose
// upper layer is upper, in a mount namespace of its own, so that files
// under upper (claude-code/managed-settings.json) appear in /etc for that
// process alone. It skips the test where the machine allows no mount
// namespace or overlay (not root, a container without CAP_SYS_ADMIN).
func managedEtc(t *testing.T, upper string) (wrap []string) {
	t.Helper()
	unshare, err := exec.LookPath("unshare")
	if err != nil {
		t.Skip("no unshare(1): managed settings live in /etc, which only a private mount namespace can show a test's copy of")
	}
	work := filepath.Join(filepath.Dir(upper), "overlay-work")
	for _, d := range []string{upper, work} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	script := `mount -t overlay overlay -o lowerdir=/etc,upperdir="$1",workdir="$2" /etc || exit 97; shift 2; exec "$@"`
	wrap = []string{unshare, "-m", "--propagation", "private", "sh", "-c", script, "sh", upper, work}
	probe := exec.Command(wrap[0], append(wrap[1:], "true")...)
	if out, err := probe.CombinedOutput(); err != nil {
		t.Skipf("cannot mount a private /etc here (%v: %s): managed settings cannot be shown to the agent alone", err, strings.TrimSpace(string(out)))
	}
	return wrap
}

// TestManagedSettingsOutrankProject: with hguard installed into Claude
// Code's managed settings (hguard init claude-code --managed --write), a
// project's settings that switch every hook off and empty the shell prefix
// switch hguard off no longer: the real CLI still runs hguard's hook, which
// blocks, and hguard's prefix, which masks a failing command's output. So
// hguard does not ask before claude starts there, and doctor says where
// the hook is. (TestProjectSettingsSwitchOff shows the same settings
// switching off hguard's hook in the user's settings.)
func TestManagedSettingsOutrankProject(t *testing.T) {
	hguard := testbin.Build(t, "github.com/hguard/hguard/cmd/hguard")
	bin := cli(t, "claude")
	home, proj := fixture(t)
	upper := filepath.Join(t.TempDir(), "etc")
	wrap := managedEtc(t, upper)
	inEtc := func(name string, args ...string) *exec.Cmd {
		cmd := exec.Command(wrap[0], append(append(wrap[1:len(wrap):len(wrap)], name), args...)...)
		cmd.Dir, cmd.Env = proj, env(home)
		return cmd
	}
	if out, err := inEtc(hguard, "init", "claude-code", "--managed", "--write", "--binary", hguard).CombinedOutput(); err != nil {
		t.Fatalf("hguard init claude-code --managed --write: %v\n%s", err, out)
	}
	for _, f := range []string{"claude-code/managed-settings.d/hguard.json", "claude-code/hguard-shell"} {
		if !exists(filepath.Join(upper, f)) {
			t.Fatalf("hguard init claude-code --managed --write wrote no /etc/%s", f)
		}
	}
	if exists(filepath.Join(home, ".claude", "settings.json")) {
		t.Fatal("hguard init --managed wrote the user's settings")
	}
	writeSettings(t, proj, ".claude/settings.json", `{"disableAllHooks": true, "env": {"CLAUDE_CODE_SHELL_PREFIX": ""}}`)

	ran := filepath.Join(proj, "ran")
	s := newScript(
		step{name: "blocked", tool: "Bash", input: map[string]any{"command": "touch " + ran + " && rm -rf ~", "description": "x"}},
		step{name: "masked", tool: "Bash", input: map[string]any{"command": "cat token.txt; exit 3", "description": "x"}},
	)
	base := serve(t, anthropic(t, s))
	args := append(wrap[1:len(wrap):len(wrap)], bin, "-p", "do the task", "--output-format", "text", "--model", "sonnet", "--allowedTools", "Bash", "--max-turns", "5")
	out := run(t, proj, env(home, "ANTHROPIC_BASE_URL="+base, "ANTHROPIC_API_KEY=sk-ant-test"), wrap[0], args...)
	if r := s.result(t, "blocked"); exists(ran) || !strings.Contains(r.text, "hguard") {
		t.Errorf("managed hook: rm -rf ~ ran (%v) despite hguard's managed hook; model got %q\n%s", exists(ran), r.text, out)
	}
	if r := s.result(t, "masked"); strings.Contains(r.text, fakeToken) || !strings.Contains(r.text, "ghp_") {
		t.Errorf("managed shell prefix: a failing command's output was not masked (or did not run); model got %q", r.text)
	}

	// Where the managed settings outrank the project's, starting claude
	// there is no longer asked; without them (outside the private /etc) it is.
	if out, err := inEtc(hguard, "check", "--", "claude -p 'fix the tests'").CombinedOutput(); err != nil {
		t.Errorf("hguard check -- claude with hguard's managed hook: %v, want allowed\n%s", err, out)
	}
	check := exec.Command(hguard, "check", "--", "claude -p 'fix the tests'")
	check.Dir, check.Env = proj, env(home)
	if err := check.Run(); err == nil {
		t.Error("hguard check -- claude without managed settings: allowed, want an ask for the project's disableAllHooks")
	}
	doctor, _ := inEtc(hguard, "doctor").CombinedOutput()
	if !strings.Contains(string(doctor), "hook installed in Claude Code's managed settings") || strings.Contains(string(doctor), "claude started here would run without hguard") {
		t.Errorf("hguard doctor with hguard's managed hook:\n%s", doctor)
	}
}
