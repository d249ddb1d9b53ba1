package hguard

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
	"github.com/hguard/hguard/redact"
)

// changedSlack is how much earlier than the session's start a file's
// modification time may be and still count as changed during the session:
// file systems keep coarse times (FAT's two seconds), and clocks step.
const changedSlack = 2 * time.Second

// earlierFiles is cmdline.Before.Written for a session: it reads a file the
// line runs when the session's commands wrote it (written, where a
// directory stands for the files under it that it took the place of:
// session.State.AddWritten) or it changed after since. A script that has not changed in the session is the
// project's own, which hguard leaves to the person who chose to work on it
// (as it leaves a clone's build files; docs/approvals.md).
func earlierFiles(written []string, since time.Time) func(string) (cmdline.EarlierFile, bool) {
	return filesWhere(func(p string) bool { return sessionWrote(p, written, since) })
}

// factsWhere is cmdline.Before.Facts for the files read reports: whether
// one is a symbolic link, and the SHA-256 of a regular file's bytes (up to
// cmdline.MaxInput; "" past that).
func factsWhere(read func(p string) bool) func(string) (cmdline.FileFacts, bool) {
	home := os.Getenv("HOME")
	return func(p string) (cmdline.FileFacts, bool) {
		p, ok := homeJoined(home, p)
		if !ok || !filepath.IsAbs(p) || strings.ContainsAny(p, "*?[") {
			return cmdline.FileFacts{}, false
		}
		if p = filepath.Clean(p); !read(p) {
			return cmdline.FileFacts{}, false
		}
		fi, err := os.Lstat(p)
		switch {
		case err != nil:
			return cmdline.FileFacts{}, false
		case fi.Mode()&os.ModeSymlink != 0:
			return cmdline.FileFacts{Link: true}, true
		case !fi.Mode().IsRegular():
			return cmdline.FileFacts{}, false
		}
		// O_NONBLOCK: a FIFO put in the file's place after the stat must
		// not hang the check
		f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			return cmdline.FileFacts{}, true
		}
		defer f.Close()
		h := sha256.New()
		if n, err := io.Copy(h, io.LimitReader(f, cmdline.MaxInput+1)); err != nil || n > cmdline.MaxInput {
			return cmdline.FileFacts{}, true
		}
		return cmdline.FileFacts{SHA256: hex.EncodeToString(h.Sum(nil))}, true
	}
}

// filesWhere is cmdline.Before.Written for the files read reports: it
// reads them as scripts, a glob's matches among them one after another.
func filesWhere(read func(p string) bool) func(string) (cmdline.EarlierFile, bool) {
	home := os.Getenv("HOME")
	one := func(p string) (cmdline.EarlierFile, bool) {
		if !read(p) {
			return cmdline.EarlierFile{}, false
		}
		return readScript(p)
	}
	return func(p string) (cmdline.EarlierFile, bool) {
		p, ok := homeJoined(home, p)
		if !ok || !filepath.IsAbs(p) {
			return cmdline.EarlierFile{}, false
		}
		p = filepath.Clean(p)
		if !strings.ContainsAny(p, "*?[") {
			return one(p)
		}
		if root, pattern, ok := strings.Cut(p, "/**/"); ok && !strings.ContainsAny(root, "*?[") && !strings.Contains(pattern, "/") {
			return treeMatches(root, pattern, one)
		}
		// bash x.s? runs the first match and hands it the others: every
		// match the session wrote is read, one after another
		// (find . -name '*.sh' -exec bash {} \; asks for ./*/*.sh): the
		// session's files among the matches, not the first matches only
		matches, _ := filepath.Glob(p)
		var all cmdline.EarlierFile
		found, n := false, 0
		for _, m := range matches[:min(len(matches), maxGlobMatches)] {
			if n >= maxGlobScripts {
				break
			}
			if f, ok := one(m); ok {
				all.Text += f.Text + "\n"
				all.Whole = (!found || all.Whole) && f.Whole
				found = true
				n++
			}
		}
		if !all.Whole {
			all.Text = ""
		}
		return all, found
	}
}

// homeJoined is p with a leading ~ put as home, the absolute home
// directory; not ok for ~ when home is unknown or relative.
func homeJoined(home, p string) (string, bool) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p, true
	}
	if home == "" || !filepath.IsAbs(home) {
		return "", false
	}
	return filepath.Join(home, p[1:]), true
}

// sessionWrote reports a regular file (a link counts as what it points
// to) the session's commands wrote (written, where a directory stands for
// the files under it) or that changed after since.
func sessionWrote(p string, written []string, since time.Time) bool {
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	recorded := slices.ContainsFunc(written, func(q string) bool { return p == q || strings.HasPrefix(p, q+"/") })
	return recorded || changedSince(fi, since)
}

// sessionSecrets is dsl.Context.SecretFile for a session: a file an
// earlier command filled with a secret (held: Verdict.Held), or a file the
// session wrote (as earlierFiles has it) whose content holds a private
// key or a provider's token by redact's patterns, so that
// cp ~/.ssh/id_rsa k.txt, approved, and then curl -T k.txt sends a key.
// The patterns that guess from a name alone (password = …, a JWT, a
// Bearer header) are left out: the session's own code and fixtures are
// full of them. Files over maxSecretScan are not looked into, each path is
// looked into once per check, and a check reads at most
// maxSecretScanTotal of them: a line naming one file thousands of times
// must not take minutes.
func sessionSecrets(written, held []string, since time.Time) func(string) bool {
	home := os.Getenv("HOME")
	seen := map[string]bool{} // a line may name one file thousands of times
	budget := maxSecretScanTotal
	scan := func(p string) bool {
		p, ok := homeJoined(home, p)
		if !ok || !filepath.IsAbs(p) {
			return false
		}
		if strings.ContainsAny(p, "*?[") {
			// curl -T e.* after env > e.txt: a pattern that matches a held file
			return slices.ContainsFunc(held, func(h string) bool {
				ok, _ := filepath.Match(filepath.Clean(p), h)
				return ok
			})
		}
		if dsl.HeldMatch(held, filepath.Clean(p)) {
			return true // filled with a secret by an earlier command, whatever it now shows
		}
		if !sessionWrote(filepath.Clean(p), written, since) {
			return false
		}
		if fi, err := os.Stat(p); err != nil || fi.Size() > maxSecretScan || fi.Size() > int64(budget) {
			return false // keys and environment dumps are small; the budget bounds a line's reading
		}
		f, ok := readScript(filepath.Clean(p))
		if !ok || f.Text == "" {
			return false
		}
		budget -= len(f.Text)
		return slices.ContainsFunc(redact.Find(f.Text), func(x redact.Finding) bool {
			start := min(int(x.Offset), len(f.Text))
			end := min(start+x.Len, len(f.Text))
			// the documentation's keys (AKIAIOSFODNN7EXAMPLE) fill test fixtures
			return !guessedSecrets[x.Rule] && !strings.Contains(strings.ToUpper(f.Text[start:end]), "EXAMPLE")
		})
	}
	return func(p string) bool {
		if held, ok := seen[p]; ok {
			return held
		}
		held := scan(p)
		seen[p] = held
		return held
	}
}

// maxSecretScan is the largest session file looked into for a secret, and
// maxSecretScanTotal what one check reads of them in all.
const (
	maxSecretScan      = 256 << 10
	maxSecretScanTotal = 8 << 20
)

// guessedSecrets are redact's patterns that judge by a name beside the
// value, not by the value's own shape.
var guessedSecrets = map[string]bool{
	"generic-secret": true, "cli-secret-flag": true, "jwt": true, "url-password": true,
	"authorization-header": true, "bearer-token": true,
}

// changedSince reports a file changed after since: its modification time,
// or its inode's change time, which touch -d, cp -p and tar x cannot set
// back. The kernel stamps the latter from a coarse clock (a few
// milliseconds behind), and the session starts before its first command
// runs.
func changedSince(fi os.FileInfo, since time.Time) bool {
	if since.IsZero() {
		return false
	}
	if !fi.ModTime().Before(since.Add(-changedSlack)) {
		return true
	}
	ct, ok := changeTime(fi)
	return ok && !ct.Before(since.Add(-ctimeSlack))
}

// ctimeSlack is how much earlier than the session's start a file's change
// time may be and still count: the kernel's coarse clock lags by a tick.
const ctimeSlack = 20 * time.Millisecond

// maxGlobScripts bounds the files a glob's script is read from, and
// maxGlobMatches the matches looked at for them.
const (
	maxGlobScripts = 16
	maxGlobMatches = 4096
)

// Bounds on a walk for DIR/**/NAME (treeMatches): the directories looked
// into and how deep, the files read and their bytes together. Reading
// costs: the rules take seconds over a MiB of code.
const (
	maxTreeDirs    = 4096
	maxTreeDepth   = 12
	maxTreeScripts = 128
	maxTreeBytes   = 512 << 10
)

// treeSkips are the directories a test runner's walk does not enter
// (pytest's norecursedirs, with __pycache__ and site-packages): a
// dependency's or a virtual environment's files are not the project's
// tests. A directory whose name starts with "." is skipped too.
var treeSkips = map[string]bool{"node_modules": true, "venv": true, "build": true, "dist": true, "CVS": true, "_darcs": true,
	"{arch}": true, "__pycache__": true, "site-packages": true}

// treeMatches is filesWhere's reading of root/**/pattern: the files under
// root at any depth whose name matches pattern (or one of the patterns
// "|" parts), as a test runner collects them (pytest's test_*.py and
// conftest.py in nested directories), one after another, shallowest
// first: a top directory's files are read before its subdirectories'.
// Past a bound (too many directories, too deep, too many or too large
// files, or one file not whole) the files read so far are given,
// Partial: what the rest run is unknown.
func treeMatches(root, pattern string, one func(string) (cmdline.EarlierFile, bool)) (cmdline.EarlierFile, bool) {
	patterns := strings.Split(pattern, "|")
	var all cmdline.EarlierFile
	found, cut, dirs, n, size := false, false, 0, 0, 0
	type dir struct {
		path  string
		depth int
	}
	queue := []dir{{root, 0}}
	for len(queue) > 0 && !cut {
		d := queue[0]
		queue = queue[1:]
		if dirs++; dirs > maxTreeDirs {
			cut = true
			break
		}
		entries, err := os.ReadDir(d.path)
		if err != nil {
			continue // an unreadable directory: the runner cannot read it either
		}
		for _, e := range entries {
			p := filepath.Join(d.path, e.Name())
			if e.IsDir() {
				name := e.Name()
				if strings.HasPrefix(name, ".") || treeSkips[name] || strings.HasSuffix(name, ".egg") {
					continue
				}
				if _, err := os.Lstat(filepath.Join(p, "pyvenv.cfg")); err == nil {
					continue // a virtual environment
				}
				if d.depth+1 > maxTreeDepth {
					cut = true
					continue
				}
				queue = append(queue, dir{p, d.depth + 1})
				continue
			}
			if !slices.ContainsFunc(patterns, func(pat string) bool { ok, _ := filepath.Match(pat, e.Name()); return ok }) {
				continue
			}
			f, ok := one(p)
			if !ok {
				continue
			}
			if n, size = n+1, size+len(f.Text); !f.Whole || n > maxTreeScripts || size > maxTreeBytes {
				cut = true // this one not read: it and the rest are unknown
				break
			}
			all.Text += f.Text + "\n"
			found = true
			if !slices.Contains(all.Dirs, d.path) {
				all.Dirs = append(all.Dirs, d.path)
			}
		}
	}
	all.Whole, all.Partial = true, cut
	return all, found || cut
}

// readScript reads a script of at most cmdline.MaxInput bytes. A larger,
// unreadable or NUL-holding one is returned not Whole: what it runs is
// unknown (bash drops a NUL byte after the first line and runs the rest).
// A file bash refuses to run as a script (an ELF program, or a NUL byte in
// its first line's first 80 bytes) is not returned.
func readScript(p string) (cmdline.EarlierFile, bool) {
	// O_NONBLOCK: a FIFO put in the file's place after the stat must not
	// hang the check.
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return cmdline.EarlierFile{}, true
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return cmdline.EarlierFile{}, true
	}
	data, err := io.ReadAll(io.LimitReader(f, cmdline.MaxInput+1))
	if err != nil || len(data) > cmdline.MaxInput {
		return cmdline.EarlierFile{}, true
	}
	if bytes.HasPrefix(data, []byte("\x7fELF")) {
		return cmdline.EarlierFile{}, false // a program
	}
	if nul := bytes.IndexByte(data, 0); nul >= 0 {
		if first := bytes.IndexByte(data, '\n'); nul < 80 && (first < 0 || nul < first) {
			return cmdline.EarlierFile{}, false // bash: "cannot execute binary file"
		}
		return cmdline.EarlierFile{}, true
	}
	return cmdline.EarlierFile{Text: string(data), Whole: true}, true
}
