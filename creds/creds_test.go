package creds

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// setup makes a $HGUARD_HOME with credentials, a symlink escaping it and
// a skills directory whose symlinks stay inside.
func setup(t *testing.T) (*Registry, string) {
	t.Helper()
	root := t.TempDir()
	home := filepath.Join(root, "home")
	write := func(rel, body string) {
		p := filepath.Join(home, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("aws/credentials", "[default]\n")
	write("gcloud/key.json", "{}")
	write("shared/notes.txt", "notes")
	write("skills/deploy/SKILL.md", "# deploy")
	write(filepath.Join("..", "outside", "shadow"), "root:x")
	link := func(target, rel string) {
		if err := os.Symlink(target, filepath.Join(home, rel)); err != nil {
			t.Fatal(err)
		}
	}
	link(filepath.Join(root, "outside"), "data")              // escapes
	link("../../shared/notes.txt", "skills/deploy/notes.txt") // stays inside
	link("gcloud/key.json", "key-link.json")                  // a file symlink inside
	link(filepath.Join(root, "outside", "shadow"), "shadow")  // a file symlink outside
	link("nowhere", "broken")
	link("../../aws/credentials", "skills/deploy/aws-creds") // into another session's path, used below
	return &Registry{Home: home}, root
}

func TestRefused(t *testing.T) {
	r, _ := setup(t)
	tests := []struct{ path, want string }{
		{"data/shadow", "outside $HGUARD_HOME"},
		{"shadow", "outside $HGUARD_HOME"},
		{"data", "outside $HGUARD_HOME"},
		{"../outside/shadow", "leaves $HGUARD_HOME"},
		{"aws/../../outside/shadow", "leaves $HGUARD_HOME"},
		{"/etc/passwd", "absolute path"},
		{"missing/file", "no such file"},
		{"broken", "points to nothing"},
		{".", "whole of $HGUARD_HOME"},
		{"state/creds.json", "hguard's own state"},
		{"", "empty path"},
	}
	for _, tt := range tests {
		err := r.Add("s1", tt.path)
		var pe *PathError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Add(%q) = %v, want an error saying %q", tt.path, err, tt.want)
		}
	}
	if es, err := r.List("s1"); err != nil || len(es) != 0 {
		t.Errorf("refused paths were registered: %v %v", es, err)
	}
	// One refused path refuses the whole call.
	if err := r.Add("s1", "aws/credentials", "data/shadow"); err == nil {
		t.Error("no error")
	}
	if es, _ := r.List("s1"); len(es) != 0 {
		t.Errorf("partial add: %v", es)
	}
	for _, s := range []string{"", "../x", "a b", strings.Repeat("x", 129)} {
		if err := r.Add(s, "aws/credentials"); err == nil {
			t.Errorf("session %q accepted", s)
		}
	}
}

func TestSessions(t *testing.T) {
	r, _ := setup(t)
	if err := r.Add("s1", "aws/credentials", "key-link.json"); err != nil {
		t.Fatal(err)
	}
	// s2 cannot register a directory holding s1's file, nor the file itself.
	for _, p := range []string{"aws", "aws/credentials", "gcloud"} {
		if err := r.Add("s2", p); err == nil || !strings.Contains(err.Error(), "another session") {
			t.Errorf("s2 add %s: %v", p, err)
		}
	}
	// s2 sees none of s1's paths, and cannot name them.
	if es, _ := r.List("s2"); len(es) != 0 {
		t.Errorf("s2 lists %v", es)
	}
	if _, err := r.Mounts("s2", MountOptions{Only: []string{"aws/credentials"}}); err == nil || !strings.Contains(err.Error(), "not registered for session s2") {
		t.Errorf("cross-session mount: %v", err)
	}
	if _, err := r.Check("s2", "aws/credentials"); err == nil || !strings.Contains(err.Error(), "not registered for session s2") {
		t.Errorf("cross-session check: %v", err)
	}
	m, err := r.Mounts("s2", MountOptions{})
	if err != nil || len(m.Mounts) != 0 {
		t.Errorf("s2 mounts %v %v", m, err)
	}
	m, err = r.Mounts("s1", MountOptions{Target: "/creds"})
	if err != nil {
		t.Fatal(err)
	}
	args, err := m.Docker()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(args, " ")
	home, _ := filepath.EvalSymlinks(r.Home)
	want := "-v " + home + "/aws/credentials:/creds/aws/credentials:ro -v " + home + "/gcloud/key.json:/creds/key-link.json:ro"
	if got != want {
		t.Errorf("docker\n got %s\nwant %s", got, want)
	}
}

func TestSymlinkDirCopied(t *testing.T) {
	r, _ := setup(t)
	// Without the link into aws/, the skills tree is copied symlink-free.
	os.Remove(filepath.Join(r.Home, "skills/deploy/aws-creds"))
	if err := r.Add("s1", "skills"); err != nil {
		t.Fatal(err)
	}
	m, err := r.Mounts("s1", MountOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Mounts) != 1 || !m.Mounts[0].Copied {
		t.Fatalf("mounts %+v", m.Mounts)
	}
	src := m.Mounts[0].Source
	data, err := os.ReadFile(filepath.Join(src, "deploy/notes.txt"))
	if err != nil || string(data) != "notes" {
		t.Errorf("copied link: %q %v", data, err)
	}
	if links, _ := hasSymlinks(src); links {
		t.Error("copy holds symlinks")
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(src); !os.IsNotExist(err) {
		t.Errorf("copy not removed: %v", err)
	}
	// A link that later escapes is refused when mounting, not only when adding.
	if err := os.Symlink("/etc", filepath.Join(r.Home, "skills/deploy/etc")); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Mounts("s1", MountOptions{}); err == nil || !strings.Contains(err.Error(), "outside $HGUARD_HOME") {
		t.Errorf("escaping link in a copied dir: %v", err)
	}
	st, err := r.Check("s1")
	if err != nil || len(st) != 1 || st[0].Err == nil || !strings.Contains(st[0].Err.Error(), "outside") {
		t.Errorf("check %v %v", st, err)
	}
}

func TestLinkIntoOtherSession(t *testing.T) {
	r, _ := setup(t)
	if err := r.Add("s1", "aws/credentials"); err != nil {
		t.Fatal(err)
	}
	// skills/deploy/aws-creds links to s1's aws/credentials: a copy of
	// skills would carry it.
	if err := r.Add("s2", "skills"); err == nil || !strings.Contains(err.Error(), "another session") {
		t.Errorf("add: %v", err)
	}
	// Registered before s1's path existed, it is refused when mounting.
	r2, _ := setup(t)
	if err := r2.Add("s2", "skills"); err != nil {
		t.Fatal(err)
	}
	if err := r2.Add("s1", "aws/credentials"); err != nil {
		t.Fatal(err) // s1's own path does not overlap skills
	}
	if _, err := r2.Mounts("s2", MountOptions{}); err == nil || !strings.Contains(err.Error(), "another session") {
		t.Errorf("mount: %v", err)
	}
	st, _ := r2.Check("s2")
	if len(st) != 1 || st[0].Err == nil {
		t.Errorf("check: %+v", st)
	}
}

func TestMovedAway(t *testing.T) {
	r, root := setup(t)
	if err := r.Add("s1", "gcloud"); err != nil {
		t.Fatal(err)
	}
	// The directory is replaced by a symlink out of the home after it was added.
	g := filepath.Join(r.Home, "gcloud")
	os.RemoveAll(g)
	os.Symlink(filepath.Join(root, "outside"), g)
	st, err := r.Check("s1")
	if err != nil || len(st) != 1 || st[0].Err == nil || !strings.Contains(st[0].Err.Error(), "outside") {
		t.Errorf("check: %+v %v", st, err)
	}
	if _, err := r.Mounts("s1", MountOptions{}); err == nil {
		t.Error("mounted an escaped path")
	}
}

func TestCorruptState(t *testing.T) {
	r, _ := setup(t)
	if err := r.Add("s1", "aws/credentials"); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(r.statePath(), []byte("{not json"), 0o600)
	_, err := r.List("s1")
	var ce *CorruptError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v", err)
	}
	if data, _ := os.ReadFile(ce.MovedTo); string(data) != "{not json" {
		t.Errorf("moved aside: %q", data)
	}
	// With Warn set, the error is reported and the work goes on.
	os.WriteFile(r.statePath(), []byte("[]"), 0o600)
	var warned []error
	r.Warn = func(err error) { warned = append(warned, err) }
	if err := r.Add("s1", "gcloud"); err != nil {
		t.Fatal(err)
	}
	if es, _ := r.List("s1"); len(warned) != 1 || len(es) != 1 || es[0].Path != "gcloud" {
		t.Errorf("warned %v, entries %v", warned, es)
	}
}

func TestConcurrentAdds(t *testing.T) {
	r, _ := setup(t)
	for i := range 10 {
		os.WriteFile(filepath.Join(r.Home, "shared", "f"+string(rune('a'+i))), nil, 0o600)
	}
	done := make(chan error)
	for i := range 10 {
		go func() { done <- r.Add("s1", "shared/f"+string(rune('a'+i))) }()
	}
	for range 10 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
	if es, _ := r.List("s1"); len(es) != 10 {
		t.Errorf("%d entries, want 10", len(es))
	}
}
