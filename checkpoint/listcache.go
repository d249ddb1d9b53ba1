package checkpoint

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The list of checkpoints without a git process. Listing used to be one
// `git for-each-ref` reading each checkpoint's commit; its start-up was
// most of what `checkpoint list` cost beyond hguard's own. Now every
// change of the refs (a snapshot, a prune) also writes listFile: the
// records for-each-ref would print for the refs that are left. A list
// reads the refs from git's files (refs/hguard/ and packed-refs) and uses
// listFile when it names exactly those refs with exactly those commits. A
// commit's hash fixes its message, tree and date, so a record that matches
// its ref is right however old the file is; any difference (a crash
// between the ref update and the file, a ref git changed, a ref storage
// this reader does not know) makes the list ask git, as before.

// listFile, inside the shadow repository, holds the list's records.
const listFile = "hguard-list"

// listHeader starts listFile; a file with another first line is ignored.
const listHeader = "hguard-list 1\n"

// listRecordEnd ends each record, in listFile as in for-each-ref's output.
const listRecordEnd = "\x00\x01\n"

// forEachRefFormat is the record of one snapshot: ref, commit, tree,
// committer time, subject, body.
const forEachRefFormat = "%(refname)%00%(objectname)%00%(tree)%00%(committerdate:unix)%00%(contents:subject)%00%(contents:body)%00%01"

// cachedList returns listFile's records when they match the refs as git
// stores them now.
func (r *Repo) cachedList() ([]byte, bool) {
	refs, ok := r.readRefs()
	if !ok {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(r.GitDir, listFile))
	if err != nil {
		return nil, false
	}
	recs, ok := bytes.CutPrefix(data, []byte(listHeader))
	if !ok {
		return nil, false
	}
	n := 0
	for rec := range bytes.SplitSeq(recs, []byte(listRecordEnd)) {
		if len(rec) == 0 {
			continue
		}
		ref, rest, _ := bytes.Cut(rec, []byte{0})
		hash, _, _ := bytes.Cut(rest, []byte{0})
		if refs[string(ref)] != string(hash) {
			return nil, false
		}
		n++
	}
	if n != len(refs) {
		return nil, false
	}
	return recs, true
}

// writeList records list (newest first) as listFile. A snapshot whose
// record is unknown makes it remove the file instead.
func (r *Repo) writeList(list []*Snapshot) {
	path := filepath.Join(r.GitDir, listFile)
	var b strings.Builder
	b.WriteString(listHeader)
	for _, s := range list {
		if s.record == "" {
			os.Remove(path)
			return
		}
		b.WriteString(s.record)
		b.WriteString(listRecordEnd)
	}
	if writeFileAtomic(path, []byte(b.String())) != nil {
		os.Remove(path)
	}
}

// writeListFrom records the output of for-each-ref (the list as git read
// it) as listFile.
func (r *Repo) writeListFrom(out []byte) {
	path := filepath.Join(r.GitDir, listFile)
	if writeFileAtomic(path, append([]byte(listHeader), out...)) != nil {
		os.Remove(path)
	}
}

// errRefFormat is a ref storage readRefs does not read.
var errRefFormat = errors.New("unsupported ref storage")

// readRefs reads the snapshot refs (refPrefix) from git's files backend:
// the loose refs under refs/hguard/ override packed-refs. ok is false
// when it finds anything it does not read: another ref storage, a
// symbolic ref, a lock of an update in progress.
func (r *Repo) readRefs() (map[string]string, bool) {
	if _, err := os.Lstat(filepath.Join(r.GitDir, "reftable")); err == nil {
		return nil, false
	}
	refs := map[string]string{}
	packed, err := os.ReadFile(filepath.Join(r.GitDir, "packed-refs"))
	switch {
	case err == nil:
		for line := range strings.SplitSeq(string(packed), "\n") {
			if line == "" || line[0] == '#' || line[0] == '^' {
				continue
			}
			hash, name, ok := strings.Cut(line, " ")
			if !ok || !isObjectID(hash) {
				return nil, false
			}
			if strings.HasPrefix(name, refPrefix) {
				refs[name] = hash
			}
		}
	case !errors.Is(err, fs.ErrNotExist):
		return nil, false
	}
	dir := filepath.Join(r.GitDir, filepath.FromSlash(refPrefix))
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir && errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() || strings.HasSuffix(d.Name(), ".lock") {
			return errRefFormat
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		hash := strings.TrimSuffix(string(data), "\n")
		if !isObjectID(hash) {
			return errRefFormat
		}
		rel, err := filepath.Rel(r.GitDir, p)
		if err != nil {
			return err
		}
		refs[filepath.ToSlash(rel)] = hash
		return nil
	})
	if err != nil {
		return nil, false
	}
	return refs, true
}

// isObjectID reports whether s is a full object name (SHA-1 or SHA-256).
func isObjectID(s string) bool {
	return (len(s) == 40 || len(s) == 64) && isHex(s) && strings.ToLower(s) == s
}
