package checkpoint

import (
	"bytes"
	"compress/zlib"
	"crypto/rand"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Objects written in Go, as git writes them: the watcher's incremental
// snapshot stores the few blobs and trees of a change itself instead of
// sending them through the shadow index (see editTree), whose read and
// rewrite by git grow with the tree, not the change. The shadow
// repository's attributes switch off every filter and conversion, so a
// blob is the file's bytes and a symbolic link's target, as update-index
// would store them.

// treeEntry is one entry of a tree object. mode is kept as git wrote it.
type treeEntry struct {
	mode string // "100644", "100755", "120000", "40000", "160000"
	name string
	oid  [sha1.Size]byte
}

func (e treeEntry) isTree() bool { return e.mode == "40000" }

// errTreeFormat is a tree object this reader does not understand.
var errTreeFormat = errors.New("malformed tree object")

// parseTree reads the entries of a tree object's content: per entry the
// mode in octal, a space, the name, a NUL and the raw object name.
func parseTree(data []byte) ([]treeEntry, error) {
	var out []treeEntry
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		if sp <= 0 {
			return nil, errTreeFormat
		}
		nul := bytes.IndexByte(data[sp+1:], 0)
		if nul <= 0 || sp+1+nul+1+sha1.Size > len(data) {
			return nil, errTreeFormat
		}
		e := treeEntry{mode: string(data[:sp]), name: string(data[sp+1 : sp+1+nul])}
		rest := data[sp+1+nul+1:]
		copy(e.oid[:], rest[:sha1.Size])
		out = append(out, e)
		data = rest[sha1.Size:]
	}
	return out, nil
}

// encodeTree is the content of a tree object of entries, sorted as git
// sorts them: bytewise by name, a tree's name compared as if it ended
// in "/".
func encodeTree(entries []treeEntry) []byte {
	slices.SortFunc(entries, func(a, b treeEntry) int {
		return strings.Compare(sortName(a), sortName(b))
	})
	var b bytes.Buffer
	for _, e := range entries {
		b.WriteString(e.mode)
		b.WriteByte(' ')
		b.WriteString(e.name)
		b.WriteByte(0)
		b.Write(e.oid[:])
	}
	return b.Bytes()
}

func sortName(e treeEntry) string {
	if e.isTree() {
		return e.name + "/"
	}
	return e.name
}

// objectID is the name git gives an object of this kind and content.
func objectID(kind string, content []byte) [sha1.Size]byte {
	h := sha1.New()
	fmt.Fprintf(h, "%s %d\x00", kind, len(content))
	h.Write(content)
	var id [sha1.Size]byte
	h.Sum(id[:0])
	return id
}

// writeLoose stores an object as a loose object of the shadow repository
// (zlib at git's default loose level, best speed; read-only; written to a
// temporary file and renamed, so a reader sees all of it or nothing; not
// synced, as git does not sync loose objects by default) and returns its
// name. An object that is already there loose is left alone;
// one that is only in a pack gets a loose copy, which the next pack of
// loose objects folds in. While the repository collects a pack, the
// object goes into it instead.
func (r *Repo) writeLoose(kind string, content []byte) ([sha1.Size]byte, error) {
	if r.packing != nil { // collected for one pack (see packWriter)
		return r.packing.add(kind, content), nil
	}
	id := objectID(kind, content)
	name := hex.EncodeToString(id[:])
	dir := filepath.Join(r.GitDir, "objects", name[:2])
	dest := filepath.Join(dir, name[2:])
	if _, err := os.Lstat(dest); err == nil {
		return id, nil
	}
	var buf bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&buf, zlib.BestSpeed)
	fmt.Fprintf(zw, "%s %d\x00", kind, len(content))
	zw.Write(content)
	if err := zw.Close(); err != nil {
		return id, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return id, unwrapPath(err)
	}
	var rnd [6]byte
	rand.Read(rnd[:])
	tmp := filepath.Join(dir, "tmp_obj_"+hex.EncodeToString(rnd[:]))
	if err := os.WriteFile(tmp, buf.Bytes(), 0o444); err != nil {
		os.Remove(tmp)
		return id, unwrapPath(err)
	}
	if err := os.Rename(tmp, dest); err != nil {
		os.Remove(tmp)
		return id, unwrapPath(err)
	}
	return id, nil
}

// fileBlob reads the blob and mode of the file at abs as update-index
// would store them: a symbolic link's target, or a regular file's bytes
// (at most max; a file that is gone, grew past it or is no longer a file
// or link gives errNeedFull, and a full scan decides).
func fileBlob(abs string, max int64) (mode string, content []byte, err error) {
	fi, err := os.Lstat(abs)
	if err != nil {
		return "", nil, errNeedFull
	}
	m, ok := indexMode(fi.Mode())
	if !ok {
		return "", nil, errNeedFull
	}
	mode = strconv.FormatUint(uint64(m), 8)
	if fi.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(abs)
		if err != nil {
			return "", nil, errNeedFull
		}
		return mode, []byte(target), nil
	}
	// Not followed if it became a link, not waited on if it became a
	// fifo since the lstat: whatever it is now must be a regular file.
	f, err := os.OpenFile(abs, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "", nil, errNeedFull
	}
	defer f.Close()
	if now, err := f.Stat(); err != nil || !now.Mode().IsRegular() {
		return "", nil, errNeedFull
	}
	var b bytes.Buffer
	b.Grow(int(min(fi.Size(), max)) + 1)
	if n, err := b.ReadFrom(io.LimitReader(f, max+1)); err != nil || n > max {
		return "", nil, errNeedFull
	}
	return mode, b.Bytes(), nil
}

// commitIdentity is the author and committer of every snapshot (gitEnv
// gives git the same).
const commitIdentity = "hguard <hguard@localhost>"

// commitObject is the commit `git commit-tree TREE` writes with no parent,
// commitIdentity as author and committer at unix (UTC), and msg, which git
// takes verbatim when it is valid UTF-8 (else it re-encodes it: the caller
// lets git write such a commit).
func commitObject(tree string, unix int64, msg string) []byte {
	return fmt.Appendf(nil, "tree %s\nauthor %s %d +0000\ncommitter %s %d +0000\n\n%s",
		tree, commitIdentity, unix, commitIdentity, unix, msg)
}
