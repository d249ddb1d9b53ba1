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
		{"cd ~/.local/bin && zig build-exe --name ssh ~/src/x.zig", dsl.Ask, dsl.Ask}, // was allowed
		{"zig build-exe -femit-bin=$HOME/.local/bin/sudo x.zig", dsl.Ask, dsl.Ask},    // was allowed
		{"cd ~/bin && zig build-exe ~/src/git.zig", dsl.Ask, dsl.Ask},                 // was allowed
		// everyday neighbours
		{"zig build-exe --name ssh x.zig", dsl.Allow, dsl.Allow}, // in the project
		{"zig build-exe -O ReleaseFast --name mytool src/main.zig", dsl.Allow, dsl.Allow},
		{"zig build-exe -femit-bin=$HOME/.local/bin/mytool main.zig", dsl.Allow, dsl.Allow},
		{"zig build -Doptimize=ReleaseSafe", dsl.Allow, dsl.Allow},
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

// TestInPlaceWriters49: programs that rewrite the files they are given
// (dos2unix and its kin, ex or vim in ex mode told to write) write them,
// directly and run by find -exec, fd -x/-X, xargs or GNU parallel fed by
// find or fd (shadow49, 2026-12-05: each row marked was allowed for a
// person and an agent); their everyday uses on the project's files stay
// allowed.
func TestInPlaceWriters49(t *testing.T) {
	checkHoles(t, []holeCase{
		{"dos2unix ~/.bashrc", dsl.Ask, dsl.Ask}, // was allowed
		{"unix2dos ~/.bashrc", dsl.Ask, dsl.Ask}, // was allowed
		{"mac2unix ~/.bashrc", dsl.Ask, dsl.Ask},
		{"dos2unix -n x.txt ~/.bashrc", dsl.Ask, dsl.Ask},                         // was allowed
		{"ex -sc '%d|x' ~/.bashrc", dsl.Ask, dsl.Ask},                             // was allowed
		{"vim -es -c '%d' -c wq ~/.bashrc", dsl.Ask, dsl.Ask},                     // was allowed
		{"vim -Es +'g/x/d' +wq ~/.bashrc", dsl.Ask, dsl.Ask},                      // was allowed
		{"nvim --headless -es -c 'normal Gox' -c wq ~/.bashrc", dsl.Ask, dsl.Ask}, // was allowed
		{"find ~ -name .bashrc | parallel gzip", dsl.Ask, dsl.Ask},                // was allowed
		{"find /etc -name passwd | parallel -j4 sed -i d {}", dsl.Ask, dsl.Ask},   // was allowed for a person
		{"find ~ -name .bashrc | xargs dos2unix", dsl.Ask, dsl.Ask},               // was allowed
		{"find ~ -name .bashrc -exec ex -sc '%d|x' {} \\;", dsl.Ask, dsl.Ask},
		{"fd -H bashrc ~ -x gzip", dsl.Ask, dsl.Ask},                       // was allowed
		{"fd -H -g .bashrc ~ -x dos2unix", dsl.Ask, dsl.Ask},               // was allowed
		{"fd passwd /etc -X sed -i d", dsl.Ask, dsl.Ask},                   // was allowed
		{"fd -H -g .bashrc ~ | xargs gzip", dsl.Ask, dsl.Ask},              // was allowed
		{"fd -H '^\\.bashrc$' ~ | parallel sed -i d {}", dsl.Ask, dsl.Ask}, // was allowed
		{"rg -l x ~ | xargs gzip", dsl.Ask, dsl.Ask},                       // was allowed
		{"rg -l x ~ | xargs sed -i d", dsl.Ask, dsl.Ask},                   // was allowed for a person
		{"grep -rl x ~ | xargs sed -i d", dsl.Ask, dsl.Ask},                // was allowed for a person
		{"rg --files ~ | parallel gzip", dsl.Ask, dsl.Ask},                 // was allowed
		// everyday neighbours
		{"rg -l foo src | xargs sed -i 's/foo/bar/'", dsl.Allow, dsl.Allow},
		{"grep -rl foo . | xargs sed -i 's/foo/bar/'", dsl.Allow, dsl.Allow},
		{"grep -l foo *.txt | xargs sed -i 's/foo/bar/'", dsl.Allow, dsl.Allow},
		{"dos2unix script.sh", dsl.Allow, dsl.Allow},
		{"dos2unix -n ~/.bashrc bashrc.txt", dsl.Allow, dsl.Allow},
		{"dos2unix -i ~/.bashrc", dsl.Allow, dsl.Allow},
		{"find . -name '*.sh' -exec dos2unix {} +", dsl.Allow, dsl.Allow},
		{"ex -sc 'wq' notes.txt", dsl.Allow, dsl.Allow},
		{"vim -es -c '%s/a/b/g' -c wq notes.txt", dsl.Allow, dsl.Allow},
		{"vim -es -c q ~/.bashrc", dsl.Allow, dsl.Allow},
		{"vim -R ~/.bashrc", dsl.Allow, dsl.Allow},
		{"gzip -k access.log", dsl.Allow, dsl.Allow},
		{"find . -name '*.log' | xargs gzip", dsl.Allow, dsl.Allow},
		{"find . -name '*.log' | parallel gzip", dsl.Allow, dsl.Allow},
		{"find . -type f | parallel -j4 gzip -k", dsl.Allow, dsl.Allow},
		{"find . -name '*.md' | parallel pandoc {} -o {.}.html", dsl.Allow, dsl.Allow},
		{"fd -e log -x gzip", dsl.Allow, dsl.Allow},
		{"fd -e sh -x dos2unix", dsl.Allow, dsl.Allow},
		{"fd -e md | xargs sed -i 's/foo/bar/'", dsl.Allow, dsl.Allow},
		{"ls | parallel gzip", dsl.Allow, dsl.Allow},
	})
}

// TestShadowNames49: a file renamed to a system program's name in a bin
// directory by rename or mmv is planted as mv's is, and a download the
// server names (curl -J, wget --content-disposition) into a bin directory
// may have any name: an agent's is asked, a person's left as a vendor's
// release download (shadow49, 2026-12-05: each row marked was allowed).
func TestShadowNames49(t *testing.T) {
	checkHoles(t, []holeCase{
		{"rename 's/x/sudo/' ~/.local/bin/x", dsl.Ask, dsl.Ask},                                            // was allowed
		{"rename 's|x|sudo|' ~/.local/bin/x", dsl.Ask, dsl.Ask},                                            // was allowed
		{"rename x sudo ~/.local/bin/x", dsl.Ask, dsl.Ask},                                                 // was allowed
		{"cd ~/.local/bin && rename 's/x/git/' x", dsl.Ask, dsl.Ask},                                       // was allowed
		{"mmv '~/.local/bin/x' '~/.local/bin/sudo'", dsl.Ask, dsl.Ask},                                     // was allowed
		{"cd ~/.local/bin && mmv x ssh", dsl.Ask, dsl.Ask},                                                 // was allowed
		{"cd ~/.local/bin && curl -JLO https://x.example/y", dsl.Allow, dsl.Ask},                           // was allowed for an agent
		{"curl --remote-header-name -O --output-dir ~/.local/bin https://x.example/y", dsl.Allow, dsl.Ask}, // was allowed for an agent
		{"wget --content-disposition -P ~/.local/bin https://x.example/y", dsl.Allow, dsl.Ask},             // was allowed for an agent
		{"ln -s /tmp/x ~/.local/bin/python3", dsl.Ask, dsl.Ask},
		// everyday neighbours
		{"rename 's/\\.txt$/.md/' *.txt", dsl.Allow, dsl.Allow},
		{"rename .jpeg .jpg *.jpeg", dsl.Allow, dsl.Allow},
		{"rename 's/kubectl-1.30/kubectl/' ~/.local/bin/kubectl-1.30", dsl.Allow, dsl.Ask}, // an agent: as its mv and rename kubectl-1.30 kubectl (place50 reads FROM's dot)
		{"mmv '*.jpeg' '#1.jpg'", dsl.Allow, dsl.Allow},
		{"curl -JLO https://x.example/y", dsl.Allow, dsl.Allow},
		{"wget --content-disposition https://x.example/y", dsl.Allow, dsl.Allow},
		{"curl -Lo ~/.local/bin/jq https://github.com/jqlang/jq/releases/download/jq-1.7.1/jq-linux-amd64", dsl.Allow, dsl.Ask},
		{"install -m 0755 /tmp/k9s ~/.local/bin/k9s", dsl.Allow, dsl.Allow},
	})
}
