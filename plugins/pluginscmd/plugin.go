package pluginscmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/hguard/hguard/internal/ancestry"
	"github.com/hguard/hguard/internal/cli"
	"github.com/hguard/hguard/plugins"
	"github.com/hguard/hguard/plugins/tirith/install"
)

const pluginSynopsis = `hguard plugin list [--json]
       hguard plugin add [--fail-closed] [--timeout D] PATH
       hguard plugin install tirith [--version vX.Y.Z] [--from DIR|FILE]

list shows each detector, its version, status and last error; enabled
detectors are started to learn their version.
add registers a detector plugin binary, recording its SHA-256: a changed
binary is refused until it is added again.
install downloads tirith's release (or reads it from DIR), verifies its
Sigstore signature, certificate identity, transparency-log entry and
checksum, and installs it in $HGUARD_HOME/bin. --from FILE installs a
tirith binary you already have (from npm, say), offline: its hash is
recorded, marked unverified. Either way the installed binary is re-hashed
before it runs. To use a tirith elsewhere without installing it, set
security.tirith_path in $HGUARD_HOME/config.yaml.`

const pluginHint = "run 'hguard plugin --help' for usage"

func runPlugin(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return cli.Usagef(pluginHint, "no plugin subcommand given (list, add or install)")
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "-h", "-help", "--help", "help":
		fmt.Fprintf(stdout, "usage: %s\n", pluginSynopsis)
		return nil
	case "list":
		return runPluginList(rest, stdout)
	case "add", "install":
		// A detector changes what every check runs: a person's decision,
		// never an agent's (hguard plugin refuses too; this is for
		// hguard-plugins run directly).
		if err := ancestry.Refuse(cli.Home(), "hguard plugin "+sub); err != nil {
			fmt.Fprintf(stderr, "hguard: %v\n", err)
			return cli.ExitError(1)
		}
		if sub == "add" {
			return runPluginAdd(rest, stdout)
		}
		return runPluginInstall(rest, stdout)
	}
	return cli.Usagef(pluginHint, "unknown plugin subcommand %q", sub)
}

func runPluginList(args []string, stdout io.Writer) error {
	c := cli.NewCommand("hguard", "plugin list", pluginSynopsis, stdout)
	asJSON := c.Bool("json", false, "print the detectors as JSON")
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if c.NArg() > 0 {
		return cli.Usagef(pluginHint, "plugin list takes no arguments, got %q", c.Arg(0))
	}
	cfg, err := plugins.LoadConfig(cli.Home())
	if err != nil {
		return err
	}
	h := plugins.NewHost(cfg)
	defer h.Close()
	ctx, stop := interruptible(time.Minute)
	defer stop()
	infos, regErr := h.List(ctx)
	if *asJSON {
		b, err := json.MarshalIndent(infos, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "NAME\tVERSION\tSTATUS\tON FAILURE\tLAST ERROR")
		for _, i := range infos {
			onFail, last := "ask", "-"
			if i.FailOpen {
				onFail = "warn"
			}
			if i.LastError != "" {
				last = i.LastErrorAt.Local().Format(time.DateTime) + " " + i.LastError
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", i.Name, orDash(i.Version), i.Status, onFail, last)
		}
		tw.Flush()
	}
	return regErr
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func runPluginAdd(args []string, stdout io.Writer) error {
	c := cli.NewCommand("hguard", "plugin add", pluginSynopsis, stdout)
	failClosed := c.Bool("fail-closed", false, "when the plugin fails, ask instead of warning")
	timeout := c.Duration("timeout", plugins.DefaultTimeout, "each call's deadline `D`")
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if c.NArg() != 1 {
		return cli.Usagef(pluginHint, "plugin add takes one plugin binary PATH")
	}
	if *timeout <= 0 || *timeout > 10*time.Minute {
		return cli.Usagef(pluginHint, "--timeout %s is not between 0 and 10m", *timeout)
	}
	h := cli.Home()
	if h == "" {
		return cli.Usagef("set HGUARD_HOME", "no hguard home directory")
	}
	ctx, stop := interruptible(time.Minute)
	defer stop()
	e, err := plugins.Add(ctx, h, c.Arg(0), plugins.AddOptions{FailOpen: !*failClosed, Timeout: *timeout})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "added plugin %s %s: %s (sha256 %s)\n", e.Name, e.Version, e.Path, e.SHA256)
	return nil
}

func runPluginInstall(args []string, stdout io.Writer) error {
	c := cli.NewCommand("hguard", "plugin install", pluginSynopsis, stdout)
	version := c.String("version", "", "the release tag `vX.Y.Z` (default: the latest)")
	from := c.String("from", "", "read the release files from `DIR` instead of downloading them, or install the tirith binary FILE as it is")
	if len(args) > 0 && args[0] == "tirith" { // flags may come after the name
		args = append(args[1:], "tirith")
	}
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if c.NArg() != 1 || c.Arg(0) != "tirith" {
		return cli.Usagef(pluginHint, "plugin install installs tirith only: hguard plugin install tirith")
	}
	if *version != "" && !install.ValidTag(*version) {
		return cli.Usagef("give a release tag like v0.4.2", "--version %q is not a release tag", *version)
	}
	var fromFile bool
	if *from != "" {
		fi, err := os.Stat(*from)
		if err != nil {
			return cli.Usagef("give a directory holding tirith's release files, or a tirith binary", "--from %s: %v", *from, err)
		}
		fromFile = !fi.IsDir()
		if fromFile && *version != "" {
			return cli.Usagef("--version picks a release; a binary is installed as it is", "--version is for a release, not a binary (--from %s)", *from)
		}
	}
	h := cli.Home()
	if h == "" {
		return cli.Usagef("set HGUARD_HOME", "no hguard home directory")
	}
	ctx, stop := interruptible(10 * time.Minute)
	defer stop()
	if fromFile {
		r, err := install.Adopt(ctx, h, *from)
		if err != nil {
			return cli.WithHint(err, "give tirith's own binary (tirith --version says 'tirith X.Y.Z'), or a directory holding its release files")
		}
		fmt.Fprintf(stdout, "installed tirith %s from %s to %s (sha256 %s), UNVERIFIED: its origin was not checked; it runs only while it has this hash\n",
			r.Tag, *from, r.Path, r.SHA256)
		sayIfOff(stdout, h)
		return nil
	}
	r, err := install.Install(ctx, install.Options{Home: h, Version: *version, From: *from})
	if err != nil {
		return cli.WithHint(err, installHint(err, *from))
	}
	fmt.Fprintf(stdout, "installed tirith %s to %s (sha256 %s), verified\n", r.Tag, r.Path, r.SHA256)
	sayIfOff(stdout, h)
	return nil
}

// sayIfOff tells a newcomer that installing tirith does not turn it on:
// config.yaml does, and hguard never edits the user's config.
func sayIfOff(stdout io.Writer, home string) {
	if cfg, err := plugins.LoadConfig(home); err == nil && !cfg.Tirith.Enabled {
		fmt.Fprintf(stdout, "tirith is off: to use it, set security.tirith_enabled: true in %s\n", filepath.Join(home, "config.yaml"))
	}
}

// installHint says what to do after a refused install.
func installHint(err error, from string) string {
	var e *install.Error
	if !errors.As(err, &e) {
		return "run 'hguard plugin install tirith' again; or set security.tirith_path in config.yaml to a tirith you have"
	}
	switch e.Reason {
	case install.ReasonDownload, install.ReasonNoLogEntry:
		if from != "" {
			return "--from DIR needs checksums.txt, checksums.txt.sig, checksums.txt.pem and the archive of one release (and its Sigstore bundle when offline); " +
				"for a tirith binary you have, use --from FILE or set security.tirith_path in config.yaml"
		}
		return "no internet? install a tirith binary you have with 'hguard plugin install tirith --from FILE', " +
			"or set security.tirith_path in $HGUARD_HOME/config.yaml to it"
	case install.ReasonDowngrade:
		return "install the installed tag or a newer one"
	case install.ReasonUnsupportedHost:
		return "build tirith yourself and set security.tirith_path in config.yaml"
	}
	return "the release did not verify, and nothing was installed; report it to tirith's maintainers if it persists, " +
		"or set security.tirith_path in config.yaml to a tirith you trust"
}

// interruptible is a context ended by Ctrl-C or after d.
func interruptible(d time.Duration) (context.Context, func()) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	ctx, cancel := context.WithTimeout(ctx, d)
	return ctx, func() { cancel(); stop() }
}
