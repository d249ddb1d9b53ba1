package rules_test

import (
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// TestCdLine46: a cd (pushd, env -C) earlier on the line moves the
// relative files later commands name, as the shell runs them; and GNU
// parallel -q quotes each word of its command template (session 46,
// 2026-12-05: each asked or blocked line here was allowed).
func TestCdLine46(t *testing.T) {
	checkHoles(t, []holeCase{
		// 1. a cd to a known directory: the operands and redirections after it
		{"cd /etc && rm -f passwd", dsl.Block, dsl.Block},
		{"cd /etc; rm passwd", dsl.Block, dsl.Block},
		{"cd ~ && rm .profile", dsl.Ask, dsl.Ask},
		{"cd && rm .profile", dsl.Ask, dsl.Ask},
		{"cd $HOME && rm .zshrc", dsl.Ask, dsl.Ask},
		{"cd ~/.ssh && rm id_ed25519", dsl.Ask, dsl.Ask},
		{"cd ~ && mv .bashrc /tmp/b", dsl.Ask, dsl.Ask},
		{"cd / && rm -rf usr", dsl.Block, dsl.Block},
		{"cd /etc && sed -i s/x/y/ passwd", dsl.Ask, dsl.Ask},
		{"cd /etc && sed -i -e s/x/y/ hosts", dsl.Ask, dsl.Ask},
		{"cd /etc && cp /tmp/x passwd", dsl.Ask, dsl.Ask},
		{"cd ~ && echo x >> .bashrc", dsl.Ask, dsl.Ask},
		{"cd ~/.ssh && echo k >> authorized_keys", dsl.Ask, dsl.Ask},
		{"cd ~ && cat .aws/credentials", dsl.Ask, dsl.Ask},
		{"cd /etc && chmod 777 shadow", dsl.Ask, dsl.Ask},
		{"cd ~/.hguard && rm -f config.yaml", dsl.Ask, dsl.Block},
		{"pushd /etc && rm passwd", dsl.Block, dsl.Block},
		{"cd /etc || exit; rm passwd", dsl.Block, dsl.Block},
		{"cd /etc || exit 1; rm -f passwd", dsl.Block, dsl.Block},
		{"( cd /etc; rm passwd )", dsl.Block, dsl.Block},
		{"(cd /etc && rm passwd) && ls", dsl.Block, dsl.Block},
		{"cd /etc; (cd /tmp; rm -rf x); rm passwd", dsl.Block, dsl.Block},
		{"pushd /tmp && popd && pushd /etc && rm passwd", dsl.Block, dsl.Block},
		{"if true; then cd /etc; fi; rm passwd", dsl.Block, dsl.Block}, // a cd in a branch: taken
		{"for f in passwd; do cd /etc; rm $f; done", dsl.Block, dsl.Block},
		{"env -C /etc rm passwd", dsl.Block, dsl.Block},
		{"env --chdir=/etc rm -f passwd", dsl.Block, dsl.Block},
		{"sudo -D /etc rm passwd", dsl.Block, dsl.Block},
		{"sudo --chdir=/etc rm passwd", dsl.Block, dsl.Block},
		{"env -C /etc cat hostname", dsl.Allow, dsl.Allow},
		{"sudo -u u sh -c 'cd ~ && rm .profile'", dsl.Ask, dsl.Ask},
		// a cd in a child process moves nothing after it: a subshell, a
		// background job, a pipeline element but the last
		{"(cd /etc); rm passwd", dsl.Allow, dsl.Allow},
		{"d=$(cd /opt/app && pwd); rm -f x.log", dsl.Allow, dsl.Allow},
		{"echo $(cd /etc; rm passwd)", dsl.Block, dsl.Block},
		{"diff <(cd /etc && cat hostname) hostname", dsl.Allow, dsl.Allow},
		{"cd /etc & rm passwd", dsl.Allow, dsl.Allow},
		{"cd /etc | rm passwd", dsl.Allow, dsl.Allow},
		{"pushd /etc && popd && rm passwd", dsl.Allow, dsl.Allow},
		// a cd into a relative directory keeps the operands relative
		{"cd src && rm x", dsl.Allow, dsl.Allow},
		{"cd src && rm passwd", dsl.Allow, dsl.Allow},
		// a cd into the project, or a directory below it, keeps its files
		// the project's, wherever the project lies
		{"cd /home/u/proj && rm -f passwd", dsl.Allow, dsl.Allow},
		{"cd /home/u/proj/etc && rm -f passwd", dsl.Allow, dsl.Allow},
		// everyday neighbours
		{"cd build && rm -rf *", dsl.Allow, dsl.Allow}, // nothing there, in no git work tree (fpfix61)
		{"cd /tmp && rm -rf x", dsl.Allow, dsl.Allow},  // asked before: read as ./x
		{"rm -rf /tmp/x", dsl.Allow, dsl.Allow},
		{"cd ~/proj && rm -rf node_modules", dsl.Allow, dsl.Allow}, // nothing there, in no git work tree (fpfix61)
		{"cd /var/lib/app/src && make clean", dsl.Allow, dsl.Allow},
		// a build's objects under /usr/local/src are no system files; an agent
		// deletes outside its project, which no checkpoint holds
		{"cd /usr/local/src/foo && rm -f *.o", dsl.Allow, dsl.Ask},
		{"cd /usr/local/src/foo && rm -f main.o", dsl.Allow, dsl.Ask},
		{"cd ~ && ls -la", dsl.Allow, dsl.Allow},
		{"cd ~/.ssh && ls", dsl.Allow, dsl.Allow},
		{"cd ~/.ssh && cat id_ed25519.pub", dsl.Allow, dsl.Allow},
		{"cd /etc && cat hostname", dsl.Allow, dsl.Allow},
		{"cd /etc && grep -r foo nginx/", dsl.Allow, dsl.Allow},
		{"cd /etc && tail -n 5 passwd", dsl.Allow, dsl.Ask}, // as tail -n 5 /etc/passwd
		{"cd /etc && ls > /tmp/etc.txt", dsl.Allow, dsl.Allow},
		{"cd ~ && cp .bashrc .bashrc.bak", dsl.Allow, dsl.Allow},
		{"cd /tmp && echo 'echo hi' > a.sh && sh a.sh", dsl.Allow, dsl.Allow},
		{"cd /tmp && echo 'rm -rf ~' > a.sh && sh a.sh", dsl.Block, dsl.Block},
		{"cd ~/proj && git status", dsl.Allow, dsl.Allow},
		{"cd /etc && git log -1", dsl.Allow, dsl.Allow},
		{"rm -f passwd", dsl.Allow, dsl.Allow},
		{"rm .profile", dsl.Allow, dsl.Allow},

		// 2. GNU parallel -q quotes each word of the command: the shell's
		// script stays one word
		{`cat l | parallel -q sh -c "rm -rf ~"`, dsl.Block, dsl.Block},
		{`parallel -q sh -c "rm -rf ~" ::: a`, dsl.Block, dsl.Block},
		{`parallel --quote sh -c "rm -rf ~" ::: a`, dsl.Block, dsl.Block},
		{`parallel -q sh -c "rm -rf ~" :::: list`, dsl.Block, dsl.Block},
		{`printf 'a\n' | parallel -q sh -c "rm -rf ~"`, dsl.Block, dsl.Block},
		{`parallel -q bash -c 'echo x >> ~/.bashrc' ::: a`, dsl.Ask, dsl.Ask},
		{"parallel -q echo {} ::: a b", dsl.Allow, dsl.Allow},
		{"ls | parallel -q gzip {}", dsl.Allow, dsl.Allow},
		{"parallel -q gzip -9 {} ::: a.txt b.txt", dsl.Allow, dsl.Allow},
		{`parallel -q grep -l "a b" {} ::: x.txt`, dsl.Allow, dsl.Allow},
		{`parallel -q sh -c 'echo "$1"' _ {} ::: a`, dsl.Allow, dsl.Allow},
	})
}

// TestCdLine46Shells: what runs in a child process differs between the
// shells: zsh runs a pipeline's last element in the shell, fish runs
// builtins in the shell in a pipeline and in the background.
func TestCdLine46Shells(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		cmd, shell string
		want       dsl.Level
	}{
		{"cd /etc & rm passwd", "zsh", dsl.Allow},
		{"cd /etc | rm passwd", "zsh", dsl.Allow},
		{"true | cd /etc; rm passwd", "zsh", dsl.Block},
		{"cd /etc; rm passwd", "fish", dsl.Block},
		{"cd /etc; and rm passwd", "fish", dsl.Block},
		{"cd /etc | true; rm passwd", "fish", dsl.Block},
		{"cd /etc &; rm passwd", "fish", dsl.Block},
		{"cd ~; and echo x >> .config/fish/config.fish", "fish", dsl.Ask},
		{"cd /etc; cat hostname", "fish", dsl.Allow},
		{"set d (cd /etc; pwd); rm passwd", "fish", dsl.Block}, // fish's (…) runs in the shell
		{"d=$(cd /etc; pwd); rm passwd", "zsh", dsl.Allow},
	} {
		for _, caller := range []string{"", "claude-code"} {
			v := g.Check(hguard.Request{Command: tt.cmd, Cwd: "/home/u/proj", Shell: tt.shell, Caller: caller})
			if v.Level != tt.want {
				t.Errorf("%q in %s with caller %q: %s, want %s (%s)", tt.cmd, tt.shell, caller, v.Level, tt.want, v.Reasons())
			}
		}
	}
}
