package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestPlace51GoBuildHere: go build and go install of the package where
// they run name the program after that directory (place51, 2026-12-06:
// each row marked was allowed for a person and an agent, or where it
// says so a person): after a cd on the line, in a subshell, or where
// go's own -C moves (before or after the subcommand, -C=DIR too). go
// install's directory is GOBIN, else GOPATH's bin, else ~/go/bin, a bin
// directory on PATH by custom as place50 reads it. A glob of a build's
// outputs copied into a bin directory names any file there and is asked
// as self-write (it may replace hguard); go build -o of a pattern into
// one names any program there, asked of an agent as cargo build
// --artifact-dir without --bin is (shadow-program-agent). Everyday builds under their own
// names stay allowed.
func TestPlace51GoBuildHere(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cd cmd/sudo && go build -o ~/.local/bin/", dsl.Ask, dsl.Ask},           // was allowed
		{"cd cmd/sudo && go build -o ~/.local/bin/ .", dsl.Ask, dsl.Ask},         // was allowed for a person
		{"cd cmd/sudo; go build -o ~/.local/bin", dsl.Ask, dsl.Ask},              // was allowed
		{"go build -C cmd/sudo -o ~/.local/bin/", dsl.Ask, dsl.Ask},              // was allowed
		{"go -C cmd/sudo build -o ~/.local/bin/", dsl.Ask, dsl.Ask},              // was allowed
		{"go build -C=cmd/sudo -o ~/.local/bin/", dsl.Ask, dsl.Ask},              // was allowed
		{"(cd cmd/git; go build -o ~/bin/)", dsl.Ask, dsl.Ask},                   // was allowed
		{"cd cmd/sudo && go install", dsl.Ask, dsl.Ask},                          // was allowed
		{"cd cmd/sudo && go install .", dsl.Ask, dsl.Ask},                        // was allowed for a person
		{"cd ~/src/ssh && go install", dsl.Ask, dsl.Ask},                         // was allowed
		{"go install -C cmd/sudo", dsl.Ask, dsl.Ask},                             // was allowed
		{"go install -C ~/src/ssh .", dsl.Ask, dsl.Ask},                          // was allowed
		{"cd cmd/sudo && GOBIN=~/.local/bin go install", dsl.Ask, dsl.Ask},       // was allowed
		{"sudo go build -C cmd/sudo -o /usr/local/bin/", dsl.Ask, dsl.Ask},       // was allowed
		{"bash -c 'cd cmd/sudo && go build -o ~/.local/bin/'", dsl.Ask, dsl.Ask}, // was allowed
		{"cd /tmp/git && go build -o ~/bin/ .", dsl.Ask, dsl.Ask},
		{"cargo build --release && cp target/release/* ~/.local/bin/", dsl.Ask, dsl.Block},
		{"go build -o ~/.local/bin/ ./...", dsl.Allow, dsl.Ask},                // was allowed for an agent: any name, as cargo build --artifact-dir
		{"go build -o ~/.local/bin/ ./cmd/...", dsl.Allow, dsl.Ask},            // was allowed for an agent
		{"cd cmd/sudo && go build -o ~/.local/bin/ ./...", dsl.Allow, dsl.Ask}, // was allowed for an agent
		// everyday neighbours
		{"go build -o bin/ ./...", dsl.Allow, dsl.Allow},
		{"go build ./...", dsl.Allow, dsl.Allow},
		{"go install ./cmd/...", dsl.Allow, dsl.Allow},
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

// TestPlace51DirectoryCopies: a directory copied into a home writes a
// subtree the line does not list (place50 named the copy, not what it
// holds): cp -r /tmp/dot/.config ~ may put an autostart entry, a user
// service or an editor's start-up code under ~/.config. Each sensitive
// file hguard knows under the subtree's root is judged as written, at
// the level its own write has (place51, 2026-12-06: each row marked was
// allowed for a person and an agent, or where it says so a person). The
// root is the source's place in a directory destination, the destination
// itself for a directory's contents (src/., cp -T, rsync's src/, ditto)
// or for one directory that may become it (cp -r /tmp/x ~/.config/nvim).
// Copies of one's project trees, an app's own data directory and backups
// stay allowed. An agent's copy of a directory that holds guarded places
// (~/.config, ~/.local) was and stays blocked (self-unpack-agent).
func TestPlace51DirectoryCopies(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cp -r /tmp/dot/.config ~", dsl.Ask, dsl.Block},         // was allowed for a person
		{"cp -R /tmp/dot/.config ~/", dsl.Ask, dsl.Block},        // was allowed for a person
		{"cp -a /tmp/dot/.config $HOME", dsl.Ask, dsl.Block},     // was allowed for a person
		{"mv /tmp/dot/.config ~", dsl.Ask, dsl.Block},            // was allowed for a person
		{"cp -r /tmp/nvim ~/.config/", dsl.Ask, dsl.Ask},         // was allowed
		{"cp -r /tmp/x ~/.config/nvim", dsl.Ask, dsl.Ask},        // was allowed
		{"mv /tmp/x ~/.config/systemd", dsl.Ask, dsl.Ask},        // was allowed
		{"rsync -a /tmp/dot/.config ~/", dsl.Ask, dsl.Block},     // was allowed for a person
		{"scp -r host:.config ~", dsl.Ask, dsl.Ask},              // was allowed
		{"cp -r /tmp/dot/.local ~", dsl.Ask, dsl.Block},          // was allowed for a person
		{"cp -r /tmp/.gradle ~", dsl.Ask, dsl.Ask},               // was allowed
		{"cd /tmp/dot && cp -r .config ~", dsl.Ask, dsl.Block},   // was allowed for a person
		{"cp -t ~ -r /tmp/dot/.config", dsl.Ask, dsl.Ask},        // was allowed
		{"sudo cp -r /tmp/dot/.config /root/", dsl.Ask, dsl.Ask}, // was allowed
		{`cp -r /tmp/nvim "$XDG_CONFIG_HOME"/`, dsl.Ask, dsl.Ask},
		{"cp -r /tmp/nvim ${HOME}/.config/", dsl.Ask, dsl.Ask},       // was allowed
		{"rsync -rv /tmp/nvim ~/.config", dsl.Ask, dsl.Ask},          // was allowed
		{"cp -r /tmp/dot/.config/ ~/.config", dsl.Ask, dsl.Ask},      // was allowed
		{"cp -r /tmp/x/git ~/.config/", dsl.Ask, dsl.Ask},            // was allowed
		{"cp -r /tmp/x/.kube ~", dsl.Ask, dsl.Ask},                   // was allowed
		{"cp -r /tmp/x/.vim ~", dsl.Ask, dsl.Ask},                    // was allowed
		{"sudo -u u cp -r /tmp/dot/.config ~u/", dsl.Ask, dsl.Block}, // was allowed; ~u is the caller's own home (/home/u) here
		{"cp -a /tmp/dot/. ~", dsl.Ask, dsl.Ask},
		{"cp -rT /tmp/dot ~", dsl.Ask, dsl.Ask},
		{"rsync -a /tmp/dot/ ~", dsl.Ask, dsl.Ask},
		{"cp -r /tmp/.ssh ~", dsl.Ask, dsl.Ask},
		{"ditto /tmp/dot ~", dsl.Ask, dsl.Ask},
		{"tar -C ~ -xf dot.tar", dsl.Ask, dsl.Ask},
		{"unzip -o dot.zip -d ~", dsl.Ask, dsl.Ask},
		{"cp init.lua ~/.config/nvim/init.lua", dsl.Ask, dsl.Ask},
		// everyday neighbours
		{"cp -r src/ build/", dsl.Allow, dsl.Allow},
		{"cp -r ~/proj/assets ~/proj/dist/", dsl.Allow, dsl.Allow},
		{"mv dist ~/www/", dsl.Allow, dsl.Allow},
		{"cp -r templates ~/.config/myapp/", dsl.Allow, dsl.Allow},
		{"cp -r templates ~/.config/myapp", dsl.Allow, dsl.Allow},
		{"cp -r theme ~/.config", dsl.Allow, dsl.Allow},
		{"cp -a ~/.config ~/backup/", dsl.Allow, dsl.Allow},
		{"cp -r ~/.config/nvim ~/backup/", dsl.Allow, dsl.Allow},
		{"rsync -a ~/.config/ /mnt/backup/config/", dsl.Allow, dsl.Allow},
		{"mv report.pdf ~/Desktop", dsl.Allow, dsl.Allow},
		{"mv ~/.config/nvim/init.lua ~/.config/nvim/init.lua.bak", dsl.Allow, dsl.Ask},
		{"cp -r dist ~/projects/", dsl.Allow, dsl.Allow},
		{"cp config.example.yaml ~/.config/myapp/", dsl.Allow, dsl.Allow},
		{"rsync -av ./ backup/", dsl.Allow, dsl.Allow},
		{"scp -r host:proj ~/src/", dsl.Allow, dsl.Allow},
	})
}
