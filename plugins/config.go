package plugins

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"go.yaml.in/yaml/v3"
)

// LoadConfig reads the security keys of $HGUARD_HOME/config.yaml into a
// HostConfig. A missing file gives the defaults: tirith off, fail open, 5 s.
// It is a stopgap for the CLI; a caller with its own configuration fills
// HostConfig directly.
func LoadConfig(home string) (HostConfig, error) {
	cfg := HostConfig{Home: home, Tirith: TirithConfig{FailOpen: true, Timeout: DefaultTimeout}}
	if home == "" {
		return cfg, nil
	}
	path := filepath.Join(home, "config.yaml")
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return cfg, nil
	}
	if err != nil {
		return cfg, err
	}
	var doc struct {
		Security struct {
			Enabled  *bool    `yaml:"tirith_enabled"`
			FailOpen *bool    `yaml:"tirith_fail_open"`
			Timeout  *float64 `yaml:"tirith_timeout"`
			Path     string   `yaml:"tirith_path"`
			Online   *bool    `yaml:"tirith_online"`
		} `yaml:"security"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return cfg, fmt.Errorf("%s: %v", path, err)
	}
	s := doc.Security
	if s.Enabled != nil {
		cfg.Tirith.Enabled = *s.Enabled
	}
	if s.FailOpen != nil {
		cfg.Tirith.FailOpen = *s.FailOpen
	}
	if s.Timeout != nil {
		if *s.Timeout <= 0 || *s.Timeout > 600 {
			return cfg, fmt.Errorf("%s: security.tirith_timeout: %v is not between 0 and 600 seconds", path, *s.Timeout)
		}
		cfg.Tirith.Timeout = time.Duration(*s.Timeout * float64(time.Second))
	}
	if s.Online != nil {
		cfg.Tirith.Online = *s.Online
	}
	cfg.Tirith.Path = s.Path
	return cfg, nil
}
