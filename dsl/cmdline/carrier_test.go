package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// TestShellArgs: the generic fallback finds a shell a program without a
// catalogue entry is given to run, as an argument, an option's value or
// the command of a command line held in one, and leaves alone programs
// that take a shell's path as data and options that name the shell to use.
func TestShellArgs(t *testing.T) {
	tests := []struct {
		cmd  string
		want string // the shell reached through the program, as "name args…", or "" for none
	}{
		{"aa-exec -p unconfined /bin/sh", "sh"},
		{"logsave /dev/null /bin/sh -i", "sh -i"},
		{"pidstat -e /bin/sh -p", "sh -p"},
		{"service ../../bin/sh", "sh"},
		{"certbot renew --pre-hook '/bin/sh 1>&0 2>&0'", "sh"},
		{"plymouth ask-for-password --command=/bin/sh", "sh"},
		{"gcc -wrapper /bin/sh,-s x.c", "sh -s"},
		{"busctl --address=unixexec:path=/bin/sh,argv1=-c,argv2=x", "sh"},
		{"csvtool call '/bin/sh;false' /etc/hosts", "sh"},
		{"xdg-user-dir '}; /bin/sh #'", "sh"},
		{"fzf --bind 'enter:execute(/bin/bash)'", "bash"},
		{"foo --hook '/bin/sh -c \"rm -rf ~\"'", "sh -c rm -rf ~"},
		{"chsh -s /bin/zsh", ""},
		{"file /bin/sh", ""},
		{"ls -l /bin/sh", ""},
		{"which bash", ""},
		{"apt install zsh", ""},
		{"./configure CONFIG_SHELL=/bin/bash", ""},
		{"./configure --with-shell /bin/bash", ""},
		{"tool --shell=/bin/zsh", ""},
		{"gh pr create --body 'use /bin/bash here'", ""},
		{"mytool --message 'run /bin/sh later'", ""},
		{"npm run x --script-shell /bin/bash", ""},
		{"tool /bin/shred", ""},
		{"tool /etc/bash.bashrc", ""},
	}
	for _, tt := range tests {
		l := Parse(tt.cmd)
		got := ""
		for _, c := range l.Commands {
			if shells.has(program(c.Name)) && (len(c.Via) > 0 || len(c.Wrappers) > 0) {
				got = c.Name
				for _, a := range c.Args {
					got += " " + a.Value
				}
				break
			}
		}
		if got != tt.want {
			var names []string
			for _, c := range l.Commands {
				names = append(names, c.Name)
			}
			t.Errorf("%q: shell %q, want %q (commands %s)", tt.cmd, got, tt.want, strings.Join(names, ", "))
		}
	}
}

// TestWrittenFiles: a configuration written on the line that makes the
// program it is handed to start a shell is followed, as a file given to it,
// inside a directory given to it or named in another written file, and the
// shell is carried as an escape ("NAME @FILE"); programs that only handle
// the files, and manifests that run elsewhere, are left alone.
func TestWrittenFiles(t *testing.T) {
	tests := []struct {
		cmd  string
		want string // the via of the shell reached, or "" for none
	}{
		{"echo '{\"text\": \"exec /bin/sh -c id\"}' > /tmp/c.jsonc; fastfetch -c /tmp/c.jsonc", "fastfetch @/tmp/c.jsonc"},
		{"printf ':msg, contains, \"x\" ^/bin/sh -c id\\n' > /tmp/r.conf; rsyslogd -f /tmp/r.conf", "rsyslogd @/tmp/r.conf"},
		{"printf '<script path=\"/bin/sh -c id\"/>\\n' > /tmp/v.xml; virsh create /tmp/v.xml", "virsh @/tmp/v.xml"},
		{"printf '<exec>/bin/sh</exec>\\n' > /tmp/v.xml; tool --conf /tmp/v.xml", "tool @/tmp/v.xml"},
		{"mkdir -p /tmp/f/action.d; printf 'actionstart = /bin/sh -c id\\n' > /tmp/f/action.d/a.conf; fail2ban-client -c /tmp/f/ start", "fail2ban-client @/tmp/f/action.d/a.conf"},
		{"echo '/bin/sh -c id' > /tmp/t/bin/rustc; rustup toolchain link x /tmp/t/", "rustup @/tmp/t/bin/rustc"},
		{"printf 'pluginpath=/tmp/p/\\n' > /tmp/p/main.conf; printf 'import os; os.system(\"/bin/sh\")\\n' > /tmp/p/y.py; yum -c /tmp/p/main.conf", "yum @/tmp/p/y.py"},
		{"printf 'users:\\n- user:\\n    exec:\\n      command: /bin/sh\\n' > /tmp/k; kubectl get pods --kubeconfig=/tmp/k", "kubectl @/tmp/k"},
		{"printf 'command: [\"/bin/sh\", \"-c\", \"sleep 9\"]\\n' > /tmp/p.yaml; kubectl apply -f /tmp/p.yaml", ""},
		{"printf 'RUN /bin/sh -c make\\n' > /tmp/b/Dockerfile; docker build /tmp/b/", ""},
		{"echo '/bin/sh -c make' > /tmp/b/run; tar czf b.tgz /tmp/b/", ""},
		{"echo '/bin/sh -c make' > /tmp/run; tool /tmp", ""},
		{"echo '/bin/sh -c make' > run; tool .", ""},
		{"printf 'log=/tmp/px\\n' > /tmp/c.conf; echo '/bin/sh' > /tmp/pxy; tool -c /tmp/c.conf", ""},
		{"echo 'make test' > /tmp/c.conf; tool -c /tmp/c.conf", ""},
		{"printf 'steps:\\n  - run: make\\n    shell: /bin/bash\\n' > ci.yml; git add ci.yml", ""},
		{"printf '[core]\\npager = /bin/sh\\n' > /tmp/g; GIT_CONFIG_GLOBAL=/tmp/g git log", "git @/tmp/g"},
	}
	for _, tt := range tests {
		l := Parse(tt.cmd)
		got := ""
		for _, c := range l.Commands {
			if shells.has(program(c.Name)) && len(c.Via) > 0 {
				got = c.Via[len(c.Via)-1]
				break
			}
		}
		if got != tt.want {
			t.Errorf("%q: shell via %q, want %q", tt.cmd, got, tt.want)
		}
		if got != "" && !IsEscape(got) {
			t.Errorf("%q: %q is not an escape", tt.cmd, got)
		}
	}
}

// TestSettingCommands: the command lines a configuration holds for the
// program that reads it, by the setting's key, an exec value or rsyslog's
// program action; other settings and computed values are not commands.
func TestSettingCommands(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"[Definition]\nactionstart = rm -rf ~\n", []string{"rm -rf ~"}},
		{`{"modules":[{"type":"command","text":"exec rm -rf ~"}]}`, []string{"rm -rf ~"}},
		{":msg, contains, \"x\" ^rm -rf ~\n", []string{"rm -rf ~"}},
		{"<interface>\n<script path='rm -rf ~'/>\n</interface>", []string{"rm -rf ~"}},
		{"[Service]\nExecStart=/usr/bin/app --serve\n", []string{"/usr/bin/app --serve"}},
		{`{"command": "make all", "name": "x"}`, []string{"make all"}},
		{"name = web\nport = 8080\n", nil},
		{"command = $HOME/bin/run\n", nil},
		{"# command = rm -rf ~\n", nil},
		{`command: ["/usr/bin/app", "-v"]`, nil},
	}
	for _, tt := range tests {
		if got := settingCommands(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("settingCommands(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestSettingHooks: a setting whose key is one of the reading program's
// hooks (the catalogue's settings) is marked, whatever its key is called
// and even when its value is computed at run time; the others are not.
func TestSettingHooks(t *testing.T) {
	tests := []struct {
		text  string
		hooks []string
		want  []settingCmd
	}{
		{"[Definition]\nactionstart = iptables -N f2b\naction = x\n", []string{"actionstart"}, []settingCmd{{"iptables -N f2b", true}, {"x", false}}},
		{`{"modules":[{"type":"command","text":"uname -r"}]}`, []string{"text"}, []settingCmd{{"uname -r", true}}},
		{`{"modules":[{"type":"command","text":"uname -r"}]}`, nil, nil},
		{":msg, contains, \"x\" ^logger hi\n", []string{"^"}, []settingCmd{{"logger hi", true}}},
		{"<interface type='ethernet'><script path='ifup'/></interface>", []string{"script"}, []settingCmd{{"ifup", true}}},
		{"ACTIONBAN = echo $IP\n", []string{"actionban"}, []settingCmd{{"echo $IP", true}}},
		{"[web]\ncommand=python app.py\n", []string{"actionban"}, []settingCmd{{"python app.py", false}}},
	}
	for _, tt := range tests {
		if got := settingCmds(tt.text, tt.hooks); !slices.Equal(got, tt.want) {
			t.Errorf("settingCmds(%q, %q) = %v, want %v", tt.text, tt.hooks, got, tt.want)
		}
	}
}

// TestWrittenSettings: a command a configuration written on the line holds
// is judged by what it runs, through the program given the file, and a
// program that only handles files (git, package managers) is not running it.
func TestWrittenSettings(t *testing.T) {
	tests := []struct {
		cmd  string
		want string // the command reached through the file, as "name via", or ""
	}{
		{"printf 'actionstart = rm -rf ~\\n' > /tmp/f/action.d/a.conf; fail2ban-client -c /tmp/f/ start", "rm fail2ban-client @/tmp/f/action.d/a.conf"},
		{"printf '[Definition]\\nactionban = iptables -I f2b -j DROP\\n' > /tmp/f/action.d/a.conf; fail2ban-client -c /tmp/f/ start", "iptables fail2ban-client @/tmp/f/action.d/a.conf"},
		{"echo '{\"modules\":[{\"type\":\"command\",\"text\":\"uname -r\"}]}' > /tmp/f.jsonc; fastfetch -c /tmp/f.jsonc", "uname fastfetch @/tmp/f.jsonc"},
		{"printf ':msg, contains, \"x\" ^logger hi\\n' > /tmp/r.conf; rsyslogd -f /tmp/r.conf", "logger rsyslogd @/tmp/r.conf"},
		{"printf \"<interface type='ethernet'><script path='ifup'/></interface>\" > /tmp/v.xml; virsh create /tmp/v.xml", "ifup virsh @/tmp/v.xml"},
		{"printf '[program:web]\\ncommand=python app.py\\n' > /tmp/sv.conf; supervisord -c /tmp/sv.conf", "python supervisord /tmp/sv.conf"},
		{"echo 'rm -rf ~' > /tmp/t/bin/rustc; rustup toolchain link x /tmp/t/", "rm rustup @/tmp/t/bin/rustc"},
		{"printf '#!/bin/sh\\nrm -rf ~\\n' > /tmp/h; tool --hook-file /tmp/h", "rm tool /tmp/h"},
		{"printf 'command: rm -rf ~\\n' > notes.md; git add notes.md", ""},
		{"printf 'all:\\n\\t@rm -rf ~\\n' > Makefile; make", "rm make Makefile"},
		{"printf 'build:\\n    @rm -rf ~\\n' > justfile; just build", "rm just justfile"},
		{"printf 'web: rm -rf ~\\n' > Procfile; foreman start", "rm foreman Procfile"},
		{"printf 'x:\\n\\trm -rf ~\\n' > /tmp/mk; make -f /tmp/mk x", "rm make /tmp/mk"},
		{"echo '{\"scripts\": {\"postinstall\": \"rm -rf ~\"}}' > package.json; npm ci", "rm npm package.json"},
		{"echo '{\"scripts\": {\"postinstall\": \"rm -rf ~\"}}' > package.json; git add package.json", ""},
		{"printf 'command = rm -rf ~\\n' > /tmp/c.py; tool -c /tmp/c.py", ""},
	}
	for _, tt := range tests {
		got, name := "", "rm"
		if n, _, ok := strings.Cut(tt.want, " "); ok {
			name = n
		}
		for _, c := range Parse(tt.cmd).Commands {
			if c.Name == name && len(c.Via) > 0 {
				got = c.Name + " " + c.Via[len(c.Via)-1]
			}
		}
		if got != tt.want {
			t.Errorf("%q: %q, want %q", tt.cmd, got, tt.want)
		}
	}
}

// TestTypedBangShell: a line "! SHELL" after a program's line is its "!"
// escape typed into it with a space (tdbtool, cpan, opencode), not a
// script negating an interactive shell; "! CMD" with a command, a shell
// given a script, and the first line stay what the shell reads.
func TestTypedBangShell(t *testing.T) {
	tests := []struct {
		cmd  string
		want bool // a shell reached through "!"
	}{
		{"tdbtool\n! /bin/sh", true},
		{"cpan\n! exec /bin/sh", true},
		{"psftp\n  ! bash -i", true},
		{"tdbtool\n!/bin/sh", true},
		{"make\n! grep -q x f", false},
		{"make\n! sh -c 'test -f x'", false},
		{"make\n! sh build.sh", false},
		{"! /bin/sh", false},
		{"make\ntrue; ! sh", false},
	}
	for _, tt := range tests {
		got := false
		for _, c := range Parse(tt.cmd).Commands {
			if shells.has(program(c.Name)) && slices.Contains(c.Via, "!") {
				got = true
			}
		}
		if got != tt.want {
			t.Errorf("%q: a shell through \"!\" = %v, want %v", tt.cmd, got, tt.want)
		}
	}
}

// TestTypedKeys: the keys that run a command or a shell in an interactive
// program, typed on the lines after its own in the same text, are its
// escape as a "!CMD" line is: joe's ^K!CMD, nano's execute keys (^R^X,
// ^T) and the line after them, ncdu's b and ranger's S, a line typed into
// hping3's or irb's prompt, started directly or through sudo. The same
// words after other programs, or after a program given a script, are what
// the shell reads.
func TestTypedKeys(t *testing.T) {
	tests := []struct {
		cmd  string
		want string // the command reached through a typed escape, or ""
	}{
		{"joe\n^K!/bin/sh", "sh"},
		{"joe x.txt\n^K!id", "id"},
		{"nano\n^R^X\nreset; sh 1>&0 2>&0", "sh"},
		{"nano x\n^T\nid", "id"},
		{"ncdu\nb", "sh"},
		{"ncdu /var\nb", "sh"},
		{"ranger\nS", "sh"},
		{"hping3\n/bin/sh", "sh"},
		{"msfconsole\n/bin/sh", "sh"},
		{"irb\nexec \"/bin/sh\"", "sh"},
		{"bundle console\nexec \"/bin/sh\"", "sh"},
		{"rails c\nexec \"/bin/sh\"", "sh"},
		{"bundle install\nexec \"/bin/sh\"", ""},
		{"rails console -e production\nexec \"/bin/sh\"", "sh"},
		{"make\nb", ""},
		{"ncdu\nls", ""},
		{"b", ""},
		{"vi x\niDATA\n^[\nw", ""},
		{"hping3 -S example.com -c 1\n/bin/sh", ""},
		{"irb script.rb\nexec \"/bin/sh\"", ""},
		{"make\n^T\nid", ""},
		// through the program's wrappers
		{"sudo nano\n^R^X\nreset; sh 1>&0 2>&0", "sh"},
		{"sudo -u root ncdu\nb", "sh"},
		{"sudo hping3\n/bin/sh", "sh"},
		{"sudo irb\nexec \"/bin/sh\"", "sh"},
		{"sudo bundle console\nexec \"/bin/sh\"", "sh"},
		{"sudo hping3 -c 1 example.com\n/bin/sh", ""},
		{"sudo make\nb", ""},
		{"tclsh\nexec /bin/sh <@stdin >@stdout 2>@stderr", "sh"},
		{"sudo wish\nexec /bin/sh", "sh"},
		{"tclsh x.tcl\nexec /bin/sh", ""},
		{"less /etc/profile\nv:shell", "sh"},
		{"less /etc/sudoers\nv", "vi"},
		{"git log | less\nv", ""},
	}
	for _, tt := range tests {
		got := ""
		for _, c := range Parse(tt.cmd).Commands {
			if slices.Contains(c.Via, "!") {
				got = program(c.Name) // the last: irb's line is ruby's code, which starts sh
			}
		}
		if got != tt.want {
			t.Errorf("%q: %q reached through a typed escape, want %q", tt.cmd, got, tt.want)
		}
	}
}

// TestTypedExCommands: no program is named ":!CMD" or ":shell": a line
// starting with ":" and a word is an ex command typed into a vi-like
// program (vim, less's :e, zathura), read in the catalogue's vim language
// and carried by "!" like a "!CMD" line; a "\! CMD" line (mysql's, psql's
// shell escape) names no program "!" either. The no-op builtin ":" stays
// what it is.
func TestTypedExCommands(t *testing.T) {
	tests := []struct {
		cmd  string
		want string // the command reached through "!", or ""
	}{
		{"vim x\n:!/bin/sh", "sh"},
		{"vim\n:shell", "sh"},
		{"vi\n:set shell=/bin/sh\n:sh", "sh"},
		{"nvim\n:terminal", "sh"},
		{"vim x\n:!id", "id"},
		{"vim x\n:w /etc/sudoers", "tee"},
		{"mysql\n\\! sh", "sh"},
		{"mysql\n\\! id", "id"},
		{": ${X:=1}", ""},
		{"make\n:", ""},
		{"vim x\n: !id", ""},
	}
	for _, tt := range tests {
		got := ""
		for _, c := range Parse(tt.cmd).Commands {
			if slices.ContainsFunc(c.Via, func(v string) bool { return v == "!" || v == "! file" }) {
				got = program(c.Name)
			}
		}
		if got != tt.want {
			t.Errorf("%q: %q reached through \"!\", want %q", tt.cmd, got, tt.want)
		}
	}
}
