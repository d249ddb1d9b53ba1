//go:build linux || darwin || freebsd || netbsd || openbsd

package hguard

import (
	"os"
	"path/filepath"
	"syscall"
)

// hardKnown are the files, under the home, that a hard link made
// elsewhere is compared with: the secrets an agent's exfiltration goes for
// first, and the files whose rewrite switches hguard off or runs code at
// the next login (cp -l ~/.claude/settings.json s.json, then a file tool's
// Write of s.json). A hard link has no target to read, only the same inode.
var hardKnown = []string{".ssh/id_*", ".aws/credentials", ".netrc", ".git-credentials", ".kube/config",
	".claude/.credentials.json", ".config/gh/hosts.yml", ".docker/config.json", ".npmrc", ".pypirc", ".gnupg/private-keys-v1.d/*",
	".claude/settings.json", ".claude/settings.local.json", ".codex/config.toml", ".gemini/settings.json", ".cursor/hooks.json",
	".hguard/config.yaml", ".hguard/rules.d/*", ".bashrc", ".bash_profile", ".profile", ".zshrc", ".zshenv", ".zprofile",
	".config/fish/config.fish", ".gitconfig", ".ssh/authorized_keys", ".ssh/config"}

// hardLinked returns the file of hardKnown (under ~) that the regular file
// p is another name of, "" when p has one name only or is none of them: ln
// ~/.ssh/id_rsa notes.txt leaves no link to follow.
func (l *linker) hardLinked(p string) string {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || l.home == "" {
		return ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || st.Nlink < 2 {
		return ""
	}
	if l.known == nil {
		l.known = map[[2]uint64]string{}
		for _, pattern := range hardKnown {
			matches, _ := filepath.Glob(filepath.Join(l.home, pattern))
			for _, m := range matches[:min(len(matches), 64)] {
				if s, err := os.Stat(m); err == nil {
					if ss, ok := s.Sys().(*syscall.Stat_t); ok {
						l.known[[2]uint64{uint64(ss.Dev), ss.Ino}] = "~/" + m[len(l.home)+1:]
					}
				}
			}
		}
	}
	if f, ok := l.known[[2]uint64{uint64(st.Dev), st.Ino}]; ok && filepath.Join(l.home, f[2:]) != p {
		return f
	}
	return ""
}
