package dsl

import (
	"path"
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
	if archive == "" || strings.ContainsAny(archive, "*?[$`") {
		return nil
	}
	p := archive
	if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") {
		if !strings.HasPrefix(cwd, "/") {
			return nil
		}
		p = path.Join(cwd, p)
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
		if !ok || len(ex.members) > 0 || ex.junk {
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
