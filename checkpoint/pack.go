package checkpoint

import (
	"context"
	"os"
	"path/filepath"
	"strings"
)

// bulkCheckin makes `git update-index --add` stream the blob of every
// non-empty file it reads into one pack per run (git's bulk check-in,
// used for files above core.bigFileThreshold), instead of writing a loose,
// separately compressed file per object: a first snapshot of 100,000 files
// writes one pack, not 100,000 files. It is given to update-index alone:
// in a repack the same setting would switch off delta compression.
const bulkCheckin = "core.bigFileThreshold=1"

// bulkCheckinRun is the most paths one bulk check-in run is given (see
// stage).
var bulkCheckinRun = 10000

// looseObjects lists the loose objects of the shadow repository: what
// write-tree and commit-tree wrote, and the few blobs bulk check-in leaves
// loose (empty files, symbolic links).
func (r *Repo) looseObjects() []string {
	objects := filepath.Join(r.GitDir, "objects")
	dirs, err := os.ReadDir(objects)
	if err != nil {
		return nil
	}
	var ids []string
	for _, d := range dirs {
		if len(d.Name()) != 2 || !isHex(d.Name()) || !d.IsDir() {
			continue
		}
		ents, err := os.ReadDir(filepath.Join(objects, d.Name()))
		if err != nil {
			continue
		}
		for _, e := range ents {
			if n := e.Name(); len(n) == 38 && isHex(n) {
				ids = append(ids, d.Name()+n)
			}
		}
	}
	return ids
}

// packLoose moves the loose objects into one new pack: after a snapshot
// these are its trees and commit (a few for a small change, one per
// directory for a first snapshot), so this is one short git run. Objects
// are removed only once the pack that holds them is in place; the caller
// holds the repository's lock, so nothing else writes objects meanwhile
// (a concurrent `git gc` only ever packs loose objects too).
func (r *Repo) packLoose(ctx context.Context) error {
	ids := r.looseObjects()
	if len(ids) == 0 {
		return nil
	}
	in := strings.Join(ids, "\n") + "\n"
	if _, err := r.git(ctx, strings.NewReader(in), "-c", "pack.threads=1", "pack-objects", "-q",
		filepath.Join(r.GitDir, "objects", "pack", "pack")); err != nil {
		return r.gitFailed(err)
	}
	objects := filepath.Join(r.GitDir, "objects")
	dirs := map[string]bool{}
	for _, id := range ids {
		os.Remove(filepath.Join(objects, id[:2], id[2:]))
		dirs[id[:2]] = true
	}
	// An emptied fan-out directory still takes a block of disk: up to 256
	// of them would outweigh a small repository's packs. (Removing a
	// directory that is not empty fails, and git makes them again.)
	for d := range dirs {
		os.Remove(filepath.Join(objects, d))
	}
	return nil
}
