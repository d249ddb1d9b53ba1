package cmdline

import (
	"path"
	"slices"
	"strings"
)

// remoteCopies follows scp's and rsync's copy onto another host as the cp
// it is there: `scp passwd root@server:/etc/passwd` writes the server's
// /etc/passwd as `cp passwd /etc/passwd` writes this one's, and a remote
// path that is not absolute lies in the login's home (`scp x host:.bashrc`
// is `cp x ~/.bashrc`), so the rules for writes judge the destination
// wherever it is. A source on a host (scp -3 a:x b:/etc/cron.d/, or
// between two hosts) is named there by its own name. A copy onto this
// machine writes nothing elsewhere; rsync's daemon modules (host::module,
// rsync://) name no path.
func (w *walker) remoteCopies(c *Command, args []field, cx ctx) {
	if c.Name != "scp" && c.Name != "rsync" || c.Dynamic {
		return
	}
	ops, recursive := remoteCopyOperands(c.Name, args)
	if len(ops) < 2 {
		return
	}
	dst := ops[len(ops)-1]
	path, ok := remoteDest(c.Name, dst.Value)
	if !ok || dst.Dynamic {
		return
	}
	fs := []field{{Word: Word{Value: "cp"}}}
	if recursive {
		fs = append(fs, field{Word: Word{Value: "-r"}})
	}
	for _, s := range ops[:len(ops)-1] {
		if p, remote := remoteDest(c.Name, s.Value); remote {
			s = field{Word: Word{Value: remoteName(p)}}
		} else if remoteModule(s.Value) {
			return
		}
		fs = append(fs, s)
	}
	w.spawnElsewhere(c, append(fs, field{Word: Word{Value: path}}), Wrapper{Name: c.Name}, cx)
}

// rsyncValueLetters are rsync's short options that take the next word,
// rsyncValued its long ones (without =).
var (
	rsyncValueLetters = "eBfMT"
	rsyncValued       = []string{"--rsh", "--rsync-path", "--exclude", "--include", "--filter", "--exclude-from", "--include-from",
		"--files-from", "--temp-dir", "--partial-dir", "--log-file", "--log-file-format", "--chmod", "--chown", "--usermap",
		"--groupmap", "--compare-dest", "--copy-dest", "--link-dest", "--backup-dir", "--suffix", "--timeout", "--contimeout",
		"--bwlimit", "--max-size", "--min-size", "--port", "--password-file", "--out-format", "--remote-option", "--block-size",
		"--iconv", "--sockopts", "--info", "--debug", "--compress-choice", "--checksum-choice", "--max-delete", "--modify-window"}
)

// remoteCopyOperands are scp's or rsync's operands (options and their values
// left out) and whether the copy takes directories (scp -r; rsync -r, -a).
func remoteCopyOperands(name string, args []field) (ops []field, recursive bool) {
	letters := sshValueLetters["scp"]
	if name == "rsync" {
		letters = rsyncValueLetters
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			return append(ops, args[i+1:]...), recursive
		}
		if len(v) < 2 || v[0] != '-' {
			ops = append(ops, args[i])
			continue
		}
		if strings.HasPrefix(v, "--") {
			recursive = recursive || name == "rsync" && (v == "--recursive" || v == "--archive")
			if name == "rsync" && slices.Contains(rsyncValued, v) {
				i++
			}
			continue
		}
		for j := 1; j < len(v); j++ {
			if v[j] == 'r' || name == "rsync" && v[j] == 'a' {
				recursive = true
			}
			if strings.IndexByte(letters, v[j]) >= 0 {
				if j == len(v)-1 {
					i++ // the value is the next word
				}
				break
			}
		}
	}
	return ops, recursive
}

// remoteDest is the path on the remote host of an operand of scp or rsync:
// [USER@]HOST:PATH, or scp's URI scp://[USER@]HOST[:PORT]/PATH (a path
// after a second slash is absolute: scp://h//etc/x); false for a local
// path or one of rsync's daemon modules.
func remoteDest(prog, v string) (string, bool) {
	if rest, ok := strings.CutPrefix(v, "scp://"); ok && prog == "scp" {
		_, p, _ := strings.Cut(rest, "/")
		switch {
		case p == "":
			return "~/", true
		case strings.HasPrefix(p, "/"):
			return p, true
		}
		return "~/" + p, true
	}
	if remoteModule(v) {
		return "", false
	}
	return remotePath(v)
}

// remoteModule reports an rsync daemon's module (host::module/path,
// rsync://host/module/path): a name the daemon maps, not a path.
func remoteModule(v string) bool {
	if strings.HasPrefix(v, "rsync://") {
		return true
	}
	if strings.HasPrefix(v, "[") { // [v6addr]::module
		j := strings.IndexByte(v, ']')
		return j > 0 && strings.HasPrefix(v[j+1:], "::")
	}
	i := strings.IndexByte(v, ':')
	return i > 0 && !strings.ContainsRune(v[:i], '/') && strings.HasPrefix(v[i:], "::")
}

// remoteName is the name a file copied from another host has: its path's
// last element, or "." for a home (copies it whole).
func remoteName(p string) string {
	b := path.Base(strings.TrimSuffix(p, "/"))
	if b == "~" || b == "/" || b == "" {
		return "."
	}
	return b
}

// remotePath is the path on the remote host of scp's HOST:PATH operand
// ([USER@]HOST:PATH), relative paths made the login's home's; a local path
// (one with a slash before any colon) is not one.
func remotePath(v string) (string, bool) {
	i := strings.IndexByte(v, ':')
	if i <= 0 || strings.ContainsRune(v[:i], '/') {
		return "", false
	}
	if strings.HasPrefix(v, "[") { // [v6addr]:path
		j := strings.Index(v, "]:")
		if j < 0 {
			return "", false
		}
		i = j + 1
	}
	p := v[i+1:]
	switch {
	case p == "":
		return "~/", true
	case strings.HasPrefix(p, "/"), strings.HasPrefix(p, "~"):
		return p, true
	}
	return "~/" + p, true
}
