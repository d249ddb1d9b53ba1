package cmdline

import (
	"encoding/base64"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// The per-language model beyond shell-outs and deletes: calls that rename,
// copy, write, change modes or signal processes become the equivalent
// commands (mv, cp, tee, chmod, kill), so the rules for those commands
// judge them; evasions that name a function indirectly (getattr, send,
// __import__, from-import aliases) are resolved where the name is static
// and make the code opaque where it is not.

// More findings: the command each stands for is in effectCommand.
const (
	moveK       findingKind = iota + 100 // mv SRC DST
	copyK                                // cp SRC DST
	writeK                               // tee PATH
	appendK                              // tee -a PATH
	chmodK                               // chmod MODE PATH
	killK                                // kill -SIG PID
	loadK                                // ld.so PATH: loads a shared library, which runs its code
	linkK                                // ln -s SRC DST
	archiveK                             // zip -r ARCHIVE DIR, tar -c -f ARCHIVE DIR
	chdirK                               // cd DIR: the code's later calls run there (payload)
	httpDeleteK                          // curl -X DELETE URL: an HTTP DELETE request
)

// More actions.
const (
	moveAct      action = iota + 100 // (src, dst)
	copyAct                          // (src, dst)
	writeFile                        // (path, …): writes the file
	appendFile                       // (path, …): appends to the file
	writeOpen                        // (path, mode): a write when mode has w, a, x or +
	perlOpen                         // (FH, ">path") or (FH, ">", path)
	chmodPM                          // (path, mode)
	chmodMP                          // (mode, path…)
	killPS                           // (pid, sig)
	killSP                           // (sig, pid…)
	loadLib                          // (path, …): loads a shared library (ctypes.CDLL, dlopen)
	loadLib2                         // (x, path, …): process.dlopen(module, path), FFI::cdef(defs, path)
	writeTo2                         // (src, path): a download or stream copy writes path (urlretrieve, copy_stream)
	runOpts                          // (program, {args: [...]}) or ({cmd: [...]}): Deno.Command, Deno.run
	pipeRead                         // ("|cmd"): ruby's IO.read and IO.readlines run a command named with a leading |
	linkAct                          // (src, dst): a symbolic or hard link at dst
	osOpen                           // (path, flags): python's os.open writes with O_WRONLY, O_RDWR, O_APPEND, O_CREAT, O_TRUNC
	requireAddon                     // (path): node's require of a compiled addon (x.node), ruby's of x.so, loads it as a shared library
	loadExt2                         // (name, path): python's imp.load_dynamic, ExtensionFileLoader, spec_from_file_location of a compiled module
	archiveAct                       // (base, format, root_dir, base_dir): python's shutil.make_archive packs a directory
)

// chdirAct: (dir): os.chdir, process.chdir, Dir.chdir, perl's and PHP's
// chdir move the process (writeR holds 120).
const chdirAct action = 140

// effectCalls extend calls, per language; built on first use, as calls.
var effectCalls = sync.OnceValue(func() map[string]map[string][]callSpec {
	return map[string]map[string][]callSpec{
		"python": {
			"rename": spec(moveAct, "os", ""), "replace": spec(moveAct, "os"), "move": spec(moveAct, "shutil"),
			"renames": spec(moveAct, "os"),
			"copy":    spec(copyAct, "shutil"), "copy2": spec(copyAct, "shutil"), "copyfile": spec(copyAct, "shutil"),
			"copytree": spec(copyAct, "shutil"),
			"open":     {{writeOpen, []string{"", "io", "codecs", "os.fdopen", "tarfile"}}, {osOpen, []string{"os", "posix"}}}, "chmod": spec(chmodPM, "os", ""), "lchmod": spec(chmodPM, "os"),
			// an archive opened for writing holds what is added to it
			"ZipFile": spec(writeOpen, "zipfile", ""), "PyZipFile": spec(writeOpen, "zipfile", ""), "TarFile": spec(writeOpen, "tarfile", ""),
			"make_archive": spec(archiveAct, "shutil"),
			"kill":         spec(killPS, "os", ""), "killpg": spec(killPS, "os", ""),
			"compile": spec(evalCode, ""),
			"CDLL":    spec(loadLib), "PyDLL": spec(loadLib), "WinDLL": spec(loadLib), "OleDLL": spec(loadLib),
			"LoadLibrary": spec(loadLib), "dlopen": spec(loadLib), "urlretrieve": spec(writeTo2, "urllib.request", "urllib", "request", "r", ""), "load_library": spec(loadLib, "ctypes.util", "cffi", "ffi"),
			"posix_spawn": spec(runPath, "os", ""), "posix_spawnp": spec(runPath, "os", ""),
			"symlink": spec(linkAct, "os", ""), "link": spec(linkAct, "os"),
			"exec_": spec(evalCode, "six", "builtins"),
			// a compiled module loaded from a path runs its code as a library's
			"load_dynamic": spec(loadExt2, "imp"), "ExtensionFileLoader": spec(loadExt2, "importlib.machinery", "machinery", ""),
			"spec_from_file_location": spec(loadExt2, "importlib.util", "util", ""),
			// contextlib.chdir moves the process for its with block
			"chdir": spec(chdirAct, "os", "posix", "contextlib", ""), "fchdir": spec(chdirAct, "os", "posix"),
			// sqlite3's extensions are native libraries: conn.load_extension("./x")
			"load_extension": spec(loadLib),
		},
		"node": {
			"renameSync": spec(moveAct), "rename": spec(moveAct, "fs", "fsp", "promises", "fs.promises"),
			"copyFileSync": spec(copyAct), "cpSync": spec(copyAct), "copyFile": spec(copyAct, "fs", "fsp", "promises", "fs.promises"),
			"writeFileSync": spec(writeFile), "writeFile": spec(writeFile, "fs", "fsp", "promises", "fs.promises", "Deno"),
			"writeTextFileSync": spec(writeFile, "Deno"), "writeTextFile": spec(writeFile, "Deno"), "write": spec(writeFile, "Bun"),
			"appendFileSync": spec(appendFile), "appendFile": spec(appendFile, "fs", "fsp", "promises", "fs.promises"),
			"chmodSync": spec(chmodPM), "chmod": spec(chmodPM, "fs", "fsp", "promises", "fs.promises"),
			"kill": spec(killPS, "process"), "dlopen": {{loadLib2, []string{"process", "os"}}, {loadLib, []string{"Deno", ""}}}, // Deno's, bun:ffi's
			"require": spec(requireAddon, ""),
			// ffi-napi and koffi bind a library's functions; Java's System.load from JavaScript (jrunscript, jjs)
			"Library": spec(loadLib, "ffi", "ffiNapi", "ffi-napi"), "DynamicLibrary": spec(loadLib, "ffi", "ffiNapi", "ffi-napi"),
			"load":              spec(loadLib, "koffi", "System", "java.lang.System"),
			"createWriteStream": spec(writeFile), "ProcessBuilder": spec(runArgv), // Java from JavaScript (jrunscript, jjs)
			"runInThisContext": spec(evalCode, "vm", ""), "runInNewContext": spec(evalCode, "vm", ""),
			"runInContext": spec(evalCode, "vm", ""), "Script": spec(evalCode, "vm"), "compileFunction": spec(evalCode, "vm", ""),
			"Command": spec(runOpts, "Deno"), "run": spec(runOpts, "Deno"),
			// Java from JavaScript (jrunscript, jjs): new java.io.FileWriter(p)
			"FileWriter": spec(writeFile), "FileOutputStream": spec(writeFile), "PrintWriter": spec(writeFile),
			"openSync": spec(writeOpen), "open": spec(writeOpen, "fs", "fsp", "promises", "fs.promises"),
			"symlinkSync": spec(linkAct), "linkSync": spec(linkAct), "symlink": spec(linkAct, "fs", "fsp", "promises", "fs.promises"),
			// fs-extra, rimraf and del delete trees
			"removeSync": spec(delTree, "fse", "fs-extra", "fsExtra", "fs", ""), "remove": spec(delTree, "fse", "fs-extra", "fsExtra"),
			"rimraf": spec(delTree, ""), "rimrafSync": spec(delTree, "", "rimraf"), "sync": spec(delTree, "rimraf", "del"),
			"deleteSync": spec(delTree, "", "del"),
			"chdir":      spec(chdirAct, "process", "Deno"),
		},
		"perl": {
			"rename": spec(moveAct, ""), "move": spec(moveAct, "", "File.Copy"), "copy": spec(copyAct, "", "File.Copy"),
			"chmod": spec(chmodMP, ""), "kill": spec(killSP, ""), "open": spec(perlOpen, ""),
			"symlink": spec(linkAct, ""), "link": spec(linkAct, ""),
			"write_file": spec(writeFile, "", "File.Slurp"), "append_file": spec(appendFile, "", "File.Slurp"),
			"dl_load_file": spec(loadLib, "DynaLoader", ""), "load_file": spec(loadLib, "DynaLoader", "FFI.Platypus"),
			"chdir": spec(chdirAct, ""),
		},
		"ruby": {
			"rename": spec(moveAct, "File"), "mv": spec(moveAct, "FileUtils"), "move": spec(moveAct, "FileUtils"),
			"cp": spec(copyAct, "FileUtils"), "cp_r": spec(copyAct, "FileUtils"), "copy": spec(copyAct, "FileUtils", "IO"),
			"write": spec(writeFile, "File", "IO"), "binwrite": spec(writeFile, "File", "IO"),
			"chmod": spec(chmodMP, "File", "FileUtils"), "chmod_R": spec(chmodMP, "FileUtils"),
			"kill": spec(killSP, "Process"), "open": spec(writeOpen, "File", ""),
			"dlopen":  spec(loadLib, "Fiddle", "DL", "Fiddle.Handle", ""),
			"new":     {{loadLib, []string{"Fiddle.Handle", "DL.Handle"}}, {writeOpen, []string{"File"}}},
			"symlink": spec(linkAct, "File"), "link": spec(linkAct, "File"), "ln_s": spec(linkAct, "FileUtils"),
			"ln_sf": spec(linkAct, "FileUtils"), "ln": spec(linkAct, "FileUtils"),
			"dlload": spec(loadLib, "", "Fiddle.Importer"), "ffi_lib": spec(loadLib, ""),
			"copy_stream": spec(writeTo2, "IO"),
			"read":        spec(pipeRead, "IO"), "readlines": spec(pipeRead, "IO"), "foreach": spec(pipeRead, "IO"),
			"binread": spec(pipeRead, "IO"),
			"require": spec(requireAddon, "", "Kernel"), "require_relative": spec(requireAddon, "", "Kernel"),
			"chdir": spec(chdirAct, "Dir"), "cd": spec(chdirAct, "FileUtils"),
		},
		"php": {
			"rename": spec(moveAct, ""), "copy": spec(copyAct, ""), "file_put_contents": spec(writeFile, ""),
			"fopen": spec(writeOpen, ""), "chmod": spec(chmodPM, ""), "posix_kill": spec(killPS, ""),
			"dl": spec(loadLib, ""), "cdef": spec(loadLib2, "FFI"), "load": spec(loadLib, "FFI"),
			"symlink": spec(linkAct, ""), "link": spec(linkAct, ""),
			"chdir": spec(chdirAct, ""),
		},
		"lua": {
			"rename": spec(moveAct, "os"), "open": spec(writeOpen, "io"), "loadlib": spec(loadLib, "package"),
			"load": spec(loadLib, "ffi"), "output": spec(writeFile, "io"),
		},
		"r": {
			"system": spec(runShell, ""), "shell": spec(runShell, ""), "system2": spec(runArgv, ""),
			"unlink": spec(delMaybe, ""), "file.remove": spec(delFile, ""), "file.rename": spec(moveAct, ""),
			"file.copy": spec(copyAct, ""), "writeLines": spec(writeR, ""), "write": spec(writeR, ""), "cat": spec(writeR, ""),
			"Sys.chmod": spec(chmodPM, ""), "eval": spec(evalCode, ""), "parse": spec(evalCode, ""),
			"load": spec(loadLib, "dyn"), "library.dynam": spec(loadLib, ""),
			"download.file": spec(writeTo2, "", "utils"), "curl_download": spec(writeTo2, "", "curl"),
			"dir_delete": spec(delTree, "fs"), "file_delete": spec(delFile, "fs"), "file_copy": spec(copyAct, "fs"),
			"file_move": spec(moveAct, "fs"), "run": spec(runArgv, "processx"),
		},
		"julia": {
			"rm": spec(delMaybe, "", "Base", "Base.Filesystem"), "mv": spec(moveAct, "", "Base"), "cp": spec(copyAct, "", "Base"),
			"chmod": spec(chmodPM, "", "Base"), "write": spec(writeFile, ""), "eval": spec(evalCode, ""),
			"include_string": spec(evalCode, ""), "dlopen": spec(loadLib, "", "Libdl", "Base.Libc.Libdl"),
			"download": spec(writeTo2, "", "Base", "Downloads"), "open": spec(writeOpen, "", "Base"),
			"symlink": spec(linkAct, "", "Base"), "hardlink": spec(linkAct, "", "Base"),
			"Cmd": spec(runShell, "", "Base"), // run(Cmd(["rm", "-rf", p])): an argv made to be run
		},
		"awk": {
			"@load": spec(loadLib, ""),
		},
	}
})

// archiveSuffix is what shutil.make_archive adds to its base name, by format.
var archiveSuffix = map[string]string{"zip": ".zip", "tar": ".tar", "gztar": ".tar.gz", "bztar": ".tar.bz2", "xztar": ".tar.xz", "zstdtar": ".tar.zst"}

// callArg is a call's argument given at position i or as name=VALUE, as
// str reads it; "" when it is neither.
func callArg(args [][]token, i int, name string, str func(int) (string, bool)) (string, bool) {
	for _, a := range args {
		if len(a) > 2 && a[0].kind == tIdent && a[0].val == name && a[1].val == "=" {
			v, dyn, ok := value(a[2:])
			return v, dyn || !ok
		}
	}
	if i >= len(args) || len(args[i]) > 1 && args[i][0].kind == tIdent && args[i][1].val == "=" {
		return "", false
	}
	return str(i)
}

// writeR: R's writeLines(text, con) and cat(…, file=) write their file argument.
const writeR action = 120

// receiverMethods are methods whose receiver is a path object
// (pathlib.Path("/etc/x").write_text, Pathname.new("/x").rmtree).
var receiverMethods = map[string]action{
	"write_text": writeFile, "write_bytes": writeFile, "unlink": delFile, "rmdir": delDir, "rmtree": delTree,
	"rename": moveAct, "replace": moveAct, "chmod": chmodPM, "lchmod": chmodPM, "delete": delFile,
	// perl's Path::Tiny: path("~")->remove_tree, ->spew, ->append
	"remove_tree": delTree, "spew": writeFile, "spew_utf8": writeFile, "spew_raw": writeFile,
	"append": appendFile, "append_utf8": appendFile, "append_raw": appendFile,
}

// pathConstructors make a path object from their first argument.
var pathConstructors = map[string]bool{"Path": true, "pathlib.Path": true, "PosixPath": true, "pathlib.PosixPath": true,
	"PurePath": true, "Pathname.new": true, "Pathname": true, "Path.Tiny.path": true, "Path.Tiny.new": true}

// lookupEffect finds a call in the calls and effectCalls tables of lang.
func lookupCall(lang, name, qual string) (action, bool) {
	if act, ok := lookup(calls()[lang][name], qual); ok {
		return act, true
	}
	return lookup(effectCalls()[lang][name], qual)
}

// addWrite records a write (an append when appends) of the file the
// call's first argument names.
func (s *scanner) addWrite(name string, str func(int) (string, bool), appends bool, text string) {
	p, dyn := str(0)
	kind := writeK
	if appends {
		kind = appendK
	}
	s.add(finding{kind: kind, call: name, arg: p, dynamic: dyn, text: text})
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
	case chdirAct:
		dir, dyn := str(0)
		if strings.HasSuffix(name, "fchdir") {
			dyn = true // os.fchdir(fd): where the descriptor points, not known
		}
		s.add(finding{kind: chdirK, call: name, arg: dir, dynamic: dyn, text: text})
	case archiveAct:
		// make_archive(base_name, format, root_dir=None, base_dir=None)
		base, d1 := callArg(args, 0, "base_name", str)
		format, _ := callArg(args, 1, "format", str)
		root, d2 := callArg(args, 2, "root_dir", str)
		sub, d3 := callArg(args, 3, "base_dir", str)
		if root == "" && !d2 {
			root = "."
		}
		if sub != "" && !d3 {
			root = strings.TrimSuffix(root, "/") + "/" + sub
		}
		s.add(finding{kind: archiveK, call: name, arg: root, args: []string{base + archiveSuffix[format], root, format}, dynamic: d1 || d2 || d3, text: text})
	case linkAct:
		src, d1 := str(0)
		dst, d2 := str(1)
		s.add(finding{kind: linkK, call: name, arg: dst, args: []string{src, dst}, dynamic: d1 || d2, text: text})
	case osOpen:
		if len(args) < 2 {
			return true
		}
		flags := tokensText(args[1])
		if !strings.Contains(flags, "O_WRONLY") && !strings.Contains(flags, "O_RDWR") && !strings.Contains(flags, "O_APPEND") &&
			!strings.Contains(flags, "O_CREAT") && !strings.Contains(flags, "O_TRUNC") {
			return true
		}
		s.addWrite(name, str, strings.Contains(flags, "O_APPEND"), text)
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
	case runOpts:
		var words []string
		dyn := false
		for _, a := range args {
			if len(a) > 2 && a[0].val == "{" {
				for _, kv := range splitTop(a[1 : len(a)-1]) {
					if len(kv) > 2 && (kv[0].val == "args" || kv[0].val == "cmd") && kv[1].val == ":" {
						ws, d, ok := listWords(kv[2:])
						if !ok {
							s.opaque = true
							return true
						}
						words, dyn = append(words, ws...), dyn || d
					}
				}
				continue
			}
			v, d, ok := value(a)
			if !ok {
				s.opaque = true
				return true
			}
			words, dyn = append(words, v), dyn || d
		}
		if len(words) > 0 {
			s.shell(name, argvLine(words), dyn, text)
		}
	case pipeRead:
		if p, dyn := str(0); strings.HasPrefix(p, "|") {
			s.shell(name, p[1:], dyn, text)
		}
	case writeOpen:
		if p, dyn := str(0); strings.HasPrefix(p, "|") && (s.lang == "ruby" || s.lang == "perl") {
			s.shell(name, p[1:], dyn, text) // ruby's open("|cmd") runs cmd
			return true
		}
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
		s.addWrite(name, str, strings.Contains(mode, "a"), text)
	case perlOpen:
		var target string
		dyn := false
		if m, _, _ := arg(1); len(args) >= 3 && (strings.TrimSpace(m) == "|-" || strings.TrimSpace(m) == "-|") {
			if len(args) == 3 { // open(F, "|-", "cmd"): a command line
				c, d := str(2)
				s.shell(name, c, d, text)
				return true
			}
			s.call(s.lang, runArgv, name, args[2:], text) // open(F, "-|", "rm", "-rf", $x): an argv
			return true
		}
		if v, d := str(1); len(args) == 2 && (strings.HasPrefix(strings.TrimSpace(v), "|") || strings.HasSuffix(strings.TrimSpace(v), "|")) {
			s.shell(name, strings.Trim(strings.TrimSpace(v), "|"), d, text) // open(F, "|cmd"), open(F, "cmd|")
			return true
		}
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
		p, dyn := callArg(args, 1, "destfile", str) // R's download.file(url, destfile=)
		if p == "" && !dyn || len(args) < 2 {
			return true
		}
		if isOptions(args[1]) && !slices.ContainsFunc(args, func(a []token) bool { return len(a) > 1 && a[0].val == "destfile" }) {
			return true
		}
		s.add(finding{kind: writeK, call: name, arg: p, dynamic: dyn, text: text})
	case requireAddon, loadExt2:
		// only a compiled module is a library: require("./x.js"), require
		// "json" and a python source file are code the rules see elsewhere
		i := 0
		if act == loadExt2 {
			i = 1
		}
		if i >= len(args) {
			return true
		}
		if p, dyn := str(i); !dyn && nativeModule(s.lang, p) && (userLibrary(p) || name == "require_relative") {
			s.add(finding{kind: loadK, call: name, arg: p, text: text})
		}
	case loadLib, loadLib2:
		i := 0
		if act == loadLib2 {
			i = 1
		}
		if i >= len(args) || isOptions(args[i]) || len(args[i]) == 1 && nullNames[args[i][0].val] {
			return true // CDLL(None), dlopen(NULL): the program itself
		}
		p, dyn := str(i)
		if !dyn && !userLibrary(p) && !unsystemName(p) {
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

// unsystemName reports a bare library name the system's libraries do not
// have: theirs are lib<NAME>.so with a version or not (libc.so.6,
// libGL.so); lib.so, x.so or evil.dylib is the caller's own, put where
// the loader looks (LD_LIBRARY_PATH, a directory of ld.so.conf).
func unsystemName(p string) bool {
	p = strings.TrimSpace(p)
	if strings.Contains(p, "/") {
		return false
	}
	return libFile().MatchString(p) && !systemLibName().MatchString(p)
}

var (
	libFile       = lazyRegexp(`\.(so|dylib)(\.[0-9]+)*$`)
	systemLibName = lazyRegexp(`^lib[A-Za-z0-9_+-][A-Za-z0-9_.+-]*\.(so|dylib)(\.[0-9]+)*$`)
)

// nullNames are the languages' null values: a library loader given one
// opens the running program (ctypes.CDLL(None) reaches libc's functions).
var nullNames = map[string]bool{"None": true, "nil": true, "null": true, "NULL": true, "undef": true}

// nativeModule reports a path to a compiled module, which lang's require
// or import machinery loads as a shared library: x.node for node; x.so,
// x.bundle for ruby; x.so, x.pyd for python.
func nativeModule(lang, p string) bool {
	switch lang {
	case "node":
		return strings.HasSuffix(p, ".node")
	case "ruby":
		return strings.HasSuffix(p, ".so") || strings.HasSuffix(p, ".bundle") || strings.HasSuffix(p, ".dylib")
	case "python":
		return strings.HasSuffix(p, ".so") || strings.HasSuffix(p, ".pyd") || strings.HasSuffix(p, ".dylib")
	}
	return false
}

// libraryIndex reads python's ctypes.cdll["/tmp/x.so"] (any of ctypes'
// loaders indexed by a path), which loads the library as LoadLibrary
// does. It reports whether toks[i] was one.
func (s *scanner) libraryIndex(toks []token, i int, match []int) bool {
	if s.lang != "python" || i+1 >= len(toks) || toks[i+1].val != "[" || match[i+1] < 0 {
		return false
	}
	if _, name := splitQual(toks[i].val); !ctypesLoaders[name] {
		return false
	}
	end := match[i+1]
	s.effect(loadLib, toks[i].val, [][]token{toks[i+2 : end]}, tokensText(toks[i:end+1]))
	return true
}

// ctypesLoaders are ctypes' library loaders.
var ctypesLoaders = map[string]bool{"cdll": true, "pydll": true, "windll": true, "oledll": true}

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
	case linkK:
		return "ln", []Word{{Value: "-s"}, w(f.args[0]), w(f.args[1])}
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
	case archiveK:
		if f.args[2] == "zip" {
			return "zip", []Word{{Value: "-r"}, w(f.args[0]), w(f.args[1])}
		}
		return "tar", []Word{{Value: "-c"}, {Value: "-f"}, w(f.args[0]), w(f.args[1])}
	case httpDeleteK:
		return "curl", []Word{{Value: "-X"}, {Value: "DELETE"}, {Value: f.arg, Quoted: true}}
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
		toks[i].computed = len(inner[1]) > 1
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
			toks[i].computed = len(first) > 1
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

// receiverPath is the path of a method call's receiver when the receiver
// is a path object: pathlib.Path("/etc/x").write_text(…),
// Path.home().joinpath(".bashrc").write_text(…), (Path.home() / ".ssh").rmdir(),
// or a name bound to one (p = Path.home(); p.unlink()). toks[i] is the
// method; start is where the receiver begins.
func receiverPath(toks []token, i int, opener []int) (p string, dyn, ok bool, start int) {
	j := i - 1
	for j >= 0 {
		t := toks[j]
		if (t.val == ")" || t.val == "]") && t.kind == tPunct {
			if j = opener[j]; j < 0 {
				return "", false, false, 0
			}
			if j > 0 && toks[j-1].kind == tIdent && t.val == ")" {
				j--
			} else if t.val == "]" || toks[j].val == "(" && (j == 0 || toks[j-1].kind != tIdent) {
				break // a parenthesized expression, or an index
			}
		}
		if toks[j].kind == tIdent && strings.HasPrefix(toks[j].val, ".") && j > 0 {
			j--
			continue
		}
		break
	}
	if j < 0 || j >= i {
		return "", false, false, 0
	}
	recv := toks[j:i]
	if !pathExpr(recv) {
		return "", false, false, 0
	}
	p, dyn, ok = value(recv)
	return p, dyn, ok, j
}

// pathExpr reports tokens that make a path object: a path class's
// constructor or home, or a name bound to a path.
func pathExpr(toks []token) bool {
	for k, t := range toks {
		if t.val == "path" && k+1 < len(toks) && toks[k+1].val == "(" {
			return true // Path::Tiny's path("~") called bare
		}
		if t.path || t.kind == tIdent && (pathConstructors[t.val] || pathConstructors[strings.TrimSuffix(strings.TrimSuffix(t.val, ".home"), ".cwd")]) {
			return true
		}
	}
	return false
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

// A term's value is computed from its parts in turn: an identifier names a
// function or module, a call gives a path (Path.home(), os.getenv("HOME"),
// os.path.join(…)) or a module (require("os"), __import__("os")), and
// methods of a path give paths (Path.home().joinpath(".ssh"),
// Path("~").expanduser(), Path.home().rglob("*")), so that a path however
// it is spelled is the path the rules know: require("os").homedir() is ~,
// $ENV{HOME} is $HOME.

// homeCalls give the home directory.
var homeCalls = map[string]bool{"Path.home": true, "pathlib.Path.home": true, "os.homedir": true, "Dir.home": true,
	"homedir": true, "Sys.getenv.HOME": true, "Etc.getpwuid.dir": true, "os.UserHomeDir": true, "Deno.homeDir": true}

// cwdCalls give the working directory.
var cwdCalls = map[string]bool{"os.getcwd": true, "Dir.pwd": true, "process.cwd": true, "getcwd": true,
	"Path.cwd": true, "pathlib.Path.cwd": true, "Cwd.getcwd": true, "Cwd.cwd": true, "getwd": true, "pwd": true, "Deno.cwd": true}

// tempDirCalls give the temporary directory: Python's
// tempfile.gettempdir(), node's os.tmpdir(). The directory itself is
// shared, so a deletion of it is a deletion of /tmp.
var tempDirCalls = map[string]bool{"tempfile.gettempdir": true, "gettempdir": true, "os.tmpdir": true, "tmpdir": true,
	"tempfile.gettempdirb": true}

// madeTempCalls make a new, empty directory or file of their own and give
// its name, as mktemp -d does (mktempOutput): Python's tempfile.mkdtemp()
// and mkstemp()'s name, node's fs.mkdtempSync(prefix), whose prefix is
// the path it adds six random characters to. Removing what they made
// loses nothing the code did not make itself, wherever it lies, so the
// name is written under /tmp (mkdtemp's own dir= is left unknown:
// termValue), or the prefix's directory for mkdtempSync.
var madeTempCalls = map[string]bool{"tempfile.mkdtemp": true, "mkdtemp": true, "fs.mkdtempSync": true, "mkdtempSync": true,
	"tempfile.mktemp": true, "Deno.makeTempDirSync": true}

// envCalls read an environment variable named by their first argument.
var envCalls = map[string]bool{"os.getenv": true, "os.environ.get": true, "getenv": true, "Sys.getenv": true,
	"ENV.fetch": true, "Deno.env.get": true, "posix.getenv": true, "os.environ.setdefault": true}

// envObjects are indexed by a variable's name: os.environ["HOME"], ENV["HOME"], $ENV{HOME}.
var envObjects = map[string]bool{"os.environ": true, "environ": true, "ENV": true, "process.env": true, "$ENV": true,
	"$_SERVER": true, "$_ENV": true, "ENVIRON": true, "$env": true}

// sameCalls give the path of their argument (joined when there are more):
// expansion, normalization, path objects and globs. A glob's pattern
// stands for the files it matches: unlink glob("~/*") deletes every file
// of the home.
var sameCalls = map[string]bool{"os.path.expanduser": true, "expanduser": true, "os.path.abspath": true,
	"os.path.realpath": true, "os.path.normpath": true, "str": true, "String": true, "Path": true, "pathlib.Path": true,
	"PosixPath": true, "pathlib.PosixPath": true, "PurePath": true, "File.expand_path": true, "File.absolute_path": true,
	"path.resolve": true, "path.normalize": true, "normalizePath": true, "expanduser.Path": true, "Pathname.new": true,
	"Pathname": true, "compile": true, "fs.realpathSync": true, "realpath": true, "abspath": true, "path.expand": true,
	"glob": true, "glob.glob": true, "glob.iglob": true, "iglob": true, "Dir.glob": true, "bsd_glob": true,
	"File.Glob.bsd_glob": true, "File.realpath": true, "Cwd.abs_path": true, "abs_path": true, "Sys.glob": true,
	"Path.Tiny.path": true, "Path.Tiny.new": true, "path": true, "os.fspath": true, "fs.globSync": true, "Bun.file": true}

// joinCalls join their arguments into a path.
var joinCalls = map[string]bool{"os.path.join": true, "path.join": true, "File.join": true, "joinpath": true,
	"file.path": true, "path.resolve": true, "Path": true, "pathlib.Path": true, "Path.join": true, "catfile": true,
	"File.Spec.catfile": true, "File.Spec.catdir": true, "File.Spec.Functions.catfile": true, "path.posix.join": true,
	// imported by name: import { join } from "node:path", from os.path import join
	"join": true}

// moduleCalls load a module by name, so that a method of their result is
// that module's function: require("os").homedir().
var moduleCalls = map[string]bool{"require": true, "__import__": true, "importlib.import_module": true,
	"import_module": true, "import": true}

// pathMethods of a path give a path: joinpath adds its arguments, rglob
// takes the whole tree under the path.
var pathMethods = map[string]string{"joinpath": "join", "join": "join", "expanduser": "same", "resolve": "same",
	"absolute": "same", "expand_path": "same", "realpath": "same", "to_s": "same", "toString": "same", "as_posix": "same",
	"__str__": "same", "to_path": "same", "cleanpath": "same", "glob": "glob", "rglob": "rglob", "iterdir": "children",
	"children": "children", "entries": "children", "parent": "parent", "dirname": "parent", "with_name": "",
	// pytest's tmp_path_factory.mktemp("work") and py.path's
	// tmpdir.mkdir("sub") give the directory they make under the path
	"mktemp": "join", "mkdir": "join"}

// termValue is the value of one term: an identifier or a parenthesized
// expression and the calls, indexes and methods that follow it.
func termValue(a []token) (string, bool, bool) {
	if len(a) == 0 {
		return "", false, false
	}
	var (
		name     string // a function or module not yet given a value
		val      string
		have     bool
		dyn      bool
		k        int
		bracket  = func(i int) int { return closeOf(a, i) }
		argsFrom = func(open, end int) [][]token {
			var out [][]token
			for _, x := range splitTop(a[open+1 : end]) {
				if !isOptions(x) {
					out = append(out, x)
				}
			}
			return out
		}
	)
	switch {
	case a[0].val == "(" && a[0].kind == tPunct:
		end := bracket(0)
		if end < 0 {
			return "", false, false
		}
		v, d, ok := value(a[1:end])
		if !ok {
			return "", false, false
		}
		val, dyn, have, k = v, d, true, end+1
	case a[0].kind == tIdent:
		name, k = strings.TrimPrefix(a[0].val, "."), 1
	case a[0].kind == tString && a[0].path: // a name bound to a path, then its methods
		val, dyn, have, k = a[0].val, a[0].dynamic, true, 1
	default:
		return "", false, false
	}
	for k < len(a) {
		t := a[k]
		switch {
		case t.val == "(" && t.kind == tPunct && !have:
			end := bracket(k)
			if end < 0 {
				return "", false, false
			}
			args := argsFrom(k, end)
			if madeTempCalls[name] && slices.ContainsFunc(a[k+1:end], func(t token) bool { return t.kind == tIdent && (t.val == "dir" || t.val == "dir_fd") }) {
				return "", false, false // tempfile.mkdtemp(dir=…): made where dir says, which argsFrom leaves out
			}
			v, d, isModule, ok := callValue(name, args)
			if !ok {
				return "", false, false
			}
			if isModule {
				name = v
			} else {
				val, dyn, have = v, dyn || d, true
			}
			k = end + 1
		case (t.val == "[" || t.val == "{") && t.kind == tPunct && !have:
			end := bracket(k)
			if end < 0 || end == k+1 {
				return "", false, false
			}
			switch {
			case envObjects[name] && end == k+2 && (a[k+1].kind == tString || a[k+1].kind == tIdent):
				val = "$" + a[k+1].val
			case name == "Dir" && t.val == "[": // ruby's Dir["~/*"] is a glob
				v, d, ok := value(a[k+1 : end])
				if !ok {
					return "", false, false
				}
				val, dyn = v, d
			default:
				return "", false, false
			}
			have, k = true, end+1
		case t.kind == tIdent && strings.HasPrefix(t.val, ".") && !have:
			name += t.val
			k++
		case t.kind == tIdent && strings.HasPrefix(t.val, ".") && have:
			var args [][]token
			next := k + 1
			if next < len(a) && a[next].val == "(" {
				end := bracket(next)
				if end < 0 {
					return "", false, false
				}
				args, next = argsFrom(next, end), end+1
			}
			for _, m := range strings.Split(t.val[1:], ".") {
				v, d, ok := pathMethod(val, m, args)
				if !ok {
					return "", false, false
				}
				val, dyn = v, dyn || d
			}
			k = next
		default:
			return "", false, false
		}
	}
	if !have {
		switch name {
		case "process.env.HOME", "ENV.HOME", "Dir.home", "Deno.env.HOME", "vim.env.HOME", "Bun.env.HOME":
			return "$HOME", false, true
		case "Dir.pwd", "Dir.getwd": // ruby calls without parentheses
			return ".", false, true
		case "sys.executable": // the Python running the code
			return "python3", false, true
		}
		if q, last := splitQual(name); envObjects[q] && last == "HOME" {
			return "$HOME", false, true
		}
		return "", false, false
	}
	return val, dyn, true
}

// callValue is the value of calling name with args: a path, or a module
// (isModule) whose functions a method names.
func callValue(name string, args [][]token) (v string, dyn, isModule, ok bool) {
	switch {
	case homeCalls[name]:
		return "~", false, false, true
	case envCalls[name]:
		if len(args) > 0 && len(args[0]) == 1 && args[0][0].kind == tString {
			return "$" + args[0][0].val, false, false, true
		}
	case cwdCalls[name]:
		return ".", false, false, true
	case tempDirCalls[name] && len(args) == 0:
		return "/tmp", false, false, true
	case madeTempCalls[name]:
		if strings.HasSuffix(name, "mkdtempSync") {
			// fs.mkdtempSync(path.join(os.tmpdir(), "x-")): the prefix
			// and six random characters
			if len(args) == 0 {
				return "", false, false, false
			}
			p, d, ok := value(args[0])
			if !ok || d || p == "" {
				return "", false, false, false
			}
			return p + "mkdtemp", false, false, true
		}
		if len(args) > 2 || name == "Deno.makeTempDirSync" && len(args) > 0 {
			return "", false, false, false // mkdtemp(suffix, prefix, dir): dir is the third
		}
		return "/tmp/tmpmkdtemp", false, false, true
	case name == "chr" || name == "String.fromCharCode" || name == "utf8.char" || name == "string.char" || name == "intToUtf8":
		var b strings.Builder
		for _, x := range args {
			if len(x) != 1 || x[0].kind != tNumber {
				return "", false, false, false
			}
			n, err := strconv.ParseInt(x[0].val, 0, 32)
			if err != nil || n <= 0 || n > utf8.MaxRune {
				return "", false, false, false
			}
			b.WriteRune(rune(n))
		}
		return b.String(), false, false, len(args) > 0
	case name == "list.files" || name == "dir" && len(args) > 0:
		if len(args) > 0 {
			if p, d, ok := value(args[0]); ok {
				return joinPaths([]string{p, "*"}), d, false, true
			}
		}
	case moduleCalls[name]:
		if len(args) > 0 {
			if m, d, ok := value(args[0]); ok && !d {
				return strings.ReplaceAll(strings.TrimPrefix(m, "node:"), "/", "."), false, true, true
			}
		}
	case name == "os.path.dirname" || name == "File.dirname" || name == "path.dirname" || name == "dirname":
		if len(args) == 1 {
			if p, d, ok := value(args[0]); ok {
				return parentOf(p), d, false, true
			}
		}
	case name == "File.expand_path" && len(args) == 2: // File.expand_path(name, dir)
		args = [][]token{args[1], args[0]}
		fallthrough
	case joinCalls[name]:
		var parts []string
		for _, x := range args {
			p, d, ok := value(x)
			if !ok {
				return "", false, false, false
			}
			parts, dyn = append(parts, p), dyn || d
		}
		if len(parts) == 0 {
			return "", false, false, false
		}
		return joinPaths(parts), dyn, false, true
	case sameCalls[name]:
		if len(args) > 0 {
			p, d, ok := value(args[0])
			return p, d, false, ok
		}
	}
	return "", false, false, false
}

// pathMethod applies a method of a path object to the path p.
func pathMethod(p, m string, args [][]token) (string, bool, bool) {
	dyn := false
	arg := func() (string, bool) {
		if len(args) == 0 {
			return "*", true
		}
		v, d, ok := value(args[0])
		dyn = dyn || d
		return v, ok
	}
	switch pathMethods[m] {
	case "same":
		return p, false, true
	case "join":
		parts := []string{p}
		for _, x := range args {
			v, d, ok := value(x)
			if !ok {
				return "", false, false
			}
			parts, dyn = append(parts, v), dyn || d
		}
		return joinPaths(parts), dyn, true
	case "glob":
		g, ok := arg()
		return joinPaths([]string{p, g}), dyn, ok
	case "rglob": // every match in the tree under p
		g, ok := arg()
		return joinPaths([]string{p, "**", g}), dyn, ok
	case "children":
		return joinPaths([]string{p, "*"}), false, true
	case "parent":
		return parentOf(p), false, true
	}
	return "", false, false
}

// joinPaths joins path parts as os.path.join does: an absolute part starts
// the path again.
func joinPaths(parts []string) string {
	out := ""
	for _, p := range parts {
		switch {
		case out == "" || strings.HasPrefix(p, "/"):
			out = p
		case p == "":
		case strings.HasSuffix(out, "/"):
			out += p
		default:
			out += "/" + p
		}
	}
	return out
}

// parentOf is the directory holding p: the parent of ~ is above the home.
func parentOf(p string) string {
	p = strings.TrimRight(p, "/")
	if i := strings.LastIndexByte(p, '/'); i > 0 {
		return p[:i]
	} else if i == 0 {
		return "/"
	}
	return p + "/.."
}

// closeOf is the index of the bracket that closes a[i], or -1.
func closeOf(a []token, i int) int {
	if i < 0 || i >= len(a) || a[i].kind != tPunct {
		return -1
	}
	depth := 0
	for j := i; j < len(a); j++ {
		switch a[j].val {
		case "(", "[", "{":
			if a[j].kind == tPunct {
				depth++
			}
		case ")", "]", "}":
			if a[j].kind == tPunct {
				depth--
			}
		}
		if depth == 0 {
			return j
		}
	}
	return -1
}

// splitTop splits tokens at their top-level commas.
func splitTop(toks []token) [][]token { return splitArgs(toks, matchBrackets(toks), 0) }

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

// interpolated reads the expressions a string of lang interpolates (ruby
// "#{Dir.home}", a template literal's ${os.homedir()}, a python f-string's
// {os.environ["HOME"]}, perl's "$ENV{HOME}", php's "{$_SERVER['HOME']}")
// as terms of the code: one that is static becomes its value, so that
// "$ENV{HOME}/.bashrc" is $HOME/.bashrc. dynamic reports interpolation
// left that is not.
func interpolated(lang, s string) (string, bool) {
	var b, rest strings.Builder
	dyn := false
	for i := 0; i < len(s); {
		start, exprFrom, exprTo, next := interpolation(lang, s, i)
		if start < 0 {
			rest.WriteString(s[i:])
			b.WriteString(s[i:])
			break
		}
		rest.WriteString(s[i:start])
		b.WriteString(s[i:start])
		expr := s[exprFrom:exprTo]
		if lang == "php" && strings.HasPrefix(expr, "$_") && strings.HasSuffix(expr, "]") && !strings.ContainsAny(expr, `"'`) {
			k := strings.IndexByte(expr, '[') // "$_SERVER[HOME]": the key unquoted
			expr = expr[:k+1] + `"` + expr[k+1:len(expr)-1] + `"]`
		}
		if v, d, ok := value(tokenize(lang, expr)); ok && !d && depthOK(expr) {
			b.WriteString(v)
		} else {
			b.WriteString(s[start:next])
			dyn = true
		}
		i = next
	}
	switch lang {
	case "perl", "php", "julia":
		dyn = dyn || interpolates(lang, rest.String())
	}
	return b.String(), dyn
}

// depthOK bounds the interpolations read within interpolations.
func depthOK(expr string) bool { return len(expr) < 256 }

// interpolation finds the next interpolated expression in s from i: it
// starts at start, its expression is s[from:to] and the text resumes at
// next; start is -1 when there is none.
func interpolation(lang, s string, i int) (start, from, to, next int) {
	for ; i < len(s); i++ {
		var open int // length of the opener before the expression
		switch {
		case lang == "python" && s[i] == '{':
			if i+1 < len(s) && s[i+1] == '{' {
				i++
				continue
			}
			open = 1
		case lang == "julia" && strings.HasPrefix(s[i:], "$("):
			if end := closeParen(s, i+1); end > 0 {
				return i, i + 2, end, end + 1
			}
		case lang == "node" && strings.HasPrefix(s[i:], "${"),
			lang == "ruby" && strings.HasPrefix(s[i:], "#{"):
			open = 2
		case lang == "php" && strings.HasPrefix(s[i:], "{$"):
			open = 1
		case lang == "perl" && strings.HasPrefix(s[i:], "$ENV{"):
			if end := strings.IndexByte(s[i:], '}'); end > 0 {
				return i, i, i + end + 1, i + end + 1
			}
		case lang == "php" && (strings.HasPrefix(s[i:], "$_SERVER[") || strings.HasPrefix(s[i:], "$_ENV[")):
			if end := strings.IndexByte(s[i:], ']'); end > 0 {
				return i, i, i + end + 1, i + end + 1
			}
		}
		if open == 0 {
			continue
		}
		depth := 0
		for j := i + open; j < len(s); j++ {
			switch s[j] {
			case '{':
				depth++
			case '}':
				if depth == 0 {
					return i, i + open, j, j + 1
				}
				depth--
			}
		}
		return -1, 0, 0, 0
	}
	return -1, 0, 0, 0
}

// bindNames reads what the code binds its names to and puts the bound
// values in their place, so that the calls are read as if written out:
// a name assigned once a string or a path (c = "rm -rf ~"; system(c)), a
// function (s = os.system; s(…)) or a module (cp = require("child_process")),
// node's destructured requires (const {execSync: x} = require(…)), a loop's
// variable over a glob or a listing (for f in glob.glob("~/*"),
// Dir.glob(…).each { |f| … }, foreach (glob(…) as $f)) and an index that
// names a method (cp["exec" + "Sync"](…)). opaque reports a method or
// function named by a value that is not static.
func bindNames(lang, code string, toks []token) ([]token, bool) {
	if lang == "awk" {
		toks = awkConcat(toks)
	}
	toks = requiredModules(toks)
	if lang == "python" && strings.Contains(code, "def ") {
		// pytest's temporary directories first, so that names assigned
		// from them are paths (pyscope.go)
		b := newBinder(lang, toks)
		b.fixtureParams(code, true)
		b.resolve()
		toks = b.apply()
	}
	b := newBinder(lang, toks)
	b.code = code
	b.assignments()
	b.loops()
	b.resolve()
	opaque := b.opaque
	if lang == "python" && strings.Contains(code, "fixture") {
		// then the fixtures the code defines, whose values may use them
		b = newBinder(lang, b.apply())
		b.fixtureParams(code, false)
		b.resolve()
	}
	// then the indexes, which may use the names: k = "execSync"; cp[k](…)
	b = newBinder(lang, b.apply())
	b.opaque = opaque
	b.indexCalls()
	return b.apply(), b.opaque
}

func newBinder(lang string, toks []token) *binder {
	b := &binder{lang: lang, toks: toks, match: matchBrackets(toks), subst: map[int][]token{}, bound: map[string][]scoped{}}
	b.open = openers(b.match)
	b.parent = make([]int, len(toks))
	var stack []int
	for i, t := range toks {
		b.parent[i] = -1
		if n := len(stack); n > 0 {
			b.parent[i] = stack[n-1]
		}
		if t.kind == tPunct && (t.val == "(" || t.val == "[") && b.match[i] > i {
			stack = append(stack, i)
		}
		for n := len(stack); n > 0 && b.match[stack[n-1]] <= i; n = len(stack) {
			stack = stack[:n-1]
		}
	}
	return b
}

// apply is the tokens with the replacements made.
func (b *binder) apply() []token {
	if len(b.subst) == 0 {
		return b.toks
	}
	out := make([]token, 0, len(b.toks))
	for i, t := range b.toks {
		if r, ok := b.subst[i]; ok {
			out = append(out, r...)
			continue
		}
		out = append(out, t)
	}
	return out
}

type binder struct {
	lang   string
	code   string // the code toks were read from, for Python's indentation (pyDefs)
	toks   []token
	match  []int
	open   []int // the opener of each closer
	parent []int // the innermost ( or [ around each token, or -1
	subst  map[int][]token
	bound  map[string][]scoped // the names' bindings, put in place by resolve
	walked map[string]bool     // names of os.walk's lists of entries (for root, dirs, files in os.walk(d))
	opaque bool
}

// scoped is a binding that holds in toks[from:to].
type scoped struct {
	bnd      binding
	from, to int
}

// maxBindings bounds the names bound per payload, keeping scans linear.
const maxBindings = 512

// set records a replacement unless one is already there.
func (b *binder) set(i int, r []token) {
	if _, ok := b.subst[i]; !ok {
		b.subst[i] = r
	}
}

// indexCalls reads obj["name"](…) as obj.name(…).
func (b *binder) indexCalls() {
	toks := b.toks
	for i := 1; i < len(toks); i++ {
		end := b.match[i]
		if toks[i].val != "[" || toks[i].kind != tPunct || end < 0 || end+1 >= len(toks) || toks[end+1].val != "(" {
			continue
		}
		prev := toks[i-1]
		if prev.kind != tIdent && prev.val != ")" {
			continue
		}
		v, dyn, ok := value(toks[i+1 : end])
		if !ok || dyn || !isIdentifier(v) {
			if o := b.opener(i - 1); strings.Contains(prev.val, "child_process") || b.lang == "python" && isReflection(prev.val) ||
				prev.val == ")" && o > 0 && isReflection(toks[o-1].val) {
				b.opaque = true // cp[name](…), globals()[name](…): what runs is computed
			}
			continue
		}
		computed := end-i > 2
		if obj, ok := strings.CutSuffix(prev.val, ".__dict__"); ok && prev.kind == tIdent {
			prev.val, computed = obj, true // os.__dict__["system"]: reflection
		}
		if o := b.opener(i - 1); prev.val == ")" && o == i-3 && o > 0 && toks[o-1].val == "vars" && toks[o+1].kind == tIdent {
			b.set(o-1, []token{{kind: tIdent, val: toks[o+1].val + "." + v, computed: true, off: toks[o-1].off, end: toks[end].end}})
			for k := o; k <= end; k++ {
				b.set(k, []token{})
			}
			continue
		}
		if prev.kind == tIdent {
			b.set(i-1, []token{{kind: tIdent, val: prev.val + "." + v, computed: computed, off: prev.off, end: toks[end].end}})
		} else {
			b.set(i, []token{{kind: tIdent, val: "." + v, computed: computed, off: toks[i].off, end: toks[end].end}})
		}
		for k := i; k <= end; k++ {
			b.set(k, []token{})
		}
	}
}

// reflectionWrite is a write to Python's namespaces by reflection:
// globals()["c"] = …, vars().update(…), setattr(sys.modules[__name__], …).
var reflectionWrite = lazyRegexp(`\b(?:globals|locals|vars)\s*\(\s*\)\s*(?:\[[^\]]*\]\s*=[^=]|\.\s*(?:update|setdefault|__setitem__)\s*\()|\bsys\.modules\s*\[\s*__name__\s*\]|(?:^|[^.\w])setattr\s*\(\s*(?:sys\.modules|__import__|__builtins__|builtins\b)`)

// isReflection reports a name through which python reaches any function:
// globals(), vars(), __builtins__, a module's __dict__.
func isReflection(name string) bool {
	for _, s := range []string{"globals", "locals", "vars", "__builtins__", "__dict__", "sys.modules", "getattr", "child_process", "require"} {
		if strings.Contains(name, s) {
			return true
		}
	}
	return false
}

func (b *binder) opener(close int) int {
	if close < 0 || close >= len(b.open) || b.open[close] < 0 {
		return 0
	}
	return b.open[close]
}

// exprEnd is the last token of the expression starting at k: terms joined
// by + . / and lua's .. .
func exprEnd(toks []token, k int) int {
	end := -1
	for k < len(toks) {
		switch {
		case toks[k].kind == tString && toks[k].path:
			end = termEnd(toks, k) // a path and its methods: tmp_path_factory.mktemp("work")
		case toks[k].kind == tString || toks[k].kind == tNumber:
			end = k
		case toks[k].kind == tIdent || toks[k].val == "(":
			end = termEnd(toks, k)
		case toks[k].val == "[" && toks[k].kind == tPunct && end < 0: // a list
			return closeOf(toks, k)
		default:
			return end
		}
		k = end + 1
		if k >= len(toks) || toks[k].kind != tPunct || (toks[k].val != "+" && toks[k].val != "." && toks[k].val != "/") {
			return end
		}
		if toks[k].val == "." && k+1 < len(toks) && toks[k+1].val == "." {
			k++
		}
		k++
	}
	return end
}

// binding is what a name stands for.
type binding struct {
	list      []token // a list of static words
	str, fn   string  // a string or path value, or the function or module it names
	dyn, path bool
	computed  bool // a value built from pieces
}

// bindingOf is what the expression toks[from:to+1] binds a name to.
func bindingOf(toks []token, from, to int) (binding, bool) {
	rhs := toks[from : to+1]
	if len(rhs) > 2 && rhs[0].val == "(" && rhs[0].kind == tPunct && closeOf(rhs, 0) == len(rhs)-1 && len(splitTop(rhs[1:len(rhs)-1])) > 1 {
		// perl's @c = ("rm", "-rf", $d): a list
		rhs = append(append([]token{{kind: tPunct, val: "["}}, rhs[1:len(rhs)-1]...), token{kind: tPunct, val: "]"})
	}
	if _, _, ok := listWords(rhs); ok && rhs[0].val == "[" { // cmd = ["sh", "-c", "…"]: an argv, kept a list
		return binding{list: rhs}, true
	}
	if v, dyn, ok := value(rhs); ok {
		return binding{str: v, dyn: dyn, path: pathExpr(rhs), computed: len(rhs) > 1}, true
	}
	if len(rhs) == 1 && rhs[0].kind == tIdent && !strings.HasPrefix(rhs[0].val, ".") && strings.Contains(rhs[0].val, ".") {
		return binding{fn: rhs[0].val}, true // s = os.system
	}
	if m, ok := moduleOf(rhs); ok {
		return binding{fn: m}, true
	}
	return binding{}, false
}

// moduleOf is the module an expression loads: require("fs").promises is fs.promises.
func moduleOf(rhs []token) (string, bool) {
	if len(rhs) < 4 || rhs[0].kind != tIdent || !moduleCalls[rhs[0].val] || rhs[1].val != "(" {
		return "", false
	}
	end := closeOf(rhs, 1)
	if end != 3 || rhs[2].kind != tString {
		return "", false
	}
	m := strings.ReplaceAll(strings.TrimPrefix(rhs[2].val, "node:"), "/", ".")
	for _, t := range rhs[end+1:] {
		if t.kind != tIdent || !strings.HasPrefix(t.val, ".") {
			return "", false
		}
		m += t.val
	}
	return m, true
}

// continues reports an expression that goes on after toks[end] on its
// line, the value exprEnd read being only its start: c = "ls" if x else
// "rm -rf ~", "…"[::-1], "a" or "b", "" || "b", "a".replace(…), Python's
// tuple "sh", "-c", "…" (red team, 2026-12-05: each bound c to its first
// string). A statement's end (;, a closing bracket, node's next
// declarator) or a new line (not one a backslash continues) ends it.
func (b *binder) continues(end int) bool {
	if end+1 >= len(b.toks) || b.code == "" {
		return false
	}
	next := b.toks[end+1]
	if next.kind == tPunct {
		switch next.val {
		case ";", ")", "]", "}":
			return false
		case ",":
			if b.lang != "python" {
				return false
			}
		}
	}
	from, to := b.toks[end].end, next.off
	if from <= 0 || to < from || to > len(b.code) {
		return false // a token put in place of others: where it lies is not known
	}
	return !strings.Contains(strings.ReplaceAll(b.code[from:to], "\\\n", ""), "\n")
}

// assignments binds names assigned once.
func (b *binder) assignments() {
	toks := b.toks
	depth := 0
	type site = assignSite
	sites := map[string][]site{}
	// node's function bodies given to a call (beforeEach(() => { d =
	// fs.mkdtempSync(…) })) hold statements: an assignment there is
	// read as at the top level, the brackets around it put aside
	var bodies []int // the depth outside each function body open
	for i := 0; i+2 < len(toks); i++ {
		switch toks[i].val {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case "{":
			if b.lang == "node" && toks[i].kind == tPunct && i > 0 && (toks[i-1].val == "=>" || toks[i-1].val == ">" && i > 1 && toks[i-2].val == "=" || toks[i-1].val == ")") {
				bodies = append(bodies, depth)
				depth = 0
			} else if len(bodies) > 0 {
				bodies = append(bodies, -1) // a block or an object inside one
			}
		case "}":
			if n := len(bodies); n > 0 {
				if bodies[n-1] >= 0 {
					depth = bodies[n-1]
				}
				bodies = bodies[:n-1]
			}
		}
		t := toks[i]
		if depth != 0 || toks[i+1].val != "=" || toks[i+1].kind != tPunct || toks[i+2].val == "=" || toks[i+2].val == "~" {
			if t.kind == tIdent && i+2 < len(toks) && toks[i+2].val == "=" && strings.Contains("+-*/.|&", toks[i+1].val) {
				sites[t.val] = append(sites[t.val], site{at: i}) // x += …: not one value
			}
			if b.lang == "node" && t.val == "{" && i > 0 && (toks[i-1].val == "const" || toks[i-1].val == "let" || toks[i-1].val == "var") {
				b.destructure(i)
			}
			continue
		}
		if t.kind != tIdent || strings.HasPrefix(t.val, ".") || strings.Contains(t.val, ".") && b.lang != "perl" && !selfAttr(b.lang, t.val) {
			if b.lang == "python" && t.kind == tIdent && strings.Contains(t.val, ".") {
				// other.tmp = …: the attribute set on another name
				// may be self's too
				sites["self"+t.val[strings.LastIndexByte(t.val, '.'):]] = append(sites["self"+t.val[strings.LastIndexByte(t.val, '.'):]], site{at: i})
			}
			continue
		}
		end := exprEnd(toks, i+2)
		if end < 0 || b.continues(end) {
			sites[t.val] = append(sites[t.val], site{at: i})
			continue
		}
		bnd, ok := bindingOf(toks, i+2, end)
		if b.lang == "php" && (toks[i+2].val == "function" || toks[i+2].val == "fn") {
			bnd, ok = binding{fn: "closure"}, true
		}
		sites[t.val] = append(sites[t.val], site{at: i, bnd: bnd, ok: ok})
	}
	if b.lang == "python" || b.lang == "node" {
		b.otherBindings(sites)
	}
	if b.lang == "python" && strings.Contains(b.code, "def ") {
		b.scopedSites(sites)
		return
	}
	for name, ss := range sites {
		if len(ss) == 1 && ss[0].ok {
			b.bind(name, ss[0].bnd, ss[0].at+1, len(toks))
		}
	}
	if b.lang == "php" {
		for i := 0; i+1 < len(toks); i++ {
			if t := toks[i]; t.kind == tIdent && strings.HasPrefix(t.val, "$") && toks[i+1].val == "(" {
				if ss := sites[t.val]; len(ss) != 1 || !ss[0].ok || ss[0].bnd.dyn {
					b.opaque = true // $f(…) with $f not one known string or closure: what runs is computed
				}
			}
		}
	}
}

// otherBindings records the bindings of Python's and node's names other
// than name = value, each a value hguard does not read, so that a name
// bound by one of them besides stands for no one value: the targets of a
// tuple, list or starred assignment (c, d = …; [c] = …; *_, c = …), a
// subscript's store (c[0] = …, del c[0]), a walrus (c := …), a loop's,
// with's, except's, import's and catch's names (for c in …, as c, import
// c, for (c of …), catch (c)), a def's, class's or function's name and a
// match's capture (case c:). An annotated assignment (c: str = …) is an
// assignment of its value. A write through globals(), vars(), locals(),
// setattr or sys.modules rebinds any name, and leaves the code opaque.
func (b *binder) otherBindings(sites map[string][]assignSite) {
	toks := b.toks
	add := func(k int) {
		if k < 0 || k >= len(toks) {
			return
		}
		t := toks[k]
		if t.kind != tIdent || strings.HasPrefix(t.val, ".") || strings.Contains(t.val, ".") && !selfAttr(b.lang, t.val) ||
			k > 0 && toks[k-1].kind == tPunct && toks[k-1].val == "." {
			return
		}
		sites[t.val] = append(sites[t.val], assignSite{at: k})
	}
	if reflectionWrite().MatchString(b.code) {
		b.opaque = true
	}
	py := b.lang == "python"
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		switch {
		case t.kind == tPunct && t.val == "=" && k > 0 && k+1 < len(toks) && !strings.Contains("=>", toks[k+1].val) &&
			!(toks[k-1].kind == tPunct && strings.Contains("=!<>+-*/%&|^~:@.?", toks[k-1].val)):
			if o := b.parent[k]; o >= 0 && (py || toks[o].val == "(" && b.match[o]+1 < len(toks) && (toks[b.match[o]+1].val == "=>" || toks[b.match[o]+1].val == "{")) {
				continue // a keyword argument, a default parameter
			}
			b.targets(k, add)
		case py && t.kind == tIdent && k+2 < len(toks) && toks[k+1].val == ":" && toks[k+2].val == "=":
			add(k) // c := …
		case py && t.kind == tIdent && k+2 < len(toks) && toks[k+1].val == ":" && b.parent[k] < 0:
			if _, first := lineIndent(b.code, t.off); !first {
				continue
			}
			for e := k + 2; e+1 < len(toks); e++ {
				if _, first := lineIndent(b.code, toks[e].off); first && b.parent[e] < 0 {
					break
				}
				if toks[e].kind == tPunct && toks[e].val == "=" && b.parent[e] < 0 && toks[e+1].val != "=" && !strings.Contains("=!<>", toks[e-1].val) {
					if end := exprEnd(toks, e+1); end >= 0 && t.val != "else" {
						bnd, ok := bindingOf(toks, e+1, end)
						sites[t.val] = append(sites[t.val], assignSite{at: k, bnd: bnd, ok: ok}) // c: str = …
					} else {
						add(k)
					}
					break
				}
			}
		case t.kind == tIdent && (t.val == "as" || t.val == "def" || t.val == "class" || t.val == "function" || t.val == "del" || t.val == "catch" && !py):
			j := k + 1
			if j < len(toks) && toks[j].val == "(" {
				j++ // catch (e)
			}
			add(j)
		case t.kind == tIdent && t.val == "import" && py:
			for j := k + 1; j < len(toks) && (toks[j].kind == tIdent || toks[j].val == "," || toks[j].val == "(" || toks[j].val == ")"); j++ {
				if toks[j].kind == tIdent && toks[j].val != "as" && (j+1 >= len(toks) || toks[j+1].val != "as") {
					if _, first := lineIndent(b.code, toks[j].off); first && j > k+1 && b.parent[j] < 0 {
						break
					}
					add(j)
				}
			}
		case t.kind == tIdent && t.val == "for":
			j := k + 1
			if !py && j < len(toks) && toks[j].val == "(" {
				j++
				if j < len(toks) && (toks[j].val == "const" || toks[j].val == "let" || toks[j].val == "var") {
					j++
				}
			}
			for ; j < len(toks) && toks[j].val != "in" && toks[j].val != "of" && toks[j].val != ":" && toks[j].val != ";"; j++ {
				add(j)
			}
		case py && t.kind == tIdent && t.val == "case" && b.parent[k] < 0:
			if _, first := lineIndent(b.code, t.off); !first {
				continue
			}
			for j := k + 1; j < len(toks) && toks[j].val != ":"; j++ {
				if toks[j].val != "_" && (j+1 >= len(toks) || toks[j+1].val != "(") {
					add(j)
				}
			}
		}
	}
}

// targets records the names the assignment at toks[eq] binds besides a
// lone name: each of a tuple's or a list's (c, d = …; [c] = …; *r, c =
// …), a subscript's store (c[0] = …) and node's destructuring.
func (b *binder) targets(eq int, add func(int)) {
	toks := b.toks
	j := eq - 1
	several := false
	for j >= 0 {
		t := toks[j]
		switch {
		case t.kind == tPunct && (t.val == "]" || t.val == ")" || t.val == "}"):
			o := b.opener(j)
			if t.val == "}" {
				o = slices.Index(b.match, j)
			}
			if o < 0 || o >= j {
				return
			}
			if o > 0 && toks[o-1].kind == tIdent && t.val == "]" {
				add(o - 1) // c[0] = …: the list changed
				several, j = true, o-1
				break
			}
			for k := o + 1; k < j; k++ {
				if toks[k].kind == tIdent && !(k+1 < j && toks[k+1].val == ":" && t.val == "}") {
					add(k) // [c, d] = …, ({ c } = …)
				}
			}
			several, j = true, o
		case t.kind == tIdent:
			if several || j > 0 && (toks[j-1].val == "," || toks[j-1].val == "*") {
				add(j)
				several = true
			}
		default:
			return
		}
		if j > 0 && toks[j-1].val == "*" {
			j--
		}
		if j == 0 || toks[j-1].val != "," {
			return
		}
		several = true
		j -= 2
	}
}

// assignSite is an assignment of a name: at its index, to bnd when ok.
type assignSite struct {
	at    int
	bnd   binding
	ok    bool
	param bool // a def's parameter (scopedSites)
}

// selfAttr reports a Python attribute of self (self.tmp), which a
// unittest's setUp assigns and its tests and tearDown read.
func selfAttr(lang, name string) bool {
	return lang == "python" && strings.HasPrefix(name, "self.") && strings.Count(name, ".") == 1
}

// scopedSites binds Python's names assigned once in a function for that
// function's body (pyDefs), each function apart: a name assigned at the
// module's level, declared global or nonlocal, or assigned in a function
// and in one nested in it is bound as before, once in the whole code or
// not at all. self's attributes are the object's, bound once in the
// whole code too. A loop's or with's name and an augmented assignment are
// assignments not of one value, and so is a parameter but in its own
// function, where an assignment gives it its value from there on.
func (b *binder) scopedSites(sites map[string][]assignSite) {
	toks := b.toks
	defs := pyDefs(b.code, toks, b.match)
	for _, d := range defs {
		for _, p := range d.params {
			sites[p] = append(sites[p], assignSite{at: d.at, param: true})
		}
	}
	for k := 0; k+2 < len(toks); k++ {
		if t := toks[k]; (t.val == "for" || t.val == "as") && t.kind == tIdent && toks[k+1].kind == tIdent {
			sites[toks[k+1].val] = append(sites[toks[k+1].val], assignSite{at: k + 1})
		}
	}
	declared := map[string]bool{}
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].val == "global" || toks[k].val == "nonlocal" {
			for j := k + 1; j < len(toks) && (toks[j].kind == tIdent || toks[j].val == ","); j++ {
				declared[toks[j].val] = true
			}
		}
	}
	for name, ss := range sites {
		whole := declared[name] || strings.HasPrefix(name, "self.")
		scopes := map[int][]assignSite{}
		for _, s := range ss {
			in := innermost(defs, s.at)
			if in < 0 && !(s.at < len(toks) && slices.ContainsFunc(defs, func(d pyDef) bool { return d.at == s.at })) {
				whole = true // at the module's level
			}
			if s.at < len(toks) && toks[s.at].val == "def" {
				in = slices.IndexFunc(defs, func(d pyDef) bool { return d.at == s.at }) // a parameter: its own def's
			}
			scopes[in] = append(scopes[in], s)
		}
		if !whole {
			for i := range scopes {
				for j := range scopes {
					if i != j && i >= 0 && j >= 0 && defs[j].from >= defs[i].from && defs[j].to <= defs[i].to {
						whole = true // assigned in a function and in one it holds
					}
				}
			}
		}
		if whole {
			if len(ss) == 1 && ss[0].ok {
				b.bind(name, ss[0].bnd, ss[0].at+1, len(toks))
			}
			continue
		}
		for in, s := range scopes {
			// a parameter assigned anew in its function is that value
			// from there on, as a name assigned once is
			s = slices.DeleteFunc(s, func(x assignSite) bool { return x.param })
			if in >= 0 && len(s) == 1 && s[0].ok {
				b.bind(name, s[0].bnd, s[0].at+1, defs[in].to)
			}
		}
	}
}

// destructure binds node's const {a, b: c} = require("m").
func (b *binder) destructure(open int) {
	toks := b.toks
	end := b.match[open]
	if end < 0 || end+2 >= len(toks) || toks[end+1].val != "=" {
		return
	}
	rhsEnd := termEnd(toks, end+2)
	m, ok := moduleOf(toks[end+2 : rhsEnd+1])
	if !ok {
		return
	}
	for _, part := range splitArgs(toks[open+1:end], b.match, open+1) {
		switch {
		case len(part) == 1 && part[0].kind == tIdent:
			b.bind(part[0].val, binding{fn: m + "." + part[0].val}, rhsEnd+1, len(toks))
		case len(part) == 3 && part[0].kind == tIdent && part[1].val == ":" && part[2].kind == tIdent:
			b.bind(part[2].val, binding{fn: m + "." + part[0].val}, rhsEnd+1, len(toks))
		}
	}
}

// bind records a binding of name for its uses in toks[from:to].
func (b *binder) bind(name string, bnd binding, from, to int) {
	if bnd.fn == "closure" || len(b.bound) >= maxBindings {
		return
	}
	b.bound[name] = append(b.bound[name], scoped{bnd, from, to})
}

// resolve puts the bindings in place of the names' uses.
func (b *binder) resolve() {
	if len(b.bound) == 0 {
		return
	}
	toks := b.toks
	for k, t := range toks {
		if t.kind != tIdent || k+1 < len(toks) && toks[k+1].val == "=" && (k+2 >= len(toks) || toks[k+2].val != "=") {
			continue
		}
		name, rest := t.val, ""
		bs, ok := b.bound[name]
		if !ok {
			if i := strings.IndexByte(t.val, '.'); i > 0 {
				name, rest = t.val[:i], t.val[i:]
				bs, ok = b.bound[name]
			}
		}
		if !ok {
			continue
		}
		for _, sb := range bs {
			if k >= sb.from && k < sb.to {
				b.use(k, sb.bnd, rest)
				break
			}
		}
	}
}

// use puts a binding in place of toks[k], a use of its name followed by rest.
func (b *binder) use(k int, bnd binding, rest string) {
	toks, t := b.toks, b.toks[k]
	if k > 0 && toks[k-1].kind == tPunct && toks[k-1].val == "." && !(k > 1 && toks[k-2].val == ".") && b.lang != "perl" && b.lang != "php" {
		return // obj . name: a member
	}
	if bnd.fn != "" {
		b.set(k, []token{{kind: tIdent, val: bnd.fn + rest, off: t.off, end: t.end}})
		return
	}
	if bnd.list != nil {
		if rest == "" {
			r := make([]token, len(bnd.list))
			for i, x := range bnd.list {
				x.off, x.end = t.off, t.end
				r[i] = x
			}
			b.set(k, r)
		}
		return
	}
	if rest == "" && b.lang == "php" && k+1 < len(toks) && toks[k+1].val == "(" && !bnd.dyn {
		b.set(k, []token{{kind: tIdent, val: bnd.str, computed: bnd.computed, off: t.off, end: t.end}}) // $f = "system"; $f(…)
		return
	}
	r := []token{{kind: tString, val: bnd.str, dynamic: bnd.dyn, path: bnd.path, off: t.off, end: t.end}}
	if rest != "" {
		r = append(r, token{kind: tIdent, val: rest, off: t.off, end: t.end})
	}
	b.set(k, r)
}

// listings name the entries of the directory they are given, not paths.
var listings = map[string]bool{"os.listdir": true, "os.scandir": true, "fs.readdirSync": true, "readdirSync": true,
	"Dir.children": true, "Dir.entries": true, "Dir.each_child": true, "scandir": true, "list.files": true, "readdir": true}

// loops binds the variable of a loop over a glob or a listing to the
// pattern of the files it takes.
func (b *binder) loops() {
	toks := b.toks
	for i := 0; i+3 < len(toks); i++ {
		t := toks[i]
		switch {
		case b.lang == "python" && t.val == "for" && toks[i+1].kind == tIdent && toks[i+2].val == ",":
			b.walkLoop(i)
		case b.lang == "python" && t.val == "for" && toks[i+1].kind == tIdent && toks[i+2].val == "in":
			end := exprEnd(toks, i+3)
			if end < 0 {
				continue
			}
			from, to := i+4, len(toks)
			if o := b.enclosing(i); o >= 0 { // a comprehension: its body comes first
				from, to = o+1, b.match[o]
			}
			b.loopVar(toks[i+1].val, i+3, end, from, to)
		case b.lang == "php" && t.val == "foreach" && toks[i+1].val == "(":
			end := b.match[i+1]
			for k := i + 2; k < end; k++ {
				if toks[k].val == "as" && toks[end-1].kind == tIdent {
					if e := exprEnd(toks, i+2); e == k-1 {
						b.loopVar(toks[end-1].val, i+2, e, end+1, len(toks))
					}
				}
			}
		case (b.lang == "node" || b.lang == "perl") && (t.val == "for" || t.val == "foreach") && toks[i+1].val == "(" && b.lang == "node":
			end := b.match[i+1]
			for k := i + 2; k+1 < end; k++ {
				if toks[k].val == "of" && toks[k-1].kind == tIdent {
					if e := exprEnd(toks, k+1); e == end-1 {
						b.loopVar(toks[k-1].val, k+1, e, end+1, len(toks))
					}
				}
			}
		case b.lang == "perl" && (t.val == "for" || t.val == "foreach") && (toks[i+1].val == "my" && toks[i+2].kind == tIdent && toks[i+3].val == "("):
			end := b.match[i+3]
			if e := exprEnd(toks, i+4); e == end-1 && e > 0 {
				b.loopVar(toks[i+2].val, i+4, e, end+1, len(toks))
			}
		case b.lang == "ruby" && (t.val == "{" || t.val == "do") && toks[i+1].val == "|" && toks[i+2].kind == tIdent && toks[i+3].val == "|":
			recvEnd := i - 1
			if recvEnd >= 0 && toks[recvEnd].kind == tIdent && strings.HasPrefix(toks[recvEnd].val, ".each") {
				recvEnd-- // Dir.glob(…).each { |f| … }
			}
			start := b.chainStart(recvEnd)
			if start < 0 {
				continue
			}
			to := len(toks)
			if t.val == "{" && b.match[i] > 0 {
				to = b.match[i]
			}
			b.loopVar(toks[i+2].val, start, recvEnd, i+4, to)
		case b.lang == "node" && t.kind == tIdent && (strings.HasSuffix(t.val, ".forEach") || t.val == ".forEach" || t.val == ".map") && toks[i+1].val == "(":
			start := b.chainStart(i - 1)
			if strings.Contains(t.val[1:], ".") {
				continue
			}
			end := b.match[i+1]
			k := i + 2
			if toks[k].val == "(" {
				k++
			}
			if start < 0 || k >= end || toks[k].kind != tIdent {
				continue
			}
			b.loopVar(toks[k].val, start, i-1, k+1, end)
		}
	}
}

// enclosing is the opener of the innermost ( or [ around toks[i], or -1.
func (b *binder) enclosing(i int) int { return b.parent[i] }

// chainStart is the first token of the call chain ending at toks[end]
// (Dir.glob("~/*"), Path.home().rglob("*")), or -1.
func (b *binder) chainStart(end int) int {
	j := end
	for j >= 0 {
		t := b.toks[j]
		if (t.val == ")" || t.val == "]") && t.kind == tPunct {
			j = b.opener(j)
			if j > 0 && b.toks[j-1].kind == tIdent {
				j--
			} else {
				return j
			}
		}
		if b.toks[j].kind == tIdent && strings.HasPrefix(b.toks[j].val, ".") && j > 0 {
			j--
			continue
		}
		return j
	}
	return -1
}

// loopVar binds name, in toks[from:to], to the files the expression
// toks[exprFrom:exprTo+1] iterates over.
func (b *binder) loopVar(name string, exprFrom, exprTo, from, to int) {
	if exprFrom > exprTo || exprTo >= len(b.toks) {
		return
	}
	expr := b.toks[exprFrom : exprTo+1]
	if expr[0].kind == tIdent && len(expr) == 1 && b.walked[expr[0].val] {
		// os.walk's names, at every depth under its root: os.remove(os.path.join(root, f))
		// deletes every file of the tree, as rglob("*") does
		b.bind(name, binding{str: "**/*"}, from, to)
		return
	}
	if expr[0].kind == tIdent && listings[expr[0].val] {
		b.bind(name, binding{str: "*"}, from, to) // names: os.remove(os.path.join(d, f))
		return
	}
	if ws, _, ok := listWords(expr); ok && len(ws) != 1 {
		return // a name for each of several values
	}
	v, dyn, ok := value(expr)
	if !ok {
		return
	}
	b.bind(name, binding{str: v, dyn: dyn, path: pathExpr(expr)}, from, to)
}

// walkLoop reads python's for root, dirs, files in os.walk(d) at toks[i]:
// root is bound to d (each directory under it is d's), and dirs and files
// are lists of names, so that for f in files binds f as a listing's entry
// does: os.remove(os.path.join(root, f)) deletes d/* and below.
func (b *binder) walkLoop(i int) {
	toks := b.toks
	var names []string
	k := i + 1
	for k+1 < len(toks) && toks[k].kind == tIdent {
		names = append(names, toks[k].val)
		if toks[k+1].val != "," {
			break
		}
		k += 2
	}
	if len(names) != 3 || k+3 >= len(toks) || toks[k+1].val != "in" || toks[k+2].val != "os.walk" || toks[k+3].val != "(" {
		return
	}
	end := b.match[k+3]
	if end < 0 || end <= k+4 {
		return
	}
	arg := splitTop(toks[k+4 : end])[0]
	v, dyn, ok := value(arg)
	if !ok && len(arg) == 1 && arg[0].kind == tIdent {
		for _, sb := range b.bound[arg[0].val] { // d = os.path.expanduser("~"); os.walk(d)
			if sb.from <= k && k < sb.to && sb.bnd.str != "" {
				v, dyn, ok = sb.bnd.str, sb.bnd.dyn, true
				break
			}
		}
	}
	if !ok {
		return
	}
	from, to := end+1, len(toks)
	if o := b.enclosing(i); o >= 0 { // a comprehension: its body comes first
		from, to = o+1, b.match[o]
	}
	b.bind(names[0], binding{str: v, dyn: dyn, path: true}, from, to)
	if b.walked == nil {
		b.walked = map[string]bool{}
	}
	b.walked[names[1]], b.walked[names[2]] = true, true
}

// listWords reads a list of an argv's words: ["rm", "-rf", os.path.expanduser("~")],
// R's c("-rf", "~"). ok is false for anything else.
func listWords(a []token) ([]string, bool, bool) {
	var inner []token
	switch {
	case len(a) >= 2 && a[0].val == "[" && a[len(a)-1].val == "]" && closeOf(a, 0) == len(a)-1:
		inner = a[1 : len(a)-1]
	case len(a) >= 3 && a[0].val == "c" && a[1].val == "(" && a[len(a)-1].val == ")" && closeOf(a, 1) == len(a)-1:
		inner = a[2 : len(a)-1]
	case len(a) >= 2 && a[0].val == "{" && a[len(a)-1].val == "}" && closeOf(a, 0) == len(a)-1:
		inner = a[1 : len(a)-1] // a Lua table: vim.fn.system({"rm", "-rf", p})
	default:
		return nil, false, false
	}
	var words []string
	dyn := false
	for _, x := range splitTop(inner) {
		v, d, ok := value(x)
		if !ok {
			return nil, false, false
		}
		words, dyn = append(words, v), dyn || d
	}
	return words, dyn, true
}

// argvLine is an argv as a command line the shell would split into the
// same words: a word with spaces or shell syntax is quoted, so that
// ["sh", "-c", "rm -rf ~"] is sh -c 'rm -rf ~'. A home ($HOME, ~) and
// globs are left bare, so that the path rules know them.
func argvLine(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w != "" && bareWord().MatchString(w) {
			out[i] = w
		} else {
			out[i] = shellQuote(w)
		}
	}
	return strings.Join(out, " ")
}

var bareWord = lazyRegexp(`^(\$[A-Za-z_][A-Za-z0-9_]*|~)?[A-Za-z0-9_@%+=:,./*?~-]*$`)

// runsCode reports an action that runs a command or code.
func runsCode(act action) bool {
	switch act {
	case runShell, runArgv, runPath, evalCode, runOpts:
		return true
	}
	return false
}

// callback reads a call that names its function as an argument: php's
// call_user_func("system", "id"), call_user_func_array("system", ["id"]),
// array_map("unlink", glob(…)), array_walk(…, "unlink"), python's
// map(os.remove, glob.glob(…)). It reports whether toks[i] was one.
func (s *scanner) callback(lang string, toks []token, i int, match []int, aliases map[string]string, code string) bool {
	t := toks[i]
	fnAt, listAt := -1, -1
	switch {
	case lang == "php" && (t.val == "call_user_func" || t.val == "call_user_func_array" || t.val == "forward_static_call" ||
		t.val == "forward_static_call_array" || t.val == "register_shutdown_function" || t.val == "register_tick_function"):
		fnAt = 0
	case lang == "php" && (t.val == "array_map" || t.val == "array_filter" || t.val == "array_walk"):
		fnAt, listAt = 0, 1
		if t.val != "array_map" {
			fnAt, listAt = 1, 0
		}
	case lang == "python" && (t.val == "map" || t.val == "filter" || t.val == "list.map"):
		fnAt, listAt = 0, 1
	default:
		return false
	}
	args, end := callArgs(lang, toks, i, match)
	if end < 0 || len(args) <= fnAt || len(args) <= listAt {
		return false
	}
	f := args[fnAt]
	var qual, fn string
	computed := false
	switch {
	case len(f) == 1 && f[0].kind == tIdent:
		qual, fn = splitQual(f[0].val)
		if a, ok := aliases[qual]; ok {
			qual = a
		}
	default:
		v, dyn, ok := value(f)
		if !ok || dyn {
			s.opaque = true // the function is computed
			return true
		}
		qual, fn = splitQual(v)
		computed = len(f) > 1
	}
	act, ok := lookupCall(lang, fn, qual)
	if !ok {
		return false
	}
	s.opaque = s.opaque || computed && runsCode(act)
	rest := args[fnAt+1:]
	switch {
	case listAt >= 0:
		rest = [][]token{args[listAt]}
	case strings.HasSuffix(t.val, "_array") && len(rest) == 1:
		if ws, _, ok := listWords(rest[0]); ok && !runsCode(act) {
			rest = nil
			for _, w := range ws {
				rest = append(rest, []token{{kind: tString, val: w}})
			}
		} else if len(rest[0]) > 2 {
			rest = splitTop(rest[0][1 : len(rest[0])-1])
		}
	}
	if listAt >= 0 {
		if ws, _, ok := listWords(args[listAt]); ok && len(ws) > 0 {
			// map(os.system, ["rm -rf ~"]): the function is called with
			// each element, not with the list
			for _, w := range ws {
				s.call(lang, act, fn, [][]token{{{kind: tString, val: w}}}, code[t.off:toks[end].end])
			}
			return true
		}
	}
	s.call(lang, act, fn, rest, code[t.off:toks[end].end])
	return true
}

// decoded is the text of code decoded from a literal: base64
// (b64decode, atob, Buffer.from(s, "base64"), decode_base64, Base64.decode64,
// base64_decode), hex (bytes.fromhex, hex2bin) or rot13, which code hides
// itself behind.
func decoded(a []token) (string, bool) {
	for len(a) > 0 && a[len(a)-1].val == ")" { // .decode(), .toString("utf8")
		o := -1
		for k := len(a) - 1; k >= 0; k-- {
			if closeOf(a, k) == len(a)-1 {
				o = k
				break
			}
		}
		if o > 1 && a[o-1].kind == tIdent && (a[o-1].val == ".decode" || a[o-1].val == ".toString") {
			a = a[:o-1]
			continue
		}
		break
	}
	if len(a) < 4 || a[0].kind != tIdent || a[1].val != "(" || closeOf(a, 1) != len(a)-1 {
		return "", false
	}
	args := splitTop(a[2 : len(a)-1])
	if len(args) == 0 || len(args[0]) != 1 || args[0][0].kind != tString {
		return "", false
	}
	lit := args[0][0].val
	second := ""
	if len(args) > 1 && len(args[1]) == 1 && args[1][0].kind == tString {
		second = strings.ToLower(args[1][0].val)
	}
	_, fn := splitQual(a[0].val)
	var out []byte
	var err error
	switch {
	case fn == "b64decode" || fn == "standard_b64decode" || fn == "atob" || fn == "decode_base64" || fn == "decode64" ||
		fn == "strict_decode64" || fn == "base64_decode" || fn == "decodebytes" || (fn == "from" || fn == "decode") && second == "base64":
		out, err = base64.StdEncoding.DecodeString(strings.TrimSpace(lit))
		if err != nil {
			out, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(strings.TrimSpace(lit), "="))
		}
	case fn == "urlsafe_b64decode":
		out, err = base64.URLEncoding.DecodeString(lit)
	case fn == "fromhex" || fn == "hex2bin" || fn == "unhexlify" || (fn == "from" || fn == "decode") && second == "hex":
		out, err = hex.DecodeString(strings.ReplaceAll(lit, " ", ""))
	case fn == "str_rot13" || fn == "decode" && (second == "rot13" || second == "rot_13"):
		out = []byte(strings.Map(rot13, lit))
	default:
		return "", false
	}
	if err != nil || !utf8.Valid(out) {
		return "", false
	}
	return string(out), true
}

func rot13(r rune) rune {
	switch {
	case 'a' <= r && r <= 'z':
		return 'a' + (r-'a'+13)%26
	case 'A' <= r && r <= 'Z':
		return 'A' + (r-'A'+13)%26
	}
	return r
}

// wordList is a quoted list of words (perl's qw(…)) as the list's tokens.
func wordList(q token) []token {
	out := []token{{kind: tPunct, val: "[", off: q.off, end: q.off}}
	for i, w := range strings.Fields(q.val) {
		if i > 0 {
			out = append(out, token{kind: tPunct, val: ",", off: q.off, end: q.off})
		}
		out = append(out, token{kind: tString, val: w, off: q.off, end: q.end})
	}
	return append(out, token{kind: tPunct, val: "]", off: q.end, end: q.end})
}

// formatted is the value of the string a[k] and the formatting applied to
// it: python's "rm -rf %s" % p and "rm -rf {}".format(p). end is the
// formatting's last token.
func formatted(a []token, k int) (v string, dyn bool, end int, ok bool) {
	t := a[k]
	var args [][]token
	switch {
	case k+2 < len(a) && a[k+1].kind == tIdent && a[k+1].val == ".format" && a[k+2].val == "(":
		end = closeOf(a, k+2)
		if end < 0 {
			return "", false, 0, false
		}
		args = splitTop(a[k+3 : end])
	case k+2 < len(a) && a[k+1].kind == tPunct && a[k+1].val == "%" && strings.Contains(t.val, "%"):
		if a[k+2].val == "(" {
			end = closeOf(a, k+2)
			if end < 0 {
				return "", false, 0, false
			}
			args = splitTop(a[k+3 : end])
		} else {
			end = k + 2
			if a[k+2].kind == tIdent {
				end = termEnd(a, k+2)
			}
			args = [][]token{a[k+2 : end+1]}
		}
	default:
		return stringMethods(a, k)
	}
	vals := make([]string, len(args))
	dyn = t.dynamic
	for i, x := range args {
		if len(x) == 1 && x[0].kind == tNumber {
			vals[i] = x[0].val
			continue
		}
		v, d, ok := value(x)
		if !ok {
			return "", false, 0, false
		}
		vals[i], dyn = v, dyn || d
	}
	re := percentVerb()
	if a[k+1].val == ".format" {
		re = braceField()
	}
	n, ok := 0, true
	out := re.ReplaceAllStringFunc(t.val, func(m string) string {
		switch {
		case m == "%%" || m == "{{" || m == "}}":
			return m[:1]
		case m[0] == '{' && len(m) > 2 && m[1] >= '0' && m[1] <= '9':
			if i := int(m[1] - '0'); i < len(vals) {
				return vals[i]
			}
		case n < len(vals):
			n++
			return vals[n-1]
		}
		ok = false
		return m
	})
	return out, dyn, end, ok
}

var (
	percentVerb = lazyRegexp(`%%|%[-#0 +]*[0-9]*(?:\.[0-9]+)?[sdirfxc]`)
	braceField  = lazyRegexp(`\{\{|\}\}|\{[0-9]?(?:![rsa])?(?::[^{}]*)?\}`)
)

// awkConcat spells out awk's concatenation, which is two terms side by
// side inside a call's parentheses or in the file a print writes to:
// system("rm -rf " ENVIRON["HOME"]) is system("rm -rf " +
// ENVIRON["HOME"]), print > ENVIRON["HOME"] "/.bashrc" writes
// ENVIRON["HOME"] + "/.bashrc".
func awkConcat(toks []token) []token {
	var out []token
	depth := 0
	target := false // in the file of a print's > or >>: print "x" > ENVIRON["HOME"] "/.bashrc"
	for i, t := range toks {
		if t.kind == tPunct && (t.val == ";" || t.val == "{" || t.val == "}") {
			target = false
		}
		if i > 0 && (depth > 0 || target) {
			prev := toks[i-1]
			ends := prev.kind == tString || prev.kind == tIdent && !awkKeywords[prev.val] || prev.val == "]" || prev.val == ")" && prev.kind == tPunct
			starts := t.kind == tString || t.kind == tIdent && !awkKeywords[t.val]
			if ends && starts {
				out = append(out, token{kind: tPunct, val: "+", off: t.off, end: t.off})
			}
		}
		switch t.val {
		case "(":
			depth++
		case ")":
			depth--
		case ">":
			target = target || t.kind == tPunct && depth == 0 && awkPrinted(toks, i)
		}
		out = append(out, t)
	}
	return out
}

var awkKeywords = map[string]bool{"in": true, "getline": true, "print": true, "printf": true}

// requiredModules reads a module loaded by name and used at once as the
// module's name: require("child_process").execSync is
// child_process.execSync, __import__("os").system is os.system.
func requiredModules(toks []token) []token {
	var out []token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tIdent && moduleCalls[t.val] && i+4 < len(toks) && toks[i+1].val == "(" && toks[i+2].kind == tString &&
			!toks[i+2].dynamic && toks[i+3].val == ")" && toks[i+4].kind == tIdent && strings.HasPrefix(toks[i+4].val, ".") {
			m := strings.ReplaceAll(strings.TrimPrefix(toks[i+2].val, "node:"), "/", ".")
			if out == nil {
				out = append([]token(nil), toks[:i]...)
			}
			out = append(out, token{kind: tIdent, val: m + toks[i+4].val, off: t.off, end: toks[i+4].end})
			i += 4
			continue
		}
		if out != nil {
			out = append(out, t)
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// stringMethods is the value of the string a[k] and the methods that only
// reorder it, which code hides a command behind: python's "…"[::-1],
// ruby's "…".reverse, node's "…".split("").reverse().join("").
func stringMethods(a []token, k int) (string, bool, int, bool) {
	v, end := a[k].val, k
	for end+1 < len(a) {
		n := end + 1
		switch {
		case a[n].val == "[" && n+5 < len(a) && a[n+1].val == ":" && a[n+2].val == ":" && a[n+3].val == "-" && a[n+4].val == "1" && a[n+5].val == "]":
			v, end = reversed(v), n+5
		case a[n].kind == tIdent && reordering(a[n].val):
			e := n
			if n+1 < len(a) && a[n+1].val == "(" {
				if e = closeOf(a, n+1); e < 0 || (strings.HasSuffix(a[n].val, ".split") || strings.HasSuffix(a[n].val, ".join")) &&
					!(e == n+3 && a[n+2].kind == tString && a[n+2].val == "") {
					return v, a[k].dynamic, end, true
				}
			}
			for _, m := range strings.Split(a[n].val[1:], ".") {
				switch m {
				case "reverse":
					v = reversed(v)
				case "strip", "trim":
					v = strings.TrimSpace(v)
				}
			}
			end = e
		default:
			return v, a[k].dynamic, end, true
		}
	}
	return v, a[k].dynamic, end, true
}

func reversed(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// closeParen is the index of the parenthesis closing s[open], or -1.
func closeParen(s string, open int) int {
	depth := 0
	for j := open; j < len(s); j++ {
		switch s[j] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// reordering reports a chain of string methods that only reorder or trim
// (.reverse.reverse); split and join count when given "".
func reordering(chain string) bool {
	for _, m := range strings.Split(strings.TrimPrefix(chain, "."), ".") {
		switch m {
		case "reverse", "split", "join", "strip", "trim":
		default:
			return false
		}
	}
	return chain != ""
}

// obfuscated reports an argument that spells a command or code by char
// codes or reversal (chr(114) + chr(109), "~ fr- mr"[::-1]): read, and
// still asked, as code that hides what it runs.
func obfuscated(args [][]token) bool {
	for _, a := range args {
		for k, t := range a {
			switch {
			case t.kind == tIdent && (t.val == "chr" || t.val == "String.fromCharCode" || t.val == "string.char" ||
				t.val == "utf8.char" || t.val == "intToUtf8" || strings.Contains(t.val, "reverse")):
				return true
			case t.val == "[" && k+3 < len(a) && a[k+1].val == ":" && a[k+2].val == ":" && a[k+3].val == "-":
				return true
			}
		}
	}
	return false
}

// httpDeleteCall matches inline code that sends an HTTP DELETE: Python's
// requests, httpx and a session's .delete(URL), requests' and httpx's
// delete imported by name, request("DELETE", …) (requests, urllib3,
// http.client), urllib's Request(method="DELETE"); fetch, axios and
// Node's http.request given method: "DELETE", axios.delete; Ruby's
// Net::HTTP::Delete, a .delete within 160 bytes of a Net::HTTP
// connection opened (http = Net::HTTP.new(HOST); http.delete(PATH)) and
// RestClient.delete; Perl's HTTP::Request->new(DELETE => …) and LWP's
// ->delete; PHP's CURLOPT_CUSTOMREQUEST "DELETE"; PowerShell's
// Invoke-RestMethod and Invoke-WebRequest -Method Delete and
// -CustomMethod DELETE, either option by any prefix PowerShell takes
// (-Me, -Meth, -Cu). It is read on the code as written and as
// resolvedText writes it with the names the code aliased in their place
// (import requests as r, H = Net::HTTP, import ax from "axios"), where a
// Ruby constant reads Net.HTTP.
var httpDeleteCall = lazyRegexp(`(?i:\bmethod\b['"]?\s*[:=]\s*['"]delete['"])` +
	`|(?i:-(?:me(?:t(?:h(?:o(?:d)?)?)?)?|cu(?:s(?:t(?:o(?:m(?:m(?:e(?:t(?:h(?:o(?:d)?)?)?)?)?)?)?)?)?)?)(?::|\s+)['"]?delete\b)` +
	`|\.delete\(\s*['"` + "`" + `]https?://|\b(?:requests|httpx)\.delete\(|\bfrom\s+(?:requests|httpx)\s+import\b[^\n;]*\bdelete\b` +
	`|(?i:request\(\s*['"]delete['"])|Net(?:::|\.)HTTP(?:::|\.)Delete|Net(?:::|\.)HTTP\.(?:new|start)\b[\s\S]{0,160}?\.delete\(` +
	`|(?i:HTTP::Request->new\(\s*['"]?delete)|\baxios\.delete\(|\bRestClient\.delete\b|->delete\(\s*['"]https?://` +
	`|(?i:CURLOPT_CUSTOMREQUEST['"]?\s*(?:,|=>)\s*['"]delete['"])`)

// codeURL matches a URL literal in code.
var codeURL = lazyRegexp(`https?://[^\s'"` + "`" + `)\]},;]+`)

// codeHost matches a host literal a request is sent to without a URL:
// http.client's HTTPConnection(HOST), Net::HTTP.new(HOST) and .start,
// Node's http.request({host: HOST}).
var codeHost = lazyRegexp(`(?:HTTPS?Connection\(|Net(?:::|\.)HTTP\.(?:new|start)\(|\bhost(?:name)?['"]?\s*[:=]>?\s*)\s*['"]([A-Za-z0-9][A-Za-z0-9.\-]*(?::\d+)?)['"]`)

// httpDeletes adds, for code that sends an HTTP DELETE (httpDeleteCall),
// a DELETE of each URL literal near the call (within httpDeleteNear
// bytes: a one-liner's, not every link of a server's file), or with no
// URL there of each host literal a connection is opened to: the request
// the code makes is curl -X DELETE's, judged by the same rules. Code
// whose URLs are all computed adds nothing, as curl -X DELETE "$URL" is
// not asked.
func (s *scanner) httpDeletes(code string) {
	calls := httpDeleteCall().FindAllStringIndex(code, 8)
	if calls == nil {
		return
	}
	near := func(at, m []int) bool { return at[0] < m[1]+httpDeleteNear && at[1] > m[0]-httpDeleteNear }
	add := func(u string, m []int) {
		if !slices.ContainsFunc(s.found, func(f finding) bool { return f.kind == httpDeleteK && f.arg == u }) {
			s.add(finding{kind: httpDeleteK, call: "DELETE", arg: u, text: code[m[0]:m[1]]})
		}
	}
	urls := codeURL().FindAllStringIndex(code, 64)
	hosts := codeHost().FindAllStringSubmatchIndex(code, 16)
	for _, m := range calls {
		targets := 0
		for _, at := range urls {
			if near(at, m) {
				add(code[at[0]:at[1]], m)
				targets++
			}
		}
		for _, at := range hosts {
			if targets == 0 && near(at, m) {
				add("http://"+code[at[2]:at[3]]+"/", m)
			}
		}
	}
}

// httpDeleteNear is how far from a DELETE call a URL literal is its target.
const httpDeleteNear = 200
