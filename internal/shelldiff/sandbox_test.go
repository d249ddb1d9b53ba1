package shelldiff

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The shells run for real; every other program is a stub. Those programs
// stay real because the shells need them to run at all.
var realPrograms = map[string]bool{"bash": true, "zsh": true, "fish": true, "dash": true, "sh": true}

// Inside the sandbox: the stub, the log it appends to, the lines of a
// batch, the driver (this test binary) and the directory each line runs in.
const (
	stubPath   = "/usr/bin/.hguard-stub" // in /usr/bin, a tmpfs there, under a name no program has
	logDir     = "/tmp/.hguard-log"
	logFile    = logDir + "/argv"
	batchDir   = "/tmp/.hguard-batch"
	driverPath = batchDir + "/driver"
	linesFile  = batchDir + "/lines"
	workDir    = "/tmp/w"
	home       = "/root"
)

// stub records one run: the directory it runs in (physical, as a file
// operation resolves it), the program's name and arguments, separated by
// \x1f, ended by \x1e, appended to the log in one write, so that the
// records of programs running at once (a pipeline) do not mix.
const stub = "#!/usr/bin/dash\n" +
	"r=\"$(pwd -P)\x1f${0##*/}\"\n" +
	"for a in \"$@\"; do r=\"$r\x1f$a\"; done\n" +
	"printf '%s\\036' \"$r\" >>" + logFile + "\n"

// Markers the driver writes into the log around each line: \x1d, "S" or
// "E", the line's index, \x1e. A record of the stub never starts with \x1d.
const markStart, markEnd = "S", "E"

// lineTimeout bounds one line (a loop, a fork bomb, a read from a terminal);
// what it ran until then is what it ran. The process limits below keep a
// fork bomb from hurting the machine meanwhile.
const lineTimeout = 5 * time.Second

// Limits of everything a line starts: processes of the sandbox's user (the
// user namespace has its own count), file size, address space.
var rlimits = []struct {
	res int
	val uint64
}{
	{6 /* RLIMIT_NPROC */, 128},
	{syscall.RLIMIT_FSIZE, 16 << 20},
	{syscall.RLIMIT_AS, 2 << 30},
	{syscall.RLIMIT_CORE, 0},
}

// blanked are the files the sandbox replaces by empty ones (newSandbox).
var blanked = []string{
	"/etc/profile", "/etc/bash.bashrc", "/etc/zsh/zshenv", "/etc/zsh/zprofile", "/etc/zsh/zshrc", "/etc/zsh/zlogin",
	"/etc/zsh/zlogout", "/etc/fish/config.fish", "/usr/share/fish/config.fish",
	"/usr/share/fish/functions/diff.fish", "/usr/share/fish/functions/grep.fish", "/usr/share/fish/functions/ls.fish",
	"/usr/share/fish/functions/man.fish", "/usr/share/fish/functions/open.fish", "/usr/share/fish/functions/realpath.fish",
	"/usr/share/fish/functions/seq.fish", "/usr/share/fish/functions/__fish_print_help.fish",
}

// bwrapFailed finds the complaints of bwrap and of the driver in their
// output.
var bwrapFailed = regexp.MustCompile(`(?m)^(bwrap|driver): `)

// programName is a name that can be a stub's.
var programName = regexp.MustCompile(`^[A-Za-z0-9_+][A-Za-z0-9._+-]*$`)

type dialect struct {
	name string
	argv []string
}

var dialects = []dialect{
	{"bash", []string{"/usr/bin/bash", "--norc", "--noprofile", "-c"}},
	{"zsh", []string{"/usr/bin/zsh", "-f", "-c"}},
	{"fish", []string{"/usr/bin/fish", "--no-config", "-c"}},
}

// sandbox is what every batch shares: the stub and the bwrap arguments that
// put it in place of every program.
type sandbox struct {
	dir    string
	driver string
	args   []string
	cred   *syscall.Credential // who runs the sandboxes (nil: this process's user)
}

// nobody is the user the sandboxes run as when the tests run as root.
const nobody = 65534

// newSandbox prepares the sandbox. Every program of the machine is a stub
// there, and so is every name in extra (the programs the lines name, so
// that what runs does not depend on what the machine has installed).
func newSandbox(t *testing.T, extra []string) *sandbox {
	t.Helper()
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("bubblewrap is not installed (test.sh installs it)")
	}
	// RLIMIT_NPROC, which stops a fork bomb, does not bind root (the
	// kernel exempts uid 0, inside a user namespace too): as root, the
	// sandboxes run as nobody.
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		cred = &syscall.Credential{Uid: nobody, Gid: nobody, NoSetGroups: true}
	}
	// A kernel or container that forbids namespaces cannot host the
	// sandbox: say so rather than fail on every line.
	probe := exec.Command("bwrap", "--ro-bind", "/", "/", "--unshare-all", "true")
	probe.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := probe.CombinedOutput(); err != nil {
		t.Skipf("bubblewrap cannot make a sandbox here (namespaces not allowed?): %v %s", err, out)
	}
	for _, d := range dialects {
		if _, err := os.Stat(d.argv[0]); err != nil {
			t.Skipf("%s is not installed (test.sh installs it)", d.argv[0])
		}
	}
	// Everything the sandbox reads or writes is in one directory that
	// nobody may use.
	dir, err := os.MkdirTemp("", "hguard-shelldiff")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	driver := filepath.Join(dir, "driver")
	if err := os.WriteFile(driver, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "stub"), []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	args := []string{"--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--tmpfs", home,
		"--tmpfs", "/home", "--unshare-all", "--die-with-parent", "--new-session"}
	// The machine's shell start-up files and fish's functions named like
	// programs are empty here: a login shell (bash -l) would run id from
	// /etc/profile, a nested fish would run ls --color=auto and print a
	// builtin's help through man. They are not what the line runs.
	for _, f := range blanked {
		if _, err := os.Stat(f); err == nil {
			args = append(args, "--ro-bind", "/dev/null", f)
		}
	}
	for _, bin := range []string{"/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin"} {
		entries, err := os.ReadDir(bin)
		if err != nil {
			continue
		}
		args = append(args, "--tmpfs", bin)
		names := map[string]bool{}
		for _, e := range entries {
			names[e.Name()] = true
		}
		if bin == "/usr/bin" {
			args = append(args, "--ro-bind", filepath.Join(dir, "stub"), stubPath)
			for _, name := range extra {
				if !names[name] && programName.MatchString(name) {
					args = append(args, "--symlink", stubPath, filepath.Join(bin, name))
				}
			}
		}
		for _, e := range entries {
			name := e.Name()
			if realPrograms[name] {
				args = append(args, "--ro-bind", filepath.Join(bin, name), filepath.Join(bin, name))
				continue
			}
			args = append(args, "--symlink", stubPath, filepath.Join(bin, name))
		}
	}
	return &sandbox{dir: dir, driver: driver, args: args, cred: cred}
}

// result is what one line did: the programs that ran, each as its argv
// (argv[0] the base name), and whether it ran into lineTimeout or ended the
// sandbox.
type result struct {
	ran      [][]string
	dirs     []string // where each of ran ran
	start    string   // the directory the line started in
	timedOut bool
	killed   bool
}

// runBatch runs lines in one dialect, many lines per sandbox: the driver
// runs each line in a fresh shell process, one after the other, and marks
// the log around it. A line that ends the sandbox itself (kill -9 -1 kills
// the driver too) keeps what it logged, and the batch goes on in a new
// sandbox from the next line.
func (s *sandbox) runBatch(t *testing.T, d dialect, lines []string) []result {
	results := make([]result, len(lines))
	for next := 0; next < len(lines); {
		done, err := s.runFrom(t, d, lines, next, results)
		if err != nil {
			t.Fatalf("%s: sandbox for lines %d…: %v", d.name, next, err)
		}
		if done <= next {
			// The sandbox died before the line's start marker: a fault of
			// the harness, not of a line.
			t.Fatalf("%s: the sandbox made no progress at line %d (%q)", d.name, next, lines[next])
		}
		next = done
	}
	return results
}

// runFrom runs lines[from:] in one sandbox and fills results; it returns the
// index of the first line it did not finish.
func (s *sandbox) runFrom(t *testing.T, d dialect, lines []string, from int, results []result) (int, error) {
	dir, err := os.MkdirTemp(s.dir, "batch")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	if err := os.Chmod(dir, 0o755); err != nil {
		return 0, err
	}
	logHost := filepath.Join(dir, "log")
	if err := os.Mkdir(logHost, 0o777); err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(logHost, "argv"), nil, 0o666); err != nil {
		return 0, err
	}
	for _, f := range []string{logHost, filepath.Join(logHost, "argv")} {
		if err := os.Chmod(f, 0o777); err != nil { // whatever the umask
			return 0, err
		}
	}
	var buf bytes.Buffer
	for _, l := range lines[from:] {
		buf.WriteString(l)
		buf.WriteByte(0)
	}
	if err := os.WriteFile(filepath.Join(dir, "lines"), buf.Bytes(), 0o644); err != nil {
		return 0, err
	}
	// A backstop for the whole sandbox, well above what its lines may take.
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(len(lines)-from+10)*(lineTimeout+time.Second))
	defer cancel()
	args := append(append([]string{}, s.args...),
		"--ro-bind", s.driver, driverPath,
		"--ro-bind", filepath.Join(dir, "lines"), linesFile,
		"--bind", logHost, logDir,
		"--chdir", "/tmp",
		"--setenv", "HOME", home, "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
		"--setenv", driverEnv, "1",
		"--", driverPath, "-test.run=^$")
	args = append(args, d.argv...)
	cmd := exec.CommandContext(ctx, "bwrap", args...)
	cmd.Env = []string{"LANG=C.UTF-8", "TERM=dumb"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return 0, fmt.Errorf("the sandbox ran over %v", ctx.Err())
	}
	if bwrapFailed.MatchString(out.String()) {
		return 0, fmt.Errorf("%v\n%s", runErr, out.String())
	}
	data, err := os.ReadFile(filepath.Join(logHost, "argv"))
	if err != nil {
		return 0, err
	}
	if os.Getenv("HGDEBUG") != "" {
		fmt.Printf("LOG %q\n", data)
	}
	cur, done := -1, from
	for _, rec := range strings.Split(string(data), "\x1e") {
		if rest, ok := strings.CutPrefix(rec, "\x1d"); ok {
			if strings.HasPrefix(rest, markStart) && cur >= 0 {
				results[cur].killed = true // the driver went with the line
			}
			kind, num, _ := strings.Cut(rest, " ")
			n, err := strconv.Atoi(num)
			if err != nil {
				return 0, fmt.Errorf("bad marker %q in the log", rec)
			}
			i := from + n
			switch kind {
			case markStart:
				cur = i
				results[i].start = path.Join(workDir, num)
			case markEnd, "T", "K":
				results[i].timedOut = kind == "T"
				results[i].killed = kind == "K"
				cur, done = -1, i+1
			}
			continue
		}
		if rec != "" && cur >= 0 {
			dir, argv, _ := strings.Cut(rec, "\x1f")
			results[cur].ran = append(results[cur].ran, strings.Split(argv, "\x1f"))
			results[cur].dirs = append(results[cur].dirs, dir)
		}
	}
	if cur >= 0 {
		// The line ended the sandbox: keep what it ran and go on after it.
		results[cur].killed = true
		done = cur + 1
	}
	return done, nil
}

// driverEnv makes the test binary the driver inside the sandbox.
const driverEnv = "HGUARD_SHELLDIFF_DRIVER"

func TestMain(m *testing.M) {
	if os.Getenv(driverEnv) != "" {
		if err := drive(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "driver:", err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// loops run many lines in one shell process: each line in a subshell of
// the shell reading the batch, as eval of the line's text (what -c does
// with its argument), with its own empty working directory, standard input
// from /dev/null, and markers around it in the log. A fork is much cheaper
// than starting a shell per line. $1 is the index of the first line, $2 the
// file of NUL-separated lines. fish has no subshell: it runs a new fish per
// line (runLine). The lines are read as bytes (LC_ALL=C): in a UTF-8
// locale, read takes an invalid lead byte and the NUL after it for one
// character, and the loop ran each line under the next one's number.
var loops = map[string]string{
	"bash": loopSh, "zsh": loopSh,
}

const loopSh = `__hg_n=$1 __hg_f=$2
set --
exec 3>` + fifoOut + ` 4<` + fifoIn + `
while LC_ALL=C IFS= read -r -d '' __hg_line; do
	cd ` + workDir + `/$__hg_n 2>/dev/null || cd ` + workDir + `
	printf '\035S %d\036' "$__hg_n" >>` + logFile + `
	( eval "$__hg_line"; wait ) </dev/null >/dev/null 2>&1 3>&- 4>&-
	printf '\035E %d\036' "$__hg_n" >>` + logFile + `
	echo "$__hg_n" >&3
	read -r __hg_ack <&4
	__hg_n=$((__hg_n+1))
done <"$__hg_f"
`

// The loop hands over after each line (fifoOut) and waits for the driver
// to clean up after it (fifoIn): what a line left running in the
// background finishes or is killed before the next line starts.
const fifoOut, fifoIn = "/tmp/.hguard-out", "/tmp/.hguard-in"

// drive runs in the sandbox: every line of linesFile, with the dialect's
// loop or a new shell per line, each within lineTimeout. A line that runs
// over its time, or ends the loop (exit is fine, kill 0 too), is marked and
// the loop starts again after it.
func drive(argv []string) error {
	// kill(-1) below signals every process this one may signal: safe only
	// in the sandbox's own PID namespace, where bwrap's init is 1 and the
	// driver 2.
	if os.Getpid() != 2 {
		return fmt.Errorf("not in a fresh PID namespace (pid %d)", os.Getpid())
	}
	for _, l := range rlimits {
		if err := syscall.Setrlimit(l.res, &syscall.Rlimit{Cur: l.val, Max: l.val}); err != nil {
			return fmt.Errorf("setrlimit %d: %v", l.res, err)
		}
	}
	data, err := os.ReadFile(linesFile)
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
	for i := range lines {
		if err := os.MkdirAll(filepath.Join(workDir, strconv.Itoa(i)), 0o755); err != nil {
			return err
		}
	}
	log, err := os.OpenFile(logFile, os.O_RDWR|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	mark := func(kind string, i int) error {
		_, err := fmt.Fprintf(log, "\x1d%s %d\x1e", kind, i)
		return err
	}
	loop, ok := loops[path.Base(argv[0])]
	if !ok {
		for i, line := range lines {
			if err := mark(markStart, i); err != nil {
				return err
			}
			kind := markEnd
			if runLine(argv, line, filepath.Join(workDir, strconv.Itoa(i))) {
				kind = "T"
			}
			settle(0)
			tidy()
			if err := mark(kind, i); err != nil {
				return err
			}
		}
		return nil
	}
	for from := 0; from < len(lines); {
		f := filepath.Join("/tmp", "lines-"+strconv.Itoa(from))
		if err := os.WriteFile(f, []byte(strings.Join(lines[from:], "\x00")+"\x00"), 0o644); err != nil {
			return err
		}
		next, err := runLoop(argv, loop, f, from, len(lines))
		if err != nil {
			return err
		}
		os.Remove(f)
		if next == nil {
			return nil // all done
		}
		// The line next ran over its time (T) or ended the loop (K):
		// mark it and start again after it.
		if err := mark(next.kind, next.line); err != nil {
			return err
		}
		from = next.line + 1
	}
	return nil
}

// lineEnv is the environment of every line.
var lineEnv = []string{"HOME=" + home, "PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "LANG=C.UTF-8", "TERM=dumb", "USER=root", "LOGNAME=root"}

func runLine(argv []string, line, dir string) (timedOut bool) {
	cmd := exec.Command(argv[0], append(argv[1:], line)...)
	cmd.Dir = dir
	cmd.Env = lineEnv
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return false
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		return false
	case <-time.After(lineTimeout):
		syscall.Kill(-1, syscall.SIGKILL)
		<-done
		return true
	}
}

// stopped says which line stopped the loop and how: "T" it ran over
// lineTimeout, "K" it ended the loop.
type stopped struct {
	kind string
	line int
}

// runLoop runs the dialect's loop over the lines in file (from on, of n in
// all) and answers its handshakes; it returns the line that stopped it, or
// nil when every line ran.
func runLoop(argv []string, loop, file string, from, n int) (*stopped, error) {
	var fifos [2]*os.File
	for i, f := range []string{fifoOut, fifoIn} {
		os.Remove(f)
		if err := syscall.Mkfifo(f, 0o600); err != nil {
			return nil, err
		}
		// Read and write: opening never blocks, whether or not the loop
		// lives to open its end.
		fh, err := os.OpenFile(f, os.O_RDWR, 0)
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		fifos[i] = fh
	}
	cmd := exec.Command(argv[0], append(argv[1:], loop, argv[0], strconv.Itoa(from), file)...)
	cmd.Dir = workDir
	cmd.Env = lineEnv
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	done := make(chan int, 1)
	go func() {
		sc := bufio.NewScanner(fifos[0])
		for sc.Scan() {
			i, err := strconv.Atoi(sc.Text())
			if err != nil {
				break
			}
			done <- i
		}
		close(done)
	}()
	stop := func(s *stopped) (*stopped, error) {
		syscall.Kill(-1, syscall.SIGKILL)
		<-exited
		settle(0)
		return s, nil
	}
	cur := from
	timer := time.NewTimer(lineTimeout)
	defer timer.Stop()
	for {
		select {
		case i := <-done:
			settle(cmd.Process.Pid)
			tidy()
			if i+1 >= n {
				fifos[1].WriteString("\n")
				<-exited
				return nil, nil
			}
			cur = i + 1
			timer.Reset(lineTimeout)
			if _, err := fifos[1].WriteString("\n"); err != nil {
				return nil, err
			}
		case <-exited:
			select {
			case i := <-done:
				if i+1 >= n {
					return nil, nil
				}
				cur = i + 1
			default:
			}
			return stop(&stopped{"K", cur})
		case <-timer.C:
			return stop(&stopped{"T", cur})
		}
	}
}

// tidy removes what a line wrote in /tmp and the home, so that the next
// line's globs see the same files whatever ran before.
func tidy() {
	for _, dir := range []string{"/tmp", home} {
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			n := e.Name()
			if dir == "/tmp" && (strings.HasPrefix(n, ".hguard-") || strings.HasPrefix(n, "lines-") || n == "w") {
				continue
			}
			os.RemoveAll(filepath.Join(dir, n))
		}
	}
}

// settle lets what the line started in the background finish (a stub
// writes its record and exits in milliseconds), then kills what is left
// but keep (the loop).
func settle(keep int) {
	for range 30 {
		if len(others(keep)) == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	for range 100 {
		left := others(keep)
		if len(left) == 0 {
			return
		}
		for _, p := range left {
			syscall.Kill(p, syscall.SIGKILL)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// others lists the processes in the sandbox besides bwrap's init, the
// driver and keep.
func others(keep int) []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var pids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid <= 2 || pid == keep {
			continue
		}
		// A zombie waiting for init to reap it runs nothing.
		if st, err := os.ReadFile("/proc/" + e.Name() + "/stat"); err == nil {
			if i := bytes.LastIndexByte(st, ')'); i > 0 && len(st) > i+2 && st[i+2] == 'Z' {
				continue
			}
		}
		pids = append(pids, pid)
	}
	return pids
}
