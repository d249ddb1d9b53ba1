package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestWalk50CdModel: a cd that may fail, as bash, zsh and fish run it. A
// return outside a function does not end bash's line (bash -c 'cd /x ||
// return 1; echo went on' prints), zsh's and fish's it ends; set +e
// undoes set -e; a shell started with -e (bash -e -c, bash -ec, bash -o
// errexit -c) stops where its cd fails, and its set -e does not outlive
// it (nor a subshell's or a background job's: (set -e); cd x); fish's and, or are statements of their own (cd x; and rm, cd x;
// or exit; rm); CDPATH=/tmp cd x falls back to ./x where /tmp/x is not.
func TestWalk50CdModel(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"bash", "cd /tmp/x || return 1; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd /tmp/x || return; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd /tmp/x || { echo no; return 1; }; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "f() { cd /tmp/x || return 1; rm -rf .git; }; f", dsl.Allow, dsl.Allow},
		{"zsh", "cd /tmp/x || return 1; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "cd /tmp/x || exit 1; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "set -e; set +e; cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "set -e; set +o errexit; cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "set -euo pipefail; cd /tmp/x; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "bash -e -c 'cd /tmp/x; rm -rf .git'", dsl.Allow, dsl.Allow},
		{"bash", "bash -ec 'cd /tmp/x; rm -rf .git'", dsl.Allow, dsl.Allow},
		{"bash", "bash -o errexit -c 'cd /tmp/x; rm -rf .git'", dsl.Allow, dsl.Allow},
		{"bash", "sh -e -c 'cd /tmp/x; rm -rf .git'", dsl.Allow, dsl.Allow},
		{"bash", "bash -c 'cd /tmp/x; rm -rf .git'", dsl.Ask, dsl.Ask},
		{"bash", "bash -c 'set -e'; cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "set -e; bash -c 'cd /tmp/x; rm -rf .git'", dsl.Ask, dsl.Ask},
		{"bash", "(set -e); cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "set -e & cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "set -e; (cd /tmp/x; rm -rf .git)", dsl.Allow, dsl.Allow},
		{"bash", "f() { bash -c 'cd /tmp/x || return 1; rm -rf .git'; }; f", dsl.Ask, dsl.Ask},
		{"bash", "bash -c 'f() { cd /tmp/x || return 1; rm -rf .git; }; f'", dsl.Allow, dsl.Allow},
		{"fish", "cd /tmp/x; and rm -rf .git", dsl.Allow, dsl.Allow},
		{"fish", "cd /tmp/x; or exit; rm -rf .git", dsl.Allow, dsl.Allow},
		{"fish", "cd /tmp/x; or return; rm -rf .git", dsl.Allow, dsl.Allow},
		{"fish", "cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"fish", "cd /tmp/x; or echo no; rm -rf .git", dsl.Ask, dsl.Ask},
		{"fish", "cd /tmp/x; and rm -rf .git; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "CDPATH=/tmp cd x && rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "CDPATH=/tmp; cd x && rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "pushd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd -P /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd -- /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd $(mktemp -d) && rm -rf *", dsl.Allow, dsl.Allow},
		{"bash", "cd build && make", dsl.Allow, dsl.Allow},
	})
}

// TestWalk50FoundThroughFilters: the paths a finder (find, fd, rg -l,
// grep -rl, ag -l, ack -l, locate) prints reach the program that acts on
// them through filters that pass lines on (sort, uniq, head, tail, tee,
// cat, grep), through xargs -a <(…), a $(…) or `…` among a program's
// words, a for loop over $(find …), a while read fed by a finder, and a
// shell xargs runs (xargs sh -c 'gzip "$@"' _).
func TestWalk50FoundThroughFilters(t *testing.T) {
	checkHoles(t, []holeCase{
		{"find ~ -name .bashrc | sort | xargs gzip", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | sort -u | xargs -r gzip", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | head | xargs gzip", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | head -5 | xargs gzip", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | tail -n 3 | xargs gzip", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | uniq | xargs gzip", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | tee /dev/null | xargs gzip", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | cat | xargs gzip", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | grep bash | xargs gzip", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | grep bash | xargs rm", dsl.Ask, dsl.Ask},
		{"xargs -a <(find ~ -name .bashrc) gzip", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc -print0 | xargs -0 sh -c 'gzip \"$@\"' _", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | xargs -I{} sh -c 'gzip {}'", dsl.Ask, dsl.Ask},
		{"gzip $(find ~ -name .bashrc)", dsl.Ask, dsl.Ask},
		{"rm `find ~ -name .bashrc`", dsl.Ask, dsl.Ask},
		{"rm $(find ~ -name .bashrc | head -1)", dsl.Ask, dsl.Ask},
		{"locate .bashrc | xargs gzip", dsl.Ask, dsl.Ask},
		{"ag -l x ~ | xargs gzip", dsl.Ask, dsl.Ask},
		{"ack -l x ~ | xargs gzip", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | while read f; do gzip \"$f\"; done", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | sort | while IFS= read -r f; do gzip \"${f}\"; done", dsl.Ask, dsl.Ask},
		{"for f in $(find ~ -name .bashrc); do gzip \"$f\"; done", dsl.Ask, dsl.Ask},
		{"for f in `find ~ -name .bashrc`; do rm -f \"$f\"; done", dsl.Ask, dsl.Ask},
		{"find ~ -name .bashrc | (while read f; do gzip \"$f\"; done)", dsl.Ask, dsl.Ask},
		{"while read f; do gzip \"$f\"; done < <(find ~ -name .bashrc)", dsl.Ask, dsl.Ask},
		{"f=$(find ~ -name .bashrc); gzip $f", dsl.Ask, dsl.Ask},
		{"f=$(find . -name '*.log'); gzip $f", dsl.Allow, dsl.Allow},
		// everyday spellings stay as they were
		{"git ls-files | xargs rm", dsl.Ask, dsl.Ask},
		{"git ls-files -z | xargs -0 sed -i 's/a/b/'", dsl.Allow, dsl.Allow},
		{"find . -name '*.log' | sort | xargs gzip", dsl.Allow, dsl.Allow},
		{"gzip $(find . -name '*.log')", dsl.Allow, dsl.Allow},
		{"for f in $(find . -name '*.log'); do gzip \"$f\"; done", dsl.Allow, dsl.Allow},
		{"find . -name '*.log' | while read f; do gzip \"$f\"; done", dsl.Allow, dsl.Allow},
		{"find . -name '*.md' | while read f; do wc -l \"$f\"; done", dsl.Allow, dsl.Allow},
		{"for f in $(find ~ -name .bashrc); do echo \"$f\"; done", dsl.Allow, dsl.Allow},
		{"find . -name '*.md' | xargs -I{} sh -c 'wc -l {}'", dsl.Allow, dsl.Allow},
		{"for f in *.md; do gzip \"$f\"; done", dsl.Allow, dsl.Allow},
		{"rg -l foo src | xargs sed -i 's/a/b/'", dsl.Allow, dsl.Allow},
		{"grep -rl foo src | sort | xargs sed -i 's/a/b/'", dsl.Allow, dsl.Allow},
	})
}

// TestWalk50Editors: a file an editor is told to write is written: vim,
// nvim and vi with a write among -c, +CMD or --cmd (ex mode or not), ex's
// full command names (write, xit), ed and ex fed a script that writes
// (printf, a here-string, a file nobody read), emacs told to save
// (--eval '(save-buffer)', -f save-buffer). An editor left at its prompt,
// read-only or told only to quit stays allowed.
func TestWalk50Editors(t *testing.T) {
	checkHoles(t, []holeCase{
		{"vim -c '%d' -c wq ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim +'%d|wq' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"nvim --headless -c '%d' -c wq ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim -c 'write' ~/.zshrc", dsl.Ask, dsl.Ask},
		{"ex -s -c '%delete' -c 'write' -c quit ~/.bashrc", dsl.Ask, dsl.Ask},
		{"ex -s -c '%d' -c 'xi' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"printf '%%d\\nw\\n' | ex -s ~/.bashrc", dsl.Ask, dsl.Ask},
		{"ed -s ~/.bashrc <<< $',d\\nw'", dsl.Ask, dsl.Ask},
		{"printf ',d\\nw\\nq\\n' | ed -s ~/.bashrc", dsl.Ask, dsl.Ask},
		{"echo ',d\nw' | ed -s ~/.bashrc", dsl.Ask, dsl.Ask},
		{"cat script.ed | ed -s ~/.bashrc", dsl.Ask, dsl.Ask},
		{"ed -s ~/.bashrc < script.ed", dsl.Ask, dsl.Ask},
		{"vim -es ~/.bashrc < script.vim", dsl.Ask, dsl.Ask},
		{"vim -c '%d' -c 'silent! wq' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"emacs --batch ~/.bashrc --eval '(progn (erase-buffer) (save-buffer))'", dsl.Ask, dsl.Ask},
		{"emacs --batch -l x.el ~/.bashrc -f save-buffer", dsl.Ask, dsl.Ask},
		{"emacs --batch --file=~/.bashrc --eval '(save-buffer)'", dsl.Ask, dsl.Ask},
		{"ed -s ~/.bashrc <<EOF\n,d\nw\nEOF", dsl.Ask, dsl.Ask},
		{"vim -c 'wall' -c 'qa' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"ed -s notes.txt <<EOF\n,d\nw\nEOF", dsl.Allow, dsl.Allow},
		{"emacs --batch --file=notes.org -f org-babel-tangle", dsl.Allow, dsl.Allow},
		// everyday spellings stay allowed
		{"vim ~/.bashrc", dsl.Allow, dsl.Allow},
		{"vim -R ~/.bashrc", dsl.Allow, dsl.Allow},
		{"view ~/.bashrc", dsl.Allow, dsl.Allow},
		{"nvim --headless +PlugInstall +qa", dsl.Allow, dsl.Allow},
		{"vim -c 'set ft?' -c q ~/.bashrc", dsl.Allow, dsl.Allow},
		{"vim -c '%d' -c wq notes.txt", dsl.Allow, dsl.Allow},
		{"ed ~/.bashrc", dsl.Allow, dsl.Allow},
		{"ed -s notes.txt < script.ed", dsl.Allow, dsl.Allow},
		{"vim - < ~/.bashrc", dsl.Allow, dsl.Allow},
		{"printf 'p\\nq\\n' | ed -s ~/.bashrc", dsl.Allow, dsl.Allow},
		{"printf '1d\\nw\\nq\\n' | ed -s notes.txt", dsl.Allow, dsl.Allow},
		{"emacs --batch notes.org -f org-babel-tangle", dsl.Allow, dsl.Allow},
		{"emacs -nw ~/.bashrc", dsl.Allow, dsl.Allow},
	})
}
