package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

const completionSynopsis = `hguard completion bash|zsh|fish

Prints completions of hguard's commands, their subcommands and their flags
(file names elsewhere), made from the same command table as 'hguard help'
and each command's own --help:
  bash:  source <(hguard completion bash)      (or save it in ~/.local/share/bash-completion/completions/hguard)
  zsh:   source <(hguard completion zsh)       (or save it as _hguard in a directory on $fpath)
  fish:  hguard completion fish > ~/.config/fish/completions/hguard.fish`

const manSynopsis = `hguard man

Prints hguard's man page (roff), made from the same command table as
'hguard help': hguard man | man -l -, or save it as man1/hguard.1 in a
directory on MANPATH.`

// flagsOf lists the flags of each command and subcommand ("rules list")
// that has some, read from its own --help: the flags the command defines,
// not a copy that could drift. Commands that run another program for
// their help (plugin) have none listed.
func flagsOf() map[string][]string {
	m := map[string][]string{}
	add := func(args ...string) {
		if args[0] == "plugin" {
			return // hguard-plugins prints it
		}
		var out strings.Builder
		// --help ends a command with cli.ErrDone; whatever it returns, the
		// flags are what it printed.
		_ = dispatch(append(args, "--help"), strings.NewReader(""), &out, io.Discard)
		var flags []string
		inFlags := false
		for line := range strings.Lines(out.String()) {
			line = strings.TrimRight(line, "\n")
			if line == "flags:" {
				inFlags = true
				continue
			}
			if inFlags && strings.HasPrefix(line, "  -") {
				flags = append(flags, strings.Fields(line)[0])
			}
		}
		if len(flags) > 0 {
			m[strings.Join(args, " ")] = flags
		}
	}
	for _, name := range commandNames() {
		if name == "help" || name == "completion" {
			continue
		}
		add(name)
		for _, c := range commands {
			if c.name == name && !c.hidden {
				for _, sub := range c.subs {
					if _, isCommand := subcommandOf[name]; isCommand {
						add(name, sub)
					}
				}
				break
			}
		}
	}
	return m
}

// subcommandOf names the commands whose completions (subs) are
// subcommands with flags of their own, not operands (init bash).
var subcommandOf = map[string]bool{"rules": true, "yolo": true, "audit": true, "checkpoint": true, "creds": true}

// subsOf lists the completions after each command that has some.
func subsOf() map[string][]string {
	m := map[string][]string{}
	for _, c := range commands {
		if len(c.subs) > 0 {
			m[c.name] = c.subs
		}
	}
	return m
}

func runCompletion(args []string, stdout io.Writer) error {
	c := newCommand("completion", completionSynopsis, stdout)
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if c.NArg() != 1 {
		return usagef("usage: hguard completion bash|zsh|fish", "want exactly one shell")
	}
	names := strings.Join(commandNames(), " ")
	subs := subsOf()
	flags := flagsOf()
	keys := slices.Sorted(maps.Keys(flags))
	var b strings.Builder
	switch c.Arg(0) {
	case "bash":
		fmt.Fprintf(&b, "# hguard completion for bash: source <(hguard completion bash)\n_hguard() {\n")
		fmt.Fprintf(&b, "\tlocal cur=${COMP_WORDS[COMP_CWORD]}\n")
		fmt.Fprintf(&b, "\tif [[ $cur == -* ]] && ((COMP_CWORD > 1)); then\n\t\tcase \"${COMP_WORDS[1]} ${COMP_WORDS[2]}\" in\n")
		for _, k := range slices.Backward(keys) { // "rules list" before "rules"
			pattern := k
			if !strings.Contains(k, " ") {
				pattern += "\\ *" // any second word
			} else {
				pattern = strings.Replace(k, " ", "\\ ", 1)
			}
			fmt.Fprintf(&b, "\t\t%s) mapfile -t COMPREPLY < <(compgen -W %q -- \"$cur\"); return ;;\n", pattern, strings.Join(flags[k], " "))
		}
		fmt.Fprintf(&b, "\t\tesac\n\tfi\n")
		fmt.Fprintf(&b, "\tif ((COMP_CWORD == 1)); then\n\t\tmapfile -t COMPREPLY < <(compgen -W %q -- \"$cur\")\n\t\treturn\n\tfi\n", names)
		fmt.Fprintf(&b, "\tif ((COMP_CWORD == 2)); then\n\t\tcase ${COMP_WORDS[1]} in\n")
		for _, name := range commandNames() {
			if s, ok := subs[name]; ok {
				fmt.Fprintf(&b, "\t\t%s) mapfile -t COMPREPLY < <(compgen -W %q -- \"$cur\"); return ;;\n", name, strings.Join(s, " "))
			}
		}
		fmt.Fprintf(&b, "\t\tesac\n\tfi\n\tmapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n}\ncomplete -o filenames -F _hguard hguard\n")
	case "zsh":
		fmt.Fprintf(&b, "#compdef hguard\n# hguard completion for zsh: source <(hguard completion zsh)\n_hguard() {\n")
		fmt.Fprintf(&b, "\tif [[ $PREFIX == -* ]] && ((CURRENT > 2)); then\n\t\tcase \"$words[2] $words[3]\" in\n")
		for _, k := range slices.Backward(keys) {
			pattern := k
			if !strings.Contains(k, " ") {
				pattern += "\\ *"
			} else {
				pattern = strings.Replace(k, " ", "\\ ", 1)
			}
			fmt.Fprintf(&b, "\t\t%s) compadd -- %s; return ;;\n", pattern, strings.Join(flags[k], " "))
		}
		fmt.Fprintf(&b, "\t\tesac\n\tfi\n")
		fmt.Fprintf(&b, "\tif ((CURRENT == 2)); then\n\t\tcompadd -- %s\n\t\treturn\n\tfi\n", names)
		fmt.Fprintf(&b, "\tif ((CURRENT == 3)); then\n\t\tcase $words[2] in\n")
		for _, name := range commandNames() {
			if s, ok := subs[name]; ok {
				fmt.Fprintf(&b, "\t\t%s) compadd -- %s; return ;;\n", name, strings.Join(s, " "))
			}
		}
		fmt.Fprintf(&b, "\t\tesac\n\tfi\n\t_files\n}\nif [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n\t_hguard \"$@\"\nelse\n\tcompdef _hguard hguard\nfi\n")
	case "fish":
		fmt.Fprintf(&b, "# hguard completion for fish: hguard completion fish > ~/.config/fish/completions/hguard.fish\n")
		fmt.Fprintf(&b, "complete -c hguard -f -n __fish_use_subcommand -a version\n")
		seen := map[string]bool{}
		for _, c := range commands {
			if seen[c.name] || c.name == "version" {
				continue
			}
			seen[c.name] = true
			desc := c.desc
			if c.hidden {
				desc = "answer requests in the daemon's queue"
			}
			fmt.Fprintf(&b, "complete -c hguard -f -n __fish_use_subcommand -a %s -d %s\n", c.name, fishQuote(desc))
		}
		for _, name := range commandNames() {
			if s, ok := subs[name]; ok {
				fmt.Fprintf(&b, "complete -c hguard -f -n '__fish_seen_subcommand_from %s' -a %s\n", name, fishQuote(strings.Join(s, " ")))
			}
		}
		for _, k := range keys {
			cond := "__fish_seen_subcommand_from " + k
			if name, sub, ok := strings.Cut(k, " "); ok {
				cond = "__fish_seen_subcommand_from " + name + "; and __fish_seen_subcommand_from " + sub
			}
			for _, f := range flags[k] {
				name := strings.TrimLeft(f, "-")
				opt := "-l"
				if len(name) == 1 {
					opt = "-s"
				}
				fmt.Fprintf(&b, "complete -c hguard -n %s %s %s\n", fishQuote(cond), opt, name)
			}
		}
	default:
		return usagef("usage: hguard completion bash|zsh|fish", "no completions for %q: bash, zsh and fish are supported", c.Arg(0))
	}
	_, err := io.WriteString(stdout, b.String())
	return err
}

func fishQuote(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}

// roff escapes text for a man page: backslashes, hyphens (which roff
// would render as typographic ones) and a leading dot or quote.
func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

func runMan(args []string, stdout io.Writer) error {
	c := newCommand("man", manSynopsis, stdout)
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if c.NArg() != 0 {
		return usagef("usage: hguard man", "man takes no arguments")
	}
	var b strings.Builder
	fmt.Fprintf(&b, ".TH HGUARD 1 \"\" \"hguard %s\" \"User Commands\"\n", roff(version()))
	fmt.Fprintf(&b, ".SH NAME\nhguard \\- decide whether a shell command may run\n")
	fmt.Fprintf(&b, ".SH SYNOPSIS\n.B hguard\n.I command\n.RI [ flags ]\n.RI [ operands ]\n")
	fmt.Fprintf(&b, ".SH DESCRIPTION\n%s\n", roff("hguard stands between a shell command and its execution. Before a command runs, typed at a terminal or issued by a coding agent, it decides: allow, ask a person, or block. "+
		"Every command takes --help; 'hguard help COMMAND' prints the same."))
	fmt.Fprintf(&b, ".SH COMMANDS\n")
	for _, c := range commands {
		if c.hidden {
			continue
		}
		syn := "hguard " + c.name
		if c.args != "" {
			syn += " " + c.args
		}
		fmt.Fprintf(&b, ".TP\n.B %s\n%s\n", roff(syn), roff(c.desc))
	}
	fmt.Fprintf(&b, ".SH EXIT STATUS\n%s\n", roff("check: 0 allow (warnings included), 1 block, 2 ask, 64 usage error, 70 internal error. "+
		"Errors go to standard error as 'hguard: error: ...', often followed by 'hguard: hint: ...'."))
	fmt.Fprintf(&b, ".SH ENVIRONMENT\n.TP\n.B HGUARD_HOME\n%s\n.TP\n.B NO_COLOR\n%s\n",
		roff("hguard's configuration, rules and state (default ~/.hguard)."), roff("when set, nothing is coloured (colour is only ever used on a terminal)."))
	fmt.Fprintf(&b, ".SH FILES\n.TP\n.B ~/.hguard/config.yaml\n%s\n.TP\n.B ~/.hguard/rules.d/*.yaml\n%s\n.TP\n.B .hguard/rules.yaml\n%s\n",
		roff("the configuration."), roff("your rules."), roff("a project's rules, which may only tighten."))
	fmt.Fprintf(&b, ".SH SEE ALSO\n%s\n", roff("The docs directory of hguard's source: rules.md, approvals.md, integration.md, plugins.md, secrets.md, checkpoints.md."))
	_, err := io.WriteString(stdout, b.String())
	return err
}
