package hooks

import (
	"slices"
	"testing"
)

// TestPatchHeadersAsParsed: the files a patch names are read as the
// agents' own parsers read its headers. Codex trims each hunk's first line
// (codex-rs/apply-patch parse_one_hunk: "tolerant of … extra padding
// around marker strings"), so an indented "*** Add File:" after another
// file's lines still adds that file; OpenCode's parser (src/patch) takes
// "*** Add File:" with or without the space after the colon (red team
// redteam19: each hid ~/.bashrc behind a harmless notes.txt).
func TestPatchHeadersAsParsed(t *testing.T) {
	for _, tt := range []struct {
		patch string
		want  []string
	}{
		{"*** Begin Patch\n*** Add File: notes.txt\n+hi\n *** Add File: /h/.bashrc\n+export HGUARD_DISABLE=1\n*** End Patch", []string{"notes.txt", "/h/.bashrc"}},
		{"*** Begin Patch\n*** Add File: notes.txt\n+hi\n\t*** Add File: /h/.bashrc\n+x\n*** End Patch", []string{"notes.txt", "/h/.bashrc"}},
		{"  *** Begin Patch\n  *** Delete File: /h/.hguard/config.yaml\n*** End Patch", []string{"/h/.hguard/config.yaml"}},
		{"*** Begin Patch\n*** Add File:/h/.zshrc\n+x\n*** End Patch", []string{"/h/.zshrc"}},
		{"*** Begin Patch\n*** Update File:\tsrc/a.go\n*** Move to:/h/.profile\n@@\n-a\n+b\n*** End Patch", []string{"src/a.go", "/h/.profile"}},
		{"*** Begin Patch\r\n*** Add File: a.txt\r\n+x\r\n*** End Patch\r\n", []string{"a.txt"}},
		{"\ufeff*** Begin Patch\n\u00a0*** Add File: /h/.bashrc\n+x\n*** End Patch", []string{"/h/.bashrc"}},
		// content lines and context lines that merely hold the words
		{"*** Begin Patch\n*** Update File: README.md\n@@\n-old\n+*** Add File: x is how a patch adds x\n*** End Patch", []string{"README.md"}},
	} {
		if got := patchPaths(tt.patch); !slices.Equal(got, tt.want) {
			t.Errorf("patchPaths(%q) = %q, want %q", tt.patch, got, tt.want)
		}
	}
}
