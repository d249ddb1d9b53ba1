package hooks

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

func TestInstallHermes(t *testing.T) {
	existing := []byte("# my settings\nmodel:\n  default: m # keep me\nhooks:\n  post_tool_call:\n    - command: /bin/logger\n  pre_tool_call:\n    - command: /usr/bin/hguard-old hook hermes\n      timeout: 30\n")
	cmd := HermesCommand("/opt/my hguard")
	out, changed, err := InstallHermes(existing, cmd)
	if err != nil || !changed {
		t.Fatalf("InstallHermes = %v, %v", changed, err)
	}
	for _, keep := range []string{"# my settings", "# keep me", "/bin/logger"} {
		if !strings.Contains(string(out), keep) {
			t.Errorf("%q lost:\n%s", keep, out)
		}
	}
	var v struct {
		Hooks map[string][]struct {
			Command    string `yaml:"command"`
			Timeout    int    `yaml:"timeout"`
			FailClosed bool   `yaml:"fail_closed"`
			Matcher    string `yaml:"matcher"`
		} `yaml:"hooks"`
	}
	if err := yaml.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	pre := v.Hooks["pre_tool_call"]
	if len(pre) != 1 || pre[0].Command != `'/opt/my hguard' hook hermes` || pre[0].Timeout != HermesTimeout || !pre[0].FailClosed || pre[0].Matcher != "" {
		t.Errorf("pre_tool_call = %+v (the earlier hguard's hook must be replaced)", pre)
	}
	if again, changed, err := InstallHermes(out, cmd); err != nil || changed || string(again) != string(out) {
		t.Errorf("second install changed the file (%v, %v):\n%s", changed, err, again)
	}
	if fresh, changed, err := InstallHermes(nil, cmd); err != nil || !changed || !strings.Contains(string(fresh), "fail_closed: true") {
		t.Errorf("fresh install (%v, %v):\n%s", changed, err, fresh)
	}
	for _, bad := range []string{"hooks: [1]\n", "hooks:\n  pre_tool_call: {a: 1}\n", "- a\n", "a: [\n"} {
		if _, _, err := InstallHermes([]byte(bad), cmd); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestHermesAllow(t *testing.T) {
	cmd := HermesCommand("/opt/hguard")
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	existing := []byte(`{"approvals": [{"event": "post_tool_call", "command": "/bin/logger"}, {"event": "pre_tool_call", "command": "/old/hguard hook hermes"}]}`)
	out, changed, err := HermesAllow(existing, cmd, now.Add(-time.Hour), now)
	if err != nil || !changed {
		t.Fatalf("HermesAllow = %v, %v", changed, err)
	}
	var v struct {
		Approvals []map[string]any `json:"approvals"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Approvals) != 2 || v.Approvals[0]["command"] != "/bin/logger" {
		t.Fatalf("approvals = %v", v.Approvals)
	}
	if a := v.Approvals[1]; a["event"] != "pre_tool_call" || a["command"] != cmd || a["approved_at"] != "2026-12-02T10:00:00Z" || a["script_mtime_at_approval"] != "2026-12-02T09:00:00Z" {
		t.Errorf("approval = %v", a)
	}
	if _, changed, err := HermesAllow(out, cmd, now, now); err != nil || changed {
		t.Errorf("second allow changed the file (%v, %v)", changed, err)
	}
	if _, _, err := HermesAllow([]byte("{"), cmd, now, now); err == nil {
		t.Error("a broken allowlist accepted")
	}
}
