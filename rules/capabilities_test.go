package rules_test

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// capabilityRow is one use of a capability from testdata/capabilities.tsv.
type capabilityRow struct {
	line     int
	category string
	expect   string // ask (flagged: ask or block), block, allow
	cmd      string
	reason   string // a reviewed divergence: why hguard disagrees
}

// capabilityGoals are issue 15's targets: the share of each category
// hguard should flag (90% unless listed). capabilityFloors are what the
// rules reach today, which no change of the rules may lower; raise a floor
// when a gap closes, and reach the goal by closing the reviewed gaps in
// the TSV. Rows added with reviewed divergences move a floor to the new
// figure (2026-12-04: the whole GTFOBins catalogue, 1,143 rows, took
// file-read, file-write, shell, sudo and suid to the floors below; later
// that day a person's root shell or interpreter prompt named under sudo
// raised shell and sudo; a second writer's spellings, copies of system
// programs and shells run from . among them, raised suid).
var (
	capabilityGoals  = map[string]float64{"shell": 0.60}
	capabilityFloors = map[string]float64{
		"bind-shell": 1.00, "command": 0.99, "file-download": 1.00, "file-read": 0.99, "file-upload": 1.00,
		"file-write": 0.98, "library-load": 0.95, "reverse-shell": 0.98, "shell": 0.85, "sudo": 0.95, "suid": 0.98,
	}
)

func readCapabilities(t *testing.T) []capabilityRow {
	t.Helper()
	f, err := os.Open("testdata/capabilities.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []capabilityRow
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) < 3 || len(cols) > 4 {
			t.Fatalf("capabilities.tsv:%d: want 3 or 4 tab-separated columns, got %d", n, len(cols))
		}
		r := capabilityRow{line: n, category: cols[0], expect: cols[1], cmd: cols[2]}
		if len(cols) == 4 {
			r.reason = strings.TrimSpace(cols[3])
		}
		if r.expect != "ask" && r.expect != "block" && r.expect != "allow" {
			t.Fatalf("capabilities.tsv:%d: expected level %q, want ask, block or allow", n, r.expect)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestCapabilities scores the built-in rules on hguard's own corpus of
// capability uses (what GTFOBins-style programs can be made to do). Every
// row where hguard disagrees must carry its reason in the fourth column,
// every row with a reason must still disagree, and each category must reach
// its target counting every row, the reviewed ones too.
func TestCapabilities(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	type tally struct{ rows, ok int }
	byCat := map[string]*tally{}
	for _, r := range readCapabilities(t) {
		got := g.Check(hguard.Request{Command: r.cmd}).Level
		var ok bool
		switch r.expect {
		case "ask":
			ok = got >= dsl.Ask
		case "block":
			ok = got == dsl.Block
		case "allow":
			ok = got < dsl.Ask
		}
		c := byCat[r.category]
		if c == nil {
			c = &tally{}
			byCat[r.category] = c
		}
		c.rows++
		if ok {
			c.ok++
		}
		switch {
		case !ok && r.reason == "":
			t.Errorf("capabilities.tsv:%d: %s: expect %s, got %s: %q (give the reason in a fourth column if it is reviewed)", r.line, r.category, r.expect, got, r.cmd)
		case ok && r.reason != "":
			t.Errorf("capabilities.tsv:%d: stale reason, hguard now agrees (%s): %q", r.line, got, r.cmd)
		}
	}
	cats := make([]string, 0, len(byCat))
	for c := range byCat {
		cats = append(cats, c)
	}
	slices.Sort(cats)
	for _, c := range cats {
		s := byCat[c]
		goal, ok := capabilityGoals[c]
		if !ok {
			goal = 0.90
		}
		floor, ok := capabilityFloors[c]
		if !ok {
			t.Errorf("category %s has no floor in capabilityFloors", c)
		}
		rate := float64(s.ok) / float64(s.rows)
		t.Logf("%-13s %3d/%3d = %5.1f%% (floor %.0f%%, goal %.0f%%)", c, s.ok, s.rows, 100*rate, 100*floor, 100*goal)
		if rate < floor {
			t.Errorf("%s: %s, below its floor %.0f%%", c, fmt.Sprintf("%.1f%%", 100*rate), 100*floor)
		}
	}
}
