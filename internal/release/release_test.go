package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
)

// testEpoch is 2026-01-02T03:04:05Z.
const testEpoch = 1767323045

// hostPlatform is the platform the test builds: this machine's when the
// release has it, so the programs can be run.
func hostPlatform() (platform, bool) {
	p := platform{runtime.GOOS, runtime.GOARCH}
	if _, err := parsePlatforms(p.String()); err != nil {
		return platform{"linux", "amd64"}, false
	}
	return p, true
}

// TestReproducible builds one platform's release from this tree, then
// rebuilds it with -check in another directory, which must reproduce every
// file byte for byte; and checks what the release holds.
func TestReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hguard's programs")
	}
	p, native := hostPlatform()
	src, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "dist")
	epoch := int64(testEpoch)
	// -allow-dirty: the suite runs in trees with changes (test.sh's
	// generators, a developer's work); what is checked is that the same
	// tree gives the same bytes.
	o := options{version: "v0.1.0-rc.1", out: dir, src: src, platforms: []platform{p}, epoch: &epoch, allowDirty: true}
	names, err := build(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	archive := archiveName(o.version, p)
	if want := []string{sbomName(archive), archive, "checksums.txt"}; strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("wrote %q, want %q", names, want)
	}

	var stdout, stderr bytes.Buffer
	args := []string{"-version", o.version, "-src", src, "-platforms", p.String(), "-allow-dirty", "-check", dir}
	// The epoch comes from the environment here, as a CI job would give it.
	t.Setenv("SOURCE_DATE_EPOCH", strconv.FormatInt(epoch, 10))
	if code := run(args, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "reproduced byte for byte") {
		t.Fatalf("-check exit %d\nstdout: %s\nstderr: %s", code, &stdout, &stderr)
	}

	if sha, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command(sha, "--strict", "-c", "checksums.txt")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("sha256sum -c checksums.txt: %v\n%s", err, out)
		}
	}

	data, err := os.ReadFile(filepath.Join(dir, archive))
	if err != nil {
		t.Fatal(err)
	}
	files := checkArchive(t, data, time.Unix(epoch, 0))
	for _, name := range programs {
		if files[name] == nil {
			t.Errorf("the archive has no %s", name)
		}
	}
	if native {
		bin := filepath.Join(t.TempDir(), "hguard")
		if err := os.WriteFile(bin, files["hguard"], 0o755); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, "version").CombinedOutput()
		if err != nil || !strings.Contains(string(out), o.version) {
			t.Errorf("hguard version: %v: %q, want %s", err, out, o.version)
		}
	}
	checkSBOM(t, filepath.Join(dir, sbomName(archive)), src, data)
}

// checkArchive checks the archive's fixed form and returns its files.
func checkArchive(t *testing.T, data []byte, epoch time.Time) map[string][]byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if zr.Name != "" || !zr.ModTime.IsZero() || zr.Comment != "" {
		t.Errorf("gzip header has name %q, time %v, comment %q", zr.Name, zr.ModTime, zr.Comment)
	}
	tr := tar.NewReader(zr)
	files := map[string][]byte{}
	var prev string
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		want := int64(0o644)
		if h.Name == "hguard" || strings.HasPrefix(h.Name, "hguard-") {
			want = 0o755
		}
		if h.Typeflag != tar.TypeReg || strings.Contains(h.Name, "/") || h.Mode != want || !h.ModTime.Equal(epoch) ||
			h.Uid != 0 || h.Gid != 0 || h.Uname != "" || h.Gname != "" || h.Name <= prev {
			t.Errorf("entry %q after %q: type %c mode %o time %v owner %d:%d %q:%q", h.Name, prev, h.Typeflag, h.Mode, h.ModTime, h.Uid, h.Gid, h.Uname, h.Gname)
		}
		prev = h.Name
		if files[h.Name], err = io.ReadAll(tr); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// checkSBOM checks the SBOM against the archive, go.mod and go.sum.
func checkSBOM(t *testing.T, path, src string, archive []byte) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc spdxDoc
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if doc.SPDXVersion != "SPDX-2.3" || doc.DataLicense != "CC0-1.0" || doc.CreationInfo.Created != "2026-01-02T03:04:05Z" {
		t.Errorf("SBOM header: %+v %+v", doc.SPDXVersion, doc.CreationInfo)
	}
	if err := checkIDs(&doc); err != nil {
		t.Error(err)
	}
	pkgs := map[string]spdxPackage{}
	for _, p := range doc.Packages {
		pkgs[p.Name] = p
	}
	if a := pkgs[filepath.Base(strings.TrimSuffix(path, ".spdx.json"))+".tar.gz"]; len(a.Checksums) != 1 || a.Checksums[0].ChecksumValue != sha(archive) {
		t.Errorf("the archive's package has checksums %+v, want sha256 %s", a.Checksums, sha(archive))
	}
	for _, name := range programs {
		if p := pkgs[name]; !strings.Contains(p.Comment, "CGO_ENABLED=0") || !strings.Contains(p.Comment, "-trimpath=true") {
			t.Errorf("program %s: comment %q lacks its build settings", name, p.Comment)
		}
	}
	if p := pkgs["stdlib"]; !strings.HasPrefix(p.VersionInfo, "go1.") {
		t.Errorf("stdlib version %q", p.VersionInfo)
	}
	// Every required module that hguard-plugins links is in go.sum with
	// the hash the SBOM gives.
	sum, err := os.ReadFile(filepath.Join(src, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"google.golang.org/grpc", "github.com/sigstore/sigstore", "mvdan.cc/sh/v3", "github.com/expr-lang/expr"} {
		p, ok := pkgs[want]
		if !ok {
			t.Errorf("the SBOM lacks module %s", want)
			continue
		}
		_, h1, _ := strings.Cut(p.Comment, "go.sum ")
		h1, _, _ = strings.Cut(h1, " ")
		if line := want + " " + p.VersionInfo + " " + h1 + "\n"; h1 == "" || !bytes.Contains(sum, []byte(line)) {
			t.Errorf("module %s %s: go.sum has no line %q", want, p.VersionInfo, line)
		}
		if len(p.Checksums) != 1 || p.Checksums[0].ChecksumValue != h1SHA256(h1) || !strings.HasPrefix(p.ExternalRefs[0].ReferenceLocator, "pkg:golang/"+want+"@v") {
			t.Errorf("module %s: checksums %+v refs %+v", want, p.Checksums, p.ExternalRefs)
		}
	}
	for _, f := range doc.Files {
		if len(f.Checksums) == 0 || f.Checksums[0].Algorithm != "SHA1" {
			t.Errorf("file %s has no SHA1 (SPDX 2.3 requires it): %+v", f.FileName, f.Checksums)
		}
	}
}

// TestTarGzDeterministic: the archive's bytes depend on its members and
// the epoch alone, not on the order they are given in.
func TestTarGzDeterministic(t *testing.T) {
	epoch := time.Unix(testEpoch, 0)
	a := []member{{"hguard", 0o755, []byte("bin")}, {"README.md", 0o644, []byte("read")}, {"LICENSE", 0o644, nil}}
	b := []member{a[2], a[0], a[1]}
	x, err := tarGz(a, epoch)
	if err != nil {
		t.Fatal(err)
	}
	y, err := tarGz(b, epoch)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(x, y) {
		t.Error("the same members in another order gave other bytes")
	}
	files := checkArchive(t, x, epoch)
	if string(files["hguard"]) != "bin" || len(files) != 3 {
		t.Errorf("files %q", files)
	}
	z, err := tarGz(a, epoch.Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(x, z) {
		t.Error("another epoch gave the same bytes")
	}
}

// TestBadInput: every mistake is refused before anything is built, with
// a message naming it.
func TestBadInput(t *testing.T) {
	// A tree that claims to be hguard's, in git, with an uncommitted change.
	dirty := t.TempDir()
	gomod := "module " + module + "\n\ngo 1.26\n"
	if err := os.WriteFile(filepath.Join(dirty, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dirty, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "go.mod")
	git("commit", "-q", "-m", "x")
	if err := os.WriteFile(filepath.Join(dirty, "go.mod"), []byte(gomod+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "old.tar.gz"), nil, 0o644); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no version", []string{"-src", dirty}, 1, `-version "" is not a release tag`},
		{"bad version", []string{"-version", "1.0", "-src", dirty}, 1, `-version "1.0" is not a release tag like v0.1.0`},
		{"version with a space", []string{"-version", "v1.0.0 -X", "-src", dirty}, 1, `is not a release tag`},
		{"bad platform", []string{"-version", "v1.0.0", "-platforms", "windows/amd64"}, 1, `platform "windows/amd64": want linux or darwin`},
		{"platform twice", []string{"-version", "v1.0.0", "-platforms", "linux/amd64,linux/amd64"}, 1, `linux/amd64 is listed twice`},
		{"bad epoch", []string{"-version", "v1.0.0", "-epoch", "yesterday"}, 1, `epoch "yesterday" is not a number`},
		{"not hguard", []string{"-version", "v1.0.0", "-src", other}, 1, `the module is not github.com/hguard/hguard`},
		{"no go.mod", []string{"-version", "v1.0.0", "-src", full}, 1, `is not hguard's source tree`},
		{"dirty", []string{"-version", "v1.0.0", "-src", dirty}, 1, `has uncommitted changes, so the release would be no commit's`},
		{"not in git", []string{"-version", "v1.0.0", "-src", outside}, 1, `is not a git checkout`},
		{"not in git, no epoch", []string{"-version", "v1.0.0", "-src", outside, "-allow-dirty"}, 1, `set SOURCE_DATE_EPOCH or give -epoch`},
		{"out not empty", []string{"-version", "v1.0.0", "-src", dirty, "-allow-dirty", "-out", full}, 1, `is not empty (it holds old.tar.gz)`},
		{"stray argument", []string{"-version", "v1.0.0", "dist"}, 64, `unexpected argument "dist"`},
		{"unknown flag", []string{"-versoin", "v1.0.0"}, 64, `flag provided but not defined: -versoin`},
	}
	t.Setenv("SOURCE_DATE_EPOCH", "")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"-out", filepath.Join(t.TempDir(), "dist")}, tt.args...), &stdout, &stderr)
			if code != tt.code || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("exit %d, want %d; stderr %q, want %q", code, tt.code, &stderr, tt.want)
			}
		})
	}
}

// TestCompare: -check reports a changed file, a missing one and one
// listed but not rebuilt.
func TestCompare(t *testing.T) {
	write := func(dir string, files map[string]string) {
		var sums strings.Builder
		for _, name := range []string{"a.tar.gz", "b.tar.gz"} {
			if body, ok := files[name]; ok {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
				sums.WriteString(sha([]byte(body)) + "  " + name + "\n")
			}
		}
		if err := os.WriteFile(filepath.Join(dir, "checksums.txt"), []byte(sums.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rebuilt, same, changed, more := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	write(rebuilt, map[string]string{"a.tar.gz": "A"})
	write(same, map[string]string{"a.tar.gz": "A"})
	write(changed, map[string]string{"a.tar.gz": "A2"})
	write(more, map[string]string{"a.tar.gz": "A", "b.tar.gz": "B"})
	tests := []struct {
		dir  string
		want []string
	}{
		{same, nil},
		{changed, []string{"a.tar.gz: sha256 ", "checksums.txt: sha256 "}},
		{more, []string{"checksums.txt: sha256 ", "b.tar.gz: in the release's checksums.txt, not rebuilt"}},
		{t.TempDir(), nil}, // no checksums.txt: an error
	}
	for i, tt := range tests {
		diffs, err := compare(tt.dir, rebuilt)
		if i == len(tests)-1 {
			if err == nil {
				t.Error("a directory without checksums.txt compared")
			}
			continue
		}
		if err != nil || len(diffs) != len(tt.want) {
			t.Errorf("%d: %v, diffs %q, want %q", i, err, diffs, tt.want)
			continue
		}
		for j, d := range diffs {
			if !strings.HasPrefix(d, tt.want[j]) {
				t.Errorf("%d: diff %q, want %q…", i, d, tt.want[j])
			}
		}
	}
}

// TestCheckInfo: a binary built otherwise than the release promises is
// refused.
func TestCheckInfo(t *testing.T) {
	p := platform{"linux", "arm64"}
	good := func() *debug.BuildInfo {
		return &debug.BuildInfo{Path: module + "/cmd/hguard", Main: debug.Module{Path: module}, Settings: []debug.BuildSetting{
			{Key: "-trimpath", Value: "true"}, {Key: "CGO_ENABLED", Value: "0"}, {Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "arm64"}}}
	}
	tests := []struct {
		name   string
		change func(*debug.BuildInfo)
		want   string
	}{
		{"good", func(*debug.BuildInfo) {}, ""},
		{"cgo", func(i *debug.BuildInfo) { i.Settings[1].Value = "1" }, "built with CGO_ENABLED=1, want 0"},
		{"no trimpath", func(i *debug.BuildInfo) { i.Settings = i.Settings[1:] }, "records no -trimpath"},
		{"vcs", func(i *debug.BuildInfo) {
			i.Settings = append(i.Settings, debug.BuildSetting{Key: "vcs.revision", Value: "abc"})
		}, "carries vcs.revision"},
		{"other arch", func(i *debug.BuildInfo) { i.Settings[3].Value = "amd64" }, "GOARCH=amd64, want arm64"},
		{"other program", func(i *debug.BuildInfo) { i.Path = module + "/cmd/other" }, "is github.com/hguard/hguard/cmd/other"},
	}
	for _, tt := range tests {
		info := good()
		tt.change(info)
		err := checkInfo(info, "hguard", p)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestSPDXNames: identifiers, package URLs and go.sum hashes as SPDX
// writes them.
func TestSPDXNames(t *testing.T) {
	tests := []struct{ got, want string }{
		{spdxID("Module", "github.com/a/b@v1.2.3+incompatible"), "SPDXRef-Module-github.com-a-b-v1.2.3-incompatible"},
		{spdxID("Archive", "hguard_v0.1.0_linux_amd64.tar.gz"), "SPDXRef-Archive-hguard-v0.1.0-linux-amd64.tar.gz"},
		{purl("github.com/a/b", "v1.2.3+incompatible"), "pkg:golang/github.com/a/b@v1.2.3%2Bincompatible"},
		{h1SHA256("h1:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{h1SHA256("h1:short"), ""},
		{h1SHA256("h2:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="), ""},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
