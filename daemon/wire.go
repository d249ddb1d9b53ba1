package daemon

import (
	"bufio"
	"errors"
	"path/filepath"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/dsl"
)

// SocketPath is where home's daemon listens.
func SocketPath(home string) string { return filepath.Join(home, "state", "daemon.sock") }

// maxSocketPath is the room in sockaddr_un for a path (108 with the NUL).
const maxSocketPath = 107

// maxWireLine bounds one request: a command of cmdline.MaxInput bytes,
// JSON-escaped.
const maxWireLine = 8 << 20

type wireRequest struct {
	Op      string                 `json:"op"` // check, answer, approve, deny, pending, yolo, status
	Check   *approval.CheckRequest `json:"check,omitempty"`
	Queue   bool                   `json:"queue,omitempty"` // check: on ask, wait in the approval queue
	Answer  approval.Answer        `json:"answer,omitempty"`
	Note    string                 `json:"note,omitempty"`
	Session string                 `json:"session,omitempty"`
	All     bool                   `json:"all,omitempty"`
	ID      uint64                 `json:"id,omitempty"`
	On      bool                   `json:"on,omitempty"`
}

type wireResponse struct {
	Error    string             `json:"error,omitempty"`
	Kind     string             `json:"kind,omitempty"` // blocked, content-level: errors the caller may tell apart
	Decision *approval.Decision `json:"decision,omitempty"`
	Answer   approval.Answer    `json:"answer,omitempty"` // how a queued ask was answered
	Pending  []Waiting          `json:"pending,omitempty"`
	Status   *Status            `json:"status,omitempty"`
}

// Waiting is one caller waiting in the approval queue.
type Waiting struct {
	ID       uint64        `json:"id"`
	Session  string        `json:"session"`
	Command  string        `json:"cmd"` // secrets redacted
	Cwd      string        `json:"cwd,omitempty"`
	Findings []dsl.Finding `json:"findings"`
	NoAlways bool          `json:"no_always,omitempty"`
	Since    time.Time     `json:"since"`
	Deadline time.Time     `json:"deadline"`
}

// Status is what the daemon says about itself.
type Status struct {
	PID     int       `json:"pid"`
	Socket  string    `json:"socket"`
	Started time.Time `json:"started"`
	Pending int       `json:"pending"`
	Clients int       `json:"clients"`
	// Watching is the directories of checkpoints.watch whose watchers run.
	Watching []string `json:"watching,omitempty"`
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
