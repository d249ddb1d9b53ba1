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

// Ref names a snapshot: its id (N > 0), a hash prefix (Hex), its row in
// the list shown last (Nth, from "@N"), or a search of the labels (Label).
// A string of four or more digits can be both an id and a hash prefix;
// [Repo.resolve] then prefers the id.
type Ref struct {
	N     int
	Hex   string
	Nth   int
	Label string
}

func (r Ref) String() string {
	switch {
	case r.N > 0:
		return strconv.Itoa(r.N)
	case r.Nth > 0:
		return "@" + strconv.Itoa(r.Nth)
	case r.Label != "":
		return strconv.Quote(r.Label)
	}
	return r.Hex
}

// maxIDDigits bounds an id as typed: ids grow by one per snapshot.
const maxIDDigits = 9

// maxLabelSearch bounds a label search: labels are at most 200 characters.
const maxLabelSearch = 200

// ParseRef validates a snapshot reference from outside: an id of at most
// nine digits, 4 to 64 hex digits, @N (the Nth row of the list shown
// last), or else text to find in the labels. Nothing starting with '-' is
// accepted, and nothing gets near git: hashes and labels are matched
// against the list.
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
		return Ref{Hex: strings.ToLower(s), Label: s}, nil
	case s[0] == '@' && len(s) > 1 && isDigits(s[1:]):
		n, err := strconv.Atoi(s[1:])
		if err != nil || n == 0 || len(s) > maxIDDigits+1 {
			return Ref{}, fmt.Errorf("checkpoint reference %q: @N counts rows of the list from @1, the newest", s)
		}
		return Ref{Nth: n}, nil
	}
	if strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) || r == unicode.ReplacementChar }) >= 0 {
		return Ref{}, fmt.Errorf("checkpoint reference %q has control characters (or is not UTF-8)", s)
	}
	if len([]rune(s)) > maxLabelSearch {
		return Ref{}, fmt.Errorf("checkpoint reference %.20q...: a label search is at most %d characters", s, maxLabelSearch)
	}
	return Ref{Label: s}, nil
}

// RefError is a well-formed reference that names no snapshot.
type RefError struct {
	msg string
	// Matches are the checkpoints an ambiguous label search found.
	Matches []*Snapshot
}

func (e *RefError) Error() string { return e.msg }

// resolve finds ref in a list from [Repo.list]: by id first, else by
// hash, @N in the list shown last, or a label search.
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
			return nil, &RefError{msg: fmt.Sprintf("there is no checkpoint %d of %s: its ids run from %d to %d", ref.N, r.Dir, list[len(list)-1].ID, list[0].ID)}
		}
	}
	if ref.Nth > 0 {
		return r.resolveNth(list, ref.Nth)
	}
	if ref.Hex == "" {
		return r.searchLabel(list, ref.Label)
	}
	var found *Snapshot
	for _, s := range list {
		if strings.HasPrefix(s.Hash, ref.Hex) {
			if found != nil {
				return nil, &RefError{msg: fmt.Sprintf("checkpoint %s is ambiguous: give more hex digits", ref.Hex)}
			}
			found = s
		}
	}
	if found == nil && ref.Label != "" {
		if s, err := r.searchLabel(list, ref.Label); err == nil {
			return s, nil // hex-looking text that is in a label (say "beef")
		}
	}
	if found == nil {
		if ref.N > 0 {
			return nil, &RefError{msg: fmt.Sprintf("no checkpoint of %s has the id %s or a hash starting with it", r.Dir, ref.Hex)}
		}
		return nil, &RefError{msg: fmt.Sprintf("no checkpoint of %s has a hash starting with %s", r.Dir, ref.Hex)}
	}
	return found, nil
}

// searchLabel finds the one snapshot whose label contains text (ignoring
// case). Several is an error that lists them: a rollback never guesses.
func (r *Repo) searchLabel(list []*Snapshot, text string) (*Snapshot, error) {
	want := strings.ToLower(text)
	var found []*Snapshot
	for _, s := range list {
		if strings.Contains(strings.ToLower(s.Reason), want) {
			found = append(found, s)
		}
	}
	switch len(found) {
	case 0:
		return nil, &RefError{msg: fmt.Sprintf("no checkpoint of %s has %q in its label", r.Dir, text)}
	case 1:
		return found[0], nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%q is in the labels of %d checkpoints of %s:", text, len(found), r.Dir)
	for i, s := range found {
		if i == 10 {
			fmt.Fprintf(&b, " and %d more", len(found)-i)
			break
		}
		fmt.Fprintf(&b, " %d (%s) %q,", s.ID, s.Short(), s.Reason)
	}
	return nil, &RefError{msg: strings.TrimSuffix(b.String(), ",") + "; give the id of the one you mean", Matches: found}
}

// shownFile, in the shadow repository, records the hashes of the list
// shown last, newest first: @N means its Nth row.
const shownFile = "hguard-shown"

// RecordShown remembers list (newest first) as the list a person saw, so
// that @N names the same checkpoint until another list is shown, however
// many checkpoints are taken meanwhile (a rollback's pre-rollback one).
func (r *Repo) RecordShown(list []*Snapshot) error {
	if len(list) == 0 || r.check() != nil {
		return nil
	}
	var b strings.Builder
	for _, s := range list {
		b.WriteString(s.Hash + "\n")
	}
	path := filepath.Join(r.GitDir, shownFile)
	// The same list shown again writes nothing: an atomic write syncs the
	// disk, which a busy machine makes the slowest part of a list.
	if old, err := os.ReadFile(path); err == nil && string(old) == b.String() {
		return nil
	}
	return writeFileAtomic(path, []byte(b.String()))
}

// resolveNth is row n of the list shown last, or of list when none was.
func (r *Repo) resolveNth(list []*Snapshot, n int) (*Snapshot, error) {
	data, err := os.ReadFile(filepath.Join(r.GitDir, shownFile))
	if err != nil {
		if n > len(list) {
			return nil, &RefError{msg: fmt.Sprintf("@%d: the list of %s has %d rows", n, r.Dir, len(list))}
		}
		return list[n-1], nil
	}
	shown := strings.Fields(string(data))
	if n > len(shown) {
		return nil, &RefError{msg: fmt.Sprintf("@%d: the list of %s shown last had %d rows", n, r.Dir, len(shown))}
	}
	for _, s := range list {
		if s.Hash == shown[n-1] {
			return s, nil
		}
	}
	return nil, &RefError{msg: fmt.Sprintf("@%d: checkpoint %s, row %d of the list shown last, has been pruned since", n, shown[n-1][:min(8, len(shown[n-1]))], n)}
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
