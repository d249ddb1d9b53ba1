package hguard

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/flock"
	"github.com/hguard/hguard/internal/unixsock"
)

// The daemon (`hguard daemon`) serves the Engine on a unix socket,
// $HGUARD_HOME/state/daemon.sock, so a check costs a round trip instead of
// a process start-up, and keeps the approval queue: a caller with no
// terminal (an agent, a remote shell) waits in it until a person answers
// with `hguard approve` or `hguard deny`, or approvals.gateway_timeout
// passes (deny).
//
// The protocol is one JSON object a line each way, one request at a time
// per connection. Only the daemon's own user may connect: the socket is
// 0600 in a 0700 directory and every peer's uid is checked (SO_PEERCRED).

// SocketPath is where home's daemon listens.
func SocketPath(home string) string { return filepath.Join(home, "state", "daemon.sock") }

// maxSocketPath is the room in sockaddr_un for a path (108 with the NUL).
const maxSocketPath = 107

// maxWireLine bounds one request: a command of cmdline.MaxInput bytes,
// JSON-escaped.
const maxWireLine = 8 << 20

type wireRequest struct {
	Op      string        `json:"op"` // check, answer, approve, deny, pending, yolo, status
	Check   *CheckRequest `json:"check,omitempty"`
	Queue   bool          `json:"queue,omitempty"` // check: on ask, wait in the approval queue
	Answer  Answer        `json:"answer,omitempty"`
	Note    string        `json:"note,omitempty"`
	Session string        `json:"session,omitempty"`
	All     bool          `json:"all,omitempty"`
	ID      uint64        `json:"id,omitempty"`
	On      bool          `json:"on,omitempty"`
}

type wireResponse struct {
	Error    string         `json:"error,omitempty"`
	Kind     string         `json:"kind,omitempty"` // blocked, content-level: errors the caller may tell apart
	Decision *Decision      `json:"decision,omitempty"`
	Answer   Answer         `json:"answer,omitempty"` // how a queued ask was answered
	Pending  []PendingEntry `json:"pending,omitempty"`
	Status   *DaemonStatus  `json:"status,omitempty"`
}

// PendingEntry is one caller waiting in the approval queue.
type PendingEntry struct {
	ID       uint64        `json:"id"`
	Session  string        `json:"session"`
	Command  string        `json:"cmd"` // secrets redacted
	Cwd      string        `json:"cwd,omitempty"`
	Findings []dsl.Finding `json:"findings"`
	NoAlways bool          `json:"no_always,omitempty"`
	Since    time.Time     `json:"since"`
	Deadline time.Time     `json:"deadline"`
}

// DaemonStatus is what the daemon says about itself.
type DaemonStatus struct {
	PID     int       `json:"pid"`
	Socket  string    `json:"socket"`
	Started time.Time `json:"started"`
	Pending int       `json:"pending"`
	Clients int       `json:"clients"`
}

type pending struct {
	PendingEntry
	req    CheckRequest
	answer chan Answer // buffered 1: the first answer wins
}

// Server is a running daemon.
type Server struct {
	eng     *Engine
	home    string
	ln      *unixsock.Listener
	lock    *flock.File
	started time.Time
	logf    func(format string, args ...any)

	mu      sync.Mutex
	queue   []*pending // oldest first
	nextID  uint64
	clients int
	conns   map[*unixsock.Conn]struct{}

	closing chan struct{}
	wg      sync.WaitGroup
}

// ErrDaemonRunning is returned by Listen when another daemon serves home.
var ErrDaemonRunning = errors.New("a daemon is already running")

// Listen starts a daemon for eng's home: it takes the daemon lock (so two
// daemons never share a socket), removes a socket left by a daemon that
// crashed, and listens. logf receives one line per notable event.
func Listen(eng *Engine, logf func(format string, args ...any)) (*Server, error) {
	home := eng.opts.Home
	dir, err := stateDir(home)
	if err != nil {
		return nil, err
	}
	path := SocketPath(home)
	if len(path) > maxSocketPath {
		return nil, fmt.Errorf("socket path %s is %d bytes, over the limit of %d: use a shorter HGUARD_HOME", path, len(path), maxSocketPath)
	}
	lock, err := flock.TryLock(filepath.Join(dir, "daemon.lock"))
	if errors.Is(err, flock.ErrHeld) {
		pid, _ := os.ReadFile(filepath.Join(dir, "daemon.pid"))
		return nil, fmt.Errorf("%w (pid %s, socket %s)", ErrDaemonRunning, strings.TrimSpace(string(pid)), path)
	}
	if err != nil {
		return nil, err
	}
	if logf == nil {
		logf = func(string, ...any) {}
	}
	if err := os.Remove(path); err == nil {
		logf("removed the stale socket of a daemon that did not shut down")
	} else if !errors.Is(err, fs.ErrNotExist) {
		lock.Unlock()
		return nil, err
	}
	ln, err := unixsock.Listen(path)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		lock.Unlock()
		return nil, err
	}
	writeFileAtomic(filepath.Join(dir, "daemon.pid"), []byte(strconv.Itoa(os.Getpid())+"\n"), 0o600)
	return &Server{eng: eng, home: home, ln: ln, lock: lock, started: time.Now(), logf: logf,
		conns: map[*unixsock.Conn]struct{}{}, closing: make(chan struct{})}, nil
}

// Serve accepts connections until Shutdown.
func (s *Server) Serve() error {
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			select {
			case <-s.closing:
				return nil
			default:
			}
			if errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			return err
		}
		uid, err := conn.PeerUID()
		if err != nil || uid != os.Getuid() {
			s.logf("refused a connection from uid %d (%v)", uid, err)
			conn.Close()
			continue
		}
		s.mu.Lock()
		select {
		case <-s.closing:
			s.mu.Unlock()
			conn.Close()
			continue
		default:
		}
		s.clients++
		s.conns[conn] = struct{}{}
		s.wg.Add(1)
		s.mu.Unlock()
		go s.serveConn(conn)
	}
}

// Shutdown stops accepting, answers every queued caller with deny (the
// daemon is going away; the caller must not run the command), waits for
// the connections to finish up to ctx, and releases the socket and lock.
// Approvals are on disk the moment they are given, so none are lost.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	select {
	case <-s.closing:
		s.mu.Unlock()
		return nil
	default:
	}
	close(s.closing)
	s.mu.Unlock()
	s.ln.Close()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		s.mu.Lock()
		for c := range s.conns {
			c.Close()
		}
		s.mu.Unlock()
		<-done
		err = ctx.Err()
	}
	os.Remove(filepath.Join(filepath.Dir(SocketPath(s.home)), "daemon.pid"))
	s.lock.Unlock()
	return err
}

func (s *Server) serveConn(conn *unixsock.Conn) {
	defer s.wg.Done()
	defer func() {
		conn.Close()
		s.mu.Lock()
		s.clients--
		delete(s.conns, conn)
		s.mu.Unlock()
	}()
	// One goroutine reads; gone closes when the client hangs up, which a
	// request waiting in the queue watches for.
	lines := make(chan []byte)
	gone := make(chan struct{})
	go func() {
		defer close(gone)
		br := bufio.NewReaderSize(conn, 8<<10)
		for {
			line, err := readWireLine(br)
			if err != nil {
				if errors.Is(err, errWireTooLong) {
					select {
					case lines <- nil:
					case <-s.closing:
					}
				}
				return
			}
			select {
			case lines <- line:
			case <-s.closing:
				return
			}
		}
	}()
	enc := json.NewEncoder(conn)
	enc.SetEscapeHTML(false)
	for {
		var line []byte
		select {
		case line = <-lines:
		case <-gone:
			return
		case <-s.closing:
			return
		}
		var resp wireResponse
		var req wireRequest
		switch {
		case line == nil:
			resp.Error = fmt.Sprintf("request longer than %d bytes", maxWireLine)
		case json.Unmarshal(line, &req) != nil:
			resp.Error = "request is not a JSON object"
		default:
			resp = s.handle(req, gone)
		}
		if err := enc.Encode(&resp); err != nil {
			return
		}
		if line == nil {
			return
		}
	}
}

var errWireTooLong = errors.New("line too long")

func readWireLine(br *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > maxWireLine {
			return nil, errWireTooLong
		}
		buf = append(buf, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return buf, nil
	}
}

func errorResponse(err error) wireResponse {
	r := wireResponse{Error: err.Error()}
	switch {
	case errors.Is(err, ErrBlocked):
		r.Kind = "blocked"
	case errors.Is(err, ErrContentLevel):
		r.Kind = "content-level"
	}
	return r
}

func (s *Server) handle(req wireRequest, gone <-chan struct{}) wireResponse {
	switch req.Op {
	case "check":
		if req.Check == nil {
			return wireResponse{Error: "check: no command"}
		}
		d, err := s.eng.Decide(*req.Check)
		if err != nil {
			return errorResponse(err)
		}
		if d.Decision != dsl.Ask || !req.Queue {
			return wireResponse{Decision: &d}
		}
		return s.wait(*req.Check, d, gone)
	case "answer":
		if req.Check == nil {
			return wireResponse{Error: "answer: no command"}
		}
		d, err := s.eng.Answer(*req.Check, req.Answer, req.Note)
		resp := wireResponse{Decision: &d, Answer: req.Answer}
		if err != nil {
			resp = errorResponse(err)
			resp.Decision = &d
		}
		return resp
	case "approve", "deny":
		a := Deny
		if req.Op == "approve" {
			a = req.Answer
			if a == "" {
				a = Once
			}
			if !a.Approves() {
				return wireResponse{Error: fmt.Sprintf("approve: %q is not an approval", a)}
			}
		}
		if req.Session != "" {
			if err := ValidSessionID(req.Session); err != nil {
				return errorResponse(err)
			}
		}
		answered, err := s.answerQueue(req.Session, req.ID, req.All, a)
		if err != nil {
			return errorResponse(err)
		}
		return wireResponse{Pending: answered, Answer: a}
	case "pending":
		return wireResponse{Pending: s.Pending(req.Session)}
	case "yolo":
		if err := s.eng.SetYOLO(req.Session, req.On); err != nil {
			return errorResponse(err)
		}
		return wireResponse{}
	case "status":
		st := s.Status()
		return wireResponse{Status: &st}
	}
	return wireResponse{Error: fmt.Sprintf("unknown op %q", req.Op)}
}

// wait queues an ask and blocks until it is answered, times out, the
// caller hangs up or the daemon shuts down.
func (s *Server) wait(req CheckRequest, d Decision, gone <-chan struct{}) wireResponse {
	cfg, err := s.eng.Config()
	if err != nil {
		return errorResponse(err)
	}
	now := time.Now()
	p := &pending{req: req, answer: make(chan Answer, 1)}
	p.Session, p.Command, p.Cwd, p.NoAlways = req.Session, redactCommand(req.Command), req.Cwd, d.NoAlways
	for _, f := range d.Findings {
		f.Command = redactCommand(f.Command)
		p.Findings = append(p.Findings, f)
	}
	p.Since, p.Deadline = now.UTC(), now.Add(cfg.Approvals.GatewayTimeout).UTC()
	s.mu.Lock()
	s.nextID++
	p.ID = s.nextID
	s.queue = append(s.queue, p)
	s.mu.Unlock()
	rec := s.eng.auditRecord("queue", d)
	rec.Note = fmt.Sprintf("waiting for approval as #%d", p.ID)
	if err := s.eng.record(rec); err != nil {
		s.remove(p)
		return errorResponse(err)
	}
	timer := time.NewTimer(cfg.Approvals.GatewayTimeout)
	defer timer.Stop()
	var a Answer
	select {
	case a = <-p.answer:
	case <-timer.C:
		if !s.remove(p) { // answered at the last moment
			a = <-p.answer
			break
		}
		a = Timeout
	case <-gone:
		if s.remove(p) {
			rec := s.eng.auditRecord("abandon", d)
			rec.Note = fmt.Sprintf("#%d: the caller hung up while waiting", p.ID)
			s.eng.record(rec)
			return wireResponse{Error: "caller gone"}
		}
		a = <-p.answer
	case <-s.closing:
		if s.remove(p) {
			rec := s.eng.auditRecord("abandon", d)
			rec.Outcome, rec.Note = "deny", fmt.Sprintf("#%d: the daemon shut down while it waited", p.ID)
			s.eng.record(rec)
			return wireResponse{Decision: &d, Answer: Deny, Error: "the daemon shut down before anyone answered", Kind: "shutdown"}
		}
		a = <-p.answer
	}
	note := fmt.Sprintf("#%d answered from the queue", p.ID)
	if a == Timeout {
		note = fmt.Sprintf("#%d: no answer within approvals.gateway_timeout (%s)", p.ID, cfg.Approvals.GatewayTimeout)
	}
	d2, err := s.eng.Answer(req, a, note)
	if err != nil {
		resp := errorResponse(err)
		resp.Decision, resp.Answer = &d2, a
		return resp
	}
	return wireResponse{Decision: &d2, Answer: a}
}

// remove takes p out of the queue; false when it was already taken (answered).
func (s *Server) remove(p *pending) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := slices.Index(s.queue, p)
	if i < 0 {
		return false
	}
	s.queue = slices.Delete(s.queue, i, i+1)
	return true
}

// answerQueue answers the oldest waiting entry (of session, when given),
// the entry id, or with all every entry, and returns what it answered. An
// always for an entry with a content-level finding is refused before any
// entry is answered.
func (s *Server) answerQueue(session string, id uint64, all bool, a Answer) ([]PendingEntry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var picked []*pending
	for _, p := range s.queue {
		if (session != "" && p.Session != session) || (id != 0 && p.ID != id) {
			continue
		}
		picked = append(picked, p)
		if !all {
			break
		}
	}
	for _, p := range picked {
		if a == Always && p.NoAlways {
			return nil, fmt.Errorf("#%d: %w", p.ID, ErrContentLevel)
		}
	}
	var out []PendingEntry
	for _, p := range picked {
		i := slices.Index(s.queue, p)
		s.queue = slices.Delete(s.queue, i, i+1)
		p.answer <- a
		out = append(out, p.PendingEntry)
	}
	return out, nil
}

// Pending lists the queue, oldest first (of one session, when given).
func (s *Server) Pending(session string) []PendingEntry {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []PendingEntry{}
	for _, p := range s.queue {
		if session == "" || p.Session == session {
			out = append(out, p.PendingEntry)
		}
	}
	return out
}

// Status describes the daemon.
func (s *Server) Status() DaemonStatus {
	s.mu.Lock()
	defer s.mu.Unlock()
	return DaemonStatus{PID: os.Getpid(), Socket: SocketPath(s.home), Started: s.started, Pending: len(s.queue), Clients: s.clients}
}

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

// ErrNoDaemon means no daemon serves home: the caller decides in-process.
var ErrNoDaemon = errors.New("no daemon is running")

// Dial connects to home's daemon. When none is running (no socket, or a
// stale one) the error is ErrNoDaemon.
func Dial(home string) (*Client, error) {
	path := SocketPath(home)
	conn, err := unixsock.Dial(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, errors.ErrUnsupported) {
			return nil, ErrNoDaemon
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

// remoteError turns an error response back into the error values of this
// package, so callers test them with errors.Is either way.
func remoteError(r wireResponse) error {
	switch {
	case r.Error == "":
		return nil
	case r.Kind == "blocked":
		return ErrBlocked
	case r.Kind == "content-level":
		return ErrContentLevel
	}
	return errors.New(r.Error)
}

// Check is Engine.Decide in the daemon.
func (c *Client) Check(req CheckRequest) (Decision, error) {
	r, err := c.do(wireRequest{Op: "check", Check: &req}, false)
	if err != nil {
		return Decision{}, err
	}
	if err := remoteError(r); err != nil {
		return Decision{}, err
	}
	if r.Decision == nil {
		return Decision{}, errors.New("daemon: no decision in its answer")
	}
	return *r.Decision, nil
}

// CheckQueued decides req and, on ask, waits in the daemon's approval
// queue for `hguard approve` / `hguard deny` or the gateway timeout. The
// answer is "" when no one had to answer. A daemon that goes away while
// the caller waits is an error: do not run the command.
func (c *Client) CheckQueued(req CheckRequest) (Decision, Answer, error) {
	r, err := c.do(wireRequest{Op: "check", Check: &req, Queue: true}, true)
	if err != nil {
		return Decision{}, Deny, err
	}
	var d Decision
	if r.Decision != nil {
		d = *r.Decision
	}
	if err := remoteError(r); err != nil {
		return d, Deny, err
	}
	if r.Decision == nil {
		return d, Deny, errors.New("daemon: no decision in its answer")
	}
	return d, r.Answer, nil
}

// Answer is Engine.Answer in the daemon.
func (c *Client) Answer(req CheckRequest, a Answer, note string) (Decision, error) {
	r, err := c.do(wireRequest{Op: "answer", Check: &req, Answer: a, Note: note}, false)
	if err != nil {
		return Decision{}, err
	}
	var d Decision
	if r.Decision != nil {
		d = *r.Decision
	}
	return d, remoteError(r)
}

// Approve answers the oldest queued ask (of session, when not ""; entry id
// when not 0; every one with all) with a, and returns what it answered.
func (c *Client) Approve(session string, id uint64, all bool, a Answer) ([]PendingEntry, error) {
	r, err := c.do(wireRequest{Op: "approve", Session: session, ID: id, All: all, Answer: a}, false)
	if err != nil {
		return nil, err
	}
	return r.Pending, remoteError(r)
}

// Deny is Approve with deny.
func (c *Client) Deny(session string, id uint64, all bool) ([]PendingEntry, error) {
	r, err := c.do(wireRequest{Op: "deny", Session: session, ID: id, All: all}, false)
	if err != nil {
		return nil, err
	}
	return r.Pending, remoteError(r)
}

// Pending lists the queue (of session, when not "").
func (c *Client) Pending(session string) ([]PendingEntry, error) {
	r, err := c.do(wireRequest{Op: "pending", Session: session}, false)
	if err != nil {
		return nil, err
	}
	return r.Pending, remoteError(r)
}

// SetYOLO is Engine.SetYOLO in the daemon.
func (c *Client) SetYOLO(session string, on bool) error {
	r, err := c.do(wireRequest{Op: "yolo", Session: session, On: on}, false)
	if err != nil {
		return err
	}
	return remoteError(r)
}

// Status asks the daemon about itself.
func (c *Client) Status() (DaemonStatus, error) {
	r, err := c.do(wireRequest{Op: "status"}, false)
	if err != nil {
		return DaemonStatus{}, err
	}
	if r.Status == nil {
		return DaemonStatus{}, remoteError(r)
	}
	return *r.Status, remoteError(r)
}
