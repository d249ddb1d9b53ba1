package audit

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// The hash chain shows an edit only to someone who kept an old head: the
// same user who can edit the log can rehash it from there on, or cut its
// end. So each chain head is also written where that user cannot rewrite
// it, an anchor, and Verify with an anchor checks the log against the heads
// kept there. The anchor here is the systemd journal: journald stamps every
// entry with the sender's uid (_UID, from the socket's credentials, which a
// sender cannot forge) and its files belong to root. A same-user process
// can add entries, never remove or change them: a false head is reported as
// a mismatch, never hides one.

// Head is one chain head as anchored: the log it belongs to, the seq and
// hash of its last record, and, after a rotation, the seq of the oldest
// record the kept files still hold.
type Head struct {
	Log   string // absolute path of the log
	Seq   int64
	Hash  string
	First int64 // set when rotation dropped older files; 0 otherwise
}

// Anchor keeps chain heads out of the log writer's reach.
type Anchor interface {
	// Put records a head. It must not block: a check waits for it.
	Put(h Head) error
	// Heads returns the heads recorded for the log at path, by the
	// current user, oldest first.
	Heads(ctx context.Context, path string) ([]Head, error)
	// String names the anchor for messages.
	String() string
}

// Journal is the systemd journal as an anchor: heads are sent with the
// journal's native protocol to its socket (no cgo, no libsystemd) and read
// back with journalctl.
type Journal struct {
	// Socket is journald's native socket; "" is the system's,
	// /run/systemd/journal/socket.
	Socket string
	// Dir, when set, is the journal directory journalctl reads (-D), for a
	// journald whose files are not the system's; "" reads the system's.
	Dir string
}

// DefaultJournalSocket is where journald listens for native messages.
const DefaultJournalSocket = "/run/systemd/journal/socket"

// journalIdentifier tags hguard's heads in the journal.
const journalIdentifier = "hguard-audit"

// SystemJournal returns the system journal as an anchor when journald is
// listening, else nil.
func SystemJournal() Anchor {
	if st, err := os.Stat(DefaultJournalSocket); err != nil || st.Mode()&os.ModeSocket == 0 {
		return nil
	}
	return Journal{}
}

func (j Journal) socket() string {
	if j.Socket == "" {
		return DefaultJournalSocket
	}
	return j.Socket
}

func (j Journal) String() string { return "the systemd journal" }

// Put sends h as one journal entry.
func (j Journal) Put(h Head) error {
	var b []byte
	field := func(name, value string) {
		// The binary form: a value may hold any byte, a newline included.
		b = append(b, name...)
		b = append(b, '\n')
		b = binary.LittleEndian.AppendUint64(b, uint64(len(value)))
		b = append(b, value...)
		b = append(b, '\n')
	}
	field("MESSAGE", fmt.Sprintf("audit chain head %d of %s", h.Seq, h.Log))
	field("SYSLOG_IDENTIFIER", journalIdentifier)
	field("PRIORITY", "6")
	field("HGUARD_AUDIT_LOG", h.Log)
	field("HGUARD_AUDIT_SEQ", strconv.FormatInt(h.Seq, 10))
	field("HGUARD_AUDIT_HASH", h.Hash)
	if h.First > 0 {
		field("HGUARD_AUDIT_FIRST", strconv.FormatInt(h.First, 10))
	}
	return sendDatagram(j.socket(), b)
}

// Heads reads the current user's heads for the log at path. Entries
// another uid sent are not asked for: the filter is on _UID, which only
// journald sets.
func (j Journal) Heads(ctx context.Context, path string) ([]Head, error) {
	bin, err := exec.LookPath("journalctl")
	if err != nil {
		return nil, errors.New("journalctl is not installed: the journal cannot be read")
	}
	args := []string{"--no-pager", "-q", "-o", "json", "--output-fields=HGUARD_AUDIT_LOG,HGUARD_AUDIT_SEQ,HGUARD_AUDIT_HASH,HGUARD_AUDIT_FIRST"}
	if j.Dir != "" {
		args = append(args, "-D", j.Dir)
	}
	args = append(args, "SYSLOG_IDENTIFIER="+journalIdentifier, "_UID="+strconv.Itoa(os.Getuid()), "HGUARD_AUDIT_LOG="+path)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("reading the journal: %v %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	var heads []Head
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var e struct {
			Log   string `json:"HGUARD_AUDIT_LOG"`
			Seq   string `json:"HGUARD_AUDIT_SEQ"`
			Hash  string `json:"HGUARD_AUDIT_HASH"`
			First string `json:"HGUARD_AUDIT_FIRST"`
		}
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Log != path {
			continue // a field journalctl shows as bytes, or another log
		}
		h := Head{Log: e.Log, Hash: e.Hash}
		var err1, err2 error
		h.Seq, err1 = strconv.ParseInt(e.Seq, 10, 64)
		if e.First != "" {
			h.First, err2 = strconv.ParseInt(e.First, 10, 64)
		}
		if err1 != nil || err2 != nil || h.Seq < 1 {
			continue // not a head hguard wrote: Verify reports what is missing
		}
		heads = append(heads, h)
	}
	return heads, sc.Err()
}

// anchorPath is the log's path as anchors name it: absolute and clean.
func anchorPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return filepath.Clean(path)
}

// VerifyAnchored verifies the log at path as Verify does and then against
// the heads anchor holds: every anchored head must be a record of the log
// with the same hash (an edit, even rehashed, changes it), no head may lie
// beyond the log's last record (the end was cut), and no anchored rotation
// may have kept older records than the files hold now (a kept rotated file
// was deleted). Heads older than the oldest kept record belong to files
// rotation dropped and are not checked.
func VerifyAnchored(ctx context.Context, path string, anchor Anchor) (Summary, error) {
	if anchor == nil {
		return Verify(path)
	}
	// The heads first: a record appended meanwhile is then in the log
	// read next, never a head beyond its end.
	heads, err := anchor.Heads(ctx, anchorPath(path))
	if err != nil {
		return Summary{}, err
	}
	seen := map[int64]string{}
	sum, err := verify(path, func(seq int64, hash string) { seen[seq] = hash })
	if err != nil {
		return sum, err
	}
	sum.Anchor, sum.Anchored = anchor.String(), len(heads)
	last := sum.First + int64(len(seen)) - 1
	for seq := range seen {
		last = max(last, seq)
	}
	var problems []Problem
	report := func(format string, args ...any) {
		problems = append(problems, Problem{File: anchor.String(), Msg: fmt.Sprintf(format, args...)})
	}
	cut, first := int64(0), int64(0)
	for _, h := range heads {
		first = max(first, h.First)
		switch got, ok := seen[h.Seq]; {
		case h.Seq > last:
			cut = max(cut, h.Seq)
		case ok && got != h.Hash:
			report("record %d is not the record anchored at %s: the log was edited (and rehashed) since", h.Seq, anchor)
		case !ok && h.Seq >= sum.First:
			report("record %d, anchored at %s, is missing from the log", h.Seq, anchor)
		}
	}
	if cut > 0 {
		report("the log ends at record %d but %s holds a head at record %d: records were cut from its end", last, anchor, cut)
	}
	if first > 0 && len(seen) > 0 && sum.First > first {
		report("the oldest record kept is %d but rotation kept records from %d: a rotated file was deleted", sum.First, first)
	}
	sum.Problems = append(sum.Problems, problems...)
	return sum, nil
}
