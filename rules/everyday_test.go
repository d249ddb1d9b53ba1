package rules_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// everydayDivergence is a line of the everyday corpus that hguard does not
// allow, with what a person and an agent get and why asking is right.
type everydayDivergence struct {
	Cmd    string `yaml:"cmd"`
	Person string `yaml:"person"`
	Agent  string `yaml:"agent"`
	Reason string `yaml:"reason"`
}

// heredocOpener finds a here-document's operator and word (<<EOF,
// <<'EOF', <<-"EOF"); a here-string (<<<) is blanked out first.
var heredocOpener = regexp.MustCompile(`<<(-?)\s*['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?`)

// readEveryday reads testdata/everyday.txt: one command line a line, a line
// that opens here-documents going on to their terminators (and to the line
// after, when it closes a command substitution the here-document sits in, as
// in git commit -m "$(cat <<'EOF' … EOF⏎)"); '#' lines and blank lines
// between entries are skipped.
func readEveryday(t *testing.T) []string {
	t.Helper()
	return readEverydayFile(t, "testdata/everyday.txt")
}

// readEverydayFile is readEveryday of the corpus in file name.
func readEverydayFile(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var out []string
	for i := 0; i < len(lines); {
		l := lines[i]
		i++
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		body := []string{l}
		for _, m := range heredocOpener.FindAllStringSubmatch(strings.ReplaceAll(l, "<<<", "   "), -1) {
			dash, word := m[1] == "-", m[2]
			for done := false; !done && i < len(lines); i++ {
				b := lines[i]
				body = append(body, b)
				if dash {
					b = strings.TrimLeft(b, "\t")
				}
				done = b == word
			}
		}
		if len(body) > 1 && i < len(lines) && strings.HasPrefix(lines[i], ")") {
			body = append(body, lines[i])
			i++
		}
		out = append(out, strings.Join(body, "\n"))
	}
	return out
}

// everydayProject makes the project the corpus runs in: a git work tree
// under a throwaway home, its sources committed, with the output a build,
// the package managers and the test runners leave (untracked, ignored).
func everydayProject(t *testing.T) string {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "gitconfig"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, v := range []string{"GIT_AUTHOR", "GIT_COMMITTER"} {
		t.Setenv(v+"_NAME", "dev")
		t.Setenv(v+"_EMAIL", "dev@example.com")
	}
	proj := filepath.Join(home, "proj")
	tracked := map[string]string{
		"README.md":         "# app\n",
		".gitignore":        "node_modules/\ndist/\nbuild/\ntarget/\n.venv/\n__pycache__/\n.pytest_cache/\ntmp/\n*.log\n.env\n",
		"package.json":      "{\"name\": \"app\", \"version\": \"1.0.0\"}\n",
		"go.mod":            "module example.com/app\n",
		"main.go":           "package main\n",
		"src/app.py":        "print('hi')\n",
		"src/index.ts":      "export {}\n",
		"tests/test_app.py": "def test_app():\n    pass\n",
		".env.example":      "PORT=3000\n",
		"Makefile":          "test:\n\tgo test ./...\n",
	}
	untracked := map[string]string{
		"node_modules/left-pad/index.js":  "x\n",
		"dist/index.js":                   "x\n",
		"build/app":                       "x\n",
		"target/debug/app":                "x\n",
		".venv/bin/python":                "x\n",
		"__pycache__/app.cpython-312.pyc": "x\n",
		".pytest_cache/README.md":         "x\n",
		"tmp/cache/a":                     "a\n",
	}
	for _, files := range []map[string]string{tracked, untracked} {
		for name, text := range files {
			p := filepath.Join(proj, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	add := []string{"-C", proj, "add"}
	for name := range tracked {
		add = append(add, name)
	}
	for _, args := range [][]string{{"-C", proj, "init", "-q"}, add, {"-C", proj, "commit", "-qm", "start"}} {
		if out, err := exec.Command(git, args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	return proj
}

// everydayGoal is the share of everyday lines hguard must allow, for a
// person and for an agent. The floors are what the corpus scores today:
// below the goal by the deliberate asks of everyday-divergences.yaml (a
// discarded uncommitted change, a secret file shown, an agent's remote
// pointed elsewhere, …); a fix raises its floor, and none may fall.
const (
	everydayGoal        = 0.99
	everydayFloorPerson = 0.99
	everydayFloorAgent  = 0.990
)

// TestEverydayCorpus decides every line of the everyday corpus
// (testdata/everyday.txt) as a person at a terminal and as a coding agent,
// in a project's git work tree. The share allowed must reach each caller's
// floor (the goal is 99%), and
// the lines that are not must be exactly those in
// testdata/everyday-divergences.yaml, with the levels given there; an entry
// hguard now allows, or whose line the corpus no longer has, is stale.
func TestEverydayCorpus(t *testing.T) {
	proj := everydayProject(t)
	data, err := os.ReadFile("testdata/everyday-divergences.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var list []everydayDivergence
	if err := yaml.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	divs := map[string]everydayDivergence{}
	for _, d := range list {
		if strings.TrimSpace(d.Reason) == "" {
			t.Errorf("divergence %q has no reason", d.Cmd)
		}
		if _, dup := divs[d.Cmd]; dup {
			t.Errorf("divergence %q listed twice", d.Cmd)
		}
		divs[d.Cmd] = d
	}
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lines := readEveryday(t)
	seen := map[string]bool{}
	allowed := map[string]int{}
	for _, cmd := range lines {
		if seen[cmd] {
			t.Errorf("line twice in the corpus: %q", cmd)
		}
		seen[cmd] = true
		var got [2]dsl.Level
		var why [2]string
		for i, caller := range []string{"", "claude-code"} {
			v := g.Check(hguard.Request{Command: cmd, Cwd: proj, Shell: "bash", Caller: caller})
			got[i], why[i] = v.Level, v.Reasons()
			if v.Level == dsl.Allow {
				allowed[caller]++
			}
		}
		d, listed := divs[cmd]
		switch {
		case got[0] == dsl.Allow && got[1] == dsl.Allow:
			if listed {
				t.Errorf("stale divergence, now allowed: %q", cmd)
			}
		case !listed:
			t.Errorf("not allowed and not in everyday-divergences.yaml: %q: person %s (%s), agent %s (%s)", cmd, got[0], why[0], got[1], why[1])
		case d.Person != got[0].String() || d.Agent != got[1].String():
			t.Errorf("%q: person %s, agent %s; everyday-divergences.yaml says %s, %s (%s / %s)", cmd, got[0], got[1], d.Person, d.Agent, why[0], why[1])
		}
	}
	for cmd := range divs {
		if !seen[cmd] {
			t.Errorf("divergence for a line the corpus does not have: %q", cmd)
		}
	}
	for _, c := range []struct {
		name, caller string
		floor        float64
	}{{"person", "", everydayFloorPerson}, {"agent", "claude-code", everydayFloorAgent}} {
		rate := ratio(allowed[c.caller], len(lines))
		t.Logf("%s: %d/%d = %.2f%% allowed (goal %.0f%%)", c.name, allowed[c.caller], len(lines), 100*rate, 100*everydayGoal)
		if rate < c.floor {
			t.Errorf("%s: %.2f%% of everyday lines allowed, want ≥ %.2f%%", c.name, 100*rate, 100*c.floor)
		}
	}
}
