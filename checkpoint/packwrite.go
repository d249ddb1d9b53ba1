package checkpoint

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"

	"github.com/hguard/hguard/internal/atomicfile"
)

// packWriter collects the objects of one snapshot and stores them as one
// pack with its index (git's pack format, version 2, and index format,
// version 2: Documentation/gitformat-pack.txt), written by hguard itself:
// the watcher's incremental snapshot then starts no `pack-objects` and
// leaves no loose object behind. Objects are stored whole (no deltas):
// they are the few blobs and trees of one change, which the background
// gc folds into the main pack with deltas later.
type packWriter struct {
	objects []packObject
	seen    map[[sha1.Size]byte]bool
}

type packObject struct {
	id   [sha1.Size]byte
	kind byte // 1 commit, 2 tree, 3 blob (the pack's object types)
	data []byte
}

var packKinds = map[string]byte{"commit": 1, "tree": 2, "blob": 3}

// add collects an object and returns its name.
func (p *packWriter) add(kind string, content []byte) [sha1.Size]byte {
	id := objectID(kind, content)
	if p.seen == nil {
		p.seen = map[[sha1.Size]byte]bool{}
	}
	if !p.seen[id] {
		p.seen[id] = true
		p.objects = append(p.objects, packObject{id: id, kind: packKinds[kind], data: content})
	}
	return id
}

// write stores the collected objects as objects/pack/pack-<sum>.pack and
// .idx. The pack is renamed into place first and its index last: git
// uses a pack only once its index is there, so a reader never sees half
// of one. Nothing is written when there is nothing to store.
func (p *packWriter) write(gitDir string) error {
	if len(p.objects) == 0 {
		return nil
	}
	var pack bytes.Buffer
	pack.WriteString("PACK")
	binary.Write(&pack, binary.BigEndian, uint32(2))
	binary.Write(&pack, binary.BigEndian, uint32(len(p.objects)))
	type entry struct {
		id     [sha1.Size]byte
		crc    uint32
		offset uint64
	}
	entries := make([]entry, 0, len(p.objects))
	var z bytes.Buffer
	for _, o := range p.objects {
		start := pack.Len()
		// The header: type and size, seven bits a byte after the first four.
		size := uint64(len(o.data))
		b := o.kind<<4 | byte(size&0x0f)
		size >>= 4
		for size > 0 {
			pack.WriteByte(b | 0x80)
			b = byte(size & 0x7f)
			size >>= 7
		}
		pack.WriteByte(b)
		z.Reset()
		zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
		zw.Write(o.data)
		if err := zw.Close(); err != nil {
			return err
		}
		pack.Write(z.Bytes())
		entries = append(entries, entry{id: o.id, crc: crc32.ChecksumIEEE(pack.Bytes()[start:]), offset: uint64(start)})
	}
	packSum := sha1.Sum(pack.Bytes())
	pack.Write(packSum[:])

	slices.SortFunc(entries, func(a, b entry) int { return bytes.Compare(a.id[:], b.id[:]) })
	var idx bytes.Buffer
	idx.Write([]byte{0xff, 't', 'O', 'c'})
	binary.Write(&idx, binary.BigEndian, uint32(2))
	// fanout[b]: how many objects have a name whose first byte is ≤ b.
	var fanout [256]uint32
	for _, e := range entries {
		fanout[e.id[0]]++
	}
	for b := 1; b < 256; b++ {
		fanout[b] += fanout[b-1]
	}
	binary.Write(&idx, binary.BigEndian, fanout[:])
	for _, e := range entries {
		idx.Write(e.id[:])
	}
	for _, e := range entries {
		binary.Write(&idx, binary.BigEndian, e.crc)
	}
	var large []uint64
	for _, e := range entries {
		if e.offset < 1<<31 {
			binary.Write(&idx, binary.BigEndian, uint32(e.offset))
		} else {
			binary.Write(&idx, binary.BigEndian, uint32(1<<31|len(large)))
			large = append(large, e.offset)
		}
	}
	for _, off := range large {
		binary.Write(&idx, binary.BigEndian, off)
	}
	idx.Write(packSum[:])
	idxSum := sha1.Sum(idx.Bytes())
	idx.Write(idxSum[:])

	dir := filepath.Join(gitDir, "objects", "pack")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return unwrapPath(err)
	}
	base := filepath.Join(dir, "pack-"+hex.EncodeToString(packSum[:]))
	if err := writeReadOnly(base+".pack", pack.Bytes()); err != nil {
		return err
	}
	if err := writeReadOnly(base+".idx", idx.Bytes()); err != nil {
		os.Remove(base + ".pack") // no index: git would never use it
		return err
	}
	return nil
}

// writeReadOnly writes a file of the object store as git does: complete
// and synced under a temporary name, then renamed, read-only (a ref may
// point into it as soon as it is there). A file that is already there
// (the same pack written before) is left alone.
func writeReadOnly(path string, data []byte) error {
	if _, err := os.Lstat(path); err == nil {
		return nil
	}
	if err := atomicfile.Write(path, data, 0o444); err != nil {
		return fmt.Errorf("writing %s: %w", filepath.Base(path), unwrapPath(err))
	}
	return nil
}
