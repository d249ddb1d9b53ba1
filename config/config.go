package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/hguard/hguard/audit"
	"github.com/hguard/hguard/checkpoint"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/atomicfile"
	"github.com/hguard/hguard/internal/flock"
	"github.com/hguard/hguard/internal/statefile"
)

// Config is $HGUARD_HOME/config.yaml (DESIGN §5). Every package reads it
// through Load, so the defaults, the validation and the error format
// live in one place. hguard works with no file at all.
type Config struct {
	Path             string // the file read; "" when there was none
	Approvals        Approvals
	CommandAllowlist []string // keys approved "always", as written
	Security         Security
	Smart            Smart
	Checkpoints      checkpoint.Config
	Audit            Audit
	Sessions         Sessions

	// Warnings are problems that do not stop hguard (an unknown key), each
	// naming path:line:col.
	Warnings []string
}

// Approvals configures how asks are answered.
type Approvals struct {
	// Mode is manual (a person answers), smart (a reviewer answers first,
	// a person when it will not; without a reviewer the same as manual) or
	// off (unattended: asks run, blocks still block, everything audited).
	Mode           string
	Timeout        time.Duration // how long a terminal prompt waits before deny
	GatewayTimeout time.Duration // how long a queued request waits before deny
	// Container "auto" approves asks when hguard runs inside a container
	// sandbox; "off" (the default) never does.
	Container   string
	DenialLimit int // consecutive denials of one rule in a session before hguard says stop
	// Undoable "warn" turns the ask of a delete that a checkpoint taken
	// first can undo into a warning naming it (docs/checkpoints.md);
	// "ask" (the default, also "") never does.
	Undoable string
}

// Security configures the Tirith detector (docs/plugins.md).
type Security struct {
	TirithEnabled  bool
	TirithFailOpen bool          // a failing tirith warns and allows (true) or asks (false)
	TirithTimeout  time.Duration // how long one tirith check may take
	TirithPath     string        // a tirith binary to use instead of the installed one
	TirithOnline   bool          // let tirith make its online lookups
}

// Smart configures the LLM reviewer (docs/smart.md).
type Smart struct {
	BaseURL   string
	Model     string
	APIKeyEnv string
	Timeout   time.Duration
	Budget    int // reviewer calls one session may make; 0 means DefaultReviewerBudget
}

// Audit bounds the audit log: past MaxSize bytes, audit.jsonl becomes
// audit.jsonl.1 (and .1 becomes .2, …); Keep rotated files are kept and
// older ones deleted. The chain runs on across files.
type Audit struct {
	MaxSize int64 // 0: never rotate
	Keep    int
	// Anchor is where chain heads are also written (audit.Anchor):
	// AnchorAuto the systemd journal when journald listens, AnchorJournal
	// the journal always (verify reports it missing), AnchorNone nowhere.
	Anchor string
}

// The values of audit.anchor.
const (
	AnchorAuto    = "auto"
	AnchorJournal = "journal"
	AnchorNone    = "none"
)

// AuditAnchor is the anchor audit.anchor names (nil: none, or journald is
// not listening).
func (a Audit) AuditAnchor() audit.Anchor {
	switch a.Anchor {
	case AnchorNone:
		return nil
	case AnchorJournal:
		return audit.Journal{}
	}
	return audit.SystemJournal()
}

// Sessions bounds how long a session's state outlives its last write.
type Sessions struct {
	MaxAge time.Duration // 0: keep forever
}

// maxSnapshots keeps every checkpoint addressable by a list number of at
// most three digits.
const maxSnapshots = 999

// Approval modes.
const (
	ModeManual = "manual"
	ModeSmart  = "smart"
	ModeOff    = "off"
)

// Default is the configuration when config.yaml says nothing.
func Default() *Config {
	return &Config{
		Approvals: Approvals{Mode: ModeManual, Timeout: 60 * time.Second, GatewayTimeout: 300 * time.Second,
			Container: "off", DenialLimit: 3},
		CommandAllowlist: []string{},
		Security:         Security{TirithFailOpen: true, TirithTimeout: 5 * time.Second},
		Smart:            Smart{APIKeyEnv: "OPENAI_API_KEY", Timeout: 10 * time.Second},
		Checkpoints:      checkpoint.DefaultConfig(),
		Audit:            Audit{MaxSize: audit.DefaultMaxSize, Keep: audit.DefaultKeep, Anchor: AnchorAuto},
		Sessions:         Sessions{MaxAge: 30 * 24 * time.Hour},
	}
}

// Path is where the configuration of home lives.
func Path(home string) string { return filepath.Join(home, "config.yaml") }

// maxConfig bounds config.yaml, which is small and hand-written.
const maxConfig = 1 << 20

// Load reads $HGUARD_HOME/config.yaml. A missing file (or home "")
// gives the defaults; a broken file is an error naming path:line:col and
// the key.
func Load(home string) (*Config, error) {
	cfg := Default()
	if home == "" {
		return cfg, nil
	}
	path := Path(home)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return cfg, nil
	}
	if err != nil {
		return nil, err
	}
	cfg.Path = path
	return cfg, cfg.parse(path, data)
}

// configError names the place in config.yaml and the key.
func configError(path string, n *yaml.Node, key, format string, args ...any) error {
	pos := dsl.Pos{File: path}
	if n != nil {
		pos.Line, pos.Col = n.Line, n.Column
	}
	return &dsl.Error{Pos: pos, Field: key, Msg: fmt.Sprintf(format, args...)}
}

func parseYAMLDoc(path string, data []byte) (*yaml.Node, error) {
	if len(data) > maxConfig {
		return nil, configError(path, nil, "", "file is %d bytes, over the limit of %d", len(data), maxConfig)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, dsl.YAMLError(dsl.Pos{File: path}, err)
	}
	return &doc, nil
}

func (cfg *Config) parse(path string, data []byte) error {
	doc, err := parseYAMLDoc(path, data)
	if err != nil {
		return err
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil
	}
	if root.Kind != yaml.MappingNode {
		return configError(path, root, "", "want a mapping of settings (approvals:, command_allowlist:, …)")
	}
	var errs []error
	p := &configParser{path: path, cfg: cfg, errs: &errs}
	schema := p.schema()
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch s, ok := schema[k.Value]; {
		case !ok:
			cfg.Warnings = append(cfg.Warnings, fmt.Sprintf("%s:%d:%d: unknown setting %q (ignored)", path, k.Line, k.Column, k.Value))
		case s.fields != nil:
			p.section(k.Value, v, s.fields)
		default:
			s.value(k.Value, v)
		}
	}
	return errors.Join(errs...)
}

// A setting is one top-level key of config.yaml: a section of settings,
// each with its decoder, or a value with its decoder.
type setting struct {
	fields map[string]func(key string, n *yaml.Node)
	value  func(key string, n *yaml.Node)
}

// schema is every key config.yaml knows, each decoding into p.cfg: the one
// list of them, which parse follows and Keys reports.
func (p *configParser) schema() map[string]setting {
	cfg := p.cfg
	return map[string]setting{
		"approvals": {fields: map[string]func(string, *yaml.Node){
			"mode": func(key string, n *yaml.Node) {
				p.oneOf(key, n, &cfg.Approvals.Mode, ModeManual, ModeSmart, ModeOff)
			},
			"timeout":         func(key string, n *yaml.Node) { p.seconds(key, n, &cfg.Approvals.Timeout) },
			"gateway_timeout": func(key string, n *yaml.Node) { p.seconds(key, n, &cfg.Approvals.GatewayTimeout) },
			"container":       func(key string, n *yaml.Node) { p.oneOf(key, n, &cfg.Approvals.Container, "off", "auto") },
			"denial_limit":    func(key string, n *yaml.Node) { p.positiveInt(key, n, &cfg.Approvals.DenialLimit) },
			"undoable":        func(key string, n *yaml.Node) { p.oneOf(key, n, &cfg.Approvals.Undoable, "ask", "warn") },
		}},
		"command_allowlist": {value: func(key string, n *yaml.Node) { p.stringList(key, n, &cfg.CommandAllowlist) }},
		"security": {fields: map[string]func(string, *yaml.Node){
			"tirith_enabled":   func(key string, n *yaml.Node) { p.decode(key, n, &cfg.Security.TirithEnabled) },
			"tirith_fail_open": func(key string, n *yaml.Node) { p.decode(key, n, &cfg.Security.TirithFailOpen) },
			"tirith_timeout":   func(key string, n *yaml.Node) { p.seconds(key, n, &cfg.Security.TirithTimeout) },
			"tirith_path":      func(key string, n *yaml.Node) { p.decode(key, n, &cfg.Security.TirithPath) },
			"tirith_online":    func(key string, n *yaml.Node) { p.decode(key, n, &cfg.Security.TirithOnline) },
		}},
		"smart": {fields: map[string]func(string, *yaml.Node){
			"base_url":    func(key string, n *yaml.Node) { p.decode(key, n, &cfg.Smart.BaseURL) },
			"model":       func(key string, n *yaml.Node) { p.decode(key, n, &cfg.Smart.Model) },
			"api_key_env": func(key string, n *yaml.Node) { p.decode(key, n, &cfg.Smart.APIKeyEnv) },
			"timeout":     func(key string, n *yaml.Node) { p.seconds(key, n, &cfg.Smart.Timeout) },
			"budget":      func(key string, n *yaml.Node) { p.decode(key, n, &cfg.Smart.Budget) },
		}},
		"checkpoints": {fields: map[string]func(string, *yaml.Node){
			"enabled": func(key string, n *yaml.Node) { p.decode(key, n, &cfg.Checkpoints.Enabled) },
			"max_snapshots": func(key string, n *yaml.Node) {
				if p.positiveInt(key, n, &cfg.Checkpoints.MaxSnapshots); cfg.Checkpoints.MaxSnapshots > maxSnapshots {
					p.fail(n, key, "want at most %d snapshots, not %d", maxSnapshots, cfg.Checkpoints.MaxSnapshots)
				}
			},
			"max_files":     func(key string, n *yaml.Node) { p.positiveInt(key, n, &cfg.Checkpoints.MaxFiles) },
			"max_file_size": func(key string, n *yaml.Node) { p.size(key, n, &cfg.Checkpoints.MaxFileSize) },
			"exclude":       func(key string, n *yaml.Node) { p.stringList(key, n, &cfg.Checkpoints.Exclude) },
			"debounce":      func(key string, n *yaml.Node) { p.duration(key, n, &cfg.Checkpoints.Debounce) },
			"watch":         func(key string, n *yaml.Node) { p.dirList(key, n, &cfg.Checkpoints.Watch) },
		}},
		"audit": {fields: map[string]func(string, *yaml.Node){
			"max_size_mb": func(key string, n *yaml.Node) {
				var mb int
				if n.Kind != yaml.ScalarNode || n.Decode(&mb) != nil || mb < 0 || mb > 1<<20 {
					p.fail(n, key, "want a whole number of MiB from 0 (never rotate) to 1048576, not %q", n.Value)
					return
				}
				cfg.Audit.MaxSize = int64(mb) << 20
			},
			"keep": func(key string, n *yaml.Node) {
				if p.positiveInt(key, n, &cfg.Audit.Keep); cfg.Audit.Keep > audit.MaxKeep {
					p.fail(n, key, "want at most %d rotated files, not %d", audit.MaxKeep, cfg.Audit.Keep)
				}
			},
			"anchor": func(key string, n *yaml.Node) {
				p.oneOf(key, n, &cfg.Audit.Anchor, AnchorAuto, AnchorJournal, AnchorNone)
			},
		}},
		"sessions": {fields: map[string]func(string, *yaml.Node){
			"max_age_days": func(key string, n *yaml.Node) {
				var days int
				if n.Kind != yaml.ScalarNode || n.Decode(&days) != nil || days < 0 || days > 100000 {
					p.fail(n, key, "want a whole number of days from 0 (keep forever) to 100000, not %q", n.Value)
					return
				}
				cfg.Sessions.MaxAge = time.Duration(days) * 24 * time.Hour
			},
		}},
	}
}

// Keys are every setting config.yaml knows, as a section's key
// ("security.tirith_timeout") or a top-level one ("command_allowlist"), in
// order. A key not among them is warned about and ignored.
func Keys() []string {
	var keys []string
	for name, s := range (&configParser{cfg: Default(), errs: new([]error)}).schema() {
		if s.fields == nil {
			keys = append(keys, name)
		}
		for field := range s.fields {
			keys = append(keys, name+"."+field)
		}
	}
	slices.Sort(keys)
	return keys
}

// configParser decodes one file's nodes, collecting every error.
type configParser struct {
	path string
	cfg  *Config
	errs *[]error
}

func (p *configParser) fail(n *yaml.Node, key, format string, args ...any) {
	*p.errs = append(*p.errs, configError(p.path, n, key, format, args...))
}

func (p *configParser) section(name string, n *yaml.Node, fields map[string]func(string, *yaml.Node)) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	if n.Kind != yaml.MappingNode {
		p.fail(n, name, "want a mapping")
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		f, ok := fields[k.Value]
		if !ok {
			p.cfg.Warnings = append(p.cfg.Warnings, fmt.Sprintf("%s:%d:%d: unknown setting %s.%s (ignored)", p.path, k.Line, k.Column, name, k.Value))
			continue
		}
		f(name+"."+k.Value, v)
	}
}

func (p *configParser) decode(key string, n *yaml.Node, dst any) {
	if n.Kind != yaml.ScalarNode {
		p.fail(n, key, "want a single value")
		return
	}
	if err := n.Decode(dst); err != nil {
		msg := err.Error()
		if i := strings.LastIndex(msg, ": "); i >= 0 {
			msg = msg[i+2:]
		}
		p.fail(n, key, "%s", msg)
	}
}

func (p *configParser) oneOf(key string, n *yaml.Node, dst *string, allowed ...string) {
	var s string
	p.decode(key, n, &s)
	if !slices.Contains(allowed, s) {
		p.fail(n, key, "unknown value %q (want %s)", s, strings.Join(allowed, ", "))
		return
	}
	*dst = s
}

func (p *configParser) positiveInt(key string, n *yaml.Node, dst *int) {
	var v int
	if n.Kind != yaml.ScalarNode || n.Decode(&v) != nil || v <= 0 {
		p.fail(n, key, "want a whole number above 0, not %q", n.Value)
		return
	}
	*dst = v
}

// seconds reads a number of seconds (fractions allowed: 0.5) or a Go
// duration ("200ms"), above zero.
func (p *configParser) seconds(key string, n *yaml.Node, dst *time.Duration) {
	if n.Kind != yaml.ScalarNode {
		p.fail(n, key, "want a number of seconds")
		return
	}
	var d time.Duration
	if f, err := strconv.ParseFloat(n.Value, 64); err == nil {
		if f <= 0 || f > 365*24*3600 || math.IsNaN(f) {
			p.fail(n, key, "want a number of seconds above 0, not %s", n.Value)
			return
		}
		d = time.Duration(f * float64(time.Second))
	} else if d, err = time.ParseDuration(n.Value); err != nil || d <= 0 {
		p.fail(n, key, "want a number of seconds (or a duration like 500ms), not %q", n.Value)
		return
	}
	*dst = d
}

// duration reads a Go duration ("2s", "500ms") or a number of seconds,
// zero allowed.
func (p *configParser) duration(key string, n *yaml.Node, dst *time.Duration) {
	if n.Kind == yaml.ScalarNode {
		if f, err := strconv.ParseFloat(n.Value, 64); err == nil && f >= 0 && f <= 365*24*3600 {
			*dst = time.Duration(f * float64(time.Second))
			return
		}
		if d, err := time.ParseDuration(n.Value); err == nil && d >= 0 {
			*dst = d
			return
		}
	}
	p.fail(n, key, "want a duration such as 2s or 500ms, not %q", n.Value)
}

// size reads a byte count with an optional unit: 1000, 10KB, 10MiB.
func (p *configParser) size(key string, n *yaml.Node, dst *int64) {
	units := []struct {
		suffix string
		mult   int64
	}{
		{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1},
	}
	s, mult := strings.TrimSpace(n.Value), int64(1)
	for _, u := range units {
		if rest, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = strings.TrimSpace(rest), u.mult
			break
		}
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if n.Kind != yaml.ScalarNode || err != nil || v < 1 || v > (1<<62)/mult {
		p.fail(n, key, "want a size such as 10485760 or 10MiB, not %q", n.Value)
		return
	}
	*dst = v * mult
}

func (p *configParser) stringList(key string, n *yaml.Node, dst *[]string) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	if n.Kind != yaml.SequenceNode {
		p.fail(n, key, "want a list")
		return
	}
	for _, item := range n.Content {
		if item.Kind != yaml.ScalarNode || item.Value == "" {
			p.fail(item, key, "want a non-empty string")
			continue
		}
		*dst = append(*dst, item.Value)
	}
}

// dirList reads a list of directories: each absolute or starting with ~/
// (the user's home directory), cleaned, without duplicates. Whether they
// exist is checked by whoever uses them (the daemon says so and goes on).
func (p *configParser) dirList(key string, n *yaml.Node, dst *[]string) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	if n.Kind != yaml.SequenceNode {
		p.fail(n, key, "want a list of directories")
		return
	}
	for _, item := range n.Content {
		d := item.Value
		switch {
		case item.Kind != yaml.ScalarNode || d == "":
			p.fail(item, key, "want a directory")
			continue
		case d == "~" || strings.HasPrefix(d, "~/"):
			h, err := os.UserHomeDir()
			if err != nil {
				p.fail(item, key, "%q: no home directory to expand ~ in (%v)", d, err)
				continue
			}
			d = filepath.Join(h, d[1:])
		case !filepath.IsAbs(d):
			p.fail(item, key, "%q: want an absolute directory (or one starting with ~/)", d)
			continue
		}
		d = filepath.Clean(d)
		if !slices.Contains(*dst, d) {
			*dst = append(*dst, d)
		}
	}
}

// CheckAllowlist warns about allowlist keys that name no rule in rs: they
// approve nothing (a rule renamed without an alias, or a typo), but hguard
// still starts.
func (cfg *Config) CheckAllowlist(rs *dsl.RuleSet) []string {
	var warns []string
	for _, k := range cfg.CommandAllowlist {
		if _, ok := rs.Lookup(k); !ok {
			where := cfg.Path
			if where == "" {
				where = "config"
			}
			warns = append(warns, fmt.Sprintf("%s: command_allowlist: %q names no rule (ignored)", where, k))
		}
	}
	return warns
}

// AddToAllowlist persists "always" approvals: it adds keys to
// command_allowlist in home's config.yaml by an atomic rewrite under a
// lock, keeping every other setting (and the comments) as the user wrote
// them. A broken file is left alone and reported.
func AddToAllowlist(home string, keys ...string) error {
	dir, err := statefile.Dir(home)
	if err != nil {
		return err
	}
	lock, err := flock.Lock(filepath.Join(dir, "config.lock"), true)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	path := Path(home)
	perm := os.FileMode(0o600)
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		data = nil
	case err != nil:
		return err
	default:
		if fi, err := os.Stat(path); err == nil {
			perm = fi.Mode().Perm()
		}
	}
	doc, err := parseYAMLDoc(path, data)
	if err != nil {
		return fmt.Errorf("not recording the approval: %w", err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		doc = &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode}}}
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		*root = yaml.Node{Kind: yaml.MappingNode}
	}
	if root.Kind != yaml.MappingNode {
		return fmt.Errorf("not recording the approval: %w", configError(path, root, "", "want a mapping of settings"))
	}
	var list *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "command_allowlist" {
			list = root.Content[i+1]
		}
	}
	if list == nil {
		list = &yaml.Node{Kind: yaml.SequenceNode}
		root.Content = append(root.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "command_allowlist"}, list)
	}
	if list.Kind == yaml.ScalarNode && list.Tag == "!!null" {
		*list = yaml.Node{Kind: yaml.SequenceNode}
	}
	if list.Kind != yaml.SequenceNode {
		return fmt.Errorf("not recording the approval: %w", configError(path, list, "command_allowlist", "want a list"))
	}
	for _, k := range keys {
		if !slices.ContainsFunc(list.Content, func(n *yaml.Node) bool { return n.Value == k }) {
			list.Content = append(list.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k, Style: yaml.DoubleQuotedStyle})
		}
	}
	if len(list.Content) > 0 {
		list.Style &^= yaml.FlowStyle // a block list, one key a line
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return err
	}
	enc.Close()
	return atomicfile.Write(path, buf.Bytes(), perm)
}
