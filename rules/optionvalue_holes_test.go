package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestGuardFileOptionValue: a hook settings file given as a separate
// option's value to a program that writes there (ssh -E appends its log,
// which leaves the JSON broken) is given as surely as an operand or a
// --opt=FILE (red team, 2026-12-05: ssh -E ~/.claude/settings.json was
// allowed for an agent).
func TestGuardFileOptionValue(t *testing.T) {
	checkHoles(t, []holeCase{
		{"ssh -E ~/.claude/settings.json localhost true", dsl.Allow, dsl.Block},
		{"openssl genrsa -out ~/.codex/config.toml", dsl.Ask, dsl.Block},
		{"ssh -E ~/.ssh/debug.log localhost true", dsl.Allow, dsl.Allow},
		{"git -C ~/.claude status", dsl.Allow, dsl.Allow},
		{"jq --slurpfile s ~/.claude/settings.json -n '$s'", dsl.Allow, dsl.Allow},
		{"openssl genrsa -out key.pem", dsl.Allow, dsl.Allow},
	})
}
