package hguard

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestOutsideWorkTree: in a directory no git work tree holds, git's
// work-tree commands fail and change nothing, a build's output that is
// not there loses nothing, and a directory that says itself a tool makes
// it again (CACHEDIR.TAG, a .gitignore of *, pyvenv.cfg, node_modules of
// packages) is regenerable; the same names holding what nothing vouches
// for, a line that makes a repository first or points git elsewhere, and
// the home's own output names still ask.
func TestOutsideWorkTree(t *testing.T) {
	_, home := gitHome(t)
	loose := filepath.Join(home, "loose") // no work tree
	writeTree(t, loose, map[string]string{
		"target/CACHEDIR.TAG":                   cacheDirTag + "\n# This file is a cache directory tag created by cargo.\n",
		"target/debug/app":                      "x\n",
		".pytest_cache/.gitignore":              "# Created by pytest automatically.\n*\n",
		".pytest_cache/v/cache/nodeids":         "[]\n",
		".venv/pyvenv.cfg":                      "home = /usr/bin\n",
		".venv/lib/python3.12/site-packages/x":  "x\n",
		"node_modules/left-pad/package.json":    "{}\n",
		"node_modules/@types/node/package.json": "{}\n",
		"node_modules/.bin/x":                   "x\n",
		"node_modules/.package-lock.json":       "{}\n",
		"web/node_modules/notes.md":             "mine\n",
		"api/node_modules/lib/index.js":         "x\n", // no package.json
		"dist/index.js":                         "x\n",
		"build/.gitignore":                      "*.o\n",
		"out/CACHEDIR.TAG":                      "not a tag\n",
		"main.go":                               "package main\n",
		"src/a.go":                              "package src\n",
	}, 0o644)
	// a directory anyone may change, not sticky: a .git may appear above
	shared := filepath.Join(home, "shared", "w")
	if err := os.MkdirAll(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Dir(shared), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(home, "Documents"), filepath.Join(loose, "tmp")); err != nil {
		t.Fatal(err)
	}
	writeTree(t, home, map[string]string{"Documents/a.md": "a\n", "other/.git/HEAD": "ref: refs/heads/main\n"}, 0o644)
	bare := filepath.Join(home, "dots.git")
	writeTree(t, bare, map[string]string{"HEAD": "ref: refs/heads/main\n", "objects/info/packs": "\n"}, 0o644)
	g := newGuard(t, Options{})
	for _, tt := range []struct {
		dir, cmd string
		want     dsl.Level
	}{
		{loose, "rm -rf target", dsl.Allow},                         // cargo's tag
		{loose, "rm -rf target/debug", dsl.Allow},                   // below it
		{loose, "rm -rf .pytest_cache", dsl.Allow},                  // a .gitignore of *
		{loose, "rm -rf .venv", dsl.Allow},                          // a virtual environment's root
		{loose, "rm -rf node_modules && npm ci", dsl.Allow},         // packages only
		{loose, "rm -rf .next __pycache__ coverage", dsl.Allow},     // not there
		{loose, "rm -rf .next/cache", dsl.Allow},                    // below an output directory not there either
		{loose, "rm -rf dist/x", dsl.Ask},                           // below one that is there
		{loose, "npx rimraf .next", dsl.Allow},                      // not there
		{loose, "find .next -name '*.map' -delete", dsl.Allow},      // not there
		{loose, "rm -rf dist", dsl.Ask},                             // what it holds nothing vouches for
		{loose, "rm -rf build", dsl.Ask},                            // its .gitignore keeps some files out, not all
		{loose, "rm -rf out", dsl.Ask},                              // no tag's signature
		{loose, "rm -rf web/node_modules", dsl.Ask},                 // a file of the user's
		{loose, "rm -rf api/node_modules", dsl.Ask},                 // an entry with no package.json
		{loose, "rm -rf tmp/", dsl.Ask},                             // a link to ~/Documents
		{loose, "mv main.go .next/ && rm -rf .next", dsl.Ask},       // filled on the line
		{loose, "rm -rf src", dsl.Ask},                              // a name no build gives
		{home, "rm -rf tmp", dsl.Ask},                               // the home's own
		{loose, "git clean -fdx", dsl.Allow},                        // git finds no work tree and fails
		{loose, "git reset --hard HEAD~1", dsl.Allow},               //
		{loose, "git checkout . && git restore main.go", dsl.Allow}, //
		{loose, "git fetch && git reset --hard origin/main", dsl.Allow},
		{loose, "cd web && git clean -fd", dsl.Allow},
		{loose, "git init && git clean -fdx", dsl.Ask},           // a work tree made first
		{loose, "mv ../other/.git . && git clean -fdx", dsl.Ask}, // moved in first
		{loose, "git -C ../other clean -fdx", dsl.Ask},           // pointed elsewhere
		{loose, "git --work-tree=. --git-dir=../other/.git clean -fdx", dsl.Ask},
		{loose, "GIT_DIR=../other/.git git reset --hard", dsl.Ask},
		{loose, "export GIT_WORK_TREE=.; git clean -fdx", dsl.Ask},
		{loose, "cd ../other && git clean -fdx", dsl.Ask}, // a work tree there
		{loose, "cd \"$X\" && git clean -fdx", dsl.Ask},   // unknown
		{home, "git clean -fdx", dsl.Ask},                 // the home: a dotfiles repository's work tree, by a GIT_DIR hguard may not see
		{loose, "cd ~ && git checkout -- .", dsl.Ask},
		{loose, "cd \"$OLDPWD\" && rm -rf .next", dsl.Ask}, // where it runs is not known
		{bare, "git clean -fdx", dsl.Ask},                  // a repository, whose core.worktree may name one
		{shared, "git reset --hard", dsl.Ask},              // anyone may put a .git in a directory above
	} {
		for _, caller := range []string{"", "claude-code"} {
			v := g.Check(Request{Command: tt.cmd, Cwd: tt.dir, Shell: "bash", Caller: caller})
			if v.Level != tt.want {
				t.Errorf("%q in %s, caller %q: %s, want %s (%v)", tt.cmd, tt.dir, caller, v.Level, tt.want, v.Findings)
			}
		}
	}
}
