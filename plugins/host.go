package plugins

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
)

// DefaultTimeout is a call's deadline when none is configured.
const DefaultTimeout = 5 * time.Second

// RuleUnavailable is the rule id of the finding the host adds when a
// detector cannot answer: level warn when it fails open, ask when it fails
// closed. Its Source is "plugin:NAME" like the detector's own findings.
const RuleUnavailable = "plugin-unavailable"

// RuleRegistry is the rule id of the ask finding added while the plugin
// registry ($HGUARD_HOME/plugins.json) cannot be read: which detectors
// should run, and how they fail, is then unknown.
const RuleRegistry = "plugin-registry"

// startBackoff is how long a plugin that failed to start is left alone
// before the next launch; meanwhile its calls fail at once.
const startBackoff = 10 * time.Second

// maxFindings bounds what one answer may carry.
const maxFindings = 100

// HostConfig is what the host needs to know; the caller fills it (see
// LoadConfig for the CLI's reading of config.yaml).
type HostConfig struct {
	Home   string // $HGUARD_HOME: plugins.json (registered plugins), state/, bin/
	Tirith TirithConfig
}

// TirithConfig configures the built-in tirith detector (config keys
// security.tirith_*).
type TirithConfig struct {
	Enabled  bool
	FailOpen bool
	Timeout  time.Duration // each call's deadline; 0 means DefaultTimeout
	Path     string        // the tirith binary (security.tirith_path); "" searches PATH, then Home/bin
	Online   bool          // let tirith make its online package lookups (security.tirith_online); off adds --offline
	// Plugin is the hguard-tirith plugin binary; "" searches next to the
	// running executable, then Home/bin, then PATH.
	Plugin string
	// Install, when set, is started once in the background when no tirith
	// binary is found (see plugins/tirith/install.Background). Set it in
	// long-lived processes only: a short-lived check would abandon it.
	Install func(ctx context.Context) error
}

// Host runs the enabled detectors. It is safe for concurrent use.
type Host struct {
	cfg       HostConfig
	instances []*instance
	regErr    error
	errs      *errorLog
	tirith    *tirithResolver

	bgCtx    context.Context
	bgCancel context.CancelFunc
}

// NewHost prepares the detectors; none is started until it is needed.
func NewHost(cfg HostConfig) *Host {
	if cfg.Tirith.Timeout <= 0 {
		cfg.Tirith.Timeout = DefaultTimeout
	}
	h := &Host{cfg: cfg, errs: newErrorLog(cfg.Home)}
	h.bgCtx, h.bgCancel = context.WithCancel(context.Background())
	h.tirith = &tirithResolver{cfg: cfg.Tirith, home: cfg.Home, bgCtx: h.bgCtx}
	h.instances = append(h.instances, &instance{
		name: "tirith", enabled: cfg.Tirith.Enabled, failOpen: cfg.Tirith.FailOpen,
		timeout: cfg.Tirith.Timeout, prepare: h.tirith.spec, errs: h.errs,
		timeoutFix: "raise security.tirith_timeout in config.yaml",
		started:    func(r *running) { h.tirith.recordPrefilter(r.desc.Prefilter) },
	})
	entries, err := readRegistry(cfg.Home)
	h.regErr = err
	for _, e := range entries {
		h.instances = append(h.instances, &instance{
			name: e.Name, enabled: true, failOpen: e.FailOpen, timeout: e.timeout(), path: e.Path, errs: h.errs,
			prepare:    func() (launchSpec, error) { return e.spec() },
			timeoutFix: "register it again with a longer --timeout: hguard plugin add --timeout DURATION " + e.Path,
		})
	}
	return h
}

// Enabled reports whether Check can add anything at all, so that a caller
// can skip building a Request.
func (h *Host) Enabled() bool {
	if h.regErr != nil {
		return true
	}
	for _, in := range h.instances {
		if in.enabled {
			return true
		}
	}
	return false
}

// Check runs every enabled detector on req, concurrently, each with its
// deadline, and returns their findings in a stable order: first tirith, then
// registered plugins in the order they were added. A detector that fails adds
// a RuleUnavailable finding (warn when it fails open, ask when closed).
// Findings at level allow are dropped: detectors only ever add objections.
func (h *Host) Check(ctx context.Context, req Request) []dsl.Finding {
	var out []dsl.Finding
	if h.regErr != nil {
		out = append(out, dsl.Finding{Rule: RuleRegistry, Level: dsl.Ask, Source: SourcePrefix + "registry",
			Message: "plugin registry unreadable: " + h.regErr.Error(), Command: req.Original})
	}
	if !h.Enabled() {
		return out
	}
	body, err := encodeRequest(req)
	if err != nil { // cannot happen for a Request; still never a silent allow
		return append(out, dsl.Finding{Rule: RuleUnavailable, Level: dsl.Ask, Source: SourcePrefix + "host",
			Message: "detectors unavailable: " + err.Error(), Command: req.Original})
	}
	results := make([][]dsl.Finding, len(h.instances))
	var wg sync.WaitGroup
	for i, in := range h.instances {
		if !in.enabled {
			continue
		}
		wg.Go(func() {
			fs, err := in.check(ctx, body, req.Original, req.Cwd, req.Shell)
			if err != nil {
				fs = []dsl.Finding{in.failure(err, req.Original)}
			}
			results[i] = fs
		})
	}
	wg.Wait()
	for _, fs := range results {
		out = append(out, fs...)
	}
	return out
}

// encodeRequest fills what the caller left out and encodes the request,
// dropping the parsed model if the whole would be too large to send.
func encodeRequest(req Request) ([]byte, error) {
	if req.Line == nil {
		req.Line = cmdline.ParseShell(req.Original, req.Shell)
	}
	if req.Normalized == "" {
		req.Normalized = req.Line.Normalized
	}
	b, err := json.Marshal(req)
	if err == nil && len(b) > maxMessage/2 {
		req.Line = nil
		b, err = json.Marshal(req)
	}
	return b, err
}

// Info describes one detector for 'hguard plugin list'.
type Info struct {
	Name        string    `json:"name"`
	Version     string    `json:"version,omitempty"`
	Path        string    `json:"path,omitempty"`
	Status      string    `json:"status"` // "ok", "disabled" or "unavailable"
	FailOpen    bool      `json:"fail_open"`
	LastError   string    `json:"last_error,omitempty"`
	LastErrorAt time.Time `json:"last_error_at,omitzero"`
}

// List describes every detector, starting the enabled ones that are not
// running yet to learn their version. The error is the registry's.
func (h *Host) List(ctx context.Context) ([]Info, error) {
	infos := make([]Info, len(h.instances))
	var wg sync.WaitGroup
	for i, in := range h.instances {
		wg.Go(func() { infos[i] = in.info(ctx) })
	}
	wg.Wait()
	return infos, h.regErr
}

// Close stops every plugin process and any background install.
func (h *Host) Close() error {
	h.bgCancel()
	for _, in := range h.instances {
		in.stop()
	}
	return nil
}

// instance is one detector and, once started, its process.
type instance struct {
	name     string
	enabled  bool
	failOpen bool
	timeout  time.Duration
	path     string // for List; tirith's is resolved when launched
	// timeoutFix says how to give the detector more time, for the
	// finding that reports it did not answer in time.
	timeoutFix string
	prepare    func() (launchSpec, error)
	started    func(*running) // after each launch, if set
	errs       *errorLog

	mu       sync.Mutex
	run      *running
	retryAt  time.Time
	startErr error
}

// get returns the running plugin, starting it if needed.
func (in *instance) get(ctx context.Context) (*running, error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.run != nil && !in.run.client.Exited() {
		return in.run, nil
	}
	in.run = nil
	if time.Now().Before(in.retryAt) {
		return nil, in.startErr
	}
	r, err := in.start(ctx)
	if err != nil {
		in.retryAt, in.startErr = time.Now().Add(startBackoff), err
		return nil, err
	}
	in.run, in.startErr = r, nil
	return r, nil
}

func (in *instance) start(ctx context.Context) (*running, error) {
	s, err := in.prepare()
	if err != nil {
		return nil, err
	}
	s.name, s.timeout = in.name, max(in.timeout, 2*time.Second)
	in.path = s.path
	r, err := launch(ctx, s)
	if err == nil && in.started != nil {
		in.started(r)
	}
	return r, err
}

// drop forgets r and kills its process, so the next call starts afresh.
func (in *instance) drop(r *running) {
	in.mu.Lock()
	if in.run == r {
		in.run = nil
	}
	in.mu.Unlock()
	r.kill()
}

func (in *instance) stop() {
	in.mu.Lock()
	r := in.run
	in.run = nil
	in.mu.Unlock()
	if r != nil {
		r.client.Kill()
	}
}

// check makes one call with the instance's deadline.
func (in *instance) check(ctx context.Context, body []byte, original, cwd, shell string) ([]dsl.Finding, error) {
	ctx, cancel := context.WithTimeout(ctx, in.timeout)
	defer cancel()
	r, err := in.get(ctx)
	if err != nil {
		return nil, err
	}
	if !r.pre.Inspects(original) {
		return nil, nil // nothing in the line the detector inspects
	}
	key := cacheKey(original, cwd, shell)
	if out, ok := r.cache.get(key); ok {
		return out, nil
	}
	fs, err := r.conn.Check(ctx, body)
	if err != nil {
		err = in.callError(ctx, r, err) // before drop: it asks whether the process exited
		in.drop(r)
		return nil, err
	}
	out, err := convert(in.name, r.desc, fs, original)
	if err != nil {
		in.drop(r)
		return nil, err
	}
	r.cache.put(key, out)
	return out, nil
}

// callError says in a few words why a call failed.
func (in *instance) callError(ctx context.Context, r *running, err error) error {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("no answer within %s", in.timeout)
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, errGarbage):
		return err
	}
	if st, ok := status.FromError(err); ok {
		if st.Code() == codes.DeadlineExceeded || st.Code() == codes.Canceled {
			return fmt.Errorf("no answer within %s", in.timeout) // the deadline, as the plugin saw it first
		}
		if st.Code() == codes.Unavailable || r.client.Exited() {
			return r.explain(errors.New("plugin exited during the call"))
		}
		return fmt.Errorf("plugin error: %s", clean(st.Message(), 200))
	}
	return err
}

// failure is the finding that stands in for a detector that did not answer.
func (in *instance) failure(err error, original string) dsl.Finding {
	// A deadline also while starting (on a slow machine), and as a gRPC
	// status wrapped by the start-up steps ("describe: rpc error: …").
	st, isStatus := status.FromError(err)
	if errors.Is(err, context.DeadlineExceeded) || isStatus && st.Code() == codes.DeadlineExceeded {
		err = fmt.Errorf("no answer within %s", in.timeout)
	}
	if strings.HasPrefix(err.Error(), "no answer within ") && in.timeoutFix != "" {
		err = fmt.Errorf("%w (%s)", err, in.timeoutFix)
	}
	in.errs.record(in.name, err)
	level := dsl.Ask
	if in.failOpen {
		level = dsl.Warn
	}
	return dsl.Finding{Rule: RuleUnavailable, Level: level, Source: SourcePrefix + in.name, Command: original,
		Message: fmt.Sprintf("detector %s unavailable: %s", in.name, clean(err.Error(), 500))}
}

func (in *instance) info(ctx context.Context) Info {
	i := Info{Name: in.name, FailOpen: in.failOpen, Status: "disabled"}
	if in.enabled {
		ctx, cancel := context.WithTimeout(ctx, max(in.timeout, 2*time.Second))
		defer cancel()
		r, err := in.get(ctx)
		if err != nil {
			in.errs.record(in.name, err)
			i.Status = "unavailable"
		} else {
			i.Status, i.Version = "ok", r.desc.Version
		}
	}
	in.mu.Lock()
	i.Path = in.path
	in.mu.Unlock()
	if e, ok := in.errs.last(in.name); ok {
		i.LastError, i.LastErrorAt = e.Error, e.At
	}
	return i
}

var ruleRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$`)

// convert checks a detector's answer and turns it into hguard findings.
func convert(name string, d Description, fs []Finding, original string) ([]dsl.Finding, error) {
	if len(fs) > maxFindings {
		return nil, fmt.Errorf("%w: %d findings (at most %d)", errGarbage, len(fs), maxFindings)
	}
	var out []dsl.Finding
	for _, f := range fs {
		if f.Level < dsl.Allow || f.Level > dsl.Block {
			return nil, fmt.Errorf("%w: level %d", errGarbage, int(f.Level))
		}
		if !ruleRe.MatchString(f.Rule) || !declared(d.Rules, f.Rule) {
			return nil, fmt.Errorf("%w: rule %q is not one it declared", errGarbage, clean(f.Rule, 64))
		}
		msg := clean(f.Message, 1000)
		if msg == "" {
			return nil, fmt.Errorf("%w: finding %s has no message", errGarbage, f.Rule)
		}
		if f.Level == dsl.Allow {
			continue // a detector cannot lower a verdict; an allow adds nothing
		}
		cmd := clean(f.Command, 4096)
		if cmd == "" {
			cmd = original
		}
		out = append(out, dsl.Finding{Rule: f.Rule, Level: f.Level, Message: msg, Source: SourcePrefix + name, Command: cmd})
	}
	return out, nil
}

func declared(rules []string, id string) bool {
	for _, r := range rules {
		if p, ok := strings.CutSuffix(r, "*"); ok && strings.HasPrefix(id, p) || r == id {
			return true
		}
	}
	return false
}

// clean makes text from a plugin safe to print: one line, no control or
// format characters (escape sequences, bidi overrides), at most n runes.
func clean(s string, n int) string {
	var b strings.Builder
	for _, r := range s {
		if n == 0 {
			b.WriteString("…")
			break
		}
		switch {
		case r == '\n' || r == '\t':
			r = ' '
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == unicode.ReplacementChar:
			continue
		}
		b.WriteRune(r)
		n--
	}
	return strings.TrimSpace(b.String())
}
