package plugins

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hguard/hguard/internal/atomicfile"
)

// Entry is one third-party detector registered with 'hguard plugin add',
// kept in $HGUARD_HOME/plugins.json.
type Entry struct {
	Name      string    `json:"name"`
	Version   string    `json:"version"`
	Path      string    `json:"path"`   // absolute, symlinks resolved
	SHA256    string    `json:"sha256"` // hex; the binary must still have it to be run
	FailOpen  bool      `json:"fail_open"`
	TimeoutMS int64     `json:"timeout_ms"`
	Added     time.Time `json:"added"`
}

type registryFile struct {
	Plugins []Entry `json:"plugins"`
}

// AddOptions are the choices 'hguard plugin add' offers.
type AddOptions struct {
	FailOpen bool          // a failure adds a warn finding; otherwise an ask finding
	Timeout  time.Duration // each call's deadline; 0 means DefaultTimeout
}

// reserved names belong to built-in detectors.
var reserved = []string{"tirith", "registry", "host"}

func registryPath(home string) string { return filepath.Join(home, "plugins.json") }

func (e Entry) timeout() time.Duration { return time.Duration(e.TimeoutMS) * time.Millisecond }

func (e Entry) spec() (launchSpec, error) {
	sum, err := hex.DecodeString(e.SHA256)
	return launchSpec{path: e.Path, sum: sum}, err
}

func (e Entry) validate() error {
	switch sum, err := hex.DecodeString(e.SHA256); {
	case !nameRe.MatchString(e.Name) || slices.Contains(reserved, e.Name):
		return fmt.Errorf("bad plugin name %q", e.Name)
	case !filepath.IsAbs(e.Path):
		return fmt.Errorf("plugin %s: path %q is not absolute", e.Name, e.Path)
	case err != nil || len(sum) != 32:
		return fmt.Errorf("plugin %s: sha256 %q is not 64 hex digits", e.Name, e.SHA256)
	case e.TimeoutMS <= 0 || e.TimeoutMS > 600_000:
		return fmt.Errorf("plugin %s: timeout_ms %d is not between 1 and 600000", e.Name, e.TimeoutMS)
	}
	return nil
}

// readRegistry reads the registered plugins; a missing file is none.
func readRegistry(home string) ([]Entry, error) {
	if home == "" {
		return nil, nil
	}
	path := registryPath(home)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var r registryFile
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	seen := map[string]bool{}
	for _, e := range r.Plugins {
		if err := e.validate(); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if seen[e.Name] {
			return nil, fmt.Errorf("%s: plugin %s is listed twice", path, e.Name)
		}
		seen[e.Name] = true
	}
	return r.Plugins, nil
}

// Add registers the plugin binary at path: it checks its permissions,
// records its SHA-256, starts it once to learn its name and version, and
// adds it to home's plugins.json, replacing an entry of the same name (which
// is how a rebuilt plugin is trusted again).
func Add(ctx context.Context, home, path string, opt AddOptions) (Entry, error) {
	if home == "" {
		return Entry{}, errors.New("no hguard home: set HGUARD_HOME")
	}
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	entries, err := readRegistry(home)
	if err != nil {
		return Entry{}, err
	}
	abs, err := filepath.Abs(path)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return Entry{}, err
	}
	if err := checkBinary(abs); err != nil {
		return Entry{}, err
	}
	sum, err := fileSHA256(abs)
	if err != nil {
		return Entry{}, err
	}
	r, err := launch(ctx, launchSpec{path: abs, sum: sum, timeout: max(opt.Timeout, 2*time.Second)})
	if err != nil {
		if isTirith(ctx, abs) {
			return Entry{}, fmt.Errorf("%s is the tirith program, not a detector plugin: hguard runs it through its built-in tirith detector; "+
				"set security.tirith_enabled: true and security.tirith_path: %s in config.yaml, or run 'hguard plugin install tirith --from %s'", abs, abs, abs)
		}
		return Entry{}, fmt.Errorf("%s is not a working hguard detector plugin: %w", abs, err)
	}
	r.client.Kill()
	e := Entry{Name: r.desc.Name, Version: r.desc.Version, Path: abs, SHA256: hex.EncodeToString(sum),
		FailOpen: opt.FailOpen, TimeoutMS: opt.Timeout.Milliseconds(), Added: time.Now().UTC().Truncate(time.Second)}
	if err := e.validate(); err != nil {
		return Entry{}, fmt.Errorf("%s: %v (reserved: %v)", abs, err, reserved)
	}
	entries = slices.DeleteFunc(entries, func(o Entry) bool { return o.Name == e.Name })
	entries = append(entries, e)
	b, err := json.MarshalIndent(registryFile{Plugins: entries}, "", "  ")
	if err != nil {
		return Entry{}, err
	}
	return e, atomicfile.Write(registryPath(home), append(b, '\n'), 0o600)
}

// isTirith reports whether the program at path answers --version as
// tirith does: the mistake of adding tirith itself as a plugin.
func isTirith(ctx context.Context, path string) bool {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "--version")
	cmd.WaitDelay = time.Second
	out, err := cmd.Output()
	return err == nil && strings.HasPrefix(string(out), "tirith ")
}
