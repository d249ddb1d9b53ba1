package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestFpfix63LinkedProject: cd through a link to the caller's work tree
// (~/Projects/app -> ~/proj, how a tree kept elsewhere is reached) enters
// the tree itself: find's clean-ups of it, git's copies from the index
// and git clean judge its files as they judge the tree's. A link to a
// place outside the tree, the home, and a line that makes links still ask.
func TestFpfix63LinkedProject(t *testing.T) {
	proj := everydayProject(t)
	home := filepath.Dir(proj)
	writeProjectFiles(t, proj, ".env", "src/__pycache__/app.cpython-312.pyc", "src/app.egg-info/PKG-INFO", "docs/empty/.keep")
	if err := os.Remove(filepath.Join(proj, "docs/empty/.keep")); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"Projects/app": proj, "Projects/other": filepath.Join(home, "other"), "Projects/home": home} {
		writeProjectFiles(t, home, "other/x.pyc")
		if err := os.MkdirAll(filepath.Join(home, "Projects"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(home, link)); err != nil {
			t.Fatal(err)
		}
	}
	checkShellHolesIn(t, proj, []shellHoleCase{
		{"bash", "cd ~/Projects/app && find . -name '*.pyc' -delete", dsl.Allow, dsl.Allow},
		{"zsh", "cd ~/Projects/app && find . -name __pycache__ -type d -exec rm -rf {} +", dsl.Allow, dsl.Allow},
		{"fish", "cd ~/Projects/app && find . -name '*.egg-info' -exec rm -rf {} +", dsl.Allow, dsl.Allow},
		{"bash", "cd ~/Projects/app && find . -name '*.pyc' -print0 | xargs -0 rm -f", dsl.Allow, dsl.Allow},
		{"bash", "cd ~/Projects/app && find . -type f -name '*.ts' | xargs sed -i 's/foo/bar/g'", dsl.Allow, dsl.Allow},
		{"bash", "cd ~/Projects/app && find . -type d -empty -not -path './.git/*' -delete", dsl.Allow, dsl.Allow},
		{"bash", "cd " + proj + " && find . -type d -empty -not -path './.git/*' -delete", dsl.Allow, dsl.Allow},
		{"bash", "find " + proj + " -type d -empty -not -path '" + proj + "/.git/*' -delete", dsl.Allow, dsl.Allow},
		{"bash", "cd ~/Projects/app && git checkout .", dsl.Allow, dsl.Allow},
		{"bash", "cd ~/Projects/app && git clean -fd", dsl.Allow, dsl.Allow},

		{"bash", "cd ~/Projects/app && git clean -fdx", dsl.Ask, dsl.Ask}, // the ignored .env goes
		{"bash", "cd ~/Projects/app && find . -delete", dsl.Ask, dsl.Ask},
		{"bash", "cd ~/Projects/app && find . -name '*.go' -delete", dsl.Ask, dsl.Ask},
		{"bash", "cd ~/Projects/app && find . -name '*.log' -exec rm -rf {} +", dsl.Ask, dsl.Ask}, // a directory may be named x.log
		// git's empty refs directories go too, and then refs/ itself: git no longer sees a repository
		{"bash", "cd ~/Projects/app && find . -type d -empty -delete", dsl.Ask, dsl.Ask},
		{"bash", "find " + proj + " -type d -empty -not -path './.git/*' -delete", dsl.Ask, dsl.Ask}, // find's paths start with the top
		{"bash", "cd ~/Projects/other && find . -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"bash", "cd ~/Projects/home && find . -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"bash", "cd ~ && find . -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"bash", "find ~ -name '*.pyc' -delete", dsl.Ask, dsl.Ask}, // a program kept only as bytecode
		{"bash", "cd / && find . -name __pycache__ -exec rm -rf {} +", dsl.Ask, dsl.Ask},
		{"bash", "ln -sfn ~/other ~/Projects/app2 && cd ~/Projects/app2 && find . -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"bash", "cd ~/Projects/other && find . -type f -name '*.ts' | xargs sed -i 's/foo/bar/g'", dsl.Allow, dsl.Ask},
	})
}

// TestFpfix63LocalDatabases: a project's own sqlite file named as the
// developer's (dev.db, development.sqlite3) is a local test database, and
// a shell's -c script written with '"'"' quoting (as Codex quotes every
// command back) is still the whole line; a file outside the project or
// named for production, a database not named test, and a script that is
// not the whole line still ask.
func TestFpfix63LocalDatabases(t *testing.T) {
	checkHoles(t, []holeCase{
		{"sqlite3 dev.db 'DELETE FROM sessions'", dsl.Allow, dsl.Allow},
		{"timeout 120 sqlite3 dev.db 'DELETE FROM sessions'", dsl.Allow, dsl.Allow},
		{"sqlite3 db/development.sqlite3 'DROP TABLE users'", dsl.Allow, dsl.Allow},
		{`bash -lc 'sqlite3 dev.db '"'"'DELETE FROM sessions'"'"''`, dsl.Allow, dsl.Allow},
		{`sh -c 'sqlite3 dev.db '"'"'DELETE FROM sessions'"'"''`, dsl.Allow, dsl.Allow},
		{`bash -lc 'psql -h localhost -U postgres -c '"'"'DROP DATABASE IF EXISTS app_test'"'"''`, dsl.Allow, dsl.Allow},
		{`bash -lc 'cd /home/u/proj && psql -h localhost -U postgres -c '"'"'DROP DATABASE IF EXISTS app_test'"'"''`, dsl.Allow, dsl.Allow},

		{"sqlite3 prod.db 'DELETE FROM sessions'", dsl.Ask, dsl.Ask},
		{"sqlite3 dev_prod.db 'DELETE FROM sessions'", dsl.Ask, dsl.Ask},
		{"sqlite3 ../other/dev.db 'DELETE FROM sessions'", dsl.Ask, dsl.Ask},
		{"sqlite3 /var/lib/app/dev.db 'DELETE FROM sessions'", dsl.Ask, dsl.Ask},
		{"sqlite3 ~/dev.db 'DELETE FROM sessions'", dsl.Ask, dsl.Ask},
		{"sqlite3 dev.db \"ATTACH 'prod.db' AS p; DELETE FROM p.users\"", dsl.Ask, dsl.Ask},
		{`bash -lc 'psql -h localhost -U postgres -c '"'"'DROP DATABASE IF EXISTS app'"'"''`, dsl.Ask, dsl.Ask},
		{`bash -lc 'psql -h db.example.com -c '"'"'DROP DATABASE app_test'"'"''`, dsl.Ask, dsl.Ask},
		{`PGHOST=db.example.com bash -lc 'psql -c '"'"'DROP DATABASE app_test'"'"''`, dsl.Ask, dsl.Ask},
		{`ssh db "bash -lc 'psql -c \"DROP DATABASE app_test\"'"`, dsl.Ask, dsl.Ask}, // another machine's database
	})
}

// TestFpfix63PackageCleanups: a person deleting the packages apt
// downloaded (apt clean's own job) or removing pacman's orphans (the Arch
// wiki's pacman -Rns $(pacman -Qdtq)); an agent still asks, as do apt's
// lists, dpkg's database, every installed package and a list read from
// elsewhere.
func TestFpfix63PackageCleanups(t *testing.T) {
	checkHoles(t, []holeCase{
		{"sudo rm -rf /var/cache/apt/archives/*.deb", dsl.Allow, dsl.Ask},
		{"sudo rm -f /var/cache/pacman/pkg/*", dsl.Allow, dsl.Ask},
		{"sudo pacman -Rns $(pacman -Qdtq)", dsl.Allow, dsl.Ask},
		{"sudo pacman -Rns $(pacman -Qtdq)", dsl.Allow, dsl.Ask},

		{"sudo rm -rf /var/lib/apt/lists/*", dsl.Ask, dsl.Ask},
		{"sudo rm -rf /var/lib/dpkg/*", dsl.Ask, dsl.Ask},
		{"sudo rm -rf /var/cache/apt/*", dsl.Ask, dsl.Ask},
		{"sudo rm -rf /var/cache/apt/archives", dsl.Ask, dsl.Ask},
		{"sudo pacman -Rns $(pacman -Qq)", dsl.Ask, dsl.Ask},
		{"sudo pacman -Rns $(pacman -Qdq)", dsl.Ask, dsl.Ask}, // every dependency, required or not
		{"sudo pacman -Rdd $(pacman -Qdtq)", dsl.Ask, dsl.Ask},
		{"sudo pacman -Rns $(cat /tmp/list)", dsl.Ask, dsl.Ask},
	})
}
