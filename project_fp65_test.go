package hguard

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestFp65ProjectLines: everyday lines in a project on disk that were
// refused (fp65): a link pointing the project's .env at one of its own env
// files, a build's output emptied by a glob matching nothing (build/*/*
// with build/ empty, zsh's **/__pycache__(N) after a clean) or in a
// repository git init made before its first git add, a project script
// given a message, a person's partial downloads. Their risky neighbours
// stay refused beside each.
func TestFp65ProjectLines(t *testing.T) {
	git, home := gitHome(t)
	run := func(dir string, args ...string) {
		t.Helper()
		if out, err := exec.Command(git, append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	// proj: a committed project whose build/ and dist/ are empty
	proj := filepath.Join(home, "proj")
	writeOldTree(t, proj, map[string]string{
		"config/dev.env":   "DEBUG=1\n",
		"main.py":          "print(1)\n",
		"scripts/log.sh":   "#!/bin/sh\necho \"$1\" >> log\n",
		"scripts/run.sh":   "#!/bin/sh\nsh -c \"$1\"\n",
		"src/pkg/mod.py":   "x = 1\n",
		"build/.gitignore": "*\n",
		".env.local":       "TOKEN=only-copy\n",
	}, 0o755)
	run(proj, "init", "-q")
	run(proj, "add", "config", "main.py", "scripts", "src")
	run(proj, "-c", "user.email=a@b", "-c", "user.name=a", "commit", "-qm", "start")
	if err := os.MkdirAll(filepath.Join(proj, "dist"), 0o755); err != nil {
		t.Fatal(err)
	}
	// linked: a project whose .env.active already links to an env file
	linked := filepath.Join(home, "linked")
	writeOldTree(t, linked, map[string]string{"config/dev.env": "DEBUG=1\n", "config/prod.env": "DEBUG=0\n"}, 0o644)
	run(linked, "init", "-q")
	for link, to := range map[string]string{".env.active": "config/dev.env", ".env.dir": "config"} {
		if err := os.Symlink(to, filepath.Join(linked, link)); err != nil {
			t.Fatal(err)
		}
	}
	// fresh: git init, files, no git add yet (no index, no commit)
	fresh := filepath.Join(home, "fresh")
	writeOldTree(t, fresh, map[string]string{
		"build/lib/app.o":              "o\n",
		"dist/app.js":                  "js\n",
		"src/app/__pycache__/m.pyc":    "pyc\n",
		"src/app/m.py":                 "x = 1\n",
		"packages/web/src/index.ts":    "export {}\n",
		"packages/web/node_modules/.x": "x\n",
	}, 0o644)
	run(fresh, "init", "-q")
	// kept: build/ holds a file git tracks
	kept := filepath.Join(home, "kept")
	writeOldTree(t, kept, map[string]string{"build/docker/Dockerfile": "FROM scratch\n"}, 0o644)
	run(kept, "init", "-q")
	run(kept, "add", ".")
	run(kept, "-c", "user.email=a@b", "-c", "user.name=a", "commit", "-qm", "start")
	writeOldTree(t, home, map[string]string{
		"Downloads/a.iso.part": "x\n",
		"Documents/x/a.md":     "x\n",
		".aws/credentials":     "[default]\n",
	}, 0o644)

	g := newGuard(t, Options{})
	for _, tt := range []struct {
		dir, shell, cmd string
		person, agent   dsl.Level
	}{
		{proj, "bash", "ln -sf config/dev.env .env", dsl.Allow, dsl.Allow},
		{proj, "bash", "ln -sf ~/.aws/credentials .env", dsl.Ask, dsl.Ask},
		{proj, "bash", "ln -sf ../fresh/.env .env", dsl.Ask, dsl.Ask},
		{proj, "bash", "ln -sf config/dev.env notes.txt", dsl.Allow, dsl.Ask}, // a secret under a name that hides it
		{proj, "bash", "ln -sf config/missing.env .env", dsl.Allow, dsl.Ask},  // an agent's source is on disk now
		{proj, "bash", "ln -s /etc/shadow x", dsl.Allow, dsl.Ask},
		{proj, "bash", "ln -sf config/dev.env .env.local", dsl.Ask, dsl.Ask}, // -f deletes the file there
		{proj, "bash", "cd config && ln -sf dev.env .env", dsl.Allow, dsl.Allow},
		// a link replaced loses nothing it led to; an agent's line is also
		// read with .env.active followed to config/dev.env, which asks
		{linked, "bash", "ln -sf config/prod.env .env.active", dsl.Allow, dsl.Ask},
		{linked, "bash", "ln -sf config/dev.env .env.dir", dsl.Ask, dsl.Ask}, // a link to a directory: -f replaces config/dev.env itself

		{proj, "bash", "rm -rf build/*/*", dsl.Allow, dsl.Allow},
		{proj, "bash", "rm -rf dist/* build/*", dsl.Allow, dsl.Allow},
		{proj, "bash", "rm -rf src/*/*", dsl.Ask, dsl.Ask},
		{proj, "bash", "mv src build/x && rm -rf build/*/*", dsl.Ask, dsl.Ask},
		{proj, "zsh", "rm -rf **/__pycache__(N)", dsl.Allow, dsl.Allow},
		{proj, "zsh", "rm -f **/*.pyc(N.)", dsl.Allow, dsl.Allow},
		{proj, "zsh", "rm -rf **/docs(N)", dsl.Ask, dsl.Ask}, // none, and no output's name
		{proj, "zsh", "rm -rf **/*cache*(N)", dsl.Ask, dsl.Ask},
		{proj, "bash", "rm -rf lib/*/*", dsl.Ask, dsl.Ask}, // none below a directory that is no output
		{proj, "zsh", "mv src a/b/__pycache__ && rm -rf **/__pycache__(N)", dsl.Ask, dsl.Ask},
		{fresh, "bash", "rm -rf build/*/*", dsl.Allow, dsl.Allow},
		{fresh, "bash", "rm -rf dist/* build/*", dsl.Allow, dsl.Allow},
		{fresh, "bash", "rm -rf packages/*/node_modules", dsl.Allow, dsl.Allow},
		{fresh, "bash", "rm -rf src/*", dsl.Ask, dsl.Ask},
		{fresh, "zsh", "rm -rf **/__pycache__(N)", dsl.Allow, dsl.Allow},
		{kept, "bash", "rm -rf build/*/*", dsl.Ask, dsl.Ask},
		{home, "bash", "rm -rf */*", dsl.Ask, dsl.Ask},
		{home, "bash", "rm -rf ~/*/*", dsl.Block, dsl.Block},
		{home, "bash", "rm -rf /*/*", dsl.Block, dsl.Block},

		{proj, "bash", `./scripts/log.sh "reboot needed"`, dsl.Ask, dsl.Ask},
		{proj, "bash", `scripts/log.sh "shutdown now"`, dsl.Ask, dsl.Ask},
		{proj, "bash", `./scripts/run.sh "rm -rf ~"`, dsl.Ask, dsl.Block}, // an agent's project script read: it runs its argument
		{proj, "bash", `./scripts/log.sh -c "rm -rf ~"`, dsl.Block, dsl.Block},
		{proj, "bash", `./scripts/log.sh rm -rf ~`, dsl.Block, dsl.Block},
		{proj, "bash", `/opt/tools/log.sh "reboot needed"`, dsl.Block, dsl.Block},
		{proj, "bash", `../other/log.sh "reboot needed"`, dsl.Block, dsl.Block},

		{proj, "bash", "find ~/Downloads -name '*.part' -delete", dsl.Allow, dsl.Ask},
		{proj, "bash", "find ~/Downloads -type f -name '*.crdownload' -delete", dsl.Allow, dsl.Ask},
		{proj, "bash", "find ~/Downloads -name '*.pdf' -delete", dsl.Ask, dsl.Ask},
		{proj, "bash", "find ~/Downloads/.. -name '*.part' -delete", dsl.Ask, dsl.Ask},
		{proj, "bash", "find ~ -name '*.part' -delete", dsl.Ask, dsl.Ask},
		{proj, "bash", "find ~/Downloads -name '*.part' -o -name '*' -delete", dsl.Ask, dsl.Ask},
		{proj, "bash", "find ~ -delete", dsl.Block, dsl.Block},
		{proj, "bash", "find ~ -name '*' -delete", dsl.Block, dsl.Block},
	} {
		for _, c := range []struct {
			caller string
			want   dsl.Level
		}{{"", tt.person}, {"claude-code", tt.agent}} {
			v := g.Check(Request{Command: tt.cmd, Cwd: tt.dir, Shell: tt.shell, Caller: c.caller})
			if v.Level != c.want {
				t.Errorf("%s in %s with caller %q: %s, want %s (%s)", tt.cmd, filepath.Base(tt.dir), c.caller, v.Level, c.want, v.Reasons())
			}
		}
	}
}

// TestFp65WrittenScriptText: a script the line itself writes is no
// project's logger: its text stays read as a command, at its own level.
func TestFp65WrittenScriptText(t *testing.T) {
	_, home := gitHome(t)
	g := newGuard(t, Options{})
	for _, caller := range []string{"", "claude-code"} {
		line := `printf '#!/bin/sh\nsh -c "$1"\n' > r.sh && chmod +x r.sh && ./r.sh "rm -rf ~"`
		if v := g.Check(Request{Command: line, Cwd: home, Shell: "bash", Caller: caller}); v.Level != dsl.Block {
			t.Errorf("%s with caller %q: %s, want block (%s)", line, caller, v.Level, v.Reasons())
		}
	}
}
