// Package generated keeps generated Go files in step with what they are
// generated from. Each generator is a test that builds the file's source;
// `go generate` runs it with -update to write the file, and every other
// run fails when the file on disk differs.
package generated

import (
	"bytes"
	"go/format"
	"os"
	"testing"
)

// Check formats src as Go and compares it with the file at path, or with
// update writes it there. regenerate is the command that rewrites the
// file, for the failure message.
func Check(t testing.TB, path string, src []byte, update bool, regenerate string) {
	t.Helper()
	want, err := format.Source(src)
	if err != nil {
		t.Fatalf("generated source for %s does not parse: %v", path, err)
	}
	if update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Fatalf("%s is out of date: run %s", path, regenerate)
	}
}
