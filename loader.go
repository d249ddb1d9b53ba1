package hguard

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/hguard/hguard/internal/statefile"
)

// Loader keeps the Guards of the projects a long-lived caller (the approval
// engine, the daemon) meets: each holds the built-ins, the user's rules and
// that project's rules, and is rebuilt when any of their files changes. It
// remembers the rule files that compiled whole, so that later loads compile
// each condition only when a command first meets it. It is safe for
// concurrent use.
type Loader struct {
	home    string
	checked *checkedRules

	mu     sync.Mutex
	guards map[string]*cachedGuard // project rules path ("" for none) → guard
}

type cachedGuard struct {
	g     *Guard
	stamp string
}

// NewLoader loads the rules of home ($HGUARD_HOME; "" means no user rules).
func NewLoader(home string) *Loader {
	l := &Loader{home: home, guards: map[string]*cachedGuard{}}
	if home != "" {
		l.checked = newCheckedRules(home)
	}
	return l
}

// maxCachedGuards bounds the projects remembered: past it the cache starts
// over rather than grow.
const maxCachedGuards = 256

// Guard returns the rules that apply in dir: the built-ins, the user's and
// those of dir's project, rebuilt when any of their files changed.
func (l *Loader) Guard(dir string) (*Guard, error) {
	project, _ := FindProjectRules(dir)
	stamp := rulesStamp(l.home, project)
	l.mu.Lock()
	c := l.guards[project]
	l.mu.Unlock()
	if c != nil && c.stamp == stamp {
		return c.g, nil
	}
	g, err := loadGuard(Options{Home: l.home, checked: l.checked}, project)
	if err != nil {
		return nil, fmt.Errorf("loading rules: %w", err)
	}
	l.mu.Lock()
	if len(l.guards) >= maxCachedGuards {
		clear(l.guards)
	}
	l.guards[project] = &cachedGuard{g: g, stamp: stamp}
	l.mu.Unlock()
	return g, nil
}

// rulesStamp names the version of every rule file that New would read.
func rulesStamp(home, project string) string {
	var b strings.Builder
	add := func(p string) {
		if fi, err := os.Stat(p); err == nil {
			st := statefile.StampOf(fi)
			fmt.Fprintf(&b, "%s:%d:%d:%d;", p, st.Ino, st.Size, st.Mtime)
		}
	}
	if home != "" {
		paths, _ := filepath.Glob(filepath.Join(home, "rules.d", "*.yaml"))
		for _, p := range paths {
			add(p)
		}
	}
	if project != "" {
		add(project)
	}
	return b.String()
}
