package hguard

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hguard/hguard/internal/flock"
)

// A session is one shell or one agent conversation: its approvals and its
// YOLO switch never reach another session. Its state is a JSON file,
// $HGUARD_HOME/state/sessions/ID.json, so the session id becomes a file
// name and is restricted to a safe alphabet.

// ValidSessionID reports whether id may name a session: 1–128 characters
// of letters, digits and ._:@+- not starting with a punctuation mark.
// (Written out rather than as a regular expression: {0,127} would compile
// into a large program on every start of hguard.)
func ValidSessionID(id string) error {
	ok := len(id) >= 1 && len(id) <= 128 && isAlnum(id[0])
	for i := 1; ok && i < len(id); i++ {
		ok = isAlnum(id[i]) || strings.IndexByte("._:@+-", id[i]) >= 0
	}
	if !ok {
		return fmt.Errorf("invalid session id %q: want 1–128 letters, digits or ._:@+- starting with a letter or digit", id)
	}
	return nil
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// SessionFromAgent maps an agent's own session id (which may hold any
// characters) to a valid hguard session id: unchanged when it is valid,
// else "agent-" and a hash of it, so distinct ids stay distinct.
func SessionFromAgent(id string) string {
	if ValidSessionID(id) == nil {
		return id
	}
	sum := sha256.Sum256([]byte(id))
	return "agent-" + hex.EncodeToString(sum[:12])
}

// DefaultSession is the session of the process that started hguard (the
// shell, for a shell hook): "pid-PID-START" with the kernel's start time
// of that process, so a later process that reuses the pid is another
// session.
func DefaultSession() string {
	ppid := os.Getppid()
	if data, err := os.ReadFile("/proc/" + strconv.Itoa(ppid) + "/stat"); err == nil {
		// Fields after the command name (which may hold spaces and parens).
		if i := strings.LastIndexByte(string(data), ')'); i >= 0 {
			f := strings.Fields(string(data[i+1:]))
			if len(f) > 19 { // f[0] is field 3 (state); starttime is field 22
				return "pid-" + strconv.Itoa(ppid) + "-" + f[19]
			}
		}
	}
	return "pid-" + strconv.Itoa(ppid)
}

// ResolveSession picks the session id: the explicit one (a --session
// flag), else $HGUARD_SESSION, else DefaultSession. An invalid id is an
// error, never silently replaced.
func ResolveSession(explicit string) (string, error) {
	id := explicit
	if id == "" {
		id = os.Getenv("HGUARD_SESSION")
	}
	if id == "" {
		return DefaultSession(), nil
	}
	return id, ValidSessionID(id)
}

// SessionState is what hguard remembers about one session.
type SessionState struct {
	ID        string          `json:"id"`
	YOLO      bool            `json:"yolo,omitempty"`
	Approvals []Grant         `json:"approvals,omitempty"`
	Denials   map[string]int  `json:"denials,omitempty"` // rule id → consecutive denials
	Reviewer  ReviewerState   `json:"reviewer,omitzero"` // smart mode: the reviewer's calls, denials and verdicts
	Updated   time.Time       `json:"updated"`
	Extra     json.RawMessage `json:"extra,omitempty"` // reserved for hooks (issue 4)
}

// Grant is one session approval. With a fingerprint it covers that
// command in that directory only; without, every command the rule meets.
type Grant struct {
	Rule        string    `json:"rule"`                  // the rule id when granted
	Fingerprint string    `json:"fingerprint,omitempty"` // "" = rule-wide
	Command     string    `json:"command,omitempty"`     // redacted, for display
	Cwd         string    `json:"cwd,omitempty"`
	By          string    `json:"by,omitempty"` // "reviewer" when the smart reviewer approved; "" = a person
	Time        time.Time `json:"time"`
}

// ReviewerState is what smart mode remembers of one session: the calls
// made (against the budget), the reviewer's consecutive denials, and its
// recent verdicts (the cache).
type ReviewerState struct {
	Calls   int           `json:"calls,omitempty"`
	Denials int           `json:"denials,omitempty"`
	Cache   []ReviewEntry `json:"cache,omitempty"`
}

// ReviewEntry is one cached verdict.
type ReviewEntry struct {
	Key     string        `json:"key"` // reviewKey: normalized command, cwd class, rule ids
	Verdict ReviewVerdict `json:"verdict"`
	Time    time.Time     `json:"time"`
}

// sessionStore reads and writes session files, keeping what it read in
// memory until the file changes on disk (another process wrote it), so a
// long-running daemon answers from memory and still sees outside edits.
type sessionStore struct {
	dir  string                  // state/sessions
	warn func(string)            // reports a corrupt file set aside
	mu   sync.Mutex              // guards cache
	keys map[string]*sync.Mutex  // per-session write serialisation in this process
	c    map[string]*cachedState // id → last read or written
	// notes are the corrupt-file reports not yet handed to a caller of
	// takeWarnings, so a daemon's client hears of them too.
	notes map[string][]string
}

// takeWarnings returns and forgets the reports about session id.
func (s *sessionStore) takeWarnings(id string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.notes[id]
	delete(s.notes, id)
	return w
}

type cachedState struct {
	st    SessionState
	stamp fileStamp
	ok    bool // the file existed
}

func newSessionStore(home string, warn func(string)) (*sessionStore, error) {
	dir, err := stateDir(home)
	if err != nil {
		return nil, err
	}
	dir = filepath.Join(dir, "sessions")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return &sessionStore{dir: dir, warn: warn, keys: map[string]*sync.Mutex{}, c: map[string]*cachedState{}}, nil
}

func (s *sessionStore) path(id string) string { return filepath.Join(s.dir, id+".json") }

func (s *sessionStore) sessionMutex(id string) *sync.Mutex {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.keys[id]
	if m == nil {
		if len(s.keys) >= maxCachedSessions {
			clear(s.keys)
		}
		m = new(sync.Mutex)
		s.keys[id] = m
	}
	return m
}

// Get returns the session's state: from memory when the file has not
// changed, else read from disk. A missing file is an empty session; a
// corrupt one is reported, set aside and read as empty — the safe reading,
// since an empty session approves nothing.
func (s *sessionStore) Get(id string) (SessionState, error) {
	if err := ValidSessionID(id); err != nil {
		return SessionState{}, err
	}
	p := s.path(id)
	fi, err := os.Stat(p)
	if err == nil && fi.Mode().IsRegular() && time.Since(fi.ModTime()) > 24*time.Hour {
		// Reading a session is using it: pruning measures the file's time,
		// and a session in use may go long without a write. Once a day.
		now := time.Now()
		os.Chtimes(p, now, now)
	}
	s.mu.Lock()
	cached := s.c[id]
	s.mu.Unlock()
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return SessionState{ID: id}, nil // no file: an empty session (and no lock file left behind)
	case err != nil:
		return SessionState{}, err
	case cached != nil && cached.ok && cached.stamp == stampOf(fi):
		return cached.st.clone(), nil
	}
	m := s.sessionMutex(id)
	m.Lock()
	defer m.Unlock()
	lock, err := flock.Lock(p+".lock", true) // exclusive: a corrupt file may be set aside
	if err != nil {
		return SessionState{}, err
	}
	defer lock.Unlock()
	st, err := s.read(id)
	return st.clone(), err
}

// read loads the file into the cache; the caller holds the file lock.
func (s *sessionStore) read(id string) (SessionState, error) {
	p := s.path(id)
	st := SessionState{ID: id}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		s.remember(id, &cachedState{st: st})
		return st, nil
	}
	if err != nil {
		return st, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return st, err
	}
	var data []byte
	if fi.Size() > maxStateFile {
		err = fmt.Errorf("%d bytes, over the limit of %d", fi.Size(), maxStateFile)
	} else {
		data = make([]byte, fi.Size())
		_, err = readFull(f, data)
	}
	if err == nil {
		var got SessionState
		if err = json.Unmarshal(data, &got); err == nil && got.ID != id {
			err = fmt.Errorf("holds session %q", got.ID)
		}
		if err == nil {
			s.remember(id, &cachedState{st: got, stamp: stampOf(fi), ok: true})
			return got, nil
		}
	}
	// Corrupt: set it aside for a person to look at, start empty.
	now := time.Now()
	aside := fmt.Sprintf("%s.corrupt-%d", p, now.UnixNano())
	if rerr := os.Rename(p, aside); rerr != nil {
		return st, fmt.Errorf("session state %s is corrupt (%v) and cannot be set aside: %w", p, err, rerr)
	}
	os.Chtimes(aside, now, now) // pruning counts its age from now, not from the session's last write
	msg := fmt.Sprintf("session state %s is corrupt (%v): set aside as %s; the session starts with no approvals", p, err, filepath.Base(aside))
	if s.warn != nil {
		s.warn(msg)
	}
	s.mu.Lock()
	if s.notes == nil {
		s.notes = map[string][]string{}
	}
	s.notes[id] = append(s.notes[id], msg)
	s.mu.Unlock()
	s.remember(id, &cachedState{st: st})
	return st, nil
}

// maxStateFile bounds one session file: thousands of approvals fit.
const maxStateFile = 4 << 20

func readFull(f *os.File, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := f.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// maxCachedSessions bounds the daemon's memory: past it the cache starts
// over (the files stay the truth, and flock still orders writers).
const maxCachedSessions = 10000

func (s *sessionStore) remember(id string, c *cachedState) {
	s.mu.Lock()
	if len(s.c) >= maxCachedSessions {
		clear(s.c)
	}
	s.c[id] = c
	s.mu.Unlock()
}

// Update applies fn to the session's state and writes it atomically under
// the session's lock. fn sees the newest state on disk.
func (s *sessionStore) Update(id string, fn func(*SessionState)) (SessionState, error) {
	if err := ValidSessionID(id); err != nil {
		return SessionState{}, err
	}
	m := s.sessionMutex(id)
	m.Lock()
	defer m.Unlock()
	p := s.path(id)
	lock, err := flock.Lock(p+".lock", true)
	if err != nil {
		return SessionState{}, err
	}
	defer lock.Unlock()
	st, err := s.read(id)
	if err != nil {
		return SessionState{}, err
	}
	st = st.clone()
	fn(&st)
	st.ID = id
	st.Updated = time.Now().UTC()
	data, err := json.MarshalIndent(&st, "", "  ")
	if err != nil {
		return SessionState{}, err
	}
	if err := writeFileAtomic(p, append(data, '\n'), 0o600); err != nil {
		return SessionState{}, fmt.Errorf("writing session state: %w", err)
	}
	c := &cachedState{st: st, ok: true}
	if fi, err := os.Stat(p); err == nil {
		c.stamp = stampOf(fi)
	}
	s.remember(id, c)
	return st.clone(), nil
}

// List returns the ids of the sessions with a state file, and the corrupt
// files set aside.
func (s *sessionStore) List() (ids, corrupt []string, err error) {
	ents, err := os.ReadDir(s.dir)
	if err != nil {
		return nil, nil, err
	}
	for _, e := range ents {
		name := e.Name()
		switch {
		case strings.Contains(name, ".json.corrupt-"):
			corrupt = append(corrupt, filepath.Join(s.dir, name))
		case strings.HasSuffix(name, ".json") && !strings.HasPrefix(name, "."):
			ids = append(ids, strings.TrimSuffix(name, ".json"))
		}
	}
	return ids, corrupt, nil
}

func (st SessionState) clone() SessionState {
	c := st
	c.Approvals = append([]Grant(nil), st.Approvals...)
	c.Reviewer.Cache = append([]ReviewEntry(nil), st.Reviewer.Cache...)
	if st.Denials != nil {
		c.Denials = make(map[string]int, len(st.Denials))
		for k, v := range st.Denials {
			c.Denials[k] = v
		}
	}
	return c
}

// prune removes the state of sessions unused for maxAge: their approvals,
// YOLO switch and denial counts, the files set aside as corrupt that long
// ago, and temporary files of writes that crashed that long ago. A session used again starts empty, which approves nothing. A
// session another process has locked is in use and is left alone, and so
// is a file that does not hold the session its name says. It stops after
// budget; the rest waits for the next prune.
func (s *sessionStore) prune(maxAge, budget time.Duration) (removed int, err error) {
	start := time.Now()
	cutoff := start.Add(-maxAge)
	dir, err := os.Open(s.dir)
	if err != nil {
		return 0, err
	}
	defer dir.Close()
	for time.Since(start) < budget {
		ents, err := dir.ReadDir(256)
		for _, e := range ents {
			info, err := e.Info()
			if err != nil || !info.Mode().IsRegular() || !info.ModTime().Before(cutoff) {
				continue // gone meanwhile, not a plain file, or recent
			}
			name := e.Name()
			switch id, ok := strings.CutSuffix(name, ".json"); {
			case ok && ValidSessionID(id) == nil:
				if s.pruneSession(id, cutoff) {
					removed++
				}
			case strings.HasSuffix(name, ".json.lock"):
				s.pruneLock(strings.TrimSuffix(name, ".json.lock"))
			case strings.Contains(name, ".json.corrupt-"):
				os.Remove(filepath.Join(s.dir, name))
			case strings.HasPrefix(name, ".") && strings.Contains(name, ".json.tmp-") && time.Since(info.ModTime()) > time.Hour:
				os.Remove(filepath.Join(s.dir, name)) // a write cut short, never one in flight
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return removed, err
		}
	}
	return removed, nil
}

// pruneSession removes one session's file and lock file if it still has
// not been written since cutoff and still holds that session.
func (s *sessionStore) pruneSession(id string, cutoff time.Time) bool {
	m := s.sessionMutex(id)
	if !m.TryLock() {
		return false // in use in this process
	}
	defer m.Unlock()
	p := s.path(id)
	if !holdsSession(p, id) {
		return false // not a session's state: leave it, and make no lock file for it
	}
	lock, err := flock.TryLock(p + ".lock")
	if err != nil {
		return false // in use elsewhere, or the lock cannot be taken: leave it
	}
	fi, err := os.Lstat(p)
	if err != nil || !fi.ModTime().Before(cutoff) || !holdsSession(p, id) || os.Remove(p) != nil {
		lock.Unlock()
		return false
	}
	s.mu.Lock()
	delete(s.c, id)
	s.mu.Unlock()
	lock.Remove()
	return true
}

// holdsSession reports whether the file at p is the state of session id:
// a file someone else named ID.json is not ours to delete.
func holdsSession(p, id string) bool {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxStateFile {
		return false
	}
	data, err := os.ReadFile(p)
	var st SessionState
	return err == nil && json.Unmarshal(data, &st) == nil && st.ID == id
}

// pruneLock removes the lock file of a session whose state file is gone
// (set aside as corrupt), unless someone holds it.
func (s *sessionStore) pruneLock(id string) {
	if ValidSessionID(id) != nil {
		return
	}
	if _, err := os.Lstat(s.path(id)); !errors.Is(err, fs.ErrNotExist) {
		return // the session's own prune handles it
	}
	lock, err := flock.TryLock(s.path(id) + ".lock")
	if err != nil {
		return
	}
	if _, err := os.Lstat(s.path(id)); errors.Is(err, fs.ErrNotExist) {
		lock.Remove()
		return
	}
	lock.Unlock()
}
