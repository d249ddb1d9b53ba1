package checkpoint

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// statsBudget bounds the new file contents kept for counting lines until
// the old versions are read: beyond it git counts.
const statsBudget = 32 << 20

// editTree writes the tree of a snapshot that differs from the tree base
// only at the given paths: the files at add are stored as they are now,
// the files at remove are gone (a directory left without files goes too:
// git stores no empty tree). Only the trees on the way to a change are
// read (one `git cat-file --batch` run) and written in Go (into the
// snapshot's pack while one is collected, see packWriter), so the
// cost follows the change, not the tree: the shadow index, which git would
// read and rewrite whole for one path, is not used. A file that is gone,
// no longer a file or link, or past the size limit when it is read gives
// errNeedFull; one that changes while it is read is stored as read (as
// update-index would store it), and its event brings another snapshot.
// The statistics of the change against base (files, lines added, lines
// deleted) come with it when they could be counted here (see numstat; ok
// false: git is to count them).
func (r *Repo) editTree(ctx context.Context, base string, add, remove []string) (string, [3]int, bool, error) {
	if len(base) != 2*sha1.Size || !isHex(base) {
		return "", [3]int{}, false, errNeedFull
	}
	var stats [3]int
	statsOK := true
	// A changed file whose old version is to be read: the lines of new
	// (nil for a deleted file) are compared with it.
	type pending struct {
		old [sha1.Size]byte
		new []byte
		del bool
	}
	var waiting []pending
	kept := 0
	// What changes in each directory ("" is the root), and which of its
	// subdirectories hold changes.
	type change struct {
		removed []string
		added   []string
		dirs    []string
	}
	changes := map[string]*change{"": {}}
	at := func(dir string) *change {
		c, ok := changes[dir]
		if !ok {
			c = &change{}
			changes[dir] = c
		}
		return c
	}
	// mark names dir, and each directory above it, in its parent.
	linked := map[string]bool{}
	mark := func(dir string) {
		for ; dir != "" && !linked[dir]; dir = parentDir(dir) {
			linked[dir] = true
			at(dir)
			parent := at(parentDir(dir))
			parent.dirs = append(parent.dirs, dir)
		}
	}
	for _, p := range remove {
		d := parentDir(p)
		mark(d)
		at(d).removed = append(at(d).removed, path.Base(p))
	}
	for _, p := range add {
		d := parentDir(p)
		mark(d)
		at(d).added = append(at(d).added, path.Base(p))
	}
	dirs := make([]string, 0, len(changes))
	for d := range changes {
		dirs = append(dirs, d)
	}
	// Shallow first; the trees of a level are asked for together.
	slices.SortFunc(dirs, func(a, b string) int {
		if da, db := depth(a), depth(b); da != db {
			return da - db
		}
		return strings.Compare(a, b)
	})

	cat, err := r.startCatFile(ctx)
	if err != nil {
		return "", stats, false, err
	}
	defer cat.close()
	old := map[string][]treeEntry{}
	baseID, _ := hex.DecodeString(base)
	var level []string
	var ids [][sha1.Size]byte
	flush := func() error {
		trees, err := cat.trees(ids)
		if err != nil {
			return err
		}
		for i, d := range level {
			old[d] = trees[i]
		}
		level, ids = level[:0], ids[:0]
		return nil
	}
	var rootID [sha1.Size]byte
	copy(rootID[:], baseID)
	level, ids = append(level, ""), append(ids, rootID)
	cur := 0
	for _, d := range dirs[1:] {
		if depth(d) != cur {
			if err := flush(); err != nil {
				return "", stats, false, err
			}
			cur = depth(d)
		}
		if e, ok := findEntry(old[parentDir(d)], path.Base(d)); ok && e.isTree() {
			level, ids = append(level, d), append(ids, e.oid)
		}
	}
	if err := flush(); err != nil {
		return "", stats, false, err
	}

	// Deepest first: a directory's new tree goes into its parent's.
	written := map[string][sha1.Size]byte{} // "" for a directory left empty
	var none [sha1.Size]byte
	for i := len(dirs) - 1; i >= 0; i-- {
		d := dirs[i]
		c := changes[d]
		entries := map[string]treeEntry{}
		for _, e := range old[d] {
			entries[e.name] = e
		}
		before := maps.Clone(entries)
		for _, name := range c.removed {
			delete(entries, name)
		}
		for _, name := range c.added {
			rel := path.Join(d, name)
			mode, content, err := fileBlob(filepath.Join(r.Dir, filepath.FromSlash(rel)), r.cfg.MaxFileSize)
			if err != nil {
				return "", stats, false, err
			}
			e := treeEntry{mode: mode, name: name, oid: objectID("blob", content)}
			prev, had := before[name]
			if had && prev.isTree() {
				had = false // its files are counted as removed
			}
			if !had || prev.oid != e.oid {
				if _, err := r.writeLoose("blob", content); err != nil {
					return "", stats, false, err
				}
			}
			switch {
			case !had:
				stats[0]++
				stats[1] += lineCount(content)
			case prev.oid != e.oid:
				stats[0]++
				if kept += len(content); kept > statsBudget {
					statsOK = false
				} else if statsOK {
					waiting = append(waiting, pending{old: prev.oid, new: content})
				}
			case prev.mode != e.mode:
				stats[0]++
			}
			entries[name] = e
		}
		for _, name := range c.removed {
			if prev, had := before[name]; had && !prev.isTree() && !slices.Contains(c.added, name) {
				stats[0]++
				waiting = append(waiting, pending{old: prev.oid, del: true})
			}
		}
		for _, sub := range c.dirs {
			name := path.Base(sub)
			id := written[sub]
			switch {
			case id != none:
				entries[name] = treeEntry{mode: "40000", name: name, oid: id}
			case entries[name].isTree():
				delete(entries, name) // emptied: git keeps no empty tree
			}
		}
		if len(entries) == 0 && d != "" {
			written[d] = none
			continue
		}
		list := make([]treeEntry, 0, len(entries))
		for _, e := range entries {
			list = append(list, e)
		}
		id, err := r.writeLoose("tree", encodeTree(list))
		if err != nil {
			return "", stats, false, err
		}
		written[d] = id
	}
	root := written[""]
	tree := hex.EncodeToString(root[:])

	// The lines of the old versions of changed and deleted files.
	if statsOK && len(waiting) > 0 {
		ids := make([][sha1.Size]byte, len(waiting))
		for i, p := range waiting {
			ids[i] = p.old
		}
		blobs, err := cat.objects(ids, "blob")
		if err != nil {
			return "", stats, false, err
		}
		for i, p := range waiting {
			if p.del {
				stats[2] += lineCount(blobs[i])
				continue
			}
			added, deleted, ok := numstat(blobs[i], p.new)
			if !ok {
				statsOK = false
				break
			}
			stats[1] += added
			stats[2] += deleted
		}
	}
	if err := cat.close(); err != nil {
		return "", stats, false, err
	}
	return tree, stats, statsOK, nil
}

// lineCount is the lines git counts for a whole file: newlines, plus a
// last line without one; none for a binary file.
func lineCount(b []byte) int {
	if len(b) == 0 || isBinary(b) {
		return 0
	}
	n := bytes.Count(b, []byte{'\n'})
	if b[len(b)-1] != '\n' {
		n++
	}
	return n
}

// parentDir is the directory of a path in the tree, "" for the root.
func parentDir(p string) string {
	d := path.Dir(p)
	if d == "." {
		return ""
	}
	return d
}

func depth(dir string) int {
	if dir == "" {
		return 0
	}
	return strings.Count(dir, "/") + 1
}

func findEntry(entries []treeEntry, name string) (treeEntry, bool) {
	for _, e := range entries {
		if e.name == name {
			return e, true
		}
	}
	return treeEntry{}, false
}

// catFile is a running `git cat-file --batch`, asked for objects by name.
type catFile struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr bytes.Buffer
	done   bool
}

func (r *Repo) startCatFile(ctx context.Context) (*catFile, error) {
	bin, err := gitBinary()
	if err != nil {
		return nil, err
	}
	c := &catFile{cmd: exec.CommandContext(ctx, bin, "cat-file", "--batch")}
	c.cmd.Dir = r.Dir
	c.cmd.Env = r.gitEnv()
	c.cmd.Stderr = &c.stderr
	if c.in, err = c.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c.out = bufio.NewReaderSize(stdout, 64<<10)
	if err := c.cmd.Start(); err != nil {
		return nil, &gitError{args: []string{"cat-file"}, err: err}
	}
	return c, nil
}

// trees reads the tree objects ids name.
func (c *catFile) trees(ids [][sha1.Size]byte) ([][]treeEntry, error) {
	raw, err := c.objects(ids, "tree")
	if err != nil {
		return nil, err
	}
	out := make([][]treeEntry, len(raw))
	for i, data := range raw {
		if out[i], err = parseTree(data); err != nil {
			return nil, c.failed(fmt.Errorf("object %x: %w", ids[i], err))
		}
	}
	return out, nil
}

// objects reads the objects ids name, each of the kind given. The
// requests are written while the answers are read, so neither side waits
// on a full pipe.
func (c *catFile) objects(ids [][sha1.Size]byte, kind string) ([][]byte, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var req bytes.Buffer
	for _, id := range ids {
		req.WriteString(hex.EncodeToString(id[:]))
		req.WriteByte('\n')
	}
	werr := make(chan error, 1)
	go func() {
		_, err := c.in.Write(req.Bytes())
		werr <- err
	}()
	out := make([][]byte, len(ids))
	for i, id := range ids {
		want := hex.EncodeToString(id[:])
		header, err := c.out.ReadString('\n')
		if err != nil {
			return nil, c.failed(err)
		}
		f := strings.Fields(header)
		if len(f) == 2 && f[0] == want && f[1] == "missing" {
			// The base names an object that is not there: the tree cannot
			// be edited, a full scan writes it whole.
			c.failed(errNeedFull)
			return nil, errNeedFull
		}
		if len(f) != 3 || f[0] != want || f[1] != kind {
			return nil, c.failed(fmt.Errorf("object %s: %q", want, strings.TrimSpace(header)))
		}
		size, err := strconv.Atoi(f[2])
		if err != nil || size < 0 {
			return nil, c.failed(fmt.Errorf("object %s: %q", want, strings.TrimSpace(header)))
		}
		data := make([]byte, size+1) // the content and a newline
		if _, err := io.ReadFull(c.out, data); err != nil {
			return nil, c.failed(err)
		}
		out[i] = data[:size]
	}
	if err := <-werr; err != nil {
		return nil, c.failed(err)
	}
	return out, nil
}

func (c *catFile) failed(err error) error {
	c.cmd.Process.Kill() // it may be blocked writing what nobody reads
	c.close()
	return &gitError{args: []string{"cat-file"}, stderr: c.stderr.String(), err: err}
}

// close ends the run; it may be called more than once.
func (c *catFile) close() error {
	if c.done {
		return nil
	}
	c.done = true
	c.in.Close()
	if err := c.cmd.Wait(); err != nil {
		return &gitError{args: []string{"cat-file"}, stderr: c.stderr.String(), err: err}
	}
	return nil
}
