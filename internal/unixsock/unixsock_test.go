package unixsock

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func newListener(t *testing.T) (*Listener, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "s.sock")
	l, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l, path
}

func TestRoundTrip(t *testing.T) {
	l, path := newListener(t)
	done := make(chan error, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			done <- err
			return
		}
		defer c.Close()
		uid, err := c.PeerUID()
		if err != nil || uid != os.Getuid() {
			done <- errors.New("peer uid is not ours")
			return
		}
		buf := make([]byte, 5)
		if _, err := io.ReadFull(c, buf); err != nil {
			done <- err
			return
		}
		_, err = c.Write([]byte(strings.ToUpper(string(buf))))
		done <- err
	}()
	c, err := Dial(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if uid, err := c.PeerUID(); err != nil || uid != os.Getuid() {
		t.Fatalf("PeerUID = %d, %v; want %d", uid, err, os.Getuid())
	}
	if _, err := c.Write([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(c)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "HELLO" {
		t.Errorf("read %q, want HELLO then EOF", got)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestDeadline(t *testing.T) {
	l, path := newListener(t)
	go func() {
		if c, err := l.Accept(); err == nil {
			defer c.Close()
			io.Copy(io.Discard, c) // never answers
		}
	}()
	c, err := Dial(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(20 * time.Millisecond))
	_, err = c.Read(make([]byte, 1))
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("Read past the deadline: %v, want os.ErrDeadlineExceeded", err)
	}
}

func TestCloseUnblocks(t *testing.T) {
	l, path := newListener(t)
	accepted := make(chan error, 1)
	go func() {
		_, err := l.Accept()
		accepted <- err
	}()
	time.Sleep(10 * time.Millisecond) // let Accept park in the poller
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-accepted:
		if !errors.Is(err, ErrClosed) {
			t.Fatalf("Accept after Close: %v, want ErrClosed", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not unblock Accept")
	}
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("socket file left behind after Close: %v", err)
	}
	if _, err := l.Accept(); !errors.Is(err, ErrClosed) {
		t.Errorf("Accept on a closed listener: %v, want ErrClosed", err)
	}
	// Closing again leaves a newer listener's socket file alone.
	newer, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	defer newer.Close()
	l.Close()
	if _, err := os.Lstat(path); err != nil {
		t.Errorf("a second Close removed the socket file of a newer listener: %v", err)
	}

	// Closing a connection unblocks its pending Read.
	l2, path2 := newListener(t)
	go func() {
		if c, err := l2.Accept(); err == nil {
			defer c.Close()
			io.Copy(io.Discard, c)
		}
	}()
	c, err := Dial(path2)
	if err != nil {
		t.Fatal(err)
	}
	read := make(chan error, 1)
	go func() {
		_, err := c.Read(make([]byte, 1))
		read <- err
	}()
	time.Sleep(10 * time.Millisecond)
	c.Close()
	select {
	case err := <-read:
		if err == nil {
			t.Fatal("Read on a closed conn succeeded")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not unblock Read")
	}
}

func TestDialErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Dial(filepath.Join(dir, "missing.sock")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Dial of a missing socket: %v, want fs.ErrNotExist", err)
	}
	// A socket file with no listener, as a crashed daemon leaves it.
	stale := filepath.Join(dir, "stale.sock")
	fd, sa, err := socket(stale)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Bind(fd, &syscall.SockaddrUnix{Name: sa.Name}); err != nil {
		t.Fatal(err)
	}
	syscall.Close(fd)
	if _, err := Dial(stale); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("Dial of a stale socket: %v, want ECONNREFUSED", err)
	}
	// A regular file is not a socket.
	plain := filepath.Join(dir, "plain")
	os.WriteFile(plain, nil, 0o600)
	if _, err := Dial(plain); err == nil {
		t.Error("Dial of a regular file succeeded")
	}
	long := filepath.Join(dir, strings.Repeat("x", 120))
	if _, err := Dial(long); err == nil || !strings.Contains(err.Error(), "length") {
		t.Errorf("Dial of a %d-byte path: %v, want a length error", len(long), err)
	}
	if _, err := Listen(long); err == nil {
		t.Error("Listen on an over-long path succeeded")
	}
	for _, abstract := range []string{"@hguard", "a\x00b"} {
		if l, err := Listen(abstract); err == nil {
			l.Close()
			t.Errorf("Listen(%q) made an abstract socket", abstract)
		}
	}
}

func TestListenExisting(t *testing.T) {
	_, path := newListener(t)
	if _, err := Listen(path); !errors.Is(err, syscall.EADDRINUSE) {
		t.Errorf("second Listen on %s: %v, want EADDRINUSE", path, err)
	}
}

// A daemon that stopped accepting must not hang its clients in connect.
func TestDialFullBacklog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.sock")
	l, err := listen(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var conns []*Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range 64 {
		c, err := Dial(path)
		if err != nil {
			if !errors.Is(err, syscall.EAGAIN) {
				t.Fatalf("Dial into a full backlog: %v, want EAGAIN", err)
			}
			return
		}
		conns = append(conns, c)
	}
	t.Fatal("64 connections into a backlog of 0 never failed")
}
