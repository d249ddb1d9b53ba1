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
)

// ReviewRequest asks the smart reviewer about one ask (hguard-plugins
// review). The key itself never travels: only the name of the environment
// variable that holds it, read here.
type ReviewRequest struct {
	Command   string             `json:"command"`
	Cwd       string             `json:"cwd,omitempty"`
	Shell     string             `json:"shell,omitempty"`
	Findings  []smartllm.Finding `json:"findings"`
	BaseURL   string             `json:"base_url"`
	Model     string             `json:"model"`
	APIKeyEnv string             `json:"api_key_env,omitempty"`
	TimeoutMS int64              `json:"timeout_ms"`
	Ping      bool               `json:"ping,omitempty"` // only check that the endpoint answers (hguard doctor --reviewer)
}

// ReviewResponse is the verdict: approve, deny or escalate. Error is set
// only for a request that could not be read (or a failed ping); the
// verdict is then escalate.
type ReviewResponse struct {
	Verdict smartllm.Verdict `json:"verdict"`
	Reason  string           `json:"reason,omitempty"`
	Error   string           `json:"error,omitempty"`
}

// review answers one ReviewRequest from stdin.
func review(stdin io.Reader, stdout io.Writer) error {
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), maxRequest)
	resp := ReviewResponse{Verdict: smartllm.Escalate}
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
		r := smartllm.Review(ctx, cfg, smartllm.Input{Command: req.Command, Cwd: req.Cwd, Shell: req.Shell, Findings: req.Findings})
		resp.Verdict, resp.Reason = r.Verdict, r.Reason
	}
	w := bufio.NewWriter(stdout)
	if err := cli.WriteJSON(w, resp); err != nil {
		return err
	}
	return w.Flush()
}
