// Command orphans runs a command and fails when it leaves processes behind.
//
//	go run ./internal/orphans [-grace 3s] -- go test -race -count=1 ./...
//
// On Linux it makes itself the child subreaper (prctl
// PR_SET_CHILD_SUBREAPER), so every process the command starts and does not
// wait for — a daemon a test forgot to stop, a tmux server, a plugin whose
// host was killed — is re-parented to it instead of to init. When the
// command has exited, orphans gives those processes a grace (-grace) to exit
// on their own, then names each one still running (pid and command line),
// kills it and its descendants, and exits 1. Otherwise it exits with the
// command's own status. test.sh runs the whole test suite under it, which
// is how the suite counts the processes its tests leave.
//
// Elsewhere (macOS) there is no subreaper: the command just runs.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

// run is main without the exit, for tests.
func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("orphans", flag.ContinueOnError)
	fs.SetOutput(stderr)
	grace := fs.Duration("grace", 3*time.Second, "how long processes left by the command get to exit on their own")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: orphans [-grace DURATION] -- COMMAND [ARG...]")
		fs.PrintDefaults()
	}
	if fs.Parse(args) != nil {
		return 2
	}
	args = fs.Args()
	if len(args) == 0 {
		fs.Usage()
		return 2
	}
	if err := becomeSubreaper(); err != nil {
		fmt.Fprintf(stderr, "orphans: error: %v\n", err)
		return 2
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// Ctrl-C reaches the command through the terminal's process group;
	// orphans itself stays to report and clean up. It catches SIGINT
	// rather than ignoring it: an ignored signal stays ignored in every
	// program started after, and tests interrupt what they start.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGINT)
	status := 0
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "orphans: error: %v\n", err)
		return 2
	}
	// Processes re-parented here are reaped as they exit, as init would:
	// a zombie answers kill -0, and tests wait for daemons to go that way.
	stop := make(chan struct{})
	go reapWhileRunning(cmd.Process.Pid, stop)
	err := cmd.Wait()
	close(stop)
	if err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			fmt.Fprintf(stderr, "orphans: error: %v\n", err)
			return 2
		}
		status = exit.ExitCode()
		if status < 0 { // killed by a signal
			status = 128 + int(exit.Sys().(syscall.WaitStatus).Signal())
		}
	}
	left := leftovers(*grace)
	if len(left) == 0 {
		return status
	}
	fmt.Fprintf(stderr, "orphans: %d process(es) left running after %q exited (killed now):\n", len(left), args[0])
	for _, p := range left {
		fmt.Fprintf(stderr, "  pid %d: %s\n", p.pid, p.command)
	}
	if status == 0 {
		status = 1
	}
	return status
}
