package checkpoint

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// testRepo is a working directory with a real user repository in it and
// the shadow repository of that directory in a temporary hguard home.
func testRepo(t testing.TB, cfg Config) (*Repo, string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	base := t.TempDir()
	dir := filepath.Join(base, "work")
	home := filepath.Join(base, "hguard")
	must(t, os.MkdirAll(dir, 0o755))
	if cfg.MaxFiles == 0 {
		cfg = DefaultConfig()
	}
	r, err := New(home, dir, cfg)
	must(t, err)
	r.maint = maintainForeground // no detached gc outliving the test
	return r, r.Dir
}

// userGit runs git as the user would in dir, with a config of its own.
func userGit(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull,
		// No automatic gc: a detached one would skew the benchmarks'
		// timings of plain git and hold the lock `git gc` needs.
		"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=gc.auto", "GIT_CONFIG_VALUE_0=0",
		"GIT_AUTHOR_NAME=user", "GIT_AUTHOR_EMAIL=user@example.com",
		"GIT_COMMITTER_NAME=user", "GIT_COMMITTER_EMAIL=user@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func write(t testing.TB, path, content string, mode fs.FileMode) {
	t.Helper()
	must(t, os.MkdirAll(filepath.Dir(path), 0o755))
	must(t, os.WriteFile(path, []byte(content), mode))
	must(t, os.Chmod(path, mode))
}

// fingerprint describes every entry under dir byte for byte: type, mode,
// the SHA-256 of a file's content or a symlink's target. skip leaves out
// paths (slash-separated, relative) and everything below them.
func fingerprint(t testing.TB, dir string, skip ...string) map[string]string {
	t.Helper()
	fp := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		for _, s := range skip {
			if rel == s || strings.HasPrefix(rel, s+"/") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			fp[rel] = "link " + target
		case d.IsDir():
			fp[rel] = "dir"
		default:
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(data)
			fp[rel] = fmt.Sprintf("file %v %s", info.Mode().Perm(), hex.EncodeToString(sum[:]))
		}
		return nil
	})
	must(t, err)
	return fp
}

// diffPrints describes how two fingerprints differ, "" when equal.
func diffPrints(want, got map[string]string) string {
	var out []string
	for k, v := range want {
		if g, ok := got[k]; !ok {
			out = append(out, "missing "+k)
		} else if g != v {
			out = append(out, fmt.Sprintf("changed %s: want %s, got %s", k, v, g))
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			out = append(out, "extra "+k)
		}
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

func create(t testing.TB, r *Repo, reason string) *Result {
	t.Helper()
	res, err := r.Create(context.Background(), reason)
	must(t, err)
	return res
}

func snapshots(t testing.TB, r *Repo) []*Snapshot {
	t.Helper()
	list, err := r.List(context.Background(), true)
	must(t, err)
	return list
}
