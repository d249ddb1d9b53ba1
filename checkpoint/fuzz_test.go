package checkpoint

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// FuzzParseIndex: a user's index is a file an agent can write, so any
// bytes give an index or an error, never a panic, and an index read has
// one sorted path per entry. The seeds are real indexes from git (version
// 2, version 4, with a submodule, without its checksum).
func FuzzParseIndex(f *testing.F) {
	dir := f.TempDir()
	for i, name := range []string{"a.txt", "sub/b.txt", "sub/deep/c.txt", "sub-x"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(p, []byte{byte('a' + i), '\n'}, 0o644); err != nil {
			f.Fatal(err)
		}
	}
	userGit(f, dir, "init", "-q", "-b", "main")
	userGit(f, dir, "add", "-A")
	index := func() []byte {
		data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
		if err != nil {
			f.Fatal(err)
		}
		return data
	}
	f.Add(index())
	userGit(f, dir, "update-index", "--index-version", "4")
	f.Add(index())
	userGit(f, dir, "commit", "-qm", "init")
	userGit(f, dir, "update-index", "--add", "--cacheinfo", "160000,"+userGit(f, dir, "rev-parse", "HEAD")[:40]+",mod")
	f.Add(index())
	// Without the checksum (index.skipHash) the fuzzer reaches the entries.
	skip := index()
	clear(skip[len(skip)-20:])
	f.Add(skip)
	f.Add([]byte("DIRC"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, user := range []bool{false, true} {
			ix, err := parseIndexOf(data, user)
			if err != nil {
				continue
			}
			if len(ix.paths) != len(ix.entries) {
				t.Fatalf("user=%v: %d paths, %d entries", user, len(ix.paths), len(ix.entries))
			}
			if !slices.IsSorted(ix.paths) {
				t.Fatalf("user=%v: paths out of order: %q", user, ix.paths)
			}
		}
	})
}
