package hguard

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hguard/hguard/dsl"
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
