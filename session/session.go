package session

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
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hguard/hguard/internal/atomicfile"
	"github.com/hguard/hguard/internal/flock"
	"github.com/hguard/hguard/internal/statefile"
)

// ValidID reports whether id may name a session: 1–128 characters
// of letters, digits and ._:@+- not starting with a punctuation mark.
// (Written out rather than as a regular expression: {0,127} would compile
// into a large program on every start of hguard.)
func ValidID(id string) error {
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

// FromAgent maps an agent's own session id (which may hold any
// characters) to a valid hguard session id: unchanged when it is valid,
// else "agent-" and a hash of it, so distinct ids stay distinct.
func FromAgent(id string) string {
	if ValidID(id) == nil {
		return id
	}
	sum := sha256.Sum256([]byte(id))
	return "agent-" + hex.EncodeToString(sum[:12])
}

// Default is the session of the process that started hguard (the
// shell, for a shell hook): "pid-PID-START" with the kernel's start time
// of that process, so a later process that reuses the pid is another
// session.
func Default() string {
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

// Resolve picks the session id: the explicit one (a --session
// flag), else $HGUARD_SESSION, else Default. An invalid id is an
// error, never silently replaced.
func Resolve(explicit string) (string, error) {
	id := explicit
	if id == "" {
		id = os.Getenv("HGUARD_SESSION")
	}
	if id == "" {
		return Default(), nil
	}
	return id, ValidID(id)
}

// State is what hguard remembers about one session.
type State struct {
	ID        string         `json:"id"`
	YOLO      bool           `json:"yolo,omitempty"`
	Approvals []Grant        `json:"approvals,omitempty"`
	Denials   map[string]int `json:"denials,omitempty"` // rule id → consecutive denials
	// Denied counts the commands of an agent denied in this session, by
	// any rule: an agent trying variants meets different rules.
	Denied   int             `json:"denied,omitempty"`
	Reviewer json.RawMessage `json:"reviewer,omitempty"` // smart mode's memory of the session (package approval's; opaque here)
	// Fetched are the absolute paths the session's commands filled from
	// the network, newest last, at most MaxFetched: a later command that
	// runs code from there is judged as if it had fetched it itself.
	Fetched []string `json:"fetched,omitempty"`
	// Written are the absolute paths the session's commands wrote, newest
	// last, at most MaxFetched, and Started is when hguard first saw the
	// session: a later command that runs a script from a file written or
	// changed since is judged with the script's text (hguard.Request).
	Written []string `json:"written,omitempty"`
	// Held are the files the session's commands filled with a secret
	// (hguard.Verdict.Held's patterns: a trailing "/" for every file
	// under a directory, "*" for the pieces split wrote), at most
	// MaxFetched: sending one later is sending the secret, whatever the
	// file's content shows (env > e.txt, then curl -T e.txt).
	Held []string `json:"held,omitempty"`
	// Path are the directories the session's commands put first on PATH,
	// newest last, at most MaxPath (absolute, or relative as the command
	// wrote it); Aliases and Funcs the aliases and functions they defined,
	// at most MaxDefined of each, the name to its text: a later command
	// that runs them is judged with them (hguard.Request).
	Path    []string          `json:"path,omitempty"`
	Aliases map[string]string `json:"aliases,omitempty"`
	Funcs   map[string]string `json:"funcs,omitempty"`
	// Containers are the bind mounts of the containers the session's
	// commands started with a name, [host path, path inside] by name, at
	// most MaxDefined: a later docker exec NAME CMD is judged with CMD's
	// paths under a mount written as the host's.
	Containers map[string][][2]string `json:"containers,omitempty"`
	// Exports are the variables the session's commands last set that
	// the model follows (HOME, XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL, …,
	// COMPOSE_PROFILES), the variable to its value as written: a later
	// git or compose command is judged as run with them.
	Exports map[string]string `json:"exports,omitempty"`
	Started time.Time         `json:"started,omitzero"`
	Updated time.Time         `json:"updated"`
	Extra   json.RawMessage   `json:"extra,omitempty"` // reserved for hooks (issue 4)
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

// Store reads and writes session files, keeping what it read in
// memory until the file changes on disk (another process wrote it), so a
// long-running daemon answers from memory and still sees outside edits.
type Store struct {
	dir  string                  // state/sessions
	warn func(string)            // reports a corrupt file set aside
	mu   sync.Mutex              // guards cache
	keys map[string]*sync.Mutex  // per-session write serialisation in this process
	c    map[string]*cachedState // id → last read or written
	// notes are the corrupt-file reports not yet handed to a caller of
	// TakeWarnings, so a daemon's client hears of them too.
	notes map[string][]string
}

// TakeWarnings returns and forgets the reports about session id, so that a
// daemon's client hears of a corrupt file set aside too.
func (s *Store) TakeWarnings(id string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.notes[id]
	delete(s.notes, id)
	return w
}

type cachedState struct {
	st    State
	stamp statefile.Stamp
	ok    bool // the file existed
}

// Open opens home's session store; warn (nil: dropped) hears of corrupt
// files set aside.
func Open(home string, warn func(string)) (*Store, error) {
	dir, err := statefile.Dir(home)
	if err != nil {
		return nil, err
	}
	dir = filepath.Join(dir, "sessions")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return &Store{dir: dir, warn: warn, keys: map[string]*sync.Mutex{}, c: map[string]*cachedState{}}, nil
}

// Path is the state file of session id.
func (s *Store) Path(id string) string { return s.path(id) }

func (s *Store) path(id string) string { return filepath.Join(s.dir, id+".json") }

func (s *Store) sessionMutex(id string) *sync.Mutex {
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
// since an empty session approves nothing. Get only reads: a caller that
// uses the session says so with MarkUsed.
func (s *Store) Get(id string) (State, error) {
	if err := ValidID(id); err != nil {
		return State{}, err
	}
	return s.get(id)
}

func (s *Store) get(id string) (State, error) {
	p := s.path(id)
	fi, err := os.Stat(p)
	s.mu.Lock()
	cached := s.c[id]
	s.mu.Unlock()
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return State{ID: id}, nil // no file: an empty session (and no lock file left behind)
	case err != nil:
		return State{}, err
	case cached != nil && cached.ok && cached.stamp == statefile.StampOf(fi):
		return cached.st.clone(), nil
	}
	m := s.sessionMutex(id)
	m.Lock()
	defer m.Unlock()
	lock, err := flock.Lock(p+".lock", true) // exclusive: a corrupt file may be set aside
	if err != nil {
		return State{}, err
	}
	defer lock.Unlock()
	st, err := s.read(id)
	return st.clone(), err
}

// MarkUsed tells pruning that the session is in use: pruning measures the
// age of its file, and a session in use may go long without a write. It
// touches the file at most once a day, going by what the last Get or
// Update saw, so it costs nothing on most checks.
func (s *Store) MarkUsed(id string) {
	if ValidID(id) != nil {
		return
	}
	s.mu.Lock()
	c := s.c[id]
	s.mu.Unlock()
	if c == nil || !c.ok || time.Since(time.Unix(0, c.stamp.Mtime)) <= 24*time.Hour {
		return // no file, or touched recently
	}
	p := s.path(id)
	if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() {
		return
	}
	now := time.Now()
	if os.Chtimes(p, now, now) == nil {
		s.mu.Lock()
		if c := s.c[id]; c != nil {
			c.stamp = statefile.Stamp{} // re-read on the next Get: the file's stamp changed
		}
		s.mu.Unlock()
	}
}

// read loads the file into the cache; the caller holds the file lock.
func (s *Store) read(id string) (State, error) {
	p := s.path(id)
	st := State{ID: id}
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
		var got State
		if err = json.Unmarshal(data, &got); err == nil && got.ID != id {
			err = fmt.Errorf("holds session %q", got.ID)
		}
		if err == nil {
			s.remember(id, &cachedState{st: got, stamp: statefile.StampOf(fi), ok: true})
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

func (s *Store) remember(id string, c *cachedState) {
	s.mu.Lock()
	if len(s.c) >= maxCachedSessions {
		clear(s.c)
	}
	s.c[id] = c
	s.mu.Unlock()
}

// Update applies fn to the session's state and writes it atomically under
// the session's lock. fn sees the newest state on disk.
func (s *Store) Update(id string, fn func(*State)) (State, error) {
	if err := ValidID(id); err != nil {
		return State{}, err
	}
	return s.update(id, fn)
}

func (s *Store) update(id string, fn func(*State)) (State, error) {
	m := s.sessionMutex(id)
	m.Lock()
	defer m.Unlock()
	p := s.path(id)
	lock, err := flock.Lock(p+".lock", true)
	if err != nil {
		return State{}, err
	}
	defer lock.Unlock()
	st, err := s.read(id)
	if err != nil {
		return State{}, err
	}
	st = st.clone()
	fn(&st)
	st.ID = id
	st.Updated = time.Now().UTC()
	data, err := json.MarshalIndent(&st, "", "  ")
	if err != nil {
		return State{}, err
	}
	if err := atomicfile.Write(p, append(data, '\n'), 0o600); err != nil {
		return State{}, fmt.Errorf("writing session state: %w", err)
	}
	c := &cachedState{st: st, ok: true}
	if fi, err := os.Stat(p); err == nil {
		c.stamp = statefile.StampOf(fi)
	}
	s.remember(id, c)
	return st.clone(), nil
}

// agentsID names the state all agent sessions share: the files any of
// them filled with a secret, so that a nested agent (claude -p "upload
// e.txt") or the next session sends them as secrets too. It is no valid
// session id (ValidID wants a letter or digit first), so no session is
// it, and List skips it.
const agentsID = ".agents"

// AgentsHeld are the patterns of the files any agent session filled with
// a secret (State.Held's form), newest last, at most MaxFetched; none once
// AgentsHeldTTL has passed since the last was added, so that one
// session's files do not stay secrets for every later session.
func (s *Store) AgentsHeld() ([]string, error) {
	st, err := s.get(agentsID)
	if err != nil || time.Since(st.Updated) > AgentsHeldTTL {
		return nil, err
	}
	return st.Held, nil
}

// AgentsHeldTTL is how long the agents' shared held list lasts after its
// last addition: long enough for a nested agent (claude -p "upload e.txt")
// and the session that follows the next morning.
const AgentsHeldTTL = 24 * time.Hour

// AddAgentsHeld records patterns in the agents' shared held list.
func (s *Store) AddAgentsHeld(patterns ...string) error {
	_, err := s.update(agentsID, func(st *State) {
		if time.Since(st.Updated) > AgentsHeldTTL {
			st.Held = nil // expired: start afresh
		}
		st.AddHeld(patterns...)
	})
	return err
}

// List returns the ids of the sessions with a state file, and the corrupt
// files set aside.
func (s *Store) List() (ids, corrupt []string, err error) {
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

func (st State) clone() State {
	c := st
	c.Approvals = append([]Grant(nil), st.Approvals...)
	c.Fetched = append([]string(nil), st.Fetched...)
	c.Written = append([]string(nil), st.Written...)
	c.Held = append([]string(nil), st.Held...)
	c.Reviewer = append(json.RawMessage(nil), st.Reviewer...)
	c.Extra = append(json.RawMessage(nil), st.Extra...)
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
func (s *Store) Prune(maxAge, budget time.Duration) (removed int, err error) {
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
			case ok && (ValidID(id) == nil || id == agentsID): // the agents' held list ages like a session
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
func (s *Store) pruneSession(id string, cutoff time.Time) bool {
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
	var st State
	return err == nil && json.Unmarshal(data, &st) == nil && st.ID == id
}

// pruneLock removes the lock file of a session whose state file is gone
// (set aside as corrupt), unless someone holds it.
func (s *Store) pruneLock(id string) {
	if ValidID(id) != nil {
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

// MaxFetched bounds State.Fetched, State.Written and State.Held.
const MaxFetched = 64

// AddFetched records paths in st.Fetched, each once, newest last. Past
// MaxFetched the directory holding the most of them gives way to itself,
// which stands for them and what else was fetched there (foldDir):
// dropping one would let an agent push a download out with 64 others
// (curl -O …/f{1..64}) and run it unasked. At worst the list folds to /.
func (st *State) AddFetched(paths ...string) { addPaths(&st.Fetched, paths) }

// AddWritten records paths in st.Written as AddFetched does in st.Fetched.
func (st *State) AddWritten(paths ...string) { addPaths(&st.Written, paths) }

// MaxPath bounds State.Path, and MaxDefined State.Aliases and
// State.Funcs. Past them the oldest directory gives way, and a new name
// is not recorded.
const (
	MaxPath    = 32
	MaxDefined = 32
)

// AddPath records directories in st.Path, each once, newest last.
func (st *State) AddPath(dirs ...string) {
	for _, d := range dirs {
		if d == "" {
			continue
		}
		st.Path = slices.DeleteFunc(st.Path, func(q string) bool { return q == d })
		st.Path = append(st.Path, d)
	}
	if n := len(st.Path); n > MaxPath {
		st.Path = slices.Delete(st.Path, 0, n-MaxPath)
	}
}

// AddDefined records aliases and functions in st.Aliases and st.Funcs; a
// name defined again takes its new text, as in the shell.
func (st *State) AddDefined(aliases, funcs map[string]string) {
	define := func(m *map[string]string, add map[string]string) {
		for name, text := range add {
			if *m == nil {
				*m = map[string]string{}
			}
			if _, ok := (*m)[name]; ok || len(*m) < MaxDefined {
				(*m)[name] = text
			}
		}
	}
	define(&st.Aliases, aliases)
	define(&st.Funcs, funcs)
}

// AddContainers records containers' mounts in st.Containers; a name
// started again takes its new mounts.
func (st *State) AddContainers(mounts map[string][][2]string) {
	for name, m := range mounts {
		if st.Containers == nil {
			st.Containers = map[string][][2]string{}
		}
		if _, ok := st.Containers[name]; ok || len(st.Containers) < MaxDefined {
			st.Containers[name] = m
		}
	}
}

// AddExports records the variables in st.Exports; one set again
// takes its new value.
func (st *State) AddExports(homes map[string]string) {
	for name, v := range homes {
		if st.Exports == nil {
			st.Exports = map[string]string{}
		}
		if _, ok := st.Exports[name]; ok || len(st.Exports) < MaxDefined {
			st.Exports[name] = v
		}
	}
}

// HasDefined reports whether st holds every alias and function given,
// with its text.
func (st *State) HasDefined(aliases, funcs map[string]string) bool {
	has := func(m, add map[string]string) bool {
		for name, text := range add {
			if t, ok := m[name]; !ok || t != text {
				return false
			}
		}
		return true
	}
	return has(st.Aliases, aliases) && has(st.Funcs, funcs)
}

// AddHeld records patterns in st.Held, each once, newest last; only
// absolute ones. Past MaxFetched the directory holding the most of them
// gives way to its pattern (dir/), which stands for them and every file
// beside them, until the list fits: a flood of new files folds into the
// directories it was written to, and a held file is never forgotten
// because many others were made after it (at worst the list folds to
// "/", every file).
func (st *State) AddHeld(patterns ...string) {
	for _, p := range patterns {
		if !strings.HasPrefix(p, "/") {
			continue
		}
		st.Held = slices.DeleteFunc(st.Held, func(q string) bool { return q == p })
		st.Held = append(st.Held, p)
	}
	for len(st.Held) > MaxFetched {
		dir := foldDir(st.Held)
		pattern := strings.TrimSuffix(dir, "/") + "/"
		n := len(st.Held)
		st.Held = slices.DeleteFunc(st.Held, func(q string) bool { return q == dir || strings.HasPrefix(q, pattern) })
		st.Held = append(st.Held, pattern)
		if len(st.Held) >= n && dir == "/" {
			break // cannot happen with absolute patterns; never loop
		}
	}
}

// foldDir is the directory AddHeld folds: the one holding the most
// patterns (the deepest of equals); when no two share one, the newest
// pattern's, which climbs towards / until it holds another.
func foldDir(held []string) string {
	parent := func(q string) string {
		if q = strings.TrimRight(q, "/*"); q == "" {
			return "/"
		}
		return filepath.Dir(q)
	}
	count := map[string]int{}
	for _, q := range held {
		count[parent(q)]++
	}
	best := parent(held[len(held)-1])
	for d, n := range count {
		if n > count[best] || n == count[best] && n > 1 && len(d) > len(best) {
			best = d
		}
	}
	return best
}

// HasPaths reports whether list holds every one of paths, or a directory
// above it: recording them again would change nothing but their order.
func HasPaths(list, paths []string) bool {
	for _, p := range paths {
		if !slices.ContainsFunc(list, func(q string) bool { return Covers(q, p) }) {
			return false
		}
	}
	return true
}

// Covers reports whether the recorded path q stands for p: p itself, or
// p inside the directory q an older path gave way to.
func Covers(q, p string) bool {
	return p == q || strings.HasPrefix(p, q+"/") || q == "/" && strings.HasPrefix(p, "/")
}

func addPaths(list *[]string, paths []string) {
	for _, p := range paths {
		*list = slices.DeleteFunc(*list, func(q string) bool { return q == p })
		*list = append(*list, p)
	}
	for len(*list) > MaxFetched {
		dir := foldDir(*list)
		n := len(*list)
		*list = slices.DeleteFunc(*list, func(q string) bool { return Covers(dir, q) })
		*list = append(*list, dir)
		if len(*list) >= n && dir == "/" {
			break
		}
	}
}
