package checkpoint

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hguard/hguard/internal/statefile"
)

// Pins. A snapshot keeps every file that the project's git tracks (its
// index) and every file that the latest snapshot held, whatever the ignore
// files say now: git itself keeps tracking a file that a later ignore rule
// matches, and a rule written just before a delete (`printf '*\n' >
// .git/info/exclude; rm -rf src`) must not take src out of the checkpoint
// taken before the delete. A pin overrides the ignore files and nothing
// else: a .git entry on the way, hguard's home, checkpoints.exclude and
// the defaults (secrets, dependencies, build output: a project that
// commits its node_modules must not grow past max_files) still leave a
// file out, and too large or unreadable files are skipped as any.

// pinnable reports whether a pinned path (a directory: isDir) may be kept although the walk
// left it out: the rules without the ignore files keep it (no element is
// a .git entry or excluded by the config's patterns or the defaults), and
// it is not in hguard's home.
func (e *excluder) pinnable(rel string, isDir bool) bool {
	if rel == "" || e.homeRel == "." || e.homeRel != "" && (rel == e.homeRel || strings.HasPrefix(rel, e.homeRel+"/")) {
		return false
	}
	for i := 0; ; {
		end := len(rel)
		j := strings.IndexByte(rel[i:], '/')
		last := j < 0
		if !last {
			end = i + j
		}
		dir := !last || isDir
		cur, name := rel[:end], rel[i:end]
		if name == "" || strings.EqualFold(name, ".git") {
			return false
		}
		if v, ok := decide(e.config, cur, name, dir); ok {
			if v {
				return false
			}
		} else if v, _ := decide(e.defaults, cur, name, dir); v {
			return false
		}
		if last {
			return true
		}
		i = end + 1
	}
}

// pinned decides a pinned path that the walk left out. keep: it is a file
// or symbolic link a snapshot can hold, reached through directories only
// (dirsOK tells), that pinnable allows; sk is set instead when it is too
// large or unreadable. info is its lstat.
func (r *Repo) pinned(e *excluder, rel string, dirsOK func(string) bool) (info fs.FileInfo, sk *Skipped, keep bool) {
	if !e.pinnable(rel, false) {
		return nil, nil, false
	}
	abs := filepath.Join(r.Dir, filepath.FromSlash(rel))
	fi, err := os.Lstat(abs)
	if err != nil || !dirsOK(path.Dir(rel)) {
		return nil, nil, false
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		if symlinkGitIgnores(path.Base(rel)) {
			return nil, nil, false
		}
		return fi, nil, true
	case !fi.Mode().IsRegular():
		return nil, nil, false
	case fi.Size() > r.cfg.MaxFileSize:
		return nil, &Skipped{Path: rel, Size: fi.Size(), Why: "larger than the size limit"}, false
	case !readable(abs, fi):
		return nil, &Skipped{Path: rel, Size: fi.Size(), Why: "unreadable"}, false
	}
	return fi, nil, true
}

// trackedPaths is the paths of the files the project's own git index
// holds below r.Dir, relative to it and sorted; nil when there is no index
// or it cannot be read. The index is found as git finds it from the
// directory: the nearest .git up, a directory or a file naming one
// ("gitdir: ..."; a linked worktree's has its own index). It is read in
// Go: no git runs in the user's repository (whose config could run
// commands, core.fsmonitor), and none of hguard's environment (GIT_DIR,
// GIT_INDEX_FILE) changes which index is read. The watcher reads it again
// only when the file changed.
func (r *Repo) trackedPaths() []string {
	index, prefix := projectIndex(r.Dir)
	if index == "" {
		return nil
	}
	fi, err := os.Stat(index)
	if err != nil {
		return nil
	}
	stamp := statefile.StampOf(fi)
	if c := r.tracked; c != nil && c.file == index && c.stamp == stamp {
		return c.paths
	}
	ix, ok := readUserIndex(index)
	if !ok {
		return nil
	}
	paths := ix.paths
	if prefix != "" {
		// The entries below the prefix are one run of the sorted paths.
		lo, _ := slices.BinarySearch(paths, prefix)
		hi := lo
		for hi < len(paths) && strings.HasPrefix(paths[hi], prefix) {
			hi++
		}
		paths = slices.Clone(paths[lo:hi])
		for i, p := range paths {
			paths[i] = p[len(prefix):]
		}
	}
	r.tracked = &trackedCache{file: index, stamp: stamp, paths: paths}
	return paths
}

// maxUserIndex bounds the size of a user's index hguard reads (a tree of
// a million files has an index of about 100 MiB).
const maxUserIndex = 256 << 20

// trackedCache is the paths of a user's index as read last.
type trackedCache struct {
	file  string
	stamp statefile.Stamp
	paths []string
}

// projectIndex finds the index of the git work tree that dir is in, and
// dir's path below its top ("" or "a/b/").
func projectIndex(dir string) (index, prefix string) {
	for d := dir; ; {
		dotGit := filepath.Join(d, ".git")
		if fi, err := os.Lstat(dotGit); err == nil {
			gitDir := ""
			switch {
			case fi.IsDir():
				gitDir = dotGit
			case fi.Mode().IsRegular() && fi.Size() < 4096:
				data, err := os.ReadFile(dotGit)
				if err != nil {
					return "", ""
				}
				line, _, _ := bytes.Cut(data, []byte("\n"))
				target, ok := strings.CutPrefix(strings.TrimSpace(string(line)), "gitdir:")
				if !ok {
					return "", ""
				}
				gitDir = strings.TrimSpace(target)
				if !filepath.IsAbs(gitDir) {
					gitDir = filepath.Join(d, gitDir)
				}
			default:
				return "", ""
			}
			rel, err := filepath.Rel(d, dir)
			if err != nil {
				return "", ""
			}
			if rel == "." {
				rel = ""
			} else {
				rel = filepath.ToSlash(rel) + "/"
			}
			return filepath.Join(gitDir, "index"), rel
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", ""
		}
		d = parent
	}
}

// keepPinned adds to l the pinned files the walk left out: the paths of
// before (the shadow index before this update), of the latest snapshot's
// tree (latest, when the index does not hold it) and of the project's
// index that the walk did not list. Those that may be kept join l.files
// (sorted again; the empty directories above them are no longer empty)
// and are written to emit unless the shadow index shows them unchanged;
// the paths of before that are neither walked nor kept are returned as
// gone. maxFiles counts the kept ones too.
func (r *Repo) keepPinned(ctx context.Context, e *excluder, l *listing, before []string, ix *gitIndex, latest string, emit io.Writer, maxFiles int) (gone []string, err error) {
	var held []string
	if latest != "" && (ix == nil || ix.rootTree != latest) {
		// Files the watcher's incremental snapshots added since the index
		// was written are in the latest tree only.
		var out []byte
		if ix != nil && ix.rootTree != "" {
			out, err = r.git(ctx, nil, "diff-tree", "-r", "-z", "--name-only", "--no-renames", ix.rootTree, latest)
		} else {
			out, err = r.git(ctx, nil, "ls-tree", "-r", "-z", "--name-only", "--full-tree", latest)
		}
		if err != nil {
			return nil, r.gitFailed(err)
		}
		for p := range bytes.SplitSeq(out, []byte{0}) {
			if len(p) > 0 {
				held = append(held, string(p))
			}
		}
		slices.Sort(held)
	}
	goneShadow := minus(before, l.files)
	candidates := mergeUnique(goneShadow, minus(held, l.files), minus(r.trackedPaths(), l.files))
	if len(candidates) == 0 {
		return goneShadow, nil
	}
	realDirs := map[string]bool{".": true}
	dirsOK := func(d string) bool { return r.noSymlinkTo(d, realDirs) }
	var kept []string
	for _, p := range candidates {
		info, sk, keep := r.pinned(e, p, dirsOK)
		l.skipped = addSkipped(l.skipped, sk)
		if !keep {
			if _, ok := slices.BinarySearch(goneShadow, p); ok {
				gone = append(gone, p)
			}
			continue
		}
		kept = append(kept, p)
		if len(l.files)+len(kept) > maxFiles {
			return nil, &TooManyFilesError{Dir: r.Dir, Max: maxFiles}
		}
		if emit != nil && (ix == nil || !ix.unchanged(p, info)) {
			io.WriteString(emit, p+"\x00")
		}
	}
	if len(kept) == 0 {
		return gone, nil
	}
	l.files = mergeUnique(l.files, kept)
	full := map[string]bool{}
	for _, p := range kept {
		for d := path.Dir(p); d != "." && !full[d]; d = path.Dir(d) {
			full[d] = true
		}
	}
	l.empty = slices.DeleteFunc(l.empty, func(d string) bool { return full[d] })
	return gone, nil
}

// minus is the paths of a not in b; both sorted bytewise.
func minus(a, b []string) []string {
	var out []string
	i := 0
	for _, s := range a {
		for i < len(b) && b[i] < s {
			i++
		}
		if i == len(b) || b[i] != s {
			out = append(out, s)
		}
	}
	return out
}

// mergeUnique merges sorted lists into one sorted list without repeats.
func mergeUnique(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// addSkipped adds sk to skipped unless it is nil or listed already (the
// walk skipped it).
func addSkipped(skipped []Skipped, sk *Skipped) []Skipped {
	if sk == nil || slices.ContainsFunc(skipped, func(s Skipped) bool { return s.Path == sk.Path }) {
		return skipped
	}
	return append(skipped, *sk)
}

// TrackedBelow reports whether the git work tree that holds path (absolute
// and clean) tracks path itself or any file below it: a delete of what
// nothing tracks loses nothing git can give back, and a delete of what it
// tracks is undone by git. ok is false when path lies in no work tree,
// is the work tree's top, or its index cannot be read (a split index, one
// larger than maxUserIndex): the caller then knows nothing. A repository
// git init made, with no index and no commit yet, tracks nothing (unborn). The index is
// read as trackedPaths reads it, in Go; submodules (gitlinks) are not
// entries, so a caller must look for a .git below path itself.
func TrackedBelow(path string) (tracked, ok bool) {
	if !filepath.IsAbs(path) || filepath.Clean(path) != path {
		return false, false
	}
	index, prefix := projectIndex(filepath.Dir(path))
	if index == "" {
		return false, false
	}
	ix, ok := readUserIndex(index)
	if !ok {
		// git init before the first git add: no index, no commit
		return false, unborn(filepath.Dir(index))
	}
	rel := prefix + filepath.ToSlash(filepath.Base(path))
	if _, found := slices.BinarySearch(ix.paths, rel); found {
		return true, true
	}
	i, _ := slices.BinarySearch(ix.paths, rel+"/")
	return i < len(ix.paths) && strings.HasPrefix(ix.paths[i], rel+"/"), true
}

// unborn reports a repository git init made that has no index yet and no
// commit on the branch HEAD names: it tracks nothing. A linked worktree
// (whose refs live in the common directory) and a reftable repository are
// not judged.
func unborn(gitDir string) bool {
	for _, name := range []string{"index", "commondir", "reftable", "packed-refs"} {
		if _, err := os.Lstat(filepath.Join(gitDir, name)); !errors.Is(err, fs.ErrNotExist) {
			return false
		}
	}
	head, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return false
	}
	ref, ok := strings.CutPrefix(strings.TrimSpace(string(head)), "ref: ")
	if !ok || !strings.HasPrefix(ref, "refs/heads/") || slices.Contains(strings.Split(ref, "/"), "..") {
		return false
	}
	_, err = os.Lstat(filepath.Join(gitDir, filepath.FromSlash(ref)))
	return errors.Is(err, fs.ErrNotExist)
}

// readUserIndex reads and parses a user's git index file, at most
// maxUserIndex bytes of it; not ok when it cannot be read whole or parsed.
func readUserIndex(index string) (*gitIndex, bool) {
	f, err := os.Open(index)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxUserIndex))
	if err != nil || len(data) == maxUserIndex {
		return nil, false
	}
	ix, err := parseIndexOf(data, true)
	return ix, err == nil
}
