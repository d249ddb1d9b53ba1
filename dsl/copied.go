package dsl

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/hguard/hguard/dsl/cmdline"
)

// A copier given a directory and another host (rsync -a . h:/x, scp -r
// . h:, rclone copy . remote:, aws s3 sync . s3://b) sends every file
// under it, the secret files lying there with them: none of them reads a
// .gitignore. copiedSecrets finds them, as packedSecrets does for an
// archiver.

// copiedSecrets are the secrets a copier sends to another host from a
// local directory operand: a home or key directory by its name
// (rsync -a ~ h:), and, for an agent, the secret files on disk under the
// directory (Context.SecretsUnder), joined to it. A file the copier's
// exclusions leave out is not sent (rsync --exclude=.env, --filter='-
// .env', --exclude-from=F, rclone --exclude, aws s3 sync --exclude,
// gsutil rsync -x); nor is a directory without the copier's recursion
// (scp without -r, rsync without -r or -a).
func copiedSecrets(c *cmdline.Command, args, positional []string, cwd string, ctx Context) []string {
	if ctx.inside {
		return nil // a container's paths are not this machine's
	}
	cp, ok := copyOf(programName(c.Name), args, positional)
	if !ok {
		return nil
	}
	cp.cwd = cwd
	var out []string
	for _, src := range cp.sources {
		if src == "" || src == "-" || strings.ContainsAny(src, "$`*?[") || remoteOperand(src) {
			continue
		}
		full := resolveIn(src, cwd)
		if !strings.HasPrefix(full, "/") && !strings.HasPrefix(full, "~") {
			continue
		}
		if isHome(full) || secretDir(full) {
			if cp.depth != 0 {
				out = append(out, full) // rsync -a ~ h:, scp -r ~/.aws h:
			}
			continue
		}
		if ctx.SecretsUnder == nil || cp.depth == 0 {
			continue
		}
		for _, rel := range ctx.SecretsUnder(full) {
			if cp.depth == 1 && strings.Contains(rel, "/") {
				continue // gsutil rsync without -r: the top level only
			}
			if !cp.leavesOut(rel, full, ctx) {
				out = append(out, path.Join(full, rel))
			}
		}
	}
	return out
}

// transfer is what a copier's command sends: its local sources, how deep it
// walks a directory (0 none, 1 its top level, -1 all of it) and its
// exclusions.
type transfer struct {
	sources  []string
	depth    int
	excludes []string // patterns that leave a file out
	includes []string // patterns that keep a file in (rsync, aws: before an exclusion)
	only     bool     // rclone: with an include, nothing else is copied
	regexps  []string // gsutil and gcloud's -x: regular expressions on the path
	froms    []string // files of patterns to leave out (--exclude-from)
	merges   []string // per-directory files of them (rsync --filter=':- .gitignore')
	cwd      string   // where the command runs, for the files of patterns
}

// copyOf reads a copier's command (rsync, scp, rclone, aws s3, gsutil,
// gcloud storage) that sends to another host; not ok for another
// command, or a copy whose destination is on this machine.
func copyOf(prog string, args, positional []string) (transfer, bool) {
	var cp transfer
	n := len(positional)
	switch prog {
	case "rsync", "scp":
		if n < 2 || !remoteOperand(positional[n-1]) || strings.Contains(positional[n-1], "://") && !strings.HasPrefix(positional[n-1], prog+"://") {
			return cp, false
		}
		cp.sources = positional[:n-1]
		if hasFlag(args, []string{"r", "recursive"}) || prog == "rsync" && hasFlag(args, []string{"a", "archive"}) {
			cp.depth = -1
		}
		if prog == "rsync" {
			cp.rsyncFilters(args)
		}
	case "rclone":
		if n < 3 || !slices.Contains([]string{"copy", "sync", "move", "copyto", "moveto", "bisync"}, positional[0]) || !strings.Contains(positional[n-1], ":") {
			return cp, false
		}
		cp.sources, cp.depth = positional[1:n-1], -1
		cp.excludes = optionValues(args, []string{"exclude"}, false)
		cp.includes = optionValues(args, []string{"include"}, false)
		cp.froms = optionValues(args, []string{"exclude-from"}, false)
		for _, f := range optionValues(args, []string{"f", "filter"}, false) {
			cp.filterRule(f)
		}
		cp.only = len(cp.includes) > 0 || len(optionValues(args, []string{"include-from", "files-from", "filter-from"}, false)) > 0
	case "aws":
		if n < 4 || positional[0] != "s3" || !strings.HasPrefix(positional[n-1], "s3://") {
			return cp, false
		}
		switch {
		case positional[1] == "sync", (positional[1] == "cp" || positional[1] == "mv") && hasFlag(args, []string{"recursive"}):
			cp.depth = -1
		}
		cp.sources = positional[2 : n-1]
		cp.excludes = optionValues(args, []string{"exclude"}, false)
		cp.includes = optionValues(args, []string{"include"}, false)
	case "gsutil", "gcloud":
		ops := positional
		if prog == "gcloud" {
			if n < 2 || positional[0] != "storage" {
				return cp, false
			}
			ops = positional[1:]
		}
		if len(ops) < 3 || !strings.HasPrefix(ops[len(ops)-1], "gs://") && !strings.HasPrefix(ops[len(ops)-1], "s3://") {
			return cp, false
		}
		recursive := hasFlag(args, []string{"r", "R", "recursive"})
		switch {
		case ops[0] == "rsync" && recursive:
			cp.depth = -1
		case ops[0] == "rsync":
			cp.depth = 1
		case (ops[0] == "cp" || ops[0] == "mv") && recursive:
			cp.depth = -1
		default:
			return cp, false
		}
		cp.sources = ops[1 : len(ops)-1]
		cp.regexps = optionValues(args, []string{"x", "exclude"}, false)
	default:
		return cp, false
	}
	return cp, true
}

// rsyncFilters reads rsync's exclusions: --exclude, --include,
// --exclude-from, the rules of -f and --filter, and -F (the per-directory
// .rsync-filter files).
func (cp *transfer) rsyncFilters(args []string) {
	cp.excludes = optionValues(args, []string{"exclude"}, false)
	cp.includes = optionValues(args, []string{"include"}, false)
	cp.froms = optionValues(args, []string{"exclude-from"}, false)
	for _, f := range optionValues(args, []string{"f", "filter"}, false) {
		cp.filterRule(f)
	}
	if hasFlag(args, []string{"F"}) {
		cp.merges = append(cp.merges, ".rsync-filter")
	}
}

// filterRule reads one filter rule of rsync or rclone: "- PATTERN" or
// "exclude PATTERN", "+ PATTERN" or "include PATTERN", ". FILE" or "merge
// FILE", ": FILE" or "dir-merge FILE" (with modifiers: ":- .gitignore").
func (cp *transfer) filterRule(rule string) {
	kind, pattern, ok := strings.Cut(strings.TrimSpace(rule), " ")
	if !ok {
		kind, pattern, ok = strings.Cut(kind, ",")
	}
	if !ok {
		return
	}
	kind, _, _ = strings.Cut(kind, ",")
	pattern = strings.TrimSpace(pattern)
	switch {
	case kind == "-" || kind == "exclude" || strings.HasPrefix(kind, "-"):
		cp.excludes = append(cp.excludes, pattern)
	case kind == "+" || kind == "include" || strings.HasPrefix(kind, "+"):
		cp.includes = append(cp.includes, pattern)
	case kind == "." || kind == "merge" || strings.HasPrefix(kind, ".") && len(kind) <= 3:
		cp.froms = append(cp.froms, pattern)
	case kind == ":" || kind == "dir-merge" || strings.HasPrefix(kind, ":"):
		cp.merges = append(cp.merges, pattern)
	}
}

// leavesOut reports a secret file, by its path rel under the directory
// dir the copier sends, that its exclusions leave out. An include that
// matches it keeps it in, whatever the order (rsync's first match is
// not worked out); for rclone an include is also the only way in.
func (cp *transfer) leavesOut(rel, dir string, ctx Context) bool {
	if slices.ContainsFunc(cp.includes, func(x string) bool { return patternMatches(x, rel) }) {
		return false
	}
	if cp.only {
		return true
	}
	if slices.ContainsFunc(cp.excludes, func(x string) bool { return patternMatches(x, rel) }) {
		return true
	}
	for _, x := range cp.regexps {
		if re, err := regexp.Compile(x); err == nil && re.MatchString(rel) {
			return true
		}
	}
	if ctx.PatternFile == nil {
		return false
	}
	for _, f := range cp.froms {
		if patterns, ok := ctx.PatternFile(resolveIn(f, cp.cwd)); ok && listLeavesOut(patterns, rel) {
			return true
		}
	}
	// a per-directory file applies to the files of its directory and
	// below it: api/.env is left out by ./.gitignore or by api/.gitignore
	for _, m := range cp.merges {
		if strings.Contains(strings.TrimPrefix(m, "/"), "/") {
			continue
		}
		for d := path.Dir(rel); ; d = path.Dir(d) {
			under := rel
			if d != "." {
				under = strings.TrimPrefix(rel, d+"/")
			}
			if patterns, ok := ctx.PatternFile(path.Join(dir, d, path.Base(m))); ok && listLeavesOut(patterns, under) {
				return true
			}
			if d == "." || d == "/" {
				break
			}
		}
	}
	return false
}

// listLeavesOut reports a file, by its path under the directory, that a
// file of patterns (a .gitignore, rsync's --exclude-from) leaves out: a
// pattern matches it and no "!PATTERN" or "+ PATTERN" takes it back.
func listLeavesOut(patterns []string, rel string) bool {
	out := false
	for _, p := range patterns {
		switch {
		case strings.HasPrefix(p, "!"), strings.HasPrefix(p, "+ "):
			if patternMatches(strings.TrimSpace(strings.TrimLeft(p, "!+")), rel) {
				return false
			}
		case patternMatches(strings.TrimPrefix(p, "- "), rel):
			out = true
		}
	}
	return out
}

// patternMatches reports an exclusion pattern of rsync, rclone, aws or a
// .gitignore that matches a file by its path rel: as excluded does for
// tar, a leading "/" (the top of the transfer) and "**/" aside.
func patternMatches(pattern, rel string) bool {
	pattern = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(pattern), "/"), "**/")
	return excluded(pattern, rel)
}

// remoteOperand reports an operand of scp, rsync or rclone that names
// another host: HOST:PATH, USER@HOST:PATH, rsync's HOST::MODULE, or a URL
// (rsync://, scp://, gs://). A path holding a colon after a slash (./a:b) is a
// local file.
func remoteOperand(op string) bool {
	if strings.Contains(op, "://") {
		return true
	}
	host, _, ok := strings.Cut(op, ":")
	return ok && host != "" && !strings.ContainsAny(host, "/$`") && !strings.HasPrefix(host, ".") && !strings.HasPrefix(host, "~")
}
