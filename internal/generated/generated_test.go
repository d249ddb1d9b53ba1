package generated

import (
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
func (r *recorder) Fatal(args ...any) { r.Fatalf("%v", args...) }

func run(t *testing.T, path string, src []byte, update bool) (failed string) {
	r := &recorder{TB: t}
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
		failed = r.failed
	}()
	Check(r, path, src, update, "go generate")
	return ""
}

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x_gen.go")
	src := []byte("package x\nvar  a = 1\n")
	if f := run(t, path, src, true); f != "" {
		t.Fatalf("update failed: %s", f)
	}
	if data, _ := os.ReadFile(path); string(data) != "package x\n\nvar a = 1\n" {
		t.Errorf("written file is not gofmt'ed: %q", data)
	}
	if f := run(t, path, src, false); f != "" {
		t.Errorf("the file just written is reported out of date: %s", f)
	}
	if f := run(t, path, []byte("package x\nvar a = 2\n"), false); !strings.Contains(f, "out of date") {
		t.Errorf("a changed source passed: %q", f)
	}
	if f := run(t, path, []byte("package x\nvar a = \n"), false); !strings.Contains(f, "does not parse") {
		t.Errorf("an unparsable source passed: %q", f)
	}
}
