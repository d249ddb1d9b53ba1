package main

import (
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

func becomeSubreaper() error {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("prctl PR_SET_CHILD_SUBREAPER: %w", err)
	}
	return nil
}

// process is one process left behind.
type process struct {
	pid     int
	command string
}

// leftovers reaps the orphans that exit within grace (a test that stopped
// a daemon may not have waited for its exit), then kills and reaps the
// rest and returns them.
func leftovers(grace time.Duration) []process {
	deadline := time.Now().Add(grace)
	for {
		reapExited()
		kids := children(os.Getpid())
		if len(kids) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			var left []process
			for _, pid := range kids {
				left = append(left, process{pid, commandLine(pid)})
				killTree(pid)
			}
			// SIGKILL is prompt, but a killed descendant is re-parented
			// here only once its own parent is gone: reap until no child,
			// live or zombie, is left.
			for range 250 {
				reapExited()
				if len(processes(os.Getpid(), true)) == 0 {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			return left
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// reapExited collects every exited child without blocking.
func reapExited() {
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if pid <= 0 || err != nil {
			return
		}
	}
}

// children lists the live (not zombie) processes whose parent is ppid.
func children(ppid int) []int { return processes(ppid, false) }

// processes lists the processes whose parent is ppid, zombies too when
// asked.
func processes(ppid int, zombies bool) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		parent, state, ok := stat(pid)
		if ok && parent == ppid && (zombies || state != 'Z' && state != 'X') {
			pids = append(pids, pid)
		}
	}
	slices.Sort(pids)
	return pids
}

// stat reads a process's parent and state from /proc/PID/stat. The command
// name (field 2) may hold spaces and parentheses, so parsing starts after
// its last ')'.
func stat(pid int) (ppid int, state byte, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 || len(f[0]) != 1 {
		return 0, 0, false
	}
	ppid, err = strconv.Atoi(f[1])
	return ppid, f[0][0], err == nil
}

// commandLine is a process's argv joined by spaces, or its name in
// brackets when it has none (a kernel-style name, or already gone).
func commandLine(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err == nil && len(b) > 0 {
		return strings.TrimSpace(strings.ReplaceAll(string(b), "\x00", " "))
	}
	name, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/comm")
	return "[" + strings.TrimSpace(string(name)) + "]"
}

// killTree stops pid and its descendants with SIGKILL, the descendants
// first found while their parent still holds them.
func killTree(pid int) {
	_ = syscall.Kill(pid, syscall.SIGSTOP) // no new children while we look
	for _, kid := range children(pid) {
		killTree(kid)
	}
	_ = syscall.Kill(pid, syscall.SIGKILL)
}

// reapWhileRunning reaps every exited child but the command (skip), whose
// status cmd.Wait collects, until stop is closed.
func reapWhileRunning(skip int, stop <-chan struct{}) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGCHLD)
	defer signal.Stop(sig)
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-sig:
		case <-tick.C:
		}
		for _, pid := range processes(os.Getpid(), true) {
			if _, state, ok := stat(pid); ok && pid != skip && state == 'Z' {
				var ws syscall.WaitStatus
				_, _ = syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
			}
		}
	}
}
