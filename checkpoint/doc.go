// Package checkpoint snapshots a working directory into a shadow git
// repository and restores it, so that a mistaken command can be undone.
//
// Each working directory D gets a bare repository of its own under
// $HGUARD_HOME/checkpoints/<first 16 hex of sha256(D)>/. Every git call runs
// with GIT_DIR and GIT_WORK_TREE pointing at it and an isolated
// configuration: no system or global config, no hooks, no signing, no
// attributes or filters from the tree. The user's own repository, index and
// .git (and those of nested repositories, submodules and linked worktrees)
// are never read for writing nor changed: every entry named .git is excluded.
//
// hguard walks the tree itself rather than running `git add -A`, because
// git would record a nested repository as a gitlink and lose its files, and
// because the same exclusion rules (defaults, .gitignore files, config) must
// also decide which directories [Watch] watches. The walk counts entries as
// it goes and stops past [Config.MaxFiles] before any git work; files above
// [Config.MaxFileSize] are skipped and listed. Files the ignore files
// exclude but the user's git tracks or the latest snapshot held are kept
// (pins.go). The list of paths then goes to `git update-index --stdin`,
// whose stat cache makes an unchanged tree cheap.
//
// A snapshot is a parentless commit under refs/hguard/<nanoseconds>, so that
// pruning the oldest ones only deletes refs; the commit message holds the
// reason and the directories that were empty, which git cannot track.
// Excluded and skipped files are not in any snapshot and cannot be restored.
package checkpoint
