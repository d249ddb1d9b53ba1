package approval

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hguard/hguard/config"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/testfile"
	"github.com/hguard/hguard/session"
)

func TestCorruptSessionState(t *testing.T) {
	home := t.TempDir()
	var warned []string
	e, err := New(Options{Home: home, Warn: func(m string) { warned = append(warned, m) }})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	req := CheckRequest{Command: "git reset --hard", Session: "s1"}
	if _, err := e.Answer(req, AnswerRule, ""); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(home, "state", "sessions", "s1.json")
	for _, bad := range []string{"{", "", "null garbage", `{"id":"s2"}`, "\x00\x01"} {
		testfile.Write(t, path, bad)
		d, err := e.Decide(req)
		if err != nil {
			t.Fatalf("%q: %v", bad, err)
		}
		if d.Outcome != dsl.Ask || len(d.Warnings) != 1 {
			t.Errorf("%q: decision %s, warnings %q; want ask with one warning", bad, d.Outcome, d.Warnings)
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
func TestEnginePrunesDaily(t *testing.T) {
	home := t.TempDir()
	e, err := New(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	stale := func(id string) string {
		t.Helper()
		if _, err := e.sessions.Update(id, func(st *session.State) { st.YOLO = true }); err != nil {
			t.Fatal(err)
		}
		p := e.sessions.Path(id)
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
	os.WriteFile(config.Path(home), []byte("sessions: {max_age_days: 0}\n"), 0o600)
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
	e, err := New(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if _, err := e.sessions.Update("daily", func(st *session.State) { st.YOLO = true }); err != nil {
		t.Fatal(err)
	}
	long := time.Now().Add(-40 * 24 * time.Hour)
	os.Chtimes(e.sessions.Path("daily"), long, long)
	d, err := e.Decide(CheckRequest{Command: "git reset --hard", Session: "daily"})
	if err != nil || d.Outcome != dsl.Allow || d.By != ByYOLO {
		t.Fatalf("first check: %+v, %v", d, err)
	}
	d, err = e.Decide(CheckRequest{Command: "git reset --hard", Session: "daily"})
	if err != nil || d.By != ByYOLO {
		t.Errorf("a session in daily use lost its YOLO to pruning: %+v, %v", d, err)
	}

	// Corrupt and old: set aside now, and kept.
	p := e.sessions.Path("broken")
	os.WriteFile(p, []byte("{"), 0o600)
	os.Chtimes(p, long, long)
	e.sessions.Get("broken")
	if n, _ := e.sessions.Prune(30*24*time.Hour, time.Minute); n != 0 {
		t.Errorf("prune removed %d", n)
	}
	if _, corrupt, _ := e.sessions.List(); len(corrupt) != 1 {
		t.Errorf("the file set aside was pruned at once: %v", corrupt)
	}
}

// The daily marker is touched, never truncated through a symlink.
func TestPruneMarkerSymlink(t *testing.T) {
	home := t.TempDir()
	e, err := New(Options{Home: home})
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
	if got := testfile.Read(t, victim); got != "export PATH\n" {
		t.Errorf("the marker's symlink target became %q", got)
	}
}
