// Package generated writes generated Go files and keeps them in step with
// what they are generated from.
//
// Each generated file has a generator, a `go run` program of its own
// package (gen.go, built only by `go run`), which `go generate` runs and
// which writes the file with [Write]. The package's tests build the same
// source in memory and fail, through [Check], when the file on disk
// differs, so a change to the input that was not followed by
// `go generate ./...` fails the tests, and test.sh checks that
// `go generate ./...` changes nothing.
package generated

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"testing"
)

// Format formats src as Go; an error says which file it was meant for.
func Format(path string, src []byte) ([]byte, error) {
	out, err := format.Source(src)
	if err != nil {
		return nil, fmt.Errorf("generated source for %s does not parse: %w", path, err)
	}
	return out, nil
}

// Write formats src as Go and writes it to path, unless the file already
// holds exactly that (its modification time then stays).
func Write(path string, src []byte) error {
	want, err := Format(path, src)
	if err != nil {
		return err
	}
	if have, err := os.ReadFile(path); err == nil && bytes.Equal(have, want) {
		return nil
	}
	return os.WriteFile(path, want, 0o644)
}

// Check formats src as Go and fails t unless the file at path holds
// exactly that. regenerate is the command that rewrites the file, for the
// failure message.
func Check(t testing.TB, path string, src []byte, regenerate string) {
	t.Helper()
	want, err := Format(path, src)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Fatalf("%s is out of date: run %s", path, regenerate)
	}
}
