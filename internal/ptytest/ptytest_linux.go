// Package ptytest runs a program for a test with a pseudo-terminal as its
// controlling terminal, as a person's shell runs it: hguard approve and
// hguard yolo on need one (ancestry.RefusePerson), and whether go test has
// one depends on who runs it.
package ptytest

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// Run runs cmd in a new session whose controlling terminal is a fresh
// pseudo-terminal, given as its standard input; its other files are
// cmd's own. The terminal lives until cmd ends.
func Run(cmd *exec.Cmd) error {
	master, slave, err := open()
	if err != nil {
		return err
	}
	defer master.Close()
	defer slave.Close()
	cmd.Stdin = slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	return cmd.Run()
}

// open opens a pseudo-terminal pair, neither end made the caller's
// controlling terminal.
func open() (master, slave *os.File, err error) {
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	fd := int(m.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		return nil, nil, fmt.Errorf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		m.Close()
		return nil, nil, fmt.Errorf("ptsname: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		return nil, nil, err
	}
	return m, s, nil
}
