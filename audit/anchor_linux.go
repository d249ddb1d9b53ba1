package audit

import (
	"fmt"
	"syscall"
)

// sendDatagram sends one datagram to the unix socket at path, with the
// sender's credentials attached by the kernel.
func sendDatagram(path string, b []byte) error {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("anchoring audit head: %w", err)
	}
	defer syscall.Close(fd)
	if err := syscall.Sendto(fd, b, 0, &syscall.SockaddrUnix{Name: path}); err != nil {
		return fmt.Errorf("anchoring audit head at %s: %w", path, err)
	}
	return nil
}
