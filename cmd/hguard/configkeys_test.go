package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/hguard/hguard/config"
)

// keyExamples is a valid value for every setting config.yaml knows. A
// setting added to the config package's schema and not here fails
// TestConfigKeys until it gets one, so every program is run with it.
var keyExamples = map[string]string{
	"approvals.mode":            "smart", // so that doctor --reviewer runs hguard-plugins review
	"approvals.timeout":         "30",
	"approvals.gateway_timeout": "2m",
	"approvals.container":       "off",
	"approvals.denial_limit":    "3",
	"approvals.undoable":        "ask",
	"command_allowlist":         "[git-clean]",
	"security.tirith_enabled":   "false",
	"security.tirith_fail_open": "true",
	"security.tirith_timeout":   "500ms", // issue 13: once refused by hguard-plugins (exit 70)
	"security.tirith_path":      `""`,
	"security.tirith_online":    "false",
	"smart.base_url":            "http://127.0.0.1:9/v1",
	"smart.model":               "test-model",
	"smart.api_key_env":         "HGUARD_TEST_NO_SUCH_KEY",
	"smart.timeout":             "5",
	"smart.budget":              "10",
	"checkpoints.enabled":       "true",
	"checkpoints.max_snapshots": "20",
	"checkpoints.max_files":     "1000",
	"checkpoints.max_file_size": "1MiB",
	"checkpoints.exclude":       `["*.log"]`,
	"checkpoints.debounce":      "500ms",
	"checkpoints.watch":         `["~/watched"]`, // all_keys.txtar makes it
	"audit.max_size_mb":         "16",
	"audit.keep":                "4",
	"audit.anchor":              "none",
	"sessions.max_age_days":     "30",
}

// allKeysYAML is a config.yaml that sets every setting of config.Keys.
func allKeysYAML(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	section := ""
	for _, k := range config.Keys() {
		v, ok := keyExamples[k]
		if !ok {
			t.Fatalf("config setting %s has no example value in keyExamples: add one, so that every program is tested with it", k)
		}
		sec, field, dotted := strings.Cut(k, ".")
		switch {
		case !dotted:
			b.WriteString(k + ": " + v + "\n")
			section = ""
			continue
		case sec != section:
			b.WriteString(sec + ":\n")
			section = sec
		}
		b.WriteString("  " + field + ": " + v + "\n")
	}
	for k := range keyExamples {
		if !slices.Contains(config.Keys(), k) {
			t.Errorf("keyExamples has %s, which config.Keys does not: remove it", k)
		}
	}
	return b.String()
}

// TestConfigKeys runs testdata/configkeys/*.txtar with all-keys.yaml in the
// work directory: a config.yaml setting every key the config package knows,
// which every program that reads config.yaml must accept.
func TestConfigKeys(t *testing.T) {
	yaml := allKeysYAML(t)
	testscript.Run(t, testscript.Params{
		Dir: "testdata/configkeys",
		Setup: func(env *testscript.Env) error {
			env.Setenv("HGUARD_HOME", env.WorkDir+"/.hguard")
			env.Setenv("HOME", env.WorkDir)
			return os.WriteFile(filepath.Join(env.WorkDir, "all-keys.yaml"), []byte(yaml), 0o644)
		},
	})
}
