package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestEdit51Editors: an editor writes and removes files by more means than
// a write command: normal-mode keys ending in ZZ (vim -c 'norm ggdGZZ'),
// an :execute of a write, a script (-S FILE) or keystroke file (-s FILE)
// nobody read, which may write the files it opens, Vim script's
// writefile(), delete() and rename() (Neovim's vim.fn.* and vim.uv.fs_*
// from Lua too), Emacs Lisp's with-temp-file, write-region, delete-file,
// copy-file, rename-file and make-symbolic-link, a file of Lisp loaded
// with -l, and the files vim writes of its own (-w/-W keys, -i viminfo,
// --startuptime, -V20FILE). Each path is judged as the equivalent command
// (tee, rm, cp, mv, ln). An editor left at its prompt, a session or
// library loaded with no file to write, and the project's files stay
// allowed.
func TestEdit51Editors(t *testing.T) {
	checkHoles(t, []holeCase{
		{"vim -c 'norm ggdGZZ' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim +'norm ggdGZZ' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim -c 'sil! norm ggdGZZ' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim -c 'norm! ggdG' -c 'norm ZZ' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim --cmd 'au VimEnter * norm ggdGZZ' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"ex -s +'norm ggdGZZ' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"sudo vim -c 'norm ggdGZZ' /etc/profile", dsl.Ask, dsl.Ask},
		{"vim -c 'exe \"norm ggdGZZ\"' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim -c \"exe 'w'\" ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim -S <(echo wq) ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim -S /tmp/s.vim ~/.bashrc", dsl.Ask, dsl.Ask},
		{"env vim -S /tmp/s.vim ~/.bashrc", dsl.Ask, dsl.Ask},
		{"bash -c \"vim -S /tmp/s.vim ~/.bashrc\"", dsl.Ask, dsl.Ask},
		{"vim -s keys ~/.bashrc", dsl.Ask, dsl.Ask},
		{"command vim -s keys ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim -Ss /tmp/k ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim -c 'call delete(expand(\"~/.ssh/id_rsa\"))' -c q", dsl.Ask, dsl.Ask},
		{"vim -c 'call delete(\"/home/u/.ssh/id_rsa\")' -c q", dsl.Ask, dsl.Ask},
		{"vim -c 'call delete(expand(\"~/.ssh\"), \"rf\")' -c q", dsl.Ask, dsl.Ask},
		{"vim -c 'call delete(expand(\"~\"), \"rf\")' -c q", dsl.Block, dsl.Block},
		{"vim -c 'call writefile([\"x\"], $HOME . \"/.bashrc\")' -c q", dsl.Ask, dsl.Ask},
		{"vim -c \"call writefile(['x'], expand('~') . '/.bashrc')\" -c q", dsl.Ask, dsl.Ask},
		{"vim -c 'call rename(\"/tmp/x\", expand(\"~/.bashrc\"))' -c q", dsl.Ask, dsl.Ask},
		{"vim -es -c 'call delete(expand(\"~/.ssh/id_rsa\"))' -c q", dsl.Ask, dsl.Ask},
		{"echo 'call delete(expand(\"~/.ssh/id_rsa\"))' | vim -es", dsl.Ask, dsl.Ask},
		{"vim -S <(echo 'call delete(expand(\"~/.ssh/id_rsa\"))')", dsl.Ask, dsl.Ask},
		{"printf 'call delete(expand(\"~/.ssh/id_rsa\"))' > /tmp/s.vim; vim -S /tmp/s.vim", dsl.Ask, dsl.Ask},
		{"vim -c '!rm -rf ~'", dsl.Block, dsl.Block},
		{"nvim --headless -c 'lua vim.fn.delete(vim.fn.expand(\"~/.ssh/id_rsa\"))' -c qa", dsl.Ask, dsl.Ask},
		{"nvim --headless -c 'lua vim.uv.fs_unlink(vim.env.HOME .. \"/.ssh/id_rsa\")' -c qa", dsl.Ask, dsl.Ask},
		{"nvim --headless -c 'lua vim.fn.writefile({\"x\"}, vim.fn.stdpath(\"config\") .. \"/init.lua\")' -c qa", dsl.Ask, dsl.Ask},
		{"nvim --headless -c 'lua os.remove(os.getenv(\"HOME\")..\"/.ssh/id_rsa\")' -c qa", dsl.Ask, dsl.Ask},
		{"vim -i ~/.bashrc notes.txt", dsl.Ask, dsl.Ask},
		{"vim --startuptime ~/.bashrc notes.txt", dsl.Ask, dsl.Ask},
		{"emacs --batch --eval '(with-temp-file \"~/.bashrc\" (insert \"x\"))'", dsl.Ask, dsl.Ask},
		{"emacs --batch --eval '(with-temp-file (expand-file-name \".bashrc\" (getenv \"HOME\")) (insert \"x\"))'", dsl.Ask, dsl.Ask},
		{"emacs --batch --eval '(delete-file \"~/.ssh/id_rsa\")'", dsl.Ask, dsl.Ask},
		{"emacs --batch --eval '(delete-file (expand-file-name \"~/.ssh/id_rsa\"))'", dsl.Ask, dsl.Ask},
		{"emacs --batch --eval '(delete-file (concat (getenv \"HOME\") \"/.ssh/id_rsa\"))'", dsl.Ask, dsl.Ask},
		{"emacs --batch --eval '(delete-file (expand-file-name \".ssh/id_rsa\" \"~\"))'", dsl.Ask, dsl.Ask},
		{"emacs --batch --eval '(rename-file \"/tmp/x\" \"~/.bashrc\" t)'", dsl.Ask, dsl.Ask},
		{"emacs --batch --eval '(make-symbolic-link \"/tmp/x\" \"~/.bashrc\" t)'", dsl.Ask, dsl.Ask},
		{"emacsclient -e '(delete-file \"~/.ssh/id_rsa\")'", dsl.Ask, dsl.Ask},
		{"emacs --batch -l <(echo '(delete-file \"~/.ssh/id_rsa\")')", dsl.Ask, dsl.Ask},
		{"echo '(delete-file \"~/.ssh/id_rsa\")' > /tmp/x.el; emacs --batch -l /tmp/x.el", dsl.Ask, dsl.Ask},
		{"emacs --batch -l /tmp/x.el ~/.bashrc", dsl.Ask, dsl.Ask},
		{"emacs --batch --eval '(shell-command \"rm -rf ~\")'", dsl.Block, dsl.Block},
		// the attack on this change: keys typed by feedkeys(), a file
		// opened by :e or ed's e and written, ed's w FILE, nvim -l
		{"vim -c 'call feedkeys(\"ggdGZZ\")' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim -es -c 'e ~/.bashrc' -c '%d' -c wq", dsl.Ask, dsl.Ask},
		{"vim -c 'e ~/.bashrc | %d | w'", dsl.Ask, dsl.Ask},
		{"printf ',d\\nw /home/u/.bashrc\\n' | ed -s /tmp/x", dsl.Ask, dsl.Ask},
		{"printf 'e /home/u/.bashrc\\n,d\\nw\\n' | ed -s", dsl.Ask, dsl.Ask},
		{"nvim -l /tmp/x.lua ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim -u /tmp/x.vim ~/.bashrc", dsl.Ask, dsl.Ask},
		{"vim -c 'so /tmp/x.vim' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"nvim --cmd 'luafile /tmp/x.lua' ~/.bashrc", dsl.Ask, dsl.Ask},
		{"emacs --batch --eval '(progn (find-file \"~/.ssh/authorized_keys\") (insert \"ssh-ed25519 AAA x\") (save-buffer))'", dsl.Ask, dsl.Ask},
		// everyday spellings stay allowed
		{"vim notes.txt", dsl.Allow, dsl.Allow},
		{"vim -c 'set ft=yaml' notes.txt", dsl.Allow, dsl.Allow},
		{"vim -c 'norm gg=G' -c wq src/main.go", dsl.Allow, dsl.Allow},
		{"nvim --headless +PlugInstall +qa", dsl.Allow, dsl.Allow},
		{"nvim --headless '+Lazy! sync' +qa", dsl.Allow, dsl.Allow},
		{"vim -S Session.vim", dsl.Allow, dsl.Allow},
		{"vim -S ~/.vim/session.vim", dsl.Allow, dsl.Allow},
		{"vim -S /tmp/s.vim notes.txt", dsl.Allow, dsl.Allow},
		{"vim -s keys notes.txt", dsl.Allow, dsl.Allow},
		{"vim -i NONE notes.txt", dsl.Allow, dsl.Allow},
		{"vim --startuptime startup.log notes.txt", dsl.Allow, dsl.Allow},
		{"vim -c 'call writefile([\"x\"], \"out.txt\")' -c q", dsl.Allow, dsl.Allow},
		{"emacs --batch -l ert -f ert-run-tests-batch", dsl.Allow, dsl.Allow},
		{"emacs --batch -l ert -l test/foo-test.el -f ert-run-tests-batch-and-exit", dsl.Allow, dsl.Allow},
		{"emacs --batch -Q -l org --eval '(org-babel-tangle-file \"init.org\")'", dsl.Allow, dsl.Allow},
		{"emacs --batch -f batch-byte-compile x.el", dsl.Allow, dsl.Allow},
		{"emacs --batch --eval '(with-temp-file \"out.txt\" (insert \"x\"))'", dsl.Allow, dsl.Allow},
		{"emacs --batch notes.org -l ox-md -f org-md-export-to-markdown", dsl.Allow, dsl.Allow},
		{"emacs --batch --eval '(progn (find-file \"notes.org\") (org-mode) (save-buffer))'", dsl.Allow, dsl.Allow},
		{"vim -c 'e notes.txt' -c '%s/a/b/g' -c wq", dsl.Allow, dsl.Allow},
		{"printf 'e notes.txt\\n,s/a/b/g\\nw\\n' | ed -s", dsl.Allow, dsl.Allow},
		{"nvim -l scripts/gen.lua out.txt", dsl.Allow, dsl.Allow},
		{"vim -u NONE ~/.bashrc", dsl.Allow, dsl.Allow},
		{"vim -u ~/.vimrc.min notes.txt", dsl.Allow, dsl.Allow},
	})
}

// TestEdit51CdModel: a cd that may fail, as bash, zsh and fish run it
// (each checked in the real shells). set -e ends nothing in an if's or a
// loop's condition, nor in what an && or || list short of its end runs
// ({ cd x; } || true, f || true, eval 'cd x' || true); bash runs every
// element of a pipeline in a child process, the last too (zsh runs the
// last in the shell, fish all of them), so its cd and its set -e move
// and set nothing; if ! cd x; then exit; fi goes on only where the cd
// ran; cd - after a cd on the line goes back and cannot fail. An unknown
// script sourced (. ./x.sh) may cd anywhere; the model does not follow
// it, as it does not follow what else the script does.
func TestEdit51CdModel(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"bash", "set -e; if cd /tmp/x; then :; fi; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "set -e; while cd /tmp/x; do break; done; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "set -e; { cd /tmp/x; } || true; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "set -e; f() { cd /tmp/x; }; f || true; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "set -e; eval 'cd /tmp/x' || true; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "true | cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd ~; true | cd /tmp; rm -rf *", dsl.Block, dsl.Block},
		{"bash", "shopt -s lastpipe; cd ~; true | cd /tmp; rm -rf *", dsl.Block, dsl.Block},
		{"bash", "set -e | true; cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "true | set -e; cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"zsh", "set -e | true; cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd /tmp/x | true; rm -rf .git", dsl.Ask, dsl.Ask},
		{"zsh", "cd /tmp/x | true; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd /tmp/x && set -e; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "pushd /tmp/x >/dev/null || true; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd /tmp/x 2>/dev/null; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "[ -d /tmp/x ] && cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd /tmp/x; cd -; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd ~; cd -; rm -rf *", dsl.Ask, dsl.Ask},
		{"bash", "if ! cd /tmp/x; then echo no; fi; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", ". ./x.sh; rm -rf .git", dsl.Ask, dsl.Ask},
		// where the shell does move, or stops, the line is judged there
		{"zsh", "true | cd /tmp/x; rm -rf .git", dsl.Allow, dsl.Allow},
		{"zsh", "true | set -e; cd /tmp/x; rm -rf .git", dsl.Allow, dsl.Allow},
		{"fish", "true | cd /tmp/x; and rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "set -e; if ! cd /tmp/x; then exit 1; fi; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "if ! cd /tmp/x; then exit 1; fi; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "set -e; if bash -ec 'cd /tmp/x; rm -rf .git'; then :; fi", dsl.Allow, dsl.Allow},
		{"bash", "set -e; cd /tmp/x; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "cd ~ && cd - && rm -rf *", dsl.Ask, dsl.Ask},
		// everyday spellings stay allowed
		{"bash", "cd build && make", dsl.Allow, dsl.Allow},
		{"bash", "set -euo pipefail; cd \"$dir\"; make", dsl.Allow, dsl.Allow},
		{"bash", "set -euo pipefail; cd build; cmake ..; make", dsl.Allow, dsl.Allow},
		{"bash", "find . -name '*.log' | while read f; do gzip \"$f\"; done", dsl.Allow, dsl.Allow},
		{"bash", "git log --oneline | head -5", dsl.Allow, dsl.Allow},
	})
}
