package dsl

import (
	"slices"
	"testing"
)

func TestSecretPath(t *testing.T) {
	for _, tc := range []struct {
		p    string
		want bool
	}{
		{"/etc/shadow", true}, {"/etc//gshadow", true}, {"~/.ssh/id_rsa", true}, {"$HOME/.ssh/id_ed25519", true},
		{"/home/alice/.aws/credentials", true}, {"/root/.kube/config", true}, {"/Users/me/.docker/config.json", true},
		{".env", true}, {"app/.env.local", true}, {"/proc/123/mem", true}, {"/proc/$(pgrep x)/environ", true},
		{"~/.config/google-chrome/Default/Login Data", true}, {"~/.gnupg/private-keys-v1.d/x.key", true},
		{"~/.ssh/id_rsa.pub", false}, {".env.example", false}, {".env.sample", false}, {"/etc/passwd", false},
		{"~/.ssh/config", false}, {"~/.ssh/known_hosts", false}, {"/proc/123/status", false}, {"README.md", false},
		{"", false}, {"-", false}, {"environment.txt", false},
	} {
		if got := secretPath(tc.p); got != tc.want {
			t.Errorf("secretPath(%q) = %v, want %v", tc.p, got, tc.want)
		}
	}
}

func TestSecretIn(t *testing.T) {
	for _, tc := range []struct{ arg, want string }{
		{"/etc/shadow", "/etc/shadow"}, {"if=/etc/shadow", "/etc/shadow"}, {"--file=~/.netrc", "~/.netrc"},
		{"-f/etc/shadow", "/etc/shadow"}, {"@/etc/shadow", "/etc/shadow"}, {"k@/etc/shadow", "/etc/shadow"},
		{"f=@.env;type=text/plain", ".env"}, {"FILE:/etc/shadow", "/etc/shadow"}, {"OPEN:/etc/shadow,rdonly", "/etc/shadow"},
		{"file:///etc/shadow", "///etc/shadow"}, {"~/.ssh/id_*", "~/.ssh/id_*"},
		{"user@example.com", ""}, {"--verbose", ""}, {"notes.txt", ""}, {"~/.ssh/id_rsa.pub", ""},
	} {
		if got := secretIn(tc.arg); got != tc.want {
			t.Errorf("secretIn(%q) = %q, want %q", tc.arg, got, tc.want)
		}
	}
}

func TestGenericOutputs(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"strace", []string{"-o", "/etc/cron.d/x", "true"}, []string{"/etc/cron.d/x"}},
		{"nmap", []string{"-oG=/etc/cron.d/x", "localhost"}, []string{"/etc/cron.d/x"}},
		{"nmap", []string{"-oN", "/etc/x", "h"}, []string{"/etc/x"}},
		{"gcc", []string{"-o/usr/local/bin/x", "a.c"}, []string{"/usr/local/bin/x"}},
		{"foo", []string{"--log-file=~/.bashrc"}, []string{"~/.bashrc"}},
		{"foo", []string{"-o", "out.txt"}, nil},
		{"ssh", []string{"-oIdentityFile=/etc/x", "h"}, nil},
		{"sort", []string{"-o", "/etc/passwd", "x"}, []string{"/etc/passwd"}},
		{"sponge", []string{"/etc/passwd"}, []string{"/etc/passwd"}},
		{"patch", []string{"/etc/passwd"}, []string{"/etc/passwd"}},
		{"unzip", []string{"-d", "~/.ssh", "k.zip"}, []string{"~/.ssh"}},
		{"tar", []string{"-xf", "k.tar", "-C", "~/.ssh"}, []string{"~/.ssh"}},
		{"tar", []string{"-P", "-xf", "k.tar"}, []string{"/"}},
		{"tar", []string{"-cf", "k.tar", "-C", "/etc", "."}, nil},
		{"wget", []string{"-P", "~/.ssh", "https://x"}, []string{"~/.ssh"}},
		{"crontab", []string{"-"}, []string{"/var/spool/cron/crontabs/-"}},
		{"crontab", []string{"-l"}, nil},
	} {
		pos, _ := splitArgs(tc.args, valueOptions[tc.name])
		if got := genericOutputs(tc.name, tc.args, pos); !slices.Equal(got, tc.want) {
			t.Errorf("genericOutputs(%s %q) = %q, want %q", tc.name, tc.args, got, tc.want)
		}
	}
}
