package config

import (
	"github.com/hguard/hguard"
	"github.com/hguard/hguard/internal/testfile"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestLoadConfig(t *testing.T) {
	tests := []struct {
		name, yaml string
		check      func(*Config) bool
		err        string // substring of the error; "" for none
		warn       string // substring of a warning
	}{
		{name: "no file", check: func(c *Config) bool {
			return c.Approvals.Mode == ModeManual && c.Approvals.Timeout == time.Minute &&
				c.Approvals.GatewayTimeout == 5*time.Minute && c.Approvals.Container == "off" && c.Approvals.DenialLimit == 3
		}},
		{name: "empty", yaml: "", check: func(c *Config) bool { return c.Approvals.Mode == ModeManual }},
		{name: "null", yaml: "~\n", check: func(c *Config) bool { return c.Approvals.Mode == ModeManual }},
		{name: "all keys", yaml: `approvals: {mode: off, timeout: 0.25, gateway_timeout: 2m, container: auto, denial_limit: 5}
command_allowlist: [a, "b c"]
security: {tirith_enabled: true, tirith_fail_open: false, tirith_timeout: 3, tirith_path: /opt/t}
smart: {base_url: "http://127.0.0.1:1", model: m, api_key_env: K, timeout: 4}
checkpoints: {enabled: false, max_snapshots: 5, max_files: 9}
audit: {max_size_mb: 2, keep: 7}
sessions: {max_age_days: 9}
`, check: func(c *Config) bool {
			return c.Approvals.Mode == ModeOff && c.Approvals.Timeout == 250*time.Millisecond &&
				c.Approvals.GatewayTimeout == 2*time.Minute && c.Approvals.Container == "auto" && c.Approvals.DenialLimit == 5 &&
				strings.Join(c.CommandAllowlist, "|") == "a|b c" && c.Security.TirithEnabled && !c.Security.TirithFailOpen &&
				c.Security.TirithTimeout == 3*time.Second && c.Security.TirithPath == "/opt/t" && c.Smart.Model == "m" &&
				c.Smart.Timeout == 4*time.Second && !c.Checkpoints.Enabled && c.Checkpoints.MaxSnapshots == 5 && c.Checkpoints.MaxFiles == 9 &&
				c.Audit.MaxSize == 2<<20 && c.Audit.Keep == 7 && c.Sessions.MaxAge == 9*24*time.Hour
		}},
		{name: "sessions kept forever", yaml: "sessions: {max_age_days: 0}\n", check: func(c *Config) bool { return c.Sessions.MaxAge == 0 }},
		{name: "bad session age", yaml: "sessions: {max_age_days: soon}\n", err: `sessions.max_age_days: want a whole number of days`},
		{name: "audit never rotates", yaml: "audit: {max_size_mb: 0}\n", check: func(c *Config) bool { return c.Audit.MaxSize == 0 && c.Audit.Keep == 4 }},
		{name: "bad audit size", yaml: "audit:\n  max_size_mb: -1\n", err: `config.yaml:2:16: audit.max_size_mb: want a whole number of MiB`},
		{name: "bad audit keep", yaml: "audit: {keep: 0}\n", err: `audit.keep: want a whole number above 0`},
		{name: "audit keep too large", yaml: "audit: {keep: 1001}\n", err: `audit.keep: want at most 1000 rotated files`},
		{name: "bad yaml", yaml: "approvals:\n  mode: [\n", err: "config.yaml:2:1: invalid yaml"},
		{name: "not a mapping", yaml: "- a\n", err: "config.yaml:1:1: want a mapping"},
		{name: "bad mode", yaml: "approvals:\n  mode: yes-please\n", err: `config.yaml:2:9: approvals.mode: unknown value "yes-please"`},
		{name: "bad timeout", yaml: "approvals:\n  timeout: soon\n", err: `config.yaml:2:12: approvals.timeout: want a number of seconds`},
		{name: "zero timeout", yaml: "approvals: {gateway_timeout: 0}\n", err: "approvals.gateway_timeout: want a number of seconds above 0"},
		{name: "bad bool", yaml: "security:\n  tirith_enabled: maybe\n", err: "config.yaml:2:19: security.tirith_enabled"},
		{name: "bad list", yaml: "command_allowlist: yes\n", err: "config.yaml:1:20: command_allowlist: want a list"},
		{name: "bad section", yaml: "approvals: manual\n", err: "config.yaml:1:12: approvals: want a mapping"},
		{name: "two errors", yaml: "approvals: {mode: x, timeout: y}\n", err: "approvals.timeout"},
		{name: "watch dirs", yaml: "checkpoints:\n  watch: [/srv/a, /srv/a/, ~/proj, \"~\"]\n", check: func(c *Config) bool {
			h, _ := os.UserHomeDir()
			return strings.Join(c.Checkpoints.Watch, "|") == "/srv/a|"+filepath.Join(h, "proj")+"|"+h
		}},
		{name: "no watch dirs", yaml: "checkpoints: {watch: []}\n", check: func(c *Config) bool { return len(c.Checkpoints.Watch) == 0 }},
		{name: "relative watch dir", yaml: "checkpoints:\n  watch: [src]\n", err: `config.yaml:2:11: checkpoints.watch: "src": want an absolute directory`},
		{name: "watch dir ~user", yaml: "checkpoints:\n  watch: [~bob/p]\n", err: `"~bob/p": want an absolute directory`},
		{name: "watch not a list", yaml: "checkpoints:\n  watch: /srv/a\n", err: `config.yaml:2:10: checkpoints.watch: want a list of directories`},
		{name: "watch item not a string", yaml: "checkpoints:\n  watch: [[a]]\n", err: `checkpoints.watch: want a directory`},
		{name: "unknown key", yaml: "colour: red\n", warn: `config.yaml:1:1: unknown setting "colour"`},
		{name: "unknown field", yaml: "approvals:\n  colour: red\n", warn: "config.yaml:2:3: unknown setting approvals.colour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			if tt.name != "no file" {
				testfile.Write(t, Path(home), tt.yaml)
			}
			cfg, err := Load(home)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.check != nil && !tt.check(cfg) {
				t.Errorf("got %+v", cfg)
			}
			if tt.warn != "" && !strings.Contains(strings.Join(cfg.Warnings, "\n"), tt.warn) {
				t.Errorf("warnings %q, want %q", cfg.Warnings, tt.warn)
			}
		})
	}
}

func TestCheckAllowlist(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Path: "/h/config.yaml", CommandAllowlist: []string{"recursive-delete", "recursive delete", "gone-rule"}}
	w := cfg.CheckAllowlist(g.Rules())
	if len(w) != 1 || !strings.Contains(w[0], `"gone-rule" names no rule`) {
		t.Errorf("warnings %q", w)
	}
}

func TestAddToAllowlist(t *testing.T) {
	tests := []struct{ before, after string }{
		{"", "command_allowlist:\n  - \"k\"\n"},
		{"command_allowlist: []\n", "command_allowlist:\n  - \"k\"\n"},
		{"command_allowlist:\n", "command_allowlist:\n  - \"k\"\n"},
		{"command_allowlist: [k]\n", "command_allowlist:\n  - k\n"},
		{"# top\napprovals: {mode: off} # unattended\n", "# top\napprovals: {mode: off} # unattended\ncommand_allowlist:\n  - \"k\"\n"},
	}
	for _, tt := range tests {
		home := t.TempDir()
		if tt.before != "" {
			testfile.Write(t, Path(home), tt.before)
		}
		if err := AddToAllowlist(home, "k"); err != nil {
			t.Fatalf("%q: %v", tt.before, err)
		}
		cfg, err := Load(home)
		if err != nil {
			t.Fatal(err)
		}
		if got := testfile.Read(t, Path(home)); got != tt.after || len(cfg.CommandAllowlist) != 1 {
			t.Errorf("%q: got\n%s\nwant\n%s", tt.before, got, tt.after)
		}
	}
}

func TestSmartBudgetConfig(t *testing.T) {
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte("smart:\n  base_url: http://127.0.0.1:9/v1\n  budget: 7\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Smart.Budget != 7 {
		t.Errorf("smart.budget = %d, want 7", cfg.Smart.Budget)
	}
}
