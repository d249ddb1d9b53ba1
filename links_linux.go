package hguard

import (
	"os"
	"path/filepath"
	"syscall"
)

// hardSecrets are the secret files, under the home, that a hard link
// made elsewhere is compared with: the ones an agent's exfiltration goes
// for first. A hard link has no target to read, only the same inode.
var hardSecrets = []string{".ssh/id_*", ".aws/credentials", ".netrc", ".git-credentials", ".kube/config",
	".claude/.credentials.json", ".config/gh/hosts.yml", ".docker/config.json", ".npmrc", ".pypirc", ".gnupg/private-keys-v1.d/*"}

// hardLinked returns the secret file (under ~) that the regular file p is
// another name of, "" when p has one name only or is none of them: ln
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
	if l.secrets == nil {
		l.secrets = map[[2]uint64]string{}
		for _, pattern := range hardSecrets {
			matches, _ := filepath.Glob(filepath.Join(l.home, pattern))
			for _, m := range matches[:min(len(matches), 64)] {
				if s, err := os.Stat(m); err == nil {
					if ss, ok := s.Sys().(*syscall.Stat_t); ok {
						l.secrets[[2]uint64{uint64(ss.Dev), ss.Ino}] = "~/" + m[len(l.home)+1:]
					}
				}
			}
		}
	}
	if secret, ok := l.secrets[[2]uint64{uint64(st.Dev), st.Ino}]; ok && filepath.Join(l.home, secret[2:]) != p {
		return secret
	}
	return ""
}
