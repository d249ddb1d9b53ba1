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
		{"1234567890", Ref{Hex: "1234567890", Label: "1234567890"}, ""},
		{"ABCDEF12", Ref{Hex: "abcdef12", Label: "ABCDEF12"}, ""},
		{strings.Repeat("a", 64), Ref{Hex: strings.Repeat("a", 64), Label: strings.Repeat("a", 64)}, ""},
		{"0", Ref{}, "ids start at 1"},
		{"", Ref{}, "empty"},
		{"-1", Ref{}, "starts with '-'"},
		{"--patch", Ref{}, "starts with '-'"},
		{"-abcd", Ref{}, "starts with '-'"},
		{"@1", Ref{Nth: 1}, ""},
		{"@12", Ref{Nth: 12}, ""},
		{"@0", Ref{}, "@N counts rows"},
		{"@1234567890", Ref{}, "@N counts rows"},
		// Anything else is a label search, never given to git.
		{"abc", Ref{Label: "abc"}, ""},
		{strings.Repeat("a", 65), Ref{Label: strings.Repeat("a", 65)}, ""},
		{"HEAD", Ref{Label: "HEAD"}, ""},
		{"abcd^", Ref{Label: "abcd^"}, ""},
		{"abcd..ef01", Ref{Label: "abcd..ef01"}, ""},
		{"rm -rf src", Ref{Label: "rm -rf src"}, ""},
		{"@{1}", Ref{Label: "@{1}"}, ""},
		{"@", Ref{Label: "@"}, ""},
		{"turn 3 of session s1", Ref{Label: "turn 3 of session s1"}, ""},
		{"a\x1b[31m", Ref{}, "control characters"},
		{"a\nb", Ref{}, "control characters"},
		{"\xff", Ref{}, "not UTF-8"},
		{strings.Repeat("x", 201), Ref{}, "at most 200 characters"},
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
		{"tree missing", func(t *testing.T, r *Repo) {
			unpack(t, r)
			oid := snapshots(t, r)[0].Tree
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

// A label search finds the one checkpoint whose label holds the text,
// refuses (listing them) when several do; @N is the row of the list shown
// last, and keeps meaning it when checkpoints are taken after the list.
func TestResolveLabelAndRow(t *testing.T) {
	r, dir := testRepo(t, Config{})
	ctx := context.Background()
	for i, label := range []string{"before: rm -rf src (recursive-delete)", "before turn 3 of session s1", "before: git clean -fdx (git-clean)"} {
		write(t, filepath.Join(dir, "f.txt"), strings.Repeat("x", i+1), 0o644)
		create(t, r, label)
	}
	list := snapshots(t, r)
	tests := []struct {
		ref     string
		wantID  int
		wantErr string
	}{
		{"rm -rf", 1, ""},
		{"TURN 3", 2, ""},
		{"git clean", 3, ""},
		{"before", 0, `"before" is in the labels of 3 checkpoints`},
		{"nothing like it", 0, `has "nothing like it" in its label`},
		{"@1", 3, ""},
		{"@3", 1, ""},
		{"@4", 0, "has 3 rows"},
		{"HEAD", 0, "in its label"},
	}
	for _, tt := range tests {
		ref, err := ParseRef(tt.ref)
		must(t, err)
		s, err := r.resolve(list, ref)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%q: %v, %v; want error %q", tt.ref, s, err, tt.wantErr)
			}
		case err != nil || s.ID != tt.wantID:
			t.Errorf("%q: %v, %v; want checkpoint %d", tt.ref, s, err, tt.wantID)
		}
	}
	// The list is shown; a new checkpoint comes; @1 is still the top row shown.
	must(t, r.RecordShown(list))
	write(t, filepath.Join(dir, "f.txt"), "later", 0o644)
	create(t, r, "later")
	for ref, want := range map[string]int{"@1": 3, "@3": 1} {
		pr, _ := ParseRef(ref)
		s, err := r.resolve(snapshots(t, r), pr)
		if err != nil || s.ID != want {
			t.Errorf("after a new checkpoint, %s = %v, %v; want checkpoint %d", ref, s, err, want)
		}
	}
	_, err := r.Restore(ctx, Ref{Nth: 3})
	must(t, err)
	if got, _ := os.ReadFile(filepath.Join(dir, "f.txt")); string(got) != "x" {
		t.Errorf("restoring @3 gave %q, want the first checkpoint's x", got)
	}
}
