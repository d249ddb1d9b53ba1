package checkpoint

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// numstat must count what git's --numstat counts, on random pairs of small
// files (lines drawn from a few, so that diffs have common runs) and on
// the edge cases: no newline at the end, empty files, binary files.
func TestNumstatEqualsGit(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not on PATH")
	}
	dir := t.TempDir()
	pairs := [][2]string{
		{"", "a\n"}, {"a\n", ""}, {"a", "a\n"}, {"a\nb", "a\nb\n"}, {"x\x00y", "x\n"},
		{"a\nb\nc\n", "a\nc\n"}, {"a\r\nb\n", "a\nb\n"},
		// git drops a line with many matches amid lines with none before
		// it diffs (xdl_cleanup_records): not a minimal diff.
		{"n1\nn2\nn3\nA\nn4\nn5\nn6\nn7\n", "A\nA\nA\nA\n"},
		// The matches git counts are in the whole files, the common
		// start and end included.
		{"r0\nr1\nu1\nr1\nu40\nu32\nr1\nr1\nu58\nu37\n", "r0\nr0\nu63\nu29\nr1\nr0\nu65\nr0\nu13\nu7\nu11\nu37\n"},
	}
	rng := rand.New(rand.NewPCG(7, 11))
	words := []string{"a", "b", "c", "d", "e"}
	gen := func() string {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(words[rng.IntN(len(words))])
			b.WriteByte('\n')
		}
		if rng.IntN(5) == 0 {
			b.WriteString("tail")
		}
		return b.String()
	}
	for range 60 {
		pairs = append(pairs, [2]string{gen(), gen()})
	}
	// Mostly lines of their own with a few that recur (blank lines,
	// braces): the lines git may drop before it diffs.
	genUnique := func() string {
		var b strings.Builder
		for range rng.IntN(30) {
			if rng.IntN(3) == 0 {
				b.WriteString(words[rng.IntN(2)])
			} else {
				fmt.Fprintf(&b, "u%d", rng.IntN(400))
			}
			b.WriteByte('\n')
		}
		return b.String()
	}
	for range 60 {
		pairs = append(pairs, [2]string{genUnique(), genUnique()})
	}
	for i, p := range pairs {
		a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
		must(t, os.WriteFile(a, []byte(p[0]), 0o644))
		must(t, os.WriteFile(b, []byte(p[1]), 0o644))
		cmd := exec.Command(git, "-c", "core.quotePath=false", "diff", "--no-index", "--numstat", "--no-renames", a, b)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
		out, _ := cmd.Output() // exit 1: the files differ
		want := "0 0"
		if f := strings.Fields(string(out)); len(f) >= 2 {
			want = strings.ReplaceAll(f[0]+" "+f[1], "-", "0")
		}
		added, deleted, ok := numstat([]byte(p[0]), []byte(p[1]))
		if !ok {
			t.Fatalf("pair %d: not counted", i)
		}
		if got := fmt.Sprintf("%d %d", added, deleted); got != want {
			t.Errorf("pair %d %q -> %q: numstat %s, git %s", i, p[0], p[1], got, want)
		}
	}
	// Beyond the cost bound the count is left to git (lines that all
	// match, in reverse order: git drops none of them before it diffs).
	var big1, big2 strings.Builder
	for i := range 2 * maxEditCost {
		fmt.Fprintf(&big1, "line %d\n", i)
		fmt.Fprintf(&big2, "line %d\n", 2*maxEditCost-1-i)
	}
	if _, _, ok := numstat([]byte(big1.String()), []byte(big2.String())); ok {
		t.Error("a diff of 1,024 lines was counted in Go")
	}
}
