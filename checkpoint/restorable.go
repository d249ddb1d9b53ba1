package checkpoint

import (
	"context"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Regenerable names directories whose content a build or a package
// manager makes again: dependencies (node_modules, a virtual
// environment, CocoaPods' Pods), compilers' and tools' caches, build
// trees (static sites, deploy bundles) and test reports. Losing them
// loses nothing a checkpoint would hold. *.egg-info directories count
// too.
var Regenerable = []string{
	"node_modules", "bower_components", ".venv", "venv", ".tox", ".nox", ".eggs",
	"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis", "htmlcov", ".nyc_output", "coverage",
	"target", "build", "dist", "_build", ".gradle", ".next", ".nuxt", ".output", ".svelte-kit", ".turbo", ".parcel-cache",
	".angular", ".docusaurus", ".expo", "storybook-static", ".cache", ".terraform", "zig-cache", ".zig-cache", "zig-out",
	".dart_tool", ".build", "obj", "cmake-build-debug", "cmake-build-release",
	"Pods", "_site", ".jekyll-cache", ".serverless", "cdk.out", ".aws-sam", ".stack-work", "dist-newstyle",
	"test-results", "playwright-report", "blob-report",
}

// OutputNames name directories builds, package managers and tools fill
// (.NET's bin, go build -o bin/app, Next's and tsc's out, Rails' tmp,
// MkDocs' site, Mix's deps, Vite's, SWC's and Sass's caches, Elm's
// packages, direnv's and Terragrunt's caches, PlatformIO's builds) that a
// project may also give its own (scripts in bin, vendored deps): output
// only where git tracks nothing in them, as the rules' regenerable asks
// (BuildOutputDir); a snapshot's checks do not pass over them. Build
// trees named for their configuration (build-release, cmake-build-asan)
// count too.
var OutputNames = []string{
	"bin", "out", "tmp", "site", "deps", ".elixir_ls", ".vite", ".swc", ".sass-cache", "elm-stuff", ".direnv",
	".terragrunt-cache", ".pio", ".pnpm-store",
}

// BuildOutputDir reports a directory name of Regenerable's or
// OutputNames', or a build tree named for its configuration.
func BuildOutputDir(name string) bool {
	return RegenerableDir(name) || slices.Contains(OutputNames, name) ||
		strings.HasPrefix(name, "build-") && len(name) > len("build-") || strings.HasPrefix(name, "cmake-build-") && len(name) > len("cmake-build-")
}

// RegenerableDir reports a directory name of Regenerable's.
func RegenerableDir(name string) bool {
	return slices.Contains(Regenerable, name) || strings.HasSuffix(name, ".egg-info") && name != ".egg-info"
}

// RegenerableFile reports a file name a tool writes again on its next
// run: coverage.py's data (.coverage, and .coverage.HOST.PID of a
// parallel run) and reports (coverage.xml, lcov.info), Finder's
// .DS_Store, ESLint's cache, tsc's build info, *.pyc and a compiler's
// object files (*.o).
func RegenerableFile(name string) bool {
	return name == ".coverage" || strings.HasPrefix(name, ".coverage.") || name == ".DS_Store" || name == ".eslintcache" ||
		name == "coverage.xml" || name == "lcov.info" ||
		strings.HasSuffix(name, ".tsbuildinfo") || strings.HasSuffix(name, ".pyc") && name != ".pyc" || strings.HasSuffix(name, ".o") && name != ".o"
}

func regenerable(name string, isDir bool) bool {
	if !isDir {
		return RegenerableFile(name)
	}
	return RegenerableDir(name)
}

// Unrestorable looks at the path rel (slash-separated, relative to the
// root, as [Repo.Path] gives it) and everything below it, and returns the
// first entry that a snapshot would not hold and that is not regenerable:
// an excluded file (a secret, a .gitignore'd file, a nested .git), one too
// large or unreadable, a socket, or a symbolic link on the way (whose
// target a snapshot does not hold). "" means deleting rel could be undone
// by restoring a snapshot taken now, but for regenerable directories.
// Reading stops at limit entries: a larger subtree is reported as itself.
func (r *Repo) Unrestorable(rel string, limit int) string {
	e := newExcluder(r.Dir, r.home, r.cfg)
	els := strings.Split(rel, "/")
	in := e.root
	for i, el := range els {
		cur := strings.Join(els[:i+1], "/")
		abs := filepath.Join(r.Dir, filepath.FromSlash(cur))
		fi, err := os.Lstat(abs)
		if err != nil {
			return "" // nothing there: nothing to lose
		}
		isDir := fi.IsDir()
		if e.excluded(cur, el, isDir, in) {
			if regenerable(el, isDir) {
				return ""
			}
			return cur
		}
		if fi.Mode()&os.ModeSymlink != 0 && i < len(els)-1 {
			return cur // a path through a link: its target is not in the snapshot
		}
		if i == len(els)-1 {
			if !isDir {
				if !fi.Mode().IsRegular() && fi.Mode()&os.ModeSymlink == 0 || fi.Size() > r.cfg.MaxFileSize || fi.Mode().IsRegular() && !readable(abs, fi) {
					return cur
				}
				return ""
			}
			n := 0
			return r.unrestorableUnder(e, abs, cur, e.dirIgnores(in, abs, cur, true), &n, limit)
		}
		if !isDir {
			return "" // a file where a directory was asked for: rm finds nothing
		}
		in = e.dirIgnores(in, abs, cur, true)
	}
	return ""
}

func (r *Repo) unrestorableUnder(e *excluder, abs, rel string, in *ignores, n *int, limit int) string {
	entries, err := os.ReadDir(abs)
	if err != nil {
		return rel
	}
	for _, de := range entries {
		*n++
		if *n > limit {
			return rel
		}
		name := de.Name()
		crel := path.Join(rel, name)
		typ := de.Type()
		if e.excluded(crel, name, typ.IsDir(), in) {
			if regenerable(name, typ.IsDir()) {
				continue
			}
			return crel
		}
		switch {
		case typ.IsDir():
			cabs := filepath.Join(abs, name)
			if lost := r.unrestorableUnder(e, cabs, crel, e.dirIgnores(in, cabs, crel, true), n, limit); lost != "" {
				return lost
			}
		case typ&os.ModeSymlink != 0:
		case typ.IsRegular():
			fi, err := de.Info()
			if err != nil || fi.Size() > r.cfg.MaxFileSize || !readable(filepath.Join(abs, name), fi) {
				return crel
			}
		default:
			return crel // sockets, pipes, devices
		}
	}
	return ""
}

// Missing returns the first file at or below rel (slash-separated,
// relative to the root) that the latest snapshot does not hold, leaving
// out regenerable directories and *.pyc files as [Repo.Unrestorable] does;
// "" when it holds every one, or nothing is there. Unrestorable decides
// from the rules before a snapshot is taken; Missing checks the snapshot
// itself, taken through whatever path (the daemon's watcher, a full
// scan). No snapshot, or more than limit entries, is rel itself.
func (r *Repo) Missing(ctx context.Context, rel string, limit int) (string, error) {
	if err := r.check(); err != nil {
		return rel, err
	}
	list, err := r.list(ctx, false)
	if err != nil || len(list) == 0 {
		return rel, err
	}
	out, err := r.git(ctx, nil, "ls-tree", "-r", "-z", "--name-only", "--full-tree", list[0].Hash, "--", rel)
	if err != nil {
		return rel, r.gitFailed(err)
	}
	held := splitZ(out)
	n := 0
	var missing func(abs, rel string, fi fs.FileInfo) string
	missing = func(abs, rel string, fi fs.FileInfo) string {
		if n++; n > limit {
			return rel
		}
		name := path.Base(rel)
		switch {
		case regenerable(name, fi.IsDir()):
			return ""
		case fi.IsDir():
			entries, err := os.ReadDir(abs)
			if err != nil {
				return rel
			}
			for _, de := range entries {
				cabs := filepath.Join(abs, de.Name())
				cfi, err := os.Lstat(cabs)
				if err != nil {
					continue // gone meanwhile
				}
				if lost := missing(cabs, rel+"/"+de.Name(), cfi); lost != "" {
					return lost
				}
			}
			return ""
		case !held[rel]:
			return rel
		}
		return ""
	}
	abs := filepath.Join(r.Dir, filepath.FromSlash(rel))
	fi, err := os.Lstat(abs)
	if err != nil {
		return "", nil // nothing there: nothing to lose
	}
	return missing(abs, rel, fi), nil
}
