package hguard

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hguard/hguard/dsl"
)

func newEngine(t testing.TB, home string) *Engine {
	t.Helper()
	e, err := NewEngine(EngineOptions{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

func writeTestFile(t testing.TB, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

// pluginGuard is the built-ins plus one rule as a detector plugin would
// report it (source plugin:tirith): a content-level finding.
func pluginGuard(t testing.TB) *Guard {
	t.Helper()
	builtin, err := loadBuiltin(false)
	if err != nil {
		t.Fatal(err)
	}
	plugin, err := dsl.Parse(dsl.Source{Path: "tirith", Origin: "plugin:tirith", Data: []byte(`
- id: tirith-homograph
  level: ask
  on: [curl]
  when: "true"
  message: the URL's host looks like another
`)})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := dsl.NewRuleSet(builtin, plugin)
	if err != nil {
		t.Fatal(err)
	}
	return &Guard{rules: rs}
}

func TestAnswers(t *testing.T) {
	req := func(sess, cmd, cwd string) CheckRequest {
		return CheckRequest{Command: cmd, Cwd: cwd, Session: sess}
	}
	tests := []struct {
		name   string
		answer Answer
		// what a later check in the same session (s1) and another (s2) gives
		same, other, otherCmd, otherDir dsl.Level
	}{
		{"once", Once, dsl.Ask, dsl.Ask, dsl.Ask, dsl.Ask},
		{"session", Session, dsl.Allow, dsl.Ask, dsl.Ask, dsl.Ask},
		{"rule", Rule, dsl.Allow, dsl.Ask, dsl.Allow, dsl.Allow},
		{"always", Always, dsl.Allow, dsl.Allow, dsl.Allow, dsl.Allow},
		{"deny", Deny, dsl.Ask, dsl.Ask, dsl.Ask, dsl.Ask},
		{"timeout", Timeout, dsl.Ask, dsl.Ask, dsl.Ask, dsl.Ask},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEngine(t, t.TempDir())
			d, err := e.Answer(req("s1", "rm -rf ./build", "/work"), tt.answer, "")
			if err != nil {
				t.Fatal(err)
			}
			if got := d.Decision == dsl.Allow; got != tt.answer.Approves() {
				t.Errorf("answer %s: decision %s", tt.answer, d.Decision)
			}
			for _, c := range []struct {
				req  CheckRequest
				want dsl.Level
			}{
				{req("s1", "rm -rf ./build", "/work"), tt.same},
				{req("s2", "rm -rf ./build", "/work"), tt.other},
				{req("s1", "rm -rf ~/work", "/work"), tt.otherCmd},
				{req("s1", "rm -rf ./build", "/elsewhere"), tt.otherDir},
			} {
				d, err := e.Decide(c.req)
				if err != nil {
					t.Fatal(err)
				}
				if d.Decision != c.want {
					t.Errorf("after %s: %s %q in %s: got %s, want %s", tt.answer, c.req.Session, c.req.Command, c.req.Cwd, d.Decision, c.want)
				}
			}
		})
	}
}

func TestNothingApprovesABlock(t *testing.T) {
	e := newEngine(t, t.TempDir())
	for _, a := range []Answer{Once, Session, Rule, Always} {
		_, err := e.Answer(CheckRequest{Command: "rm -rf /", Session: "s1"}, a, "")
		if !errors.Is(err, ErrBlocked) {
			t.Errorf("%s: err = %v, want ErrBlocked", a, err)
		}
	}
	if err := e.SetYOLO("s1", true); err != nil {
		t.Fatal(err)
	}
	d, err := e.Decide(CheckRequest{Command: "rm -rf /", Session: "s1", YOLO: true})
	if err != nil || d.Decision != dsl.Block {
		t.Errorf("YOLO: %s, %v; want block", d.Decision, err)
	}
	cfg := "approvals: {mode: off, container: auto}\ncommand_allowlist: [recursive-delete-root]\n"
	writeTestFile(t, ConfigPath(e.opts.Home), cfg)
	d, err = e.Decide(CheckRequest{Command: "rm -rf /", Session: "s2", Env: "container"})
	if err != nil || d.Decision != dsl.Block {
		t.Errorf("mode off, container auto, allowlisted: %s, %v; want block", d.Decision, err)
	}
}

func TestContentLevelNeverAlways(t *testing.T) {
	home := t.TempDir()
	e := newEngine(t, home)
	g := pluginGuard(t)
	e.guardFor = func(string) (*Guard, error) { return g, nil }
	req := CheckRequest{Command: "curl -fsSL https://example.com/x", Session: "s1", Cwd: "/w"}
	d, err := e.Decide(req)
	if err != nil {
		t.Fatal(err)
	}
	if d.Decision != dsl.Ask || !d.NoAlways {
		t.Fatalf("decision %s, NoAlways %v; want ask with always not offered", d.Decision, d.NoAlways)
	}
	if _, err := e.Answer(req, Always, ""); !errors.Is(err, ErrContentLevel) {
		t.Fatalf("always: err = %v, want ErrContentLevel", err)
	}
	if data, _ := os.ReadFile(ConfigPath(home)); len(data) > 0 {
		t.Errorf("config.yaml written after a refused always:\n%s", data)
	}
	// Even written into the allowlist by hand, it does not count.
	writeTestFile(t, ConfigPath(home), "command_allowlist: [tirith-homograph]\n")
	if d, _ := e.Decide(req); d.Decision != dsl.Ask {
		t.Errorf("allowlisted content-level finding: %s, want ask", d.Decision)
	}
	// Once and session are fine.
	if d, err := e.Answer(req, Session, ""); err != nil || d.Decision != dsl.Allow {
		t.Fatalf("session: %s, %v", d.Decision, err)
	}
	if d, _ := e.Decide(req); d.Decision != dsl.Allow || d.By != BySession {
		t.Errorf("after a session approval: %s by %q", d.Decision, d.By)
	}
}

func TestDenialTracking(t *testing.T) {
	e := newEngine(t, t.TempDir())
	req := CheckRequest{Command: "git reset --hard", Session: "s1"}
	for i := 1; i <= 4; i++ {
		d, err := e.Answer(req, Deny, "")
		if err != nil {
			t.Fatal(err)
		}
		if d.Denials != i || (d.Notice != "") != (i >= 3) {
			t.Errorf("denial %d: Denials %d, Notice %q", i, d.Denials, d.Notice)
		}
		// A variant of the command meets the same rule: the count is the rule's.
		v, _ := e.Decide(CheckRequest{Command: "git reset --hard HEAD~" + string(rune('0'+i)), Session: "s1"})
		if (v.Notice != "") != (i >= 3) {
			t.Errorf("after %d denials, a variant's notice is %q", i, v.Notice)
		}
	}
	if d, _ := e.Decide(CheckRequest{Command: "git reset --hard", Session: "s2"}); d.Notice != "" {
		t.Errorf("another session has the notice: %q", d.Notice)
	}
	if _, err := e.Answer(req, Once, ""); err != nil {
		t.Fatal(err)
	}
	if d, _ := e.Decide(req); d.Notice != "" || d.Denials != 0 {
		t.Errorf("after an approval: Denials %d, Notice %q", d.Denials, d.Notice)
	}
}

func TestAliases(t *testing.T) {
	// Keys count both ways: a key stored under an alias approves the rule,
	// and a key stored under an id approves a rule that now lists that id
	// as an alias.
	tests := []struct {
		name, rules, allow, cmd string
	}{
		{"description alias", "", "recursive delete", "rm -rf ./build"},
		{"old id now an alias", "- id: recursive-delete\n  level: allow\n  when: \"false\"\n  message: off\n" +
			"- id: delete-tree\n  aliases: [recursive-delete]\n  level: ask\n  on: [rm]\n  when: hasFlag(\"r\")\n  message: renamed\n",
			"recursive-delete", "rm -rf ./build"},
		{"id, rule known by its id", "", "git-force-push", "git push -f"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			if tt.rules != "" {
				writeTestFile(t, filepath.Join(home, "rules.d", "r.yaml"), tt.rules)
			}
			e := newEngine(t, home)
			if d, _ := e.Decide(CheckRequest{Command: tt.cmd, Session: "s1"}); d.Decision != dsl.Ask {
				t.Fatalf("before: %s", d.Decision)
			}
			writeTestFile(t, ConfigPath(home), "command_allowlist: ["+`"`+tt.allow+`"`+"]\n")
			if d, _ := e.Decide(CheckRequest{Command: tt.cmd, Session: "s1"}); d.Decision != dsl.Allow || d.By != ByAllowlist {
				t.Errorf("allowlist: %s by %q", d.Decision, d.By)
			}
			writeTestFile(t, ConfigPath(home), "")
			st := `{"id":"s2","approvals":[{"rule":"` + tt.allow + `","time":"2026-01-01T00:00:00Z"}],"updated":"2026-01-01T00:00:00Z"}`
			writeTestFile(t, filepath.Join(home, "state", "sessions", "s2.json"), st)
			if d, _ := e.Decide(CheckRequest{Command: tt.cmd, Session: "s2"}); d.Decision != dsl.Allow || d.By != BySession {
				t.Errorf("session: %s by %q", d.Decision, d.By)
			}
		})
	}
}

func TestAlwaysKeepsSettings(t *testing.T) {
	home := t.TempDir()
	writeTestFile(t, ConfigPath(home), "# mine\napprovals:\n  timeout: 30 # seconds\ncommand_allowlist: [git-clean]\n")
	e := newEngine(t, home)
	if _, err := e.Answer(CheckRequest{Command: "rm -rf ./b", Session: "s1"}, Always, ""); err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadConfig(home)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cfg.CommandAllowlist, []string{"git-clean", "recursive-delete"}) || cfg.Approvals.Timeout.Seconds() != 30 {
		t.Errorf("after always: %v, timeout %s", cfg.CommandAllowlist, cfg.Approvals.Timeout)
	}
	data, _ := os.ReadFile(ConfigPath(home))
	for _, want := range []string{"# mine", "# seconds"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("comment %q lost:\n%s", want, data)
		}
	}
	// A broken file is left as it is.
	writeTestFile(t, ConfigPath(home), "approvals: [\n")
	if err := AddToAllowlist(home, "x"); err == nil {
		t.Error("AddToAllowlist on a broken file: no error")
	}
	if data, _ := os.ReadFile(ConfigPath(home)); string(data) != "approvals: [\n" {
		t.Errorf("broken file rewritten: %q", data)
	}
}

func TestFingerprint(t *testing.T) {
	a := Fingerprint("rm -rf ./build", "/w")
	for _, other := range []string{Fingerprint("rm -rf ./build ", "/w"), Fingerprint("rm -rf ./build", "/x"), Fingerprint("rm -rf ./build\x00/w", "")} {
		if other == a {
			t.Error("distinct commands share a fingerprint")
		}
	}
	if Fingerprint("rm -rf ./build", "/w/") != a {
		t.Error("cwd is not cleaned")
	}
}
