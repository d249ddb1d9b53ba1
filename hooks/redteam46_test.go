package hooks

import (
	"strings"
	"testing"
)

// TestRedteam46MCPPaths: an MCP tool that writes, deletes or moves files
// is judged for every absolute or ~ path it is given, under any of the
// names and as a list, since which one it reads is the tool's to say (red
// team, 2026-12-05: {"path": "/tmp/x", "file_path": "/home/u/.bashrc"}
// was judged for /tmp/x alone, and a list of paths not at all).
func TestRedteam46MCPPaths(t *testing.T) {
	for _, tt := range []struct {
		input string
		want  []string // lines the command holds
		not   []string // lines it does not hold
	}{
		{`{"tool_name":"mcp__fs__write_file","tool_input":{"path":"/tmp/x","file_path":"/home/u/.bashrc","content":"x"}}`,
			[]string{"tee -- /tmp/x >/dev/null", "tee -- /home/u/.bashrc >/dev/null <<'HGUARD_WRITTEN'\nx\nHGUARD_WRITTEN"}, nil},
		{`{"tool_name":"mcp__fs__delete_file","tool_input":{"path":"/tmp/x","target":"/home/u/.ssh/authorized_keys"}}`,
			[]string{"rm -- /tmp/x /home/u/.ssh/authorized_keys"}, nil},
		{`{"tool_name":"mcp__fs__delete_files","tool_input":{"paths":["/tmp/x","~/.bashrc"]}}`,
			[]string{"rm -- /tmp/x ~/.bashrc"}, nil},
		{`{"tool_name":"mcp__fs__move_file","tool_input":{"source":"/tmp/a","destination":"/tmp/b","to":"/home/u/.bashrc"}}`,
			[]string{"mv -- /tmp/a /tmp/b", "mv -- /tmp/a /home/u/.bashrc"}, nil},
		// everyday neighbours: a relative path names the server's own tree
		{`{"tool_name":"mcp__fs__write_file","tool_input":{"path":"notes.txt","content":"x"}}`, nil, []string{"tee --"}},
		{`{"tool_name":"mcp__fs__delete_files","tool_input":{"paths":["a.txt","b.txt"]}}`, nil, []string{"rm --"}},
	} {
		c, err := Parse(ClaudeCode, []byte(tt.input))
		if err != nil {
			t.Errorf("%s: %v", tt.input, err)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(c.Command, w) {
				t.Errorf("%s: command %q does not hold %q", tt.input, c.Command, w)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(c.Command, n) {
				t.Errorf("%s: command %q holds %q", tt.input, c.Command, n)
			}
		}
	}
}
