package tirith

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// server is one warm `tirith mcp-server`: tirith's analysis over JSON-RPC
// on stdin/stdout, so a long-lived host pays tirith's start-up once instead
// of on every command (measured in BENCHMARKS.md).
//
// Why this mode and not tirith's others: `tirith daemon` answers on a unix
// socket in about a millisecond, but it enriches every URL with DNS
// blocklist lookups and resolves shortened URLs over the network even with
// TIRITH_OFFLINE=1 (seen with strace): a check would leak the hosts on the
// line and contact them before the person decides. The MCP server under
// TIRITH_OFFLINE=1 makes no network request. It answers POSIX lines only
// (its tool takes posix or powershell), so fish lines still run `tirith
// check --shell fish`. Its output filter, meant for agents reading tool
// output, would replace a report about a look-alike URL with a placeholder;
// hguard needs the report itself and cleans every text it shows, so the
// server runs with --unsafe-unsanitized-tool-output.
type server struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan []byte // one response line each
	done   chan struct{}
	nextID int
}

// mcpProtocol is the MCP revision spoken; tirith 0.4 answers it.
const mcpProtocol = "2024-11-05"

// startServer starts tirith mcp-server and completes MCP's handshake.
func startServer(ctx context.Context, bin string, online bool) (*server, error) {
	cmd := exec.Command(bin, "mcp-server", "--unsafe-unsanitized-tool-output")
	cmd.Env = os.Environ()
	if !online {
		cmd.Env = append(cmd.Env, "TIRITH_OFFLINE=1")
	}
	cmd.Stderr = io.Discard // it narrates its session on stderr
	dieWithParent(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start tirith mcp-server: %w", err)
	}
	s := &server{cmd: cmd, stdin: stdin, lines: make(chan []byte, 1), done: make(chan struct{})}
	go s.read(stdout)
	var init struct {
		ServerInfo struct {
			Name string `json:"name"`
		} `json:"serverInfo"`
	}
	if err := s.call(ctx, "initialize", map[string]any{"protocolVersion": mcpProtocol, "capabilities": map[string]any{},
		"clientInfo": map[string]string{"name": "hguard", "version": Version}}, &init); err != nil {
		s.close()
		return nil, fmt.Errorf("tirith mcp-server handshake: %w", err)
	}
	if init.ServerInfo.Name != "tirith" {
		s.close()
		return nil, fmt.Errorf("tirith mcp-server calls itself %q", init.ServerInfo.Name)
	}
	if err := s.send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"}); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// maxLine bounds one response line, as maxOutput bounds tirith check's.
const maxLine = maxOutput

func (s *server) read(r io.Reader) {
	defer close(s.done)
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		var line []byte
		for {
			chunk, isPrefix, err := br.ReadLine()
			if err != nil {
				return
			}
			if len(line)+len(chunk) > maxLine {
				return // a babbling server is a dead one
			}
			line = append(line, chunk...)
			if !isPrefix {
				break
			}
		}
		select {
		case s.lines <- line:
		case <-time.After(time.Minute): // nobody is waiting: the caller gave up and closes us
			return
		}
	}
}

func (s *server) send(msg any) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	_, err = s.stdin.Write(append(b, '\n'))
	return err
}

// call sends one request and waits for its answer (notifications the
// server sends meanwhile are skipped) within ctx.
func (s *server) call(ctx context.Context, method string, params, result any) error {
	s.nextID++
	id := s.nextID
	if err := s.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
		return fmt.Errorf("tirith mcp-server: %w", err)
	}
	for {
		select {
		case <-ctx.Done():
			return fmt.Errorf("tirith mcp-server did not answer in time: %w", ctx.Err())
		case <-s.done:
			return errors.New("tirith mcp-server exited")
		case line := <-s.lines:
			var resp struct {
				ID     *int                      `json:"id"`
				Error  *struct{ Message string } `json:"error"`
				Result json.RawMessage           `json:"result"`
			}
			if err := json.Unmarshal(line, &resp); err != nil {
				return fmt.Errorf("tirith mcp-server wrote something that is not JSON-RPC: %v", err)
			}
			if resp.ID == nil {
				continue // a notification
			}
			if *resp.ID != id {
				return fmt.Errorf("tirith mcp-server answered request %d, not %d", *resp.ID, id)
			}
			if resp.Error != nil {
				return fmt.Errorf("tirith mcp-server: %s", resp.Error.Message)
			}
			return json.Unmarshal(resp.Result, result)
		}
	}
}

// check asks tirith about one POSIX line; the answer is tirith check's
// JSON report and the exit code that goes with its action.
func (s *server) check(ctx context.Context, line string) ([]byte, int, error) {
	var res struct {
		IsError           bool            `json:"isError"`
		StructuredContent json.RawMessage `json:"structuredContent"`
		Content           []struct {
			Text string `json:"text"`
		} `json:"content"`
	}
	err := s.call(ctx, "tools/call", map[string]any{"name": "tirith_check_command",
		"arguments": map[string]string{"command": line, "shell": "posix"}}, &res)
	if err != nil {
		return nil, 0, err
	}
	if res.IsError || len(res.StructuredContent) == 0 {
		msg := "no report"
		if len(res.Content) > 0 {
			msg = res.Content[0].Text
		}
		return nil, 0, fmt.Errorf("tirith mcp-server: %.200s", msg)
	}
	var r report
	if err := json.Unmarshal(res.StructuredContent, &r); err != nil {
		return nil, 0, fmt.Errorf("tirith mcp-server's report: %v", err)
	}
	code, ok := actionCodes[r.Action]
	if !ok {
		return nil, 0, fmt.Errorf("tirith reported unknown action %q", r.Action)
	}
	return res.StructuredContent, code, nil
}

// actionCodes is the exit code tirith check gives each action.
var actionCodes = map[string]int{"allow": 0, "block": 1, "warn": 2}

// close ends the server: its standard input first (it exits at end of
// input), then, if it is still there, a kill; and waits for it.
func (s *server) close() {
	s.stdin.Close()
	select {
	case <-s.done:
	case <-time.After(time.Second):
	}
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
}

// warm keeps at most one server for a detector, started on first use and
// replaced after any failure. Calls take turns: the server answers one
// request at a time.
type warm struct {
	mu      sync.Mutex
	srv     *server
	retryAt time.Time // after a failed start, the next attempt
}

// serverBackoff is how long a server that failed to start is not retried;
// meanwhile each check runs tirith check.
const serverBackoff = 30 * time.Second

func (w *warm) check(ctx context.Context, bin string, online bool, line string) ([]byte, int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.srv == nil {
		if time.Now().Before(w.retryAt) {
			return nil, 0, errNoServer
		}
		s, err := startServer(ctx, bin, online)
		if err != nil {
			w.retryAt = time.Now().Add(serverBackoff)
			return nil, 0, errors.Join(errNoServer, err)
		}
		w.srv = s
	}
	out, code, err := w.srv.check(ctx, line)
	if err != nil {
		w.srv.close()
		w.srv = nil
	}
	return out, code, err
}

func (w *warm) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.srv != nil {
		w.srv.close()
		w.srv = nil
	}
}

// errNoServer: no warm server now; the caller runs tirith check instead.
var errNoServer = errors.New("no tirith mcp-server")
