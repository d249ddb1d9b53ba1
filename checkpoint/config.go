package checkpoint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Config is the `checkpoints:` section of $HGUARD_HOME/config.yaml.
type Config struct {
	Enabled      bool          // enabled: false turns create, ensure and watch into no-ops
	MaxSnapshots int           // max_snapshots: older snapshots are pruned (1–999)
	MaxFiles     int           // max_files: a larger tree is not snapshotted
	MaxFileSize  int64         // max_file_size: larger files are skipped and listed
	Exclude      []string      // exclude: extra gitignore-style patterns, applied last
	Debounce     time.Duration // debounce: quiet time before the watcher snapshots
}

// Defaults of [Config].
const (
	DefaultMaxSnapshots = 50
	DefaultMaxFiles     = 50000
	DefaultMaxFileSize  = 10 << 20
	DefaultDebounce     = 2 * time.Second

	// maxSnapshotsLimit keeps every snapshot addressable by a list number
	// of at most three digits (see [ParseRef]).
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

// LoadConfig reads the checkpoints section of home/config.yaml. A missing
// file or section gives the defaults; a malformed one is an error naming
// the file and line.
func LoadConfig(home string) (Config, error) {
	cfg := DefaultConfig()
	if home == "" {
		return cfg, nil
	}
	path := filepath.Join(home, "config.yaml")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return cfg, nil
	}
	if err != nil {
		return cfg, fmt.Errorf("reading %s: %w", path, err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return cfg, fmt.Errorf("%s: %v", path, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(doc.Content) == 0 {
		return cfg, nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return cfg, fmt.Errorf("%s:%d: the file must be a mapping of sections", path, root.Line)
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "checkpoints" {
			if err := cfg.decode(root.Content[i+1]); err != nil {
				return cfg, fmt.Errorf("%s:%v", path, err)
			}
		}
	}
	return cfg, nil
}

func (c *Config) decode(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("%d: checkpoints must be a mapping", n.Line)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i].Value, n.Content[i+1]
		bad := func(want string) error {
			return fmt.Errorf("%d: checkpoints.%s must be %s, not %q", val.Line, key, want, val.Value)
		}
		switch key {
		case "enabled":
			if val.Decode(&c.Enabled) != nil {
				return bad("true or false")
			}
		case "max_snapshots":
			if val.Decode(&c.MaxSnapshots) != nil || c.MaxSnapshots < 1 || c.MaxSnapshots > maxSnapshotsLimit {
				return bad("a number from 1 to 999")
			}
		case "max_files":
			if val.Decode(&c.MaxFiles) != nil || c.MaxFiles < 1 {
				return bad("a positive number")
			}
		case "max_file_size":
			size, err := parseSize(val.Value)
			if val.Kind != yaml.ScalarNode || err != nil {
				return bad("a size such as 10485760 or 10MiB")
			}
			c.MaxFileSize = size
		case "exclude":
			if val.Decode(&c.Exclude) != nil {
				return bad("a list of patterns")
			}
		case "debounce":
			d, err := time.ParseDuration(val.Value)
			if val.Kind != yaml.ScalarNode || err != nil || d < 0 {
				return bad("a duration such as 2s")
			}
			c.Debounce = d
		default:
			return fmt.Errorf("%d: unknown key checkpoints.%s (known: enabled, max_snapshots, max_files, max_file_size, exclude, debounce)", n.Content[i].Line, key)
		}
	}
	return nil
}

// parseSize reads a byte count with an optional unit: 1000, 10KB, 10MiB.
func parseSize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	units := []struct {
		suffix string
		mult   int64
	}{
		{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1},
	}
	mult := int64(1)
	for _, u := range units {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = strings.TrimSpace(n), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 || n > (1<<62)/mult {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return n * mult, nil
}
