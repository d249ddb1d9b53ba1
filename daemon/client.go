package daemon

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/internal/unixsock"
)

// Client talks to a daemon. It is safe for concurrent use; requests on one
// client go one at a time (open one client per concurrent caller).
type Client struct {
	mu   sync.Mutex
	conn *unixsock.Conn
	br   *bufio.Reader
	enc  *json.Encoder
	// Timeout bounds a request that does not wait in the queue; a daemon
	// that does not answer in time is an error, never an allow.
	Timeout time.Duration
}

// Open gives a caller the daemon of opts.Home when one runs and dial is
// true, else an Engine of its own in this process (with opts). Either
// decides the same way.
func Open(opts approval.Options, dial bool) (approval.Decider, error) {
	if dial && opts.Home != "" {
		c, err := Dial(opts.Home)
		if err == nil {
			return c, nil
		}
		if !errors.Is(err, ErrNotRunning) {
			return nil, err
		}
	}
	return approval.New(opts)
}

// ErrNotRunning means no daemon serves home: the caller decides in-process.
var ErrNotRunning = errors.New("no daemon is running")

// Dial connects to home's daemon. When none is running (no socket, or a
// stale one) the error is ErrNotRunning.
func Dial(home string) (*Client, error) {
	path := SocketPath(home)
	conn, err := unixsock.Dial(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, errors.ErrUnsupported) {
			return nil, ErrNotRunning
		}
		return nil, fmt.Errorf("connecting to the daemon at %s: %w", path, err)
	}
	if uid, err := conn.PeerUID(); err != nil || uid != os.Getuid() {
		conn.Close()
		return nil, fmt.Errorf("the daemon socket %s belongs to uid %d, not to you", path, uid)
	}
	enc := json.NewEncoder(conn)
	enc.SetEscapeHTML(false)
	return &Client{conn: conn, br: bufio.NewReaderSize(conn, 8<<10), enc: enc, Timeout: 30 * time.Second}, nil
}

// Close hangs up.
func (c *Client) Close() error { return c.conn.Close() }

func (c *Client) do(req wireRequest, wait bool) (wireResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var deadline time.Time
	if !wait && c.Timeout > 0 {
		deadline = time.Now().Add(c.Timeout)
	}
	c.conn.SetDeadline(deadline)
	var resp wireResponse
	if err := c.enc.Encode(&req); err != nil {
		return resp, fmt.Errorf("daemon: %w", err)
	}
	line, err := readWireLine(c.br)
	if err != nil {
		if errors.Is(err, io.EOF) {
			err = errors.New("the daemon hung up without answering")
		}
		return resp, fmt.Errorf("daemon: %w", err)
	}
	if err := json.Unmarshal(line, &resp); err != nil {
		return resp, fmt.Errorf("daemon: bad answer: %w", err)
	}
	return resp, nil
}

// agentError is the daemon's refusal of a request from a coding agent,
// with the daemon's words (which say what a person should do instead).
type agentError struct{ msg string }

func (e *agentError) Error() string { return e.msg }
func (e *agentError) Unwrap() error { return approval.ErrAgentCaller }

// remoteError turns an error response back into the error values of this
// package, so callers test them with errors.Is either way.
func remoteError(r wireResponse) error {
	switch {
	case r.Error == "":
		return nil
	case r.Kind == "blocked":
		return approval.ErrBlocked
	case r.Kind == "content-level":
		return approval.ErrContentLevel
	case r.Kind == "agent":
		return &agentError{msg: r.Error}
	}
	return errors.New(r.Error)
}

// Decide is approval.Engine.Decide in the daemon.
func (c *Client) Decide(req approval.CheckRequest) (approval.Decision, error) {
	r, err := c.do(wireRequest{Op: "check", Check: &req}, false)
	if err != nil {
		return approval.Decision{}, err
	}
	if err := remoteError(r); err != nil {
		return approval.Decision{}, err
	}
	if r.Decision == nil {
		return approval.Decision{}, errors.New("daemon: no decision in its answer")
	}
	return *r.Decision, nil
}

// CheckQueued decides req and, on ask, waits in the daemon's approval
// queue for `hguard approve` / `hguard deny` or the gateway timeout. The
// answer is "" when no one had to answer. A daemon that goes away while
// the caller waits is an error: do not run the command.
func (c *Client) CheckQueued(req approval.CheckRequest) (approval.Decision, approval.Answer, error) {
	r, err := c.do(wireRequest{Op: "check", Check: &req, Queue: true}, true)
	if err != nil {
		return approval.Decision{}, approval.AnswerDeny, err
	}
	var d approval.Decision
	if r.Decision != nil {
		d = *r.Decision
	}
	if err := remoteError(r); err != nil {
		return d, approval.AnswerDeny, err
	}
	if r.Decision == nil {
		return d, approval.AnswerDeny, errors.New("daemon: no decision in its answer")
	}
	return d, r.Answer, nil
}

// Answer is approval.Engine.Answer in the daemon.
func (c *Client) Answer(req approval.CheckRequest, a approval.Answer, note string) (approval.Decision, error) {
	r, err := c.do(wireRequest{Op: "answer", Check: &req, Answer: a, Note: note}, false)
	if err != nil {
		return approval.Decision{}, err
	}
	var d approval.Decision
	if r.Decision != nil {
		d = *r.Decision
	}
	return d, remoteError(r)
}

// Approve answers the oldest queued ask (of session, when not ""; entry id
// when not 0; every one with all) with a, and returns what it answered.
func (c *Client) Approve(session string, id uint64, all bool, a approval.Answer) ([]Waiting, error) {
	r, err := c.do(wireRequest{Op: "approve", Session: session, ID: id, All: all, Answer: a}, false)
	if err != nil {
		return nil, err
	}
	return r.Pending, remoteError(r)
}

// Deny is Approve with deny.
func (c *Client) Deny(session string, id uint64, all bool) ([]Waiting, error) {
	r, err := c.do(wireRequest{Op: "deny", Session: session, ID: id, All: all}, false)
	if err != nil {
		return nil, err
	}
	return r.Pending, remoteError(r)
}

// Pending lists the queue (of session, when not "").
func (c *Client) Pending(session string) ([]Waiting, error) {
	r, err := c.do(wireRequest{Op: "pending", Session: session}, false)
	if err != nil {
		return nil, err
	}
	return r.Pending, remoteError(r)
}

// SetYOLO is approval.Engine.SetYOLO in the daemon.
func (c *Client) SetYOLO(session string, on bool) error {
	r, err := c.do(wireRequest{Op: "yolo", Session: session, On: on}, false)
	if err != nil {
		return err
	}
	return remoteError(r)
}

// Status asks the daemon about itself.
func (c *Client) Status() (Status, error) {
	r, err := c.do(wireRequest{Op: "status"}, false)
	if err != nil {
		return Status{}, err
	}
	if r.Status == nil {
		return Status{}, remoteError(r)
	}
	return *r.Status, remoteError(r)
}

var _ approval.Decider = (*Client)(nil)
