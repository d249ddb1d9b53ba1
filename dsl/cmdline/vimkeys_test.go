package cmdline

import (
	"slices"
	"testing"
)

func TestVimTypedEx(t *testing.T) {
	for _, tc := range []struct {
		ex   string
		want []string
	}{
		{`call feedkeys(":!rm -rf ~\<CR>")`, []string{"!rm -rf ~"}},
		{`call feedkeys(":w\<cr>:!id\r", "n")`, []string{"w", "!id"}},
		{`call feedkeys(":!rm -rf ~")`, nil},   // no Return: abandoned
		{`call feedkeys(':!id\<CR>')`, nil},    // single quotes: no escapes, no Return
		{`call feedkeys("ihello\<Esc>")`, nil}, // no command line
		{`normal :!rm -rf ~<CR>`, []string{"!rm -rf ~"}},
		{`norm! :!id\r`, []string{"!id"}},
		{`normal gg=G`, nil},
		{`nohlsearch`, nil},
	} {
		if got := vimTypedEx(tc.ex); !slices.Equal(got, tc.want) {
			t.Errorf("vimTypedEx(%q) = %q, want %q", tc.ex, got, tc.want)
		}
	}
}
