package hooks

import (
	"slices"
	"testing"
)

// TestPatchHeadersAsParsed: the files a patch names are read as the
// agents' own parsers read its headers. Codex trims each hunk's first line
// (codex-rs/apply-patch parse_one_hunk: "tolerant of … extra padding
// around marker strings"), so an indented "*** Add File:" after another
// file's lines still adds that file; OpenCode's parser (src/patch) takes
// "*** Add File:" with or without the space after the colon (red team
// redteam19: each hid ~/.bashrc behind a harmless notes.txt).
func TestPatchHeadersAsParsed(t *testing.T) {
	for _, tt := range []struct {
		patch string
		want  []string
	}{
		{"*** Begin Patch\n*** Add File: notes.txt\n+hi\n *** Add File: /h/.bashrc\n+export HGUARD_DISABLE=1\n*** End Patch", []string{"notes.txt", "/h/.bashrc"}},
		{"*** Begin Patch\n*** Add File: notes.txt\n+hi\n\t*** Add File: /h/.bashrc\n+x\n*** End Patch", []string{"notes.txt", "/h/.bashrc"}},
		{"  *** Begin Patch\n  *** Delete File: /h/.hguard/config.yaml\n*** End Patch", []string{"/h/.hguard/config.yaml"}},
		{"*** Begin Patch\n*** Add File:/h/.zshrc\n+x\n*** End Patch", []string{"/h/.zshrc"}},
		{"*** Begin Patch\n*** Update File:\tsrc/a.go\n*** Move to:/h/.profile\n@@\n-a\n+b\n*** End Patch", []string{"src/a.go", "/h/.profile"}},
		{"*** Begin Patch\r\n*** Add File: a.txt\r\n+x\r\n*** End Patch\r\n", []string{"a.txt"}},
		{"\ufeff*** Begin Patch\n\u00a0*** Add File: /h/.bashrc\n+x\n*** End Patch", []string{"/h/.bashrc"}},
		// content lines and context lines that merely hold the words
		{"*** Begin Patch\n*** Update File: README.md\n@@\n-old\n+*** Add File: x is how a patch adds x\n*** End Patch", []string{"README.md"}},
	} {
		if got := patchPaths(tt.patch); !slices.Equal(got, tt.want) {
			t.Errorf("patchPaths(%q) = %q, want %q", tt.patch, got, tt.want)
		}
	}
}

// TestEveryPathJudged: a file tool's call that gives its path under more
// than one name (file_path and path, absolute_path; Cursor's path and
// target_file) is judged for each, since which one the tool reads is the
// tool's to say; Hermes Agent's patch with a path and a patch, for both
// (red team redteam19: the second name, and the patch, were not judged).
func TestEveryPathJudged(t *testing.T) {
	for _, tt := range []struct {
		agent Agent
		input string
		want  []string
	}{
		{ClaudeCode, `{"tool_name":"Write","tool_input":{"file_path":"a.txt","path":"/h/.hguard/config.yaml","content":"x"}}`, []string{"a.txt", "/h/.hguard/config.yaml"}},
		{Gemini, `{"tool_name":"write_file","tool_input":{"file_path":"a.txt","absolute_path":"/h/.gemini/settings.json","content":"{}"}}`, []string{"a.txt", "/h/.gemini/settings.json"}},
		{Gemini, `{"tool_name":"read_file","tool_input":{"file_path":"a.txt","absolute_path":"/h/.ssh/id_rsa"}}`, []string{"a.txt", "/h/.ssh/id_rsa"}},
		{Cursor, `{"hook_event_name":"preToolUse","tool_name":"Write","tool_input":{"path":"a.txt","target_file":"/h/.cursor/hooks.json"}}`, []string{"a.txt", "/h/.cursor/hooks.json"}},
		{Hermes, `{"tool_name":"patch","tool_input":{"mode":"patch","path":"a.txt","patch":"*** Begin Patch\n*** Add File: /h/.bashrc\n+x\n*** End Patch"}}`, []string{"a.txt", "/h/.bashrc"}},
		{ClaudeCode, `{"tool_name":"Write","tool_input":{"file_path":"a.txt","content":"x"}}`, []string{"a.txt"}},
		{ClaudeCode, `{"tool_name":"Edit","tool_input":{"file_path":"a.txt","path":"a.txt","old_string":"a","new_string":"b"}}`, []string{"a.txt"}},
	} {
		c, err := Parse(tt.agent, []byte(tt.input))
		if err != nil {
			t.Errorf("%s: %v", tt.input, err)
			continue
		}
		if !slices.Equal(c.Paths, tt.want) {
			t.Errorf("%s: paths %q, want %q", tt.input, c.Paths, tt.want)
		}
	}
}

// TestGeminiShellDirPath: Gemini CLI runs run_shell_command in its
// dir_path (directory in earlier versions), resolved under the project, and
// hguard's rewrite to its runner merges with the model's arguments, so the
// command is judged there (red team redteam19: echo {} > settings.json
// with dir_path .gemini was judged in the project and allowed).
func TestGeminiShellDirPath(t *testing.T) {
	for _, tt := range []struct {
		input, cwd string
	}{
		{`{"cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"echo {} > settings.json","dir_path":".gemini"}}`, "/p/.gemini"},
		{`{"cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"ls","directory":"src/../.codex"}}`, "/p/.codex"},
		{`{"cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`, "/p"},
	} {
		c, err := Parse(Gemini, []byte(tt.input))
		if err != nil {
			t.Errorf("%s: %v", tt.input, err)
			continue
		}
		if c.Cwd != tt.cwd {
			t.Errorf("%s: cwd %q, want %q", tt.input, c.Cwd, tt.cwd)
		}
	}
}
