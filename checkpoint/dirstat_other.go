//go:build !linux

package checkpoint

import (
	"io/fs"
	"os"
)

// openDir lists a directory (sorted by name); its entries are lstat()ed
// by path.
func openDir(abs string) (*dirHandle, []os.DirEntry, error) {
	entries, err := os.ReadDir(abs)
	return &dirHandle{}, entries, err
}

type dirHandle struct{}

func (*dirHandle) Close() error { return nil }

// lstat is the lstat of entries[i] for each i in idx, written to infos;
// nil where the entry is gone.
func (*dirHandle) lstat(entries []os.DirEntry, idx []int, infos []fs.FileInfo) {
	for _, i := range idx {
		if info, err := entries[i].Info(); err == nil {
			infos[i] = info
		}
	}
}
