package hguard

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestRegenerableDelete: a recursive delete of a build's output or a
// dependency directory the project's git tracks nothing in, or of a tool
// cache in the home, does not ask, for a person or an agent (rm -rf
// node_modules is everyday); one holding a tracked file, a repository of
// its own, a directory outside any work tree, a name no build gives and
// anything beside them still ask.
func TestRegenerableDelete(t *testing.T) {
	git, home := gitHome(t)
	proj := filepath.Join(home, "proj")
	loose := filepath.Join(home, "loose") // no git work tree
	writeTree(t, proj, map[string]string{
		"main.go": "package main\n", ".gitignore": "node_modules/\ntarget/\n",
		"build/Dockerfile": "FROM scratch\n", "node_modules/x/index.js": "x\n", "target/debug/app": "x\n",
		"web/node_modules/y/index.js": "y\n", "web/.next/cache/a": "a\n", "src/gen/a.go": "package gen\n",
		"vendor/.git/HEAD": "ref: refs/heads/main\n", "dist/.git/HEAD": "ref: refs/heads/main\n",
		"coverage/lcov.info": "x\n", "web/storybook-static/index.html": "x\n", "app/.dart_tool/version": "x\n",
		"htmlcov/index.html": "x\n", ".coverage": "x\n", "out/index.html": "x\n", "tmp/cache/a": "a\n",
		"web/tmp/notes.md": "n\n", "web/.coverage/notes.md": "n\n", "target/debug/incremental/a": "a\n",
		"node_modules/.vite/deps/a.js": "a\n", "web/.next/cache/b": "b\n", "build/docker/x": "x\n",
		"node_modules/dep/.git/HEAD": "ref: refs/heads/main\n", "web/proj.egg-info/PKG-INFO": "x\n", "api/bin/Debug/api.dll": "x\n", "api/obj/project.assets.json": "x\n", "bin/rails": "x\n", "app/b.egg-info/keep.txt": "k\n",
	}, 0o644)
	writeTree(t, loose, map[string]string{"node_modules/x/index.js": "x\n"}, 0o644)
	writeTree(t, home, map[string]string{"Documents/a.md": "a\n", ".cache/go-build/00/a": "a\n", "Library/Developer/Xcode/DerivedData/App/x": "x\n"}, 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"add", "main.go", ".gitignore", "build/Dockerfile", "src/gen/a.go", "web/tmp/notes.md", "app/b.egg-info/keep.txt", "bin/rails"}} {
		if out, err := exec.Command(git, append([]string{"-C", proj}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	for link, to := range map[string]string{"web/out": filepath.Join(home, "Documents"), "node_modules/ui": filepath.Join(proj, "src")} {
		if err := os.Symlink(to, filepath.Join(proj, link)); err != nil {
			t.Fatal(err)
		}
	}
	g := newGuard(t, Options{})
	for _, tt := range []struct {
		dir, cmd string
		want     dsl.Level
	}{
		{proj, "rm -rf node_modules", dsl.Allow},
		{proj, "rm -rf node_modules/ target", dsl.Allow},
		{proj, "rm -rf ./web/node_modules web/.next", dsl.Allow},
		{filepath.Join(proj, "web"), "rm -rf node_modules", dsl.Allow},
		{proj, "rm -rf " + filepath.Join(proj, "node_modules"), dsl.Allow},
		{proj, "rm -rf node_modules && npm ci", dsl.Allow},
		{proj, "rm -rf ~/.cache/go-build", dsl.Allow},
		{proj, "rm -rf coverage web/storybook-static app/.dart_tool", dsl.Allow}, // test coverage, storybook's and flutter's output
		{proj, "rm -rf ~/Library/Developer/Xcode/DerivedData", dsl.Allow},
		{proj, "rm -rf coverage htmlcov .coverage", dsl.Allow},                                  // coverage.py's report and data file
		{proj, "rm -rf web/.next out", dsl.Allow},                                               // next export's output
		{proj, "rm -r tmp/", dsl.Allow},                                                         // a framework's scratch
		{proj, "rm -rf web/tmp", dsl.Ask},                                                       // it holds a tracked file
		{proj, "rm -rf web/.coverage", dsl.Ask},                                                 // a directory under the data file's name
		{proj, "rm -rf .coverage src", dsl.Ask},                                                 // beside the sources
		{proj, "rm -rf web/out/", dsl.Ask},                                                      // a link: what it leads to goes
		{proj, "rm -rf target/debug/incremental node_modules/.vite web/.next/cache", dsl.Allow}, // below build output
		{proj, "rm -rf build/docker", dsl.Ask},                                                  // below a directory holding a tracked file
		{proj, "rm -rf node_modules/ui/", dsl.Ask},                                              // a link to the sources
		{proj, "rm -rf node_modules/dep", dsl.Ask},                                              // a repository of its own
		{proj, "rm -rf node_modules/dep/x", dsl.Ask},                                            // in it
		{proj, "rm -rf web/dist web/*.egg-info", dsl.Allow},                                     // each match is output
		{proj, "rm -rf app/*.egg-info", dsl.Ask},                                                // a match holds a tracked file
		{proj, "mv src web/x.egg-info && rm -rf web/*.egg-info", dsl.Ask},                       // filled on the line
		{proj, "mv src web/dist && rm -rf web/dist", dsl.Ask},
		{proj, "mv src target/ && rm -rf target/*", dsl.Ask},
		{proj, "python3 -c 'import shutil; shutil.rmtree(\"target\")'", dsl.Allow},
		{proj, "python3 -c 'import shutil; shutil.move(\"src\", \"target\"); shutil.rmtree(\"target\")'", dsl.Ask},
		{proj, "rm -rf web/*.egg-inf*", dsl.Allow},       // each match is output
		{proj, "rm -rf api/bin api/obj", dsl.Allow},      // .NET's build output
		{proj, "rm -rf bin", dsl.Ask},                    // Rails' scripts, tracked
		{proj, "rm -rf web/.next/* target/*", dsl.Allow}, // each match is below output
		{proj, "rm -rf build/*", dsl.Ask},                // a match holds a tracked file
		{proj, "rm -rf src/*", dsl.Ask},
		{proj, "rm -rf web/dist/*", dsl.Allow},         // no match, in output
		{proj, "rm -rf web/x*", dsl.Ask},               // no match: nothing says what the line puts there
		{proj, "rm -rf web/*", dsl.Ask},                // web/tmp holds a tracked file
		{proj, "rm -rf build", dsl.Ask},                // it holds a tracked Dockerfile
		{proj, "rm -rf node_modules src/gen", dsl.Ask}, // beside a tracked directory
		{proj, "rm -rf dist", dsl.Ask},                 // a repository of its own
		{proj, "rm -rf vendor", dsl.Ask},               // a name no build gives
		{proj, "rm -rf */node_modules", dsl.Allow},     // a glob whose one match, web/node_modules, is output
		{proj, "rm -rf */gen", dsl.Ask},                // a glob whose match, src/gen, git tracks
		{proj, "rm -rf */out", dsl.Ask},                // web/out leads to ~/Documents
		{proj, "rm -rf \"$D/node_modules\"", dsl.Ask},
		{loose, "rm -rf node_modules", dsl.Ask}, // no work tree says what it holds
		// find deleting below a build's output, and rsync --delete into one
		{proj, "find target -name '*.d' -delete", dsl.Allow},
		{proj, "find target/debug web/.next -type f -exec rm {} +", dsl.Allow},
		{proj, "find build -name '*.o' -delete", dsl.Ask},            // it holds a tracked Dockerfile
		{proj, "find node_modules/ui -name '*.js' -delete", dsl.Ask}, // a link to the sources
		{proj, "find -L target -name '*.d' -delete", dsl.Ask},        // it follows links out of target
		{proj, "find target src -name '*.o' -delete", dsl.Ask},
		{proj, "mv src target/x && find target -delete", dsl.Ask},
		{proj, "rsync -a --delete web/public/ target/site/", dsl.Allow},
		{proj, "rsync -a --delete web/public/ src/", dsl.Ask},
		{proj, "rsync -a --delete web/public/ build/", dsl.Ask},
		{proj, "rsync -a --delete web/public/ dev@web.example.com:/var/www/site/", dsl.Ask}, // another host's
		{proj, "rsync -a --delete web/public/ web.example.com:target/", dsl.Ask},
		{proj, "rm -rf ~", dsl.Block},
	} {
		for _, caller := range []string{"", "claude-code"} {
			v := g.Check(Request{Command: tt.cmd, Cwd: tt.dir, Shell: "bash", Caller: caller})
			if v.Level != tt.want {
				t.Errorf("%q in %s, caller %q: %s, want %s (%v)", tt.cmd, tt.dir, caller, v.Level, tt.want, v.Findings)
			}
		}
	}
	// A file beside them is deleted as rm -f would: an agent's disk says
	// which is one (a person's command reads no disk for it).
	for _, tt := range []struct {
		cmd           string
		person, agent dsl.Level
	}{
		{"rm -rf node_modules main.go", dsl.Ask, dsl.Allow},
		{"rm -rf .coverage main.go", dsl.Ask, dsl.Allow},
		{"rm -rf node_modules src", dsl.Ask, dsl.Ask},         // a directory
		{"rm -rf node_modules nothere.txt", dsl.Ask, dsl.Ask}, // nothing says what the line puts there
		{"rm -rf node_modules web/out", dsl.Ask, dsl.Ask},     // a link to a directory
		{"mv src main.go; rm -rf main.go", dsl.Ask, dsl.Ask},
	} {
		for caller, want := range map[string]dsl.Level{"": tt.person, "claude-code": tt.agent} {
			if v := g.Check(Request{Command: tt.cmd, Cwd: proj, Shell: "bash", Caller: caller}); v.Level != want {
				t.Errorf("%q, caller %q: %s, want %s (%v)", tt.cmd, caller, v.Level, want, v.Findings)
			}
		}
	}
	// A home under git is dotfiles: its tmp or build is no build's output.
	writeTree(t, home, map[string]string{"tmp/proj/src/a.go": "package a\n", ".bashrc": "x\n"}, 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"add", ".bashrc"}} {
		if out, err := exec.Command(git, append([]string{"-C", home}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	for _, tt := range []struct{ dir, cmd string }{{home, "rm -rf tmp"}, {filepath.Join(home, "tmp", "proj"), "rm -rf src"}} {
		for _, caller := range []string{"", "claude-code"} {
			if v := g.Check(Request{Command: tt.cmd, Cwd: tt.dir, Shell: "bash", Caller: caller}); v.Level != dsl.Ask {
				t.Errorf("%q in %s, caller %q: %s, want ask (%v)", tt.cmd, tt.dir, caller, v.Level, v.Findings)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(proj, "node_modules")); err != nil {
		t.Errorf("a check touched the tree: %v", err)
	}
}
