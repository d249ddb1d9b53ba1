package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestPlace51GoBuildHere: go build and go install of the package where
// they run name the program after that directory (place51, 2026-12-06:
// each row marked was allowed for a person and an agent): after a cd on
// the line, in a subshell, or where go's own -C moves (before or after
// the subcommand, -C=DIR too). go install's directory is GOBIN, else
// GOPATH's bin, else ~/go/bin, a bin directory on PATH by custom as
// place50 reads it. A glob of a build's outputs copied into a bin
// directory names any file there and is asked as self-write (it may
// replace hguard). Everyday builds under their own names stay allowed.
func TestPlace51GoBuildHere(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cd cmd/sudo && go build -o ~/.local/bin/", dsl.Ask, dsl.Ask},           // was allowed
		{"cd cmd/sudo && go build -o ~/.local/bin/ .", dsl.Ask, dsl.Ask},         // was allowed
		{"cd cmd/sudo; go build -o ~/.local/bin", dsl.Ask, dsl.Ask},              // was allowed
		{"go build -C cmd/sudo -o ~/.local/bin/", dsl.Ask, dsl.Ask},              // was allowed
		{"go -C cmd/sudo build -o ~/.local/bin/", dsl.Ask, dsl.Ask},              // was allowed
		{"go build -C=cmd/sudo -o ~/.local/bin/", dsl.Ask, dsl.Ask},              // was allowed
		{"(cd cmd/git; go build -o ~/bin/)", dsl.Ask, dsl.Ask},                   // was allowed
		{"cd cmd/sudo && go install", dsl.Ask, dsl.Ask},                          // was allowed
		{"cd cmd/sudo && go install .", dsl.Ask, dsl.Ask},                        // was allowed
		{"cd ~/src/ssh && go install", dsl.Ask, dsl.Ask},                         // was allowed
		{"go install -C cmd/sudo", dsl.Ask, dsl.Ask},                             // was allowed
		{"go install -C ~/src/ssh .", dsl.Ask, dsl.Ask},                          // was allowed
		{"cd cmd/sudo && GOBIN=~/.local/bin go install", dsl.Ask, dsl.Ask},       // was allowed
		{"sudo go build -C cmd/sudo -o /usr/local/bin/", dsl.Ask, dsl.Ask},       // was allowed
		{"bash -c 'cd cmd/sudo && go build -o ~/.local/bin/'", dsl.Ask, dsl.Ask}, // was allowed
		{"cd /tmp/git && go build -o ~/bin/ .", dsl.Ask, dsl.Ask},
		{"cargo build --release && cp target/release/* ~/.local/bin/", dsl.Ask, dsl.Block},
		// everyday neighbours
		{"go build -o bin/", dsl.Allow, dsl.Allow},
		{"go build -o ~/.local/bin/mytool ./cmd/mytool", dsl.Allow, dsl.Allow},
		{"cd cmd/mytool && go build -o ~/.local/bin/", dsl.Allow, dsl.Allow},
		{"go build -C cmd/mytool -o ~/.local/bin/", dsl.Allow, dsl.Allow},
		{"go build -C cmd/sudo -o bin/", dsl.Allow, dsl.Allow},
		{"cd cmd/sudo && go build", dsl.Allow, dsl.Allow},
		{"go build", dsl.Allow, dsl.Allow},
		{"go install", dsl.Allow, dsl.Allow},
		{"go install ./...", dsl.Allow, dsl.Allow},
		{"cd cmd/mytool && go install", dsl.Allow, dsl.Allow},
		{"cargo install --path .", dsl.Allow, dsl.Allow},
		{"cargo build --release && cp target/release/mytool ~/.local/bin/", dsl.Allow, dsl.Allow},
	})
}
