package plugins

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sync"

	"github.com/hguard/hguard/plugins/prefilter"
	"github.com/hguard/hguard/plugins/tirith/installed"
)

// tirithResolver finds the two binaries the tirith detector needs: the
// hguard-tirith plugin and the tirith program it runs.
type tirithResolver struct {
	cfg   TirithConfig
	home  string
	bgCtx context.Context

	mu         sync.Mutex
	pluginPath string
	pluginSum  []byte // pinned at first launch: a plugin swapped later is refused
	installing bool
	bin        string // the tirith binary of the last launch
}

// recordPrefilter keeps the started tirith's prefilter where a one-shot
// hguard check finds it (prefilter.ForBinary); a tirith without one
// removes the record, so that every line goes to it.
func (t *tirithResolver) recordPrefilter(spec *prefilter.Spec) {
	t.mu.Lock()
	bin := t.bin
	t.mu.Unlock()
	if t.home == "" || bin == "" {
		return
	}
	if spec != nil {
		if old, err := prefilter.RecordedSpec(t.home, bin); err == nil && reflect.DeepEqual(old, spec) {
			return // recorded already: no write (and fsync) per one-shot check
		}
	}
	if spec == nil || prefilter.WriteRecord(t.home, bin, spec) != nil {
		prefilter.RemoveRecord(t.home)
	}
}

// PluginBinary is the file name of the tirith detector plugin.
const PluginBinary = "hguard-tirith"

func (t *tirithResolver) spec() (launchSpec, error) {
	bin, sum, err := t.binary()
	if err != nil {
		return launchSpec{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.bin = bin
	if t.pluginPath == "" {
		path, err := t.findPlugin()
		if err != nil {
			return launchSpec{}, err
		}
		if err := checkBinary(path); err != nil {
			return launchSpec{}, err
		}
		sum, err := fileSHA256(path)
		if err != nil {
			return launchSpec{}, err
		}
		t.pluginPath, t.pluginSum = path, sum
	}
	env := []string{"HGUARD_TIRITH_BIN=" + bin}
	if t.home != "" {
		env = append(env, "HGUARD_TIRITH_RECORD_HOME="+t.home) // where the recorded prefilter is
	}
	if sum != "" {
		env = append(env, "HGUARD_TIRITH_SHA256="+sum)
	}
	if t.cfg.Online {
		env = append(env, "HGUARD_TIRITH_ONLINE=1")
	}

	return launchSpec{path: t.pluginPath, sum: t.pluginSum, env: env}, nil
}

func (t *tirithResolver) findPlugin() (string, error) {
	if t.cfg.Plugin != "" {
		return filepath.Abs(t.cfg.Plugin)
	}
	var dirs []string
	if exe, err := os.Executable(); err == nil {
		if exe, err := filepath.EvalSymlinks(exe); err == nil {
			dirs = append(dirs, filepath.Dir(exe))
		}
	}
	if t.home != "" {
		dirs = append(dirs, filepath.Join(t.home, "bin"))
	}
	for _, d := range dirs {
		if p := filepath.Join(d, PluginBinary); isFile(p) {
			return p, nil
		}
	}
	if p, err := exec.LookPath(PluginBinary); err == nil {
		return filepath.Abs(p)
	}
	return "", fmt.Errorf("%s not found next to hguard, in %s or on PATH: install it with 'go install ./cmd/...' in hguard's source or ./install.sh",
		PluginBinary, filepath.Join(t.home, "bin"))
}

// binary resolves tirith: security.tirith_path, then PATH, then
// $HGUARD_HOME/bin/tirith; if none, it starts the background install. For
// the installed binary it also returns the SHA-256 its install recorded.
func (t *tirithResolver) binary() (path, sum string, err error) {
	check := func(p string) (string, error) {
		p, err := filepath.Abs(p)
		if err != nil {
			return "", err
		}
		return p, checkBinary(p)
	}
	if t.cfg.Path != "" {
		p, err := check(t.cfg.Path)
		if err != nil {
			return "", "", fmt.Errorf("security.tirith_path: %w", err)
		}
		return p, "", nil
	}
	if p, err := exec.LookPath("tirith"); err == nil {
		p, err := check(p)
		return p, "", err
	}
	if t.home != "" {
		if p := installed.BinPath(t.home); isFile(p) {
			if _, err := check(p); err != nil {
				return "", "", err
			}
			// The installed binary is re-hashed against its install's record
			// here and, by the detector, before each run.
			rec, err := installed.Check(t.home)
			if err != nil {
				return "", "", err
			}
			return p, rec.SHA256, nil
		}
	}
	msg := "tirith not found (set security.tirith_path, put it on PATH or run 'hguard plugin install tirith')"
	if t.cfg.Install == nil {
		return "", "", errors.New(msg)
	}
	t.mu.Lock()
	if !t.installing {
		t.installing = true
		go func() {
			_ = t.cfg.Install(t.bgCtx) // failures leave a marker the installer reads next time
			t.mu.Lock()
			t.installing = false
			t.mu.Unlock()
		}()
	}
	t.mu.Unlock()
	return "", "", errors.New(msg + "; installing it in the background")
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}
