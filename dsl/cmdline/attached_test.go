package cmdline

import (
	"slices"
	"testing"
)

func TestSplitAttached(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string // the first command's words after its name
	}{
		{"start-stop-daemon -S -x/bin/rm -- -rf /", []string{"-S", "-x", "/bin/rm", "--", "-rf", "/"}},
		{"start-stop-daemon -n x -S -x/bin/sh", []string{"-n", "x", "-S", "-x", "/bin/sh"}},
		{"tcpdump -ieth0 -w x.pcap", []string{"-i", "eth0", "-w", "x.pcap"}},
		{"tcpdump -ieth0 -c 10", []string{"-i", "eth0", "-c", "10"}},
		// a single-dash long option and an entry's one-word option stay whole
		{"gcc -fplugin=./p.so -O2 -o app x.c", []string{"-fplugin=./p.so", "-O2", "-o", "app", "x.c"}},
		{"gcc -wrapper x,y a.c", []string{"-wrapper", "x,y", "a.c"}},
		// a launcher's command after the first operand keeps its own words
		{"docker run --rm -v v:/d alpine find /d -delete", []string{"run", "--rm", "-v", "v:/d", "alpine", "find", "/d", "-delete"}},
		// a define stays the one word the program is given (the shells'
		// differential test: the argv that ran)
		{"cmake -DCMAKE_C_COMPILER_LAUNCHER=ccache -S . -B build", []string{"-DCMAKE_C_COMPILER_LAUNCHER=ccache", "-S", ".", "-B", "build"}},
		// a program the catalogue has no entry for
		{"ls -lah /tmp", []string{"-lah", "/tmp"}},
	} {
		l := Parse(tc.line)
		if len(l.Commands) == 0 {
			t.Fatalf("Parse(%q): no command", tc.line)
		}
		var got []string
		for _, a := range l.Commands[0].Args {
			got = append(got, a.Value)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Parse(%q) args = %q, want %q", tc.line, got, tc.want)
		}
	}
}
