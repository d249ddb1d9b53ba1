package checkpoint

import "time"

// Config is the `checkpoints:` section of $HGUARD_HOME/config.yaml. The
// config package reads it (config.Load); this package only uses it.
type Config struct {
	Enabled      bool          // enabled: false turns create, ensure and watch into no-ops
	MaxSnapshots int           // max_snapshots: older snapshots are pruned (1–999)
	MaxFiles     int           // max_files: a larger tree is not snapshotted
	MaxFileSize  int64         // max_file_size: larger files are skipped and listed
	Exclude      []string      // exclude: extra gitignore-style patterns, applied last
	Debounce     time.Duration // debounce: quiet time before the watcher snapshots
	// Watch is the directories the daemon watches and snapshots after
	// changes (watch: [dirs]), absolute, symlinks not resolved; the config
	// package expands a leading ~.
	Watch []string
}

// Defaults of [Config].
const (
	DefaultMaxSnapshots = 50
	DefaultMaxFiles     = 50000
	DefaultMaxFileSize  = 10 << 20
	DefaultDebounce     = 2 * time.Second

	// maxSnapshotsLimit is the most snapshots config.yaml may keep (the
	// config package checks it).
	maxSnapshotsLimit = 999
)

// DefaultConfig is the configuration used when config.yaml is absent.
func DefaultConfig() Config {
	return Config{
		Enabled:      true,
		MaxSnapshots: DefaultMaxSnapshots,
		MaxFiles:     DefaultMaxFiles,
		MaxFileSize:  DefaultMaxFileSize,
		Debounce:     DefaultDebounce,
	}
}
