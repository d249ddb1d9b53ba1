package checkpoint

import "bytes"

// The statistics of an incremental snapshot are counted in Go, from the
// blobs the tree edit reads and writes anyway, instead of a `git
// diff-tree --numstat` run. They must be git's: git first drops lines it
// will not try to match (diffedLines), then finds a minimal line diff of
// the rest whenever that diff is small (its heuristics for costly diffs
// start above 256 edits, XDL_MAX_COST_MIN); a larger diff is left to git.

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
	wholeA, wholeB := splitLines(old), splitLines(new)
	a, b := wholeA, wholeB
	for len(a) > 0 && len(b) > 0 && bytes.Equal(a[0], b[0]) {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && bytes.Equal(a[len(a)-1], b[len(b)-1]) {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	// git diffs only the lines it keeps (see diffedLines); the others
	// count as changed.
	ka, kb := diffedLines(a, wholeA, wholeB), diffedLines(b, wholeB, wholeA)
	d, ok := editCost(ka, kb, maxEditCost)
	if !ok {
		return 0, 0, false
	}
	// d = kept lines added + deleted; the lines matched are the rest.
	matched := (len(ka) + len(kb) - d) / 2
	return len(b) - matched, len(a) - matched, true
}

// diffedLines is what git's diff keeps of the lines lines (the part of
// the file whole between the common start and end) before it looks for a
// minimal diff against the other file, other (xdl_cleanup_records; both
// whole files count): it drops a line that
// is nowhere in other, which cannot match anyway, and a line found in
// other many times amid a run of such lines, which could match. Counting
// the latter as changed makes git's diff larger than a minimal one.
func diffedLines(lines, whole, other [][]byte) [][]byte {
	const (
		maxEqLimit   = 1024 // XDL_MAX_EQLIMIT
		simscanWidth = 100  // XDL_SIMSCAN_WINDOW
		keepRun      = 4    // XDL_KPDIS_RUN
	)
	// many is how often a line must recur in other to be "many": about
	// the square root of whole's line count (xdl_bogosqrt).
	many := 1
	for n := len(whole); n > 0; n >>= 2 {
		many <<= 1
	}
	many = min(many, maxEqLimit)
	// How often each of lines is in other, counted without a string per
	// line of other (the files may be large, the change small).
	slot := make(map[string]int, len(lines))
	for _, l := range lines {
		if _, ok := slot[string(l)]; !ok {
			slot[string(l)] = len(slot)
		}
	}
	count := make([]int, len(slot))
	for _, l := range other {
		if i, ok := slot[string(l)]; ok {
			count[i]++
		}
	}
	const none, some, lots = 0, 1, 2
	kind := make([]int, len(lines))
	for i, l := range lines {
		switch n := count[slot[string(l)]]; {
		case n == 0:
			kind[i] = none
		case n >= many:
			kind[i] = lots
		default:
			kind[i] = some
		}
	}
	// amidNone is xdl_clean_mmatch: line i (of kind lots) lies in a run of
	// lines of kinds none and lots with more than keepRun-1 none per lots.
	amidNone := func(i int) bool {
		lo, hi := max(0, i-simscanWidth), min(len(lines)-1, i+simscanWidth)
		noneBefore, lotsBefore := 0, 1
		for j := i - 1; j >= lo && kind[j] != some; j-- {
			if kind[j] == none {
				noneBefore++
			} else {
				lotsBefore++
			}
		}
		if noneBefore == 0 {
			return false
		}
		noneAfter, lotsAfter := 0, 1
		for j := i + 1; j <= hi && kind[j] != some; j++ {
			if kind[j] == none {
				noneAfter++
			} else {
				lotsAfter++
			}
		}
		if noneAfter == 0 {
			return false
		}
		lotsRun := lotsBefore + lotsAfter
		return lotsRun*keepRun < lotsRun+noneBefore+noneAfter
	}
	var kept [][]byte
	for i, l := range lines {
		if kind[i] == some || kind[i] == lots && !amidNone(i) {
			kept = append(kept, l)
		}
	}
	return kept
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
