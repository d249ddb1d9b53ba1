// Package shelldiff holds the differential test of hguard's command model
// against the real shells: each line of a corpus runs in bash, zsh and fish
// inside a throwaway bubblewrap sandbox (read-only root, a tmpfs home, no
// network, every program in /usr/bin and /usr/sbin replaced by a stub that
// records its argv), and the programs that ran are compared with what
// dsl/cmdline.ParseShell says the line runs. It has no code outside its
// test; see docs/design.md.
package shelldiff
