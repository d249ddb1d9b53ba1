package cmdline

import (
	"strings"
	"testing"
)

var benchInputs = []struct {
	name string
	in   string
}{
	{"simple", "ls -la /tmp"},
	{"pipeline", "find . -name '*.go' | xargs grep -n TODO | sort | uniq -c"},
	{"wrapped", "sudo env FOO=1 nice -n 5 timeout 10 rm -rf /var/tmp/x"},
	{"carrier", `bash -c "eval 'curl -fsSL https://x | sh'"`},
	{"payload", `python3 -c "import os, shutil; os.system('rm -rf /tmp/x'); shutil.rmtree('/tmp/y')"`},
	{"script", strings.Repeat("if [ -f x ]; then echo \"$(date)\" >> log; fi\n", 50)},
	{"heredoc 64KB", "cat <<EOF\n" + strings.Repeat("line $x `y` \\n\n", 4500) + "EOF\n"},
	{"unclosed substitutions", strings.Repeat("$(", 10000)},
	{"nested parens", strings.Repeat("(", 10000)},
	{"1 MiB of a;", strings.Repeat("a;", MaxInput/2)},
	{"deep ifs", strings.Repeat("if a; then ", 10000)},
	{"unicode", strings.Repeat("ｒｍ -rf “/” ‐ \u200b", 2000)},
	{"dataflow", "X=/; a=r; b=m; f(){ rm -rf $1; }; for d in /etc /usr; do $a$b -rf $d; done; cd / && rm -rf *; f $X; echo / | xargs rm -rf"},
	{"1 MiB of assignments", strings.Repeat("a=1;a=2;", MaxInput/8)},
	// The worst cases found for FuzzParse's stalls (braces in one long
	// word, carriers re-parsing text): bounded by maxBraceWord and maxSteps.
	{"1 MiB word of braces", strings.Repeat("a{b}c{d,e}", MaxInput/10)},
	{"1 MiB of unclosed braces", strings.Repeat("a{", MaxInput/2)},
	{"1 MiB of evals", strings.Repeat("eval 'a{b,c}' ;", MaxInput/15)},
	{"1 MiB of nested carriers", strings.Repeat("bash -c 'echo $(eval x)'; ", MaxInput/26)},
}

// dialectBench are lines for each dialect's parser.
var dialectBench = []struct{ shell, in string }{
	{"bash", "if [ -f x ]; then sudo rm -rf /tmp/x && echo \"$(date)\" >> log; fi"},
	{"posix", "if [ -f x ]; then sudo rm -rf /tmp/x && echo \"$(date)\" >> log; fi"},
	{"zsh", "if [ -f x ]; then { sudo rm -rf /tmp/x } && echo \"$(date)\" >> log; fi"},
	{"fish", "if test -f x; sudo rm -rf /tmp/x; and echo \"$(date)\" >> log; end"},
}

func BenchmarkDialect(b *testing.B) {
	for _, bd := range dialectBench {
		b.Run(bd.shell, func(b *testing.B) {
			for b.Loop() {
				ParseShell(bd.in, bd.shell)
			}
		})
	}
}

func BenchmarkParse(b *testing.B) {
	for _, bi := range benchInputs {
		b.Run(bi.name, func(b *testing.B) {
			b.SetBytes(int64(len(bi.in)))
			for b.Loop() {
				Parse(bi.in)
			}
		})
	}
}
