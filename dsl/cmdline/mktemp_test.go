package cmdline

import (
	"regexp"
	"testing"
)

// TestMktempOutput: the name mktemp prints is a new place where it makes
// it (the temporary directory, -p's, the working directory for a bare
// template), one name per call; what mktemp would refuse, and what the
// line sets at run time, stay unknown.
func TestMktempOutput(t *testing.T) {
	for _, tt := range []struct {
		line string
		want string // the pattern of rm's last word; "" for a dynamic word
	}{
		{`T=$(mktemp -d); rm -rf "$T"`, `^/tmp/tmp\.mktemp\d+$`},
		{`T=$(mktemp); rm -f $T`, `^/tmp/tmp\.mktemp\d+$`},
		{`T=$(mktemp -d 2>/dev/null); rm -rf "$T"`, `^/tmp/tmp\.mktemp\d+$`},
		{`T=$(mktemp -dt build.XXXXXX); rm -rf "$T"`, `^/tmp/build\.mktemp\d+$`},
		{`T=$(mktemp -d --tmpdir x.XXX); rm -rf "$T"`, `^/tmp/x\.mktemp\d+$`},
		{`T=$(mktemp -d -p /var/tmp); rm -rf "$T"`, `^/var/tmp/tmp\.mktemp\d+$`},
		{`T=$(mktemp -dp /srv x.XXXX); rm -rf "$T"`, `^/srv/x\.mktemp\d+$`},
		{`T=$(mktemp --tmpdir=/srv); rm -rf "$T"`, `^/srv/tmp\.mktemp\d+$`},
		{`T=$(mktemp -d build.XXXX); rm -rf "$T"`, `^build\.mktemp\d+$`},
		{`T=$(mktemp --suffix=.sh); rm -f "$T"`, `^/tmp/tmp\.mktemp\d+\.sh$`},
		{`TMPDIR=/scratch; T=$(mktemp -d); rm -rf "$T"`, `^/scratch/tmp\.mktemp\d+$`},
		{`T=$(TMPDIR=/scratch mktemp -d); rm -rf "$T"`, `^/scratch/tmp\.mktemp\d+$`},
		{`T=$(mktemp -d); rm -rf "$T"/..`, `^/tmp/tmp\.mktemp\d+/\.\.$`},
		{`T=$(mktemp -d -p ~ Documents); rm -rf ~/"$T"`, ""}, // too few X's: mktemp fails, prints nothing
		{`T=$(mktemp -d -t foo); rm -rf "$T"`, ""},           // BSD's prefix, GNU's failure
		{`T=$(mktemp -d "$X"); rm -rf "$T"`, ""},
		{`T=$(mktemp -d -p "$D"); rm -rf "$T"`, ""},
		{`export TMPDIR=$(pwd); T=$(mktemp -d); rm -rf "$T"`, ""},
		{`T=$(mktemp -d --frobnicate); rm -rf "$T"`, ""},
		{`T=$(mktemp -d > x); rm -rf "$T"`, ""},
		{`T=$(sudo mktemp -d); rm -rf "$T"`, ""},
		{`T=$(mktemp -d; echo ~); rm -rf "$T"`, ""},
	} {
		var last *Word
		for _, c := range Parse(tt.line).Commands {
			if c.Name == "rm" && len(c.Args) > 0 {
				last = &c.Args[len(c.Args)-1]
			}
		}
		switch {
		case last == nil:
			t.Errorf("%q: no rm", tt.line)
		case tt.want == "" && !last.Dynamic:
			t.Errorf("%q: rm's word is %q, want it dynamic", tt.line, last.Value)
		case tt.want != "" && (last.Dynamic || !regexp.MustCompile(tt.want).MatchString(last.Value)):
			t.Errorf("%q: rm's word is %q (dynamic %v), want %s", tt.line, last.Value, last.Dynamic, tt.want)
		}
	}
	// two calls make two places
	line := Parse(`a=$(mktemp); b=$(mktemp); rm "$a" "$b"`)
	for _, c := range line.Commands {
		if c.Name == "rm" && (len(c.Args) != 2 || c.Args[0].Value == c.Args[1].Value) {
			t.Errorf("two mktemp calls: rm %v, want two names", c.Args)
		}
	}
}
