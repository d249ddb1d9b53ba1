package checkpoint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/hguard/hguard/internal/statefile"
)

// indexState is the watcher's copy of the paths in the shadow index, so an
// incremental snapshot knows what a changed path held before (a directory
// that was deleted, a file that became a directory) and how many files the
// tree has, without reading the index. stamp is the index file as the
// watcher last left it: when another process has written the index since
// (a full scan, a restore), the copy is read again from git. tree is the
// tree object of exactly these paths, when known: an incremental snapshot
// then writes its tree from that one along the changed paths (editTree)
// and leaves the index file alone. The index stays a cache of stat data
// that may lag behind; a full scan brings it up to date.
type indexState struct {
	paths map[string]struct{}
	dirs  map[string]int // directories of the index: how many paths under each
	stamp statefile.Stamp
	tree  string
	// exclude is the stamp of .git/info/exclude when the index was
	// written: no event tells of its changes (.git is not watched).
	exclude statefile.Stamp
}

func newIndex(n int, stamp statefile.Stamp, exclude statefile.Stamp) *indexState {
	return &indexState{paths: make(map[string]struct{}, n), dirs: map[string]int{}, stamp: stamp, exclude: exclude}
}

// excludeStamp is the stamp of dir's .git/info/exclude (zero when there
// is none).
func excludeStamp(dir string) statefile.Stamp {
	fi, err := os.Stat(filepath.Join(dir, ".git", "info", "exclude"))
	if err != nil {
		return statefile.Stamp{}
	}
	return statefile.StampOf(fi)
}

func (ix *indexState) add(p string) {
	if _, ok := ix.paths[p]; ok {
		return
	}
	ix.paths[p] = struct{}{}
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		ix.dirs[d]++
	}
}

func (ix *indexState) remove(p string) {
	if _, ok := ix.paths[p]; !ok {
		return
	}
	delete(ix.paths, p)
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		if ix.dirs[d]--; ix.dirs[d] <= 0 {
			delete(ix.dirs, d)
		}
	}
}

// under is what the index holds at and below rel.
func (ix *indexState) under(rel string) []string {
	var out []string
	if _, ok := ix.paths[rel]; ok {
		out = append(out, rel)
	}
	if ix.dirs[rel] == 0 {
		return out
	}
	prefix := rel + "/"
	for p := range ix.paths {
		if strings.HasPrefix(p, prefix) {
			out = append(out, p)
		}
	}
	return out
}

// errNeedFull makes an incremental snapshot fall back to a full scan: the
// change is one that only a walk of the whole tree gets right (an ignore
// file changed, a directory could not be read).
var errNeedFull = errors.New("a full scan is needed")

// errRulesChanged is errNeedFull for a changed .git/info/exclude: the
// watcher reads the rules again (which directories to watch).
var errRulesChanged = fmt.Errorf("%w: .git/info/exclude changed", errNeedFull)

// indexStamp is the stamp of the shadow index; git replaces the file on
// every write, so the inode alone tells a rewrite.
func (r *Repo) indexStamp() (statefile.Stamp, bool) {
	fi, err := os.Stat(filepath.Join(r.GitDir, "index"))
	if err != nil {
		return statefile.Stamp{}, false
	}
	return statefile.StampOf(fi), true
}

// loadIndex reads the paths of the shadow index.
func (r *Repo) loadIndex(ctx context.Context) (*indexState, error) {
	st, ok := r.indexStamp()
	if !ok {
		return nil, errNeedFull
	}
	// Read in Go when the format allows (no git process); else git lists it.
	if gi, err := readIndex(filepath.Join(r.GitDir, "index")); err == nil && gi != nil {
		ix := newIndex(len(gi.paths), st, excludeStamp(r.Dir))
		for _, p := range gi.paths {
			ix.add(p)
		}
		ix.tree = gi.rootTree
		return ix, nil
	}
	out, err := r.git(ctx, nil, "ls-files", "-z")
	if err != nil {
		return nil, r.gitFailed(err)
	}
	ix := newIndex(0, st, excludeStamp(r.Dir))
	for p := range bytes.SplitSeq(out, []byte{0}) {
		if len(p) > 0 {
			ix.add(string(p))
		}
	}
	return ix, nil
}

// newIndexState is the copy of the index a full scan just wrote.
func (r *Repo) newIndexState(st *staged) *indexState {
	stamp, ok := r.indexStamp()
	if !ok || st.paths == nil {
		return nil
	}
	ix := newIndex(len(st.paths), stamp, st.exclude)
	for _, p := range st.paths {
		ix.add(p)
	}
	ix.tree = st.tree
	return ix
}

// createChanged is create for a tree of which the paths that changed
// since the index was last brought in line with it are known (from the
// watcher's events): only those are looked at, and git hashes only the
// files among them, so the cost follows the change, not the tree. A
// changed path may be a file, a directory (walked), or gone (it and
// everything under it leave the index). ix is updated in place; on an
// error it must be thrown away. errNeedFull asks for a full scan.
func (r *Repo) createChanged(ctx context.Context, reason string, ix *indexState, changed []string) (*Result, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	if excludeStamp(r.Dir) != ix.exclude {
		return nil, errRulesChanged
	}
	if stamp, ok := r.indexStamp(); !ok {
		return nil, errNeedFull
	} else if stamp != ix.stamp {
		// Another process wrote the index (a full scan, a restore): it
		// reflects the tree at least as recently as the events say.
		fresh, err := r.loadIndex(ctx)
		if err != nil {
			return nil, err
		}
		*ix = *fresh
	}
	var (
		list    []*Snapshot
		listErr error
		wg      sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		list, listErr = r.list(ctx, true)
	}()
	// The objects written on the way (blobs, trees, the commit) go into
	// one pack, written before the ref that names them.
	r.packing = &packWriter{}
	defer func() { r.packing = nil }()
	st, err := r.stageChanged(ctx, ix, changed, func() []string {
		wg.Wait()
		if listErr != nil || len(list) == 0 {
			return nil
		}
		return list[0].empty
	})
	wg.Wait()
	if err != nil {
		return nil, err
	}
	if listErr != nil {
		return nil, listErr
	}
	if len(list) == 0 {
		return nil, errNeedFull // no base to be incremental from
	}
	o := createOpts{afterTree: func(tree, previous string) ([3]int, bool) {
		return st.stats, st.statsFrom != "" && previous == st.statsFrom
	}}
	res, err := r.record(ctx, reason, st, list, o)
	if res != nil {
		res.Incremental = true
	}
	return res, err
}

// update is what an incremental snapshot does to the index.
type update struct {
	add, remove []string
	walkedEmpty []string // empty directories found inside changed directories
	skipped     []Skipped
	dirty       map[string]bool // directories whose emptiness is to be decided again
	dropEmpty   []string        // prefixes whose old empty directories are void
	realDirs    map[string]bool // directories known to be reached through no symlink
}

// stageChanged brings the index in line for the changed paths and writes
// the tree. baseEmpty gives the empty directories of the latest snapshot.
func (r *Repo) stageChanged(ctx context.Context, ix *indexState, changed []string, baseEmpty func() []string) (*staged, error) {
	ex := newExcluder(r.Dir, r.home, r.cfg)
	chains := map[string]*ignores{}
	chain := func(dir string) *ignores {
		if dir == "." {
			dir = ""
		}
		in, ok := chains[dir]
		if !ok {
			in = ex.chain(dir)
			chains[dir] = in
		}
		return in
	}
	u := &update{dirty: map[string]bool{}, realDirs: map[string]bool{".": true}}
	slices.Sort(changed)
	changed = slices.Compact(changed)
	for i, rel := range changed {
		if rel == "" || rel == "." {
			return nil, errNeedFull
		}
		// A path under a changed directory is covered by its walk.
		if i > 0 && coveredBy(changed[:i], rel) {
			continue
		}
		if path.Base(rel) == ".gitignore" {
			return nil, errNeedFull // the rules of a whole subtree changed
		}
		if err := r.stagePath(ix, ex, chain, u, rel); err != nil {
			return nil, err
		}
	}
	// The count is checked before git changes anything.
	n := len(ix.paths)
	for _, p := range u.remove {
		if _, ok := ix.paths[p]; ok {
			n--
		}
	}
	added := map[string]bool{}
	for _, p := range u.add {
		if _, ok := ix.paths[p]; !ok && !added[p] {
			n++
			added[p] = true
		}
	}
	if n > r.cfg.MaxFiles {
		return nil, &TooManyFilesError{Dir: r.Dir, Max: r.cfg.MaxFiles}
	}
	var (
		tree      string
		stats     [3]int
		statsFrom string // the tree stats are counted against
	)
	if ix.tree != "" {
		t, st, ok, err := r.editTree(ctx, ix.tree, u.add, u.remove)
		if err != nil {
			return nil, err
		}
		tree = t
		if ok {
			stats, statsFrom = st, ix.tree
		}
		r.treeEdits++
	} else {
		// The tree of the index is not known: git brings the index in
		// line for the changed paths and writes its tree.
		t, err := r.updateIndex(ctx, u)
		if err != nil {
			return nil, err
		}
		tree = t
	}
	for _, p := range u.remove {
		ix.remove(p)
	}
	for _, p := range u.add {
		// A file where a directory was replaces it.
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			ix.remove(d)
		}
		ix.add(p)
	}
	if ix.tree == "" {
		if stamp, ok := r.indexStamp(); ok {
			ix.stamp = stamp
		}
	}
	ix.tree = tree
	empty, err := r.emptyAfter(ex, chain, ix, u, baseEmpty())
	if err != nil {
		return nil, err
	}
	return &staged{tree: tree, files: len(ix.paths), empty: empty, skipped: u.skipped, stats: stats, statsFrom: statsFrom}, nil
}

// updateIndex brings the shadow index in line for the paths of u and
// writes its tree.
func (r *Repo) updateIndex(ctx context.Context, u *update) (string, error) {
	if len(u.remove) > 0 {
		if _, err := r.git(ctx, zList(u.remove), "update-index", "-z", "--force-remove", "--stdin"); err != nil {
			return "", r.gitFailed(err)
		}
	}
	if len(u.add) > 0 {
		// No bulk check-in (see stage): the few blobs are written loose
		// and packed with the snapshot's trees and commit.
		if _, err := r.git(ctx, zList(u.add), "update-index", "-z", "--add", "--replace", "--stdin"); err != nil {
			return "", r.gitFailed(err)
		}
	}
	out, err := r.git(ctx, nil, "write-tree")
	if err != nil {
		return "", r.gitFailed(err)
	}
	return strings.TrimSpace(string(out)), nil
}

// coveredBy reports whether rel lies under one of the sorted paths before it.
func coveredBy(before []string, rel string) bool {
	for d := path.Dir(rel); d != "."; d = path.Dir(d) {
		if _, ok := slices.BinarySearch(before, d); ok {
			return true
		}
	}
	return false
}

// stagePath decides one changed path.
func (r *Repo) stagePath(ix *indexState, ex *excluder, chain func(string) *ignores, u *update, rel string) error {
	abs := filepath.Join(r.Dir, filepath.FromSlash(rel))
	parent := path.Dir(rel)
	if parent != "." {
		u.dirty[parent] = true
		// The parents themselves may be gone or excluded: then so is rel.
		for d := parent; d != "."; d = path.Dir(d) {
			u.dirty[d] = true
		}
	}
	under := func() []string { return ix.under(rel) }
	u.dropEmpty = append(u.dropEmpty, rel)
	fi, err := os.Lstat(abs)
	if err == nil && !parentsAreDirs(r.Dir, rel) {
		err = fs.ErrNotExist // reached through a symlink now: not in the tree
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			u.remove = append(u.remove, under()...)
			return nil
		}
		return errNeedFull
	}
	if inExcludedDir(ex, chain, rel) || ex.excluded(rel, path.Base(rel), fi.IsDir(), chain(parent)) {
		// Only pinned files stay, as in a full scan (pins.go).
		r.stagePinned(ix, ex, u, rel, nil)
		return nil
	}
	switch {
	case fi.IsDir():
		w := &walker{e: ex, maxFiles: r.cfg.MaxFiles + 1, maxSize: r.cfg.MaxFileSize, l: &listing{}, root: r.Dir}
		kept, err := w.dir(abs, rel, chain(parent), false)
		if err != nil {
			var tooMany *TooManyFilesError
			if errors.As(err, &tooMany) {
				return &TooManyFilesError{Dir: r.Dir, Max: r.cfg.MaxFiles}
			}
			return errNeedFull
		}
		for _, sk := range w.l.skipped {
			if sk.Why == "unreadable directory" {
				return errNeedFull // a full scan decides what stays
			}
		}
		found := make(map[string]bool, len(w.l.files))
		for _, f := range w.l.files {
			found[f] = true
		}
		r.stagePinned(ix, ex, u, rel, found)
		u.add = append(u.add, w.l.files...)
		u.skipped = append(u.skipped, w.l.skipped...)
		u.walkedEmpty = append(u.walkedEmpty, w.l.empty...)
		if !kept {
			u.walkedEmpty = append(u.walkedEmpty, rel)
		}
	case fi.Mode()&fs.ModeSymlink != 0 && !symlinkGitIgnores(path.Base(rel)), fi.Mode().IsRegular():
		for _, p := range under() {
			if p != rel {
				u.remove = append(u.remove, p)
			}
		}
		switch {
		case fi.Mode().IsRegular() && fi.Size() > r.cfg.MaxFileSize:
			u.skipped = append(u.skipped, Skipped{Path: rel, Size: fi.Size(), Why: "larger than the size limit"})
			u.remove = append(u.remove, rel)
		case fi.Mode().IsRegular() && !readable(abs, fi):
			u.skipped = append(u.skipped, Skipped{Path: rel, Size: fi.Size(), Why: "unreadable"})
			u.remove = append(u.remove, rel)
		default:
			u.add = append(u.add, rel)
		}
	default: // sockets, pipes, devices: not stored
		u.remove = append(u.remove, under()...)
	}
	return nil
}

// stagePinned decides the pinned files at and below rel that are not in
// found (what a walk listed): the index's (what the latest snapshot held)
// and the project's tracked ones. Each is kept when a full scan would keep
// it (pins.go), else it leaves the index.
func (r *Repo) stagePinned(ix *indexState, ex *excluder, u *update, rel string, found map[string]bool) {
	dirsOK := func(d string) bool { return r.noSymlinkTo(d, u.realDirs) }
	for _, p := range mergeUnique(ix.under(rel), trackedUnder(r.trackedPaths(), rel)) {
		if found[p] {
			continue
		}
		_, sk, keep := r.pinned(ex, p, dirsOK)
		u.skipped = addSkipped(u.skipped, sk)
		_, held := ix.paths[p]
		switch {
		case keep:
			u.add = append(u.add, p)
		case held:
			u.remove = append(u.remove, p)
		}
	}
}

// trackedUnder is the paths of the sorted tracked at and below rel.
func trackedUnder(tracked []string, rel string) []string {
	var out []string
	if _, ok := slices.BinarySearch(tracked, rel); ok {
		out = append(out, rel)
	}
	k, _ := slices.BinarySearch(tracked, rel+"/")
	for ; k < len(tracked) && strings.HasPrefix(tracked[k], rel+"/"); k++ {
		out = append(out, tracked[k])
	}
	return out
}

// symlinkGitIgnores reports whether git refuses a symbolic link of this
// name: .gitmodules in any case (verify_path; update-index skips it, and
// a tree written in Go must not hold it either).
func symlinkGitIgnores(name string) bool {
	return strings.EqualFold(name, ".gitmodules")
}

// parentsAreDirs reports whether every parent of rel below root is a
// directory, not a symbolic link to one.
func parentsAreDirs(root, rel string) bool {
	for d := path.Dir(rel); d != "."; d = path.Dir(d) {
		fi, err := os.Lstat(filepath.Join(root, filepath.FromSlash(d)))
		if err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// inExcludedDir reports whether a parent directory of rel is excluded.
func inExcludedDir(ex *excluder, chain func(string) *ignores, rel string) bool {
	var dirs []string
	for d := path.Dir(rel); d != "."; d = path.Dir(d) {
		dirs = append(dirs, d)
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		d := dirs[i]
		if ex.excluded(d, path.Base(d), true, chain(path.Dir(d))) {
			return true
		}
	}
	return false
}

// emptyAfter is the empty directories after an incremental update: those
// of the latest snapshot, minus those at or under a changed path, plus the
// empty ones found in changed directories, with the parents of changed
// paths decided again (a directory is empty when it holds no file of the
// index and no directory that is not excluded).
func (r *Repo) emptyAfter(ex *excluder, chain func(string) *ignores, ix *indexState, u *update, base []string) ([]string, error) {
	set := map[string]bool{}
	for _, d := range base {
		set[d] = true
	}
	for _, p := range u.dropEmpty {
		for d := range set {
			if d == p || strings.HasPrefix(d, p+"/") {
				delete(set, d)
			}
		}
	}
	for _, d := range u.walkedEmpty {
		set[d] = true
	}
	for d := range u.dirty {
		delete(set, d)
		abs := filepath.Join(r.Dir, filepath.FromSlash(d))
		fi, err := os.Lstat(abs)
		if err != nil || !fi.IsDir() || inExcludedDir(ex, chain, d) || ex.excluded(d, path.Base(d), true, chain(path.Dir(d))) {
			continue
		}
		entries, err := os.ReadDir(abs)
		if err != nil {
			return nil, errNeedFull
		}
		in := ex.dirIgnores(chain(path.Dir(d)), abs, d, hasGitignore(entries))
		empty := true
		for _, de := range entries {
			crel := d + "/" + de.Name()
			// A file of the index (a pinned one too, excluded or not),
			// or a directory holding some.
			if _, ok := ix.paths[crel]; ok || ix.dirs[crel] > 0 {
				empty = false
				break
			}
			if ex.excluded(crel, de.Name(), de.IsDir(), in) {
				continue
			}
			if de.IsDir() {
				empty = false
				break
			}
		}
		if empty {
			set[d] = true
		}
	}
	out := make([]string, 0, len(set))
	for d := range set {
		out = append(out, d)
	}
	slices.Sort(out)
	return out, nil
}

// zList is paths as NUL-terminated input for git's -z --stdin.
func zList(paths []string) *bytes.Buffer {
	var b bytes.Buffer
	for _, p := range paths {
		b.WriteString(p)
		b.WriteByte(0)
	}
	return &b
}
