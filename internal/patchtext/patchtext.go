// Package patchtext reads the files a patch in the apply_patch format
// names: the format of Codex's apply_patch tool (and of the apply_patch
// program Codex puts on its shell's PATH), which OpenCode's, Cursor's and
// Hermes Agent's patch tools take too. It reads the headers as leniently
// as the most lenient of those parsers, so that no file one of them would
// touch is left out: Codex trims a hunk's first line of white space
// (codex-rs/apply-patch, parse_one_hunk), OpenCode takes a header with or
// without a space after its colon (src/patch/index.ts).
package patchtext

import (
	"strings"
	"unicode"
)

// File is one file a patch adds, updates, deletes or moves to. Text is
// what an added file will hold (its "+" lines), when Add.
type File struct {
	Path string
	Add  bool
	Text string
}

var markers = []string{"*** Add File:", "*** Update File:", "*** Delete File:", "*** Move to:"}

// space is white space as Rust's str::trim and JavaScript's trim read it
// (the byte order mark too), and a carriage return.
func space(r rune) bool { return unicode.IsSpace(r) || r == '\ufeff' }

// Files lists the files patch names, in order.
func Files(patch string) []File {
	var files []File
	add := -1 // the index in files of the Add File whose "+" lines follow
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimRight(line, "\r")
		t := strings.TrimFunc(line, space)
		header := false
		for _, m := range markers {
			rest, ok := strings.CutPrefix(t, m)
			if !ok {
				continue
			}
			header = true
			add = -1
			if p := strings.TrimFunc(rest, space); p != "" {
				files = append(files, File{Path: p, Add: m == markers[0]})
				if m == markers[0] {
					add = len(files) - 1
				}
			}
			break
		}
		switch {
		case header:
		case add >= 0 && strings.HasPrefix(line, "+"):
			files[add].Text += line[1:] + "\n"
		case strings.HasPrefix(t, "***"):
			add = -1
		}
	}
	return files
}

// Paths lists the paths of Files(patch).
func Paths(patch string) []string {
	var paths []string
	for _, f := range Files(patch) {
		paths = append(paths, f.Path)
	}
	return paths
}
