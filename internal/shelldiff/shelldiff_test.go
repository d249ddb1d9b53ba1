package shelldiff

import (
	"bufio"
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hguard/hguard/dsl/cmdline"
)

// The shells run for real; every other program is a stub. Those programs
// stay real because the shells need them to run at all.
var realPrograms = map[string]bool{"bash": true, "zsh": true, "fish": true, "dash": true, "sh": true}

// stub records one run: the program's name and arguments, separated by
// \x1f, ended by \x1e, appended to /tmp/log/argv in the sandbox.
const stub = `#!/usr/bin/dash
{ printf '%s' "${0##*/}"; for a in "$@"; do printf '\037%s' "$a"; done; printf '\036'; } >>/tmp/log/argv
`

// stubPath is where the stub is in the sandbox: in /usr/bin, which is a
// tmpfs there, under a name no program has.
const stubPath = "/usr/bin/.hguard-stub"

var dialects = []struct {
	name string
	argv []string
}{
	{"bash", []string{"/usr/bin/bash", "--norc", "--noprofile", "-c"}},
	{"zsh", []string{"/usr/bin/zsh", "-f", "-c"}},
	{"fish", []string{"/usr/bin/fish", "--no-config", "-c"}},
}

// sandbox is what every run shares: the stub and the bwrap arguments that
// put it in place of every program.
type sandbox struct {
	dir  string
	args []string
}

func newSandbox(t *testing.T) *sandbox {
	t.Helper()
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("bubblewrap is not installed (test.sh installs it)")
	}
	// A kernel or container that forbids namespaces cannot host the
	// sandbox: say so rather than fail on every line.
	if out, err := exec.Command("bwrap", "--ro-bind", "/", "/", "--unshare-all", "true").CombinedOutput(); err != nil {
		t.Skipf("bubblewrap cannot make a sandbox here (namespaces not allowed?): %v %s", err, out)
	}
	for _, d := range dialects {
		if _, err := os.Stat(d.argv[0]); err != nil {
			t.Skipf("%s is not installed (test.sh installs it)", d.argv[0])
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "stub"), []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	args := []string{"--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--tmpfs", "/root",
		"--tmpfs", "/home", "--unshare-all", "--die-with-parent", "--new-session"}
	for _, bin := range []string{"/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin"} {
		entries, err := os.ReadDir(bin)
		if err != nil {
			continue
		}
		args = append(args, "--tmpfs", bin)
		if bin == "/usr/bin" {
			args = append(args, "--ro-bind", filepath.Join(dir, "stub"), stubPath)
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
	return &sandbox{dir: dir, args: args}
}

// run runs line in shell (argv) and returns the programs that ran, each as
// its argv (argv[0] the base name).
func (s *sandbox) run(t *testing.T, argv []string, line string) ([][]string, error) {
	logDir, err := os.MkdirTemp(s.dir, "log")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(logDir)
	if err := os.WriteFile(filepath.Join(logDir, "argv"), nil, 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	args := append(append([]string{}, s.args...), "--bind", logDir, "/tmp/log", "--chdir", "/tmp",
		"--setenv", "HOME", "/root", "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "--")
	cmd := exec.CommandContext(ctx, "bwrap", append(append(args, argv...), line)...)
	cmd.Env = []string{"LANG=C.UTF-8", "TERM=dumb"}
	out, runErr := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("timed out")
	}
	if strings.Contains(string(out), "bwrap:") {
		t.Fatalf("bwrap failed: %v\n%s", runErr, out)
	}
	data, err := os.ReadFile(filepath.Join(logDir, "argv"))
	if err != nil {
		t.Fatal(err)
	}
	var runs [][]string
	for _, rec := range strings.Split(string(data), "\x1e") {
		if rec != "" {
			runs = append(runs, strings.Split(rec, "\x1f"))
		}
	}
	return runs, nil
}

// model is hguard's view of a line: the programs it says run, each as the
// argv the shell would start (the outermost wrapper first), and whether it
// knows that it does not know (a parse error, a dynamic name or word: an
// ask, whatever the shell does).
type model struct {
	argvs   [][]string
	names   map[string]bool // every name hguard sees: commands, wrappers, carriers
	unknown bool
}

// shellBuiltin are the wrappers that the shells run themselves.
var shellBuiltin = map[string]bool{"command": true, "builtin": true, "exec": true, "time": true, "noglob": true, "nocorrect": true, "-": true}

func modelOf(line, dialect string) model {
	l := cmdline.ParseShell(line, dialect)
	m := model{names: map[string]bool{}}
	for _, is := range l.Issues {
		if is.Kind == cmdline.IssueParse || is.Kind == cmdline.IssueTooLarge || is.Kind == cmdline.IssueDepth || is.Kind == cmdline.IssueLimit {
			m.unknown = true
		}
	}
	for _, c := range l.Commands {
		if c.Dynamic || c.Untrusted != "" {
			m.unknown = true
		}
		m.names[c.Name] = true
		m.names[path.Base(c.Path)] = true
		var argv []string
		for _, w := range c.Wrappers {
			m.names[path.Base(w.Name)] = true
			if shellBuiltin[w.Name] {
				continue // the shell itself: not a program that runs
			}
			argv = append(argv, path.Base(w.Name))
			argv = append(argv, w.Args...)
		}
		for _, v := range c.Via {
			m.names[strings.Fields(v + " x")[0]] = true
		}
		if len(argv) == 0 {
			argv = append(argv, path.Base(c.Path))
		} else {
			argv = append(argv, c.Path)
		}
		for _, w := range c.Args {
			argv = append(argv, w.Value)
			if w.Dynamic {
				m.unknown = true
			}
		}
		m.argvs = append(m.argvs, argv)
	}
	return m
}

// verdict compares what ran with the model: "" when they agree,
// "unseen: …" when a program ran that hguard does not name at all (the
// dangerous kind), "argv: …" when it names it but with other arguments.
func verdict(ran [][]string, m model) string {
	var unseen, argv []string
	for _, r := range ran {
		if !m.names[r[0]] {
			unseen = append(unseen, strings.Join(r, " "))
			continue
		}
		found := false
		for _, a := range m.argvs {
			if sameArgv(r, a) {
				found = true
				break
			}
		}
		if !found {
			argv = append(argv, strings.Join(r, " "))
		}
	}
	switch {
	case len(unseen) > 0:
		return "unseen: " + strings.Join(unseen, " | ")
	case len(argv) > 0:
		return "argv: " + strings.Join(argv, " | ")
	}
	return ""
}

// sandboxHome is HOME in the sandbox.
const sandboxHome = "/root"

// sameArgv says whether the argv that ran is the one hguard modelled.
// hguard does not know HOME, so its ~ and $HOME stand for /root here; it
// reads env's NAME=VALUE as assignments, not arguments; and it resolves a
// GNU long-option prefix as getopt does (--rec is --recursive).
func sameArgv(ran, model []string) bool {
	var r []string
	for i, a := range ran {
		if i > 0 && ran[0] == "env" && cmdlineAssign(a) {
			continue
		}
		r = append(r, a)
	}
	if len(r) != len(model) {
		return false
	}
	for i := range r {
		m := model[i]
		for _, h := range []string{"~", "$HOME", "${HOME}"} {
			if m == h || strings.HasPrefix(m, h+"/") {
				m = sandboxHome + m[len(h):]
			}
		}
		if r[i] != m && !(len(r[i]) > 3 && strings.HasPrefix(r[i], "--") && strings.HasPrefix(m, r[i])) {
			return false
		}
	}
	return true
}

func cmdlineAssign(a string) bool {
	name, _, ok := strings.Cut(a, "=")
	return ok && name != "" && !strings.ContainsAny(name, "-/ ")
}

func readLines(t *testing.T, file string) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "# ") || strings.TrimSpace(l) == "" {
			continue
		}
		lines = append(lines, strings.ReplaceAll(l, `\n`, "\n"))
	}
	return lines
}

// exceptions are the reasoned disagreements: "dialect<TAB>line<TAB>reason".
func readExceptions(t *testing.T) map[string]string {
	t.Helper()
	ex := map[string]string{}
	for _, l := range readLines(t, "testdata/exceptions.txt") {
		parts := strings.SplitN(l, "\t", 3)
		if len(parts) != 3 || strings.TrimSpace(parts[2]) == "" {
			t.Fatalf("testdata/exceptions.txt: %q: want dialect, line and reason separated by tabs", l)
		}
		ex[parts[0]+"\t"+strings.ReplaceAll(parts[1], `\n`, "\n")] = parts[2]
	}
	return ex
}

// generated is a small grammar of tricky lines: commands spelled in the
// ways a shell resolves them, joined by the operators that run them.
func generated(n int) []string {
	r := rand.New(rand.NewSource(14))
	names := []string{"rm", "/bin/rm", "/usr/bin/rm", `\rm`, "'rm'", `"rm"`, "r''m", "command rm", "sudo rm", "env X=1 rm", "nice rm"}
	args := []string{"-rf /tmp/x", "-rf ~/x", "-r -f /tmp/x", "--recursive /tmp/x", "'a b'", `"$HOME/x"`, "-- -x"}
	ops := []string{"; ", " && ", " || ", " | ", "\n", " & "}
	prefixes := []string{"", "true && ", "false || ", "X=/tmp/x; ", "(", "{ ", "if true; then "}
	suffixes := map[string]string{"(": ")", "{ ": "; }", "if true; then ": "; fi"}
	var lines []string
	for i := 0; i < n; i++ {
		p := prefixes[r.Intn(len(prefixes))]
		cmd := names[r.Intn(len(names))] + " " + args[r.Intn(len(args))]
		if r.Intn(2) == 0 {
			cmd += ops[r.Intn(len(ops))] + "touch " + args[r.Intn(len(args))]
		}
		lines = append(lines, p+cmd+suffixes[p])
	}
	return lines
}

// TestShellDiff runs the corpus and the generated lines in each real shell
// and compares the programs that ran with hguard's model of the line.
func TestShellDiff(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every line in three real shells")
	}
	sb := newSandbox(t)
	corpus := append(readLines(t, "testdata/corpus.txt"), generated(40)...)
	exceptions := readExceptions(t)
	used := map[string]bool{}
	for _, d := range dialects {
		t.Run(d.name, func(t *testing.T) {
			agree, argvOnly, asked, total := 0, 0, 0, 0
			for _, line := range corpus {
				total++
				ran, err := sb.run(t, d.argv, line)
				if err != nil {
					t.Errorf("%q: %v", line, err)
					continue
				}
				m := modelOf(line, d.name)
				v := verdict(ran, m)
				key := d.name + "\t" + line
				switch {
				case v == "":
					agree++
					continue
				case exceptions[key] != "":
					used[key] = true
					continue
				case m.unknown:
					// hguard says it cannot tell (an ask): the shell may do
					// anything and the person is asked.
					asked++
					continue
				case strings.HasPrefix(v, "argv: "):
					argvOnly++
				}
				t.Errorf("%s: %q: %s\n  hguard sees: %q", d.name, line, v, m.argvs)
			}
			t.Logf("%s: %d of %d lines agree (%.1f%%); %d differ where hguard asks because it cannot tell; %d differ only in arguments", d.name, agree, total, 100*float64(agree)/float64(total), asked, argvOnly)
		})
	}
	var stale []string
	for k := range exceptions {
		if !used[k] {
			stale = append(stale, strings.ReplaceAll(k, "\t", ": "))
		}
	}
	sort.Strings(stale)
	for _, k := range stale {
		t.Errorf("testdata/exceptions.txt: %q no longer disagrees: remove it", k)
	}
}
