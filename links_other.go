//go:build !linux

package hguard

// hardLinked finds no hard links here: the inode is read on Linux only.
func (l *linker) hardLinked(string) string { return "" }
