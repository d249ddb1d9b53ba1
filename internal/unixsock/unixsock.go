package unixsock

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// A Conn is one connected stream. Read, Write and Close may be called
// from different goroutines; Close unblocks a pending Read or Write.
type Conn struct {
	f *os.File
}

// Read reads from the peer; it returns io.EOF when the peer hung up.
func (c *Conn) Read(p []byte) (int, error) { return c.f.Read(p) }

// Write writes to the peer.
func (c *Conn) Write(p []byte) (int, error) { return c.f.Write(p) }

// Close closes the connection.
func (c *Conn) Close() error { return c.f.Close() }

// SetDeadline bounds Read and Write; the zero time means none. An expired
// deadline makes them fail with an error matching os.ErrDeadlineExceeded.
func (c *Conn) SetDeadline(t time.Time) error { return c.f.SetDeadline(t) }

// PeerUID is the user id of the process at the other end, from the
// kernel (SO_PEERCRED), so it cannot be forged by the peer.
func (c *Conn) PeerUID() (int, error) {
	raw, err := c.f.SyscallConn()
	if err != nil {
		return -1, err
	}
	uid, cerr := -1, error(nil)
	if err := raw.Control(func(fd uintptr) { uid, cerr = peerUID(int(fd)) }); err != nil {
		return -1, err
	}
	if cerr != nil {
		return -1, os.NewSyscallError("getsockopt", cerr)
	}
	return uid, nil
}

// PeerPID is the process id of the process at the other end when it
// connected, from the kernel (SO_PEERCRED, LOCAL_PEERPID): the daemon
// reads its ancestry to refuse approvals from a coding agent.
func (c *Conn) PeerPID() (int, error) {
	raw, err := c.f.SyscallConn()
	if err != nil {
		return -1, err
	}
	pid, cerr := -1, error(nil)
	if err := raw.Control(func(fd uintptr) { pid, cerr = peerPID(int(fd)) }); err != nil {
		return -1, err
	}
	if cerr != nil {
		return -1, os.NewSyscallError("getsockopt", cerr)
	}
	return pid, nil
}

// Dial connects to the socket at path. A path with nothing listening
// fails with an error matching fs.ErrNotExist (no socket file) or
// syscall.ECONNREFUSED (a socket file no one listens on); a listener whose
// backlog is full fails with syscall.EAGAIN rather than blocking.
func Dial(path string) (*Conn, error) {
	fd, sa, err := socket(path)
	if err != nil {
		return nil, err
	}
	if err := unix.Connect(fd, sa); err != nil {
		unix.Close(fd)
		return nil, &os.PathError{Op: "connect", Path: path, Err: err}
	}
	return &Conn{f: os.NewFile(uintptr(fd), path)}, nil
}

// A Listener accepts connections on a socket file, which it removes when
// closed.
type Listener struct {
	f      *os.File
	path   string
	closed atomic.Bool
	unlink sync.Once // a second Close must not remove a newer listener's file
}

// Listen creates a socket file at path (which must not exist) and listens
// on it. The file's mode follows the umask; callers that need it private
// chmod it, or listen in a private directory.
func Listen(path string) (*Listener, error) { return listen(path, unix.SOMAXCONN) }

func listen(path string, backlog int) (*Listener, error) {
	fd, sa, err := socket(path)
	if err != nil {
		return nil, err
	}
	if err := unix.Bind(fd, sa); err != nil {
		unix.Close(fd)
		return nil, &os.PathError{Op: "bind", Path: path, Err: err}
	}
	if err := unix.Listen(fd, backlog); err != nil {
		unix.Close(fd)
		os.Remove(path)
		return nil, &os.PathError{Op: "listen", Path: path, Err: err}
	}
	return &Listener{f: os.NewFile(uintptr(fd), path), path: path}, nil
}

// ErrClosed is returned by Accept after Close.
var ErrClosed = errors.New("listener closed")

// Accept waits for the next connection. It returns ErrClosed once the
// listener is closed, and descriptor exhaustion (EMFILE, ENFILE) as an
// error the caller can wait out.
func (l *Listener) Accept() (*Conn, error) {
	if l.closed.Load() {
		return nil, ErrClosed
	}
	raw, err := l.f.SyscallConn()
	if err != nil {
		return nil, err
	}
	var (
		nfd  int
		aerr error
	)
	rerr := raw.Read(func(fd uintptr) bool {
		for {
			nfd, aerr = accept(int(fd))
			switch aerr {
			case unix.EINTR, unix.ECONNABORTED:
				continue // the peer gave up before we took it: take the next
			case unix.EAGAIN:
				return false // wait until the poller says one is ready
			}
			return true
		}
	})
	if rerr != nil {
		if l.closed.Load() {
			return nil, ErrClosed
		}
		return nil, rerr
	}
	if aerr != nil {
		return nil, os.NewSyscallError("accept4", aerr)
	}
	return &Conn{f: os.NewFile(uintptr(nfd), l.path)}, nil
}

// Close stops accepting, unblocks Accept and removes the socket file.
func (l *Listener) Close() error {
	l.closed.Store(true)
	err := l.f.Close()
	l.unlink.Do(func() {
		if rerr := os.Remove(l.path); err == nil && rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
			err = rerr
		}
	})
	return err
}

// socket makes a non-blocking stream socket for path, which os.NewFile
// hands to the runtime poller so that deadlines and Close work as they do
// for net.Conn. It checks path against the kernel's limit, which would
// otherwise truncate it silently on some systems.
func socket(path string) (int, *unix.SockaddrUnix, error) {
	// sun_path is 108 bytes on Linux, including the terminating NUL.
	if len(path) == 0 || len(path) >= 108 {
		return -1, nil, fmt.Errorf("socket path %q: length %d is not within 1..107", path, len(path))
	}
	// A leading @ or NUL names an abstract socket, which has no file and no
	// permissions: any user could take the name first.
	if path[0] == '@' || strings.ContainsRune(path, 0) {
		return -1, nil, fmt.Errorf("socket path %q: not a file name", path)
	}
	fd, err := newSocket()
	if err != nil {
		return -1, nil, os.NewSyscallError("socket", err)
	}
	return fd, &unix.SockaddrUnix{Name: path}, nil
}
