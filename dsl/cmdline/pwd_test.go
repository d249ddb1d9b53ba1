package cmdline

import "testing"

// The values were checked in bash 5.2 and zsh 5.9 with PWD=/home/u/proj.
func TestExpandPWD(t *testing.T) {
	const dir = "/home/u/proj"
	for _, tc := range []struct {
		word, want string
		ok         bool
	}{
		{"${PWD%/*}", "/home/u", true},
		{"${PWD%/proj}", "/home/u", true},
		{"${PWD%%/p*}", "/home/u", true},
		{"${PWD%%/*}", "", true},
		{"${PWD%/*}/.ssh", "/home/u/.ssh", true},
		{"${PWD#/home}", "/u/proj", true},
		{"${PWD##*/}", "proj", true},
		{"${PWD#*/}", "home/u/proj", true},
		{"${PWD/proj/}", "/home/u/", true},
		{"${PWD//proj/}", "/home/u/", true},
		{"${PWD//o/0}", "/h0me/u/pr0j", true},
		{"${PWD/o/0}", "/h0me/u/proj", true},
		{"${PWD/\\/proj}", "", false},
		{"${PWD:0:-5}", "/home/u", true},
		{"${PWD:0:7}", "/home/u", true},
		{"${PWD: -4}", "proj", true},
		{"${PWD:1}", "home/u/proj", true},
		{"${PWD:-/x}", "", false},
		{"${PWD:=/x}", "", false},
		{"${PWD%\"/proj\"}", "", false},
		{"${PWD%$x}", "", false},
		{"${PWD}", "", false},
		{"$PWD", "", false},
		{"${PWDX%/*}", "", false},
	} {
		got, ok := ExpandPWD(tc.word, dir)
		if ok != tc.ok || got != tc.want {
			t.Errorf("ExpandPWD(%q) = %q, %v; want %q, %v", tc.word, got, ok, tc.want, tc.ok)
		}
	}
}
