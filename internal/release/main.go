// Command release builds hguard's release: for each platform an archive
// holding hguard, hguard-plugins and hguard-tirith (and README.md, LICENSE
// when the tree has them), an SPDX 2.3 SBOM per archive, and checksums.txt
// over all of them, in the format sha256sum -c reads. The build is
// reproducible: the same tree, version, epoch and Go toolchain give the
// same bytes (docs/release.md says how to check).
//
//	go run ./internal/release -version v0.1.0 -out dist/
//	go run ./internal/release -version v0.1.0 -check dist/
//
// It uses the standard library only, so it adds nothing to go.mod.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// defaultPlatforms are the release's targets, in the order they are built.
const defaultPlatforms = "linux/amd64,linux/arm64,darwin/amd64,darwin/arm64"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	var platforms, epoch, check string
	fs.StringVar(&o.version, "version", "", "the release `tag`, vMAJOR.MINOR.PATCH[-PRERELEASE] (required)")
	fs.StringVar(&o.out, "out", "dist", "the `directory` to write the release into; it must be empty or absent")
	fs.StringVar(&o.src, "src", ".", "the hguard source tree (the module's root)")
	fs.StringVar(&platforms, "platforms", defaultPlatforms, "comma-separated `GOOS/GOARCH` list")
	fs.StringVar(&epoch, "epoch", "", "the archives' file times, in `seconds` since 1970; default $SOURCE_DATE_EPOCH, else the commit's time")
	fs.BoolVar(&o.allowDirty, "allow-dirty", false, "build even though the tree has uncommitted changes (the result is then no commit's release)")
	fs.StringVar(&check, "check", "", "rebuild and compare with the release in `directory` (its checksums.txt) instead of writing one")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: go run ./internal/release -version vX.Y.Z [-out DIR | -check DIR] [flags]\n\nflags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 64
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "release: error: unexpected argument %q (see -help)\n", fs.Arg(0))
		return 64
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "release: error: %v\n", err)
		return 1
	}
	var err error
	if o.platforms, err = parsePlatforms(platforms); err != nil {
		return fail(err)
	}
	if epoch == "" {
		epoch = os.Getenv("SOURCE_DATE_EPOCH")
	}
	if epoch != "" {
		n, err := strconv.ParseInt(epoch, 10, 64)
		if err != nil || n < 0 || n > 1<<33 {
			return fail(fmt.Errorf("epoch %q is not a number of seconds since 1970", epoch))
		}
		o.epoch = &n
	}
	if check != "" {
		tmp, err := os.MkdirTemp("", "hguard-release-check-")
		if err != nil {
			return fail(err)
		}
		defer os.RemoveAll(tmp)
		o.out = filepath.Join(tmp, "dist")
		if _, err := build(o, io.Discard); err != nil {
			return fail(err)
		}
		diffs, err := compare(check, o.out)
		if err != nil {
			return fail(err)
		}
		if len(diffs) > 0 {
			fmt.Fprintf(stderr, "release: %s is NOT reproduced by this tree:\n  %s\n", check, strings.Join(diffs, "\n  "))
			return 1
		}
		fmt.Fprintf(stdout, "release: %s is reproduced byte for byte by this tree\n", check)
		return 0
	}
	if _, err := build(o, stdout); err != nil {
		return fail(err)
	}
	return 0
}
