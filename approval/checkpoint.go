package approval

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hguard/hguard/checkpoint"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
	"github.com/hguard/hguard/internal/sanitize"
)

// Checkpointer takes the snapshots that must exist before a risky command
// runs. The Engine calls it once it has decided that a command will run
// (allowed, approved, YOLO, approvals.mode off) and a finding of the
// decision carries `checkpoint: true`: so `hguard check` (the shell
// hooks), `hguard guard`, the agent hooks and the daemon all take them, in
// the process that decides, before the caller is told to run the command.
type Checkpointer interface {
	// Before snapshots the working trees the command can touch. It
	// returns one line per tree for the audit log and the person ("checkpoint
	// 7 of /p before rm -rf src"), and warnings for the trees it could not
	// snapshot (over max_files, a failure): those never stop the command.
	Before(ctx context.Context, req CheckpointRequest) (notes, warnings []string)
}

// CheckpointRequest is what a Checkpointer needs of a decision.
type CheckpointRequest struct {
	Command  string
	Cwd      string
	Findings []dsl.Finding // those with Checkpoint set
	Config   checkpoint.Config
}

// NewCheckpointer is the Checkpointer of the checkpoints under home.
func NewCheckpointer(home string) Checkpointer { return &snapshotter{home: home} }

// SnapshotVia takes the snapshot of dir (symlinks resolved) another way
// than a full scan: the daemon's watcher of that tree, which is
// incremental. handled is false when it does not watch dir; the
// Checkpointer then takes the snapshot itself.
type SnapshotVia func(ctx context.Context, dir, label string) (res *checkpoint.Result, handled bool, err error)

// NewCheckpointerVia is NewCheckpointer with the snapshots of some trees
// taken through via.
func NewCheckpointerVia(home string, via SnapshotVia) Checkpointer {
	return &snapshotter{home: home, via: via}
}

type snapshotter struct {
	home string
	via  SnapshotVia
}

// checkpointBefore is the Engine's hook: it runs the Checkpointer when the
// decision lets a command run and asks for a checkpoint, and records what
// happened in the decision (a notice for the audit log, warnings for the
// person).
func (e *Engine) checkpointBefore(req CheckRequest, d *Decision) {
	if d.Outcome == dsl.Ask {
		e.undoInsteadOfAsk(req, d)
		if d.Outcome == dsl.Ask && !req.AgentPrompts {
			return // nothing runs unless hguard's own approval says so (then Answer comes here)
		}
	}
	if d.Outcome != dsl.Allow && d.Outcome != dsl.Warn && (d.Outcome != dsl.Ask || !req.AgentPrompts) {
		return
	}
	var fs []dsl.Finding
	for _, f := range d.Findings {
		if f.Checkpoint {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		return
	}
	cfg, err := e.Config()
	if err != nil || !cfg.Checkpoints.Enabled {
		return
	}
	cp := e.opts.Checkpointer
	if cp == nil {
		cp = NewCheckpointer(e.opts.Home)
	}
	notes, warns := cp.Before(context.Background(), CheckpointRequest{Command: req.Command, Cwd: req.Cwd, Findings: fs, Config: cfg.Checkpoints})
	d.Warnings = append(d.Warnings, warns...)
	for _, n := range append(notes, warns...) {
		d.Notice = strings.TrimPrefix(d.Notice+"; "+n, "; ")
	}
}

// maxLabel bounds the command in a checkpoint's label.
const maxLabel = 120

func (s *snapshotter) Before(ctx context.Context, req CheckpointRequest) (notes, warnings []string) {
	var rules []string
	for _, f := range req.Findings {
		if !slices.Contains(rules, f.Rule) {
			rules = append(rules, f.Rule)
		}
	}
	label := fmt.Sprintf("before: %s (%s)", sanitize.OneLine(req.Command, maxLabel), strings.Join(rules, ", "))
	trees := s.trees(req)
	if out := outside(targetPaths(req), trees); len(out) > 0 && len(trees) > 0 {
		// rm -rf ../.ssh from a project: its checkpoint does not hold
		// what the command changes, and a note about it must not read
		// as an undo
		warnings = append(warnings, fmt.Sprintf("no checkpoint holds %s: hguard rollback cannot undo what this command does there", strings.Join(out, ", ")))
	}
	for _, dir := range trees {
		r, err := checkpoint.New(s.home, dir, req.Config)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("no checkpoint before this command: %v", err))
			continue
		}
		var (
			res     *checkpoint.Result
			handled bool
		)
		if s.via != nil {
			res, handled, err = s.via(ctx, r.Dir, label)
		}
		if !handled {
			res, err = r.Create(ctx, label)
		}
		var tooMany *checkpoint.TooManyFilesError
		switch {
		case errors.As(err, &tooMany):
			warnings = append(warnings, fmt.Sprintf("no checkpoint before this command: %v", err))
		case err != nil:
			warnings = append(warnings, fmt.Sprintf("no checkpoint of %s before this command: %v", dir, err))
		case res.Created:
			notes = append(notes, fmt.Sprintf("checkpoint %d of %s taken before this command; undo with: hguard rollback --dir %s %d", res.Snapshot.ID, dir, dir, res.Snapshot.ID))
		default:
			notes = append(notes, fmt.Sprintf("checkpoint %d of %s holds the tree as it is before this command; undo with: hguard rollback --dir %s %d", res.Snapshot.ID, dir, dir, res.Snapshot.ID))
		}
	}
	return notes, warnings
}

// trees is every working tree the command can touch: the project of the
// working directory, and the projects of the paths its commands with
// checkpoint findings name, when those resolve elsewhere. A path in no
// project (no .git, no checkpoints) adds nothing: hguard does not snapshot
// /tmp because a command removes /tmp/x; a working directory in no project
// is snapshotted only inside the home directory. Neither / nor the home
// directory is ever snapshotted as a whole, nor anything in hguard's home.
func (s *snapshotter) trees(req CheckpointRequest) []string {
	var out []string
	add := func(dir string) {
		if dir != "" && dir != "/" && !slices.Contains(out, dir) && !s.refused(dir) {
			out = append(out, dir)
		}
	}
	if req.Cwd != "" && filepath.IsAbs(req.Cwd) {
		if dir, ok := checkpoint.FindProject(s.home, req.Cwd); ok {
			add(dir)
		} else if s.underHome(req.Cwd) {
			// A directory of the user's that is no repository (~/notes):
			// itself. Elsewhere (/tmp, /srv) only projects are snapshotted.
			add(checkpoint.FindDir(s.home, req.Cwd))
		}
	}
	for _, p := range targetPaths(req) {
		start := existingDir(p)
		if start == "" {
			continue
		}
		if dir, ok := checkpoint.FindProject(s.home, start); ok {
			add(dir)
		}
	}
	return out
}

// refused says whether dir must not be snapshotted whole: the user's home
// directory, or hguard's own home or a directory in it.
func (s *snapshotter) refused(dir string) bool {
	if h, err := os.UserHomeDir(); err == nil && filepath.Clean(h) == dir {
		return true
	}
	if s.home != "" {
		home := s.home
		if real, err := filepath.EvalSymlinks(home); err == nil {
			home = real
		}
		if rel, err := filepath.Rel(home, dir); err == nil && !strings.HasPrefix(rel, "..") {
			return true
		}
	}
	return false
}

// underHome says whether dir is strictly inside the user's home directory.
func (s *snapshotter) underHome(dir string) bool {
	h, err := os.UserHomeDir()
	if err != nil {
		return false
	}
	if real, err := filepath.EvalSymlinks(h); err == nil {
		h = real
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	rel, err := filepath.Rel(h, dir)
	return err == nil && rel != "." && !strings.HasPrefix(rel, "..")
}

// targetPaths is the static arguments and redirect targets of the
// commands that the checkpoint findings are about, as absolute paths.
func targetPaths(req CheckpointRequest) []string {
	line := cmdline.Parse(req.Command)
	var sources []string
	for _, f := range req.Findings {
		sources = append(sources, f.Command)
	}
	var out []string
	addWord := func(w cmdline.Word) {
		if w.Dynamic || w.Value == "" {
			return
		}
		p := w.Value
		switch {
		case p == "~" || strings.HasPrefix(p, "~/"):
			h, err := os.UserHomeDir()
			if err != nil {
				return
			}
			p = filepath.Join(h, p[1:])
		case !filepath.IsAbs(p):
			if req.Cwd == "" {
				return
			}
			p = filepath.Join(req.Cwd, p)
		}
		out = append(out, filepath.Clean(p))
	}
	for _, c := range line.Commands {
		if !slices.Contains(sources, c.Source) && !slices.Contains(sources, "") {
			continue
		}
		flags := true
		for _, a := range c.Args {
			if flags && a.Value == "--" {
				flags = false
				continue
			}
			if flags && strings.HasPrefix(a.Value, "-") {
				continue
			}
			addWord(a)
		}
		for _, r := range c.Redirects {
			if strings.HasPrefix(r.Op, ">") || r.Op == "&>" || r.Op == "&>>" || r.Op == "<>" {
				addWord(r.Target)
			}
		}
	}
	return out
}

// maxOutside bounds the paths the warning of outside names.
const maxOutside = 3

// outside are the paths of ps in none of the trees (at most maxOutside,
// "…" for more).
func outside(ps, trees []string) []string {
	var out []string
	for _, p := range ps {
		in := slices.ContainsFunc(trees, func(t string) bool {
			rel, err := filepath.Rel(t, p)
			return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
		})
		if in || slices.Contains(out, p) {
			continue
		}
		if len(out) == maxOutside {
			return append(out, "…")
		}
		out = append(out, p)
	}
	return out
}

// existingDir is p when it is a directory, else its nearest existing
// parent (p may be about to be created, or a file).
func existingDir(p string) string {
	for d := p; ; {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// ByUndoable is Decision.By of an ask turned into a warning because a
// checkpoint taken first undoes the command (approvals.undoable: warn).
const ByUndoable = "undoable"

// undoInsteadOfAsk turns the ask of a recursive delete into a warning that
// names a checkpoint, when approvals.undoable is warn and restoring that
// checkpoint undoes the delete entirely: every ask finding is a
// checkpoint rule's (never one only a person may lift), about a plain rm (no sudo, find
// or xargs in front) whose targets are all static paths without globs,
// each inside a project but not the project itself, reached through no
// symbolic link, and holding nothing a snapshot leaves out (a secret, a
// .gitignore'd file, a nested .git, a file over max_file_size) except
// regenerable directories (node_modules, target, dist, build, .cache,
// __pycache__). The checkpoints are taken here; if any cannot be, or one
// does not hold a file the command deletes, the command still asks.
func (e *Engine) undoInsteadOfAsk(req CheckRequest, d *Decision) {
	if d.Verdict != dsl.Ask {
		return
	}
	cfg, err := e.Config()
	if err != nil || cfg.Approvals.Undoable != "warn" || !cfg.Checkpoints.Enabled {
		return
	}
	var fs []dsl.Finding
	for _, f := range d.Findings {
		if f.Level == dsl.Ask && (!f.Checkpoint || PersonOnly(f)) {
			return
		}
		if f.Checkpoint {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		return
	}
	targets, ok := rmTargets(req, fs)
	if !ok {
		return
	}
	s := &snapshotter{home: e.opts.Home}
	type target struct {
		r   *checkpoint.Repo
		rel string
	}
	var held []target
	for _, t := range targets {
		r, rel, ok := s.undoable(t, cfg.Checkpoints)
		if !ok {
			return
		}
		held = append(held, target{r, rel})
	}
	cp := e.opts.Checkpointer
	if cp == nil {
		cp = s
	}
	ctx := context.Background()
	notes, warns := cp.Before(ctx, CheckpointRequest{Command: req.Command, Cwd: req.Cwd, Findings: fs, Config: cfg.Checkpoints})
	if len(warns) > 0 || len(notes) == 0 {
		d.Warnings = append(d.Warnings, warns...)
		return // no checkpoint, no undo: ask
	}
	// undoable decided from the rules; the snapshot itself (taken
	// through the daemon's watcher, say) must hold every file deleted.
	for _, t := range held {
		if lost, err := t.r.Missing(ctx, t.rel, cfg.Checkpoints.MaxFiles); lost != "" || err != nil {
			d.Warnings = append(d.Warnings, fmt.Sprintf("the checkpoint of %s does not hold %s: hguard rollback cannot bring it back", t.r.Dir, filepath.Join(t.r.Dir, filepath.FromSlash(lost))))
			return
		}
	}
	d.Outcome, d.By = dsl.Warn, ByUndoable
	d.Notice = "undoable: " + strings.Join(notes, "; ")
}

// rmTargets is the targets of the rm commands the findings are about, as
// absolute paths; ok is false when any command is not a plain rm with
// static targets.
func rmTargets(req CheckRequest, fs []dsl.Finding) (targets []string, ok bool) {
	if !filepath.IsAbs(req.Cwd) {
		return nil, false
	}
	line := cmdline.Parse(req.Command)
	if len(line.Issues) > 0 || line.Incomplete {
		return nil, false
	}
	var sources []string
	for _, f := range fs {
		sources = append(sources, f.Command)
	}
	for _, c := range line.Commands {
		if !slices.Contains(sources, c.Source) {
			continue
		}
		if c.Name != "rm" || c.Dynamic || len(c.Wrappers) > 0 || len(c.Via) > 0 || c.Payload != nil {
			return nil, false
		}
		flags := true
		for _, a := range c.Args {
			switch {
			case a.Dynamic || strings.ContainsAny(a.Value, "*?[]{}~$`") || a.Value == "":
				return nil, false
			case flags && a.Value == "--":
				flags = false
			case flags && strings.HasPrefix(a.Value, "-"):
			default:
				p := a.Value
				if !filepath.IsAbs(p) {
					p = filepath.Join(req.Cwd, p)
				}
				targets = append(targets, filepath.Clean(p))
			}
		}
	}
	return targets, len(targets) > 0
}

// undoable reports whether deleting the absolute path t can be undone
// by a checkpoint of its project taken now, and names that project's
// checkpoints and t in it.
func (s *snapshotter) undoable(t string, cfg checkpoint.Config) (r *checkpoint.Repo, rel string, ok bool) {
	parent, err := filepath.EvalSymlinks(filepath.Dir(t))
	if err != nil {
		return nil, "", false
	}
	proj, ok := checkpoint.FindProject(s.home, parent)
	if !ok || s.refused(proj) {
		return nil, "", false
	}
	real := filepath.Join(parent, filepath.Base(t))
	rel, err = filepath.Rel(proj, real)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return nil, "", false // the project itself, or outside it
	}
	r, err = checkpoint.New(s.home, proj, cfg)
	if err != nil {
		return nil, "", false
	}
	rel = filepath.ToSlash(rel)
	return r, rel, r.Unrestorable(rel, cfg.MaxFiles) == ""
}
