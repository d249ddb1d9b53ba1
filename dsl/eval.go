package dsl

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/expr-lang/expr/vm"
	"github.com/hguard/hguard/dsl/cmdline"
)

// machines reuses expr virtual machines and their stacks across evaluations.
var machines = sync.Pool{New: func() any { return new(vm.VM) }}

// Evaluate runs every rule against a parsed line: line-scope rules once,
// command-scope rules against each command their on: admits (or every
// command, without on:). A rule whose expression fails at run time yields
// an ask finding saying so, never silence.
func (rs *RuleSet) Evaluate(line *cmdline.Line, ctx Context) []Finding {
	var (
		out   []Finding
		rules []*Rule // reused candidate list
	)
	ctx.held = new(heldSecrets)
	if ctx.RealDir != nil && movesFiles(line) {
		ctx.RealDir = nil // ln -sfn ~/other ~/Projects/proj: where a link leads may change before a command runs
	}
	if lineRules := rs.lineCandidates(line, rules[:0]); len(lineRules) > 0 {
		env := newLineEnv(line, ctx)
		for _, r := range lineRules {
			if f, ok := r.run(env, ""); ok {
				out = append(out, f)
			}
		}
	}
	for _, c := range line.Commands {
		cmd := commandFacts{c: c, line: line, ctx: ctx}
		rules = rs.candidates(&cmd, rules[:0])
		if len(rules) == 0 {
			continue
		}
		env := cmd.env()
		for _, r := range rules {
			if f, ok := r.run(env, c.Source); ok && (c.OwnAlias == "" || f.Level >= Block) {
				if c.ScriptText != "" && f.Level > Ask {
					f.Level = Ask // ./scripts/log.sh "reboot needed": a project script's text
				}
				out = append(out, f)
			}
		}
	}
	for _, in := range containersGiven(line, ctx, 0) {
		for _, ic := range in.line.Commands {
			cmd := commandFacts{c: ic, line: in.line, ctx: in.ctx}
			for _, r := range rs.inside {
				if len(r.On) > 0 && !onMatches(r.On, &cmd) {
					continue
				}
				if f, ok := r.run(cmd.env(), in.outer.Source); ok {
					out = append(out, f)
				}
			}
		}
	}
	return dedupe(out)
}

// lineCandidates is the line-scope rules without on:, and those whose on:
// names an issue kind the line has.
func (rs *RuleSet) lineCandidates(line *cmdline.Line, dst []*Rule) []*Rule {
	dst = append(dst, rs.line...)
	for _, is := range line.Issues {
		dst = appendNew(dst, rs.byIssue[string(is.Kind)])
	}
	return dst
}

// candidates is the command-scope rules that can fire for a command: those
// whose on: lists its name (or the program it names: python for
// python3.11), a group it belongs to or a property it has, and those
// without on:. Each rule appears once.
func (rs *RuleSet) candidates(cmd *commandFacts, dst []*Rule) []*Rule {
	c := cmd.c
	dst = append(dst, rs.anyName...)
	if c.Name != "" {
		p := programName(c.Name)
		dst = appendNew(dst, rs.forName(c.Name))
		if p != c.Name {
			dst = appendNew(dst, rs.forName(p))
		}
		if sub := subcommand(c); sub != "" {
			dst = appendNew(dst, rs.forName(c.Name+" "+sub))
			if p != c.Name {
				dst = appendNew(dst, rs.forName(p+" "+sub))
			}
		}
	}
	if strings.HasPrefix(c.Path, "mcp:") && c.Path != c.Name {
		// An agent's MCP tool call, 'mcp:SERVER/TOOL' --ARG=VALUE …: rules
		// on: mcp:… name it by its path (its name, the part after the
		// last slash, still meets the rules on that name, which can only
		// add findings).
		dst = appendNew(dst, rs.forName(c.Path))
	}
	for prop, has := range properties {
		if list := rs.byProp[prop]; len(list) > 0 && has(cmd) {
			dst = appendNew(dst, list)
		}
	}
	return dst
}

// appendNew appends the rules of more that dst does not hold yet. Candidate
// lists are short, so a linear check beats a set.
func appendNew(dst, more []*Rule) []*Rule {
	for _, r := range more {
		if !slices.Contains(dst, r) {
			dst = append(dst, r)
		}
	}
	return dst
}

// commandFacts is one command of a line, with its rule environment built
// when first needed: by a property that needs it, or by the first rule.
type commandFacts struct {
	c    *cmdline.Command
	line *cmdline.Line
	ctx  Context
	e    *CommandEnv
}

func (cmd *commandFacts) env() *CommandEnv {
	if cmd.e == nil {
		cmd.e = newCommandEnv(cmd.c, cmd.line, cmd.ctx)
	}
	return cmd.e
}

// properties are what a rule's on: can ask of a command besides its name,
// as "@property": a rule about writes says on: ["@writes"] and is not
// evaluated for commands that write nothing.
var properties = map[string]func(*commandFacts) bool{
	"@writes":    writes,
	"@redirects": func(cmd *commandFacts) bool { return len(cmd.c.Redirects) > 0 },
	"@assigns":   func(cmd *commandFacts) bool { return len(cmd.c.Assigns) > 0 },
	"@untrusted": func(cmd *commandFacts) bool { return cmd.c.Untrusted != "" },
	"@typed":     func(cmd *commandFacts) bool { return cmd.c.Typed },
	"@dynamic":   func(cmd *commandFacts) bool { return cmd.c.Dynamic },
	"@payload":   func(cmd *commandFacts) bool { return cmd.c.Payload != nil },
	"@wrapped":   func(cmd *commandFacts) bool { return len(cmd.c.Wrappers) > 0 },
	"@function":  func(cmd *commandFacts) bool { return cmd.c.Func != "" },
	"@secrets":   func(cmd *commandFacts) bool { return holdsSecretPrefix(cmd.c) },
	// a program hguard knows nothing of (no table, catalogue entry or rule
	// names it): the rules that judge such a program by its arguments
	"@unknown": func(cmd *commandFacts) bool {
		return !cmd.c.Dynamic && cmd.c.Name != "" && !cmdline.KnownName(cmd.c.Name)
	},
	// a command naming a secret file; the env is built anyway by the first
	// rule that meets the command, so this costs a scan of its words
	"@secret-files": func(cmd *commandFacts) bool { e := cmd.env(); return len(e.SecretFiles)+len(e.HeldFiles) > 0 },
	// a command naming a persistence path where it may write it (mayWrite)
	"@may-write": func(cmd *commandFacts) bool { return len(cmd.env().MayWrite) > 0 },
	// a command reading one of the machine's account, authentication or
	// audit records (authFiles), or naming a directory of them (authDir)
	"@auth-files": func(cmd *commandFacts) bool { return cmd.env().NamesAuth() },
	// a word, an assignment or inline code holding a path-traversal
	// sequence into a system directory (traversal)
	"@traversal": func(cmd *commandFacts) bool { return hasTraversal(cmd.c) },
}

// secretPrefixes start the tokens of common credential formats, and the
// variable names that hold them; "@secrets" admits commands whose words
// contain one, for rules that look for credentials written in a command.
var secretPrefixes = []string{"AKIA", "ASIA", "ABIA", "ACCA", "ghp_", "gho_", "ghu_", "ghs_", "ghr_",
	"github_pat_", "glpat-", "sk-", "xox", "AIza", "SECRET", "TOKEN", "PASSWORD", "PASSWD", "API_KEY",
	"APIKEY", "ACCESS_KEY", "PRIVATE_KEY", "--preserve-env"}

// holdsSecretPrefix reports whether any argument, assignment or wrapper
// argument of c contains one of the secret prefixes.
func holdsSecretPrefix(c *cmdline.Command) bool {
	has := func(s string) bool {
		for _, p := range secretPrefixes {
			if strings.Contains(s, p) {
				return true
			}
		}
		return false
	}
	for _, a := range c.Args {
		if has(a.Value) {
			return true
		}
	}
	for _, a := range c.Assigns {
		if has(a.Name) || has(a.Value.Value) {
			return true
		}
	}
	for _, w := range c.Wrappers {
		for _, a := range w.Args {
			if has(a) {
				return true
			}
		}
	}
	return false
}

// writers are the programs whose arguments name files they write; see outputs.
var writers = nameSet{names: []string{"tee", "truncate", "shred", "cp", "mv", "install", "ln", "rsync", "scp", "rcp", "sed",
	"perl", "ruby", "yq", "awk", "gawk", "dd", "curl", "curlie", "wget", "wget2", "dcfldd", "dc3dd", "ddrescue", "gddrescue", "qemu-img", "bmaptool", "e2image", "patch", "git",
	"go", "zig", "nuitka", "nuitka3", "objcopy", "llvm-objcopy", "dos2unix", "unix2dos", "mac2unix", "unix2mac", "ex", "vim", "vi", "nvim", "view", "rvim", "ed", "red", "emacs",
	"gh", "hg", "jj", "rclone", // clones and rclone copy fill their destination
	"mkcert"}}

// writes reports whether a command writes a file hguard can name: its
// outputs are not empty. The cheap test comes first: only a redirect or a
// program of outputs' table can have outputs.
func writes(cmd *commandFacts) bool {
	c := cmd.c
	maybe := writers.has(c.Name) || hasOutputOptionWord(c.Name, c.Args) || unpacker(c)
	for _, w := range c.Wrappers {
		for _, a := range w.Args {
			maybe = maybe || strings.HasPrefix(a, "-o") || strings.HasPrefix(a, "--o") || strings.HasPrefix(a, "--log")
		}
	}
	for _, r := range c.Redirects {
		maybe = maybe || outputOps[r.Op]
	}
	return maybe && len(cmd.env().Outputs) > 0
}

func (r *Rule) run(env any, command string) (Finding, bool) {
	f := Finding{Rule: r.ID, Level: r.Level, Message: r.Message, Source: string(r.Origin), Command: command, Checkpoint: r.Checkpoint, Person: r.Person}
	if err := r.ensureCompiled(); err != nil {
		f.Level = max(r.Level, Ask)
		f.Message = r.compileError(err)
		return f, true
	}
	var (
		matched bool
		err     error
	)
	if r.native != nil {
		matched, err = r.runNative(env)
	} else {
		machine := machines.Get().(*vm.VM)
		var v any
		v, err = machine.Run(r.program, env)
		machines.Put(machine)
		matched, _ = v.(bool)
	}
	if err != nil {
		f.Level = max(r.Level, Ask)
		if r.Level == Block {
			f.Level = Block
		}
		f.Message = fmt.Sprintf("rule %s failed to evaluate (%s): %s", r.ID, oneLine(err.Error()), r.Message)
		return f, true
	}
	if matched {
		f.Message = expandMessage(f.Message, env)
	}
	return f, matched
}

// dedupe keeps one finding per rule and command, the strictest; a rule that
// a project tightened can fire twice for the same command.
func dedupe(fs []Finding) []Finding {
	if len(fs) < 2 {
		return fs
	}
	type key struct{ rule, command string }
	index := make(map[key]int, len(fs))
	out := fs[:0]
	for _, f := range fs {
		k := key{f.Rule, f.Command}
		if i, ok := index[k]; ok {
			if f.Level > out[i].Level {
				out[i] = f
			}
			continue
		}
		index[k] = len(out)
		out = append(out, f)
	}
	return out
}

// Match reports whether one rule fires on a parsed line, at its own scope.
// It is how rule examples are tested: one rule alone, not the whole set.
func (r *Rule) Match(line *cmdline.Line, ctx Context) bool {
	if r.Scope == LineScope {
		if len(r.On) > 0 && !slices.ContainsFunc(line.Issues, func(is cmdline.Issue) bool { return slices.Contains(r.On, string(is.Kind)) }) {
			return false
		}
		_, ok := r.run(newLineEnv(line, ctx), "")
		return ok
	}
	ctx.held = new(heldSecrets)
	for _, c := range line.Commands {
		cmd := commandFacts{c: c, line: line, ctx: ctx}
		if len(r.On) > 0 && !onMatches(r.On, &cmd) {
			continue
		}
		if _, ok := r.run(cmd.env(), c.Source); ok {
			return true
		}
	}
	if !r.Container {
		return false
	}
	for _, in := range containersGiven(line, ctx, 0) {
		for _, c := range in.line.Commands {
			cmd := commandFacts{c: c, line: in.line, ctx: in.ctx}
			if len(r.On) > 0 && !onMatches(r.On, &cmd) {
				continue
			}
			if _, ok := r.run(cmd.env(), c.Source); ok {
				return true
			}
		}
	}
	return false
}

// onMatches reports whether a rule's on: admits a command, as candidates does.
func onMatches(on []string, cmd *commandFacts) bool {
	c := cmd.c
	p, sub := programName(c.Name), subcommand(c)
	for _, n := range on {
		if has, ok := properties[n]; ok {
			if has(cmd) {
				return true
			}
			continue
		}
		if c.Name == "" {
			continue
		}
		if onName(n, c.Name) || onName(n, p) || (sub != "" && (n == c.Name+" "+sub || n == p+" "+sub)) {
			return true
		}
	}
	return false
}

// subcommand is a command's first operand ("reset" in git -C repo reset
// --hard), for on: entries that name a program and its subcommand; "" when
// there is none or it is not known statically.
func subcommand(c *cmdline.Command) string {
	takesValue := valueOptions[programName(c.Name)]
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Dynamic:
			return ""
		case a.Value == "--":
			if i+1 < len(c.Args) && !c.Args[i+1].Dynamic {
				return c.Args[i+1].Value
			}
			return ""
		case a.Value == "-" || !strings.HasPrefix(a.Value, "-"):
			return a.Value
		case takesValue.has(a.Value):
			i++
		}
	}
	return ""
}
