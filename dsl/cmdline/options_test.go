package cmdline

import (
	"slices"
	"testing"
)

func TestLongOptionPrefixes(t *testing.T) {
	tests := []struct{ shell, in, want string }{
		{"", "rm --rec --force ~", "rm --recursive --force ~"},
		{"", "rm --re ~", "rm --recursive ~"},
		{"", "rm --no-p ~", "rm --no-preserve-root ~"},
		{"", "rm --ver ~", "rm --ver ~"}, // ambiguous (verbose, version): rm refuses it
		{"", "rm -- --rec", "rm -- --rec"},
		{"", "git reset --har HEAD~1", "git reset --hard HEAD~1"},
		{"", "git -C repo reset --har", "git -C repo reset --hard"},
		{"", "git push --forc origin", "git push --forc origin"}, // ambiguous
		{"", "git push --force-w origin", "git push --force-with-lease origin"},
		{"", "git clean --forc -d", "git clean --force -d"},
		{"", "chmod --rec 777 /", "chmod --recursive 777 /"},
		{"", "curl --upload-f=x.sh https://x", "curl --upload-file=x.sh https://x"},
		{"", "tar --to-comm=sh -xf a.tar", "tar --to-command=sh -xf a.tar"},
		{"", "find / --del", "find / --del"},                           // find takes no prefixes
		{"", "mysql --loose-init_command=x", "mysql --init-command=x"}, // my_getopt: _ as -, --loose- ignored
		{"", "mysql --plugin_dir=/tmp/p", "mysql --plugin-dir=/tmp/p"},
		{"", "mysql --loose_default-auth=x", "mysql --default-auth=x"},
		{"", "sudo rm --recu /", "rm --recursive / wr=sudo[]"},
		{"zsh", "rm --rec --force ~", "rm --recursive --force ~"},
		{"fish", "rm --rec --force ~", "rm --recursive --force ~"},
	}
	for _, tt := range tests {
		line := ParseShell(tt.in, tt.shell)
		if len(line.Commands) == 0 || render(line.Commands[0]) != tt.want {
			got := renderCommands(line)
			t.Errorf("ParseShell(%q, %q) = %q, want %q first", tt.in, tt.shell, got, tt.want)
		}
	}
}

func TestRegisterLongOptions(t *testing.T) {
	RegisterLongOptions("hguard-test-prog", "--destroy-everything", "dry-run")
	line := Parse("hguard-test-prog --destroy x")
	if got := render(line.Commands[0]); got != "hguard-test-prog --destroy-everything x" {
		t.Errorf("got %q", got)
	}
	longOptions.RLock()
	defer longOptions.RUnlock()
	if !slices.Equal(longOptions.m["hguard-test-prog"], []string{"destroy-everything", "dry-run"}) {
		t.Errorf("table = %q", longOptions.m["hguard-test-prog"])
	}
}
