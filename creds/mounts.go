package creds

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// A Mount is one read-only bind mount.
type Mount struct {
	Path   string `json:"path"`   // as registered
	Source string `json:"source"` // on the host: the resolved path, or its symlink-free copy
	Target string `json:"target"` // in the sandbox
	Copied bool   `json:"copied"` // Source is a copy made because the directory holds symlinks
}

// MountOptions say where mounts go.
type MountOptions struct {
	Target  string   // directory in the sandbox that paths are mounted under; default /hguard
	Only    []string // mount only these paths (each must be registered for the session)
	CopyDir string   // where symlink-free copies are made; "" means a new temporary directory
}

// A MountSet is the mounts of one session. Close removes the copies.
type MountSet struct {
	Mounts []Mount
	copies string // directory of the copies, "" when none
}

// Close removes the symlink-free copies.
func (m *MountSet) Close() error {
	if m.copies == "" {
		return nil
	}
	err := os.RemoveAll(m.copies)
	m.copies = ""
	return err
}

// Docker returns the mounts as docker run arguments: -v SOURCE:TARGET:ro.
// A path docker's -v cannot express (holding ':' or ',') or that word
// splitting would break (white space) is an error.
func (m *MountSet) Docker() ([]string, error) {
	var args []string
	for _, mt := range m.Mounts {
		for _, p := range []string{mt.Source, mt.Target} {
			if strings.ContainsAny(p, ":,\n\t ") {
				return nil, &PathError{Path: mt.Path, Msg: fmt.Sprintf("%q cannot be given to docker -v (':', ',' or white space)", p)}
			}
		}
		args = append(args, "-v", mt.Source+":"+mt.Target+":ro")
	}
	return args, nil
}

// Mounts checks session's entries again and returns their mounts. A
// directory that contains symlinks (each must resolve inside $HGUARD_HOME
// and outside other sessions' paths) is copied, symlinks followed, to a
// symlink-free directory. Any refused entry is an error: nothing is
// mounted then.
func (r *Registry) Mounts(session string, opts MountOptions) (*MountSet, error) {
	if err := ValidSession(session); err != nil {
		return nil, err
	}
	target := opts.Target
	if target == "" {
		target = "/hguard"
	}
	if !path.IsAbs(target) {
		return nil, fmt.Errorf("mount target %q is not an absolute path", target)
	}
	set := &MountSet{}
	err := r.with(false, func(st *state) error {
		entries, err := pick(st, session, opts.Only)
		if err != nil {
			return err
		}
		others := r.others(st, session)
		home, err := filepath.EvalSymlinks(r.Home)
		if err != nil {
			return err
		}
		for _, e := range entries {
			res, err := r.resolve(e.Path)
			if err == nil {
				err = r.checkShared(res, others)
			}
			if err != nil {
				return err
			}
			mt := Mount{Path: e.Path, Source: res.real, Target: path.Join(target, e.Path)}
			if links, err := hasSymlinks(res.real); err != nil {
				return err
			} else if links {
				if set.copies == "" {
					if set.copies, err = copyDir(opts.CopyDir); err != nil {
						return err
					}
				}
				dst := filepath.Join(set.copies, filepath.FromSlash(e.Path))
				c := copier{home: home, others: others, path: e.Path}
				if err := c.copy(res.real, dst, 0); err != nil {
					return err
				}
				mt.Source, mt.Copied = dst, true
			}
			set.Mounts = append(set.Mounts, mt)
		}
		return nil
	})
	if err != nil {
		set.Close()
		return nil, err
	}
	return set, nil
}

// copyDir makes the directory for copies: dir itself (emptied first), or
// a new temporary one.
func copyDir(dir string) (string, error) {
	if dir == "" {
		return os.MkdirTemp("", "hguard-creds-")
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	return dir, os.MkdirAll(dir, 0o700)
}

// hasSymlinks reports whether the directory tree at dir holds a symlink
// (a file is taken as is: it is already resolved).
func hasSymlinks(dir string) (bool, error) {
	found := false
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found, err
}

// checkTree checks the symlinks in a registered directory as a copy would
// follow them, copying nothing.
func (r *Registry) checkTree(res resolved, others []resolved) error {
	links, err := hasSymlinks(res.real)
	if err != nil || !links {
		return err
	}
	home, err := filepath.EvalSymlinks(r.Home)
	if err != nil {
		return err
	}
	c := copier{home: home, others: others, path: res.rel}
	return c.copy(res.real, "", 0)
}

// copier copies a tree (or, to "", only checks it), following symlinks that stay inside home and out
// of other sessions' paths, and refusing any other.
type copier struct {
	home   string
	others []resolved
	path   string // the registered path, for errors
	n      int    // entries copied so far
}

const (
	maxLinkDepth = 16
	maxEntries   = 10000
)

func (c *copier) refuse(format string, args ...any) error {
	return &PathError{Path: c.path, Msg: fmt.Sprintf(format, args...)}
}

func (c *copier) copy(src, dst string, depth int) error {
	if depth > maxLinkDepth {
		return c.refuse("symlinks nest deeper than %d (a loop?)", maxLinkDepth)
	}
	if c.n++; c.n > maxEntries {
		return c.refuse("more than %d files and directories to copy", maxEntries)
	}
	st, err := os.Lstat(src)
	if err != nil {
		return err
	}
	switch {
	case st.Mode()&fs.ModeSymlink != 0:
		real, err := filepath.EvalSymlinks(src)
		if err != nil {
			return c.refuse("symlink %s cannot be resolved: %v", src, err)
		}
		key, ok := within(c.home, real)
		if !ok {
			return c.refuse("symlink %s points to %s, outside $HGUARD_HOME", src, real)
		}
		if key == "." || key == "state" || strings.HasPrefix(key, "state/") {
			return c.refuse("symlink %s points to $HGUARD_HOME itself or hguard's state", src)
		}
		for _, o := range c.others {
			if overlaps(key, o.key) {
				return c.refuse("symlink %s points into a path registered by another session", src)
			}
		}
		return c.copy(real, dst, depth+1)
	case st.IsDir():
		if dst == "" {
			// checking only
		} else if err := os.MkdirAll(dst, 0o700); err != nil {
			return err
		}
		entries, err := os.ReadDir(src)
		if err != nil {
			return err
		}
		for _, e := range entries {
			d := ""
			if dst != "" {
				d = filepath.Join(dst, e.Name())
			}
			if err := c.copy(filepath.Join(src, e.Name()), d, depth); err != nil {
				return err
			}
		}
		return nil
	case st.Mode().IsRegular():
		if dst == "" {
			return nil
		}
		return copyFile(src, dst, st.Mode().Perm())
	}
	return c.refuse("%s is not a regular file, directory or symlink", src)
}

func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, perm&0o700|0o400)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	return errors.Join(err, out.Close())
}
