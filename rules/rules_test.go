package rules_test

import (
	"strings"
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/rules"
)

func builtins(t testing.TB) []*dsl.Rule {
	t.Helper()
	rs, err := hguard.LoadFS(rules.FS, ".", dsl.Builtin)
	if err != nil {
		t.Fatalf("built-in rules do not load: %v", err)
	}
	return rs
}

// TestExamples runs every built-in rule's match and nomatch examples
// against that rule alone.
func TestExamples(t *testing.T) {
	for _, r := range builtins(t) {
		t.Run(r.ID, func(t *testing.T) {
			if err := r.Compile(); err != nil {
				t.Fatal(err)
			}
			for _, f := range r.TestExamples() {
				t.Error(f.Error())
			}
		})
	}
}

// TestLint holds the built-ins to the standard `hguard rules lint` applies.
func TestLint(t *testing.T) {
	rs := builtins(t)
	if _, err := dsl.NewRuleSet(rs); err != nil {
		t.Fatal(err)
	}
	for _, p := range dsl.Lint(rs) {
		t.Error(p)
	}
}

// TestCoverage checks that the rule packs cover the classes of danger the
// project promises, by rule id: renaming or dropping one is a visible change.
func TestCoverage(t *testing.T) {
	want := strings.Fields(`
		recursive-delete-root recursive-delete-system recursive-delete-home recursive-delete
		mkfs dd-to-device write-block-device fork-bomb kill-all-processes shutdown-reboot
		find-delete find-exec-delete chmod-world-writable recursive-chmod-broad
		git-reset-hard git-clean git-force-push git-discard-changes git-branch-force-delete
		git-stash-drop git-rewrite-history sql-destructive database-drop remote-code-exec
		decode-exec write-system-config write-shell-startup write-ssh write-guard-config
		kill-hguard crontab-remove history-wipe firewall-off exfiltrate-secrets
		kubectl-delete iac-destroy cloud-storage-delete cloud-project-delete docker-prune
		url-non-ascii-host url-punycode-host url-shortener url-raw-ip insecure-tls
		metadata-endpoint reverse-shell package-from-url unsigned-packages repo-from-pipe
		docker-privileged environment-hijack parse-error input-too-large dynamic-command`)
	have := map[string]*dsl.Rule{}
	for _, r := range builtins(t) {
		have[r.ID] = r
	}
	for _, id := range want {
		if _, ok := have[id]; !ok {
			t.Errorf("no built-in rule %s", id)
		}
	}
	for _, id := range []string{"recursive-delete-root", "recursive-delete-system", "recursive-delete-home", "mkfs", "dd-to-device", "write-block-device", "fork-bomb", "kill-all-processes", "shutdown-reboot"} {
		if r := have[id]; r != nil && r.Level != dsl.Block {
			t.Errorf("%s is %s, want block", id, r.Level)
		}
	}
}
