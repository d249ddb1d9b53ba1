package hguard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/hguard/hguard/dsl"
)

// Answer is how an ask was answered.
type Answer string

const (
	Once    Answer = "once"    // this run only
	Session Answer = "session" // this command in this directory, for the rest of the session
	Rule    Answer = "rule"    // every command the rule meets, for the rest of the session
	Always  Answer = "always"  // persisted in config.yaml command_allowlist
	Deny    Answer = "deny"    // the default
	Timeout Answer = "timeout" // nobody answered in time: a deny
)

// ParseAnswer reads an answer by name or first letter (o, s, r, a, d).
func ParseAnswer(s string) (Answer, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "o", "once":
		return Once, nil
	case "s", "session":
		return Session, nil
	case "r", "rule":
		return Rule, nil
	case "a", "always":
		return Always, nil
	case "d", "deny", "n", "no":
		return Deny, nil
	case "timeout":
		return Timeout, nil
	}
	return "", fmt.Errorf("unknown answer %q (want once, session, rule, always or deny)", s)
}

// Approves reports whether the answer lets the command run.
func (a Answer) Approves() bool { return a == Once || a == Session || a == Rule || a == Always }

// Errors of Answer.
var (
	ErrBlocked      = errors.New("nothing approves a block")
	ErrContentLevel = errors.New("a content-level finding (from a detector plugin) cannot be approved always: approve it once or for the session")
)

// CheckRequest is one command to decide for one session.
type CheckRequest struct {
	Command string `json:"cmd"`
	Cwd     string `json:"cwd,omitempty"`
	Shell   string `json:"shell,omitempty"`
	Session string `json:"session"`
	YOLO    bool   `json:"yolo,omitempty"` // --yolo or HGUARD_YOLO=1 of the caller
	Env     string `json:"env,omitempty"`  // HGUARD_ENV of the caller: "container" or "host"; "" = detect
}

// Decision is a verdict with approvals, YOLO and the approval mode applied.
type Decision struct {
	Command     string        `json:"cmd"`
	Session     string        `json:"session"`
	Cwd         string        `json:"cwd,omitempty"`
	Verdict     dsl.Level     `json:"verdict"`  // what the rules said
	Decision    dsl.Level     `json:"decision"` // what happens: allow, warn, ask or block
	By          string        `json:"by,omitempty"`
	Findings    []dsl.Finding `json:"findings"`
	Fingerprint string        `json:"fingerprint,omitempty"`
	NoAlways    bool          `json:"no_always,omitempty"` // a content-level finding asks: always is not offered
	Denials     int           `json:"denials,omitempty"`   // consecutive denials in this session of a rule that asks
	Notice      string        `json:"notice,omitempty"`
	YOLO        bool          `json:"yolo"`
	Mode        string        `json:"mode"`
	Warnings    []string      `json:"warnings,omitempty"`
}

// What turned an ask into allow (Decision.By).
const (
	ByAllowlist = "allowlist" // an always approval
	BySession   = "session"   // a session approval
	ByYOLO      = "yolo"
	ByModeOff   = "mode-off"
	ByContainer = "container"
	ByReviewer  = "reviewer"
)

// Reasons is a one-line summary of the findings at the verdict's level,
// with the denial notice when there is one.
func (d Decision) Reasons() string {
	v := Verdict{Decision: d.Verdict, Findings: d.Findings}
	s := v.Reasons()
	if d.Notice != "" {
		s += " (" + d.Notice + ")"
	}
	return s
}

// AskRules is the ids of the rules that ask, in order, once each.
func (d Decision) AskRules() []string {
	var ids []string
	for _, f := range d.Findings {
		if f.Level == dsl.Ask && !slices.Contains(ids, f.Rule) {
			ids = append(ids, f.Rule)
		}
	}
	return ids
}

// IsContentLevel reports whether a finding comes from a content-level
// detector (a plugin such as Tirith), which may not be approved always.
func IsContentLevel(f dsl.Finding) bool { return strings.HasPrefix(f.Source, "plugin:") }

// Fingerprint binds a session approval to one command in one directory:
// the normalized command (so look-alike characters cannot dodge it) and the
// cleaned working directory.
func Fingerprint(normalized, cwd string) string {
	if cwd != "" {
		cwd = filepath.Clean(cwd)
	}
	sum := sha256.Sum256([]byte(normalized + "\x00" + cwd))
	return hex.EncodeToString(sum[:16])
}

// ReviewVerdict is the smart reviewer's answer to an ask.
type ReviewVerdict string

// The reviewer's answers. Approve allows the command (with a session
// approval); deny refuses it; escalate hands it to a person.
const (
	ReviewApprove  ReviewVerdict = "approve"
	ReviewDeny     ReviewVerdict = "deny"
	ReviewEscalate ReviewVerdict = "escalate"
)

// Reviewer is the smart mode's reviewer (the LLM reviewer, docs/smart.md):
// it sees asks only, never blocks. An error, or any verdict but approve or
// deny, means a person decides.
type Reviewer interface {
	Review(ctx context.Context, s Smart, d Decision) (v ReviewVerdict, reason string, err error)
}

// EngineOptions configure an Engine.
type EngineOptions struct {
	Home     string       // $HGUARD_HOME
	Warn     func(string) // where problems that do not stop hguard go (a corrupt state file); nil = dropped
	Reviewer Reviewer     // smart mode; nil = smart is manual
	NoAudit  bool         // for benchmarks of the decision alone
	// KeepDetectorsWarm keeps one hguard-plugins process serving the
	// detectors instead of starting one per check (the daemon sets it).
	KeepDetectorsWarm bool
	// ReviewerBudget is the most reviewer calls one session may make;
	// 0 = DefaultReviewerBudget.
	ReviewerBudget int
}

// Engine decides commands with approvals: it is what `hguard check`,
// `hguard guard` and the daemon share, so their verdicts are the same. It
// keeps the rules (per project), the configuration and the session states
// in memory and reloads each when its files change. It is safe for
// concurrent use.
type Engine struct {
	opts     EngineOptions
	sessions *sessionStore
	audit    *AuditLog

	mu        sync.Mutex
	cfg       *Config
	cfgStamp  fileStamp
	cfgExists bool
	guards    map[string]*cachedGuard // project rules path ("" for none) → guard
	checked   *checkedRules           // rule files known to compile
	container bool

	// guardFor replaces the rule loading in tests (a detector's findings).
	guardFor func(dir string) (*Guard, error)

	detectors detectorProcess // hguard-plugins, when detectors are enabled
}

type cachedGuard struct {
	g     *Guard
	stamp string
}

// NewEngine opens the state under opts.Home. A broken config.yaml is an
// error.
func NewEngine(opts EngineOptions) (*Engine, error) {
	if opts.Home == "" {
		return nil, errors.New("no hguard home: set HGUARD_HOME or HOME")
	}
	e := &Engine{opts: opts, guards: map[string]*cachedGuard{}, checked: newCheckedRules(opts.Home), container: detectContainer()}
	var err error
	if e.sessions, err = newSessionStore(opts.Home, e.warn); err != nil {
		return nil, err
	}
	if _, err := e.Config(); err != nil {
		return nil, err
	}
	if !opts.NoAudit {
		if e.audit, err = OpenAudit(AuditPath(opts.Home)); err != nil {
			return nil, err
		}
		e.audit.SetRetention(e.cfg.Audit.MaxSize, e.cfg.Audit.Keep)
	}
	return e, nil
}

// Close stops the detector plugins and closes the audit log.
func (e *Engine) Close() error {
	e.detectors.close()
	if e.audit != nil {
		return e.audit.Close()
	}
	return nil
}

func (e *Engine) warn(msg string) {
	if e.opts.Warn != nil {
		e.opts.Warn(msg)
	}
}

// Config returns the configuration, re-read when config.yaml changed.
func (e *Engine) Config() (*Config, error) {
	path := ConfigPath(e.opts.Home)
	fi, err := os.Stat(path)
	exists := err == nil
	var stamp fileStamp
	if exists {
		stamp = stampOf(fi)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.cfg != nil && exists == e.cfgExists && stamp == e.cfgStamp {
		return e.cfg, nil
	}
	cfg, err := LoadConfig(e.opts.Home)
	if err != nil {
		return nil, err
	}
	e.cfg, e.cfgStamp, e.cfgExists = cfg, stamp, exists
	if e.audit != nil {
		e.audit.SetRetention(cfg.Audit.MaxSize, cfg.Audit.Keep)
	}
	return cfg, nil
}

// Guard returns the rules that apply in dir: the built-ins, the user's and
// those of dir's project, rebuilt when any of their files changed.
func (e *Engine) Guard(dir string) (*Guard, error) {
	if e.guardFor != nil {
		return e.guardFor(dir)
	}
	project, _ := FindProjectRules(dir)
	stamp := rulesStamp(e.opts.Home, project)
	e.mu.Lock()
	c := e.guards[project]
	e.mu.Unlock()
	if c != nil && c.stamp == stamp {
		return c.g, nil
	}
	g, err := loadGuard(Options{Home: e.opts.Home, checked: e.checked}, project)
	if err != nil {
		return nil, fmt.Errorf("loading rules: %w", err)
	}
	e.mu.Lock()
	if len(e.guards) > 256 { // many projects: start over rather than grow
		clear(e.guards)
	}
	e.guards[project] = &cachedGuard{g: g, stamp: stamp}
	e.mu.Unlock()
	return g, nil
}

// rulesStamp names the version of every rule file that New would read.
func rulesStamp(home, project string) string {
	var b strings.Builder
	add := func(p string) {
		if fi, err := os.Stat(p); err == nil {
			st := stampOf(fi)
			fmt.Fprintf(&b, "%s:%d:%d:%d;", p, st.ino, st.size, st.mtime)
		}
	}
	paths, _ := filepath.Glob(filepath.Join(home, "rules.d", "*.yaml"))
	for _, p := range paths {
		add(p)
	}
	if project != "" {
		add(project)
	}
	return b.String()
}

// Session returns a session's state.
func (e *Engine) Session(id string) (SessionState, error) { return e.sessions.Get(id) }

// SetYOLO switches YOLO on or off for one session.
func (e *Engine) SetYOLO(session string, on bool) error {
	cfg, err := e.Config()
	if err != nil {
		return err
	}
	st, err := e.sessions.Update(session, func(st *SessionState) { st.YOLO = on })
	if err != nil {
		return err
	}
	state := "off"
	if on {
		state = "on"
	}
	return e.record(&AuditRecord{Event: "yolo", Session: session, Outcome: state, YOLO: st.YOLO, Mode: cfg.Approvals.Mode})
}

// Sessions lists the session ids with state, and corrupt files set aside.
func (e *Engine) Sessions() (ids, corrupt []string, err error) { return e.sessions.List() }

func (e *Engine) record(rec *AuditRecord) error {
	if e.audit == nil {
		return nil
	}
	if err := e.audit.Append(rec); err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	return nil
}

// Decide checks a command and applies the session's approvals, YOLO and
// the approval mode, and writes the decision to the audit log. An error
// (an unreadable config, a bad session id, an audit log that cannot be
// written) means no decision: the caller must not run the command.
func (e *Engine) Decide(req CheckRequest) (Decision, error) {
	d, _, err := e.decide(req, true)
	if err != nil {
		return d, err
	}
	rec := e.auditRecord("check", d)
	if err := e.record(rec); err != nil {
		return d, err
	}
	e.mu.Lock()
	cfg := e.cfg // as decide just read it
	e.mu.Unlock()
	e.pruneSessions(cfg)
	return d, nil
}

// pruneBudget bounds the time one check spends pruning; what is left is
// pruned a day later.
const pruneBudget = 50 * time.Millisecond

// pruneSessions removes the state of sessions unused for
// sessions.max_age_days, at most once a day: otherwise it costs a check one
// stat of state/sessions-pruned, whose time says when it last ran.
func (e *Engine) pruneSessions(cfg *Config) {
	if cfg.Sessions.MaxAge <= 0 {
		return
	}
	marker := filepath.Join(e.opts.Home, "state", "sessions-pruned")
	if fi, err := os.Lstat(marker); err == nil {
		// A marker from the future (a clock set back) counts as stale.
		if age := time.Since(fi.ModTime()); age >= 0 && age < 24*time.Hour {
			return
		}
	}
	// Touched, never truncated, and never through a symlink.
	f, err := os.OpenFile(marker, os.O_WRONLY|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return // a read-only or full disk, or not a plain file: try again on the next check
	}
	f.Close()
	now := time.Now()
	if os.Chtimes(marker, now, now) != nil {
		return
	}
	if _, err := e.sessions.prune(cfg.Sessions.MaxAge, pruneBudget); err != nil {
		e.warn(fmt.Sprintf("removing old session state: %v", err))
	}
}

func (e *Engine) auditRecord(event string, d Decision) *AuditRecord {
	return &AuditRecord{Event: event, Session: d.Session, Cwd: d.Cwd, Command: d.Command,
		Decision: d.Verdict.String(), Outcome: d.Decision.String(), By: d.By, Findings: auditFindings(d.Findings),
		YOLO: d.YOLO, Mode: d.Mode, Note: d.Notice}
}

// decide is Decide without the audit record; it also returns the rules.
// review says whether the smart reviewer may be asked (not when a person
// is answering).
func (e *Engine) decide(req CheckRequest, review bool) (Decision, *Guard, error) {
	d := Decision{Command: req.Command, Session: req.Session, Cwd: req.Cwd}
	if err := ValidSessionID(req.Session); err != nil {
		return d, nil, err
	}
	cfg, err := e.Config()
	if err != nil {
		return d, nil, err
	}
	d.Mode = cfg.Approvals.Mode
	g, err := e.Guard(req.Cwd)
	if err != nil {
		return d, nil, err
	}
	var warns []string
	st, err := e.sessionWarn(req.Session, &warns)
	if err != nil {
		return d, nil, err
	}
	d.Warnings = warns
	v := g.Check(Request{Command: req.Command, Cwd: req.Cwd, Shell: req.Shell})
	e.detect(cfg, req, &v)
	d.Verdict, d.Decision, d.Findings = v.Decision, v.Decision, v.Findings
	if d.Findings == nil {
		d.Findings = []dsl.Finding{}
	}
	d.YOLO = req.YOLO || st.YOLO
	if v.Line != nil {
		d.Fingerprint = Fingerprint(v.Line.Normalized, req.Cwd)
	}
	if v.Decision != dsl.Ask {
		return d, g, nil
	}
	rs := g.Rules()
	uncovered, by := 0, ""
	for _, f := range d.Findings {
		if f.Level != dsl.Ask {
			continue
		}
		if IsContentLevel(f) {
			d.NoAlways = true
		}
		keys := ruleKeys(rs, f.Rule)
		switch {
		case !IsContentLevel(f) && slices.ContainsFunc(cfg.CommandAllowlist, func(k string) bool { return slices.Contains(keys, k) }):
			if by == "" {
				by = ByAllowlist
			}
		case slices.ContainsFunc(st.Approvals, func(gr Grant) bool {
			return slices.Contains(keys, gr.Rule) && (gr.Fingerprint == "" || gr.Fingerprint == d.Fingerprint)
		}):
			by = BySession
		default:
			uncovered++
			d.Denials = max(d.Denials, st.Denials[f.Rule])
		}
	}
	switch {
	case uncovered == 0:
		d.Decision, d.By = dsl.Allow, by
	case d.YOLO:
		d.Decision, d.By = dsl.Allow, ByYOLO
	case cfg.Approvals.Mode == ModeOff:
		d.Decision, d.By = dsl.Allow, ByModeOff
	case cfg.Approvals.Container == "auto" && e.inContainer(req.Env):
		d.Decision, d.By = dsl.Allow, ByContainer
	case review && cfg.Approvals.Mode == ModeSmart && cfg.Smart.BaseURL != "" && e.opts.Reviewer != nil:
		// Only asks get here: a line with a block returned above.
		if err := e.review(cfg, st, v.Line, &d); err != nil {
			return d, g, err
		}
	}
	if d.Decision == dsl.Ask && d.Denials >= cfg.Approvals.DenialLimit {
		d.Notice = denialNotice(d.Denials)
	}
	return d, g, nil
}

func denialNotice(n int) string {
	return fmt.Sprintf("denied %d times in a row in this session: stop retrying variants of this command and ask the user", n)
}

// ruleKeys is every key that names rule id: its id and aliases (a plugin's
// finding, which no rule file declares, has only its own name).
func ruleKeys(rs *dsl.RuleSet, id string) []string {
	keys := rs.Keys(id)
	if !slices.Contains(keys, id) {
		keys = append(keys, id)
	}
	return keys
}

func (e *Engine) sessionWarn(id string, warns *[]string) (SessionState, error) {
	st, err := e.sessions.Get(id)
	if w := e.sessions.takeWarnings(id); len(w) > 0 {
		*warns = append(*warns, w...)
	}
	return st, err
}

// Answer records the answer to an ask for req's session and returns the
// decision that follows. The command is checked again here, so an answer
// can only approve what the rules actually asked about: a block stays
// ErrBlocked, an always with a content-level finding is ErrContentLevel.
func (e *Engine) Answer(req CheckRequest, a Answer, note string) (Decision, error) {
	d, g, err := e.decide(req, false)
	if err != nil {
		return d, err
	}
	switch {
	case d.Verdict == dsl.Block:
		e.record(e.answerRecord(d, a, "refused: "+ErrBlocked.Error()))
		return d, ErrBlocked
	case d.Verdict != dsl.Ask:
		return d, e.record(e.answerRecord(d, a, note))
	case a == Always && d.NoAlways:
		e.record(e.answerRecord(d, a, "refused: content-level finding"))
		return d, ErrContentLevel
	}
	rules := d.AskRules()
	canon := make([]string, len(rules))
	rs := g.Rules()
	for i, id := range rules {
		canon[i] = id
		if r, ok := rs.Lookup(id); ok {
			canon[i] = r.ID
		}
	}
	now := time.Now().UTC()
	switch a {
	case Once, Session, Rule:
		if a == Once && d.Denials == 0 {
			break // nothing to remember: leave the session file alone
		}
		_, err = e.sessions.Update(req.Session, func(st *SessionState) {
			for _, id := range canon {
				delete(st.Denials, id)
				if a == Once {
					continue
				}
				gr := Grant{Rule: id, Time: now}
				if a == Session {
					gr.Fingerprint, gr.Command, gr.Cwd = d.Fingerprint, redactCommand(oneLine(req.Command, 200)), req.Cwd
				}
				if !slices.ContainsFunc(st.Approvals, func(x Grant) bool { return x.Rule == gr.Rule && x.Fingerprint == gr.Fingerprint }) {
					st.Approvals = append(st.Approvals, gr)
				}
			}
		})
	case Always:
		if err = AddToAllowlist(e.opts.Home, canon...); err == nil {
			_, err = e.sessions.Update(req.Session, func(st *SessionState) {
				for _, id := range canon {
					delete(st.Denials, id)
				}
			})
		}
	case Deny, Timeout:
		var st SessionState
		st, err = e.sessions.Update(req.Session, func(st *SessionState) {
			if st.Denials == nil {
				st.Denials = map[string]int{}
			}
			for _, id := range canon {
				st.Denials[id]++
			}
		})
		if err == nil {
			d.Denials = 0
			for _, id := range canon {
				d.Denials = max(d.Denials, st.Denials[id])
			}
			cfg, _ := e.Config()
			if cfg != nil && d.Denials >= cfg.Approvals.DenialLimit {
				d.Notice = denialNotice(d.Denials)
			}
		}
	default:
		err = fmt.Errorf("unknown answer %q", a)
	}
	if err != nil {
		return d, err
	}
	if a.Approves() {
		d.Decision, d.By, d.Denials, d.Notice = dsl.Allow, string(a), 0, ""
	}
	return d, e.record(e.answerRecord(d, a, note))
}

func (e *Engine) answerRecord(d Decision, a Answer, note string) *AuditRecord {
	rec := e.auditRecord("answer", d)
	rec.Answer = string(a)
	if note != "" {
		rec.Note = strings.TrimSpace(rec.Note + "; " + note)
		rec.Note = strings.TrimPrefix(rec.Note, "; ")
	}
	if !a.Approves() && d.Verdict == dsl.Ask {
		rec.Outcome = "deny"
	}
	return rec
}

func oneLine(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", "⏎")
	if len(s) > n {
		s = s[:n] + "…"
	}
	return s
}

// inContainer reports whether hguard runs inside a container sandbox:
// HGUARD_ENV=container or =host decides; else the usual marks of Docker,
// Podman, Kubernetes, LXC and systemd-nspawn.
func (e *Engine) inContainer(env string) bool {
	switch env {
	case "container":
		return true
	case "host":
		return false
	}
	return e.container
}

func detectContainer() bool {
	switch os.Getenv("HGUARD_ENV") {
	case "container":
		return true
	case "host":
		return false
	}
	if os.Getenv("container") != "" {
		return true
	}
	for _, p := range []string{"/.dockerenv", "/run/.containerenv"} {
		if _, err := os.Stat(p); err == nil {
			return true
		}
	}
	if data, err := os.ReadFile("/proc/1/cgroup"); err == nil {
		for _, mark := range []string{"docker", "kubepods", "containerd", "lxc", "libpod"} {
			if strings.Contains(string(data), mark) {
				return true
			}
		}
	}
	return false
}

// InContainer is the engine's container detection, for hguard doctor.
func (e *Engine) InContainer() bool { return e.container }
