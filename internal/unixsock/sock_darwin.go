package unixsock

import "golang.org/x/sys/unix"

// newSocket makes a non-blocking, close-on-exec stream socket. Darwin has
// no SOCK_NONBLOCK or SOCK_CLOEXEC; the descriptor is set up before
// anything else sees it, and hguard starts no programs meanwhile.
func newSocket() (int, error) {
	fd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM, 0)
	if err != nil {
		return -1, err
	}
	return fd, setup(fd)
}

// accept takes a pending connection as a non-blocking, close-on-exec socket.
func accept(fd int) (int, error) {
	nfd, _, err := unix.Accept(fd)
	if err != nil {
		return -1, err
	}
	return nfd, setup(nfd)
}

func setup(fd int) error {
	unix.CloseOnExec(fd)
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		return err
	}
	return nil
}

// peerUID asks the kernel who is at the other end (LOCAL_PEERCRED).
func peerUID(fd int) (int, error) {
	cred, err := unix.GetsockoptXucred(fd, unix.SOL_LOCAL, unix.LOCAL_PEERCRED)
	if err != nil {
		return -1, err
	}
	return int(cred.Uid), nil
}

// peerPID is the process id of the peer (LOCAL_PEERPID).
func peerPID(fd int) (int, error) {
	return unix.GetsockoptInt(fd, unix.SOL_LOCAL, unix.LOCAL_PEERPID)
}
