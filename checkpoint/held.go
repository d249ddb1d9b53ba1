package checkpoint

import (
	"compress/zlib"
	"crypto/sha1"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// heldMaxEntries and heldMaxBytes bound what GitHolds reads: the entries it
// compares and the bytes it hashes. Past them, it knows nothing.
const (
	heldMaxEntries = 5000
	heldMaxBytes   = 64 << 20
)

// GitHolds reports whether git already holds what is at path (absolute
// and clean), so that overwriting it with a copy from the index or a
// commit (git checkout -- PATH, git restore PATH) loses nothing: every
// file the work tree's index tracks at or below path has the content the
// index records, or is gone from the work tree (a deletion undone), and
// path names no file the index does not track, and holds below it none but
// a build's output (UntrackedOutput): a copy from a commit, git restore
// --source, would overwrite it. A path that neither the work tree nor the index has
// holds nothing. ok is false when path lies in no work tree, the index
// cannot be read, a tracked path is in a merge, a link or something other
// than a file is on the way, or there is more to read than heldMaxEntries
// and heldMaxBytes allow.
func GitHolds(path string) (held, ok bool) {
	return gitHolds(path, true)
}

// IndexHolds is GitHolds for a copy from the index (git restore PATH, git
// checkout [--] PATH): it writes only paths the index tracks, so a file git
// does not track below path (an ignored .env) is not looked at.
func IndexHolds(path string) (held, ok bool) {
	return gitHolds(path, false)
}

// HeadHolds is IndexHolds for a copy from the commit HEAD names (git
// checkout HEAD -- PATH) while the index is that commit's tree (cached
// root tree), so that the copy writes only paths the index tracks. ok is
// false as for WorkTreeHeld.
func HeadHolds(path string) (held, ok bool) {
	if !filepath.IsAbs(path) || filepath.Clean(path) != path {
		return false, false
	}
	dir := path
	if fi, err := os.Lstat(path); err != nil || !fi.IsDir() {
		dir = filepath.Dir(path)
	}
	_, same, ok := indexIsHead(dir)
	if !ok || !same {
		return false, ok
	}
	return IndexHolds(path)
}

// gitHolds is GitHolds, and IndexHolds without untracked: whether a
// directory's untracked files count.
func gitHolds(path string, untracked bool) (held, ok bool) {
	if !filepath.IsAbs(path) || filepath.Clean(path) != path {
		return false, false
	}
	dir := path
	if fi, err := os.Lstat(path); err != nil || !fi.IsDir() {
		dir = filepath.Dir(path)
	}
	index, prefix := projectIndex(dir)
	if index == "" {
		return false, false
	}
	top := filepath.Join(dir, filepath.FromSlash(strings.Repeat("../", strings.Count(prefix, "/"))))
	rel, err := filepath.Rel(top, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") || slices.Contains(strings.Split(filepath.ToSlash(rel), "/"), ".git") {
		return false, false
	}
	rel = filepath.ToSlash(rel)
	ix, ok := readUserIndex(index)
	if !ok || len(ix.oids) != len(ix.paths) {
		return false, false
	}
	// the entries at or below rel: [lo, hi)
	lo, hi := 0, len(ix.paths)
	if rel != "." {
		lo, _ = slices.BinarySearch(ix.paths, rel)
		hi = lo
		for hi < len(ix.paths) && (ix.paths[hi] == rel || strings.HasPrefix(ix.paths[hi], rel+"/")) {
			hi++
		}
	}
	if hi-lo > heldMaxEntries {
		return false, false
	}
	if fi, err := os.Lstat(path); untracked && err == nil && fi.IsDir() {
		// a file git does not track below it, but a build's output: a
		// copy from a commit (git restore --source, git checkout
		// TREE-ISH --, git reset --hard) may land on it
		output, known := untrackedOutputIn(path, top, ix, false)
		if !known {
			return false, false
		}
		if !output {
			return false, true
		}
	}
	if lo == hi { // nothing tracked there: only nothing at all is held
		if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
			return true, true
		}
		return false, true
	}
	budget := int64(heldMaxBytes)
	for i := lo; i < hi; i++ {
		if ix.merging[i] {
			return false, false
		}
		same, known := sameContent(filepath.Join(top, filepath.FromSlash(ix.paths[i])), ix.entries[i].mode, ix.oids[i], &budget)
		if !known {
			return false, false
		}
		if !same {
			return false, true
		}
	}
	return true, true
}

// sameContent reports whether the file at p, recorded in the index with
// mode and object name oid, has that content, or is gone; it hashes as git
// hashes a blob, a link by its target.
func sameContent(p string, mode uint32, oid [sha1.Size]byte, budget *int64) (same, known bool) {
	for d := filepath.Dir(p); ; d = filepath.Dir(d) { // no link on the way
		fi, err := os.Lstat(d)
		if err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return false, false
		}
		if err != nil || filepath.Dir(d) == d || fileExists(filepath.Join(d, ".git")) {
			break
		}
	}
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return true, true // deleted in the work tree: the copy brings it back
	}
	if err != nil {
		return false, false
	}
	var content []byte
	switch {
	case fi.Mode()&fs.ModeSymlink != 0 && mode&0o170000 == 0o120000:
		target, err := os.Readlink(p)
		if err != nil {
			return false, false
		}
		content = []byte(target)
	case fi.Mode().IsRegular() && mode&0o170000 == 0o100000:
		if *budget -= fi.Size(); *budget < 0 {
			return false, false
		}
		content, err = os.ReadFile(p)
		if err != nil {
			return false, false
		}
	default:
		return false, true // a different kind of file than the index's
	}
	h := sha1.New()
	h.Write([]byte("blob " + strconv.Itoa(len(content)) + "\x00"))
	h.Write(content)
	return [sha1.Size]byte(h.Sum(nil)) == oid, true
}

func fileExists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// UntrackedOutput reports whether every file below the directory dir
// (absolute and clean) that its work tree's index does not track is a
// build's output: it lies in a directory named as builds and package
// managers name their output (BuildOutputDir) that holds no tracked file,
// or is named as a tool names what each run writes (RegenerableFile). What
// git clean -fdx deletes there costs time to make again, not work. ok is
// false when dir is no directory in a work tree, its index cannot be read,
// a repository of its own lies below it, or there are more than
// heldMaxEntries files to look at.
func UntrackedOutput(dir string) (output, ok bool) { return untrackedOutputAt(dir, false) }

// UnignoredOutput is UntrackedOutput of the files git neither tracks nor
// ignores (by the work tree's .gitignore files and .git/info/exclude; a
// global excludes file is not read, so what only it ignores counts): what
// git clean without -x or -X deletes, which leaves ignored files alone.
func UnignoredOutput(dir string) (output, ok bool) { return untrackedOutputAt(dir, true) }

// untrackedOutputAt is UntrackedOutput, or with skipIgnored
// UnignoredOutput, of an absolute, clean directory.
func untrackedOutputAt(dir string, skipIgnored bool) (output, ok bool) {
	if !filepath.IsAbs(dir) || filepath.Clean(dir) != dir {
		return false, false
	}
	if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
		return false, false
	}
	index, prefix := projectIndex(dir)
	if index == "" {
		return false, false
	}
	top := filepath.Join(dir, filepath.FromSlash(strings.Repeat("../", strings.Count(prefix, "/"))))
	ix, ok := readUserIndex(index)
	if !ok {
		return false, false
	}
	return untrackedOutputIn(dir, top, ix, skipIgnored)
}

// untrackedOutputIn is UntrackedOutput for dir in the work tree top whose
// index is ix; with skipIgnored, what git ignores is left out.
func untrackedOutputIn(dir, top string, ix *gitIndex, skipIgnored bool) (output, ok bool) {
	var gitignores *excluder
	chains := map[string]*ignores{} // each directory's ignore files, by its path below top
	ignored := func(p, rel string, isDir bool) bool {
		if !skipIgnored {
			return false
		}
		if gitignores == nil {
			gitignores = newExcluder(top, "", Config{})
		}
		parent := path.Dir(rel)
		in, found := chains[parent]
		if !found {
			in = gitignores.chain(parent)
			chains[parent] = in
		}
		if isDir {
			chains[rel] = gitignores.dirIgnores(in, p, rel, true)
		}
		for g := in; g != nil; g = g.parent {
			if v, matched := decide(g.pats, rel, filepath.Base(p), isDir); matched {
				return v
			}
		}
		return false
	}
	tracks := func(rel string, isDir bool) bool {
		if !isDir {
			_, found := slices.BinarySearch(ix.paths, rel)
			return found
		}
		i, _ := slices.BinarySearch(ix.paths, rel+"/")
		return i < len(ix.paths) && strings.HasPrefix(ix.paths[i], rel+"/")
	}
	n := 0
	output, ok = true, true
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if n++; n > heldMaxEntries {
			ok = false
			return fs.SkipAll
		}
		rel, err := filepath.Rel(top, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == ".git" { // the work tree's own
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			switch {
			case p == top:
				return nil
			case d.Name() == ".git" || fileExists(filepath.Join(p, ".git")):
				ok = false // a repository of its own
				return fs.SkipAll
			case BuildOutputDir(d.Name()) && !tracks(rel, true):
				return fs.SkipDir
			case !tracks(rel, true) && ignored(p, rel, true):
				return fs.SkipDir
			}
			return nil
		}
		if !tracks(rel, false) && !RegenerableFile(d.Name()) && !ignored(p, rel, false) {
			output = false
			return fs.SkipAll
		}
		return nil
	})
	if err != nil || !ok {
		return false, false
	}
	return output, true
}

// WorkTreeHeld reports whether git holds the whole work tree that dir
// lies in, index included: every tracked file has the content the index
// records (GitHolds of its top, build output aside), and the index is the
// tree of the commit HEAD names (its cached root tree, as the last commit
// or checkout wrote it), so that git reset --hard loses no change, staged
// or not, and git reset --keep would have done the same. ok is false when
// that cannot be read from git's files: no cached root tree, a HEAD that
// names no commit, a packed commit object.
func WorkTreeHeld(dir string) (held, ok bool) {
	return workTreeHeld(dir, true)
}

// WorkTreeHeldAtHead is WorkTreeHeld for git reset --hard to the commit
// HEAD names (no commit named, or HEAD): with the index that commit's tree
// it writes only paths the index tracks, so what git does not track is
// not looked at.
func WorkTreeHeldAtHead(dir string) (held, ok bool) {
	return workTreeHeld(dir, false)
}

// workTreeHeld is WorkTreeHeld, and WorkTreeHeldAtHead without untracked.
func workTreeHeld(dir string, untracked bool) (held, ok bool) {
	if !filepath.IsAbs(dir) || filepath.Clean(dir) != dir {
		return false, false
	}
	prefix, same, ok := indexIsHead(dir)
	if !ok || !same {
		return false, ok
	}
	return gitHolds(filepath.Join(dir, filepath.FromSlash(strings.Repeat("../", strings.Count(prefix, "/")))), untracked)
}

// CommitHolds reports whether a commit holds the file at path (absolute
// and clean) as it is: GitHolds of it, and the index is the tree of the
// commit HEAD names (its cached root tree), so that git checkout HEAD --
// PATH gives it back even after the index loses it. ok is false as for
// WorkTreeHeld.
func CommitHolds(path string) (held, ok bool) {
	if !filepath.IsAbs(path) || filepath.Clean(path) != path {
		return false, false
	}
	_, same, ok := indexIsHead(filepath.Dir(path))
	if !ok || !same {
		return false, ok
	}
	return GitHolds(path)
}

// indexIsHead reports whether the index of the work tree holding dir is
// the tree of the commit HEAD names (the index's cached root tree, as the
// last commit or checkout wrote it); prefix is dir's path below the work
// tree's top, as projectIndex gives it. ok is false when git's files do
// not tell: no index, no cached root tree, a HEAD that names no commit, a
// packed commit object.
func indexIsHead(dir string) (prefix string, same, ok bool) {
	index, prefix := projectIndex(dir)
	if index == "" {
		return "", false, false
	}
	data, err := os.ReadFile(index)
	if err != nil || len(data) >= maxUserIndex {
		return "", false, false
	}
	ix, err := parseIndexOf(data, true)
	if err != nil || ix.rootTree == "" {
		return "", false, false
	}
	tree, found := headTree(filepath.Dir(index))
	if !found {
		return "", false, false
	}
	return prefix, tree == ix.rootTree, true
}

// headTree is the tree of the commit HEAD names in the git directory
// gitDir, read from git's files: HEAD, a loose or packed ref and a loose
// commit object (a linked work tree's refs and objects are in its common
// directory).
func headTree(gitDir string) (string, bool) {
	common := gitDir
	if c, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		common = strings.TrimSpace(string(c))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
	}
	head, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return "", false
	}
	id := strings.TrimSpace(string(head))
	if ref, isRef := strings.CutPrefix(id, "ref: "); isRef {
		if !strings.HasPrefix(ref, "refs/") || strings.Contains(ref, "..") {
			return "", false
		}
		id = ""
		for _, d := range []string{gitDir, common} {
			if b, err := os.ReadFile(filepath.Join(d, filepath.FromSlash(ref))); err == nil {
				id = strings.TrimSpace(string(b))
				break
			}
		}
		if id == "" {
			packed, _ := os.ReadFile(filepath.Join(common, "packed-refs"))
			for _, line := range strings.Split(string(packed), "\n") {
				if name, ok := strings.CutSuffix(line, " "+ref); ok {
					id = name
					break
				}
			}
		}
	}
	if len(id) != 2*sha1.Size || strings.Trim(id, "0123456789abcdef") != "" {
		return "", false
	}
	f, err := os.Open(filepath.Join(common, "objects", id[:2], id[2:]))
	if err != nil {
		return "", false // packed, or no such commit
	}
	defer f.Close()
	z, err := zlib.NewReader(f)
	if err != nil {
		return "", false
	}
	defer z.Close()
	buf := make([]byte, 512)
	n, _ := io.ReadFull(z, buf)
	obj := string(buf[:n])
	hdr, body, found := strings.Cut(obj, "\x00")
	if !found || !strings.HasPrefix(hdr, "commit ") {
		return "", false
	}
	tree, found := strings.CutPrefix(body, "tree ")
	if !found || len(tree) < 2*sha1.Size+1 || tree[2*sha1.Size] != '\n' {
		return "", false
	}
	return tree[:2*sha1.Size], true
}
