package approval

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hguard/hguard/config"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
	"github.com/hguard/hguard/internal/sanitize"
	"github.com/hguard/hguard/plugins/wire"
	"github.com/hguard/hguard/redact"
	"github.com/hguard/hguard/session"
)

// Smart approvals (docs/smart.md): in approvals.mode smart an ask is first
// put to an LLM reviewer, which runs in hguard-plugins (`review`) so that
// its network client never lives in hguard. The limits below hold whatever
// the reviewer answers.

// ReviewVerdict is the smart reviewer's answer to an ask (the wire
// contract's verdict).
type ReviewVerdict = wire.Verdict

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
	Review(ctx context.Context, s config.Smart, d Decision) (v ReviewVerdict, reason string, err error)
}

// Limits of the smart reviewer.
const (
	// ReviewerDenialLimit consecutive reviewer denials in a session stop
	// the reviewer being asked there: a person decides from then on.
	ReviewerDenialLimit = 3
	// DefaultReviewerBudget is the most reviewer calls of one session.
	DefaultReviewerBudget = 100
	// ReviewCacheTTL is how long a verdict is reused for the same command.
	ReviewCacheTTL = time.Hour
	// maxReviewCache bounds the verdicts kept in a session file.
	maxReviewCache = 128
)

// review puts an ask to the reviewer, within the limits, and applies its
// verdict to d: approve allows it under a session approval, deny refuses
// it, escalate (or any failure) leaves it for a person.
func (e *Engine) review(cfg *config.Config, st session.State, line *cmdline.Line, d *Decision) error {
	memory := reviewerMemoryOf(st)
	switch {
	case d.NoAlways:
		d.Notice = "only a person may approve this finding: the reviewer was not asked"
		return nil
	case memory.Denials >= ReviewerDenialLimit:
		d.Notice = fmt.Sprintf("the reviewer denied %d commands in a row in this session: a person decides", memory.Denials)
		return nil
	}
	normalized := d.Command
	if line != nil {
		normalized = line.Normalized
	}
	rules := d.AskRules()
	key := reviewKey(normalized, cwdClass(d.Cwd), rules)
	now := time.Now().UTC()
	verdict, reason, cached := ReviewVerdict(""), "", false
	if i := slices.IndexFunc(memory.Cache, func(c reviewEntry) bool { return c.Key == key }); i >= 0 &&
		now.Sub(memory.Cache[i].Time) < ReviewCacheTTL {
		verdict, cached = memory.Cache[i].Verdict, true
	}
	budget := e.opts.ReviewerBudget
	if budget <= 0 {
		budget = cfg.Smart.Budget
	}
	if budget <= 0 {
		budget = DefaultReviewerBudget
	}
	if !cached {
		if memory.Calls >= budget {
			d.Notice = fmt.Sprintf("the reviewer's budget of %d calls in this session is spent: a person decides", budget)
			return nil
		}
		ctx, cancel := context.WithTimeout(context.Background(), cfg.Smart.Timeout+5*time.Second) // process start-up included
		var err error
		verdict, reason, err = e.opts.Reviewer.Review(ctx, cfg.Smart, *d)
		cancel()
		if err != nil {
			verdict, reason = ReviewEscalate, err.Error()
		}
	}
	if verdict != ReviewApprove && verdict != ReviewDeny {
		verdict = ReviewEscalate
	}
	_, err := e.sessions.Update(d.Session, func(st *session.State) {
		r := reviewerMemoryOf(*st)
		defer r.store(st)
		if !cached {
			r.Calls++
			switch verdict {
			case ReviewDeny:
				r.Denials++
			case ReviewApprove:
				r.Denials = 0
			}
			// A failure (reason set) is not the reviewer's verdict: it may
			// answer next time.
			if reason == "" || verdict != ReviewEscalate {
				r.Cache = slices.DeleteFunc(r.Cache, func(c reviewEntry) bool {
					return c.Key == key || now.Sub(c.Time) >= ReviewCacheTTL
				})
				r.Cache = append(r.Cache, reviewEntry{Key: key, Verdict: verdict, Time: now})
				if n := len(r.Cache); n > maxReviewCache {
					r.Cache = slices.Delete(r.Cache, 0, n-maxReviewCache)
				}
			}
		}
		if verdict == ReviewApprove {
			for _, id := range rules {
				gr := session.Grant{Rule: id, Fingerprint: d.Fingerprint, Command: redact.String(sanitize.OneLine(d.Command, 200)),
					Cwd: d.Cwd, By: ByReviewer, Time: now}
				if !slices.ContainsFunc(st.Approvals, func(x session.Grant) bool { return x.Rule == gr.Rule && x.Fingerprint == gr.Fingerprint }) {
					st.Approvals = append(st.Approvals, gr)
				}
			}
		}
	})
	if err != nil {
		return err
	}
	switch verdict {
	case ReviewApprove:
		d.Outcome, d.By, d.Notice = dsl.Allow, ByReviewer, "approved by the smart reviewer for this session"
	case ReviewDeny:
		d.Outcome, d.By, d.Notice = dsl.Block, ByReviewer, "denied by the smart reviewer: ask the user to run it themselves if it is needed"
	default:
		d.Notice = "the smart reviewer escalated to you"
		if reason != "" {
			d.Notice = "the smart reviewer could not decide (" + reason + "): a person decides"
		}
	}
	if cached {
		d.Notice += "; a cached verdict"
	}
	return nil
}

// reviewerMemory is what smart mode remembers of one session, kept in the
// session's state: the calls made (against the budget), the reviewer's
// consecutive denials, and its recent verdicts (the cache).
type reviewerMemory struct {
	Calls   int           `json:"calls,omitempty"`
	Denials int           `json:"denials,omitempty"`
	Cache   []reviewEntry `json:"cache,omitempty"`
}

// reviewEntry is one cached verdict.
type reviewEntry struct {
	Key     string        `json:"key"` // reviewKey: normalized command, cwd class, rule ids
	Verdict ReviewVerdict `json:"verdict"`
	Time    time.Time     `json:"time"`
}

// reviewerMemoryOf reads the memory from st; unreadable memory is none,
// which asks the reviewer again and spends the budget anew, never more
// than a fresh session may.
func reviewerMemoryOf(st session.State) *reviewerMemory {
	m := &reviewerMemory{}
	if len(st.Reviewer) > 0 && json.Unmarshal(st.Reviewer, m) != nil {
		*m = reviewerMemory{}
	}
	return m
}

func (m *reviewerMemory) store(st *session.State) {
	if m.Calls == 0 && m.Denials == 0 && len(m.Cache) == 0 {
		st.Reviewer = nil
		return
	}
	st.Reviewer, _ = json.Marshal(m) // plain data: it cannot fail
}

// reviewKey names a verdict: the normalized command, the class of its
// working directory and the rules that ask.
func reviewKey(normalized, class string, rules []string) string {
	rules = slices.Sorted(slices.Values(rules))
	sum := sha256.Sum256([]byte(normalized + "\x00" + class + "\x00" + strings.Join(rules, ",")))
	return hex.EncodeToString(sum[:16])
}

// cwdClass is the kind of directory a command runs in, which is what a
// verdict depends on: / , a system directory, the home directory itself,
// a temporary directory, or anywhere else (a project).
func cwdClass(cwd string) string {
	if cwd == "" {
		return "unknown"
	}
	cwd = filepath.Clean(cwd)
	home, _ := os.UserHomeDir()
	switch {
	case cwd == "/":
		return "root"
	case home != "" && cwd == filepath.Clean(home):
		return "home"
	}
	for _, p := range []string{"/tmp", "/var/tmp", os.TempDir()} {
		if cwd == p || strings.HasPrefix(cwd, p+"/") {
			return "tmp"
		}
	}
	for _, p := range []string{"/etc", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/boot", "/var", "/opt", "/sys", "/proc", "/dev", "/root", "/srv"} {
		if cwd == p || strings.HasPrefix(cwd, p+"/") {
			return "system"
		}
	}
	return "other"
}

// PluginsReviewer is the Reviewer that asks hguard-plugins review, one
// process per review (a review waits on the network anyway).
type PluginsReviewer struct {
	Home string // $HGUARD_HOME: where hguard-plugins is looked for
}

// The wire format of hguard-plugins review: one contract, plugins/wire.
type (
	reviewRequest  = wire.ReviewRequest
	reviewFinding  = wire.ReviewFinding
	reviewResponse = wire.ReviewResponse
)

// Review sends the ask's redacted command, its ask findings and cwd. The
// API key stays in the environment: only its variable's name is sent.
func (r PluginsReviewer) Review(ctx context.Context, s config.Smart, d Decision) (ReviewVerdict, string, error) {
	req := r.request(s)
	req.Command, req.Cwd, req.Findings = redact.String(d.Command), d.Cwd, []reviewFinding{}
	for _, f := range d.Findings {
		if f.Level == dsl.Ask {
			req.Findings = append(req.Findings, reviewFinding{Rule: f.Rule, Message: f.Message, Source: f.Source})
		}
	}
	resp, err := r.run(ctx, req)
	if err != nil {
		return ReviewEscalate, "", err
	}
	if resp.Error != "" {
		return ReviewEscalate, "", errors.New(resp.Error)
	}
	switch resp.Verdict {
	case ReviewApprove, ReviewDeny:
		return resp.Verdict, "", nil
	case ReviewEscalate:
		if resp.Reason == "" {
			return ReviewEscalate, "", nil // the model's verdict, not a failure
		}
		return ReviewEscalate, "", errors.New(resp.Reason)
	}
	return ReviewEscalate, "", fmt.Errorf("%s review answered verdict %q", PluginsProgram, sanitize.OneLine(string(resp.Verdict), 40))
}

// Ping checks, with one cheap request, that the reviewer's endpoint
// answers (hguard doctor --reviewer).
func (r PluginsReviewer) Ping(ctx context.Context, s config.Smart) error {
	req := r.request(s)
	req.Ping = true
	resp, err := r.run(ctx, req)
	if err != nil {
		return err
	}
	if resp.Error != "" {
		return errors.New(resp.Error)
	}
	return nil
}

func (r PluginsReviewer) request(s config.Smart) reviewRequest {
	return reviewRequest{BaseURL: s.BaseURL, Model: s.Model, APIKeyEnv: s.APIKeyEnv, TimeoutMS: s.Timeout.Milliseconds()}
}

func (r PluginsReviewer) run(ctx context.Context, req reviewRequest) (reviewResponse, error) {
	var resp reviewResponse
	bin, err := FindPluginsProgram(r.Home)
	if err != nil {
		return resp, err
	}
	line, err := json.Marshal(req)
	if err != nil {
		return resp, err
	}
	cmd := exec.CommandContext(ctx, bin, "review")
	cmd.Env = pluginsEnv(r.Home)
	cmd.Stdin = bytes.NewReader(append(line, '\n'))
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return resp, fmt.Errorf("%s review gave no answer in time", PluginsProgram)
	}
	if err != nil {
		return resp, fmt.Errorf("%s review failed: %v", PluginsProgram, err)
	}
	if len(out) > 64<<10 || json.Unmarshal(out, &resp) != nil {
		return resp, fmt.Errorf("%s review answered something that is not its JSON", PluginsProgram)
	}
	return resp, nil
}
