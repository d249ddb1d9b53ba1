package hguard

import (
	"os"
	"path/filepath"
)

// existsOnDisk is dsl.Context.Exists for an agent: what is at a cleaned
// path (absolute or ~/…, joined with $HOME), a link counting as what it
// points to. A copy onto an existing file outside the project replaces
// what no checkpoint holds (rule copy-over-outside-agent).
func existsOnDisk() func(string) (dir, ok bool) {
	home := os.Getenv("HOME")
	return func(p string) (dir, ok bool) {
		full, known := homeJoined(home, p)
		if !known || !filepath.IsAbs(full) {
			return false, false
		}
		fi, err := os.Stat(full)
		if err != nil {
			return false, false
		}
		return fi.IsDir(), true
	}
}
