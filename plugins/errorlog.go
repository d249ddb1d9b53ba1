package plugins

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hguard/hguard/internal/atomicfile"
)

// errorLog remembers each detector's last error in
// $HGUARD_HOME/state/plugins.json, so that 'hguard plugin list' can show
// what went wrong in an earlier process. It is diagnostics: when two
// processes record at once, one record may be lost.
type errorLog struct {
	path string
	mu   sync.Mutex
	seen map[string]string // what this process last wrote, to avoid rewriting it on every call
}

type lastError struct {
	Error string    `json:"error"`
	At    time.Time `json:"at"`
}

func newErrorLog(home string) *errorLog {
	l := &errorLog{seen: map[string]string{}}
	if home != "" {
		l.path = filepath.Join(home, "state", "plugins.json")
	}
	return l
}

func (l *errorLog) read() map[string]lastError {
	m := map[string]lastError{}
	if b, err := os.ReadFile(l.path); err == nil {
		_ = json.Unmarshal(b, &m) // unreadable diagnostics are dropped, not fatal
	}
	return m
}

func (l *errorLog) record(name string, err error) {
	if l.path == "" {
		return
	}
	msg := clean(err.Error(), 500)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.seen[name] == msg {
		return
	}
	l.seen[name] = msg
	m := l.read()
	m[name] = lastError{Error: msg, At: time.Now().UTC().Truncate(time.Second)}
	if b, err := json.MarshalIndent(m, "", "  "); err == nil {
		_ = atomicfile.Write(l.path, append(b, '\n'), 0o600)
	}
}

func (l *errorLog) last(name string) (lastError, bool) {
	if l.path == "" {
		return lastError{}, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.read()[name]
	return e, ok
}
