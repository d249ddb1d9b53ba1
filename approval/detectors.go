package approval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/config"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/plugins/prefilter"
	"github.com/hguard/hguard/plugins/wire"
)

// Detector plugins (Tirith, third-party detectors) run in a separate
// program, hguard-plugins: it links go-plugin, gRPC and the Sigstore
// installer, which would slow every start of hguard itself. hguard talks to
// it with one JSON object per line each way; the daemon keeps one running so
// that the plugins stay warm, a short-lived check starts one for its check.

// PluginsProgram is the name of the detector program.
const PluginsProgram = "hguard-plugins"

// FindPluginsProgram looks for hguard-plugins beside the running hguard,
// then in $HGUARD_HOME/bin, then on PATH.
func FindPluginsProgram(home string) (string, error) {
	var candidates []string
	if exe, err := os.Executable(); err == nil {
		candidates = append(candidates, filepath.Join(filepath.Dir(exe), PluginsProgram))
	}
	if home != "" {
		candidates = append(candidates, filepath.Join(home, "bin", PluginsProgram))
	}
	for _, c := range candidates {
		if st, err := os.Stat(c); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return c, nil
		}
	}
	if p, err := exec.LookPath(PluginsProgram); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("%s is not installed beside hguard, in %s or on PATH (install.sh installs it)",
		PluginsProgram, filepath.Join(home, "bin"))
}

// detectorsEnabled reports whether any detector is configured: tirith in
// config.yaml, or a plugin registered in $HGUARD_HOME/plugins.json.
func detectorsEnabled(cfg *config.Config, home string) bool {
	if cfg.Security.TirithEnabled {
		return true
	}
	st, err := os.Stat(filepath.Join(home, "plugins.json"))
	return err == nil && st.Size() > 2 // more than an empty list or object
}

// maxRegistry bounds the plugins.json read when hguard-plugins failed.
const maxRegistry = 1 << 20

// detectorsFailOpen reports whether every enabled detector fails open:
// only then may hguard-plugins failing as a whole (missing, crashed, no
// answer) be a warning rather than an ask. Each detector's own choice
// holds: tirith's security.tirith_fail_open, each registered plugin's
// fail_open (plugin add --fail-open). A registry that cannot be read
// fails closed.
func detectorsFailOpen(cfg *config.Config, home string) bool {
	if cfg.Security.TirithEnabled && !cfg.Security.TirithFailOpen {
		return false
	}
	f, err := os.Open(filepath.Join(home, "plugins.json"))
	if errors.Is(err, os.ErrNotExist) {
		return true
	}
	if err != nil {
		return false
	}
	defer f.Close()
	var reg struct {
		Plugins []struct {
			FailOpen *bool `json:"fail_open"`
		} `json:"plugins"`
	}
	if json.NewDecoder(io.LimitReader(f, maxRegistry)).Decode(&reg) != nil {
		return false
	}
	for _, p := range reg.Plugins {
		if p.FailOpen == nil || !*p.FailOpen {
			return false
		}
	}
	return true
}

// The wire format of hguard-plugins detect and serve: one contract,
// plugins/wire.
type (
	detectRequest  = wire.DetectRequest
	detectResponse = wire.DetectResponse
)

// detect adds the enabled detectors' findings to a verdict. Detectors only
// add: the verdict becomes the strictest of the rules' and theirs. When the
// detector program cannot answer, a finding says so: a warning when every
// enabled detector fails open, otherwise an ask; never a silent allow.
func (e *Engine) detect(cfg *config.Config, req CheckRequest, v *hguard.Verdict) {
	if !detectorsEnabled(cfg, e.opts.Home) {
		return
	}
	if e.tirithSkips(cfg, req.Command) {
		return // nothing on the line that the only detector, tirith, inspects
	}
	deadline := cfg.Security.TirithTimeout + 10*time.Second // plugin start-up included
	fs, err := e.detectors.check(e.opts.Home, e.opts.KeepDetectorsWarm, deadline,
		detectRequest{Original: req.Command, Cwd: req.Cwd, Shell: req.Shell})
	if err != nil {
		level := dsl.Ask
		if detectorsFailOpen(cfg, e.opts.Home) {
			level = dsl.Warn
		}
		fs = []dsl.Finding{{Rule: "plugin-unavailable", Level: level, Source: "plugin:" + PluginsProgram,
			Message: "detectors unavailable: " + err.Error(), Command: req.Command}}
	}
	for _, f := range fs {
		v.Findings = append(v.Findings, f)
		v.Level = max(v.Level, f.Level)
	}
}

// tirithSkips reports whether tirith is the only detector and its
// prefilter, recorded by the host that last started it
// (plugins/prefilter), says it would not inspect line: then hguard-plugins
// is not even started. Any doubt (another detector, no record, a record of
// another tirith binary or of another version of the file) sends the line.
func (e *Engine) tirithSkips(cfg *config.Config, line string) bool {
	if !cfg.Security.TirithEnabled {
		return false
	}
	if _, err := os.Stat(filepath.Join(e.opts.Home, "plugins.json")); !errors.Is(err, os.ErrNotExist) {
		return false // registered plugins, or a registry to read: hguard-plugins decides
	}
	bin := prefilter.TirithBinary(cfg.Security.TirithPath, e.opts.Home)
	if bin == "" {
		return false
	}
	e.preMu.Lock()
	defer e.preMu.Unlock()
	if e.preBin != bin || e.pre == nil {
		f, err := prefilter.ForBinary(e.opts.Home, bin)
		if err != nil || f == nil {
			return false
		}
		e.pre, e.preBin = f, bin
	}
	return !e.pre.Inspects(line)
}

// detectorProcess runs hguard-plugins: one process per check, or, kept
// warm, one serving process reused (and restarted after it fails).
type detectorProcess struct {
	mu   sync.Mutex
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	done chan struct{} // closed when cmd has exited
}

func (p *detectorProcess) check(home string, warm bool, deadline time.Duration, req detectRequest) ([]dsl.Finding, error) {
	line, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	line = append(line, '\n')
	if !warm {
		return p.once(home, deadline, line)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd == nil {
		if err := p.start(home); err != nil {
			return nil, err
		}
	}
	fs, err := p.exchange(line, deadline)
	if err != nil {
		p.stop() // the next check starts afresh
	}
	return fs, err
}

// once runs hguard-plugins detect for one request.
func (p *detectorProcess) once(home string, deadline time.Duration, line []byte) ([]dsl.Finding, error) {
	bin, err := FindPluginsProgram(home)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "detect")
	cmd.Env = pluginsEnv(home)
	cmd.Stdin = bytes.NewReader(line)
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%s gave no answer within %s", PluginsProgram, deadline)
	}
	if err != nil {
		return nil, fmt.Errorf("%s failed: %v", PluginsProgram, err)
	}
	return decodeDetect(out)
}

func (p *detectorProcess) start(home string) error {
	bin, err := FindPluginsProgram(home)
	if err != nil {
		return err
	}
	cmd := exec.Command(bin, "serve")
	cmd.Env = pluginsEnv(home)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", PluginsProgram, err)
	}
	p.cmd, p.in, p.out, p.done = cmd, in, bufio.NewReaderSize(out, 64<<10), make(chan struct{})
	go func(done chan struct{}) { cmd.Wait(); close(done) }(p.done)
	return nil
}

// exchange sends one request to the serving process and reads its answer.
func (p *detectorProcess) exchange(line []byte, deadline time.Duration) ([]dsl.Finding, error) {
	type result struct {
		data []byte
		err  error
	}
	got := make(chan result, 1)
	go func() {
		if _, err := p.in.Write(line); err != nil {
			got <- result{nil, err}
			return
		}
		data, err := p.out.ReadBytes('\n')
		got <- result{data, err}
	}()
	select {
	case r := <-got:
		if r.err != nil {
			return nil, fmt.Errorf("%s stopped answering: %v", PluginsProgram, r.err)
		}
		return decodeDetect(r.data)
	case <-p.done:
		return nil, fmt.Errorf("%s exited", PluginsProgram)
	case <-time.After(deadline):
		return nil, fmt.Errorf("%s gave no answer within %s", PluginsProgram, deadline)
	}
}

func (p *detectorProcess) stop() {
	p.stopWithin(0)
}

// stopGrace is how long a healthy hguard-plugins gets to shut its plugins
// down once its input ends: killed at once, it could not, and they would
// be left behind (or, where they die with it, their sockets).
const stopGrace = 5 * time.Second

// stopWithin ends the process: its input closes, and it is killed if it
// has not exited within grace.
func (p *detectorProcess) stopWithin(grace time.Duration) {
	if p.cmd == nil {
		return
	}
	p.in.Close()
	if grace > 0 {
		select {
		case <-p.done:
		case <-time.After(grace):
		}
	}
	p.cmd.Process.Kill()
	<-p.done
	p.cmd = nil
}

func (p *detectorProcess) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopWithin(stopGrace)
}

// pluginsEnv is the environment of hguard-plugins: this Engine's home,
// whatever HGUARD_HOME says.
func pluginsEnv(home string) []string {
	return append(os.Environ(), "HGUARD_HOME="+home)
}

func decodeDetect(data []byte) ([]dsl.Finding, error) {
	var resp detectResponse
	if err := json.Unmarshal(data, &resp); err != nil {
		return nil, fmt.Errorf("%s answered something that is not its JSON: %v", PluginsProgram, err)
	}
	if resp.Error != "" {
		return nil, errors.New(resp.Error)
	}
	for i, f := range resp.Findings {
		// Whatever the program says, its findings are plugins' findings:
		// content-level, never approvable always, and they can only add.
		if !strings.HasPrefix(f.Source, "plugin:") {
			resp.Findings[i].Source = "plugin:" + f.Source
		}
		if f.Level < dsl.Allow || f.Level > dsl.Block {
			return nil, fmt.Errorf("%s answered a finding with level %d", PluginsProgram, int(f.Level))
		}
	}
	return resp.Findings, nil
}
