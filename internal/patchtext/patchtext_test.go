package patchtext

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestFiles: the files a patch names, as the most lenient of the parsers
// reads its headers (Codex trims a line of white space, OpenCode takes a
// header without the space after its colon), and the text an added file
// will hold.
func TestFiles(t *testing.T) {
	for _, tt := range []struct {
		name, patch string
		want        []File
	}{
		{"empty", "", nil},
		{"no headers", "*** Begin Patch\n*** End Patch\n", nil},
		{"add", "*** Begin Patch\n*** Add File: a.sh\n+rm -rf ~\n+echo hi\n*** End Patch\n",
			[]File{{Path: "a.sh", Add: true, Text: "rm -rf ~\necho hi\n"}}},
		{"update and move", "*** Begin Patch\n*** Update File: src/a.go\n*** Move to: src/b.go\n@@\n-x\n+y\n*** End Patch\n",
			[]File{{Path: "src/a.go"}, {Path: "src/b.go"}}},
		{"delete", "*** Begin Patch\n*** Delete File: ~/.bashrc\n*** End Patch\n", []File{{Path: "~/.bashrc"}}},
		{"an update's + lines are no added text", "*** Update File: a\n@@\n+x\n*** Add File: b\n+y\n",
			[]File{{Path: "a"}, {Path: "b", Add: true, Text: "y\n"}}},
		{"no space after the colon", "*** Add File:x.sh\n+id\n", []File{{Path: "x.sh", Add: true, Text: "id\n"}}},
		{"indented header", "  \t*** Update File: a.txt  \n", []File{{Path: "a.txt"}}},
		{"byte order mark and CRLF", "\ufeff*** Add File: w.sh\r\n+id\r\n", []File{{Path: "w.sh", Add: true, Text: "id\n"}}},
		{"no-break space around the path", "*** Delete File:\u00a0/etc/passwd\u00a0\n", []File{{Path: "/etc/passwd"}}},
		{"a header without a path", "*** Add File: \n+id\n*** Delete File:\n", nil},
		{"a + line that looks like a header", "*** Add File: a\n+*** Delete File: b\n",
			[]File{{Path: "a", Add: true, Text: "*** Delete File: b\n"}}},
		{"a *** line ends the added text", "*** Add File: a\n+x\n*** End of File\n+y\n", []File{{Path: "a", Add: true, Text: "x\n"}}},
		{"an added line that is no + line is skipped", "*** Add File: a\n+x\n y\n+z\n", []File{{Path: "a", Add: true, Text: "x\nz\n"}}},
		{"several", "*** Add File: a\n+1\n*** Add File: b\n+2\n*** Delete File: c\n",
			[]File{{Path: "a", Add: true, Text: "1\n"}, {Path: "b", Add: true, Text: "2\n"}, {Path: "c"}}},
		{"a header's case is kept", "*** add file: a\n*** ADD FILE: b\n", nil},
	} {
		got := Files(tt.patch)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: Files(%q) = %+v, want %+v", tt.name, tt.patch, got, tt.want)
		}
		var paths []string
		for _, f := range tt.want {
			paths = append(paths, f.Path)
		}
		if got := Paths(tt.patch); !slices.Equal(got, paths) {
			t.Errorf("%s: Paths(%q) = %q, want %q", tt.name, tt.patch, got, paths)
		}
	}
}

// FuzzFiles: every header line with a path gives one file, in order, with
// its path trimmed of white space; an added file's text is made only of
// its + lines; Paths lists the same paths.
func FuzzFiles(f *testing.F) {
	f.Add("*** Begin Patch\n*** Add File: a.sh\n+rm -rf ~\n*** End Patch\n")
	f.Add("*** Update File: a\n*** Move to: b\n@@\n-x\n+y\n")
	f.Add("\ufeff  *** Delete File:\u00a0c\r\n")
	f.Fuzz(func(t *testing.T, patch string) {
		files := Files(patch)
		headers := 0
		for _, line := range strings.Split(patch, "\n") {
			t := strings.TrimFunc(strings.TrimRight(line, "\r"), space)
			for _, m := range markers {
				if rest, ok := strings.CutPrefix(t, m); ok {
					if strings.TrimFunc(rest, space) != "" {
						headers++
					}
					break
				}
			}
		}
		if len(files) != headers {
			t.Fatalf("Files(%q): %d files, %d headers with a path", patch, len(files), headers)
		}
		for _, file := range files {
			if file.Path == "" || strings.TrimFunc(file.Path, space) != file.Path {
				t.Fatalf("Files(%q): path %q", patch, file.Path)
			}
			if !file.Add && file.Text != "" {
				t.Fatalf("Files(%q): %q is not added but has text", patch, file.Path)
			}
			if utf8.ValidString(patch) && file.Text != "" {
				for _, l := range strings.SplitAfter(strings.TrimSuffix(file.Text, "\n"), "\n") {
					if !strings.Contains(patch, "+"+strings.TrimSuffix(l, "\n")) {
						t.Fatalf("Files(%q): text line %q is no + line", patch, l)
					}
				}
			}
		}
		if got := Paths(patch); len(got) != len(files) {
			t.Fatalf("Paths(%q) = %q, Files gave %d", patch, got, len(files))
		}
	})
}
