package dsl

import "strings"

// popularDomains are the registrable domains most often imitated in
// typosquats of install scripts and package sources.
var popularDomains = []string{
	"github.com", "githubusercontent.com", "gitlab.com", "bitbucket.org", "google.com", "googleapis.com",
	"microsoft.com", "apple.com", "amazon.com", "amazonaws.com", "paypal.com", "npmjs.com", "npmjs.org",
	"pypi.org", "pythonhosted.org", "python.org", "rubygems.org", "crates.io", "golang.org", "docker.com",
	"docker.io", "cloudflare.com", "anthropic.com", "openai.com", "huggingface.co", "nodejs.org",
	"rust-lang.org", "rustup.rs", "debian.org", "ubuntu.com", "kernel.org", "mozilla.org", "facebook.com",
	"twitter.com", "slack.com", "stripe.com", "azure.com", "office.com", "live.com", "yarnpkg.com",
	"brew.sh", "homebrew.sh", "sourceforge.net", "digitalocean.com", "heroku.com", "vercel.com",
}

// lookalikes are the swaps that pass a quick look: rn for m, 1 for l, 0 for o, vv for w.
var lookalikes = strings.NewReplacer("rn", "m", "vv", "w", "1", "l", "0", "o", "cl", "d")

// lookalikeOf returns the popular domain that host imitates — one edit away
// (githuh.com, npnjs.com) or equal after look-alike swaps (rnicrosoft.com,
// paypa1.com) — or "" when it imitates none, or is one of them.
func lookalikeOf(host string) string {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "" || isIP(host) {
		return ""
	}
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return ""
	}
	reg := labels[len(labels)-2] + "." + labels[len(labels)-1]
	for _, d := range popularDomains {
		if reg == d {
			return ""
		}
	}
	swapped := lookalikes.Replace(reg)
	for _, d := range popularDomains {
		if swapped == d || oneEdit(reg, d) {
			return d
		}
	}
	return ""
}

// oneEdit reports whether a and b differ by exactly one insertion,
// deletion, substitution or swap of neighbours.
func oneEdit(a, b string) bool {
	if a == b {
		return false
	}
	la, lb := len(a), len(b)
	switch {
	case la == lb:
		diff := -1
		for i := 0; i < la; i++ {
			if a[i] != b[i] {
				if diff >= 0 {
					// a second difference: only a swap of neighbours is one edit
					return i == diff+1 && a[diff] == b[i] && a[i] == b[diff] && a[i+1:] == b[i+1:]
				}
				diff = i
			}
		}
		return true
	case la == lb+1:
		return oneDeletion(a, b)
	case lb == la+1:
		return oneDeletion(b, a)
	}
	return false
}

// oneDeletion reports whether deleting one byte of long gives short.
func oneDeletion(long, short string) bool {
	i := 0
	for i < len(short) && long[i] == short[i] {
		i++
	}
	return long[i+1:] == short[i:]
}
