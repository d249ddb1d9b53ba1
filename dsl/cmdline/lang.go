package cmdline

import (
	"strconv"
	"strings"
	"sync"
)

// The per-language model beyond shell-outs and deletes: calls that rename,
// copy, write, change modes or signal processes become the equivalent
// commands (mv, cp, tee, chmod, kill), so the rules for those commands
// judge them; evasions that name a function indirectly (getattr, send,
// __import__, from-import aliases) are resolved where the name is static
// and make the code opaque where it is not.

// More findings: the command each stands for is in effectCommand.
const (
	moveK   findingKind = iota + 100 // mv SRC DST
	copyK                            // cp SRC DST
	writeK                           // tee PATH
	appendK                          // tee -a PATH
	chmodK                           // chmod MODE PATH
	killK                            // kill -SIG PID
	loadK                            // ld.so PATH: loads a shared library, which runs its code
)

// More actions.
const (
	moveAct    action = iota + 100 // (src, dst)
	copyAct                        // (src, dst)
	writeFile                      // (path, …): writes the file
	appendFile                     // (path, …): appends to the file
	writeOpen                      // (path, mode): a write when mode has w, a, x or +
	perlOpen                       // (FH, ">path") or (FH, ">", path)
	chmodPM                        // (path, mode)
	chmodMP                        // (mode, path…)
	killPS                         // (pid, sig)
	killSP                         // (sig, pid…)
	loadLib                        // (path, …): loads a shared library (ctypes.CDLL, dlopen)
	loadLib2                       // (x, path, …): process.dlopen(module, path), FFI::cdef(defs, path)
	writeTo2                       // (src, path): a download or stream copy writes path (urlretrieve, copy_stream)
)

// effectCalls extend calls, per language; built on first use, as calls.
var effectCalls = sync.OnceValue(func() map[string]map[string][]callSpec {
	return map[string]map[string][]callSpec{
		"python": {
			"rename": spec(moveAct, "os", ""), "replace": spec(moveAct, "os"), "move": spec(moveAct, "shutil"),
			"renames": spec(moveAct, "os"),
			"copy":    spec(copyAct, "shutil"), "copy2": spec(copyAct, "shutil"), "copyfile": spec(copyAct, "shutil"),
			"copytree": spec(copyAct, "shutil"),
			"open":     spec(writeOpen, "", "io", "codecs", "os.fdopen"), "chmod": spec(chmodPM, "os", ""), "lchmod": spec(chmodPM, "os"),
			"kill": spec(killPS, "os", ""), "killpg": spec(killPS, "os", ""),
			"compile": spec(evalCode, ""),
			"CDLL":    spec(loadLib), "PyDLL": spec(loadLib), "WinDLL": spec(loadLib), "OleDLL": spec(loadLib),
			"LoadLibrary": spec(loadLib), "dlopen": spec(loadLib), "urlretrieve": spec(writeTo2, "urllib.request", "urllib", "request", "r", ""), "load_library": spec(loadLib, "ctypes.util", "cffi", "ffi"),
		},
		"node": {
			"renameSync": spec(moveAct), "rename": spec(moveAct, "fs", "fsp", "promises", "fs.promises"),
			"copyFileSync": spec(copyAct), "cpSync": spec(copyAct), "copyFile": spec(copyAct, "fs", "fsp", "promises", "fs.promises"),
			"writeFileSync": spec(writeFile), "writeFile": spec(writeFile, "fs", "fsp", "promises", "fs.promises"),
			"appendFileSync": spec(appendFile), "appendFile": spec(appendFile, "fs", "fsp", "promises", "fs.promises"),
			"chmodSync": spec(chmodPM), "chmod": spec(chmodPM, "fs", "fsp", "promises", "fs.promises"),
			"kill": spec(killPS, "process"), "dlopen": spec(loadLib2, "process", "os"),
			"createWriteStream": spec(writeFile), "ProcessBuilder": spec(runArgv), // Java from JavaScript (jrunscript, jjs)
		},
		"perl": {
			"rename": spec(moveAct, ""), "move": spec(moveAct, "", "File.Copy"), "copy": spec(copyAct, "", "File.Copy"),
			"chmod": spec(chmodMP, ""), "kill": spec(killSP, ""), "open": spec(perlOpen, ""),
			"dl_load_file": spec(loadLib, "DynaLoader", ""), "load_file": spec(loadLib, "DynaLoader", "FFI.Platypus"),
		},
		"ruby": {
			"rename": spec(moveAct, "File"), "mv": spec(moveAct, "FileUtils"), "move": spec(moveAct, "FileUtils"),
			"cp": spec(copyAct, "FileUtils"), "cp_r": spec(copyAct, "FileUtils"), "copy": spec(copyAct, "FileUtils", "IO"),
			"write": spec(writeFile, "File", "IO"), "binwrite": spec(writeFile, "File", "IO"),
			"chmod": spec(chmodMP, "File", "FileUtils"), "chmod_R": spec(chmodMP, "FileUtils"),
			"kill": spec(killSP, "Process"), "open": spec(writeOpen, "File", ""),
			"dlopen": spec(loadLib, "Fiddle", "DL", "Fiddle.Handle", ""), "new": spec(loadLib, "Fiddle.Handle", "DL.Handle"),
			"dlload": spec(loadLib, "", "Fiddle.Importer"), "ffi_lib": spec(loadLib, ""),
			"copy_stream": spec(writeTo2, "IO"),
		},
		"php": {
			"rename": spec(moveAct, ""), "copy": spec(copyAct, ""), "file_put_contents": spec(writeFile, ""),
			"fopen": spec(writeOpen, ""), "chmod": spec(chmodPM, ""), "posix_kill": spec(killPS, ""),
			"dl": spec(loadLib, ""), "cdef": spec(loadLib2, "FFI"), "load": spec(loadLib, "FFI"),
		},
		"lua": {
			"rename": spec(moveAct, "os"), "open": spec(writeOpen, "io"), "loadlib": spec(loadLib, "package"),
			"load": spec(loadLib, "ffi"),
		},
		"r": {
			"system": spec(runShell, ""), "shell": spec(runShell, ""), "system2": spec(runArgv, ""),
			"unlink": spec(delMaybe, ""), "file.remove": spec(delFile, ""), "file.rename": spec(moveAct, ""),
			"file.copy": spec(copyAct, ""), "writeLines": spec(writeR, ""), "write": spec(writeR, ""), "cat": spec(writeR, ""),
			"Sys.chmod": spec(chmodPM, ""), "eval": spec(evalCode, ""), "parse": spec(evalCode, ""),
			"load": spec(loadLib, "dyn"), "library.dynam": spec(loadLib, ""),
		},
		"julia": {
			"rm": spec(delMaybe, "", "Base", "Base.Filesystem"), "mv": spec(moveAct, "", "Base"), "cp": spec(copyAct, "", "Base"),
			"chmod": spec(chmodPM, "", "Base"), "write": spec(writeFile, ""), "eval": spec(evalCode, ""),
			"include_string": spec(evalCode, ""), "dlopen": spec(loadLib, "", "Libdl", "Base.Libc.Libdl"),
			"download": spec(writeTo2, "", "Base", "Downloads"),
		},
		"awk": {
			"@load": spec(loadLib, ""),
		},
	}
})

// writeR: R's writeLines(text, con) and cat(…, file=) write their file argument.
const writeR action = 120

// receiverMethods are methods whose receiver is a path object
// (pathlib.Path("/etc/x").write_text, Pathname.new("/x").rmtree).
var receiverMethods = map[string]action{
	"write_text": writeFile, "write_bytes": writeFile, "unlink": delFile, "rmdir": delDir, "rmtree": delTree,
	"rename": moveAct, "replace": moveAct, "chmod": chmodPM, "lchmod": chmodPM, "delete": delFile,
}

// pathConstructors make a path object from their first argument.
var pathConstructors = map[string]bool{"Path": true, "pathlib.Path": true, "PosixPath": true, "pathlib.PosixPath": true,
	"PurePath": true, "Pathname.new": true, "Pathname": true}

// lookupEffect finds a call in the calls and effectCalls tables of lang.
func lookupCall(lang, name, qual string) (action, bool) {
	if act, ok := lookup(calls()[lang][name], qual); ok {
		return act, true
	}
	return lookup(effectCalls()[lang][name], qual)
}

// effect applies a call of the new kinds. It reports false for actions it
// does not know.
func (s *scanner) effect(act action, name string, args [][]token, text string) bool {
	arg := func(i int) (string, bool, bool) {
		if i >= len(args) {
			return "", false, false
		}
		return value(args[i])
	}
	str := func(i int) (string, bool) {
		v, dyn, ok := arg(i)
		if !ok {
			if i < len(args) {
				return tokensText(args[i]), true
			}
			return "", true
		}
		return v, dyn
	}
	switch act {
	case moveAct, copyAct:
		src, d1 := str(0)
		dst, d2 := str(1)
		kind := moveK
		if act == copyAct {
			kind = copyK
		}
		s.add(finding{kind: kind, call: name, arg: src, args: []string{src, dst}, dynamic: d1 || d2, text: text})
	case writeFile, appendFile:
		p, dyn := str(0)
		kind := writeK
		if act == appendFile {
			kind = appendK
		}
		s.add(finding{kind: kind, call: name, arg: p, dynamic: dyn, text: text})
	case writeR:
		for _, a := range args {
			if len(a) > 2 && a[0].kind == tIdent && (a[0].val == "file" || a[0].val == "con") && a[1].val == "=" {
				if v, dyn, ok := value(a[2:]); ok {
					s.add(finding{kind: writeK, call: name, arg: v, dynamic: dyn, text: text})
				}
			}
		}
		if name == "writeLines" && len(args) > 1 && !isOptions(args[1]) {
			if v, dyn, ok := value(args[1]); ok {
				s.add(finding{kind: writeK, call: name, arg: v, dynamic: dyn, text: text})
			}
		}
	case writeOpen:
		mode := ""
		for _, a := range args[1:] {
			if len(a) > 2 && a[0].kind == tIdent && a[0].val == "mode" && a[1].val == "=" {
				mode, _, _ = value(a[2:])
			} else if v, _, ok := value(a); ok && mode == "" {
				mode = v
			}
		}
		if !strings.ContainsAny(mode, "wax+") {
			return true
		}
		p, dyn := str(0)
		kind := writeK
		if strings.Contains(mode, "a") {
			kind = appendK
		}
		s.add(finding{kind: kind, call: name, arg: p, dynamic: dyn, text: text})
	case perlOpen:
		var target string
		dyn := false
		switch {
		case len(args) >= 3:
			m, _, _ := arg(1)
			if !strings.Contains(m, ">") && !strings.Contains(m, "+<") {
				return true
			}
			target, dyn = str(2)
			if strings.Contains(m, ">>") {
				s.add(finding{kind: appendK, call: name, arg: target, dynamic: dyn, text: text})
				return true
			}
		case len(args) == 2:
			v, d := str(1)
			if !strings.HasPrefix(strings.TrimSpace(v), ">") && !strings.HasPrefix(strings.TrimSpace(v), "+<") {
				return true
			}
			v = strings.TrimSpace(v)
			if strings.HasPrefix(v, ">>") {
				s.add(finding{kind: appendK, call: name, arg: strings.TrimSpace(v[2:]), dynamic: d, text: text})
				return true
			}
			target, dyn = strings.TrimSpace(strings.TrimLeft(v, "+<>")), d
		default:
			return true
		}
		s.add(finding{kind: writeK, call: name, arg: target, dynamic: dyn, text: text})
	case chmodPM, chmodMP:
		pi, mi := 0, 1
		if act == chmodMP {
			pi, mi = 1, 0
		}
		mode := numeric(args, mi)
		for k := pi; k < len(args) && (k == pi || act == chmodMP); k++ {
			p, dyn := str(k)
			s.add(finding{kind: chmodK, call: name, arg: p, args: []string{mode, p}, dynamic: dyn, text: text})
		}
	case writeTo2:
		if len(args) < 2 || isOptions(args[1]) {
			return true
		}
		p, dyn := str(1)
		s.add(finding{kind: writeK, call: name, arg: p, dynamic: dyn, text: text})
	case loadLib, loadLib2:
		i := 0
		if act == loadLib2 {
			i = 1
		}
		if i >= len(args) || isOptions(args[i]) {
			return true
		}
		p, dyn := str(i)
		if !dyn && !userLibrary(p) {
			return true // a system library by name (libc.so.6) or in a system directory
		}
		s.add(finding{kind: loadK, call: name, arg: p, dynamic: dyn, text: text})
	case killPS, killSP:
		pi, si := 0, 1
		if act == killSP {
			pi, si = 1, 0
		}
		sig := signalName(args, si)
		for k := pi; k < len(args) && (k == pi || act == killSP); k++ {
			pid := numeric(args, k)
			if pid == "" {
				pid = tokensText(args[k])
			}
			s.add(finding{kind: killK, call: name, arg: pid, args: []string{sig, pid}, text: text})
		}
	default:
		return false
	}
	return true
}

// userLibrary reports a library path that is not the system's own: one
// named with a directory outside /lib and /usr/lib. A bare name
// (libc.so.6) is found by the loader in the system's directories.
func userLibrary(p string) bool {
	p = strings.TrimSpace(p)
	if !strings.Contains(p, "/") {
		return false
	}
	for _, dir := range []string{"/lib/", "/lib32/", "/lib64/", "/usr/lib/", "/usr/lib32/", "/usr/lib64/"} {
		if strings.HasPrefix(p, dir) && !strings.Contains(p, "..") {
			return false
		}
	}
	return true
}

// numeric is an argument's number as decimal digits (octal modes as octal
// digits: 0o755, 0755 and 493 are all "755"), or "".
func numeric(args [][]token, i int) string {
	if i >= len(args) || len(args[i]) == 0 {
		return ""
	}
	a := args[i]
	neg := false
	if len(a) == 2 && a[0].val == "-" {
		neg, a = true, a[1:]
	}
	if len(a) != 1 {
		return ""
	}
	t := a[0]
	v := t.val
	if t.kind == tString {
		if _, err := strconv.Atoi(v); err == nil {
			return v
		}
		return ""
	}
	if t.kind != tNumber {
		return ""
	}
	v = strings.ReplaceAll(strings.TrimRight(v, "LlUu"), "_", "")
	low := strings.ToLower(v)
	switch {
	case strings.HasPrefix(low, "0o"):
		v = v[2:]
	case strings.HasPrefix(low, "0x"):
		n, err := strconv.ParseInt(v[2:], 16, 64)
		if err != nil {
			return ""
		}
		v = strconv.FormatInt(n, 10)
	case len(v) > 1 && v[0] == '0':
		v = v[1:]
	}
	if neg {
		return "-" + v
	}
	return v
}

// signalName is a signal argument as kill(1) takes it: 9, KILL.
func signalName(args [][]token, i int) string {
	if n := numeric(args, i); n != "" {
		return n
	}
	if i >= len(args) || len(args[i]) == 0 {
		return ""
	}
	a := args[i]
	var v string
	switch {
	case a[0].kind == tString:
		v = a[0].val
	case a[0].kind == tIdent:
		_, v = splitQual(a[0].val)
	case a[0].val == ":" && len(a) > 1: // ruby :KILL
		v = a[1].val
	}
	v = strings.TrimPrefix(strings.ToUpper(v), "SIG")
	if v == "" || strings.ContainsAny(v, " $@{") {
		return ""
	}
	return v
}

// effectCommand is the command a finding of the new kinds stands for.
func effectCommand(f finding) (name string, args []Word) {
	w := func(s string) Word { return Word{Value: s, Dynamic: f.dynamic, Quoted: !f.dynamic} }
	switch f.kind {
	case moveK, copyK:
		name = "mv"
		if f.kind == copyK {
			name = "cp"
			args = append(args, Word{Value: "-r"})
		}
		return name, append(args, w(f.args[0]), w(f.args[1]))
	case writeK:
		return "tee", []Word{w(f.arg)}
	case appendK:
		return "tee", []Word{{Value: "-a"}, w(f.arg)}
	case chmodK:
		mode := f.args[0]
		if mode == "" {
			mode = "u+w"
		}
		return "chmod", []Word{{Value: mode}, w(f.args[1])}
	case loadK:
		return "ld.so", []Word{w(f.arg)}
	case killK:
		if f.args[0] != "" {
			args = append(args, Word{Value: "-" + f.args[0]})
		}
		return "kill", append(args, Word{Value: f.args[1], Dynamic: strings.ContainsAny(f.args[1], "$(")})
	}
	return "", nil
}

// fromImports maps names bound by python's from-imports to what they name:
// from os import system as s gives s → os.system.
func fromImports(toks []token) map[string]string {
	var m map[string]string
	for i := 0; i+3 < len(toks); i++ {
		if toks[i].val != "from" || toks[i+1].kind != tIdent || toks[i+2].val != "import" {
			continue
		}
		mod := toks[i+1].val
		for k := i + 3; k < len(toks); k++ {
			t := toks[k]
			if t.val == "(" || t.val == "," || t.val == ")" {
				continue
			}
			if t.kind != tIdent || strings.Contains(t.val, ".") {
				break
			}
			bound := t.val
			if k+2 < len(toks) && toks[k+1].val == "as" && toks[k+2].kind == tIdent {
				bound = toks[k+2].val
				k += 2
			}
			if m == nil {
				m = make(map[string]string)
			}
			m[bound] = mod + "." + t.val
			if k+1 >= len(toks) || toks[k+1].val != "," && toks[k+1].val != ")" && toks[k+1].val != "(" {
				break
			}
		}
	}
	return m
}

// indirect resolves a call that names its function with a value: python
// getattr(os, "system")(…), ruby obj.send(:system, …), public_send,
// __send__. It reports the function's qualifier and name, the call's
// arguments and its last token; ok is false when toks[i] is no such call;
// dynamic when the name is computed.
func indirect(lang string, toks []token, i int, match []int) (qual, name string, args [][]token, end int, dynamic, ok bool) {
	t := toks[i]
	q, last := splitQual(t.val)
	switch {
	case lang == "python" && t.val == "getattr":
		inner, e := callArgs(lang, toks, i, match)
		if e < 0 || len(inner) < 2 {
			return "", "", nil, 0, false, false
		}
		attr, dyn, vok := value(inner[1])
		if !vok || dyn {
			return "", "", nil, e, true, true
		}
		outer, e2 := callArgs(lang, toks, e, match)
		if e2 < 0 {
			return "", "", nil, e, false, false // the function is fetched, not called here
		}
		return importedModule(inner[0]), attr, outer, e2, false, true
	case lang == "ruby" && (last == "send" || last == "public_send" || last == "__send__"):
		all, e := callArgs(lang, toks, i, match)
		if e < 0 || len(all) == 0 {
			return "", "", nil, 0, false, false
		}
		first := all[0]
		var meth string
		switch {
		case len(first) == 2 && first[0].val == ":" && first[1].kind == tIdent:
			meth = first[1].val
		default:
			v, dyn, vok := value(first)
			if !vok || dyn {
				return "", "", nil, e, true, true
			}
			meth = v
		}
		return q, meth, all[1:], e, false, true
	}
	return "", "", nil, 0, false, false
}

// importedModule is the module an object expression names: MOD for
// __import__("MOD") (getattr(__import__("os"), "system")), else the
// expression's text.
func importedModule(toks []token) string {
	if len(toks) == 4 && toks[0].val == "__import__" && toks[1].val == "(" && toks[3].val == ")" {
		if mod, dyn, ok := value(toks[2:3]); ok && !dyn {
			return mod
		}
	}
	return tokensText(toks)
}

// receiverPath is the path a method call's receiver was made from, for
// pathlib.Path("/etc/x").write_text(…): toks[i] is the method, toks[i-1]
// the constructor call's closing parenthesis.
func receiverPath(lang string, toks []token, i int, opener, match []int) (string, bool, bool) {
	if i < 2 || toks[i-1].val != ")" {
		return "", false, false
	}
	o := opener[i-1]
	if o < 1 || toks[o-1].kind != tIdent {
		return "", false, false
	}
	ctor := toks[o-1].val
	if !pathConstructors[ctor] {
		return "", false, false
	}
	inner := splitArgs(toks[o+1:i-1], match, o+1)
	if len(inner) == 0 {
		return "", false, false
	}
	return value(inner[0])
}

// openers is the reverse of matchBrackets: opener[k] is the opener of the
// closer at k, else -1.
func openers(match []int) []int {
	op := make([]int, len(match))
	for i := range op {
		op[i] = -1
	}
	for i, m := range match {
		if m >= 0 {
			op[m] = i
		}
	}
	return op
}

// pathValue resolves a call that computes a path from a static one:
// os.path.expanduser("~"), Path.home(), os.environ["HOME"], os.getenv("HOME"),
// os.path.join("/", "etc"), File.expand_path("~"), os.homedir().
func pathValue(a []token) (string, bool, bool) {
	if len(a) == 0 || a[0].kind != tIdent {
		return "", false, false
	}
	fn := strings.TrimPrefix(a[0].val, ".")
	if len(a) == 1 {
		switch fn {
		case "process.env.HOME", "ENV.HOME":
			return "$HOME", false, true
		}
		return "", false, false
	}
	if a[1].val == "[" && a[len(a)-1].val == "]" && len(a) == 4 && a[2].kind == tString {
		switch fn {
		case "os.environ", "ENV", "process.env", "$ENV":
			return "$" + a[2].val, false, true
		}
		return "", false, false
	}
	if a[1].val != "(" || a[len(a)-1].val != ")" {
		return "", false, false
	}
	inner := splitArgs(a[2:len(a)-1], noMatch(len(a)), 0)
	switch fn {
	case "Path.home", "pathlib.Path.home", "os.homedir", "Dir.home", "homedir", "path.expand", "Sys.getenv.HOME":
		return "~", false, true
	case "os.getenv", "os.environ.get", "getenv", "Sys.getenv", "ENV.fetch":
		if len(inner) > 0 && len(inner[0]) == 1 && inner[0][0].kind == tString {
			return "$" + inner[0][0].val, false, true
		}
	case "os.path.expanduser", "expanduser", "os.path.abspath", "os.path.realpath", "os.path.normpath", "str",
		"Path", "pathlib.Path", "PosixPath", "File.expand_path", "path.resolve", "path.normalize", "normalizePath",
		"expanduser.Path", "Pathname.new", "compile", "fs.realpathSync", "realpath", "abspath",
		"glob", "glob.glob", "Dir.glob", "bsd_glob", "File::Glob::bsd_glob":
		// a glob's pattern stands for the files it matches: unlink
		// glob("~/*") deletes every file of the home
		if len(inner) > 0 {
			return value(inner[0])
		}
	case "os.path.join", "path.join", "File.join", "joinpath", "file.path", "path.resolve.join":
		var parts []string
		dyn := false
		for _, x := range inner {
			v, d, ok := value(x)
			if !ok {
				return "", false, false
			}
			parts, dyn = append(parts, v), dyn || d
		}
		return strings.Join(parts, "/"), dyn, len(parts) > 0
	}
	return "", false, false
}

// noMatch is a bracket table for tokens whose brackets are not needed.
func noMatch(n int) []int {
	m := make([]int, n)
	for i := range m {
		m[i] = -1
	}
	return m
}

// languageCode finds inline code for the languages added with this model.
func languageCode(lang string, args []field) (field, bool, bool) {
	switch lang {
	case "r":
		return shortCode(args, "e", "", "", "f")
	case "julia":
		short, code, ok := evalLongForms(args)
		if ok {
			return code, false, true
		}
		return shortCode(short, "eE", "JCLpt", "", "")
	}
	return field{}, false, false
}
