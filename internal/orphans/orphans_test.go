//go:build linux

package main

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// buildOrphans builds the command once per test: the subreaper must be a
// process of its own, not the test binary.
func buildOrphans(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "orphans")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func runOrphans(t *testing.T, bin string, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"-grace=1s", "--"}, args...)...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		status = exit.ExitCode()
	default:
		t.Fatalf("run orphans: %v", err)
	}
	return status, o.String(), e.String()
}

func TestOrphans(t *testing.T) {
	bin := buildOrphans(t)

	t.Run("clean command keeps its status", func(t *testing.T) {
		for _, c := range []struct {
			script string
			want   int
		}{
			{"exit 0", 0},
			{"exit 3", 3},
			{"sleep 0.1 & exit 0", 0}, // a background child that ends within the grace is no leftover
		} {
			status, _, stderr := runOrphans(t, bin, "sh", "-c", c.script)
			if status != c.want || stderr != "" {
				t.Errorf("%q: status %d, stderr %q; want %d and nothing", c.script, status, stderr, c.want)
			}
		}
	})

	t.Run("leftover is named and killed", func(t *testing.T) {
		// The grandchild sleeps under a subshell that exits: it is orphaned
		// twice over, as a forgotten daemon would be.
		status, stdout, stderr := runOrphans(t, bin, "sh", "-c", "(sleep 300 & echo $!) ; exit 0")
		if status != 1 {
			t.Errorf("status %d, want 1", status)
		}
		if !strings.Contains(stderr, "1 process(es) left running") || !strings.Contains(stderr, "sleep 300") {
			t.Errorf("stderr does not name the leftover:\n%s", stderr)
		}
		pid, err := strconv.Atoi(strings.TrimSpace(stdout))
		if err != nil {
			t.Fatalf("no pid printed: %q", stdout)
		}
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("pid %d still exists after orphans exited (kill -0: %v)", pid, err)
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})

	t.Run("failing command keeps its status with leftovers", func(t *testing.T) {
		status, _, stderr := runOrphans(t, bin, "sh", "-c", "sleep 300 & exit 4")
		if status != 4 || !strings.Contains(stderr, "sleep 300") {
			t.Errorf("status %d, stderr %q; want 4 naming sleep 300", status, stderr)
		}
	})

	t.Run("descendants of a leftover die with it", func(t *testing.T) {
		status, stdout, _ := runOrphans(t, bin, "sh", "-c", "sh -c 'sleep 300 & echo $!; wait' & sleep 0.2; exit 0")
		if status != 1 {
			t.Errorf("status %d, want 1", status)
		}
		pid, err := strconv.Atoi(strings.TrimSpace(stdout))
		if err != nil {
			t.Fatalf("no pid printed: %q", stdout)
		}
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("grandchild %d survived (kill -0: %v)", pid, err)
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})

	t.Run("the command can be interrupted", func(t *testing.T) {
		// A SIGINT ignored by orphans would stay ignored in everything it
		// starts, and tests interrupt what they start.
		status, stdout, _ := runOrphans(t, bin, "cat", "/proc/self/status")
		var ignored string
		for _, l := range strings.Split(stdout, "\n") {
			if v, ok := strings.CutPrefix(l, "SigIgn:"); ok {
				ignored = strings.TrimSpace(v)
			}
		}
		mask, err := strconv.ParseUint(ignored, 16, 64)
		if status != 0 || err != nil {
			t.Fatalf("status %d, SigIgn %q: %v", status, ignored, err)
		}
		if mask&(1<<(syscall.SIGINT-1)) != 0 {
			t.Errorf("the command starts with SIGINT ignored (SigIgn %s)", ignored)
		}
	})

	t.Run("an orphan that exits is reaped at once", func(t *testing.T) {
		// A zombie answers kill -0: a test waiting for a daemon to exit
		// would wait for ever.
		status, stdout, _ := runOrphans(t, bin, "sh", "-c",
			`p=$(sh -c 'sleep 0.3 >/dev/null 2>&1 & echo $!'); sleep 2; if kill -0 "$p" 2>/dev/null; then echo zombie; exit 7; fi`)
		if status != 0 {
			t.Errorf("status %d, stdout %q: the orphan stayed a zombie", status, stdout)
		}
	})

	t.Run("usage", func(t *testing.T) {
		cmd := exec.Command(bin)
		var e bytes.Buffer
		cmd.Stderr = &e
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(e.String(), "usage") {
			t.Errorf("no arguments: %v, %q; want exit 2 and usage", err, e.String())
		}
	})
}
