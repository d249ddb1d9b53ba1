package rules_test

import (
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
