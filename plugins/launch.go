package plugins

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/hguard/hguard/plugins/prefilter"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
)

// launchSpec is everything needed to start one plugin process.
type launchSpec struct {
	name    string // the name Describe must return; "" accepts any valid name (plugin add)
	path    string
	sum     []byte // SHA-256 the binary must have
	env     []string
	timeout time.Duration // start and Describe deadline
}

// running is one live plugin process.
type running struct {
	client *plugin.Client
	cmd    *exec.Cmd
	conn   *client
	desc   Description
	pre    *prefilter.Filter // the description's prefilter; nil inspects every line
	stderr *tail
	cache  verdictCache
}

var nameRe = regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`)

// checkBinary refuses what hguard must not execute: anything but a regular,
// executable file, and a file that other users could have replaced.
func checkBinary(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	switch m := fi.Mode(); {
	case !m.IsRegular():
		return fmt.Errorf("%s is not a regular file", path)
	case m.Perm()&0o022 != 0:
		return fmt.Errorf("%s is group or world writable (mode %04o): refusing to run it", path, m.Perm())
	case m.Perm()&0o111 == 0:
		return fmt.Errorf("%s is not executable", path)
	}
	return nil
}

// fileSHA256 hashes a file.
func fileSHA256(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}

// pluginEnv is this process's environment for a plugin: without anything a
// plugin must only get from its host, then extra.
func pluginEnv(extra []string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if k == CookieKey || strings.HasPrefix(k, "PLUGIN_") || strings.HasPrefix(k, "HGUARD_TIRITH_") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

// launch starts a plugin and asks it to describe itself. The binary's
// permissions are checked here and its SHA-256 by go-plugin's SecureConfig
// just before it is executed.
func launch(ctx context.Context, s launchSpec) (*running, error) {
	if err := checkBinary(s.path); err != nil {
		return nil, err
	}
	cmd := exec.Command(s.path)
	cmd.Env = pluginEnv(s.env)
	ownGroup(cmd)
	stderr := &tail{}
	c := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig:  handshake(newCookie()), // fresh per launch
		Plugins:          plugin.PluginSet{pluginKey: &grpcPlugin{}},
		Cmd:              cmd,
		SkipHostEnv:      true, // cmd.Env is the whole environment
		SecureConfig:     &plugin.SecureConfig{Checksum: s.sum, Hash: sha256.New()},
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		StartTimeout:     s.timeout,
		Logger:           hclog.NewNullLogger(),
		Stderr:           stderr,
		GRPCDialOptions:  []grpc.DialOption{grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(maxMessage))},
	})
	r := &running{client: c, cmd: cmd, stderr: stderr}
	fail := func(err error) (*running, error) {
		r.kill()
		if errors.Is(err, plugin.ErrChecksumsDoNotMatch) {
			err = fmt.Errorf("%s does not have the recorded SHA-256 (changed since it was added?): refusing to run it", s.path)
		}
		return nil, r.explain(err)
	}
	proto, err := c.Client()
	if err != nil {
		return fail(err)
	}
	raw, err := proto.Dispense(pluginKey)
	if err != nil {
		return fail(err)
	}
	conn, ok := raw.(*client)
	if !ok {
		return fail(fmt.Errorf("unexpected plugin client %T", raw))
	}
	r.conn = conn
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	d, err := conn.Describe(ctx)
	if err != nil {
		return fail(fmt.Errorf("describe: %w", err))
	}
	if !nameRe.MatchString(d.Name) {
		return fail(fmt.Errorf("%w: plugin name %q is not [a-z][a-z0-9-]* of at most 32 bytes", errGarbage, d.Name))
	}
	if s.name != "" && d.Name != s.name {
		return fail(fmt.Errorf("%w: plugin calls itself %q, registered as %q", errGarbage, d.Name, s.name))
	}
	for _, id := range d.Rules {
		if !ruleRe.MatchString(strings.TrimSuffix(id, "*")) {
			return fail(fmt.Errorf("%w: bad rule id %q in its description", errGarbage, id))
		}
	}
	d.Version = clean(d.Version, 64)
	// A prefilter that does not compile is dropped, not fatal: the
	// detector then sees every line, which is always safe.
	if pre, err := d.Prefilter.Compile(); err == nil {
		r.pre = pre
	} else {
		d.Prefilter = nil
	}
	r.desc = d
	return r, nil
}

// kill ends the process at once: a plugin that crashed, hung or answered
// garbage gets no graceful shutdown (which would wait for its hung call).
// Its whole process group goes: a child of the plugin that kept its stdout
// open would otherwise hold go-plugin's Kill until that child exits.
func (r *running) kill() {
	// A killed plugin cannot remove its socket: the host does.
	var sock string
	if rc := r.client.ReattachConfig(); rc != nil && rc.Addr != nil && rc.Addr.Network() == "unix" {
		sock = rc.Addr.String()
	}
	if p := r.cmd.Process; p != nil && !r.client.Exited() {
		killGroup(p)
	}
	r.client.Kill()
	if fi, err := os.Lstat(sock); sock != "" && err == nil && fi.Mode()&os.ModeSocket != 0 {
		os.Remove(sock)
	}
}

// explain adds what the plugin wrote on stderr, if anything. go-plugin's
// long explanation of a failed handshake (a program that is not a plugin)
// becomes one line.
func (r *running) explain(err error) error {
	s := r.stderr.String()
	if strings.Contains(err.Error(), "Unrecognized remote plugin message") {
		err = errNoHandshake
		if len(s) > 160 {
			s = s[:160] + "…"
		}
	}
	if s != "" {
		return fmt.Errorf("%w (stderr: %s)", err, s)
	}
	return err
}

// errNoHandshake is a program that did not answer go-plugin's handshake:
// not an hguard detector plugin, or one that failed before serving.
var errNoHandshake = errors.New("it did not answer the plugin handshake (a detector calls plugins.Serve)")

// tail keeps the last bytes a plugin wrote to stderr, for error messages.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 300

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailSize {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailSize:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return clean(strings.TrimSpace(string(t.buf)), tailSize)
}
