package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestLead48 holds the lead's fixes of session 48 after the helpers'
// merge and a red team of the merged tree (rows marked were allowed):
// a cd out of the start by ../ is the directory it leads to, a
// redirection's climb into a system file is path traversal, inline
// code's chdir to the home spelled as an environment lookup, a CDPATH
// of $HOME, a bare repository's config, find -exec behind a wrapper or
// over a tree, make's programs set earlier on the line, and version
// managers' shims as bin directories.
func TestLead48(t *testing.T) {
	checkHolesIn(t, "/srv/app/web", []holeCase{
		{`cd ../../../etc && rm passwd`, dsl.Block, dsl.Block},       // was allowed
		{`cd ../../../etc && echo x > passwd`, dsl.Ask, dsl.Ask},     // was allowed
		{`cd ../../../etc && sed -i s/a/b/ hosts`, dsl.Ask, dsl.Ask}, // was allowed
		{`cd ../../.. && cd root && rm .bashrc`, dsl.Ask, dsl.Ask},   // was allowed
		{`echo x > ../../../etc/passwd`, dsl.Ask, dsl.Ask},           // was allowed
		{`cd .. && ls`, dsl.Allow, dsl.Allow},
		{`cd ../api && make`, dsl.Allow, dsl.Allow},
		{`cd .. && git status`, dsl.Allow, dsl.Allow},
		{`echo x > ../../build/out.txt`, dsl.Allow, dsl.Allow},
	})
	checkHoles(t, []holeCase{
		{`python3 -c "import os; os.chdir(os.environ['HOME']); os.remove('.bashrc')"`, dsl.Ask, dsl.Ask},     // was allowed
		{`ruby -e 'Dir.chdir(Dir.home); File.delete(".bashrc")'`, dsl.Ask, dsl.Ask},                          // was allowed
		{`node -e "process.chdir(process.env.HOME); require('fs').unlinkSync('.bashrc')"`, dsl.Ask, dsl.Ask}, // was allowed
		{`php -r 'chdir(getenv("HOME")); unlink(".bashrc");'`, dsl.Ask, dsl.Ask},                             // was allowed
		{`python3 -c "import os; os.chdir(os.environ['HOME']); os.remove('notes.txt')"`, dsl.Allow, dsl.Ask}, // an agent's delete outside the project
		{`CDPATH=$HOME; cd .ssh && rm -f id_ed25519`, dsl.Ask, dsl.Ask},                                      // was allowed
		{`CDPATH="${HOME}:/tmp"; cd .ssh && rm -f id_ed25519`, dsl.Ask, dsl.Ask},                             // was allowed
		{`CDPATH=$HOME/src; cd app && make`, dsl.Allow, dsl.Allow},
		{`echo '[core] fsmonitor = id' >> repo.git/config`, dsl.Ask, dsl.Ask},       // was allowed
		{`cd repo.git && echo '[core] fsmonitor = id' >> config`, dsl.Ask, dsl.Ask}, // was allowed
		{`cp /tmp/cfg ~/repos/app.git/config`, dsl.Ask, dsl.Ask},                    // was allowed
		{`cat repo.git/config`, dsl.Allow, dsl.Allow},
		{`echo 'my service' > repo.git/description`, dsl.Allow, dsl.Allow},
		{`find ~ -name .bashrc -exec sudo gzip {} \;`, dsl.Ask, dsl.Ask}, // was allowed
		{`find ~ -name .bashrc -exec nice gzip {} \;`, dsl.Ask, dsl.Ask}, // was allowed
		{`find /home -name .bashrc -exec gzip {} \;`, dsl.Ask, dsl.Ask},  // was allowed
		{`find . -name '*.log' -exec gzip {} \;`, dsl.Allow, dsl.Allow},
		{`find ~/proj -name '*.log' -exec sudo gzip {} \;`, dsl.Allow, dsl.Allow},
		{`find . -name Makefile -exec sed -i s/a/b/ {} \;`, dsl.Allow, dsl.Allow},
		{`export CC='rm -rf ~'; make`, dsl.Block, dsl.Block},       // was allowed
		{`CC='rm -rf ~'; export CC; make`, dsl.Block, dsl.Block},   // was allowed
		{`export RM='rm -rf ~'; make clean`, dsl.Block, dsl.Block}, // was allowed
		{`export CC=clang; make`, dsl.Allow, dsl.Allow},
		{`export CC="ccache gcc"; make -j8`, dsl.Allow, dsl.Allow},
		{`cp /tmp/x ~/.pyenv/shims/python3`, dsl.Ask, dsl.Ask}, // was allowed
		{`cp /tmp/x ~/.asdf/shims/git`, dsl.Ask, dsl.Ask},      // was allowed
		{`pyenv rehash`, dsl.Allow, dsl.Allow},
	})
}
