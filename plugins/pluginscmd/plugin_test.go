package pluginscmd

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/hguard/hguard/internal/testbin"
)

func hguardRun(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Main(args, nil, &stdout, &stderr)
	return stdout.String(), stderr.String(), code
}

// TestMain removes the programs testbin built.
func TestMain(m *testing.M) { testbin.Main(m) }

// TestPluginAddList registers the example detector built with go build,
// lists it, and, with the real tirith (HGUARD_TEST_TIRITH), lists tirith
// running through the hguard-tirith plugin.
func TestPluginAddList(t *testing.T) {
	home := t.TempDir()
	bin := filepath.Join(t.TempDir(), "hguard-example")
	testbin.Copy(t, "github.com/hguard/hguard/plugins/example", bin)
	t.Setenv("HGUARD_HOME", home)

	out, errOut, code := hguardRun(t, "plugin", "add", "--fail-closed", "--timeout", "2s", bin)
	if code != 0 || !regexp.MustCompile(`^added plugin example 1\.0\.0: .*hguard-example \(sha256 [0-9a-f]{64}\)\n$`).MatchString(out) {
		t.Fatalf("add: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = hguardRun(t, "plugin", "list")
	if code != 0 || !regexp.MustCompile(`(?m)^example +1\.0\.0 +ok +ask +-$`).MatchString(out) {
		t.Fatalf("list: exit %d\n%s%s", code, out, errOut)
	}

	tirith := os.Getenv("HGUARD_TEST_TIRITH")
	if tirith == "" {
		t.Skip("HGUARD_TEST_TIRITH is not set: the tirith part is skipped")
	}
	if err := os.MkdirAll(filepath.Join(home, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	testbin.Copy(t, "github.com/hguard/hguard/cmd/hguard-tirith", filepath.Join(home, "bin", "hguard-tirith"))
	cfg := "security:\n  tirith_enabled: true\n  tirith_path: " + tirith + "\n"
	if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = hguardRun(t, "plugin", "list")
	if code != 0 || !regexp.MustCompile(`(?m)^tirith +1 \(tirith 0\.4\.2\) +ok +warn +-$`).MatchString(out) {
		t.Fatalf("list with tirith: exit %d\n%s%s", code, out, errOut)
	}
}
