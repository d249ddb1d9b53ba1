package checkpoint

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

var (
	gitPathOnce sync.Once
	gitPath     string
	gitPathErr  error
)

// gitBinary finds git once; checkpoints cannot work without it.
func gitBinary() (string, error) {
	gitPathOnce.Do(func() {
		gitPath, gitPathErr = exec.LookPath("git")
		if gitPathErr != nil {
			gitPathErr = errors.New("git is not on PATH; checkpoints need the git command")
		}
	})
	return gitPath, gitPathErr
}

// gitEnv is the environment of every git call: the caller's, minus every
// GIT_* variable (a GIT_INDEX_FILE inherited from a hook would otherwise
// point git at the user's index), plus an isolated configuration.
func (r *Repo) gitEnv() []string {
	env := make([]string, 0, 32)
	tunables := mallocTunables
	for _, kv := range os.Environ() {
		name, value, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(name, "GIT_"), name == "HOME", name == "XDG_CONFIG_HOME",
			name == "LC_ALL", name == "LANG", name == "LANGUAGE", name == "EMAIL":
			continue
		case name == "GLIBC_TUNABLES":
			if value != "" {
				tunables = value + ":" + mallocTunables // the later setting wins
			}
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "GLIBC_TUNABLES="+tunables)
	if !r.noWorkTree {
		env = append(env, "GIT_DIR="+r.GitDir, "GIT_WORK_TREE="+r.Dir)
	}
	return append(env,
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_SYSTEM="+os.DevNull,
		"GIT_CONFIG_GLOBAL="+os.DevNull,
		"HOME="+r.emptyHome,
		"XDG_CONFIG_HOME="+r.emptyHome,
		"GIT_ATTR_NOSYSTEM=1",
		"GIT_NO_REPLACE_OBJECTS=1",
		"GIT_LITERAL_PATHSPECS=1",
		"GIT_TERMINAL_PROMPT=0",
		"GIT_OPTIONAL_LOCKS=0",
		"GIT_AUTHOR_NAME=hguard",
		"GIT_AUTHOR_EMAIL=hguard@localhost",
		"GIT_COMMITTER_NAME=hguard",
		"GIT_COMMITTER_EMAIL=hguard@localhost",
		"LC_ALL=C",
	)
}

// mallocTunables keep glibc's malloc from giving freed memory back to
// the kernel after every object git writes. git (2.39) allocates and frees
// zlib's deflate state, about 270 KiB, for each blob it stores; with
// glibc's defaults the top of the heap is trimmed on every free and faulted
// in again on the next allocation: about 19 page faults and 1.6 ms a
// file on this machine, so that storing 5,000 files took 8.0 s (3.8 s of
// it in the kernel) instead of 0.4 s. A first snapshot of 100,000 files
// was almost all of that. Other C libraries ignore the variable.
const mallocTunables = "glibc.malloc.trim_threshold=67108864:glibc.malloc.mmap_threshold=4194304"

// gitError is a failed git call, with what git said.
type gitError struct {
	args   []string
	stderr string
	err    error
}

func (e *gitError) Error() string {
	msg := strings.TrimSpace(e.stderr)
	msg = strings.ReplaceAll(msg, "\n", "; ")
	if msg == "" {
		msg = e.err.Error()
	}
	return fmt.Sprintf("git %s: %s", e.args[0], msg)
}

func (e *gitError) Unwrap() error { return e.err }

// git runs one git command in the working directory with stdin as its
// input and returns its standard output.
func (r *Repo) git(ctx context.Context, stdin io.Reader, args ...string) ([]byte, error) {
	var out bytes.Buffer
	err := r.gitTo(ctx, &out, stdin, args...)
	return out.Bytes(), err
}

// gitEnvs is git with variables added to its environment.
func (r *Repo) gitEnvs(ctx context.Context, env []string, stdin io.Reader, args ...string) ([]byte, error) {
	var out bytes.Buffer
	err := r.gitRun(ctx, env, &out, stdin, args...)
	return out.Bytes(), err
}

// gitTo is git with the output streamed to w.
func (r *Repo) gitTo(ctx context.Context, w io.Writer, stdin io.Reader, args ...string) error {
	return r.gitRun(ctx, nil, w, stdin, args...)
}

// gitRun is gitTo with variables added to git's environment.
func (r *Repo) gitRun(ctx context.Context, env []string, w io.Writer, stdin io.Reader, args ...string) error {
	bin, err := gitBinary()
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = r.Dir
	if r.noWorkTree {
		cmd.Dir = filepath.Dir(r.GitDir)
	}
	cmd.Env = append(r.gitEnv(), env...)
	cmd.Stdin = stdin
	cmd.Stdout = w
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return &gitError{args: args, stderr: stderr.String(), err: err}
	}
	return nil
}

// gitPipe starts a git command that reads its standard input from the
// returned writer; wait closes the input and waits for git to finish.
func (r *Repo) gitPipe(ctx context.Context, args ...string) (in io.Writer, wait func() error, err error) {
	bin, err := gitBinary()
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = r.Dir
	cmd.Env = r.gitEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, &gitError{args: args, err: err}
	}
	bw := bufio.NewWriterSize(pipe, 64<<10)
	var writeErr error
	w := writerFunc(func(p []byte) (int, error) {
		if writeErr != nil {
			return 0, writeErr
		}
		n, err := bw.Write(p)
		writeErr = err
		return n, err
	})
	wait = func() error {
		ferr := bw.Flush()
		pipe.Close()
		if err := cmd.Wait(); err != nil {
			return &gitError{args: args, stderr: stderr.String(), err: err}
		}
		if ferr != nil {
			return &gitError{args: args, err: ferr}
		}
		return nil
	}
	return w, wait, nil
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
