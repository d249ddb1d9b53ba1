package dsl

import (
	"github.com/expr-lang/expr"

	"github.com/hguard/hguard/dsl/cmdline"
)

// The program catalogue (rules/programs/*.yaml) as rules see it.

func init() { Funcs = append(Funcs, catalogFuncs...) }

var catalogFuncs = []Func{
	{Name: "isEscape", Sig: "isEscape(carrier) bool", Doc: "a carrier (an element of via) that is a program's escape into running commands, by its catalogue entry: an editor's :!, a pager's !, sed's e, a debugger's shell, a database shell's \\!, tar's checkpoint action, apt's hooks, a \"!CMD\" line typed into an interactive program, a shell started from a configuration the line wrote for the program, or a command under one of its hooks (settings) there (\"NAME @FILE\"), an option, ssh setting or variable meant for one kind of helper running another program (restic --password-command=id, ssh -o ProxyCommand=id: \"NAME OPT PROG\"); not launchers (flock, timeout, xargs)", Example: `len(via) > 0 && isEscape(via[len(via)-1])`, options: func() []expr.Option { return []expr.Option{strBool("isEscape", isEscape)} }},
	{Name: "showsOutput", Sig: "showsOutput(carrier) bool", Doc: "a carrier (an element of via) whose command's standard output goes where the carrier's own does, for its caller to read: a shell's -c or standard input, eval, source, emulate -c, script -c, su -c, a script the line or the session wrote, make's recipes, a program's copy run under its new name, and inline code's calls that run a command (python subprocess.check_output, perl `…`, ruby %x, node child_process.execSync, awk system and pipe, php shell_exec); not $(…) captures or launchers (xargs)", Example: `agent && all(via, showsOutput(#))`, options: func() []expr.Option { return []expr.Option{strBool("showsOutput", showsOutput)} }},
}

func isEscape(via string) bool { return cmdline.IsEscape(via) }

func showsOutput(via string) bool { return cmdline.ShowsOutput(via) }
