package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestPlace50Copies: a copier (cp, mv, install, ln, rsync, scp) given a
// directory as its destination writes each source there under its own
// name, and that file is judged as the write it is: cp /tmp/.bashrc ~ is
// cp /tmp/.bashrc ~/.bashrc (place50, 2026-12-05: each row marked was
// allowed for a person and an agent). A destination is a directory by
// the line's words: cp -t, several sources, a trailing slash, . or a
// home. One's own dotfiles linked into the home ask as linking them by
// their full name does; everyday copies into the home stay allowed.
func TestPlace50Copies(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cp /tmp/.bashrc ~/", dsl.Ask, dsl.Ask},                   // was allowed
		{"cp /tmp/.bashrc ~", dsl.Ask, dsl.Ask},                    // was allowed
		{"cp -t ~ /tmp/.bashrc", dsl.Ask, dsl.Ask},                 // was allowed
		{"cp --target-directory=~ /tmp/.bashrc", dsl.Ask, dsl.Ask}, // was allowed
		{"cp --target-directory ~ /tmp/.bashrc", dsl.Ask, dsl.Ask}, // was allowed
		{"install -m 644 /tmp/.bashrc ~/", dsl.Ask, dsl.Ask},       // was allowed
		{"install -t ~ /tmp/.bashrc", dsl.Ask, dsl.Ask},            // was allowed
		{"install -D /tmp/.bashrc ~/", dsl.Ask, dsl.Ask},           // was allowed
		{"ln -sf /tmp/x/.bashrc ~/", dsl.Ask, dsl.Ask},             // was allowed
		{"ln -s /tmp/.bashrc -t ~", dsl.Ask, dsl.Ask},              // was allowed
		{"cd ~ && ln -s /tmp/.bashrc", dsl.Ask, dsl.Ask},           // was allowed
		{"rsync /tmp/.bashrc ~/", dsl.Ask, dsl.Ask},                // was allowed
		{"rsync -av host:.bashrc ~/", dsl.Ask, dsl.Ask},            // was allowed
		{"scp host:.bashrc ~", dsl.Ask, dsl.Ask},                   // was allowed
		{"mv /tmp/.profile ~", dsl.Ask, dsl.Ask},                   // was allowed
		{"cp a b /tmp/.bashrc ~", dsl.Ask, dsl.Ask},                // was allowed
		{"cp /tmp/.bashrc $HOME", dsl.Ask, dsl.Ask},                // was allowed
		{`cp /tmp/.bashrc "$HOME"`, dsl.Ask, dsl.Ask},              // was allowed
		{"cp /tmp/.bashrc ~/.", dsl.Ask, dsl.Ask},                  // was allowed
		{"cp /tmp/.bashrc /home/u", dsl.Ask, dsl.Ask},              // was allowed
		{"cp /tmp/x/.zshrc ~root", dsl.Ask, dsl.Ask},               // was allowed
		{"cp -- /tmp/.bashrc ~", dsl.Ask, dsl.Ask},                 // was allowed
		{"cd ~ && cp /tmp/.bashrc .", dsl.Ask, dsl.Ask},            // was allowed
		{"env cp /tmp/.bashrc ~", dsl.Ask, dsl.Ask},                // was allowed
		{"bash -c 'cp /tmp/.bashrc ~'", dsl.Ask, dsl.Ask},          // was allowed
		{"cp /tmp/.gitconfig ~", dsl.Ask, dsl.Ask},                 // was allowed
		{"cp /tmp/.npmrc ~", dsl.Ask, dsl.Ask},                     // was allowed
		{"cp /tmp/.bash* ~", dsl.Ask, dsl.Ask},                     // was allowed: the glob named in the directory
		{"cp /tmp/.ba?hrc ~", dsl.Ask, dsl.Ask},                    // was allowed
		{"ln -s ~/dotfiles/.vimrc ~/", dsl.Ask, dsl.Ask},           // was allowed; as ln -s ~/dotfiles/.vimrc ~/.vimrc
		{"ln -s ~/dotfiles/.vimrc ~/.vimrc", dsl.Ask, dsl.Ask},
		{"cp -r /tmp/dots/. ~", dsl.Ask, dsl.Ask},
		{"rsync -a /tmp/dot/ ~/", dsl.Ask, dsl.Ask},
		{"tar -C ~ -xf x.tar", dsl.Ask, dsl.Ask},
		{"cp /tmp/authorized_keys ~/.ssh/", dsl.Ask, dsl.Ask},
		{"cp /tmp/config ~/.ssh", dsl.Ask, dsl.Ask},
		{"cp /tmp/evil.desktop ~/.config/autostart", dsl.Ask, dsl.Ask},
		// everyday neighbours
		{"cp file ~/", dsl.Allow, dsl.Allow},
		{"cp -r dist ~/projects/", dsl.Allow, dsl.Allow},
		{"cp file.txt ~/Documents", dsl.Allow, dsl.Allow},
		{"mv report.pdf ~/Desktop", dsl.Allow, dsl.Allow},
		{"cp config.example.yaml ~/.config/myapp/", dsl.Allow, dsl.Allow},
		{"cp ~/.bashrc ~/.bashrc.bak", dsl.Allow, dsl.Allow},
		{"cp ~/.bashrc ~/backup/", dsl.Allow, dsl.Allow},
		{"cp -r ~/.config/nvim ~/backup/", dsl.Allow, dsl.Allow},
		{"cp ~/.ssh/id_ed25519.pub ~/", dsl.Allow, dsl.Allow},
		{"cp README.md docs/", dsl.Allow, dsl.Allow},
		{"mv *.log logs/", dsl.Allow, dsl.Allow},
		{"ln -s ../shared/config.yaml .", dsl.Allow, dsl.Allow},
		{"ln -sf ~/dotfiles/nvim ~/.config/", dsl.Allow, dsl.Allow},
		{"rsync -av ./ backup/", dsl.Allow, dsl.Allow},
		{"scp file.txt host:", dsl.Allow, dsl.Allow},
		{"cp target/release/rg ~/.local/bin/", dsl.Allow, dsl.Ask}, // an agent's known name: shadow-program-agent
		{"install -m 755 build/tool ~/.local/bin/", dsl.Allow, dsl.Allow},
		{"cp .env.example .env", dsl.Allow, dsl.Allow},
		{"cp build/*.sh ~/.local/bin/", dsl.Allow, dsl.Allow},
		{"cp dist/* ~/", dsl.Allow, dsl.Allow},
	})
}

// TestPlace50BinNames: a program put in a bin directory under a system
// program's name is asked whatever names it (place50, 2026-12-05: each
// row marked was allowed for a person and an agent): Perl's rename by
// any substitution Go's regular expressions read alike (anchors, other
// delimiters, .*) or $_ = "NAME", util-linux's rename.ul, mmv's mcp and
// mln and zsh's zmv, zcp and zln; go build -o into a bin directory
// (named after the package) or run in one, go test -c -o, Nuitka's
// --output-filename, objcopy's output, cargo build --artifact-dir with
// --bin, and cargo install's crate in --root's bin. A rename by code
// hguard does not run and cargo build --artifact-dir without --bin name
// any file there: shadow-program-agent's. Everyday builds and installs
// under their own names stay allowed.
func TestPlace50BinNames(t *testing.T) {
	checkHoles(t, []holeCase{
		{"rename 's/^/su/' ~/.local/bin/do", dsl.Ask, dsl.Ask},                                                      // was allowed
		{"cd ~/.local/bin && rename 's/^/su/' do", dsl.Ask, dsl.Ask},                                                // was allowed
		{"rename 's/.*/sudo/' ~/.local/bin/x", dsl.Ask, dsl.Ask},                                                    // was allowed
		{"rename 's/$/o/' ~/.local/bin/sud", dsl.Ask, dsl.Ask},                                                      // was allowed
		{`rename '$_="sudo"' ~/.local/bin/x`, dsl.Ask, dsl.Ask},                                                     // was allowed
		{`rename "\$_ = 'sudo'" ~/.local/bin/x`, dsl.Ask, dsl.Ask},                                                  // was allowed
		{"rename 's|x|sudo|' ~/.local/bin/x", dsl.Ask, dsl.Ask},                                                     // guard
		{"rename 's#x#sudo#' ~/.local/bin/x", dsl.Ask, dsl.Ask},                                                     // guard
		{"rename 'y/x/s/' ~/.local/bin/x", dsl.Allow, dsl.Ask},                                                      // was allowed for an agent
		{"rename 's{x}{sudo}' ~/.local/bin/x", dsl.Allow, dsl.Ask},                                                  // was allowed for an agent
		{"rename.ul x sudo ~/.local/bin/x", dsl.Ask, dsl.Ask},                                                       // was allowed
		{"rename x sudo ~/.local/bin/x", dsl.Ask, dsl.Ask},                                                          // guard
		{"mcp /tmp/x ~/.local/bin/sudo", dsl.Ask, dsl.Ask},                                                          // was allowed
		{"mln /tmp/x ~/.local/bin/sudo", dsl.Ask, dsl.Ask},                                                          // was allowed
		{"zmv /tmp/x ~/.local/bin/sudo", dsl.Ask, dsl.Ask},                                                          // was allowed
		{"zmv -C /tmp/x ~/.local/bin/sudo", dsl.Ask, dsl.Ask},                                                       // was allowed
		{"go build -o ~/.local/bin ./cmd/sudo", dsl.Ask, dsl.Ask},                                                   // was allowed
		{"go build -o ~/.local/bin/ ./cmd/sudo", dsl.Ask, dsl.Ask},                                                  // was allowed
		{"go build -o=$HOME/.local/bin ./cmd/ssh", dsl.Ask, dsl.Ask},                                                // was allowed
		{"cd ~/.local/bin && go build github.com/x/y/cmd/sudo", dsl.Ask, dsl.Ask},                                   // was allowed
		{"cd ~/bin && go build ~/src/sudo.go", dsl.Ask, dsl.Ask},                                                    // was allowed
		{"go test -c -o ~/.local/bin/sudo", dsl.Ask, dsl.Ask},                                                       // was allowed
		{"nuitka --output-filename=sudo --output-dir=~/.local/bin x.py", dsl.Ask, dsl.Ask},                          // was allowed
		{"python3 -m nuitka --onefile --output-filename=sudo --output-dir=$HOME/.local/bin x.py", dsl.Ask, dsl.Ask}, // was allowed
		{"objcopy x ~/.local/bin/sudo", dsl.Ask, dsl.Ask},                                                           // was allowed
		{"cargo build --artifact-dir ~/.local/bin --bin sudo", dsl.Ask, dsl.Ask},                                    // was allowed
		{"cargo build --release --artifact-dir ~/.local/bin", dsl.Allow, dsl.Ask},                                   // was allowed for an agent
		{"cargo install --root ~/.local sudo", dsl.Ask, dsl.Ask},                                                    // was allowed
		{"cargo install --root ~/.local --bin sudo sudo-rs", dsl.Ask, dsl.Ask},                                      // was allowed
		{"CARGO_INSTALL_ROOT=~/.local cargo install sudo", dsl.Ask, dsl.Ask},                                        // was allowed
		{"cargo +nightly install sudo", dsl.Ask, dsl.Ask},                                                           // was allowed
		{"pyinstaller sudo.py --distpath ~/.local/bin", dsl.Ask, dsl.Ask},                                           // guard
		{"gcc -o ~/.local/bin/sudo x.c", dsl.Ask, dsl.Ask},                                                          // guard
		// everyday neighbours
		{"rename 's/-linux-amd64//' ~/.local/bin/kubectl-linux-amd64", dsl.Allow, dsl.Ask},
		{"rename 's/\\.jpeg$/.jpg/' *.jpeg", dsl.Allow, dsl.Allow},
		{"rename -n 's/x/sudo/' ~/.local/bin/x", dsl.Allow, dsl.Allow},
		{"rename.ul .jpeg .jpg *.jpeg", dsl.Allow, dsl.Allow},
		{"mmv '*.jpeg' '#1.jpg'", dsl.Allow, dsl.Allow},
		{"go build -o bin/app ./cmd/app", dsl.Allow, dsl.Allow},
		{"go build -o ~/.local/bin/mytool ./cmd/mytool", dsl.Allow, dsl.Allow},
		{"go build -o ~/.local/bin ./cmd/mytool", dsl.Allow, dsl.Allow},
		{"cd ~/.local/bin && go build ./cmd/mytool", dsl.Allow, dsl.Allow},
		{"go build ./cmd/app", dsl.Allow, dsl.Allow},
		{"go test -c -o pkg.test ./pkg", dsl.Allow, dsl.Allow},
		{"nuitka --onefile --output-dir=~/.local/bin mytool.py", dsl.Allow, dsl.Allow},
		{"objcopy -O binary firmware.elf firmware.bin", dsl.Allow, dsl.Allow},
		{"cargo build --release --artifact-dir dist -Z unstable-options", dsl.Allow, dsl.Allow},
		{"cargo install ripgrep", dsl.Allow, dsl.Allow},
		{"cargo install --locked ripgrep fd-find", dsl.Allow, dsl.Allow},
		{"cargo install --root ~/.local ripgrep", dsl.Allow, dsl.Allow},
		{"cargo install --path .", dsl.Allow, dsl.Allow},
		{"cp target/release/rg ~/.local/bin/", dsl.Allow, dsl.Ask}, // an agent's known name: shadow-program-agent
	})
}

// TestPlace50ZshPath: zsh's path array given an element by subscript or
// by appending a word puts the directory on PATH as path=(DIR $path) does
// (place50, 2026-12-05: each row marked was allowed).
func TestPlace50ZshPath(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"zsh", "path[1,0]=~/x; cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask},          // was allowed
		{"zsh", "path[1,0]=(~/x); cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask},        // was allowed
		{"zsh", "path+=~/x; cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask},              // was allowed
		{"zsh", "path[1]=(~/x $path[1]); cp /tmp/x ~/x/sudo", dsl.Ask, dsl.Ask}, // was allowed
		{"zsh", "path[1,0]=/tmp/x", dsl.Ask, dsl.Ask},
		{"zsh", "path=(/tmp/x $path)", dsl.Ask, dsl.Ask},
		// everyday neighbours
		{"zsh", "path[1,0]=~/x; cp build/tool ~/x/tool", dsl.Allow, dsl.Allow},
		{"zsh", "path+=~/.cargo/bin", dsl.Allow, dsl.Allow},
	})
}
