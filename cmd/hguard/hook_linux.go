//go:build linux

package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// geminiHeadless reports whether the Gemini CLI that runs this hook cannot
// show a prompt: started with -p/--prompt, or without a terminal. Its hooks
// get no word of it, so its process is found among this one's ancestors.
// When none is found the answer is yes: a refusal that says what to do is
// better than a prompt no one sees, which Gemini waits on forever.
func geminiHeadless() bool {
	pid := os.Getppid()
	for range 8 {
		if pid <= 1 {
			return true
		}
		args, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		argv := strings.Split(string(bytes.TrimRight(args, "\x00")), "\x00")
		if isGemini(argv) {
			for _, a := range argv[1:] {
				if a == "-p" || a == "--prompt" || strings.HasPrefix(a, "--prompt=") {
					return true
				}
			}
			fd, err := os.Open("/proc/" + strconv.Itoa(pid) + "/fd/0")
			if err != nil {
				return true
			}
			defer fd.Close()
			_, err = unix.IoctlGetTermios(int(fd.Fd()), unix.TCGETS)
			return err != nil
		}
		pid = parentOf(pid)
	}
	return true
}

// isGemini reports whether argv is Gemini CLI's (node running its bundle,
// or its launcher).
func isGemini(argv []string) bool {
	for i, a := range argv {
		if i > 2 {
			break
		}
		if strings.HasSuffix(a, "/gemini") || a == "gemini" || strings.Contains(a, "gemini-cli") {
			return true
		}
	}
	return false
}

// parentOf is the parent pid of pid, from /proc/PID/stat, or 0.
func parentOf(pid int) int {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// The command name, in parentheses, may hold spaces; fields follow the last ')'.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(f[1])
	return ppid
}
