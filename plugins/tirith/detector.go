package tirith

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/plugins"
	"github.com/hguard/hguard/plugins/prefilter"
)

// Version is the detector's own version, shown beside tirith's.
const Version = "1"

// RulePrefix starts the rule id of every finding: "tirith:" + tirith's rule_id.
const RulePrefix = "tirith:"

// maxOutput bounds what is read from tirith.
const maxOutput = 4 << 20

// Detector runs the tirith binary at Bin.
type Detector struct {
	Bin    string // absolute path of the tirith program
	Online bool   // allow tirith's online package lookups (no --offline)
	// SHA256 is the hash the installed Bin must have (hex), checked before
	// each run; "" for a binary the user configured or put on PATH.
	SHA256 string
	// RecordHome is the hguard home whose recorded prefilter (see
	// prefilter.RecordedSpec) stands for Bin's while Bin is unchanged; ""
	// reads the pattern out of Bin.
	RecordHome string

	once    sync.Once
	version string
	pre     *prefilter.Spec
	pinOnce sync.Once
	pin     pin
}

// FromEnv is the detector as configured by the host through the
// environment: HGUARD_TIRITH_BIN, HGUARD_TIRITH_SHA256,
// HGUARD_TIRITH_RECORD_HOME and HGUARD_TIRITH_ONLINE=1.
func FromEnv() *Detector {
	return &Detector{Bin: os.Getenv("HGUARD_TIRITH_BIN"), SHA256: os.Getenv("HGUARD_TIRITH_SHA256"),
		RecordHome: os.Getenv("HGUARD_TIRITH_RECORD_HOME"), Online: os.Getenv("HGUARD_TIRITH_ONLINE") == "1"}
}

// Describe names the detector and, once, asks tirith for its version.
func (d *Detector) Describe(ctx context.Context) (plugins.Description, error) {
	d.once.Do(func() {
		// tirith answers in a tenth of a second; a loaded machine (a CI
		// runner's race-enabled tests) has taken over two
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		out, err := d.run(ctx, "--version")
		d.version = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(string(out)), "tirith"))
		if err != nil || d.version == "" {
			d.version = "unknown"
		}
		// tirith's own tier-1 pattern, read from the binary that runs, is
		// what this tirith inspects; without it every line goes to tirith.
		// A one-shot check's plugin takes the one recorded for this very
		// file instead of reading it out of the binary again.
		if err == nil && d.RecordHome != "" {
			d.pre, _ = prefilter.RecordedSpec(d.RecordHome, d.Bin)
		}
		if err == nil && d.pre == nil {
			d.pre, _ = prefilter.FromTirith(d.Bin)
		}
	})
	if d.Bin == "" {
		return plugins.Description{}, errors.New("no tirith binary: HGUARD_TIRITH_BIN is not set")
	}
	return plugins.Description{Name: "tirith", Version: Version + " (tirith " + d.version + ")", Rules: []string{RulePrefix + "*"},
		Prefilter: d.pre}, nil
}

// Check runs 'tirith check' on the line as typed: tirith's own analysis of
// look-alike characters needs the original, not hguard's normalized text.
func (d *Detector) Check(ctx context.Context, req plugins.Request) ([]plugins.Finding, error) {
	args := []string{"check", "--format", "json", "--non-interactive", "--shell", shell(req.Shell)}
	if !d.Online {
		args = append(args, "--offline")
	}
	args = append(args, "--", req.Original)
	out, err := d.run(ctx, args...)
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		return nil, err
	}
	return parse(out, code, req.Original)
}

func shell(s string) string {
	if s == "fish" {
		return "fish"
	}
	return "posix"
}

// run executes tirith with the call's deadline. Its environment is ours:
// the host already left out the plugin handshake variables.
func (d *Detector) run(ctx context.Context, args ...string) ([]byte, error) {
	if d.Bin == "" {
		return nil, errors.New("no tirith binary: HGUARD_TIRITH_BIN is not set")
	}
	if err := d.checkPin(); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, d.Bin, args...)
	var stdout, stderr limited
	stdout.max, stderr.max = maxOutput, 400
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second // a grandchild holding the pipes cannot hold the call
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("tirith did not answer in time: %w", ctx.Err())
	}
	if stdout.over {
		return nil, errors.New("tirith wrote more than 4 MiB")
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, fmt.Errorf("run tirith: %w", err)
	}
	if exit != nil && !exit.Exited() {
		return nil, fmt.Errorf("tirith %s (stderr: %s)", exit, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), err
}

// checkPin re-hashes an installed tirith whose file changed.
func (d *Detector) checkPin() error {
	d.pinOnce.Do(func() { d.pin.want = d.SHA256 })
	return d.pin.check(d.Bin)
}

// limited is a buffer that keeps at most max bytes.
type limited struct {
	bytes.Buffer
	max  int
	over bool
}

func (l *limited) Write(p []byte) (int, error) {
	if room := l.max - l.Len(); len(p) > room {
		l.over = true
		p = p[:max(room, 0)]
	}
	l.Buffer.Write(p)
	return len(p), nil
}

// report is the part of tirith's JSON output (schema_version 3) used here.
type report struct {
	Action   string `json:"action"`
	Findings []struct {
		RuleID   string            `json:"rule_id"`
		Severity string            `json:"severity"`
		Title    string            `json:"title"`
		Evidence []json.RawMessage `json:"evidence"`
	} `json:"findings"`
}

var tirithRuleRe = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)

// actions maps tirith's verdict to hguard's level: a tirith block is a
// block, a tirith warning needs approval, advice on an allowed command is a
// warning. The exit code (0 allow, 1 block, 2 warn) must agree with the
// JSON; when it does not, the stricter wins.
var actions = map[string]dsl.Level{"allow": dsl.Warn, "warn": dsl.Ask, "block": dsl.Block}
var exitCodes = map[int]string{0: "allow", 1: "block", 2: "warn"}

func parse(out []byte, code int, line string) ([]plugins.Finding, error) {
	byCode, ok := exitCodes[code]
	if !ok {
		return nil, fmt.Errorf("tirith exited with status %d", code)
	}
	var r report
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, fmt.Errorf("tirith output is not its JSON report: %v", err)
	}
	level, ok := actions[r.Action]
	if !ok {
		return nil, fmt.Errorf("tirith reported unknown action %q", r.Action)
	}
	level = max(level, actions[byCode])
	var fs []plugins.Finding
	for _, f := range r.Findings {
		if !tirithRuleRe.MatchString(f.RuleID) {
			return nil, fmt.Errorf("tirith reported a bad rule id %q", f.RuleID)
		}
		msg := strings.TrimSpace(f.Title)
		if msg == "" {
			msg = f.RuleID
		}
		if f.Severity != "" {
			msg = strings.ToLower(f.Severity) + ": " + msg
		}
		if ev := evidence(f.Evidence); ev != "" {
			msg += " (" + ev + ")"
		}
		fs = append(fs, plugins.Finding{Rule: RulePrefix + f.RuleID, Level: level, Message: "tirith: " + msg, Command: line})
		if len(fs) == 50 {
			break
		}
	}
	if len(fs) == 0 && level > dsl.Warn {
		fs = append(fs, plugins.Finding{Rule: RulePrefix + r.Action, Level: level, Message: "tirith: " + r.Action + " without details", Command: line})
	}
	return fs, nil
}

// evidence summarises the first piece of evidence: what matched.
func evidence(ev []json.RawMessage) string {
	for _, raw := range ev {
		var e map[string]any
		if json.Unmarshal(raw, &e) != nil {
			continue
		}
		for _, k := range []string{"raw", "matched", "raw_host", "description", "escaped"} {
			if s, ok := e[k].(string); ok && s != "" {
				if len(s) > 200 {
					s = s[:200] + "…"
				}
				return fmt.Sprintf("%s: %q", k, s)
			}
		}
	}
	return ""
}
