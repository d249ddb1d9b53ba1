package install

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/hguard/hguard/internal/atomicfile"
)

// Adopt installs a tirith binary the user already has (from npm, a
// package manager or a build of their own) as $HGUARD_HOME/bin/tirith,
// offline. Nothing proves where it came from: its hash is recorded, marked
// unverified, so that a later swap is still refused at launch.
func Adopt(ctx context.Context, home, src string) (Result, error) {
	if home == "" {
		return Result{}, fmt.Errorf("no hguard home: set HGUARD_HOME")
	}
	src, err := filepath.Abs(src) // run as a path, never looked up on PATH
	if err != nil {
		return Result{}, err
	}
	fi, err := os.Stat(src)
	if err != nil {
		return Result{}, err
	}
	if !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
		return Result{}, fmt.Errorf("%s is not an executable file", src)
	}
	if fi.Size() > maxBinary {
		return Result{}, fmt.Errorf("%s is larger than %d bytes", src, maxBinary)
	}
	// Ask it what it is, so that a wrong file is refused with a reason and
	// not at the first check.
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, src, "--version")
	cmd.WaitDelay = time.Second
	out, err := cmd.Output()
	ver := strings.TrimSpace(string(out))
	if err != nil || !strings.HasPrefix(ver, "tirith ") {
		return Result{}, fmt.Errorf("%s does not answer '--version' as tirith does (%q, %v)", src, firstLine(ver), err)
	}
	s := state{home: home}
	unlock, err := s.lock(true)
	if err != nil {
		return Result{}, err
	}
	defer unlock()
	f, err := os.Open(src)
	if err != nil {
		return Result{}, err
	}
	defer f.Close()
	dst := BinPath(home)
	h := sha256.New()
	err = atomicfile.WriteFrom(dst, 0o755, func(w io.Writer) error {
		_, err := io.Copy(io.MultiWriter(w, h), io.LimitReader(f, maxBinary))
		return err
	})
	if err != nil {
		return Result{}, err
	}
	r := Result{Path: dst, SHA256: hex.EncodeToString(h.Sum(nil))}
	if err := s.writeRecord(record{SHA256: r.SHA256, At: time.Now().UTC(), Unverified: true, Source: src}); err != nil {
		return Result{}, err
	}
	s.removeMarker()
	r.Tag = strings.TrimSpace(strings.TrimPrefix(firstLine(ver), "tirith"))
	return r, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return s
}
