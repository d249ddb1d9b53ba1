package cmdline

import (
	"slices"
	"strings"
)

// An editor's own code writes and removes files without a shell: Vim
// script's writefile(), delete() and rename() (Neovim's vim.fn.* from
// Lua too), and Emacs Lisp's with-temp-file, write-region, delete-file,
// copy-file and their kin. editorFileOps reads the paths they name, so
// that they are judged as the equivalent commands (tee FILE, rm FILE, cp
// A B) are. A path hguard cannot spell (a variable of the code's own) is
// left to the other rules.

// fileCommand is one file operation of an editor's code, as the command
// that does the same: its program and the paths it names.
type fileCommand struct {
	prog  string // tee, rm, cp, mv, ln
	flags string // "-f", "-rf", "-s", "" for none
	paths []string
}

// line is the command line the operation stands for.
func (f fileCommand) line() string {
	words := []string{f.prog}
	if f.flags != "" {
		words = append(words, f.flags)
	}
	if f.prog != "tee" {
		words = append(words, "--")
	}
	for _, p := range f.paths {
		words = append(words, shellQuote(p))
	}
	if f.prog == "tee" {
		return strings.Join(words, " ") + " </dev/null"
	}
	return strings.Join(words, " ")
}

// vimFileCalls are Vim script's functions that write or remove files:
// the arguments that are paths, and the command each call stands for.
var vimFileCalls = []struct {
	name, prog string
	paths      []int
}{
	{"writefile", "tee", []int{1}},
	{"delete", "rm", []int{0}},
	{"rename", "mv", []int{0, 1}},
	// Neovim's libuv calls, from Lua (vim.uv.fs_unlink, vim.loop.fs_rename)
	{"fs_unlink", "rm", []int{0}},
	{"fs_rename", "mv", []int{0, 1}},
	{"fs_copyfile", "cp", []int{0, 1}},
}

// vimFileOps are the file operations of Vim script or of Neovim's Lua
// (vim.fn.writefile, os.getenv("HOME") .. "/x"): writefile(LIST, FILE),
// delete(FILE [, "rf"]), rename(FROM, TO), vim.uv's fs_unlink, fs_rename
// and fs_copyfile.
func vimFileOps(code string) []fileCommand {
	var ops []fileCommand
	for _, spec := range vimFileCalls {
		name := spec.name
		for at := 0; ; {
			i := indexWord(code[at:], name)
			if i < 0 {
				break
			}
			start := at + i + len(name)
			at = start
			rest := strings.TrimLeft(code[start:], " \t")
			if !strings.HasPrefix(rest, "(") {
				continue
			}
			args := splitCall(rest[1:], ',', ')')
			op := fileCommand{prog: spec.prog}
			for _, k := range spec.paths {
				if k >= len(args) {
					op.paths = nil
					break
				}
				p, ok := codePath(args[k])
				if !ok {
					op.paths = nil
					break
				}
				op.paths = append(op.paths, p)
			}
			if len(op.paths) == 0 {
				continue
			}
			if spec.prog == "rm" {
				op.flags = "-f"
				if len(args) > 1 {
					if f, ok := codePath(args[1]); ok && strings.Contains(f, "rf") {
						op.flags = "-rf" // delete(DIR, "rf") removes the tree
					}
				}
			}
			ops = append(ops, op)
		}
	}
	return ops
}

// elispFileForms are Emacs Lisp's forms that write or remove files: the
// arguments that are paths (from 0), and the command each stands for.
var elispFileForms = []struct {
	name, prog, flags string
	paths             []int
}{
	{"with-temp-file", "tee", "", []int{0}},
	{"write-file", "tee", "", []int{0}},
	{"write-region", "tee", "", []int{2}},
	{"append-to-file", "tee", "", []int{2}},
	{"delete-file", "rm", "-f", []int{0}},
	{"copy-file", "cp", "", []int{0, 1}},
	{"copy-directory", "cp", "-r", []int{0, 1}},
	{"rename-file", "mv", "", []int{0, 1}},
	{"make-symbolic-link", "ln", "-s", []int{0, 1}},
	{"add-name-to-file", "ln", "", []int{0, 1}},
}

// elispVisits are the forms that open a file into a buffer, which code
// that saves writes.
var elispVisits = []struct {
	name, prog, flags string
	paths             []int
}{
	{"find-file", "tee", "", []int{0}},
	{"find-file-noselect", "tee", "", []int{0}},
	{"find-file-literally", "tee", "", []int{0}},
	{"find-file-existing", "tee", "", []int{0}},
	{"find-file-other-window", "tee", "", []int{0}},
}

// elispFileOps are the file operations of Emacs Lisp code: (delete-file
// "~/.ssh/id_rsa"), (with-temp-file "~/.bashrc" …), (write-region "x" nil
// (expand-file-name ".bashrc" "~")).
func elispFileOps(code string) []fileCommand {
	var ops []fileCommand
	forms := elispFileForms
	if strings.Contains(code, "save-buffer") || strings.Contains(code, "save-some-buffers") {
		forms = append(slices.Clip(forms), elispVisits...) // (find-file F) … (save-buffer) writes F
	}
	for _, spec := range forms {
		name := spec.name
		for at := 0; ; {
			i := strings.Index(code[at:], "("+name)
			if i < 0 {
				break
			}
			start := at + i + 1 + len(name)
			at = start
			if start < len(code) && !strings.ContainsRune(" \t\n", rune(code[start])) {
				continue // (delete-file-internal …), (write-file-hooks …)
			}
			args := sexpArgs(code[start:])
			op := fileCommand{prog: spec.prog, flags: spec.flags}
			for _, k := range spec.paths {
				p, ok := "", false
				if k < len(args) {
					p, ok = elispPath(args[k])
				}
				if !ok {
					op.paths = nil
					break
				}
				op.paths = append(op.paths, p)
			}
			if len(op.paths) > 0 {
				ops = append(ops, op)
			}
		}
	}
	return ops
}

// indexWord is the index of name in s as a word of its own (not
// readfile's file, not mywritefile), or -1.
func indexWord(s, name string) int {
	for at := 0; ; {
		i := strings.Index(s[at:], name)
		if i < 0 {
			return -1
		}
		i += at
		if i == 0 || !isWordByte(s[i-1]) {
			return i
		}
		at = i + len(name)
	}
}

// splitCall splits the arguments of a call whose opening bracket is just
// before s, at sep outside strings and brackets, up to the closing one.
func splitCall(s string, sep, closing byte) []string {
	var args []string
	depth, from := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\'':
			i = skipString(s, i)
		case c == '(' || c == '[' || c == '{':
			depth++
		case (c == ')' || c == ']' || c == '}') && depth > 0:
			depth--
		case c == closing:
			return append(args, strings.TrimSpace(s[from:i]))
		case c == sep && depth == 0:
			args = append(args, strings.TrimSpace(s[from:i]))
			from = i + 1
		}
	}
	return append(args, strings.TrimSpace(s[from:]))
}

// skipString is the index of the quote that closes the string opening at
// s[i]; Vim's single-quoted strings have no escapes.
func skipString(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch {
		case s[j] == '\\' && q == '"':
			j++
		case s[j] == q:
			return j
		}
	}
	return len(s)
}

// sexpArgs are the arguments of a Lisp form after its name: strings,
// atoms and whole lists, up to the form's end.
func sexpArgs(s string) []string {
	var args []string
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n':
		case ')':
			return args
		case '"':
			j := skipString(s, i)
			args = append(args, s[i:min(j+1, len(s))])
			i = j
		case '(':
			j := sexpClose(s, i)
			args = append(args, s[i:min(j+1, len(s))])
			i = j
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\n()\"", rune(s[j])) {
				j++
			}
			args = append(args, s[i:j])
			i = j - 1
		}
	}
	return args
}

// sexpClose is the index of the parenthesis that closes the one at
// s[i], or the end of s.
func sexpClose(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '"':
			j = skipString(s, j)
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return len(s)
}

// codePath is the path a Vim script or Lua expression names: a string,
// expand() of one, $HOME, os.getenv("HOME"), vim.env.HOME, Neovim's
// stdpath("config"), joined by . or .. ; ok is false for anything else.
func codePath(expr string) (string, bool) {
	var b strings.Builder
	for _, piece := range concatPieces(expr) {
		p, ok := codePathPiece(piece)
		if !ok {
			return "", false
		}
		b.WriteString(p)
	}
	return homeTilde(b.String()), b.Len() > 0
}

// concatPieces splits a Vim script or Lua expression at its . and ..
// outside strings and brackets.
func concatPieces(expr string) []string {
	var pieces []string
	depth, from := 0, 0
	for i := 0; i < len(expr); i++ {
		switch c := expr[i]; {
		case c == '"' || c == '\'':
			i = skipString(expr, i)
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == '.' && depth == 0 && (i+1 < len(expr) && strings.IndexByte(". '\"$", expr[i+1]) >= 0 ||
			i > 0 && strings.IndexByte(" '\")", expr[i-1]) >= 0):
			pieces = append(pieces, strings.TrimSpace(expr[from:i]))
			if i+1 < len(expr) && expr[i+1] == '.' {
				i++
			}
			from = i + 1
		}
	}
	return append(pieces, strings.TrimSpace(expr[from:]))
}

func codePathPiece(p string) (string, bool) {
	switch {
	case p == "":
		return "", false
	case p[0] == '"' || p[0] == '\'':
		if j := skipString(p, 0); j == len(p)-1 {
			return unquote(p), true
		}
		return "", false
	case p == "$HOME" || p == "vim.env.HOME" || p == "os.getenv('HOME')" || p == `os.getenv("HOME")` ||
		p == `getenv("HOME")` || p == "getenv('HOME')" || p == `vim.fn.getenv("HOME")` || p == "vim.fn.getenv('HOME')":
		return "$HOME", true
	}
	fn, rest, ok := strings.Cut(p, "(")
	if !ok || !strings.HasSuffix(rest, ")") {
		return "", false
	}
	args := splitCall(rest, ',', ')')
	switch strings.TrimPrefix(fn, "vim.fn.") {
	case "expand", "expandcmd", "glob", "fnameescape", "resolve", "simplify", "fnamemodify":
		if len(args) > 0 {
			return codePath(args[0])
		}
	case "stdpath":
		if len(args) == 1 {
			switch v, _ := codePathPiece(args[0]); v {
			case "config":
				return "~/.config/nvim", true
			case "data":
				return "~/.local/share/nvim", true
			}
		}
	}
	return "", false
}

// elispPath is the path an Emacs Lisp argument names: a string,
// (expand-file-name NAME [DIR]), (concat …) of such and (getenv "HOME");
// ok is false for anything else.
func elispPath(arg string) (string, bool) {
	switch {
	case arg == "":
		return "", false
	case arg[0] == '"':
		return unquote(arg), true
	case arg[0] != '(':
		return "", false
	}
	inner := strings.TrimSuffix(arg[1:], ")")
	name, rest, _ := strings.Cut(inner, " ")
	args := sexpArgs(rest + ")")
	switch name {
	case "getenv":
		if len(args) == 1 && args[0] == `"HOME"` {
			return "~", true
		}
	case "expand-file-name", "file-truename", "substitute-in-file-name":
		if len(args) == 0 {
			return "", false
		}
		p, ok := elispPath(args[0])
		if !ok {
			return "", false
		}
		if len(args) > 1 && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") {
			dir, ok := elispPath(args[1])
			if !ok {
				return "", false
			}
			p = strings.TrimSuffix(dir, "/") + "/" + p
		}
		if strings.HasPrefix(p, "$HOME") {
			p = homeTilde(p)
		}
		return p, true
	case "concat":
		var b strings.Builder
		for _, a := range args {
			p, ok := elispPath(a)
			if !ok {
				return "", false
			}
			b.WriteString(p)
		}
		return b.String(), b.Len() > 0
	}
	return "", false
}
