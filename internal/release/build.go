package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/buildinfo"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
)

// module is the module a release is built from.
const module = "github.com/hguard/hguard"

// programs are the commands every archive holds (./cmd/NAME).
var programs = []string{"hguard", "hguard-plugins", "hguard-tirith"}

// docs are the tree's files an archive holds when they exist.
var docs = []string{"LICENSE", "README.md"}

type platform struct{ goos, goarch string }

func (p platform) String() string { return p.goos + "/" + p.goarch }

// goarchLevel pins each architecture's instruction-set level, so a
// GOAMD64 or GOARM64 in the caller's environment cannot change the
// binaries (it is also recorded in their build info).
var goarchLevel = map[string]string{"amd64": "GOAMD64=v1", "arm64": "GOARM64=v8.0"}

func parsePlatforms(s string) ([]platform, error) {
	var ps []platform
	for f := range strings.SplitSeq(s, ",") {
		goos, goarch, ok := strings.Cut(strings.TrimSpace(f), "/")
		if !ok || (goos != "linux" && goos != "darwin") || goarchLevel[goarch] == "" {
			return nil, fmt.Errorf("platform %q: want linux or darwin / amd64 or arm64, as in linux/amd64", f)
		}
		p := platform{goos, goarch}
		if slices.Contains(ps, p) {
			return nil, fmt.Errorf("platform %s is listed twice", p)
		}
		ps = append(ps, p)
	}
	return ps, nil
}

type options struct {
	version    string
	out        string
	src        string
	platforms  []platform
	epoch      *int64 // nil: the commit's time
	allowDirty bool
}

// versionRe is a release tag: semantic versioning with a v, and nothing a
// shell, -ldflags or a file name would read specially.
var versionRe = regexp.MustCompile(`^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$`)

// source is what a release is built from.
type source struct {
	dir    string
	commit string // "" when the tree is not a git checkout
	dirty  bool
	epoch  time.Time
}

// archiveName is the file name of a platform's archive.
func archiveName(version string, p platform) string {
	return "hguard_" + version + "_" + p.goos + "_" + p.goarch + ".tar.gz"
}

// sbomName is the file name of an archive's SBOM.
func sbomName(archive string) string {
	return strings.TrimSuffix(archive, ".tar.gz") + ".spdx.json"
}

// build writes the release into o.out and returns the names it wrote.
func build(o options, log io.Writer) ([]string, error) {
	if !versionRe.MatchString(o.version) {
		return nil, fmt.Errorf("-version %q is not a release tag like v0.1.0", o.version)
	}
	if len(o.platforms) == 0 {
		return nil, errors.New("no platforms")
	}
	src, err := readSource(o)
	if err != nil {
		return nil, err
	}
	if err := emptyDir(o.out); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(o.out, ".build-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)

	var docFiles []member
	for _, name := range docs {
		b, err := os.ReadFile(filepath.Join(src.dir, name))
		if errors.Is(err, os.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, err
		}
		docFiles = append(docFiles, member{name: name, mode: 0o644, data: b})
	}

	sums := map[string][]byte{}
	for _, p := range o.platforms {
		fmt.Fprintf(log, "release: building %s %s\n", o.version, p)
		bins, err := compile(src.dir, o.version, p, filepath.Join(tmp, p.goos+"_"+p.goarch))
		if err != nil {
			return nil, err
		}
		members := slices.Clone(docFiles)
		for _, b := range bins {
			members = append(members, member{name: b.name, mode: 0o755, data: b.data})
		}
		archive, err := tarGz(members, src.epoch)
		if err != nil {
			return nil, err
		}
		name := archiveName(o.version, p)
		sbom, err := spdx(o.version, name, archive, p, src, bins, docFiles)
		if err != nil {
			return nil, err
		}
		for file, data := range map[string][]byte{name: archive, sbomName(name): sbom} {
			if err := os.WriteFile(filepath.Join(o.out, file), data, 0o644); err != nil {
				return nil, err
			}
			sums[file] = data
		}
	}
	names := slices.Sorted(maps.Keys(sums))
	var list bytes.Buffer
	for _, n := range names {
		s := sha256.Sum256(sums[n])
		fmt.Fprintf(&list, "%s  %s\n", hex.EncodeToString(s[:]), n)
	}
	if err := os.WriteFile(filepath.Join(o.out, "checksums.txt"), list.Bytes(), 0o644); err != nil {
		return nil, err
	}
	names = append(names, "checksums.txt")
	state := "commit " + src.commit
	if src.commit == "" {
		state = "a tree outside git"
	}
	if src.dirty {
		state += " WITH UNCOMMITTED CHANGES"
	}
	fmt.Fprintf(log, "release: wrote %s into %s (from %s, times %s)\n", o.version, o.out, state, src.epoch.Format(time.RFC3339))
	return names, nil
}

// readSource checks the tree is hguard's and finds its commit, whether it
// has uncommitted changes, and the epoch.
func readSource(o options) (source, error) {
	dir, err := filepath.Abs(o.src)
	if err != nil {
		return source{}, err
	}
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return source{}, fmt.Errorf("-src %s is not hguard's source tree: %v", dir, err)
	}
	if first, _, _ := strings.Cut(string(mod), "\n"); strings.TrimSpace(first) != "module "+module {
		return source{}, fmt.Errorf("%s: the module is not %s", filepath.Join(dir, "go.mod"), module)
	}
	s := source{dir: dir}
	git := func(args ...string) (string, error) {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).Output()
		return strings.TrimSpace(string(out)), err
	}
	// The tree is a checkout only if its top is this directory: a tree
	// copied into another repository must not take that one's commit.
	if top, err := git("rev-parse", "--show-toplevel"); err == nil && samePath(top, dir) {
		if s.commit, err = git("rev-parse", "HEAD"); err != nil {
			return source{}, fmt.Errorf("git rev-parse HEAD in %s: %v", dir, err)
		}
		status, err := git("status", "--porcelain")
		if err != nil {
			return source{}, fmt.Errorf("git status in %s: %v", dir, err)
		}
		s.dirty = status != ""
	}
	switch {
	case s.commit == "" && !o.allowDirty:
		return source{}, fmt.Errorf("%s is not a git checkout, so no commit names what is built: build from a checkout, or give -allow-dirty", dir)
	case s.dirty && !o.allowDirty:
		return source{}, fmt.Errorf("%s has uncommitted changes, so the release would be no commit's: commit them, or give -allow-dirty", dir)
	}
	switch {
	case o.epoch != nil:
		s.epoch = time.Unix(*o.epoch, 0).UTC()
	case s.commit != "":
		ct, err := git("log", "-1", "--format=%ct", "HEAD")
		n, perr := strconv.ParseInt(ct, 10, 64)
		if err != nil || perr != nil {
			return source{}, fmt.Errorf("the commit time of %s: %v%v", dir, err, perr)
		}
		s.epoch = time.Unix(n, 0).UTC()
	default:
		return source{}, errors.New("no commit to take the file times from: set SOURCE_DATE_EPOCH or give -epoch")
	}
	return s, nil
}

func samePath(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}

// emptyDir makes dir, or checks that it is empty: a release directory
// holds one release, so a stale archive can never sit beside a new
// checksums.txt.
func emptyDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(ents) > 0 {
		return fmt.Errorf("-out %s is not empty (it holds %s): remove it or choose another", dir, ents[0].Name())
	}
	return nil
}

// binary is one built program.
type binary struct {
	name string
	data []byte
	info *debug.BuildInfo
}

// buildEnv is the environment of go build: the caller's, less what would
// change the binaries, plus the release's fixed settings. GOFLAGS is
// replaced: a -buildvcs=true or -tags in it must not reach a release.
func buildEnv(p platform) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "GOFLAGS", "GOOS", "GOARCH", "CGO_ENABLED", "GOAMD64", "GOARM64", "GOEXPERIMENT", "GODEBUG",
			"CC", "CXX", "CGO_CFLAGS", "CGO_LDFLAGS":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "GOFLAGS=-mod=readonly", "CGO_ENABLED=0", "GOOS="+p.goos, "GOARCH="+p.goarch, goarchLevel[p.goarch])
}

// compile builds the programs for p into dir and reads their build info.
// -trimpath leaves no path of this machine in them, -buildvcs=false no
// commit time or dirty flag (the version is stamped instead, by -X), and
// cgo is off, so no C toolchain of this machine is linked in.
func compile(srcDir, version string, p platform, dir string) ([]binary, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	args := []string{"build", "-trimpath", "-buildvcs=false",
		"-ldflags=-s -w -X main.buildVersion=" + version, "-o", dir + string(filepath.Separator)}
	for _, name := range programs {
		args = append(args, "./cmd/"+name)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = srcDir
	cmd.Env = buildEnv(p)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go %s for %s: %v\n%s", strings.Join(args, " "), p, err, out)
	}
	var bins []binary
	for _, name := range programs {
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		info, err := buildinfo.Read(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s for %s has no build info: %v", name, p, err)
		}
		if err := checkInfo(info, name, p); err != nil {
			return nil, err
		}
		bins = append(bins, binary{name: name, data: data, info: info})
	}
	return bins, nil
}

// checkInfo refuses a binary built otherwise than asked: the release's
// promises (no cgo, no local paths, the platform) are read back from what
// the go command recorded, not assumed.
func checkInfo(info *debug.BuildInfo, name string, p platform) error {
	want := map[string]string{"CGO_ENABLED": "0", "-trimpath": "true", "GOOS": p.goos, "GOARCH": p.goarch}
	for _, s := range info.Settings {
		if w, ok := want[s.Key]; ok {
			if s.Value != w {
				return fmt.Errorf("%s for %s was built with %s=%s, want %s", name, p, s.Key, s.Value, w)
			}
			delete(want, s.Key)
		}
		if strings.HasPrefix(s.Key, "vcs") {
			return fmt.Errorf("%s for %s carries %s: the build must not stamp VCS data", name, p, s.Key)
		}
	}
	for k := range want {
		return fmt.Errorf("%s for %s records no %s setting", name, p, k)
	}
	if info.Main.Path != module || info.Path != module+"/cmd/"+name {
		return fmt.Errorf("%s for %s is %s of module %s, want %s/cmd/%s", name, p, info.Path, info.Main.Path, module, name)
	}
	return nil
}

// member is one file of an archive.
type member struct {
	name string
	mode int64
	data []byte
}

// tarGz writes members as a gzipped tar whose bytes depend on nothing but
// the members and epoch: entries sorted by name, every time the epoch,
// owner 0:0 with no names, modes fixed, USTAR headers (no PAX records with
// access times), and a gzip header with no file name and time.
func tarGz(members []member, epoch time.Time) ([]byte, error) {
	members = slices.Clone(members)
	slices.SortFunc(members, func(a, b member) int { return strings.Compare(a.name, b.name) })
	var buf bytes.Buffer
	// The default level: the best takes three times as long for about 1%
	// less, and the archives are built in the test suite.
	zw, err := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	if err != nil {
		return nil, err
	}
	bw := bufio.NewWriterSize(zw, 1<<20)
	tw := tar.NewWriter(bw)
	for _, m := range members {
		h := &tar.Header{
			Typeflag: tar.TypeReg,
			Name:     m.name,
			Mode:     m.mode,
			Size:     int64(len(m.data)),
			ModTime:  epoch,
			Format:   tar.FormatUSTAR,
		}
		if err := tw.WriteHeader(h); err != nil {
			return nil, fmt.Errorf("archive %s: %v", m.name, err)
		}
		if _, err := tw.Write(m.data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := bw.Flush(); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// compare says how the release in dir differs from the one rebuilt in
// rebuilt: byte for byte (by SHA-256) for every file the rebuild wrote,
// checksums.txt included, and every file dir's checksums.txt lists that
// the rebuild did not write.
func compare(dir, rebuilt string) ([]string, error) {
	listed := func(dir string) (map[string]bool, error) {
		b, err := os.ReadFile(filepath.Join(dir, "checksums.txt"))
		if err != nil {
			return nil, err
		}
		names := map[string]bool{"checksums.txt": true}
		for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			sum, name, ok := strings.Cut(line, "  ")
			if _, err := hex.DecodeString(sum); !ok || err != nil || len(sum) != 64 || name == "" {
				return nil, fmt.Errorf("%s:%d: not 'SHA256  NAME'", filepath.Join(dir, "checksums.txt"), i+1)
			}
			names[name] = true
		}
		return names, nil
	}
	hash := func(path string) (string, error) {
		b, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		s := sha256.Sum256(b)
		return hex.EncodeToString(s[:]), nil
	}
	want, err := listed(dir)
	if err != nil {
		return nil, err
	}
	got, err := listed(rebuilt)
	if err != nil {
		return nil, err
	}
	var diffs []string
	for _, name := range slices.Sorted(maps.Keys(got)) {
		g, err := hash(filepath.Join(rebuilt, name))
		if err != nil {
			return nil, err
		}
		w, err := hash(filepath.Join(dir, name))
		switch {
		case errors.Is(err, os.ErrNotExist):
			diffs = append(diffs, name+": rebuilt, but the release has no such file")
		case err != nil:
			return nil, err
		case w != g:
			diffs = append(diffs, fmt.Sprintf("%s: sha256 %s, rebuilt %s", name, w, g))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if !got[name] {
			diffs = append(diffs, name+": in the release's checksums.txt, not rebuilt (other -platforms?)")
		}
	}
	return diffs, nil
}
