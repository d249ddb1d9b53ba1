package session

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hguard/hguard/internal/flock"
)

func TestValidSessionID(t *testing.T) {
	for _, id := range []string{"s1", "pid-123-456", "0b7c5e2a-1f3d-4c1e-9a7b-2f1e0d9c8b7a", "agent:sub.2@host+x", strings.Repeat("a", 128)} {
		if err := ValidID(id); err != nil {
			t.Errorf("%q: %v", id, err)
		}
	}
	for _, id := range []string{"", ".", "..", "../x", "a/b", ".hidden", "-flag", "a b", "a\x00b", "é", strings.Repeat("a", 129), "a\n"} {
		if ValidID(id) == nil {
			t.Errorf("%q accepted", id)
		}
	}
	for _, id := range []string{"ok-id", "has/slash", "../../etc", "空"} {
		if err := ValidID(FromAgent(id)); err != nil {
			t.Errorf("FromAgent(%q) = %q: %v", id, FromAgent(id), err)
		}
	}
	if FromAgent("a/b") == FromAgent("a/c") {
		t.Error("FromAgent maps distinct ids to one")
	}
	if d := Default(); ValidID(d) != nil || !strings.HasPrefix(d, fmt.Sprintf("pid-%d", os.Getppid())) {
		t.Errorf("Default() = %q", d)
	}
}

func TestConcurrentSessionUpdates(t *testing.T) {
	home := t.TempDir()
	const stores, each = 4, 25
	var wg sync.WaitGroup
	for i := range stores {
		s, err := Open(home, func(m string) { t.Errorf("corrupt: %s", m) })
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range each {
				_, err := s.Update("s1", func(st *State) {
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
	s, _ := Open(home, nil)
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
	s, err := Open(home, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"old", "recent", "busy"} {
		if _, err := s.Update(id, func(st *State) { st.YOLO = true }); err != nil {
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
	if n, _ := s.Prune(30*24*time.Hour, 0); n != 0 {
		t.Errorf("a prune with no time budget removed %d", n)
	}
	n, err := s.Prune(30*24*time.Hour, time.Minute)
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
	writer, _ := Open(home, func(m string) { t.Errorf("corrupt: %s", m) })
	pruner, _ := Open(home, func(m string) { t.Errorf("corrupt: %s", m) })
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := range 200 {
			if _, err := writer.Update("s1", func(st *State) { st.Denials = map[string]int{"r": i} }); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	go func() {
		defer wg.Done()
		for range 200 {
			if _, err := pruner.Prune(time.Nanosecond, time.Minute); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	wg.Wait()
	// The last write stands unless a prune came after it.
	if _, err := writer.Update("s1", func(st *State) { st.YOLO = true }); err != nil {
		t.Fatal(err)
	}
	if st, err := pruner.Get("s1"); err != nil || !st.YOLO {
		t.Errorf("after the last write: %+v, %v", st, err)
	}
}

// TestGetOnlyReads: reading a session (as hguard doctor does) leaves its
// file's time alone, so pruning still sees it unused; MarkUsed touches it,
// at most once a day.
func TestGetOnlyReads(t *testing.T) {
	s, err := Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update("s1", func(st *State) { st.YOLO = true }); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(s.Path("s1"), old, old); err != nil {
		t.Fatal(err)
	}
	mtime := func() time.Time {
		fi, err := os.Stat(s.Path("s1"))
		if err != nil {
			t.Fatal(err)
		}
		return fi.ModTime()
	}
	if st, err := s.Get("s1"); err != nil || !st.YOLO {
		t.Fatalf("Get = %+v, %v", st, err)
	}
	if !mtime().Equal(old) {
		t.Fatalf("Get changed the file's time to %v", mtime())
	}
	s.MarkUsed("s1")
	touched := mtime()
	if time.Since(touched) > time.Hour {
		t.Fatalf("MarkUsed left the time at %v", touched)
	}
	if st, err := s.Get("s1"); err != nil || !st.YOLO {
		t.Fatalf("Get after MarkUsed = %+v, %v", st, err)
	}
	s.MarkUsed("s1") // within the day: nothing to do
	if !mtime().Equal(touched) {
		t.Fatal("MarkUsed touched the file twice in a day")
	}
	s.MarkUsed("unknown") // no file: nothing made
	if _, err := os.Stat(s.Path("unknown")); err == nil {
		t.Fatal("MarkUsed made a file for a session with none")
	}
}

// TestAddFetched: each path once, newest last; past the bound the fullest
// directory stands for its paths, so none is forgotten.
func TestAddFetched(t *testing.T) {
	var st State
	st.AddFetched("/a", "/b", "/a")
	if want := []string{"/b", "/a"}; !slices.Equal(st.Fetched, want) {
		t.Errorf("Fetched = %q, want %q", st.Fetched, want)
	}
	for i := range MaxFetched + 10 {
		st.AddFetched(fmt.Sprintf("/p%d", i))
	}
	// past the bound, paths directly under / fold into /, which stands for every one
	if len(st.Fetched) > MaxFetched || st.Fetched[len(st.Fetched)-1] != fmt.Sprintf("/p%d", MaxFetched+9) || !slices.Contains(st.Fetched, "/") {
		t.Errorf("after %d more: %d paths, last %q", MaxFetched+10, len(st.Fetched), st.Fetched[len(st.Fetched)-1])
	}
	// Pushed out, a path leaves its directory behind (attack2: one
	// download and 64 more made the first one runnable unasked).
	st = State{}
	st.AddFetched("/w/proj/i.sh")
	for i := range MaxFetched {
		st.AddFetched(fmt.Sprintf("/w/proj/data/f%d.txt", i))
	}
	if !slices.Contains(st.Fetched, "/w/proj/i.sh") || !slices.Contains(st.Fetched, "/w/proj/data") || len(st.Fetched) > MaxFetched {
		t.Errorf("after i.sh and %d more: %q", MaxFetched, st.Fetched)
	}
	// a flood of distinct deep directories does not push the first out
	st = State{}
	st.AddFetched("/w/proj/i.sh")
	for i := range 3 * MaxFetched {
		st.AddFetched(fmt.Sprintf("/tmp/z%d/a/b/c/x", i))
	}
	if !slices.ContainsFunc(st.Fetched, func(q string) bool { return Covers(q, "/w/proj/i.sh") }) || len(st.Fetched) > MaxFetched {
		t.Errorf("after i.sh and %d deep ones: %d paths", 3*MaxFetched, len(st.Fetched))
	}
	st = State{}
	for i := range MaxFetched + 1 {
		st.AddFetched(fmt.Sprintf("/w/proj/f%d.txt", i))
	}
	if want := []string{"/w/proj"}; !slices.Equal(st.Fetched, want) {
		t.Errorf("after %d in one directory: %q, want %q", MaxFetched+1, st.Fetched, want)
	}
}

// TestAddHeld: each pattern once, newest last; past the bound the newest
// fold into their directories, so a flood of new files never pushes a held
// one out: it stays itself or under a directory that stands for it.
// TestAgentsHeld: the agents' shared held list is kept apart from every
// session (no session id reaches it, List does not show it), folds like a
// session's, and ages out with pruning.
func TestAgentsHeld(t *testing.T) {
	s, err := Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if h, err := s.AgentsHeld(); err != nil || len(h) != 0 {
		t.Fatalf("empty store: %q, %v", h, err)
	}
	if err := s.AddAgentsHeld("/w/e.txt", "/w/keys/"); err != nil {
		t.Fatal(err)
	}
	if err := s.AddAgentsHeld("/w/e.txt"); err != nil {
		t.Fatal(err)
	}
	if h, err := s.AgentsHeld(); err != nil || !slices.Equal(h, []string{"/w/keys/", "/w/e.txt"}) {
		t.Errorf("AgentsHeld = %q, %v", h, err)
	}
	if err := ValidID(agentsID); err == nil {
		t.Errorf("ValidID(%q) = nil: a session could be the agents' list", agentsID)
	}
	if ids, _, err := s.List(); err != nil || len(ids) != 0 {
		t.Errorf("List = %q, %v; want no session", ids, err)
	}
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(s.Path(agentsID), old, old); err != nil {
		t.Fatal(err)
	}
	if n, err := s.Prune(24*time.Hour, time.Minute); err != nil || n != 1 {
		t.Errorf("Prune = %d, %v; want the aged list removed", n, err)
	}
	if h, err := s.AgentsHeld(); err != nil || len(h) != 0 {
		t.Errorf("after pruning: %q, %v", h, err)
	}
}

func TestAddHeld(t *testing.T) {
	var st State
	st.AddHeld("/w/e.txt", "/w/keys/", "/w/e.txt")
	if want := []string{"/w/keys/", "/w/e.txt"}; !slices.Equal(st.Held, want) {
		t.Errorf("Held = %q, want %q", st.Held, want)
	}
	st = State{}
	st.AddHeld("/w/proj/e.txt")
	for i := range MaxFetched {
		st.AddHeld(fmt.Sprintf("/tmp/flood/p%d", i))
	}
	if !slices.Contains(st.Held, "/w/proj/e.txt") || !slices.Contains(st.Held, "/tmp/flood/") || len(st.Held) > MaxFetched {
		t.Errorf("after e.txt and %d more: %q", MaxFetched, st.Held)
	}
	// a flood of distinct deep directories (attack, 2026-12-03: the old
	// fold dropped the first file once it climbed to /)
	st = State{}
	st.AddHeld("/w/proj/e.txt")
	for i := range 3 * MaxFetched {
		st.AddHeld(fmt.Sprintf("/tmp/z%d/a/b/c/d/e/f/x", i))
	}
	if !slices.Contains(st.Held, "/w/proj/e.txt") || len(st.Held) > MaxFetched {
		t.Errorf("after e.txt and %d deep ones: %d patterns, %q", 3*MaxFetched, len(st.Held), st.Held[:min(5, len(st.Held))])
	}
	// many files in one directory fold there, not into the project
	// (review, 2026-12-03: the newest climbed until a fold removed one)
	st = State{}
	st.AddHeld("/w/proj/logs/e.txt")
	for i := range MaxFetched {
		st.AddHeld(fmt.Sprintf("/w/proj/out/p%d", i))
	}
	if want := []string{"/w/proj/logs/e.txt", "/w/proj/out/"}; !slices.Equal(st.Held, want) {
		t.Errorf("after one log and %d outputs: %q, want %q", MaxFetched, st.Held, want)
	}
	// relative patterns are not recorded (a relative HOME made them; the fold looped)
	st = State{}
	for i := range MaxFetched + 1 {
		st.AddHeld(fmt.Sprintf("r%d", i))
	}
	if len(st.Held) != 0 {
		t.Errorf("relative patterns recorded: %q", st.Held)
	}
	// one file in each of many top-level directories folds to /: every file
	st = State{}
	for i := range MaxFetched + 1 {
		st.AddHeld(fmt.Sprintf("/k%d", i))
	}
	if !slices.Contains(st.Held, "/") || len(st.Held) > MaxFetched {
		t.Errorf("after %d under /: %q", MaxFetched+1, st.Held)
	}
}

// TestAgentsHeldExpire: the agents' shared held list lasts AgentsHeldTTL
// after its last addition (redteam8: one attack session's files stayed
// secrets for every later session), and an addition after that starts it
// afresh.
func TestAgentsHeldExpire(t *testing.T) {
	home := t.TempDir()
	s, err := Open(home, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddAgentsHeld("/p/e.txt"); err != nil {
		t.Fatal(err)
	}
	if h, err := s.AgentsHeld(); err != nil || !slices.Equal(h, []string{"/p/e.txt"}) {
		t.Fatalf("fresh: %q, %v", h, err)
	}
	old := fmt.Sprintf(`{"id":".agents","held":["/p/e.txt"],"updated":%q}`, time.Now().Add(-AgentsHeldTTL-time.Minute).UTC().Format(time.RFC3339))
	if err := os.WriteFile(s.Path(agentsID), []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	s, _ = Open(home, nil) // no cached state
	if h, err := s.AgentsHeld(); err != nil || len(h) > 0 {
		t.Errorf("expired: %q, %v", h, err)
	}
	if err := s.AddAgentsHeld("/p/k.txt"); err != nil {
		t.Fatal(err)
	}
	if h, _ := s.AgentsHeld(); !slices.Equal(h, []string{"/p/k.txt"}) {
		t.Errorf("after an addition to an expired list: %q", h)
	}
}
