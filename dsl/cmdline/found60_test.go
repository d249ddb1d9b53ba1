package cmdline

import (
	"slices"
	"testing"
)

// TestListedFilesValueOptions: rg's options that take a value (its
// catalogue entry's) are stepped over, not read as the paths it lists.
func TestListedFilesValueOptions(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-l", "-g", "*.md", "TODO", "docs"}, []string{"docs", "docs/*"}},
		{[]string{"-l", "-M", "99", "--sort", "path", "TODO", "src"}, []string{"src", "src/*"}},
	} {
		var words []Word
		for _, a := range tc.args {
			words = append(words, Word{Value: a})
		}
		var got []string
		for _, w := range listedFiles("rg", words) {
			got = append(got, w.Value)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("listedFiles(rg %q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
