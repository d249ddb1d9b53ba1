package cmdline

import "strings"

// inPlace describes a compressor that replaces each FILE it is given by
// FILE.gz (FILE.bz2, FILE.xz, …), or a decompressor that replaces FILE.gz
// by FILE: the file given is deleted once the other is written (gzip(1),
// bzip2(1), xz(1), zstd(1), lz4(1), lzip(1), lzop(1), brotli(1),
// compress(1)).
type inPlace struct {
	removes bool     // it deletes its input unless told to keep it (gzip); else only when told (zstd --rm)
	keep    string   // short options after which it keeps the input: to standard output, keep, test, list
	keepL   []string // the long ones
	rm      string   // short options after which it deletes the input though it keeps it by default
	rmL     []string // the long ones
	values  string   // short options that take a value (the next word, or the rest of the word)
	valuesL []string // long options that take the next word as their value
	twoOps  bool     // two operands are INPUT OUTPUT (lz4 in out) unless -m (--multiple)
}

var (
	gzipLike  = inPlace{removes: true, keep: "cktl", keepL: []string{"stdout", "to-stdout", "keep", "test", "list"}, values: "SbpC", valuesL: []string{"suffix", "blocksize", "processes", "comment"}} // and pigz, compress
	bzipLike  = inPlace{removes: true, keep: "ckt", keepL: []string{"stdout", "keep", "test"}}
	xzLike    = inPlace{removes: true, keep: "cktl", keepL: []string{"stdout", "to-stdout", "keep", "test", "list"}, values: "SFCTM", valuesL: []string{"suffix", "format", "check", "threads", "memlimit", "memory", "files", "files0"}}
	lzipLike  = inPlace{removes: true, keep: "cktlo", keepL: []string{"stdout", "keep", "test", "list", "output"}, values: "sbmBo", valuesL: []string{"dictionary-size", "member-size", "match-length", "data-size", "output"}}
	zstdLike  = inPlace{keep: "ctlo", keepL: []string{"stdout", "test", "list", "keep", "output"}, rmL: []string{"rm"}, values: "oDT", valuesL: []string{"output", "dict"}}
	lz4Like   = inPlace{keep: "ct", keepL: []string{"stdout", "to-stdout", "test", "list", "keep"}, rmL: []string{"rm"}, twoOps: true}
	lzopLike  = inPlace{keep: "ctlko", keepL: []string{"stdout", "to-stdout", "test", "list", "keep", "output"}, rm: "U", rmL: []string{"delete", "unlink"}, values: "oSp", valuesL: []string{"output", "suffix", "path"}}
	brotliLik = inPlace{keep: "ctko", keepL: []string{"stdout", "test", "keep", "output"}, rm: "j", rmL: []string{"rm"}, values: "oqwSD", valuesL: []string{"output", "quality", "lgwin", "suffix", "dictionary"}}
)

// inPlacePrograms are the compressors and decompressors by name.
var inPlacePrograms = map[string]*inPlace{
	"gzip": &gzipLike, "gunzip": &gzipLike, "pigz": &gzipLike, "unpigz": &gzipLike, "compress": &gzipLike, "uncompress": &gzipLike,
	"bzip2": &bzipLike, "bunzip2": &bzipLike, "pbzip2": &bzipLike, "lbzip2": &bzipLike,
	"xz": &xzLike, "unxz": &xzLike, "lzma": &xzLike, "unlzma": &xzLike,
	"lzip": &lzipLike, "plzip": &lzipLike,
	"zstd": &zstdLike, "unzstd": &zstdLike, "zstdmt": &zstdLike, "pzstd": &zstdLike,
	"lz4": &lz4Like, "unlz4": &lz4Like,
	"lzop":   &lzopLike,
	"brotli": &brotliLik, "unbrotli": &brotliLik,
}

// inPlaceDeletes emits the delete a compressor or decompressor does of
// the files it replaces (gzip /etc/passwd leaves /etc/passwd.gz and no
// /etc/passwd), as rm of those operands carried by the program, so that
// the rules on deletes judge them: gzip ~/.bashrc is rm ~/.bashrc. A
// program told to keep its input (-k, --keep), to write to standard
// output (-c, gzip -c f > f.gz), to test or list an archive, or given its
// output's name (-o) deletes nothing; zstd, lz4, lzop and brotli keep
// their input unless told to delete it (--rm, -U). A decompressor (gunzip,
// -d) also writes the plain file, emitted as tee of it (kept input or
// not).
func (w *walker) inPlaceDeletes(c *Command, args []field, cx ctx) {
	p := inPlacePrograms[c.Name] // bzip2, lz4: the digits are the name's
	if p == nil {
		if p = inPlacePrograms[program(c.Name)]; p == nil {
			return
		}
	}
	removes := p.removes
	decompress := strings.HasPrefix(c.Name, "un") || c.Name == "gunzip" || c.Name == "bunzip2"
	var ops []field
	dashdash := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic || strings.Contains(v, "{}"):
			// a file known only as it runs, or each one find, xargs -I or
			// GNU parallel puts there (ls | parallel gzip {}): what the
			// program is fed is judged where it is fed, not as a delete
		case dashdash || v == "-" || !strings.HasPrefix(v, "-"):
			if v != "-" {
				ops = append(ops, a)
			}
		case v == "--":
			dashdash = true
		case strings.HasPrefix(v, "--"):
			name, _, attached := strings.Cut(v[2:], "=")
			switch {
			case name == "keep":
				removes = false // the output is still written
			case name == "decompress" || name == "uncompress":
				decompress = true
			case containsString(p.keepL, name):
				return
			case containsString(p.rmL, name):
				removes = true
			case !attached && containsString(p.valuesL, name):
				i++
			}
		default:
			for j := 1; j < len(v); j++ {
				switch l := v[j]; {
				case l == 'k':
					removes = false
				case l == 'd':
					decompress = true
				case strings.IndexByte(p.keep, l) >= 0:
					return
				case strings.IndexByte(p.rm, l) >= 0:
					removes = true
				case strings.IndexByte(p.values, l) >= 0:
					if j == len(v)-1 {
						i++ // the value is the next word
					}
					j = len(v)
				}
			}
		}
	}
	if p.twoOps && len(ops) == 2 && !multiple(args) {
		ops = ops[:1] // lz4 IN OUT: the second is its output
	}
	for i, o := range ops {
		// where a cd on the line moved: cd /etc && gzip passwd
		if c.Cwd != "" && !strings.HasPrefix(o.Value, "/") && !strings.HasPrefix(o.Value, "~") && !strings.HasPrefix(o.Value, "$") {
			ops[i].Value = joinPath(c.Cwd, o.Value)
		}
	}
	if decompress {
		// gunzip /etc/cron.d/x.gz writes /etc/cron.d/x, as tee would; a
		// file the line wrote keeps its text there (echo 'rm -rf ~' | gzip
		// > /tmp/a.gz; gunzip /tmp/a.gz; bash /tmp/a)
		var outs []field
		for _, o := range ops {
			out := plainName(o.Value)
			if out == "" {
				continue
			}
			if in, _, ok := w.fileInput(o.Value); ok {
				unpacked := &Command{Stdin: Input{From: c.Name, Decoded: true, Remote: in.Remote, Text: in.packed, Static: in.packed != ""}}
				w.recordFile(out, unpacked.Stdin)
				w.spawnWith(c, []field{{Word: Word{Value: "tee"}}, {Word: Word{Value: "--"}}, {Word: Word{Value: out}}}, Wrapper{Name: c.Name}, c.Assigns, unpacked, cx)
				continue
			}
			outs = append(outs, field{Word: Word{Value: out}})
		}
		if len(outs) > 0 {
			w.spawn(c, append([]field{{Word: Word{Value: "tee"}}, {Word: Word{Value: "--"}}}, outs...), Wrapper{Name: c.Name}, cx)
		}
	}
	if !removes || len(ops) == 0 {
		return
	}
	rm := append([]field{{Word: Word{Value: "rm"}}, {Word: Word{Value: "--"}}}, ops...)
	w.spawn(c, rm, Wrapper{Name: c.Name}, cx)
}

// plainName is the file a decompressor writes for a compressed one, its
// suffix taken off (x.gz: x, a.tgz: a.tar), or "" for a name without one
// of the compressors' suffixes.
func plainName(p string) string {
	for _, s := range [][2]string{{".tgz", ".tar"}, {".taz", ".tar"}, {".tbz2", ".tar"}, {".tbz", ".tar"}, {".txz", ".tar"},
		{".tlz", ".tar"}, {".tzst", ".tar"}, {".gz", ""}, {".z", ""}, {".Z", ""}, {".bz2", ""}, {".bz", ""}, {".xz", ""},
		{".lzma", ""}, {".lz", ""}, {".zst", ""}, {".lz4", ""}, {".lzo", ""}, {".br", ""}} {
		if base, ok := strings.CutSuffix(p, s[0]); ok && baseName(base) != "" {
			return base + s[1]
		}
	}
	return ""
}

// multiple reports lz4's -m (--multiple): every operand is an input.
func multiple(args []field) bool {
	for _, a := range args {
		if a.Value == "--" {
			return false
		}
		if a.Value == "--multiple" || len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.ContainsRune(a.Value, 'm') {
			return true
		}
	}
	return false
}
