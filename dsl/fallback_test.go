package dsl

import "testing"

func TestGlobNamesFile(t *testing.T) {
	tests := []struct {
		glob, file string
		want       bool
	}{
		{"~/.ba?hrc", "~/.bashrc", true},
		{"~/.bashr[c]", "~/.bashrc", true},
		{"/etc/cron.[d]/job", "/etc/cron.d/job", true},
		{"/etc/cron.d/*", "/etc/cron.d/x", true},
		{"~/.*", "~/.profile", true},
		{"~/*", "~/.profile", false},       // * matches no leading dot
		{"/etc/*", "/etc/cron.d/x", false}, // a directory above is no write of the file
		{"~/logs/*.log", "~/.bashrc", false},
	}
	for _, tt := range tests {
		if got := globNamesFile(tt.glob, tt.file); got != tt.want {
			t.Errorf("globNamesFile(%q, %q) = %v, want %v", tt.glob, tt.file, got, tt.want)
		}
	}
}

func TestOptionPathValue(t *testing.T) {
	tests := []struct {
		word, want string
		ok         bool
	}{
		{"-l/etc/x", "/etc/x", true},
		{"-l~/.bashrc", "~/.bashrc", true},
		{"-l$HOME/.bashrc", "$HOME/.bashrc", true},
		{"-l${HOME}/.bashrc", "${HOME}/.bashrc", true},
		{"--logfile=/etc/x", "/etc/x", true},
		{"-lfoo", "", false},
		{"--logfile/etc/x", "", false},
	}
	for _, tt := range tests {
		if got, ok := optionPathValue(tt.word); got != tt.want || ok != tt.ok {
			t.Errorf("optionPathValue(%q) = %q, %v, want %q, %v", tt.word, got, ok, tt.want, tt.ok)
		}
	}
}
