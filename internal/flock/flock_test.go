package flock

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

func TestLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	l, err := Lock(path, true)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("lock file: %v, %v", fi, err)
	}
	if _, err := TryLock(path); !errors.Is(err, ErrHeld) {
		t.Errorf("TryLock of a held lock: %v, want ErrHeld", err)
	}
	start := time.Now()
	if _, err := LockTimeout(path, 50*time.Millisecond); !errors.Is(err, ErrHeld) || time.Since(start) < 50*time.Millisecond {
		t.Errorf("LockTimeout of a held lock: %v after %v", err, time.Since(start))
	}
	got := make(chan error)
	go func() {
		l2, err := Lock(path, true) // waits for the first
		if err == nil {
			l2.Unlock()
		}
		got <- err
	}()
	select {
	case err := <-got:
		t.Fatalf("a second exclusive Lock did not wait: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	l.Unlock()
	l.Unlock() // twice is harmless
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	l3, err := LockTimeout(path, time.Second)
	if err != nil {
		t.Fatalf("LockTimeout of a free lock: %v", err)
	}
	l3.Unlock()
	var none *File
	none.Unlock()
}

func TestSharedLocks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	a, err := Lock(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Unlock()
	b, err := Lock(path, false) // a second reader does not wait
	if err != nil {
		t.Fatal(err)
	}
	defer b.Unlock()
	if _, err := TryLock(path); !errors.Is(err, ErrHeld) {
		t.Errorf("TryLock beside readers: %v, want ErrHeld", err)
	}
}

// A lock held by a process that dies is free at once.
func TestLockDiesWithHolder(t *testing.T) {
	if _, err := exec.LookPath("flock"); err != nil {
		t.Skip("flock(1) is missing")
	}
	path := filepath.Join(t.TempDir(), "x.lock")
	// The shell takes the lock on fd 9 and becomes sleep, which keeps it.
	cmd := exec.Command("sh", "-c", `exec 9>"$1" && flock 9 && exec sleep 30`, "sh", path)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute) // generous: a readiness wait
	for {
		// Held, and by sleep itself: until sh has exec'd it, flock(1) may
		// still be alive with the same descriptor, and killing sh would
		// not free the lock.
		comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", cmd.Process.Pid))
		l, err := TryLock(path)
		if errors.Is(err, ErrHeld) && (runtime.GOOS != "linux" || string(comm) == "sleep\n") {
			break
		}
		if err == nil {
			l.Unlock()
		}
		if time.Now().After(deadline) {
			t.Fatal("flock(1) never took the lock")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	l, err := TryLock(path)
	if err != nil {
		t.Fatalf("the lock of a killed holder: %v", err)
	}
	l.Unlock()
}

// A waiter whose holder removes the lock file locks the path afresh, and
// never at the same time as a process that came after the removal.
func TestRemove(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	holder, err := Lock(path, true)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan *File)
	go func() {
		l, err := Lock(path, true) // waits on the file about to be removed
		if err != nil {
			t.Error(err)
		}
		got <- l
	}()
	time.Sleep(50 * time.Millisecond)
	holder.Remove()
	waiter := <-got
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the waiter did not lock a new file at the path: %v", err)
	}
	if _, err := TryLock(path); !errors.Is(err, ErrHeld) {
		t.Errorf("a newcomer got the lock the waiter holds: %v", err)
	}
	waiter.Remove()
	if _, err := os.Stat(path); err == nil {
		t.Error("Remove left the lock file")
	}
}

func TestLockFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	unlock, err := LockFile(f, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := TryLock(path); !errors.Is(err, ErrHeld) {
		t.Errorf("TryLock beside LockFile: %v, want ErrHeld", err)
	}
	unlock()
	l, err := TryLock(path)
	if err != nil {
		t.Fatalf("after unlock: %v", err)
	}
	l.Unlock()
	shared, err := LockFile(f, false)
	if err != nil {
		t.Fatal(err)
	}
	defer shared()
	if r, err := Lock(path, false); err != nil {
		t.Errorf("a second reader beside a shared LockFile: %v", err)
	} else {
		r.Unlock()
	}
}

func TestNoSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "elsewhere")
	path := filepath.Join(dir, "x.lock")
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	if l, err := Lock(path, true); err == nil {
		l.Unlock()
		t.Fatal("locked through a symlink")
	}
	if _, err := os.Lstat(target); err == nil {
		t.Error("the symlink's target was created")
	}
}
