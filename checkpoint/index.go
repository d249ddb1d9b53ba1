package checkpoint

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strconv"
)

// The shadow index read in Go, for its stat data: a full scan lstat()s
// every file once, in its own walk, and hands git only the paths whose
// stat data differ from what the index recorded (or that git could not
// trust, below), so git's update-index does not lstat the whole tree a
// second time and no ls-files run is needed to find what left the tree.
// The format is git's (Documentation/gitformat-index.txt), versions 2 to
// 4; anything else (an unknown version, a split or sparse index, a
// checksum that does not match) makes the caller fall back to letting git
// look at every path, which is always right, only slower.

// indexEntry is the stat data git recorded for one path, truncated to 32
// bits as git stores it.
type indexEntry struct {
	ctimeSec, ctimeNsec uint32
	mtimeSec, mtimeNsec uint32
	ino, mode           uint32
	uid, gid, size      uint32
}

// gitIndex is the shadow index as read: its entries in git's (bytewise)
// order, and the index file's modification time, which decides which
// entries git itself would not trust (racily clean ones).
type gitIndex struct {
	paths   []string     // sorted bytewise
	entries []indexEntry // entries[i] is the entry of paths[i]
	mtime   [2]int64     // seconds, nanoseconds
	// rootTree is the tree of all entries that write-tree recorded in the
	// index ("" when none is recorded or an entry changed since).
	rootTree string
	// oids[i] is the object name of paths[i]'s content; merging[i] is
	// whether the path has a merge stage (a conflict) rather than one entry.
	oids    [][sha1.Size]byte
	merging []bool
}

// entry finds the entry of path (binary search: no map to build).
func (ix *gitIndex) entry(path string) (indexEntry, bool) {
	i, ok := slices.BinarySearch(ix.paths, path)
	if !ok {
		return indexEntry{}, false
	}
	return ix.entries[i], true
}

var errIndexFormat = errors.New("unsupported index format")

// readIndex reads the shadow index; a missing index is (nil, nil).
func readIndex(path string) (*gitIndex, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	data := make([]byte, fi.Size())
	if _, err := readFull(f, data); err != nil {
		return nil, err
	}
	ix, err := parseIndex(data)
	if err != nil {
		return nil, err
	}
	mt := fi.ModTime()
	ix.mtime = [2]int64{mt.Unix(), int64(mt.Nanosecond())}
	return ix, nil
}

func readFull(f *os.File, b []byte) (int, error) {
	n := 0
	for n < len(b) {
		m, err := f.Read(b[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// parseIndex reads the entries of an index file (SHA-1 object names).
func parseIndex(data []byte) (*gitIndex, error) { return parseIndexOf(data, false) }

// parseIndexOf is parseIndex; user reads a user's index, for its paths
// only (see trackedPaths): the entries of a conflict's stages count once,
// sparse directories and submodules (gitlinks) are left out, and an index
// written without its checksum (index.skipHash) is read too.
func parseIndexOf(data []byte, user bool) (*gitIndex, error) {
	const hashLen = sha1.Size
	if len(data) < 12+hashLen || string(data[:4]) != "DIRC" {
		return nil, errIndexFormat
	}
	body := data[:len(data)-hashLen]
	skipHash := user && bytes.Equal(data[len(body):], make([]byte, hashLen))
	if sum := sha1.Sum(body); !skipHash && !bytes.Equal(sum[:], data[len(body):]) {
		return nil, fmt.Errorf("%w: checksum mismatch", errIndexFormat)
	}
	version := binary.BigEndian.Uint32(data[4:])
	count := binary.BigEndian.Uint32(data[8:])
	if version < 2 || version > 4 || uint64(count) > uint64(len(data))/40 {
		return nil, errIndexFormat
	}
	ix := &gitIndex{entries: make([]indexEntry, 0, count)}
	// All names go into one buffer, made one string at the end, so the
	// paths are count substrings and not count allocations.
	names := make([]byte, 0, len(body)/2)
	ends := make([]int, 0, count)
	p := 12
	for range count {
		entryStart := p
		const fixed = 40 + hashLen + 2
		if p+fixed > len(body) {
			return nil, errIndexFormat
		}
		u := func(i int) uint32 { return binary.BigEndian.Uint32(body[p+4*i:]) }
		e := indexEntry{
			ctimeSec: u(0), ctimeNsec: u(1), mtimeSec: u(2), mtimeNsec: u(3),
			ino: u(5), mode: u(6), uid: u(7), gid: u(8), size: u(9),
		}
		flags := binary.BigEndian.Uint16(body[p+40+hashLen:])
		ix.oids = append(ix.oids, [sha1.Size]byte(body[p+40:p+40+hashLen]))
		ix.merging = append(ix.merging, flags&0x3000 != 0)
		p += fixed
		if flags&0x4000 != 0 { // extended flags
			if version < 3 || p+2 > len(body) {
				return nil, errIndexFormat
			}
			p += 2
		}
		if flags&0x3000 != 0 && !user { // a merge stage: not an index hguard writes
			return nil, errIndexFormat
		}
		start := len(names) // this name is names[start:] once read
		if version == 4 {
			// The number of bytes to drop from the previous path (git's
			// offset varint), then the rest of this one, NUL-terminated.
			if p >= len(body) {
				return nil, errIndexFormat
			}
			c := body[p]
			p++
			drop := uint64(c & 0x7f)
			for c&0x80 != 0 {
				if p >= len(body) || drop > 1<<32 {
					return nil, errIndexFormat
				}
				c = body[p]
				p++
				drop = (drop+1)<<7 | uint64(c&0x7f)
			}
			end := bytes.IndexByte(body[p:], 0)
			prevStart := 0
			if n := len(ends); n > 1 {
				prevStart = ends[n-2]
			}
			if end < 0 || drop > uint64(start-prevStart) {
				return nil, errIndexFormat
			}
			names = append(names, names[prevStart:start-int(drop)]...)
			names = append(names, body[p:p+end]...)
			p += end + 1
		} else {
			end := bytes.IndexByte(body[p:], 0)
			if end < 0 {
				return nil, errIndexFormat
			}
			names = append(names, body[p:p+end]...)
			// Entries are padded with 1 to 8 NULs to a multiple of 8.
			p = entryStart + (p+end-entryStart+8)&^7
			if p > len(body) {
				return nil, errIndexFormat
			}
		}
		if e.mode&0o170000 == 0o040000 && !user { // a sparse directory entry
			return nil, errIndexFormat
		}
		if n := len(ends); n > 0 {
			prevStart := 0
			if n > 1 {
				prevStart = ends[n-2]
			}
			// A user's conflicted path has an entry per stage.
			if c := bytes.Compare(names[prevStart:start], names[start:]); c > 0 || c == 0 && !user {
				return nil, fmt.Errorf("%w: entries out of order", errIndexFormat)
			}
		}
		ends = append(ends, len(names))
		ix.entries = append(ix.entries, e)
	}
	all := string(names)
	ix.paths = make([]string, len(ends))
	for i, start := 0, 0; i < len(ends); i++ {
		ix.paths[i] = all[start:ends[i]]
		start = ends[i]
	}
	if user {
		// Only files count: sparse directories and submodules (gitlinks)
		// go, and a conflicted path's stages are one path.
		n := 0
		for i, p := range ix.paths {
			typ := ix.entries[i].mode & 0o170000
			if typ == 0o040000 || typ == 0o160000 {
				continue
			}
			if n > 0 && ix.paths[n-1] == p {
				ix.merging[n-1] = true
				continue
			}
			ix.paths[n], ix.entries[n], ix.oids[n], ix.merging[n] = p, ix.entries[i], ix.oids[i], ix.merging[i]
			n++
		}
		ix.paths, ix.entries, ix.oids, ix.merging = ix.paths[:n], ix.entries[:n], ix.oids[:n], ix.merging[:n]
	}
	// Extensions follow; a split index ("link") keeps entries elsewhere.
	for p+8 <= len(body) {
		sig := string(body[p : p+4])
		n := int(binary.BigEndian.Uint32(body[p+4:]))
		if sig == "link" || sig == "sdir" && !user {
			return nil, errIndexFormat
		}
		if n < 0 || p+8+n > len(body) {
			return nil, errIndexFormat
		}
		if sig == "TREE" {
			ix.rootTree = cachedRootTree(body[p+8:p+8+n], len(ix.entries))
		}
		p += 8 + n
	}
	return ix, nil
}

// cachedRootTree reads the root of git's cache-tree extension ("TREE"):
// the tree object of the whole index as write-tree last wrote it, valid
// while no entry changed since. Its record is the path ("" for the root)
// and NUL, the number of entries it covers (-1 when invalidated), a space,
// the number of subtrees, a newline, and the tree's object name.
func cachedRootTree(ext []byte, entries int) string {
	path, rest, ok := bytes.Cut(ext, []byte{0})
	if !ok || len(path) != 0 {
		return ""
	}
	line, rest, ok := bytes.Cut(rest, []byte{'\n'})
	if !ok {
		return ""
	}
	count, _, _ := bytes.Cut(line, []byte{' '})
	if n, err := strconv.Atoi(string(count)); err != nil || n != entries || len(rest) < sha1.Size {
		return ""
	}
	return hex.EncodeToString(rest[:sha1.Size])
}

// unchanged reports whether git would find path unchanged from its index
// entry without reading it: every field of stat data git compares is the
// same, and the entry is not racily clean (modified no earlier than the
// index was written, when git itself reads the file to be sure). When it
// says false, the path goes to git, which decides.
func (ix *gitIndex) unchanged(path string, info fs.FileInfo) bool {
	e, ok := ix.entry(path)
	if !ok {
		return false
	}
	st, ok := statEntry(info)
	if !ok || st != e {
		return false
	}
	// Racily clean: the file's mtime is not before the index's, so a
	// change in the same tick would not show in the stat data.
	if int64(e.mtimeSec) > ix.mtime[0] || (int64(e.mtimeSec) == ix.mtime[0] && int64(e.mtimeNsec) >= ix.mtime[1]) {
		return false
	}
	return true
}

// indexMode is the mode git records for a file of this lstat mode:
// a symlink, or a regular file that is executable by its owner or not.
func indexMode(m fs.FileMode) (uint32, bool) {
	switch {
	case m&fs.ModeSymlink != 0:
		return 0o120000, true
	case m.IsRegular():
		if m&0o100 != 0 {
			return 0o100755, true
		}
		return 0o100644, true
	}
	return 0, false
}
