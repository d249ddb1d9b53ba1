package dsl

import (
	"net"
	"net/url"
	"strings"
	"unicode"
)

// urlHost extracts the host of a URL-like argument: a full URL
// ("https://h/p"), or a scheme-less one that starts with a host name or an
// IP address and has a path or port ("example.com/x", "10.0.0.1:8080").
// It returns "" for anything else, so plain words and file names are not hosts.
func urlHost(s string) string {
	s = strings.Trim(s, "'\"")
	if i := strings.Index(s, "://"); i > 0 {
		rest := s[i+3:]
		if j := strings.IndexAny(rest, "/?#"); j >= 0 {
			rest = rest[:j]
		}
		if j := strings.LastIndex(rest, "@"); j >= 0 {
			rest = rest[j+1:]
		}
		return stripPort(rest)
	}
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "/") || strings.HasPrefix(s, ".") || strings.HasPrefix(s, "~") {
		return ""
	}
	hostPart := s
	if j := strings.IndexAny(s, "/?#"); j >= 0 {
		hostPart = s[:j]
	} else if !strings.Contains(s, ":") && net.ParseIP(s) == nil {
		return "" // "file.txt", "name.tar.gz": no path, no port: not a host
	}
	if j := strings.LastIndex(hostPart, "@"); j >= 0 {
		hostPart = hostPart[j+1:]
	}
	h := stripPort(hostPart)
	if net.ParseIP(h) != nil {
		return h
	}
	if !strings.Contains(h, ".") || strings.ContainsAny(h, " \t=*") {
		return ""
	}
	// The last label must look like a top-level domain, so "main.go/x" is a file.
	tld := h[strings.LastIndex(h, ".")+1:]
	if len(tld) < 2 || !isLetters(tld) || knownFileSuffix[tld] {
		return ""
	}
	return h
}

// knownFileSuffix are extensions that are not top-level domains in practice.
var knownFileSuffix = set("go", "py", "js", "ts", "txt", "md", "sh", "json", "yaml", "yml", "toml",
	"c", "h", "rs", "rb", "java", "tar", "gz", "tgz", "zip", "log", "conf", "cfg", "ini", "lock", "css", "html")

func isLetters(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

func stripPort(h string) string {
	if strings.HasPrefix(h, "[") {
		if j := strings.Index(h, "]"); j > 0 {
			return h[1:j]
		}
	}
	if j := strings.LastIndex(h, ":"); j >= 0 && strings.Count(h, ":") == 1 {
		return h[:j]
	}
	return h
}

// urlScheme is the lowercase scheme of a full URL, or "".
func urlScheme(s string) string {
	s = strings.Trim(s, "'\"")
	if i := strings.Index(s, "://"); i > 0 {
		return strings.ToLower(s[:i])
	}
	return ""
}

// urlPort is the explicit port of a URL-like argument, or "".
func urlPort(s string) string {
	if urlHost(s) == "" {
		return ""
	}
	if u, err := url.Parse(s); err == nil && u.Host != "" {
		return u.Port()
	}
	return ""
}

// urlUserinfo reports whether a URL-like argument carries user[:password]@.
func urlUserinfo(s string) bool {
	h := urlHost(s)
	if h == "" {
		return false
	}
	rest := s
	if i := strings.Index(s, "://"); i > 0 {
		rest = s[i+3:]
	}
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		rest = rest[:j]
	}
	return strings.Contains(rest, "@")
}

// isIP reports whether h is a literal IPv4 or IPv6 address.
func isIP(h string) bool { return net.ParseIP(h) != nil }

var privateNets = func() []*net.IPNet {
	var nets []*net.IPNet
	for _, c := range []string{"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8",
		"169.254.0.0/16", "100.64.0.0/10", "::1/128", "fc00::/7", "fe80::/10"} {
		_, n, _ := net.ParseCIDR(c)
		nets = append(nets, n)
	}
	return nets
}()

// isPrivateIP reports whether h is an address on a private, loopback or
// link-local network.
func isPrivateIP(h string) bool {
	ip := net.ParseIP(h)
	if ip == nil {
		return false
	}
	for _, n := range privateNets {
		if n.Contains(ip) {
			return true
		}
	}
	return false
}

var metadataHosts = set("169.254.169.254", "100.100.100.200", "169.254.170.2", "fd00:ec2::254",
	"metadata.google.internal", "metadata", "metadata.azure.internal", "169.254.169.123")

// isMetadataHost reports whether h is a cloud instance-metadata endpoint.
func isMetadataHost(h string) bool { return metadataHosts[strings.ToLower(strings.TrimSuffix(h, "."))] }

var shorteners = set("bit.ly", "t.co", "tinyurl.com", "is.gd", "v.gd", "goo.gl", "ow.ly", "buff.ly",
	"rb.gy", "cutt.ly", "shorturl.at", "tiny.cc", "rebrand.ly", "bl.ink", "s.id", "t.ly", "git.io",
	"shorturl.com", "tr.im", "x.co", "lnkd.in", "db.tt", "qr.ae", "adf.ly", "bitly.com", "u.to", "clck.ru")

// isShortener reports whether h is a URL-shortening service, whose links
// hide where they lead.
func isShortener(h string) bool { return shorteners[strings.ToLower(h)] }

// isPunycode reports whether any label of h is IDNA-encoded ("xn--").
func isPunycode(h string) bool {
	for _, label := range strings.Split(strings.ToLower(h), ".") {
		if strings.HasPrefix(label, "xn--") {
			return true
		}
	}
	return false
}

// nonASCII reports whether s holds any character outside ASCII.
func nonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// dataFile is the file a curl data or form argument reads ("@file",
// "name=@file", "name=<file"), or "" for literal data.
func dataFile(arg string) string {
	if f, ok := strings.CutPrefix(arg, "@"); ok {
		return f
	}
	if i := strings.IndexByte(arg, '='); i >= 0 {
		v := arg[i+1:]
		if f, ok := strings.CutPrefix(v, "@"); ok {
			return strings.SplitN(f, ";", 2)[0]
		}
		if f, ok := strings.CutPrefix(v, "<"); ok {
			return strings.SplitN(f, ";", 2)[0]
		}
	}
	return ""
}
