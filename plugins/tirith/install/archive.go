package install

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"path"
	"slices"
	"strings"
)

// maxUnpacked bounds what is decompressed in all, against gzip bombs.
const maxUnpacked = 1 << 30

// extract writes the archive's top-level "tirith" regular file to w. The
// whole archive is read first-to-last and refused if any entry is a link, a
// device, or a path that is absolute or climbs out with "..".
func extract(archive []byte, w io.Writer) error {
	gz, err := gzip.NewReader(bytes.NewReader(archive))
	if err != nil {
		return fail(ReasonArchive, "not a gzip file: %v", err)
	}
	tr := tar.NewReader(io.LimitReader(gz, maxUnpacked))
	found := false
	for n := 0; ; n++ {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fail(ReasonArchive, "read tar: %v", err)
		}
		if n > 10000 {
			return fail(ReasonArchive, "more than 10000 entries")
		}
		name := h.Name
		if strings.HasPrefix(name, "/") || strings.Contains(name, "\\") || slices.Contains(strings.Split(name, "/"), "..") {
			return fail(ReasonArchive, "entry %q escapes the archive", name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			continue
		case tar.TypeReg:
		case tar.TypeSymlink, tar.TypeLink:
			return fail(ReasonArchive, "entry %q is a link (to %q)", name, h.Linkname)
		default:
			return fail(ReasonArchive, "entry %q is not a regular file or directory (type %q)", name, h.Typeflag)
		}
		if path.Clean(name) != "tirith" {
			continue
		}
		if found {
			return fail(ReasonArchive, "two tirith entries")
		}
		found = true
		if h.Size > maxBinary {
			return fail(ReasonArchive, "tirith is %d bytes, more than %d", h.Size, maxBinary)
		}
		if n, err := io.Copy(w, io.LimitReader(tr, maxBinary)); err != nil || n != h.Size {
			return fail(ReasonArchive, "read tirith: %d of %d bytes: %v", n, h.Size, err)
		}
	}
	if !found {
		return fail(ReasonArchive, "no top-level tirith file")
	}
	return nil
}
