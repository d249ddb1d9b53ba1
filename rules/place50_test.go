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
	})
}
