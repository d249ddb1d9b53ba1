package hguard

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestCopyOverOutside: an agent's copy onto a file that exists outside
// its project asks (the redirect form did already; cp, mv, rsync did
// not), read from the disk; a new file, a no-clobber or backup copy, a
// copy inside the project or into a temporary directory do not.
func TestCopyOverOutside(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	writeTree(t, home, map[string]string{
		"proj/main.go":       "package main\n",
		"other/main.go":      "package other\n",
		".local/bin/tool":    "#!/bin/sh\n",
		"other/sub/keep.txt": "x\n",
	}, 0o644)
	if err := os.Symlink(filepath.Join(home, "other", "main.go"), filepath.Join(home, "link.go")); err != nil {
		t.Fatal(err)
	}
	checkFlows(t, home, []flowCase{
		{"proj", "cp main.go ~/other/main.go", dsl.Ask},
		{"proj", "cp main.go ~/other/", dsl.Ask},
		{"proj", "cp main.go ../other", dsl.Ask},
		{"proj", "mv main.go ~/other/main.go", dsl.Ask},
		{"proj", "rsync -a main.go ~/other/main.go", dsl.Ask},
		{"proj", "cp main.go ~/link.go", dsl.Ask},
		{"proj", "install -m 755 main.go ~/.local/bin/tool", dsl.Ask},
		{"proj", "cp main.go ~/other/new.go", dsl.Allow},
		{"proj", "cp main.go ~/other/sub/", dsl.Allow},
		{"proj", "cp -n main.go ~/other/main.go", dsl.Allow},
		{"proj", "cp --backup main.go ~/other/main.go", dsl.Allow},
		{"proj", "cp ~/other/main.go main.go", dsl.Allow},
		{"other", "cp main.go main.go.bak", dsl.Allow},
	})
	// a person's copy is theirs to make
	g := newGuard(t, Options{})
	if v := g.Check(Request{Command: "cp main.go ~/other/main.go", Cwd: filepath.Join(home, "proj"), Shell: "bash"}); v.Level != dsl.Allow {
		t.Errorf("a person's copy over a file: %v, want allow (%v)", v.Level, v.Findings)
	}
}
