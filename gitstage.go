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
		all, at := stagesAll(c)
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
// the shell left, and git add .e* the shell expands), and the directory
// its -C names, relative to where it runs.
func stagesAll(c *cmdline.Command) (bool, string) {
	if c.Name != "git" {
		return false, ""
	}
	var words []string
	for _, a := range c.Args {
		if a.Dynamic {
			return false, ""
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
	all := false
	for _, w := range words[i+1:] {
		switch {
		case w == "-A" || w == "--all" || w == "." || w == "./" || w == ":/" || strings.HasPrefix(w, ":(glob)"):
			all = true
		case strings.HasPrefix(w, "-"):
		default:
			return false, "" // a pathspec: what it names is judged by name
		}
	}
	return all, at
}

// unignoredSecrets are the secret files (by name: .env, a private key,
// credentials) in root and its direct subdirectories that git does not
// ignore there and has not committed, at most maxStagedLook looked at.
func unignoredSecrets(root string) []string {
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
// are stagesAll's or the rule's).
func globbedAdds(c *cmdline.Command, dir string) []string {
	if c.Name != "git" || len(c.Args) == 0 || c.Args[0].Value != "add" && c.Args[0].Value != "stage" || !filepath.IsAbs(dir) {
		return nil
	}
	var out []string
	for _, a := range c.Args[1:] {
		if a.Quoted || a.Dynamic || !strings.ContainsAny(a.Value, "*?[") || strings.HasPrefix(a.Value, "-") {
			continue
		}
		p := a.Value
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		matches, _ := filepath.Glob(p)
		for _, m := range matches[:min(len(matches), maxStagedLook)] {
			if rel, err := filepath.Rel(dir, m); err == nil && dsl.SensitivePath(rel) {
				out = append(out, rel)
			}
		}
	}
	return out
}
