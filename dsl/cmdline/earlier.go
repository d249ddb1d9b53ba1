package cmdline

import (
	"path"
	"slices"
	"strings"
)

// Before is what the earlier lines of a line's session left behind: an
// agent that splits echo 'rm -rf ~' > x.sh; bash x.sh (or curl -o i.sh
// URL && bash i.sh) into two commands is judged as if it had typed one.
// The zero Before is a line on its own.
type Before struct {
	// Cwd is the absolute directory the line starts in; "" when unknown.
	// Relative paths the line names are resolved against it.
	Cwd string
	// Fetched are the paths earlier lines filled from the network (their
	// Line.Fetched), absolute or under ~/: code the line runs from there
	// is marked remote, as if it had been fetched on this line.
	Fetched []string
	// Written returns a file that earlier lines of the session wrote or
	// changed, given as the line resolves it (absolute, or ~/…; a glob,
	// bash x.s?, gives every such file it matches, one after another): ok
	// is false for any other file, which stays as unknown as on a line of
	// its own. A script the line runs from such a file (sh x.sh, ./x.sh,
	// python3 x.py) is read as if the line had written it. The caller
	// does the reading, so that the model itself reads nothing but the
	// line.
	Written func(path string) (f EarlierFile, ok bool)
}

// EarlierFile is a file an earlier line of the session wrote or changed.
type EarlierFile struct {
	Text string
	// Whole says Text is the file's whole content. A file too large or
	// unreadable is not: what it runs is then unknown (dynamic).
	Whole bool
}

// earlierFile returns a file earlier lines of the session wrote, which the
// line names as file: through Before.Written, once per path and line.
func (w *walker) earlierFile(file string) (Input, bool) {
	if w.before.Written == nil || file == "" {
		return Input{}, false
	}
	p := w.at(file)
	if p == "" {
		return Input{}, false
	}
	if in, ok := w.earlier[p]; ok {
		return in, in.From != ""
	}
	if w.earlier == nil {
		w.earlier = map[string]Input{}
	}
	var in Input
	if f, ok := w.before.Written(p); ok {
		in = Input{Kind: "file", From: p, Text: f.Text, Static: f.Whole}
		if !f.Whole {
			in.Text = ""
		}
	}
	w.earlier[p] = in
	return in, in.From != ""
}

// runsEarlier follows a script that an earlier line of the session wrote
// or changed and that c runs: sh FILE, source FILE, bash < FILE, ./FILE,
// python3 FILE (the interpreters scriptOf knows). Its text is walked as
// the line's, as a file written earlier on the same line is (runsWritten);
// a shell script in its shell's grammar, one with a #! line for another
// interpreter as that language's inline code.
func (w *walker) runsEarlier(c *Command, args []field, cx ctx) {
	if w.before.Written == nil || c.Dynamic || c.Untrusted != "" {
		return
	}
	var file string
	var in Input
	is := func(a field) bool {
		v := pwdRelative(a) // bash "$PWD/x.sh" too
		if v == "" || w.writtenHere(v) {
			return false // a file written on this line is runsWritten's
		}
		if f, ok := w.earlierFile(v); ok {
			file, in = v, f
			return true
		}
		return false
	}
	lang := ""
	switch {
	case strings.Contains(c.Path, "/"):
		if !is(field{Word: Word{Value: c.Path}}) {
			return
		}
		lang = shebangLang(in.Text)
	case shells[program(c.Name)] || c.Name == "source" || c.Name == ".":
		if runs, _ := w.scriptOf(c, args, is, nil); !runs {
			return
		}
		lang = "sh"
	case interpreter(c.Name) != "":
		if runs, _ := w.scriptOf(c, args, is, nil); !runs {
			return
		}
		lang = interpreter(c.Name)
	default:
		return
	}
	via := "file " + file + " written by an earlier command"
	switch {
	case !in.Static:
		c.Untrusted = "dynamic" // too large to read: what it runs is unknown
	case lang == "sh":
		w.nested(c, in.Text, via, cx, false)
	case lang != "":
		w.runCode(c, lang, field{Word: Word{Value: in.Text}}, via, cx)
	}
}

// writtenHere reports a file written earlier on this line.
func (w *walker) writtenHere(file string) bool {
	for _, f := range []string{file, strings.TrimPrefix(file, "./"), "./" + file} {
		if _, ok := w.files[f]; ok {
			return true
		}
	}
	return false
}

// shebangLang is the language a script's #! line names: "sh" for a shell
// (and for no #! line, which a shell runs), an interpreter's language, or
// "" for another program, whose reading of the text is not known here.
func shebangLang(text string) string {
	first, _, _ := strings.Cut(text, "\n")
	rest, ok := strings.CutPrefix(first, "#!")
	if !ok {
		return "sh"
	}
	f := strings.Fields(rest)
	if len(f) > 0 && baseName(f[0]) == "env" {
		f = slices.DeleteFunc(f[1:], func(s string) bool { return strings.HasPrefix(s, "-") || strings.Contains(s, "=") })
	}
	if len(f) == 0 {
		return "sh"
	}
	name := baseName(f[0])
	switch {
	case shells[program(name)]:
		return "sh"
	case interpreter(name) != "":
		return interpreter(name)
	}
	return ""
}

// writtenPaths are the files the line writes as far as the model follows
// them (redirections, tee, downloads, copies' targets), each as resolved
// where the line started (absolute, ~/… or relative), for the lines after
// it (Before.Written).
func (w *walker) writtenPaths() []string {
	var out []string
	add := func(f string) {
		if f == "" || strings.ContainsAny(f, "$`*?[") || f == "/dev/null" || strings.HasPrefix(f, "/dev/") || strings.HasPrefix(f, "/proc/") {
			return
		}
		if w.fetch.start != "" && !strings.HasPrefix(f, "/") && f != "~" && !strings.HasPrefix(f, "~/") {
			f = path.Join(w.fetch.start, f)
		}
		out = append(out, path.Clean(f))
	}
	for f := range w.files {
		add(f)
	}
	for _, f := range w.copyTargets {
		add(f)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// copyInto records the files cp, mv, install and ln make (their targets),
// for writtenPaths: cp -p and touch keep a copy's old time, so the time of
// a change alone would miss them.
func (w *walker) copyInto(name string, args []field) {
	var ops []string
	target := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Dynamic:
			return
		case a.Value == "-t" || a.Value == "--target-directory":
			if i+1 < len(args) {
				target = args[i+1].Value + "/"
				i++
			}
		case strings.HasPrefix(a.Value, "--target-directory="):
			target = strings.TrimPrefix(a.Value, "--target-directory=") + "/"
		case name == "install" && (a.Value == "-m" || a.Value == "-o" || a.Value == "-g" || a.Value == "--mode" || a.Value == "--owner" || a.Value == "--group"):
			i++
		case strings.HasPrefix(a.Value, "-") && a.Value != "-":
		default:
			ops = append(ops, a.Value)
		}
	}
	if target == "" {
		if len(ops) < 2 {
			return
		}
		target, ops = ops[len(ops)-1], ops[:len(ops)-1]
		if len(ops) > 1 {
			target += "/"
		}
	}
	for _, src := range ops {
		if surelyDir(target) {
			// cp x.sh bin/ makes bin/x.sh; a target not surely a
			// directory is taken as both, since either may be true
			w.copyTargets = append(w.copyTargets, path.Join(target, path.Base(src)))
			continue
		}
		w.copyTargets = append(w.copyTargets, target, path.Join(target, path.Base(src)))
	}
}
