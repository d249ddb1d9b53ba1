package injection

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hguard/hguard/dsl"
)

// Walk scans root: a file whatever its name, or a directory's context
// files (ContextFile), skipping version-control, dependency and build
// directories. A file or directory that cannot be read is an ask finding
// (rule unreadable), never a pass; a file found by walking that looks
// binary (a NUL byte near its start) is skipped. It returns how many files
// were scanned.
func (s *Scanner) Walk(root string) (files int, findings []Finding, err error) {
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			findings = append(findings, Unreadable(p, err))
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		explicit := p == root
		if d.IsDir() {
			if !explicit && skipDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !explicit && (!d.Type().IsRegular() || !ContextFile(p)) {
			return nil
		}
		fs, err := s.file(p, explicit)
		if err != nil {
			findings = append(findings, Unreadable(p, err))
			return nil
		}
		if fs != nil || explicit {
			files++
		}
		findings = append(findings, fs...)
		return nil
	})
	return files, findings, err
}

// skipDir names directories a walk does not enter: other tools' state,
// dependencies and build output, where no agent context file lives.
func skipDir(name string) bool {
	switch name {
	case ".git", ".hg", ".svn", "node_modules", "vendor", ".venv", "venv", "__pycache__", "target", "dist":
		return true
	}
	return false
}

// file scans one file; one found by walking that looks binary is skipped
// (nil findings, nil error).
func (s *Scanner) file(path string, explicit bool) ([]Finding, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, 8192)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	head = head[:n]
	if !explicit && bytes.IndexByte(head, 0) >= 0 {
		return nil, nil
	}
	fs, err := s.Reader(path, io.MultiReader(bytes.NewReader(head), f))
	if fs == nil && err == nil {
		fs = []Finding{}
	}
	return fs, err
}

// Unreadable is the finding for a path that could not be scanned: an ask.
func Unreadable(path string, err error) Finding {
	return Finding{File: path, Line: 1, Col: 1, Rule: "unreadable", Level: dsl.Ask, Message: "cannot be scanned: " + unwrapPath(err).Error()}
}

// unwrapPath drops the "open PATH:" that a message already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
