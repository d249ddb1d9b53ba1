package install

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/hguard/hguard/internal/atomicfile"
	"github.com/hguard/hguard/internal/flock"
	"github.com/hguard/hguard/plugins/tirith/installed"
)

// state is the installer's files under $HGUARD_HOME/state.
type state struct{ home string }

// marker is a failed install.
type marker struct {
	Reason string    `json:"reason"`
	Detail string    `json:"detail"`
	At     time.Time `json:"at"`
	Tag    string    `json:"tag"`
}

// record is the installed release.
type record = installed.Record

// MarkerPath is where a failed install is remembered.
func MarkerPath(home string) string {
	return filepath.Join(home, "state", "tirith-install-failed.json")
}

// RecordPath is where the installed tag is remembered.
func RecordPath(home string) string { return installed.Path(home) }

// BinPath is where the installed tirith lives.
func BinPath(home string) string { return installed.BinPath(home) }

func (s state) marker() (marker, bool) {
	var m marker
	return m, readJSON(MarkerPath(s.home), &m) && m.Reason != ""
}

func (s state) writeMarker(m marker) error { return writeJSON(MarkerPath(s.home), m) }

func (s state) removeMarker() { _ = os.Remove(MarkerPath(s.home)) }

func (s state) record() (record, bool) { return installed.Read(s.home) }

func (s state) writeRecord(r record) error { return installed.Write(s.home, r) }

// Installed returns the tag recorded by the last successful install.
func Installed(home string) (string, bool) {
	r, ok := state{home}.record()
	return r.Tag, ok && ValidTag(r.Tag)
}

func readJSON(path string, v any) bool {
	b, err := os.ReadFile(path)
	return err == nil && json.Unmarshal(b, v) == nil
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(b, '\n'), 0o600)
}

// lock takes the install lock; wait=false gives ErrBusy instead of waiting.
func (s state) lock(wait bool) (func(), error) {
	dir := filepath.Join(s.home, "state")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "tirith-install.lock")
	var (
		l   *flock.File
		err error
	)
	if wait {
		l, err = flock.Lock(path, true)
	} else {
		l, err = flock.TryLock(path)
	}
	if errors.Is(err, flock.ErrHeld) {
		return nil, ErrBusy
	}
	if err != nil {
		return nil, err
	}
	return l.Unlock, nil
}
