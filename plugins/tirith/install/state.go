package install

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/hguard/hguard/internal/atomicfile"
	"github.com/hguard/hguard/internal/flock"
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
type record struct {
	Tag    string    `json:"tag"`
	SHA256 string    `json:"sha256"`
	At     time.Time `json:"at"`
	// Unverified marks a binary adopted with --from FILE: its hash is
	// pinned, but nothing proves where it came from.
	Unverified bool   `json:"unverified,omitempty"`
	Source     string `json:"source,omitempty"` // the adopted file
}

// MarkerPath is where a failed install is remembered.
func MarkerPath(home string) string {
	return filepath.Join(home, "state", "tirith-install-failed.json")
}

// RecordPath is where the installed tag is remembered.
func RecordPath(home string) string { return filepath.Join(home, "state", "tirith-installed.json") }

func (s state) marker() (marker, bool) {
	var m marker
	return m, readJSON(MarkerPath(s.home), &m) && m.Reason != ""
}

func (s state) writeMarker(m marker) error { return writeJSON(MarkerPath(s.home), m) }

func (s state) removeMarker() { _ = os.Remove(MarkerPath(s.home)) }

func (s state) record() (record, bool) {
	var r record
	return r, readJSON(RecordPath(s.home), &r)
}

func (s state) writeRecord(r record) error { return writeJSON(RecordPath(s.home), r) }

// Installed returns the tag recorded by the last successful install.
func Installed(home string) (string, bool) {
	r, ok := state{home}.record()
	return r.Tag, ok && ValidTag(r.Tag)
}

// BinPath is where the installed tirith lives.
func BinPath(home string) string { return filepath.Join(home, "bin", "tirith") }

// Recorded is what the last install recorded about $HGUARD_HOME/bin/tirith.
type Recorded struct {
	Tag        string // "" for an adopted binary
	SHA256     string // hex
	Unverified bool   // adopted with --from FILE, not verified against a release
}

// Record reads what the last install recorded.
func Record(home string) (Recorded, bool) {
	r, ok := state{home}.record()
	if !ok || len(r.SHA256) != 64 {
		return Recorded{}, false
	}
	return Recorded{Tag: r.Tag, SHA256: r.SHA256, Unverified: r.Unverified}, true
}

// Check re-hashes $HGUARD_HOME/bin/tirith against the hash its install
// recorded: a binary replaced after the install is refused, and so is one
// that no install put there.
func Check(home string) (Recorded, error) {
	path := BinPath(home)
	rec, ok := Record(home)
	if !ok {
		return rec, fmt.Errorf("%s was not put there by 'hguard plugin install tirith' (%s records no hash): "+
			"run 'hguard plugin install tirith' (or '--from FILE' for a binary you trust), or set security.tirith_path", path, RecordPath(home))
	}
	sum, err := FileSHA256(path)
	if err != nil {
		return rec, err
	}
	if sum != rec.SHA256 {
		return rec, fmt.Errorf("%s was replaced since it was installed (SHA-256 %s, installed %s): "+
			"run 'hguard plugin install tirith' to reinstall it", path, sum, rec.SHA256)
	}
	return rec, nil
}

// FileSHA256 is the hex SHA-256 of a file.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
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
