package shelldiff

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hguard/hguard/dsl/cmdline"
)

// model is hguard's view of a line: the programs it says run, each as the
// argv the shell would start (the outermost wrapper first), and whether the
// line is an ask whatever the shell does: a parse error or a limit (the
// parse-error and limit rules), a command name known only at run time
// (dynamic-command) or code that cannot be inspected (remote-code-exec,
// decode-exec, dynamic-exec). A word known only at run time is not an ask
// (ls $X is allowed): it stands for whatever words the shell made of it.
type model struct {
	cmds  []modelCmd
	names map[string]bool // every name hguard sees: commands, wrappers, carriers
	ask   bool
}

// dynamic marks an argument of modelCmd.argv that hguard knows only at run
// time; it matches any words the shell made of it (dynamicArg).
const dynamic = "\x00"

func dynamicArg(a string) bool { return strings.HasPrefix(a, dynamic) }

// modelCmd is one command of the model as the argv a shell would start.
type modelCmd struct {
	argv     []string
	cwd      string          // Command.Cwd
	rel      string          // Command.CwdRel
	lost     bool            // Command.CwdLost
	wrappers map[string]bool // the programs that run it (sudo, env, nice)
	timed    bool            // hguard read a time keyword before it
	// program: the shell starts a program for it (not a builtin or a
	// keyword) and nothing stubbed stands between (a carrier that is a
	// stub, such as python -c or xargs, runs nothing here).
	program bool
}

// shellBuiltin are the wrappers that the shells run themselves.
var shellBuiltin = map[string]bool{"command": true, "builtin": true, "exec": true, "time": true, "noglob": true, "nocorrect": true, "-": true, "repeat": true}

// builtins are each shell's builtins and keywords (bash compgen -b -k, zsh
// ${(k)builtins} ${(k)reswords}, fish builtin -n and the functions it ships
// that run no program of the same name): a command of that name runs no
// program.
var builtins = map[string]map[string]bool{
	"bash": set(`. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait if then else elif fi case esac for select while until do done in function time { } ! [[ ]] coproc`),
	"zsh":  set(`unset rehash popd ulimit local jobs disable [ compfiles printf autoload noglob pushln zle readonly exit false times sched setopt getln builtin let bg which unhash pwd zparseopts logout disown type source eval comptags compdescribe compctl r zmodload zregexparse history return exec compadd emulate chdir ttyctl test comparguments pushd functions float zstyle print declare comptry alias shift - . bindkey typeset true hash compset cd compvalues getopts compgroups export enable limit echotc echo wait dirs unsetopt read : integer bye echoti compquote unfunction fc vared unalias kill compcall where fg zformat suspend unlimit break set continue command zcompile whence umask trap log private if float end do then { select coproc } ! case [[ repeat done for while time esac until nocorrect foreach elif`),
	"fish": set(`. : [ _ abbr and argparse begin bg bind block break breakpoint builtin case cd command commandline complete contains continue count disown echo else emit end eval exec exit false fg for function functions history if jobs math not or path printf pwd random read realpath return set set_color source status string switch test time true type ulimit wait while alias funced funcsave psub vared prompt_pwd fish_add_path nextd prevd pushd popd dirs isatty umask`),
}

func set(s string) map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(s) {
		m[f] = true
	}
	return m
}

// realCarrier says whether a carrier hguard followed (Via) runs here for
// real: the shells' own constructs and the shells themselves do; a stubbed
// program (python -c, xargs, sudo -s, ssh) runs nothing.
func realCarrier(via string) bool {
	w := strings.Fields(via + " x")[0]
	switch path.Base(w) {
	case "bash", "sh", "dash", "zsh", "fish", "eval", "source", ".", "$(…)", "`…`", "<(…)", ">(…)", "=(…)", "(…)", "alias", "function", "trap":
		return true
	}
	return strings.HasPrefix(w, "$(") || strings.HasPrefix(w, "`") || strings.HasPrefix(w, "<(") || strings.HasPrefix(w, ">(")
}

func modelOf(line, dialect string) model {
	l := cmdline.ParseShell(line, dialect)
	m := model{names: map[string]bool{}}
	for _, is := range l.Issues {
		if is.Kind == cmdline.IssueParse || is.Kind == cmdline.IssueTooLarge || is.Kind == cmdline.IssueDepth || is.Kind == cmdline.IssueLimit {
			m.ask = true
		}
	}
	funcs := map[string]bool{}
	for _, c := range l.Commands {
		if c.Func != "" {
			funcs[c.Func] = true
		}
	}
	for _, c := range l.Commands {
		if c.Dynamic || c.Untrusted != "" {
			m.ask = true
		}
		if c.Path == "" && !c.Dynamic {
			continue // assignments alone run nothing
		}
		m.names[c.Name] = true
		m.names[path.Base(c.Path)] = true
		mc := modelCmd{cwd: c.Cwd, rel: c.CwdRel, lost: c.CwdLost, wrappers: map[string]bool{}, program: !c.Dynamic}
		afterCommand := false
		for _, w := range c.Wrappers {
			m.names[path.Base(w.Name)] = true
			// time is bash's keyword only at the start of a pipeline, and
			// after command it is the program in every shell.
			timeProgram := w.Name == "time" && (afterCommand || dialect == "bash" && c.Pipe.Index > 0)
			mc.timed = mc.timed || w.Name == "time"
			afterCommand = w.Name == "command"
			if shellBuiltin[w.Name] && len(mc.argv) == 0 && !timeProgram {
				continue // the shell itself: not a program that runs
			}
			mc.wrappers[path.Base(w.Name)] = true
			mc.argv = append(mc.argv, path.Base(w.Name))
			mc.argv = append(mc.argv, w.Args...)
		}
		for _, v := range c.Via {
			m.names[strings.Fields(v + " x")[0]] = true
			m.names[path.Base(strings.Fields(v + " x")[0])] = true
			if !realCarrier(v) {
				mc.program = false
			}
		}
		if len(mc.argv) == 0 {
			mc.argv = append(mc.argv, path.Base(c.Path))
			if !strings.Contains(c.Path, "/") && (builtins[dialect][c.Path] || funcs[c.Path]) {
				mc.program = false
			}
		} else {
			mc.argv = append(mc.argv, c.Path)
		}
		if realPrograms[mc.argv[0]] {
			mc.program = false // the shells are not stubs: they leave no record
		}
		for _, w := range c.Args {
			if w.Dynamic {
				mc.argv = append(mc.argv, dynamic+w.Value)
			} else {
				mc.argv = append(mc.argv, w.Value)
			}
		}
		m.cmds = append(m.cmds, mc)
	}
	return m
}

// compare holds what ran against the model. unseen: programs that ran and
// that hguard does not name at all (as a command, a wrapper or a carrier),
// the dangerous kind; argv: programs hguard names but with other arguments,
// or in another directory than the one it says they run in (a cd, pushd,
// popd, cd -, CDPATH it followed otherwise than the shell); over: programs
// hguard says run that never ran (a branch not taken, a line the shell
// rejects; safe, but a measure of precision), and programs that ran where
// the line started while hguard follows a cd before them that the shell
// did not make (on a branch not taken, or one that failed, where hguard
// does not follow that it may: in a container's line).
func compare(res result, m model, dialect string) (unseen, argv, over []string) {
	ran := res.ran
	used := make([]bool, len(m.cmds))
	for k, r := range ran {
		if dialect == "fish" && m.names["psub"] && psubOwn(r) {
			continue // fish's psub function at work, not the line
		}
		if !m.names[r[0]] {
			unseen = append(unseen, strings.Join(r, " "))
			continue
		}
		found, where, stayed := false, "", ""
		for i, c := range m.cmds {
			if sameArgv(r, c, dialect) {
				found, used[i] = true, true
				if want, known := modelDir(c, res.start); known && k < len(res.dirs) && res.dirs[k] != want {
					if res.dirs[k] == res.start {
						// it ran where the line started: a cd hguard
						// follows was on a branch not taken or failed
						// (false && cd /, cd missing), and hguard reads
						// every cd as made; reported, as over is
						stayed = fmt.Sprintf("%s ran where the line started; hguard: in %s", strings.Join(r, " "), want)
					} else {
						where = fmt.Sprintf("%s (in %s; hguard: in %s)", strings.Join(r, " "), res.dirs[k], want)
					}
					continue // another command of the same argv may run there
				}
				stayed = ""
				where = ""
				break
			}
		}
		switch {
		case !found:
			argv = append(argv, strings.Join(r, " "))
		case where != "":
			argv = append(argv, where)
		case stayed != "":
			over = append(over, stayed)
		}
	}
	for i, c := range m.cmds {
		if !used[i] && c.program {
			over = append(over, strings.Join(c.argv, " "))
		}
	}
	return unseen, argv, over
}

// modelDir is the directory hguard says c runs in, as the stub records
// it (physical): the start directory of the line, joined with where the
// line's cds moved; known is false where hguard says it does not know
// (cd "$X", cd - before any cd) and for a line whose start the log lacks.
func modelDir(c modelCmd, start string) (dir string, known bool) {
	switch {
	case c.lost || start == "":
		return "", false
	case c.cwd != "":
		dir = path.Clean(expandHome(c.cwd, ""))
	case c.rel != "":
		dir = path.Join(start, c.rel)
	default:
		return start, true
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil && !strings.HasPrefix(dir, "/tmp/") && !strings.HasPrefix(dir, home+"/") {
		dir = real // cd /bin runs in /usr/bin on a merged /usr
	}
	return dir, true
}

// psubOwn says whether a program is one fish's psub function runs itself:
// mktemp for its temporary file, and rm to remove it (here the mktemp stub
// prints nothing, so rm gets no name).
func psubOwn(r []string) bool {
	switch r[0] {
	case "mktemp":
		return len(r) == 2 && strings.HasPrefix(r[1], "/tmp/.psub.")
	case "rm":
		return len(r) == 1 || len(r) == 2 && strings.Contains(r[1], "/.psub.")
	}
	return false
}

// sameArgv says whether the argv that ran is the one hguard modelled, up
// to what hguard does on purpose:
//   - it folds look-alike characters inside words (FoldWord: ＃ is #, – is -);
//   - it does not know HOME, so its ~ and $HOME stand for the sandbox's home
//     (also a ~ kept in an assigned value: UNIX-CONNECT:$S after S=~/x);
//   - it reads NAME=VALUE after env (and other wrappers) as assignments;
//   - it gives a relative path after a cd on the line as the absolute one;
//   - it resolves a GNU long-option prefix as getopt does (--rec is
//     --recursive);
//   - it keeps a glob as written, which matches the names the shell
//     expanded it to (each line runs in an empty directory, so a glob
//     usually stays as written too); zsh's qualifiers are not part of the
//     name;
//   - it appends xargs' static input to the command xargs builds, which
//     the xargs stub does not read;
//   - fish's own functions grep and ls add --color=auto.
func sameArgv(ran []string, mc modelCmd, dialect string) bool {
	folded := make([]string, len(ran))
	for i, a := range ran {
		folded[i] = cmdline.FoldWord(a)
	}
	if matchArgs(folded, mc.argv, mc.cwd, dialect) {
		return true
	}
	var r []string
	assignsOK := false
	for i, a := range ran {
		if i > 0 && assignsOK && cmdlineAssign(a) {
			continue
		}
		if dialect == "fish" && a == "--color=auto" && (ran[0] == "grep" || ran[0] == "ls") {
			continue
		}
		assignsOK = i == 0 && mc.wrappers[a] || assignsOK && (cmdlineAssign(a) || strings.HasPrefix(a, "-"))
		if i > 0 && mc.wrappers[a] {
			assignsOK = true
		}
		r = append(r, cmdline.FoldWord(a))
	}
	if len(r) > 0 && r[0] == "xargs" && len(mc.argv) > 0 && mc.argv[0] == "xargs" {
		return true
	}
	if len(r) > 1 && r[0] == "time" && mc.timed {
		return matchArgs(r[1:], mc.argv, mc.cwd, dialect)
	}
	return matchArgs(r, mc.argv, mc.cwd, dialect)
}

func expandHome(s, dialect string) string {
	// bash ends a word's tilde prefix at a colon too (~:/h is HOME:/h,
	// docker run -v ~:/h); zsh, fish and sh keep ~: as written.
	if s == "~" || strings.HasPrefix(s, "~/") || dialect == "bash" && strings.HasPrefix(s, "~:") {
		s = home + s[1:]
	}
	// bash expands ~ after the = of a word shaped like an assignment,
	// whatever its place (timeout 5 X=~/ cmd).
	if name, v, ok := strings.Cut(s, "="); ok && cmdlineAssign(s) && (v == "~" || strings.HasPrefix(v, "~/")) {
		s = name + "=" + home + v[1:]
	}
	// hguard keeps ~ in a value assigned on the line (S=~/x), which the
	// shell expanded when it assigned it: after a colon in a word made
	// from it (UNIX-CONNECT:$S) ~/ stands for the home too.
	s = strings.ReplaceAll(s, ":~/", ":"+home+"/")
	s = strings.ReplaceAll(s, "${HOME}", home)
	return strings.ReplaceAll(s, "$HOME", home)
}

func matchArgs(r, want []string, cwd, dialect string) bool {
	if len(want) == 0 {
		return len(r) == 0
	}
	if dynamicArg(want[0]) {
		// Any number of words, the shell's expansion of what hguard
		// knows only at run time.
		for n := 0; n <= len(r); n++ {
			if matchArgs(r[n:], want[1:], cwd, dialect) {
				return true
			}
		}
		return false
	}
	m := expandHome(cmdline.FoldWord(want[0]), dialect)
	if len(r) > 0 {
		same := r[0] == cmdline.FoldWord(want[0]) || r[0] == m || (len(r[0]) > 3 && strings.HasPrefix(r[0], "--") && strings.HasPrefix(m, r[0]))
		if !same && cwd != "" && !strings.HasPrefix(r[0], "/") {
			same = path.Join(expandHome(cwd, dialect), r[0]) == path.Clean(m)
		}
		if same && matchArgs(r[1:], want[1:], cwd, dialect) {
			return true
		}
	}
	if strings.ContainsAny(m, "*?[") {
		// The pattern as written (//* gives //bin) and cleaned (./*).
		pattern, nullGlob := m, false
		if dialect == "zsh" && strings.HasSuffix(m, ")") {
			if i := strings.LastIndex(m, "("); i >= 0 {
				pattern, nullGlob = m[:i], strings.Contains(m[i:], "N")
			}
		}
		if nullGlob && matchArgs(r, want[1:], cwd, dialect) {
			return true
		}
		// One or more expansions of the glob.
		for n := 1; n <= len(r); n++ {
			if !globMatch(pattern, r[n-1], cwd) && !globMatch(path.Clean(pattern), r[n-1], cwd) {
				break
			}
			if matchArgs(r[n:], want[1:], cwd, dialect) {
				return true
			}
		}
	}
	return false
}

func globMatch(pattern, name, cwd string) bool {
	if ok, _ := path.Match(pattern, name); ok {
		return true
	}
	if cwd != "" && !strings.HasPrefix(name, "/") {
		ok, _ := path.Match(pattern, path.Join(expandHome(cwd, ""), name))
		return ok
	}
	return false
}

func cmdlineAssign(a string) bool {
	name, _, ok := strings.Cut(a, "=")
	return ok && name != "" && !strings.ContainsAny(name, "-/ ")
}

// exception is a reasoned disagreement: "dialect<TAB>line<TAB>reason", the
// dialect "*" for all, the line exact or "re:" and a regular expression.
type exception struct {
	dialect, line string
	re            *regexp.Regexp
	reason        string
	used          bool
}

func (e *exception) matches(dialect, line string) bool {
	if e.dialect != "*" && e.dialect != dialect {
		return false
	}
	if e.re != nil {
		return e.re.MatchString(line)
	}
	return e.line == line
}

func readExceptions(t *testing.T) []*exception {
	t.Helper()
	var ex []*exception
	for _, l := range readLines(t, "testdata/exceptions.txt") {
		parts := strings.SplitN(l, "\t", 3)
		if len(parts) != 3 || strings.TrimSpace(parts[2]) == "" {
			t.Fatalf("testdata/exceptions.txt: %q: want dialect, line and reason separated by tabs", l)
		}
		e := &exception{dialect: parts[0], line: strings.ReplaceAll(parts[1], `\n`, "\n"), reason: parts[2]}
		if re, ok := strings.CutPrefix(parts[1], "re:"); ok {
			var err error
			if e.re, err = regexp.Compile(re); err != nil {
				t.Fatalf("testdata/exceptions.txt: %q: %v", l, err)
			}
		}
		ex = append(ex, e)
	}
	return ex
}

// score is one dialect's result.
type score struct {
	total, agree, exact, asked, excepted, killed int
	unseen, argv                                 []string // the failures
	askedUnseen, over                            []string // reported, not failures
	overLines                                    int
}

func (s *score) String() string {
	return fmt.Sprintf("%d lines: %d agree (%.2f%%: every program that ran is in hguard's model), %d exactly (%.2f%%: nothing more either); "+
		"%d asks where hguard cannot tell (%d of them ran a program it does not name), %d listed exceptions, %d argv disagreements, %d unseen; "+
		"%d lines where hguard names programs that never ran (%d programs); %d lines timed out or ended their sandbox",
		s.total, s.agree, 100*float64(s.agree)/float64(s.total), s.exact, 100*float64(s.exact)/float64(s.total),
		s.asked, len(s.askedUnseen), s.excepted, len(s.argv), len(s.unseen), s.overLines, len(s.over), s.killed)
}

// linesPerDialect is the size of the run: the corpora and the generator's
// lines up to it. HGUARD_SHELLDIFF_LINES changes it (for a quick run while
// working on the parser).
func linesPerDialect(t *testing.T) int {
	if s := os.Getenv("HGUARD_SHELLDIFF_LINES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("HGUARD_SHELLDIFF_LINES=%q: want a positive number", s)
		}
		return n
	}
	return 600
}

// TestShellDiff runs the corpora and the generated lines in each real shell
// and compares the programs that ran with hguard's model of the line, both
// ways.
func TestShellDiff(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every line in three real shells")
	}
	n := linesPerDialect(t)
	corpus := corpusLines(t)
	exceptions := readExceptions(t)
	lines := map[string][]string{}
	models := map[string][]model{}
	names := map[string]bool{}
	for _, p := range programs {
		names[p] = true
	}
	for _, d := range dialects {
		lines[d.name] = withGenerated(corpus, d.name, n)
		for _, l := range lines[d.name] {
			m := modelOf(l, d.name)
			models[d.name] = append(models[d.name], m)
			for _, c := range m.cmds {
				names[c.argv[0]] = true
				for w := range c.wrappers {
					names[w] = true
				}
			}
		}
	}
	var extra []string
	for n := range names {
		// Not the shells' builtins, nor names with a dot (bash x.sh looks
		// for x.sh in PATH, where a stub of that name would answer).
		if !realPrograms[n] && !builtins["bash"][n] && !builtins["zsh"][n] && !builtins["fish"][n] && !strings.Contains(n, ".") {
			extra = append(extra, n)
		}
	}
	sort.Strings(extra)
	sb := newSandbox(t, extra)
	var mu sync.Mutex
	ran := map[string]bool{} // the dialects whose run finished (go test -run may pick some)
	for _, d := range dialects {
		lines, models := lines[d.name], models[d.name]
		t.Run(d.name, func(t *testing.T) {
			t.Parallel()
			defer func() {
				mu.Lock()
				ran[d.name] = true
				mu.Unlock()
			}()
			start := time.Now()
			results := sb.runBatch(t, d, lines)
			t.Logf("%s: %d lines ran in %v", d.name, len(lines), time.Since(start).Round(time.Second))
			s := &score{total: len(lines)}
			for i, line := range lines {
				res, m := results[i], models[i]
				unseen, argv, over := compare(res, m, d.name)
				if res.timedOut || res.killed {
					s.killed++
				}
				if len(over) > 0 {
					s.overLines++
					for _, o := range over {
						s.over = append(s.over, fmt.Sprintf("%q: %s", line, o))
					}
				}
				if len(unseen) == 0 && len(argv) == 0 {
					s.agree++
					if len(over) == 0 {
						s.exact++
					}
					continue
				}
				mu.Lock()
				var ex *exception
				for _, e := range exceptions {
					// A pattern covers argument disagreements only; a
					// program hguard does not see is excepted line by line.
					if e.matches(d.name, line) && (e.re == nil || len(unseen) == 0) {
						ex, e.used = e, true
						break
					}
				}
				mu.Unlock()
				what := fmt.Sprintf("%q: ran %q; hguard sees %q", line, append(unseen, argv...), argvs(m))
				switch {
				case ex != nil:
					s.excepted++
				case m.ask:
					// hguard says it cannot tell (an ask): the shell may do
					// anything and the person is asked.
					s.asked++
					if len(unseen) > 0 {
						s.askedUnseen = append(s.askedUnseen, what)
					}
				case len(unseen) > 0:
					s.unseen = append(s.unseen, what)
				default:
					s.argv = append(s.argv, what)
				}
			}
			t.Logf("%s: %s", d.name, s)
			for i, o := range s.over {
				if i == 20 {
					t.Logf("… and %d more programs hguard names that never ran", len(s.over)-20)
					break
				}
				t.Logf("named, never ran: %s", o)
			}
			for _, a := range s.askedUnseen {
				t.Logf("asks, ran a program hguard does not name: %s", a)
			}
			for _, u := range s.unseen {
				t.Errorf("unseen: a program ran that hguard does not name: %s", u)
			}
			for _, a := range s.argv {
				t.Logf("argv differs: %s", a)
			}
			agreement := float64(s.total-len(s.argv)-len(s.unseen)) / float64(s.total)
			if agreement < 0.999 {
				t.Errorf("%s: agreement %.3f%% is under 99.9%% (%d argv disagreements)", d.name, 100*agreement, len(s.argv))
			}
		})
	}
	t.Cleanup(func() {
		if t.Failed() || n < 10_000 {
			return // a partial run does not see every exception
		}
		for _, e := range exceptions {
			// An exception is stale only if every dialect it covers ran.
			covered := ran[e.dialect] || e.dialect == "*" && len(ran) == len(dialects)
			if !e.used && covered {
				t.Errorf("testdata/exceptions.txt: %s: %q no longer disagrees: remove it", e.dialect, cmp(e))
			}
		}
	})
}

func cmp(e *exception) string {
	if e.re != nil {
		return "re:" + e.re.String()
	}
	return e.line
}

func argvs(m model) [][]string {
	var out [][]string
	for _, c := range m.cmds {
		out = append(out, c.argv)
	}
	return out
}

// uniq keeps the first of equal lines, in order.
func uniq(lines []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range lines {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}
