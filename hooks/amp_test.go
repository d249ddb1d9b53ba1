package hooks

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestParseAmp(t *testing.T) {
	tests := []struct {
		tool, args string
		want       Call
	}{
		{"Bash", `{"cmd":"make","cwd":"/p/sub"}`, Call{Agent: Amp, Tool: "Bash", Kind: KindShell, Command: "make", Cwd: "/p/sub", Session: "T-1"}},
		{"Read", `{"path":"/h/.aws/credentials"}`, Call{Agent: Amp, Tool: "Read", Kind: KindRead, Command: "cat -- /h/.aws/credentials", Paths: []string{"/h/.aws/credentials"}, Cwd: "/p", Session: "T-1"}},
		{"create_file", `{"path":"/h/.bashrc","content":"x"}`, Call{Agent: Amp, Tool: "create_file", Kind: KindWrite, Command: "tee -- /h/.bashrc >/dev/null", Paths: []string{"/h/.bashrc"}, Cwd: "/p", Session: "T-1"}},
		{"edit_file", `{"path":"a.go","old_str":"a","new_str":"b"}`, Call{Agent: Amp, Tool: "edit_file", Kind: KindWrite, Command: "tee -- a.go >/dev/null", Paths: []string{"a.go"}, Cwd: "/p", Session: "T-1"}},
		{"read_web_page", `{"url":"https://e.x/a"}`, Call{Agent: Amp, Tool: "read_web_page", Kind: KindFetch, Command: "curl -sSL -- https://e.x/a", URL: "https://e.x/a", Cwd: "/p", Session: "T-1"}},
		{"mcp__gh__delete_repo", `{"repo":"x"}`, Call{Agent: Amp, Tool: "mcp__gh__delete_repo", Kind: KindMCP, Command: "mcp:gh/delete_repo --repo=x", Cwd: "/p", Session: "T-1"}},
		// The arguments are the model's: a key that names an event is an argument like any other.
		{"Bash", `{"cmd":"rm -rf /","hook_event_name":"PostToolUse"}`, Call{Agent: Amp, Tool: "Bash", Kind: KindShell, Command: "rm -rf /", Cwd: "/p", Session: "T-1"}},
		{"mermaid", `{"code":"x"}`, Call{Agent: Amp, Tool: "mermaid", Cwd: "/p", Session: "T-1"}},
	}
	for _, tt := range tests {
		got, err := ParseAmp(tt.tool, "T-1", "/p", []byte(tt.args))
		if err != nil {
			t.Errorf("%s %s: %v", tt.tool, tt.args, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s %s:\n got %+v\nwant %+v", tt.tool, tt.args, got, tt.want)
		}
	}
	for _, bad := range []struct{ tool, args string }{{"", `{"cmd":"ls"}`}, {"Bash", `not json`}, {"Bash", `{}`}, {"Bash", `["ls"]`}, {"Read", `{"path":""}`}} {
		if _, err := ParseAmp(bad.tool, "", "/p", []byte(bad.args)); err == nil {
			t.Errorf("%q %s: no error", bad.tool, bad.args)
		}
	}
	a := Reply(Call{Agent: Amp, Kind: KindShell}, Ask, "needs a person")
	if a.Exit != 2 || !strings.Contains(a.Stderr, "needs a person") {
		t.Errorf("an ask is not a refusal with the reason on stderr: %+v", a)
	}
	if a := Reply(Call{Agent: Amp, Kind: KindShell}, Allow, ""); a.Exit != 0 || len(a.Stdout) != 0 {
		t.Errorf("allow: %+v", a)
	}
}

func TestInstallAmp(t *testing.T) {
	existing := []byte(`{"amp.notifications.enabled": false, "amp.permissions": [{"tool": "Bash", "matches": {"cmd": "git *"}, "action": "allow"}]}`)
	out, changed, err := InstallAmp(existing, "/h/.config/amp/hguard-delegate")
	if err != nil || !changed {
		t.Fatalf("InstallAmp = %v, %v", changed, err)
	}
	var v struct {
		Notify bool             `json:"amp.notifications.enabled"`
		Rules  []map[string]any `json:"amp.permissions"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Rules) != len(ampTools)+1 {
		t.Fatalf("rules: %v", v.Rules)
	}
	for i, tool := range ampTools { // first: the first matching rule decides
		if r := v.Rules[i]; r["tool"] != tool || r["action"] != "delegate" || r["to"] != "/h/.config/amp/hguard-delegate" {
			t.Errorf("rule %d = %v", i, r)
		}
	}
	if v.Rules[len(ampTools)]["action"] != "allow" {
		t.Errorf("the user's rule is lost or moved: %v", v.Rules)
	}
	if again, changed, err := InstallAmp(out, "/h/.config/amp/hguard-delegate"); err != nil || changed || string(again) != string(out) {
		t.Errorf("second install changed the file (%v, %v)", changed, err)
	}
	moved, changed, err := InstallAmp(out, "/other/hguard-delegate")
	if err != nil || !changed || strings.Count(string(moved), "hguard-delegate") != len(ampTools) {
		t.Errorf("an earlier hguard's rules are not replaced (%v, %v):\n%s", changed, err, moved)
	}
	if _, _, err := InstallAmp([]byte(`{"amp.permissions": {}}`), "/d"); err == nil {
		t.Error("a non-list amp.permissions accepted")
	}
	if _, _, err := InstallAmp([]byte(`{`), "/d"); err == nil {
		t.Error("broken settings accepted")
	}
	if s := AmpDelegateScript("/opt/hguard"); !strings.Contains(s, "exit 2; }\nexec /opt/hguard hook amp\n") {
		t.Errorf("delegate script:\n%s", s)
	}
}
