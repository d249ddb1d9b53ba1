package hguard

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
)

// An agent's npm publish packs every file of the package's directory that
// .npmignore (or, without one, .gitignore) does not leave out, unless
// package.json's files lists what to pack: a .env lying there goes to the
// public registry though the line names no secret. publishFindings finds
// those files, as stagedFindings does for git add -A; the rule
// package-publish-secret asks of a secret the line names.

// publishFindings are package-publish-secret's findings for an agent's
// npm, pnpm, yarn or bun publish (or pack) in a directory holding secret
// files the package does not leave out.
func publishFindings(line *cmdline.Line, cwd string, findings []dsl.Finding) []dsl.Finding {
	if line == nil || !filepath.IsAbs(cwd) {
		return nil
	}
	for _, f := range findings {
		if f.Rule == "package-publish-secret" {
			return nil
		}
	}
	for _, c := range line.Commands {
		dirs, ok := publishes(c)
		if !ok {
			continue
		}
		// the first of them that is a package
		dir := ""
		for _, d := range dirs {
			if d = filepath.Join(commandDir(c, cwd), d); filepath.IsAbs(d) && regularFile(filepath.Join(d, "package.json")) {
				dir = d
				break
			}
		}
		if dir == "" {
			continue
		}
		if secrets := packedSecrets(dir); len(secrets) > 0 {
			return []dsl.Finding{{Rule: "package-publish-secret", Level: dsl.Ask, Source: "builtin", Command: c.Source,
				Message: "an agent publishes a package whose directory holds a secret file the package does not leave out (" + strings.Join(secrets, ", ") + "), which the registry would make public"}}
		}
	}
	return nil
}

// publishes reports a command that packs a package's directory for a
// registry (npm publish, npm pack, pnpm, yarn and bun's) and the
// directories it may pack, relative to where it runs: the operands that
// are no tarball (an option's value hguard does not know may be among
// them, and is no package), then ".".
func publishes(c *cmdline.Command) ([]string, bool) {
	switch c.Name {
	case "npm", "pnpm", "yarn", "bun":
	default:
		return nil, false
	}
	var dirs []string
	verb := ""
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Dynamic || a.Value == "--dry-run":
			return nil, false
		case slices.Contains(publishValues, a.Value):
			i++ // --tag next
		case strings.HasPrefix(a.Value, "-"):
		case verb == "":
			verb = a.Value
			if c.Name == "yarn" && verb == "npm" {
				verb = "" // yarn npm publish
			}
		case strings.HasSuffix(a.Value, ".tgz") || strings.HasSuffix(a.Value, ".tar.gz"):
			return nil, false // a tarball packed before
		default:
			dirs = append(dirs, a.Value) // npm publish ./pkg
		}
	}
	if verb != "publish" && verb != "pack" {
		return nil, false
	}
	return append(dirs, "."), true
}

// publishValues are the options of publish and pack that take the next
// word as their value.
var publishValues = []string{"--access", "--tag", "--otp", "--registry", "-w", "--workspace", "--auth-type",
	"--pack-destination", "--publish-branch", "--report-summary"}

// packedSecrets are the secret files of dir (and of its folders one level
// down) that npm would pack: none when package.json lists its files, else
// those .npmignore, or without one the repository's ignore rules, do not
// leave out.
func packedSecrets(dir string) []string {
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil // no package here
	}
	var pkg struct {
		Files []string `json:"files"`
	}
	if json.Unmarshal(data, &pkg) == nil && len(pkg.Files) > 0 {
		return nil // only what files names is packed
	}
	cands := secretCandidates(dir)
	if len(cands) == 0 {
		return nil
	}
	if ignore, err := os.ReadFile(filepath.Join(dir, ".npmignore")); err == nil {
		var out []string
		for _, f := range cands {
			if !npmIgnored(string(ignore), f) {
				out = append(out, f)
			}
		}
		return out
	}
	git, err := exec.LookPath("git")
	if err != nil || projectRoot(dir) == "" {
		return cands
	}
	var out []string
	for _, f := range cands {
		ctx, cancel := context.WithTimeout(context.Background(), stagedTimeout)
		// --no-index: a tracked .env is packed all the same, unless ignored
		ignored := exec.CommandContext(ctx, git, "-C", dir, "check-ignore", "-q", "--no-index", "--", f).Run() == nil
		cancel()
		if !ignored {
			out = append(out, f)
		}
	}
	return out
}

// npmIgnored reports a file an .npmignore text leaves out: a line that is
// its name, its base name or a folder of it, or a glob matching one of
// those (no negations: a ! line keeps the file in).
func npmIgnored(text, file string) bool {
	ignored := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		neg := strings.HasPrefix(line, "!")
		pat := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(line, "!"), "/"), "/")
		match := false
		for p := file; p != "." && p != ""; p = path.Dir(p) {
			if ok, _ := path.Match(pat, p); ok {
				match = true
			}
			if ok, _ := path.Match(pat, path.Base(p)); ok && !strings.Contains(pat, "/") {
				match = true
			}
		}
		if match {
			ignored = !neg
		}
	}
	return ignored
}

// regularFile reports a regular file at p.
func regularFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}
