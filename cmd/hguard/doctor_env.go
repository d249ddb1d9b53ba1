package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/checkpoint"
	"github.com/hguard/hguard/config"
	"github.com/hguard/hguard/hooks"
	"github.com/hguard/hguard/internal/sanitize"
	"github.com/hguard/hguard/plugins/tirith/installed"
)

// report is how doctor's checks print: line for information, warn for
// something that works less well than it should, bad for something broken.
// Every warning and breakage names its fix.
type report struct {
	line func(name, format string, args ...any)
	bad  func(name, format string, args ...any)
}

func (r report) warn(name, format string, args ...any) {
	r.line(name, "warning: "+format, args...)
}

// doctorPlugins: hguard-plugins, and for an enabled tirith the plugin and
// the program it runs.
func doctorPlugins(r report, cfg *config.Config, h string) {
	prog, err := approval.FindPluginsProgram(h)
	registry, _ := os.ReadFile(filepath.Join(h, "plugins.json"))
	var reg struct {
		Plugins []json.RawMessage `json:"plugins"`
	}
	_ = json.Unmarshal(registry, &reg)
	enabled := cfg.Security.TirithEnabled || len(reg.Plugins) > 0
	const fix = "install it beside hguard: 'go install ./cmd/...' in hguard's source, or ./install.sh"
	switch {
	case err != nil && enabled:
		r.bad("plugins", "%s is missing, and a detector is enabled: every check gets a plugin-unavailable finding; fix: %s", approval.PluginsProgram, fix)
	case err != nil:
		r.warn("plugins", "%s is not installed: 'hguard plugin …' and detectors need it; fix: %s", approval.PluginsProgram, fix)
	default:
		r.line("plugins", "%s at %s; %d registered plugin(s)", approval.PluginsProgram, prog, len(reg.Plugins))
	}
	if !cfg.Security.TirithEnabled {
		if _, ok := installed.Read(h); ok {
			r.line("tirith", "off (security.tirith_enabled: false), though 'hguard plugin install' installed it in %s; to use it, set security.tirith_enabled: true in config.yaml", filepath.Join(h, "bin"))
			return
		}
		r.line("tirith", "off (security.tirith_enabled: false)")
		return
	}
	if p, ok := findBeside(h, "hguard-tirith"); ok {
		r.line("tirith", "plugin hguard-tirith at %s", p)
	} else {
		r.bad("tirith", "hguard-tirith is missing; fix: %s", fix)
	}
	switch {
	case cfg.Security.TirithPath != "":
		if err := executable(cfg.Security.TirithPath); err != nil {
			r.bad("tirith", "security.tirith_path: %v; fix: point it at a tirith binary, or remove it and run 'hguard plugin install tirith'", err)
		} else {
			r.line("tirith", "program %s (security.tirith_path)", cfg.Security.TirithPath)
		}
	default:
		if p, err := exec.LookPath("tirith"); err == nil {
			r.line("tirith", "program %s (on PATH)", p)
			break
		}
		if _, err := os.Stat(installed.BinPath(h)); err != nil {
			r.bad("tirith", "no tirith program (not on PATH, not in %s); fix: 'hguard plugin install tirith' "+
				"(offline: '--from FILE' with a tirith binary), or set security.tirith_path", filepath.Dir(installed.BinPath(h)))
			break
		}
		rec, err := installed.Check(h)
		switch {
		case err != nil:
			r.bad("tirith", "%v", err)
		case rec.Unverified:
			r.line("tirith", "program %s, installed from %s, unverified (its hash is pinned)", installed.BinPath(h), orWord(rec.Source, "a file"))
		default:
			r.line("tirith", "program %s, release %s, verified (its hash is pinned)", installed.BinPath(h), rec.Tag)
		}
	}
}

func orWord(s, w string) string {
	if s == "" {
		return w
	}
	return s
}

// findBeside looks for a program as the plugin host does: beside hguard,
// in $HGUARD_HOME/bin, on PATH.
func findBeside(h, name string) (string, bool) {
	var dirs []string
	if exe, err := os.Executable(); err == nil {
		if exe, err := filepath.EvalSymlinks(exe); err == nil {
			dirs = append(dirs, filepath.Dir(exe))
		}
	}
	if h != "" {
		dirs = append(dirs, filepath.Join(h, "bin"))
	}
	for _, d := range dirs {
		if p := filepath.Join(d, name); executable(p) == nil {
			return p, true
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, true
	}
	return "", false
}

func executable(p string) error {
	fi, err := os.Stat(p)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
		return fmt.Errorf("%s is not an executable file", p)
	}
	return nil
}

// shellRC is each shell's start-up file, as install.sh writes them.
func shellRC(userHome string) map[string]string {
	zdot := os.Getenv("ZDOTDIR")
	if zdot == "" {
		zdot = userHome
	}
	xdg := os.Getenv("XDG_CONFIG_HOME")
	if xdg == "" {
		xdg = filepath.Join(userHome, ".config")
	}
	return map[string]string{
		"bash": filepath.Join(userHome, ".bashrc"),
		"zsh":  filepath.Join(zdot, ".zshrc"),
		"fish": filepath.Join(xdg, "fish", "config.fish"),
	}
}

// doctorShells reports, per shell, whether its start-up file loads the hook.
func doctorShells(r report, userHome string) {
	rcs := shellRC(userHome)
	login := filepath.Base(os.Getenv("SHELL"))
	var none []string
	for _, sh := range []string{"bash", "zsh", "fish"} {
		rc := rcs[sh]
		b, err := os.ReadFile(rc)
		hookRe := regexp.MustCompile(`hguard\S*\s+init\s+` + sh + `\b`)
		switch {
		case err == nil && hookRe.Match(b):
			r.line("shell", "%s: hook loaded by %s", sh, rc)
		case sh == login:
			how := `eval "$(hguard init ` + sh + `)"`
			if sh == "fish" {
				how = "hguard init fish | source"
			}
			r.warn("shell", "%s (your login shell): no hook in %s, commands typed there are not checked; fix: ./install.sh --shell %s, or add '%s' to it", sh, rc, sh, how)
		default:
			none = append(none, sh)
		}
	}
	if len(none) > 0 {
		r.line("shell", "no hook for %s (hguard init %s prints it)", strings.Join(none, ", "), none[0])
	}
}

// doctorAgents reports, per agent, whether its settings run hguard's hook,
// the hook's timeout, and for Codex whether the hook was trusted.
func doctorAgents(r report, userHome string, cfg *config.Config) {
	// The project in the working directory may switch the hooks off for an
	// agent started there (a cloned repository's .claude/settings.json).
	if wd, err := os.Getwd(); err == nil {
		for _, program := range []string{"claude", "gemini", "codex", "copilot", "opencode", "cursor-agent", "crush"} {
			for _, o := range hooks.ProjectSwitchOffs(program, wd, userHome) {
				r.bad("agent", "%s started here would run without hguard: %s switches its hooks off; fix: remove the setting", program, o)
			}
		}
		for _, program := range []string{"claude", "gemini", "codex"} {
			for _, d := range hooks.ProjectDeciders(program, wd, userHome) {
				r.bad("agent", "%s started here would run commands hguard did not check: %s may replace a command hguard allowed; fix: remove the hook", program, d)
			}
		}
		for _, d := range hooks.ProjectEnvSetters("claude", wd, userHome) {
			r.bad("agent", "claude started here would run code no hook of hguard's checked ahead of every command: %s may write the script Claude Code runs first ($CLAUDE_ENV_FILE), which only hguard's shell prefix judges; fix: remove the hook", d)
		}
		for _, d := range hooks.ProjectSenders("claude", wd, userHome) {
			r.bad("agent", "claude started here would send its tool calls and their results to a server: %s; fix: remove the hook", d)
		}
	}
	managed := hooks.ReadClaudeManaged()
	if managed.Hook {
		r.line("agent", "claude-code: hook installed in Claude Code's managed settings (%s), which a project's settings cannot switch off", hooks.ClaudeManagedDir())
	}
	for _, a := range hooks.Agents {
		path := hooks.SettingsPath(a, userHome)
		b, err := os.ReadFile(path)
		name := "agent"
		fix := fmt.Sprintf("fix: hguard init %s --write", a)
		switch {
		case a == hooks.ClaudeCode && managed.Hook && (err != nil || !strings.Contains(string(b), "hook "+string(a))):
			continue // the managed settings run it
		case os.IsNotExist(err):
			r.line(name, "%s: not set up (%s)", a, fix)
			continue
		case err != nil:
			r.bad(name, "%s: %v", a, err)
			continue
		case !strings.Contains(string(b), "hook "+string(a)) && !(a == hooks.Amp && strings.Contains(string(b), "hguard-delegate")):
			r.line(name, "%s: %s does not run hguard's hook (%s)", a, path, fix)
			continue
		}
		r.line(name, "%s: hook installed in %s", a, path)
		if t, ok := hookTimeout(a, b); ok {
			// An agent that kills a slow hook runs the command: the hook must
			// outlast a wait in the daemon's approval queue.
			if a != hooks.Codex && a != hooks.Cursor && t < cfg.Approvals.GatewayTimeout {
				r.warn(name, "%s: hook timeout %s is shorter than approvals.gateway_timeout %s: a request waiting for approval is cut off; fix: raise the timeout in %s (hguard init %s --write writes 600 s on a fresh file)",
					a, t, cfg.Approvals.GatewayTimeout, path, a)
			} else {
				r.line(name, "%s: hook timeout %s", a, t)
			}
		}
		if a == hooks.ClaudeCode && !strings.Contains(string(b), "hguard-shell") {
			// Without the prefix a failing command's output reaches the
			// model unmasked: PostToolUseFailure may only add context.
			r.warn(name, "claude-code: %s does not run Bash commands through hguard --agent-shell (CLAUDE_CODE_SHELL_PREFIX), so a failing command's secrets reach the model; fix: hguard init claude-code --write (a prefix of your own is kept)", path)
		}
		if a == hooks.Hermes {
			// Hermes skips a shell hook no person allowed, silently when it
			// runs without a terminal.
			if list, err := os.ReadFile(hooks.HermesAllowlistPath(userHome)); err != nil || !strings.Contains(string(list), " hook hermes\"") {
				r.warn(name, "hermes: %s does not allow hguard's hook, so Hermes skips it; fix: hguard init hermes --write (or allow it when Hermes asks)", hooks.HermesAllowlistPath(userHome))
			} else {
				r.line(name, "hermes: the hook is in %s", hooks.HermesAllowlistPath(userHome))
			}
		}
		if a == hooks.ClaudeCode && !strings.Contains(string(b), `"onFailure": "block"`) {
			// Claude Code runs the tool call when a hook times out or fails
			// unless the hook says onFailure: block (2.1.295).
			r.warn(name, "claude-code: %s has no onFailure: block on hguard's hook, so a check that times out lets the tool call run; fix: hguard init claude-code --write", path)
		}
		if a == hooks.Copilot && !strings.Contains(string(b), "hook copilot --post") {
			// hguard's earlier settings had no postToolUse hook: a tool's
			// result reached the model unmasked.
			r.warn(name, "copilot: %s has no postToolUse hook of hguard's, so secrets in a tool's result reach the model unmasked; fix: hguard init copilot --write", path)
		}
		if a == hooks.Cursor && !strings.Contains(string(b), `"preToolUse"`) {
			// hguard's earlier hooks.json had no hook before Cursor's file
			// tools: its edits and deletes ran unchecked.
			r.warn(name, "cursor: %s has no preToolUse hook, so Cursor's file writes and deletes are not checked; fix: hguard init cursor --write", path)
		}
		if a == hooks.Codex && !codexTrusted(b) {
			r.warn(name, "codex: no hook is trusted in %s ([hooks.state] trusted_hash): Codex does not run a hook a person has not reviewed, so its commands are not checked; fix: start codex and trust hguard's hook when it asks (or in /hooks)", path)
		} else if a == hooks.Codex {
			r.line(name, "codex: the hook has a trust entry (if Codex shows it as modified, trust it again in /hooks)")
		}
	}
}

// Compiled on first use: a check never needs them.
var codexTrustRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^\[hooks\.state\."[^"]*:pre_tool_use:[^"]*"\]\s*\n\s*trusted_hash\s*=\s*"sha256:[0-9a-f]{64}"`)
})

// codexTrusted reports whether Codex's config holds a trust entry for a
// PreToolUse hook. Codex runs an untrusted (or changed) hook not at all; it
// keys trust by the hook's content, which hguard does not recompute here.
func codexTrusted(b []byte) bool { return codexTrustRe().Match(b) }

var tomlTimeoutRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^\s*timeout\s*=\s*([0-9]+)`) })

// hookTimeout reads the timeout of the hook that checks commands (not the
// --post one): seconds for Claude Code and Codex, milliseconds for Gemini.
func hookTimeout(a hooks.Agent, b []byte) (time.Duration, bool) {
	if a == hooks.OpenCode { // the plugin's TIMEOUT_MS
		ms, ok := hooks.OpenCodeTimeout(b)
		return time.Duration(ms) * time.Millisecond, ok
	}
	unit := time.Second
	if a == hooks.Gemini {
		unit = time.Millisecond
	}
	if a == hooks.Codex { // TOML: the timeout line after the command's
		s := string(b)
		i := strings.Index(s, "hook codex\"")
		if i < 0 {
			return 0, false
		}
		rest := s[i:]
		if j := strings.Index(rest, "[["); j >= 0 {
			rest = rest[:j] // the same table only
		}
		m := tomlTimeoutRe().FindStringSubmatch(rest)
		if m == nil {
			return 0, false
		}
		n, err := strconv.Atoi(m[1])
		return time.Duration(n) * unit, err == nil
	}
	var settings struct {
		Hooks map[string]any `json:"hooks"`
	}
	if json.Unmarshal(b, &settings) != nil {
		return 0, false
	}
	event := "PreToolUse" // the hook that checks before a tool runs
	if a == hooks.Gemini {
		event = "BeforeTool"
	}
	v := settings.Hooks[event]
	var found float64
	var walk func(v any) bool
	walk = func(v any) bool {
		switch v := v.(type) {
		case map[string]any:
			if c, ok := v["command"].(string); ok && strings.Contains(c, "hook "+string(a)) && !strings.Contains(c, "--post") {
				if t, ok := v["timeout"].(float64); ok {
					found = t
					return true
				}
			}
			for _, e := range v {
				if walk(e) {
					return true
				}
			}
		case []any:
			for _, e := range v {
				if walk(e) {
					return true
				}
			}
		}
		return false
	}
	if !walk(v) {
		return 0, false
	}
	return time.Duration(found) * unit, true
}

// doctorInotify reports the inotify limits hguard watch depends on.
func doctorInotify(r report, h string, cfg *config.Config, watching []string) {
	if runtime.GOOS != "linux" {
		return
	}
	read := func(name string) (int, bool) {
		b, err := os.ReadFile("/proc/sys/fs/inotify/" + name)
		if err != nil {
			return 0, false
		}
		n, err := strconv.Atoi(strings.TrimSpace(string(b)))
		return n, err == nil
	}
	watches, ok1 := read("max_user_watches")
	instances, ok2 := read("max_user_instances")
	if !ok1 || !ok2 {
		r.line("inotify", "limits unknown (no /proc/sys/fs/inotify)")
		return
	}
	usedInst, usedWatches := inotifyUsage()
	// What checkpoints.watch needs when the daemon is not running yet
	// (running, its watches are counted in the use already).
	need, needInst := 0, 0
	if cfg.Checkpoints.Enabled {
		for _, d := range cfg.Checkpoints.Watch {
			if slices.Contains(watching, d) {
				continue
			}
			if real, err := filepath.EvalSymlinks(d); err == nil && slices.Contains(watching, real) {
				continue
			}
			n, err := checkpoint.WatchDirs(h, d, cfg.Checkpoints, watches)
			if err != nil {
				r.warn("inotify", "checkpoints.watch: %s: %v; fix the directory or remove it from config.yaml", sanitize.OneLine(d, 4096), err)
				continue
			}
			need += n
			needInst++
		}
	}
	msg := fmt.Sprintf("watches %d used of max_user_watches %d, instances %d used of max_user_instances %d (by your processes)", usedWatches, watches, usedInst, instances)
	if need > 0 {
		msg += fmt.Sprintf("; checkpoints.watch needs %d more watches and %d instances when the daemon starts", need, needInst)
	}
	switch {
	case usedWatches+need > watches || usedInst+needInst > instances:
		r.warn("inotify", "%s: not enough, watchers fall back to checking the whole tree every 30 s; fix: sudo sysctl fs.inotify.max_user_watches=524288 fs.inotify.max_user_instances=512", msg)
	case watches < 65536 || instances < 128:
		r.warn("inotify", "%s: hguard watch may miss directories of a large tree; fix: sudo sysctl fs.inotify.max_user_watches=524288 fs.inotify.max_user_instances=512", msg)
	default:
		r.line("inotify", "%s", msg)
	}
}

// inotifyUsage counts the inotify instances and watches of the processes
// this user can inspect (its own): the kernel's limits are per user.
func inotifyUsage() (instances, watches int) {
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return 0, 0
	}
	for _, p := range procs {
		if _, err := strconv.Atoi(p.Name()); err != nil {
			continue
		}
		fdDir := filepath.Join("/proc", p.Name(), "fd")
		fds, err := os.ReadDir(fdDir)
		if err != nil {
			continue // another user's, or gone
		}
		for _, fd := range fds {
			if link, err := os.Readlink(filepath.Join(fdDir, fd.Name())); err != nil || link != "anon_inode:inotify" {
				continue
			}
			instances++
			info, err := os.ReadFile(filepath.Join("/proc", p.Name(), "fdinfo", fd.Name()))
			if err != nil {
				continue
			}
			watches += strings.Count(string(info), "inotify wd:")
		}
	}
	return instances, watches
}

// doctorCheckpoints reports the shadow repositories of checkpoints and
// their background compaction: a detached git gc at work, one that is due,
// or one that failed (git then runs none for a day).
func doctorCheckpoints(r report, h string) {
	repos, err := checkpoint.Maintenance(h)
	if err != nil {
		r.warn("checkpoint", "%v", err)
		return
	}
	if len(repos) == 0 {
		r.line("checkpoint", "no checkpoints")
		return
	}
	var size int64
	for _, st := range repos {
		size += st.Size
	}
	r.line("checkpoint", "%d directories, %.1f MiB", len(repos), float64(size)/(1<<20))
	for _, st := range repos {
		switch {
		case st.Failed != "":
			r.warn("checkpoint", "background gc of %s failed (%s): %s; git starts no automatic gc there for a day, so packs pile up; fix: hguard checkpoint prune --dir %s",
				show(st.Dir), st.FailedAt.Format("2006-01-02 15:04"), show(st.Failed), show(shellArg(st.Dir)))
		case st.Running != 0:
			r.line("checkpoint", "background gc running for %s (pid %d)", show(st.Dir), st.Running)
		case st.Pending:
			r.line("checkpoint", "background gc pending for %s (%d packs, %d loose objects): it starts after the next snapshot", show(st.Dir), st.Packs, st.Loose)
		}
	}
}

// shellArg quotes a path for a command line a person copies, when it needs it.
func shellArg(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=,:@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
