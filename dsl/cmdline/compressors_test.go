package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// TestInPlaceDeletes: a compressor or decompressor deletes each file it
// replaces, emitted as rm of them carried by the program; kept input and
// output to standard output delete nothing.
func TestInPlaceDeletes(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"gzip a b", "rm -- a b wr=gzip[]"},
		{"gzip -9 -S .x a", "rm -- a wr=gzip[]"},
		{"pigz -p 4 a", "rm -- a wr=pigz[]"},
		{"bzip2 -z a", "rm -- a wr=bzip2[]"},
		{"xz -T0 -9e a", "rm -- a wr=xz[]"},
		{"xz -T 4 a", "rm -- a wr=xz[]"},
		{"gunzip a.gz", "rm -- a.gz wr=gunzip[]"},
		{"gunzip a.gz", "tee -- a wr=gunzip[]"},
		{"gzip -dk a.tgz", "tee -- a.tar wr=gzip[]"},
		{"xz -d a.xz", "tee -- a wr=xz[]"},
		{"zstd --rm a", "rm -- a wr=zstd[]"},
		{"lz4 --rm a a.lz4", "rm -- a wr=lz4[]"},
		{"lz4 -m --rm a b", "rm -- a b wr=lz4[]"},
		{"lzop -U a", "rm -- a wr=lzop[]"},
		{"brotli -j a", "rm -- a wr=brotli[]"},
		{"gzip -- -k", "rm -- -k wr=gzip[]"},
		{"gzip -k a", ""},
		{"gzip -dc a.gz", ""},
		{"gunzip -t a.gz", ""},
		{"gzip --stdout a", ""},
		{"xz -l a.xz", ""},
		{"zstd a", ""},
		{"zstd -o a.zst a", ""},
		{"lz4 a a.lz4", ""},
		{"gzip", ""},
		{"gzip -", ""},
		{`gzip "$f"`, ""},
		{"find . -name '*.log' -exec gzip {} +", "rm -- ./*.log wr=gzip[]"}, // the copy with what find finds (foundCopy)
		{"find . -name '*.log' | xargs gzip", "rm -- ./*.log wr=gzip[]"},
		{"ls | parallel gzip {}", ""},
	} {
		line := Parse(tt.in)
		var got []string
		for _, c := range line.Commands {
			if c.Name == "rm" || c.Name == "tee" {
				got = append(got, render(c))
			}
		}
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("%q: emitted %q, want nothing", tt.in, got)
		case tt.want != "" && !slices.Contains(got, tt.want):
			t.Errorf("%q: emitted %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestUnpackedText: what a compressor was fed comes back out of its
// decompressor, through a pipe or in the file a written archive is
// decompressed to in place, and runs as it was written.
func TestUnpackedText(t *testing.T) {
	for _, tt := range []struct {
		in   string
		runs bool // rm -rf ~ is among the commands
	}{
		{"echo 'rm -rf ~' | gzip | gunzip | sh", true},
		{"echo 'rm -rf ~' | xz | xz -d | sh", true},
		{"echo 'rm -rf ~' | gzip > /tmp/a.gz; gunzip /tmp/a.gz; bash /tmp/a", true},
		{"echo 'rm -rf ~' | bzip2 > a.bz2; bunzip2 a.bz2; sh a", true},
		{"echo 'rm -rf ~' | zstd > a.zst; zstd -d a.zst; sh a", true},
		{"echo 'rm -rf ~' | gzip > a.gz; gunzip a.gz; cat a", false},
		{"echo 'rm -rf ~' | gzip > a.gz; gunzip a.gz; sh b", false},
	} {
		runs := false
		for _, c := range Parse(tt.in).Commands {
			runs = runs || render(c) == "rm -rf ~" || strings.HasPrefix(render(c), "rm -rf ~ ")
		}
		if runs != tt.runs {
			t.Errorf("%q: runs rm -rf ~ = %v, want %v", tt.in, runs, tt.runs)
		}
	}
}

// TestLsOutput: ls of literal paths with options that print names only
// prints those paths; any other listing is not known.
func TestLsOutput(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
		ok   bool
	}{
		{[]string{"/etc/passwd"}, "/etc/passwd\n", true},
		{[]string{"-1d", "a", "b"}, "a\nb\n", true},
		{[]string{"--", "-x"}, "-x\n", true},
		{[]string{"-l", "a"}, "", false},
		{[]string{"-a"}, "", false},
		{nil, "", false},
		{[]string{"$X"}, "", false},
		{[]string{"-d", "~/.c?aude"}, "", false},
	} {
		got, ok := lsOutput(tt.args)
		if got != tt.want || ok != tt.ok {
			t.Errorf("lsOutput(%q) = %q, %v, want %q, %v", tt.args, got, ok, tt.want, tt.ok)
		}
	}
}
