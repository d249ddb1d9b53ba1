package cmdline

import (
	"strings"
	"testing"
)

func TestExecForwardsStdin(t *testing.T) {
	for _, tc := range []struct {
		via, args string
		want      bool
	}{
		{"docker exec", "-i app", true},
		{"docker exec", "-it app", true},
		{"docker exec", "--interactive app", true},
		{"docker exec", "--interactive=false app", false},
		{"docker exec", "app", false},
		{"docker exec", "-t app", false},
		{"docker exec", "-u root app", false},
		{"docker exec", "-eI=1 app", false}, // -e's value, not -i
		{"podman exec", "-i db", true},
		{"kubectl exec", "pod -i", true},
		{"kubectl exec", "--stdin pod", true},
		{"kubectl exec", "-n x pod", false},
		{"docker compose exec", "-T", true},
		{"docker compose exec", "-d", false},
		{"docker compose run", "--rm -T", true},
		{"docker-compose exec", "", true},
		{"docker run", "-i", false}, // containerTyped's, not a launcher's
		{"docker logs", "-i", false},
	} {
		var args []field
		for _, a := range strings.Fields(tc.args) {
			args = append(args, field{Word: Word{Value: a}})
		}
		if got := execForwardsStdin(tc.via, args); got != tc.want {
			t.Errorf("execForwardsStdin(%q, %q) = %v, want %v", tc.via, tc.args, got, tc.want)
		}
	}
}
