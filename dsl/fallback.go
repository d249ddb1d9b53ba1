package dsl

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// The write fallback: a program hguard knows nothing about that is handed
// the path of a cron table, sudo's rules, a shell start-up file or a
// service unit may well write it (tcpdump -w, rlwrap -l, screen -Logfile,
// script FILE, update-alternatives --install LINK, gdb's dump value FILE,
// awk's print > FILE, make's $(file >FILE)). Those files are rarely named
// for any other reason than to read them, and reading is what a short list
// of programs does (cat, grep, ls, source, …). So a persistence path named
// by any other program is a possible write, asked by write-persistence-named.

// persistExact and persistDirs are the files whose rewriting makes something
// run later, as root or at every login, or lets someone in: cron, sudo,
// the dynamic loader's preload, PAM, login shells' start-up files, service
// units, ssh's keys and server configuration. Paths are in homeForm.
var persistExact = nameSet{names: []string{
	"/etc/crontab", "/etc/anacrontab", "/etc/sudoers", "/etc/shadow", "/etc/gshadow", "/etc/ld.so.preload",
	"/etc/ld.so.conf", "/etc/profile", "/etc/bash.bashrc", "/etc/bashrc", "/etc/zshrc", "/etc/zshenv",
	"/etc/zprofile", "/etc/environment", "/etc/rc.local", "/etc/ssh/sshd_config", "/etc/modules",
	"/etc/inittab", "/etc/master.passwd", "/private/etc/sudoers",
	"~/.bashrc", "~/.bash_profile", "~/.bash_login", "~/.bash_logout", "~/.bash_aliases", "~/.profile",
	"~/.zshrc", "~/.zshenv", "~/.zprofile", "~/.zlogin", "~/.kshrc", "~/.cshrc", "~/.tcshrc", "~/.xinitrc",
	"~/.xprofile", "~/.xsessionrc", "~/.xsession", "~/.pam_environment", "~/.ssh/authorized_keys", "~/.ssh/authorized_keys2", "~/.ssh/rc",
	"~/.ssh/environment", "~/.config/fish/config.fish", "~/.zlogout",
	// zsh loads a start-up file's compiled copy in its place when it is newer
	"~/.zshrc.zwc", "~/.zshenv.zwc", "~/.zprofile.zwc", "~/.zlogin.zwc", "~/.zlogout.zwc",
	// other shells' start-up files: nushell, xonsh, elvish, PowerShell
	"~/.config/nushell/config.nu", "~/.config/nushell/env.nu", "~/.config/nushell/login.nu", "~/.xonshrc",
	"~/.config/xonsh/rc.xsh", "~/.config/elvish/rc.elv", "~/.elvish/rc.elv",
	"~/.config/powershell/Microsoft.PowerShell_profile.ps1", "~/.config/powershell/profile.ps1",
	// git runs what its configuration names (core.pager, core.hooksPath,
	// aliases); readline's start-up file can rebind Enter
	"~/.gitconfig", "~/.config/git/config", "/etc/gitconfig", "~/.inputrc", "/etc/inputrc",
}}

// programStartFiles are files one program reads each time it starts or
// runs for commands, code or the programs it runs, so that rewriting one
// runs code the next time someone uses that program in an ordinary way:
// cargo runs build.rustc-wrapper, target.*.runner and the linker from its
// configuration, go runs GOFLAGS=-toolexec from the file go env -w writes,
// ssh runs ProxyCommand and LocalCommand, npm its script-shell and
// node-options, Yarn its yarnPath, bun its preload scripts, tmux run-shell,
// psql \! lines, sqlite3 .shell, mysql its pager, gdb and lldb their
// start-up commands, the mvn script sources ~/.mavenrc, Gradle runs init
// scripts and the JVM options of gradle.properties (-javaagent), terraform
// the provider binaries of dev_overrides, direnv sources direnvrc and loads
// the .envrc under a direnv.toml whitelist unasked. Paths are in homeForm;
// each names the programs that load it: handing the file to its own program
// (tmux -f ~/.tmux.conf, gdb -x ~/.gdbinit) is loading it, not writing it.
// A project's own files of these names (.cargo/config.toml, .npmrc) are
// left out: they are part of the repository, reviewed with it, and its
// build runs the project's code anyway.
var programStartFiles = map[string][]string{
	"~/.cargo/config.toml": {"cargo"}, "~/.cargo/config": {"cargo"},
	"~/.config/go/env": {"go"}, "~/Library/Application Support/go/env": {"go"},
	"~/.ssh/config": {"ssh", "scp", "sftp", "sshfs", "autossh", "mosh"},
	"~/.npmrc":      {"npm", "npx", "pnpm", "yarn"}, "~/.yarnrc": {"yarn"}, "~/.yarnrc.yml": {"yarn"},
	"~/.bunfig.toml": {"bun", "bunx"}, "~/.config/.bunfig.toml": {"bun", "bunx"},
	"~/.tmux.conf": {"tmux"}, "~/.config/tmux/tmux.conf": {"tmux"}, "~/.screenrc": {"screen"},
	"~/.psqlrc": {"psql"}, "~/.sqliterc": {"sqlite"},
	"~/.my.cnf":  {"mysql", "mariadb", "mysqldump", "mysqladmin", "mycli"},
	"~/.gdbinit": {"gdb"}, "~/.config/gdb/gdbinit": {"gdb"}, "~/.lldbinit": {"lldb"},
	"~/.vimrc": {"vim"}, "~/.vim/vimrc": {"vim"}, "~/.exrc": {"vi", "ex"},
	"~/.config/nvim/init.vim": {"nvim"}, "~/.config/nvim/init.lua": {"nvim"},
	"~/.emacs": {"emacs"}, "~/.emacs.el": {"emacs"}, "~/.emacs.d/init.el": {"emacs"},
	"~/.emacs.d/early-init.el": {"emacs"}, "~/.config/emacs/init.el": {"emacs"},
	"~/.irbrc": {"irb", "ruby"}, "~/.pryrc": {"pry"}, "~/.Rprofile": {"r", "rscript"},
	"~/.lessfilter": {"less"}, "~/.lesskey": {"less", "lesskey"}, "~/.toprc": {"top"},
	"~/.config/procps/toprc": {"top"}, "~/.mailcap": {"run-mailcap"},
	"~/.mavenrc": {"mvn", "mvnw"}, "/etc/mavenrc": {"mvn", "mvnw"}, "/usr/local/etc/mavenrc": {"mvn", "mvnw"},
	"~/.gradle/init.gradle": {"gradle", "gradlew"}, "~/.gradle/init.gradle.kts": {"gradle", "gradlew"},
	"~/.gradle/gradle.properties": {"gradle", "gradlew"},
	"~/.terraformrc":              {"terraform", "tofu"},
	"~/.direnvrc":                 {"direnv"}, "~/.config/direnv/direnvrc": {"direnv"}, "~/.config/direnv/direnv.toml": {"direnv"},
	// window managers and terminals run their configuration's exec lines
	// or code at every log-in or start
	"~/.config/i3/config": {"i3"}, "~/.i3/config": {"i3"}, "~/.config/sway/config": {"sway"},
	"~/.config/hypr/hyprland.conf": {"hyprland", "Hyprland"}, "~/.config/awesome/rc.lua": {"awesome"},
	"~/.config/bspwm/bspwmrc": {"bspwm"}, "~/.config/openbox/autostart": {"openbox"},
	"~/.config/qtile/config.py": {"qtile"}, "~/.xmonad/xmonad.hs": {"xmonad"}, "~/.config/xmonad/xmonad.hs": {"xmonad"},
	"~/.wezterm.lua": {"wezterm"}, "~/.config/wezterm/wezterm.lua": {"wezterm"},
	"~/.ipython/profile_default/ipython_config.py": {"ipython", "jupyter"},
}

// programStartDirs are directories whose every file a program loads as
// code at start: Gradle's init scripts, editors' plugins, direnv's library.
var programStartDirs = map[string][]string{
	"~/.gradle/init.d/": {"gradle", "gradlew"}, "~/.vim/plugin/": {"vim"}, "~/.config/nvim/plugin/": {"nvim"},
	// the wrappers' unpacked distributions: gradlew and mvnw run what they
	// find there instead of downloading it (rv65)
	"~/.gradle/wrapper/": {"gradlew"}, "~/.m2/wrapper/": {"mvnw"},
	"~/.config/direnv/lib/": {"direnv"}, "~/.ipython/profile_default/startup/": {"ipython", "jupyter"},
	"~/.config/nushell/autoload/": {"nu"}, "~/.config/xonsh/rc.d/": {"xonsh"},
	// logrotate runs its drop-ins' postrotate scripts as root, daily (rt60)
	"/etc/logrotate.d/": {"logrotate"},
}

// startFileLoaders is the programs that load p as their start-up file
// (programStartFiles, programStartDirs), or nil.
func startFileLoaders(p string) []string {
	if rest, ok := cutVar(p, "XDG_CONFIG_HOME"); ok {
		p = "~/.config" + rest // where go, tmux, nvim and direnv keep theirs
	}
	c := homeForm(cleanPath(p))
	if ls, ok := programStartFiles[c]; ok {
		return ls
	}
	for d, ls := range programStartDirs {
		if strings.HasPrefix(c, d) {
			return ls
		}
	}
	return nil
}

// loadsStartFile reports a command that hands p to a program that loads it
// at start (tmux -f ~/.tmux.conf, mvn with ~/.mavenrc): no write.
func loadsStartFile(name, p string) bool {
	return slices.Contains(startFileLoaders(p), programName(path.Base(name)))
}

var persistDirs = []string{
	"/etc/cron.d/", "/etc/cron.hourly/", "/etc/cron.daily/", "/etc/cron.weekly/", "/etc/cron.monthly/",
	"/var/spool/cron/", "/var/spool/anacron/", "/var/at/", "/usr/lib/cron/", "/etc/sudoers.d/",
	"/private/etc/sudoers.d/", "/etc/ld.so.conf.d/", "/etc/profile.d/", "/etc/pam.d/", "/etc/init.d/",
	"/etc/init/", "/etc/rc.d/", "/etc/systemd/system/", "/etc/systemd/user/", "/lib/systemd/system/",
	"/usr/lib/systemd/system/", "/usr/lib/systemd/user/", "/run/systemd/system/", "/etc/update-motd.d/",
	"/etc/apt/apt.conf.d/", "/etc/xdg/autostart/", "/etc/modules-load.d/", "/etc/modprobe.d/",
	"/etc/udev/rules.d/", "/etc/ssh/sshd_config.d/", "/etc/zsh/", "/etc/security/",
	"/Library/LaunchAgents/", "/Library/LaunchDaemons/", "/System/Library/LaunchDaemons/",
	"~/.config/systemd/user/", "~/.local/share/systemd/user/", "~/.config/autostart/",
	"~/Library/LaunchAgents/", "~/.config/fish/conf.d/", "~/.bashrc.d/",
	// systemd's user environment (every session's variables: LD_PRELOAD)
	"~/.config/environment.d/",
	// NetworkManager's dispatcher scripts, run as root (rt60)
	"/etc/NetworkManager/dispatcher.d/",
}

// accountFiles are the account databases: read everywhere (grep user
// /etc/passwd), so they count as persistence paths only after a > inside a
// larger word (awk's print > "/etc/passwd") or as an option's value
// written --opt=PATH.
var accountFiles = nameSet{names: []string{"/etc/passwd", "/etc/group"}}

// persistPath reports whether p names a file (or a directory's entry)
// whose rewriting installs something that runs later or lets someone in:
// cron tables, sudoers, /etc/shadow, the loader's preload, PAM, shell
// start-up files, service units, authorized_keys, sshd's configuration,
// LaunchAgents, the start-up files of everyday programs
// (programStartFiles), and hguard's own files. /boot is left to the write rules:
// the tools that rebuild it (update-grub, kernel-install, dracut) name it.
func persistPath(p string) bool { return persistPathIn(p, nil) }

// persistPathIn is persistPath with the context's resolved places of
// hguard's and the agents' configuration (GuardDirs).
func persistPathIn(p string, gs guards) bool {
	if p == "" || len(p) > 4096 {
		return false
	}
	c := homeForm(cleanPath(p))
	if persistExact.has(c) || startFileLoaders(c) != nil {
		return true
	}
	for _, d := range persistDirs {
		if strings.HasPrefix(c, d) || c+"/" == d {
			return true
		}
	}
	if strings.ContainsAny(c, "*?[") && (slices.ContainsFunc(persistExact.names, func(t string) bool { return globNamesFile(c, t) }) ||
		slices.ContainsFunc(persistDirs, func(d string) bool { return globNamesFile(c, d+"x") })) {
		return true // a glob that may expand to one: ~/.ba?hrc, /etc/cron.[d]/x
	}
	return guardPathIn(p, gs) && (strings.HasPrefix(c, "/") || strings.HasPrefix(c, "~") || strings.HasPrefix(p, "$"))
}

// pathTokens are the absolute or home paths inside a larger word: a line
// of code, a script, a configuration directive, an expression
// (fopen("/etc/cron.d/x", "w"), $(file >/etc/cron.d/x,…), Include
// /etc/shadow, \input{/etc/shadow}, s@.*@/etc/cron.d/x@). A token whose
// head is a one- or two-letter command glued to the path (less's
// s/etc/x, sed's w/etc/x) yields the path after it.
func pathTokens(word string) []string {
	if len(word) > 1<<16 || !strings.ContainsAny(word, "/~") {
		return nil
	}
	var out []string
	for _, tok := range strings.FieldsFunc(word, pathSep) {
		if len(out) >= 32 {
			break
		}
		switch {
		case strings.HasPrefix(tok, "/") || strings.HasPrefix(tok, "~") || strings.HasPrefix(tok, "$HOME/"):
			out = append(out, strings.TrimRight(tok, "."))
		default:
			if i := strings.IndexByte(tok, '/'); i > 0 && i <= 2 && isLetters(tok[:i]) && len(tok) > i+1 {
				out = append(out, strings.TrimRight(tok[i:], "."))
			}
		}
	}
	return out
}

// pathSep separates the tokens of a word that pathTokens looks at: spaces,
// quotes, brackets, and the punctuation of code and directives.
func pathSep(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', '(', ')', '{', '}', '[', ']', ',', ';', '<', '>', '|', '=',
		'@', '&', '!', ':', '\\', '+':
		return true
	}
	return false
}

// isPathWord reports a word that is itself a path (not code holding one):
// absolute, or in a home spelled ~, $HOME or ${HOME}.
func isPathWord(w string) bool {
	if rest, ok := strings.CutPrefix(w, "${HOME}"); ok {
		w = "$HOME" + rest // its braces are no code's
	}
	return (strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~") || strings.HasPrefix(w, "$HOME")) &&
		!strings.ContainsAny(w, " \t\n\"'(){};<>|")
}

// persistReaders only read, list, run, move or delete the files they are
// given (or write them in ways outputs already knows: cp's destination, sed
// -i): a persistence path among their operands is no guessed write.
// Editors are judged by edit-account-file; interpreters and shells run the
// scripts they are given.
var persistReaders = nameSet{names: []string{
	"cat", "tac", "less", "more", "most", "pg", "head", "tail", "grep", "egrep", "fgrep", "zgrep", "rg", "ag",
	"ack", "ls", "exa", "eza", "lsd", "ll", "tree", "stat", "file", "wc", "du", "diff", "cmp", "comm", "sdiff",
	"colordiff", "md5sum", "sha1sum", "sha256sum", "sha512sum", "b2sum", "shasum", "cksum", "sum", "source",
	".", "test", "[", "[[", "find", "fd", "locate", "readlink", "realpath", "basename", "dirname", "echo",
	"printf", "cd", "pushd", "bat", "batcat", "view", "strings", "od", "hexdump", "hd", "xxd", "nl", "sort",
	"uniq", "cut", "column", "awk", "gawk", "mawk", "nawk", "sed", "jq", "yq", "tr", "fold", "fmt", "pr",
	"expand", "iconv", "lsattr", "getfacl", "namei", "ldd", "readelf", "objdump", "nm", "git", "svn", "hg",
	"chezmoi", "stow", "yadm", "rm", "unlink", "shred", "mv", "cp", "ln", "install", "rsync", "scp", "rcp",
	"tar", "bsdtar", "zip", "7z", "gzip", "bzip2", "xz", "zstd", "chmod", "chown", "chgrp", "chattr",
	"setfacl", "touch", "mkdir", "rmdir", "vim", "vi", "nvim", "nano", "emacs", "ed", "ex", "pico", "micro",
	"joe", "jed", "mcedit", "ne", "mg", "kak", "hx", "gedit", "kate", "code", "subl", "sudoedit", "visudo",
	"vipw", "vigr", "crontab", "systemctl", "systemd-analyze", "journalctl", "service", "shellcheck",
	"shfmt", "sh", "bash", "zsh", "dash", "ksh", "fish", "watch", "inotifywait", "entr", "ssh", "ssh-keygen",
	"sshd", "getent", "id", "which", "type", "whereis", "command", "man", "info", "dpkg", "dpkg-query", "rpm", "expr",
	"apt-file", "debsums", "aide", "rkhunter", "lynis", "auditctl", "fuser", "lsof", "tee", "dd", "truncate",
	"sponge", "patch", "python", "python3", "perl", "ruby", "node", "php", "lua", "Rscript", "wall",
	"logger", "pwck", "grpck", "openssl", "gpg", "age", "sops", "ansible", "ansible-playbook", "docker",
	"podman", "kubectl", "cpio", "unzip", "base64", "base32", "sha224sum", "sha384sum", "tail", "multitail",
	"lnav", "glow", "highlight", "pygmentize", "meld", "vimdiff", "nvimdiff", "kdiff3", "diff3", "dos2unix",
	"unix2dos", "run-parts", "paste", "join", "rev", "split", "csplit", "enscript", "lpr", "xdg-open", "open", "trash", "trash-put", "gio", "env", "sudo", "doas", "time", "nice",
	"nohup", "timeout", "xargs", "strace", "ltrace", "true", "false", ":", "export", "unset", "alias",
	// df names a file for its file system; a declaration stores the path as a value
	"df", "set", "setenv", "declare", "typeset", "local", "readonly",
}}

// compilesInPlace is zsh's zcompile FILE, which writes FILE.zwc, a compiled
// copy of FILE's own code; with names after FILE it compiles those into it
// instead, which zsh may then load in FILE's place.
func compilesInPlace(name string, words []string) bool {
	if programName(name) != "zcompile" {
		return false
	}
	operands := 0
	for _, w := range words {
		if !strings.HasPrefix(w, "-") {
			operands++
		}
	}
	return operands == 1
}

// persistQuiet are programs whose larger words are prose or patterns, not
// code that writes: a commit message or a grep pattern naming /etc/sudoers.
var persistQuiet = nameSet{names: []string{
	"echo", "printf", "grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "git", "gh", "glab", "hg", "svn",
	"jj", "logger", "wall", "notify-send", "jq", "yq", "man", "info", "apropos", "help", "which", "type",
	"test", "[", "[[", "cd", "ls", "find", "fd", "locate", "sed", "cat", "less", "more", "head", "tail",
	"export", "alias", "printenv", "read", "dpkg", "rpm", "auditctl", "ssh-keygen",
}}

// mayWrite is the persistence paths (persistPath) a command names where it
// may write them, leaving out what outputs already holds: inside a larger
// word that writes (after a >, or beside a write call, an open mode, a dump
// or save: code, scripts, -ex 'dump value FILE') of any program but those
// whose words are prose or patterns, and as an operand or
// an option's value of any program but the readers (persistReaders). The
// words of its wrappers count with the wrapper's name (screen -Logfile
// FILE CMD, rlwrap -l FILE CMD).
func mayWrite(c *cmdline.Command, args, outputs []string, gs guards) []string {
	var out []string
	seen := map[string]bool{}
	for _, o := range outputs {
		seen[homeForm(cleanPath(o))] = true
	}
	add := func(p string) {
		k := homeForm(cleanPath(p))
		if !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	// A name such as /save, a word with one slash at its start, is a command
	// typed at a prompt (jshell's /save FILE), not a program in /: an account
	// file among its operands is as likely written as a persistence path.
	typed := strings.LastIndexByte(c.Path, '/') == 0 && len(c.Path) > 1
	scan := func(name string, words []string, operands bool) {
		prog := programName(name)
		quiet := persistQuiet.has(name) || persistQuiet.has(prog)
		launcher := launches(name)
		reader := persistReaders.has(name) || persistReaders.has(prog) || compilesInPlace(name, words)
		for i, w := range words {
			if !strings.ContainsAny(w, "/~") {
				continue
			}
			if operands && !reader && i > 0 && isOptionWord(words[i-1]) && (accountFiles.has(cleanPath(w)) || launcher && runsLater(w)) {
				// an option's separate value: rlwrap -l /etc/passwd,
				// ssh-copy-id -t /etc/passwd; a launcher's log or lock file
				// (screen -Logfile ~/.local/bin/ls CMD), which no download
				// or build option is
				add(w)
				continue
			}
			if v, ok := optionPathValue(w); ok {
				w = v
				if !reader && (persistPathIn(v, gs) && !loadsStartFile(name, v) || accountFiles.has(cleanPath(v))) {
					add(v)
					continue
				}
			}
			if isPathWord(w) {
				if operands && !reader && (persistPathIn(w, gs) || typed && accountFiles.has(cleanPath(w))) && !secretPath(w) && !loadsStartFile(name, w) {
					add(w)
				}
				continue
			}
			if quiet {
				continue
			}
			for _, t := range pathTokens(w) {
				if secretPath(t) {
					continue // a secret read (moreSecrets) is what naming it in code most likely is
				}
				if (persistPathIn(t, gs) || accountFiles.has(cleanPath(t)) || runsLater(t)) && (redirectedTo(w, t) || writeHint(w)) {
					add(t)
				}
			}
		}
	}
	scan(c.Name, staticWords(c.Args, args), true)
	if c.Path != "" && !isPathWord(c.Path) {
		// a line typed into an interactive program: less's s/etc/x saves its input there
		for _, t := range pathTokens(c.Path) {
			if persistPathIn(t, gs) || accountFiles.has(cleanPath(t)) {
				add(t)
			}
		}
	}
	for _, wr := range c.Wrappers {
		scan(wr.Name, wr.Args, true)
	}
	if len(c.Wrappers) > 0 && isPathWord(c.Path) {
		// A wrapper whose option value hguard took for the command
		// (screen -L FILE CMD): the path is no program anyone runs. An
		// account file counts only so placed, after an option and before
		// the command (screen -L /etc/passwd echo x); pv /etc/passwd reads it.
		w := c.Wrappers[len(c.Wrappers)-1]
		account := accountFiles.has(cleanPath(c.Path)) && len(c.Args) > 0 && len(w.Args) > 0 && isOptionWord(w.Args[len(w.Args)-1])
		if (persistPathIn(c.Path, gs) || account || launches(w.Name) && runsLater(c.Path)) && !persistReaders.has(programName(w.Name)) && !loadsStartFile(w.Name, c.Path) {
			add(c.Path)
		}
	}
	return out
}

// launches reports a program whose words are a command it runs after its
// own options (a wrapper, or a launcher of the program catalogue: screen,
// rlwrap), whose option values are then its own files.
func launches(name string) bool {
	p := cmdline.Lookup(name)
	return p != nil && p.Runs != ""
}

// runsLater reports a file that runs later by its own name, as a write
// into it by code (gdb's dump value FILE) or by a wrapper's option value
// (screen -Logfile FILE) plants it: a program's name in a bin directory
// early on PATH (~/.local/bin/ls, /usr/local/bin/ls) or a repository's
// git hook (.git/hooks/pre-commit). A redirection there is judged by the
// shadowing and persistence rules; this is for the words they do not read.
func runsLater(p string) bool {
	if _, _, ok := inBinDir(p, nil); ok && namesProgram(p) {
		return true
	}
	c := cleanPath(p)
	i := strings.LastIndex(c, "/.git/hooks/")
	return i >= 0 && !strings.Contains(c[i+len("/.git/hooks/"):], "/") && !strings.HasSuffix(c, ".sample")
}

// redirectedTo reports a token written after a > in its word: awk's print >
// "/etc/passwd", vim's :redir >/etc/passwd, make's $(file >/etc/passwd,…).
func redirectedTo(w, t string) bool {
	for _, pre := range []string{">", "> ", ">\"", "> \"", ">'", "> '"} {
		if strings.Contains(w, pre+t) {
			return true
		}
	}
	return false
}

// staticWords leaves out the words whose value the shell computes
// (<(ssh a cat /etc/crontab), $(…)): their text is source code hguard
// parses as commands of their own, judged there.
func staticWords(words []cmdline.Word, values []string) []string {
	if len(words) != len(values) {
		return values
	}
	out := values[:0:0]
	for i, w := range words {
		if !w.Dynamic {
			out = append(out, values[i])
		}
	}
	return out
}

// isOptionWord reports an option written alone, whose value may be the
// next word (-l, --install, -Logfile); not an option with its value.
func isOptionWord(w string) bool {
	return len(w) > 1 && w[0] == '-' && w != "--" && !strings.ContainsAny(w, "=/ ")
}

// writeHints are what code that writes a file says: an open mode, a write
// call, PowerShell's Out-File, gdb's dump, Puppet's content.
var writeHints = []string{`"w"`, `'w'`, `"w+"`, `"a"`, `'a'`, "write", "out-file", "set-content",
	"add-content", "dump ", "save", "content", "fputs", "fprintf", "tofile", "print >", "puts >", "cp(",
	"copy", "move", "rename", "symlink", "link(", "append", "create"}

// writeHint reports code that looks like it writes a file.
func writeHint(w string) bool {
	l := strings.ToLower(w)
	for _, h := range writeHints {
		if strings.Contains(l, h) {
			return true
		}
	}
	return false
}

// optionPathValue is the value of an option word written with it: --opt=V,
// -o=V; and -xV for a short option glued to a path (-l/etc/x).
func optionPathValue(w string) (string, bool) {
	if len(w) < 3 || w[0] != '-' {
		return "", false
	}
	if _, v, ok := strings.Cut(w, "="); ok && (strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, "$")) {
		return v, true
	}
	if w[1] != '-' && isPathWord(w[2:]) {
		return w[2:], true // -l/etc/x, -l~/.bashrc, -l$HOME/.bashrc
	}
	return "", false
}

// editorAccountFile reports the account, sudo, cron and loader files that
// an editor opened on rewrites where nothing else would look: /etc/shadow,
// /etc/passwd, sudoers, cron tables, /etc/ld.so.preload. Editing them by
// hand (not with vipw, visudo or crontab -e) is how a one-line root account
// or a root cron job is added.
func editorAccountFile(p string) bool {
	c := homeForm(cleanPath(p))
	switch c {
	case "/etc/shadow", "/etc/gshadow", "/etc/passwd", "/etc/group", "/etc/sudoers", "/etc/crontab",
		"/etc/ld.so.preload", "/etc/master.passwd", "/private/etc/sudoers", "/etc/anacrontab":
		return true
	}
	for _, d := range []string{"/etc/sudoers.d/", "/etc/cron.d/", "/etc/cron.hourly/", "/etc/cron.daily/",
		"/etc/cron.weekly/", "/etc/cron.monthly/", "/var/spool/cron/"} {
		if strings.HasPrefix(c, d) {
			return true
		}
	}
	return false
}

// sedWrite finds the files a sed script writes: the w command and the w
// flag of s (s/a/b/w FILE), whose file name runs to the end of the line.
// Compiled on first use: most checks have no sed in them.
var sedWrite = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)(?:^|[/0-9$;{}!,])\s*[gpiImMe0-9]*[wW][ \t]*([/~][^\n]*)`)
})

func sedOutputs(args []string) []string {
	var scripts []string
	if e := optionValues(args, []string{"e", "expression"}, false); len(e) > 0 {
		scripts = e
	} else {
		for i := 0; i < len(args); i++ {
			a := args[i]
			if a == "-f" || a == "--file" || a == "-l" {
				i++
				continue
			}
			if !strings.HasPrefix(a, "-") || a == "-" {
				scripts = append(scripts, a)
				break
			}
		}
	}
	var out []string
	for _, s := range scripts {
		for _, m := range sedWrite().FindAllStringSubmatch(s, 8) {
			out = append(out, strings.TrimSpace(m[1]))
		}
	}
	return out
}

// tarTransformTarget is where a tar transform (--xform, --transform, -s for
// bsdtar) sends names when its replacement is an absolute path: with -P
// (absolute names kept) an archive member lands there.
func tarTransformTarget(expr string) string {
	if len(expr) < 4 || expr[0] != 's' {
		return ""
	}
	d := expr[1]
	parts := strings.Split(expr[2:], string(d))
	if len(parts) < 2 {
		return ""
	}
	if r := parts[1]; strings.HasPrefix(r, "/") || strings.HasPrefix(r, "~") {
		return path.Clean(r)
	}
	return ""
}

// secretReadOptions are, per program, the options whose file a program
// reads and shows even where the program's other words only test or use a
// secret (secretUsers): file -f and -m print the lines of the list or magic
// file they cannot parse, ssh -F and ssh-keyscan -f echo bad lines back,
// wc --files0-from names each line.
var secretReadOptions = map[string][]string{
	"file":        {"f", "files-from", "m", "magic-file"},
	"ssh":         {"F"},
	"ssh-keyscan": {"f"},
	"wc":          {"files0-from"},
	"du":          {"files0-from"},
	"sort":        {"files0-from"},
}

// gitShows are git's subcommands that print the content of the files they
// are given (git diff --no-index /dev/null /etc/shadow).
var gitShows = nameSet{names: []string{"diff", "show", "blame", "annotate", "grep", "log", "cat-file", "hash-object"}}

// fileListReaders read the names of the files they archive or copy from
// standard input (echo /etc/shadow | cpio -o).
var fileListReaders = nameSet{names: []string{"cpio", "afio", "pax"}}

// moreSecrets finds the secret files a command reads that secretFiles does
// not see word by word: inside a larger word (Include /etc/shadow,
// \input{/etc/shadow}, fopen("/etc/shadow")), in a command-line variable
// (LESSOPEN='cat /etc/shadow'), among a launcher's own options (ltrace -F
// /etc/shadow CMD), through the read options of programs that otherwise
// only use secrets (file -f, ssh -F, wc --files0-from), in the files of
// git diff, find -exec, docker cp, and in the names a file-list reader
// takes on standard input.
func moreSecrets(c *cmdline.Command, args []string, env *CommandEnv) []string {
	var out []string
	prog := programName(c.Name)
	user := (secretUsers.has(c.Name) || secretUsers.has(prog)) && !batchEditor(prog, args)
	quiet := persistQuiet.has(c.Name) || persistQuiet.has(prog)
	embedded := func(w string) {
		if isPathWord(w) || !strings.ContainsAny(w, " \t\n{}()\"',;<>") {
			return
		}
		for _, t := range pathTokens(w) {
			if secretPath(t) {
				out = append(out, t)
			}
		}
		for _, m := range makeFileReads().FindAllStringSubmatch(w, 8) {
			// make's $(file <NAME) reads NAME where make runs (cd /etc && make --eval=…)
			if s := relativeSecret(m[1], env.Cwd); s != "" {
				out = append(out, s)
			}
		}
	}
	if !user && !quiet {
		skip := secretAuthOptions[prog]
		for i := 0; i < len(args); i++ {
			if opt, _, eq := strings.Cut(args[i], "="); strings.HasPrefix(opt, "-") && containsStr(skip, opt) {
				if !eq {
					i++ // rsync -f '- .env': what it leaves out
				}
				continue
			}
			embedded(args[i])
		}
	}
	for _, a := range c.Assigns {
		if cmdline.CommandVar(a.Name) && !a.Value.Dynamic {
			continue // a command line a program runs: carried and judged as that command (ssh -i KEY)
		}
		if strings.ContainsAny(a.Value.Value, " \t") {
			embedded(a.Value.Value)
		}
	}
	for _, w := range c.Wrappers {
		if secretUsers.has(w.Name) || secretUsers.has(programName(w.Name)) {
			continue
		}
		for _, a := range w.Args {
			if s := secretIn(a); s != "" {
				out = append(out, s)
			} else if s := relativeSecret(a, env.Cwd); s != "" && secretPaths.has(homeForm(s)) {
				// ltrace -F shadow in /etc: a secret file's own name there,
				// not any word a file there might be named (env -u
				// SSH_AUTH_SOCK in ~/.ssh)
				out = append(out, s)
			}
		}
	}
	if from := containerCopySource(prog, env.Positional); from != "" && (sensitivePath(homeForm(cleanPath(from))) || secretDir(cleanPath(from)) || keyDirNames[path.Base(cleanPath(from))]) {
		out = append(out, from) // docker cp dev:/root/.ssh - | curl -T - URL: the container's keys
	}
	if len(c.Wrappers) > 0 && secretPath(c.Path) {
		// a launcher's option value taken for the command (ltrace -F /etc/shadow CMD)
		if w := c.Wrappers[len(c.Wrappers)-1]; !secretUsers.has(programName(w.Name)) {
			out = append(out, c.Path)
		}
	}
	if opts := secretReadOptions[prog]; len(opts) > 0 {
		for _, v := range optionValues(args, opts, false) {
			if secretPath(strings.TrimPrefix(v, "=")) {
				out = append(out, v)
			}
		}
	}
	pos := env.Positional
	if recursiveReaders.has(prog) && (prog == "rg" || prog == "ag" || hasFlag(args, []string{"r", "R", "recursive", "dereference-recursive"})) {
		for _, p := range pos {
			if readWhole(p) {
				out = append(out, p) // grep -r KEY ~/.aws, diff -r /tmp/empty ~/.ssh
			}
		}
	}
	if dirCopiers.has(prog) && (!copiers.has(prog) || hasFlag(args, []string{"r", "R", "a", "recursive", "archive"}) || prog == "rsync" || prog == "ditto" || prog == "rclone") {
		// tar cf - ~/.ssh, zip -r k.zip ~/.gnupg, cp -r ~/.aws /tmp/x: the
		// whole directory is read; a copier's destination is not
		srcs := pos
		if copiers.has(prog) && len(srcs) > 1 {
			srcs = srcs[:len(srcs)-1]
		}
		for _, p := range srcs {
			if readWhole(p) {
				out = append(out, p)
			}
		}
	}
	if prog == "hdiutil" {
		// hdiutil create -srcfolder DIR packs the directory into a disk image
		for _, p := range optionValues(args, []string{"srcfolder", "srcdir"}, false) {
			if readWhole(p) {
				out = append(out, p)
			}
		}
	}
	switch prog {
	case "git":
		for i, p := range pos {
			if gitShows.has(p) {
				for _, a := range args {
					if s := secretIn(a); s != "" {
						out = append(out, s)
					}
				}
				break
			}
			if i > 0 {
				break
			}
		}
	case "find":
		if i := execIndex(args); i >= 0 && i+1 < len(args) && !secretUsers.has(programName(args[i+1])) {
			for _, a := range args[:i] {
				if secretPath(a) {
					out = append(out, a)
				}
			}
		}
	case "docker", "podman", "nerdctl", "kubectl", "oc":
		if len(pos) > 2 && pos[0] == "cp" {
			for _, a := range pos[1 : len(pos)-1] {
				if secretPath(a) {
					out = append(out, a)
				}
			}
		}
	}
	if env.Stdin.Static && (fileListReaders.has(prog) || prog == "tar" && hasFilesFromStdin(args) || prog == "zip" && hasArg2(args, "-@")) {
		for _, t := range strings.Fields(env.Stdin.Text) {
			if secretPath(t) {
				out = append(out, t)
			} else if s := relativeSecret(t, env.Cwd); s != "" {
				out = append(out, s) // cd /etc && echo shadow | cpio -o
			}
		}
	}
	return out
}

// makeFileReads are make's $(file <NAME) functions, which read NAME.
var makeFileReads = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\$\(file\s*<\s*([^\s)]+)\)`)
})

// recursiveReaders print what they find in every file of a directory they
// are given with -r (rg and ag always).
var recursiveReaders = nameSet{names: []string{"grep", "egrep", "fgrep", "zgrep", "rgrep", "rg", "ag", "ack", "diff", "colordiff"}}

// dirCopiers read every file of a directory they archive or copy (cp, scp
// and rsync with -r or -a; ditto and rclone always).
var dirCopiers = nameSet{names: []string{"tar", "bsdtar", "zip", "7z", "7za", "7zz", "rar", "cpio", "cp", "scp", "rsync", "gcp", "ditto", "rclone"}}

// credentialDirs hold keys and credentials and little else: read whole,
// they are read secrets.
var credentialDirs = nameSet{names: []string{"~/.ssh", "~/.aws", "~/.gnupg", "~/.kube", "~/.docker", "~/.config/gcloud", "~/.config/gh",
	"~/.password-store", "~/.azure", "/etc/ssl/private", "/run/secrets", "/var/run/secrets"}}

// readWhole reports a directory of secrets read whole: one of
// credentialDirs, or a secret store (storeDirs: a keychain, a browser
// profile, a wallet).
func readWhole(p string) bool {
	c := homeForm(cleanPath(p))
	return credentialDirs.has(c) || storeDir(c)
}

// execIndex is the index of find's first -exec, -execdir, -ok or -okdir.
func execIndex(args []string) int {
	for i, a := range args {
		switch a {
		case "-exec", "-execdir", "-ok", "-okdir":
			return i
		}
	}
	return -1
}

func hasFilesFromStdin(args []string) bool {
	for i, a := range args {
		if (a == "-T" || a == "--files-from") && i+1 < len(args) && args[i+1] == "-" || a == "--files-from=-" || a == "-T-" {
			return true
		}
	}
	return false
}

func hasArg2(args []string, v string) bool {
	for _, a := range args {
		if a == v {
			return true
		}
	}
	return false
}

// fileWriters put their arguments or a heredoc into the file their output
// is redirected to (echo CODE > f.go; printf …; cat > f <<EOF).
var fileWriters = nameSet{names: []string{"echo", "printf", "cat"}}

// plainReaders show or handle a file without interpreting its content: a
// file written earlier on the line that names /etc/shadow is only text to
// them. Interpreters, compilers and servers are not among them.
var plainReaders = nameSet{names: []string{"cat", "tac", "less", "more", "head", "tail", "grep", "egrep", "fgrep", "rg", "wc", "ls",
	"stat", "file", "cp", "mv", "rm", "chmod", "chown", "diff", "cmp", "sort", "uniq", "cut", "md5sum",
	"sha256sum", "sha1sum", "strings", "xxd", "od", "hexdump", "base64", "nl", "bat", "batcat", "tee", "touch",
	"echo", "printf", "git", "tar", "zip", "gzip", "scp", "rsync", "vim", "vi", "nano", "emacs", "code"}}

// writtenEarlier is the text that commands before c on the same line put
// into the files names names (by name as written): an echo of code into a
// file that c then compiles or runs, a configuration written by a heredoc
// that c loads. Only those files' text is gathered: a line of thousands of
// commands would otherwise gather every file's for each of them.
func writtenEarlier(line *cmdline.Line, c *cmdline.Command, names []string) map[string]string {
	if line == nil || len(line.Commands) < 2 || len(names) == 0 {
		return nil
	}
	var out map[string]string
	for _, d := range line.Commands {
		if d == c {
			break
		}
		if !fileWriters.has(d.Name) {
			continue
		}
		var files []string
		for _, r := range d.Redirects {
			if (r.Op == ">" || r.Op == ">>" || r.Op == ">|") && !r.Target.Dynamic && (r.Fd == "" || r.Fd == "1") && slices.Contains(names, r.Target.Value) {
				files = append(files, r.Target.Value)
			}
		}
		if len(files) == 0 {
			continue
		}
		var text strings.Builder
		for _, r := range d.Redirects {
			if r.Op == "<<" || r.Op == "<<-" || r.Op == "<<<" {
				text.WriteString(r.Target.Value)
				text.WriteByte('\n')
			}
		}
		for _, a := range d.Args {
			text.WriteString(a.Value)
			text.WriteByte(' ')
		}
		if out == nil {
			out = map[string]string{}
		}
		for _, f := range files {
			out[f] += text.String()
		}
	}
	return out
}

// fromEarlierFiles is the secret and persistence paths named in files that
// commands before c on the line wrote and c then reads as code or
// configuration (go run f.go, latexmk f.tex, nginx -c f).
func fromEarlierFiles(line *cmdline.Line, c *cmdline.Command, args []string, gs guards) (secrets, writes []string) {
	if plainReaders.has(c.Name) || plainReaders.has(programName(c.Name)) {
		return nil, nil
	}
	files := writtenEarlier(line, c, args)
	if len(files) == 0 {
		return nil, nil
	}
	for _, a := range args {
		text, ok := files[a]
		if !ok {
			continue
		}
		for _, t := range pathTokens(text) {
			switch {
			case secretPath(t):
				secrets = append(secrets, t)
			case persistPathIn(t, gs) || accountFiles.has(cleanPath(t)) && writeHint(text):
				writes = append(writes, t)
			}
		}
	}
	return secrets, writes
}

// containerCopySource is the path inside a container or pod that docker,
// podman or nerdctl cp CTR:PATH DEST, or kubectl and oc cp POD:PATH DEST,
// copies out, or "".
func containerCopySource(prog string, pos []string) string {
	switch prog {
	case "docker", "podman", "nerdctl", "kubectl", "oc":
	default:
		return ""
	}
	if len(pos) != 3 || pos[0] != "cp" {
		return ""
	}
	_, from, ok := strings.Cut(pos[1], ":")
	if !ok || !strings.HasPrefix(from, "/") && !strings.HasPrefix(from, "~") {
		return ""
	}
	return from
}

// keyDirNames are the names of directories that hold keys and credentials
// whole, wherever the home (a container's /home/u/.ssh).
var keyDirNames = map[string]bool{".ssh": true, ".aws": true, ".gnupg": true, ".kube": true, ".docker": true}

// globNamesFile reports whether the glob c (a cleaned path, its home
// spelled ~) may expand to file: as many components, each matched as the
// shell's pathname expansion matches it, a leading dot only by a dot
// (~/.ba?hrc names ~/.bashrc, ~/* does not).
func globNamesFile(c, file string) bool {
	cs, fs := strings.Split(c, "/"), strings.Split(file, "/")
	if len(cs) != len(fs) {
		return false
	}
	for i, seg := range cs {
		if strings.HasPrefix(fs[i], ".") && !strings.HasPrefix(seg, ".") {
			return false
		}
		ok, err := path.Match(goGlob(seg), fs[i])
		if err != nil {
			ok = seg == fs[i] // the shell takes a malformed pattern as written
		}
		if !ok {
			return false
		}
	}
	return true
}
