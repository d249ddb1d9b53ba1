package checkpoint

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/hguard/hguard/internal/statefile"
)

// Snapshot is one checkpoint of a directory.
type Snapshot struct {
	// ID is the checkpoint's number: given when it is made (the newest
	// one's plus one) and never changed, so it means the same checkpoint
	// before and after other checkpoints are taken or pruned.
	ID     int
	N      int    // position in the list: 1 is the newest (shifts; prefer ID)
	Hash   string // the commit in the shadow repository
	Tree   string
	Ref    string // refs/hguard/<nanoseconds>
	Time   time.Time
	Reason string // the label: why it was taken (the command and rule, the turn, ...)

	// What changed against the snapshot before it, computed once when the
	// snapshot is made and stored in its commit message. For the first
	// snapshot of a directory Files is the number of files and Added and
	// Deleted are -1 (lines were not counted). HasStats is false for
	// snapshots of older hguard versions that stored none.
	Files, Added, Deleted int
	HasStats              bool

	empty  []string // directories that were empty; from the commit message
	record string   // its record in listFile (for-each-ref's fields)
}

// Short is the abbreviated hash shown in lists.
func (s *Snapshot) Short() string { return s.Hash[:min(len(s.Hash), 8)] }

// First reports whether the snapshot was the first of its directory: its
// statistics count the files, not a change.
func (s *Snapshot) First() bool { return s.HasStats && s.Added < 0 }

// Result is the outcome of [Repo.Create].
type Result struct {
	Snapshot *Snapshot // the new snapshot, or the latest one when nothing changed
	Created  bool      // false when the tree equals the latest snapshot
	Files    int       // files in the snapshot
	Skipped  []Skipped // files left out: too large or unreadable
	Pruned   int       // old snapshots deleted to stay within max_snapshots
	Previous string    // the tree of the snapshot before, "" for the first
	// Incremental is set when only the paths the watcher saw change were
	// looked at; Skipped then lists only skipped files among those.
	Incremental bool
}

const (
	refPrefix = "refs/hguard/"
	turnFile  = "hguard-turn"
	emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
)

// createOpts are the internal variants of a snapshot.
type createOpts struct {
	protect string // a snapshot hash that pruning must keep (a rollback's target)
	noLimit bool   // ignore max_files: a pre-rollback snapshot must not be refused
	// list is the current list (newest first, with empty directories)
	// when the caller has just read it under the lock: a rollback has,
	// and need not wait for a second for-each-ref.
	list []*Snapshot
	// afterTree, when set, is called with the tree of the new snapshot as
	// soon as it is written (or found unchanged) and the tree of the
	// snapshot before it ("" for none), so a rollback can diff it against
	// its target while the commit is made. When it returns ok, stats are
	// the new snapshot's statistics (files, added, deleted lines against
	// previous), and no diff of its own is run.
	afterTree func(tree, previous string) (stats [3]int, ok bool)
}

// Create snapshots the directory, creating the shadow repository on first
// use. When nothing changed since the latest snapshot it records nothing.
// Excluded and skipped files are not in the snapshot.
func (r *Repo) Create(ctx context.Context, reason string) (*Result, error) {
	unlock, err := r.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	return r.create(ctx, reason, createOpts{})
}

// create is Create with the lock held.
func (r *Repo) create(ctx context.Context, reason string, o createOpts) (*Result, error) {
	res, _, err := r.createStaged(ctx, reason, o)
	return res, err
}

// createStaged is create that also returns what the full scan staged, so
// the watcher can go on incrementally from there.
func (r *Repo) createStaged(ctx context.Context, reason string, o createOpts) (*Result, *staged, error) {
	switch err := r.check(); {
	case errors.Is(err, ErrNoCheckpoints):
		if err := r.init(ctx); err != nil {
			return nil, nil, err
		}
	case err != nil:
		return nil, nil, err
	}
	var (
		list    []*Snapshot
		listErr error
		wg      sync.WaitGroup
	)
	if o.list != nil {
		list = o.list
	} else {
		wg.Add(1)
		go func() { // the list is read while the tree is walked
			defer wg.Done()
			list, listErr = r.list(ctx, true)
		}()
	}
	limit := r.cfg.MaxFiles
	if o.noLimit {
		limit = math.MaxInt
	}
	st, err := r.stage(ctx, limit, func() string {
		wg.Wait()
		if listErr != nil || len(list) == 0 {
			return ""
		}
		return list[0].Tree
	})
	wg.Wait()
	if err != nil {
		return nil, nil, err
	}
	if listErr != nil {
		return nil, nil, listErr
	}
	res, err := r.record(ctx, reason, st, list, o)
	return res, st, err
}

// record commits a staged tree as a new snapshot unless it equals the
// latest one in list (newest first), then prunes. The full scan (create)
// and the watcher's incremental update (createChanged) share it.
func (r *Repo) record(ctx context.Context, reason string, st *staged, list []*Snapshot, o createOpts) (*Result, error) {
	res := &Result{Files: st.files, Skipped: st.skipped}
	if len(list) > 0 {
		res.Previous = list[0].Tree
	}
	var given [3]int
	haveStats := false
	if o.afterTree != nil {
		given, haveStats = o.afterTree(st.tree, res.Previous)
	}
	if len(list) > 0 && list[0].Tree == st.tree && sameDirs(list[0].empty, st.empty) {
		res.Snapshot = list[0]
		return res, nil
	}
	// The ref is named by the nanosecond; the time is in whole seconds:
	// it is the commit's, which git stores in seconds and listFile repeats.
	clock := time.Now()
	now := time.Unix(clock.Unix(), 0)
	s := &Snapshot{
		ID:       nextID(list),
		N:        1,
		Tree:     st.tree,
		Ref:      fmt.Sprintf("%s%020d", refPrefix, clock.UnixNano()),
		Time:     now,
		Reason:   cleanReason(reason),
		HasStats: true,
		empty:    st.empty,
	}
	// The statistics of the change, once, here: the diff of two trees
	// descends only into the subtrees that differ, so it costs what the
	// change costs. The first snapshot counts its files.
	switch {
	case res.Previous == "":
		s.Files, s.Added, s.Deleted = st.files, -1, -1
	case haveStats:
		s.Files, s.Added, s.Deleted = given[0], given[1], given[2]
	default:
		if err := r.flushPack(); err != nil { // git reads the new trees
			return nil, err
		}
		d, err := r.diffStats(ctx, [][2]string{{res.Previous, st.tree}})
		if err != nil {
			return nil, err
		}
		s.Files, s.Added, s.Deleted = d[0][0], d[0][1], d[0][2]
	}
	msg := commitMessage(s, st.skipped)
	// The commit is written here, as commit-tree would write it: one git
	// process less for every snapshot.
	if utf8.ValidString(msg) && isObjectID(st.tree) && len(st.tree) == 2*sha1.Size && !st.unchecked {
		id, err := r.writeLoose("commit", commitObject(st.tree, now.Unix(), msg))
		if err != nil {
			return nil, fmt.Errorf("writing the checkpoint's commit: %w", err)
		}
		s.Hash = hex.EncodeToString(id[:])
	}
	// The collected objects are in place before a ref names them, and
	// before commit-tree reads the tree.
	if err := r.flushPack(); err != nil {
		return nil, err
	}
	if s.Hash == "" {
		date := fmt.Sprintf("@%d +0000", now.Unix())
		out, err := r.gitEnvs(ctx, []string{"GIT_COMMITTER_DATE=" + date, "GIT_AUTHOR_DATE=" + date}, strings.NewReader(msg), "commit-tree", st.tree)
		if err != nil {
			return nil, r.gitFailed(err)
		}
		s.Hash = strings.TrimSpace(string(out))
	}
	if len(list) > 0 && s.Ref <= list[0].Ref { // a clock that went back
		s.Ref = list[0].Ref + "1"
	}
	_, body, _ := strings.Cut(msg, "\n\n")
	s.record = strings.Join([]string{s.Ref, s.Hash, s.Tree, strconv.FormatInt(now.Unix(), 10), s.Reason, body}, "\x00")
	for i, old := range list {
		old.N = i + 2
	}
	// The new ref and the deletion of the refs pushed out of max_snapshots
	// are written as git's files backend writes them (or by one git run,
	// see writeLooseRefs): a snapshot that prunes costs what any other
	// does. A full scan's trees and commit were written loose; they join a
	// pack meanwhile, so the repository stays as compact as a packed one
	// at every point (an incremental snapshot wrote its pack already). (A loose object is removed only once its
	// pack is in place, and git looks for new packs when an object is not
	// where it looked first, so update-ref always finds the commit.)
	var packErr error
	var wg sync.WaitGroup
	wg.Go(func() { packErr = r.packLoose(ctx) })
	var err error
	res.Pruned, err = r.updateRefs(ctx, s, append([]*Snapshot{s}, list...), r.cfg.MaxSnapshots, o.protect)
	wg.Wait()
	if err != nil {
		return nil, err
	}
	res.Snapshot, res.Created = s, true
	if packErr != nil {
		return res, packErr
	}
	// Compacting is never done here, where a command may be waiting for
	// the snapshot: when enough loose objects or packs piled up, git
	// packs them in a detached, low-priority process of its own.
	r.maintain()
	return res, nil
}

// flushPack writes the objects collected for a pack, if any; objects
// written in Go after it are loose again.
func (r *Repo) flushPack() error {
	if r.packing == nil {
		return nil
	}
	p := r.packing
	r.packing = nil
	if err := p.write(r.GitDir); err != nil {
		return fmt.Errorf("writing the checkpoint's objects: %w", err)
	}
	return nil
}

// nextID is the id of a new snapshot: one more than the highest so far.
func nextID(list []*Snapshot) int {
	id := 0
	for _, s := range list {
		id = max(id, s.ID)
	}
	return id + 1
}

// staged is the working tree written into the shadow index.
type staged struct {
	tree    string
	files   int
	empty   []string
	skipped []Skipped
	paths   []string // the index's paths, sorted, when a full scan listed them
	// unchecked: the tree is the index's record, not written or read in
	// this run; it may be gone (lost in a crash), so git, which checks,
	// writes a commit of it
	unchecked bool
	// stats of the change from the tree statsFrom, when counted on the way
	// (an incremental snapshot: see editTree)
	stats     [3]int
	statsFrom string
	exclude   statefile.Stamp // of .git/info/exclude before a full scan read it
}

// sameDirs compares two lists of empty directories as sets: snapshots of
// older hguard versions stored them in walk order, not sorted.
func sameDirs(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	if slices.IsSorted(a) && slices.IsSorted(b) {
		return slices.Equal(a, b)
	}
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// stage brings the shadow index in line with the tree and writes it as a
// tree object, in one pass over the tree: the walk lstat()s each file and
// compares it with the stat data of the shadow index (read in Go), and
// only the paths git could find changed stream to update-index while the
// walk goes on, so git reads only changed files and stats nothing else.
// The first time (no index yet), the walk finishes first so an oversized
// tree costs no git work. When the index cannot be read here (a format
// this reader does not know), every path goes to git, which compares the
// stat data itself, and ls-files lists what the index held. Files the
// walk leaves out but a snapshot keeps (pins.go) are added after the walk;
// latest gives the tree of the latest snapshot ("" for none).
func (r *Repo) stage(ctx context.Context, maxFiles int, latest func() string) (*staged, error) {
	ix, ixErr := readIndex(filepath.Join(r.GitDir, "index"))
	var (
		indexed []byte
		lsErr   error
		wg      sync.WaitGroup
	)
	if ixErr != nil {
		ix = nil
		wg.Add(1)
		go func() {
			defer wg.Done()
			indexed, lsErr = r.git(ctx, nil, "ls-files", "-z")
		}()
	}
	// A first snapshot (no index yet) uses bulkCheckin: the blobs of all
	// files go straight into one pack, not into a loose object each. Later
	// ones do not: git's streaming path costs about 2 ms a file here (it
	// allocates and frees its buffers for each), also for the racily clean
	// files it only re-hashes when it writes the index, which after a
	// rollback are all the files it restored (1,000 files: 2.5 s instead of
	// 0.2 s). Their few new blobs are written loose and join the pack of
	// the snapshot's trees and commit (packLoose).
	addArgs := []string{"update-index", "-z", "--add", "--remove", "--replace", "--stdin"}
	if ix == nil && ixErr == nil {
		addArgs = append([]string{"-c", bulkCheckin}, addArgs...)
	}
	// The update-index run starts with the first path to hand it, so a
	// snapshot of an unchanged tree runs none.
	var (
		emit     io.Writer
		wait     func() error
		startErr error
	)
	streaming := ix != nil || ixErr != nil
	if streaming {
		var pipe io.Writer
		emit = writerFunc(func(p []byte) (int, error) {
			if pipe == nil {
				if startErr != nil {
					return 0, startErr
				}
				if pipe, wait, startErr = r.gitPipe(ctx, addArgs...); startErr != nil {
					pipe, wait = nil, nil
					return 0, startErr
				}
			}
			return pipe.Write(p)
		})
	}
	exclude := excludeStamp(r.Dir)
	ex := newExcluder(r.Dir, r.home, r.cfg)
	l, err := ex.walkIndexed(r.Dir, maxFiles, r.cfg.MaxFileSize, emit, ix)
	wg.Wait() // ls-files, when it runs
	var gone []string
	if err == nil && lsErr == nil {
		gone, err = r.keepPinned(ctx, ex, l, indexPaths(ix, indexed), ix, latest(), emit, maxFiles)
	}
	// Paths in the index that the walk did not find and that are not kept
	// are gone or now excluded; both leave the index. A path that no
	// longer exists goes to the same update-index run (--remove drops a
	// missing file); only one that exists but is excluded now, or is no
	// file any more, needs a run of update-index --force-remove.
	var force bytes.Buffer
	if err == nil && lsErr == nil && streaming {
		realDirs := map[string]bool{".": true}
		for _, p := range gone {
			// git refuses a path beyond a symbolic link (a directory
			// replaced by one): those are force-removed.
			if _, serr := os.Lstat(filepath.Join(r.Dir, filepath.FromSlash(p))); errors.Is(serr, fs.ErrNotExist) && r.noSymlinkTo(path.Dir(p), realDirs) {
				io.WriteString(emit, p+"\x00")
			} else {
				force.WriteString(p + "\x00")
			}
		}
	}
	// Whether git is told to change the index (read before the runs below
	// consume force).
	indexChanges := wait != nil || force.Len() > 0
	var addErr error
	if wait != nil {
		addErr = wait()
	}
	if err != nil {
		return nil, err
	}
	if lsErr != nil {
		return nil, r.gitFailed(lsErr)
	}
	if startErr != nil {
		return nil, r.gitFailed(startErr)
	}
	if addErr != nil {
		return nil, r.gitFailed(addErr)
	}
	if !streaming {
		// In runs of bulkCheckinRun paths: git (2.39) looks up each new
		// object among all those already written to the run's pack, one by
		// one, so a run costs the square of its length (a first snapshot of
		// 100,000 files: 20 s of CPU in that loop alone, against 0.9 s in
		// runs of 10,000). Each run writes one pack.
		for files := l.files; len(files) > 0; {
			n := min(len(files), bulkCheckinRun)
			var paths bytes.Buffer
			for _, f := range files[:n] {
				paths.WriteString(f)
				paths.WriteByte(0)
			}
			files = files[n:]
			if _, err := r.git(ctx, &paths, addArgs...); err != nil {
				return nil, r.gitFailed(err)
			}
		}
	}
	if force.Len() > 0 {
		if _, err := r.git(ctx, &force, "update-index", "-z", "--force-remove", "--stdin"); err != nil {
			return nil, r.gitFailed(err)
		}
	}
	// Nothing went to git (no file changed or left the tree): the tree is
	// the one write-tree recorded in the index last time, and reading the
	// whole index again in write-tree would only find that.
	if streaming && !indexChanges && ix != nil && ix.rootTree != "" {
		return &staged{tree: ix.rootTree, files: len(l.files), empty: l.empty, skipped: l.skipped, paths: l.files, unchecked: true, exclude: exclude}, nil
	}
	out, err := r.git(ctx, nil, "write-tree")
	if err != nil {
		return nil, r.gitFailed(err)
	}
	return &staged{tree: strings.TrimSpace(string(out)), files: len(l.files), empty: l.empty, skipped: l.skipped, paths: l.files, exclude: exclude}, nil
}

// noSymlinkTo reports whether no symbolic link is on the way to the
// directory rel (slash-separated): each of its leading directories that
// exists is a directory (a missing one ends the way). It remembers the
// answers in known.
func (r *Repo) noSymlinkTo(rel string, known map[string]bool) bool {
	if ok, seen := known[rel]; seen {
		return ok
	}
	ok := r.noSymlinkTo(path.Dir(rel), known)
	if ok {
		fi, err := os.Lstat(filepath.Join(r.Dir, filepath.FromSlash(rel)))
		ok = errors.Is(err, fs.ErrNotExist) || (err == nil && fi.IsDir())
	}
	known[rel] = ok
	return ok
}

// indexPaths is the paths of the index as it was before this update (ix,
// or else ls-files' output), sorted bytewise.
func indexPaths(ix *gitIndex, indexed []byte) []string {
	if ix != nil {
		return ix.paths
	}
	var before []string
	for p := range bytes.SplitSeq(indexed, []byte{0}) {
		if len(p) > 0 {
			before = append(before, string(p))
		}
	}
	return before
}

// gitFailed explains a git failure on the shadow repository.
func (r *Repo) gitFailed(err error) error {
	if ge := (*gitError)(nil); errors.As(err, &ge) {
		s := ge.stderr
		if strings.Contains(s, "corrupt") || strings.Contains(s, "bad object") || strings.Contains(s, "unable to read") ||
			strings.Contains(s, "not a git repository") || strings.Contains(s, "index file") || strings.Contains(s, "invalid object") ||
			strings.Contains(s, "missing") || strings.Contains(s, "bad signature") || strings.Contains(s, "failed to unpack") ||
			strings.Contains(s, "bad config") || strings.Contains(s, "not a valid") || strings.Contains(s, "unable to") {
			return &DamagedError{GitDir: r.GitDir, Why: ge.Error()}
		}
	}
	return fmt.Errorf("checkpoints of %s: %w", r.Dir, err)
}

// Message trailers: the reason is the subject, then the id, the
// statistics, and one line per empty directory and per skipped file, each
// path quoted.
const (
	idTrailer      = "hguard-id: "
	statsTrailer   = "hguard-stats: " // files added deleted
	emptyTrailer   = "hguard-empty: "
	skippedTrailer = "hguard-skipped: "
)

func commitMessage(s *Snapshot, skipped []Skipped) string {
	var b strings.Builder
	b.WriteString(s.Reason)
	b.WriteString("\n\n")
	fmt.Fprintf(&b, "%s%d\n%s%d %d %d\n", idTrailer, s.ID, statsTrailer, s.Files, s.Added, s.Deleted)
	for _, d := range s.empty {
		b.WriteString(emptyTrailer + strconv.Quote(d) + "\n")
	}
	for _, sk := range skipped {
		fmt.Fprintf(&b, "%s%d %s\n", skippedTrailer, sk.Size, strconv.Quote(sk.Path))
	}
	return b.String()
}

// cleanReason makes a reason one printable line of at most 200 characters.
func cleanReason(reason string) string {
	reason = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, reason)
	reason = strings.Join(strings.Fields(reason), " ")
	if r := []rune(reason); len(r) > 200 {
		reason = string(r[:200])
	}
	if reason == "" {
		reason = "checkpoint"
	}
	return reason
}

// parseBody reads the trailers of a snapshot's commit message; withEmpty
// also reads the empty directories.
func (s *Snapshot) parseBody(body string, withEmpty bool) {
	for len(body) > 0 {
		line, rest, _ := strings.Cut(body, "\n")
		body = rest
		switch {
		case strings.HasPrefix(line, idTrailer):
			if id, err := strconv.Atoi(line[len(idTrailer):]); err == nil && id > 0 {
				s.ID = id
			}
		case strings.HasPrefix(line, statsTrailer):
			f := strings.Fields(line[len(statsTrailer):])
			if len(f) == 3 {
				a, e1 := strconv.Atoi(f[0])
				b, e2 := strconv.Atoi(f[1])
				c, e3 := strconv.Atoi(f[2])
				if e1 == nil && e2 == nil && e3 == nil {
					s.Files, s.Added, s.Deleted, s.HasStats = a, b, c, true
				}
			}
		case strings.HasPrefix(line, emptyTrailer):
			if !withEmpty {
				return // the id and stats come first
			}
			if d, err := strconv.Unquote(line[len(emptyTrailer):]); err == nil {
				s.empty = append(s.empty, d)
			}
		case strings.HasPrefix(line, skippedTrailer):
			return // skipped files come last
		}
	}
}

// List returns the snapshots, newest first, with their ids and stored
// statistics. withStats computes the statistics that older hguard versions
// did not store (the oldest of those stays without).
func (r *Repo) List(ctx context.Context, withStats bool) ([]*Snapshot, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	list, err := r.list(ctx, false)
	if err != nil || !withStats || len(list) == 0 {
		return list, err
	}
	return list, r.legacyStats(ctx, list)
}

// list reads the refs and their commits' trailers; withEmpty also reads
// the empty directories.
func (r *Repo) list(ctx context.Context, withEmpty bool) ([]*Snapshot, error) {
	out, cached := r.cachedList()
	if !cached {
		var err error
		out, err = r.git(ctx, nil, "for-each-ref", "--sort=-refname", "--format="+forEachRefFormat, refPrefix)
		if err != nil {
			return nil, r.gitFailed(err)
		}
		r.writeListFrom(out)
	}
	var list []*Snapshot
	legacy := 0
	for _, rec := range strings.Split(string(out), listRecordEnd) {
		if rec == "" {
			continue
		}
		f := strings.Split(rec, "\x00")
		if len(f) < 6 {
			return nil, r.damaged(fmt.Sprintf("unreadable ref record %q", rec))
		}
		sec, _ := strconv.ParseInt(f[3], 10, 64)
		s := &Snapshot{N: len(list) + 1, Ref: f[0], Hash: f[1], Tree: f[2], Time: time.Unix(sec, 0), Reason: f[4], record: rec}
		s.parseBody(f[5], withEmpty)
		if s.Tree == "" {
			return nil, r.damaged(fmt.Sprintf("the commit of %s is missing", s.Ref))
		}
		if s.ID == 0 {
			legacy++
		}
		list = append(list, s)
	}
	// Snapshots of hguard versions before ids are older than every one
	// with an id; they are numbered from the oldest, 1 up.
	for i := len(list) - 1; i >= 0 && legacy > 0; i-- {
		if list[i].ID == 0 {
			list[i].ID = len(list) - i
		}
	}
	return list, nil
}

// legacyStats fills the statistics that snapshots of older hguard versions
// did not store, with one diff-tree run over their pairs; the oldest
// snapshot is left without rather than compared with an empty tree.
func (r *Repo) legacyStats(ctx context.Context, list []*Snapshot) error {
	var (
		pairs [][2]string
		which []*Snapshot
	)
	for i, s := range list {
		if !s.HasStats && i+1 < len(list) {
			pairs = append(pairs, [2]string{list[i+1].Tree, s.Tree})
			which = append(which, s)
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	st, err := r.diffStats(ctx, pairs)
	if err != nil {
		return err
	}
	for i, s := range which {
		s.Files, s.Added, s.Deleted, s.HasStats = st[i][0], st[i][1], st[i][2], true
	}
	return nil
}

// diffStats counts files, added and deleted lines between pairs of trees.
func (r *Repo) diffStats(ctx context.Context, pairs [][2]string) ([][3]int, error) {
	var in strings.Builder
	for _, p := range pairs {
		fmt.Fprintf(&in, "%s %s\n", p[0], p[1])
	}
	out, err := r.git(ctx, strings.NewReader(in.String()), "diff-tree", "--stdin", "-r", "-z", "--numstat", "--no-renames")
	if err != nil {
		return nil, r.gitFailed(err)
	}
	return parseNumstat(out, pairs), nil
}

// parseNumstat reads `diff-tree --stdin -z --numstat`: per pair with
// differences a line "<old> <new>\n", then one "<added>\t<deleted>\t<path>\0"
// per file (binary files count "-"). Each byte is looked at a bounded
// number of times: records are found with IndexByte for the next NUL from
// where the last one ended, and a header is recognised at a record's start.
func parseNumstat(out []byte, pairs [][2]string) [][3]int {
	st := make([][3]int, len(pairs))
	cur := -1
	for len(out) > 0 {
		end := bytes.IndexByte(out, 0)
		if end < 0 {
			end = len(out)
		}
		rec := out[:end]
		out = out[min(end+1, len(out)):]
		if old, new, rest, ok := cutTreePair(rec); ok {
			for cur+1 < len(pairs) {
				cur++
				if pairs[cur][0] == old && pairs[cur][1] == new {
					break
				}
			}
			rec = rest
		}
		if cur < 0 {
			continue
		}
		added, rest, ok1 := bytes.Cut(rec, []byte{'\t'})
		deleted, _, ok2 := bytes.Cut(rest, []byte{'\t'})
		if !ok1 || !ok2 {
			continue
		}
		st[cur][0]++
		st[cur][1] += atoi(added)
		st[cur][2] += atoi(deleted)
	}
	return st
}

// atoi reads a small decimal count; "-" (binary) is 0.
func atoi(b []byte) int {
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// cutTreePair splits "<hex> <hex>\n" off the start of rec.
func cutTreePair(rec []byte) (old, new string, rest []byte, ok bool) {
	nl := bytes.IndexByte(rec[:min(len(rec), 130)], '\n')
	if nl < 0 {
		return "", "", rec, false
	}
	o, n, found := bytes.Cut(rec[:nl], []byte{' '})
	if !found || len(o) < 40 || len(n) < 40 || !isHex(string(o)) || !isHex(string(n)) {
		return "", "", rec, false
	}
	return string(o), string(n), rec[nl+1:], true
}

// Prune deletes all but the newest keep snapshots (keep ≤ 0: the
// configured max_snapshots) and compacts the shadow repository.
func (r *Repo) Prune(ctx context.Context, keep int) (int, error) {
	unlock, err := r.lock()
	if err != nil {
		return 0, err
	}
	defer unlock()
	if err := r.check(); err != nil {
		return 0, err
	}
	list, err := r.list(ctx, false)
	if err != nil {
		return 0, err
	}
	if keep <= 0 {
		keep = r.cfg.MaxSnapshots
	}
	n, err := r.updateRefs(ctx, nil, list, keep, "")
	if err != nil {
		return n, err
	}
	// Asked for: compact now, and free what the deleted refs held.
	if _, err := r.git(ctx, nil, "gc", "--quiet", "--prune=now"); err != nil {
		return n, r.gitFailed(err)
	}
	// A failed background gc's log stops git's automatic ones for a day;
	// this one succeeded, so they may run again.
	os.Remove(filepath.Join(r.GitDir, "gc.log"))
	return n, nil
}

// updateRefs creates the ref of add (when not nil) and deletes the refs of
// list beyond keep (never protect's) in one transaction. The deleted
// snapshots' objects stay until a gc: deleting refs is what a snapshot
// can afford to wait for.
func (r *Repo) updateRefs(ctx context.Context, add *Snapshot, list []*Snapshot, keep int, protect string) (int, error) {
	var in strings.Builder
	if add != nil {
		fmt.Fprintf(&in, "create %s\x00%s\x00", add.Ref, add.Hash)
	}
	n := 0
	var deletes []*Snapshot
	kept := list[:min(keep, len(list))]
	if len(list) > keep {
		kept = slices.Clone(kept)
		for _, s := range list[keep:] {
			if s.Hash == protect {
				kept = append(kept, s)
				continue
			}
			fmt.Fprintf(&in, "delete %s\x00%s\x00", s.Ref, s.Hash)
			deletes = append(deletes, s)
			n++
		}
	}
	if in.Len() == 0 {
		return 0, nil
	}
	if done, err := r.writeLooseRefs(add, deletes); done || err != nil {
		if err != nil {
			os.Remove(filepath.Join(r.GitDir, listFile))
			return 0, err
		}
		r.writeList(kept)
		return n, nil
	}
	if _, err := r.git(ctx, strings.NewReader(in.String()), "update-ref", "-z", "--stdin"); err != nil {
		os.Remove(filepath.Join(r.GitDir, listFile))
		return 0, r.gitFailed(err)
	}
	r.writeList(kept)
	return n, nil
}

// writeLooseRefs makes the ref of add and deletes those of deletes as
// git's files backend does, without starting git: each ref is locked by
// creating "<ref>.lock" exclusively (so a concurrent git, a background
// pack-refs say, sees it), a new ref is written to its lock and renamed
// into place, a deleted one is checked to name the commit expected and
// removed, with packed-refs locked meanwhile. done is false, and nothing is changed, when git is needed: a
// ref in packed-refs is to be deleted (git rewrites that file), the refs
// are not in files, a name is not one hguard makes, a lock is held.
func (r *Repo) writeLooseRefs(add *Snapshot, deletes []*Snapshot) (done bool, err error) {
	if _, err := os.Lstat(filepath.Join(r.GitDir, "reftable")); err == nil {
		return false, nil
	}
	packed, err := os.ReadFile(filepath.Join(r.GitDir, "packed-refs"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	for _, s := range append([]*Snapshot{add}, deletes...) {
		if s == nil {
			continue
		}
		if !ownRefName(s.Ref) {
			return false, nil
		}
		if _, err := os.Lstat(filepath.Join(r.GitDir, filepath.FromSlash(s.Ref)+".lock")); err == nil {
			return false, nil
		}
	}
	if len(deletes) > 0 {
		// packed-refs is locked while refs are deleted, as git does: a
		// background pack-refs must not copy a ref into it meanwhile (the
		// deleted ref would come back from there).
		lock := filepath.Join(r.GitDir, "packed-refs.lock")
		f, err := os.OpenFile(lock, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return false, nil // held: git waits for it
		}
		f.Close()
		defer os.Remove(lock)
		packed, err = os.ReadFile(filepath.Join(r.GitDir, "packed-refs"))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, nil
		}
	}
	for _, s := range deletes {
		if bytes.Contains(packed, []byte(" "+s.Ref+"\n")) {
			return false, nil
		}
	}
	if add != nil {
		path := filepath.Join(r.GitDir, filepath.FromSlash(add.Ref))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return false, unwrapPath(err)
		}
		lock, err := os.OpenFile(path+".lock", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return false, nil // let git say why
		}
		_, werr := lock.WriteString(add.Hash + "\n")
		if cerr := lock.Close(); werr == nil {
			werr = cerr
		}
		if werr == nil {
			werr = os.Rename(path+".lock", path)
		}
		if werr != nil {
			os.Remove(path + ".lock")
			return true, fmt.Errorf("writing the ref %s: %w", add.Ref, unwrapPath(werr))
		}
	}
	for _, s := range deletes {
		path := filepath.Join(r.GitDir, filepath.FromSlash(s.Ref))
		lock, err := os.OpenFile(path+".lock", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return true, fmt.Errorf("deleting the ref %s: %w", s.Ref, unwrapPath(err))
		}
		lock.Close()
		data, err := os.ReadFile(path)
		switch {
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			err = unwrapPath(err)
		case err == nil && strings.TrimSuffix(string(data), "\n") != s.Hash:
			err = fmt.Errorf("it names %q, not %s", bytes.TrimSpace(data), s.Hash)
		case err == nil:
			err = os.Remove(path)
		default:
			err = nil // already gone
		}
		os.Remove(path + ".lock")
		if err != nil {
			return true, fmt.Errorf("deleting the ref %s: %w", s.Ref, err)
		}
	}
	return true, nil
}

// ownRefName reports whether ref is a name hguard gives a snapshot: the
// prefix and digits (a nanosecond time, with "1"s added after a clock
// that went back).
func ownRefName(ref string) bool {
	rest, ok := strings.CutPrefix(ref, refPrefix)
	if !ok || rest == "" {
		return false
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Ensure snapshots the directory at most once per turn: the first call
// with a new turn ID takes a snapshot, later ones with the same ID do
// nothing and return nil.
func (r *Repo) Ensure(ctx context.Context, turn, reason string) (*Result, error) {
	if err := ValidateTurn(turn); err != nil {
		return nil, err
	}
	unlock, err := r.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	path := filepath.Join(r.GitDir, turnFile)
	if data, err := os.ReadFile(path); err == nil && strings.TrimSuffix(string(data), "\n") == turn {
		return nil, nil
	}
	if reason == "" {
		reason = "before turn " + turn
	}
	res, err := r.create(ctx, reason, createOpts{})
	if err != nil {
		return nil, err
	}
	if err := writeFileAtomic(path, []byte(turn+"\n")); err != nil {
		return res, fmt.Errorf("recording turn %s: %w", turn, err)
	}
	return res, nil
}

// EnsureTurn is the per-turn snapshot of an agent: it snapshots the
// project of dir (as [FindDir] chooses it) at most once per session and
// turn, labelled with both, and returns nil, nil when this turn already
// has its snapshot or checkpoints are disabled. Agent hooks call it on a
// turn's first event (Claude Code's UserPromptSubmit, and the like), so a
// person can roll back what the agent did in its last turn. A tree over
// max_files is a *TooManyFilesError: skipping is the caller's to report.
func EnsureTurn(ctx context.Context, home string, cfg Config, dir, session, turn string) (*Result, error) {
	if !cfg.Enabled && cfg.MaxFiles != 0 {
		return nil, nil
	}
	key, reason := TurnKey(session, turn)
	if err := ValidateTurn(key); err != nil {
		return nil, err
	}
	r, err := New(home, FindDir(home, dir), cfg)
	if err != nil {
		return nil, err
	}
	return r.Ensure(ctx, key, reason)
}

// TurnKey is the key [Repo.Ensure] remembers for a session's turn, and
// the label of its snapshot.
func TurnKey(session, turn string) (key, label string) {
	if session == "" {
		return turn, "before turn " + turn
	}
	return session + "/" + turn, "before turn " + turn + " of session " + session
}
