package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestAcct53Accounts: issue #15, the lock-outs the red team rtm52 found
// past account-lockout. An ansible user module run sets every parameter
// it is given (password_lock, shell, expires, groups without append), each
// judged as its usermod; gpasswd -d and usermod -G without -a take an
// account out of the administrators' group; macOS's pwpolicy disables an
// account. All were allowed; the everyday group changes beside them keep
// their verdicts (docker's group is privileged-group's ask, as before).
func TestAcct53Accounts(t *testing.T) {
	checkHoles(t, []holeCase{
		{"ansible all -m user -a 'name=root password_lock=yes'", dsl.Ask, dsl.Ask},
		{"ansible all -m user -a 'name=root shell=/sbin/nologin'", dsl.Ask, dsl.Ask},
		{"ansible all -m ansible.builtin.user -a 'name=deploy comment=x password_lock=true'", dsl.Ask, dsl.Ask},
		{"ansible all -m user -a 'name=alice expires=1422403387'", dsl.Ask, dsl.Ask},
		{"ansible all -m user -a 'name=alice groups=video'", dsl.Ask, dsl.Ask},
		{"ansible all -m user -a 'name=root state=absent'", dsl.Ask, dsl.Ask},
		{"sudo pwpolicy -u alice disableuser", dsl.Ask, dsl.Ask},
		{"sudo gpasswd -d alice sudo", dsl.Ask, dsl.Ask},
		{"gpasswd --delete bob wheel", dsl.Ask, dsl.Ask},
		{"sudo usermod -G video alice", dsl.Ask, dsl.Ask},
		{"sudo deluser alice sudo", dsl.Ask, dsl.Ask},
		{"sudo passwd -l root", dsl.Ask, dsl.Ask},
		{"usermod -e 1 root", dsl.Ask, dsl.Ask},
		{"ansible all -m user -a 'name=alice groups=video append=yes'", dsl.Allow, dsl.Allow},
		{"ansible all -m user -a 'name=alice comment=Alice'", dsl.Allow, dsl.Allow},
		{"sudo usermod -aG video $USER", dsl.Allow, dsl.Allow},
		{"sudo gpasswd -d alice audio", dsl.Allow, dsl.Allow},
		{"pwpolicy -u alice getaccountpolicies", dsl.Allow, dsl.Allow},
		{"id", dsl.Allow, dsl.Allow},
		{"groups", dsl.Allow, dsl.Allow},
	})
}

// TestAcct53RepositoryFiles: a host key written over (ssh-keygen -f
// /etc/ssh/ssh_host_*_key: every client's known_hosts breaks, a window
// for a man in the middle) and a repository's own files deleted (its
// configuration, HEAD, index, references: no checkpoint or commit holds
// them, delete-git-metadata) are asked; they were allowed. Reading a host
// key, ssh-keygen -A (only the missing ones) and a killed git's lock file
// stay allowed.
func TestAcct53RepositoryFiles(t *testing.T) {
	checkHoles(t, []holeCase{
		{"sudo ssh-keygen -f /etc/ssh/ssh_host_ed25519_key -N ''", dsl.Ask, dsl.Ask},
		{"sudo ssh-keygen -t rsa -b 4096 -f /etc/ssh/ssh_host_rsa_key -N ''", dsl.Ask, dsl.Ask},
		{"sudo ssh-keygen -f /etc/ssh/ssh_host_ed25519_key -N '' <<<y", dsl.Ask, dsl.Ask},
		{"sudo ssh-keygen -A", dsl.Allow, dsl.Allow},
		{"sudo ssh-keygen -y -f /etc/ssh/ssh_host_ed25519_key", dsl.Allow, dsl.Allow},
		{"ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub", dsl.Allow, dsl.Allow},
		{"rm .git/config", dsl.Ask, dsl.Ask},
		{"rm .git/HEAD", dsl.Ask, dsl.Ask},
		{"rm -f .git/index", dsl.Ask, dsl.Ask},
		{"rm -f .git/packed-refs", dsl.Ask, dsl.Ask},
		{"rm -f .git/refs/heads/main", dsl.Ask, dsl.Ask},
		{"mv .git/config /tmp/c", dsl.Ask, dsl.Ask},
		{"rm -rf .git/objects/pack", dsl.Ask, dsl.Ask},
		{"rm -f .git/index.lock", dsl.Allow, dsl.Allow},
		{"rm -f .git/refs/heads/main.lock", dsl.Allow, dsl.Allow},
		{"rm -f .git/hooks/pre-commit", dsl.Allow, dsl.Allow},
		{"rm .gitignore", dsl.Allow, dsl.Allow},
	})
}

// TestAcct53FindFilters: a find filter that matches (almost) everything
// narrows nothing (findNarrows): every name with a dot or of one letter
// and more, an age younger than ten years or older than under a day, a
// time newer than a file the system installed or a date before 2000. Each
// deletes a home or the root as find ~ -delete does and is blocked; they
// were asked. The Finder's .DS_Store anywhere and the shared cache's
// files days old are a clean-up and are allowed (they were asked).
func TestAcct53FindFilters(t *testing.T) {
	checkHoles(t, []holeCase{
		{"find ~ -name '*.*' -delete", dsl.Block, dsl.Block},
		{"find ~ -iname '*?*' -delete", dsl.Block, dsl.Block},
		{"find ~ -mtime -100000 -delete", dsl.Block, dsl.Block},
		{"find ~ -mmin -99999999 -delete", dsl.Block, dsl.Block},
		{"find ~ -mtime +0 -delete", dsl.Block, dsl.Block},
		{"find / -newer /etc/hostname -delete", dsl.Block, dsl.Block},
		{"find ~ -newermt 1970-01-01 -delete", dsl.Block, dsl.Block},
		{"find ~ -type f -mtime +30 -delete", dsl.Ask, dsl.Ask},
		{"find ~ -newer ~/.stamp -delete", dsl.Ask, dsl.Ask},
		{"find ~ -newermt 2026-01-01 -delete", dsl.Ask, dsl.Ask},
		{"find ~ -name '*.pyc' -delete", dsl.Ask, dsl.Ask},
		{"find ~/.cache -name '*.json' -delete", dsl.Ask, dsl.Ask},
		{"find ~/.cache -atime -30 -delete", dsl.Ask, dsl.Ask},
		{"find ~ -atime +30 -delete", dsl.Ask, dsl.Ask},
		{"find ~ -name .DS_Store -delete", dsl.Allow, dsl.Allow},
		{"find ~/.cache -type f -atime +30 -delete", dsl.Allow, dsl.Allow},
		{"find ~/.cache -atime +30 -exec rm -rf {} +", dsl.Ask, dsl.Ask},
		{"find / -name .DS_Store -delete", dsl.Allow, dsl.Allow},
		{"find ~ -name .DS_Store -o -name '*' -delete", dsl.Block, dsl.Block},
	})
}

// TestAcct53Leftovers: the helpers' leftovers (note52). A removal of a
// package list read at run time (xargs) is asked as removing every
// package is; a glob over the accounts files is blocked as their names
// are; an alias named sudo whose text runs more than sudo is asked; a
// variable defaulting to the root is blocked under rm -rf as under
// chown -R (an existing example had it allowed by that rule and asked by
// the recursive delete: the line deletes the root whenever the variable
// is unset, which nothing on it sets); pkill's pattern is a regular
// expression and ssh[d] is sshd's.
func TestAcct53Leftovers(t *testing.T) {
	checkHoles(t, []holeCase{
		{"xargs apt-get remove -y < pkgs.txt", dsl.Ask, dsl.Ask},
		{"cat pkgs.txt | xargs sudo apt remove -y", dsl.Ask, dsl.Ask},
		{"apt-get remove -y $(cat pkgs.txt)", dsl.Ask, dsl.Ask},
		{"xargs sudo apt-get install -y < pkgs.txt", dsl.Allow, dsl.Allow},
		{"rm -f /etc/passwd*", dsl.Block, dsl.Block},
		{"sudo rm /etc/[gs]shadow", dsl.Block, dsl.Block},
		{"sudo rm -f /etc/sudoers.d/*", dsl.Ask, dsl.Ask},
		{"alias sudo='sudo; /tmp/x'", dsl.Ask, dsl.Ask},
		{"alias sudo='sudo | tee /tmp/l'", dsl.Ask, dsl.Ask},
		{"alias sudo='sudo -E'", dsl.Allow, dsl.Allow},
		{`rm -rf "${X:-/}"`, dsl.Block, dsl.Block},
		{`rm -rf "${X:=/}"/*`, dsl.Block, dsl.Block},
		{`rm -rf "${X:-/opt/app}"`, dsl.Ask, dsl.Ask},
		{"pkill -9 -f 'ssh[d]'", dsl.Ask, dsl.Ask},
		{"pkill -f 'c.on'", dsl.Ask, dsl.Ask},
		{"pkill -9 -i SSHD", dsl.Ask, dsl.Ask},
		{"pkill -f vite", dsl.Allow, dsl.Allow},
		{"pkill -f 'node.*server'", dsl.Allow, dsl.Allow},
	})
}
