package dsl

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// sendsInput reports a command that sends what reaches its standard input
// to another host: a socket (nc, socat, ssh, openssl s_client), an upload
// of "-" (curl -T -, aws s3 cp - s3://b/k), a mailer, a file-transfer or
// datastore client that takes its commands there, a lookup of the names
// read there (dig -f -), a program under xargs that talks to the network
// at all (what it reads becomes its arguments), inline code that opens a
// connection, or a program hguard does not know given a remote address.
// No list of senders is whole; the last two cases are the fallback.
func sendsInput(c *cmdline.Command, args, positional []string) bool {
	name := programName(c.Name)
	if underXargs(c) && (netTalkers.has(name) || sendsInputByName(name, args, positional)) {
		return true
	}
	if sendsInputByName(name, args, positional) {
		return true
	}
	if c.Payload != nil && netCode().MatchString(c.Payload.Code) {
		return true
	}
	return !cmdline.KnownName(c.Name) && slices.ContainsFunc(args, remoteAddress)
}

func sendsInputByName(name string, args, positional []string) bool {
	switch name {
	case "nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "pwncat", "cryptcat", "socat", "telnet",
		"ssh", "mail", "mailx", "s-nail", "bsd-mailx", "mutt", "neomutt", "sendmail", "msmtp", "ssmtp",
		"ftp", "lftp", "tftp", "sftp", "ncftp", "smbclient", "redis-cli", "valkey-cli", "keydb-cli",
		"pastebinit", "wgetpaste", "nslookup", "mosquitto_pub", "kcat", "kafkacat", "websocat", "wscat", "grpcurl":
		return true
	case "s3cmd":
		return len(positional) > 1 && positional[0] == "put" && positional[1] == "-"
	case "mc":
		return len(positional) > 0 && positional[0] == "pipe"
	case "wormhole", "croc":
		return slices.Contains(positional, "send") && (slices.Contains(args, "-") || slices.Contains(args, "--text"))
	case "lynx":
		return slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "-post_data") })
	case "openssl":
		return len(positional) > 0 && (positional[0] == "s_client" || positional[0] == "s_server")
	case "curl", "curlie":
		return slices.ContainsFunc(args, readsStdinValue)
	case "wget", "wget2":
		return slices.ContainsFunc(args, func(a string) bool {
			return a == "-" || stdinFile(strings.TrimPrefix(strings.TrimPrefix(a, "--post-file="), "--body-file=")) || a == "--input-file=-" || a == "-i-"
		})
	case "http", "https", "xh", "xhs":
		// HTTPie sends piped input as the request body unless told not to.
		return !hasFlag(args, []string{"I", "ignore-stdin"})
	case "dig", "kdig", "drill":
		v := optionValues(args, []string{"f"}, false)
		return slices.Contains(v, "-") || slices.Contains(v, "/dev/stdin")
	case "aws":
		return len(positional) > 2 && positional[0] == "s3" && (positional[1] == "cp" || positional[1] == "mv") && positional[2] == "-"
	case "gsutil", "gcloud":
		return slices.Contains(positional, "cp") && slices.Contains(positional, "-")
	case "rclone":
		return len(positional) > 0 && positional[0] == "rcat"
	case "gh", "glab":
		// a gist or snippet made from what is piped in; a request body
		// or an issue's text read from "-"
		return len(positional) > 1 && (positional[0] == "gist" || positional[0] == "snippet") && positional[1] == "create" ||
			slices.ContainsFunc(optionValues(args, []string{"input", "body-file", "F", "f", "field", "raw-field", "body", "b"}, false), func(v string) bool { return v == "-" || stdinFile(v) || strings.HasSuffix(v, "@-") })
	case "kubectl", "oc":
		return len(positional) > 0 && (positional[0] == "exec" || positional[0] == "attach" || positional[0] == "run") &&
			(hasFlag(args, []string{"i", "stdin"}))
	case "docker", "podman", "nerdctl":
		// env | docker run -i alpine nc h 80: a container reads the input
		// and a network program in it sends it on
		return len(positional) > 0 && slices.Contains([]string{"run", "exec", "attach", "container"}, positional[0]) &&
			hasFlag(args, []string{"i", "interactive"}) && slices.ContainsFunc(positional[1:], func(a string) bool {
			return strings.Contains(a, "://") || strings.Contains(a, "/dev/tcp/") ||
				slices.ContainsFunc(strings.Fields(a), func(f string) bool { return containerSenders[path.Base(f)] }) // sh -c 'nc h 80'
		})
	case "psql", "mysql", "mariadb", "mongosh", "mongo", "sqlcmd", "clickhouse-client", "cqlsh", "usql":
		// the statements it reads go to the server: a remote one learns them
		hostOpts := []string{"h", "host"}
		if name == "sqlcmd" {
			hostOpts = []string{"S", "server"} // mysql's -S is its local socket
		}
		for _, h := range optionValues(args, hostOpts, false) {
			if !isLocalHost(strings.ToLower(h)) && !strings.HasPrefix(h, "/") { // psql -h /run/postgresql: a socket's directory
				return true
			}
		}
		// psql "host=db.example.com dbname=x": a connection string
		return slices.ContainsFunc(args, remoteAddress) || slices.ContainsFunc(args, func(a string) bool {
			for _, f := range strings.Fields(a) {
				if h, ok := strings.CutPrefix(f, "host="); ok && !isLocalHost(strings.ToLower(h)) {
					return true
				}
			}
			return false
		})
	}
	return false
}

// readsStdinValue reports a curl argument that takes its data or upload
// from standard input: @-, @/dev/stdin, -T -, --upload-file=-.
func readsStdinValue(a string) bool {
	if i := strings.LastIndexAny(a, "@<"); i >= 0 && (a[i+1:] == "-" || stdinFile(a[i+1:])) {
		return true // -d @-, -F f=<-, --data-binary @/dev/fd/0
	}
	return a == "-" || a == "." || stdinFile(a) || strings.HasSuffix(a, "=-") && strings.HasPrefix(a, "--upload-file") || a == "-T-" || a == "-T."
}

// stdinFile reports a path that is the process's standard input.
func stdinFile(p string) bool {
	return p == "/dev/stdin" || p == "/dev/fd/0" || p == "/proc/self/fd/0"
}

// stdoutFile reports a path that writes to the process's standard output
// or error, or to another descriptor it holds (exec 3>&1; cp x /dev/fd/3):
// /dev/stdout, /dev/fd/1, /proc/self/fd/1. A copy there is a print.
func stdoutFile(p string) bool {
	if p == "/dev/stdout" || p == "/dev/stderr" {
		return true
	}
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"} {
		if n, ok := strings.CutPrefix(p, dir); ok {
			return n != "" && n != "0" && strings.Trim(n, "0123456789") == ""
		}
	}
	return false
}

func underXargs(c *cmdline.Command) bool {
	for _, w := range c.Wrappers {
		if w.Name == "xargs" || w.Name == "parallel" {
			return true
		}
	}
	return false
}

// remoteAddress reports an argument naming a host other than this
// machine: a URL or host:port (urlHost), with the value of --opt=URL.
func remoteAddress(a string) bool {
	if i := strings.IndexByte(a, '='); i > 0 && strings.HasPrefix(a, "-") {
		a = a[i+1:]
	}
	h := urlHost(a)
	return h != "" && !isLocalHost(strings.ToLower(h))
}

// netTalkers are programs whose every use talks to the network: under
// xargs, the words they are given from the pipe reach another host (in a
// DNS name, a URL, a ping's pattern).
var netTalkers = nameSet{names: []string{
	"dig", "kdig", "drill", "host", "nslookup", "getent", "resolvectl", "ping", "ping6", "fping", "traceroute",
	"tracepath", "mtr", "whois", "curl", "curlie", "wget", "wget2", "http", "https", "xh", "xhs", "nc", "ncat",
	"netcat", "socat", "telnet", "ssh", "scp", "sftp", "ftp", "lftp", "tftp", "rsync", "mail", "mailx", "sendmail",
	"aria2c", "axel", "lynx", "links", "w3m", "gh", "glab", "aws", "gsutil", "gcloud", "az", "rclone", "openssl"}}

// netCode matches inline code that opens a connection or makes a request:
// sockets, HTTP clients, mail and file-transfer modules of Python, Node,
// Perl, Ruby, PHP and Lua.
var netCode = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\bsocket\b|urllib|\brequests\.|http\.client|httpx|aiohttp|smtplib|ftplib|telnetlib|paramiko|` +
		`\bfetch\s*\(|require\(\s*['"](net|http|https|http2|dgram|tls|node:net|node:http|node:https|node:dgram|node:tls)['"]\s*\)|` +
		`from\s+['"](node:)?(net|http|https|dgram|tls)['"]|axios|IO::Socket|LWP|HTTP::Tiny|Net::(HTTP|FTP|SMTP)|Mojo::UserAgent|\bgetstore\s*\(|TCPSocket|UDPSocket|open-uri|` +
		`fsockopen|stream_socket_client|curl_init|file_get_contents\(\s*['"](https?|ftp)://|socket\.http|/dev/(tcp|udp)/|/inet[46]?/(tcp|udp)|` +
		`Socket\.tcp|xmlrpc|import\(\s*['"](node:)?(net|http|https|dgram|tls)['"]|__import__\(\s*['"][^'"]*['"]\s*\+`)
})

// environmentInput reports that what c reads holds the environment's
// values: the command just before it in its pipeline prints it (or echoes
// a substitution that does: echo "$(env)" | base64), a process
// substitution among its words or its input does (base64 <(env)), a
// here-string or heredoc holds one (base64 <<< "$(env)"), or it reads a
// file a command before it filled with the environment (env > e.txt;
// base64 e.txt). Only the next command counts: env | grep PATH | base64
// encodes a filtered line.
func environmentInput(c *cmdline.Command, line *cmdline.Line, ctx Context, ce *CommandEnv) bool {
	at := slices.Index(line.Commands, c)
	if at < 0 {
		return false
	}
	h, i := ctx.heldBefore(c, line)
	if pipedEnvironment(c, line, at, h) {
		return true
	}
	if c.Stdin.Kind != "pipe" && h.echoesEnvironment(c, line, at) || h.readsEnvironment(c, ce, i) {
		return true
	}
	// the commands of c's own <(…) follow it, one carrier further in
	n := len(c.Via)
	for _, u := range line.Commands[at+1:] {
		if len(u.Via) <= n || !slices.Equal(u.Via[:n], c.Via) {
			break
		}
		if len(u.Via) == n+1 && u.Via[n] == "<(…)" && printsEnvironment(u) {
			return true
		}
	}
	return false
}

// pipedEnvironment reports that the command just before c (at index at)
// in its pipeline prints the whole environment (env | base64, cat e.txt |
// base64, echo "$(env)" | base64), or, for the cat that stands for GNU
// parallel's --pipe input, that the command piped into parallel does
// (printenv | parallel --pipe base64).
func pipedEnvironment(c *cmdline.Command, line *cmdline.Line, at int, h *heldSecrets) bool {
	if c.Stdin.Kind != "pipe" || c.Pipe.Index == 0 {
		return false
	}
	for j := at - 1; j >= 0; j-- {
		u := line.Commands[j]
		if !slices.Equal(u.Via, c.Via) || u.Pipe.Len != c.Pipe.Len || u.Pipe.Index != c.Pipe.Index-1 {
			continue
		}
		if printsEnvironment(u) || j < len(h.whole) && h.whole[j] {
			return true
		}
		if p := parallelOf(u, line); p != nil && u.Name == "cat" && u.Stdin.Kind == "" && len(u.Args) == 0 {
			return pipedEnvironment(p, line, slices.Index(line.Commands, p), h)
		}
		return false
	}
	return false
}

// printsEnvironment reports a command whose output holds the values of
// the environment (its API keys and tokens): env and printenv with no
// name (or a secret-looking one), export -p, declare -p/-x, set, and inline
// code that dumps it whole (dict(os.environ), JSON.stringify(process.env),
// %ENV, ENV.to_h).
func printsEnvironment(c *cmdline.Command) bool {
	args := wordValues(c.Args)
	switch c.Name {
	case "env":
		// env [-i] [-u NAME] [NAME=VALUE]… with no command prints it
		for i := 0; i < len(args); i++ {
			a := args[i]
			switch {
			case a == "-u" || a == "--unset" || a == "-C" || a == "--chdir":
				i++
			case strings.HasPrefix(a, "-") || strings.Contains(a, "="):
			default:
				return false // a command: env runs it
			}
		}
		return true
	case "printenv":
		names := slices.DeleteFunc(slices.Clone(args), func(a string) bool { return strings.HasPrefix(a, "-") })
		return len(names) == 0 || slices.ContainsFunc(names, func(n string) bool { return secretName().MatchString(n) })
	case "export", "declare", "typeset", "local", "readonly":
		return len(args) == 0 || slices.ContainsFunc(args, func(a string) bool { return a == "-p" || strings.HasPrefix(a, "-") && strings.ContainsAny(a, "xp") })
	case "set":
		return len(args) == 0
	case "jq", "gojq", "jaq":
		return slices.ContainsFunc(args, func(a string) bool {
			return a == "env" || strings.Contains(a, "$ENV") || strings.Contains(a, "env|") || strings.Contains(a, "env |")
		})
	case "make", "gmake":
		return slices.Contains(args, "-p") || slices.Contains(args, "--print-data-base") // its variables, the environment's among them
	case "npm", "pnpm", "yarn", "bun":
		return len(args) >= 2 && args[0] == "run" && args[1] == "env"
	case "tmux":
		return slices.Contains(args, "show-environment") || slices.Contains(args, "showenv")
	case "cmake":
		return len(args) >= 2 && args[0] == "-E" && args[1] == "environment"
	case "systemctl":
		return slices.Contains(args, "show-environment")
	case "ps":
		// BSD-style e shows each process's environment: ps eww, ps auxe
		return slices.ContainsFunc(args, func(a string) bool {
			return !strings.HasPrefix(a, "-") && strings.ContainsRune(a, 'e') && strings.Trim(a, "auxwefjlmrsvTZ") == ""
		})
	}
	return c.Payload != nil && envDump().MatchString(c.Payload.Code)
}

// containerSenders are the programs a container runs that send what they
// read to another host.
var containerSenders = map[string]bool{
	"nc": true, "ncat": true, "netcat": true, "socat": true, "curl": true, "wget": true, "telnet": true,
	"ssh": true, "scp": true, "openssl": true, "python": true, "python3": true, "perl": true, "ruby": true, "node": true,
}

// secretName matches the name of a variable that holds a secret.
var secretName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|PRIVATE|CREDENTIAL|DATABASE_URL|DB_URL|REDIS_URL|MONGO_URL|MONGO_URI|MONGODB_URL|MONGODB_URI|POSTGRES_URL|DSN\b)`)
})

// secretVar matches a reference to a variable whose name says it holds a
// secret ($OPENAI_API_KEY, ${GITHUB_TOKEN}).
var secretVar = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\$\{?[A-Za-z_]*(?i:SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL|DATABASE_URL|DB_URL|REDIS_URL|MONGO_URL|MONGO_URI|MONGODB_URL|MONGODB_URI|POSTGRES_URL|DSN\b)[A-Za-z_0-9]*`)
})

// envDump matches inline code that reads the whole environment.
var envDump = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`os\.environ\s*(\)|,|\]|\.(items|copy|keys|values)\b)|\bin\s+os\.environ\b|environ\(\)|JSON\.stringify\(\s*process\.env\s*[,)]|Object\.(entries|keys|values|assign)\([^)]*process\.env\s*\)|process\.env\s*[)}\]]|\.\.\.\s*process\.env\b|\bin\s+process\.env\b|%ENV\b|\bENV\.(to_h|to_a|each|each_pair|map|inspect|select|keys|values)\b|getenv\(\s*\)|\bin\s+ENVIRON\b|\bENVIRON\s*\)|\*\*\s*os\.environ\b|os\.environb\s*(\)|,|\]|\.(items|copy|keys|values)\b)|process\[\s*["'\x60]env["'\x60]\s*\]\s*[)}\],;]|\$_ENV\s*[);,]|Deno\.env\.toObject\(|\bBun\.env\s*[)}\]]|\bENV\.to_hash\b` +
		// the whole environment under another name: const {env} = process,
		// e = process.env; e = os.environ; from os import environ
		`|\{[^{}]*\benv\b[^{}]*\}\s*=\s*(?:globalThis\.)?process\b|=\s*(?:globalThis\.)?process\.env\s*(?:;|\n|$)|=\s*os\.environ\s*(?:;|\n|$)|\bfrom\s+os\s+import\s+(?:[\w\s,]*,\s*)?environ\b`)
})

// archivedSecrets are the secret directories (and homes) an archiver
// packs: tar c ~, tar c -C ~ .ssh, cd ~ && tar cz .ssh, zip -r - .ssh,
// 7z a x.7z ~/.aws, by name or by a glob that can match one (~/.s?h).
// Each is named so that a pipe from it to another host is a sending of
// secrets (pipedSecrets).
func archivedSecrets(c *cmdline.Command, args, positional []string, cwd string) []string {
	var out []string
	if c.LostDir != "" {
		cwd = c.LostDir // cd "$X" && tar cz .aws: $X/.aws, which cleanPath reads as ~/.aws
	}
	for _, full := range archiveOperands(c, args, positional, cwd) {
		if holdsHomes(full) || secretDir(cleanPath(full)) {
			out = append(out, full)
		}
	}
	return out
}

// chdirSecrets are the secrets tar packs by a path relative to its own
// directory (tar -C ~ -czf h.tgz .ssh .gnupg): the word names the file
// under -C's directory, not under the one the line runs in.
func chdirSecrets(c *cmdline.Command, args, positional []string, cwd string) []string {
	switch programName(c.Name) {
	case "tar", "bsdtar", "gtar":
	default:
		return nil
	}
	if len(optionValues(args, []string{"C", "directory"}, true)) == 0 {
		return nil
	}
	var out []string
	for _, full := range archiveOperands(c, args, positional, cwd) {
		if slices.Contains(positional, full) {
			continue // named whole on the line: secretFiles has it
		}
		if s := secretIn(full); s != "" {
			out = append(out, s)
		} else if secretDir(cleanPath(full)) {
			out = append(out, full)
		}
	}
	return out
}

// archiveOperands are the files and directories an archiver packs (tar
// c, zip, 7z a, and createdArchive's: jar c, python3 -m zipfile -c, ar r,
// pax -w), joined to its -C directory or to cwd when relative
// and known.
func archiveOperands(c *cmdline.Command, args, positional []string, cwd string) []string {
	var ops, bases []string // each operand and the directory it is read in
	switch programName(c.Name) {
	case "tar", "bsdtar", "gtar":
		if !hasFlag(args, []string{"c", "create", "r", "append"}) && !(len(positional) > 0 && bundled(positional[0]) && strings.ContainsAny(positional[0], "cr")) {
			return nil
		}
		ops, bases = positional, tarDirs(args, positional, cwd)
		if len(ops) > 0 && bundled(ops[0]) && !strings.HasPrefix(ops[0], "-") {
			ops, bases = ops[1:], bases[1:] // tar czf - DIR: the bundled operations
		}
	case "zip", "7z", "7za", "7zr", "rar":
		if len(positional) < 2 {
			return nil
		}
		ops = positional[1:] // the archive comes first
		if programName(c.Name) != "zip" && len(positional) > 2 {
			ops = positional[2:] // 7z a ARCHIVE FILES
		}
	default:
		cr, ok := createdArchive(programName(c.Name), args)
		if !ok {
			return nil
		}
		ops = cr.inputs // jar cf A ~/.ssh, python3 -m zipfile -c A ~/.ssh
	}
	var out []string
	for i, p := range ops {
		if p == "" || p == "-" {
			continue
		}
		base := cwd
		if bases != nil {
			base = bases[i]
		}
		out = append(out, underDir(base, p))
	}
	return out
}

// underDir is p read in the directory dir: joined to it when relative
// and dir is known. A word starting with $ ($HOME/x) is no relative path.
func underDir(dir, p string) string {
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$") || dir == "" {
		return p
	}
	return path.Join(dir, p)
}

// tarDirs is, for each of tar's operands, the directory tar reads it in:
// that of the last -C (--directory) before it, each relative one read in
// the one before, or cwd (tar -cf a.tar -C /tmp x -C ~ .ssh packs /tmp/x
// and ~/.ssh; -C $HOME is the home, not a directory named so).
func tarDirs(args, positional []string, cwd string) []string {
	dirs := make([]string, len(positional))
	dir, k := cwd, 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		value := ""
		switch {
		case k < len(positional) && a == positional[k]:
			dirs[k] = dir
			k++
			continue
		case (a == "-C" || a == "--directory") && i+1 < len(args):
			i++
			value = args[i]
		case strings.HasPrefix(a, "--directory="):
			value = strings.TrimPrefix(a, "--directory=")
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			// -czC DIR, -CDIR: the first letter that takes a value takes
			// the rest of the word, or the next word when it ends it
			for j := 1; j < len(a); j++ {
				if strings.IndexByte(tarValued, a[j]) < 0 {
					continue
				}
				if a[j] == 'C' && j < len(a)-1 {
					value = a[j+1:]
				} else if a[j] == 'C' && i+1 < len(args) {
					i++
					value = args[i]
				}
				break
			}
		}
		if value != "" {
			dir = underDir(dir, value)
		}
	}
	for ; k < len(positional); k++ {
		dirs[k] = dir
	}
	return dirs
}

// packedSecrets are, for an agent, the secret files on disk under the
// directories an archiver packs (Context.SecretsUnder): tar c . | curl -T -
// sends the .env lying in the project, whether git ignores it or not (an
// archiver reads no .gitignore). Each is named as the directory joined
// with the file's path under it; one an exclusion of the archiver matches
// (tar --exclude=.env, zip -x .env) is left out, and zip without -r packs
// no directory's files.
func packedSecrets(c *cmdline.Command, args, positional []string, cwd string, ctx Context) []string {
	if ctx.SecretsUnder == nil || ctx.inside {
		return nil // a container's paths are not this machine's
	}
	prog := programName(c.Name)
	if prog == "zip" && !hasFlag(args, []string{"r", "R", "recurse-paths", "recurse-patterns"}) {
		return nil
	}
	if (prog == "tar" || prog == "gtar" || prog == "bsdtar") && hasFlag(args, []string{"no-recursion"}) {
		return nil
	}
	excludes := optionValues(args, []string{"exclude"}, false)
	if prog == "zip" {
		excludes = append(excludes, optionValues(args, []string{"x", "exclude"}, false)...)
	}
	var out []string
	for _, op := range archiveOperands(c, args, positional, cwd) {
		if strings.ContainsAny(op, "$`*?[") || !strings.HasPrefix(op, "/") && !strings.HasPrefix(op, "~") {
			continue
		}
		for _, rel := range ctx.SecretsUnder(cleanPath(op)) {
			if !slices.ContainsFunc(excludes, func(x string) bool { return excluded(x, rel) }) {
				out = append(out, path.Join(op, rel))
			}
		}
	}
	return out
}

// excluded reports an archiver's exclusion pattern that matches a file
// by its path under the packed directory, by its name, or by a directory
// holding it (tar --exclude=.env, --exclude='*.pem', --exclude=config).
func excluded(pattern, rel string) bool {
	pattern = strings.TrimPrefix(strings.TrimSuffix(pattern, "/"), "./")
	if pattern == "" {
		return false
	}
	for p := rel; p != "." && p != "/" && p != ""; p = path.Dir(p) {
		if ok, _ := path.Match(pattern, p); ok {
			return true
		}
		if ok, _ := path.Match(pattern, path.Base(p)); ok {
			return true
		}
	}
	return false
}

// keyDirs are the directories that hold credentials and keys, whole.
var keyDirs = []string{"~/.ssh", "~/.aws", "~/.gnupg", "~/.kube", "~/.docker", "~/.config/gcloud", "~/.password-store", "~/.azure", "/etc/ssl/private", "/root/.ssh"}

// storeDirs are where programs keep their secret stores: macOS's
// keychains and cookie jars and its messages, browsers' and mail clients'
// profiles (cookies, saved logins and the keys to them), the desktop
// keyring, crypto wallets, Terraform's logins. Each, a directory up to
// two levels below it (a profile) and their names in any case (macOS's file system
// ignores it) are packed or sent whole as ~/.ssh is.
var storeDirs = []string{
	"~/Library/Keychains", "~/Library/Cookies", "~/Library/Messages", "~/Library/Safari",
	"~/Library/Application Support/Google/Chrome", "~/Library/Application Support/Chromium",
	"~/Library/Application Support/BraveSoftware", "~/Library/Application Support/Microsoft Edge",
	"~/Library/Application Support/Vivaldi", "~/Library/Application Support/Firefox", "~/Library/Thunderbird",
	"~/.config/google-chrome", "~/.config/chromium", "~/.config/BraveSoftware", "~/.config/microsoft-edge",
	"~/.config/vivaldi", "~/.mozilla/firefox", "~/.thunderbird", "~/snap/firefox/common/.mozilla/firefox",
	"~/.var/app/org.mozilla.firefox/.mozilla/firefox", "~/.local/share/keyrings",
	"~/.config/Exodus", "~/Library/Application Support/Exodus", "~/Library/Application Support/Electrum",
	"~/.electrum", "~/.terraform.d",
}

// chainDirs are crypto wallets' data directories: whole they hold the
// wallet, but their other directories hold the public block chain
// (~/.bitcoin/blocks), so only the directory itself is a store (its
// wallets directory is a secret directory of its own).
var chainDirs = []string{"~/.bitcoin", "~/.ethereum", "~/Library/Application Support/Bitcoin", "~/Library/Ethereum"}

// storeDir reports a path after homeForm that is one of storeDirs or
// up to two levels below one, or a glob that can match one.
func storeDir(c string) bool {
	folded := strings.ToLower(c)
	dirs := foldedStoreDirs()
	for _, d := range dirs.chains {
		if strings.TrimSuffix(folded, "/") == d {
			return true
		}
	}
	for i, d := range dirs.stores {
		if rest, ok := strings.CutPrefix(folded, dirs.prefixes[i]); folded == d || ok && strings.Count(rest, "/") < 2 {
			return true // the store, a profile in it (Default, Profiles/x.default)
		}
		if strings.ContainsAny(c, "*?[") {
			if ok, _ := path.Match(folded, d); ok {
				return true
			}
		}
	}
	return false
}

// foldedStoreDirs are chainDirs and storeDirs in lower case, and each
// store with its trailing slash, made once: storeDir runs on every path
// a command reads whole.
var foldedStoreDirs = sync.OnceValue(func() (f struct{ chains, stores, prefixes []string }) {
	for _, d := range chainDirs {
		f.chains = append(f.chains, strings.ToLower(d))
	}
	for _, d := range storeDirs {
		d = strings.ToLower(d)
		f.stores, f.prefixes = append(f.stores, d), append(f.prefixes, d+"/")
	}
	return f
})

// secretDir reports a cleaned path that is one of keyDirs or storeDirs
// (or below one of storeDirs), or a glob that can match one (~/.s?h,
// ~/.[s]sh, ~/Library/Key*).
func secretDir(c string) bool {
	c = homeForm(c)
	if storeDir(c) {
		return true
	}
	for _, d := range keyDirs {
		if c == d {
			return true
		}
		if strings.ContainsAny(c, "*?[") {
			if ok, _ := path.Match(c, d); ok {
				return true
			}
		}
	}
	return false
}

// holdsStore reports a directory that holds a key directory or a secret
// store without being one (~/Library, ~/Library/Application Support,
// ~/.config, ~/.mozilla, ~/.local/share, /etc/ssl): packing or sending
// it whole takes the store along. A home and the root are isHome's and
// isRoot's; a store and what lies in it are secretDir's.
func holdsStore(p string) bool {
	c := strings.ToLower(strings.TrimSuffix(homeForm(cleanPath(p)), "/"))
	if c == "" || c == "~" || c == "." || !strings.HasPrefix(c, "~/") && !strings.HasPrefix(c, "/") || len(c) < 2 {
		return false
	}
	for _, dirs := range [][]string{keyDirs, storeDirs, chainDirs} {
		for _, d := range dirs {
			if strings.HasPrefix(strings.ToLower(d), c+"/") {
				return true
			}
		}
	}
	return false
}

// joinedLiterals is code with string literals joined where it
// concatenates them ("~/.cla" + "ude" in Python or Node, "a" . "b" in Perl
// and PHP, "a" .. "b" in Lua), as the program builds the string.
func joinedLiterals(code string) string {
	if !strings.ContainsAny(code, "+.") {
		return code
	}
	return literalJoin().ReplaceAllString(code, "")
}

var literalJoin = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`["']\s*(\+|\.\.?)\s*["']`)
})
