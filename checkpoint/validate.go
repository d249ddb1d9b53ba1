package checkpoint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
)

// Ref names a snapshot: its id (N > 0) or a hash prefix (Hex). A string of
// four or more digits can be both; [Repo.resolve] then prefers the id.
type Ref struct {
	N   int
	Hex string
}

func (r Ref) String() string {
	if r.N > 0 {
		return strconv.Itoa(r.N)
	}
	return r.Hex
}

// maxIDDigits bounds an id as typed: ids grow by one per snapshot.
const maxIDDigits = 9

// ParseRef validates a snapshot reference from outside: an id of at most
// nine digits, or 4 to 64 hex digits. Nothing else, and nothing starting
// with '-', gets near git: hashes are matched against the list.
func ParseRef(s string) (Ref, error) {
	switch {
	case s == "":
		return Ref{}, errors.New("empty checkpoint reference")
	case s[0] == '-':
		return Ref{}, fmt.Errorf("checkpoint reference %q starts with '-'", s)
	case isDigits(s) && len(s) <= maxIDDigits:
		n, _ := strconv.Atoi(s)
		if n == 0 {
			return Ref{}, errors.New("checkpoint ids start at 1")
		}
		ref := Ref{N: n}
		if len(s) >= 4 {
			ref.Hex = s
		}
		return ref, nil
	case len(s) >= 4 && len(s) <= 64 && isHex(s):
		return Ref{Hex: strings.ToLower(s)}, nil
	}
	return Ref{}, fmt.Errorf("checkpoint reference %q is neither a checkpoint id nor 4 to 64 hex digits", s)
}

// RefError is a well-formed reference that names no snapshot.
type RefError struct{ msg string }

func (e *RefError) Error() string { return e.msg }

// resolve finds ref in a list from [Repo.list]: by id first, else by hash.
func (r *Repo) resolve(list []*Snapshot, ref Ref) (*Snapshot, error) {
	if len(list) == 0 {
		return nil, fmt.Errorf("%w for %s", ErrNoCheckpoints, r.Dir)
	}
	if ref.N > 0 {
		for _, s := range list {
			if s.ID == ref.N {
				return s, nil
			}
		}
		if ref.Hex == "" {
			return nil, &RefError{fmt.Sprintf("there is no checkpoint %d of %s: its ids run from %d to %d", ref.N, r.Dir, list[len(list)-1].ID, list[0].ID)}
		}
	}
	var found *Snapshot
	for _, s := range list {
		if strings.HasPrefix(s.Hash, ref.Hex) {
			if found != nil {
				return nil, &RefError{fmt.Sprintf("checkpoint %s is ambiguous: give more hex digits", ref.Hex)}
			}
			found = s
		}
	}
	if found == nil {
		if ref.N > 0 {
			return nil, &RefError{fmt.Sprintf("no checkpoint of %s has the id %s or a hash starting with it", r.Dir, ref.Hex)}
		}
		return nil, &RefError{fmt.Sprintf("no checkpoint of %s has a hash starting with %s", r.Dir, ref.Hex)}
	}
	return found, nil
}

// Path validates FILE from outside: relative to from (a directory inside
// the snapshot root), inside the root once symlinks in its directories are
// resolved, and not inside .git. It returns the path relative to the root,
// slash-separated. The last element may be a symlink, or missing.
func (r *Repo) Path(from, file string) (string, error) {
	switch {
	case file == "":
		return "", errors.New("empty file name")
	case strings.ContainsRune(file, 0):
		return "", fmt.Errorf("file name %q contains a NUL byte", file)
	case filepath.IsAbs(file):
		return "", fmt.Errorf("file %q is absolute; give it relative to %s", file, from)
	}
	if real, err := filepath.EvalSymlinks(from); err == nil {
		from = real
	}
	joined := filepath.Join(from, file)
	if joined == r.Dir {
		return "", fmt.Errorf("file %q is the whole directory; leave FILE out to restore all of %s", file, r.Dir)
	}
	if !within(r.Dir, joined) {
		return "", fmt.Errorf("file %q is outside %s", file, r.Dir)
	}
	// Resolve the directories that exist; the rest of the path is kept.
	parent, rest := filepath.Dir(joined), []string{filepath.Base(joined)}
	for {
		if _, err := os.Lstat(parent); err == nil || !errors.Is(err, fs.ErrNotExist) {
			break
		}
		rest = append([]string{filepath.Base(parent)}, rest...)
		parent = filepath.Dir(parent)
	}
	real, err := filepath.EvalSymlinks(parent)
	if err != nil {
		return "", fmt.Errorf("file %q: %w", file, unwrapPath(err))
	}
	if !within(r.Dir, real) {
		return "", fmt.Errorf("file %q leads outside %s through a symbolic link", file, r.Dir)
	}
	full := filepath.Join(append([]string{real}, rest...)...)
	rel, err := filepath.Rel(r.Dir, full)
	if err != nil || rel == "." {
		return "", fmt.Errorf("file %q is the whole directory; leave FILE out to restore all of %s", file, r.Dir)
	}
	if !within(r.Dir, full) {
		return "", fmt.Errorf("file %q is outside %s", file, r.Dir)
	}
	rel = filepath.ToSlash(rel)
	for _, el := range strings.Split(rel, "/") {
		if strings.EqualFold(el, ".git") {
			return "", fmt.Errorf("file %q is inside a .git directory, which checkpoints never touch", file)
		}
	}
	return rel, nil
}

// within reports whether path is dir or below it (both clean and absolute).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// ValidateTurn checks a turn ID from a hook: 1 to 256 printable characters.
func ValidateTurn(turn string) error {
	if turn == "" {
		return errors.New("empty turn ID")
	}
	if len(turn) > 256 {
		return fmt.Errorf("turn ID is %d bytes long; at most 256 are allowed", len(turn))
	}
	for _, r := range turn {
		if !unicode.IsPrint(r) || r == unicode.ReplacementChar {
			return fmt.Errorf("turn ID %q contains a control or invalid character", turn)
		}
	}
	return nil
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return s != ""
}
