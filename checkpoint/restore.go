package checkpoint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Change is one path that a restore wrote or removed.
type Change struct {
	Path string
	Op   byte // 'M' restored to its old content, 'A' brought back, 'D' removed (created since)
}

// Restored is the outcome of [Repo.Restore] and [Repo.RestorePath].
type Restored struct {
	Target  *Snapshot
	Pre     *Snapshot // the pre-rollback snapshot that undoes this restore
	Changes []Change
}

// Restore brings the whole tree back to the snapshot ref: modified files
// get their old content, files created since are removed and deleted ones
// come back. It first takes a pre-rollback snapshot, so it can be undone.
// Excluded and skipped files are left alone.
func (r *Repo) Restore(ctx context.Context, ref Ref) (*Restored, error) {
	unlock, err := r.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	// The whole target tree is read by read-tree below before it writes
	// anything, so it needs no reading here.
	target, list, err := r.target(ctx, ref, false)
	if err != nil {
		return nil, err
	}
	// What the restore changes is the diff of the tree as it is (the
	// pre-rollback snapshot's) against the target's, read while the
	// pre-rollback commit is made. Its numstat reads every blob the
	// restore will write (so a damaged one stops the restore before a
	// file changes). When the target is the snapshot just before the
	// pre-rollback one (a rollback to the latest checkpoint), the
	// pre-rollback snapshot's statistics are this diff's, reversed, and
	// it runs no diff of its own.
	var (
		changes []rawChange
		diffErr error
		wg      sync.WaitGroup
	)
	pre, err := r.preRollback(ctx, target, "", list, func(tree, previous string) ([3]int, bool) {
		if tree == target.Tree {
			return [3]int{}, false // nothing to restore
		}
		if previous == target.Tree {
			var st [3]int
			changes, st, diffErr = r.changesStats(ctx, tree, target.Tree)
			return [3]int{st[0], st[2], st[1]}, diffErr == nil
		}
		wg.Go(func() { changes, _, diffErr = r.changesStats(ctx, tree, target.Tree) })
		return [3]int{}, false
	})
	wg.Wait()
	if err != nil {
		return nil, err
	}
	if diffErr != nil {
		return nil, diffErr
	}
	// Only a mode change keeps its blob, which the numstat did not read.
	var same []rawChange
	for _, c := range changes {
		if c.status != 'D' && c.oldBlob == c.newBlob {
			same = append(same, c)
		}
	}
	if err := r.verifyBlobs(ctx, same); err != nil {
		return nil, err
	}
	if err := r.checkOverwrites(changes); err != nil {
		return nil, err
	}
	// A one-tree merge from the freshly staged index: git checks every
	// path before writing any, refuses to overwrite files it does not
	// track (excluded ones) and never writes through a symlink. It is
	// given the commit, not its tree, so a missing commit (the list may
	// come from listFile, which does not read it) stops it too.
	if _, err := r.git(ctx, nil, "read-tree", "-m", "-u", target.Hash); err != nil {
		return nil, fmt.Errorf("restoring %s to checkpoint %s: %w (nothing was changed; the tree is as it was)", r.Dir, target.Short(), r.gitFailed(err))
	}
	r.fixEmptyDirsAfter(target.empty, pre.empty, changes)
	return &Restored{Target: target, Pre: pre, Changes: toChanges(changes)}, nil
}

// RestorePath restores one file or directory, rel as returned by [Repo.Path],
// to the snapshot ref, after a pre-rollback snapshot. A path that did not
// exist in the snapshot is removed.
func (r *Repo) RestorePath(ctx context.Context, ref Ref, rel string) (*Restored, error) {
	unlock, err := r.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	target, list, err := r.target(ctx, ref, true)
	if err != nil {
		return nil, err
	}
	inTarget, err := r.git(ctx, nil, "ls-tree", "-r", "-z", "--name-only", "--full-tree", target.Hash, "--", rel)
	if err != nil {
		return nil, r.gitFailed(err)
	}
	_, statErr := os.Lstat(filepath.Join(r.Dir, filepath.FromSlash(rel)))
	if len(inTarget) == 0 && errors.Is(statErr, fs.ErrNotExist) && !hasPrefixDir(target.empty, rel) {
		return nil, fmt.Errorf("%s is neither in checkpoint %s nor in %s now", rel, target.Short(), r.Dir)
	}
	pre, err := r.preRollback(ctx, target, rel, list, nil)
	if err != nil {
		return nil, err
	}
	// Files the snapshot would overwrite that the pre-rollback snapshot
	// could not save (excluded or skipped now) stop the restore.
	indexed, err := r.git(ctx, nil, "ls-files", "-z", "--", rel)
	if err != nil {
		return nil, r.gitFailed(err)
	}
	tracked := splitZ(indexed)
	for p := range splitZ(inTarget) {
		if _, err := os.Lstat(filepath.Join(r.Dir, filepath.FromSlash(p))); err == nil && !tracked[p] {
			return nil, fmt.Errorf("%s exists but is not in the snapshots now (excluded or skipped); restoring it would lose it: move it away first", p)
		}
	}
	changes, err := r.changes(ctx, pre.Tree, target.Tree, rel)
	if err != nil {
		return nil, err
	}
	if err := r.verifyBlobs(ctx, changes); err != nil {
		return nil, err
	}
	if len(inTarget) > 0 || len(tracked) > 0 {
		if _, err := r.git(ctx, nil, "restore", "--quiet", "--source="+target.Hash, "--staged", "--worktree", "--no-overlay", "--", rel); err != nil {
			return nil, fmt.Errorf("restoring %s to checkpoint %s: %w", rel, target.Short(), r.gitFailed(err))
		}
	}
	r.fixEmptyDirs(target.empty, rel)
	return &Restored{Target: target, Pre: pre, Changes: toChanges(changes)}, nil
}

// Diff writes what changed in the tree since the snapshot ref: a summary
// and a patch, as git diff shows them. It reports whether anything did.
func (r *Repo) Diff(ctx context.Context, ref Ref, w io.Writer) (bool, error) {
	unlock, err := r.lock()
	if err != nil {
		return false, err
	}
	defer unlock()
	target, list, err := r.target(ctx, ref, true)
	if err != nil {
		return false, err
	}
	st, err := r.stage(ctx, math.MaxInt, func() string { return list[0].Tree }) // what is there now, however large
	if err != nil {
		return false, err
	}
	if st.tree == target.Tree {
		return false, nil
	}
	err = r.gitTo(ctx, w, nil, "diff", "--no-ext-diff", "--no-textconv", "--no-color", "--stat", "--patch", "--no-renames", target.Tree, st.tree)
	if err != nil {
		return true, r.gitFailed(err)
	}
	return true, nil
}

// target resolves ref, and returns the list it was found in (newest
// first, with each snapshot's empty directories). readTree also reads
// the snapshot's whole tree, so a damaged shadow repository is found
// before anything is written; a full restore leaves that to read-tree,
// which reads the whole tree before it writes a file.
func (r *Repo) target(ctx context.Context, ref Ref, readTree bool) (*Snapshot, []*Snapshot, error) {
	if err := r.check(); err != nil {
		return nil, nil, err
	}
	list, err := r.list(ctx, true)
	if err != nil {
		return nil, nil, err
	}
	s, err := r.resolve(list, ref)
	if err != nil {
		return nil, nil, err
	}
	if readTree {
		if _, err := r.git(ctx, nil, "ls-tree", "-r", "-t", "-z", "--name-only", s.Tree); err != nil {
			return nil, nil, r.damaged(fmt.Sprintf("the files of checkpoint %s cannot be read: %v", s.Short(), err))
		}
	}
	return s, list, nil
}

// preRollback snapshots the tree as it is, so the restore can be undone.
func (r *Repo) preRollback(ctx context.Context, target *Snapshot, rel string, list []*Snapshot, afterTree func(tree, previous string) ([3]int, bool)) (*Snapshot, error) {
	to := fmt.Sprintf("%d (%s)", target.ID, target.Short())
	reason := "pre-rollback to " + to
	if rel != "" {
		reason = "pre-rollback of " + rel + " to " + to
	}
	// The target is never pruned to make room for this snapshot, and a
	// tree that grew past max_files is still saved: without it the
	// rollback could not be undone.
	res, err := r.create(ctx, reason, createOpts{protect: target.Hash, noLimit: true, list: list, afterTree: afterTree})
	if err != nil {
		return nil, fmt.Errorf("taking the pre-rollback snapshot (nothing was restored): %w", err)
	}
	return res.Snapshot, nil
}

// rawChange is one line of diff-tree --raw.
type rawChange struct {
	path             string
	newMode          string
	oldBlob, newBlob string
	status           byte
}

// changes lists what differs between two trees, under rel if given.
func (r *Repo) changes(ctx context.Context, from, to, rel string) ([]rawChange, error) {
	args := []string{"diff-tree", "-r", "-z", "--raw", "--no-renames", "--no-abbrev", from, to}
	if rel != "" {
		args = append(args, "--", rel)
	}
	out, err := r.git(ctx, nil, args...)
	if err != nil {
		return nil, r.gitFailed(err)
	}
	// ":oldmode newmode oldsha newsha status\0path\0"
	var cs []rawChange
	f := bytes.Split(out, []byte{0})
	for i := 0; i+1 < len(f); i += 2 {
		meta := strings.Fields(strings.TrimPrefix(string(f[i]), ":"))
		if len(meta) < 5 {
			break
		}
		cs = append(cs, rawChange{path: string(f[i+1]), newMode: meta[1], oldBlob: meta[2], newBlob: meta[3], status: meta[4][0]})
	}
	return cs, nil
}

// changesStats is changes of two whole trees together with the totals of
// their numstat (files, added and deleted lines): one diff-tree run,
// which reads every blob that differs on both sides.
func (r *Repo) changesStats(ctx context.Context, from, to string) ([]rawChange, [3]int, error) {
	var st [3]int
	out, err := r.git(ctx, nil, "diff-tree", "-r", "-z", "--raw", "--numstat", "--no-renames", "--no-abbrev", from, to)
	if err != nil {
		return nil, st, r.gitFailed(err)
	}
	// Raw records ":oldmode newmode oldsha newsha status\0path\0", then
	// numstat records "added\tdeleted\tpath\0".
	var cs []rawChange
	for len(out) > 0 {
		rec, rest, _ := bytes.Cut(out, []byte{0})
		out = rest
		if len(rec) > 0 && rec[0] == ':' {
			meta := strings.Fields(string(rec[1:]))
			path, rest, ok := bytes.Cut(out, []byte{0})
			if len(meta) < 5 || !ok {
				return nil, st, r.damaged(fmt.Sprintf("unreadable diff record %q", rec))
			}
			out = rest
			cs = append(cs, rawChange{path: string(path), newMode: meta[1], oldBlob: meta[2], newBlob: meta[3], status: meta[4][0]})
			continue
		}
		added, rest, ok1 := bytes.Cut(rec, []byte{'\t'})
		deleted, _, ok2 := bytes.Cut(rest, []byte{'\t'})
		if ok1 && ok2 {
			st[0]++
			st[1] += atoi(added)
			st[2] += atoi(deleted)
		}
	}
	return cs, st, nil
}

// checkOverwrites refuses a restore that would overwrite a file no
// snapshot holds: one that is excluded or skipped now. git itself would,
// since it treats files its .gitignore rules ignore as expendable.
func (r *Repo) checkOverwrites(cs []rawChange) error {
	removed := map[string]bool{}
	for _, c := range cs {
		if c.status == 'D' {
			removed[c.path] = true
		}
	}
	for _, c := range cs {
		if c.status != 'A' {
			continue
		}
		if err := r.checkOverwrite(c.path, removed); err != nil {
			return err
		}
	}
	return nil
}

// checkOverwrite checks the way to one path the restore brings back, from
// the root down: it is never looked at through a symlink (a directory
// replaced by a symlink is removed by the restore, not followed), and
// every file or symlink in the way must be one the restore removes.
func (r *Repo) checkOverwrite(path string, removed map[string]bool) error {
	els := strings.Split(path, "/")
	for i := range els {
		p := strings.Join(els[:i+1], "/")
		abs := filepath.Join(r.Dir, filepath.FromSlash(p))
		fi, err := os.Lstat(abs)
		switch {
		case err != nil:
			return nil // nothing there: nothing to lose below
		case !fi.IsDir():
			if removed[p] {
				return nil // a file or symlink the restore replaces
			}
			return r.wouldLose(p)
		case i == len(els)-1:
			// A directory where the snapshot has a file: git removes it
			// only when everything in it is removed too.
			if lost := untrackedUnder(abs, p, removed); lost != "" {
				return r.wouldLose(lost)
			}
		}
	}
	return nil
}

// untrackedUnder finds a file under dir that is not about to be removed.
func untrackedUnder(abs, rel string, removed map[string]bool) string {
	entries, err := os.ReadDir(abs)
	if err != nil {
		return rel
	}
	for _, de := range entries {
		crel := rel + "/" + de.Name()
		if de.IsDir() {
			if lost := untrackedUnder(filepath.Join(abs, de.Name()), crel, removed); lost != "" {
				return lost
			}
		} else if !removed[crel] {
			return crel
		}
	}
	return ""
}

func (r *Repo) wouldLose(p string) error {
	return fmt.Errorf("restoring would overwrite %s, which is not in the snapshots now (excluded or skipped): move it away first; nothing was changed", p)
}

// verifyBlobs reads every object a restore will write, so that a damaged
// shadow repository fails before the first file changes.
func (r *Repo) verifyBlobs(ctx context.Context, cs []rawChange) error {
	var in strings.Builder
	n := 0
	for _, c := range cs {
		if c.status != 'D' && c.newMode != "160000" {
			in.WriteString(c.newBlob + "\n")
			n++
		}
	}
	if n == 0 {
		return nil
	}
	var out countingWriter
	if err := r.gitTo(ctx, &out, strings.NewReader(in.String()), "cat-file", "--batch"); err != nil {
		return r.damaged(fmt.Sprintf("files of the checkpoint cannot be read: %v", err))
	}
	if out.missing {
		return r.damaged("files of the checkpoint are missing from it")
	}
	return nil
}

// countingWriter discards cat-file output, watching for "missing".
type countingWriter struct {
	missing bool
	tail    []byte
}

func (w *countingWriter) Write(p []byte) (int, error) {
	buf := append(w.tail, p...)
	if bytes.Contains(buf, []byte(" missing\n")) {
		w.missing = true
	}
	w.tail = append([]byte(nil), buf[max(0, len(buf)-80):]...)
	return len(p), nil
}

func toChanges(cs []rawChange) []Change {
	out := make([]Change, 0, len(cs))
	for _, c := range cs {
		op := c.status
		switch op {
		case 'A':
			op = 'A' // in the snapshot, not in the tree: brought back
		case 'D':
			op = 'D'
		default:
			op = 'M'
		}
		out = append(out, Change{Path: c.path, Op: op})
	}
	return out
}

// fixEmptyDirs recreates the snapshot's empty directories and removes the
// empty ones created since, under prefix if given. Only empty directories
// are removed, so no content can be lost; excluded ones are left alone.
func (r *Repo) fixEmptyDirs(empty []string, prefix string) {
	want := map[string]bool{}
	for _, d := range empty {
		if prefix != "" && d != prefix && !strings.HasPrefix(d, prefix+"/") {
			continue
		}
		want[d] = true
		r.mkdirInside(d)
	}
	start, rel := r.Dir, ""
	if prefix != "" {
		start, rel = filepath.Join(r.Dir, filepath.FromSlash(prefix)), prefix
	}
	if fi, err := os.Lstat(start); err != nil || !fi.IsDir() {
		return
	}
	e := newExcluder(r.Dir, r.home, r.cfg)
	var sweep func(abs, rel string, in *ignores) bool
	sweep = func(abs, rel string, in *ignores) bool { // reports whether abs is now empty
		entries, err := os.ReadDir(abs)
		if err != nil {
			return false
		}
		if rel != "" {
			in = e.dirIgnores(in, abs, rel, hasGitignore(entries))
		}
		left := len(entries)
		for _, de := range entries {
			if !de.IsDir() {
				continue
			}
			crel := de.Name()
			if rel != "" {
				crel = rel + "/" + crel
			}
			if e.excluded(crel, de.Name(), true, in) {
				continue
			}
			if sweep(filepath.Join(abs, de.Name()), crel, in) && !want[crel] {
				if os.Remove(filepath.Join(abs, de.Name())) == nil {
					left--
				}
			}
		}
		return left == 0
	}
	sweep(start, rel, e.chain(filepath.ToSlash(filepath.Dir(filepath.FromSlash(rel)))))
}

// fixEmptyDirsAfter is fixEmptyDirs for a whole-tree restore, without a
// walk of the tree: the directories that can be empty now and not in the
// target are those the pre-rollback snapshot found empty (its walk just
// listed them) and those the restore took files out of. Each is removed
// if it is empty and the target does not have it, and then its parents
// while they are empty too and not wanted, as the sweep would.
func (r *Repo) fixEmptyDirsAfter(empty, before []string, cs []rawChange) {
	want := map[string]bool{}
	for _, d := range empty {
		want[d] = true
		r.mkdirInside(d)
	}
	seen := map[string]bool{}
	var cand []string
	add := func(d string) {
		if !seen[d] {
			seen[d] = true
			cand = append(cand, d)
		}
	}
	for _, d := range before {
		add(d)
	}
	for _, c := range cs {
		if c.status == 'D' {
			add(path.Dir(c.path))
		}
	}
	// Deepest first, so a parent is tried after its children.
	slices.SortFunc(cand, func(a, b string) int { return strings.Count(b, "/") - strings.Count(a, "/") })
	removed := map[string]bool{}
	for _, d := range cand {
		for d != "." && d != "" && !want[d] && !removed[d] && r.removeEmptyDir(d) {
			removed[d] = true
			d = path.Dir(d)
		}
	}
}

// removeEmptyDir removes the directory rel below the root if it is empty
// and no symbolic link is on the way to it.
func (r *Repo) removeEmptyDir(rel string) bool {
	cur := r.Dir
	for _, el := range strings.Split(rel, "/") {
		if el == "" || el == "." || el == ".." {
			return false
		}
		cur = filepath.Join(cur, el)
		if fi, err := os.Lstat(cur); err != nil || !fi.IsDir() {
			return false
		}
	}
	return os.Remove(cur) == nil
}

// mkdirInside creates the directory rel below the root, refusing to
// follow a symlink or replace a file on the way.
func (r *Repo) mkdirInside(rel string) {
	cur := r.Dir
	for _, el := range strings.Split(rel, "/") {
		if el == "" || el == "." || el == ".." {
			return
		}
		cur = filepath.Join(cur, el)
		fi, err := os.Lstat(cur)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if os.Mkdir(cur, 0o755) != nil {
				return
			}
		case err != nil || !fi.IsDir():
			return
		}
	}
}

func hasPrefixDir(dirs []string, rel string) bool {
	for _, d := range dirs {
		if d == rel || strings.HasPrefix(d, rel+"/") {
			return true
		}
	}
	return false
}

func splitZ(b []byte) map[string]bool {
	m := map[string]bool{}
	for _, p := range bytes.Split(b, []byte{0}) {
		if len(p) > 0 {
			m[string(p)] = true
		}
	}
	return m
}
