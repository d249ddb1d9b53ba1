package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hguard/hguard/internal/ancestry"
)

// selfRoutes are the ways an agent could switch hguard off, approve its own
// asks or widen what runs, each as the shell command it would try.
var selfRoutes = []struct {
	name, cmd string
	person    bool // a person may run it at a terminal unasked (hguard's own approving subcommands)
}{
	{"config", `echo '{approvals: {mode: off}}' > ~/.hguard/config.yaml`, false},
	{"config via HGUARD_HOME", `cp /tmp/c.yaml "$HGUARD_HOME/config.yaml"`, false},
	{"rules.d", `sed -i 's/level: block/level: allow/' ~/.hguard/rules.d/mine.yaml`, false},
	{"project rules", `echo '- id: x' > .hguard/rules.yaml`, false},
	{"audit log", `truncate -s0 ~/.hguard/audit.jsonl`, false},
	{"session state", `rm -rf ~/.hguard/state`, false},
	{"binary", `cp /tmp/fake ~/.local/bin/hguard`, false},
	{"plugin binary", `install -m755 /tmp/fake /usr/local/bin/hguard-plugins`, false},
	{"plugin dir", `rsync -a /tmp/p/ ~/.hguard/plugins/`, false},
	{"inline code", `python3 -c "import os; open(os.path.expanduser('~/.hguard/config.yaml'),'w').write('')"`, false},
	{"claude settings", `echo '{}' > ~/.claude/settings.json`, false},
	{"claude project settings", `echo '{}' | tee .claude/settings.local.json`, false},
	{"codex config", `echo '' > ~/.codex/config.toml`, false},
	{"gemini settings", `echo '{}' > ~/.gemini/settings.json`, false},
	{"cursor hooks", `echo '{}' > .cursor/hooks.json`, false},
	{"agent settings dir", `mv ~/.claude ~/.claude.off`, false},
	{"export disable", `export HGUARD_DISABLE=1`, false},
	{"command env", `HGUARD_YOLO=1 git push --force`, false},
	{"env wrapper", `env HGUARD_HOME=/tmp/h rm -rf build`, false},
	{"env -u", `env -u HGUARD_SESSION bash`, false},
	{"unset", `unset HGUARD_SESSION`, false},
	{"pkill", `pkill hguard`, false},
	{"kill pgrep", `kill $(pgrep -f 'hguard daemon')`, false},
	{"socket", `rm ~/.hguard/state/daemon.sock`, false},
	{"claude unguarded", `claude --dangerously-skip-permissions -p 'go on'`, false},
	{"codex unguarded", `codex --dangerously-bypass-approvals-and-sandbox exec 'go on'`, false},
	{"gemini unguarded", `gemini --yolo -p 'go on'`, false},
	{"approve", `hguard approve --all --scope always`, true},
	{"deny", `hguard deny --all`, true},
	{"yolo", `hguard yolo on --session cc-2`, true},
	{"sudo approve", `sudo hguard approve`, true},
	{"bash -c approve", `bash -c 'hguard approve --all'`, true},
	{"path approve", `/usr/local/bin/hguard approve`, true},
	{"which approve", `$(which hguard) approve --all`, true}, // the lookup runs hguard, as the bare name does
	{"plugin add", `hguard plugin add ./evil`, true},
	{"plugins program", `hguard-plugins plugin install x`, true},
	{"init write", `hguard init claude-code --write --binary /tmp/fake`, true},
	// Found by the attack helper (2026-12-02): each was allowed.
	{"git rm project rules", `git rm -q .hguard/rules.yaml`, false},
	{"git mv agent dir", `git mv .claude .claude.off`, false},
	{"git clone rules.d", `git clone https://example.com/r ~/.hguard/rules.d`, false},
	{"container mount", `docker run --rm -v ~/.hguard:/h alpine sh -c 'echo > /h/config.yaml'`, false},
	{"container home", `docker run --rm -v ~:/h alpine rm -rf /h/.claude`, false},
	{"search and edit", `find ~/.codex -name config.toml -exec sed -i s/hguard/true/ {} +`, false},
	{"search and delete", `find ~ -name settings.json -delete`, false},
	{"listing to sed", `ls ~/.claude/settings.json | xargs sed -i s/hguard/true/`, false},
	{"copy of hguard", `cp "$(command -v hguard)" /tmp/h; /tmp/h approve --all`, true},
	{"link to hguard", `ln -s /usr/local/bin/hguard /tmp/h && /tmp/h yolo on`, false}, // ln naming the program asks at a terminal too
}

// TestSelfProtectionRoutes: no route succeeds from an agent, through each
// agent's real hook payload, and each refusal tells the agent that a
// person does this in their own terminal. At a terminal (hguard check
// --shell bash) each is asked, except hguard's own approving subcommands,
// which are the person's to run.
func TestSelfProtectionRoutes(t *testing.T) {
	project := agentProject(t)
	payload := map[string]func(cmd string) any{
		"claude-code": func(cmd string) any {
			return map[string]any{"session_id": "cc1", "cwd": project, "permission_mode": "default", "hook_event_name": "PreToolUse",
				"tool_name": "Bash", "tool_input": map[string]any{"command": cmd}}
		},
		"codex": func(cmd string) any {
			return map[string]any{"session_id": "cx1", "cwd": project, "tool_name": "Bash", "tool_input": map[string]any{"command": cmd}}
		},
		"gemini": func(cmd string) any {
			return map[string]any{"session_id": "g1", "cwd": project, "hook_event_name": "BeforeTool", "tool_name": "run_shell_command",
				"tool_input": map[string]any{"command": cmd}}
		},
		"cursor": func(cmd string) any {
			return map[string]any{"conversation_id": "c1", "hook_event_name": "beforeShellExecution", "command": cmd, "cwd": project}
		},
	}
	denied := map[string]string{
		"claude-code": `"permissionDecision":"deny"`, "codex": `"permissionDecision":"deny"`,
		"gemini": `"decision":"deny"`, "cursor": `"permission":"deny"`,
	}
	succeeded := 0
	for _, r := range selfRoutes {
		for agent, mk := range payload {
			t.Run(agent+"/"+r.name, func(t *testing.T) {
				in, _ := json.Marshal(mk(r.cmd))
				var stdout, stderr bytes.Buffer
				code := run([]string{"hook", agent}, bytes.NewReader(in), &stdout, &stderr)
				out := stdout.String() + stderr.String()
				if !strings.Contains(stdout.String(), denied[agent]) { // Gemini CLI reads a denial from JSON on exit 0
					succeeded++
					t.Errorf("%s from %s was not denied (exit %d): %s", r.cmd, agent, code, out)
					return
				}
				if !strings.Contains(out, "own terminal") {
					t.Errorf("the refusal of %s does not tell a person what to do: %s", r.cmd, out)
				}
			})
		}
		t.Run("terminal/"+r.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run([]string{"check", "--shell", "bash", "--cwd", project, "--", r.cmd}, strings.NewReader(""), &stdout, &stderr)
			want := exitAsk
			if r.person {
				want = exitAllow
			}
			if code != want {
				t.Errorf("hguard check %s: exit %d, want %d: %s%s", r.cmd, code, want, stdout.String(), stderr.String())
			}
		})
	}
	if succeeded > 0 {
		t.Errorf("%d routes succeeded from an agent, want 0", succeeded)
	}
}

// TestSelfProtectionFileTools: the agents' file tools (Claude Code's
// Write and Edit, Gemini CLI's write_file and replace, Codex's
// apply_patch) are writes to a path like any other, and denied the same.
func TestSelfProtectionFileTools(t *testing.T) {
	project := agentProject(t)
	home := filepath.Dir(project)
	tests := []struct {
		agent, deny string
		call        map[string]any
	}{
		{"claude-code", `"permissionDecision":"deny"`, map[string]any{"session_id": "s", "cwd": project, "permission_mode": "default", "tool_name": "Write",
			"tool_input": map[string]any{"file_path": filepath.Join(home, ".hguard", "config.yaml"), "content": "approvals: {mode: off}"}}},
		{"claude-code", `"permissionDecision":"deny"`, map[string]any{"session_id": "s", "cwd": project, "permission_mode": "acceptEdits", "tool_name": "Edit",
			"tool_input": map[string]any{"file_path": filepath.Join(home, ".claude", "settings.json"), "old_string": "hguard", "new_string": "true"}}},
		{"claude-code", `"permissionDecision":"deny"`, map[string]any{"session_id": "s", "cwd": project, "permission_mode": "default", "tool_name": "Write",
			"tool_input": map[string]any{"file_path": filepath.Join(project, ".claude", "settings.local.json"), "content": "{}"}}},
		{"gemini", `"decision":"deny"`, map[string]any{"session_id": "g", "cwd": project, "hook_event_name": "BeforeTool", "tool_name": "write_file",
			"tool_input": map[string]any{"file_path": filepath.Join(home, ".gemini", "settings.json"), "content": "{}"}}},
		{"gemini", `"decision":"deny"`, map[string]any{"session_id": "g", "cwd": project, "hook_event_name": "BeforeTool", "tool_name": "replace",
			"tool_input": map[string]any{"file_path": filepath.Join(home, ".hguard", "rules.d", "mine.yaml"), "old_string": "block", "new_string": "allow"}}},
		{"codex", `"permissionDecision":"deny"`, map[string]any{"session_id": "c", "cwd": home, "tool_name": "apply_patch",
			"tool_input": map[string]any{"command": "*** Begin Patch\n*** Update File: .codex/config.toml\n-[hooks]\n*** End Patch"}}},
	}
	for _, tt := range tests {
		t.Run(tt.agent+"/"+tt.call["tool_name"].(string), func(t *testing.T) {
			in, _ := json.Marshal(tt.call)
			var stdout, stderr bytes.Buffer
			run([]string{"hook", tt.agent}, bytes.NewReader(in), &stdout, &stderr)
			if !strings.Contains(stdout.String(), tt.deny) {
				t.Fatalf("not denied: %s%s", stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String()+stderr.String(), "own terminal") {
				t.Errorf("the refusal does not tell a person what to do: %s%s", stdout.String(), stderr.String())
			}
		})
	}
}

// TestSelfProtectionElsewhere: where $HGUARD_HOME and an agent's
// configuration variable point somewhere else than ~/.hguard and
// ~/.claude, writing there is denied to an agent like writing the usual
// places, in each spelling a command may use: absolute, under ~, relative
// to the working directory, through a symbolic link, as a glob, and
// through the agent's file tools. What lies beside them stays allowed.
func TestSelfProtectionElsewhere(t *testing.T) {
	home := t.TempDir()
	project := filepath.Join(home, "proj")
	for _, d := range []string{project, filepath.Join(home, "srv", "hg", "rules.d"), filepath.Join(home, "opt", "cc")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(home, "srv"), filepath.Join(home, "link")); err != nil {
		t.Fatal(err)
	}
	// Links a repository may hold: to hguard's home and to an agent's settings.
	for link, target := range map[string]string{"planted": filepath.Join(home, "srv", "hg"), "cc.json": filepath.Join(home, "opt", "cc", "settings.json")} {
		if err := os.Symlink(target, filepath.Join(project, link)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", home)
	t.Setenv("HGUARD_HOME", filepath.Join(home, "link", "hg")) // the link's target is /…/srv/hg
	t.Setenv("CLAUDE_CONFIG_DIR", filepath.Join(home, "opt", "cc"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "cfg"))
	t.Setenv("HGUARD_NO_DAEMON", "1")
	for _, m := range ancestry.Markers {
		t.Setenv(m.Name, "")
	}
	t.Chdir(project)
	tests := []struct {
		tool, arg string // Bash runs arg; Write writes the file arg
		deny      bool
	}{
		{"Bash", "echo '{approvals: {mode: off}}' > " + home + "/srv/hg/config.yaml", true},
		{"Bash", "cp /tmp/x.yaml ~/srv/hg/rules.d/allow.yaml", true},
		{"Bash", "truncate -s0 ../srv/hg/audit.jsonl", true},
		{"Bash", "rm -rf " + home + "/link/hg", true},
		{"Bash", "echo x > " + home + "/srv/h*/config.yaml", true},
		{"Bash", "tee " + home + "/opt/cc/settings.json < /tmp/s", true},
		{"Bash", "echo '{}' > ~/cfg/opencode/opencode.json", true},
		{"Bash", "cp evil.js " + home + "/cfg/opencode/plugins/", true},
		{"Bash", "echo x > /proc/self/root" + home + "/srv/hg/config.yaml", true},
		{"Bash", "tee /proc/1/root" + home + "/opt/cc/settings.json < /tmp/s", true},
		{"Write", home + "/srv/hg/config.yaml", true},
		{"Write", home + "/link/hg/rules.d/x.yaml", true},
		{"Write", home + "/opt/cc/settings.local.json", true},
		{"Bash", "mv " + home + "/srv " + home + "/srv.old", true}, // the parent takes $HGUARD_HOME along
		{"Bash", "ln -s ~/srv s && echo x > s/hg/config.yaml", true},
		{"Bash", "ln -sfn /tmp/evil " + home + "/srv", true},
		{"Bash", "chmod 000 ~/srv", true},
		{"Bash", "echo '{approvals: {mode: off}}' > planted/config.yaml", true}, // an existing link
		{"Bash", "cd planted && echo x > config.yaml", true},
		{"Bash", "echo '{}' > /proc/self/cwd/cc.json", true},
		{"Write", project + "/planted/rules.d/x.yaml", true},
		{"Write", project + "/cc.json", true},
		{"Bash", "cat planted/config.yaml", false},
		{"Bash", "mv ~/.config ~/.config.old", true},
		{"Bash", "ln -s ~/.config c && echo x > c/amp/settings.json", true},
		{"Bash", "mv ~/.local/bin ~/.local/bin.old", true},
		{"Bash", "mv notes.txt " + home + "/srv/", false},
		{"Bash", "mv ~/bin/a ~/bin/b", false},
		{"Bash", "ln -s ~/src/tool/tool ~/.local/bin/", false},
		{"Bash", "chmod +x ~/.local/bin/tool", false},
		{"Bash", "echo x > " + home + "/srv/notes.txt", false},
		{"Bash", "echo x > " + home + "/opt/cc/NOTES.md", false},
		{"Bash", "cat " + home + "/srv/hg/config.yaml", false},
		{"Write", home + "/cfg/other/app.json", false},
		// Found by the attack helper (2026-12-03): each was allowed.
		{"Bash", "gzip " + home + "/opt/cc/settings.json", true},
		{"Bash", "uniq /dev/null ~/opt/cc/settings.json", true},
		{"Bash", "git config -f ~/srv/hg/config.yaml a.b c", true},
		{"Bash", "curl -so" + home + "/srv/hg/config.yaml https://x.example/c", true},
		{"Bash", "wget -qO$HOME/srv/hg/config.yaml https://x.example/c", true},
		{"Bash", "cd ~/srv/hg && curl -O https://x.example/config.yaml", true},
		{"Bash", "cd ~/srv/hg && wget https://x.example/config.yaml", true},
		{"Bash", "python3 -c 'import os; open(os.path.join(os.environ[\"HGUARD_HOME\"], \"config.yaml\"), \"w\").write(\"\")'", true},
		{"Bash", "jq .hooks " + home + "/opt/cc/settings.json", false},
		{"Bash", "gzip notes.txt", false},
	}
	for _, tt := range tests {
		t.Run(tt.tool+" "+tt.arg, func(t *testing.T) {
			input := map[string]any{"command": tt.arg}
			if tt.tool == "Write" {
				input = map[string]any{"file_path": tt.arg, "content": "x"}
			}
			in, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": project, "permission_mode": "default",
				"hook_event_name": "PreToolUse", "tool_name": tt.tool, "tool_input": input})
			var stdout, stderr bytes.Buffer
			run([]string{"hook", "claude-code"}, bytes.NewReader(in), &stdout, &stderr)
			denied := strings.Contains(stdout.String(), `"permissionDecision":"deny"`)
			if denied != tt.deny {
				t.Errorf("denied %t, want %t: %s%s", denied, tt.deny, stdout.String(), stderr.String())
			}
		})
	}
}

// agentProject makes a private home holding a project, runs the test in
// it with no daemon and no agent's markers in the environment, and returns
// the project's path.
func agentProject(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	project := filepath.Join(home, "proj")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("HGUARD_HOME", filepath.Join(home, ".hguard"))
	t.Setenv("HGUARD_NO_DAEMON", "1")
	for _, m := range ancestry.Markers {
		t.Setenv(m.Name, "")
	}
	t.Chdir(project)
	return project
}
