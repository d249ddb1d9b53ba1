// Package pluginscmd is the hguard-plugins program: everything that needs
// the detector plugin host (go-plugin over gRPC) or the Sigstore-verified
// installer, kept out of the hguard binary so that hguard starts fast on
// every Enter. hguard runs it for `hguard plugin …`, for one check with
// detectors enabled (`detect`), and, from the daemon, as a long-lived
// detector service (`serve`) that keeps the plugins warm, and to ask the
// smart-approval reviewer about one ask (`review`, package smartllm).
//
// The wire format of detect and serve is one JSON object per line each way:
// a Request in, a Response out.
package pluginscmd

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
	"github.com/hguard/hguard/internal/cli"
	"github.com/hguard/hguard/plugins"
	"github.com/hguard/hguard/plugins/tirith/install"
	"github.com/hguard/hguard/plugins/wire"
)

// Request asks the detectors about one command; Response is their
// findings, or why there are none. The contract is plugins/wire, shared
// with hguard's approval package.
type (
	Request  = wire.DetectRequest
	Response = wire.DetectResponse
)

const usage = `hguard-plugins runs hguard's detector plugins; hguard calls it.

usage:
  hguard-plugins plugin list|add|install …   the same as hguard plugin …
  hguard-plugins detect                      one JSON request on stdin, one response on stdout
  hguard-plugins serve                       JSON requests and responses, one a line, until stdin ends
  hguard-plugins review                      one smart-approval review request on stdin, its verdict on stdout
`

// Main runs the program and returns its exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Exit(dispatch(args, stdin, stdout, stderr), stderr)
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return cli.Usagef("", "no command given")
	}
	switch args[0] {
	case "plugin":
		return runPlugin(args[1:], stdout, stderr)
	case "detect":
		return serve(stdin, stdout, true)
	case "serve":
		return serve(stdin, stdout, false)
	case "review":
		return review(stdin, stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return cli.Usagef("run 'hguard-plugins help'", "unknown command %q", args[0])
}

// maxRequest bounds one request line: a command of cmdline.MaxInput escaped.
const maxRequest = 8 * cmdline.MaxInput

// serve answers requests, one a line, with the enabled detectors; once
// answers a single request. The host is made once, so in serve mode the
// plugins stay warm between requests.
func serve(stdin io.Reader, stdout io.Writer, once bool) error {
	cfg, err := plugins.LoadConfig(cli.Home())
	if err != nil {
		return err
	}
	if !once {
		// A long-lived service may fetch tirith when it is missing; a
		// one-shot check would abandon the download.
		cfg.Tirith.Install = install.Background(cli.Home())
	}
	host := plugins.NewHost(cfg)
	defer host.Close()
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), maxRequest)
	w := bufio.NewWriter(stdout)
	for sc.Scan() {
		var req Request
		var resp Response
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			resp.Error = "request is not JSON: " + err.Error()
		} else {
			line := cmdline.ParseShell(req.Original, req.Shell)
			ctx, cancel := context.WithTimeout(context.Background(), cfg.Tirith.Timeout+5*time.Second)
			resp.Findings = host.Check(ctx, plugins.Request{Original: req.Original, Normalized: line.Normalized, Cwd: req.Cwd, Shell: req.Shell, Line: line})
			cancel()
		}
		if resp.Findings == nil {
			resp.Findings = []dsl.Finding{}
		}
		if err := cli.WriteJSON(w, resp); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
		if once {
			return nil
		}
	}
	return sc.Err()
}
