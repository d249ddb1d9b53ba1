package approval

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/config"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/testfile"
	"github.com/hguard/hguard/rules"
)

func newEngine(t testing.TB, home string) *Engine {
	t.Helper()
	e, err := New(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// pluginGuard is the built-ins plus one rule as a detector plugin would
// report it (source plugin:tirith): a content-level finding.
func pluginGuard(t testing.TB) *hguard.Guard {
	t.Helper()
	builtin, err := hguard.LoadFS(rules.FS, ".", dsl.Builtin)
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
	g, err := hguard.FromRules(builtin, plugin)
	if err != nil {
		t.Fatal(err)
	}
	return g
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
		{"once", AnswerOnce, dsl.Ask, dsl.Ask, dsl.Ask, dsl.Ask},
		{"session", AnswerSession, dsl.Allow, dsl.Ask, dsl.Ask, dsl.Ask},
		{"rule", AnswerRule, dsl.Allow, dsl.Ask, dsl.Allow, dsl.Allow},
		{"always", AnswerAlways, dsl.Allow, dsl.Allow, dsl.Allow, dsl.Allow},
		{"deny", AnswerDeny, dsl.Ask, dsl.Ask, dsl.Ask, dsl.Ask},
		{"timeout", AnswerTimeout, dsl.Ask, dsl.Ask, dsl.Ask, dsl.Ask},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEngine(t, t.TempDir())
			d, err := e.Answer(req("s1", "rm -rf ./src", "/work"), tt.answer, "")
			if err != nil {
				t.Fatal(err)
			}
			if got := d.Outcome == dsl.Allow; got != tt.answer.Approves() {
				t.Errorf("answer %s: decision %s", tt.answer, d.Outcome)
			}
			for _, c := range []struct {
				req  CheckRequest
				want dsl.Level
			}{
				{req("s1", "rm -rf ./src", "/work"), tt.same},
				{req("s2", "rm -rf ./src", "/work"), tt.other},
				{req("s1", "rm -rf ~/work", "/work"), tt.otherCmd},
				{req("s1", "rm -rf ./src", "/elsewhere"), tt.otherDir},
			} {
				d, err := e.Decide(c.req)
				if err != nil {
					t.Fatal(err)
				}
				if d.Outcome != c.want {
					t.Errorf("after %s: %s %q in %s: got %s, want %s", tt.answer, c.req.Session, c.req.Command, c.req.Cwd, d.Outcome, c.want)
				}
			}
		})
	}
}

func TestNothingApprovesABlock(t *testing.T) {
	e := newEngine(t, t.TempDir())
	for _, a := range []Answer{AnswerOnce, AnswerSession, AnswerRule, AnswerAlways} {
		_, err := e.Answer(CheckRequest{Command: "rm -rf /", Session: "s1"}, a, "")
		if !errors.Is(err, ErrBlocked) {
			t.Errorf("%s: err = %v, want ErrBlocked", a, err)
		}
	}
	if err := e.SetYOLO("s1", true); err != nil {
		t.Fatal(err)
	}
	d, err := e.Decide(CheckRequest{Command: "rm -rf /", Session: "s1", YOLO: true})
	if err != nil || d.Outcome != dsl.Block {
		t.Errorf("YOLO: %s, %v; want block", d.Outcome, err)
	}
	cfg := "approvals: {mode: off, container: auto}\ncommand_allowlist: [recursive-delete-root]\n"
	testfile.Write(t, config.Path(e.opts.Home), cfg)
	d, err = e.Decide(CheckRequest{Command: "rm -rf /", Session: "s2", Env: "container"})
	if err != nil || d.Outcome != dsl.Block {
		t.Errorf("mode off, container auto, allowlisted: %s, %v; want block", d.Outcome, err)
	}
}

func TestContentLevelNeverAlways(t *testing.T) {
	home := t.TempDir()
	e := newEngine(t, home)
	g := pluginGuard(t)
	e.guardFor = func(string) (*hguard.Guard, error) { return g, nil }
	req := CheckRequest{Command: "curl -fsSL https://example.com/x", Session: "s1", Cwd: "/w"}
	d, err := e.Decide(req)
	if err != nil {
		t.Fatal(err)
	}
	if d.Outcome != dsl.Ask || !d.NoAlways {
		t.Fatalf("decision %s, NoAlways %v; want ask with always not offered", d.Outcome, d.NoAlways)
	}
	if _, err := e.Answer(req, AnswerAlways, ""); !errors.Is(err, ErrContentLevel) {
		t.Fatalf("always: err = %v, want ErrContentLevel", err)
	}
	if data, _ := os.ReadFile(config.Path(home)); len(data) > 0 {
		t.Errorf("config.yaml written after a refused always:\n%s", data)
	}
	// Even written into the allowlist by hand, it does not count.
	testfile.Write(t, config.Path(home), "command_allowlist: [tirith-homograph]\n")
	if d, _ := e.Decide(req); d.Outcome != dsl.Ask {
		t.Errorf("allowlisted content-level finding: %s, want ask", d.Outcome)
	}
	// AnswerOnce and session are fine.
	if d, err := e.Answer(req, AnswerSession, ""); err != nil || d.Outcome != dsl.Allow {
		t.Fatalf("session: %s, %v", d.Outcome, err)
	}
	if d, _ := e.Decide(req); d.Outcome != dsl.Allow || d.By != BySession {
		t.Errorf("after a session approval: %s by %q", d.Outcome, d.By)
	}
}

func TestDenialTracking(t *testing.T) {
	e := newEngine(t, t.TempDir())
	req := CheckRequest{Command: "git reset --hard", Session: "s1"}
	for i := 1; i <= 4; i++ {
		d, err := e.Answer(req, AnswerDeny, "")
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
	if _, err := e.Answer(req, AnswerOnce, ""); err != nil {
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
		{"description alias", "", "recursive delete", "rm -rf ./src"},
		{"old id now an alias", "- id: recursive-delete\n  level: allow\n  when: \"false\"\n  message: off\n" +
			"- id: delete-tree\n  aliases: [recursive-delete]\n  level: ask\n  on: [rm]\n  when: hasFlag(\"r\")\n  message: renamed\n",
			"recursive-delete", "rm -rf ./src"},
		{"id, rule known by its id", "", "git-force-push", "git push -f"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			if tt.rules != "" {
				testfile.Write(t, filepath.Join(home, "rules.d", "r.yaml"), tt.rules)
			}
			e := newEngine(t, home)
			if d, _ := e.Decide(CheckRequest{Command: tt.cmd, Session: "s1"}); d.Outcome != dsl.Ask {
				t.Fatalf("before: %s", d.Outcome)
			}
			testfile.Write(t, config.Path(home), "command_allowlist: ["+`"`+tt.allow+`"`+"]\n")
			if d, _ := e.Decide(CheckRequest{Command: tt.cmd, Session: "s1"}); d.Outcome != dsl.Allow || d.By != ByAllowlist {
				t.Errorf("allowlist: %s by %q", d.Outcome, d.By)
			}
			testfile.Write(t, config.Path(home), "")
			st := `{"id":"s2","approvals":[{"rule":"` + tt.allow + `","time":"2026-01-01T00:00:00Z"}],"updated":"2026-01-01T00:00:00Z"}`
			testfile.Write(t, filepath.Join(home, "state", "sessions", "s2.json"), st)
			if d, _ := e.Decide(CheckRequest{Command: tt.cmd, Session: "s2"}); d.Outcome != dsl.Allow || d.By != BySession {
				t.Errorf("session: %s by %q", d.Outcome, d.By)
			}
		})
	}
}

func TestAlwaysKeepsSettings(t *testing.T) {
	home := t.TempDir()
	testfile.Write(t, config.Path(home), "# mine\napprovals:\n  timeout: 30 # seconds\ncommand_allowlist: [git-clean]\n")
	e := newEngine(t, home)
	if _, err := e.Answer(CheckRequest{Command: "rm -rf ./b", Session: "s1"}, AnswerAlways, ""); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cfg.CommandAllowlist, []string{"git-clean", "recursive-delete"}) || cfg.Approvals.Timeout.Seconds() != 30 {
		t.Errorf("after always: %v, timeout %s", cfg.CommandAllowlist, cfg.Approvals.Timeout)
	}
	data, _ := os.ReadFile(config.Path(home))
	for _, want := range []string{"# mine", "# seconds"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("comment %q lost:\n%s", want, data)
		}
	}
	// A broken file is left as it is.
	testfile.Write(t, config.Path(home), "approvals: [\n")
	if err := config.AddToAllowlist(home, "x"); err == nil {
		t.Error("config.AddToAllowlist on a broken file: no error")
	}
	if data, _ := os.ReadFile(config.Path(home)); string(data) != "approvals: [\n" {
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
