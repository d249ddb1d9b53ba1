package cmdline

import "strings"

// webServers are the HTTP servers that serve a directory their
// configuration names, by program() name ("apache2" reads "apache"), with
// the configuration's dialect.
var webServers = map[string]string{
	"nginx": "nginx", "openresty": "nginx",
	"lighttpd": "lighttpd", "lighttpd-angel": "lighttpd",
	"apache2": "apache", "apache": "apache", "httpd": "apache", "apachectl": "apache", "apache2ctl": "apache",
	"caddy": "caddy",
}

// The directives that set the directory a server's files come from, each
// from the server's own reference: nginx's root and alias
// (ngx_http_core_module), lighttpd's server.document-root and alias.url
// (mod_alias), Apache's DocumentRoot and Alias (core, mod_alias), and
// Caddy's root directive (Caddyfile) or the "root" of a file_server
// handler (JSON).
var (
	nginxRoot    = lazyRegexp(`(?:^|[;{}\s])(?:root|alias)\s+["']?([^;"'\s]+)["']?\s*;`)
	lighttpdRoot = lazyRegexp(`(?:server\.document-root\s*=|=>)\s*"([^"]+)"`)
	apacheRoot   = lazyRegexp(`(?mi)^\s*(?:DocumentRoot|Alias\s+\S+)\s+"?([^"\s]+)"?`)
	caddyRoot    = lazyRegexp(`(?m)(?:^|[{;])[ \t]*root[ \t]+(?:(?:\*|@\S+|/\S*)[ \t]+)?([^\s{}]+)|"root"\s*:\s*"([^"]+)"`)
)

// servedDirs are the directories a web server's configuration text serves
// files from: absolute or home paths only, since a relative one is the
// project's own. A Caddyfile's root serves files only with file_server
// (php_fastcgi uses it too).
func servedDirs(prog, text string) []string {
	var out []string
	add := func(dir string) {
		if strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "~") || strings.HasPrefix(dir, "$HOME") {
			out = append(out, dir)
		}
	}
	switch webServers[program(prog)] {
	case "nginx":
		for _, m := range nginxRoot().FindAllStringSubmatch(text, -1) {
			add(m[1])
		}
	case "lighttpd":
		for _, m := range lighttpdRoot().FindAllStringSubmatch(text, -1) {
			add(m[1])
		}
	case "apache":
		for _, m := range apacheRoot().FindAllStringSubmatch(text, -1) {
			add(m[1])
		}
	case "caddy":
		if !strings.Contains(text, "file_server") {
			return nil
		}
		for _, m := range caddyRoot().FindAllStringSubmatch(text, -1) {
			add(m[1] + m[2])
		}
	}
	return out
}

// serveWritten follows a web server given a configuration the line wrote:
// each directory it serves is judged as Caddy's one-line static file
// server serving it (caddy file-server --root DIR), so that the rule on
// serving the home directory or / over HTTP sees it whatever the server.
func (w *walker) serveWritten(c *Command, file, text string, cx ctx) {
	for _, dir := range servedDirs(c.Name, text) {
		w.nested(c, "caddy file-server --root "+shellQuote(dir), c.Name+" "+file, cx, false)
	}
}
