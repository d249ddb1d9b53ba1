package dsl

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// The machine's account, authentication and audit records that are no
// secret by themselves (secretPath has the password hashes and keys):
// who has an account and in which groups, who may use sudo, how PAM lets
// users in, who logged in and who failed to, and root's own files. Reading
// them is how an intruder surveys a machine before going further (MITRE
// ATT&CK T1087.001 Local Account Discovery, T1069.001 Local Groups); a
// program's work rarely needs them (getent, id and groups answer its
// questions).

// authPaths are such records, whole paths after homeForm.
var authPaths = nameSet{names: []string{
	"/etc/passwd", "/etc/passwd-", "/etc/group", "/etc/group-", "/etc/sudoers", "/private/etc/sudoers",
	"/etc/login.defs", "/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog", "/var/log/faillog",
	"/var/log/tallylog", "/var/run/utmp", "/run/utmp", "/etc/doas.conf",
}}

// authDirs hold nothing but such records (and so are worth no listing
// either): sudo's drop-ins, PAM's stacks, module settings and state, the audit
// logs, the users' crontabs, the host's private TLS keys, root's home,
// Debian's master copies of the account and group lists.
var authDirs = []string{"/etc/sudoers.d", "/etc/security", "/etc/pam.d", "/var/lib/pam", "/var/log/audit", "/var/spool/cron",
	"/etc/ssl/private", "/root", "/var/lib/sudo", "/var/db/sudo", "/usr/share/base-passwd"}

// authLogs are the authentication logs by their base names, rotated ones
// included (auth.log.1, secure-20240101, btmp.1.gz).
var authLogs = []string{"auth.log", "secure", "btmp", "wtmp", "authlog", "sudo.log"}

// authFile reports whether p names one of the machine's account,
// authentication or audit records: the account and group lists, sudo's
// and PAM's configuration, the login and authentication logs, root's files.
func authFile(p string) bool {
	if p == "" || len(p) > 4096 {
		return false
	}
	c := cleanPath(p)
	if authPaths.has(c) {
		return true
	}
	for _, d := range authDirs {
		if strings.HasPrefix(c, d+"/") {
			return true
		}
	}
	if dir, base := path.Split(c); dir == "/var/log/" || dir == "/private/var/log/" {
		for _, l := range authLogs {
			if base == l || strings.HasPrefix(base, l+".") || strings.HasPrefix(base, l+"-") {
				return true
			}
		}
	}
	return false
}

// authDir reports whether p is a directory that holds only such records,
// or another user's ssh directory: /root, /etc/sudoers.d, /etc/security,
// /etc/pam.d, /etc/ssl/private, /var/lib/pam, /var/log/audit, /var/spool/cron,
// /home/NAME/.ssh, /root/.ssh, with or without a trailing / or /*.
func authDir(p string) bool {
	c := cleanPath(p)
	if strings.HasSuffix(c, "/*") {
		c = path.Dir(c)
	}
	for _, d := range authDirs {
		if c == d {
			return true
		}
	}
	if strings.HasPrefix(c, "/var/spool/cron/") && !strings.Contains(c[len("/var/spool/cron/"):], "/") {
		return true // crontabs, tabs
	}
	if dir, base := path.Split(c); base == ".ssh" {
		parent := path.Clean(dir)
		return parent == "/root" || path.Dir(parent) == "/home" || path.Dir(parent) == "/Users" || parent == "/home/*" || parent == "/Users/*"
	}
	return false
}

// authUsers are the programs that keep or check these records by their
// own means, a file they name included (visudo -f, pwck, last -f): no
// survey of them.
var authUsers = nameSet{names: []string{"visudo", "vigr", "vipw", "pwck", "grpck", "pwconv", "grpconv", "useradd", "usermod",
	"userdel", "groupadd", "groupmod", "groupdel", "gpasswd", "chage", "chpasswd", "newusers", "last", "lastb", "lastlog",
	"faillog", "faillock", "logrotate", "augenrules", "auditctl", "sudo", "doas"}}

// authIn is the account, authentication or audit record a word names, or
// "" (see fileIn).
func authIn(arg string) string { return fileIn(arg, authFile) }

// authFilesRead are the account, authentication and audit records
// (authFile) the command reads: what filesRead finds with authIn, and the
// string literals of its inline code that name one. A copy that stays
// beside the original (cp /etc/sudoers /etc/sudoers.bak) is a backup, not
// a read.
func authFilesRead(c *cmdline.Command, args []string, env *CommandEnv, home string) []string {
	if authUsers.has(programName(c.Name)) {
		return nil
	}
	out := filesRead(c.Name, args, env.Positional, env.Redirects, authIn)
	out = slices.DeleteFunc(out, func(f string) bool { return ownHome(f, home) })
	if copiers.has(programName(c.Name)) && len(env.Positional) > 1 {
		dest := cleanPath(env.Positional[len(env.Positional)-1])
		kept := out[:0]
		for _, f := range out {
			if d := path.Dir(cleanPath(f)); dest == "" || path.Dir(dest) != d {
				kept = append(kept, f)
			}
		}
		out = kept
	}
	if env.Code != "" {
		for _, lit := range codeLiterals(env.Code) {
			lit = strings.TrimLeft(strings.TrimPrefix(lit, "+"), "< ")
			if len(lit) > 1 && lit[0] == '/' && authFile(lit) && !ownHome(lit, home) {
				out = append(out, lit)
			}
		}
	}
	return out
}

// namesAuth reports that a word of the command or a string literal of its
// code names an authFile or an authDir.
func namesAuth(args []string, env *CommandEnv) bool {
	for _, a := range args {
		if authIn(a) != "" || authDir(a) {
			return true
		}
	}
	for _, r := range env.Redirects {
		if authFile(r.Target) {
			return true
		}
	}
	if env.Code != "" {
		for _, lit := range codeLiterals(env.Code) {
			if len(lit) > 1 && lit[0] == '/' && (authFile(lit) || authDir(lit)) {
				return true
			}
		}
	}
	return false
}

// traversalRe finds a path-traversal sequence: two or more parent steps
// (../, ..\, or their percent-encodings) in a row that climb into a
// system directory or a Windows one (../../../etc/passwd,
// ..%2f..%2fetc/passwd, ..\..\windows\win.ini).
var traversalRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:(?:\.\.(?:\.\.)?|%2e%2e|\.%2e|%2e\.)(?:/+|\\|%2f|%5c)){2,}(?:etc(?:/|\\|%2f)(?:passwd|shadow|group|gshadow|sudoers|hosts|hostname|issue|os-release|crontab|security|ssh|ssl|cron\.d|apt|pam\.d|profile|bash\.bashrc|environment)|root|proc(?:/|%2f)(?:self|[0-9]+|version|cpuinfo)|var(?:/|%2f)log|home(?:/|%2f)[^/\s'"]+(?:/|%2f)\.ssh|windows|winnt|boot\.ini)(?:/|\\|%2f|%5c|$|['"\s&;])`)
})

// traversal reports a word or text holding a path-traversal sequence into
// a system directory (traversalRe).
func traversal(s string) bool {
	if !strings.Contains(s, "..") && !strings.Contains(strings.ToLower(s), "%2e") {
		return false
	}
	return traversalRe().MatchString(s)
}

// hasTraversal reports a path-traversal sequence (traversal) in a word,
// an assignment, a wrapper's argument or the inline code of c.
func hasTraversal(c *cmdline.Command) bool {
	for _, a := range c.Args {
		if traversal(a.Value) {
			return true
		}
	}
	for _, a := range c.Assigns {
		if traversal(a.Value.Value) {
			return true
		}
	}
	for _, w := range c.Wrappers {
		for _, a := range w.Args {
			if traversal(a) {
				return true
			}
		}
	}
	for _, r := range c.Redirects {
		if traversal(r.Target.Value) {
			return true // echo x > ../../../etc/passwd
		}
	}
	return c.Payload != nil && traversal(c.Payload.Code)
}

// ownHome reports that p lies in home, the caller's own home directory
// (absolute; "" when unknown): root's files are no survey when root reads
// them, as ~/.bashrc is none for anyone. A path spelled with ~ or $HOME is
// in it whatever home is.
func ownHome(p, home string) bool {
	c := cleanPath(p)
	if c == "~" || strings.HasPrefix(c, "~/") {
		return true
	}
	home = path.Clean(home)
	if !strings.HasPrefix(home, "/") || home == "/" {
		return false
	}
	return c == home || strings.HasPrefix(c, home+"/")
}
