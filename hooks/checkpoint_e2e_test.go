package hooks_test

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// srcTree is what the tests delete and get back: content of every kind a
// checkpoint must restore byte for byte (binary, an empty file, the
// executable bit, a symlink, a nested directory, a name with a space).
var srcTree = map[string]string{
	"src/a.txt":                 "alpha\n",
	"src/bin.dat":               "\x00\x01\xfe\xff\r\n\x00",
	"src/empty":                 "",
	"src/run.sh":                "#!/bin/sh\necho run\n",
	"src/deep/er/b.go":          "package b\n",
	"src/with space.txt":        "spaced\n",
	"src/deep/link -> ../a.txt": "",
}

// makeProject writes proj (a git work tree) under dir with srcTree.
func makeProject(t *testing.T, dir string) string {
	t.Helper()
	proj := filepath.Join(dir, "proj")
	for name, body := range srcTree {
		if link, to, ok := strings.Cut(name, " -> "); ok {
			p := filepath.Join(proj, link)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(to, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		p := filepath.Join(proj, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			mode = 0o755
		}
		if err := os.WriteFile(p, []byte(body), mode); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("git", "init", "-q", proj)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	return proj
}

// treePrint describes every entry under root byte for byte.
func treePrint(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			to, _ := os.Readlink(p)
			fmt.Fprintf(&b, "%s link %s\n", rel, to)
		case d.IsDir():
			fmt.Fprintf(&b, "%s dir\n", rel)
		default:
			data, _ := os.ReadFile(p)
			fmt.Fprintf(&b, "%s %v %x\n", rel, info.Mode().Perm()&0o100, sha256.Sum256(data))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// hguardIn runs the CLI as the session's user would, in dir.
func hguardIn(t *testing.T, s *session, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(hguardBin(t), args...)
	cmd.Dir = dir
	cmd.Env = s.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("hguard %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// Approving `rm -rf src` in each shell's hook, and through hguard guard,
// leaves a checkpoint taken before it ran that restores src byte for
// byte; an allowed ls takes none (issue #17).
func TestCheckpointBeforeApprovedDelete(t *testing.T) {
	if testing.Short() {
		t.Skip("drives real shells")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed (test.sh installs it)")
	}
	type variant struct {
		name, shell string
		argv        []string
		hook        bool
		line        string
	}
	var variants []variant
	for _, sh := range shells {
		variants = append(variants, variant{sh.name + " hook", sh.name, sh.argv, true, "rm -rf src"})
	}
	variants = append(variants, variant{"guard", "bash", shells[0].argv, false, "hguard guard -- rm -rf src && rm -rf src"})
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			s := startBare(t, v.shell, v.argv...)
			bin := hguardBin(t)
			if v.hook {
				s.load(bin)
			} else {
				s.typeLine("PATH=" + filepath.Dir(bin) + ":$PATH")
			}
			proj := makeProject(t, s.dir)
			want := treePrint(t, filepath.Join(proj, "src"))
			s.typeLine("cd proj")
			s.typeLine("ls")
			s.settle()
			if out := hguardIn(t, s, proj, "rollback"); !strings.Contains(out, "no checkpoints of") {
				s.fatalf("ls took a checkpoint:\n%s", out)
			}
			before := s.screen()
			s.typeLine(v.line)
			s.waitMore(before, "[d]eny")
			s.keys("o", "Enter")
			s.settle()
			if _, err := os.Lstat(filepath.Join(proj, "src")); err == nil {
				s.fatalf("rm -rf src did not run")
			}
			list := hguardIn(t, s, proj, "rollback")
			if !strings.Contains(list, "before: rm -rf src (recursive-delete)") {
				s.fatalf("no checkpoint labelled with the command:\n%s", list)
			}
			hguardIn(t, s, proj, "rollback", "rm -rf src")
			if got := treePrint(t, filepath.Join(proj, "src")); got != want {
				t.Fatalf("restored src differs:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
