package checkpoint

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// Skipped is a file left out of a snapshot although it is not excluded.
type Skipped struct {
	Path string // slash-separated, relative to the snapshot root
	Size int64
	Why  string // "larger than the size limit", "unreadable"
}

// TooManyFilesError stops a snapshot of a tree above [Config.MaxFiles].
type TooManyFilesError struct {
	Dir string
	Max int
}

func (e *TooManyFilesError) Error() string {
	return fmt.Sprintf("%s has more than %d files, so it is not snapshotted (raise checkpoints.max_files in config.yaml, or exclude directories)", e.Dir, e.Max)
}

// listing is what a walk found to snapshot.
type listing struct {
	files   []string // regular files and symlinks, sorted bytewise as in git's index
	empty   []string // directories with nothing snapshotted in them
	skipped []Skipped
}

// walk lists the tree under root, honouring the exclusion rules. It stops
// as soon as the count passes maxFiles, so the guard costs no more than
// reading that many directory entries.
func (e *excluder) walk(root string, maxFiles int, maxSize int64) (*listing, error) {
	return e.walkTo(root, maxFiles, maxSize, nil)
}

// walkTo is walk that also writes each path, NUL-terminated, to emit as
// soon as it is found, so git can work while the walk goes on.
func (e *excluder) walkTo(root string, maxFiles int, maxSize int64, emit io.Writer) (*listing, error) {
	return e.walkIndexed(root, maxFiles, maxSize, emit, nil)
}

// walkIndexed is walkTo that emits only the paths git could find changed
// against index (nil: every path): new files, and files whose stat data
// differ from their entry or that git would not trust.
func (e *excluder) walkIndexed(root string, maxFiles int, maxSize int64, emit io.Writer, index *gitIndex) (*listing, error) {
	w := &walker{e: e, maxFiles: maxFiles, maxSize: maxSize, l: &listing{}, root: root, emit: emit, index: index}
	if _, err := w.dir(root, "", e.root, true); err != nil {
		return nil, err
	}
	sort.Strings(w.l.files)
	sort.Strings(w.l.empty) // bytewise, as the watcher's incremental snapshots keep them
	return w.l, nil
}

type walker struct {
	e        *excluder
	root     string
	maxFiles int
	maxSize  int64
	l        *listing
	emit     io.Writer
	index    *gitIndex
}

// dir walks one directory and reports whether anything in it was kept.
func (w *walker) dir(abs, rel string, in *ignores, top bool) (bool, error) {
	d, entries, err := openDir(abs)
	if err != nil {
		if top {
			return false, fmt.Errorf("reading %s: %w", abs, unwrapPath(err))
		}
		w.l.skipped = append(w.l.skipped, Skipped{Path: rel, Why: "unreadable directory"})
		return true, nil // not empty as far as anyone can tell: never removed
	}
	if !top { // the root .gitignore is in e.root already
		in = w.e.dirIgnores(in, abs, rel, hasGitignore(entries))
	}
	// First the names: which entries are excluded, and which need their
	// lstat (files; symlinks when there is an index to compare with).
	rels := make([]string, len(entries))
	out := make([]bool, len(entries))
	var need []int
	for i, de := range entries {
		name := de.Name()
		rels[i] = name
		if rel != "" {
			rels[i] = rel + "/" + name
		}
		typ := de.Type()
		if out[i] = w.e.excluded(rels[i], name, typ.IsDir(), in); out[i] {
			continue
		}
		if typ.IsRegular() || (typ&fs.ModeSymlink != 0 && w.index != nil) {
			need = append(need, i)
		}
	}
	infos := d.statAll(entries, need)
	d.Close()
	kept := false
	for i, de := range entries {
		if out[i] {
			continue
		}
		name, crel, typ := de.Name(), rels[i], de.Type()
		switch {
		case typ.IsDir():
			sub, err := w.dir(filepath.Join(abs, name), crel, in, false)
			if err != nil {
				return false, err
			}
			if !sub {
				w.l.empty = append(w.l.empty, crel)
			}
			kept = true
		case typ&fs.ModeSymlink != 0:
			if symlinkGitIgnores(name) {
				continue
			}
			info := infos[i]
			if w.index != nil && info == nil {
				continue // gone since ReadDir
			}
			if err := w.add(crel, info); err != nil {
				return false, err
			}
			kept = true
		case typ.IsRegular():
			info := infos[i]
			if info == nil {
				continue // gone since ReadDir
			}
			if info.Size() > w.maxSize {
				w.l.skipped = append(w.l.skipped, Skipped{Path: crel, Size: info.Size(), Why: "larger than the size limit"})
				continue
			}
			if !readable(filepath.Join(abs, name), info) {
				w.l.skipped = append(w.l.skipped, Skipped{Path: crel, Size: info.Size(), Why: "unreadable"})
				continue
			}
			if err := w.add(crel, info); err != nil {
				return false, err
			}
			kept = true
		}
		// Sockets, pipes and devices cannot be stored.
	}
	return kept, nil
}

// statAll lstat()s entries[i] for each i in need; nil where the entry
// is gone. The lstat of each file is most of a walk's cost, one system
// call a file: a large directory's are split between two goroutines, as
// git's preload-index splits its own, so a second core halves the wait.
func (d *dirHandle) statAll(entries []os.DirEntry, need []int) []fs.FileInfo {
	infos := make([]fs.FileInfo, len(entries))
	if len(need) < statSplit {
		d.lstat(entries, need, infos)
		return infos
	}
	var wg sync.WaitGroup
	half := len(need) / 2
	wg.Go(func() { d.lstat(entries, need[:half], infos) })
	d.lstat(entries, need[half:], infos)
	wg.Wait()
	return infos
}

// add lists a file, and emits it unless the index shows it unchanged
// (info is its lstat, nil when there is no index to compare with).
func (w *walker) add(rel string, info fs.FileInfo) error {
	w.l.files = append(w.l.files, rel)
	if len(w.l.files) > w.maxFiles {
		return &TooManyFilesError{Dir: w.root, Max: w.maxFiles}
	}
	if w.index != nil && info != nil && w.index.unchanged(rel, info) {
		return nil
	}
	if w.emit != nil {
		if _, err := io.WriteString(w.emit, rel+"\x00"); err != nil {
			w.emit = nil // git failed; its error is reported when it is waited for
		}
	}
	return nil
}

// statSplit is the number of files from which a directory's lstats are
// split between two goroutines.
var statSplit = 64
