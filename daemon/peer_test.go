package daemon

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestDaemonRefusesOtherUsers: even when the socket's permissions are
// loosened, the daemon checks each peer's uid (SO_PEERCRED) and hangs up
// on another user's process without answering. Runs as root only: it needs
// to start a process as another user.
func TestDaemonRefusesOtherUsers(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to run a client as another user")
	}
	// Debian's python3, which any user may run (not a per-user install).
	const python = "/usr/bin/python3"
	if _, err := os.Stat(python); err != nil {
		t.Skip("/usr/bin/python3 is not installed")
	}
	home := t.TempDir()
	startDaemon(t, home)
	sock := SocketPath(home)
	// Open the way to the socket for everyone: the uid check must hold alone.
	for dir := filepath.Dir(sock); strings.HasPrefix(dir, os.TempDir()) && dir != os.TempDir(); dir = filepath.Dir(dir) {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(sock, 0o666); err != nil {
		t.Fatal(err)
	}
	const client = `import socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
try:
    s.sendall(b'{"op":"check","check":{"cmd":"ls","session":"x"}}\n')
    print("answer:" + repr(s.recv(4096)))
except (ConnectionResetError, BrokenPipeError):
    print("answer:b''")`
	run := func(uid uint32) string {
		cmd := exec.Command(python, "-c", client, sock)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uid, Gid: uid}}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("client as uid %d: %v\n%s", uid, err, out)
		}
		return string(out)
	}
	if out := run(65534); !strings.Contains(out, "answer:b''") {
		t.Errorf("a client of another user got an answer: %s", out)
	}
	if out := run(0); !strings.Contains(out, `"decision"`) {
		t.Errorf("the owner's client got no decision: %s", out)
	}
}
