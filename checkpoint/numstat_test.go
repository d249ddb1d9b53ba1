package checkpoint

import "testing"

func TestParseNumstat(t *testing.T) {
	a, b, c := "1111111111111111111111111111111111111111", "2222222222222222222222222222222222222222", "3333333333333333333333333333333333333333"
	pairs := [][2]string{{a, b}, {b, c}, {a, c}}
	tests := []struct {
		name string
		out  string
		want [][3]int
	}{
		{"empty", "", [][3]int{{}, {}, {}}},
		{"one pair", a + " " + b + "\n1\t2\tx.go\x003\t0\tdir/y.go\x00", [][3]int{{2, 4, 2}, {}, {}}},
		{"binary counts no lines", a + " " + b + "\n-\t-\tbin.dat\x00", [][3]int{{1, 0, 0}, {}, {}}},
		{"second pair only", b + " " + c + "\n5\t5\ta\x00", [][3]int{{}, {1, 5, 5}, {}}},
		{"names with tabs and newlines", a + " " + b + "\n1\t1\tname\twith tab\x002\t0\tline\nbreak\x00" + a + " " + c + "\n0\t1\tz\x00",
			[][3]int{{2, 3, 1}, {}, {1, 0, 1}}},
		{"a name that looks like a header", a + " " + b + "\n1\t0\t" + b + " " + c + "\nx\x00", [][3]int{{1, 1, 0}, {}, {}}},
	}
	for _, tt := range tests {
		got := parseNumstat([]byte(tt.out), pairs)
		for i := range pairs {
			if got[i] != tt.want[i] {
				t.Errorf("%s: pair %d = %v, want %v", tt.name, i, got[i], tt.want[i])
			}
		}
	}
}
