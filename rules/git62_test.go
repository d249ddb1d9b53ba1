package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestGit62FindAfterCd: after cd to the caller's directory the walk spells
// find's . as that directory; a clean-up there is judged where it leads,
// as the bare line is (fp62 G1), and *.egg-info is a directory, rm -rf's
// to take (G4). A cd to the home or the root, or a name no tool makes
// again, still asks.
func TestGit62FindAfterCd(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cd /home/u/proj && find . -name '*.pyc' -delete", dsl.Allow, dsl.Allow},
		{"cd /home/u/proj && find . -name __pycache__ -type d -exec rm -rf {} +", dsl.Allow, dsl.Allow},
		{"cd /home/u/proj; find . -name '*.log' -delete", dsl.Allow, dsl.Allow},
		{"cd /home/u/proj && find . -name '*.pyc' -print0 | xargs -0 rm -f", dsl.Allow, dsl.Allow},
		{"cd /home/u/proj && find . -name node_modules -type d -prune -exec rm -rf {} +", dsl.Allow, dsl.Allow},
		{"cd /home/u/proj && find . -name '*.log' -mtime +7 -delete", dsl.Allow, dsl.Allow},
		{"cd src && find . -name '*.pyc' -delete", dsl.Allow, dsl.Allow},
		{"cd src && find . -name __pycache__ -type d -exec rm -rf {} +", dsl.Allow, dsl.Allow},
		{"find /home/u/proj -name __pycache__ -exec rm -rf {} +", dsl.Allow, dsl.Allow},
		{"find ~/proj/src -name '*.pyc' -delete", dsl.Allow, dsl.Allow},
		{"cd /home/u/proj && find . -type f -name '*.ts' | xargs sed -i 's/foo/bar/g'", dsl.Allow, dsl.Allow},
		{"find . -name '*.egg-info' -exec rm -rf {} +", dsl.Allow, dsl.Allow},
		{"find . -name '*.egg-info' -type d -exec rm -rf {} +", dsl.Allow, dsl.Allow},
		{"cd /home/u/proj && find . -name '*.egg-info' -exec rm -rf {} +", dsl.Allow, dsl.Allow},

		{"cd ~ && find . -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"cd / && find . -name __pycache__ -exec rm -rf {} +", dsl.Ask, dsl.Ask},
		{"find / -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"find /home/u -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"cd /home/u/proj && find .. -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"cd /home/u/other && find . -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"find /home/u/project2 -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"cd /home/u/proj && find . -name '*.go' -delete", dsl.Ask, dsl.Ask},
		{"cd /home/u/proj && find . -delete", dsl.Ask, dsl.Ask},
		{"cd /home/u/proj && find . -name '*.log' -exec rm -rf {} +", dsl.Ask, dsl.Ask},
		{"find . -name '*.log' -exec rm -rf {} +", dsl.Ask, dsl.Ask},
		// -path './.git/*' leaves out no .git of a top spelled absolute
		{"find /home/u/proj -type d -empty -not -path './.git/*' -delete", dsl.Ask, dsl.Ask},
		{"cd ~ && find . -type f -name '*.ts' | xargs sed -i 's/foo/bar/g'", dsl.Ask, dsl.Ask},
	})
	checkShellHoles(t, []shellHoleCase{
		{"fish", "cd /home/u/proj; and find . -name '*.pyc' -delete", dsl.Allow, dsl.Allow},
		{"zsh", "cd /home/u/proj && find . -name __pycache__ -type d -exec rm -rf {} +", dsl.Allow, dsl.Allow},
		{"fish", "cd ~; and find . -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
	})
}

// TestGit62CopiesWhatGitTracks: in a clean work tree beside an ignored
// .env, a copy from the index, or from HEAD while the index is HEAD's
// tree, writes only tracked paths, and git clean without -x or -X leaves
// ignored files alone (fp62 G2, G3); a copy from another commit, -x, an
// untracked file git does not ignore and a changed file still ask. In a
// changed tree git checkout's pathspec without -- discards: . after cd to
// the directory, a glob, what follows a tree-ish (H1, H2).
func TestGit62CopiesWhatGitTracks(t *testing.T) {
	proj := everydayProject(t)
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".env", "TOKEN=x\n")
	checkHolesIn(t, proj, []holeCase{
		{"git restore .", dsl.Allow, dsl.Allow},
		{"git checkout .", dsl.Allow, dsl.Allow},
		{"git checkout -- .", dsl.Allow, dsl.Allow},
		{"git checkout HEAD -- .", dsl.Allow, dsl.Allow},
		{"git reset --hard", dsl.Allow, dsl.Allow},
		{"git reset --hard HEAD", dsl.Allow, dsl.Allow},
		{"git clean -f", dsl.Allow, dsl.Allow},
		{"git clean -fd", dsl.Allow, dsl.Allow},
		{"cd " + proj + " && git restore .", dsl.Allow, dsl.Allow},
		{"cd " + proj + " && git checkout .", dsl.Allow, dsl.Allow},
		{"git checkout main", dsl.Allow, dsl.Allow},
		{"git checkout -b feature main", dsl.Allow, dsl.Allow},

		{"git reset --hard origin/main", dsl.Ask, dsl.Ask},
		{"git reset --hard HEAD~1", dsl.Ask, dsl.Ask},
		{"git restore --source=HEAD~2 .", dsl.Ask, dsl.Ask},
		{"git restore -s HEAD~2 .", dsl.Ask, dsl.Ask},
		{"git checkout HEAD~1 -- .", dsl.Ask, dsl.Ask},
		{"git clean -fdx", dsl.Ask, dsl.Ask},
		{"git clean -fdX", dsl.Ask, dsl.Ask},
	})
	write("notes.txt", "mine\n")
	checkHolesIn(t, proj, []holeCase{
		{"git clean -fd", dsl.Ask, dsl.Ask},
		{"git clean -f", dsl.Ask, dsl.Ask},
		{"git restore .", dsl.Allow, dsl.Allow},
	})
	write("README.md", "# changed\n")
	checkHolesIn(t, proj, []holeCase{
		{"git restore .", dsl.Ask, dsl.Ask},
		{"git checkout .", dsl.Ask, dsl.Ask},
		{"git checkout -- .", dsl.Ask, dsl.Ask},
		{"git checkout HEAD -- .", dsl.Ask, dsl.Ask},
		{"git reset --hard", dsl.Ask, dsl.Ask},
		{"git reset --hard HEAD", dsl.Ask, dsl.Ask},
		{"cd " + proj + " && git checkout .", dsl.Ask, dsl.Ask},
		{"cd " + proj + " && git checkout '*'", dsl.Ask, dsl.Ask},
		{"git checkout main README.md", dsl.Ask, dsl.Ask},
		{"git checkout ./README.md", dsl.Ask, dsl.Ask},
		{"git checkout main main.go", dsl.Allow, dsl.Allow},
		{"git checkout main", dsl.Allow, dsl.Allow},
	})
	checkShellHolesIn(t, proj, []shellHoleCase{
		{"fish", "cd " + proj + "; and git checkout .", dsl.Ask, dsl.Ask},
		{"zsh", "cd " + proj + " && git checkout .", dsl.Ask, dsl.Ask},
	})
}
