package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/atomicfile"
	"github.com/hguard/hguard/internal/flock"
	"github.com/hguard/hguard/internal/statefile"
	"github.com/hguard/hguard/internal/unixsock"
	"github.com/hguard/hguard/redact"
	"github.com/hguard/hguard/session"
)

type pending struct {
	Waiting
	req    approval.CheckRequest
	answer chan approval.Answer // buffered 1: the first answer wins
}

// Server is a running daemon.
type Server struct {
	eng     *approval.Engine
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

	watches *Watches // checkpoints.watch, for the status
}

// SetWatches makes the status report the watchers w runs.
func (s *Server) SetWatches(w *Watches) {
	s.mu.Lock()
	s.watches = w
	s.mu.Unlock()
}

// ErrRunning is returned by Listen when another daemon serves home.
var ErrRunning = errors.New("a daemon is already running")

// Listen starts a daemon for eng's home: it takes the daemon lock (so two
// daemons never share a socket), removes a socket left by a daemon that
// crashed, and listens. logf receives one line per notable event.
func Listen(eng *approval.Engine, logf func(format string, args ...any)) (*Server, error) {
	home := eng.Home()
	dir, err := statefile.Dir(home)
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
		return nil, fmt.Errorf("%w (pid %s, socket %s)", ErrRunning, strings.TrimSpace(string(pid)), path)
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
	atomicfile.Write(filepath.Join(dir, "daemon.pid"), []byte(strconv.Itoa(os.Getpid())+"\n"), 0o600)
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
			resp = s.handle(req, gone, conn)
		}
		if err := enc.Encode(&resp); err != nil {
			return
		}
		if line == nil {
			return
		}
	}
}

func errorResponse(err error) wireResponse {
	r := wireResponse{Error: err.Error()}
	switch {
	case errors.Is(err, approval.ErrBlocked):
		r.Kind = "blocked"
	case errors.Is(err, approval.ErrContentLevel):
		r.Kind = "content-level"
	}
	return r
}

func (s *Server) handle(req wireRequest, gone <-chan struct{}, conn peer) wireResponse {
	if needsPerson(req) {
		if err := s.checkPerson(conn, needsTerminal(req)); err != nil {
			return wireResponse{Error: err.Error(), Kind: "agent"}
		}
	}
	switch req.Op {
	case "check":
		if req.Check == nil {
			return wireResponse{Error: "check: no command"}
		}
		d, err := s.eng.Decide(*req.Check)
		if err != nil {
			return errorResponse(err)
		}
		if d.Outcome != dsl.Ask || !req.Queue {
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
		a := approval.AnswerDeny
		if req.Op == "approve" {
			a = req.Answer
			if a == "" {
				a = approval.AnswerOnce
			}
			if !a.Approves() {
				return wireResponse{Error: fmt.Sprintf("approve: %q is not an approval", a)}
			}
		}
		if req.Session != "" {
			if err := session.ValidID(req.Session); err != nil {
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
func (s *Server) wait(req approval.CheckRequest, d approval.Decision, gone <-chan struct{}) wireResponse {
	cfg, err := s.eng.Config()
	if err != nil {
		return errorResponse(err)
	}
	now := time.Now()
	p := &pending{req: req, answer: make(chan approval.Answer, 1)}
	p.Session, p.Command, p.Cwd, p.NoAlways = req.Session, redact.String(req.Command), req.Cwd, d.NoAlways
	for _, f := range d.Findings {
		f.Command = redact.String(f.Command)
		p.Findings = append(p.Findings, f)
	}
	p.Since, p.Deadline = now.UTC(), now.Add(cfg.Approvals.GatewayTimeout).UTC()
	s.mu.Lock()
	s.nextID++
	p.ID = s.nextID
	s.queue = append(s.queue, p)
	s.mu.Unlock()
	if err := s.eng.RecordEvent("queue", d, "", fmt.Sprintf("waiting for approval as #%d", p.ID)); err != nil {
		s.remove(p)
		return errorResponse(err)
	}
	timer := time.NewTimer(cfg.Approvals.GatewayTimeout)
	defer timer.Stop()
	var a approval.Answer
	select {
	case a = <-p.answer:
	case <-timer.C:
		if !s.remove(p) { // answered at the last moment
			a = <-p.answer
			break
		}
		a = approval.AnswerTimeout
	case <-gone:
		if s.remove(p) {
			s.eng.RecordEvent("abandon", d, "", fmt.Sprintf("#%d: the caller hung up while waiting", p.ID))
			return wireResponse{Error: "caller gone"}
		}
		a = <-p.answer
	case <-s.closing:
		if s.remove(p) {
			s.eng.RecordEvent("abandon", d, "deny", fmt.Sprintf("#%d: the daemon shut down while it waited", p.ID))
			return wireResponse{Decision: &d, Answer: approval.AnswerDeny, Error: "the daemon shut down before anyone answered", Kind: "shutdown"}
		}
		a = <-p.answer
	}
	note := fmt.Sprintf("#%d answered from the queue", p.ID)
	if a == approval.AnswerTimeout {
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
func (s *Server) answerQueue(session string, id uint64, all bool, a approval.Answer) ([]Waiting, error) {
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
		if a == approval.AnswerAlways && p.NoAlways {
			return nil, fmt.Errorf("#%d: %w", p.ID, approval.ErrContentLevel)
		}
	}
	var out []Waiting
	for _, p := range picked {
		i := slices.Index(s.queue, p)
		s.queue = slices.Delete(s.queue, i, i+1)
		p.answer <- a
		out = append(out, p.Waiting)
	}
	return out, nil
}

// Pending lists the queue, oldest first (of one session, when given).
func (s *Server) Pending(session string) []Waiting {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []Waiting{}
	for _, p := range s.queue {
		if session == "" || p.Session == session {
			out = append(out, p.Waiting)
		}
	}
	return out
}

// Status describes the daemon.
func (s *Server) Status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Status{PID: os.Getpid(), Socket: SocketPath(s.home), Started: s.started, Pending: len(s.queue), Clients: s.clients,
		Watching: s.watches.Dirs()}
}
