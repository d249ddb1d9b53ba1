// Package wire is the one contract between hguard and hguard-plugins: the
// JSON of `hguard-plugins detect`/`serve` (one request a line, one
// response a line) and of `hguard-plugins review`, and which findings come
// from plugins. hguard (package approval) writes requests and reads
// responses; hguard-plugins (package pluginscmd) does the opposite, both
// with these types. It imports nothing heavy: hguard links it.
package wire

import (
	"strings"

	"github.com/hguard/hguard/dsl"
)

// DetectRequest asks the detectors about one command.
type DetectRequest struct {
	Original string `json:"original"` // as typed: detectors need look-alike characters intact
	Cwd      string `json:"cwd,omitempty"`
	Shell    string `json:"shell,omitempty"`
}

// DetectResponse is the detectors' findings, or why there are none.
type DetectResponse struct {
	Findings []dsl.Finding `json:"findings"`
	Error    string        `json:"error,omitempty"`
}

// ReviewRequest asks the smart reviewer about one ask. The API key itself
// never travels: only the name of the environment variable that holds it.
type ReviewRequest struct {
	Command   string          `json:"command"`
	Cwd       string          `json:"cwd,omitempty"`
	Shell     string          `json:"shell,omitempty"`
	Findings  []ReviewFinding `json:"findings"`
	BaseURL   string          `json:"base_url"`
	Model     string          `json:"model"`
	APIKeyEnv string          `json:"api_key_env,omitempty"`
	TimeoutMS int64           `json:"timeout_ms"`
	Ping      bool            `json:"ping,omitempty"` // only check that the endpoint answers (hguard doctor --reviewer)
}

// ReviewFinding is one finding that made the command an ask.
type ReviewFinding struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
	Source  string `json:"source,omitempty"`
}

// Verdict is the reviewer's answer.
type Verdict string

// The reviewer's three answers; anything else is escalate.
const (
	Approve  Verdict = "approve"
	Deny     Verdict = "deny"
	Escalate Verdict = "escalate"
)

// ReviewResponse is the verdict. Error is set only for a request that
// could not be read (or a failed ping); the verdict is then escalate.
type ReviewResponse struct {
	Verdict Verdict `json:"verdict"`
	Reason  string  `json:"reason,omitempty"`
	Error   string  `json:"error,omitempty"`
}

// SourcePrefix starts the source of every finding a plugin made:
// "plugin:NAME".
const SourcePrefix = "plugin:"

// FromPlugin reports whether a finding came from a detector plugin (or
// says one was unavailable). Such findings judge content (a URL, a host
// name) and may never be approved "always".
func FromPlugin(f dsl.Finding) bool { return strings.HasPrefix(f.Source, SourcePrefix) }
