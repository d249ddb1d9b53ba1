package checkpoint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Thresholds of the background compaction. git gc --auto estimates the
// loose objects from one of the 256 fan-out directories, so the check here
// reads that one directory too.
//
// Snapshots leave no loose objects (see packLoose): each adds one or two
// small packs, already compressed, so the repository stays about as large
// as a packed one. What is left to a gc is merging those packs (finding
// deltas between versions) and dropping the objects of pruned snapshots,
// which needs a full repack of the repository. At 100 packs that happens
// about once in 50 snapshots, as often as max_snapshots' default turns
// the checkpoints over.
const (
	gcAutoLoose   = 2000 // loose objects before they are packed
	gcPruneExpire = "1.hour.ago"
)

// gcAutoPackLimit is the number of packs past which they are merged into
// one (a variable for tests).
var gcAutoPackLimit = 100

// maintenance says how [Repo.maintain] runs git gc: detached (the default;
// git forks it into the background at low priority and returns) or in the
// foreground (tests, which must leave no processes behind).
type maintenance int

const (
	maintainDetached maintenance = iota
	maintainForeground
	maintainOff
)

// maintain starts `git gc --auto` when loose objects or packs piled up.
// It is never a cost of the snapshot that calls it: the check reads two
// directories, and git forks the work into a detached process with its own
// lock (gc.pid), so concurrent snapshots neither wait nor conflict — git
// keeps objects that are younger than gc.pruneExpire or reachable from
// the refs or the shadow index. When the detached gc fails, git leaves its
// error in gc.log and runs no automatic gc until that is a day old;
// [Maintenance] reports both, and `checkpoint prune` clears it.
func (r *Repo) maintain() {
	if r.maint == maintainOff || !r.needsGC() {
		return
	}
	bin, err := gitBinary()
	if err != nil {
		return
	}
	detach := "true"
	if r.maint == maintainForeground {
		detach = "false"
	}
	args := []string{
		"-c", "gc.auto=" + strconv.Itoa(gcAutoLoose),
		"-c", "gc.autoPackLimit=" + strconv.Itoa(gcAutoPackLimit),
		"-c", "gc.autoDetach=" + detach,
		"-c", "gc.pruneExpire=" + gcPruneExpire,
		// Unreachable objects younger than the expiry go into a cruft
		// pack, instead of being written out loose again.
		"-c", "gc.cruftPacks=true",
		"-c", "gc.worktreePruneExpire=never",
		"-c", "pack.threads=1",
		"gc", "--auto", "--quiet",
	}
	// Low priority: niced when nice is there (it is in coreutils).
	name := bin
	if nice, err := exec.LookPath("nice"); err == nil {
		name, args = nice, append([]string{"-n", "15", bin}, args...)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = filepath.Dir(r.GitDir)
	cmd.Env = r.gitEnv()
	// git's detached child closes these; nothing of it reaches a hook's
	// output.
	_ = cmd.Run()
}

// needsGC is the estimate of git gc --auto, made without starting git:
// the loose objects in the fan-out directory objects/17 times 256, and the
// number of packs.
func (r *Repo) needsGC() bool {
	objects := filepath.Join(r.GitDir, "objects")
	if ents, err := os.ReadDir(filepath.Join(objects, "17")); err == nil && len(ents)*256 > gcAutoLoose {
		return true
	}
	ents, err := os.ReadDir(filepath.Join(objects, "pack"))
	if err != nil {
		return false
	}
	packs := 0
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".pack") {
			packs++
		}
	}
	return packs > gcAutoPackLimit
}

// GCStatus is the state of one shadow repository's background compaction,
// for `hguard doctor`.
type GCStatus struct {
	Dir     string // the snapshotted directory
	GitDir  string // its shadow repository
	Running int    // the pid of a detached gc at work (git's gc.pid), 0 when none is
	Pending bool   // packs or loose objects passed the thresholds: a gc starts after the next snapshot
	// Failed is what the last detached gc that failed left in gc.log; git
	// starts no automatic gc while that file is younger than a day.
	Failed   string
	FailedAt time.Time
	Packs    int
	Loose    int
	Size     int64 // bytes on disk
}

// gcPidStale is when git itself stops trusting a gc.pid file.
const gcPidStale = 12 * time.Hour

// Maintenance reports the background compaction of every shadow repository
// under home, sorted by directory. A home without checkpoints has none.
func Maintenance(home string) ([]GCStatus, error) {
	base := filepath.Join(home, "checkpoints")
	ents, err := os.ReadDir(base)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", base, unwrapPath(err))
	}
	var out []GCStatus
	for _, e := range ents {
		gitDir := filepath.Join(base, e.Name())
		data, err := os.ReadFile(filepath.Join(gitDir, dirFile))
		if !e.IsDir() || err != nil {
			continue // .home, lock files, half-made repositories
		}
		r := &Repo{Dir: strings.TrimSuffix(string(data), "\n"), GitDir: gitDir}
		st := GCStatus{Dir: r.Dir, GitDir: gitDir, Loose: len(r.looseObjects()), Pending: r.needsGC()}
		if data, err := os.ReadFile(filepath.Join(gitDir, "gc.pid")); err == nil {
			var pid int
			fi, serr := os.Stat(filepath.Join(gitDir, "gc.pid"))
			if _, err := fmt.Sscan(string(data), &pid); err == nil && pid > 0 && alive(pid) && serr == nil && time.Since(fi.ModTime()) < gcPidStale {
				st.Running = pid
			}
		}
		if fi, err := os.Stat(filepath.Join(gitDir, "gc.log")); err == nil {
			data, _ := os.ReadFile(filepath.Join(gitDir, "gc.log"))
			st.Failed = strings.TrimSpace(string(data))
			if st.Failed == "" {
				st.Failed = "(gc.log is empty)"
			}
			st.FailedAt = fi.ModTime()
		}
		filepath.WalkDir(gitDir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if info, err := d.Info(); err == nil {
				st.Size += diskUsage(info)
				if !d.IsDir() && strings.HasSuffix(path, ".pack") && filepath.Base(filepath.Dir(path)) == "pack" {
					st.Packs++
				}
			}
			return nil
		})
		out = append(out, st)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Dir < out[j].Dir })
	return out, nil
}
