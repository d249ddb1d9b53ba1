package dsl

import (
	"net/netip"
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
	} else if !strings.Contains(s, ":") && !isIP(s) {
		return "" // "file.txt", "name.tar.gz": no path, no port: not a host
	}
	if j := strings.LastIndex(hostPart, "@"); j >= 0 {
		hostPart = hostPart[j+1:]
	}
	h := stripPort(hostPart)
	if isIP(h) {
		return h
	}
	if !strings.Contains(h, ".") || strings.ContainsAny(h, " \t=*") {
		return ""
	}
	// The last label must look like a top-level domain, so "main.go/x" is a file.
	tld := h[strings.LastIndex(h, ".")+1:]
	if len(tld) < 2 || !isLetters(tld) || knownFileSuffix.has(tld) {
		return ""
	}
	return h
}

// knownFileSuffix are extensions that are not top-level domains in practice.
var knownFileSuffix = nameSet{names: []string{"go", "py", "js", "ts", "txt", "md", "sh", "json", "yaml", "yml", "toml",
	"c", "h", "rs", "rb", "java", "tar", "gz", "tgz", "zip", "log", "conf", "cfg", "ini", "lock", "css", "html"}}

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
	authority := strings.Trim(s, "'\"")
	if i := strings.Index(authority, "://"); i > 0 {
		authority = authority[i+3:]
	}
	if i := strings.IndexAny(authority, "/?#"); i >= 0 {
		authority = authority[:i]
	}
	if i := strings.LastIndex(authority, "@"); i >= 0 {
		authority = authority[i+1:]
	}
	i := strings.LastIndex(authority, ":")
	if i < 0 || strings.HasSuffix(authority[:i], ":") || (strings.Count(authority, ":") > 1 && !strings.Contains(authority, "]:")) {
		return ""
	}
	port := authority[i+1:]
	for _, r := range port {
		if r < '0' || r > '9' {
			return ""
		}
	}
	return port
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
func isIP(h string) bool {
	_, err := netip.ParseAddr(h)
	return err == nil
}

// sharedAddressSpace is 100.64.0.0/10, carrier-grade NAT: private in practice.
var sharedAddressSpace = netip.PrefixFrom(netip.AddrFrom4([4]byte{100, 64, 0, 0}), 10)

// isPrivateIP reports whether h is an address on a private, loopback or
// link-local network.
func isPrivateIP(h string) bool {
	ip, err := netip.ParseAddr(h)
	if err != nil {
		return false
	}
	ip = ip.Unmap()
	return ip.IsPrivate() || ip.IsLoopback() || ip.IsLinkLocalUnicast() || sharedAddressSpace.Contains(ip)
}

var metadataHosts = nameSet{names: []string{"169.254.169.254", "100.100.100.200", "169.254.170.2", "fd00:ec2::254",
	"metadata.google.internal", "metadata", "metadata.azure.internal", "169.254.169.123"}}

// isMetadataHost reports whether h is a cloud instance-metadata endpoint.
func isMetadataHost(h string) bool {
	return metadataHosts.has(strings.ToLower(strings.TrimSuffix(h, ".")))
}

var shorteners = nameSet{names: []string{"bit.ly", "t.co", "tinyurl.com", "is.gd", "v.gd", "goo.gl", "ow.ly", "buff.ly",
	"rb.gy", "cutt.ly", "shorturl.at", "tiny.cc", "rebrand.ly", "bl.ink", "s.id", "t.ly", "git.io",
	"shorturl.com", "tr.im", "x.co", "lnkd.in", "db.tt", "qr.ae", "adf.ly", "bitly.com", "u.to", "clck.ru"}}

// isShortener reports whether h is a URL-shortening service, whose links
// hide where they lead.
func isShortener(h string) bool { return shorteners.has(strings.ToLower(h)) }

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

// bareHost is the host a word names on its own, besides what urlHost
// reads: a domain name ending in a common top-level domain (evil.com,
// attacker.io), or an option's value that is one (--host=evil.com); ""
// for a loopback host and anything else. File suffixes that are also
// top-level domains (.sh, .pl, .so, .in, .md, .rs, .py) are left out:
// deploy.sh is a script.
func bareHost(word string) string {
	word = strings.Trim(word, "'\"")
	if strings.HasPrefix(word, "-") {
		_, v, ok := strings.Cut(word, "=")
		if !ok {
			return ""
		}
		word = v
	}
	h := urlHost(word)
	if h == "" && !strings.ContainsAny(word, "/:@$`=* \t") && strings.Count(word, ".") >= 1 && !strings.HasPrefix(word, ".") && !strings.HasSuffix(word, ".") {
		if tld := strings.ToLower(word[strings.LastIndex(word, ".")+1:]); commonTLDs.has(tld) {
			h = word
		}
	}
	if h == "" || strings.EqualFold(h, "localhost") || strings.HasSuffix(strings.ToLower(h), ".localhost") || isLoopbackIP(h) {
		return ""
	}
	return h
}

// commonTLDs are top-level domains a bare word ending in one names a
// host by: the generic ones, the country codes most used for services,
// and those cheap domains abuse favours; the reserved ones (RFC 2606).
var commonTLDs = nameSet{names: []string{"com", "net", "org", "io", "dev", "app", "co", "ai", "xyz", "me", "info", "biz",
	"ru", "cn", "de", "uk", "fr", "nl", "jp", "br", "au", "ca", "ch", "se", "it", "es", "eu", "us", "tv", "cc", "ly",
	"gg", "to", "su", "tk", "ml", "ga", "cf", "gq", "pw", "ws", "top", "site", "online", "click", "link", "cloud",
	"tech", "live", "pro", "store", "shop", "fun", "space", "website", "icu", "buzz", "club", "work", "vip", "sbs",
	"cfd", "cyou", "onion", "example", "test", "invalid"}}

// isLoopbackIP reports a loopback or unspecified address (127.0.0.1,
// ::1, 0.0.0.0): this machine.
func isLoopbackIP(h string) bool {
	ip, err := netip.ParseAddr(strings.Trim(h, "[]"))
	return err == nil && (ip.Unmap().IsLoopback() || ip.IsUnspecified())
}

// gitURLRedirect reports a git url.BASE.insteadOf=PREFIX (or
// pushInsteadOf) setting that sends the addresses starting with PREFIX to
// another host than PREFIX's: url.https://evil.example/.insteadOf=https://github.com/.
// Switching between ssh and https for the same host (url.git@github.com:
// for https://github.com/) and a scheme alone (url.https://.insteadOf=git://)
// keep the host.
func gitURLRedirect(setting string) bool {
	key, prefix, ok := strings.Cut(setting, "=")
	lower := strings.ToLower(key)
	if !ok || !strings.HasPrefix(lower, "url.") {
		return false
	}
	base := ""
	for _, suffix := range []string{".pushinsteadof", ".insteadof"} {
		if strings.HasSuffix(lower, suffix) {
			base = key[len("url.") : len(key)-len(suffix)]
			break
		}
	}
	to := gitPrefixHost(base)
	return to != "" && to != gitPrefixHost(prefix)
}

// gitPrefixHost is the host a git URL or URL prefix names, lowercase:
// https://host/, ssh://user@host:port/, the scp-like user@host: and
// host:path; "" for a scheme alone or a local path.
func gitPrefixHost(p string) string {
	rest := p
	if i := strings.Index(p, "://"); i >= 0 {
		rest = p[i+3:]
	} else if !strings.Contains(p, ":") || strings.HasPrefix(p, "/") || strings.HasPrefix(p, ".") {
		return ""
	}
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		rest = rest[:j]
	}
	if k := strings.LastIndexByte(rest, '@'); k >= 0 {
		rest = rest[k+1:]
	}
	if strings.HasPrefix(rest, "[") {
		if e := strings.IndexByte(rest, ']'); e > 0 {
			return strings.ToLower(rest[1:e])
		}
	}
	host, _, _ := strings.Cut(rest, ":")
	return strings.ToLower(host)
}
