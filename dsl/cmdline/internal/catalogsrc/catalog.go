// Package catalogsrc reads the program catalogue (rules/programs/*.yaml) and
// writes it as Go: package cmdline's generator (gen.go, run by go generate
// ./dsl/cmdline) writes catalog_gen.go with it, and cmdline's tests check
// that file and the catalogue's examples against it.
package catalogsrc

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Entry is one program as rules/programs/*.yaml writes it. Kind says which
// table of package cmdline it goes to: "" the catalogue (Program),
// "wrapper" the wrappers peel takes off the command they run (sudo, env,
// nice), "options" the programs whose options' values are command lines
// (rg --pre, tar -I, rsync -e), "helpers" a kind of helper program (a
// pager, a compressor), named "@NAME", that a code option's helpers name.
type Entry struct {
	Name         string   `yaml:"name"`
	Aliases      []string `yaml:"aliases"`
	Kind         string   `yaml:"kind"`
	Runs         string   `yaml:"runs"`
	Args         string   `yaml:"args"`
	Long         []string `yaml:"long"`
	Stop         string   `yaml:"stop"`
	LongStop     []string `yaml:"longStop"`
	Split        string   `yaml:"split"`     // wrapper: options whose value is more arguments (env -S); options: a command line
	LongSplit    []string `yaml:"longSplit"` // the same, long
	Assigns      bool     `yaml:"assigns"`   // wrapper: NAME=value words may come before the command (sudo, env)
	Operands     int      `yaml:"operands"`
	Sub          []string `yaml:"sub"`
	SubRun       string   `yaml:"subrun"`
	SubOperands  int      `yaml:"suboperands"`
	SubAfter     int      `yaml:"subafter"`
	SubElsewhere bool     `yaml:"subelsewhere"` // the subcommand runs its command with an environment of its own (a container's)
	Remote       []string `yaml:"remote"`       // subcommands that open a remote shell: the words after -- are ssh's after the host
	Skip         []string `yaml:"skip"`         // words that are no operand on the way to a subcommand (gcloud beta)
	Code         []Code   `yaml:"code"`
	Stdin        string   `yaml:"stdin"`
	Shell        string   `yaml:"shell"`
	ShellOptions []string `yaml:"shellOptions"`
	ShellPaths   bool     `yaml:"shellPaths"` // the generic fallback still reads its other words for a shell's path
	OldStyle     bool     `yaml:"oldStyle"`   // its first word may be a cluster of option letters without a dash (tar cIf PROG FILE)
	Abbrev       bool     `yaml:"abbrev"`     // its parser takes any unambiguous prefix of a long option (getopt_long, argparse, optparse, OptionParser, my_getopt)
	Settings     []string `yaml:"settings"`   // keys of its configuration files whose value is a command it runs on an event (a hook)
	Helpers      []string `yaml:"helpers"`    // helpers: the programs of the kind, and other kinds as "@NAME"
	Prompt       Prompts  `yaml:"prompt"`     // it waits at a prompt (or a screen) for typed commands that can run programs: one, or a list of the ways it does
	Examples     []struct {
		Cmd   string `yaml:"cmd"`
		Runs  string `yaml:"runs"`
		Level string `yaml:"level"`
	} `yaml:"examples"`
}

// Prompt says a program waits, in the foreground with a terminal for input,
// for commands typed at its prompt or keys on its screen, some of which run
// programs (less's !CMD, psql's \! CMD): Batch are the options after which
// it runs without prompting, and more operands than Operands, when given,
// also make it run so (sqlite3 DB SQL; gnuplot FILE with operands 0), as
// does a code option's value whose last command is one of Quit (vim -c wq).
//
// Sub are the subcommands that start the prompt ("" for none: tmux alone),
// when only some do (poetry shell, nix develop), one of several words for
// a subcommand's own (git notes add, gh pr create); Others the first
// operands with which the name is another program's, which does not
// prompt (MinIO's mc ls, besides Midnight Commander's mc DIR); Confirm are the commands
// after which a quit asks y/n first (gdb's run), unless one of NoConfirm
// ran before (set confirm off).
//
// Needs, when set, are the options one of which it prompts only with (git
// tag -a opens the editor, git tag does not); Always the options with
// which it prompts whatever Batch option is given too (git commit -m MSG
// -e); Editor the variables naming the editor it opens, one of which set
// on the line to a program without a prompt keeps it from prompting
// (GIT_EDITOR=true git commit).
type Prompt struct {
	Batch     []string `yaml:"batch"`
	Operands  *int     `yaml:"operands"`
	Quit      []string `yaml:"quit"`
	Sub       []string `yaml:"sub"`
	Others    []string `yaml:"others"`
	Confirm   []string `yaml:"confirm"`
	NoConfirm []string `yaml:"noconfirm"`
	Needs     []string `yaml:"needs"`
	Always    []string `yaml:"always"`
	Editor    []string `yaml:"editor"`
	Words     bool     `yaml:"words"`  // its options are whole words (duckdb -csv is not -c sv)
	Stdout    bool     `yaml:"stdout"` // it prompts only with its output to a terminal too (gh pr create)
}

// Prompts are a program's ways of prompting: a mapping in YAML for one, a
// list of them when its subcommands prompt differently (git commit, git
// rebase -i).
type Prompts []Prompt

// UnmarshalYAML reads one prompt or a list of them.
func (ps *Prompts) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.SequenceNode {
		var list []Prompt
		if err := n.Decode(&list); err != nil {
			return err
		}
		if len(list) == 0 {
			return fmt.Errorf("line %d: an empty list of prompts", n.Line)
		}
		*ps = list
		return nil
	}
	var one Prompt
	if err := n.Decode(&one); err != nil {
		return err
	}
	*ps = Prompts{one}
	return nil
}

// Code is an option whose value is code, in the language runCode reads.
type Code struct {
	Option  string   `yaml:"option"`
	Lang    string   `yaml:"lang"`
	Helpers []string `yaml:"helpers"` // the programs the option is meant to run, a kind of them as "@NAME"; another one run through it is an escape
}

// Langs are the languages cmdline's runCode reads.
var Langs = []string{"sh", "each-sh", "self", "argv", "vim", "vim-file", "less", "elisp", "elisp-file", "gdb", "sqlite",
	"mysql", "psql", "bang", "sed", "sed-file", "tar-action", "apt", "make", "tcl", "r", "julia", "applescript", "ssm", "socat", "file", "none",
	"python", "node", "jsr", "mongo", "perl", "ruby", "php", "lua", "ftp", "ftp-file", "db-file", "hook", "sysctl", "system", "tex", "m4", "rpm", "hg", "puppet",
	"sshopt", "lisp", "haskell", "fzf", "parallel", "shell-program", "path-program", "program", "pipe", "cmake", "exec", "cargo-config", "goenv",
	"erlang", "erlang-call", "elixir", "jvm", "clojure", "swift", "dotnet", "hcl", "pkgscript", "apply-patch", "muttrc", "transient-unit",
	"argv-comma", "cmake-define"}

// Read reads and checks the catalogue files dir/*.yaml: every field known,
// every language one runCode reads, every name once, every program with
// examples. It returns the programs in file and list order, and every
// problem found, each naming its file and program.
func Read(dir string) ([]Entry, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no catalogue files in %s", dir)
	}
	var (
		all  []Entry
		errs []error
	)
	seen := map[string]string{}
	errorf := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		var list []Entry
		if err := dec.Decode(&list); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		for _, e := range list {
			where := fmt.Sprintf("%s: %s", filepath.Base(f), e.Name)
			for _, n := range append([]string{e.Name}, e.Aliases...) {
				if prev, dup := seen[n]; dup {
					errorf("%s: %s is also in %s", where, n, prev)
				}
				seen[n] = where
			}
			if !slices.Contains([]string{"", "argv", "line", "none"}, e.Runs) {
				errorf("%s: runs %q, want argv, line or none", where, e.Runs)
			}
			if len(e.Sub) > 0 && !slices.Contains([]string{"argv", "line", "argvline", "anyline", "dashdash"}, e.SubRun) {
				errorf("%s: subrun %q, want argv, line, anyline or dashdash", where, e.SubRun)
			}
			for _, c := range e.Code {
				if !slices.Contains(Langs, c.Lang) {
					errorf("%s: option %s: language %q unknown (one of %s)", where, c.Option, c.Lang, strings.Join(Langs, ", "))
				}
			}
			if e.Stdin != "" && !slices.Contains(Langs, e.Stdin) {
				errorf("%s: stdin language %q unknown", where, e.Stdin)
			}
			if !slices.Contains([]string{"", "agent", "via", "nocmd"}, e.Shell) {
				errorf("%s: shell %q, want agent, nocmd or via", where, e.Shell)
			}
			if len(e.Examples) == 0 {
				errorf("%s: no examples", where)
			}
			errs = append(errs, checkKind(where, e)...)
		}
		all = append(all, list...)
	}
	sets := helperSets(all)
	for _, e := range all {
		for _, c := range e.Code {
			if _, err := expand(c.Helpers, sets, nil); err != nil {
				errorf("%s: option %s: %v", e.Name, c.Option, err)
			}
		}
		if e.Kind == "helpers" {
			if _, err := expand(e.Helpers, sets, []string{e.Name}); err != nil {
				errorf("%s: %v", e.Name, err)
			}
		}
	}
	return all, errors.Join(errs...)
}

// helperSets are the entries of kind helpers by name ("@pager").
func helperSets(list []Entry) map[string][]string {
	sets := map[string][]string{}
	for _, e := range list {
		if e.Kind == "helpers" {
			sets[e.Name] = e.Helpers
		}
	}
	return sets
}

// expand spells a list of helpers as programs: a kind "@NAME" as the
// programs of the entry of that name, in order, each program once; seen
// are the kinds being expanded, which a list may not name again.
func expand(list []string, sets map[string][]string, seen []string) ([]string, error) {
	var out []string
	for _, h := range list {
		if !strings.HasPrefix(h, "@") {
			if !slices.Contains(out, h) {
				out = append(out, h)
			}
			continue
		}
		set, ok := sets[h]
		if !ok {
			return nil, fmt.Errorf("helpers %s: no entry of kind helpers has that name", h)
		}
		if slices.Contains(seen, h) {
			return nil, fmt.Errorf("helpers %s: names itself", h)
		}
		progs, err := expand(set, sets, append(slices.Clip(seen), h))
		if err != nil {
			return nil, err
		}
		for _, p := range progs {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out, nil
}

// checkKind reports the fields an entry of a kind does not use: a wrapper
// and an options entry describe options only, and split, longSplit and
// assigns mean nothing to the catalogue.
func checkKind(where string, e Entry) []error {
	var errs []error
	set := map[string]bool{
		"runs": e.Runs != "", "stop": e.Stop != "", "longStop": len(e.LongStop) > 0, "split": e.Split != "",
		"longSplit": len(e.LongSplit) > 0, "assigns": e.Assigns, "operands": e.Operands > 0, "sub": len(e.Sub) > 0,
		"code": len(e.Code) > 0, "stdin": e.Stdin != "", "shell": e.Shell != "", "shellOptions": len(e.ShellOptions) > 0,
		"shellPaths": e.ShellPaths, "settings": len(e.Settings) > 0, "helpers": len(e.Helpers) > 0, "prompt": e.Prompt != nil,
		"oldStyle": e.OldStyle, "aliases": len(e.Aliases) > 0, "args": e.Args != "", "long": len(e.Long) > 0,
		"remote": len(e.Remote) > 0, "skip": len(e.Skip) > 0, "abbrev": e.Abbrev,
	}
	allowed := map[string][]string{
		"":        {"aliases", "args", "long", "runs", "stop", "longStop", "operands", "sub", "remote", "skip", "code", "stdin", "shell", "shellOptions", "shellPaths", "settings", "prompt", "abbrev"},
		"wrapper": {"aliases", "args", "long", "stop", "longStop", "split", "longSplit", "assigns", "operands"},
		"options": {"aliases", "args", "long", "code", "oldStyle"},
		"helpers": {"helpers"},
	}
	ok, known := allowed[e.Kind]
	if !known {
		return []error{fmt.Errorf("%s: kind %q, want wrapper, options, helpers or none", where, e.Kind)}
	}
	if (e.Kind == "helpers") != strings.HasPrefix(e.Name, "@") {
		errs = append(errs, fmt.Errorf("%s: a name starting with @ is a kind of helper (kind: helpers), and only that", where))
	}
	if e.Kind == "helpers" && len(e.Helpers) == 0 {
		errs = append(errs, fmt.Errorf("%s: a kind of helper names its programs (helpers)", where))
	}
	for _, f := range slices.Sorted(maps.Keys(set)) {
		if set[f] && !slices.Contains(ok, f) {
			errs = append(errs, fmt.Errorf("%s: %s is not a field of kind %q", where, f, e.Kind))
		}
	}
	for _, c := range e.Code {
		if len(c.Helpers) > 0 && !slices.Contains([]string{"sh", "path-program", "sshopt", "argv-comma", "cmake-define"}, c.Lang) {
			errs = append(errs, fmt.Errorf("%s: option %s: helpers are read for the languages sh, path-program, sshopt, argv-comma and cmake-define only", where, c.Option))
		}
		if e.Kind == "options" && !(strings.HasPrefix(c.Option, "--") && len(c.Option) > 3 || len(c.Option) > 1 && c.Option[0] == '-' && c.Option[1] != '-') {
			errs = append(errs, fmt.Errorf("%s: option %q: an options entry's code options are -X, --NAME or a single-dash word (zip -TT)", where, c.Option))
		}
	}
	return errs
}

// Source writes the catalogue as Go, the file catalog_gen.go of package
// cmdline.
func Source(list []Entry) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by gen.go from rules/programs/*.yaml; DO NOT EDIT.\n\npackage cmdline\n\n")
	// A switch, not a map literal: the compiler turns it into a search over
	// constant strings, while a map of the catalogue's names was built at
	// every process's start.
	b.WriteString("// catalogProgram returns the catalogue's program named name (by name or\n// alias), or nil.\nfunc catalogProgram(name string) *Program {\n\tswitch name {\n")
	var progs []Entry
	var names []string
	sets := helperSets(list)
	for _, e := range list {
		if e.Kind != "" {
			continue
		}
		b.WriteString("\tcase ")
		for i, n := range append([]string{e.Name}, e.Aliases...) {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%q", n)
			names = append(names, n)
		}
		fmt.Fprintf(&b, ":\n\t\treturn &catalogPrograms[%d]\n", len(progs))
		progs = append(progs, e)
	}
	b.WriteString("\t}\n\treturn nil\n}\n\n// catalogNames are the catalogue's names and aliases.\nvar catalogNames = [...]string{\n")
	for _, n := range names {
		fmt.Fprintf(&b, "\t%q,\n", n)
	}
	b.WriteString("}\n\nvar catalogPrograms = [...]Program{\n")
	for _, e := range progs {
		fmt.Fprintf(&b, "\t{Name: %q", e.Name)
		if e.Runs != "" && e.Runs != "none" {
			fmt.Fprintf(&b, ", Runs: %q", e.Runs)
		}
		if e.Args != "" {
			fmt.Fprintf(&b, ", Args: %q", e.Args)
		}
		if len(e.Long) > 0 {
			fmt.Fprintf(&b, ", Long: %#v", e.Long)
		}
		if e.Stop != "" {
			fmt.Fprintf(&b, ", Stop: %q", e.Stop)
		}
		if len(e.LongStop) > 0 {
			fmt.Fprintf(&b, ", LongStop: %#v", e.LongStop)
		}
		if e.Operands > 0 {
			fmt.Fprintf(&b, ", Operands: %d", e.Operands)
		}
		if len(e.Sub) > 0 {
			fmt.Fprintf(&b, ", Sub: %#v, SubRun: %q", e.Sub, e.SubRun)
		}
		if e.SubOperands > 0 {
			fmt.Fprintf(&b, ", SubOperands: %d", e.SubOperands)
		}
		if e.SubAfter > 0 {
			fmt.Fprintf(&b, ", SubAfter: %d", e.SubAfter)
		}
		if e.SubElsewhere {
			b.WriteString(", SubElsewhere: true")
		}
		if len(e.Remote) > 0 {
			fmt.Fprintf(&b, ", Remote: %#v", e.Remote)
		}
		if len(e.Skip) > 0 {
			fmt.Fprintf(&b, ", Skip: %#v", e.Skip)
		}
		if len(e.Code) > 0 {
			fmt.Fprintf(&b, ", Code: %s", codeList(e.Code, sets))
		}
		if e.Stdin != "" {
			fmt.Fprintf(&b, ", Stdin: %q", e.Stdin)
		}
		if e.Shell != "" {
			fmt.Fprintf(&b, ", Shell: %q", e.Shell)
		}
		if len(e.ShellOptions) > 0 {
			fmt.Fprintf(&b, ", ShellOptions: %#v", e.ShellOptions)
		}
		if e.ShellPaths {
			b.WriteString(", ShellPaths: true")
		}
		if e.Abbrev {
			b.WriteString(", Abbrev: true")
		}

		if len(e.Settings) > 0 {
			fmt.Fprintf(&b, ", Settings: %#v", e.Settings)
		}
		if e.Prompt != nil {
			b.WriteString(", Prompt: []Prompt{")
			for i, pr := range e.Prompt {
				if i > 0 {
					b.WriteString(", ")
				}
				operands := -1 // operands do not matter
				if pr.Operands != nil {
					operands = *pr.Operands
				}
				b.WriteString("{")
				for _, f := range []struct {
					name string
					list []string
				}{{"Batch", pr.Batch}, {"Quit", pr.Quit}, {"Sub", pr.Sub}, {"Others", pr.Others}, {"Confirm", pr.Confirm}, {"NoConfirm", pr.NoConfirm},
					{"Needs", pr.Needs}, {"Always", pr.Always}, {"Editor", pr.Editor}} {
					if len(f.list) > 0 {
						fmt.Fprintf(&b, "%s: %#v, ", f.name, f.list)
					}
				}
				if pr.Words {
					b.WriteString("Words: true, ")
				}
				if pr.Stdout {
					b.WriteString("Stdout: true, ")
				}
				fmt.Fprintf(&b, "Operands: %d}", operands)
			}
			b.WriteString("}")
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	specs(&b, list, "wrapper", "wrappers run the command that follows their own options (kind: wrapper).", "wrappers", sets)
	specs(&b, list, "options", "programs have options whose value is a command line they run (kind: options).", "programs", sets)
	b.WriteString("\n// helperSet returns the programs of a kind of helper (kind: helpers) by its\n// name, \"@pager\", or nil.\nfunc helperSet(name string) []string {\n\tswitch name {\n")
	for _, e := range list {
		if e.Kind == "helpers" {
			fmt.Fprintf(&b, "\tcase %q:\n\t\treturn %s\n", e.Name, setVar(e.Name))
		}
	}
	b.WriteString("\t}\n\treturn nil\n}\n")
	for _, e := range list {
		if e.Kind == "helpers" {
			progs, _ := expand(e.Helpers, sets, nil)
			fmt.Fprintf(&b, "\n// %s are the helpers %s.\nvar %s = %#v\n", setVar(e.Name), e.Name, setVar(e.Name), progs)
		}
	}
	return b.Bytes()
}

// setVar is the name of the Go variable of the kind of helper name
// ("@pager": helpersPager).
func setVar(name string) string {
	var b strings.Builder
	b.WriteString("helpers")
	up := true
	for _, r := range strings.TrimPrefix(name, "@") {
		switch {
		case r == '-' || r == '_':
			up = true
		case up:
			b.WriteString(strings.ToUpper(string(r)))
			up = false
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// codeList writes code options as a Go []CodeOption: helpers that name
// one kind ("@pager") are that kind's variable, others the programs they
// spell.
func codeList(code []Code, sets map[string][]string) string {
	var b strings.Builder
	b.WriteString("[]CodeOption{")
	for j, c := range code {
		if j > 0 {
			b.WriteString(", ")
		}
		switch {
		case len(c.Helpers) == 1 && strings.HasPrefix(c.Helpers[0], "@"):
			fmt.Fprintf(&b, "{Option: %q, Lang: %q, Helpers: %s}", c.Option, c.Lang, setVar(c.Helpers[0]))
		case len(c.Helpers) > 0:
			progs, _ := expand(c.Helpers, sets, nil)
			fmt.Fprintf(&b, "{Option: %q, Lang: %q, Helpers: %#v}", c.Option, c.Lang, progs)
		default:
			fmt.Fprintf(&b, "{%q, %q, nil}", c.Option, c.Lang)
		}
	}
	b.WriteString("}")
	return b.String()
}

// specs writes the entries of a kind as a map of optSpec named table.
func specs(b *bytes.Buffer, list []Entry, kind, doc, table string, sets map[string][]string) {
	fmt.Fprintf(b, "\n// %s\nvar %s = map[string]optSpec{\n", doc, table)
	for _, e := range list {
		if e.Kind != kind {
			continue
		}
		var f []string
		if e.Args != "" {
			f = append(f, fmt.Sprintf("arg: %q", e.Args))
		}
		if len(e.Long) > 0 {
			f = append(f, fmt.Sprintf("longArg: %#v", e.Long))
		}
		if e.Stop != "" {
			f = append(f, fmt.Sprintf("stop: %q", e.Stop))
		}
		if len(e.LongStop) > 0 {
			f = append(f, fmt.Sprintf("longStop: %#v", e.LongStop))
		}
		if e.Split != "" {
			f = append(f, fmt.Sprintf("split: %q", e.Split))
		}
		if len(e.LongSplit) > 0 {
			f = append(f, fmt.Sprintf("longSplit: %#v", e.LongSplit))
		}
		if e.Assigns {
			f = append(f, "assigns: true")
		}
		if e.Operands > 0 {
			f = append(f, fmt.Sprintf("operands: %d", e.Operands))
		}
		if len(e.Code) > 0 {
			f = append(f, "code: "+codeList(e.Code, sets))
		}
		if e.OldStyle {
			f = append(f, "oldStyle: true")
		}
		for _, n := range append([]string{e.Name}, e.Aliases...) {
			fmt.Fprintf(b, "\t%q: {%s},\n", n, strings.Join(f, ", "))
		}
	}
	b.WriteString("}\n")
}
