package approval

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"slices"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/plugins/wire"
)

// CheckRequest is one command to decide for one session.
type CheckRequest struct {
	Command string `json:"cmd"`
	Cwd     string `json:"cwd,omitempty"`
	Shell   string `json:"shell,omitempty"`
	// AlsoShell is a second grammar the command may run in
	// (hguard.Request.AlsoShell).
	AlsoShell string `json:"also_shell,omitempty"`
	Session   string `json:"session"`
	YOLO      bool   `json:"yolo,omitempty"` // --yolo or HGUARD_YOLO=1 of the caller
	Env       string `json:"env,omitempty"`  // HGUARD_ENV of the caller: "container" or "host"; "" = detect
	// Caller is who asks: "" for a person at a terminal, otherwise the
	// agent whose hook asks (hguard.Request.Caller).
	Caller string `json:"caller,omitempty"`
	// CDPath is the CDPATH the command's shell inherits
	// (hguard.Request.CDPath).
	CDPath string `json:"cdpath,omitempty"`
	// AskDenies says the caller turns an ask into a denial: an agent
	// that cannot prompt and has no queue to wait in. With Caller set, the
	// engine then counts the ask as a denial, as it counts every block.
	AskDenies bool `json:"ask_denies,omitempty"`
	// AgentPrompts says the caller hands an ask to its own approval prompt
	// (an agent that asks its user): the command runs if the person says
	// yes there, where hguard does not see the answer, so the checkpoints
	// an allowed command would get are taken before the ask is returned.
	AgentPrompts bool `json:"agent_prompts,omitempty"`
}

// Decision is the record of deciding one command: the verdict (what the
// rules and detectors said) and the outcome (what happens once the
// session's approvals, YOLO and the approval mode are applied).
type Decision struct {
	Command     string        `json:"cmd"`
	Session     string        `json:"session"`
	Cwd         string        `json:"cwd,omitempty"`
	Verdict     dsl.Level     `json:"verdict"` // what the rules and detectors said
	Outcome     dsl.Level     `json:"outcome"` // what happens: allow, warn, ask or block
	By          string        `json:"by,omitempty"`
	Findings    []dsl.Finding `json:"findings"`
	Fingerprint string        `json:"fingerprint,omitempty"`
	NoAlways    bool          `json:"no_always,omitempty"` // a PersonOnly finding asks: always is not offered, the reviewer is not asked
	Denials     int           `json:"denials,omitempty"`   // consecutive denials in this session of a rule that asks
	Notice      string        `json:"notice,omitempty"`
	YOLO        bool          `json:"yolo"`
	Mode        string        `json:"mode"`
	Warnings    []string      `json:"warnings,omitempty"`

	fetched []string // what the command fills from the network, for the session's later commands
	written []string // what the command writes, for the session's later commands
	held    []string // what the command fills with a secret, for the session's later commands
	// what the command sets up in its shell, for the session's later
	// commands: directories put on PATH, aliases, functions
	path           []string
	aliases, funcs map[string]string
	containers     map[string][][2]string
	exports        map[string]string
	newSession     bool // the session has no start time yet (session.State.Started)
}

// Decider decides commands for a caller: an Engine in the caller's process,
// or a daemon's client (package daemon), which decides the same way.
type Decider interface {
	// Decide checks a command and applies the session's approvals, YOLO
	// and the approval mode. An error means no decision: the caller must
	// not run the command.
	Decide(CheckRequest) (Decision, error)
	// Answer records a person's answer to an ask.
	Answer(req CheckRequest, a Answer, note string) (Decision, error)
	// SetYOLO switches YOLO on or off for one session.
	SetYOLO(session string, on bool) error
	Close() error
}

// What turned an ask into an allow (Decision.By).
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
	v := hguard.Verdict{Level: d.Verdict, Findings: d.Findings}
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

// PersonOnly reports whether only a person may lift a finding's ask: a
// detector plugin's finding (content-level: Tirith and the like), or one of
// a rule marked person (look-alike hosts, hidden characters, code run
// unseen). The smart reviewer never sees such an ask and "always" is not
// offered for it.
func PersonOnly(f dsl.Finding) bool { return f.Person || IsPluginFinding(f) }

// IsPluginFinding reports whether a detector plugin made the finding.
func IsPluginFinding(f dsl.Finding) bool { return wire.FromPlugin(f) }

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
