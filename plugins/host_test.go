package plugins

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-plugin"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"

	"github.com/hguard/hguard/internal/testbin"
)

// TestContractInProcess runs the contract over an in-process gRPC
// connection: the request, parsed model included, arrives intact.
func TestContractInProcess(t *testing.T) {
	c := inProcess(t)
	d, err := c.Describe(context.Background())
	if err != nil || d.Name != "fake" {
		t.Fatalf("describe: %+v %v", d, err)
	}
	body, _ := encodeRequest(Request{Original: "sudo rm -rf x | tee y", Cwd: "/w"})
	fs, err := c.Check(context.Background(), body)
	if err != nil || len(fs) != 1 || fs[0].Message != "saw rm,tee in /w" || fs[0].Level != dsl.Ask {
		t.Fatalf("check: %+v %v", fs, err)
	}
}

func inProcess(t testing.TB) *client {
	t.Setenv("HGUARD_FAKE_MODE", filepath.Join(t.TempDir(), "mode"))
	cl, srv := plugin.TestPluginGRPCConn(t, false, map[string]plugin.Plugin{pluginKey: &fakeServer{}})
	t.Cleanup(func() { cl.Close() }) // its Shutdown stops srv
	_ = srv
	raw, err := cl.Dispense(pluginKey)
	if err != nil {
		t.Fatal(err)
	}
	return raw.(*client)
}

// fake registers the test binary as plugin "fake" in a fresh home and
// returns the host and a function that sets its mode.
func fake(t testing.TB, failOpen bool, timeout time.Duration) (*Host, func(string), string) {
	home := t.TempDir()
	modeFile := filepath.Join(home, "mode")
	t.Setenv("HGUARD_FAKE_PLUGIN", "1")
	t.Setenv("HGUARD_FAKE_MODE", modeFile)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	register(t, home, exe, failOpen, timeout)
	h := NewHost(HostConfig{Home: home})
	t.Cleanup(func() { h.Close() })
	return h, func(m string) { os.WriteFile(modeFile, []byte(m), 0o600) }, home
}

func register(t testing.TB, home, exe string, failOpen bool, timeout time.Duration) {
	sum, err := fileSHA256(exe)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(registryFile{Plugins: []Entry{{Name: "fake", Path: exe, SHA256: hex.EncodeToString(sum),
		FailOpen: failOpen, TimeoutMS: timeout.Milliseconds()}}})
	if err := os.WriteFile(registryPath(home), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestCheck(t *testing.T) {
	h, mode, _ := fake(t, false, 5*time.Second)
	mode("ok")
	fs := h.Check(context.Background(), Request{Original: "git push", Cwd: "/repo"})
	want := dsl.Finding{Rule: "fake-ask", Level: dsl.Ask, Message: "saw git in /repo", Source: "plugin:fake", Command: "git push"}
	if len(fs) != 1 || fs[0] != want || !NeverAlways(fs[0]) {
		t.Fatalf("got %+v, want %+v", fs, want)
	}
	// Allow findings add nothing; text from a plugin is made printable.
	mode("allow")
	fs = h.Check(context.Background(), Request{Original: "ls"})
	if len(fs) != 1 || fs[0].Level != dsl.Warn || fs[0].Message != "look [31mred[0m" || fs[0].Command != "sub" {
		t.Fatalf("allow/cleaning: %+v", fs)
	}
}

// TestFailureModes: a crash, a hang, a garbage answer or a refused binary
// is a warn finding when the plugin fails open and an ask when it fails
// closed, never a silent allow. Nothing here is timed: only the hang needs
// a deadline to end it (long enough for a loaded machine to start the
// plugin), and the finding saying so shows the deadline is what ended it;
// every other mode fails on its own long before its generous deadline.
func TestFailureModes(t *testing.T) {
	for _, tc := range []struct {
		name, mode, want string
		prepare          func(t *testing.T, home string, open bool)
	}{
		{name: "killed mid-call", mode: "die", want: "plugin exited during the call"},
		{name: "hang", mode: "hang", want: "no answer within 3s"},
		{name: "garbage answer", mode: "garbage", want: "garbage answer to Check"},
		{name: "undeclared rule", mode: "undeclared", want: `rule "other" is not one it declared`},
		{name: "plugin error", mode: "error", want: "plugin error: database unreachable"},
		{name: "garbage on stdout", mode: "ok", want: "did not answer the plugin handshake", prepare: func(t *testing.T, _ string, _ bool) {
			t.Setenv("HGUARD_FAKE_PLUGIN", "stdout-garbage")
		}},
		{name: "wrong name", mode: "ok", want: `plugin calls itself "other", registered as "fake"`, prepare: func(t *testing.T, _ string, _ bool) {
			t.Setenv("HGUARD_FAKE_NAME", "other")
		}},
		{name: "checksum mismatch", mode: "ok", want: "does not have the recorded SHA-256", prepare: func(t *testing.T, home string, open bool) {
			copyExe(t, home, 0o755, true, open)
		}},
		{name: "group writable", mode: "ok", want: "group or world writable (mode 0775)", prepare: func(t *testing.T, home string, open bool) {
			copyExe(t, home, 0o775, false, open)
		}},
		{name: "world writable", mode: "ok", want: "group or world writable (mode 0757)", prepare: func(t *testing.T, home string, open bool) {
			copyExe(t, home, 0o757, false, open)
		}},
	} {
		for _, open := range []bool{true, false} {
			t.Run(tc.name, func(t *testing.T) {
				timeout := time.Minute
				if tc.mode == "hang" {
					timeout = 3 * time.Second
				}
				h, mode, home := fake(t, open, timeout)
				mode(tc.mode)
				if tc.prepare != nil {
					tc.prepare(t, home, open)
					h = NewHost(HostConfig{Home: home}) // re-read the registry
					t.Cleanup(func() { h.Close() })
				}
				fs := h.Check(context.Background(), Request{Original: "ls"})
				want := dsl.Ask
				if open {
					want = dsl.Warn
				}
				if len(fs) != 1 || fs[0].Level != want || fs[0].Rule != RuleUnavailable || fs[0].Source != "plugin:fake" ||
					!strings.HasPrefix(fs[0].Message, "detector fake unavailable: ") || !strings.Contains(fs[0].Message, tc.want) {
					t.Fatalf("open=%v: got %+v, want one %s finding saying %q", open, fs, want, tc.want)
				}
				infos, _ := h.List(context.Background())
				if infos[1].LastError == "" {
					t.Errorf("list shows no last error: %+v", infos[1])
				}
			})
		}
	}
}

// copyExe registers a copy of the test binary with mode perm; with tamper
// the copy is changed after it was registered.
func copyExe(t *testing.T, home string, perm os.FileMode, tamper, open bool) {
	exe, _ := os.Executable()
	b, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(home, "fake-plugin")
	if err := os.WriteFile(p, b, 0o755); err != nil {
		t.Fatal(err)
	}
	register(t, home, p, open, time.Minute)
	if tamper {
		os.WriteFile(p, append(b, 0), 0o755)
	}
	if err := os.Chmod(p, perm); err != nil {
		t.Fatal(err)
	}
}

// TestRecovery: after a crash the next call starts the plugin again, with
// a fresh handshake cookie.
func TestRecovery(t *testing.T) {
	h, mode, _ := fake(t, false, 2*time.Second)
	mode("ok")
	infos, _ := h.List(context.Background())
	first := infos[1].Version
	if !validCookie(first) || infos[1].Status != "ok" {
		t.Fatalf("list: %+v", infos[1])
	}
	mode("die")
	if fs := h.Check(context.Background(), Request{Original: "ls"}); len(fs) != 1 || fs[0].Level != dsl.Ask {
		t.Fatalf("crash: %+v", fs)
	}
	mode("ok")
	if fs := h.Check(context.Background(), Request{Original: "ls"}); len(fs) != 1 || fs[0].Rule != "fake-ask" {
		t.Fatalf("after the crash: %+v", fs)
	}
	infos, _ = h.List(context.Background())
	if second := infos[1].Version; !validCookie(second) || second == first {
		t.Fatalf("cookie %q reused or bad (first %q)", second, first)
	}
}

func TestRegistryUnreadable(t *testing.T) {
	home := t.TempDir()
	os.WriteFile(registryPath(home), []byte("{not json"), 0o600)
	h := NewHost(HostConfig{Home: home})
	defer h.Close()
	fs := h.Check(context.Background(), Request{Original: "ls"})
	if len(fs) != 1 || fs[0].Level != dsl.Ask || fs[0].Rule != RuleRegistry {
		t.Fatalf("got %+v", fs)
	}
	if _, err := h.List(context.Background()); err == nil {
		t.Error("list: no error")
	}
}

func TestDisabled(t *testing.T) {
	h := NewHost(HostConfig{Home: t.TempDir()})
	defer h.Close()
	if h.Enabled() || len(h.Check(context.Background(), Request{Original: "ls"})) != 0 {
		t.Fatal("a host with nothing enabled added findings")
	}
	infos, err := h.List(context.Background())
	if err != nil || len(infos) != 1 || infos[0].Name != "tirith" || infos[0].Status != "disabled" {
		t.Fatalf("list: %+v %v", infos, err)
	}
}

// TestTirithUnavailable: tirith enabled but absent is the failure mode,
// and the background install is started once.
func TestTirithUnavailable(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	started := make(chan struct{}, 10)
	for _, open := range []bool{true, false} {
		h := NewHost(HostConfig{Home: t.TempDir(), Tirith: TirithConfig{Enabled: true, FailOpen: open,
			Install: func(context.Context) error { started <- struct{}{}; return nil }}})
		fs := h.Check(context.Background(), Request{Original: "ls"})
		h.Close()
		want := map[bool]dsl.Level{true: dsl.Warn, false: dsl.Ask}[open]
		if len(fs) != 1 || fs[0].Level != want || !strings.Contains(fs[0].Message, "detector tirith unavailable: tirith not found") ||
			!strings.Contains(fs[0].Message, "installing it in the background") {
			t.Fatalf("open=%v: %+v", open, fs)
		}
		select {
		case <-started:
		case <-time.After(5 * time.Second):
			t.Fatal("background install not started")
		}
	}
}

// TestExample builds the example detector with go build, registers it with
// Add like 'hguard plugin add', and runs it; a rebuilt (changed) binary is
// refused until it is added again.
func TestExample(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "hguard-example")
	testbin.Copy(t, "github.com/hguard/hguard/plugins/example", bin) // a copy: the test changes it
	home := t.TempDir()
	e, err := Add(context.Background(), home, bin, AddOptions{Timeout: 3 * time.Second})
	if err != nil || e.Name != "example" || e.Version != "1.0.0" || e.FailOpen || e.TimeoutMS != 3000 {
		t.Fatalf("add: %+v %v", e, err)
	}
	h := NewHost(HostConfig{Home: home})
	defer h.Close()
	for cmd, want := range map[string]int{
		"kubectl --context=prod-eu delete pod x":        1,
		"sudo helm --kube-context prod upgrade a b":     1,
		"kubectl --context staging delete pod x":        0,
		"echo kubectl --context=prod":                   0,
		"kubectl get pods && kubectl --context prod1 x": 1,
	} {
		fs := h.Check(context.Background(), Request{Original: cmd, Line: cmdline.Parse(cmd)})
		if len(fs) != want || want == 1 && (fs[0].Rule != "example-prod-context" || fs[0].Level != dsl.Ask || fs[0].Source != "plugin:example") {
			t.Errorf("%s: %+v", cmd, fs)
		}
	}
	h.Close()
	f, _ := os.OpenFile(bin, os.O_APPEND|os.O_WRONLY, 0)
	f.Write([]byte{0})
	f.Close()
	h = NewHost(HostConfig{Home: home})
	defer h.Close()
	if fs := h.Check(context.Background(), Request{Original: "ls"}); len(fs) != 1 || fs[0].Level != dsl.Ask || !strings.Contains(fs[0].Message, "SHA-256") {
		t.Fatalf("changed binary: %+v", fs)
	}
	for _, bad := range []string{filepath.Join(dir, "missing"), "/bin/true", "/etc/passwd"} {
		if _, err := Add(context.Background(), home, bad, AddOptions{}); err == nil {
			t.Errorf("add %s: accepted", bad)
		}
	}
}

func TestLoadConfig(t *testing.T) {
	for _, tc := range []struct {
		yaml string
		want TirithConfig
		err  string
	}{
		{"", TirithConfig{FailOpen: true, Timeout: 5 * time.Second}, ""},
		{"security: {tirith_enabled: true, tirith_fail_open: false, tirith_timeout: 0.5, tirith_path: /x/tirith}",
			TirithConfig{Enabled: true, Timeout: 500 * time.Millisecond, Path: "/x/tirith"}, ""},
		{"approvals: {mode: manual}\nsecurity: {tirith_online: true}", TirithConfig{FailOpen: true, Timeout: 5 * time.Second, Online: true}, ""},
		// The config package's values and keys: a duration, and every other section.
		{"security: {tirith_timeout: 500ms}\ncheckpoints: {debounce: 2s}", TirithConfig{FailOpen: true, Timeout: 500 * time.Millisecond}, ""},
		{"security: {tirith_timeout: 601}", TirithConfig{}, "longer than"},
		{"security: {tirith_timeout: -1}", TirithConfig{}, "tirith_timeout"},
		{"security: [", TirithConfig{}, "config.yaml"},
	} {
		home := t.TempDir()
		if tc.yaml != "" {
			os.WriteFile(filepath.Join(home, "config.yaml"), []byte(tc.yaml), 0o600)
		}
		cfg, err := LoadConfig(home)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.yaml, err, tc.err)
			}
			continue
		}
		if err != nil || cfg.Home != home || cfg.Tirith.Enabled != tc.want.Enabled || cfg.Tirith.FailOpen != tc.want.FailOpen ||
			cfg.Tirith.Timeout != tc.want.Timeout || cfg.Tirith.Path != tc.want.Path || cfg.Tirith.Online != tc.want.Online {
			t.Errorf("%q: %+v %v", tc.yaml, cfg.Tirith, err)
		}
	}
}

// Benchmarks: start one plugin process (hash, exec, handshake, Describe),
// and one warm call through the host and in-process.
func BenchmarkStart(b *testing.B) {
	exe, _ := os.Executable()
	sum, _ := fileSHA256(exe)
	b.Setenv("HGUARD_FAKE_PLUGIN", "1")
	b.Setenv("HGUARD_FAKE_MODE", filepath.Join(b.TempDir(), "mode"))
	for b.Loop() {
		r, err := launch(context.Background(), launchSpec{name: "fake", path: exe, sum: sum, timeout: 10 * time.Second})
		if err != nil {
			b.Fatal(err)
		}
		r.client.Kill()
	}
}

func BenchmarkCall(b *testing.B) {
	h, mode, _ := fake(b, false, 5*time.Second)
	mode("ok")
	req := Request{Original: "git push origin main", Line: cmdline.Parse("git push origin main")}
	h.Check(context.Background(), req)
	for b.Loop() {
		if fs := h.Check(context.Background(), req); len(fs) != 1 || fs[0].Rule != "fake-ask" {
			b.Fatal(fs)
		}
	}
}

func BenchmarkCallInProcess(b *testing.B) {
	c := inProcess(b)
	body, _ := encodeRequest(Request{Original: "git push origin main"})
	for b.Loop() {
		if _, err := c.Check(context.Background(), body); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTirithTimeout: a tirith that never answers is cut off at
// security.tirith_timeout (500ms, the spelling issue 13 found refused
// once), with a finding that names the key giving it more time; fail open
// warns, fail closed asks. Nothing is timed: a hang would end the test at
// its own deadline.
func TestTirithTimeout(t *testing.T) {
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte("security: {tirith_enabled: true, tirith_timeout: 500ms}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	host, err := LoadConfig(home)
	cfg := host.Tirith
	if err != nil || cfg.Timeout != 500*time.Millisecond {
		t.Fatalf("LoadConfig: %+v %v", cfg, err)
	}
	cfg.Plugin = testbin.Build(t, "github.com/hguard/hguard/cmd/hguard-tirith")
	cfg.Path = filepath.Join(t.TempDir(), "tirith")
	if err := os.WriteFile(cfg.Path, []byte("#!/bin/sh\nexec sleep 30\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, open := range []bool{true, false} {
		cfg.FailOpen = open
		h := NewHost(HostConfig{Home: t.TempDir(), Tirith: cfg})
		fs := h.Check(context.Background(), Request{Original: "curl https://example.com | sh"})
		h.Close()
		want := map[bool]dsl.Level{true: dsl.Warn, false: dsl.Ask}[open]
		if len(fs) != 1 || fs[0].Level != want || fs[0].Rule != RuleUnavailable ||
			fs[0].Message != "detector tirith unavailable: no answer within 500ms (raise security.tirith_timeout in config.yaml)" {
			t.Errorf("open=%v: %+v", open, fs)
		}
	}
}

// TestPrefilterAndCache: a line the detector's declared prefilter does not
// match never reaches it; an answer stands for the same line, directory
// and shell (and only those) for cacheTTL.
func TestPrefilterAndCache(t *testing.T) {
	t.Setenv("HGUARD_FAKE_PREFILTER", `curl\s`)
	h, _, home := fake(t, false, 5*time.Second)
	calls := func() []string {
		b, _ := os.ReadFile(filepath.Join(home, "mode.calls"))
		return strings.Fields(strings.ReplaceAll(string(b), " ", "_"))
	}
	ctx := context.Background()
	for _, tc := range []struct {
		line, cwd string
		findings  int
		calls     int // the detector's calls so far
	}{
		{"ls -la", "/w", 0, 0},     // skipped: nothing it inspects
		{"curl x", "/w", 1, 1},     // inspected
		{"curl x", "/w", 1, 1},     // the cached answer
		{"curl x", "/other", 1, 2}, // another directory: asked again
		{`c"ur"l x`, "/w", 1, 3},   // the prefilter sees through quotes
		{"echo curl", "/w", 0, 3},  // skipped
		{"curl  x", "/w", 1, 4},    // another line
		{"curl x", "/other", 1, 4}, // cached
	} {
		fs := h.Check(ctx, Request{Original: tc.line, Cwd: tc.cwd, Shell: "bash"})
		if len(fs) != tc.findings || len(calls()) != tc.calls {
			t.Fatalf("%q in %s: findings %+v, calls %q; want %d findings, %d calls", tc.line, tc.cwd, fs, calls(), tc.findings, tc.calls)
		}
	}
}

func TestVerdictCacheExpires(t *testing.T) {
	now := time.Unix(1000, 0)
	c := verdictCache{now: func() time.Time { return now }}
	fs := []dsl.Finding{{Rule: "fake-ask", Level: dsl.Ask, Message: "m"}}
	k := cacheKey("curl x", "/w", "bash")
	c.put(k, fs)
	if got, ok := c.get(k); !ok || len(got) != 1 {
		t.Fatal("a fresh answer is not kept")
	}
	if _, ok := c.get(cacheKey("curl x", "/w", "zsh")); ok {
		t.Fatal("the shell is part of the key")
	}
	now = now.Add(cacheTTL)
	if _, ok := c.get(k); ok {
		t.Fatal("an answer outlived cacheTTL")
	}
	for i := range cacheMax + 10 {
		c.put(cacheKey(fmt.Sprint(i), "", ""), nil)
	}
	if len(c.entries) > cacheMax {
		t.Fatalf("%d entries kept, at most %d", len(c.entries), cacheMax)
	}
}
