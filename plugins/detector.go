package plugins

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
	"github.com/hguard/hguard/plugins/prefilter"
	"github.com/hguard/hguard/plugins/wire"
)

// Detector is what a detector plugin implements.
type Detector interface {
	// Describe names the detector and the findings it can emit. The host
	// calls it once per launch.
	Describe(ctx context.Context) (Description, error)
	// Check inspects one command line. ctx carries the host's deadline.
	Check(ctx context.Context, req Request) ([]Finding, error)
}

// Description is a detector's answer to Describe.
type Description struct {
	Name    string   `json:"name"`    // lowercase, [a-z][a-z0-9-]*, at most 32 bytes; must match the registered name
	Version string   `json:"version"` // free text, shown by 'hguard plugin list'
	Rules   []string `json:"rules"`   // the rule ids its findings may carry; a trailing "*" matches any suffix
	// Prefilter, when set, declares what the detector inspects: a line it
	// does not match is never sent (no findings). Declare only what the
	// detector truly cannot flag otherwise; nil sends every line.
	Prefilter *prefilter.Spec `json:"prefilter,omitempty"`
}

// Request is one command line to inspect.
type Request struct {
	Original   string        `json:"original"`        // exactly as typed: look-alike and invisible characters intact
	Normalized string        `json:"normalized"`      // after hguard's normalization (cmdline.Normalize)
	Cwd        string        `json:"cwd,omitempty"`   // the working directory it would run in
	Shell      string        `json:"shell,omitempty"` // "bash", "zsh", "fish", "sh" or "" when unknown
	Line       *cmdline.Line `json:"line,omitempty"`  // hguard's parsed model, encoded field by field with encoding/json
}

// Finding is one objection a detector raises.
type Finding struct {
	Rule    string    `json:"rule"`              // one of the rule ids from Description.Rules
	Level   dsl.Level `json:"level"`             // "warn", "ask" or "block"; "allow" findings are ignored
	Message string    `json:"message"`           // lowercase, one line
	Command string    `json:"command,omitempty"` // the part of the line it objects to; the whole line when empty
}

// SourcePrefix starts the Source of every finding a plugin adds, and of the
// findings the host adds when a plugin fails: "plugin:NAME".
const SourcePrefix = wire.SourcePrefix

// NeverAlways reports whether f may not be approved "always". That is every
// plugin finding: a detector judges content (a URL, a host name, a package),
// so an "always" approval keyed on its rule would wave through different
// content later; and an "always" approval of "detector unavailable" would
// switch a fail-closed detector off for good. Once and session approvals
// remain possible for ask findings.
func NeverAlways(f dsl.Finding) bool { return wire.FromPlugin(f) }

// CookieKey is the environment variable through which the host hands a
// plugin its handshake cookie: 64 hex digits, fresh for every launch.
const CookieKey = "HGUARD_PLUGIN_COOKIE"

// protocolVersion is the version of this contract; a plugin built against
// another one is refused at the handshake.
const protocolVersion = 1

// pluginKey is the name of the one plugin each binary serves.
const pluginKey = "detector"

func handshake(cookie string) plugin.HandshakeConfig {
	return plugin.HandshakeConfig{ProtocolVersion: protocolVersion, MagicCookieKey: CookieKey, MagicCookieValue: cookie}
}

func newCookie() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b)
}

func validCookie(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// Serve runs d as a plugin: call it from main. Started by hand rather than by
// hguard, it explains itself and exits with status 1.
func Serve(d Detector) {
	cookie := os.Getenv(CookieKey)
	if !validCookie(cookie) {
		fmt.Fprintf(os.Stderr, "this program is an hguard detector plugin: register it with 'hguard plugin add %s'\n", os.Args[0])
		os.Exit(1)
	}
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: handshake(cookie),
		Plugins:         plugin.PluginSet{pluginKey: &grpcPlugin{impl: d}},
		GRPCServer:      newGRPCServer,
		Logger:          hclog.NewNullLogger(),
	})
}
