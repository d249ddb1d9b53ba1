package cmdline

import (
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
	every := "cargo build|cargo fmt|cargo test ${JUST_VALUE}|echo ci|cargo publish|rm -rf ~/.ssh|python3 -c 'import os\nos.system('\\''id'\\'')'|tcc recipe-script|rm -rf ~/.ssh $HOME/.aws ${HOME}/.kube ./build"
	for _, tt := range []struct{ args, want string }{
		{"", "cargo build"},
		{"build", "cargo build"},
		{"test", "cargo build|cargo test ${JUST_VALUE}"},
		{"test myfilter", "cargo build|cargo test ${JUST_VALUE}"}, // myfilter is test's word
		{"t", "cargo build|cargo test ${JUST_VALUE}"},
		{"ci", "cargo build|cargo fmt|cargo test ${JUST_VALUE}|echo ci|cargo publish"},
		{"setup", "rm -rf ~/.ssh"},
		{"--set version 1 fmt", "cargo fmt"},
		{"polyglot", "python3 -c 'import os\nos.system('\\''id'\\'')'"},
		{"c-code", "tcc recipe-script"},
		{"wipe", "rm -rf ~/.ssh $HOME/.aws ${HOME}/.kube ./build"},
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
}
