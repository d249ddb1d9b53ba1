package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/hguard/hguard/checkpoint"
	"github.com/hguard/hguard/config"
	"github.com/hguard/hguard/internal/sanitize"
)

const checkpointSynopsis = `hguard checkpoint create [--dir D] [--reason R]
       hguard checkpoint list [--dir D] [--json]
       hguard checkpoint prune [--dir D] [--keep N]
       hguard checkpoint ensure --turn ID [--session S] [--dir D] [--reason R]

Snapshots the directory D into a shadow git repository under
$HGUARD_HOME/checkpoints/, never touching D's own .git. Without --dir, D is
the nearest of the current directory and its parents that has checkpoints
or is the top of a git work tree, else the current directory.

Excluded files are not snapshotted and CANNOT be restored: .git, node_modules/,
dist/, build/, .venv/, venv/, __pycache__/, *.pyc, .cache/, .next/, .hg/,
.svn/, .jj/, secrets (.env*, *.pem, *.key, id_rsa*, ...), whatever the
.gitignore files ignore, checkpoints.exclude in config.yaml, and files larger
than checkpoints.max_file_size (10 MiB; listed when skipped). A tree with more
than checkpoints.max_files files (50000) is not snapshotted at all.

create records nothing when nothing changed since the latest checkpoint.
ensure snapshots at most once per turn ID of session S (agent hooks pass
the prompt id and the session; the label is "before turn ID of session S"). prune keeps the newest N (default checkpoints.max_snapshots, 50)
and compacts the shadow repository.`

const rollbackSynopsis = `hguard rollback [--dir D]              list the checkpoints
       hguard rollback [--dir D] ID [FILE]    restore the tree (or FILE) to checkpoint ID
       hguard rollback [--dir D] diff ID      show what changed since checkpoint ID

ID is a checkpoint's id from the list (ids are given in order, 1 for the
first checkpoint of D, and never change), 4 to 64 hex digits of its hash,
@N for the Nth row of the list 'hguard rollback' showed last (@1 is its top
row; @N keeps naming that row's checkpoint while new ones are taken, until
a list is shown again), or else text to find in the labels: the one
checkpoint whose label contains it, ignoring case (when several do, they
are listed and nothing is restored). Restoring the tree brings back modified and deleted files
and removes files created since; FILE (relative to the current directory or
--dir) restores one file or directory. A "pre-rollback" checkpoint is taken
first, so a rollback is undone with another rollback. Excluded files (see
'hguard checkpoint -h') are not in checkpoints and cannot be restored; a
rollback leaves them alone.`

const watchSynopsis = `hguard watch [--debounce DURATION] [DIR...]

Watches each DIR (default: as for 'hguard checkpoint') and snapshots it
after DURATION of quiet following a change (default checkpoints.debounce,
2s), until interrupted. Excluded directories are not watched and excluded
files cannot be restored. When the kernel's inotify watch limit is reached,
hguard says so and checks the whole tree periodically instead.`

// checkpointEnv is what every checkpoint command needs.
type checkpointEnv struct {
	home string
	cfg  checkpoint.Config
}

func loadCheckpointEnv() (*checkpointEnv, error) {
	h := home()
	if h == "" {
		return nil, errors.New("no hguard home: set HGUARD_HOME")
	}
	cfg, err := config.Load(h)
	if err != nil {
		return nil, err
	}
	return &checkpointEnv{home: h, cfg: cfg.Checkpoints}, nil
}

// repo opens the shadow repository for --dir, or for the directory chosen
// from the current one; from is where a FILE argument is relative to.
func (e *checkpointEnv) repo(dir string) (r *checkpoint.Repo, from string, err error) {
	if dir == "" {
		cwd, err := os.Getwd()
		if err != nil {
			return nil, "", fmt.Errorf("current directory: %w", err)
		}
		from, dir = cwd, checkpoint.FindDir(e.home, cwd)
	} else {
		from = dir
	}
	r, err = checkpoint.New(e.home, dir, e.cfg)
	if err != nil {
		return nil, "", usagef("give an existing directory with --dir", "%v", err)
	}
	return r, from, nil
}

func runCheckpoint(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("usage: hguard checkpoint create|list|prune|ensure", "no checkpoint subcommand given")
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "-h", "-help", "--help", "help":
		fmt.Fprintf(stdout, "usage: %s\n", checkpointSynopsis)
		return nil
	case "create", "list", "prune", "ensure":
	default:
		return usagef("usage: hguard checkpoint create|list|prune|ensure", "unknown checkpoint subcommand %q", sub)
	}
	c := newCommand("checkpoint "+sub, checkpointSynopsis, stdout)
	dir := c.String("dir", "", "the directory `D` to snapshot")
	var reason, turn, session *string
	var asJSON *bool
	var keep *int
	switch sub {
	case "create", "ensure":
		reason = c.String("reason", "", "why the checkpoint is taken, shown by list")
		if sub == "ensure" {
			turn = c.String("turn", "", "the turn `ID`: at most one checkpoint per ID")
			session = c.String("session", "", "the agent `SESSION` the turn belongs to (one checkpoint per session and turn)")
		}
	case "list":
		asJSON = c.Bool("json", false, "print the checkpoints as JSON")
	case "prune":
		keep = c.Int("keep", 0, "how many of the newest checkpoints to keep (default checkpoints.max_snapshots)")
	}
	if err := c.ParseArgs(rest); err != nil {
		return err
	}
	if c.NArg() > 0 {
		return usagef("run 'hguard checkpoint -h' for usage", "checkpoint %s takes no arguments, got %q", sub, c.Arg(0))
	}
	if sub == "ensure" && *turn == "" {
		return usagef("hooks pass the command number or the prompt id", "checkpoint ensure needs --turn ID")
	}
	if turn != nil {
		key, _ := checkpoint.TurnKey(*session, *turn)
		if err := checkpoint.ValidateTurn(key); err != nil {
			return usagef("a turn ID is 1 to 256 printable characters", "%v", err)
		}
	}
	if keep != nil && *keep < 0 {
		return usagef("give a positive number", "--keep must not be negative")
	}
	env, err := loadCheckpointEnv()
	if err != nil {
		return err
	}
	r, _, err := env.repo(*dir)
	if err != nil {
		return err
	}
	ctx := context.Background()
	switch sub {
	case "list":
		return listCheckpoints(ctx, r, stdout, *asJSON)
	case "prune":
		n, err := r.Prune(ctx, *keep)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "pruned %d checkpoint%s of %s\n", n, plural(n), show(r.Dir))
		return nil
	}
	if !env.cfg.Enabled {
		fmt.Fprintln(stderr, "hguard: checkpoints are disabled (checkpoints.enabled: false in config.yaml); nothing recorded")
		return nil
	}
	var res *checkpoint.Result
	if sub == "ensure" {
		key, label := checkpoint.TurnKey(*session, *turn)
		if *reason != "" {
			label = *reason
		}
		res, err = r.Ensure(ctx, key, label)
		if err == nil && res == nil {
			fmt.Fprintf(stdout, "turn %s already has its checkpoint\n", *turn)
			return nil
		}
	} else {
		res, err = r.Create(ctx, *reason)
	}
	var tooMany *checkpoint.TooManyFilesError
	if errors.As(err, &tooMany) {
		// Skipping is not a failure of whatever runs next.
		fmt.Fprintf(stderr, "hguard: checkpoint skipped: %s\n", show(err.Error()))
		return nil
	}
	if err != nil {
		return err
	}
	printSkipped(stderr, res.Skipped)
	s := res.Snapshot
	if !res.Created {
		fmt.Fprintf(stdout, "no changes since checkpoint %d (%s) of %s; nothing recorded\n", s.ID, s.Short(), show(r.Dir))
		return nil
	}
	fmt.Fprintf(stdout, "checkpoint %d (%s) of %s: %s (%s)\n", s.ID, s.Short(), show(r.Dir), describeChange(s), show(s.Reason))
	return nil
}

// describeChange is what a checkpoint changed, as create and watch say it.
func describeChange(s *checkpoint.Snapshot) string {
	switch {
	case s.First():
		return fmt.Sprintf("first checkpoint, %d file%s", s.Files, plural(s.Files))
	case !s.HasStats:
		return "changes not counted"
	}
	return fmt.Sprintf("%d file%s changed, +%d -%d", s.Files, plural(s.Files), s.Added, s.Deleted)
}

// show makes a name or label from the tree safe to print: one line, no
// escape sequences.
func show(s string) string { return sanitize.OneLine(s, 4096) }

func printSkipped(w io.Writer, skipped []checkpoint.Skipped) {
	for _, s := range skipped {
		size := ""
		if s.Size > 0 {
			size = fmt.Sprintf(", %s", humanSize(s.Size))
		}
		fmt.Fprintf(w, "hguard: not in the checkpoint and cannot be restored (%s%s): %s\n", s.Why, size, show(s.Path))
	}
}

func humanSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// checkpointJSON is one line of list --json.
type checkpointJSON struct {
	ID int `json:"id"` // stable: what rollback takes
	N  int `json:"n"`  // position, 1 = newest

	Hash    string    `json:"hash"`
	Time    time.Time `json:"time"`
	Reason  string    `json:"reason"`
	Files   int       `json:"files"`
	Added   int       `json:"added"`
	Deleted int       `json:"deleted"`
}

func listCheckpoints(ctx context.Context, r *checkpoint.Repo, stdout io.Writer, asJSON bool) error {
	list, err := r.List(ctx, true)
	if errors.Is(err, checkpoint.ErrNoCheckpoints) {
		list, err = nil, nil
	}
	if err != nil {
		return err
	}
	if asJSON {
		out := make([]checkpointJSON, 0, len(list))
		for _, s := range list {
			out = append(out, checkpointJSON{s.ID, s.N, s.Hash, s.Time.UTC(), s.Reason, s.Files, s.Added, s.Deleted})
		}
		return writeJSON(stdout, out)
	}
	if len(list) == 0 {
		fmt.Fprintf(stdout, "no checkpoints of %s\n", show(r.Dir))
		return nil
	}
	fmt.Fprintf(stdout, "checkpoints of %s, newest first:\n", show(r.Dir))
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tHASH\tTIME\tFILES\t+/-\tLABEL")
	for _, s := range list {
		files, lines := strconv.Itoa(s.Files), fmt.Sprintf("+%d -%d", s.Added, s.Deleted)
		switch {
		case s.First():
			lines = "first"
		case !s.HasStats:
			files, lines = "?", "?"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", s.ID, s.Short(), s.Time.Local().Format("2006-01-02 15:04:05"), files, lines, show(s.Reason))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	// @N names a row of this list until another list is shown.
	return r.RecordShown(list)
}

// refHint is the hint of every bad checkpoint reference.
const refHint = "give an ID from 'hguard rollback', 4 to 64 hex digits of a checkpoint hash, @N (a row of the list) or text from a label"

func runRollback(args []string, stdout, stderr io.Writer) error {
	c := newCommand("rollback", rollbackSynopsis, stdout)
	dir := c.String("dir", "", "the directory `D` whose checkpoints to use")
	// A reference never starts with '-'; say so rather than "unknown flag".
	for _, a := range args {
		if a == "--" {
			break
		}
		name := strings.TrimLeft(a, "-")
		name, _, _ = strings.Cut(name, "=")
		if strings.HasPrefix(a, "-") && name != "dir" && name != "h" && name != "help" {
			return usagef(refHint, "%q is not a flag of rollback, and checkpoint references never start with '-'", a)
		}
	}
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	rest := c.Args()
	env, err := loadCheckpointEnv()
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		r, _, err := env.repo(*dir)
		if err != nil {
			return err
		}
		return listCheckpoints(context.Background(), r, stdout, false)
	}
	isDiff := rest[0] == "diff"
	if isDiff {
		rest = rest[1:]
		if len(rest) != 1 {
			return usagef("usage: hguard rollback diff ID", "rollback diff takes one checkpoint reference")
		}
	} else if len(rest) > 2 {
		return usagef("usage: hguard rollback ID [FILE]", "too many arguments: %q", rest[2:])
	}
	ref, err := checkpoint.ParseRef(rest[0])
	if err != nil {
		return usagef(refHint, "%v", err)
	}
	r, from, err := env.repo(*dir)
	if err != nil {
		return err
	}
	ctx := context.Background()
	if isDiff {
		sw := &lineSanitizer{w: stdout}
		changed, err := r.Diff(ctx, ref, sw)
		if ferr := sw.flush(); err == nil {
			err = ferr
		}
		if err == nil && !changed {
			fmt.Fprintf(stdout, "no changes since checkpoint %s\n", show(ref.String()))
		}
		return rollbackErr(err)
	}
	var res *checkpoint.Restored
	if len(rest) == 2 {
		rel, err := r.Path(from, rest[1])
		if err != nil {
			return usagef("FILE is relative to the current directory (or --dir) and inside "+r.Dir, "%v", err)
		}
		res, err = r.RestorePath(ctx, ref, rel)
		if err != nil {
			return rollbackErr(err)
		}
	} else {
		res, err = r.Restore(ctx, ref)
		if err != nil {
			return rollbackErr(err)
		}
	}
	printRestored(stdout, r, res)
	return nil
}

// rollbackErr adds what to do to the errors a user can act on.
func rollbackErr(err error) error {
	var (
		damaged *checkpoint.DamagedError
		badRef  *checkpoint.RefError
	)
	switch {
	case err == nil:
		return nil
	case errors.As(err, &badRef):
		// Labels and directory names are the user's: shown sanitized.
		return usagef("run 'hguard rollback' for the list", "%s", show(err.Error()))
	case errors.Is(err, checkpoint.ErrNoCheckpoints):
		return usagef("take one with 'hguard checkpoint create', or run 'hguard watch'", "%v", err)
	case errors.As(err, &damaged):
		return fmt.Errorf("%w; nothing was restored (move %s away to start a new history)", err, damaged.GitDir)
	}
	return err
}

// maxChangesShown keeps the report of a large restore readable.
const maxChangesShown = 50

func printRestored(w io.Writer, r *checkpoint.Repo, res *checkpoint.Restored) {
	var restored, back, removed int
	for _, c := range res.Changes {
		switch c.Op {
		case 'A':
			back++
		case 'D':
			removed++
		default:
			restored++
		}
	}
	t := res.Target
	fmt.Fprintf(w, "restored %s to checkpoint %d (%s, %s, %s): %d modified file%s restored, %d deleted brought back, %d created removed\n",
		show(r.Dir), t.ID, t.Short(), t.Time.Local().Format("2006-01-02 15:04:05"), show(t.Reason), restored, plural(restored), back, removed)
	for i, c := range res.Changes {
		if i == maxChangesShown {
			fmt.Fprintf(w, "  ... and %d more\n", len(res.Changes)-i)
			break
		}
		fmt.Fprintf(w, "  %c %s\n", c.Op, show(c.Path))
	}
	fmt.Fprintf(w, "undo with: hguard rollback %d (the pre-rollback checkpoint %s)\n", res.Pre.ID, res.Pre.Short())
}

// lineSanitizer passes git's diff output on line by line, each line made
// safe to show (escape sequences and other control characters in file
// names or contents are shown escaped); tabs are kept.
type lineSanitizer struct {
	w    io.Writer
	line []byte
	err  error
}

// maxDiffLine cuts a single line (minified code) that would flood the
// terminal.
const maxDiffLine = 64 << 10

func (s *lineSanitizer) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 && s.err == nil {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			if len(s.line) < maxDiffLine+4 {
				s.line = append(s.line, p[:min(len(p), maxDiffLine+4-len(s.line))]...)
			}
			break
		}
		if len(s.line) < maxDiffLine+4 {
			s.line = append(s.line, p[:min(i, maxDiffLine+4-len(s.line))]...)
		}
		p = p[i+1:]
		s.emit()
	}
	return n, s.err
}

func (s *lineSanitizer) emit() {
	parts := strings.Split(string(s.line), "\t")
	for i, part := range parts {
		parts[i] = sanitize.OneLine(part, maxDiffLine)
	}
	_, s.err = io.WriteString(s.w, strings.Join(parts, "\t")+"\n")
	s.line = s.line[:0]
}

// flush writes an unfinished last line.
func (s *lineSanitizer) flush() error {
	if len(s.line) > 0 && s.err == nil {
		s.emit()
	}
	return s.err
}
