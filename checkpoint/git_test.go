package checkpoint

import (
	"slices"
	"strings"
	"testing"
)

// TestGitEnvMallocTunables: every git run gets the malloc settings that
// keep bulk object writes from page-faulting per object, after any the
// caller set (so ours win where both name the same tunable).
func TestGitEnvMallocTunables(t *testing.T) {
	tests := []struct {
		name, inherited, want string
	}{
		{"none inherited", "", mallocTunables},
		{"inherited kept first", "glibc.malloc.arena_max=2", "glibc.malloc.arena_max=2:" + mallocTunables},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GLIBC_TUNABLES", tt.inherited)
			r, _ := testRepo(t, DefaultConfig())
			var got []string
			for _, kv := range r.gitEnv() {
				if v, ok := strings.CutPrefix(kv, "GLIBC_TUNABLES="); ok {
					got = append(got, v)
				}
			}
			if !slices.Equal(got, []string{tt.want}) {
				t.Errorf("GLIBC_TUNABLES in git's environment = %q, want [%q]", got, tt.want)
			}
		})
	}
}
