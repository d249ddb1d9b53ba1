// Package installed is what an install of tirith leaves behind and what
// is checked before it runs: $HGUARD_HOME/bin/tirith and the record of its
// hash. It is apart from the installer so that the plugin host can check
// the binary without linking Sigstore.
package installed

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/hguard/hguard/internal/atomicfile"
)

// Record is the installed binary, in $HGUARD_HOME/state/tirith-installed.json.
type Record struct {
	Tag    string    `json:"tag"` // the verified release; "" for an adopted binary
	SHA256 string    `json:"sha256"`
	At     time.Time `json:"at"`
	// Unverified marks a binary adopted with --from FILE: its hash is
	// pinned, but nothing proves where it came from.
	Unverified bool   `json:"unverified,omitempty"`
	Source     string `json:"source,omitempty"` // the adopted file
}

// Path is where the record lives.
func Path(home string) string { return filepath.Join(home, "state", "tirith-installed.json") }

// BinPath is where the installed tirith lives.
func BinPath(home string) string { return filepath.Join(home, "bin", "tirith") }

// Read reads the record; false when there is none or it cannot be read.
func Read(home string) (Record, bool) {
	var r Record
	b, err := os.ReadFile(Path(home))
	return r, err == nil && json.Unmarshal(b, &r) == nil
}

// Write replaces the record.
func Write(home string, r Record) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(Path(home), append(b, '\n'), 0o600)
}

// Check re-hashes $HGUARD_HOME/bin/tirith against the hash its install
// recorded: a binary replaced after the install is refused, and so is one
// that no install put there.
func Check(home string) (Record, error) {
	path := BinPath(home)
	rec, ok := Read(home)
	if !ok || len(rec.SHA256) != 64 {
		return rec, fmt.Errorf("%s was not put there by 'hguard plugin install tirith' (%s records no hash): "+
			"run 'hguard plugin install tirith' (or '--from FILE' for a binary you trust), or set security.tirith_path", path, Path(home))
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
