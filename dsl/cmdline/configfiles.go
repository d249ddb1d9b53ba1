package cmdline

import (
	"slices"
	"strings"
)

// Configuration files that are more options. curl -K FILE reads a file
// whose lines are options (upload-file = "~/.ssh/id_rsa"), and without -q
// it reads ~/.curlrc first (or $CURL_HOME's); wget reads ~/.wgetrc (or
// $WGETRC) and takes its commands from --config FILE and -e CMD
// (post_file = /etc/shadow). A poisoned
// agent can put a sending option there and run a curl whose line shows
// nothing. When the text is known (a pipe of static text, or a file the
// line or the session wrote), the command is walked again with those
// options before its own: curl -K - <<< 'upload-file = k' URL is judged
// as curl --upload-file k URL.

// maxConfigWords bounds the options read from one configuration text.
const maxConfigWords = 256

// configFiles follows curl's and wget's configuration files (see above).
func (w *walker) configFiles(c *Command, args []field, cx ctx) {
	if len(c.Via) > 0 && c.Via[len(c.Via)-1] == c.Name+" configuration" {
		return // the walk again with its configuration's options
	}
	var read func(string) []string
	var rest []string
	var texts []string
	add := func(in Input) {
		if in.Static && in.Text != "" {
			texts = append(texts, in.Text)
		}
	}
	known := func(name string) Input {
		if name == "-" || name == "/dev/stdin" {
			return c.Stdin
		}
		in, _, _ := w.fileInput(name)
		return in
	}
	switch c.Name {
	case "curl":
		read = curlConfigWords
		if len(args) == 0 || args[0].Value != "-q" && args[0].Value != "--disable" { // curl reads -q only first
			for _, rc := range []string{"~/.curlrc", "~/.config/curlrc"} {
				add(known(rc))
			}
			for _, dir := range []string{w.setting(c, "CURL_HOME"), w.setting(c, "XDG_CONFIG_HOME"), w.setting(c, "HOME")} {
				if dir != "" {
					add(known(strings.TrimSuffix(dir, "/") + "/.curlrc")) // CURL_HOME=. curl URL reads ./.curlrc
					add(known(strings.TrimSuffix(dir, "/") + "/curlrc"))
				}
			}
			if dir := w.setting(c, "HOME"); dir != "" {
				add(known(strings.TrimSuffix(dir, "/") + "/.config/curlrc")) // HOME=. curl URL: its ~ is .
			}
		}
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case (v == "-K" || v == "--config") && i+1 < len(args):
				i++
				add(known(args[i].Value))
			case strings.HasPrefix(v, "--config="):
				add(known(v[len("--config="):]))
			case strings.HasPrefix(v, "-K") && len(v) > 2 && !strings.HasPrefix(v, "--"):
				add(known(v[2:]))
			default:
				rest = append(rest, v)
			}
		}
	case "wget":
		read = wgetrcWords
		if !slices.ContainsFunc(args, func(a field) bool { return a.Value == "--no-config" }) {
			add(known("~/.wgetrc"))
			if rc := w.setting(c, "WGETRC"); rc != "" {
				add(known(rc)) // WGETRC=FILE wget URL reads FILE
			}
			if dir := w.setting(c, "HOME"); dir != "" {
				add(known(strings.TrimSuffix(dir, "/") + "/.wgetrc")) // HOME=. wget URL
			}
		}
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case v == "--config" && i+1 < len(args):
				i++
				add(known(args[i].Value))
			case strings.HasPrefix(v, "--config="):
				add(known(v[len("--config="):]))
			case (v == "-e" || v == "--execute") && i+1 < len(args):
				i++
				texts = append(texts, args[i].Value)
			case strings.HasPrefix(v, "--execute="):
				texts = append(texts, v[len("--execute="):])
			default:
				rest = append(rest, v)
			}
		}
	case "ssh", "scp", "sftp":
		read = sshConfigWords
		files, others := sshConfigFiles(c.Name, args)
		for _, f := range files {
			add(known(f))
		}
		rest = append(rest, others...)
	default:
		return
	}
	var words []string
	for _, t := range texts {
		words = append(words, read(t)...)
	}
	if len(words) == 0 {
		return
	}
	words = append(words[:min(len(words), maxConfigWords)], rest...)
	// -q and --no-config: the walk again reads no configuration of its own
	skip := map[string]string{"curl": "-q", "wget": "--no-config"}[c.Name]
	w.nested(c, c.Name+" "+skip+" "+shellQuoteWords(words), c.Name+" configuration", cx, true)
}

// curlConfigWords are the options a curl configuration text holds, as
// command-line words: each line is an option, its long name with or
// without dashes, then its value after blanks, '=' or ':', in double
// quotes (with backslash escapes) or up to a blank; '#' starts a comment.
func curlConfigWords(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		name, value := line, ""
		if i := strings.IndexAny(line, " \t=:"); i >= 0 {
			name, value = line[:i], strings.TrimLeft(line[i:], " \t=:")
		}
		if !strings.HasPrefix(name, "-") {
			name = "--" + name
		}
		out = append(out, name)
		if value == "" {
			continue
		}
		if value[0] == '"' {
			var b strings.Builder
			for i := 1; i < len(value) && value[i] != '"'; i++ {
				if value[i] == '\\' && i+1 < len(value) {
					i++
					switch value[i] {
					case 't':
						b.WriteByte('\t')
					case 'n':
						b.WriteByte('\n')
					default:
						b.WriteByte(value[i])
					}
					continue
				}
				b.WriteByte(value[i])
			}
			out = append(out, b.String())
			continue
		}
		if i := strings.IndexAny(value, " \t"); i >= 0 {
			value = value[:i]
		}
		out = append(out, value)
	}
	return out
}

// wgetrcWords are the options a wgetrc text (or -e's commands) holds, as
// command-line words: "post_file = F" is --post-file=F; wget ignores case
// and the underscores and dashes in a command's name.
func wgetrcWords(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		name = strings.ToLower(strings.TrimSpace(name))
		name = strings.NewReplacer("_", "", "-", "").Replace(name)
		if long, ok := wgetrcOptions[name]; ok {
			out = append(out, "--"+long+"="+strings.TrimSpace(value))
		}
	}
	return out
}

// wgetrcOptions are the wgetrc commands (folded: lower case, no _ or -)
// whose option sends, writes or runs something, by their long option.
var wgetrcOptions = map[string]string{
	"postfile": "post-file", "bodyfile": "body-file", "postdata": "post-data", "bodydata": "body-data",
	"method": "method", "outputdocument": "output-document", "dirprefix": "directory-prefix",
	"header": "header", "httpproxy": "http-proxy", "httpsproxy": "https-proxy", "input": "input-file",
	"checkcertificate": "check-certificate", "useproxy": "use-proxy", "logfile": "output-file",
	"useaskpass": "use-askpass", // a program wget runs for a password
}

// setting is the static value c's prefix assignment gives name (WGETRC=f
// wget), or else an earlier one of the line (export HOME=.; curl URL), or
// "".
func (w *walker) setting(c *Command, name string) string {
	if v, ok := w.vars[name]; ok && !slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == name }) {
		return v // export HOME=.; curl URL
	}
	for _, a := range c.Assigns {
		if a.Name != name {
			continue
		}
		if !a.Value.Dynamic {
			return a.Value.Value
		}
		if rel, ok := inWorkingDir(a.Value.Value); ok {
			return rel // HOME=$PWD curl URL
		}
	}
	return ""
}

// inWorkingDir is a value naming the working directory or a path under
// it ($PWD, $(pwd), $PWD/conf) as a relative path.
func inWorkingDir(v string) (string, bool) {
	for _, pwd := range []string{"$PWD", "${PWD}", "$(pwd)", "`pwd`"} {
		if v == pwd || v == pwd+"/" {
			return ".", true
		}
		if rest, ok := strings.CutPrefix(v, pwd+"/"); ok && !strings.ContainsAny(rest, "$`") {
			return rest, true
		}
	}
	return "", false
}

// configHomes are the variables that say where curl, wget and git read
// their configuration: export HOME=$PWD is followed as HOME=. .
var configHomes = set("HOME", "CURL_HOME", "XDG_CONFIG_HOME", "WGETRC", "GIT_CONFIG_GLOBAL")

// sshConfigWords are the options of an ssh configuration text (ssh -F
// FILE) that run a command or load a library here, as -o words:
// ProxyCommand, LocalCommand, KnownHostsCommand, PKCS11Provider and
// SecurityKeyProvider, "Key value" or "Key=value", in any case, the key
// quoted or not, under any Host or Match block.
func sshConfigWords(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.IndexAny(line, " \t=")
		if i < 0 {
			continue
		}
		key, value := strings.ToLower(strings.Trim(line[:i], `"`)), strings.TrimSpace(strings.TrimLeft(line[i:], " \t="))
		switch key {
		case "proxycommand", "localcommand", "knownhostscommand", "pkcs11provider", "securitykeyprovider":
			if value != "" {
				out = append(out, "-o", strings.Trim(line[:i], `"`)+"="+value)
			}
		}
	}
	return out
}

// sshValueLetters are the short options of ssh, scp and sftp that take a
// value (ssh(1), scp(1), sftp(1)): in a group of letters (-vF cfg,
// -vFcfg) the first of them takes the rest of the word, or the next word.
var sshValueLetters = map[string]string{"ssh": "BbcDEeFIiJLlmOoPpQRSWw", "scp": "cDFiJloPSX", "sftp": "BbcDFiJloPRSsX"}

// sshConfigFiles are the configuration files ssh, scp or sftp (prog) read
// by -F, in any group of short options (ssh -vF cfg host), and the other
// words of args with those options left out (-vF cfg is -v).
func sshConfigFiles(prog string, args []field) (files, others []string) {
	letters, ok := sshValueLetters[prog]
	if !ok {
		letters = "F"
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if len(v) < 2 || v[0] != '-' || strings.HasPrefix(v, "--") || args[i].Dynamic {
			others = append(others, v)
			if v == "--" || len(v) < 2 || v[0] != '-' {
				others = append(others, fieldValues(args[i+1:])...)
				return files, others
			}
			continue
		}
		j := strings.IndexFunc(v[1:], func(r rune) bool { return strings.ContainsRune(letters, r) }) + 1
		if j == 0 {
			others = append(others, v)
			continue
		}
		val, took := v[j+1:], false
		if val == "" && i+1 < len(args) {
			val, took = args[i+1].Value, true
		}
		if v[j] != 'F' {
			others = append(others, v)
			if took {
				i++
				others = append(others, val)
			}
			continue
		}
		if took {
			i++
			if args[i].Dynamic {
				continue
			}
		}
		if j > 1 {
			others = append(others, v[:j]) // -vF cfg: -v
		}
		if val != "" {
			files = append(files, val)
		}
	}
	return files, others
}

// fieldValues are the values of args.
func fieldValues(args []field) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a.Value
	}
	return out
}

// bareShellIn is shellInText's reading of a shell named without a path
// (bash, not /bin/bash), where only a command can stand: first in a word
// that goes on with another command (csvtool call 'bash;false'); in a
// file's content (content) also after a pipe or an escape (procmail's
// "| bash -c CMD"), or as a setting's value that is a command line or an
// argument list (execute = bash,-c,CMD; a hook's PostUp = bash). A bare
// name elsewhere is prose or a choice of shell (shell = zsh, apt install
// zsh, language: bash), as namesShell's callers read it.
func bareShellIn(v string, content bool) (string, bool) {
	for start := 0; start < len(v); {
		j := start + strings.IndexFunc(v[start:], isCommandNameRune)
		if j < start {
			return "", false
		}
		end := j + strings.IndexFunc(v[j:], func(r rune) bool { return !isCommandNameRune(r) })
		if end < j {
			end = len(v)
		}
		start = end + 1
		name, before, after := v[j:end], strings.TrimRight(v[:j], " \t"), v[end:]
		if j > 0 && !strings.ContainsRune(" \t;|&(`!=", rune(v[j-1])) || !bareShell(name) {
			continue
		}
		args := after == "" || strings.HasPrefix(after, " -") || strings.HasPrefix(after, ",")
		switch {
		case before == "" && (strings.HasPrefix(after, ";") || strings.HasPrefix(after, "&&")):
			cmd, _, _ := strings.Cut(v, after[:1])
			return cmd, true // csvtool call 'bash;false'
		case !content:
		case (before == "|" || before == "!") && args:
			return strings.TrimSpace(v[len(before)+1:]), true // procmail's | bash -c CMD
		case strings.HasSuffix(before, "=") && args && settingRunsValue(before):
			text, _, _ := strings.Cut(v[j:], ",")
			return text, true // PostUp = bash, execute = bash,-c,CMD
		}
	}
	return "", false
}

// isCommandNameRune reports a character of a command's name.
func isCommandNameRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '.' || r == '+' || r == '-'
}

// settingRunsValue reports a setting, before as written up to its "=",
// whose value is a command the program runs: a key that says so (command,
// exec, hook: commandKey) or names an event it runs before or after
// (wg-quick's PostUp, ifupdown's pre-up, post_install), not one choosing
// a shell (shell = zsh, CONFIG_SHELL=bash).
func settingRunsValue(before string) bool {
	key := strings.TrimSpace(strings.TrimSuffix(before, "="))
	key = key[strings.LastIndexAny(key, " \t;,[")+1:]
	if key == "" || strings.Contains(strings.ToLower(key), "shell") {
		return false
	}
	return commandKey().MatchString(key) || eventKey().MatchString(key)
}

// eventKey is a setting's key naming an event a command runs before or
// after: Pre or Post then a word (PostUp, pre-up, post_install), not a
// longer word (prefix, Postfix, preview).
var eventKey = lazyRegexp(`^([Pp]re|[Pp]ost)([-_][A-Za-z]|[A-Z])`)
