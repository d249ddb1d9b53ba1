package checkpoint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
)

// Snapshot is one checkpoint of a directory.
type Snapshot struct {
	N      int    // position in the list: 1 is the newest
	Hash   string // the commit in the shadow repository
	Tree   string
	Ref    string // refs/hguard/<nanoseconds>
	Time   time.Time
	Reason string

	// Changes against the snapshot before it, filled by [Repo.List] with
	// stats (the oldest one is compared with an empty tree).
	Files, Added, Deleted int

	empty []string // directories that were empty; from the commit message
}

// Short is the abbreviated hash shown in lists.
func (s *Snapshot) Short() string { return s.Hash[:min(len(s.Hash), 8)] }

// Result is the outcome of [Repo.Create].
type Result struct {
	Snapshot *Snapshot // the new snapshot, or the latest one when nothing changed
	Created  bool      // false when the tree equals the latest snapshot
	Files    int       // files in the snapshot
	Skipped  []Skipped // files left out: too large or unreadable
	Pruned   int       // old snapshots deleted to stay within max_snapshots
	Previous string    // the tree of the snapshot before, "" for the first
}

const (
	refPrefix = "refs/hguard/"
	gcStamp   = "hguard-gc"
	turnFile  = "hguard-turn"
	gcEvery   = 24 * time.Hour
	emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
)

// Create snapshots the directory, creating the shadow repository on first
// use. When nothing changed since the latest snapshot it records nothing.
// Excluded and skipped files are not in the snapshot.
func (r *Repo) Create(ctx context.Context, reason string) (*Result, error) {
	unlock, err := r.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	return r.create(ctx, reason)
}

// create is Create with the lock held.
func (r *Repo) create(ctx context.Context, reason string) (*Result, error) {
	switch err := r.check(); {
	case errors.Is(err, ErrNoCheckpoints):
		if err := r.init(ctx); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	}
	var (
		list    []*Snapshot
		listErr error
		wg      sync.WaitGroup
	)
	wg.Add(1)
	go func() { // the list is read while the tree is walked
		defer wg.Done()
		list, listErr = r.list(ctx, true)
	}()
	st, err := r.stage(ctx)
	wg.Wait()
	if err != nil {
		return nil, err
	}
	if listErr != nil {
		return nil, listErr
	}
	res := &Result{Files: st.files, Skipped: st.skipped}
	if len(list) > 0 {
		res.Previous = list[0].Tree
	}
	if len(list) > 0 && list[0].Tree == st.tree && slices.Equal(list[0].empty, st.empty) {
		res.Snapshot = list[0]
		return res, nil
	}
	msg := commitMessage(reason, st.empty, st.skipped)
	out, err := r.git(ctx, strings.NewReader(msg), "commit-tree", st.tree)
	if err != nil {
		return nil, r.gitFailed(err)
	}
	now := time.Now()
	s := &Snapshot{
		N:      1,
		Hash:   strings.TrimSpace(string(out)),
		Tree:   st.tree,
		Ref:    fmt.Sprintf("%s%020d", refPrefix, now.UnixNano()),
		Time:   now,
		Reason: cleanReason(reason),
		empty:  st.empty,
	}
	if len(list) > 0 && s.Ref <= list[0].Ref { // a clock that went back
		s.Ref = list[0].Ref + "1"
	}
	if _, err := r.git(ctx, nil, "update-ref", "--no-deref", s.Ref, s.Hash, ""); err != nil {
		return nil, r.gitFailed(err)
	}
	res.Snapshot, res.Created = s, true
	res.Pruned, err = r.prune(ctx, append([]*Snapshot{s}, list...), r.cfg.MaxSnapshots, false)
	return res, err
}

// staged is the working tree written into the shadow index.
type staged struct {
	tree    string
	files   int
	empty   []string
	skipped []Skipped
}

// stage brings the shadow index in line with the tree and writes it as a
// tree object. update-index compares stat data first, so only changed
// files are read. Once the index exists (the tree was within max_files
// before), paths stream to update-index while the walk goes on; the first
// time, the walk finishes first so an oversized tree costs no git work.
func (r *Repo) stage(ctx context.Context) (*staged, error) {
	var (
		indexed []byte
		lsErr   error
		wg      sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		indexed, lsErr = r.git(ctx, nil, "ls-files", "-z")
	}()
	addArgs := []string{"update-index", "-z", "--add", "--remove", "--replace", "--stdin"}
	var (
		emit io.Writer
		wait func() error
	)
	if _, err := os.Stat(filepath.Join(r.GitDir, "index")); err == nil {
		if emit, wait, err = r.gitPipe(ctx, addArgs...); err != nil {
			wg.Wait()
			return nil, r.gitFailed(err)
		}
	}
	l, err := newExcluder(r.Dir, r.home, r.cfg).walkTo(r.Dir, r.cfg.MaxFiles, r.cfg.MaxFileSize, emit)
	var addErr error
	if wait != nil {
		addErr = wait()
	}
	wg.Wait()
	if err != nil {
		return nil, err
	}
	if lsErr != nil {
		return nil, r.gitFailed(lsErr)
	}
	if addErr != nil {
		return nil, r.gitFailed(addErr)
	}
	if wait == nil {
		var paths bytes.Buffer
		for _, f := range l.files {
			paths.WriteString(f)
			paths.WriteByte(0)
		}
		if _, err := r.git(ctx, &paths, addArgs...); err != nil {
			return nil, r.gitFailed(err)
		}
	}
	// Paths in the index that the walk did not find are gone or now
	// excluded; both leave the index. ls-files lists the index as it was
	// before this update, sorted bytewise like l.files.
	var gone bytes.Buffer
	i := 0
	for _, p := range bytes.Split(indexed, []byte{0}) {
		if len(p) == 0 {
			continue
		}
		s := string(p)
		for i < len(l.files) && l.files[i] < s {
			i++
		}
		if i == len(l.files) || l.files[i] != s {
			gone.WriteString(s)
			gone.WriteByte(0)
		}
	}
	if gone.Len() > 0 {
		if _, err := r.git(ctx, &gone, "update-index", "-z", "--force-remove", "--stdin"); err != nil {
			return nil, r.gitFailed(err)
		}
	}
	out, err := r.git(ctx, nil, "write-tree")
	if err != nil {
		return nil, r.gitFailed(err)
	}
	return &staged{tree: strings.TrimSpace(string(out)), files: len(l.files), empty: l.empty, skipped: l.skipped}, nil
}

// gitFailed explains a git failure on the shadow repository.
func (r *Repo) gitFailed(err error) error {
	if ge := (*gitError)(nil); errors.As(err, &ge) {
		s := ge.stderr
		if strings.Contains(s, "corrupt") || strings.Contains(s, "bad object") || strings.Contains(s, "unable to read") ||
			strings.Contains(s, "not a git repository") || strings.Contains(s, "index file") || strings.Contains(s, "invalid object") ||
			strings.Contains(s, "missing") || strings.Contains(s, "bad signature") ||
			strings.Contains(s, "bad config") || strings.Contains(s, "not a valid") || strings.Contains(s, "unable to") {
			return &DamagedError{GitDir: r.GitDir, Why: ge.Error()}
		}
	}
	return fmt.Errorf("checkpoints of %s: %w", r.Dir, err)
}

// Message trailers: the reason is the subject, then one line per empty
// directory and per skipped file, each path quoted.
const (
	emptyTrailer   = "hguard-empty: "
	skippedTrailer = "hguard-skipped: "
)

func commitMessage(reason string, empty []string, skipped []Skipped) string {
	var b strings.Builder
	b.WriteString(cleanReason(reason))
	b.WriteString("\n\n")
	for _, d := range empty {
		b.WriteString(emptyTrailer + strconv.Quote(d) + "\n")
	}
	for _, s := range skipped {
		fmt.Fprintf(&b, "%s%d %s\n", skippedTrailer, s.Size, strconv.Quote(s.Path))
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

func parseEmpty(body string) []string {
	var out []string
	for _, line := range strings.Split(body, "\n") {
		if q, ok := strings.CutPrefix(line, emptyTrailer); ok {
			if d, err := strconv.Unquote(q); err == nil {
				out = append(out, d)
			}
		}
	}
	return out
}

// List returns the snapshots, newest first, numbered from 1; withStats adds
// the number of files and lines changed against the one before.
func (r *Repo) List(ctx context.Context, withStats bool) ([]*Snapshot, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	list, err := r.list(ctx, false)
	if err != nil || !withStats || len(list) == 0 {
		return list, err
	}
	return list, r.stats(ctx, list)
}

// list reads the refs; withEmpty also reads the empty directories.
func (r *Repo) list(ctx context.Context, withEmpty bool) ([]*Snapshot, error) {
	format := "%(refname)%00%(objectname)%00%(tree)%00%(committerdate:unix)%00%(contents:subject)"
	if withEmpty {
		format += "%00%(contents:body)"
	}
	out, err := r.git(ctx, nil, "for-each-ref", "--sort=-refname", "--format="+format+"%00%01", refPrefix)
	if err != nil {
		return nil, r.gitFailed(err)
	}
	var list []*Snapshot
	for _, rec := range strings.Split(string(out), "\x00\x01\n") {
		if rec == "" {
			continue
		}
		f := strings.Split(rec, "\x00")
		if len(f) < 5 {
			return nil, r.damaged(fmt.Sprintf("unreadable ref record %q", rec))
		}
		sec, _ := strconv.ParseInt(f[3], 10, 64)
		s := &Snapshot{N: len(list) + 1, Ref: f[0], Hash: f[1], Tree: f[2], Time: time.Unix(sec, 0), Reason: f[4]}
		if len(f) > 5 {
			s.empty = parseEmpty(f[5])
		}
		if s.Tree == "" {
			return nil, r.damaged(fmt.Sprintf("the commit of %s is missing", s.Ref))
		}
		list = append(list, s)
	}
	return list, nil
}

// stats fills Files, Added and Deleted of each snapshot with one diff-tree
// run over all consecutive pairs.
func (r *Repo) stats(ctx context.Context, list []*Snapshot) error {
	pairs := make([][2]string, len(list))
	for i, s := range list {
		prev := emptyTree
		if i+1 < len(list) {
			prev = list[i+1].Tree
		}
		pairs[i] = [2]string{prev, s.Tree}
	}
	st, err := r.diffStats(ctx, pairs)
	if err != nil {
		return err
	}
	for i, s := range list {
		s.Files, s.Added, s.Deleted = st[i][0], st[i][1], st[i][2]
	}
	return nil
}

// Stats fills Files, Added and Deleted of res's snapshot: what changed
// against the snapshot before it.
func (r *Repo) Stats(ctx context.Context, res *Result) error {
	prev := res.Previous
	if prev == "" {
		prev = emptyTree
	}
	st, err := r.diffStats(ctx, [][2]string{{prev, res.Snapshot.Tree}})
	if err != nil {
		return err
	}
	s := res.Snapshot
	s.Files, s.Added, s.Deleted = st[0][0], st[0][1], st[0][2]
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
	// The output is, per pair with differences, a line "<old> <new>\n"
	// then one "<added>\t<deleted>\t<path>\0" per file; binary files
	// count "-".
	st := make([][3]int, len(pairs))
	cur := -1
	for len(out) > 0 {
		if nl := bytes.IndexByte(out, '\n'); nl > 0 && isTreePair(out[:nl]) {
			old, new, _ := strings.Cut(string(out[:nl]), " ")
			for cur+1 < len(pairs) {
				cur++
				if pairs[cur][0] == old && pairs[cur][1] == new {
					break
				}
			}
			out = out[nl+1:]
			continue
		}
		end := bytes.IndexByte(out, 0)
		if end < 0 {
			end = len(out)
		}
		rec := string(out[:end])
		out = out[min(end+1, len(out)):]
		f := strings.SplitN(rec, "\t", 3)
		if cur < 0 || len(f) < 3 {
			continue
		}
		a, _ := strconv.Atoi(f[0])
		d, _ := strconv.Atoi(f[1])
		st[cur][0]++
		st[cur][1] += a
		st[cur][2] += d
	}
	return st, nil
}

func isTreePair(b []byte) bool {
	old, new, ok := bytes.Cut(b, []byte{' '})
	return ok && isHex(string(old)) && isHex(string(new)) && len(old) >= 40
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
	return r.prune(ctx, list, keep, true)
}

// prune deletes the refs beyond keep in one transaction, then runs git gc
// when forced or when a day has passed since the last one: deleting refs
// alone frees nothing.
func (r *Repo) prune(ctx context.Context, list []*Snapshot, keep int, forceGC bool) (int, error) {
	n := 0
	if len(list) > keep {
		var in strings.Builder
		for _, s := range list[keep:] {
			fmt.Fprintf(&in, "delete %s\x00%s\x00", s.Ref, s.Hash)
			n++
		}
		if _, err := r.git(ctx, strings.NewReader(in.String()), "update-ref", "-z", "--stdin"); err != nil {
			return 0, r.gitFailed(err)
		}
	}
	stamp := filepath.Join(r.GitDir, gcStamp)
	if !forceGC {
		if n == 0 {
			return 0, nil
		}
		if fi, err := os.Stat(stamp); err == nil && time.Since(fi.ModTime()) < gcEvery {
			return n, nil
		}
	}
	if _, err := r.git(ctx, nil, "gc", "--quiet", "--prune=now"); err != nil {
		return n, r.gitFailed(err)
	}
	return n, writeFileAtomic(stamp, []byte(time.Now().UTC().Format(time.RFC3339)+"\n"))
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
	res, err := r.create(ctx, reason)
	if err != nil {
		return nil, err
	}
	if err := writeFileAtomic(path, []byte(turn+"\n")); err != nil {
		return res, fmt.Errorf("recording turn %s: %w", turn, err)
	}
	return res, nil
}
