package checkpoint

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The objects written in Go must be the ones git would write: same names,
// readable by git, trees in git's order.
func TestObjectsAsGitWritesThem(t *testing.T) {
	r, dir := testRepo(t, DefaultConfig())
	create(t, r, "init") // makes the shadow repository
	ctx := context.Background()

	content := []byte("some content\n\x00binary too\n")
	id, err := r.writeLoose("blob", content)
	must(t, err)
	write(t, filepath.Join(dir, "f"), string(content), 0o644)
	out, err := r.git(ctx, nil, "hash-object", "f")
	must(t, err)
	if got := hex.EncodeToString(id[:]); got != strings.TrimSpace(string(out)) {
		t.Fatalf("blob id %s, git says %s", got, out)
	}
	if back, err := r.git(ctx, nil, "cat-file", "blob", hex.EncodeToString(id[:])); err != nil || string(back) != string(content) {
		t.Fatalf("git reads the loose blob back as %q (%v)", back, err)
	}
	// Written again: left alone, same name.
	if again, err := r.writeLoose("blob", content); err != nil || again != id {
		t.Fatalf("second write: %x, %v", again, err)
	}

	// Names that sort differently as trees and as files ("a" < "a-b" <
	// "a.b" < "a/" < "a0" as git orders them).
	entries := []treeEntry{
		{mode: "100644", name: "a0", oid: id},
		{mode: "40000", name: "a", oid: mustTree(t, r)},
		{mode: "100755", name: "a.b", oid: id},
		{mode: "120000", name: "a-b", oid: id},
		{mode: "100644", name: "b c\td", oid: id},
	}
	tree, err := r.writeLoose("tree", encodeTree(entries))
	must(t, err)
	var mktree strings.Builder
	for _, e := range entries {
		kind := "blob"
		if e.isTree() {
			kind = "tree"
		}
		mktree.WriteString(e.mode + " " + kind + " " + hex.EncodeToString(e.oid[:]) + "\t" + e.name + "\x00")
	}
	out, err = r.git(ctx, strings.NewReader(mktree.String()), "mktree", "-z")
	must(t, err)
	if got := hex.EncodeToString(tree[:]); got != strings.TrimSpace(string(out)) {
		t.Fatalf("tree %s, git mktree %s", got, out)
	}
	raw, err := r.git(ctx, nil, "cat-file", "tree", hex.EncodeToString(tree[:]))
	must(t, err)
	back, err := parseTree(raw)
	must(t, err)
	var names []string
	for _, e := range back {
		names = append(names, e.name)
	}
	if got, want := strings.Join(names, "|"), "a-b|a.b|a|a0|b c\td"; got != want {
		t.Fatalf("tree order %q, want %q", got, want)
	}
	for _, bad := range []string{"100644 x", "100644 x\x00short", " x\x00" + strings.Repeat("a", 20)} {
		if _, err := parseTree([]byte(bad)); err == nil {
			t.Errorf("parseTree(%q) took a malformed tree", bad)
		}
	}
}

func mustTree(t *testing.T, r *Repo) [20]byte {
	t.Helper()
	id, err := r.writeLoose("tree", nil) // the empty tree
	must(t, err)
	if hex.EncodeToString(id[:]) != "4b825dc642cb6eb9a060e54bf8d69288fbee4904" {
		t.Fatalf("empty tree %x", id)
	}
	return id
}

// When the index no longer names its tree (another process changed it
// without writing a tree), the watcher's snapshot lets git update the
// index along the changed paths, and the result is what a full scan
// makes; the next one starts from that tree again.
func TestIncrementalWithoutKnownTree(t *testing.T) {
	r, dir := testRepo(t, DefaultConfig())
	for _, p := range []string{"a/one", "a/two", "b/three"} {
		write(t, filepath.Join(dir, p), p+"\n", 0o644)
	}
	wt := startWatcher(t, r)
	ctx := context.Background()
	write(t, filepath.Join(dir, "a/two"), "changed\n", 0o644)
	// git itself touches the index: its cache of the root tree is void.
	if _, err := r.git(ctx, nil, "update-index", "--add", "--", "a/two"); err != nil {
		t.Fatal(err)
	}
	must(t, os.Remove(filepath.Join(dir, "b/three")))
	write(t, filepath.Join(dir, "c/four"), "new\n", 0o644)
	res, err := wt.Snapshot(ctx, "after git")
	must(t, err)
	if !res.Incremental || r.treeEdits != 0 {
		t.Fatalf("incremental %v, trees edited %d: want an incremental snapshot through the index", res.Incremental, r.treeEdits)
	}
	full, err := New(t.TempDir(), dir, DefaultConfig())
	must(t, err)
	if tree, _ := fullScan(t, full); tree != res.Snapshot.Tree {
		t.Fatalf("tree %s, a full scan %s", res.Snapshot.Tree, tree)
	}
	write(t, filepath.Join(dir, "a/one"), "again\n", 0o644)
	res, err = wt.Snapshot(ctx, "next")
	must(t, err)
	if !res.Incremental || r.treeEdits != 1 {
		t.Fatalf("incremental %v, trees edited %d: want the tree edited", res.Incremental, r.treeEdits)
	}
	if tree, _ := fullScan(t, full); tree != res.Snapshot.Tree {
		t.Fatalf("tree %s, a full scan %s", res.Snapshot.Tree, tree)
	}
}

// A pack written in Go is one git reads, verifies and counts.
func TestPackAsGitReadsIt(t *testing.T) {
	r, _ := testRepo(t, DefaultConfig())
	create(t, r, "init")
	ctx := context.Background()
	var p packWriter
	big := strings.Repeat("a line of a larger file\n", 2000) // a size header of several bytes
	blobs := []string{"", "x", big, "\x00binary\x00"}
	var entries []treeEntry
	for i, b := range blobs {
		entries = append(entries, treeEntry{mode: "100644", name: fmt.Sprint("f", i), oid: p.add("blob", []byte(b))})
	}
	p.add("blob", []byte("x")) // twice: stored once
	tree := p.add("tree", encodeTree(entries))
	commit := p.add("commit", commitObject(hex.EncodeToString(tree[:]), 1733000000, "packed\n"))
	must(t, p.write(r.GitDir))
	packs, _ := filepath.Glob(filepath.Join(r.GitDir, "objects", "pack", "pack-*.idx"))
	var ours string
	for _, idx := range packs {
		out, err := r.git(ctx, nil, "verify-pack", "-v", idx)
		must(t, err)
		if strings.Contains(string(out), hex.EncodeToString(commit[:])) {
			ours = string(out)
		}
	}
	if ours == "" {
		t.Fatal("no pack holds the commit")
	}
	if n := strings.Count(ours, " blob "); n != len(blobs) {
		t.Errorf("%d blobs in the pack, want %d:\n%s", n, len(blobs), ours)
	}
	for i, b := range blobs {
		out, err := r.git(ctx, nil, "cat-file", "blob", hex.EncodeToString(entries[i].oid[:]))
		must(t, err)
		if string(out) != b {
			t.Errorf("blob %d reads back as %q", i, out)
		}
	}
	if _, err := r.git(ctx, nil, "fsck", "--strict", hex.EncodeToString(commit[:])); err != nil {
		t.Fatalf("git fsck: %v", err)
	}
}

// Refs are written without git only where git's files backend would do
// the same: a held lock or a packed ref to delete leave the work to git,
// with nothing changed.
func TestLooseRefsOrGit(t *testing.T) {
	cfg := DefaultConfig()
	r, dir := testRepo(t, cfg)
	for i := range 3 {
		write(t, filepath.Join(dir, "f"), fmt.Sprint(i), 0o644)
		create(t, r, fmt.Sprint("snapshot ", i))
	}
	list := snapshots(t, r)
	oldest := list[len(list)-1]
	fresh := &Snapshot{Ref: refPrefix + "99999999999999999999", Hash: list[0].Hash}
	refs := func() string {
		return userGit(t, r.Dir, "--git-dir="+r.GitDir, "for-each-ref", "--format=%(refname) %(objectname)")
	}
	before := refs()

	lock := filepath.Join(r.GitDir, "packed-refs.lock")
	must(t, os.WriteFile(lock, nil, 0o644))
	if done, err := r.writeLooseRefs(fresh, []*Snapshot{oldest}); done || err != nil {
		t.Fatalf("with packed-refs locked: done %v, err %v", done, err)
	}
	must(t, os.Remove(lock))
	if refs() != before {
		t.Fatal("the refs changed although git was left the work")
	}
	if done, err := r.writeLooseRefs(&Snapshot{Ref: "refs/heads/main", Hash: list[0].Hash}, nil); done || err != nil {
		t.Fatalf("a ref name hguard does not make: done %v, err %v", done, err)
	}

	if done, err := r.writeLooseRefs(fresh, []*Snapshot{oldest}); !done || err != nil {
		t.Fatalf("loose refs: done %v, err %v", done, err)
	}
	after := refs()
	if !strings.Contains(after, fresh.Ref+" "+fresh.Hash) || strings.Contains(after, oldest.Ref) {
		t.Fatalf("git lists\n%s", after)
	}
	if _, err := os.Lstat(lock); err == nil {
		t.Fatal("packed-refs.lock left behind")
	}

	userGit(t, r.Dir, "--git-dir="+r.GitDir, "pack-refs", "--all")
	if done, err := r.writeLooseRefs(nil, []*Snapshot{fresh}); done || err != nil {
		t.Fatalf("a packed ref to delete: done %v, err %v", done, err)
	}
}

// A file that is no longer a regular file when it is read (a fifo, a
// link to elsewhere) is not read: the snapshot falls back to a full scan.
func TestFileBlobOnlyRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no fifo here:", err)
	}
	secret := filepath.Join(dir, "secret")
	write(t, secret, "not in the tree\n", 0o644)
	link := filepath.Join(dir, "link")
	must(t, os.Symlink(secret, link))
	if _, _, err := fileBlob(fifo, 1<<20); err != errNeedFull {
		t.Errorf("fifo: %v, want errNeedFull (and no wait)", err)
	}
	mode, content, err := fileBlob(link, 1<<20)
	if err != nil || mode != "120000" || string(content) != secret {
		t.Errorf("link: mode %s content %q err %v: want the link itself", mode, content, err)
	}
	write(t, filepath.Join(dir, "big"), strings.Repeat("x", 100), 0o644)
	if _, _, err := fileBlob(filepath.Join(dir, "big"), 10); err != errNeedFull {
		t.Errorf("a file past the size limit: %v, want errNeedFull", err)
	}
}

// A snapshot never names a tree that is not in the shadow repository.
// The commit written in Go is not checked by git, as commit-tree checked
// it: a full scan that found nothing changed takes its tree from the
// index's cache-tree, which may name a tree lost since (a crash after the
// index was written, a gc): that snapshot must fail, not point nowhere.
func TestSnapshotTreeExists(t *testing.T) {
	r, dir := testRepo(t, DefaultConfig())
	write(t, filepath.Join(dir, "f"), "f\n", 0o644)
	old := time.Now().Add(-time.Hour) // not racily clean: the index is trusted
	must(t, os.Chtimes(filepath.Join(dir, "f"), old, old))
	create(t, r, "first")

	// The index's cache-tree now names a tree no one wrote.
	path := filepath.Join(r.GitDir, "index")
	data, err := os.ReadFile(path)
	must(t, err)
	ext := bytes.LastIndex(data, []byte("TREE"))
	nl := bytes.IndexByte(data[ext:], '\n')
	if ext < 0 || nl < 0 {
		t.Fatal("no cache-tree in the index")
	}
	lost := data[ext+nl+1 : ext+nl+1+20]
	for i := range lost {
		lost[i] = 0x5a
	}
	sum := sha1.Sum(data[:len(data)-20])
	copy(data[len(data)-20:], sum[:])
	must(t, os.WriteFile(path, data, 0o644))

	res, err := r.Create(context.Background(), "second")
	if err == nil && res.Created {
		if _, err := r.git(context.Background(), nil, "cat-file", "-e", res.Snapshot.Tree+"^{tree}"); err != nil {
			t.Fatalf("snapshot %d names the tree %s, which is not in the repository", res.Snapshot.ID, res.Snapshot.Tree)
		}
	}
}

// A base tree that is not in the repository (lost in a crash) makes the
// tree edit ask for a full scan, which writes the tree whole.
func TestEditTreeMissingBase(t *testing.T) {
	r, dir := testRepo(t, DefaultConfig())
	write(t, filepath.Join(dir, "a/b"), "x\n", 0o644)
	create(t, r, "init")
	missing := strings.Repeat("ab", 20)
	if _, _, _, err := r.editTree(context.Background(), missing, []string{"a/b"}, nil); err != errNeedFull {
		t.Fatalf("editTree from a missing tree: %v, want errNeedFull", err)
	}
}
