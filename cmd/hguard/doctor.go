package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/audit"
	"github.com/hguard/hguard/config"
	"github.com/hguard/hguard/daemon"
	"github.com/hguard/hguard/session"
)

const doctorSynopsis = `hguard doctor

Checks hguard's health: the configuration, the rules, the smart reviewer,
the daemon, the plugin host and tirith, the shell hooks in each shell's
start-up file, each agent's hook (its timeout, and whether Codex trusts it),
the working directory's project settings that would switch the agents'
hooks off or get past them (.claude/settings.json, .gemini/settings.json,
.codex/config.toml, .github/copilot/settings.json, OpenCode's plugins)
or hold a hook that decides tool calls or posts them off the machine,
hguard's hook in Claude Code's managed settings,
the inotify limits, the checkpoints' background compaction (running,
pending or failed), YOLO, the state files and the audit log. Every warning
names its fix. Exits 1 when something is broken; warnings alone exit 0. --reviewer also sends the smart reviewer's
endpoint one cheap request (GET /models) to see that it answers.`

func runDoctor(args []string, stdout, stderr io.Writer) error {
	c := newCommand("doctor", doctorSynopsis, stdout)
	sessionFlag := c.String("session", "", "the session to report YOLO for (default: as for check)")
	reach := c.Bool("reviewer", false, "check that the smart reviewer's endpoint answers (one request)")
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	h := home()
	broken := 0
	color := colorOK(stdout)
	line := func(name, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		switch {
		case strings.HasPrefix(msg, "BROKEN: "):
			msg = paint(color, red+bold, "BROKEN:") + msg[len("BROKEN:"):]
		case strings.HasPrefix(msg, "warning: "):
			msg = paint(color, yellow, "warning:") + msg[len("warning:"):]
		}
		fmt.Fprintf(stdout, "%-10s %s\n", name+":", msg)
	}
	bad := func(name, format string, args ...any) {
		broken++
		line(name, "BROKEN: "+format, args...)
	}
	line("home", "%s", h)

	cfg, cfgErr := config.Load(h)
	switch {
	case cfgErr != nil:
		bad("config", "%v", cfgErr)
		cfg = config.Default()
	case cfg.Path == "":
		line("config", "no config.yaml: defaults")
	default:
		line("config", "ok (%s)", cfg.Path)
	}
	for _, w := range cfg.Warnings {
		line("config", "warning: %s", w)
	}
	line("approvals", "mode %s, timeout %s, gateway_timeout %s, container %s", cfg.Approvals.Mode,
		cfg.Approvals.Timeout, cfg.Approvals.GatewayTimeout, cfg.Approvals.Container)

	switch {
	case cfg.Approvals.Mode != config.ModeSmart:
		line("reviewer", "off (approvals.mode %s)", cfg.Approvals.Mode)
	case cfg.Smart.BaseURL == "":
		line("reviewer", "warning: approvals.mode smart without smart.base_url: a person answers every ask")
	default:
		key := "no key"
		if cfg.Smart.APIKeyEnv != "" {
			key = "key from $" + cfg.Smart.APIKeyEnv
			if os.Getenv(cfg.Smart.APIKeyEnv) == "" {
				key += " (not set)"
			}
		}
		base := cfg.Smart.BaseURL
		if u, err := url.Parse(base); err == nil {
			base = u.Redacted() // a password in the URL is not shown
		}
		line("reviewer", "configured: model %q at %s, %s, timeout %s", cfg.Smart.Model, base, key, cfg.Smart.Timeout)
		if *reach {
			ctx, cancel := context.WithTimeout(context.Background(), cfg.Smart.Timeout+5*time.Second)
			err := approval.PluginsReviewer{Home: h}.Ping(ctx, cfg.Smart)
			cancel()
			if err != nil {
				bad("reviewer", "unreachable: %v", err)
			} else {
				line("reviewer", "reachable")
			}
		}
	}
	if *reach && (cfg.Approvals.Mode != config.ModeSmart || cfg.Smart.BaseURL == "") {
		return usagef("set approvals.mode: smart and smart.base_url in config.yaml", "--reviewer: no smart reviewer is configured")
	}

	wd, _ := os.Getwd()
	g, err := hguard.New(hguard.Options{Home: h, ProjectDir: wd})
	if err != nil {
		bad("rules", "%v", err)
	} else {
		for _, p := range g.Problems() {
			bad("rules", "%v (left out: every check asks until it is fixed)", p)
		}
		if len(g.Problems()) == 0 {
			line("rules", "ok (%d rules)", len(g.Rules().Rules()))
		}
		line("allowlist", "%d keys", len(cfg.CommandAllowlist))
		for _, w := range cfg.CheckAllowlist(g.Rules()) {
			line("allowlist", "warning: %s", w)
		}
	}

	var watching []string
	if cl, err := daemon.Dial(h); err == nil {
		st, err := cl.Status()
		cl.Close()
		if err != nil {
			bad("daemon", "running but not answering: %v", err)
		} else {
			line("daemon", "running (pid %d, %s, %d waiting for approval)", st.PID, st.Socket, st.Pending)
			watching = st.Watching
			for _, d := range st.Watching {
				line("watch", "the daemon watches %s for checkpoints", show(d))
			}
		}
	} else if errors.Is(err, daemon.ErrNotRunning) {
		if _, err := os.Lstat(daemon.SocketPath(h)); err == nil {
			line("daemon", "not running (checks run in-process); a stale socket %s is left from one that died: hguard daemon replaces it", daemon.SocketPath(h))
		} else {
			line("daemon", "not running (checks run in-process)")
		}
	} else {
		bad("daemon", "%v", err)
	}

	r := report{line: line, bad: bad}
	doctorPlugins(r, cfg, h)
	if userHome, err := os.UserHomeDir(); err == nil {
		doctorShells(r, userHome)
		doctorAgents(r, userHome, cfg)
	}
	doctorInotify(r, h, cfg, watching)
	doctorCheckpoints(r, h)

	sess, err := session.Resolve(*sessionFlag)
	if err != nil {
		return usagef("", "%s", err)
	}
	eng, err := approval.New(approval.Options{Home: h, NoAudit: true})
	switch {
	case err != nil && cfgErr != nil:
		// The engine reads config.yaml first: its error is the config
		// line's, not a second problem.
		line("state", "not read: config.yaml is broken (above)")
	case err != nil:
		bad("state", "%v", err)
	default:
		defer eng.Close()
		st, err := eng.Session(sess)
		if err != nil {
			bad("state", "session %s: %v", sess, err)
		}
		yolo := "off"
		switch {
		case yoloEnv():
			yolo = "ON (HGUARD_YOLO is set: asks run without approval)"
		case st.YOLO:
			yolo = "ON for this session (asks run without approval)"
		}
		line("yolo", "%s; session %s", yolo, sess)
		ids, corrupt, err := eng.Sessions()
		if err != nil {
			bad("state", "%v", err)
		}
		var yoloOn []string
		for _, id := range ids {
			if s, err := eng.Session(id); err == nil && s.YOLO {
				yoloOn = append(yoloOn, id)
			}
		}
		// Reading a corrupt file sets it aside: list again.
		if _, again, err := eng.Sessions(); err == nil {
			corrupt = again
		}
		line("state", "%d session files", len(ids))
		if len(yoloOn) > 0 {
			line("yolo", "ON in sessions: %v", yoloOn)
		}
		for _, p := range corrupt {
			line("state", "warning: corrupt state file set aside: %s (inspect, then delete it)", p)
		}
		if eng.InContainer() {
			line("container", "detected (asks auto-approved only with approvals.container: auto)")
		}
	}

	sum, err := audit.Verify(audit.Path(h))
	switch {
	case err != nil:
		bad("audit", "%v", err)
	case len(sum.Problems) > 0:
		bad("audit", "chain broken at %s:%d: %s (run hguard audit verify)", filepath.Base(sum.Problems[0].File), sum.Problems[0].Line, sum.Problems[0].Msg)
	default:
		line("audit", "intact (%d records)", sum.Records)
	}
	if broken > 0 {
		return exitError(1)
	}
	return nil
}
