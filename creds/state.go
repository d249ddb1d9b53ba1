package creds

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/hguard/hguard/internal/atomicfile"
	"github.com/hguard/hguard/internal/flock"
)

// state is the registry file.
type state struct {
	Version  int                 `json:"version"`
	Sessions map[string][]*Entry `json:"sessions"`
}

// An Entry is one registered path.
type Entry struct {
	Path  string    `json:"path"` // relative to $HGUARD_HOME, slash-separated
	Added time.Time `json:"added"`
}

func (r *Registry) stateDir() string  { return filepath.Join(r.Home, "state") }
func (r *Registry) statePath() string { return filepath.Join(r.stateDir(), "creds.json") }

// CorruptError says the registry file could not be read and was moved aside.
type CorruptError struct {
	Path, MovedTo string
	Err           error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("credential registry %s is corrupt (%v); moved aside to %s", e.Path, e.Err, e.MovedTo)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// with runs f on the registry under the lock; when write is set and f
// succeeds the registry is saved.
func (r *Registry) with(write bool, f func(*state) error) error {
	if r.Home == "" {
		return errors.New("no $HGUARD_HOME")
	}
	if err := os.MkdirAll(r.stateDir(), 0o700); err != nil {
		return err
	}
	lock, err := flock.Lock(filepath.Join(r.stateDir(), "creds.lock"), true)
	if err != nil {
		return fmt.Errorf("locking the credential registry: %w", err)
	}
	defer lock.Unlock()
	st, err := r.load()
	if err != nil {
		return err
	}
	if err := f(st); err != nil {
		return err
	}
	if !write {
		return nil
	}
	return r.save(st)
}

func (r *Registry) load() (*state, error) {
	st := &state{Version: 1, Sessions: map[string][]*Entry{}}
	path := r.statePath()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return nil, err
	}
	if err = json.Unmarshal(data, st); err == nil && st.Version != 1 {
		err = fmt.Errorf("unknown version %d", st.Version)
	}
	if err == nil {
		if st.Sessions == nil {
			st.Sessions = map[string][]*Entry{}
		}
		return st, nil
	}
	aside := fmt.Sprintf("%s.corrupt-%s", path, time.Now().UTC().Format("20060102T150405.000000000"))
	if rerr := os.Rename(path, aside); rerr != nil {
		return nil, fmt.Errorf("credential registry %s is corrupt (%v) and cannot be moved aside: %w", path, err, rerr)
	}
	cerr := &CorruptError{Path: path, MovedTo: aside, Err: err}
	if r.Warn == nil {
		return nil, cerr
	}
	r.Warn(cerr)
	return &state{Version: 1, Sessions: map[string][]*Entry{}}, nil
}

// save replaces the registry atomically: a reader sees the old file or the
// new one, never a part.
func (r *Registry) save(st *state) error {
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(r.statePath(), append(data, '\n'), 0o600)
}
