package approval

import (
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

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/audit"
	"github.com/hguard/hguard/config"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
	"github.com/hguard/hguard/internal/sanitize"
	"github.com/hguard/hguard/internal/statefile"
	"github.com/hguard/hguard/plugins/prefilter"
	"github.com/hguard/hguard/redact"
	"github.com/hguard/hguard/session"
)

// Options configure an Engine.
type Options struct {
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
	// Checkpointer snapshots before a command that will run and has a
	// checkpoint finding (approval/checkpoint.go); nil = NewCheckpointer(Home).
	Checkpointer Checkpointer
}

// Engine decides commands with approvals: it is what `hguard check`,
// `hguard guard`, the agent hooks and the daemon share, so their decisions
// are the same. It keeps the rules (per project), the configuration and the
// session states in memory and reloads each when its files change. It is
// safe for concurrent use.
type Engine struct {
	opts     Options
	rules    *hguard.Loader
	sessions *session.Store
	audit    *audit.Log

	mu        sync.Mutex
	cfg       *config.Config
	cfgStamp  statefile.Stamp
	cfgExists bool
	container bool

	// guardFor replaces the rule loading in tests (a detector's findings).
	guardFor func(dir string) (*hguard.Guard, error)

	detectors detectorProcess // hguard-plugins, when detectors are enabled

	preMu  sync.Mutex
	pre    *prefilter.Filter // tirith's recorded prefilter, read once per binary
	preBin string
}

// New opens the state under opts.Home. A broken config.yaml is an error.
func New(opts Options) (*Engine, error) {
	if opts.Home == "" {
		return nil, errors.New("no hguard home: set HGUARD_HOME or HOME")
	}
	e := &Engine{opts: opts, rules: hguard.NewLoader(opts.Home), container: detectContainer()}
	var err error
	if e.sessions, err = session.Open(opts.Home, e.warn); err != nil {
		return nil, err
	}
	if _, err := e.Config(); err != nil {
		return nil, err
	}
	if !opts.NoAudit {
		if e.audit, err = audit.Open(audit.Path(opts.Home)); err != nil {
			return nil, err
		}
		e.audit.SetRetention(e.cfg.Audit.MaxSize, e.cfg.Audit.Keep)
		e.audit.SetAnchor(e.cfg.Audit.AuditAnchor())
	}
	return e, nil
}

// Home is the engine's $HGUARD_HOME.
func (e *Engine) Home() string { return e.opts.Home }

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
func (e *Engine) Config() (*config.Config, error) {
	path := config.Path(e.opts.Home)
	fi, err := os.Stat(path)
	exists := err == nil
	var stamp statefile.Stamp
	if exists {
		stamp = statefile.StampOf(fi)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.cfg != nil && exists == e.cfgExists && stamp == e.cfgStamp {
		return e.cfg, nil
	}
	cfg, err := config.Load(e.opts.Home)
	if err != nil {
		return nil, err
	}
	e.cfg, e.cfgStamp, e.cfgExists = cfg, stamp, exists
	if e.audit != nil {
		e.audit.SetRetention(cfg.Audit.MaxSize, cfg.Audit.Keep)
		e.audit.SetAnchor(cfg.Audit.AuditAnchor())
	}
	return cfg, nil
}

// Guard returns the rules that apply in dir: the built-ins, the user's and
// those of dir's project, rebuilt when any of their files changed.
func (e *Engine) Guard(dir string) (*hguard.Guard, error) {
	if e.guardFor != nil {
		return e.guardFor(dir)
	}
	return e.rules.Guard(dir)
}

// Session returns a session's state.
func (e *Engine) Session(id string) (session.State, error) { return e.sessions.Get(id) }

// SetYOLO switches YOLO on or off for one session.
func (e *Engine) SetYOLO(id string, on bool) error {
	cfg, err := e.Config()
	if err != nil {
		return err
	}
	st, err := e.sessions.Update(id, func(st *session.State) { st.YOLO = on })
	if err != nil {
		return err
	}
	state := "off"
	if on {
		state = "on"
	}
	return e.record(&audit.Record{Event: "yolo", Session: id, Outcome: state, YOLO: st.YOLO, Mode: cfg.Approvals.Mode})
}

// Sessions lists the session ids with state, and corrupt files set aside.
func (e *Engine) Sessions() (ids, corrupt []string, err error) { return e.sessions.List() }

// RecordEvent writes an event about d that the engine does not see itself
// (a daemon's queue: "queue", "abandon") to the audit log; outcome, when
// not "", overrides d's.
func (e *Engine) RecordEvent(event string, d Decision, outcome, note string) error {
	rec := e.auditRecord(event, d)
	if outcome != "" {
		rec.Outcome = outcome
	}
	rec.Note = note
	return e.record(rec)
}

func (e *Engine) record(rec *audit.Record) error {
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
	if req.Caller != "" && (d.Outcome == dsl.Block || d.Outcome == dsl.Ask && req.AskDenies) {
		if err := e.countAgentDenial(req, &d); err != nil {
			return d, err
		}
	}
	if req.Caller != "" && (d.newSession || d.Outcome != dsl.Block && (len(d.fetched) > 0 || len(d.written) > 0 || len(d.held) > 0 ||
		len(d.path) > 0 || len(d.aliases) > 0 || len(d.funcs) > 0 || len(d.containers) > 0 || len(d.exports) > 0)) {
		// Remembered before the command runs (an ask may be approved):
		// code the session runs from there later is judged as fetched,
		// a script written there is read.
		_, err := e.sessions.Update(req.Session, func(st *session.State) {
			if st.Started.IsZero() {
				st.Started = time.Now().UTC()
			}
			if d.Outcome != dsl.Block {
				st.AddFetched(d.fetched...)
				st.AddWritten(d.written...)
				st.AddHeld(d.held...)
				st.AddPath(d.path...)
				st.AddDefined(d.aliases, d.funcs)
				st.AddContainers(d.containers)
				st.AddExports(d.exports)
			}
		})
		if err != nil {
			return d, err
		}
		if d.Outcome != dsl.Block && len(d.held) > 0 {
			// every agent session's too: a nested agent (claude -p
			// "upload e.txt") or the next session sends the same secret
			if err := e.sessions.AddAgentsHeld(d.held...); err != nil {
				return d, err
			}
		}
	}
	e.checkpointBefore(req, &d)
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
func (e *Engine) pruneSessions(cfg *config.Config) {
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
	if _, err := e.sessions.Prune(cfg.Sessions.MaxAge, pruneBudget); err != nil {
		e.warn(fmt.Sprintf("removing old session state: %v", err))
	}
}

func (e *Engine) auditRecord(event string, d Decision) *audit.Record {
	return &audit.Record{Event: event, Session: d.Session, Cwd: d.Cwd, Command: d.Command,
		Verdict: d.Verdict.String(), Outcome: d.Outcome.String(), By: d.By, Findings: audit.FindingsOf(d.Findings),
		YOLO: d.YOLO, Mode: d.Mode, Note: d.Notice}
}

// decide is Decide without the audit record; it also returns the rules.
// review says whether the smart reviewer may be asked (not when a person
// is answering).
func (e *Engine) decide(req CheckRequest, review bool) (Decision, *hguard.Guard, error) {
	d := Decision{Command: req.Command, Session: req.Session, Cwd: req.Cwd}
	if err := session.ValidID(req.Session); err != nil {
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
	hreq := hguard.Request{Command: req.Command, Cwd: req.Cwd, Shell: req.Shell, AlsoShell: req.AlsoShell, Caller: req.Caller, CDPath: req.CDPath}
	if req.Caller != "" {
		// An agent that splits curl -o x.sh URL && bash x.sh in two is
		// judged as one. A person downloads to read first, and builds a
		// clone all day: their lines stand alone.
		// Likewise echo 'rm -rf ~' > x.sh, then bash x.sh: a script the
		// session wrote or changed is read where it is run.
		hreq.Fetched, hreq.Written, hreq.Since = st.Fetched, st.Written, st.Started
		// And cp ~/.ssh/id_rsa k.txt, then curl -T k.txt: a file an
		// earlier command filled with a secret holds it.
		hreq.Held = st.Held
		// And export PATH=./bin:$PATH or alias ls='rm -rf ~', then ls:
		// what the session's shell was set up to run is judged.
		hreq.Path, hreq.Aliases, hreq.Funcs = st.Path, st.Aliases, st.Funcs
		// And docker run -d --name x -v ~:/h …, then docker exec x rm
		// -rf /h: the container's mounts are the host's.
		hreq.Containers = containerMounts(st.Containers)
		// And export HOME=., then git status: git reads ./.gitconfig.
		hreq.Exports = st.Exports
		if shared, err := e.sessions.AgentsHeld(); err != nil {
			return d, nil, err
		} else if len(shared) > 0 {
			hreq.Held = append(slices.Clone(st.Held), shared...)
		}
	}
	v := g.Check(hreq)
	if req.Caller != "" {
		d.fetched = v.Fetched(req.Cwd)
		if w := v.Written(req.Cwd); !session.HasPaths(st.Written, w) {
			d.written = w
		}
		if h := v.Held(req.Cwd); slices.ContainsFunc(h, func(p string) bool { return !slices.Contains(hreq.Held, p) }) {
			d.held = h
		}
		if session.HasPaths(st.Fetched, d.fetched) && len(d.fetched) > 0 {
			d.fetched = nil
		}
		if p := v.PathDirs(); slices.ContainsFunc(p, func(d string) bool { return !slices.Contains(st.Path, d) }) {
			d.path = p
		}
		if a, f := v.Aliases(), v.Funcs(); !st.HasDefined(a, f) {
			d.aliases, d.funcs = a, f
		}
		for name, mounts := range v.Containers(req.Cwd) {
			pairs := make([][2]string, len(mounts))
			for i, m := range mounts {
				pairs[i] = [2]string{m.Src, m.Dst}
			}
			if !slices.Equal(st.Containers[name], pairs) {
				if d.containers == nil {
					d.containers = map[string][][2]string{}
				}
				d.containers[name] = pairs
			}
		}
		for name, val := range v.Exports() {
			if old, ok := st.Exports[name]; !ok || old != val {
				d.exports = v.Exports()
				break
			}
		}
		d.newSession = st.Started.IsZero()
	}
	e.detect(cfg, req, &v)
	d.Verdict, d.Outcome, d.Findings = v.Level, v.Level, v.Findings
	if d.Findings == nil {
		d.Findings = []dsl.Finding{}
	}
	d.YOLO = req.YOLO || st.YOLO
	if v.Line != nil {
		d.Fingerprint = Fingerprint(v.Line.Normalized, req.Cwd)
	}
	if v.Level != dsl.Ask {
		return d, g, nil
	}
	rs := g.Rules()
	uncovered, by := 0, ""
	for _, f := range d.Findings {
		if f.Level != dsl.Ask {
			continue
		}
		if PersonOnly(f) {
			d.NoAlways = true
		}
		keys := ruleKeys(rs, f.Rule)
		switch {
		case !PersonOnly(f) && slices.ContainsFunc(cfg.CommandAllowlist, func(k string) bool { return slices.Contains(keys, k) }):
			if by == "" {
				by = ByAllowlist
			}
		case slices.ContainsFunc(st.Approvals, func(gr session.Grant) bool {
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
		d.Outcome, d.By = dsl.Allow, by
	case d.YOLO:
		d.Outcome, d.By = dsl.Allow, ByYOLO
	case cfg.Approvals.Mode == config.ModeOff:
		d.Outcome, d.By = dsl.Allow, ByModeOff
	case cfg.Approvals.Container == "auto" && e.inContainer(req.Env):
		d.Outcome, d.By = dsl.Allow, ByContainer
	case review && cfg.Approvals.Mode == config.ModeSmart && cfg.Smart.BaseURL != "" && e.opts.Reviewer != nil:
		// Only asks get here: a line with a block returned above.
		if err := e.review(cfg, st, v.Line, &d); err != nil {
			return d, g, err
		}
	}
	if d.Outcome == dsl.Ask && d.Denials >= cfg.Approvals.DenialLimit {
		d.Notice = denialNotice(d.Denials)
	}
	return d, g, nil
}

// countAgentDenial records that an agent's command is denied: per rule
// (as a person's deny is) and for the session as a whole, persisted in the
// session's state, so that an agent trying variant after variant is told
// to stop, and the audit log records it (the decision's notice is the
// record's note), whichever agent asks and whether or not a daemon runs.
func (e *Engine) countAgentDenial(req CheckRequest, d *Decision) error {
	st, err := e.sessions.Update(req.Session, func(st *session.State) {
		if st.Denials == nil {
			st.Denials = map[string]int{}
		}
		for _, f := range d.Findings {
			if f.Level == d.Verdict {
				st.Denials[f.Rule]++
			}
		}
		st.Denied++
	})
	if err != nil {
		return err
	}
	for _, f := range d.Findings {
		if f.Level == d.Verdict {
			d.Denials = max(d.Denials, st.Denials[f.Rule])
		}
	}
	cfg, err := e.Config()
	if err != nil {
		return err
	}
	switch {
	case d.Denials >= cfg.Approvals.DenialLimit:
		d.Notice = denialNotice(d.Denials)
	case st.Denied >= cfg.Approvals.DenialLimit:
		d.Notice = fmt.Sprintf("%d commands were denied in this session: stop trying other ways to do this and ask the user", st.Denied)
	}
	return nil
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

func (e *Engine) sessionWarn(id string, warns *[]string) (session.State, error) {
	st, err := e.sessions.Get(id)
	if err == nil {
		e.sessions.MarkUsed(id)
	}
	if w := e.sessions.TakeWarnings(id); len(w) > 0 {
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
	case a == AnswerAlways && d.NoAlways:
		e.record(e.answerRecord(d, a, "refused: person-only finding"))
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
	case AnswerOnce, AnswerSession, AnswerRule:
		if a == AnswerOnce && d.Denials == 0 {
			break // nothing to remember: leave the session file alone
		}
		_, err = e.sessions.Update(req.Session, func(st *session.State) {
			for _, id := range canon {
				delete(st.Denials, id)
				if a == AnswerOnce {
					continue
				}
				gr := session.Grant{Rule: id, Time: now}
				if a == AnswerSession {
					gr.Fingerprint, gr.Command, gr.Cwd = d.Fingerprint, redact.String(sanitize.OneLine(req.Command, 200)), req.Cwd
				}
				if !slices.ContainsFunc(st.Approvals, func(x session.Grant) bool { return x.Rule == gr.Rule && x.Fingerprint == gr.Fingerprint }) {
					st.Approvals = append(st.Approvals, gr)
				}
			}
		})
	case AnswerAlways:
		if err = config.AddToAllowlist(e.opts.Home, canon...); err == nil {
			_, err = e.sessions.Update(req.Session, func(st *session.State) {
				for _, id := range canon {
					delete(st.Denials, id)
				}
			})
		}
	case AnswerDeny, AnswerTimeout:
		var st session.State
		st, err = e.sessions.Update(req.Session, func(st *session.State) {
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
		d.Outcome, d.By, d.Denials, d.Notice = dsl.Allow, string(a), 0, ""
		e.checkpointBefore(req, &d)
	}
	return d, e.record(e.answerRecord(d, a, note))
}

func (e *Engine) answerRecord(d Decision, a Answer, note string) *audit.Record {
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

var _ Decider = (*Engine)(nil)

// containerMounts are the session's containers' mounts (State.Containers)
// as the model takes them.
func containerMounts(saved map[string][][2]string) map[string][]cmdline.Mount {
	if len(saved) == 0 {
		return nil
	}
	out := make(map[string][]cmdline.Mount, len(saved))
	for name, pairs := range saved {
		for _, p := range pairs {
			out[name] = append(out[name], cmdline.Mount{Src: p[0], Dst: p[1]})
		}
	}
	return out
}
