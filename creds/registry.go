package creds

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Registry is the credential registry under one $HGUARD_HOME.
type Registry struct {
	Home string // $HGUARD_HOME
	// Warn receives a *CorruptError when the registry file is corrupt and
	// was moved aside; the operation then goes on from an empty registry.
	// When Warn is nil that error is returned instead.
	Warn func(error)
}

// A PathError refuses one path, saying why.
type PathError struct {
	Path string
	Msg  string
}

func (e *PathError) Error() string { return e.Path + ": " + e.Msg }

// ValidSession checks a session name as hguard's sessions do: 1–128
// letters, digits and ._:@+- starting with a letter or digit.
func ValidSession(s string) error {
	ok := len(s) >= 1 && len(s) <= 128 && isAlnum(s[0])
	for i := 1; ok && i < len(s); i++ {
		ok = isAlnum(s[i]) || strings.IndexByte("._:@+-", s[i]) >= 0
	}
	if !ok {
		return fmt.Errorf("invalid session name %q (letters, digits and ._:@+-, starting with a letter or digit; at most 128)", s)
	}
	return nil
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// resolved is a registered path checked against the file system.
type resolved struct {
	rel  string // as registered
	real string // absolute, symlinks resolved
	key  string // real, relative to the resolved home: what overlaps compare
}

// resolve checks rel and returns where it really is.
func (r *Registry) resolve(rel string) (resolved, error) {
	refuse := func(format string, args ...any) (resolved, error) {
		return resolved{}, &PathError{Path: rel, Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case rel == "":
		return refuse("empty path")
	case filepath.IsAbs(rel) || strings.HasPrefix(rel, "/") || strings.HasPrefix(rel, `\`):
		return refuse("absolute path; give a path relative to $HGUARD_HOME")
	case !filepath.IsLocal(rel):
		return refuse("leaves $HGUARD_HOME ('..')")
	}
	clean := filepath.ToSlash(filepath.Clean(rel))
	if clean == "." {
		return refuse("the whole of $HGUARD_HOME cannot be registered")
	}
	if clean == "state" || strings.HasPrefix(clean, "state/") {
		return refuse("hguard's own state cannot be registered")
	}
	home, err := filepath.EvalSymlinks(r.Home)
	if err != nil {
		return refuse("$HGUARD_HOME (%s) cannot be resolved: %v", r.Home, err)
	}
	home, err = filepath.Abs(home)
	if err != nil {
		return refuse("%v", err)
	}
	p := filepath.Join(r.Home, filepath.FromSlash(clean))
	if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
		return refuse("no such file in $HGUARD_HOME")
	} else if err != nil {
		return refuse("%v", err)
	}
	real, err := filepath.EvalSymlinks(p)
	if errors.Is(err, fs.ErrNotExist) {
		return refuse("a symlink on the way points to nothing")
	} else if err != nil {
		return refuse("cannot resolve symlinks: %v", err)
	}
	real, err = filepath.Abs(real)
	if err != nil {
		return refuse("%v", err)
	}
	key, ok := within(home, real)
	if !ok {
		return refuse("resolves to %s, outside $HGUARD_HOME", real)
	}
	if key == "." || key == "state" || strings.HasPrefix(key, "state/") {
		return refuse("resolves to %s, which is $HGUARD_HOME itself or hguard's state", real)
	}
	return resolved{rel: clean, real: real, key: key}, nil
}

// within returns p relative to dir, slash-separated, if p is inside dir.
func within(dir, p string) (string, bool) {
	rel, err := filepath.Rel(dir, p)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// overlaps reports whether one of two home-relative paths holds the other.
func overlaps(a, b string) bool {
	return a == b || strings.HasPrefix(a, b+"/") || strings.HasPrefix(b, a+"/")
}

// others returns the resolved paths of every session but session; a path
// that no longer resolves is skipped (it cannot be mounted either).
func (r *Registry) others(st *state, session string) []resolved {
	var out []resolved
	for s, entries := range st.Sessions {
		if s == session {
			continue
		}
		for _, e := range entries {
			if res, err := r.resolve(e.Path); err == nil {
				out = append(out, res)
			}
		}
	}
	return out
}

// checkShared refuses a path that overlaps another session's, or a
// directory whose symlinks lead out of $HGUARD_HOME or into another
// session's path.
func (r *Registry) checkShared(res resolved, others []resolved) error {
	for _, o := range others {
		if overlaps(res.key, o.key) {
			return &PathError{Path: res.rel, Msg: "overlaps a path registered by another session"}
		}
	}
	return r.checkTree(res, others)
}

// Add registers paths for session. Every path is checked first; if one is
// refused, nothing is added.
func (r *Registry) Add(session string, paths ...string) error {
	if err := ValidSession(session); err != nil {
		return err
	}
	return r.with(true, func(st *state) error {
		others := r.others(st, session)
		var add []string
		for _, p := range paths {
			res, err := r.resolve(p)
			if err != nil {
				return err
			}
			if err := r.checkShared(res, others); err != nil {
				return err
			}
			add = append(add, res.rel)
		}
		now := time.Now().UTC().Truncate(time.Second)
		for _, rel := range add {
			if !slices.ContainsFunc(st.Sessions[session], func(e *Entry) bool { return e.Path == rel }) {
				st.Sessions[session] = append(st.Sessions[session], &Entry{Path: rel, Added: now})
			}
		}
		return nil
	})
}

// Remove unregisters paths from session; a path it does not hold is an error.
func (r *Registry) Remove(session string, paths ...string) error {
	if err := ValidSession(session); err != nil {
		return err
	}
	return r.with(true, func(st *state) error {
		for _, p := range paths {
			clean := filepath.ToSlash(filepath.Clean(p))
			i := slices.IndexFunc(st.Sessions[session], func(e *Entry) bool { return e.Path == clean })
			if i < 0 {
				return &PathError{Path: p, Msg: "not registered for session " + session}
			}
			st.Sessions[session] = slices.Delete(st.Sessions[session], i, i+1)
		}
		if len(st.Sessions[session]) == 0 {
			delete(st.Sessions, session)
		}
		return nil
	})
}

// List returns session's entries in the order they were added.
func (r *Registry) List(session string) ([]Entry, error) {
	if err := ValidSession(session); err != nil {
		return nil, err
	}
	var out []Entry
	err := r.with(false, func(st *state) error {
		for _, e := range st.Sessions[session] {
			out = append(out, *e)
		}
		return nil
	})
	return out, err
}

// Status is the outcome of checking one entry.
type Status struct {
	Path string `json:"path"`
	Real string `json:"real,omitempty"` // where it resolves
	Err  error  `json:"-"`
}

// Check checks session's entries again (or only the named ones, which must
// be registered for session): each must still exist, stay inside
// $HGUARD_HOME and not overlap another session's path.
func (r *Registry) Check(session string, only ...string) ([]Status, error) {
	if err := ValidSession(session); err != nil {
		return nil, err
	}
	var out []Status
	err := r.with(false, func(st *state) error {
		entries, err := pick(st, session, only)
		if err != nil {
			return err
		}
		others := r.others(st, session)
		for _, e := range entries {
			res, err := r.resolve(e.Path)
			if err == nil {
				err = r.checkShared(res, others)
			}
			out = append(out, Status{Path: e.Path, Real: res.real, Err: err})
		}
		return nil
	})
	return out, err
}

// pick returns session's entries, or the named ones; naming a path that
// session did not register is refused, whoever registered it.
func pick(st *state, session string, only []string) ([]*Entry, error) {
	entries := st.Sessions[session]
	if len(only) == 0 {
		return entries, nil
	}
	var out []*Entry
	for _, p := range only {
		clean := filepath.ToSlash(filepath.Clean(p))
		i := slices.IndexFunc(entries, func(e *Entry) bool { return e.Path == clean })
		if i < 0 {
			return nil, &PathError{Path: p, Msg: "not registered for session " + session}
		}
		out = append(out, entries[i])
	}
	return out, nil
}
