package hguard

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/flock"
)

func readFile(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestValidSessionID(t *testing.T) {
	for _, id := range []string{"s1", "pid-123-456", "0b7c5e2a-1f3d-4c1e-9a7b-2f1e0d9c8b7a", "agent:sub.2@host+x", strings.Repeat("a", 128)} {
		if err := ValidSessionID(id); err != nil {
			t.Errorf("%q: %v", id, err)
		}
	}
	for _, id := range []string{"", ".", "..", "../x", "a/b", ".hidden", "-flag", "a b", "a\x00b", "é", strings.Repeat("a", 129), "a\n"} {
		if ValidSessionID(id) == nil {
			t.Errorf("%q accepted", id)
		}
	}
	for _, id := range []string{"ok-id", "has/slash", "../../etc", "空"} {
		if err := ValidSessionID(SessionFromAgent(id)); err != nil {
			t.Errorf("SessionFromAgent(%q) = %q: %v", id, SessionFromAgent(id), err)
		}
	}
	if SessionFromAgent("a/b") == SessionFromAgent("a/c") {
		t.Error("SessionFromAgent maps distinct ids to one")
	}
	if d := DefaultSession(); ValidSessionID(d) != nil || !strings.HasPrefix(d, fmt.Sprintf("pid-%d", os.Getppid())) {
		t.Errorf("DefaultSession() = %q", d)
	}
}

func TestCorruptSessionState(t *testing.T) {
	home := t.TempDir()
	var warned []string
	e, err := NewEngine(EngineOptions{Home: home, Warn: func(m string) { warned = append(warned, m) }})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	req := CheckRequest{Command: "git reset --hard", Session: "s1"}
	if _, err := e.Answer(req, Rule, ""); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(home, "state", "sessions", "s1.json")
	for _, bad := range []string{"{", "", "null garbage", `{"id":"s2"}`, "\x00\x01"} {
		writeTestFile(t, path, bad)
		d, err := e.Decide(req)
		if err != nil {
			t.Fatalf("%q: %v", bad, err)
		}
		if d.Decision != dsl.Ask || len(d.Warnings) != 1 {
			t.Errorf("%q: decision %s, warnings %q; want ask with one warning", bad, d.Decision, d.Warnings)
		}
	}
	if len(warned) != 5 {
		t.Errorf("%d reports, want 5", len(warned))
	}
	_, corrupt, _ := e.Sessions()
	if len(corrupt) != 5 {
		t.Errorf("%d files set aside, want 5", len(corrupt))
	}
}

// TestConcurrentSessionUpdates runs writers from several stores (as from
// several processes: each opens its own lock) on one session file: no
// update is lost and the file always parses.
func TestConcurrentSessionUpdates(t *testing.T) {
	home := t.TempDir()
	const stores, each = 4, 25
	var wg sync.WaitGroup
	for i := range stores {
		s, err := newSessionStore(home, func(m string) { t.Errorf("corrupt: %s", m) })
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range each {
				_, err := s.Update("s1", func(st *SessionState) {
					st.Approvals = append(st.Approvals, Grant{Rule: fmt.Sprintf("r%d-%d", i, j)})
				})
				if err != nil {
					t.Error(err)
					return
				}
				if _, err := s.Get("s1"); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	s, _ := newSessionStore(home, nil)
	st, err := s.Get("s1")
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Approvals) != stores*each {
		t.Errorf("%d approvals, want %d", len(st.Approvals), stores*each)
	}
}

func TestPruneSessions(t *testing.T) {
	home := t.TempDir()
	s, err := newSessionStore(home, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"old", "recent", "busy"} {
		if _, err := s.Update(id, func(st *SessionState) { st.YOLO = true }); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-40 * 24 * time.Hour)
	age := func(name string) {
		t.Helper()
		if err := os.Chtimes(filepath.Join(s.dir, name), long, long); err != nil {
			t.Fatal(err)
		}
	}
	age("old.json")
	age("busy.json")
	os.WriteFile(filepath.Join(s.dir, "gone.json.lock"), nil, 0o600) // its session was set aside
	age("gone.json.lock")
	os.WriteFile(filepath.Join(s.dir, "x.json.corrupt-1"), []byte("{"), 0o600)
	age("x.json.corrupt-1")
	os.WriteFile(filepath.Join(s.dir, ".y.json.tmp-123"), []byte("{"), 0o600) // a crashed write
	age(".y.json.tmp-123")
	os.WriteFile(filepath.Join(s.dir, "notes.txt"), nil, 0o600) // not ours
	age("notes.txt")

	busy, err := flock.Lock(s.path("busy")+".lock", true) // another process is using it
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(s.dir, "package.json"), []byte(`{"name":"x"}`), 0o600) // not a session's
	age("package.json")
	if n, _ := s.prune(30*24*time.Hour, 0); n != 0 {
		t.Errorf("a prune with no time budget removed %d", n)
	}
	n, err := s.prune(30*24*time.Hour, time.Minute)
	busy.Unlock()
	if err != nil || n != 1 {
		t.Fatalf("prune = %d, %v; want 1 session removed", n, err)
	}
	left, _ := os.ReadDir(s.dir)
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "busy.json busy.json.lock notes.txt package.json recent.json recent.json.lock" {
		t.Errorf("left: %s", got)
	}
	if st, _ := s.Get("old"); st.YOLO {
		t.Error("a removed session still reads as YOLO (stale cache)")
	}
	if st, _ := s.Get("recent"); !st.YOLO {
		t.Error("a recent session lost its state")
	}
}

// Pruning in one process while another writes the session never loses
// a write made after the cut-off, nor corrupts the file.
func TestPruneWhileUpdating(t *testing.T) {
	home := t.TempDir()
	writer, _ := newSessionStore(home, func(m string) { t.Errorf("corrupt: %s", m) })
	pruner, _ := newSessionStore(home, func(m string) { t.Errorf("corrupt: %s", m) })
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := range 200 {
			if _, err := writer.Update("s1", func(st *SessionState) { st.Denials = map[string]int{"r": i} }); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	go func() {
		defer wg.Done()
		for range 200 {
			if _, err := pruner.prune(time.Nanosecond, time.Minute); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	wg.Wait()
	// The last write stands unless a prune came after it.
	if _, err := writer.Update("s1", func(st *SessionState) { st.YOLO = true }); err != nil {
		t.Fatal(err)
	}
	if st, err := pruner.Get("s1"); err != nil || !st.YOLO {
		t.Errorf("after the last write: %+v, %v", st, err)
	}
}

func TestEnginePrunesDaily(t *testing.T) {
	home := t.TempDir()
	e, err := NewEngine(EngineOptions{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	stale := func(id string) string {
		t.Helper()
		if _, err := e.sessions.Update(id, func(st *SessionState) { st.YOLO = true }); err != nil {
			t.Fatal(err)
		}
		p := e.sessions.path(id)
		long := time.Now().Add(-31 * 24 * time.Hour)
		os.Chtimes(p, long, long)
		return p
	}
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	decide := func() {
		t.Helper()
		if _, err := e.Decide(CheckRequest{Command: "ls", Session: "s"}); err != nil {
			t.Fatal(err)
		}
	}
	a := stale("a")
	decide()
	if exists(a) {
		t.Fatal("a session unused for 31 days outlived a check")
	}
	b := stale("b")
	decide()
	if !exists(b) {
		t.Fatal("pruned twice in a day")
	}
	marker := filepath.Join(home, "state", "sessions-pruned")
	long := time.Now().Add(-25 * time.Hour)
	os.Chtimes(marker, long, long)
	decide()
	if exists(b) {
		t.Fatal("not pruned a day later")
	}
	os.WriteFile(ConfigPath(home), []byte("sessions: {max_age_days: 0}\n"), 0o600)
	os.Chtimes(marker, long, long)
	c := stale("c")
	decide()
	if !exists(c) {
		t.Fatal("pruned with max_age_days: 0")
	}
}

// A session in use is not pruned though its file is old: each check marks
// it used. A file set aside as corrupt is kept for maxAge from then.
func TestPruneKeepsWhatIsInUse(t *testing.T) {
	home := t.TempDir()
	e, err := NewEngine(EngineOptions{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if _, err := e.sessions.Update("daily", func(st *SessionState) { st.YOLO = true }); err != nil {
		t.Fatal(err)
	}
	long := time.Now().Add(-40 * 24 * time.Hour)
	os.Chtimes(e.sessions.path("daily"), long, long)
	d, err := e.Decide(CheckRequest{Command: "git reset --hard", Session: "daily"})
	if err != nil || d.Decision != dsl.Allow || d.By != ByYOLO {
		t.Fatalf("first check: %+v, %v", d, err)
	}
	d, err = e.Decide(CheckRequest{Command: "git reset --hard", Session: "daily"})
	if err != nil || d.By != ByYOLO {
		t.Errorf("a session in daily use lost its YOLO to pruning: %+v, %v", d, err)
	}

	// Corrupt and old: set aside now, and kept.
	p := e.sessions.path("broken")
	os.WriteFile(p, []byte("{"), 0o600)
	os.Chtimes(p, long, long)
	e.sessions.Get("broken")
	if n, _ := e.sessions.prune(30*24*time.Hour, time.Minute); n != 0 {
		t.Errorf("prune removed %d", n)
	}
	if _, corrupt, _ := e.sessions.List(); len(corrupt) != 1 {
		t.Errorf("the file set aside was pruned at once: %v", corrupt)
	}
}

// The daily marker is touched, never truncated through a symlink.
func TestPruneMarkerSymlink(t *testing.T) {
	home := t.TempDir()
	e, err := NewEngine(EngineOptions{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	victim := filepath.Join(home, "bashrc")
	os.WriteFile(victim, []byte("export PATH\n"), 0o600)
	if err := os.Symlink(victim, filepath.Join(home, "state", "sessions-pruned")); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Decide(CheckRequest{Command: "ls", Session: "s"}); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, victim); got != "export PATH\n" {
		t.Errorf("the marker's symlink target became %q", got)
	}
}
