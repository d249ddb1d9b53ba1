package hguard

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hguard/hguard/dsl"
)

const goodUserRules = `- id: prod-ssh
  level: ask
  on: [ssh]
  when: 'any(positional, # matches "^prod-")'
  message: connects to production
`

// brokenUserRules compiles to an error: prodHost is no variable.
const brokenUserRules = `- id: prod-ssh
  level: ask
  on: [ssh]
  when: 'any(positional, # == prodHost)'
  message: connects to production
`

func writeUserRules(t *testing.T, home, text string) {
	t.Helper()
	dir := filepath.Join(home, "rules.d")
	os.MkdirAll(dir, 0o700)
	if err := os.WriteFile(filepath.Join(dir, "team.yaml"), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestCheckedRules(t *testing.T) {
	home := t.TempDir()
	// load fails with the problems of the files New left out.
	load := func() (*Guard, error) {
		g, err := loadGuard(Options{Home: home, checked: newCheckedRules(home)}, "")
		if err == nil && len(g.Problems()) > 0 {
			return g, errors.Join(g.Problems()...)
		}
		return g, err
	}
	writeUserRules(t, home, goodUserRules)
	if _, err := load(); err != nil {
		t.Fatal(err)
	}
	if !newCheckedRules(home).has([]byte(goodUserRules)) {
		t.Fatal("a file that compiled whole was not recorded")
	}
	g, err := load() // now compiled on first use
	if err != nil {
		t.Fatal(err)
	}
	if v := g.Check(Request{Command: "ssh prod-db"}); v.Level != dsl.Ask {
		t.Errorf("a lazily compiled user rule: %v, want ask", v.Level)
	}

	// A file not on the list is compiled whole: a bad one is a load error.
	writeUserRules(t, home, brokenUserRules)
	if _, err := load(); err == nil || !strings.Contains(err.Error(), "team.yaml:4:31: rule prod-ssh: when:") {
		t.Fatalf("a broken file not on the list: %v, want a load error at its place", err)
	}
	// An entry of the content alone, without the language, counts for nothing.
	plain := sha256.Sum256([]byte(brokenUserRules))
	os.WriteFile(filepath.Join(home, "state", "rules-checked"), []byte(hex.EncodeToString(plain[:])+"\n"), 0o600)
	if _, err := load(); err == nil {
		t.Fatal("an entry without the language fingerprint let a broken file load")
	}
	// A forged entry for the broken file: it loads, and fails closed on the
	// command that meets the rule.
	newCheckedRules(home).add([]byte(brokenUserRules))
	g, err = load()
	if err != nil {
		t.Fatalf("a listed file was compiled whole: %v", err)
	}
	v := g.Check(Request{Command: "ssh prod-db"})
	if v.Level != dsl.Ask || !strings.Contains(v.Reasons(), "cannot be compiled") {
		t.Errorf("the broken rule on a command that meets it: %v %q, want an ask naming the compile error", v.Level, v.Reasons())
	}
	if v := g.Check(Request{Command: "ls"}); v.Level != dsl.Allow {
		t.Errorf("a command the broken rule does not meet: %v", v.Level)
	}

	// A rule at level allow is never evaluated, so even a listed file
	// compiles it at load: a broken one cannot switch a built-in off quietly.
	brokenOff := strings.Replace(strings.Replace(brokenUserRules, "prod-ssh", "recursive-delete-root", 1), "level: ask", "level: allow", 1)
	writeUserRules(t, home, brokenOff)
	newCheckedRules(home).add([]byte(brokenOff))
	if _, err := load(); err == nil || !strings.Contains(err.Error(), "rule recursive-delete-root: when:") {
		t.Errorf("a listed file with a broken allow rule: %v, want a load error", err)
	}
}

func TestCheckedRulesFile(t *testing.T) {
	home := t.TempDir()
	path := filepath.Join(home, "state", "rules-checked")
	os.MkdirAll(filepath.Dir(path), 0o700)

	// Garbage, and a file too large to be ours, read as an empty list.
	for _, junk := range []string{"not a hash\n\x00\xff", strings.Repeat("a", 200<<10)} {
		os.WriteFile(path, []byte(junk), 0o600)
		c := newCheckedRules(home)
		if c.has([]byte("x")) {
			t.Error("a junk list holds an entry")
		}
		c.add([]byte("x"))
		if !newCheckedRules(home).has([]byte("x")) {
			t.Error("adding to a junk list did not rewrite it")
		}
	}
	// The list keeps the newest maxCheckedRules entries.
	c := newCheckedRules(home)
	for i := range maxCheckedRules + 10 {
		c.add(fmt.Appendf(nil, "file %d", i))
	}
	data, _ := os.ReadFile(path)
	if n := strings.Count(string(data), "\n"); n != maxCheckedRules {
		t.Errorf("the list holds %d entries, want %d", n, maxCheckedRules)
	}
	fresh := newCheckedRules(home)
	if !fresh.has(fmt.Appendf(nil, "file %d", maxCheckedRules+9)) || fresh.has([]byte("file 0")) {
		t.Error("the list did not keep the newest entries")
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("list mode: %v, %v", fi.Mode(), err)
	}
}
