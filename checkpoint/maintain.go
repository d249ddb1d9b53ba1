package checkpoint

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Thresholds of the background compaction. git gc --auto estimates the
// loose objects from one of the 256 fan-out directories, so the check here
// reads that one directory too.
const (
	gcAutoLoose     = 2000 // loose objects before they are packed
	gcAutoPackLimit = 20   // packs before they are merged into one
	gcPruneExpire   = "1.hour.ago"
)

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
// the refs or the shadow index. The work is incremental: loose objects are
// packed into a new pack (repack -d -l); packs are merged only past
// gcAutoPackLimit, and objects of pruned snapshots leave then.
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
