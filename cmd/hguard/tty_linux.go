package main

import (
	"os"
	"syscall"
	"unsafe"
)

// cookTTY puts the terminal into line mode with echo for a prompt, and
// returns how to put it back. A shell's line editor (readline, zle, fish)
// leaves the terminal raw while its key binding runs hguard guard: without
// this, Enter would send \r that never ends the answer's line, and nothing
// typed would show.
func cookTTY(f *os.File) (restore func()) {
	var saved syscall.Termios
	if ioctl(f, syscall.TCGETS, &saved) != nil {
		return func() {} // not a terminal: nothing to set or restore
	}
	cooked := saved
	cooked.Lflag |= syscall.ICANON | syscall.ECHO | syscall.ECHOE | syscall.ISIG
	cooked.Iflag |= syscall.ICRNL
	cooked.Iflag &^= syscall.INLCR | syscall.IGNCR
	if ioctl(f, syscall.TCSETS, &cooked) != nil {
		return func() {}
	}
	return func() { ioctl(f, syscall.TCSETS, &saved) }
}

func ioctl(f *os.File, req uintptr, t *syscall.Termios) error {
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), req, uintptr(unsafe.Pointer(t))); errno != 0 {
		return errno
	}
	return nil
}

// isTerminal reports whether f is a terminal.
func isTerminal(f *os.File) bool {
	var t syscall.Termios
	return ioctl(f, syscall.TCGETS, &t) == nil
}

// termWidth is the terminal's width in columns, if f is one.
func termWidth(f *os.File) (int, bool) {
	var ws struct{ Row, Col, X, Y uint16 }
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TIOCGWINSZ, uintptr(unsafe.Pointer(&ws))); errno != 0 || ws.Col == 0 {
		return 0, false
	}
	return int(ws.Col), true
}
