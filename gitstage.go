package hguard

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
)

// An agent's git add -A (git add ., git add --all, git stage -A, git
// commit -a with new files left out) stages every file the repository
// does not ignore: a .env or a key lying untracked and unignored in it is
// published by the commit and push that follow, though the line names no
// secret. stagedSecrets finds those files where an agent's line stages the
// whole tree; the rule git-add-secret asks of a secret the line names.

// maxStagedLook bounds the secret files checked against the repository's
// ignore rules, and stagedTimeout the time git may take for them.
const (
	maxStagedLook = 8
	stagedTimeout = 2 * time.Second
)

// stagedFindings are git-add-secret's findings for an agent's line that
// stages the whole tree of a repository holding unignored secret files.
func stagedFindings(line *cmdline.Line, cwd string, findings []dsl.Finding) []dsl.Finding {
	if line == nil || !filepath.IsAbs(cwd) || slices.ContainsFunc(findings, func(f dsl.Finding) bool { return f.Rule == "git-add-secret" }) {
		return nil
	}
	for _, c := range line.Commands {
		if secrets := globbedAdds(c, commandDir(c, cwd)); len(secrets) > 0 {
			return []dsl.Finding{{Rule: "git-add-secret", Level: dsl.Ask, Source: "builtin", Command: c.Source,
				Message: "an agent stages files by a pattern the shell expands to a secret file (" + strings.Join(secrets, ", ") + "), which a commit and a push would publish"}}
		}
		all, at := stagesAll(c, line)
		if !all {
			continue
		}
		dir := commandDir(c, cwd)
		if at != "" {
			dir = filepath.Join(dir, at) // git -C sub add -A
		}
		root := projectRoot(dir)
		if root == "" {
			return nil
		}
		if secrets := unignoredSecrets(root); len(secrets) > 0 {
			return []dsl.Finding{{Rule: "git-add-secret", Level: dsl.Ask, Source: "builtin", Command: c.Source,
				Message: "an agent stages every file of the repository, and it holds a secret file it does not ignore (" + strings.Join(secrets, ", ") + "), which a commit and a push would publish"}}
		}
		return nil
	}
	return nil
}

// stagesAll reports a git command that stages every file of the work
// tree (add or stage with -A, --all, "." or no pathspec but a glob that
// the shell left, and git add .e* the shell expands, or the list of the
// untracked files: git add $(git ls-files -o), git ls-files -o | xargs
// git add, --pathspec-from-file=<(git ls-files -o)), and the directory
// its -C names, relative to where it runs.
func stagesAll(c *cmdline.Command, line *cmdline.Line) (bool, string) {
	if c.Name != "git" {
		return false, ""
	}
	var words []string
	for _, a := range c.Args {
		switch {
		case !a.Dynamic:
		case listsUntracked(substWords(a.Value)):
			words = append(words, ".") // git add $(git ls-files -o)
			continue
		default:
			v, ok := strings.CutPrefix(a.Value, "--pathspec-from-file=")
			if !ok || !listsUntracked(substWords(v)) {
				return false, ""
			}
			words = append(words, ".") // --pathspec-from-file=<(git ls-files -o)
			continue
		}
		words = append(words, a.Value)
	}
	at := ""
	i := 0
	for i < len(words) && strings.HasPrefix(words[i], "-") {
		switch {
		case words[i] == "-C" && i+1 < len(words):
			i++
			if filepath.IsAbs(words[i]) || strings.ContainsAny(words[i], "~$") {
				return false, "" // another repository: git-add-secret's by name
			}
			at = filepath.Join(at, words[i])
		case words[i] == "-c" || strings.HasPrefix(words[i], "--git-dir") || strings.HasPrefix(words[i], "--work-tree"):
			return false, ""
		}
		i++
	}
	if i >= len(words) || words[i] != "add" && words[i] != "stage" {
		return false, ""
	}
	// what a pipe feeds it: git ls-files -o | xargs git add, or
	// git add --pathspec-from-file=-
	piped := c.Stdin.Kind == "pipe" && listsUntracked(feederWords(c, line))
	all := piped && slices.ContainsFunc(c.Wrappers, func(w cmdline.Wrapper) bool { return w.Name == "xargs" })
	for _, w := range words[i+1:] {
		switch {
		case w == "-A" || w == "--all" || w == "." || w == "./" || w == ":/" || strings.HasPrefix(w, ":(glob)"):
			all = true
		case w == "--pathspec-from-file=-" || w == "--pathspec-from-file=/dev/stdin":
			all = all || piped
		case strings.HasPrefix(w, "-"):
		default:
			return false, "" // a pathspec: what it names is judged by name
		}
	}
	return all, at
}

// substWords are the words of the command a substitution runs
// ($(git ls-files -o), `…`, <(…)) as written; nil for another word.
func substWords(text string) []string {
	var inner string
	switch {
	case strings.HasPrefix(text, "$(") && strings.HasSuffix(text, ")"):
		inner = text[2 : len(text)-1]
	case strings.HasPrefix(text, "<(") && strings.HasSuffix(text, ")"):
		inner = text[2 : len(text)-1]
	case strings.HasPrefix(text, "`") && strings.HasSuffix(text, "`") && len(text) > 1:
		inner = text[1 : len(text)-1]
	default:
		return nil
	}
	if strings.ContainsAny(inner, "|;&$`()<>") {
		return nil // more than one plain command
	}
	return strings.Fields(inner)
}

// feederWords are the name and arguments of the command whose output
// reaches c's standard input through its pipeline; nil when unknown.
func feederWords(c *cmdline.Command, line *cmdline.Line) []string {
	if line == nil || c.Pipe.Index == 0 {
		return nil
	}
	at := slices.Index(line.Commands, c)
	for j := at - 1; j >= 0; j-- {
		u := line.Commands[j]
		if u.Pipe.Len == c.Pipe.Len && u.Pipe.Index == c.Pipe.Index-1 && len(u.Via) == len(c.Via) {
			words := []string{u.Name}
			for _, a := range u.Args {
				if a.Dynamic {
					return nil
				}
				words = append(words, a.Value)
			}
			return words
		}
	}
	return nil
}

// listsUntracked reports a command that prints the untracked files of a
// work tree, which git add then stages: git ls-files -o (--others), and
// find with no test on names (find ., find . -type f).
func listsUntracked(words []string) bool {
	if len(words) < 2 {
		return false
	}
	switch words[0] {
	case "git":
		if !slices.Contains(words, "ls-files") {
			return false
		}
		return slices.ContainsFunc(words, func(w string) bool {
			return w == "--others" || len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.ContainsRune(w, 'o')
		})
	case "find":
		for _, w := range words[1:] {
			switch {
			case strings.HasPrefix(w, "-") && strings.Contains(w, "name") || strings.Contains(w, "path") || strings.Contains(w, "regex"):
				return false
			case !strings.HasPrefix(w, "-") && !strings.HasPrefix(w, ".") && w != "f" && w != "d":
				return false // a starting point elsewhere than the tree
			}
		}
		return true
	}
	return false
}

// unignoredSecrets are the secret files (by name: .env, a private key,
// credentials) in root and its direct subdirectories that git does not
// ignore there and has not committed, at most maxStagedLook looked at.
func unignoredSecrets(root string) []string {
	cands := secretCandidates(root)
	if len(cands) == 0 {
		return nil
	}
	git, err := exec.LookPath("git")
	if err != nil {
		return cands // no git to ask: every one of them may be staged
	}
	var out []string
	for _, f := range cands {
		ctx, cancel := context.WithTimeout(context.Background(), stagedTimeout)
		// check-ignore exits 0 for an ignored path; ls-files --error-unmatch
		// exits 0 for a tracked one (already published or meant to be)
		ignored := exec.CommandContext(ctx, git, "-C", root, "check-ignore", "-q", "--", f).Run() == nil
		tracked := !ignored && exec.CommandContext(ctx, git, "-C", root, "ls-files", "--error-unmatch", "--", f).Run() == nil
		cancel()
		if !ignored && !tracked {
			out = append(out, f)
		}
	}
	return out
}

// globbedAdds are the secret files an unquoted pattern of git add expands
// to where it runs (git add .e* stages .env; git's own patterns, quoted,
// are stagesAll's or the rule's), and the unignored ones in the
// directories it expands to (git add * stages api/.env). As in bash, zsh
// and fish, a * or ? does not match a leading dot: git add * does not
// stage .env, though it stages id_rsa.
func globbedAdds(c *cmdline.Command, dir string) []string {
	if c.Name != "git" || len(c.Args) == 0 || c.Args[0].Value != "add" && c.Args[0].Value != "stage" || !filepath.IsAbs(dir) {
		return nil
	}
	var out, dirs []string
	for _, a := range c.Args[1:] {
		if a.Quoted || a.Dynamic || !strings.ContainsAny(a.Value, "*?[") || strings.HasPrefix(a.Value, "-") {
			continue
		}
		p := a.Value
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		matches, _ := filepath.Glob(p)
		for _, m := range matches[:min(len(matches), maxGlobMatches)] {
			rel, err := filepath.Rel(dir, m)
			switch {
			case err != nil || dotMatch(p, m):
			case dsl.SensitivePath(rel):
				out = append(out, rel)
			default:
				if fi, err := os.Lstat(m); err == nil && fi.IsDir() {
					dirs = append(dirs, m)
				}
			}
		}
	}
	if len(dirs) > 0 {
		root := projectRoot(dir)
		for _, s := range unignoredSecrets(root) {
			f := filepath.Join(root, s)
			if slices.ContainsFunc(dirs, func(d string) bool { return strings.HasPrefix(f, d+"/") }) {
				if rel, err := filepath.Rel(dir, f); err == nil {
					out = append(out, rel)
				}
			}
		}
	}
	return out
}

// dotMatch reports a match of a glob whose name starts with a dot where
// the pattern's does not: the shell leaves it out (no dotglob).
func dotMatch(pattern, match string) bool {
	for pattern != "/" && pattern != "." && match != "/" && match != "." {
		if pb, mb := filepath.Base(pattern), filepath.Base(match); strings.HasPrefix(mb, ".") && !strings.HasPrefix(pb, ".") {
			return true
		}
		pattern, match = filepath.Dir(pattern), filepath.Dir(match)
	}
	return false
}

// secretCandidates are the secret files in root and in its folders one
// level down (not .git's or node_modules'), the first maxStagedLook.
func secretCandidates(root string) []string {
	var cands []string
	look := func(dir, rel string) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			if len(cands) >= maxStagedLook {
				return
			}
			name := e.Name()
			if rel != "" {
				name = rel + "/" + name
			}
			if e.Type().IsRegular() && dsl.SensitivePath(name) {
				cands = append(cands, name)
			}
		}
	}
	look(root, "")
	if entries, err := os.ReadDir(root); err == nil {
		for _, e := range entries {
			if e.IsDir() && e.Name() != ".git" && e.Name() != "node_modules" && len(cands) < maxStagedLook {
				look(filepath.Join(root, e.Name()), e.Name())
			}
		}
	}
	return cands
}
