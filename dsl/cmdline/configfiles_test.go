package cmdline

import (
	"slices"
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
