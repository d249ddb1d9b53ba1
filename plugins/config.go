package plugins

import (
	"fmt"
	"time"

	"github.com/hguard/hguard/config"
)

// LoadConfig reads $HGUARD_HOME/config.yaml with the config package (the
// one parser every hguard program uses) and takes its security section:
// the same keys, values and errors as hguard itself, tirith_timeout: 500ms
// included. A missing file gives the defaults: tirith off, fail open, 5 s.
func LoadConfig(home string) (HostConfig, error) {
	cfg, err := config.Load(home)
	if err != nil {
		return HostConfig{Home: home, Tirith: TirithConfig{FailOpen: true, Timeout: DefaultTimeout}}, err
	}
	return FromConfig(home, cfg)
}

// FromConfig is the host configuration of a loaded config.yaml.
func FromConfig(home string, cfg *config.Config) (HostConfig, error) {
	s := cfg.Security
	if s.TirithTimeout > maxTimeout {
		return HostConfig{}, fmt.Errorf("%s: security.tirith_timeout: %s is longer than %s", cfg.Path, s.TirithTimeout, maxTimeout)
	}
	return HostConfig{Home: home, Tirith: TirithConfig{Enabled: s.TirithEnabled, FailOpen: s.TirithFailOpen,
		Timeout: s.TirithTimeout, Path: s.TirithPath, Online: s.TirithOnline}}, nil
}

// maxTimeout bounds one detector call.
const maxTimeout = 10 * time.Minute
