package cmdline

import "testing"

func TestOpenedPath(t *testing.T) {
	for _, tc := range []struct{ p, dir, want string }{
		{"/tmp//C", "", "/tmp/C"},
		{"//tmp/C", "", "/tmp/C"},
		{"/tmp/./n.conf", "", "/tmp/n.conf"},
		{"/tmp/../tmp/p.rc", "", "/tmp/p.rc"},
		{"/proc/self/root/tmp/t", "", "/tmp/t"},
		{"/proc/thread-self/root/proc/self/root/etc/x", "", "/etc/x"},
		{"/proc/self/cwd/../../../tmp/t", "/home/u/proj", "/tmp/t"},
		{"/proc/self/cwd/x.sh", "", "x.sh"},
		{"../../../tmp/C", "/home/u/proj", "/tmp/C"},
		{"./x.sh", "/home/u/proj", "/home/u/proj/x.sh"},
		{"$PWD/x.sh", "/home/u/proj", "/home/u/proj/x.sh"},
		{"$HOME/a.sh", "/home/u/proj", "~/a.sh"},
		{"~/a.sh", "/home/u/proj", "~/a.sh"},
		{"/proc/1/root/etc/x", "", "/proc/1/root/etc/x"}, // another process's root is not known
		{"$X/a.sh", "/home/u/proj", ""},
		{"/tmp/*.sh", "", ""},
	} {
		if got := openedPath(tc.p, tc.dir); got != tc.want {
			t.Errorf("openedPath(%q, %q) = %q, want %q", tc.p, tc.dir, got, tc.want)
		}
	}
}

func TestSelfProc(t *testing.T) {
	for _, tc := range []struct{ p, want string }{
		{"/proc/self/root", "/"},
		{"/proc/self/root/etc/passwd", "/etc/passwd"},
		{"/proc/self/cwd", "."},
		{"/proc/self/cwd/a/b", "a/b"},
		{"/proc/self/fd/3", "/proc/self/fd/3"},
		{"/proc/self/environ", "/proc/self/environ"},
		{"/proc/42/root/etc/x", "/proc/42/root/etc/x"},
	} {
		if got := selfProc(tc.p); got != tc.want {
			t.Errorf("selfProc(%q) = %q, want %q", tc.p, got, tc.want)
		}
	}
}
