package shelldiff

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

func readLines(t *testing.T, file string) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "# ") || strings.TrimSpace(l) == "" {
			continue
		}
		lines = append(lines, strings.ReplaceAll(l, `\n`, "\n"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// Where the corpora are, from this package's directory.
const (
	root         = "../.."
	sharedCorpus = "../../../shared/corpus" // the peers' corpora beside the repository (CI has it)
)

// corpusLines are the lines every dialect runs before the generated ones:
// this package's corpus, the rules' examples, the project's own corpus, the
// peers' corpora (when present) and the fuzzer's checked-in inputs. A line
// no shell can receive (a NUL byte) or longer than one argument may be
// (128 KiB) is left out.
func corpusLines(t *testing.T) []string {
	t.Helper()
	lines := readLines(t, "testdata/corpus.txt")
	lines = append(lines, ruleExamples(t)...)
	lines = append(lines, jsonlCmds(t, filepath.Join(root, "rules/testdata/own-corpus.jsonl"))...)
	shared, _ := filepath.Glob(filepath.Join(sharedCorpus, "*.jsonl"))
	if len(shared) == 0 {
		t.Logf("no peer corpora at %s: running without them", sharedCorpus)
	}
	sort.Strings(shared)
	for _, f := range shared {
		lines = append(lines, jsonlCmds(t, f)...)
	}
	lines = append(lines, fuzzInputs(t)...)
	var out []string
	for _, l := range uniq(lines) {
		if strings.IndexByte(l, 0) < 0 && len(l) < 128<<10 && strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

func jsonlCmds(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		var row struct {
			Cmd string `json:"cmd"`
		}
		if err := json.Unmarshal([]byte(l), &row); err != nil {
			t.Fatalf("%s:%d: %v", file, i+1, err)
		}
		out = append(out, row.Cmd)
	}
	return out
}

// ruleExamples are the match and nomatch examples of the built-in rules,
// and the commands of the program catalogue's examples.
func ruleExamples(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(root, "rules", "*.yaml"))
	more, _ := filepath.Glob(filepath.Join(root, "rules", "programs", "*.yaml"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatal("no rule files under ../../rules")
	}
	sort.Strings(files)
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// A rule's examples are {match: […], nomatch: […]}; a catalogue
		// entry's a list of {cmd: …}.
		var rules []struct {
			Examples yaml.Node `yaml:"examples"`
		}
		if err := yaml.Unmarshal(data, &rules); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, r := range rules {
			switch r.Examples.Kind {
			case yaml.MappingNode:
				var ex struct {
					Match   []string `yaml:"match"`
					NoMatch []string `yaml:"nomatch"`
				}
				if err := r.Examples.Decode(&ex); err != nil {
					t.Fatalf("%s:%d: %v", f, r.Examples.Line, err)
				}
				out = append(out, ex.Match...)
				out = append(out, ex.NoMatch...)
			case yaml.SequenceNode:
				var ex []struct {
					Cmd string `yaml:"cmd"`
				}
				if err := r.Examples.Decode(&ex); err != nil {
					t.Fatalf("%s:%d: %v", f, r.Examples.Line, err)
				}
				for _, e := range ex {
					out = append(out, e.Cmd)
				}
			}
		}
	}
	return out
}

// fuzzInputs are the string inputs of the parser's checked-in fuzz corpus.
func fuzzInputs(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(root, "dsl/cmdline/testdata/fuzz/*/*"))
	sort.Strings(files)
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(l, "string("); ok && strings.HasSuffix(v, ")") {
				if s, err := strconv.Unquote(strings.TrimSuffix(v, ")")); err == nil {
					out = append(out, s)
				}
			}
		}
	}
	return out
}
