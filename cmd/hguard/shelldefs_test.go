package main

import "testing"

func TestExpandAliases(t *testing.T) {
	aliases := map[string]string{
		"del": "rm -rf", "sudo": "sudo ", "ls": "ls --color", "ll": "ls -l", "a": "b", "b": "a",
		"loop": "loop loop ", "nq": "echo '", "e": "echo hi;",
	}
	for _, tc := range []struct{ in, want string }{
		{"del ~/*", "rm -rf ~/*"},
		{"  del ~/x", "  rm -rf ~/x"},
		{"echo del", "echo del"},
		{"true && del /; del", "true && rm -rf /; rm -rf"},
		{"x | del y", "x | rm -rf y"},
		{"(del y)", "(rm -rf y)"},
		{"echo $(del y) `del z`", "echo $(rm -rf y) `rm -rf z`"},
		{`echo "$(del y)"`, `echo "$(rm -rf y)"`},
		{`echo "del; del"`, `echo "del; del"`},
		{"echo 'del; del'", "echo 'del; del'"},
		{`\del x`, `\del x`},
		{`'del' x`, `'del' x`},
		{"sudo del /", "sudo  rm -rf /"}, // a value ending in a blank expands the next word
		{"ll", "ls --color -l"},          // chains
		{"ls", "ls --color"},             // an alias is not expanded inside itself
		{"a", "a"},                       // a cycle stops
		{"if del x; then del y; fi", "if rm -rf x; then rm -rf y; fi"},
		{"X=1 del y", "X=1 rm -rf y"},
		{"echo x > del; del", "echo x > del; rm -rf"},
		{"# del\ndel", "# del\nrm -rf"},
		{"for d in del; do del $d; done", "for d in del; do rm -rf $d; done"},
		{"e del", "echo hi; rm -rf"},
	} {
		if got := expandAliases(tc.in, aliases); got != tc.want {
			t.Errorf("expandAliases(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// A value that expands itself through a trailing blank stays bounded.
	if got := expandAliases("loop x", aliases); len(got) > 1000 {
		t.Errorf("self-expanding alias grew to %d bytes", len(got))
	}
}

// TestExpandGlobalAndSuffixAliases: zsh's alias -g (and fish's abbr
// --position anywhere) expand in any unquoted word; alias -s runs a command
// word ending in .EXT through its value (checked in zsh 5.9).
func TestExpandGlobalAndSuffixAliases(t *testing.T) {
	aliases := map[string]string{"del": "rm -rf", "X": "echo regular"}
	globals := map[string]string{"G": "| sh", "X": "/", "R": "R", "H": "~"}
	suffixes := map[string]string{"txt": "rm -rf ~", "sh": "bash"}
	for _, tc := range []struct{ in, want string }{
		{"echo 'rm -rf ~' G", "echo 'rm -rf ~' | sh"},
		{"rm -rf X", "rm -rf /"},
		{"X", "echo regular"}, // at the command word a regular alias wins
		{"echo 'G' \"G\" G", "echo 'G' \"G\" | sh"},
		{"rm -rf H/x", "rm -rf H/x"}, // only whole words
		{"R x", "R x"},               // a global alias is not expanded inside itself
		{"a.txt", "rm -rf ~ a.txt"},
		{"./run.sh now", "bash ./run.sh now"},
		{"cat a.txt", "cat a.txt"}, // only the command word
		{"del a.txt", "rm -rf a.txt"},
	} {
		if got := expandDefs(tc.in, aliases, globals, suffixes); got != tc.want {
			t.Errorf("expandDefs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
