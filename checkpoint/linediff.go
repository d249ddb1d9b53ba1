package checkpoint

import "bytes"

// The statistics of an incremental snapshot are counted in Go, from the
// blobs the tree edit reads and writes anyway, instead of a `git
// diff-tree --numstat` run. They must be git's: lines added and deleted
// by a minimal line diff, which git's diff is whenever the diff is small
// (its heuristics for costly diffs start above 256 edits, XDL_MAX_COST_MIN);
// a larger diff is left to git.

// maxEditCost is the largest line diff counted here.
const maxEditCost = 256

// binaryProbe is how much of a file git looks at for a NUL byte to call
// it binary (FIRST_FEW_BYTES): a binary file counts as changed with no
// lines, as `--numstat` prints "-".
const binaryProbe = 8000

func isBinary(b []byte) bool {
	return bytes.IndexByte(b[:min(len(b), binaryProbe)], 0) >= 0
}

// numstat is git's added and deleted line counts between two versions of
// a file; ok is false when the diff is beyond maxEditCost.
func numstat(old, new []byte) (added, deleted int, ok bool) {
	if isBinary(old) || isBinary(new) {
		return 0, 0, true
	}
	a, b := splitLines(old), splitLines(new)
	for len(a) > 0 && len(b) > 0 && bytes.Equal(a[0], b[0]) {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && bytes.Equal(a[len(a)-1], b[len(b)-1]) {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	d, ok := editCost(a, b, maxEditCost)
	if !ok {
		return 0, 0, false
	}
	// d = added + deleted and added - deleted = len(b) - len(a).
	return (d + len(b) - len(a)) / 2, (d - len(b) + len(a)) / 2, true
}

// splitLines splits after each newline; a last line without one is a line
// of its own ("a" and "a\n" differ, as in git).
func splitLines(b []byte) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			out = append(out, b)
			break
		}
		out = append(out, b[:i+1])
		b = b[i+1:]
	}
	return out
}

// editCost is the number of lines a minimal diff of a and b adds and
// deletes (Myers' O((N+M)D) greedy algorithm), if it is at most max.
func editCost(a, b [][]byte, max int) (int, bool) {
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		return n + m, n+m <= max
	}
	off := max + 1
	v := make([]int, 2*max+3)
	for d := 0; d <= max; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: a line of b added
			} else {
				x = v[off+k-1] + 1 // right: a line of a deleted
			}
			y := x - k
			for x < n && y < m && bytes.Equal(a[x], b[y]) {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return d, true
			}
		}
	}
	return 0, false
}
