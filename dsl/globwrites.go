package dsl

import (
	"path"
	"slices"
	"strings"

	"github.com/hguard/hguard/dsl/cmdline"
)

// globTargets are the files and directories a glob among a command's
// outputs is read against (mayName, as the delete rules read theirs): the
// shell start-up files, ssh's, git's and the credentials' files in a
// home, and the system's account, sudo, cron and start-up files and the
// directories the rules on system writes know. A glob that may name one
// of them is taken to write it: the shell expands it when the file is
// there, which is when writing it matters.
//
// The shells, tried (bash 5.2, zsh 5.9, fish 3.6): bash expands a
// redirection's glob when it matches one file (echo x > ~/.[!.]ashrc
// writes ~/.bashrc; two matches are "ambiguous redirect", none the word
// as written), and an operand's as usual (cp /tmp/x ~/.bash[r]c writes
// ~/.bashrc when it is there, else a file named .bash[r]c). zsh expands
// both ([!.] and [^.] alike), writes every match of a redirection's glob
// (MULTIOS) and stops the line on no match. fish 3.6 reads * and ? as
// globs, and [ ] as plain characters. None matches a leading dot with *,
// ? or a bracket ([.]bashrc is not .bashrc); find, whose names
// (cmdline.foundNames) are read the same way, does, so the reading here
// does not tell them apart.
var globTargets = []string{
	"~/.bashrc", "~/.bash_profile", "~/.bash_login", "~/.bash_logout", "~/.bash_aliases", "~/.bash_functions", "~/.profile",
	"~/.pam_environment", "~/.vimrc", "~/.exrc", "~/.zshrc", "~/.zshenv", "~/.zprofile", "~/.zlogin", "~/.zlogout", "~/.kshrc",
	"~/.cshrc", "~/.tcshrc", "~/.mkshrc", "~/.inputrc", "~/.xprofile", "~/.xinitrc", "~/.xsessionrc", "~/.bashrc.d", "~/.zshrc.d",
	"~/.config/fish/config.fish", "~/.config/fish/conf.d", "~/.config/autostart", "~/.config/environment.d", "~/.config/systemd/user",
	"~/.ssh/authorized_keys", "~/.ssh/config", "~/.ssh/id_rsa", "~/.ssh/id_ecdsa", "~/.ssh/id_ed25519", "~/.gnupg",
	"~/.gitconfig", "~/.config/git", "~/.git-credentials", "~/.netrc", "~/.aws/credentials", "~/.aws/config", "~/.npmrc", "~/.pypirc",
	"~/.docker/config.json", "~/.kube/config",
	"/etc", "/boot", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/var/spool/cron",
	"/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow", "/etc/sudoers", "/etc/sudoers.d", "/etc/crontab", "/etc/cron.d",
	"/etc/cron.hourly", "/etc/cron.daily", "/etc/cron.weekly", "/etc/cron.monthly", "/etc/profile", "/etc/profile.d",
	"/etc/bash.bashrc", "/etc/environment", "/etc/ld.so.preload", "/etc/hosts", "/etc/ssh", "/etc/pam.d", "/etc/systemd/system",
	"/etc/rc.local", "/etc/init.d",
	// the first disk of each kind (echo x > /dev/s?a overwrites /dev/sda)
	"/dev/sda", "/dev/vda", "/dev/xvda", "/dev/hda", "/dev/nvme0n1", "/dev/mmcblk0",
}

// globNamed are the globTargets the glob p may name (mayName), each as p
// would expand to it: a glob shorter than the target is the target's
// directory it names (~/.s* is ~/.ssh), a longer one keeps its own rest
// (/etc/sudoers.[d]/x is /etc/sudoers.d/x). nil for a word with no glob
// character.
func globNamed(p string) []string {
	written := cleanPath(p)
	c := homeForm(globbedHomes(written))
	if c == "" || !strings.ContainsAny(written, "*?[") {
		return nil
	}
	ps := strings.Split(c, "/")
	var out []string
	for _, t := range globTargets {
		if !mayName(c, t) {
			continue
		}
		ts := strings.Split(t, "/")
		n := ts
		if len(ps) < len(ts) {
			n = ts[:len(ps)]
		} else {
			n = append(slices.Clip(ts), ps[len(ts):]...)
		}
		if j := strings.Join(n, "/"); !slices.Contains(out, j) {
			out = append(out, j)
		}
	}
	return out
}

// globbedHomes spells a path whose first directory is a glob that
// matches home or Users (/hom?/u/.bashrc, /h*/u) with that directory, so
// that homeForm reads it as a home's.
func globbedHomes(c string) string {
	first, rest, _ := strings.Cut(strings.TrimPrefix(c, "/"), "/")
	if !strings.HasPrefix(c, "/") || !strings.ContainsAny(first, "*?[") || rest == "" {
		return c
	}
	for _, d := range []string{"home", "Users"} {
		if ok, _ := path.Match(first, d); ok {
			return "/" + d + "/" + rest
		}
	}
	return c
}

// globOutputs are the names the command's outputs that hold an unquoted
// glob (a word of c's with Word.Glob) may expand to (globNamed): the one
// reading of globs in what a command writes, for every rule on outputs.
func globOutputs(c *cmdline.Command, outputs []string) []string {
	var globs []string
	// a glob below an unknown directory ($X/.bashr?) is read below the
	// home, as unknownHome reads any hidden name there
	readable := func(w cmdline.Word) bool {
		return w.Glob && (!w.Dynamic || strings.HasPrefix(w.Value, "$") || strings.HasPrefix(w.Value, "`"))
	}
	for _, a := range c.Args {
		if readable(a) {
			globs = append(globs, a.Value)
		}
	}
	for _, r := range c.Redirects {
		if readable(r.Target) {
			globs = append(globs, r.Target.Value)
		}
	}
	for _, wr := range c.Wrappers {
		// a wrapper's words keep no quoting (strace -o ~/.bash?c CMD):
		// one with a glob character is read as a glob
		for _, a := range wr.Args {
			if strings.ContainsAny(a, "*?[") {
				globs = append(globs, a)
			}
		}
	}
	if len(globs) == 0 {
		return nil
	}
	var out []string
	for _, o := range outputs {
		if o == "" || !strings.ContainsAny(o, "*?[") || !slices.ContainsFunc(globs, func(g string) bool {
			return strings.HasSuffix(o, g) || strings.HasSuffix(g, o) || baseName(o) == baseName(g) && strings.Trim(baseName(g), "*?") != "" // cp /tmp/.bash* ~ writes ~/.bash*; cp build/* DIR names nothing
		}) {
			continue
		}
		out = append(out, globNamed(o)...)
	}
	return out
}
