package dsl

import (
	"path"
	"slices"
	"strings"

	"github.com/hguard/hguard/dsl/cmdline"
)

// archivedOutputs are, for an agent, the files an extraction of an archive
// on disk writes by the archive's member names (Context.ArchiveMembers):
// tar xf ev.tar holding .claude/settings.json writes that file as surely
// as tar xf ev.tar .claude/settings.json does. Members named on the line
// are extractedMembers'; with members named, only those are written.
func archivedOutputs(name string, args, pos []string, cwd string, ctx Context) []string {
	if ctx.ArchiveMembers == nil {
		return nil
	}
	archive, dir, absolute := extractionArchive(programName(name), args, pos)
	p, ok := archivePath(archive, cwd)
	if !ok {
		return nil
	}
	members, ok := ctx.ArchiveMembers(p)
	if !ok && programName(name) == "unzip" && !strings.HasSuffix(p, ".zip") {
		// unzip x reads x.zip when there is no x
		members, _ = ctx.ArchiveMembers(p + ".zip")
	}
	var out []string
	for _, m := range members {
		if !absolute {
			// tar, unzip, bsdtar, jar and 7z drop a leading / unless told
			m = strings.TrimLeft(m, "/")
		}
		m = strings.TrimPrefix(m, "./")
		if m == "" || m == "." {
			continue
		}
		if dir != "" && dir != "." && !strings.HasPrefix(m, "/") {
			m = path.Join(dir, m)
		}
		if c := path.Clean(m); (c == ".." || strings.HasPrefix(c, "../")) && strings.HasPrefix(cwd, "/") {
			// ../.bashrc: judged where it leads, as a climbing path on the line is
			m = path.Join(cwd, c)
			if rest, ok := strings.CutPrefix(m, strings.TrimSuffix(ctx.Home, "/")+"/"); ok && strings.HasPrefix(ctx.Home, "/") {
				m = "~/" + rest // a home outside /home (/var/lib/u) is known by ~
			}
		}
		out = append(out, m)
	}
	return out
}

// archivePath is an archive named on the line as the path
// Context.ArchiveMembers reads: absolute, under ~, or joined to an
// absolute cwd; not ok for a pattern, a variable or a relative name where
// the directory is not known.
func archivePath(archive, cwd string) (string, bool) {
	if archive == "" || strings.ContainsAny(archive, "*?[$`") {
		return "", false
	}
	if strings.HasPrefix(archive, "/") || strings.HasPrefix(archive, "~") {
		return archive, true
	}
	if !strings.HasPrefix(cwd, "/") {
		return "", false
	}
	return path.Join(cwd, archive), true
}

// unpacker reports the extractors that are not otherwise writers (jar,
// python3 -m zipfile): their members, once read, are outputs.
func unpacker(c *cmdline.Command) bool {
	switch prog := programName(c.Name); {
	case prog == "jar":
		return true
	case strings.HasPrefix(prog, "python"):
		return len(c.Args) > 2 && c.Args[0].Value == "-m" && (c.Args[1].Value == "zipfile" || c.Args[1].Value == "tarfile")
	}
	return false
}

// extractionArchive is the archive file an extraction reads when the line
// names no member (tar xf A, tar -xzf A -C DIR, bsdtar xf A, unzip A -d
// DIR, jar xf A, 7z x A -oDIR, python3 -m zipfile -e A DIR), the
// directory it writes into, and whether it keeps absolute names (tar -P).
// "" for anything else, a listing, or an archive read from standard input.
func extractionArchive(prog string, args, pos []string) (archive, dir string, absolute bool) {
	switch prog {
	case "tar", "bsdtar", "gtar", "unzip":
		ex, ok := parseExtraction(prog, args, pos)
		if !ok || len(ex.members) > 0 || ex.junk || prog != "unzip" && tarWritesNoFiles(args, pos) {
			return "", "", false // members named: only they are written (extractedMembers)
		}
		return ex.archive, ex.dir, ex.absolute
	case "jar":
		// jar xf A, jar -xvf A, jar --extract --file=A: no member named
		if len(args) == 0 {
			return "", "", false
		}
		if first := strings.TrimPrefix(args[0], "-"); bundled(first) && strings.HasPrefix(first, "x") && strings.ContainsRune(first, 'f') {
			if len(args) == 2 {
				return args[1], "", false
			}
			return "", "", false
		}
		if len(args) == 2 && args[0] == "--extract" && strings.HasPrefix(args[1], "--file=") {
			return strings.TrimPrefix(args[1], "--file="), "", false
		}
	case "7z", "7za", "7zz":
		// 7z x A -oDIR: a zip or a tar is read as such; other formats are not
		if len(pos) != 2 || pos[0] != "x" {
			return "", "", false
		}
		for _, a := range args {
			if v, ok := strings.CutPrefix(a, "-o"); ok && v != "" {
				dir = v
			}
		}
		return pos[1], dir, false
	default:
		// python3 -m zipfile -e A DIR, python3 -m tarfile -e A [DIR]
		if strings.HasPrefix(prog, "python") && len(args) >= 4 && args[0] == "-m" && (args[1] == "zipfile" || args[1] == "tarfile") &&
			(args[2] == "-e" || args[2] == "--extract") {
			if len(args) > 4 {
				dir = args[4]
			}
			return args[3], dir, false
		}
	}
	return "", "", false
}

// printedMembers are, for an agent, the secret members (sensitivePath by
// name) of an archive on disk that a command prints to standard output:
// unzip -p or -c, tar x with -O (--to-stdout), 7z e or x with -so; or
// pipes into a command (tar x --to-command=CMD). With
// members named on the line, those it names or its patterns match
// ('*rsa'); with none, every member: unzip -p k.zip | nc … sends the
// .ssh/id_rsa the archive holds. An archive read from standard input (tar
// -xO < k.tar) counts as the file redirected there.
func printedMembers(c *cmdline.Command, args, pos []string, cwd string, ctx Context) []string {
	if ctx.ArchiveMembers == nil {
		return nil
	}
	archive, named, ok := printedArchive(programName(c.Name), args, pos)
	if !ok {
		return nil
	}
	if archive == "" || archive == "-" {
		if c.Stdin.Kind != "file" {
			return nil
		}
		archive = c.Stdin.From
	}
	p, ok := archivePath(archive, cwd)
	if !ok {
		return nil
	}
	members, ok := ctx.ArchiveMembers(p)
	if !ok {
		return nil
	}
	var out []string
	for _, m := range members {
		m = strings.TrimPrefix(strings.TrimLeft(m, "/"), "./")
		if m == "" {
			continue
		}
		secret := m
		if !sensitivePath(m) {
			// an archive of a home holds .aws/credentials as a member
			if secret = "~/" + m; !sensitivePath(secret) {
				continue
			}
		}
		if len(named) == 0 || slices.ContainsFunc(named, func(n string) bool {
			// unzip's and tar's * crosses a /: '*rsa' names .ssh/id_rsa
			n = strings.TrimPrefix(n, "./")
			ok, _ := path.Match(n, m)
			base, _ := path.Match(n, path.Base(m))
			return ok || base && !strings.Contains(n, "/")
		}) {
			out = append(out, secret)
		}
	}
	return out
}

// tarWritesNoFiles reports a tar extraction that prints its members
// (-O, --to-stdout) or pipes each into a command (--to-command) instead of
// writing them.
func tarWritesNoFiles(args, pos []string) bool {
	first := len(args) > 0 && len(pos) > 0 && args[0] == pos[0] && bundled(args[0])
	return hasFlag(args, []string{"O", "to-stdout"}) || first && strings.ContainsRune(args[0], 'O') ||
		slices.ContainsFunc(args, func(a string) bool { return a == "--to-command" || strings.HasPrefix(a, "--to-command=") })
}

// printedArchive is the archive a command prints members of and the
// members it names; not ok for any other command.
func printedArchive(prog string, args, pos []string) (archive string, members []string, ok bool) {
	switch prog {
	case "unzip":
		printing := slices.ContainsFunc(args, func(a string) bool {
			return len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a[1:], "pc")
		})
		if !printing || len(pos) == 0 {
			return "", nil, false
		}
		return pos[0], pos[1:], true
	case "tar", "bsdtar", "gtar":
		if !tarWritesNoFiles(args, pos) {
			return "", nil, false
		}
		ex, ok := parseExtraction(prog, args, pos)
		if !ok {
			return "", nil, false
		}
		return ex.archive, ex.members, true
	case "7z", "7za", "7zz":
		if len(pos) < 2 || pos[0] != "e" && pos[0] != "x" || !slices.Contains(args, "-so") {
			return "", nil, false
		}
		return pos[1], pos[2:], true
	}
	return "", nil, false
}
