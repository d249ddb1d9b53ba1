package cmdline

import (
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
			if shells[program(c.Name)] && (len(c.Via) > 0 || len(c.Wrappers) > 0) {
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
