package hguard

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
// by the name) or a zip (jar, whl) archive, read once per check: one an
// agent extracts, prints or sends. A file
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
	looked, archives := 0, 0
	return func(p string) ([]string, bool) {
		p, ok := homeJoined(home, p)
		if !ok || !filepath.IsAbs(p) {
			return nil, false
		}
		p = filepath.Clean(p)
		if r, ok := seen[p]; ok {
			return r.names, r.ok
		}
		if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() {
			seen[p] = result{} // a word of the line that names no file costs nothing
			return nil, false
		}
		if looked >= maxFilesLooked || archives >= maxArchivesRead {
			return nil, false
		}
		looked++
		names, ok := readArchiveMembers(p)
		if ok {
			archives++
		}
		seen[p] = result{names, ok}
		return names, ok
	}
}

// maxArchivesRead bounds the archives one check lists, and maxFilesLooked
// the files it looks into to learn whether they are one (an upload of a
// file of any name may be an archive: holdsSecret).
const (
	maxArchivesRead = 8
	maxFilesLooked  = 32
)

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

// tarMembers reads the member names of a tar stream (ustar, GNU and
// PAX long names), within the bounds. A stream whose first header does
// not read is no tar. archive/tar is not used: it links os/user, and with
// it cgo (TestLayering).
func tarMembers(r io.Reader) ([]string, bool) {
	r = io.LimitReader(r, maxArchiveRead)
	var (
		names []string
		block [512]byte
		long  string // the next member's name from a GNU L or PAX header
	)
	for len(names) < maxArchiveMembers {
		if _, err := io.ReadFull(r, block[:]); err != nil || block == [512]byte{} || !tarChecksum(&block) {
			break
		}
		size, ok := tarSize(block[124:136])
		if !ok {
			break
		}
		var data []byte
		switch flag := block[156]; flag {
		case 'L', 'x', 'g':
			if size > 1<<20 {
				return names, len(names) > 0
			}
			data = make([]byte, size)
		}
		if data != nil {
			if _, err := io.ReadFull(r, data); err != nil {
				break
			}
			if _, err := io.CopyN(io.Discard, r, (512-size%512)%512); err != nil {
				break
			}
		} else if _, err := io.CopyN(io.Discard, r, (size+511)/512*512); err != nil {
			names = append(names, tarName(&block, long))
			break
		}
		switch block[156] {
		case 'L':
			long = string(bytes.TrimRight(data, "\x00"))
		case 'x':
			long = paxPath(data)
		case 'g':
		default:
			names = append(names, tarName(&block, long))
			long = ""
		}
	}
	return names, len(names) > 0
}

// tarName is a header's name: the long one given before it, or its
// ustar prefix and name.
func tarName(block *[512]byte, long string) string {
	if long != "" {
		return long
	}
	name := string(bytes.TrimRight(block[0:100], "\x00"))
	if bytes.Equal(block[257:262], []byte("ustar")) && block[345] != 0 && block[156] != 'L' {
		if prefix := string(bytes.TrimRight(block[345:500], "\x00")); prefix != "" && !bytes.Equal(block[257:265], []byte("ustar  \x00")) {
			name = prefix + "/" + name
		}
	}
	return name
}

// tarChecksum reports a header whose checksum (unsigned or signed sum)
// holds.
func tarChecksum(block *[512]byte) bool {
	want, ok := tarOctal(block[148:156])
	if !ok {
		return false
	}
	var unsigned, signed int64
	for i, b := range block {
		if i >= 148 && i < 156 {
			b = ' '
		}
		unsigned += int64(b)
		signed += int64(int8(b))
	}
	return want == unsigned || want == signed
}

// tarSize is a header's size, octal or GNU base-256.
func tarSize(f []byte) (int64, bool) {
	if len(f) > 0 && f[0]&0x80 != 0 {
		var n int64
		for i, b := range f {
			if i == 0 {
				b &= 0x7f
			}
			if n > 1<<50 {
				return 0, false
			}
			n = n<<8 | int64(b)
		}
		return n, true
	}
	return tarOctal(f)
}

// tarOctal reads an octal field padded with spaces or NULs.
func tarOctal(f []byte) (int64, bool) {
	f = bytes.Trim(f, " \x00")
	if len(f) == 0 {
		return 0, true
	}
	var n int64
	for _, b := range f {
		if b < '0' || b > '7' || n > 1<<50 {
			return 0, false
		}
		n = n<<3 | int64(b-'0')
	}
	return n, true
}

// paxPath is the path record of a PAX extended header ("N path=NAME\n").
func paxPath(data []byte) string {
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		if sp < 0 {
			return ""
		}
		n, err := strconv.Atoi(string(data[:sp]))
		if err != nil || n <= sp || n > len(data) {
			return ""
		}
		if k, v, ok := strings.Cut(string(data[sp+1:n]), "="); ok && k == "path" {
			return strings.TrimSuffix(v, "\n")
		}
		data = data[n:]
	}
	return ""
}

// zipMembers reads the member names from a zip's central directory,
// reading at most maxArchiveRead bytes of it.
func zipMembers(f io.ReaderAt, size int64) ([]string, bool) {
	zr, err := zip.NewReader(&budgetReader{r: f, left: maxArchiveRead}, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) || zr == nil {
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
