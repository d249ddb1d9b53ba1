package checkpoint

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseRef(t *testing.T) {
	tests := []struct {
		in      string
		want    Ref
		wantErr string
	}{
		{"1", Ref{N: 1}, ""},
		{"42", Ref{N: 42}, ""},
		{"999", Ref{N: 999}, ""},
		{"1234", Ref{N: 1234, Hex: "1234"}, ""},
		{"123456789", Ref{N: 123456789, Hex: "123456789"}, ""},
		{"1234567890", Ref{Hex: "1234567890"}, ""},
		{"ABCDEF12", Ref{Hex: "abcdef12"}, ""},
		{strings.Repeat("a", 64), Ref{Hex: strings.Repeat("a", 64)}, ""},
		{"0", Ref{}, "ids start at 1"},
		{"", Ref{}, "empty"},
		{"-1", Ref{}, "starts with '-'"},
		{"--patch", Ref{}, "starts with '-'"},
		{"-abcd", Ref{}, "starts with '-'"},
		{"abc", Ref{}, "neither"},
		{strings.Repeat("a", 65), Ref{}, "neither"},
		{"HEAD", Ref{}, "neither"},
		{"abcd^", Ref{}, "neither"},
		{"abcd..ef01", Ref{}, "neither"},
		{"1 2", Ref{}, "neither"},
		{"@{1}", Ref{}, "neither"},
	}
	for _, tt := range tests {
		got, err := ParseRef(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseRef(%q) = %v, %v; want error with %q", tt.in, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseRef(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestPath(t *testing.T) {
	r, dir := testRepo(t, Config{})
	outside := t.TempDir()
	write(t, filepath.Join(dir, "sub/f.txt"), "x", 0o644)
	must(t, os.Symlink(outside, filepath.Join(dir, "escape")))
	must(t, os.Symlink("sub", filepath.Join(dir, "inside")))
	must(t, os.Symlink(filepath.Join(outside, "f"), filepath.Join(dir, "dangling-out")))
	sub := filepath.Join(dir, "sub")
	tests := []struct {
		from, file string
		want       string
		wantErr    string
	}{
		{dir, "sub/f.txt", "sub/f.txt", ""},
		{dir, "./sub/../sub/f.txt", "sub/f.txt", ""},
		{dir, "sub/gone/deeper.txt", "sub/gone/deeper.txt", ""},
		{sub, "f.txt", "sub/f.txt", ""},
		{sub, "../x", "x", ""},
		{dir, "inside/f.txt", "sub/f.txt", ""},    // resolved to where it really is
		{dir, "dangling-out", "dangling-out", ""}, // the link itself is restored, not its target
		{dir, "escape", "escape", ""},
		{dir, "../x", "", "outside"},
		{sub, "../../x", "", "outside"},
		{dir, "sub/../../x", "", "outside"},
		{dir, "/etc/passwd", "", "absolute"},
		{dir, filepath.Join(dir, "sub/f.txt"), "", "absolute"},
		{dir, "escape/f", "", "symbolic link"},
		{dir, "escape/new/deeper", "", "symbolic link"},
		{dir, ".", "", "whole directory"},
		{dir, "", "", "empty"},
		{dir, ".git/config", "", ".git"},
		{dir, "sub/.GIT/hooks/x", "", ".git"},
		{dir, "a\x00b", "", "NUL"},
	}
	for _, tt := range tests {
		got, err := r.Path(tt.from, tt.file)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Path(%q) = %q, %v; want error with %q", tt.file, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Path(%q) = %q, %v; want %q", tt.file, got, err, tt.want)
		}
	}
}

func TestValidateTurn(t *testing.T) {
	for _, ok := range []string{"1", "42", "prompt-3f2a", "turn with spaces", "ünï"} {
		if err := ValidateTurn(ok); err != nil {
			t.Errorf("ValidateTurn(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", "a\nb", "a\x00", "\x1b[31m", strings.Repeat("x", 257), "\xff"} {
		if err := ValidateTurn(bad); err == nil {
			t.Errorf("ValidateTurn(%q) accepted", bad)
		}
	}
}

// A missing or damaged shadow repository gives a clear error and changes
// nothing in the working directory.
func TestDamagedShadowRepository(t *testing.T) {
	ctx := context.Background()
	setup := func(t *testing.T) (*Repo, string, map[string]string, Ref) {
		r, dir := testRepo(t, Config{})
		write(t, filepath.Join(dir, "a.txt"), "original\n", 0o644)
		write(t, filepath.Join(dir, "b.txt"), "bee\n", 0o644)
		res := create(t, r, "")
		write(t, filepath.Join(dir, "a.txt"), "changed\n", 0o644)
		return r, dir, fingerprint(t, dir), Ref{Hex: res.Snapshot.Hash}
	}
	blob := func(t *testing.T, r *Repo, path string) string {
		unpack(t, r)
		out, err := r.git(ctx, nil, "rev-parse", snapshots(t, r)[0].Hash+":"+path)
		must(t, err)
		oid := strings.TrimSpace(string(out))
		return filepath.Join(r.GitDir, "objects", oid[:2], oid[2:])
	}
	tests := []struct {
		name    string
		damage  func(t *testing.T, r *Repo)
		wantErr string
	}{
		{"missing", func(t *testing.T, r *Repo) { must(t, os.RemoveAll(r.GitDir)) }, "no checkpoints"},
		{"not a directory", func(t *testing.T, r *Repo) {
			must(t, os.RemoveAll(r.GitDir))
			must(t, os.WriteFile(r.GitDir, []byte("x"), 0o644))
		}, "damaged"},
		{"no HEAD", func(t *testing.T, r *Repo) { must(t, os.Remove(filepath.Join(r.GitDir, "HEAD"))) }, "damaged"},
		{"other directory", func(t *testing.T, r *Repo) {
			must(t, os.WriteFile(filepath.Join(r.GitDir, dirFile), []byte("/elsewhere\n"), 0o644))
		}, "belongs to"},
		{"blob missing", func(t *testing.T, r *Repo) { must(t, os.Remove(blob(t, r, "a.txt"))) }, "damaged"},
		{"blob corrupt", func(t *testing.T, r *Repo) {
			p := blob(t, r, "a.txt")
			must(t, os.Chmod(p, 0o644))
			must(t, os.WriteFile(p, []byte("garbage, not zlib"), 0o644))
		}, "damaged"},
		{"pack truncated", func(t *testing.T, r *Repo) {
			packs, _ := filepath.Glob(filepath.Join(r.GitDir, "objects", "pack", "*.pack"))
			if len(packs) == 0 {
				t.Fatal("no packs")
			}
			for _, p := range packs {
				fi, err := os.Stat(p)
				must(t, err)
				must(t, os.Chmod(p, 0o644))
				must(t, os.Truncate(p, fi.Size()/2))
			}
		}, "damaged"},
		{"commit missing", func(t *testing.T, r *Repo) {
			unpack(t, r)
			oid := snapshots(t, r)[0].Hash
			must(t, os.Remove(filepath.Join(r.GitDir, "objects", oid[:2], oid[2:])))
		}, "damaged"},
		{"config garbage", func(t *testing.T, r *Repo) {
			must(t, os.WriteFile(filepath.Join(r.GitDir, "config"), []byte("[core\nbroken"), 0o644))
		}, "damaged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, dir, before, orig := setup(t)
			tt.damage(t, r)
			_, err := r.Restore(ctx, Ref{N: 1})
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Restore: %v; want an error with %q", err, tt.wantErr)
			}
			rel, _ := r.Path(dir, "a.txt")
			if _, err := r.RestorePath(ctx, orig, rel); err == nil {
				t.Errorf("RestorePath: no error")
			}
			if d := diffPrints(before, fingerprint(t, dir)); d != "" {
				t.Errorf("the working directory changed:\n%s", d)
			}
			if tt.name == "missing" && !errors.Is(err, ErrNoCheckpoints) {
				t.Errorf("missing repository: %v is not ErrNoCheckpoints", err)
			}
		})
	}
}

// unpack turns the packs of the shadow repository into loose objects, so
// that a test can damage one object.
func unpack(t *testing.T, r *Repo) {
	t.Helper()
	packs, _ := filepath.Glob(filepath.Join(r.GitDir, "objects", "pack", "*.pack"))
	for _, p := range packs {
		data, err := os.ReadFile(p)
		must(t, err)
		must(t, os.Remove(p))
		must(t, os.Remove(strings.TrimSuffix(p, ".pack")+".idx"))
		if _, err := r.git(context.Background(), bytes.NewReader(data), "unpack-objects", "-q"); err != nil {
			t.Fatal(err)
		}
	}
}
