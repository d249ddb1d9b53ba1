package prefilter

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/hguard/hguard/internal/atomicfile"
	"github.com/hguard/hguard/internal/statefile"
)

// RecordFile is where the host keeps the prefilter of the tirith it last
// started, under $HGUARD_HOME/state: a one-shot hguard check reads it to
// skip starting hguard-plugins (and tirith) for a line tirith would not
// inspect.
const RecordFile = "tirith-prefilter.json"

// Record is the prefilter of one tirith binary, in the version that file
// had (its stamp) when the pattern was read out of it.
type Record struct {
	Bin   string          `json:"bin"`
	Stamp statefile.Stamp `json:"stamp"`
	Spec  Spec            `json:"spec"`
}

// maxRecord bounds the record read on every check.
const maxRecord = 1 << 20

// WriteRecord records spec as the prefilter of the tirith at bin.
func WriteRecord(home, bin string, spec *Spec) error {
	fi, err := os.Stat(bin)
	if err != nil {
		return err
	}
	dir, err := statefile.Dir(home)
	if err != nil {
		return err
	}
	b, err := json.Marshal(Record{Bin: bin, Stamp: statefile.StampOf(fi), Spec: *spec})
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, RecordFile), b, 0o600)
}

// RemoveRecord forgets the recorded prefilter (a tirith without one ran).
func RemoveRecord(home string) {
	_ = os.Remove(filepath.Join(home, "state", RecordFile))
}

// ForBinary is the recorded prefilter if it was read from the tirith at
// bin as that file is now; otherwise nil, and the caller sends the line.
func ForBinary(home, bin string) (*Filter, error) {
	spec, err := RecordedSpec(home, bin)
	if err != nil {
		return nil, err
	}
	return spec.Compile()
}

// RecordedSpec is the recorded declaration of the tirith at bin, if it was
// read from that file as it is now. A detector starting for one check uses
// it instead of reading the pattern out of the binary again (tens of
// milliseconds for tirith's 38 MB).
func RecordedSpec(home, bin string) (*Spec, error) {
	f, err := os.Open(filepath.Join(home, "state", RecordFile))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r Record
	if err := json.NewDecoder(io.LimitReader(f, maxRecord)).Decode(&r); err != nil {
		return nil, err
	}
	if r.Bin != bin {
		return nil, errors.New("the recorded prefilter is another tirith's")
	}
	fi, err := os.Stat(bin)
	if err != nil {
		return nil, err
	}
	if statefile.StampOf(fi) != r.Stamp {
		return nil, errors.New("tirith changed since its prefilter was recorded")
	}
	return &r.Spec, nil
}

// TirithBinary is the tirith a host would run, resolved as the host does
// (plugins.TirithConfig): security.tirith_path, else tirith on PATH, else
// $HGUARD_HOME/bin/tirith; "" when there is none.
func TirithBinary(configured, home string) string {
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			return ""
		}
		return a
	}
	if configured != "" {
		return abs(configured)
	}
	if p, err := exec.LookPath("tirith"); err == nil {
		return abs(p)
	}
	if home != "" {
		p := filepath.Join(home, "bin", "tirith")
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return ""
}
