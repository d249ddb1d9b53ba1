package pluginscmd

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"time"

	"github.com/hguard/hguard/internal/cli"
	"github.com/hguard/hguard/plugins/smartllm"
	"github.com/hguard/hguard/plugins/wire"
)

// ReviewRequest asks the smart reviewer about one ask (hguard-plugins
// review); ReviewResponse is its verdict. The contract is plugins/wire,
// shared with hguard's approval package. The API key never travels: only
// the name of the environment variable that holds it, read here.
type (
	ReviewRequest  = wire.ReviewRequest
	ReviewResponse = wire.ReviewResponse
)

// review answers one ReviewRequest from stdin.
func review(stdin io.Reader, stdout io.Writer) error {
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), maxRequest)
	resp := ReviewResponse{Verdict: wire.Escalate}
	var req ReviewRequest
	switch {
	case !sc.Scan():
		resp.Error = "no review request on stdin"
	case json.Unmarshal(sc.Bytes(), &req) != nil:
		resp.Error = "review request is not JSON"
	default:
		timeout := time.Duration(req.TimeoutMS) * time.Millisecond
		if timeout <= 0 || timeout > 10*time.Minute {
			timeout = 10 * time.Second
		}
		cfg := smartllm.Config{BaseURL: req.BaseURL, Model: req.Model, Timeout: timeout}
		if req.APIKeyEnv != "" {
			cfg.APIKey = os.Getenv(req.APIKeyEnv)
		}
		ctx := context.Background()
		if req.Ping {
			if err := smartllm.Ping(ctx, cfg); err != nil {
				resp.Error = err.Error()
			} else {
				resp.Reason = "reachable"
			}
			break
		}
		findings := make([]smartllm.Finding, len(req.Findings))
		for i, f := range req.Findings {
			findings[i] = smartllm.Finding(f)
		}
		r := smartllm.Review(ctx, cfg, smartllm.Input{Command: req.Command, Cwd: req.Cwd, Shell: req.Shell, Findings: findings})
		resp.Verdict, resp.Reason = wire.Verdict(r.Verdict), r.Reason
	}
	w := bufio.NewWriter(stdout)
	if err := cli.WriteJSON(w, resp); err != nil {
		return err
	}
	return w.Flush()
}
