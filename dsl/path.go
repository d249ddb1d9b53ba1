package dsl

import (
	"os"
	"path"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// homePrefixes are the spellings of the home directory that rules treat
// alike. They are kept literal by the parser so that rules can see them.
var homePrefixes = []string{"${HOME}", "$HOME", "~"}

// cleanPath puts a path into the one canonical form the path helpers
// compare: home spelled "~", no "//", "." or "..", no trailing slash.
// Relative paths stay relative.
func cleanPath(p string) string {
	if p == "" {
		return ""
	}
	p = tildeUser(p)
	if p[0] == '$' || p[0] == '`' {
		if h, ok := homeNamed(p); ok {
			p = h // $X/.bashrc: a start-up file or a store under an unknown directory is read as the home's
		}
	}
	for _, pre := range homePrefixes {
		if p == pre || strings.HasPrefix(p, pre+"/") {
			rest := path.Clean("." + p[len(pre):])
			switch {
			case rest == ".":
				return "~"
			case rest == ".." || strings.HasPrefix(rest, "../"):
				return path.Clean("/home/" + rest[2:]) // above home: treat as /home and what lies beside it
			}
			return "~/" + rest
		}
	}
	return procRoot(path.Clean(p))
}

// ownTilde are the tilde-prefixes zsh expands to the user's own home
// (parameters are expanded before the tilde there): ~$USER is ~.
var ownTilde = []string{"~$USER", "~${USER}", "~$LOGNAME", "~${LOGNAME}"}

// tildeUser spells a tilde-prefix naming a user's home as that home: ~$USER
// as ~, ~NAME (another user, which the parser leaves as written) as
// /home/NAME, where Linux keeps it. The directory stack's ~+, ~- and ~N
// and computed names (~$X) are left as they are.
func tildeUser(p string) string {
	if len(p) < 2 || p[0] != '~' || p[1] == '/' {
		return p
	}
	name, rest, _ := strings.Cut(p[1:], "/")
	if slices.Contains(ownTilde, "~"+name) {
		return "~/" + rest
	}
	if !loginName(name) {
		return p
	}
	return "/home/" + name + "/" + rest
}

// loginName reports a word that can be a login name: a letter or _ first,
// then letters, digits, _, . and -, and maybe a final $ (Samba machines).
func loginName(s string) bool {
	s = strings.TrimSuffix(s, "$")
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_':
		case i > 0 && (r >= '0' && r <= '9' || r == '.' || r == '-'):
		default:
			return false
		}
	}
	return s != ""
}

// procRoot is a cleaned absolute path with its /proc/PID/root prefixes
// taken off: /proc/self/root/etc/cron.d/x is the file /etc/cron.d/x (the
// process's root, which is the root outside a chroot), and a path spelled
// so must be judged as the file it names.
func procRoot(c string) string {
	for strings.HasPrefix(c, "/proc/") {
		pid, rest, _ := strings.Cut(c[len("/proc/"):], "/")
		if !procPID(pid) || rest != "root" && !strings.HasPrefix(rest, "root/") {
			break
		}
		c = "/" + strings.TrimPrefix(strings.TrimPrefix(rest, "root"), "/")
	}
	return c
}

// procPID reports whether a /proc entry is a process: self, thread-self,
// a number, or the shell's own pid ($$, ${$}, $BASHPID).
func procPID(s string) bool {
	switch s {
	case "self", "thread-self", "$$", "${$}", "$BASHPID", "${BASHPID}":
		return true
	}
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// isRoot reports whether p is the root directory or all of its contents,
// also through globs that take every entry at each level ("/*/*", "/?*").
func isRoot(p string) bool {
	return p != "" && wholeOf(cleanPath(p)) == "/"
}

// isHome reports whether p is a home directory (the user's, /root, or any
// /home/NAME) or all of its contents.
func isHome(p string) bool {
	c := wholeOf(cleanPath(p))
	if c == "~" || c == "/root" {
		return true
	}
	for _, base := range []string{"/home/", "/Users/"} {
		if name, ok := strings.CutPrefix(c, base); ok && name != "" && !strings.Contains(name, "/") {
			return true
		}
	}
	return globHome(c)
}

// holdsHomes reports a home or a directory of homes (/home, /Users):
// packing or mounting it takes in every user's keys and credentials.
func holdsHomes(p string) bool {
	c := cleanPath(p)
	return isHome(p) || c == "/home" || c == "/Users"
}

// globHome reports a glob whose matches include a home: /*/u and /hom[e]/u
// take /home/u as surely as naming it.
func globHome(c string) bool {
	if !strings.HasPrefix(c, "/") || !strings.ContainsAny(c, "*?[") {
		return false
	}
	top, name, ok := strings.Cut(c[1:], "/")
	if !ok || name == "" || strings.Contains(name, "/") {
		return globMatches(c, "/root")
	}
	for _, base := range []string{"home", "Users"} {
		if ok, err := path.Match(top, base); ok && err == nil {
			return true
		}
	}
	return false
}

// wholeOf takes off the trailing components of a cleaned path that are
// globs matching (nearly) every entry: deleting /etc/*/* or ~/.* loses /etc
// or ~ as surely as deleting them by name.
func wholeOf(c string) string {
	for c != "/" {
		dir, last := path.Split(c)
		if dir == "" || !globAll(last) {
			break
		}
		c = path.Clean(dir)
	}
	return c
}

// globAll reports a path component that is a glob over every name: made of
// * and ? only (at least one *), maybe after a leading "." or a bracket
// expression ("*", "**", ".*", "?*", "[a-z]*").
func globAll(comp string) bool {
	if !strings.Contains(comp, "*") {
		return false
	}
	rest := strings.TrimPrefix(comp, ".")
	if strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest[1:], ']')
		if end < 0 {
			return false
		}
		rest = rest[end+2:]
	}
	return strings.Trim(rest, "*?") == ""
}

// systemDirs are directories whose loss breaks the system: deleting or
// rewriting them as a whole is never an accident worth allowing.
var systemDirs = map[string]bool{
	"/bin": true, "/boot": true, "/dev": true, "/etc": true, "/home": true, "/lib": true,
	"/lib32": true, "/lib64": true, "/libx32": true, "/media": true, "/mnt": true, "/opt": true,
	"/proc": true, "/root": true, "/run": true, "/sbin": true, "/snap": true, "/srv": true,
	"/sys": true, "/usr": true, "/var": true, "/Users": true, "/System": true, "/Library": true,
	"/Applications": true, "/private": true, "/private/etc": true, "/private/var": true,
	"/usr/bin": true, "/usr/sbin": true, "/usr/lib": true, "/usr/lib64": true, "/usr/libexec": true,
	"/usr/local": true, "/usr/local/bin": true, "/usr/local/lib": true, "/usr/share": true,
	"/usr/include": true, "/usr/src": true, "/var/lib": true, "/var/log": true, "/var/cache": true,
	"/var/spool": true, "/var/mail": true, "/var/www": true, "/var/backups": true, "/var/opt": true,
	"/etc/ssh": true, "/etc/ssl": true, "/etc/systemd": true, "/etc/apt": true, "/etc/init.d": true,
	"/etc/pam.d": true, "/etc/sudoers.d": true, "/etc/cron.d": true, "/lost+found": true,
}

// isSystemDir reports whether p is one of the system directories, or all
// of a system directory's contents ("/etc/*", "/etc/*/*"), also through a
// glob that matches one ("/e??", "/u*/b*"). Paths deeper inside are not.
func isSystemDir(p string) bool {
	c := wholeOf(cleanPath(p))
	if systemDirs[c] {
		return true
	}
	if c == "/" || !strings.HasPrefix(c, "/") || !strings.ContainsAny(c, "*?[") {
		return false
	}
	for dir := range systemDirs {
		if globMatches(c, dir) {
			return true
		}
	}
	return false
}

// systemFileDirs hold the machine's configuration, root's files, its logs,
// the kernel's state and its boot files.
var systemFileDirs = []string{"/etc", "/root", "/var/log", "/proc", "/sys", "/boot", "/private/etc", "/private/var/log"}

// systemFile reports whether p names something inside one of
// systemFileDirs (not the directory itself).
func systemFile(p string) bool {
	c := cleanPath(p)
	for _, dir := range systemFileDirs {
		if strings.HasPrefix(c, dir+"/") {
			return true
		}
	}
	return false
}

// globMatches reports whether the glob pattern (a cleaned absolute path)
// matches dir component by component, as the shell's pathname expansion
// would if dir exists.
func globMatches(pattern, dir string) bool {
	ps, ds := strings.Split(pattern[1:], "/"), strings.Split(dir[1:], "/")
	if len(ps) != len(ds) {
		return false
	}
	for i := range ps {
		if ok, err := path.Match(ps[i], ds[i]); !ok || err != nil {
			return false
		}
	}
	return true
}

// mayName reports whether p, cleaned, names target or a directory above
// it also when it is a glob: its pattern matches target component by
// component as the shell's pathname expansion would if target exists
// (~/.b* names ~/.bashrc, /etc/pass* /etc/passwd, ~/.s*/id_rsa is inside
// ~/.ssh, ~/.c* holds ~/.config/git). A home is read either way (/root,
// /home/NAME, ~). A path without glob characters names target when it is
// target or a directory above it.
func mayName(p, target string) bool {
	c, t := homeForm(cleanPath(p)), homeForm(cleanPath(target))
	if c == "" || t == "" || len(c) > 4096 || (c[0] == '/') != (t[0] == '/') || (c[0] == '~') != (t[0] == '~') {
		return false // a relative glob (*.o) is the working directory's
	}
	if !strings.ContainsAny(c, "*?[") {
		return under(t, c)
	}
	ps, ts := strings.Split(c, "/"), strings.Split(t, "/")
	for i := 0; i < len(ps) && i < len(ts); i++ {
		ok, err := path.Match(goGlob(ps[i]), ts[i])
		if err != nil {
			ok = ps[i] == ts[i] // the shell takes a malformed pattern as written
		}
		if !ok {
			return false
		}
	}
	return true
}

// goGlob is a shell glob segment as path.Match reads it: the shell's
// negated bracket [!…] is path.Match's [^…], and a bracket expression
// holding a character class ([[:alpha:]]), which path.Match lacks, may
// match any one character.
func goGlob(seg string) string {
	if !strings.Contains(seg, "[") {
		return seg
	}
	var b strings.Builder
	for i := 0; i < len(seg); i++ {
		if seg[i] != '[' {
			b.WriteByte(seg[i])
			continue
		}
		end := bracketEnd(seg, i)
		if end < 0 {
			b.WriteString(seg[i:])
			break
		}
		expr := seg[i : end+1]
		if strings.Contains(expr, "[:") {
			b.WriteByte('?')
			i = end
			continue
		}
		b.WriteByte('[')
		body := expr[1:]
		if body[0] == '!' || body[0] == '^' {
			b.WriteByte('^')
			body = body[1:]
		}
		if body[0] == ']' {
			b.WriteByte('\\') // a "]" first in the set is a member
		}
		b.WriteString(body)
		i = end
	}
	return b.String()
}

// bracketEnd is the index of the "]" that closes the bracket expression
// opening at seg[i], or -1: a "]" first in the set (after ! or ^) is a
// member, and so is one closing a character class ([:alpha:]).
func bracketEnd(seg string, i int) int {
	j := i + 1
	if j < len(seg) && (seg[j] == '!' || seg[j] == '^') {
		j++
	}
	if j < len(seg) && seg[j] == ']' {
		j++
	}
	for ; j < len(seg); j++ {
		switch {
		case strings.HasPrefix(seg[j:], "[:"):
			k := strings.Index(seg[j+2:], ":]")
			if k < 0 {
				return -1
			}
			j += k + 3
		case seg[j] == ']':
			return j
		}
	}
	return -1
}

// isBroad reports whether losing p as a whole would be a disaster: root,
// a system directory, or a home directory.
func isBroad(p string) bool {
	return isRoot(p) || isSystemDir(p) || isHome(p)
}

// under reports whether p is dir or lies inside it, after cleaning both.
func under(p, dir string) bool {
	c, d := cleanPath(p), cleanPath(dir)
	if c == "" || d == "" {
		return false
	}
	if d == "/" {
		return strings.HasPrefix(c, "/")
	}
	return c == d || strings.HasPrefix(c, d+"/")
}

// within is under with the home spelled either way on either side: a
// command's ~/proj/x is within the agent's /home/u/proj.
func within(p, dir string) bool {
	if under(p, dir) {
		return true
	}
	c, d := cleanPath(p), cleanPath(dir)
	if strings.HasPrefix(c, "~") == strings.HasPrefix(d, "~") {
		return false
	}
	return under(homeForm(c), homeForm(d))
}

// sensitivePatterns name files holding credentials or keys. Each is matched
// with path.Match against the cleaned path, and against its base name when
// the pattern has no slash.
var sensitivePatterns = []string{
	"~/.ssh", "~/.ssh/*", "/root/.ssh/*", "/home/*/.ssh/*", "/etc/ssh/*_key",
	"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "*.pem", "*.key", "*.p12", "*.pfx", "*.kdbx",
	"~/.aws/credentials", "~/.aws/config", "~/.aws", "~/.config/gcloud/*", "~/.config/gcloud",
	"~/.azure/*", "~/.kube/config", "~/.docker/config.json", "~/.netrc", ".netrc", "~/.pgpass",
	"~/.gnupg", "~/.gnupg/*", "~/.git-credentials", "~/.npmrc", "~/.pypirc", "~/.vault-token",
	"~/.config/gh/hosts.yml", "/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/etc/master.passwd",
	"/etc/passwd", ".env", ".env.*", "*.env", "credentials.json", "service-account*.json",
	"~/.password-store/*", "/var/run/secrets/*", "/run/secrets/*", "/proc/*/environ",
	// Terraform's state and variables, Java keystores, WordPress's and
	// Maven's configuration hold passwords
	"*.tfstate", "*.tfstate.backup", "*.tfvars", "*.tfvars.json", "*.jks", "*.keystore", "wp-config.php", "~/.m2/settings.xml",
}

// sensitive is sensitivePatterns sorted by how they can be matched: whole
// paths and base names exactly, the rest with path.Match.
var sensitive = sync.OnceValue(func() (m struct {
	paths, bases map[string]bool
	pathGlobs    []string // matched against the whole cleaned path
	baseGlobs    []string // matched against the base name
	dirs         []string // a file anywhere inside one is sensitive
}) {
	m.paths, m.bases = map[string]bool{}, map[string]bool{}
	for _, pat := range sensitivePatterns {
		glob := strings.ContainsAny(pat, "*?[")
		inPath := strings.Contains(pat, "/")
		switch {
		case inPath && !glob:
			m.paths[pat] = true
			m.dirs = append(m.dirs, pat+"/")
		case inPath:
			m.pathGlobs = append(m.pathGlobs, pat)
		case !glob:
			m.bases[pat] = true
		default:
			m.baseGlobs = append(m.baseGlobs, pat)
		}
	}
	return m
})

// sensitivePath reports whether p names a credential, key or secret file.
func sensitivePath(p string) bool {
	c := cleanPath(p)
	if c == "" {
		return false
	}
	if h := homeForm(c); h != c && sensitivePath(h) {
		return true // /home/u/.aws/credentials, /root/.kube/config: a home's store
	}
	if keyDirTail(c) {
		return true // backup/.ssh, /mnt/b/home/u/.ssh: a copy of a home's key directory
	}
	base := path.Base(c)
	if publicFile(base) {
		return false
	}
	if sensitive().paths[c] || sensitive().bases[base] {
		return true
	}
	for _, d := range sensitive().dirs {
		if strings.HasPrefix(c, d) {
			return true
		}
	}
	for _, pat := range sensitive().baseGlobs {
		if ok, _ := path.Match(pat, base); ok {
			return true
		}
	}
	for _, pat := range sensitive().pathGlobs {
		if ok, _ := path.Match(pat, c); ok {
			return true
		}
	}
	if folded := strings.ToLower(c); folded != c && !strings.HasSuffix(folded, ".pub") {
		// macOS's file system ignores case: ~/.SSH/ID_RSA is the key
		if sensitive().paths[folded] || secretKeyBase(path.Base(folded)) {
			return true
		}
		for _, d := range sensitive().dirs {
			if strings.HasPrefix(folded, d) {
				return true
			}
		}
		// a project's .ENV or Terraform.TFSTATE; a name without a dot
		// stays as written, as in secretPath
		if fb := strings.ToLower(base); fb != base && strings.Contains(base, ".") && !publicFile(fb) {
			if sensitive().bases[fb] {
				return true
			}
			for _, pat := range sensitive().baseGlobs {
				if ok, _ := path.Match(pat, fb); ok {
					return true
				}
			}
		}
	}
	return false
}

// keyDirTail reports a path that ends in a home's key directory below a
// local directory (backup/.ssh, /mnt/b/home/u/.gnupg): a copy of one holds
// what it does.
func keyDirTail(c string) bool {
	if strings.HasPrefix(c, "~") || strings.ContainsAny(c, " \t\n:$`") {
		return false
	}
	if dir, base := path.Split(c); dir != "" && strings.ContainsAny(base, "*?[") && !strings.HasPrefix(base, ".") && !strings.HasSuffix(base, ".pub") && keyDirTail(strings.TrimSuffix(dir, "/")) {
		return true // backup/.ssh/*, backup/.ssh/id_*: the keys in it
	}
	i := strings.LastIndex(c, "/.")
	if i <= 0 {
		return false
	}
	tail := c[i:]
	if strings.ContainsAny(tail, "*?[") {
		// backup/.ss?, backup/.gnu*: a glob that names a key directory,
		// not one that matches a project's dotfiles as well (.g*, .s*)
		if !specificGlob(tail[1:]) {
			return false
		}
		return slices.ContainsFunc(keyDirs, func(d string) bool {
			ok, err := path.Match(tail[1:], path.Base(d))
			return ok && err == nil && d != "~/.docker" && d != "~/.kube"
		})
	}
	return slices.Contains(keyDirs, "~"+tail) && tail != "/.docker" && tail != "/.kube"
}

// specificGlob reports a glob of a hidden name that names few: one of
// fixed length (.ss?, .[g]nupg) or with at least three letters before its
// first * (.gnu*, .pas*); .g*, .s* and .p* match a project's dotfiles too.
func specificGlob(name string) bool {
	star := strings.IndexByte(name, '*')
	if star < 0 {
		return true
	}
	lead := name[1:star] // after the dot
	return len(lead) >= 3 && !strings.ContainsAny(lead, "?[")
}

// publicFile reports the files beside secrets that are meant to be shared:
// public keys (id_rsa.pub) and the .env templates committed to
// repositories (.env.example, .env.sample, .env.template).
func publicFile(base string) bool {
	if strings.HasSuffix(strings.ToLower(base), ".pub") {
		return true
	}
	if rest, ok := strings.CutPrefix(base, ".env."); ok {
		return notSecretEnv.has(strings.ToLower(rest))
	}
	return false
}

// blockDevicePrefixes name disks and partitions: writing to one destroys
// the file system on it.
var blockDevicePrefixes = []string{
	"/dev/sd", "/dev/hd", "/dev/vd", "/dev/xvd", "/dev/nvme", "/dev/mmcblk", "/dev/disk",
	"/dev/rdisk", "/dev/dm-", "/dev/mapper/", "/dev/md", "/dev/loop", "/dev/sr", "/dev/nbd",
	"/dev/zd", "/dev/mtdblock", "/dev/rbd", "/dev/pmem", "/dev/drbd", "/dev/bcache", "/dev/ubd",
	// not /dev/zram and /dev/ram: memory, whose contents a reboot loses anyway
}

// sampleDisks are device names a glob under /dev is tried against: the
// shell expands /dev/mm*1 to the machine's /dev/mmcblk0p1.
var sampleDisks = []string{"/dev/sda", "/dev/sda1", "/dev/sdb", "/dev/nvme0n1", "/dev/nvme0n1p1", "/dev/mmcblk0", "/dev/mmcblk0p1",
	"/dev/vda", "/dev/vda1", "/dev/xvda", "/dev/hda", "/dev/md0", "/dev/dm-0", "/dev/loop0"}

// isBlockDevice reports whether p is a disk or partition device node.
func isBlockDevice(p string) bool {
	c := cleanPath(p)
	if strings.HasPrefix(c, "/dev/") && strings.ContainsAny(c, "*?[") {
		return slices.ContainsFunc(sampleDisks, func(d string) bool { return globMatches(c, d) })
	}
	for _, pre := range blockDevicePrefixes {
		if strings.HasPrefix(c, pre) && len(c) > len(pre) {
			return true
		}
	}
	return c == "/dev/root"
}

// tempPrefixes are the spellings of temporary directories whose contents
// are disposable by convention.
var tempPrefixes = []string{"/tmp/", "/var/tmp/", "/private/tmp/", "$TMPDIR/", "${TMPDIR}/", "${TMPDIR:-/tmp}/", "$TMP/", "${TMP}/"}

// isTemp reports whether p lies inside a temporary directory (and stays
// inside once cleaned); the directory itself is not "inside".
func isTemp(p string) bool {
	for _, pre := range tempPrefixes {
		rest, ok := strings.CutPrefix(p, pre)
		if !ok {
			continue
		}
		c := path.Clean(rest)
		return c != "." && c != ".." && !strings.HasPrefix(c, "../") && !strings.HasPrefix(c, "/")
	}
	return false
}

// sharedDir reports whether p is a directory anyone on the machine may
// write (/tmp, /var/tmp, /dev/shm, $TMPDIR) or lies inside one: a program
// or a configuration found there may have been put there by anybody,
// including an earlier command nobody connected with this one.
func sharedDir(p string) bool {
	if p == "" {
		return false
	}
	p = path.Clean(p)
	for _, pre := range append(tempPrefixes, "/dev/shm/", "/run/shm/") {
		if p+"/" == pre || isTempUnder(p, pre) {
			return true
		}
	}
	return false
}

// isTempUnder reports whether p lies inside the directory pre (ending in /).
func isTempUnder(p, pre string) bool {
	rest, ok := strings.CutPrefix(p, pre)
	if !ok {
		return false
	}
	c := path.Clean(rest)
	return c != ".." && !strings.HasPrefix(c, "../") && !strings.HasPrefix(c, "/")
}

// untrustedPath reports whether a PATH value (entries separated by :)
// makes the shell look for programs where anybody may have put one: a
// shared directory (sharedDir) anywhere in it, or the current directory
// (".", $PWD or an empty entry) before the inherited $PATH, where it shadows
// every program (PATH=/tmp/x:$PATH ls may run /tmp/x/ls).
func untrustedPath(v string) bool {
	inherited := false
	for _, e := range strings.Split(v, ":") {
		switch {
		case e == "$PATH" || e == "${PATH}" || strings.HasPrefix(e, "${PATH:"):
			inherited = true
		case sharedDir(e):
			return true
		case !inherited && (e == "" || e == "." || e == "./" || e == "$PWD" || e == "${PWD}" || e == "$(pwd)" || e == "`pwd`"):
			return true // the working directory, however spelled
		}
	}
	return false
}

// baseName is the last element of p, trailing slashes removed: what a
// copier given a directory as its destination names the copy.
func baseName(p string) string {
	p = strings.TrimRight(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// shadowsProgram reports a file in a user's bin directory (UserBinDirs, or
// a node_modules/.bin that npm scripts put first) named like a program
// hguard knows or one the system has (systemBinDirs): echo 'rm -rf ~' >
// ~/.local/bin/ls runs in ls's place.
func shadowsProgram(p string) bool {
	if p == "" || len(p) > 4096 || strings.ContainsAny(p, "*?[") {
		return false
	}
	dir, base := path.Split(homeForm(cleanPath(p)))
	if base == "" || !slices.Contains(cmdline.UserBinDirs, strings.TrimSuffix(dir, "/")) && !strings.HasSuffix(dir, "/node_modules/.bin/") && dir != "node_modules/.bin/" {
		return false
	}
	if cmdline.KnownName(base) {
		return true
	}
	for _, d := range systemBinDirs {
		if fi, err := os.Stat(d + base); err == nil && !fi.IsDir() {
			return true
		}
	}
	return false
}

// systemBinDirs are where the system's programs are: a name found there
// (asked only for a write into a user's bin directory) is a program a
// file of that name would shadow, known to hguard or not.
var systemBinDirs = []string{"/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"}

// InstructionFile reports whether a path is one of the files coding agents
// read as standing instructions for every session in a project or home
// (CLAUDE.md, AGENTS.md, GEMINI.md, .cursorrules, Cursor's and Cline's
// rule directories, Copilot's instructions): text an agent writes there
// steers the next session, so a steered agent can make its steering last.
func InstructionFile(path string) bool {
	p := strings.ReplaceAll(path, "\\", "/")
	base := p[strings.LastIndexByte(p, '/')+1:]
	for _, name := range instructionNames {
		// the agents look their files up by exact name; macOS's file
		// system finds CLAUDE.md by claude.md too
		if base == name || runtime.GOOS == "darwin" && strings.EqualFold(base, name) {
			return true
		}
	}
	p = strings.ToLower(p)
	if strings.Contains("/"+p, "/.roo/rules") {
		return true // .roo/rules/, .roo/rules-code/
	}
	for _, dir := range instructionDirs {
		if strings.Contains("/"+p+"/", dir) { // the directory itself: cp r.mdc .cursor/rules/
			return true
		}
	}
	return false
}

// instructionNames are the agents' instruction files by name, and
// instructionDirs the directories whose files are all instructions:
// rules, prompts, subagents, skills and commands a session loads as orders.
var (
	instructionNames = []string{"CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENT.md", "AGENTS.override.md", "GEMINI.md", "QWEN.md",
		"CRUSH.md", "OPENCODE.md", "CONVENTIONS.md", ".cursorrules", ".windsurfrules", ".clinerules", ".goosehints", "copilot-instructions.md"}
	instructionDirs = []string{"/.cursor/rules/", "/.clinerules/", "/.windsurf/rules/", "/.github/instructions/", "/.continue/rules/",
		"/.amazonq/rules/", "/.kiro/steering/", "/.github/prompts/", "/.claude/agents/", "/.claude/commands/", "/.claude/skills/",
		"/.claude/rules/", "/.claude/output-styles/", "/.cursor/commands/", "/.codex/prompts/"}
)

// patternFinds reports that pattern, a program's extended regular
// expression (pkill ssh[d]), matches somewhere in text; an invalid one
// matches nothing, as the program refuses it.
func patternFinds(pattern, text string) bool {
	re, err := regexp.Compile(pattern)
	return err == nil && re.MatchString(text)
}
