package cmdline

import (
	"slices"
	"strings"
	"sync"
)

// GNU getopt_long, argp, git's parse-options and curl accept any unambiguous
// prefix of a long option: rm --rec --force is rm --recursive --force, git
// reset --har is git reset --hard. The model gives such options their full
// spelling, so that rules written for --recursive see --rec. Each program
// has its own table (a prefix is only unambiguous among that program's
// options); "git SUB" keys git's subcommands. An ambiguous prefix is left as
// written: the program refuses it.
//
// A catalogue entry marked Abbrev adds its own options to its table.
//
// Not every program does this: find's options (-delete) are never
// abbreviated, git's own options before the subcommand are not, and rsync's
// popt parser takes no prefixes, so none of them are in the table.

var longOptions = struct {
	sync.RWMutex
	m map[string][]string
}{m: map[string][]string{
	"rm":    {"force", "interactive", "one-file-system", "no-preserve-root", "preserve-root", "recursive", "dir", "verbose", "help", "version"},
	"cp":    {"archive", "attributes-only", "backup", "copy-contents", "debug", "force", "interactive", "link", "dereference", "no-clobber", "no-dereference", "preserve", "no-preserve", "parents", "recursive", "reflink", "remove-destination", "sparse", "strip-trailing-slashes", "symbolic-link", "suffix", "target-directory", "no-target-directory", "update", "verbose", "one-file-system", "context", "help", "version"},
	"mv":    {"backup", "debug", "exchange", "force", "interactive", "no-clobber", "no-copy", "strip-trailing-slashes", "suffix", "target-directory", "no-target-directory", "update", "verbose", "context", "help", "version"},
	"chmod": {"changes", "silent", "quiet", "verbose", "dereference", "no-dereference", "no-preserve-root", "preserve-root", "reference", "recursive", "help", "version"},
	"chown": {"changes", "dereference", "no-dereference", "from", "no-preserve-root", "preserve-root", "quiet", "silent", "reference", "recursive", "verbose", "help", "version"},
	"chgrp": {"changes", "dereference", "no-dereference", "no-preserve-root", "preserve-root", "quiet", "silent", "reference", "recursive", "verbose", "help", "version"},
	"shred": {"force", "iterations", "random-source", "size", "remove", "verbose", "exact", "zero", "help", "version"},
	"tar": {"create", "extract", "get", "list", "append", "update", "delete", "diff", "compare", "concatenate", "catenate",
		"file", "directory", "gzip", "gunzip", "bzip2", "xz", "zstd", "lzma", "compress", "auto-compress", "use-compress-program",
		"to-command", "checkpoint", "checkpoint-action", "info-script", "new-volume-script", "overwrite", "overwrite-dir",
		"remove-files", "unlink-first", "recursive-unlink", "keep-old-files", "keep-newer-files", "skip-old-files",
		"absolute-names", "exclude", "exclude-from", "files-from", "verbose", "owner", "group", "mode", "preserve-permissions",
		"same-owner", "no-same-owner", "transform", "strip-components", "wildcards", "one-file-system", "help", "version"},
	"curl": {"output", "remote-name", "remote-name-all", "output-dir", "upload-file", "data", "data-binary", "data-raw",
		"data-urlencode", "form", "header", "request", "user", "insecure", "location", "silent", "show-error", "fail",
		"config", "proxy", "cookie", "cookie-jar", "url", "write-out", "create-dirs", "compressed", "verbose", "help", "version",
		"engine"},
	"wget": {"output-document", "output-file", "directory-prefix", "input-file", "post-data", "post-file", "body-data",
		"body-file", "header", "no-check-certificate", "execute", "recursive", "mirror", "delete-after", "quiet", "verbose",
		"user", "password", "method", "continue", "timestamping", "help", "version"},
	"sort": {"ignore-leading-blanks", "dictionary-order", "ignore-case", "general-numeric-sort", "ignore-nonprinting", "month-sort",
		"human-numeric-sort", "numeric-sort", "random-sort", "random-source", "reverse", "sort", "version-sort", "batch-size", "check",
		"compress-program", "debug", "files0-from", "key", "merge", "output", "stable", "buffer-size", "field-separator",
		"temporary-directory", "parallel", "unique", "zero-terminated", "help", "version"},
	"shuf": {"echo", "input-range", "head-count", "output", "random-source", "repeat", "zero-terminated", "help", "version"},
	"wc":   {"bytes", "chars", "lines", "files0-from", "max-line-length", "words", "total", "help", "version"},
	"split": {"additional-suffix", "bytes", "elide-empty-files", "filter", "hex-suffixes", "line-bytes", "lines", "number",
		"numeric-suffixes", "separator", "suffix-length", "unbuffered", "verbose", "help", "version"},
	"sed": {"debug", "expression", "file", "follow-symlinks", "in-place", "line-length", "null-data", "zero-terminated", "posix",
		"quiet", "silent", "regexp-extended", "sandbox", "separate", "unbuffered", "binary", "help", "version"},
	"gawk": {"assign", "field-separator", "characters-as-bytes", "traditional", "copyright", "dump-variables", "debug", "source",
		"exec", "gen-pot", "help", "include", "load", "lint", "bignum", "use-lc-numeric", "non-decimal-data", "optimize",
		"no-optimize", "profile", "pretty-print", "posix", "re-interval", "sandbox", "lint-old", "version", "csv", "persist"},
	"make": {"always-make", "assume-new", "assume-old", "check-symlink-times", "debug", "directory", "dry-run", "environment-overrides",
		"eval", "file", "help", "ignore-errors", "include-dir", "jobs", "just-print", "keep-going", "load-average", "makefile",
		"max-load", "new-file", "no-builtin-rules", "no-builtin-variables", "no-keep-going", "no-print-directory", "no-silent",
		"old-file", "output-sync", "print-data-base", "print-directory", "question", "quiet", "recon", "silent", "stop", "touch",
		"trace", "version", "warn-undefined-variables", "what-if", "shuffle", "jobserver-style"},
	"dmsetup": {"addnodeoncreate", "addnodeonresume", "checks", "columns", "concise", "deferred", "exec", "force", "gid", "help",
		"inactive", "major", "manglename", "minor", "mode", "nameprefixes", "noflush", "noheadings", "nolockfs", "noopencount",
		"notable", "noudevrules", "noudevsync", "readahead", "readonly", "retry", "select", "separator", "setuuid", "showkeys",
		"sort", "table", "target", "tree", "udevcookie", "uid", "uuid", "verbose", "verifyudev", "version", "yes"},
	"emacs": {"batch", "chdir", "daemon", "bg-daemon", "fg-daemon", "debug-init", "display", "no-splash", "no-desktop",
		"no-init-file", "init-directory", "no-site-file", "no-site-lisp", "no-x-resources", "no-loadup", "no-build-details",
		"quick", "script", "terminal", "user", "directory", "eval", "execute", "file", "find-file", "visit", "funcall", "insert",
		"kill", "load", "no-window-system", "dump-file", "seccomp", "module-assertions", "help", "version", "fullscreen",
		"maximized", "fullwidth", "fullheight", "geometry", "font", "background-color", "foreground-color", "border-color",
		"border-width", "cursor-color", "color", "internal-border", "line-spacing", "mouse-color", "name", "no-bitmap-icon",
		"iconic", "reverse-video", "title", "vertical-scroll-bars", "xrm", "parent-id", "basic-display", "no-blinking-cursor"},
	"gpg": {"sign", "clear-sign", "clearsign", "detach-sign", "encrypt", "encrypt-files", "symmetric", "store", "decrypt", "decrypt-files", "verify", "verify-files", "list-keys", "list-public-keys", "list-signatures", "list-sigs", "check-signatures", "check-sigs", "fingerprint", "list-secret-keys", "generate-key", "gen-key", "quick-generate-key", "quick-gen-key", "quick-add-uid", "quick-adduid", "quick-add-key", "quick-addkey", "quick-revoke-uid", "quick-revuid", "quick-set-expire", "quick-set-primary-uid", "full-generate-key", "full-gen-key", "generate-revocation", "gen-revoke", "delete-keys", "delete-secret-keys", "quick-sign-key", "quick-lsign-key", "quick-revoke-sig", "sign-key", "lsign-key", "edit-key", "key-edit", "change-passphrase", "passwd", "generate-designated-revocation", "desig-revoke", "export", "send-keys", "receive-keys", "recv-keys", "search-keys", "refresh-keys", "locate-keys", "locate-external-keys", "fetch-keys", "show-keys", "export-secret-keys", "export-secret-subkeys", "export-ssh-key", "export-secret-ssh-key", "import", "fast-import", "card-status", "edit-card", "card-edit", "change-pin", "list-config", "list-gcrypt-config", "gpgconf-list", "gpgconf-test", "list-packets", "export-ownertrust", "import-ownertrust", "update-trustdb", "check-trustdb", "fix-trustdb", "list-trustdb", "dearmor", "dearmour", "enarmor", "enarmour", "print-md", "print-mds", "gen-prime", "gen-random", "server", "tofu-policy", "delete-secret-and-public-keys", "rebuild-keydb-caches", "list-key", "list-sig", "check-sig", "show-key", "verbose", "no-verbose", "quiet", "no-tty", "no-greeting", "debug", "debug-level", "debug-all", "debug-iolbf", "display-charset", "charset", "options", "no-options", "logger-fd", "log-file", "logger-file", "debug-quick-random", "homedir", "faked-system-time", "default-key", "encrypt-to", "no-encrypt-to", "hidden-encrypt-to", "encrypt-to-default-key", "default-recipient", "default-recipient-self", "no-default-recipient", "group", "ungroup", "no-groups", "compliance", "gnupg", "no-pgp2", "no-pgp6", "no-pgp7", "no-pgp8", "rfc2440", "rfc4880", "rfc4880bis", "openpgp", "pgp6", "pgp7", "pgp8", "default-new-key-algo", "min-rsa-length", "always-trust", "trust-model", "photo-viewer", "known-notation", "agent-program", "dirmngr-program", "exit-on-status-write-error", "limit-card-insert-tries", "enable-progress-filter", "temp-directory", "exec-path", "expert", "no-expert", "no-secmem-warning", "require-secmem", "no-require-secmem", "no-permission-warning", "dry-run", "interactive", "default-sig-expire", "ask-sig-expire", "no-ask-sig-expire", "default-cert-expire", "ask-cert-expire", "no-ask-cert-expire", "default-cert-level", "min-cert-level", "ask-cert-level", "no-ask-cert-level", "only-sign-text-ids", "enable-large-rsa", "disable-large-rsa", "enable-dsa2", "disable-dsa2", "personal-cipher-preferences", "personal-digest-preferences", "personal-compress-preferences", "default-preference-list", "default-keyserver-url", "no-expensive-trust-checks", "allow-non-selfsigned-uid", "no-allow-non-selfsigned-uid", "allow-freeform-uid", "no-allow-freeform-uid", "preserve-permissions", "default-cert-check-level", "tofu-default-policy", "lock-once", "lock-multiple", "lock-never", "compress-algo", "compression-algo", "bzip2-decompress-lowmem", "completes-needed", "marginals-needed", "max-cert-depth", "trustdb-name", "auto-check-trustdb", "no-auto-check-trustdb", "force-ownertrust", "multifile", "input-size-hint", "utf8-strings", "no-utf8-strings", "set-filesize", "no-literal", "set-notation", "sig-notation", "cert-notation", "set-policy-url", "sig-policy-url", "cert-policy-url", "sig-keyserver-url", "armor", "armour", "no-armor", "no-armour", "output", "max-output", "comment", "default-comment", "no-comments", "emit-version", "no-emit-version", "no-version", "not-dash-escaped", "escape-from-lines", "no-escape-from-lines", "mimemode", "textmode", "no-textmode", "set-filename", "for-your-eyes-only", "no-for-your-eyes-only", "show-notation", "no-show-notation", "show-session-key", "use-embedded-filename", "no-use-embedded-filename", "unwrap", "mangle-dos-filenames", "no-mangle-dos-filenames", "no-symkey-cache", "skip-verify", "list-only", "compress-level", "bzip2-compress-level", "disable-signer-uid", "auto-key-locate", "no-auto-key-locate", "auto-key-import", "no-auto-key-import", "auto-key-retrieve", "no-auto-key-retrieve", "include-key-block", "no-include-key-block", "disable-dirmngr", "keyserver", "keyserver-options", "key-origin", "import-options", "import-filter", "export-options", "export-filter", "merge-only", "allow-secret-key-import", "list-options", "show-photos", "no-show-photos", "show-policy-url", "no-show-policy-url", "with-colons", "with-tofu-info", "with-key-data", "with-sig-list", "with-sig-check", "with-fingerprint", "with-subkey-fingerprint", "with-subkey-fingerprints", "with-icao-spelling", "with-keygrip", "with-secret", "with-wkd-hash", "with-key-origin", "fast-list-mode", "fixed-list-mode", "legacy-list-mode", "print-pka-records", "print-dane-records", "keyid-format", "show-keyring", "recipient", "hidden-recipient", "recipient-file", "hidden-recipient-file", "remote-user", "throw-keyids", "no-throw-keyids", "local-user", "trusted-key", "sender", "try-secret-key", "try-all-secrets", "no-default-keyring", "no-keyring", "keyring", "primary-keyring", "secret-keyring", "skip-hidden-recipients", "no-skip-hidden-recipients", "override-session-key", "override-session-key-fd", "s2k-mode", "s2k-digest-algo", "s2k-cipher-algo", "s2k-count", "require-backsigs", "require-cross-certification", "no-require-backsigs", "no-require-cross-certification", "verify-options", "enable-special-filenames", "no-random-seed-file", "no-sig-cache", "ignore-time-conflict", "ignore-valid-from", "ignore-crc-error", "ignore-mdc-error", "disable-cipher-algo", "disable-pubkey-algo", "cipher-algo", "digest-algo", "cert-digest-algo", "override-compliance-check", "allow-weak-key-signatures", "allow-weak-digest-algos", "weak-digest", "allow-multisig-verification", "allow-multiple-messages", "no-allow-multiple-messages", "batch", "no-batch", "yes", "no", "status-fd", "status-file", "attribute-fd", "attribute-file", "command-fd", "command-file", "passphrase", "passphrase-fd", "passphrase-file", "passphrase-repeat", "pinentry-mode", "force-sign-key", "request-origin", "display", "ttyname", "ttytype", "lc-ctype", "lc-messages", "xauthority", "no-autostart", "forbid-gen-key", "require-compliance", "use-only-openpgp-card", "rfc2440-text", "no-rfc2440-text", "personal-cipher-prefs", "personal-digest-prefs", "personal-compress-prefs", "sign-with", "user", "use-agent", "no-use-agent", "gpg-agent-info", "reader-port", "ctapi-driver", "pcsc-driver", "disable-ccid", "honor-http-proxy", "tofu-db-format", "sk-comments", "no-sk-comments", "compress-keys", "compress-sigs", "force-v3-sigs", "no-force-v3-sigs", "force-v4-certs", "no-force-v4-certs", "no-mdc-warning", "force-mdc", "no-force-mdc", "disable-mdc", "no-disable-mdc", "help", "version", "warranty"},
	"wipefs": {"all", "backup", "force", "help", "json", "lock", "no-act", "no-headings", "noheadings", "offset", "output",
		"parsable", "quiet", "types", "version"},
	"sudo": {"askpass", "background", "bell", "chdir", "chroot", "close-from", "command-timeout", "edit", "group", "help", "host",
		"list", "login", "non-interactive", "other-user", "preserve-env", "preserve-groups", "prompt", "remove-timestamp",
		"reset-timestamp", "role", "set-home", "shell", "stdin", "type", "user", "validate", "version"},
	// ncat(1), nmap's netcat
	"ncat": {"unixsock", "vsock", "crlf", "sh-exec", "exec", "lua-exec", "max-conns", "help", "delay", "output", "hex-dump",
		"idle-timeout", "recv-only", "send-only", "source-port", "source", "wait", "nodns", "version", "verbose", "listen",
		"keep-open", "udp", "sctp", "telnet", "allow", "allowfile", "deny", "denyfile", "broker", "chat", "proxy", "proxy-type",
		"proxy-auth", "proxy-dns", "ssl", "ssl-cert", "ssl-key", "ssl-verify", "ssl-trustfile", "ssl-ciphers", "ssl-servername",
		"ssl-alpn", "append-output", "no-shutdown", "zero"},
	// facter(8) 4's command line
	"facter": {"color", "config", "custom-dir", "debug", "external-dir", "help", "hocon", "json", "list-block-groups",
		"list-cache-groups", "log-level", "no-block", "no-cache", "no-color", "no-custom-facts", "no-external-facts", "no-ruby",
		"puppet", "show-legacy", "strict", "timing", "trace", "verbose", "version", "yaml", "sequential", "http-debug", "force-dot-resolution"},
	"git apply": {"allow-empty", "allow-overlap", "apply", "build-fake-ancestor", "cached", "check", "directory", "exclude",
		"ignore-space-change", "ignore-whitespace", "inaccurate-eof", "include", "index", "intent-to-add", "no-add", "numstat",
		"quiet", "recount", "reject", "reverse", "stat", "summary", "unidiff-zero", "unsafe-paths", "verbose", "whitespace", "3way"},
	"git reset":         {"soft", "mixed", "hard", "merge", "keep", "quiet", "no-quiet", "recurse-submodules", "no-recurse-submodules", "patch", "intent-to-add", "refresh", "no-refresh", "pathspec-from-file", "pathspec-file-nul"},
	"git clean":         {"force", "dry-run", "quiet", "exclude", "interactive"},
	"git push":          {"all", "branches", "mirror", "delete", "tags", "follow-tags", "dry-run", "porcelain", "force", "force-with-lease", "no-force-with-lease", "force-if-includes", "no-force-if-includes", "repo", "set-upstream", "thin", "no-thin", "quiet", "verbose", "progress", "no-progress", "prune", "no-verify", "verify", "receive-pack", "exec", "atomic", "no-atomic", "signed", "no-signed", "push-option", "ipv4", "ipv6", "recurse-submodules", "no-recurse-submodules"},
	"git checkout":      {"force", "quiet", "progress", "no-progress", "ours", "theirs", "track", "no-track", "detach", "orphan", "merge", "conflict", "patch", "ignore-skip-worktree-bits", "ignore-other-worktrees", "overwrite-ignore", "no-overwrite-ignore", "recurse-submodules", "no-recurse-submodules", "overlay", "no-overlay", "pathspec-from-file", "pathspec-file-nul", "guess", "no-guess"},
	"git branch":        {"delete", "force", "move", "copy", "list", "all", "remotes", "verbose", "quiet", "track", "no-track", "set-upstream-to", "unset-upstream", "contains", "no-contains", "merged", "no-merged", "create-reflog", "column", "no-column", "sort", "points-at", "format", "edit-description", "show-current", "ignore-case", "recurse-submodules"},
	"git restore":       {"source", "staged", "worktree", "ours", "theirs", "merge", "conflict", "ignore-unmerged", "overlay", "no-overlay", "quiet", "progress", "no-progress", "patch", "recurse-submodules", "no-recurse-submodules", "pathspec-from-file", "pathspec-file-nul"},
	"git switch":        {"create", "force-create", "detach", "guess", "no-guess", "force", "discard-changes", "merge", "conflict", "quiet", "progress", "no-progress", "track", "no-track", "orphan", "ignore-other-worktrees", "recurse-submodules", "no-recurse-submodules"},
	"git stash":         {"patch", "staged", "keep-index", "no-keep-index", "include-untracked", "all", "quiet", "message", "pathspec-from-file", "pathspec-file-nul", "index"},
	"git commit":        {"all", "amend", "no-verify", "verify", "message", "file", "author", "date", "signoff", "no-signoff", "edit", "no-edit", "allow-empty", "allow-empty-message", "fixup", "squash", "reuse-message", "reedit-message", "patch", "interactive", "dry-run", "quiet", "verbose", "untracked-files", "include", "only", "reset-author", "cleanup", "gpg-sign", "no-gpg-sign", "template", "trailer", "pathspec-from-file", "pathspec-file-nul", "porcelain", "long", "short", "branch", "null", "status", "no-status"},
	"git rebase":        {"onto", "keep-base", "continue", "abort", "quit", "skip", "edit-todo", "show-current-patch", "apply", "merge", "empty", "keep-empty", "no-keep-empty", "allow-empty-message", "strategy", "strategy-option", "gpg-sign", "no-gpg-sign", "quiet", "verbose", "stat", "no-stat", "no-verify", "verify", "force-rebase", "no-ff", "fork-point", "no-fork-point", "ignore-whitespace", "whitespace", "committer-date-is-author-date", "ignore-date", "reset-author-date", "signoff", "interactive", "rebase-merges", "no-rebase-merges", "exec", "root", "autosquash", "no-autosquash", "autostash", "no-autostash", "reschedule-failed-exec", "no-reschedule-failed-exec", "update-refs", "no-update-refs"},
	"git filter-branch": {"env-filter", "tree-filter", "index-filter", "parent-filter", "msg-filter", "commit-filter", "tag-name-filter", "subdirectory-filter", "prune-empty", "original", "force", "state-branch"},
}}

// RegisterLongOptions adds long options (without "--") to program's table:
// "rm", or "git SUB" for a git subcommand. A program catalogue can feed it
// at start-up; it is safe to call at any time.
func RegisterLongOptions(program string, opts ...string) {
	longOptions.Lock()
	defer longOptions.Unlock()
	have := longOptions.m[program]
	for _, o := range opts {
		o = strings.TrimPrefix(o, "--")
		if o != "" && !slices.Contains(have, o) {
			have = append(slices.Clip(have), o)
		}
	}
	longOptions.m[program] = have
}

// spellOptions gives c's abbreviated long options their full names.
func spellOptions(c *Command) {
	if !c.Dynamic {
		spellWords(c.Name, c.Args, func(w *Word) *Word { return w })
	}
}

// spellFields is spellOptions over the walk's fields of a command named
// name, which the catalogue's readers follow (sed --expr=CODE is sed
// --expression=CODE to them too).
func spellFields(name string, args []field) []field {
	args = slices.Clone(args)
	spellWords(name, args, func(f *field) *Word { return &f.Word })
	return args
}

// spellWords rewrites in place the abbreviated long options among the
// words of the program name; word gives an element's word.
func spellWords[T any](name string, args []T, word func(*T) *Word) {
	if len(args) == 0 {
		return
	}
	key, from := name, 0
	if name == "git" {
		values := make([]Word, len(args))
		for i := range args {
			values[i] = *word(&args[i])
		}
		sub := gitSubcommand(values)
		if sub < 0 {
			return
		}
		key, from = "git "+values[sub].Value, sub+1
	}
	longOptions.RLock()
	opts, own := longOptions.m[key]
	if !own {
		opts = longOptions.m[program(key)] // a version's name: gpg2
	}
	longOptions.RUnlock()
	if p := Lookup(name); p != nil && p.Abbrev && name != "git" {
		opts = slices.Concat(opts, catalogLongOptions(p))
	}
	if len(opts) == 0 {
		return
	}
	for i := from; i < len(args); i++ {
		a := word(&args[i])
		if a.Value == "--" {
			return
		}
		if a.Dynamic || len(a.Value) < 3 || !strings.HasPrefix(a.Value, "--") {
			continue
		}
		written, val, eq := strings.Cut(a.Value[2:], "=")
		name := written
		if myGetopt.has(program(key)) {
			name = myOptionName(name)
		}
		if full := expandOption(opts, name); full != written {
			v := "--" + full
			if eq {
				v += "=" + val
			}
			a.Value = v
		}
	}
}

// myGetopt are the MySQL and MariaDB programs whose options my_getopt
// reads: it takes _ for - and ignores a --loose- prefix, so
// --loose-init_command is --init-command.
var myGetopt = set("mysql", "mariadb", "mysqldump", "mariadb-dump", "mysqladmin", "mariadb-admin", "mysqlimport",
	"mariadb-import", "mysqlcheck", "mariadb-check", "mysqlshow", "mariadb-show", "mysqlslap", "mariadb-slap")

// myOptionName is a my_getopt option's name as documented: --loose- cut
// and _ as -.
func myOptionName(name string) string {
	return strings.TrimPrefix(strings.ReplaceAll(name, "_", "-"), "loose-")
}

// catalogLongOptions are the long options a catalogue entry names, in
// Long and as code options, without their dashes.
func catalogLongOptions(p *Program) []string {
	opts := slices.Clone(p.Long)
	for _, co := range p.Code {
		if o, ok := strings.CutPrefix(co.Option, "--"); ok && o != "" {
			opts = append(opts, o)
		}
	}
	return opts
}

// expandOption returns the option name is an unambiguous prefix of, or name.
func expandOption(opts []string, name string) string {
	if slices.Contains(opts, name) {
		return name
	}
	found := ""
	for _, o := range opts {
		if strings.HasPrefix(o, name) && o != found {
			if found != "" {
				return name // ambiguous: the program refuses it
			}
			found = o
		}
	}
	if found == "" {
		return name
	}
	return found
}

// expandAmong is expandOption over several lists of one program's long
// options, without joining them (a wrapper's long option, on every line
// that has one).
func expandAmong(name string, lists ...[]string) string {
	found := ""
	for _, opts := range lists {
		for _, o := range opts {
			switch {
			case o == name:
				return name
			case strings.HasPrefix(o, name) && found != o:
				if found != "" {
					found = "\x00" // ambiguous: the program refuses it
				} else {
					found = o
				}
			}
		}
	}
	if found == "" || found == "\x00" {
		return name
	}
	return found
}

// gitSubcommand is the index of git's subcommand in args, or -1.
func gitSubcommand(args []Word) int {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return -1
		case v == "-C" || v == "-c" || v == "--git-dir" || v == "--work-tree" || v == "--namespace" || v == "--config-env":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			return i
		}
	}
	return -1
}

// splitAttached gives c's short options that take a value, written with
// the value attached (getopt's -xVALUE), the spaced spelling -x VALUE
// that the catalogue's readers and the rules expect: start-stop-daemon
// -x/bin/rm is start-stop-daemon -x /bin/rm. Which letters take a value
// is the program's entry's: its Args and its one-letter code options.
// Only the options before the first operand are read (a launcher's
// command after it has options of its own: docker run … find -delete),
// and only a word whose first letter takes the value: the flags a
// cluster may hold before it are not known, and a single-dash long
// option (gcc -fplugin=X, zip -TT) reads as one.
func splitAttached(c *Command) {
	if !c.Dynamic {
		c.Args = splitAtValues(c.Args, func(w Word) Word { return w }, func(w Word, v string) Word { w.Value = v; return w }, c.Name)
	}
}

// splitAttachedFields is splitAttached over the walk's fields of a
// command named name.
func splitAttachedFields(name string, args []field) []field {
	return splitAtValues(args, func(f field) Word { return f.Word }, func(f field, v string) field { f.Value = v; return f }, name)
}

// splitAtValues splits the leading option words of the program name
// whose value is attached into the option and its value; word reads an
// element's word, with gives one with its value replaced.
func splitAtValues[T any](words []T, word func(T) Word, with func(T, string) T, name string) []T {
	takes, whole := attachedLetters(name)
	if takes == "" {
		return words
	}
	var out []T
	keep := func(i int) []T {
		if out == nil {
			return words
		}
		return append(out, words[i:]...)
	}
	for i := 0; i < len(words); i++ {
		w := word(words[i])
		v := w.Value
		switch {
		case w.Dynamic || v == "--" || !strings.HasPrefix(v, "-") || v == "-":
			return keep(i) // an operand or the end of the options
		case len(v) == 2 && strings.IndexByte(takes, v[1]) >= 0:
			if out != nil {
				out = append(out, words[i])
			}
			if i+1 < len(words) {
				i++ // its value, spaced
				if out != nil {
					out = append(out, words[i])
				}
			}
			continue
		case v[1] == 'D' && strings.Contains(v, "="):
			// a define (cmake -DNAME=VALUE) stays the one word the program
			// is given: its carriers read it whole
			if out != nil {
				out = append(out, words[i])
			}
			continue
		case len(v) > 2 && v[1] != '-' && strings.IndexByte(takes, v[1]) >= 0 && !slices.Contains(whole, v):
			if out == nil {
				out = append(make([]T, 0, len(words)+1), words[:i]...)
			}
			out = append(out, with(words[i], v[:2]), with(words[i], v[2:]))
			continue
		}
		if out != nil {
			out = append(out, words[i])
		}
	}
	return keep(len(words))
}

// attachedLetters are the short options of the program name that take a
// value, by its catalogue entry, and the entry's options spelt as single
// words with one dash, which are never split; none for a program whose
// options may be single-dash words.
func attachedLetters(name string) (takes string, whole []string) {
	p := Lookup(name)
	if p == nil || slices.ContainsFunc(p.Prompt, func(pr Prompt) bool { return pr.Words }) {
		// an entry of kind options (gcc, clang: -load, -Xclang) or one
		// whose options are whole words (duckdb -csv) takes single-dash
		// long options, which a split would misread
		return "", nil
	}
	takes = p.Args
	for _, co := range p.Code {
		switch {
		case len(co.Option) == 2 && co.Option[0] == '-' && co.Option[1] != '-':
			takes += co.Option[1:]
		case len(co.Option) > 2 && co.Option[0] == '-' && co.Option[1] != '-':
			whole = append(whole, co.Option)
		}
	}
	return takes, whole
}
