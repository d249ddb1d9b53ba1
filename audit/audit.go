package audit

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
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
	"time"
	"unicode/utf8"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/flock"
	"github.com/hguard/hguard/redact"
)

// redactCommand masks secrets in a command before it is written down.
var redactCommand = redact.String

// Record is one line of the audit log.
type Record struct {
	Seq      int64     `json:"seq"`
	Time     time.Time `json:"time"`
	Event    string    `json:"event"` // check, answer, queue, yolo
	Session  string    `json:"session,omitempty"`
	Cwd      string    `json:"cwd,omitempty"`
	Command  string    `json:"cmd,omitempty"`     // secrets redacted
	Verdict  string    `json:"verdict,omitempty"` // what the rules and detectors said (older logs: "decision")
	Outcome  string    `json:"outcome,omitempty"` // allow, ask, block or deny: what happens
	By       string    `json:"by,omitempty"`      // what turned an ask into allow
	Answer   string    `json:"answer,omitempty"`  // once, session, rule, always, deny, timeout
	Findings []Finding `json:"findings,omitempty"`
	YOLO     bool      `json:"yolo"` // whether YOLO was on, in every record
	Mode     string    `json:"mode,omitempty"`
	Note     string    `json:"note,omitempty"`
	Prev     string    `json:"prev"` // hash of the record before; "" for the first
	Hash     string    `json:"-"`    // written last, over everything before it
}

// Finding is a finding as the audit log keeps it.
type Finding struct {
	Rule    string    `json:"rule"`
	Level   dsl.Level `json:"level"`
	Source  string    `json:"source"`
	Message string    `json:"message,omitempty"`
}

// FindingsOf is fs as the audit log keeps them.
func FindingsOf(fs []dsl.Finding) []Finding {
	var out []Finding
	for _, f := range fs {
		out = append(out, Finding{Rule: f.Rule, Level: f.Level, Source: f.Source, Message: f.Message})
	}
	return out
}

// Path is where home's audit log lives.
func Path(home string) string { return filepath.Join(home, "audit.jsonl") }

// Log appends to the audit log. Appends from several processes are
// serialised by an flock on a lock file beside the log (audit.jsonl.lock,
// which rotation never moves) and, for an older hguard that knows only
// that, on the log itself; within a process by a mutex. It remembers the
// last record it wrote so the next append reads nothing when no other
// process wrote in between.
type Log struct {
	path  string
	mu    sync.Mutex
	lockf *os.File // audit.jsonl.lock, open for the log's life
	f     *os.File
	size  int64 // file size after our last append, -1 when unknown
	seq   int64
	hash  string

	maxSize int64 // rotate past this size; 0: never
	keep    int   // rotated files kept

	anchor    Anchor // nil: none
	anchorErr error  // the last failure to anchor, until one succeeds
	first     int64  // after a rotation: the oldest seq kept, for the next head
}

// Defaults of the log's retention, until SetRetention says otherwise.
const (
	DefaultMaxSize = 16 << 20
	DefaultKeep    = 4
)

// Open opens (creating) the audit log at path. It rotates past
// DefaultMaxSize, keeping DefaultKeep rotated files, until SetRetention
// says otherwise.
func Open(path string) (*Log, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	lockf, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening audit log: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		lockf.Close()
		return nil, fmt.Errorf("opening audit log: %w", err)
	}
	return &Log{path: path, lockf: lockf, f: f, size: -1, maxSize: DefaultMaxSize, keep: DefaultKeep}, nil
}

// SetRetention sets when the log rotates (maxSize bytes; 0 never) and how
// many rotated files are kept (1 to MaxKeep).
func (a *Log) SetRetention(maxSize int64, keep int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.maxSize, a.keep = maxSize, min(max(keep, 1), MaxKeep)
}

// SetAnchor makes every append also write the chain head to a (nil: to
// nothing). A failure to anchor does not fail the append, whose record is
// written: AnchorErr reports it.
func (a *Log) SetAnchor(anchor Anchor) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.anchor = anchor
}

// AnchorErr is the last failure to anchor a head, nil once one succeeds.
func (a *Log) AnchorErr() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.anchorErr
}

// Close closes the log.
func (a *Log) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.f == nil {
		return nil
	}
	err := a.f.Close()
	a.lockf.Close()
	a.f, a.lockf = nil, nil
	return err
}

// MaxKeep bounds audit.keep and the rotated files looked for.
const MaxKeep = 1000

// rotatedPath is the path of the n-th rotated file (1 is the newest).
func rotatedPath(path string, n int) string { return path + "." + strconv.Itoa(n) }

// Append chains rec to the log and writes it; rec's Seq, Time (if zero),
// Prev and Hash are filled in, and its command redacted.
func (a *Log) Append(rec *Record) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.f == nil {
		return errors.New("audit log closed")
	}
	unlock, err := flock.LockFile(a.lockf, true)
	if err != nil {
		return err
	}
	defer unlock()
	if err := a.reopenIfMoved(); err != nil {
		return err
	}
	// An hguard from before the lock file locks the log itself.
	unlockLog, err := flock.LockFile(a.f, true)
	if err != nil {
		return err
	}
	defer func() { unlockLog() }() // the lock of whichever file is the log by then
	fi, err := a.f.Stat()
	if err != nil {
		return err
	}
	var prefix []byte
	if fi.Size() != a.size {
		tail, size := a.f, fi.Size()
		if size == 0 { // new, or rotated by a process that died before writing
			if nums, _ := rotatedFiles(a.path); len(nums) > 0 {
				if prev, err := os.Open(rotatedPath(a.path, nums[0])); err == nil {
					defer prev.Close()
					if pfi, err := prev.Stat(); err == nil {
						tail, size = prev, pfi.Size()
					}
				}
			}
		}
		complete, err := a.readChainEnd(tail, size)
		if err != nil {
			return fmt.Errorf("reading audit log: %w", err)
		}
		if !complete && tail == a.f {
			prefix = []byte("\n") // a torn write by a crashed process
		}
	}
	start := fi.Size()
	if a.maxSize > 0 && fi.Size() >= a.maxSize {
		unlockLog()
		unlockLog = func() {}
		if unlockLog, err = a.rotate(); err != nil {
			unlockLog = func() {}
			return err
		}
		prefix, start = nil, 0
	}
	rec.Seq = a.seq + 1
	if rec.Time.IsZero() {
		rec.Time = time.Now().UTC()
	}
	rec.Command = redactCommand(rec.Command)
	rec.Prev = a.hash
	line, hash, err := encodeRecord(rec)
	if err != nil {
		return err
	}
	buf := append(prefix, line...)
	buf = append(buf, '\n')
	if _, err := a.f.Write(buf); err != nil {
		a.size = -1
		return fmt.Errorf("writing audit log: %w", err)
	}
	rec.Hash = hash
	a.seq, a.hash, a.size = rec.Seq, hash, start+int64(len(buf))
	if a.anchor != nil {
		// Under the lock: heads reach the anchor in the log's order.
		a.anchorErr = a.anchor.Put(Head{Log: anchorPath(a.path), Seq: rec.Seq, Hash: hash, First: a.first})
		if a.anchorErr == nil {
			a.first = 0
		}
	}
	return nil
}

// readChainEnd sets a.seq and a.hash from the last line of f (size bytes):
// the record the next one chains to. A torn last line is chained to by the
// hash of its bytes, as verify computes it, and counts as a record; when it
// is torn before its seq, the seq comes from the line before it.
func (a *Log) readChainEnd(f *os.File, size int64) (complete bool, err error) {
	last, at, complete, err := lastLine(f, size)
	if err != nil {
		return false, err
	}
	a.seq, a.hash = 0, ""
	if len(last) == 0 {
		return complete, nil
	}
	if h, _, ok := splitHash(last); ok {
		a.hash = h
	} else {
		sum := sha256.Sum256(last)
		a.hash = hex.EncodeToString(sum[:])
	}
	if seq, ok := recordSeq(last); ok {
		a.seq = seq
		return complete, nil
	}
	if before, _, _, err := lastLine(f, at); err == nil {
		if seq, ok := recordSeq(before); ok {
			a.seq = seq + 1
		}
	}
	return complete, nil
}

// reopenIfMoved reopens the log when the file at its path is no longer the
// one this process has open: another process rotated it.
func (a *Log) reopenIfMoved() error {
	open, err1 := a.f.Stat()
	cur, err2 := os.Stat(a.path)
	if err1 == nil && err2 == nil && os.SameFile(open, cur) {
		return nil
	}
	f, err := os.OpenFile(a.path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("opening audit log: %w", err)
	}
	a.f.Close()
	a.f, a.size = f, -1
	return nil
}

// rotate moves the log to audit.jsonl.1, each rotated file up by one and
// those that would go past keep away, and opens a new log, locked for the
// caller. Every step is one rename or removal, oldest file first, so a
// crash part-way leaves the files in order, at worst with a gap in their
// numbers; verify follows the chain, not the numbers. The caller holds the
// lock file, so no other hguard appends meanwhile; one that crashes before
// its record leaves no log or an empty one, and the next append chains to
// the newest rotated file.
func (a *Log) rotate() (unlock func(), err error) {
	nums, err := rotatedFiles(a.path)
	if err != nil {
		return nil, fmt.Errorf("rotating audit log: %w", err)
	}
	for i := len(nums) - 1; i >= 0; i-- {
		n := nums[i]
		if n+1 > a.keep {
			err = os.Remove(rotatedPath(a.path, n))
		} else {
			err = os.Rename(rotatedPath(a.path, n), rotatedPath(a.path, n+1))
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("rotating audit log: %w", err)
		}
	}
	if err := os.Rename(a.path, rotatedPath(a.path, 1)); err != nil {
		return nil, fmt.Errorf("rotating audit log: %w", err)
	}
	if a.anchor != nil {
		a.first = oldestKept(a.path)
	}
	if err := a.reopenIfMoved(); err != nil {
		return nil, err
	}
	return flock.LockFile(a.f, true)
}

// oldestKept is the seq of the first record of the oldest rotated file, 0
// when it cannot be read.
func oldestKept(path string) int64 {
	nums, err := rotatedFiles(path)
	if err != nil || len(nums) == 0 {
		return 0
	}
	f, err := os.Open(rotatedPath(path, nums[len(nums)-1]))
	if err != nil {
		return 0
	}
	defer f.Close()
	line, err := bufio.NewReader(io.LimitReader(f, 1<<20)).ReadBytes('\n')
	if err != nil && len(line) == 0 {
		return 0
	}
	seq, _ := recordSeq(bytes.TrimSuffix(line, []byte("\n")))
	return seq
}

// rotatedFiles lists the numbers of the log's rotated files, newest (the
// lowest number) first.
func rotatedFiles(path string) ([]int, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var nums []int
	for _, e := range ents {
		digits, ok := strings.CutPrefix(e.Name(), base+".")
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if n, err := strconv.Atoi(digits); err == nil && n >= 1 && n <= MaxKeep && strconv.Itoa(n) == digits {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	return nums, nil
}

// encodeRecord returns the record's line and its hash: the SHA-256 of the
// JSON object without its hash field, which is then added as the last field.
func encodeRecord(rec *Record) (line []byte, hash string, err error) {
	body, err := rec.appendJSON(make([]byte, 0, 512))
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(body)
	hash = hex.EncodeToString(sum[:])
	line = append(body[:len(body)-1:len(body)-1], `,"hash":"`+hash+`"}`...)
	return line, hash, nil
}

// appendJSON appends rec as encoding/json writes it with HTML escaping off
// (TestAuditRecordJSON holds the two to the same bytes). A record is
// written on every check, and encoding/json's first use of a type, in a
// process that makes one record, cost more than the rest of the record.
func (rec *Record) appendJSON(b []byte) ([]byte, error) {
	// encoding/json refuses what RFC 3339 cannot say.
	if y := rec.Time.Year(); y < 0 || y > 9999 {
		return nil, fmt.Errorf("audit record time %v is outside years 0-9999", rec.Time)
	}
	if _, off := rec.Time.Zone(); off <= -24*3600 || off >= 24*3600 {
		return nil, fmt.Errorf("audit record time %v has a zone offset of a day or more", rec.Time)
	}
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, rec.Seq, 10)
	b = append(b, `,"time":"`...)
	b = rec.Time.AppendFormat(b, time.RFC3339Nano)
	b = append(b, '"')
	b = appendJSONField(b, "event", rec.Event, false)
	b = appendJSONField(b, "session", rec.Session, true)
	b = appendJSONField(b, "cwd", rec.Cwd, true)
	b = appendJSONField(b, "cmd", rec.Command, true)
	b = appendJSONField(b, "verdict", rec.Verdict, true)
	b = appendJSONField(b, "outcome", rec.Outcome, true)
	b = appendJSONField(b, "by", rec.By, true)
	b = appendJSONField(b, "answer", rec.Answer, true)
	if len(rec.Findings) > 0 {
		b = append(b, `,"findings":[`...)
		for i, f := range rec.Findings {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"rule":`...)
			b = appendJSONString(b, f.Rule)
			b = appendJSONField(b, "level", f.Level.String(), false)
			b = appendJSONField(b, "source", f.Source, false)
			b = appendJSONField(b, "message", f.Message, true)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"yolo":`...)
	b = strconv.AppendBool(b, rec.YOLO)
	b = appendJSONField(b, "mode", rec.Mode, true)
	b = appendJSONField(b, "note", rec.Note, true)
	b = appendJSONField(b, "prev", rec.Prev, false)
	return append(b, '}'), nil
}

func appendJSONField(b []byte, name, value string, omitEmpty bool) []byte {
	if omitEmpty && value == "" {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return appendJSONString(b, value)
}

// appendJSONString quotes s as encoding/json does without HTML escaping:
// short escapes where JSON has them, \u00XX for other control bytes,
// U+FFFD for invalid UTF-8, and U+2028/U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// splitHash takes a record line apart into its stated hash and the body the
// hash was computed over.
func splitHash(line []byte) (hash string, body []byte, ok bool) {
	const prefix, suffix = `,"hash":"`, `"}`
	n := len(prefix) + 64 + len(suffix)
	if len(line) < n || !bytes.HasSuffix(line, []byte(suffix)) || !bytes.HasPrefix(line[len(line)-n:], []byte(prefix)) {
		return "", nil, false
	}
	h := line[len(line)-n+len(prefix) : len(line)-len(suffix)]
	for _, c := range h {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", nil, false
		}
	}
	body = append(append([]byte(nil), line[:len(line)-n]...), '}')
	return string(h), body, true
}

// recordSeq reads the seq a record line starts with, even from a torn line.
func recordSeq(line []byte) (int64, bool) {
	rest, ok := bytes.CutPrefix(line, []byte(`{"seq":`))
	if !ok {
		return 0, false
	}
	end := 0
	for end < len(rest) && end < 18 && '0' <= rest[end] && rest[end] <= '9' {
		end++
	}
	if end == 0 || end == len(rest) || rest[end] != ',' && rest[end] != '}' {
		return 0, false
	}
	seq, err := strconv.ParseInt(string(rest[:end]), 10, 64)
	return seq, err == nil
}

// lastLine returns the last non-empty line of f (size bytes long), the
// offset it starts at, and whether the file ends in a newline.
func lastLine(f *os.File, size int64) (line []byte, at int64, complete bool, err error) {
	if size == 0 {
		return nil, 0, true, nil
	}
	// A record is a few hundred bytes: read 4 KiB from the end first, and
	// twice as much each time no line break is found.
	chunk := int64(4 << 10)
	var tail []byte
	end := size
	for end > 0 {
		start := max(0, end-chunk)
		chunk = min(2*chunk, 1<<20)
		buf := make([]byte, end-start)
		if _, err := f.ReadAt(buf, start); err != nil && !errors.Is(err, io.EOF) {
			return nil, 0, false, err
		}
		tail = append(buf, tail...)
		trimmed := bytes.TrimRight(tail, "\n")
		if i := bytes.LastIndexByte(trimmed, '\n'); i >= 0 || start == 0 {
			complete := tail[len(tail)-1] == '\n'
			return trimmed[i+1:], start + int64(i+1), complete, nil
		}
		end = start
		if int64(len(tail)) > 64<<20 {
			return nil, 0, false, errors.New("last record longer than 64 MiB")
		}
	}
	return nil, 0, true, nil
}

// Problem is one break in the chain.
type Problem struct {
	File string // the log or one of its rotated files
	Line int
	Msg  string
}

// Summary is what Verify found.
type Summary struct {
	Records  int
	Files    int    // the log and its rotated files read
	First    int64  // seq of the oldest record kept: above 1 once rotation dropped older files
	Head     string // hash of the last record
	Problems []Problem
	Anchor   string // where heads were checked (VerifyAnchored); "" when none was
	Anchored int    // heads found there
}

// logFile is one file of the log, open for reading.
type logFile struct {
	name    string
	f       *os.File
	rotated bool
}

// openFiles opens the log's files, oldest first: the rotated ones
// and the log itself. It holds a shared lock on the lock file meanwhile,
// so no rotation moves a file between listing and opening; the open files
// stay what they were while they are read.
func openFiles(path string) ([]logFile, error) {
	// Created if missing: a writer that starts meanwhile must find it.
	// Where it cannot be created (no directory, a read-only home) the log
	// is read unlocked.
	if lf, err := os.OpenFile(path+".lock", os.O_RDONLY|os.O_CREATE, 0o600); err == nil {
		defer lf.Close()
		if unlock, err := flock.LockFile(lf, false); err == nil {
			defer unlock()
		}
	}
	nums, err := rotatedFiles(path)
	if errors.Is(err, fs.ErrNotExist) {
		nums, err = nil, nil // no directory, no log
	}
	if err != nil {
		return nil, err
	}
	var files []logFile
	open := func(name string, rotated bool) error {
		f, err := os.Open(name)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		files = append(files, logFile{name, f, rotated})
		return nil
	}
	for i := len(nums) - 1; i >= 0; i-- {
		err = errors.Join(err, open(rotatedPath(path, nums[i]), true))
	}
	if err = errors.Join(err, open(path, false)); err != nil {
		closeFiles(files)
		return nil, err
	}
	return files, nil
}

func closeFiles(files []logFile) {
	for _, f := range files {
		f.f.Close()
	}
}

// Verify walks the chain of the log at path and its rotated files:
// every record's hash must match its content, its prev the hash of the
// record before, and its seq follow on, across files. The oldest rotated
// file may start mid-chain (rotation dropped what came before it); the
// log itself may not, unless a rotated file holds what came before. A
// missing log is an empty, intact chain.
func Verify(path string) (Summary, error) { return verify(path, nil) }

// verify is Verify, calling visit (when not nil) with the seq and hash of
// each record that has both.
func verify(path string, visit func(seq int64, hash string)) (Summary, error) {
	var (
		sum       Summary
		prev, seq = "", int64(0)
	)
	files, err := openFiles(path)
	if err != nil {
		return sum, err
	}
	defer closeFiles(files)
	for _, f := range files {
		sum.Files++
		if err := verifyFile(f.f, f.name, f.rotated, &sum, &prev, &seq, visit); err != nil {
			return sum, err
		}
	}
	sum.Head = prev
	return sum, nil
}

func verifyFile(f *os.File, path string, rotated bool, sum *Summary, prev *string, seq *int64, visit func(int64, string)) error {
	r := bufio.NewReaderSize(f, 64<<10)
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if len(line) == 0 && errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		problem := func(format string, args ...any) {
			sum.Problems = append(sum.Problems, Problem{path, n, fmt.Sprintf(format, args...)})
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		if len(line) == 0 {
			problem("empty line")
			continue
		}
		first := sum.Records == 0
		sum.Records++
		stated, body, ok := splitHash(line)
		var rec Record
		switch {
		case !ok:
			problem("no hash: not a record hguard wrote (torn or edited)")
		case json.Unmarshal(body, &rec) != nil:
			problem("not valid JSON")
		default:
			if first {
				sum.First = max(rec.Seq, 1)
				if rec.Seq > 1 && rotated {
					*prev, *seq = rec.Prev, rec.Seq-1 // older records were rotated away
				}
			}
			if visit != nil && rec.Seq > 0 {
				visit(rec.Seq, stated)
			}
			h := sha256.Sum256(body)
			if got := hex.EncodeToString(h[:]); got != stated {
				problem("record %d was changed after it was written: its hash does not match its content", rec.Seq)
			}
			if first && rec.Seq > 1 && !rotated {
				problem("record %d is the first: the records before it are missing (no rotated file holds them)", rec.Seq)
				break
			}
			if rec.Prev != *prev {
				problem("record %d does not follow the record before it (a record was removed, inserted or edited)", rec.Seq)
			}
			if rec.Seq != *seq+1 {
				problem("record %d where %d was due", rec.Seq, *seq+1)
			}
		}
		if ok {
			*prev = stated
		} else {
			h := sha256.Sum256(line)
			*prev = hex.EncodeToString(h[:])
		}
		if rec.Seq != 0 {
			*seq = rec.Seq
		} else {
			*seq++
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
}

// Tail returns the last n records of the log at path and its rotated
// files (fewer when they hold fewer); lines that do not parse are skipped
// here — verify reports them.
func Tail(path string, n int) ([]Record, error) {
	files, err := openFiles(path)
	if err != nil {
		return nil, err
	}
	defer closeFiles(files)
	var ring [][]byte
	for _, f := range files {
		r := bufio.NewReaderSize(f.f, 64<<10)
		for {
			line, err := r.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) > 0 {
				ring = append(ring, line)
				if len(ring) > n {
					ring = ring[1:]
				}
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, err
			}
		}
	}
	var out []Record
	for _, line := range ring {
		var rec Record
		if json.Unmarshal(line, &rec) == nil {
			if rec.Verdict == "" { // a record from before the verdict had its name
				var old struct {
					Decision string `json:"decision"`
				}
				json.Unmarshal(line, &old)
				rec.Verdict = old.Decision
			}
			if h, _, ok := splitHash(bytes.TrimSpace(line)); ok {
				rec.Hash = h
			}
			out = append(out, rec)
		}
	}
	return out, nil
}
