package hguard

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hguard/hguard/checkpoint"
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

// buildOutput is dsl.Context.BuildOutput: a directory named as builds
// and package managers name their output (checkpoint.Regenerable), or a
// file named as tools name what they write on each run
// (checkpoint.RegenerableFile: rm -rf htmlcov .coverage), that
// the project's git index (read in Go, as checkpoints read it; no git runs
// in the user's repository) tracks nothing in, and that is no repository
// of its own (a submodule's checkout or a clone holds work no index of
// the project lists).
func buildOutput(path string) bool {
	switch b := filepath.Base(path); {
	case checkpoint.RegenerableFile(b):
		if fi, err := os.Lstat(path); err == nil && fi.IsDir() {
			return false // a directory under a file's name holds what no tool wrote
		}
	case !checkpoint.RegenerableDir(b):
		return false
	default:
		if _, err := os.Lstat(filepath.Join(path, ".git")); !errors.Is(err, fs.ErrNotExist) {
			return false
		}
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return false // rm -rf out/ deletes what the link leads to
	}
	tracked, ok := checkpoint.TrackedBelow(path)
	return ok && !tracked
}
