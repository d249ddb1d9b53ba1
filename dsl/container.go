package dsl

import (
	"path"
	"slices"
	"strings"

	"github.com/hguard/hguard/dsl/cmdline"
)

// What a container is given of this machine (cmdline.Container): the rules
// marked container: true judge the command it runs when it is given a
// secret of this machine, or when that command names a path mounted from
// here, whose host path the model writes in place of the container's.

// inside is one container's command, to be judged for the runner's
// command outer.
type inside struct {
	outer *cmdline.Command
	line  *cmdline.Line
	ctx   Context
}

// maxContainerDepth bounds containers started inside containers.
const maxContainerDepth = 4

// containersGiven are the commands of line's containers given this
// machine's secrets or naming a path mounted from here, each with a
// context of its own (what its line holds is its line's).
func containersGiven(line *cmdline.Line, ctx Context, depth int) []inside {
	var out []inside
	for _, c := range line.Commands {
		k := c.Container
		if k == nil || k.Line == nil || depth >= maxContainerDepth {
			continue
		}
		h, i := ctx.heldBefore(c, line)
		held := func(p string) bool { return h.names(p, ctx.Cwd, i, ctx) }
		if !k.Mapped && len(containerSecrets(k, ctx.Cwd, held)) == 0 {
			continue
		}
		ictx := ctx
		ictx.held, ictx.inside, ictx.mounts = new(heldSecrets), true, nil
		for _, m := range k.Mounts {
			if strings.ContainsAny(path.Base(m.Src), "*?[") {
				m.Src = path.Dir(m.Src) // COPY .e* /x/: what the glob matches there
			}
			ictx.mounts = append(ictx.mounts, m.Src)
		}
		for _, f := range k.Holds {
			// COPY . /s of a context holding .env: tar c /s sends it
			ictx.held.files = append(ictx.held.files, heldFile{path: resolveIn(f, ctx.Cwd), by: -1})
		}
		out = append(out, inside{outer: c, line: k.Line, ctx: ictx})
		for _, in := range containersGiven(k.Line, ctx, depth+1) {
			in.outer = c // findings name the command typed
			out = append(out, in)
		}
	}
	return out
}

// containerSecrets are the secrets of this machine a container is given:
// an env file that is a secret (.env, not .env.example), a variable whose
// name or value says it holds one (-e AWS_SECRET_ACCESS_KEY, -e
// T=$GITHUB_TOKEN), a mounted home, key directory or secret file. held
// reports a file the session filled with a secret (env > e.txt), when
// not nil.
func containerSecrets(k *cmdline.Container, cwd string, held func(string) bool) []string {
	var out []string
	for _, f := range k.EnvFiles {
		// .env, /proc/self/environ, a file holding a secret, or the
		// environment itself: <(env)
		if secretPath(f) || held != nil && held(f) || strings.HasPrefix(f, "<(") && (strings.Contains(f, "env") || secretVar().MatchString(f)) {
			out = append(out, f)
		}
	}
	for _, e := range k.Env {
		switch {
		case e.Value.Value == "$"+e.Name && (secretName().MatchString(e.Name) || strings.Contains(e.Name, "*")),
			e.Value.Dynamic && secretVar().MatchString(e.Value.Value):
			out = append(out, e.Value.Value)
		}
	}
	secret := func(p string) bool {
		if strings.HasPrefix(p, ".") && cwd != "" {
			p = path.Join(cwd, p)
		}
		return holdsHomes(p) || secretDir(cleanPath(p)) || secretPath(p)
	}
	for _, m := range k.Mounts {
		if secret(m.Src) && !slices.Contains(k.Secrets, m.Src) {
			out = append(out, m.Src)
		}
	}
	if k.Context != "" && secret(k.Context) {
		out = append(out, k.Context)
	}
	for _, s := range k.Secrets {
		if k.Away && secret(s) {
			out = append(out, s)
		}
	}
	return slices.Compact(out)
}

// hostFile reports a secret file a container's command names that is this
// machine's (hostPath), or the environment (/proc/self/environ), which
// holds what the container was given. Its own /etc/shadow is not.
func hostFile(f string, mounts []string, cwd string) bool {
	if strings.HasPrefix(f, "/proc/") && strings.HasSuffix(f, "/environ") {
		return true
	}
	return hostPath(f, mounts, cwd)
}

// hostPath reports a path a container's command run in cwd names that is
// this machine's: one under a mount (the model wrote it as the host's
// path, and a relative one is cwd's), or a relative one when the project
// is mounted and neither directory is known. The container's own files
// (rm -rf /tmp/x, -w /app … rm -rf build) are not.
func hostPath(f string, mounts []string, cwd string) bool {
	rel := func(p string) bool {
		return !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "$")
	}
	if rel(f) && path.IsAbs(cwd) {
		f = path.Join(cwd, f)
	}
	for _, m := range mounts {
		switch {
		case rel(f):
			if rel(m) {
				return true
			}
		case rel(m):
			if cwd != "" && under(f, path.Join(cwd, m)) {
				return true
			}
		case under(f, m):
			return true
		}
	}
	return false
}

// runsRemote reports whether a container's line, or a container its
// commands start, runs code fetched from the network (RUN curl … | sh).
func runsRemote(line *cmdline.Line, depth int) bool {
	if line == nil || depth >= maxContainerDepth {
		return false
	}
	for _, c := range line.Commands {
		if c.Untrusted == "remote" || c.Container != nil && runsRemote(c.Container.Line, depth+1) {
			return true
		}
	}
	return false
}
