package rules_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// corpusDir is where CI lays the peers' corpora, beside the repository.
const corpusDir = "../../shared/corpus"

type corpusRow struct {
	Cmd    string `json:"cmd"`
	Expect string `json:"expect"`
	Source string `json:"source"`
	Scope  string `json:"scope"`
}

// divergence is a reviewed corpus row where hguard disagrees with the peer.
// Kind "design" means the peer's label is wrong for hguard's design (the row
// is left out of the reviewed score); kind "gap" is a known miss that still
// counts against hguard.
type divergence struct {
	File   string `yaml:"file"`
	Cmd    string `yaml:"cmd"`
	Kind   string `yaml:"kind"`
	Reason string `yaml:"reason"`
}

// corpusTarget is what each corpus must score, measured on every row of it.
type corpusTarget struct {
	name      string // the subtest, when not the file's
	file      string
	filter    func(corpusRow) bool
	minRecall float64 // dangerous rows (block/ask) decided block or ask
	maxFP     float64 // allow rows decided ask or block
}

var corpusTargets = []corpusTarget{
	{file: "hermes-tests.jsonl", minRecall: 0.95, maxFP: 0.03},
	{file: "tirith-fixtures.jsonl", minRecall: 0.95, maxFP: 0.03},
	{file: "dcg-tests.jsonl", filter: func(r corpusRow) bool { return r.Scope == "pipeline-default" }, minRecall: 0.95, maxFP: 0.03},
	// dcg's whole corpus, its opt-in packs included (cloud, SaaS and datastore
	// control planes): the service verb model's measure (issue #15).
	{name: "dcg-all-packs", file: "dcg-tests.jsonl", minRecall: 0.90, maxFP: 0.03},
	{file: "hermes-tests-nonblock.jsonl"}, // rows must not be blocked
}

func readCorpus(t *testing.T, name string) []corpusRow {
	t.Helper()
	if _, err := os.Stat(filepath.Join(corpusDir, name)); err != nil {
		t.Skipf("corpus not available (%v); CI lays it out at %s", err, corpusDir)
	}
	return readCorpusFile(t, filepath.Join(corpusDir, name))
}

// readCorpusFile reads a JSONL corpus.
func readCorpusFile(t *testing.T, name string) []corpusRow {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []corpusRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 4<<20)
	for sc.Scan() {
		var r corpusRow
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func readDivergences(t *testing.T) map[string]divergence {
	t.Helper()
	data, err := os.ReadFile("testdata/divergences.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var list []divergence
	if err := yaml.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	out := map[string]divergence{}
	for _, d := range list {
		if strings.TrimSpace(d.Reason) == "" {
			t.Errorf("divergence %s %q has no reason", d.File, d.Cmd)
		}
		if d.Kind != "design" && d.Kind != "gap" {
			t.Errorf("divergence %s %q: kind %q, want design or gap", d.File, d.Cmd, d.Kind)
		}
		out[d.File+"\x00"+d.Cmd] = d
	}
	return out
}

// wrong reports whether hguard's decision disagrees with the row's expectation.
func wrong(expect string, got dsl.Level) bool {
	switch expect {
	case "block", "ask":
		return got < dsl.Ask
	case "allow":
		return got >= dsl.Ask
	case "not-block":
		return got == dsl.Block
	}
	return true
}

// TestCorpus scores the built-in rules on the peers' own test corpora. Every
// row where hguard disagrees must be in testdata/divergences.yaml with a
// kind and a reason, every listed divergence must still diverge, and each
// file must reach its recall and false-positive targets on the reviewed
// score: the peer's labels less the rows reviewed as "design" divergences.
// The raw score on the peer's labels is logged beside it.
func TestCorpus(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	divs := readDivergences(t)
	used := map[string]bool{}
	read := 0 // corpus files found
	for _, target := range corpusTargets {
		name := target.name
		if name == "" {
			name = strings.TrimSuffix(target.file, ".jsonl")
		}
		t.Run(name, func(t *testing.T) {
			rows := readCorpus(t, target.file)
			read++
			var raw, reviewed score
			for _, r := range rows {
				if target.filter != nil && !target.filter(r) {
					continue
				}
				got := g.Check(hguard.Request{Command: r.Cmd}).Level
				raw.add(r.Expect, got)
				key := target.file + "\x00" + r.Cmd
				d, listed := divs[key]
				if !listed || d.Kind != "design" {
					reviewed.add(r.Expect, got)
				}
				if listed {
					used[key] = true
				}
				switch {
				case wrong(r.Expect, got) && !listed:
					t.Errorf("undocumented divergence in %s: expect %s, got %s: %q (%s)", target.file, r.Expect, got, r.Cmd, r.Source)
				case !wrong(r.Expect, got) && listed:
					t.Errorf("stale divergence, hguard now agrees (%s): %q", r.Expect, r.Cmd)
				}
			}
			t.Logf("raw (peer's labels): %s", raw)
			t.Logf("reviewed (less design divergences): %s", reviewed)
			if target.minRecall > 0 && reviewed.recall() < target.minRecall {
				t.Errorf("reviewed dangerous recall %.1f%%, want ≥ %.0f%%", 100*reviewed.recall(), 100*target.minRecall)
			}
			if target.maxFP > 0 && reviewed.fpRate() > target.maxFP {
				t.Errorf("reviewed false positives %.1f%%, want ≤ %.0f%%", 100*reviewed.fpRate(), 100*target.maxFP)
			}
		})
	}
	if t.Failed() || read < len(corpusTargets) {
		return // stale entries can only be told with every corpus at hand
	}
	for key, d := range divs {
		if !used[key] {
			t.Errorf("divergence for a row no corpus has: %s %q", d.File, d.Cmd)
		}
	}
}

// score counts one corpus file's results.
type score struct {
	dangerous, caught     int // rows expecting block or ask; of them decided block or ask
	blocks, blocked       int // rows expecting block; of them decided block
	allows, falsePositive int // rows expecting allow; of them decided ask or block
	nonblock, nbBlocked   int // rows that must not be blocked; of them blocked
}

func (s *score) add(expect string, got dsl.Level) {
	switch expect {
	case "block", "ask":
		s.dangerous++
		if got >= dsl.Ask {
			s.caught++
		}
		if expect == "block" {
			s.blocks++
			if got == dsl.Block {
				s.blocked++
			}
		}
	case "allow":
		s.allows++
		if got >= dsl.Ask {
			s.falsePositive++
		}
	case "not-block":
		s.nonblock++
		if got == dsl.Block {
			s.nbBlocked++
		}
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func (s score) recall() float64 { return ratio(s.caught, s.dangerous) }
func (s score) fpRate() float64 { return ratio(s.falsePositive, s.allows) }

func (s score) String() string {
	parts := []string{}
	if s.dangerous > 0 {
		parts = append(parts,
			fmt.Sprintf("dangerous recall %d/%d = %.1f%%", s.caught, s.dangerous, 100*s.recall()),
			fmt.Sprintf("block recall %d/%d = %.1f%%", s.blocked, s.blocks, 100*ratio(s.blocked, s.blocks)))
	}
	if s.allows > 0 {
		parts = append(parts, fmt.Sprintf("false positives %d/%d = %.1f%%", s.falsePositive, s.allows, 100*s.fpRate()))
	}
	if s.nonblock > 0 {
		parts = append(parts, fmt.Sprintf("must-not-block rows blocked %d/%d", s.nbBlocked, s.nonblock))
	}
	return strings.Join(slices.Clip(parts), ", ")
}
