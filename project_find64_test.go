package hguard

import (
	"path/filepath"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestProjectFindsOutside: a project's own script cleaning the project
// with find stays its business, but one whose find starts outside the
// project (the home's keys, /etc, a directory a variable names) asks as on
// the line (red team rt64).
func TestProjectFindsOutside(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	recipe := func(cmd string) string { return "clean:\n\t" + cmd + "\n" }
	files := map[string]string{
		"p/.git/HEAD":    "ref: refs/heads/main\n",
		"p/Makefile":     recipe(`find . -name '*.pyc' -delete; find build -name "$${PAT:-*.o}" -delete`),
		"keys/.git/HEAD": "ref: refs/heads/main\n",
		"keys/Makefile":  recipe(`find ~/.ssh -type f -name 'id_*' -delete`),
		"etc/.git/HEAD":  "ref: refs/heads/main\n",
		"etc/Makefile":   recipe(`find /etc -name '*.conf' -exec rm -f {} \;`),
		"var/.git/HEAD":  "ref: refs/heads/main\n",
		"var/Makefile":   recipe(`find "$${ROOT:-/}" -mindepth 1 -mtime +30 -delete`),
		"opt/.git/HEAD":  "ref: refs/heads/main\n",
		"opt/Makefile":   recipe(`find -L ~/.ssh -type f -delete`),
		"cdb/.git/HEAD":  "ref: refs/heads/main\n",
		"cdb/Makefile":   recipe(`cd build && find . -name '*.o' -delete`),
		"abs/.git/HEAD":  "ref: refs/heads/main\n",
		"abs/Makefile":   recipe(`find $(CURDIR)/build -name '*.o' -delete; find ` + filepath.Join(home, "abs", "dist") + ` -delete`),
	}
	writeOldTree(t, home, files, 0o644)
	g := newGuard(t, Options{})
	for _, tt := range []struct {
		cwd  string
		want dsl.Level
	}{
		{"p", dsl.Allow},
		{"keys", dsl.Ask},
		{"etc", dsl.Ask},
		{"var", dsl.Ask},
		{"abs", dsl.Allow},
		{"opt", dsl.Ask}, // find's own options before its starting points (rv64)
		{"cdb", dsl.Allow},
	} {
		v := g.Check(Request{Command: "make clean", Cwd: filepath.Join(home, tt.cwd), Shell: "bash", Caller: "claude-code"})
		if v.Level != tt.want {
			t.Errorf("in %s, make clean: %v, want %v (%v)", tt.cwd, v.Level, tt.want, v.Findings)
		}
	}
}
