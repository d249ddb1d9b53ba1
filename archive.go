package hguard

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
)

// Bounds of what a check reads of an archive an agent extracts: the
// members past maxArchiveMembers, or past maxArchiveRead bytes of the
// (decompressed) tar stream or the zip's directory, are unseen.
const (
	maxArchiveMembers = 2000
	maxArchiveRead    = 8 << 20
)

// archiveMembers is dsl.Context.ArchiveMembers for an agent: the member
// names of a tar (plain, gzip or bzip2, known by their first bytes, not
// by the name) or a zip (jar, whl) archive, read once per check. A file
// that is missing, not a regular file (a link counts as what it points
// to), or of another format (xz, zstd, 7z) is not ok, and judged as
// before. A damaged archive gives the members read before the damage.
func archiveMembers() func(string) ([]string, bool) {
	home := os.Getenv("HOME")
	type result struct {
		names []string
		ok    bool
	}
	seen := map[string]result{}
	return func(p string) ([]string, bool) {
		p, ok := homeJoined(home, p)
		if !ok || !filepath.IsAbs(p) {
			return nil, false
		}
		p = filepath.Clean(p)
		if r, ok := seen[p]; ok {
			return r.names, r.ok
		}
		if len(seen) >= maxArchivesRead {
			return nil, false
		}
		names, ok := readArchiveMembers(p)
		seen[p] = result{names, ok}
		return names, ok
	}
}

// maxArchivesRead bounds the archives one check reads.
const maxArchivesRead = 4

// readArchiveMembers reads the member names of the archive at p.
func readArchiveMembers(p string) ([]string, bool) {
	// O_NONBLOCK: a FIFO put in the file's place must not hang the check
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil, false
	}
	var magic [6]byte
	n, _ := io.ReadFull(f, magic[:])
	head := magic[:n]
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("PK\x05\x06")):
		return zipMembers(f, fi.Size())
	case bytes.HasPrefix(head, []byte("\x1f\x8b")):
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, false
		}
		z, err := gzip.NewReader(bufio.NewReader(io.LimitReader(f, maxArchiveRead)))
		if err != nil {
			return nil, false
		}
		return tarMembers(z)
	case bytes.HasPrefix(head, []byte("BZh")):
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, false
		}
		return tarMembers(bzip2.NewReader(io.LimitReader(f, maxArchiveRead)))
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, false
	}
	if names, ok := tarMembers(f); ok {
		return names, ok
	}
	// unzip reads a zip behind other bytes (a self-extractor) by its end
	return zipMembers(f, fi.Size())
}

// tarMembers reads the member names of a tar stream, within the bounds.
// A stream whose first header does not read is no tar.
func tarMembers(r io.Reader) ([]string, bool) {
	tr := tar.NewReader(io.LimitReader(r, maxArchiveRead))
	var names []string
	for len(names) < maxArchiveMembers {
		h, err := tr.Next()
		if err != nil && !errors.Is(err, tar.ErrInsecurePath) {
			return names, len(names) > 0
		}
		names = append(names, h.Name)
	}
	return names, true
}

// zipMembers reads the member names from a zip's central directory,
// reading at most maxArchiveRead bytes of it.
func zipMembers(f io.ReaderAt, size int64) ([]string, bool) {
	zr, err := zip.NewReader(&budgetReader{r: f, left: maxArchiveRead}, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, false
	}
	var names []string
	for _, m := range zr.File[:min(len(zr.File), maxArchiveMembers)] {
		names = append(names, m.Name)
	}
	return names, true
}

// budgetReader is an io.ReaderAt that fails once left bytes are read.
type budgetReader struct {
	r    io.ReaderAt
	left int
}

func (b *budgetReader) ReadAt(p []byte, off int64) (int, error) {
	if len(p) > b.left {
		return 0, errors.New("archive: read budget spent")
	}
	b.left -= len(p)
	return b.r.ReadAt(p, off)
}
