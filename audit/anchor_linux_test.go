package audit

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// journaldBinary is where Debian's systemd package puts journald.
const journaldBinary = "/lib/systemd/systemd-journald"

// startJournald runs the real systemd-journald in a private mount
// namespace, over tmpfs mounts of its own (nothing reaches the machine's
// journal), and returns it as an anchor: its socket and its files reached
// through /proc/PID/root. It needs root (for the mount namespace); test.sh
// installs systemd.
func startJournald(t *testing.T) Journal {
	t.Helper()
	switch {
	case os.Getuid() != 0:
		t.Skip("a private journald needs root (for its mount namespace); CI runs as root")
	case !executable(journaldBinary):
		t.Skip(journaldBinary + " is missing (test.sh installs Debian's systemd)")
	}
	for _, p := range []string{"unshare", "journalctl"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " is missing")
		}
	}
	// A container without CAP_SYS_ADMIN cannot make the mount namespace.
	if out, err := exec.Command("unshare", "--mount", "--propagation", "private", "true").CombinedOutput(); err != nil {
		t.Skipf("cannot make a private mount namespace here: %v %s", err, out)
	}
	script := `set -e
mount -t tmpfs tmpfs /run
mkdir -p /run/systemd/journal /run/log/journal
if [ -d /var/log/journal ]; then mount -t tmpfs tmpfs /var/log/journal; fi
exec ` + journaldBinary
	cmd := exec.Command("unshare", "--mount", "--propagation", "private", "sh", "-c", script)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	root := fmt.Sprintf("/proc/%d/root", cmd.Process.Pid)
	j := Journal{Socket: root + "/run/systemd/journal/socket", Dir: root + "/run/log/journal"}
	waitFor(t, "journald's socket", func() bool {
		select {
		case <-exited:
			t.Fatalf("journald exited: %s", stderr.String())
		default:
		}
		st, err := os.Stat(j.Socket)
		return err == nil && st.Mode()&os.ModeSocket != 0
	})
	return j
}

func executable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
}

// waitFor polls until ok, failing only after a generous deadline: a
// readiness wait, not a timed assertion.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if ok() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s after a minute", what)
		}
	}
}

// anchoredLog writes n records to a fresh log anchored at j and waits until
// the journal holds their heads.
func anchoredLog(t *testing.T, j Journal, n int, maxSize int64, keep int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	l.SetRetention(maxSize, keep)
	l.SetAnchor(j)
	for i := range n {
		if err := l.Append(&Record{Event: "check", Command: fmt.Sprintf("rm -rf build%d", i), Verdict: "ask", Outcome: "block"}); err != nil {
			t.Fatal(err)
		}
		if err := l.AnchorErr(); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	waitFor(t, "heads in the journal", func() bool {
		heads, err := j.Heads(context.Background(), path)
		return err == nil && len(heads) == n
	})
	return path
}

// rehash rewrites the log at path as someone who can edit it would, to
// hide an edit: change records from seq `from` with edit and recompute
// every hash and prev from there on, so the chain is whole again.
func rehash(t *testing.T, path string, from int64, edit func(*Record)) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	prev := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		hash, body, ok := splitHash(sc.Bytes())
		if !ok {
			t.Fatalf("not a record: %s", sc.Text())
		}
		var rec Record
		if err := json.Unmarshal(body, &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Seq >= from {
			edit(&rec)
			rec.Prev = prev
			var line []byte
			if line, hash, err = encodeRecord(&rec); err != nil {
				t.Fatal(err)
			}
			out.Write(line)
		} else {
			out.Write(sc.Bytes())
		}
		out.WriteByte('\n')
		prev = hash
	}
	if err := os.WriteFile(path, out.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestAnchoredVerify: against heads in a real journald, verify finds what
// the chain alone cannot: an edit with rehashing, records cut off the end,
// a deleted log, a deleted rotated file. A forged head is a mismatch,
// never hides one.
func TestAnchoredVerify(t *testing.T) {
	j := startJournald(t)
	ctx := context.Background()
	intact := func(t *testing.T, path string) {
		t.Helper()
		if sum, err := Verify(path); err != nil || len(sum.Problems) > 0 {
			t.Fatalf("the tampering was not hidden from the chain: %+v, %v", sum.Problems, err)
		}
	}
	tests := []struct {
		name    string
		keep    int
		maxSize int64
		tamper  func(t *testing.T, path string)
		want    string // in a problem; "" = intact
	}{
		{"intact", 0, 0, func(*testing.T, string) {}, ""},
		{"an edit, rehashed", 0, 0, func(t *testing.T, path string) {
			rehash(t, path, 3, func(r *Record) { r.Outcome, r.Verdict = "allow", "allow" })
			intact(t, path)
		}, "record 3 is not the record anchored"},
		{"records cut off the end", 0, 0, func(t *testing.T, path string) {
			data, _ := os.ReadFile(path)
			lines := bytes.SplitAfter(data, []byte("\n"))
			os.WriteFile(path, bytes.Join(lines[:3], nil), 0o600)
			intact(t, path)
		}, "records were cut from its end"},
		{"the log deleted", 0, 0, func(t *testing.T, path string) {
			os.Remove(path)
			intact(t, path)
		}, "records were cut from its end"},
		{"a kept rotated file deleted", 3, 600, func(t *testing.T, path string) {
			nums, err := rotatedFiles(path)
			if err != nil || len(nums) < 3 {
				t.Fatalf("rotated files %v, %v", nums, err)
			}
			os.Remove(rotatedPath(path, nums[len(nums)-1]))
			intact(t, path)
		}, "a rotated file was deleted"},
		{"a forged head", 0, 0, func(t *testing.T, path string) {
			if err := j.Put(Head{Log: path, Seq: 2, Hash: strings.Repeat("0", 64)}); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the forged head", func() bool {
				heads, err := j.Heads(ctx, path)
				return err == nil && len(heads) == 6
			})
		}, "record 2 is not the record anchored"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := anchoredLog(t, j, 5, tt.maxSize, max(tt.keep, 1))
			if tt.maxSize > 0 { // enough records to rotate past keep
				l, _ := Open(path)
				l.SetRetention(tt.maxSize, tt.keep)
				l.SetAnchor(j)
				for i := range 20 {
					if err := l.Append(&Record{Event: "check", Command: fmt.Sprintf("ls %d", i)}); err != nil {
						t.Fatal(err)
					}
				}
				l.Close()
				waitFor(t, "heads in the journal", func() bool {
					heads, err := j.Heads(ctx, path)
					return err == nil && len(heads) == 25
				})
			}
			tt.tamper(t, path)
			sum, err := VerifyAnchored(ctx, path, j)
			if err != nil {
				t.Fatal(err)
			}
			var msgs []string
			for _, p := range sum.Problems {
				msgs = append(msgs, p.Msg)
			}
			got := strings.Join(msgs, "\n")
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) || sum.Anchored == 0 {
				t.Errorf("problems:\n%s\nwant one with %q (%d heads)", got, tt.want, sum.Anchored)
			}
		})
	}
}

// TestAnchorUnavailable: a journal that is not there fails the anchoring,
// not the append, and AnchorErr says so.
func TestAnchorUnavailable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	l.SetAnchor(Journal{Socket: filepath.Join(t.TempDir(), "no-socket")})
	if err := l.Append(&Record{Event: "check", Command: "ls"}); err != nil {
		t.Fatalf("append failed with the anchor: %v", err)
	}
	if l.AnchorErr() == nil {
		t.Error("no anchor error")
	}
	if sum, err := Verify(path); err != nil || sum.Records != 1 || len(sum.Problems) > 0 {
		t.Errorf("the record was not written whole: %+v, %v", sum, err)
	}
}
