//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd

package hguard

// hardLinked finds no hard links here: the inode is read on Linux and the
// BSDs (macOS) only.
func (l *linker) hardLinked(string) string { return "" }
