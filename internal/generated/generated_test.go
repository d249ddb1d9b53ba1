package generated

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records a fatal failure instead of
// stopping the test.
type recorder struct {
	testing.TB
	failed string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = format
	panic(r)
}
func (r *recorder) Fatal(args ...any) {
	r.failed = fmt.Sprint(args...)
	panic(r)
}

func check(t *testing.T, path string, src []byte) (failed string) {
	r := &recorder{TB: t}
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
		failed = r.failed
	}()
	Check(r, path, src, "go generate")
	return ""
}

func TestWriteAndCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x_gen.go")
	src := []byte("package x\nvar  a = 1\n")
	if err := Write(path, src); err != nil {
		t.Fatalf("write failed: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "package x\n\nvar a = 1\n" {
		t.Errorf("written file is not gofmt'ed: %q", data)
	}
	if f := check(t, path, src); f != "" {
		t.Errorf("the file just written is reported out of date: %s", f)
	}
	for _, tc := range []struct {
		name, src, want string
	}{
		{"changed", "package x\nvar a = 2\n", "out of date"},
		{"unparsable", "package x\nvar a = \n", "does not parse"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if f := check(t, path, []byte(tc.src)); !strings.Contains(f, tc.want) {
				t.Errorf("got failure %q, want one containing %q", f, tc.want)
			}
		})
	}
	if err := Write(path, []byte("package x\nvar a = \n")); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("writing an unparsable source: err %v, want one naming %s", err, path)
	}
	if data, _ := os.ReadFile(path); string(data) != "package x\n\nvar a = 1\n" {
		t.Errorf("a failed write changed the file: %q", data)
	}
}
