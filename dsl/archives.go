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
		secret, ok := secretMember(m) // an archive of a home holds .aws/credentials
		if !ok {
			continue
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

// creation is what an archiver that is not tar, zip, 7z or rar (their
// own cases in archiveOperands and filledFiles) packs: the archive file
// it writes ("" for standard output) and the files and directories it
// packs (jar's -C DIR joined to the word after it).
type creation struct {
	archive string
	inputs  []string
}

// createdArchive reads the archivers that hold their inputs in the file
// they write: jar c (jar cf A FILES…, jar cvfm A MANIFEST FILES…, jar -c
// -f A, jar --create --file=A, with -C DIR), python3 -m zipfile -c A
// FILES… and -m tarfile -c A FILES…, ar r or q (ar rcs A FILES…), pax -w
// [-f A] FILES… and cpio -o -O A (whose names come on standard input); not
// ok for another command or mode (an extraction, a listing).
func createdArchive(prog string, args []string) (creation, bool) {
	var cr creation
	switch {
	case prog == "jar":
		return jarCreation(args)
	case strings.HasPrefix(prog, "python"):
		if len(args) < 4 || args[0] != "-m" || args[1] != "zipfile" && args[1] != "tarfile" || args[2] != "-c" && args[2] != "--create" {
			return cr, false
		}
		cr.archive, cr.inputs = args[3], args[4:]
	case prog == "ar":
		// ar [-]OPS[MOD] ARCHIVE FILES…: r and q put files in
		if len(args) < 2 {
			return cr, false
		}
		ops := strings.TrimPrefix(args[0], "-")
		if !bundled(ops) || !strings.ContainsAny(ops, "rq") || strings.ContainsAny(ops, "dxtp") {
			return cr, false
		}
		cr.archive, cr.inputs = args[1], args[2:]
	case prog == "pax":
		if !hasFlag(args, []string{"w"}) || hasFlag(args, []string{"r"}) {
			return cr, false // -r -w copies a tree to a directory; -r alone extracts
		}
		if f := optionValues(args, []string{"f"}, true); len(f) > 0 {
			cr.archive = f[0]
		}
		cr.inputs = operandsAfter(args, "fsxbotTUG")
	case prog == "cpio":
		if !hasFlag(args, []string{"o", "create"}) {
			return cr, false
		}
		if f := optionValues(args, []string{"O", "F", "file"}, true); len(f) > 0 {
			cr.archive = f[0]
		}
	default:
		return cr, false
	}
	return cr, true
}

// jarCreation reads jar c: the first word bundles the operation and its
// flags (cvfm), whose f and m take the next words in their order; or -c,
// --create with -f A, --file=A, -m M, --manifest=M; -C DIR names the
// directory of the word after it.
func jarCreation(args []string) (creation, bool) {
	var cr creation
	if len(args) == 0 {
		return cr, false
	}
	rest := args
	if first := args[0]; !strings.HasPrefix(first, "-") || len(first) > 2 && first[1] != '-' {
		// jar cvfm A M FILES…, jar -cvf A FILES…
		ops := strings.TrimPrefix(first, "-")
		if !bundled(ops) || !strings.HasPrefix(ops, "c") {
			return cr, false
		}
		rest = args[1:]
		for _, f := range ops[1:] {
			if f != 'f' && f != 'm' && f != 'e' {
				continue
			}
			if len(rest) == 0 {
				return cr, false
			}
			if f == 'f' {
				cr.archive = rest[0]
			}
			rest = rest[1:]
		}
	} else if !slices.Contains(args, "-c") && !slices.Contains(args, "--create") {
		return cr, false
	}
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "-c" || a == "--create" || a == "-v" || a == "--verbose" || a == "-0" || a == "-M" || a == "--no-manifest":
		case a == "-f" || a == "--file":
			if i+1 < len(rest) {
				cr.archive = rest[i+1]
			}
			i++
		case strings.HasPrefix(a, "--file="):
			cr.archive = strings.TrimPrefix(a, "--file=")
		case a == "-C":
			if i+2 < len(rest) {
				cr.inputs = append(cr.inputs, path.Join(rest[i+1], rest[i+2]))
			}
			i += 2
		case a == "-m" || a == "--manifest" || a == "-e" || a == "--main-class" || a == "--module-version" || a == "--release":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			cr.inputs = append(cr.inputs, a)
		}
	}
	return cr, true
}

// operandsAfter are the words of args that are no option and no value of
// one of the short options listed in takes (bundled ones too: -wf A).
func operandsAfter(args []string, takes string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) > 1 && a[0] == '-' {
			if a == "--" {
				return append(out, args[i+1:]...)
			}
			if last := a[len(a)-1]; !strings.HasPrefix(a, "--") && strings.IndexByte(takes, last) >= 0 {
				i++ // -wf A: the last flag of a bundle takes the next word
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// sentArchive reports, for an agent, a file on disk, by a word resolved
// against cwd, that is an archive whose member names hold a secret
// (secretMember): curl -T k.zip sends the .ssh/id_rsa packed into it by
// an earlier session as surely as curl -T ~/.ssh/id_rsa does. Only the
// listing is read (Context.ArchiveMembers); a file that is no archive
// hguard reads (7z, xz, zstd), or past the reader's bounds, holds none.
func sentArchive(word, cwd string, ctx Context) bool {
	if ctx.ArchiveMembers == nil || ctx.inside || word == "" || word == "-" || strings.HasPrefix(word, "-") || strings.Contains(word, "://") {
		return false
	}
	p, ok := archivePath(word, cwd)
	if !ok {
		return false
	}
	members, ok := ctx.ArchiveMembers(p)
	return ok && slices.ContainsFunc(members, func(m string) bool {
		_, secret := secretMember(m)
		return secret
	}) || ok && awsShaped(members)
}

// secretMember is an archive's member name as a secret path when it is
// one, as sensitivePath judges it: by its name (id_rsa, app/.env), as a
// path in a home (.aws/credentials, an archive of a home), or by the part
// from a hidden directory on (home/u/.aws/credentials, which tar c
// ~/.aws writes, is ~/.aws/credentials).
func secretMember(m string) (string, bool) {
	m = strings.TrimPrefix(strings.TrimLeft(m, "/"), "./")
	if m == "" || strings.HasSuffix(m, "/") {
		return "", false
	}
	if sensitivePath(m) {
		return m, true
	}
	if sensitivePath("~/" + m) {
		return "~/" + m, true
	}
	for i := strings.Index(m, "/."); i >= 0; {
		if rest := m[i+1:]; sensitivePath("~/" + rest) {
			return "~/" + rest, true
		}
		j := strings.Index(m[i+2:], "/.")
		if j < 0 {
			break
		}
		i += 2 + j
	}
	return "", false
}

// awsShaped reports an archive made from inside ~/.aws (shutil's
// make_archive('k', 'zip', '/home/u/.aws'), zip -j): a credentials file
// beside a config file at the top, which no other tool lays out so.
func awsShaped(members []string) bool {
	top := func(n string) bool {
		return slices.ContainsFunc(members, func(m string) bool { return strings.TrimPrefix(m, "./") == n })
	}
	return top("credentials") && top("config")
}

// archiveNamed reports a word whose name says it is an archive hguard
// can list (zip, jar and their kin, tar, gzip, bzip2).
func archiveNamed(word string) bool {
	w := strings.ToLower(word)
	for _, ext := range []string{".zip", ".jar", ".war", ".ear", ".whl", ".apk", ".aar", ".nupkg", ".tar", ".tgz", ".taz", ".gz", ".tbz", ".tbz2", ".bz2"} {
		if strings.HasSuffix(w, ext) {
			return true
		}
	}
	return false
}

// archivesRead are, for an agent, the archives on disk holding a secret
// (sentArchive) whose bytes a command reads to print or pack them: cat
// k.zip | nc …, base64 k.zip | curl -d @- …, tar c k.zip | nc …. An archive
// tool that lists or extracts one prints its members, not its bytes
// (printedMembers), and a program that only tests or moves a file prints
// neither.
func archivesRead(u *cmdline.Command, ue *CommandEnv, ctx Context) []string {
	prog := programName(u.Name)
	if ctx.ArchiveMembers == nil || secretUsers.has(prog) || archiveTools.has(prog) && len(archiveOperands(u, ue.Args, ue.Positional, ue.Cwd)) == 0 {
		return nil
	}
	var out []string
	for _, p := range ue.Positional {
		if sentArchive(p, ue.Cwd, ctx) {
			out = append(out, p)
		}
	}
	for _, r := range ue.Redirects {
		if r.Op == "<" && sentArchive(r.Target, ue.Cwd, ctx) {
			out = append(out, r.Target)
		}
	}
	return out
}

// archiveTools are the programs that list, extract or pack archives.
var archiveTools = nameSet{names: []string{"tar", "gtar", "bsdtar", "unzip", "zipinfo", "zip", "7z", "7za", "7zz", "7zr", "jar",
	"rar", "unrar", "lsar", "unar", "cpio", "pax", "ar", "python", "python3"}}
