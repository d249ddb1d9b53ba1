package hguard

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/atomicfile"
	"github.com/hguard/hguard/internal/flock"
)

// checkedRules remembers the rule files (rules.d, a project's
// .hguard/rules.yaml) that compiled completely, by the SHA-256 of the
// rule language and their content, in $HGUARD_HOME/state/rules-checked.
// A file it knows is loaded with each condition compiled when a command
// first meets it, as the built-ins are: compiling every rule of a rules.d
// on each check cost about 80 µs a rule. A file it does not know is
// compiled whole, and a bad one is a load error, as before.
//
// An entry is only ever a promise that compiling will succeed; if a
// hand-edited state file breaks it, the rule fails when a command meets it,
// as an ask naming the error, never as an allow.
type checkedRules struct {
	path   string
	mu     sync.Mutex
	loaded bool
	sums   []string // oldest first
}

// maxCheckedRules bounds the file: older entries are dropped.
const maxCheckedRules = 256

// newCheckedRules is home's list, read when first needed. A missing or
// unreadable list is empty: every file is then compiled whole.
func newCheckedRules(home string) *checkedRules {
	return &checkedRules{path: filepath.Join(home, "state", "rules-checked")}
}

// load reads the list once; c.mu is held.
func (c *checkedRules) load() {
	if !c.loaded {
		c.sums, c.loaded = readCheckedRules(c.path), true
	}
}

func readCheckedRules(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil || len(data) > 128<<10 {
		return nil
	}
	var sums []string
	for _, line := range strings.Split(string(data), "\n") {
		if isSHA256Hex(line) {
			sums = append(sums, line)
		}
	}
	return sums
}

func isSHA256Hex(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil && strings.ToLower(s) == s
}

func (c *checkedRules) sum(data []byte) string {
	lang := dsl.LanguageSum()
	h := sha256.New()
	h.Write(lang[:])
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// has reports whether a file with this content compiled completely.
func (c *checkedRules) has(data []byte) bool {
	if c == nil {
		return false
	}
	s := c.sum(data)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.load()
	return slices.Contains(c.sums, s)
}

// add records a file that compiled completely, under the list's lock and
// merged with what other processes added meanwhile. A failure to write only
// costs the next check a full compile, so it is not reported.
func (c *checkedRules) add(data []byte) {
	if c == nil {
		return
	}
	s := c.sum(data)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.load()
	if slices.Contains(c.sums, s) {
		return
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o700); err != nil {
		return
	}
	lock, err := flock.Lock(c.path+".lock", true)
	if err != nil {
		return
	}
	defer lock.Unlock()
	sums := readCheckedRules(c.path)
	if !slices.Contains(sums, s) {
		sums = append(sums, s)
	}
	if len(sums) > maxCheckedRules {
		sums = slices.Delete(sums, 0, len(sums)-maxCheckedRules)
	}
	var b bytes.Buffer
	for _, s := range sums {
		b.WriteString(s + "\n")
	}
	if atomicfile.Write(c.path, b.Bytes(), 0o600) == nil {
		c.sums = sums
	}
}
