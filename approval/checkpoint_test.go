package approval

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hguard/hguard/checkpoint"
	"github.com/hguard/hguard/dsl"
)

// cpProject is a git work tree with a src directory worth protecting.
func cpProject(t *testing.T, dir string) {
	t.Helper()
	for name, body := range map[string]string{"src/a.txt": "alpha\n", "src/deep/b.txt": "bee\n", "README": "read me\n"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("git", "init", "-q", dir)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
}

// cpList is the checkpoints of dir, nil when it has none.
func cpList(t *testing.T, home, dir string) []*checkpoint.Snapshot {
	t.Helper()
	r, err := checkpoint.New(home, dir, checkpoint.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	list, err := r.List(context.Background(), false)
	if errors.Is(err, checkpoint.ErrNoCheckpoints) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestCheckpointBeforeRiskyCommands(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	tests := []struct {
		name, config, cmd string
		yolo              bool
		agentPrompts      bool   // the caller's own prompt answers asks
		answer            Answer // "" = no answer: Decide alone
		wantOutcome       dsl.Level
		want              int // checkpoints of the project afterwards
		wantOther         int // checkpoints of the other project
		wantWarning       string
	}{
		{"mode off", "approvals: {mode: off}\n", "rm -rf src", false, false, "", dsl.Allow, 1, 0, ""},
		{"yolo", "", "rm -rf src", true, false, "", dsl.Allow, 1, 0, ""},
		{"approved once", "", "rm -rf src", false, false, AnswerOnce, dsl.Allow, 1, 0, ""},
		{"asked, not answered", "", "rm -rf src", false, false, "", dsl.Ask, 0, 0, ""},
		{"denied", "", "rm -rf src", false, false, AnswerDeny, dsl.Ask, 0, 0, ""},
		// An agent that asks its own user: the command may run, hguard will not know.
		{"asked in the agent's prompt", "", "rm -rf src", false, true, "", dsl.Ask, 1, 0, ""},
		{"allowed ls", "approvals: {mode: off}\n", "ls -la src", false, false, "", dsl.Allow, 0, 0, ""},
		{"git clean", "approvals: {mode: off}\n", "git clean -fdx", false, false, "", dsl.Allow, 1, 0, ""},
		{"target in another project", "approvals: {mode: off}\n", "rm -rf ../other/src", false, false, "", dsl.Allow, 1, 1, ""},
		{"checkpoints disabled", "approvals: {mode: off}\ncheckpoints: {enabled: false}\n", "rm -rf src", false, false, "", dsl.Allow, 0, 0, ""},
		{"over max_files", "approvals: {mode: off}\ncheckpoints: {max_files: 2}\n", "rm -rf src", false, false, "", dsl.Allow, 0, 0, "more than 2 files"},
		// the project's checkpoint does not hold a path outside it, and
		// the person is told (red team: the notice implied an undo)
		{"target outside every project", "approvals: {mode: off}\n", "rm -rf src ../notes", false, false, "", dsl.Allow, 1, 0, "no checkpoint holds " + "BASE/notes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			t.Setenv("HOME", base)
			home := filepath.Join(base, ".hguard")
			proj, other := filepath.Join(base, "proj"), filepath.Join(base, "other")
			cpProject(t, proj)
			cpProject(t, other)
			if err := os.MkdirAll(home, 0o700); err != nil {
				t.Fatal(err)
			}
			if tt.config != "" {
				if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte(tt.config), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			e := newEngine(t, home)
			req := CheckRequest{Command: tt.cmd, Cwd: proj, Session: "s1", YOLO: tt.yolo, AgentPrompts: tt.agentPrompts}
			d, err := e.Decide(req)
			if err != nil {
				t.Fatal(err)
			}
			if tt.answer != "" {
				if d, err = e.Answer(req, tt.answer, ""); err != nil {
					t.Fatal(err)
				}
			}
			if d.Outcome != tt.wantOutcome {
				t.Fatalf("outcome %s, want %s (%s)", d.Outcome, tt.wantOutcome, d.Reasons())
			}
			list := cpList(t, home, proj)
			if len(list) != tt.want {
				t.Fatalf("%d checkpoints of the project, want %d; notice %q, warnings %q", len(list), tt.want, d.Notice, d.Warnings)
			}
			if n := len(cpList(t, home, other)); n != tt.wantOther {
				t.Fatalf("%d checkpoints of the other project, want %d", n, tt.wantOther)
			}
			if w, want := strings.Join(d.Warnings, "\n"), strings.ReplaceAll(tt.wantWarning, "BASE", base); want != "" && !strings.Contains(w, want) || want == "" && w != "" {
				t.Fatalf("warnings %q, want %q", d.Warnings, tt.wantWarning)
			}
			if tt.want == 0 {
				return
			}
			if s := list[0]; !strings.Contains(s.Reason, tt.cmd) || !strings.Contains(d.Notice, "undo with: hguard rollback") {
				t.Fatalf("label %q, notice %q", s.Reason, d.Notice)
			}
			// The command runs; the checkpoint brings src back byte for byte.
			if err := os.RemoveAll(filepath.Join(proj, "src")); err != nil {
				t.Fatal(err)
			}
			r, err := checkpoint.New(home, proj, checkpoint.DefaultConfig())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := r.Restore(context.Background(), checkpoint.Ref{N: list[0].ID}); err != nil {
				t.Fatal(err)
			}
			if data, err := os.ReadFile(filepath.Join(proj, "src/deep/b.txt")); err != nil || string(data) != "bee\n" {
				t.Fatalf("src/deep/b.txt after rollback: %q, %v", data, err)
			}
		})
	}
}

// A path in no project, and the home directory, are never snapshotted
// whole; a working directory inside home that is no repository is.
func TestCheckpointTrees(t *testing.T) {
	base := t.TempDir()
	t.Setenv("HOME", base)
	home := filepath.Join(base, ".hguard")
	proj := filepath.Join(base, "proj")
	notes := filepath.Join(base, "notes")
	outside := t.TempDir()
	cpProject(t, proj)
	for _, d := range []string{notes, filepath.Join(outside, "x")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s := &snapshotter{home: home}
	f := []dsl.Finding{{Rule: "recursive-delete", Command: "", Checkpoint: true}}
	tests := []struct {
		cmd, cwd string
		want     []string
	}{
		{"rm -rf src", proj, []string{proj}},
		{"rm -rf x", outside, nil},
		{"rm -rf " + filepath.Join(outside, "x"), proj, []string{proj}},
		{"rm -rf notes", base, nil},
		{"rm -rf stuff", notes, []string{notes}},
		{"rm -rf ~/proj/src", notes, []string{notes, proj}},
		{"rm -rf proj/src > proj/log", base, []string{proj}},
		{"rm -rf " + home, proj, []string{proj}},
	}
	for _, tt := range tests {
		got := s.trees(CheckpointRequest{Command: tt.cmd, Cwd: tt.cwd, Findings: f})
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%q in %s: trees %q, want %q", tt.cmd, tt.cwd, got, tt.want)
		}
	}
}

// BenchmarkRiskyCommandWait is what a risky command waits for: the
// decision of `rm -rf old-data` (mode off, so it runs) on a project of
// 10,000 files in which one file changed since the last checkpoint, which
// includes taking that checkpoint. Compare BenchmarkSafeCommand, the same
// decision for `ls` (no checkpoint), and checkpoint's
// BenchmarkCreateOneChange, the snapshot alone.
func BenchmarkRiskyCommandWait(b *testing.B) { benchDecide(b, "rm -rf old-data") }

func BenchmarkSafeCommand(b *testing.B) { benchDecide(b, "ls -la") }

func benchDecide(b *testing.B, cmd string) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git is not installed")
	}
	base := b.TempDir()
	b.Setenv("HOME", base)
	home, proj := filepath.Join(base, ".hguard"), filepath.Join(base, "proj")
	for i := range 10000 {
		p := filepath.Join(proj, fmt.Sprintf("pkg%03d/file%03d.go", i/100, i%100))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, fmt.Appendf(nil, "package p // %d\n", i), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.MkdirAll(home, 0o700); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte("approvals: {mode: off}\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	e := newEngine(b, home)
	req := CheckRequest{Command: cmd, Cwd: proj, Session: "bench"}
	if _, err := e.Decide(req); err != nil {
		b.Fatal(err)
	}
	target := filepath.Join(proj, "pkg050/file050.go")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := os.WriteFile(target, fmt.Appendf(nil, "change %d %d\n", b.N, i), 0o644); err != nil {
			b.Fatal(err)
		}
		d, err := e.Decide(req)
		if err != nil {
			b.Fatal(err)
		}
		if cmd != "ls -la" && !strings.Contains(d.Notice, "before this command") {
			b.Fatalf("no checkpoint: %q %q", d.Notice, d.Warnings)
		}
	}
}

// approvals.undoable: warn turns the ask of a delete a checkpoint undoes
// into a warning naming it; everything else still asks (issue #17).
func TestUndoInsteadOfAsk(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	base := t.TempDir()
	t.Setenv("HOME", base)
	home := filepath.Join(base, ".hguard")
	proj := filepath.Join(base, "proj")
	cpProject(t, proj)
	for name, body := range map[string]string{
		"node_modules/dep/index.js": "x", "secret/.env": "TOKEN=1", "logs/app.log": "log",
		".gitignore": "*.log\n", "nested/.git/HEAD": "ref: refs/heads/main\n", "mixed/a.go": "package a", "mixed/build/out": "o",
	} {
		p := filepath.Join(proj, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(proj, "src"), filepath.Join(proj, "srclink")); err != nil {
		t.Fatal(err)
	}
	loose := filepath.Join(base, "loose")
	if err := os.MkdirAll(filepath.Join(loose, "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(loose, filepath.Join(proj, "outlink")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(home, 0o700); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, config, cmd string
		want              dsl.Level
	}{
		{"off by default", "", "rm -rf src", dsl.Ask},
		{"plain source tree", "approvals: {undoable: warn}\n", "rm -rf src", dsl.Warn},
		{"regenerable", "approvals: {undoable: warn}\n", "rm -rf node_modules", dsl.Allow}, // a fresh repository tracks nothing: an output, no ask to turn
		{"regenerable inside", "approvals: {undoable: warn}\n", "rm -rf mixed", dsl.Warn},
		{"two targets", "approvals: {undoable: warn}\n", "rm -rf src mixed/build", dsl.Warn},
		{"through a symlink inside the project", "approvals: {undoable: warn}\n", "rm -rf srclink/deep", dsl.Warn},
		{"a secret inside", "approvals: {undoable: warn}\n", "rm -rf secret", dsl.Ask},
		{"ignored files inside", "approvals: {undoable: warn}\n", "rm -rf logs", dsl.Ask},
		{"a nested repository", "approvals: {undoable: warn}\n", "rm -rf nested", dsl.Ask},
		{"the project itself", "approvals: {undoable: warn}\n", "rm -rf .", dsl.Ask},
		{"through a symlink out of the project", "approvals: {undoable: warn}\n", "rm -rf outlink/deep", dsl.Ask},
		{"a glob", "approvals: {undoable: warn}\n", "rm -rf sr*", dsl.Ask},
		{"a variable", "approvals: {undoable: warn}\n", "rm -rf $DIR", dsl.Ask},
		{"sudo", "approvals: {undoable: warn}\n", "sudo rm -rf src", dsl.Ask},
		{"outside any project", "approvals: {undoable: warn}\n", "rm -rf ../loose", dsl.Ask},
		{"another rule asks too", "approvals: {undoable: warn}\n", "rm -rf src; git push --force", dsl.Ask},
		{"the home directory", "approvals: {undoable: warn}\n", "rm -rf ~", dsl.Block},
		{"checkpoints disabled", "approvals: {undoable: warn}\ncheckpoints: {enabled: false}\n", "rm -rf src", dsl.Ask},
		{"over max_files", "approvals: {undoable: warn}\ncheckpoints: {max_files: 3}\n", "rm -rf src", dsl.Ask},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte(tt.config), 0o644); err != nil {
				t.Fatal(err)
			}
			e := newEngine(t, home)
			d, err := e.Decide(CheckRequest{Command: tt.cmd, Cwd: proj, Session: "u1"})
			if err != nil {
				t.Fatal(err)
			}
			if d.Outcome != tt.want {
				t.Fatalf("outcome %s, want %s: %s", d.Outcome, tt.want, d.Reasons())
			}
			if tt.want == dsl.Warn && (d.By != ByUndoable || !strings.Contains(d.Notice, "undoable: checkpoint ") || !strings.Contains(d.Notice, "undo with: hguard rollback")) {
				t.Fatalf("by %q, notice %q", d.By, d.Notice)
			}
		})
	}
}

// missingCheckpointer takes its snapshots with more exclusions than the
// rules undoable reads: a snapshot that misses what the rules say it
// holds (a watcher behind the tree, say).
type missingCheckpointer struct {
	home    string
	exclude []string
}

func (m missingCheckpointer) Before(ctx context.Context, req CheckpointRequest) (notes, warnings []string) {
	req.Config.Exclude = append(req.Config.Exclude, m.exclude...)
	return NewCheckpointer(m.home).Before(ctx, req)
}

// The ask of a delete is turned into "undoable" only when the checkpoint
// taken holds every file deleted; no checkpoint (over max_files) is loud
// and claims no undo; an ignore rule written just before the delete does
// not take the target out of the checkpoint.
func TestUndoableNeedsTheSnapshot(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	tests := []struct {
		name, config string
		exclude      []string // of the snapshots taken
		setup        func(t *testing.T, proj string)
		agentPrompts bool
		want         dsl.Level
		has, lacks   string // in the notice and warnings
	}{
		{name: "the snapshot holds src", config: "approvals: {undoable: warn}\n", want: dsl.Warn, has: "undoable: checkpoint 1"},
		{name: "the snapshot misses src/deep", config: "approvals: {undoable: warn}\n", exclude: []string{"deep/"},
			want: dsl.Ask, has: "does not hold", lacks: "undoable"},
		{name: "over max_files, agent's prompt", config: "approvals: {undoable: warn}\ncheckpoints: {max_files: 3}\n", agentPrompts: true,
			want: dsl.Ask, has: "no checkpoint before this command", lacks: "undo with"},
		{name: "an ignore rule written first, src tracked", config: "approvals: {undoable: warn}\n", agentPrompts: true,
			setup: func(t *testing.T, proj string) {
				cmd := exec.Command("git", "add", "src")
				cmd.Dir = proj
				cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("git add: %v\n%s", err, out)
				}
				if err := os.WriteFile(filepath.Join(proj, ".git/info/exclude"), []byte("*\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			},
			want: dsl.Ask, has: "checkpoint 1 of", lacks: "undoable"},
		{name: "an ignore rule written after a checkpoint", config: "approvals: {undoable: warn}\n", agentPrompts: true,
			setup: func(t *testing.T, proj string) {
				r, err := checkpoint.New(filepath.Join(filepath.Dir(proj), ".hguard"), proj, checkpoint.DefaultConfig())
				if err != nil {
					t.Fatal(err)
				}
				if _, err := r.Create(context.Background(), "earlier"); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(proj, ".gitignore"), []byte("*\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			},
			want: dsl.Ask, has: "checkpoint 1 of", lacks: "undoable"}, // the earlier one still holds the tree
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			t.Setenv("HOME", base)
			home := filepath.Join(base, ".hguard")
			proj := filepath.Join(base, "proj")
			cpProject(t, proj)
			for i := range 3 {
				if err := os.WriteFile(filepath.Join(proj, fmt.Sprintf("f%d", i)), []byte("x"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tt.setup != nil {
				tt.setup(t, proj)
			}
			if err := os.MkdirAll(home, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte(tt.config), 0o644); err != nil {
				t.Fatal(err)
			}
			e, err := New(Options{Home: home, Checkpointer: missingCheckpointer{home, tt.exclude}})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { e.Close() })
			d, err := e.Decide(CheckRequest{Command: "rm -rf src", Cwd: proj, Session: "u1", AgentPrompts: tt.agentPrompts})
			if err != nil {
				t.Fatal(err)
			}
			said := d.Notice + "; " + strings.Join(d.Warnings, "; ")
			if d.Outcome != tt.want || !strings.Contains(said, tt.has) || tt.lacks != "" && strings.Contains(said, tt.lacks) {
				t.Fatalf("outcome %s (want %s), said %q (want %q, not %q)", d.Outcome, tt.want, said, tt.has, tt.lacks)
			}
			if list := cpList(t, home, proj); tt.want == dsl.Ask && len(list) > 0 && tt.exclude == nil {
				// What was taken holds src, whatever the ignore rules say.
				r, err := checkpoint.New(home, proj, checkpoint.DefaultConfig())
				if err != nil {
					t.Fatal(err)
				}
				if lost, err := r.Missing(context.Background(), "src", 100); lost != "" || err != nil {
					t.Fatalf("the checkpoint misses %q (%v)", lost, err)
				}
			}
		})
	}
}
