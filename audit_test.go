package hguard

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestAuditChain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	a, err := OpenAudit(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"ls", "export GITHUB_TOKEN=ghp_aB3dE6gH9jK2mN5pQ8rS1tU4vW7xY0zA1b2C", "rm -rf /"} {
		if err := a.Append(&AuditRecord{Event: "check", Session: "s1", Command: cmd}); err != nil {
			t.Fatal(err)
		}
	}
	a.Close()
	sum, err := VerifyAudit(path)
	if err != nil || sum.Records != 3 || len(sum.Problems) > 0 {
		t.Fatalf("verify: %+v, %v", sum, err)
	}
	pristine := readFile(t, path)
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
		sum, err := VerifyAudit(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(sum.Problems) == 0 || sum.Problems[0].Line != tt.line {
			t.Errorf("%s: problems %+v, want the first at line %d", tt.name, sum.Problems, tt.line)
		}
	}
	// Appending after a torn write starts a new line and keeps chaining.
	os.WriteFile(path, []byte(pristine+`{"seq":4,"tim`), 0o600)
	a, _ = OpenAudit(path)
	if err := a.Append(&AuditRecord{Event: "check"}); err != nil {
		t.Fatal(err)
	}
	a.Close()
	sum, _ = VerifyAudit(path)
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
		a, err := OpenAudit(path)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer a.Close()
			for range each {
				if err := a.Append(&AuditRecord{Event: "check", Command: "ls"}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	sum, err := VerifyAudit(path)
	if err != nil || sum.Records != writers*each || len(sum.Problems) > 0 {
		t.Errorf("verify: %d records, problems %v, %v", sum.Records, sum.Problems, err)
	}
	recs, err := TailAudit(path, 3)
	if err != nil || len(recs) != 3 || recs[2].Seq != writers*each || recs[2].Hash != sum.Head {
		t.Errorf("tail: %+v, %v", recs, err)
	}
}
