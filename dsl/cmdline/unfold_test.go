package cmdline

import (
	"strings"
	"testing"
)

func TestUnfolded(t *testing.T) {
	tests := []struct {
		dialect Dialect
		line    string
		want    string // a line of Unfolded after the first; "" for none
	}{
		{Bash, `'ps' aux | awk '{print $2}' | xargs kill -9`, `ps aux | awk '{print $2}' | xargs kill -9`},
		{Bash, `p\s aux`, `ps aux`},
		{Bash, `a=xpodman; ${a:1} ps -aq | xargs podman rm`, `a=xpodman; podman ps -aq | xargs podman rm`},
		{Bash, `$(which ps) -ef | xargs sudo kill`, `ps -ef | xargs sudo kill`},
		{Bash, "`which docker` ps -aq | xargs docker rm -f", `docker ps -aq | xargs docker rm -f`},
		{Bash, `ps${IFS}-ef | xargs kill`, `ps -ef | xargs kill`},
		{Bash, `eval 'ps aux | awk '"'"'{print $2}'"'"' | xargs kill -9'`, `ps aux | awk '{print $2}' | xargs kill -9`},
		{Bash, `bash <(echo 'yes > /dev/null &')`, `yes > /dev/null &`},
		{Zsh, `a=(ps); $a aux | xargs kill -9`, `a=(ps); ps aux | xargs kill -9`},
		{Bash, `env X=1 yes > /dev/null &`, `yes > /dev/null &`},
		{Bash, `/usr/bin/../bin/yes > /dev/null &`, `yes > /dev/null &`},
		{Bash, `a=(x docker); ${a[1]} ps -aq | sort | xargs docker rm -f`, `a=(x docker); docker ps -aq | sort | xargs docker rm -f`},
		{Bash, "d=/proc\nI=$(cat $d/version)", `I=$(cat /proc/version)`},
		{Bash, `ps aux | grep x`, ``},
		{Bash, `"$HOME/bin/x" run`, ``}, // known only as it runs: left as written
	}
	for _, tt := range tests {
		line := ParseShell(tt.line, string(tt.dialect))
		views := strings.Split(line.Unfolded, "\n")[strings.Count(line.Normalized, "\n")+1:]
		if tt.want == "" {
			if len(views) > 0 {
				t.Errorf("%q: Unfolded added %q, want nothing", tt.line, views)
			}
			continue
		}
		if !strings.Contains(line.Unfolded, "\n"+tt.want) {
			t.Errorf("%q: Unfolded = %q, want a line %q", tt.line, line.Unfolded, tt.want)
		}
	}
}
