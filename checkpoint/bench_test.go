package checkpoint

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// benchTree is a user's repository of n files in directories of 100, each
// a few hundred bytes, committed once.
func benchTree(b *testing.B, n int) string {
	b.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git is not installed")
	}
	dir := filepath.Join(b.TempDir(), "tree")
	line := strings.Repeat("some source text, ", 10) + "\n"
	for i := range n {
		write(b, filepath.Join(dir, fmt.Sprintf("pkg%03d/file%03d.go", i/100, i%100)), fmt.Sprintf("// file %d\n%s%s", i, line, line), 0o644)
	}
	userGit(b, dir, "init", "-q")
	userGit(b, dir, "add", "-A")
	userGit(b, dir, "commit", "-qm", "init")
	return dir
}

const benchFiles = 10000

// benchConfig keeps pruning (and the daily gc it may start) out of the
// timings: they measure one snapshot.
func benchConfig() Config {
	cfg := DefaultConfig()
	cfg.MaxSnapshots = maxSnapshotsLimit
	return cfg
}

// BenchmarkCreateOneChange is `hguard checkpoint create` on a 10,000-file
// tree in which one file changed since the last snapshot.
func BenchmarkCreateOneChange(b *testing.B) {
	dir := benchTree(b, benchFiles)
	r, err := New(filepath.Join(b.TempDir(), "home"), dir, benchConfig())
	must(b, err)
	create(b, r, "first")
	target := filepath.Join(dir, "pkg050/file050.go")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		must(b, os.WriteFile(target, fmt.Appendf(nil, "change %d\n", i), 0o644))
		if res := create(b, r, ""); !res.Created {
			b.Fatal("no snapshot")
		}
	}
}

// BenchmarkCreateNoChange is a snapshot attempt on an unchanged tree, as
// the watcher's polling and `checkpoint ensure` make.
func BenchmarkCreateNoChange(b *testing.B) {
	dir := benchTree(b, benchFiles)
	r, err := New(filepath.Join(b.TempDir(), "home"), dir, benchConfig())
	must(b, err)
	create(b, r, "first")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res := create(b, r, ""); res.Created {
			b.Fatal("a snapshot of nothing")
		}
	}
}

// BenchmarkGitAddCommitOneChange is the baseline: plain
// `git add -A && git commit` in the user's repository of the same tree.
func BenchmarkGitAddCommitOneChange(b *testing.B) {
	dir := benchTree(b, benchFiles)
	target := filepath.Join(dir, "pkg050/file050.go")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		must(b, os.WriteFile(target, fmt.Appendf(nil, "change %d\n", i), 0o644))
		userGit(b, dir, "add", "-A")
		userGit(b, dir, "commit", "-qm", "x")
	}
}

// BenchmarkFirstSnapshot is the first snapshot of the 10,000-file tree:
// creating the shadow repository and storing every file.
func BenchmarkFirstSnapshot(b *testing.B) {
	dir := benchTree(b, benchFiles)
	base := b.TempDir()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := New(filepath.Join(base, fmt.Sprint("home", i)), dir, benchConfig())
		must(b, err)
		if _, err := r.Create(context.Background(), "first"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGitFirstCommit is the baseline of the first snapshot: git init,
// add -A and commit of the same tree in a fresh repository.
func BenchmarkGitFirstCommit(b *testing.B) {
	dir := benchTree(b, benchFiles)
	base := b.TempDir()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		gd := filepath.Join(base, fmt.Sprint("git", i))
		userGit(b, dir, "--git-dir="+gd, "--work-tree=.", "init", "-q")
		userGit(b, dir, "--git-dir="+gd, "--work-tree=.", "add", "-A")
		userGit(b, dir, "--git-dir="+gd, "--work-tree=.", "commit", "-qm", "x")
	}
}

// BenchmarkCreateVsGitAddCommit interleaves the two runs above on one tree
// of 10,000 files (hguard snapshots it, the user's repository commits it),
// so that a noisy machine slows both alike, and reports the medians and
// their ratio.
func BenchmarkCreateVsGitAddCommit(b *testing.B) {
	dir := benchTree(b, benchFiles)
	r, err := New(filepath.Join(b.TempDir(), "home"), dir, benchConfig())
	must(b, err)
	create(b, r, "first")
	target := filepath.Join(dir, "pkg050/file050.go")
	var hg, git []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		must(b, os.WriteFile(target, fmt.Appendf(nil, "change %d\n", i), 0o644))
		t0 := time.Now()
		create(b, r, "")
		t1 := time.Now()
		userGit(b, dir, "add", "-A")
		userGit(b, dir, "commit", "-qm", "x")
		hg, git = append(hg, t1.Sub(t0)), append(git, time.Since(t1))
	}
	h, g := median(hg), median(git)
	b.ReportMetric(float64(h.Microseconds())/1000, "hguard-ms")
	b.ReportMetric(float64(g.Microseconds())/1000, "git-ms")
	b.ReportMetric(float64(h)/float64(g), "ratio")
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
