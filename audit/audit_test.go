package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"github.com/hguard/hguard/internal/testfile"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hguard/hguard/dsl"
)

func TestAuditChain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	a, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"ls", "export GITHUB_TOKEN=ghp_aB3dE6gH9jK2mN5pQ8rS1tU4vW7xY0zA1b2C", "rm -rf /"} {
		if err := a.Append(&Record{Event: "check", Session: "s1", Command: cmd}); err != nil {
			t.Fatal(err)
		}
	}
	a.Close()
	sum, err := Verify(path)
	if err != nil || sum.Records != 3 || len(sum.Problems) > 0 {
		t.Fatalf("verify: %+v, %v", sum, err)
	}
	pristine := testfile.Read(t, path)
	if strings.Contains(pristine, "aB3dE6gH9jK2mN5pQ8rS1tU4vW7xY0zA1b2C") {
		t.Error("a secret reached the audit log")
	}
	lines := strings.SplitAfter(pristine, "\n")

	// Each way of tampering, and the line verify must name.
	forge := func(line string) string { // edit, then recompute the record's own hash
		_, body, _ := splitHash([]byte(strings.TrimSuffix(line, "\n")))
		body = []byte(strings.Replace(string(body), `"rm -rf /"`, `"ls -l"`, 1))
		h := sha256.Sum256(body)
		return string(body[:len(body)-1]) + `,"hash":"` + hex.EncodeToString(h[:]) + "\"}\n"
	}
	tests := []struct {
		name, text string
		line       int
	}{
		{"edited", lines[0] + strings.Replace(lines[1], `"check"`, `"chekk"`, 1) + lines[2], 2},
		{"removed", lines[0] + lines[2], 2},
		{"reordered", lines[1] + lines[0] + lines[2], 1},
		{"rehashed", lines[0] + lines[1] + forge(lines[2]) + lines[2], 4},
		{"torn", lines[0] + lines[1] + lines[2][:20] + "\n", 3},
		{"hash removed", lines[0] + strings.Replace(lines[1], `,"hash":"`, `,"h":"`, 1) + lines[2], 2},
	}
	for _, tt := range tests {
		os.WriteFile(path, []byte(tt.text), 0o600)
		sum, err := Verify(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(sum.Problems) == 0 || sum.Problems[0].Line != tt.line {
			t.Errorf("%s: problems %+v, want the first at line %d", tt.name, sum.Problems, tt.line)
		}
	}
	// Appending after a torn write starts a new line and keeps chaining.
	os.WriteFile(path, []byte(pristine+`{"seq":4,"tim`), 0o600)
	a, _ = Open(path)
	if err := a.Append(&Record{Event: "check"}); err != nil {
		t.Fatal(err)
	}
	a.Close()
	sum, _ = Verify(path)
	if sum.Records != 5 || len(sum.Problems) != 1 || sum.Problems[0].Line != 4 {
		t.Errorf("after a torn write: %+v", sum)
	}
}

// TestAuditConcurrentWriters appends from several logs at once (as from
// several processes): one unbroken chain.
func TestAuditConcurrentWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	const writers, each = 4, 50
	var wg sync.WaitGroup
	for range writers {
		a, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer a.Close()
			for range each {
				if err := a.Append(&Record{Event: "check", Command: "ls"}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	sum, err := Verify(path)
	if err != nil || sum.Records != writers*each || len(sum.Problems) > 0 {
		t.Errorf("verify: %d records, problems %v, %v", sum.Records, sum.Problems, err)
	}
	recs, err := Tail(path, 3)
	if err != nil || len(recs) != 3 || recs[2].Seq != writers*each || recs[2].Hash != sum.Head {
		t.Errorf("tail: %+v, %v", recs, err)
	}
}

// TestAuditRecordJSON holds the hand-written record encoder to
// encoding/json's bytes (HTML escaping off), field by field.
func TestAuditRecordJSON(t *testing.T) {
	tricky := []string{"", "plain", `quo"te and back\slash`, "\b\f\n\r\t\x00\x01\x1f\x7f", "<html> & 'x'",
		"caf\xc3\xa9 \xe2\x80\xa8 \xe2\x80\xa9 end", "bad \xff\xfe utf8 \xc3", "emoji 🙂 and ＡＢＣ", "\u200b\u202e"}
	for _, s := range tricky {
		checkRecordJSON(t, &Record{Seq: 7, Time: time.Date(2026, 11, 29, 21, 55, 20, 123456789, time.UTC), Event: "check",
			Session: s, Cwd: s, Command: s, Verdict: s, Outcome: s, By: s, Answer: s, YOLO: s == "", Mode: s, Note: s, Prev: s,
			Findings: []Finding{{Rule: s, Level: dsl.Ask, Source: s, Message: s}, {Rule: "r", Level: dsl.Block}}})
	}
	checkRecordJSON(t, &Record{Event: "yolo"})
	checkRecordJSON(t, &Record{Seq: 1 << 62, Time: time.Date(9999, 12, 31, 23, 59, 59, 0, time.FixedZone("x", -7*3600)), Findings: []Finding{}})
	checkRecordJSON(t, &Record{Time: time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 23*3600+59*60))})
	for _, bad := range []time.Time{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 24*3600)),
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("x", -25*3600))} {
		if _, err := json.Marshal(bad); err == nil {
			t.Fatalf("encoding/json accepts %v: the test's premise is wrong", bad)
		}
		if _, err := (&Record{Time: bad}).appendJSON(nil); err == nil {
			t.Errorf("%v was encoded; encoding/json refuses it", bad)
		}
	}
}

func FuzzAuditRecordJSON(f *testing.F) {
	f.Add("rm -rf /", "/tmp", "\x00\u2028\xff")
	f.Fuzz(func(t *testing.T, cmd, cwd, msg string) {
		checkRecordJSON(t, &Record{Seq: int64(len(cmd)), Time: time.Unix(int64(len(msg))*1e6, 0).UTC(), Event: "check", Cwd: cwd, Command: cmd,
			Findings: []Finding{{Rule: "x", Level: dsl.Warn, Source: cwd, Message: msg}}, Note: msg})
	})
}

func checkRecordJSON(t *testing.T, rec *Record) {
	t.Helper()
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rec); err != nil {
		t.Fatal(err)
	}
	got, err := rec.appendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	if w := bytes.TrimSuffix(want.Bytes(), []byte("\n")); !bytes.Equal(got, w) {
		t.Errorf("appendJSON:\n%s\nencoding/json:\n%s", got, w)
	}
}

func TestRecordSeqAndHash(t *testing.T) {
	hash := strings.Repeat("ab", 32)
	for line, want := range map[string]int64{`{"seq":12,"time":"x"}`: 12, `{"seq":3}`: 3, `{"seq":123456789012345678,"x":1}`: 123456789012345678} {
		if got, ok := recordSeq([]byte(line)); !ok || got != want {
			t.Errorf("recordSeq(%s) = %d, %t; want %d", line, got, ok, want)
		}
	}
	for _, line := range []string{`{"seq":}`, `{"seq":1234567890123456789,"x":1}`, `{"seq":12`, `{"seq":-1,}`, `{"sequence":1}`, ``} {
		if got, ok := recordSeq([]byte(line)); ok {
			t.Errorf("recordSeq(%s) = %d, want no seq", line, got)
		}
	}
	h, body, ok := splitHash([]byte(`{"seq":1,"hash":"` + hash + `"}`))
	if !ok || h != hash || string(body) != `{"seq":1}` {
		t.Errorf("splitHash = %q, %q, %t", h, body, ok)
	}
	for _, line := range []string{`{"seq":1,"hash":"` + hash[:63] + `"}`, `{"seq":1,"hash":"` + strings.ToUpper(hash) + `"}`, `{"seq":1,"hash":"` + hash + `"} `, `{"hash":"` + hash + `"}`} {
		if _, _, ok := splitHash([]byte(line)); ok {
			t.Errorf("splitHash accepted %s", line)
		}
	}
}

// A process that appends after another reads the last record from the
// end of the file, however long it is (a check of a 1 MiB script).
func TestAuditLongLastRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	for i, cmd := range []string{"ls", strings.Repeat("echo x; ", 40<<10), "pwd", strings.Repeat("y", 3<<10), "id"} {
		a, err := Open(path) // a fresh process each time
		if err != nil {
			t.Fatal(err)
		}
		rec := &Record{Event: "check", Command: cmd}
		if err := a.Append(rec); err != nil {
			t.Fatal(err)
		}
		a.Close()
		if rec.Seq != int64(i+1) {
			t.Errorf("record %d got seq %d", i+1, rec.Seq)
		}
	}
	sum, err := Verify(path)
	if err != nil || sum.Records != 5 || len(sum.Problems) > 0 {
		t.Fatalf("verify: %+v, %v", sum, err)
	}
}

func TestAuditRotation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	var last *Record
	for i := range 40 {
		a, err := Open(path) // a process of its own, now and then
		if err != nil {
			t.Fatal(err)
		}
		a.SetRetention(1000, 2)
		for range 1 + i%3 {
			last = &Record{Event: "check", Command: "ls"}
			if err := a.Append(last); err != nil {
				t.Fatal(err)
			}
		}
		a.Close()
	}
	for _, p := range []string{path, path + ".1", path + ".2"} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", filepath.Base(p), err)
		}
	}
	if _, err := os.Stat(path + ".3"); err == nil {
		t.Error("a third rotated file was kept, with keep 2")
	}
	sum, err := Verify(path)
	if err != nil || len(sum.Problems) > 0 || sum.Files != 3 || sum.First <= 1 || sum.Head != last.Hash {
		t.Fatalf("verify: %+v, %v", sum, err)
	}
	if got := sum.First + int64(sum.Records) - 1; got != last.Seq {
		t.Errorf("records %d..%d kept, the last written was %d", sum.First, got, last.Seq)
	}
	recs, err := Tail(path, 1000)
	if err != nil || len(recs) != sum.Records || recs[len(recs)-1].Seq != last.Seq {
		t.Errorf("tail across files: %d records, %v", len(recs), err)
	}

	// Lowering keep drops the files beyond it at the next rotation, rather
	// than leaving an older file that no longer chains on.
	a, _ := Open(path)
	a.SetRetention(1000, 4)
	for range 40 {
		a.Append(&Record{Event: "check", Command: "ls"})
	}
	a.SetRetention(1000, 1)
	for range 10 {
		a.Append(&Record{Event: "check", Command: "ls"})
	}
	a.Close()
	if _, err := os.Stat(path + ".2"); err == nil {
		t.Error("files beyond keep 1 were left")
	}
	if sum, err := Verify(path); err != nil || len(sum.Problems) > 0 || sum.Files != 2 {
		t.Errorf("after lowering keep: %+v, %v", sum, err)
	}

	// With max_size 0 the log never rotates.
	path = filepath.Join(t.TempDir(), "audit.jsonl")
	a, _ = Open(path)
	a.SetRetention(0, 2)
	for range 50 {
		a.Append(&Record{Event: "check", Command: strings.Repeat("x", 100)})
	}
	a.Close()
	if _, err := os.Stat(path + ".1"); err == nil {
		t.Error("rotated with max_size 0")
	}
}

// Writers in several processes (here: separate open files, which flock
// tells apart) rotate the log under one another without breaking or
// forking the chain.
func TestAuditRotationConcurrent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	const writers, each = 4, 60
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := Open(path)
			if err != nil {
				errs <- err
				return
			}
			defer a.Close()
			a.SetRetention(3000, 1000)
			for range each {
				if err := a.Append(&Record{Event: "check", Command: "ls"}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	sum, err := Verify(path)
	if err != nil || len(sum.Problems) > 0 || sum.Records != writers*each || sum.First != 1 || sum.Files < 3 {
		t.Fatalf("verify: %+v, %v", sum, err)
	}
}

// auditWithRecords writes a log of n records in a new directory.
func auditWithRecords(t *testing.T, n int) (path string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "audit.jsonl")
	a, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	for range n {
		if err := a.Append(&Record{Event: "check", Command: "ls"}); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// A process that dies between moving the log aside and writing its record
// leaves an empty log; the next append chains to the rotated file's end.
func TestAuditRotationCrash(t *testing.T) {
	path := auditWithRecords(t, 3)
	if err := os.Rename(path, path+".1"); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, nil, 0o600)
	a, _ := Open(path)
	rec := &Record{Event: "check", Command: "pwd"}
	if err := a.Append(rec); err != nil {
		t.Fatal(err)
	}
	a.Close()
	sum, err := Verify(path)
	if err != nil || len(sum.Problems) > 0 || sum.Records != 4 || rec.Seq != 4 {
		t.Fatalf("verify: %+v, %v (seq %d)", sum, err, rec.Seq)
	}
}

// fillRotated appends records with a tiny size limit until path has n
// rotated files.
func fillRotated(t *testing.T, path string, keep, n int) {
	t.Helper()
	a, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	a.SetRetention(600, keep)
	for range 1000 {
		if err := a.Append(&Record{Event: "check", Command: "ls"}); err != nil {
			t.Fatal(err)
		}
		if nums, _ := rotatedFiles(path); len(nums) == n {
			return
		}
	}
	t.Fatalf("no %d rotated files", n)
}

func TestAuditRotationGaps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	fillRotated(t, path, 4, 4)
	saved := map[string]string{}
	for _, n := range []string{"1", "2", "3", "4"} {
		saved[n] = testfile.Read(t, path+"."+n)
	}
	// A file lost in the middle breaks the chain, and verify reads on past it.
	os.Remove(path + ".2")
	sum, err := Verify(path)
	if err != nil || len(sum.Problems) == 0 || sum.Problems[0].File != path+".1" || !strings.Contains(sum.Problems[0].Msg, "does not follow") || sum.Files != 4 {
		t.Errorf("with .2 gone: %+v, %v", sum, err)
	}
	// A rotation cut short (.1 moved to .2, the log not yet moved) leaves a
	// gap in the numbers but not in the chain; the next rotation carries on.
	os.WriteFile(path+".2", []byte(saved["1"]), 0o600)
	os.Remove(path + ".1")
	os.WriteFile(path+".3", []byte(saved["2"]), 0o600)
	os.WriteFile(path+".4", []byte(saved["3"]), 0o600)
	if sum, err := Verify(path); err != nil || len(sum.Problems) > 0 {
		t.Fatalf("after a rotation cut short: %+v, %v", sum, err)
	}
	a, _ := Open(path)
	a.SetRetention(600, 4)
	for range 5 {
		if err := a.Append(&Record{Event: "check", Command: "ls"}); err != nil {
			t.Fatal(err)
		}
	}
	a.Close()
	if sum, err := Verify(path); err != nil || len(sum.Problems) > 0 {
		t.Fatalf("appending after a rotation cut short: %+v, %v", sum, err)
	}
	if nums, _ := rotatedFiles(path); len(nums) > 4 || nums[len(nums)-1] > 4 {
		t.Errorf("rotated files %v, keep 4", nums)
	}
	// No log and an empty directory of rotated files but the oldest: the
	// next append chains to the newest rotated file there is.
	nums, _ := rotatedFiles(path)
	for _, n := range nums[:len(nums)-1] {
		os.Remove(rotatedPath(path, n))
	}
	os.Remove(path)
	a, _ = Open(path)
	a.Append(&Record{Event: "check", Command: "ls"})
	a.Close()
	sum, _ = Verify(path)
	if len(sum.Problems) != 0 {
		t.Errorf("appending after the newer files were lost: %+v", sum)
	}
}

// Verify and tail hold a shared lock while they open the files, so a
// rotation running meanwhile never makes them read a broken chain.
func TestAuditVerifyDuringRotation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	done := make(chan struct{})
	go func() {
		defer close(done)
		a, _ := Open(path)
		defer a.Close()
		a.SetRetention(1500, 1000)
		for range 300 {
			a.Append(&Record{Event: "check", Command: "ls"})
		}
	}()
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
		}
		sum, err := Verify(path)
		if err != nil || len(sum.Problems) > 0 {
			t.Fatalf("verify during rotation: %+v, %v", sum, err)
		}
		recs, err := Tail(path, 1000)
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < len(recs); i++ {
			if recs[i].Seq != recs[i-1].Seq+1 {
				t.Fatalf("tail during rotation: seq %d after %d", recs[i].Seq, recs[i-1].Seq)
			}
		}
	}
}

// A last line torn before its seq still counts as a record: the next one
// takes the seq after it, so verify reports the torn line and nothing more.
func TestAuditTornBeforeSeq(t *testing.T) {
	path := auditWithRecords(t, 3)
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o600)
	f.WriteString(`{"se`)
	f.Close()
	a, _ := Open(path)
	rec := &Record{Event: "check", Command: "ls"}
	a.Append(rec)
	a.Close()
	sum, _ := Verify(path)
	if rec.Seq != 5 || len(sum.Problems) != 1 || sum.Problems[0].Line != 4 {
		t.Errorf("seq %d, problems %+v; want seq 5 and one problem, the torn line 4", rec.Seq, sum.Problems)
	}
}

// TestTailReadsOlderRecords: a record from before the verdict had its
// name ("decision") is read with its verdict.
func TestTailReadsOlderRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	testfile.Write(t, path, `{"seq":1,"time":"2026-11-29T20:23:28Z","event":"check","session":"a1","cmd":"rm -rf x","decision":"ask","outcome":"deny","yolo":false,"mode":"manual","prev":"","hash":"00"}`+"\n")
	recs, err := Tail(path, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].Verdict != "ask" || recs[0].Outcome != "deny" {
		t.Fatalf("Tail = %+v", recs)
	}
}
