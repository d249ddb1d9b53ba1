package cmdline

import "testing"

// TestPositionalSlice: ${@:OFFSET:LENGTH}, $*'s and ${!#} take the
// positional parameters of a function call, sh -c or set -- as bash does;
// what is not known stays dynamic.
func TestPositionalSlice(t *testing.T) {
	tests := []struct {
		shell, line string
		want        []string // the last command's arguments; "?" for a dynamic one
	}{
		{"bash", `f(){ rm -rf "${@: -1}"; }; f a ~`, []string{"-rf", "~"}},
		{"bash", `f(){ rm -rf "${@: -1}"; }; f a build`, []string{"-rf", "build"}},
		{"bash", `f(){ echo "${@:2}"; }; f a b c`, []string{"b", "c"}},
		{"bash", `f(){ echo "${@:2:1}"; }; f a b c`, []string{"b"}},
		{"bash", `f(){ echo ${*: -2:1}; }; f a b c`, []string{"b"}},
		{"bash", `f(){ echo "${*: -2}"; }; f a b c`, []string{"b c"}},
		{"bash", `f(){ echo "${!#}"; }; f a b c`, []string{"c"}},
		{"bash", `f(){ echo "${@:$#}"; }; f a b c`, []string{"c"}},
		{"bash", `f(){ echo "${@:$# - 1}"; }; f a b c`, []string{"b", "c"}},
		{"bash", `f(){ n=2; echo "${@:n}"; }; f a b c`, []string{"b", "c"}},
		{"bash", `sh -c 'rm -rf "${@: -1}"' sh a ~`, []string{"-rf", "~"}},
		{"bash", `set -- x y; echo "${@:1:1}" "${@:$#-1}"`, []string{"x", "x", "y"}},
		{"bash", `f(){ echo "${@:0}"; }; f a b`, []string{"?"}},    // $0 of a function: the shell's
		{"bash", `f(){ echo "${@:1:-1}"; }; f a b`, []string{"?"}}, // a negative length: an error
		{"bash", `f(){ echo "${@:$X}"; }; f a b`, []string{"?"}},   // an offset known at run time only
		{"bash", `f(){ echo "${!#}"; }; f x`, []string{"x"}},
		{"bash", `echo "${@: -1}"`, []string{"?"}}, // the line's own parameters: unknown
		{"zsh", `f(){ echo "${@: -1}" "${@:0:1}"; }; f a b`, []string{"b", "f"}},
		{"zsh", `set -- x y; echo "${@:$#-1}"`, []string{"?"}},
		{"zsh", `f(){ n=2; echo "${@:n}"; }; f a b c`, []string{"?"}},
	}
	for _, tt := range tests {
		checkLastArgs(t, tt.shell, tt.line, tt.want, func(Word) string { return "?" })
	}
}
