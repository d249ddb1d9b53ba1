// Package agente2e runs the real coding-agent CLIs (Claude Code, Codex,
// Gemini CLI, GitHub Copilot CLI, OpenCode, installed from npm by test.sh)
// headless against fake model servers on 127.0.0.1, with hguard's hooks
// installed by `hguard init AGENT --write` into a throwaway home. Each fake model asks for a list of tool
// calls, one per turn, and records the tool result it gets back; the tests
// then look at what ran (marker files) and what the model was told.
package agente2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hguard/hguard/internal/ancestry"
	"github.com/hguard/hguard/internal/testbin"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(mcpEnv); dir != "" { // started by an agent as its MCP server
		serveMCP(os.Stdin, os.Stdout, dir)
		return
	}
	testbin.Main(m)
}

// agentsDir is the npm prefix test.sh installs the CLIs into.
func agentsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("HGUARD_TEST_AGENTS")
	if dir == "" {
		t.Skip("HGUARD_TEST_AGENTS is not set: ./test.sh installs the agent CLIs with npm and sets it (skipped only when npm is unavailable)")
	}
	return dir
}

// cli is the path of one installed CLI, or a skip when it is missing.
func cli(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join(agentsDir(t), "node_modules", ".bin", name)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("%s is not installed under HGUARD_TEST_AGENTS: %v", name, err)
	}
	return p
}

// step is one tool call the fake model asks for, and what came back.
type step struct {
	name  string         // what the step is about, for messages
	tool  string         // the tool's name in the agent's vocabulary
	input map[string]any // its arguments
}

// result is a tool result the fake model received.
type result struct {
	text    string
	isError bool
}

// script is the fake model's plan: step i is asked for once i tool results
// have come back; after the last, the model answers with text and stops.
type script struct {
	steps []step
	mu    sync.Mutex
	got   map[int]result // by step index
	reqs  int
	tools map[string]string // the tools the last request offered, by name: their type
}

func newScript(steps ...step) *script { return &script{steps: steps, got: map[int]result{}} }

func (s *script) record(i int, r result) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.got[i]; !ok {
		s.got[i] = r
	}
}

// resultOf is what step name's tool call returned to the model so far, or "".
func (s *script) resultOf(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, st := range s.steps {
		if st.name == name {
			return s.got[i].text
		}
	}
	return ""
}

// result is what step name's tool call returned to the model.
func (s *script) result(t *testing.T, name string) result {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, st := range s.steps {
		if st.name == name {
			r, ok := s.got[i]
			if !ok {
				t.Fatalf("step %q: the model never received its tool result (requests: %d, results: %v)", name, s.reqs, s.got)
			}
			return r
		}
	}
	t.Fatalf("no step %q", name)
	return result{}
}

// serve runs h on a loopback port until the test ends; it returns the base URL.
func serve(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

// env is a hermetic environment for an agent: a private home, hguard's home
// inside it, a temporary directory inside it (Claude Code keeps state under
// $TMPDIR/claude-UID), no daemon, and the agents' telemetry and update
// checks off. SHELL is bash whatever the caller's is: Claude Code runs its
// commands in $SHELL (zsh, or whichever it finds where SHELL is unset, as on
// CI), and the tests must not depend on the machine's choice.
func env(home string, extra ...string) []string {
	tmp := filepath.Join(home, "tmp")
	os.MkdirAll(tmp, 0o700)
	e := testbin.Env(home)
	if bash, err := exec.LookPath("bash"); err == nil {
		e = append(e, "SHELL="+bash)
	}
	e = append(e, "TMPDIR="+tmp,
		"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "NO_COLOR=1", "CI=1", "TERM=dumb",
		"NO_PROXY=127.0.0.1,localhost", "HTTP_PROXY=", "HTTPS_PROXY=", "ALL_PROXY=",
	)
	return append(e, extra...)
}

// launchAsks checks that hguard asks (exit 2) before the agent command
// line starts in proj, and that its reason names the setting naming.
func launchAsks(t *testing.T, hguard, proj string, environ []string, line, naming string) {
	t.Helper()
	cmd := exec.Command(hguard, "check", "--", line)
	cmd.Dir, cmd.Env = proj, environ
	msg, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(msg), naming) {
		t.Errorf("hguard check -- %s in the project: %v, want exit 2 (ask) naming %s:\n%s", line, err, naming, msg)
	}
}

// run runs an agent CLI to completion (the fake model ends every script),
// bounded so that a hang fails the test instead of the suite.
func run(t *testing.T, dir string, environ []string, name string, args ...string) string {
	t.Helper()
	out, hung, err := runCLI(dir, environ, name, args...)
	if hung {
		t.Fatalf("%s did not finish (a hook or an ask hung it):\n%s", filepath.Base(name), out)
	}
	if err != nil {
		t.Logf("%s: %v\n%s", filepath.Base(name), err, out)
	}
	return out
}

// runCLI is run without the testing.T, for a goroutine.
func runCLI(dir string, environ []string, name string, args ...string) (out string, hung bool, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = environ
	cmd.Stdin = strings.NewReader("")
	var b bytes.Buffer
	cmd.Stdout, cmd.Stderr = &b, &b
	cmd.WaitDelay = 5 * time.Second
	err = cmd.Run()
	return b.String(), ctx.Err() != nil, err
}

// runClaude runs Claude Code headless in proj, its model a fake server
// playing s, the Bash tool allowed; extra is added to the environment.
func runClaude(t *testing.T, bin, home, proj string, s *script, extra ...string) string {
	t.Helper()
	base := serve(t, anthropic(t, s))
	return run(t, proj, env(home, append([]string{"ANTHROPIC_BASE_URL=" + base, "ANTHROPIC_API_KEY=sk-ant-test"}, extra...)...),
		bin, "-p", "do the task", "--output-format", "text", "--model", "sonnet", "--allowedTools", "Bash", "--max-turns", "5")
}

// runGemini runs Gemini CLI headless in proj (--yolo), its model a fake
// server playing s.
func runGemini(t *testing.T, bin, home, proj string, s *script) string {
	t.Helper()
	return runGeminiIn(t, bin, proj, env(home), s)
}

// runGeminiIn is runGemini with the environment environ.
func runGeminiIn(t *testing.T, bin, proj string, environ []string, s *script) string {
	t.Helper()
	base := serve(t, geminiAPI(t, s))
	return run(t, proj, append(environ, "GOOGLE_GEMINI_BASE_URL="+base, "GEMINI_API_KEY=test-key", "GEMINI_CLI_NO_RELAUNCH=true"),
		bin, "-p", "do the task", "--yolo", "-m", "gemini-2.5-flash")
}

// codexTrusting writes home's Codex config, its model a fake server
// playing s and proj a trusted project (whose own config Codex then
// reads), and installs hguard's hooks; runCodex runs it.
func codexTrusting(t *testing.T, hguard, home, proj string, s *script) {
	t.Helper()
	base := serve(t, openAIResponses(t, s))
	trusted := fmt.Sprintf("\n[projects.%s]\ntrust_level = \"trusted\"\n", tomlQuote(proj))
	writeSettings(t, home, ".codex/config.toml", codexConfig(base)+trusted)
	hguardInit(t, home, hguard, hguard, "codex")
}

// runCodex runs codex exec in proj, its home's config.toml in place.
func runCodex(t *testing.T, proj, home, bin string) string {
	t.Helper()
	return run(t, proj, env(home, "FAKE_OPENAI_KEY=test", "CODEX_HOME="+filepath.Join(home, ".codex")), bin, "exec", "--skip-git-repo-check", "do the task")
}

// hguardInit installs hguard's hooks for agent into home.
func hguardInit(t *testing.T, home, hguard, binary, agent string) {
	t.Helper()
	cmd := exec.Command(hguard, "init", agent, "--write", "--binary", binary)
	cmd.Env = env(home)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hguard init %s --write: %v\n%s", agent, err, out)
	}
}

// exists reports whether path exists.
// editJSON rewrites the JSON object in the file at path (settings hguard
// init wrote) with what edit changes in it.
func editJSON(t *testing.T, path string, edit func(v map[string]any)) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	edit(v)
	data, _ = json.MarshalIndent(v, "", "  ")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

const (
	// fakeToken is a GitHub token as the redactor knows them: a secret
	// that must never reach a model.
	fakeToken = "ghp_1234567890abcdefghijklmnopqrstuvwxyz"
	// awsSecret sits in ~/.aws/credentials in the throwaway home.
	awsSecret = "WnhREl+Asie/ys64KT2rumOT+zNtTKjCSFbLRCIe"
)

// fixture makes a throwaway home with a project, a file holding a secret,
// AWS credentials and a shell start-up file, and returns home and project.
func fixture(t *testing.T) (home, proj string) {
	t.Helper()
	home = t.TempDir()
	proj = filepath.Join(home, "proj")
	for _, d := range []string{proj, filepath.Join(home, ".aws"), filepath.Join(home, ".hguard")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(proj, "token.txt"), "token "+fakeToken+"\n")
	write(filepath.Join(home, ".aws", "credentials"), "[default]\naws_access_key_id = AKIAQYLPMN5HFIQR7XYZ\naws_secret_access_key = "+awsSecret+"\n")
	write(filepath.Join(home, ".bashrc"), "# bashrc\n")
	write(filepath.Join(proj, "credentials.json"), `{"aws_secret_access_key": "`+awsSecret+`"}`+"\n")
	return home, proj
}

// whoCommand is a shell command that records, in dir, the environment the
// agent gives the commands it runs (agent-env.txt) and the command's
// ancestors, "PID NAME" per line (agent-procs.txt): what ancestry reads to
// tell that a command runs under an agent.
func whoCommand(dir string) string {
	// the markers ancestry reads, by name: the whole environment written
	// to a file asks an agent (secret-to-file-agent)
	var record strings.Builder
	seen := map[string]bool{}
	for _, m := range ancestry.Markers {
		if !seen[m.Name] {
			seen[m.Name] = true
			fmt.Fprintf(&record, "echo \"%s=$%s\"; ", m.Name, m.Name)
		}
	}
	return "{ " + record.String() + "} > " + filepath.Join(dir, "agent-env.txt") + "; p=$$; while [ \"$p\" -gt 1 ]; do echo \"$p $(cat /proc/$p/comm)\"; " +
		"p=$(cut -d' ' -f4 /proc/$p/stat); done > " + filepath.Join(dir, "agent-procs.txt")
}

// checkUnderAgent checks what whoCommand recorded: the environment carries
// agent's marker (ancestry.FromEnv), one ancestor of the command has the
// process name ancestry knows for agent (ancestry.Names, where it has one),
// and one ancestor
// is the process hguard's hook registered under home (what hguard approve
// and the daemon look for).
func checkUnderAgent(t *testing.T, home, dir, agent string) {
	t.Helper()
	envData, err := os.ReadFile(filepath.Join(dir, "agent-env.txt"))
	if err != nil {
		t.Errorf("under %s: the command that records its environment did not run: %v", agent, err)
		return
	}
	vars := map[string]string{}
	for _, line := range strings.Split(string(envData), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			vars[k] = v
		}
	}
	got, marker := ancestry.FromEnv(func(k string) string { return vars[k] })
	if got != agent {
		t.Errorf("under %s: ancestry.FromEnv = %q (%s), want %q", agent, got, marker, agent)
	}
	procs, _ := os.ReadFile(filepath.Join(dir, "agent-procs.txt"))
	named, registered := true, false
	for _, a := range ancestry.Names {
		if a == agent {
			named = false // an ancestor must have that name
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(string(procs)), "\n") {
		pid, comm, _ := strings.Cut(line, " ")
		if ancestry.Names[comm] == agent {
			named = true
		}
		reg, err := os.ReadFile(filepath.Join(ancestry.Dir(filepath.Join(home, ".hguard")), pid))
		if _, a, _ := strings.Cut(strings.TrimSpace(string(reg)), " "); err == nil && a == agent {
			registered = true
		}
	}
	if !named {
		t.Errorf("under %s: no ancestor has a process name ancestry.Names gives %s:\n%s", agent, agent, procs)
	}
	if !registered {
		entries, _ := os.ReadDir(ancestry.Dir(filepath.Join(home, ".hguard")))
		t.Errorf("under %s: no ancestor of the command is registered by the hook (registered: %v):\n%s", agent, entries, procs)
	}
	t.Logf("under %s: marker %s; ancestors\n%s", agent, marker, procs)
}
