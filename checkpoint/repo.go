package checkpoint

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hguard/hguard/internal/atomicfile"
	"github.com/hguard/hguard/internal/flock"
)

// ErrNoCheckpoints is returned by reading operations on a directory that has
// never been snapshotted.
var ErrNoCheckpoints = errors.New("no checkpoints")

// Repo is the shadow repository of one working directory.
type Repo struct {
	Dir    string // the working directory: absolute, symlinks resolved
	GitDir string // $HGUARD_HOME/checkpoints/<key>

	home      string
	emptyHome string // HOME and XDG_CONFIG_HOME of git: nothing to read there
	lockPath  string
	cfg       Config

	noWorkTree bool          // git init: no GIT_DIR or GIT_WORK_TREE
	maint      maintenance   // how gc runs after a snapshot
	treeEdits  int           // incremental snapshots whose tree editTree wrote (for tests)
	packing    *packWriter   // while set, objects written in Go go into one pack
	tracked    *trackedCache // the project's index as read last (trackedPaths)
}

// lockTimeout bounds the wait for another hguard working on the same
// shadow repository (a snapshot of a large tree, a gc).
var lockTimeout = 30 * time.Second

// New returns the shadow repository of dir under home, without creating
// it. dir must be an existing directory.
func New(home, dir string, cfg Config) (*Repo, error) {
	if home == "" {
		return nil, errors.New("no hguard home: set HGUARD_HOME")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("directory %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("directory %s: %w", dir, unwrapPath(err))
	}
	if fi, err := os.Stat(real); err != nil {
		return nil, fmt.Errorf("directory %s: %w", dir, unwrapPath(err))
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	if cfg.MaxSnapshots == 0 && cfg.MaxFiles == 0 {
		cfg = DefaultConfig()
	}
	if absHome, err := filepath.Abs(home); err == nil {
		home = absHome
	}
	base := filepath.Join(home, "checkpoints")
	k := Key(real)
	return &Repo{
		Dir:       real,
		GitDir:    filepath.Join(base, k),
		home:      home,
		emptyHome: filepath.Join(base, ".home"),
		lockPath:  filepath.Join(base, k+".lock"),
		cfg:       cfg,
	}, nil
}

// Key names the shadow repository of an absolute directory path: the first
// 16 hex digits of its SHA-256.
func Key(dir string) string {
	sum := sha256.Sum256([]byte(dir))
	return hex.EncodeToString(sum[:])[:16]
}

// FindDir chooses the directory to snapshot for start: the nearest of start
// and its parents that already has checkpoints or is the top of a git work
// tree, or else start itself.
func FindDir(home, start string) string {
	abs, err := filepath.Abs(start)
	if err != nil {
		return start
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	base := filepath.Join(home, "checkpoints")
	for d := abs; ; {
		if home != "" {
			if _, err := os.Stat(filepath.Join(base, Key(d), dirFile)); err == nil {
				return d
			}
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs
		}
		d = parent
	}
}

// dirFile, inside the shadow repository, records the working directory.
const dirFile = "hguard-dir"

// check reports whether the shadow repository exists and is sound enough
// to use: ErrNoCheckpoints when it does not exist, a damage report when it
// is not a repository of this directory.
func (r *Repo) check() error {
	fi, err := os.Stat(r.GitDir)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w for %s", ErrNoCheckpoints, r.Dir)
	}
	if err != nil {
		return fmt.Errorf("shadow repository %s: %w", r.GitDir, unwrapPath(err))
	}
	if !fi.IsDir() {
		return r.damaged("it is not a directory")
	}
	data, err := os.ReadFile(filepath.Join(r.GitDir, dirFile))
	if err != nil {
		return r.damaged("its " + dirFile + " file is missing")
	}
	if got := strings.TrimSuffix(string(data), "\n"); got != r.Dir {
		return r.damaged(fmt.Sprintf("it belongs to %q", got))
	}
	for _, name := range []string{"HEAD", "objects", "refs", "config"} {
		if _, err := os.Stat(filepath.Join(r.GitDir, name)); err != nil {
			return r.damaged(name + " is missing")
		}
	}
	return nil
}

// DamagedError is a shadow repository that cannot be used as it is.
type DamagedError struct {
	GitDir, Why string
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("the shadow repository %s is damaged: %s", e.GitDir, e.Why)
}

func (r *Repo) damaged(why string) error { return &DamagedError{GitDir: r.GitDir, Why: why} }

// shadowConfig isolates the shadow repository from everything that could
// change what is stored or run code: hooks, filters, fsmonitor, signing.
const shadowConfig = `[core]
	repositoryformatversion = 0
	bare = true
	filemode = true
	symlinks = true
	ignorecase = false
	autocrlf = false
	safecrlf = false
	logallrefupdates = false
	hooksPath = /dev/null
	fsmonitor = false
	untrackedCache = false
	splitIndex = false
	protectNTFS = false
	quotePath = false
	excludesFile = /dev/null
	attributesFile = /dev/null
[index]
	version = 4
[gc]
	auto = 0
	autoDetach = false
[commit]
	gpgSign = false
[tag]
	gpgSign = false
`

// shadowAttributes override any .gitattributes in the tree, so that files
// are stored and restored byte for byte (no eol conversion, no filters).
const shadowAttributes = "* -text -eol -crlf -ident -filter -working-tree-encoding -export-subst\n"

// init creates the shadow repository, complete or not at all: it is built
// under a temporary name and renamed into place.
func (r *Repo) init(ctx context.Context) error {
	if err := os.MkdirAll(r.emptyHome, 0o700); err != nil {
		return fmt.Errorf("creating %s: %w", r.emptyHome, unwrapPath(err))
	}
	var rnd [6]byte
	rand.Read(rnd[:])
	tmp := r.GitDir + ".tmp-" + hex.EncodeToString(rnd[:])
	defer os.RemoveAll(tmp)
	t := *r
	t.GitDir, t.noWorkTree = tmp, true
	if _, err := t.git(ctx, nil, "init", "--quiet", "--bare", "--template=", tmp); err != nil {
		return fmt.Errorf("creating the shadow repository: %w", err)
	}
	files := map[string]string{
		"config":          shadowConfig,
		"info/attributes": shadowAttributes,
		"info/exclude":    "",
		"description":     "hguard checkpoints of " + r.Dir + "\n",
		dirFile:           r.Dir + "\n",
	}
	if err := os.MkdirAll(filepath.Join(tmp, "info"), 0o755); err != nil {
		return err
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(body), 0o644); err != nil {
			return fmt.Errorf("creating the shadow repository: %w", err)
		}
	}
	if err := os.Rename(tmp, r.GitDir); err != nil {
		return fmt.Errorf("creating the shadow repository: %w", err)
	}
	return nil
}

// lock serializes everything that writes to the shadow repository: git's
// own index.lock covers single commands, not a whole snapshot.
func (r *Repo) lock() (unlock func(), err error) {
	if err := os.MkdirAll(filepath.Dir(r.lockPath), 0o700); err != nil {
		return nil, fmt.Errorf("creating %s: %w", filepath.Dir(r.lockPath), unwrapPath(err))
	}
	l, err := flock.LockTimeout(r.lockPath, lockTimeout)
	if err != nil {
		return nil, fmt.Errorf("the checkpoints of %s are busy (%v)", r.Dir, err)
	}
	return l.Unlock, nil
}

// writeFileAtomic writes a small state file with a temporary file and a
// rename, so a reader sees the old content or the new, never a part.
func writeFileAtomic(path string, data []byte) error {
	return atomicfile.Write(path, data, 0o644)
}

// unwrapPath drops the *PathError wrapper when the message already names
// the path.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// FindProject is the project of a path a command names: the nearest of
// start and its parents that already has checkpoints or is the top of a
// git work tree. Unlike [FindDir] it reports when there is none, so that a
// path in no project (/tmp/x) does not make hguard snapshot /tmp.
func FindProject(home, start string) (string, bool) {
	d := FindDir(home, start)
	if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
		return d, true
	}
	if home != "" {
		if _, err := os.Stat(filepath.Join(home, "checkpoints", Key(d), dirFile)); err == nil {
			return d, true
		}
	}
	return "", false
}
