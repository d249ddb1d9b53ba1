package dsl

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// The generic fallbacks: what any program does with a word that names a
// secret, or with an output-like option that names a protected path. They
// need no knowledge of the program, so that the hundreds of programs no rule
// names (and the thousands of GTFOBins-style tricks with them) are still
// seen reading /etc/shadow or writing /etc/cron.d.

// homeForm writes the home directories of any user the one way the secret
// patterns spell them: /root/x, /home/NAME/x, /Users/NAME/x and ~NAME/x are
// ~/x. A secret of another user's home is as secret as one's own.
func homeForm(c string) string {
	for _, pre := range []string{"/root", "/var/root"} {
		if c == pre {
			return "~"
		}
		if rest, ok := strings.CutPrefix(c, pre+"/"); ok {
			return "~/" + rest
		}
	}
	for _, base := range []string{"/home/", "/Users/", "~"} {
		rest, ok := strings.CutPrefix(c, base)
		if !ok || rest == "" || base == "~" && (rest[0] == '/' || c == "~") {
			continue
		}
		if _, after, found := strings.Cut(rest, "/"); found {
			return "~/" + after
		}
		return "~"
	}
	return c
}

// unknownHome spells a path that starts with expansions the walk could
// not work out ($X/.aws/credentials, "${A[0]}/.bashrc", $(f)/.netrc,
// $X$Y/.profile, ${X}.aws/credentials for an X ending in /) as if they were
// the home, and the expansions after them as empty ($X/$Y.aws/credentials):
// a home is what a hidden store under an unknown directory most likely
// lies in, and the spelling is how a line hides one. ok is false for any
// other path.
func unknownHome(p string) (string, bool) {
	n := 0
	for n < len(p) {
		m := expansionEnd(p[n:])
		if m == 0 {
			break
		}
		n += m
	}
	if n == 0 || n >= len(p) {
		return "", false
	}
	rest := withoutExpansions(p[n:])
	switch {
	case rest == "":
		return "", false
	case rest[0] == '/':
	case rest[0] == '.' && strings.Contains(rest, "/") && !strings.HasPrefix(rest, ".."):
		rest = "/" + rest // ${X}.aws/credentials; not $STAGE.log
	default:
		return "", false
	}
	if rest = path.Clean(rest); rest == "/" {
		return "~", true
	}
	return "~" + rest, true
}

// homeNamed is unknownHome for the names a line hides a home's file by: a
// persistence file (~/.bashrc, ~/.ssh/authorized_keys, a glob of one), a
// store in a hidden directory (~/.aws/credentials) or a key directory
// (~/.ssh, ~/.aws). A hidden name that is
// as much a project's (.npmrc, .venv, .done) stays below the unknown
// directory, and so does any name below one that is surely not the home
// ($PWD, $TMPDIR).
func homeNamed(p string) (string, bool) {
	h, ok := unknownHome(p)
	if !ok || !strings.HasPrefix(h, "~/.") || notHome(p) || projectDotfiles.has(strings.TrimPrefix(h, "~/")) || !namesHidden(h[2:]) {
		return "", false
	}
	if _, ok := programStartFiles[h]; ok && !sensitivePath(h) && !secretPath(h) && !strings.HasPrefix(h, "~/.ssh/") {
		return "", false // $CI_PROJECT_DIR/.cargo/config.toml, $D/.gdbinit: a project's own
	}
	if persistPath(h) || strings.Count(h, "/") >= 2 && sensitivePath(h) || secretDir(h) {
		return h, true
	}
	return "", false
}

// namesHidden reports a path whose first component is a hidden name that
// names few: by its first letter (.bashrc, .b*, .ss?), of fixed length
// (.?ashrc), by an ending of two letters or more (.*rc, .*profile), or
// followed by a component without a pattern (.??*/credentials). A glob of every hidden name ($BUILD_DIR/.[!.]*,
// $D/.??*, $D/.*) empties a directory whoever's it is.
func namesHidden(p string) bool {
	first, rest, _ := strings.Cut(p, "/")
	if len(first) < 2 || first[0] != '.' || first == ".." {
		return false
	}
	if !strings.ContainsAny(first[1:2], "*?[\\.") || !strings.Contains(first, "*") || len(first)-strings.LastIndexAny(first, "*?]")-1 >= 2 || cmdline.AimedGlob(first) {
		return true // .b*, .?ashrc, .*rc, .?ash*: a letter, a length, an ending or letters after a wildcard name it
	}
	for comp := range strings.SplitSeq(rest, "/") {
		if comp != "" && !strings.ContainsAny(comp, "*?[") {
			return true
		}
	}
	return false
}

// projectDotfiles are the home's dotfiles a project commonly has its own
// of, beside its package manifest: below an unknown directory they are
// most likely the project's.
var projectDotfiles = nameSet{names: []string{".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs", ".bunfig.toml",
	".m2/settings.xml", ".gradle/gradle.properties"}}

// notHomeVars are variables whose value is surely not the home: the
// working directory and the temporary directories.
var notHomeVars = nameSet{names: []string{"PWD", "TMPDIR", "TMP", "TEMP", "XDG_RUNTIME_DIR", "RUNNER_TEMP"}}

// notHome reports a path that starts with the working directory or a
// temporary directory spelled as an expansion ($PWD/.x, ${TMPDIR:-/tmp},
// $(pwd), $(mktemp -d)).
func notHome(p string) bool {
	for _, pre := range []string{"$(pwd)", "`pwd`", "$(mktemp"} {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	name := strings.TrimPrefix(strings.TrimPrefix(p, "$"), "{")
	if len(name) == len(p) {
		return false
	}
	n := 0
	for n < len(name) && isNameByte(name[n]) {
		n++
	}
	return notHomeVars.has(name[:n])
}

// withoutExpansions is s with every closed expansion in it removed, as if
// each were empty: ~/.aws/credentials$Y names ~/.aws/credentials where Y is
// unset.
func withoutExpansions(s string) string {
	if !strings.ContainsAny(s, "$`") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if n := expansionEnd(s[i:]); n > 0 {
			i += n
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// expansionEnd is the length of the parameter expansion, command
// substitution or backquoted text p starts with, 0 if it starts with none
// or it is not closed.
func expansionEnd(p string) int {
	if p == "" {
		return 0
	}
	var open, close byte
	start := 2
	switch {
	case strings.HasPrefix(p, "${"):
		open, close = '{', '}'
	case strings.HasPrefix(p, "$("):
		open, close = '(', ')'
	case p[0] == '`':
		if i := strings.IndexByte(p[1:], '`'); i >= 0 {
			return i + 2
		}
		return 0
	case p[0] == '$':
		i := 1
		for i < len(p) && (p[i] == '_' || p[i] >= 'a' && p[i] <= 'z' || p[i] >= 'A' && p[i] <= 'Z' || p[i] >= '0' && p[i] <= '9') {
			i++
		}
		if i == 1 {
			return 0
		}
		return i
	default:
		return 0
	}
	depth := 1
	for i := start; i < len(p); i++ {
		switch p[i] {
		case open:
			depth++
		case close:
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return 0
}

// storeTail is the home's spelling of the hidden store a path ends in
// below any directory: /mnt/b/home/u/.aws/credentials and
// backup/.kube/config are ~/.aws/credentials and ~/.kube/config, a copy of
// a home's store being as secret as the store; so is .aws/credentials
// where the command runs. Only a store inside a hidden
// directory counts (a project's own .npmrc is not ~/.npmrc), and only below
// a local directory's name: not in a text (gh pr create --body 'stop
// reading ~/.aws/credentials'), a URL or another host's path (host:/root/…).
func storeTail(c string) (string, bool) {
	if strings.HasPrefix(c, ".") && strings.Contains(c, "/") && !strings.HasPrefix(c, "..") && secretPaths.has("~/"+c) {
		return "~/" + c, true // .aws/credentials where the line runs (cd "$X" && cat .aws/credentials)
	}
	for i := 0; i+2 < len(c); i++ {
		if c[i] != '/' || c[i+1] != '.' || i == 0 {
			continue
		}
		if strings.ContainsAny(c[:i], " \t\n:") {
			return "", false
		}
		rest := c[i:]
		if strings.Count(rest, "/") >= 2 && secretPaths.has("~"+rest) {
			return "~" + rest, true
		}
	}
	return "", false
}

// secretPaths are files whose content is a credential, whole paths after
// homeForm; secretDirs hold nothing but secrets.
var secretPaths = nameSet{names: []string{
	"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/master.passwd", "/etc/security/opasswd",
	"/etc/spwd.db", "/etc/kubernetes/admin.conf", "/etc/rancher/k3s/k3s.yaml",
	"~/.aws/credentials", "~/.kube/config", "~/.docker/config.json", "~/.netrc", "~/_netrc", "~/.pgpass",
	"~/.my.cnf", "~/.git-credentials", "~/.npmrc", "~/.pypirc", "~/.vault-token", "~/.config/gh/hosts.yml",
	"~/.config/hub", "~/.terraform.d/credentials.tfrc.json", "~/.cargo/credentials", "~/.cargo/credentials.toml",
	"~/.gem/credentials", "~/.m2/settings.xml", "~/.composer/auth.json", "~/.config/composer/auth.json", "~/.m2/settings-security.xml",
	"~/.config/gcloud/credentials.db", "~/.config/gcloud/access_tokens.db",
	"~/.config/gcloud/application_default_credentials.json", "~/.azure/accessTokens.json",
	"~/.azure/msal_token_cache.json", "~/.azure/msal_token_cache.bin", "~/.azure/service_principal_entries.json",
	"~/.gnupg/secring.gpg", "~/.config/rclone/rclone.conf", "~/.s3cfg", "~/.boto", "~/.databrickscfg",
	"~/.config/doctl/config.yaml", "~/.oci/config", "~/.heroku/credentials", "~/.config/op/config",
	"~/.local/share/keyrings/login.keyring", "~/.bash_history", "~/.zsh_history", "~/.mysql_history",
	"~/.psql_history", "~/.python_history", "~/.node_repl_history",
	// coding agents' logins (OAuth and API tokens)
	"~/.claude/.credentials.json", "~/.codex/auth.json", "~/.gemini/oauth_creds.json",
	"~/.config/github-copilot/hosts.json", "~/.config/github-copilot/apps.json", "~/.local/share/opencode/auth.json",
	// deploy platforms' CLI logins (a token that deploys and reads the projects' environment variables)
	"~/.vercel/auth.json", "~/.local/share/com.vercel.cli/auth.json", "~/Library/Application Support/com.vercel.cli/auth.json",
	"~/.netlify/config.json", "~/.config/netlify/config.json", "~/Library/Preferences/netlify/config.json",
	"~/.fly/config.yml", "~/.terraformrc", "~/.wrangler/config/default.toml", "~/.config/.wrangler/config/default.toml",
	"~/Library/Preferences/.wrangler/config/default.toml",
	// more CLIs' logins and keys (redteam5): sops' age keys, git's XDG store,
	// Firebase, Stripe, Supabase, ngrok, FileZilla's saved servers, Claude
	// Code's account file, Docker's and Podman's registry logins
	"~/.config/sops/age/keys.txt", "~/.config/git/credentials", "~/.config/configstore/firebase-tools.json",
	"~/.config/stripe/config.toml", "~/.supabase/access-token", "~/.config/ngrok/ngrok.yml", "~/.ngrok2/ngrok.yml",
	"~/Library/Application Support/ngrok/ngrok.yml", "~/.config/filezilla/sitemanager.xml", "~/.config/filezilla/recentservers.xml",
	"~/.claude.json", "~/.config/containers/auth.json", "~/.local/share/containers/auth.json",
	"~/.config/solana/id.json", "~/.electrum/wallets/default_wallet",
	// more (redteam12): Gradle's global properties (signing and Maven
	// Central passwords, as ~/.m2/settings.xml for Maven), the Hetzner and
	// Railway CLIs' tokens, Tailscale's node key, Atuin's sync key
	"~/.gradle/gradle.properties", "~/.config/hcloud/cli.toml", "~/.railway/config.json",
	"/var/lib/tailscale/tailscaled.state", "~/.local/share/atuin/key", "~/.local/share/atuin/session",
	"/proc/kcore", "/proc/self/mem", "/proc/self/environ",
	// the shells' histories beside bash's and zsh's (redteam13): the
	// passwords and tokens typed on command lines
	"~/.local/share/fish/fish_history", "~/.config/fish/fish_history", "~/.histfile", "~/.zhistory", "~/.sh_history",
	// more logins (rt51): Docker's old registry file, GitLab's CLI, Snowflake's,
	// NuGet's feeds' passwords
	"~/.dockercfg", "~/.config/glab-cli/config.yml", "~/.snowsql/config", "~/.nuget/NuGet/NuGet.Config",
	// wallets' directories named whole, which hold nothing but keys
	// (zip -r w.zip ~/.electrum/wallets; scripts54): secretDirs' files
	"~/.ethereum/keystore", "~/.electrum/wallets", "~/.config/Exodus/exodus.wallet",
	"~/Library/Application Support/Exodus/exodus.wallet", "~/.bitcoin/wallets",
	// mail and API logins in plain text (rt58): Emacs' and Gnus' authinfo
	// (machine … password …), msmtp's and fetchmail's passwords, Kaggle's
	// API key, Poetry's repository passwords, age's identities, dbt's
	// warehouse passwords, MinIO's client keys, Pulumi's access token
	"~/.authinfo", "~/.msmtprc", "~/.config/msmtp/config", "~/.fetchmailrc", "~/.kaggle/kaggle.json",
	"~/.config/kaggle/kaggle.json", "~/.config/pypoetry/auth.toml", "~/.config/age/keys.txt", "~/.dbt/profiles.yml",
	"~/.mc/config.json", "~/.pulumi/credentials.json",
	// more (rt59b): mail clients' and sync tools' passwords, chat logins,
	// cloud CLIs' keys, the Sentry and WakaTime tokens, Helm's repository
	// passwords, age's other key file
	"~/.offlineimaprc", "~/.mbsyncrc", "~/.purple/accounts.xml", "~/.config/linode-cli",
	"~/.config/scw/config.yaml", "~/.config/exoscale/exoscale.toml", "~/.wakatime.cfg", "~/.sentryclirc",
	"~/.config/helm/repositories.yaml", "~/.age/key.txt", "~/.sbt/.credentials", "~/.ivy2/.credentials",
	// the system's credential stores (rt60): SSSD's cached password hashes,
	// Samba's password databases, the Kerberos KDC's principal database, PPP's
	// CHAP/PAP secrets, wpa_supplicant's Wi-Fi keys, Debian's MySQL
	// maintenance login, GitLab's secrets, IPsec's keys, tcb's per-user
	// shadow files, Postfix's, Exim's and Dovecot's relay and user passwords
	"/var/lib/sss/db/cache.ldb", "/var/lib/sss/secrets/secrets.ldb", "/etc/samba/smbpasswd",
	"/var/lib/samba/private/passdb.tdb", "/var/lib/samba/private/secrets.tdb", "/var/lib/krb5kdc/principal",
	"/etc/krb5.keytab", "/etc/ppp/chap-secrets", "/etc/ppp/pap-secrets", "/etc/wpa_supplicant/wpa_supplicant.conf",
	"/etc/wpa_supplicant.conf", "/etc/mysql/debian.cnf", "/etc/gitlab/gitlab-secrets.json", "/etc/ipsec.secrets",
	"/etc/postfix/sasl_passwd", "/etc/postfix/sasl_passwd.db", "/etc/exim4/passwd.client", "/etc/exim4/passwd", "/etc/dovecot/users",
	"/etc/ldap.secret", "/etc/pam_ldap.secret", "/etc/libnss-ldap.secret", "/etc/ceph/ceph.client.admin.keyring",
}}

// unglobbedLogins are secretPaths in the home's top directory whose first
// letters a checkout's own dotfiles share (.air.toml, .flake8, .storybook,
// .wakatime-project): a glob (.a*, */.s*) is not taken for them.
var unglobbedLogins = set("~/_netrc", "~/.authinfo", "~/.fetchmailrc", "~/.offlineimaprc", "~/.sentryclirc", "~/.wakatime.cfg",
	"~/.mbsyncrc")

var secretDirs = []string{
	"~/.gnupg/private-keys-v1.d/", "~/.config/gcloud/legacy_credentials/", "~/.password-store/",
	"~/.aws/sso/cache/", "~/.aws/cli/cache/", "/var/run/secrets/", "/run/secrets/", "/etc/ssl/private/",
	"/etc/letsencrypt/live/", "/etc/letsencrypt/archive/", "~/Library/Keychains/",
	// wallets: Ethereum's keystore, Electrum's wallets, Exodus's seed
	// store, Bitcoin Core's wallets directory; the desktop keyring's files
	"~/.ethereum/keystore/", "~/.electrum/wallets/", "~/.bitcoin/wallets/",
	"~/Library/Application Support/Exodus/exodus.wallet/", "~/.config/Exodus/exodus.wallet/", "~/.local/share/keyrings/",
	// WireGuard's private keys, NetworkManager's Wi-Fi and VPN secrets
	"/etc/wireguard/", "/etc/NetworkManager/system-connections/",
	// macOS's user records, whose ShadowHashData is the password's hash
	// (its /etc/shadow), and the older hash files
	"/var/db/dslocal/nodes/Default/users/", "/private/var/db/dslocal/nodes/Default/users/", "/var/db/shadow/hash/",
	// tcb's shadow files, one directory per user (/etc/tcb/u/shadow); iwd's
	// Wi-Fi passphrases; Samba's and SSSD's private stores; libvirt's secrets
	"/etc/tcb/", "/var/lib/iwd/", "/var/lib/samba/private/", "/var/lib/sss/secrets/", "/etc/libvirt/secrets/",
}

// secretBases are base names that are secrets wherever they are.
var secretBases = nameSet{names: []string{
	"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk", "identity",
	".netrc", "_netrc", ".pgpass", ".git-credentials", ".vault-token", ".env",
	"Login Data", "Login Data For Account", "logins.json", "key3.db", "key4.db", "signons.sqlite",
	"credentials.json", "client_secret.json", "privkey.pem", "token", ".token", "access_token",
	"kubeconfig", "kubeconfig.yaml", "kubeconfig.yml", ".htpasswd", "wallet.dat", "shadow.bak", "gshadow.bak",
	// Ansible's vault password files, Firebase's service account key
	".vault_pass", ".vault-pass", ".vault_password", ".vault-password", ".vault_pass.txt", ".vault-pass.txt",
	"vault_pass", "vault-pass", "vault_password", "vault-password", "vault_pass.txt", "vault-pass.txt",
	"vault_password.txt", "vault-password.txt", "serviceAccountKey.json",
	// Rails' key to config/credentials.yml.enc
	"master.key",
	"cookies.sqlite", "Cookies.binarycookies",
	// Terraform keeps every resource's secrets in its state in clear text;
	// WordPress its database password and salts in its configuration
	"terraform.tfstate", "terraform.tfstate.backup", "wp-config.php",
	// PyPI's upload credentials are its only use (a project's .npmrc is
	// mostly its registry's address and stays readable; ~/.npmrc is a login)
	".pypirc",
}}

// browserBases are the files of a Chromium-family profile that hold its
// sessions and what decrypts them: signed-in cookies, autofill and cards,
// the key of the encrypted values (Local State). Their names are common
// words, so they count only inside a browser's directory (browserDirs).
var browserBases = nameSet{names: []string{"Cookies", "Extension Cookies", "Web Data", "Local State", "Safe Browsing Cookies"}}

// browserDirs are the directory names (lowercase) Chromium-family browsers
// keep their profiles under, on Linux, macOS and Windows.
var browserDirs = []string{"google-chrome", "google-chrome-beta", "google-chrome-unstable", "chromium", "chrome", "brave-browser",
	"bravesoftware", "microsoft-edge", "microsoft edge", "edge", "vivaldi", "opera", "com.operasoftware.opera", "yandex-browser",
	"yandexbrowser", "arc", "thorium", "user data",
	// Electron apps keep a Chromium profile too: Slack's and Discord's
	// Cookies hold the signed-in session
	"slack", "discord", "microsoft teams", "teams-for-linux"}

// browserStore reports a browser profile's cookie, autofill or key file,
// or its Local Storage (where Electron apps such as Discord keep a login).
func browserStore(c, base string) bool {
	if !browserBases.has(base) && !strings.Contains(c, "/Local Storage/leveldb") {
		return false // a profile's Local Storage holds the sites' tokens (Discord's login)
	}
	for _, dir := range strings.Split(path.Dir(c), "/") {
		if slices.Contains(browserDirs, strings.ToLower(dir)) {
			return true
		}
	}
	return false
}

// secretKeyBase reports the base names of ssh's private keys.
func secretKeyBase(base string) bool {
	switch base {
	case "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk":
		return true
	}
	return false
}

// secretBaseGlobs are base-name patterns of secrets.
var secretBaseGlobs = []string{
	"*.kdbx", "*.keychain", "*.keychain-db", "service-account*.json", "client_secret_*.json",
	"*.token", "*_token", "*.ovpn", "*.ppk", "ssh_host_*_key", "*_rsa", "*_ed25519", "*_ecdsa", "*_dsa",
	"id_rsa.*", "id_ed25519.*", "id_ecdsa.*", "id_dsa.*", "*.tfstate", "*.tfstate.backup",
	"*.kubeconfig", "*firebase-adminsdk*.json",
	"*.macaroon", // lnd's and Loop's: admin.macaroon spends the node's funds
}

// privateKeyGlobs are private keys and keystores by the names the tools
// that make them give (openssl's server.key, PKCS#12 bundles, Java and
// Android keystores, Kerberos keytabs and credential caches, a deploy
// key); keyName says where they count. A .pem is a certificate as often,
// so it counts only by keyPem.
var privateKeyGlobs = []string{"*.key", "*.p12", "*.pfx", "*.jks", "*.keystore", "*.keytab", "krb5cc_*", "*deploy_key", "*deploy_key_*"}

// keyPemDirs are directory names (lowercase) whose .pem files are keys.
var keyPemDirs = nameSet{names: []string{"keys", "private", "secrets", ".ssh"}}

// testDirs are directory names (lowercase) whose keys are test material:
// tests/fixtures/server.key signs nothing anyone trusts.
var testDirs = nameSet{names: []string{"test", "tests", "testdata", "fixtures", "__fixtures__", "spec", "testing", "test-fixtures"}}

// publicName reports a key-shaped name that says it is the public half
// (public.key, pubkey.pem, server_pub.key).
func publicName(base string) bool {
	return strings.Contains(strings.ToLower(base), "pub")
}

// keyShaped reports a word that can be a key file's name: no blank, no
// leading dot (jq's .data.key), none of the characters of code or
// expressions (users_email_key in SQL, {.data.tls\.key}), not the public
// half, and not below a test directory.
func keyShaped(c, base string) bool {
	if base == "" || base[0] == '.' || strings.ContainsAny(base, " \t\n{}[]()$=|,;'\"`\\<>") || publicName(base) {
		return false
	}
	for _, d := range strings.Split(path.Dir(c), "/") {
		if testDirs.has(strings.ToLower(d)) {
			return false
		}
	}
	return true
}

// keyName reports a private key or keystore by its name (privateKeyGlobs),
// or, given as a path (./my_key, keys/prod_key), by a name ending in _key;
// secretPath leaves URLs out (https://…/v1/YOUR_KEY).
func keyName(p, c, base string) bool {
	if !keyShaped(c, base) {
		return false
	}
	b := strings.ToLower(base) // SERVER.KEY where case is ignored
	for _, g := range privateKeyGlobs {
		if ok, _ := path.Match(g, b); ok {
			return true
		}
	}
	return strings.HasSuffix(base, "_key") && strings.Contains(p, "/")
}

// keyPem reports a .pem file that is a private key by its name (key.pem,
// ca-key.pem, private.pem) or its directory (~/keys/prod.pem), where
// cert.pem and fullchain.pem are certificates anyone may read.
func keyPem(c, base string) bool {
	b := strings.ToLower(base)
	if !strings.HasSuffix(b, ".pem") || !keyShaped(c, base) {
		return false
	}
	return strings.Contains(b, "key") || strings.Contains(b, "priv") || keyPemDirs.has(strings.ToLower(path.Base(path.Dir(c))))
}

// sshPublicFiles are the files of ~/.ssh that hold no key: its
// configuration, host keys and the keys allowed in (a write there is
// persistence, sensitivePath's, not a secret read).
var sshPublicFiles = nameSet{names: []string{"authorized_keys", "authorized_keys2", "rc", "environment", "allowed_signers", "agent", "sockets", "controlmasters", "cm", "known_hosts", "config"}}

// sshKeyFile reports a name in ~/.ssh other than those of sshPublicFiles,
// whatever its case (macOS's ~/.ssh/Config is the configuration).
func sshKeyFile(base string) bool {
	b := strings.ToLower(base)
	return !sshPublicFiles.has(b) && !strings.HasSuffix(b, ".sock") && !strings.HasPrefix(b, "known_hosts") && !strings.HasPrefix(b, "config")
}

// notSecretEnv are the .env files committed as templates.
var notSecretEnv = nameSet{names: []string{"example", "sample", "template", "dist", "defaults", "default", "schema", "example.local", "tmpl", "tpl"}}

// secretPath reports whether p names a file whose content is a credential:
// shadow, private keys (not *.pub), cloud and cluster credentials, token
// files, browser login stores, .env files (not .env.example), a process's
// memory or environment. It is narrower than sensitivePath, which also
// counts public files that are merely worth protecting from writes.
func secretPath(p string) bool {
	if p == "" || p == "-" || len(p) > 4096 {
		return false
	}
	c := homeForm(cleanPath(p))
	base := path.Base(c)
	if strings.HasSuffix(p, "/") && c != "/" {
		// a word ending in / names a directory (cat token/ fails on a
		// file): a secret file's name as its last element names none;
		// a directory of secrets is one
		return secretPaths.has(c) || browserStore(c, base) || slices.ContainsFunc(secretDirs, func(d string) bool { return strings.HasPrefix(c+"/", d) })
	}
	if kept, ok := keptAside(p, base); ok && secretPath(kept) {
		return true
	}
	if strings.HasSuffix(base, ".pub") || strings.HasSuffix(base, ".pub.pem") {
		return false
	}
	if secretPaths.has(c) || secretBases.has(base) || browserStore(c, base) {
		return true
	}
	if h, ok := unknownHome(p); ok && strings.Count(h, "/") >= 2 && !notHome(p) && secretPath(h) {
		return true // $X/.aws/credentials; not $X/.npmrc, which a project has too
	}
	if bare := withoutExpansions(p); bare != p && bare != "" && !strings.ContainsAny(bare, "$`") && secretPath(bare) {
		return true // ~/.aws/credentials$Y
	}
	if _, ok := storeTail(c); ok {
		return true
	}
	for _, d := range secretDirs {
		if strings.HasPrefix(c, d) {
			return true
		}
	}
	if folded := strings.ToLower(c); folded != c && !strings.HasSuffix(folded, ".pub") &&
		(secretPaths.has(folded) || secretKeyBase(path.Base(folded))) {
		return true // macOS's file system ignores case: ~/.SSH/ID_RSA is the key
	}
	if !strings.Contains(p, "://") && (keyName(p, c, base) || keyPem(c, base)) || strings.HasPrefix(c, "/run/user/") && strings.HasSuffix(c, "/containers/auth.json") {
		return true // Podman's registry login in $XDG_RUNTIME_DIR
	}
	if secret, decided := secretBaseName(base); decided {
		return secret
	}
	if folded := strings.ToLower(base); folded != base && strings.Contains(base, ".") && !strings.HasSuffix(folded, ".pub") {
		// .ENV and Terraform.TFSTATE are .env and terraform.tfstate where
		// case is ignored; a name without a dot stays as written (a
		// project's Identity or Token directory, grep KUBECONFIG)
		if secret, decided := secretBaseName(folded); decided {
			return secret
		}
	}
	if strings.HasPrefix(c, "/proc/") {
		if base == "mem" || base == "environ" {
			dir := path.Dir(c)
			return path.Dir(dir) == "/proc" || strings.HasPrefix(dir, "/proc/") && strings.Contains(dir, "/task/")
		}
		return false
	}
	if strings.HasPrefix(c, "~/.ssh/") && (strings.HasPrefix(base, "id_") || path.Dir(c) == "~/.ssh" && sshKeyFile(base)) {
		return true // any other file in ~/.ssh is a key by another name (aws.pem, deploy_github)
	}
	// kubectl's config kept aside in its directory: ~/.kube/config.bak,
	// config.old, config-prod (not its cache)
	return path.Dir(c) == "~/.kube" && strings.HasPrefix(base, "config")
}

// backupSuffixes are what editors and people add to a file they keep
// aside; the copy holds what the file does (server.key.bak, id_rsa~,
// id_ed25519.old are the keys).
var backupSuffixes = []string{"~", ".bak", ".old", ".orig", ".backup", ".save", ".sav", ".bk", ".prev"}

// keptAside is p without the backup suffix its base name ends in.
func keptAside(p, base string) (string, bool) {
	for _, s := range backupSuffixes {
		if len(base) > len(s) && strings.HasSuffix(base, s) && strings.HasSuffix(p, s) {
			return strings.TrimSuffix(p, s), true
		}
	}
	return "", false
}

// secretBaseName reports whether a base name is a secret wherever it lies;
// decided says the name settles it either way (.env.example is no secret
// whatever its directory).
func secretBaseName(base string) (secret, decided bool) {
	if secretBases.has(base) {
		return true, true
	}
	if rest, ok := strings.CutPrefix(base, ".env."); ok {
		return !notSecretEnv.has(strings.ToLower(rest)), true
	}
	if strings.HasSuffix(base, ".env") && base != ".env" {
		stem := strings.ToLower(strings.TrimSuffix(base, ".env"))
		return !strings.HasSuffix(stem, "example") && !strings.HasSuffix(stem, "sample") && !strings.HasSuffix(stem, "template") && stem != "" && !strings.Contains(stem, "/"), true
	}
	for _, g := range secretBaseGlobs {
		if ok, _ := path.Match(g, base); ok {
			return true, true
		}
	}
	return false, false
}

// secretIn is the secret file a word names, or "": the word itself, an
// option's value (--file=P, -fP, if=P), a curl-style data file (@P, k=@P,
// k@P), an address's file part (FILE:P, OPEN:P,flags) or a typed file
// (text/plain:P, see mimeTypedFile). Globs are not
// expanded: ~/.ssh/* is no file, but ~/.ssh/id_* names the keys.
func secretIn(arg string) string {
	if v := fileIn(arg, secretPath); v != "" {
		return v
	}
	if !strings.HasPrefix(arg, "-") && secretGlob(arg) {
		return arg // cat ~/.ssh/* prints the keys beside the public ones
	}
	if strings.HasSuffix(arg, "*") && strings.HasPrefix(path.Base(arg), "id_") && strings.Contains(arg, ".ssh/") {
		return arg // ~/.ssh/id_* reads every key
	}
	return ""
}

// fileIn is the file a word names that is, by is: the word itself, an
// option's value (-fP, --f=P, if=P), a data file (@P, k=@P, k=<P) or an
// address (FILE:P); "" for none.
func fileIn(arg string, is func(string) bool) string {
	if arg == "" || len(arg) > 4096 {
		return ""
	}
	try := func(p string) bool { return p != "" && is(p) }
	if v := mimeTypedFile(arg); try(v) {
		return v
	}
	if !strings.HasPrefix(arg, "-") && try(arg) {
		return arg
	}
	if v, ok := strings.CutPrefix(arg, "file://"); ok && strings.HasPrefix(v, "~") && try(v) {
		return v // aws's file://~/.aws/credentials: the CLI expands the ~ itself
	}
	if strings.HasPrefix(arg, "-") && !strings.HasPrefix(arg, "--") && len(arg) > 2 && !propertyAssignment(arg[2:]) && try(arg[2:]) {
		return arg[2:]
	}
	if i := strings.IndexByte(arg, '='); i >= 0 {
		if v := strings.TrimPrefix(strings.TrimPrefix(arg[i+1:], "@"), "<"); try(v) {
			return v
		}
	}
	if i := strings.LastIndexByte(arg, '@'); i >= 0 {
		if v, _, _ := strings.Cut(arg[i+1:], ";"); try(v) {
			return v
		}
	}
	if i := strings.IndexByte(arg, ':'); i > 0 && !strings.Contains(arg[:i], "/") {
		v, _, _ := strings.Cut(arg[i+1:], ",")
		if try(v) {
			return v
		}
	}
	return ""
}

// propertyAssignment reports a short option's attached NAME=VALUE, a
// system property (mvn -Dsonar.token=$SONAR_TOKEN): the name is no file;
// the value is looked at as any option's value is.
func propertyAssignment(word string) bool {
	name, _, ok := strings.Cut(word, "=")
	return ok && name != "" && !strings.HasPrefix(name, ".") && !strings.ContainsFunc(name, func(r rune) bool {
		return r != '.' && r != '-' && r != '_' && (r > 127 || !isIdentChar(byte(r)))
	})
}

// secretUsers are programs whose naming a secret file is no read of its
// content into the terminal or the model: they test, list, move, protect or
// delete it, authenticate with it, load it into their own environment, or
// edit it in place.
var secretUsers = nameSet{names: []string{
	"ls", "exa", "eza", "lsd", "stat", "test", "[", "[[", "file", "du", "wc", "realpath", "readlink", "basename",
	"dirname", "echo", "printf", "tee", "touch", "mkdir", "chmod", "chown", "chgrp", "chattr", "lsattr", "setfacl",
	"getfacl", "rm", "unlink", "shred", "srm", "wipe", "mv", "ln", "ssh", "ssh-add", "ssh-keygen", "ssh-copy-id",
	"sftp", "mosh", "autossh", "sshfs", "source", ".", "dotenv", "env-cmd", "direnv", "sops", "age", "gpg", "gpg2",
	"git-crypt", "vim", "vi", "view", "nvim", "nano", "emacs", "code", "subl", "micro", "hx", "kak", "gedit", "ed",
	"kubectl", "helm", "k9s", "kubectx", "kubens", "gcloud", "az", "docker", "podman",
	"docker-compose", "nerdctl", "terraform", "tofu", "ansible", "ansible-playbook", "ansible-vault",
	"pg_dump", "npm", "pnpm", "yarn", "pip", "op", "which", "type", "find", "fd",
	"trash", "trash-put", "gio", "inotifywait", "entr", "sudoedit", "vipw", "vigr", "pwck", "grpck", "passwd",
	"chpasswd", "htpasswd", "ssh-keyscan", "keychain", "git", "true", "false", ":", "cd", "pushd", "export",
	// a declaration stores the path as a variable's value (fish's set -gx KUBECONFIG ~/.kube/config, as export)
	"set", "setenv", "declare", "typeset", "local", "readonly",
	"sha256sum", "sha1sum", "md5sum", "b2sum", "shasum", "cksum",
	// Kerberos's: a keytab logs in (kinit -kt) or lists its principals
	"kinit", "klist",
	// its operands are strings and regular expressions, never files
	// (gradlew's expr "$link" : '/.*')
	"expr",
}}

// listsVault reports a password manager's command that shows what a
// vault holds but no secret of it (keepassxc-cli ls, db-info: entry titles,
// the database's settings), after prompting for its master password.
func listsVault(prog string, pos []string) bool {
	return prog == "keepassxc-cli" && len(pos) > 0 && slices.Contains([]string{"ls", "db-info", "locate", "search"}, pos[0])
}

// loadedEnvFile is the index in args of the dotenv file (.env, .env.local)
// a runtime loads into the script it runs (node --env-file=.env
// src/index.js, deno run --env-file .env main.ts, uv run --env-file .env
// python app.py), as dotenv -e .env -- node does, or -1: with code given
// inline (-e, -p, -c) or typed (no script), which may print it, the file
// is read as any other.
func loadedEnvFile(prog string, args []string) int {
	switch prog {
	case "node", "bun", "deno", "uv":
	default:
		return -1
	}
	at := -1
	for i := 0; i < len(args); i++ {
		opt, file, attached := strings.Cut(args[i], "=")
		if opt != "--env-file" && opt != "--env-file-if-exists" {
			continue
		}
		if !attached {
			if i++; i == len(args) {
				return -1
			}
			file = args[i]
		}
		if !dotenvFile().MatchString(file) {
			return -1 // ~/.ssh/id_rsa as an env file is no project's settings
		}
		at = i
	}
	if at < 0 || slices.ContainsFunc(args, inlineCodeFlag) {
		return -1
	}
	// the operands, less the env file's separate value
	var operands []string
	for i, a := range args {
		if i != at && !strings.HasPrefix(a, "-") {
			operands = append(operands, a)
		}
	}
	switch prog {
	case "deno":
		// deno run FILE; not deno eval or deno repl
		if len(operands) < 2 || !slices.Contains([]string{"run", "serve", "test", "task"}, operands[0]) {
			return -1
		}
	case "uv":
		// uv run python FILE.py; not uv run env, nor a prompt
		if len(operands) < 3 || operands[0] != "run" || !pythonName().MatchString(operands[1]) || !strings.HasSuffix(operands[2], ".py") {
			return -1
		}
	default:
		if len(operands) == 0 {
			return -1 // node --env-file .env: the prompt
		}
	}
	return at
}

// vpnProfile reports args[i] the profile openvpn connects with (openvpn
// --config client.ovpn), named as one (.ovpn, .conf): openvpn reads the
// keys in it and shows none. Another file there (--config /etc/shadow) is
// read, as openvpn prints the line it cannot parse.
func vpnProfile(prog string, args []string, i int) bool {
	if prog != "openvpn" || !strings.HasSuffix(args[i], ".ovpn") && !strings.HasSuffix(args[i], ".conf") {
		return false
	}
	file, ok := strings.CutPrefix(args[i], "--config=")
	return ok && file != "" || i > 0 && args[i-1] == "--config"
}

// pythonName matches a Python interpreter's name: python, python3.12.
var pythonName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^python[0-9.]*$`) })

// dotenvFile matches a project's dotenv file by name: .env, .env.local,
// config/.env.production.
var dotenvFile = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([^~/$][^$]*/)?\.env(\.[A-Za-z0-9_-]+)?$`)
})

// inlineCodeFlag reports a runtime's option that takes code inline or
// starts its prompt: -e, -p, -i, -c (Python's), --eval, --print,
// --interactive.
func inlineCodeFlag(a string) bool {
	opt, _, _ := strings.Cut(a, "=")
	switch opt {
	case "-e", "-p", "-i", "-c", "-pe", "--eval", "--print", "--interactive":
		return true
	}
	return false
}

// secretAuthOptions are, per program, the options whose value is a
// credential the program authenticates with, not data it sends or shows.
var secretAuthOptions = map[string][]string{
	"curl":   {"--netrc-file", "-K", "--config", "--cert", "-E", "--key", "--cacert", "--proxy-cert", "--proxy-key"},
	"curlie": {"--netrc-file", "-K", "--config", "--cert", "-E", "--key", "--cacert"},
	// mail sync tools log in with their own configuration
	"mbsync": {"-c", "--config"}, "offlineimap": {"-c"}, "msmtp": {"-C", "--file"},
	"wget":    {"--certificate", "--private-key", "--ca-certificate", "--config", "--load-cookies"},
	"scp":     {"-i", "-F"},
	"rsync":   {"-e", "--rsh", "--exclude", "--include", "-f", "--filter"},
	"rclone":  {"--exclude", "--include", "--filter"},
	"aws":     {"--exclude", "--include"},
	"gsutil":  {"-x"},
	"gcloud":  {"--exclude", "-x"},
	"openssl": {"-cert", "-key", "-inkey", "-CAfile", "-signkey", "-CAkey", "-keyout", "-out"},
	// mkcert writes the new certificate and key it makes there
	"mkcert": {"-cert-file", "-key-file", "-p12-file"},
	// Java's and Android's signing tools open the keystore they are given
	"keytool":   {"-keystore", "-srckeystore", "-destkeystore"},
	"jarsigner": {"-keystore"},
	"apksigner": {"--ks", "--key"},
	"ncat":      {"--ssl-cert", "--ssl-key"},
	"socat":     {},
	"restic":    {"-p", "--password-file", "--password-command", "--cacert", "--tls-client-cert", "--key-hint"},
	"borg":      {"--keyfile"},
	// a database client sends the file it runs (psql -h db -f FILE) and
	// twine the files it uploads; their credentials come by these
	"psql":    {"--set", "-v", "--variable"},
	"mysql":   {"--defaults-file", "--defaults-extra-file", "--ssl-key", "--ssl-cert", "--ssl-ca", "--login-path"},
	"mariadb": {"--defaults-file", "--defaults-extra-file", "--ssl-key", "--ssl-cert", "--ssl-ca"},
	"twine":   {"--config-file", "--cert", "--client-cert", "-i", "--identity"},
	// a build reads its own settings (the repositories' passwords) to
	// authenticate, as mvn -s ~/.m2/settings.xml package does
	"mvn":  {"-s", "--settings", "-gs", "--global-settings"},
	"mvnw": {"-s", "--settings", "-gs", "--global-settings"},
	// vault kv put PATH k=@FILE sends FILE to the server
	"vault": {"-ca-cert", "-ca-path", "-client-cert", "-client-key"},
	// an archiver's exclusions name what it leaves out (tar c --exclude=.env .)
	"tar": {"--exclude"}, "gtar": {"--exclude"}, "bsdtar": {"--exclude"},
}

// secretPrinters are programs that use secrets (secretUsers) but print
// what they are given, encrypted or rearranged: a secret file they name is
// in their output, and sending that output on sends the secret (age -r
// KEY ~/.ssh/id_rsa | nc, sops -e creds | curl -d @-, git config -f
// ~/.aws/credentials --list, kubectl create secret --from-file=… -o yaml,
// helm template --set-file). The options whose value is their own
// credential are left out.
var secretPrinters = map[string][]string{
	"age": {"-i", "--identity"}, "rage": {"-i", "--identity"},
	"gpg":           {"--homedir", "--keyring", "--secret-keyring", "--passphrase-file", "--trustdb-name"},
	"gpg2":          {"--homedir", "--keyring", "--secret-keyring", "--passphrase-file", "--trustdb-name"},
	"sops":          {},
	"ansible-vault": {"--vault-password-file", "--vault-pass-file", "--vault-id"},
	"git":           {"--git-dir", "--work-tree"},
	"kubectl":       {"--kubeconfig", "--client-key", "--client-certificate", "--certificate-authority"},
	"oc":            {"--kubeconfig", "--client-key", "--client-certificate", "--certificate-authority"},
	"helm":          {"--kubeconfig", "--key-file", "--cert-file", "--ca-file"},
	"terraform":     {}, "tofu": {},
}

// printedSecrets are the secret files a secret printer (secretPrinters)
// names outside its own credential options: what its output carries.
func printedSecrets(name string, args []string) []string {
	skip, ok := secretPrinters[programName(name)]
	if !ok {
		return nil
	}
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") {
			opt, _, eq := strings.Cut(a, "=")
			if containsStr(skip, opt) {
				if !eq {
					i++
				}
				continue
			}
		}
		if s := secretIn(a); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// batchEditor reports vi's family run as a batch of ex commands (-e or
// -E, or ex) and ed: they edit nothing on a screen, and the commands they
// are given or read print (vim -es '+%p' '+q!' FILE, ed FILE <<< ',p' and
// vim -e FILE <<< '%p' are cat FILE; -s only quiets their messages).
func batchEditor(prog string, args []string) bool {
	switch prog {
	case "ex", "ed", "red":
		return true
	case "vim", "vi", "nvim", "view", "vim.basic", "vim.tiny":
	default:
		return false
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a[1:], "eE") {
			return true
		}
	}
	return false
}

// secretFiles is every secret file the command names in its words or
// reads through an input redirect, leaving out what names a secret without
// reading it: the credential options programs authenticate with, and the
// destination a copier writes (a write rule judges that).
func secretFiles(name string, args, pos []string, redirects []RedirectEnv) []string {
	return filesRead(name, args, pos, redirects, secretIn)
}

// filesRead is every file the command names in its words, or reads
// through an input redirect, that in finds (in returns the file a word
// names, or ""), leaving out what names such a file without reading it,
// as secretFiles does.
func filesRead(name string, args, pos []string, redirects []RedirectEnv, in func(string) string) []string {
	var out []string
	for _, r := range redirects {
		if (r.Op == "<" || r.Op == "<>") && in(r.Target) != "" {
			out = append(out, r.Target)
		}
	}
	prog := programName(name)
	if (secretUsers.has(name) || secretUsers.has(prog)) && !batchEditor(prog, args) || testsKey(prog, args) || listsVault(prog, pos) {
		return out
	}
	envFile := loadedEnvFile(prog, args)
	skip := secretAuthOptions[prog]
	if prog == "openssl" && (slices.Contains(args, "-pubout") || slices.Contains(args, "-nokeys") || slices.Contains(args, "-noout") && !slices.Contains(args, "-text")) {
		// only the key's public half is shown (openssl rsa -in server.key
		// -pubout), only a bundle's certificates (pkcs12 -nokeys), or
		// nothing of it (-noout -check, -noout -modulus); -text prints the
		// private numbers even with -noout
		skip = append(slices.Clip(skip), "-in")
	}
	_, cli := serviceCLIs()[prog]
	dest := ""
	if copiers.has(prog) && len(pos) > 1 {
		dest = pos[len(pos)-1]
	}
	patterns := grepPatterns(prog, args)
	for i := 0; i < len(args); i++ {
		a := args[i]
		if patterns[i] {
			continue
		}
		if len(skip) > 0 && strings.HasPrefix(a, "-") {
			opt, _, eq := strings.Cut(a, "=")
			if containsStr(skip, opt) {
				if !eq {
					i++
				}
				continue
			}
		}
		if a == dest || i == envFile || vpnProfile(prog, args, i) {
			continue
		}
		if s := in(a); s != "" {
			if cli && !strings.ContainsAny(a, "/.") && operationWords.has(s) {
				continue // a control-plane CLI's operation (gh auth token, heroku auth:token), not a file
			}
			out = append(out, s)
		}
	}
	return out
}

// grepValues are, per search program, the short options (letters) and
// long ones that take a separate value: the words grepWords steps over
// to find the pattern operand. An option missing here only makes a later
// word count as the pattern when it is one, never a file as one. rg's
// come from its catalogue entry (searchValues).
var grepValues = map[string]struct {
	short string
	long  []string
}{
	"grep": {"efmABCdD", []string{"regexp", "file", "max-count", "after-context", "before-context", "context", "devices",
		"directories", "binary-files", "label", "group-separator", "include", "exclude", "exclude-dir", "exclude-from"}},
	"ag": {"ABCGgm", []string{"after", "before", "context", "depth", "file-search-regex", "ignore", "ignore-dir",
		"max-count", "path-to-ignore", "workers", "pager"}},
}

// searchValues are grepValues for prog; for a search the catalogue
// describes (rg), its entry's options that take a value.
func searchValues(prog string) (short string, long []string, ok bool) {
	if !grepFamily.has(prog) {
		return "", nil, false
	}
	if short, long, ok := cmdline.ValueOptions(prog); ok {
		return short, long, true
	}
	spec, ok := grepValues[prog]
	return spec.short, spec.long, ok
}

// grepPatterns are the indexes of the words of a search program (grep,
// rg, ag) that are its pattern, not a file it reads: the values of -e and
// --regexp, or, when neither nor a pattern file (-f) is given, its first
// operand. grep -rn token src/ reads src/, not a file named token.
func grepPatterns(prog string, args []string) map[int]bool {
	patterns, _, _ := grepWords(prog, args)
	return patterns
}

// grepWords sorts a search program's words: patterns are the indexes of
// its pattern words (grepPatterns), values the patterns themselves in
// order, operands the indexes of the files and directories it reads; all
// nil for a program whose options hguard does not know.
func grepWords(prog string, args []string) (patterns map[int]bool, values []string, operands []int) {
	switch prog {
	case "egrep", "fgrep", "zgrep", "rgrep", "ack":
		prog = "grep"
	}
	short, long, ok := searchValues(prog)
	if !ok {
		return nil, nil, nil
	}
	// takes reads an option word: whether its value is the next word,
	// whether it gives a pattern (inline, its value when not the next
	// word's) or a pattern file.
	takes := func(a string) (next, isPattern bool, inline string, patternFile bool) {
		if l, ok := strings.CutPrefix(a, "--"); ok {
			name, v, eq := strings.Cut(l, "=")
			return !eq && slices.Contains(long, name), name == "regexp", v, name == "file"
		}
		// -rne PAT: the first letter that takes a value ends the bundle
		for j := 1; j < len(a); j++ {
			if strings.IndexByte(short, a[j]) >= 0 {
				return j == len(a)-1, a[j] == 'e', a[j+1:], a[j] == 'f'
			}
		}
		return false, false, "", false
	}
	patterns = map[int]bool{}
	operand, given := -1, false
	word := func(i int) {
		if operand < 0 {
			operand = i
		} else {
			operands = append(operands, i)
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			for j := i + 1; j < len(args); j++ {
				word(j)
			}
			break
		}
		if len(a) < 2 || a[0] != '-' {
			word(i)
			continue
		}
		next, isPattern, inline, patternFile := takes(a)
		given = given || isPattern || patternFile
		if isPattern {
			patterns[i] = true // -eTOKEN, --regexp=TOKEN
			if !next {
				values = append(values, inline)
			} else if i+1 < len(args) {
				patterns[i+1] = true
				values = append(values, args[i+1])
			}
		}
		if next {
			i++
		}
	}
	if operand >= 0 {
		if given {
			operands = append([]int{operand}, operands...)
		} else {
			patterns[operand] = true
			values = append(values, args[operand])
		}
	}
	return patterns, values, operands
}

// operationWords are secret files' base names that control-plane CLIs
// also use as operation words (gh auth token, doctl auth token, heroku
// auth:token).
var operationWords = nameSet{names: []string{"token", "access_token", "identity", "kubeconfig"}}

// mimeTypes are the top-level media types (RFC 6838).
var mimeTypes = nameSet{names: []string{"application", "audio", "font", "example", "image", "message", "model", "multipart", "text", "video"}}

// mimeTypedFile is the file of a word written TYPE/SUBTYPE:[ENCODING:]FILE,
// the form in which run-mailcap and its names (see, print, edit, compose)
// take a file with its media type (run-mailcap(1)), or "".
func mimeTypedFile(arg string) string {
	typ, rest, ok := strings.Cut(arg, "/")
	if !ok || !(mimeTypes.has(strings.ToLower(typ)) || strings.HasPrefix(strings.ToLower(typ), "x-")) {
		return ""
	}
	sub, file, ok := strings.Cut(rest, ":")
	if !ok || sub == "" || strings.ContainsAny(sub, "/ ") {
		return ""
	}
	if enc, f, ok := strings.Cut(file, ":"); ok && enc != "" && !strings.ContainsAny(enc, "/~") {
		file = f // an encoding (gzip) before the file
	}
	return file
}

func containsStr(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// copiers write their last operand (cp SRC… DEST).
var copiers = nameSet{names: []string{"cp", "mv", "install", "ln", "rsync", "scp", "rcp", "ditto", "gcp"}}

// outputOptions are the options that name a file a program writes, in
// most programs that have them (strace -o, sort -o, nmap -oN, gcc -o, wget
// -O, openssl -out, --log-file=…). Their values count as outputs when they
// are absolute or home paths: relative ones are the work directory's
// business, and what a write rule looks for is a system, persistence or
// hguard path.
var outputOptions = nameSet{names: []string{"-o", "-O", "--output", "--output-file", "--output-document", "--outfile", "--out-file",
	"--out", "-out", "--log-file", "--logfile", "--log", "-log", "--save", "--dump", "--dest", "--destination",
	"--target", "--target-directory", "--directory-prefix", "--output-dir", "--outdir", "--result",
	"--write", "--write-to", "--append-output", "--trace-file", "--pidfile", "--pid-file",
	"-oN", "-oX", "-oG", "-oA", "-oS", "-oM", "--extract-to",
	"-keyout"}} // openssl req -keyout KEY writes the new private key

// flagLikeOutput are output options that many programs take as flags with
// no value (sfdisk --dump DEVICE reads the device; --save, --log, --write
// switch a behaviour on): only their --opt=PATH form names a file written.
var flagLikeOutput = nameSet{names: []string{"--dump", "--save", "--log", "-log", "--write", "--result", "--target"}}

// noGenericOutput are programs whose -o or -O or -d means something else
// (ssh -o Option=…, mount -o options, ls -d, diff -w, unzip -d is a
// directory handled below), or whose every such option reads.
var noGenericOutput = nameSet{names: []string{"ssh", "scp", "sftp", "autossh", "sshfs", "mosh", "mount", "umount", "ps", "ls",
	"grep", "egrep", "fgrep", "rg", "ag", "diff", "git", "kubectl", "helm", "docker", "podman", "df", "du",
	"find", "sed", "awk", "gawk", "cut", "paste", "join", "jq", "yq", "xargs", "head", "tail", "date", "lsof",
	"top", "htop", "free", "uniq", "wc", "tr", "column", "fmt", "pr", "nl", "od", "hexdump", "file", "stat",
	"pip", "pip3", "npm", "pnpm", "yarn", "cargo", "go", "python", "python3", "node", "test", "[", "chmod",
	"chown", "systemctl", "journalctl", "ip", "ss", "netstat", "ping", "dig", "host", "nslookup", "aws", "gcloud",
	"az", "echo", "printf", "cat", "less", "more", "tmux", "screen", "env", "sudo", "su", "make", "cmake",
	"pgrep", "pkill", "kill", "mkdir", "rmdir", "touch", "ln", "cp", "mv", "rm", "install", "rsync", "dd", "tee",
	"tar", "zip", "7z", "gzip", "gunzip", "xz", "bzip2", "zstd", "base64", "sort", "patch", "uname", "id", "whoami",
	"auditctl", "inotifywait", "inotifywatch", "fswatch"}}

// zstdOutputs are the files zstd writes that optionValues does not read:
// zstd takes -o's file from the next word even with letters after it in
// a cluster (zstd -dof ~/.bashrc x.zst is -d -o ~/.bashrc -f), and
// --output-dir-flat DIR and --output-dir-mirror DIR write each operand's
// output into DIR (by its name, or its path under DIR).
func zstdOutputs(args, pos []string) []string {
	var out, dirs []string
	mirror := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		switch {
		case len(a) > 2 && a[0] == '-' && a[1] != '-' && strings.IndexByte(a, 'o') > 0 && strings.IndexByte(a, 'o') < len(a)-1 && i+1 < len(args):
			out = append(out, args[i+1])
		case strings.HasPrefix(a, "--output-dir-flat") || strings.HasPrefix(a, "--output-dir-mirror"):
			mirror = mirror || strings.HasPrefix(a, "--output-dir-mirror")
			if _, v, ok := strings.Cut(a, "="); ok {
				dirs = append(dirs, v)
			} else if i+1 < len(args) {
				i++
				dirs = append(dirs, args[i])
			}
		}
	}
	for _, d := range dirs {
		for _, p := range pos {
			if slices.Contains(dirs, p) || strings.HasPrefix(p, "-") {
				continue
			}
			name := strings.TrimSuffix(path.Base(p), ".zst")
			if mirror {
				name = strings.TrimSuffix(strings.TrimPrefix(p, "/"), ".zst")
			}
			out = append(out, strings.TrimSuffix(d, "/")+"/"+name)
		}
	}
	return out
}

// isAbsOrHome reports a path that starts at the root or a home directory.
func isAbsOrHome(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$HOME") || strings.HasPrefix(p, "${HOME}")
}

// genericOutputs finds the files a program writes by the options it passes
// them with (see outputOptions), and those of the copiers and extractors
// whose writing outputs() does not yet know.
func genericOutputs(name string, args, pos []string) []string {
	var out []string
	add := func(p string) {
		p = strings.TrimPrefix(p, "=")
		if isAbsOrHome(p) {
			out = append(out, p)
		}
	}
	prog := programName(name)
	switch prog {
	case "sort":
		for _, o := range optionValues(args, []string{"o", "output"}, false) {
			add(o)
		}
	case "zstd", "zstdmt", "pzstd", "unzstd", "brotli":
		// zstd -o FILE and brotli -o FILE (--output) write FILE, also as a
		// compressor tar -I or sort --compress-program runs
		for _, o := range optionValues(args, []string{"o", "output"}, false) {
			add(o)
		}
		if prog != "brotli" {
			for _, o := range zstdOutputs(args, pos) {
				add(o)
			}
		}
	case "sponge":
		out = append(out, pos...)
	case "patch":
		if len(pos) > 0 {
			out = append(out, pos[0])
		}
		for _, o := range optionValues(args, []string{"o", "output"}, false) {
			add(o)
		}
	case "uniq":
		// uniq [OPTION]… [INPUT [OUTPUT]]: the second operand is written
		if ops := operandsSkipping(args, "fsw"); len(ops) > 1 {
			out = append(out, ops[1])
		}
	case "mkcert":
		// the new certificate, key and PKCS#12 bundle it makes, as
		// openssl -out and -keyout are
		for _, o := range optionValues(args, []string{"cert-file", "key-file", "p12-file"}, false) {
			add(o)
		}
	case "unzip":
		out = append(out, optionValues(args, []string{"d"}, false)...)
	case "tar", "bsdtar":
		if hasFlag(args, []string{"x", "extract", "get"}) || len(pos) > 0 && strings.ContainsRune(strings.TrimLeft(pos[0], "-"), 'x') && bundled(pos[0]) {
			out = append(out, optionValues(args, []string{"C", "directory"}, false)...)
		}
		if ex, ok := parseExtraction(prog, args, pos); ok && ex.dir != "" && !slices.Contains(out, ex.dir) {
			out = append(out, ex.dir) // tar xCf .. a.tar: the old-style word's C takes the next word
		}
	case "wget", "wget2":
		out = append(out, optionValues(args, []string{"P", "directory-prefix"}, false)...)
	case "split":
		// split [OPTION]… [FILE [PREFIX]]: the pieces are written beside PREFIX
		if ops := operandsSkipping(args, "abCeilnt"); len(ops) > 1 {
			out = append(out, ops[1])
		}
	case "csplit", "lwp-download", "lwp-mirror":
		if len(pos) > 1 {
			out = append(out, pos[len(pos)-1])
		}
		if prog == "csplit" {
			// csplit -f PREFIX: the pieces are written as PREFIX00, PREFIX01
			for _, o := range optionValues(args, []string{"f", "prefix"}, false) {
				add(o)
			}
		}
	case "dos2unix", "unix2dos", "mac2unix", "unix2mac":
		// -n INFILE OUTFILE (--newfile) writes OUTFILE; -o converts in place
		if hasFlag(args, []string{"n", "newfile"}) {
			for i := 1; i < len(pos); i += 2 {
				out = append(out, pos[i])
			}
		}
	case "aria2c":
		out = append(out, optionValues(args, []string{"d", "dir"}, false)...)
	case "cpio":
		if hasFlag(args, []string{"p", "pass-through"}) && len(pos) > 0 {
			out = append(out, pos[len(pos)-1])
		}
		if hasFlag(args, []string{"i", "extract"}) {
			out = append(out, optionValues(args, []string{"D", "directory"}, false)...) // cpio -i -D DIR extracts there
		}
	case "7z", "7za", "7zz":
		for _, a := range args {
			if v, ok := strings.CutPrefix(a, "-o"); ok && v != "" {
				out = append(out, v)
			}
		}
	case "crontab":
		switch {
		case hasFlag(args, []string{"l", "r", "e", "T", "V"}):
		case len(pos) > 0:
			out = append(out, "/var/spool/cron/crontabs/"+pos[0])
		default:
			out = append(out, "/var/spool/cron/crontabs/-") // no file: the jobs come on standard input
		}
	case "find":
		// find's own writers: -fprint FILE, -fprintf FILE FORMAT, -fls FILE
		for i := 0; i+1 < len(args); i++ {
			switch args[i] {
			case "-fprint", "-fprint0", "-fprintf", "-fls":
				out = append(out, args[i+1])
			}
		}
	case "xxd":
		// xxd [options] [infile [outfile]]: the second operand is written
		if ops := operandsSkipping(args, "cglosnCRu"); len(ops) > 1 {
			out = append(out, ops[1])
		}
	case "script":
		// script [options] [FILE]: the typescript is written to FILE
		if ops := operandsSkipping(args, "cTIOBE"); len(ops) > 0 {
			out = append(out, ops[len(ops)-1])
		}
		for _, o := range optionValues(args, []string{"T", "I", "O", "B", "log-io", "log-in", "log-out", "log-timing"}, false) {
			add(o)
		}
	case "iptables-save", "ip6tables-save", "nft":
		for _, o := range optionValues(args, []string{"f", "file"}, false) {
			if prog != "nft" {
				add(o)
			}
		}
	case "git":
		// git apply --unsafe-paths --directory=/ PATCH writes where the patch says, under the directory
		if len(pos) > 0 && pos[0] == "apply" && hasFlag(args, []string{"unsafe-paths"}) {
			for _, d := range optionValues(args, []string{"directory"}, false) {
				add(d)
			}
		}
		// git log, diff, show, blame --output=FILE write their output there,
		// a relative FILE too (--output=.git/config)
		out = append(out, optionValues(args, []string{"output"}, false)...)
	case "plutil":
		// plutil -insert/-replace/-remove KEY … FILE and -convert FMT FILE
		// rewrite FILE in place (-convert -o OUT writes OUT instead)
		if len(pos) > 0 && (hasFlag(args, []string{"insert", "replace", "remove"}) || hasFlag(args, []string{"convert"}) && !hasFlag(args, []string{"o"})) {
			out = append(out, pos[len(pos)-1])
		}
	case "defaults":
		// defaults write|delete|import DOMAIN …: a DOMAIN given as a path is
		// the property list written, with or without its .plist
		if len(pos) > 1 && (pos[0] == "write" || pos[0] == "delete" || pos[0] == "import" || pos[0] == "rename") && strings.Contains(pos[1], "/") {
			f := pos[1]
			if !strings.HasSuffix(f, ".plist") {
				f += ".plist"
			}
			add(f)
		}
	case "plistbuddy":
		// PlistBuddy -c 'Set|Add|Delete|Merge|Import …' FILE
		if len(pos) > 0 && slices.ContainsFunc(optionValues(args, []string{"c"}, false), func(c string) bool {
			verb, _, _ := strings.Cut(strings.TrimSpace(c), " ")
			return slices.Contains([]string{"set", "add", "delete", "merge", "import", "clear", "save"}, strings.ToLower(verb))
		}) {
			out = append(out, pos[len(pos)-1])
		}
	case "sendmail", "exim", "exim4":
		// sendmail -X FILE logs the whole SMTP transaction, text it was given included, to FILE
		for _, o := range optionValues(args, []string{"X"}, false) {
			add(o)
		}
	case "docker", "podman", "nerdctl", "kubectl", "oc":
		// docker cp CONTAINER:SRC DEST writes DEST on this machine
		if len(pos) > 2 && pos[0] == "cp" {
			if d := pos[len(pos)-1]; !strings.Contains(d, ":") {
				add(d)
			}
		}
	}
	if prog == "tar" || prog == "bsdtar" {
		out = append(out, tarAbsolute(args, pos)...)
	}
	out = append(out, extractedMembers(prog, args, pos)...)
	if noGenericOutput.has(prog) || noGenericOutput.has(name) {
		return out
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		opt, val, eq := strings.Cut(a, "=")
		if o, v, colon := strings.Cut(a, ":"); !eq && colon && strings.HasPrefix(a, "--") && outputLikeName(o) {
			opt, val, eq = o, v, true // --out:FILE, --outdir:DIR (nim's spelling)
		}
		switch {
		case outputOptions.has(opt) && eq:
			add(val)
		case outputOptions.has(opt) && i+1 < len(args) && !flagLikeOutput.has(opt):
			if isAbsOrHome(args[i+1]) {
				i++
				add(args[i])
			}
		case !eq && outputLikeName(opt) && i+1 < len(args) && !flagLikeOutput.has(opt) && isAbsOrHome(args[i+1]):
			// --outFile F, --dump-bin F, -logfile F, --save-to F: an option named for output
			i++
			add(args[i])
		case eq && outputLikeName(opt):
			add(val)
		case a == "-w" && i+1 < len(args) && isAbsOrHome(args[i+1]):
			// -w FILE: tcpdump, tshark, dumpcap and varnishncsa write captures
			i++
			add(args[i])
		case !strings.HasPrefix(a, "--") && (a[1] == 'o' || a[1] == 'O') && len(a) > 2:
			// -o/PATH, -oG/PATH, -oN=PATH: a short output option with its value
			rest := a[2:]
			if j := strings.IndexAny(rest, "/~$"); j >= 0 && j <= 2 && !strings.ContainsAny(rest[:j], "/~$") {
				add(rest[j:])
			}
		}
	}
	return out
}

// genericWriters are the programs genericOutputs knows by name.
var genericWriters = nameSet{names: []string{"split", "csplit", "dos2unix", "unix2dos", "mac2unix", "unix2mac", "lwp-download", "lwp-mirror", "aria2c", "sort", "sponge", "patch", "unzip", "tar", "bsdtar", "wget", "wget2", "cpio", "7z", "7za", "7zz", "crontab",
	"find", "xxd", "script", "iptables-save", "ip6tables-save", "git", "uniq", "docker", "podman", "nerdctl", "kubectl", "oc", "sendmail", "exim", "exim4", "plutil", "defaults", "plistbuddy",
	"zstd", "zstdmt", "pzstd", "unzstd", "brotli"}}

// outputWords are the parts of an option's name that say it names a file
// written: --outFile, --dump-bin, -logfile, --save-to, --write-out-file.
var outputWords = nameSet{names: []string{"out", "outfile", "outdir", "output", "outputs", "dump", "save", "logfile", "log", "record", "export"}}

// outputLikeName reports an option whose name is made of words and holds an
// output word (split at - and _ and lower-to-upper case changes).
func outputLikeName(opt string) bool {
	name := strings.TrimLeft(opt, "-")
	if len(name) < 3 || len(opt)-len(name) == 1 && len(name) < 3 {
		return false
	}
	start := 0
	for i := 1; i <= len(name); i++ {
		if i == len(name) || name[i] == '-' || name[i] == '_' || name[i] >= 'A' && name[i] <= 'Z' && name[i-1] >= 'a' && name[i-1] <= 'z' {
			if outputWords.has(strings.ToLower(name[start:i])) {
				return true
			}
			start = i
			if i < len(name) && (name[i] == '-' || name[i] == '_') {
				start = i + 1
			}
		}
	}
	return outputWords.has(strings.ToLower(name))
}

// operandsSkipping is the operands of args, skipping the separate values
// of the short options listed (xxd -c 16 IN OUT, script -c CMD FILE).
func operandsSkipping(args []string, valued string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(out, args[i+1:]...)
		case len(a) == 2 && a[0] == '-' && strings.IndexByte(valued, a[1]) >= 0:
			i++
		case strings.HasPrefix(a, "-") && a != "-":
		default:
			out = append(out, a)
		}
	}
	return out
}

// tarAbsolute is where an extraction that keeps absolute names (-P,
// --absolute-names, or P in a bundled first word: tar Pxf) writes: "/",
// or the absolute target of a --transform/--xform replacement.
func tarAbsolute(args, pos []string) []string {
	first := ""
	if len(pos) > 0 && len(args) > 0 && args[0] == pos[0] && bundled(pos[0]) {
		first = pos[0]
	}
	extract := hasFlag(args, []string{"x", "extract", "get"}) || strings.ContainsRune(first, 'x')
	absolute := hasFlag(args, []string{"P", "absolute-names"}) || strings.ContainsRune(first, 'P')
	if !extract || !absolute {
		return nil
	}
	out := []string{"/"}
	for _, x := range optionValues(args, []string{"xform", "transform"}, false) {
		if t := tarTransformTarget(x); t != "" {
			out = append(out, t)
		}
	}
	return out
}

func hasOutputOptionWord(name string, args []cmdline.Word) bool {
	if genericWriters.has(programName(name)) {
		return true
	}
	if noGenericOutput.has(programName(name)) {
		return false
	}
	for _, w := range args {
		if a := w.Value; len(a) > 2 && a[0] == '-' {
			opt, _, _ := strings.Cut(a, "=")
			if o, _, colon := strings.Cut(opt, ":"); colon && strings.HasPrefix(a, "--") {
				opt = o // --out:FILE
			}
			if outputOptions.has(opt) || !strings.HasPrefix(a, "--") && (a[1] == 'o' || a[1] == 'O') || outputLikeName(opt) {
				return true
			}
		} else if a == "-o" || a == "-O" || a == "-w" {
			return true
		}
	}
	return false
}

// codeSecrets are the secret files inline code names in string literals:
// open("/etc/shadow"), File.read("~/.ssh/id_rsa"), and, run in a directory
// the line moved to (cwd, when known) or the code's own chdir moved it to
// (os.chdir("/etc"); open("shadow")), a relative name that is a secret
// there (cd /etc && lua -e 'io.open("shadow")'). Naming one in code is as
// good as reading it.
func codeSecrets(code, cwd string) []string {
	var out []string
	spans := codeLiteralSpans(code)
	lits := make([]string, len(spans))
	rebound := notReadRebound().MatchString(code) // exists=open: the name reads
	for i, sp := range spans {
		// file_exists('.env'), copy('.env.example', '.env'): no read of
		// it; the call is in the text just before the literal
		if rebound || !notReadCall().MatchString(code[max(0, sp.at-notReadReach):sp.at]) {
			lits[i] = sp.text
		}
	}
	dir := cwd
	for i, sp := range spans {
		if len(out) >= 16 {
			break
		}
		if chdirCall().MatchString(code[:sp.at]) {
			dir = chdirTo(dir, sp.text) // the code's own chdir: the names after it are there
			continue
		}
		if lits[i] == "" {
			continue
		}
		// perl's open F, "<FILE" (and "+<"): the mode is no part of the name
		lit := strings.TrimLeft(strings.TrimPrefix(sp.text, "+"), "< ")
		if len(lit) > 1 && (lit[0] == '/' || lit[0] == '~' || lit[0] == '.' || bareKeyName(lit)) && secretPath(lit) {
			out = append(out, lit)
		} else if full := relativeSecret(lit, dir); full != "" {
			out = append(out, full)
		} else if pattern, ok := strings.CutSuffix(lit, "/*"); ok && len(pattern) > 1 && !strings.ContainsAny(pattern, "*?[") {
			// glob.glob("private-keys-v1.d/*") after cd ~/.gnupg: a secret
			// directory's files, as ~/.gnupg/private-keys-v1.d/* names them
			if full := path.Join(dir, pattern) + "/*"; (path.IsAbs(dir) || strings.HasPrefix(dir, "~")) && plainRelative().MatchString(strings.TrimPrefix(pattern, "./")) && secretPath(full) {
				out = append(out, full)
			}
		}
		if len(lit) > 1 && (lit[0] == '/' || lit[0] == '~') && strings.ContainsAny(lit, "*?[") {
			// glob.glob("~/.s*/id_*"): the secrets the pattern can match
			for _, s := range globbedSecrets {
				if ok, _ := path.Match(lit, s); ok {
					out = append(out, s)
					break
				}
			}
		}
	}
	joined := joinedSecrets(lits)
	// a bare name the code joins to a directory is that path's, not one
	// of its own: os.path.join(home, ".ssh", "id_rsa")
	out = slices.DeleteFunc(out, func(s string) bool {
		return bareKeyName(s) && slices.ContainsFunc(joined, func(j string) bool { return strings.HasSuffix(j, "/"+s) })
	})
	return append(out, joined...)
}

// relativeSecret is the secret file a relative name is in dir, the
// directory the command runs in when known (cd /etc && ltrace -F shadow
// true); "" when it is none. By its place, not its name alone: a word
// "token" is as often a dictionary's key, and in a key directory a word
// ("r", "done") is no file name; a name spelled as one (ssh_host_rsa_key)
// is.
func relativeSecret(name, dir string) string {
	if !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "~") || !plainRelative().MatchString(strings.TrimPrefix(name, "./")) || strings.Contains(name, "..") {
		return ""
	}
	full := path.Join(dir, name)
	if secretPaths.has(homeForm(full)) || strings.ContainsAny(name, "._-") && secretPath(full) && !bareKeyName(name) {
		return full
	}
	return ""
}

// bareKeyName reports a literal that is a private key's file name with no
// directory (open('server.key'), open('id_rsa.bak')): a word like 'token'
// or 'identity' is as often a dictionary's key, so only the names keys are
// saved under count.
func bareKeyName(lit string) bool {
	if strings.ContainsAny(lit, "/:") {
		return false
	}
	if kept, ok := keptAside(lit, lit); ok {
		lit = kept
	}
	return secretKeyBase(lit) || keyName(lit, lit, lit) || keyPem(lit, lit)
}

// codeLiterals are the string literals of inline code ('…', "…", `…`), the
// first maxCodeLiterals of them.
func codeLiterals(code string) []string {
	var lits []string
	for _, sp := range codeLiteralSpans(code) {
		lits = append(lits, sp.text)
	}
	return lits
}

// literalSpan is a string literal of inline code: its text, and the offset
// of its opening quote.
type literalSpan struct {
	text string
	at   int
}

// codeLiteralSpans are codeLiterals with where each starts.
func codeLiteralSpans(code string) []literalSpan {
	var lits []literalSpan
	for i := 0; i < len(code) && len(lits) < maxCodeLiterals; i++ {
		q := code[i]
		if q != '"' && q != '\'' && q != '`' {
			continue
		}
		j := strings.IndexByte(code[i+1:], q)
		if j < 0 {
			break
		}
		lits = append(lits, literalSpan{code[i+1 : i+1+j], i})
		i += j + 1
	}
	return lits
}

// notReadCall matches code that ends where a call takes a file it does
// not read: a test of its existence (PHP's file_exists, Python's
// os.path.exists and isfile, node's existsSync) or a copy's destination
// after a literal source (PHP's copy, shutil.copy, copyFileSync): Laravel's
// composer.json runs file_exists('.env') || copy('.env.example', '.env').
// It is matched against the notReadReach bytes before a literal, which
// hold a copy's source literal of up to 200 bytes.
const notReadReach = 256

var notReadCall = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:\b(?:file_exists|is_file|is_dir|exists|isfile|isdir|existsSync|lexists)\s*\(\s*|\b(?:copy|copyfile|copy2|copyFileSync|copyFile)\s*\(\s*(?:'[^']*'|"[^"]*")\s*,\s*)$`)
})

// notReadRebound matches code that gives one of notReadCall's names
// another meaning (exists=open, def isfile(p): …, fs.existsSync =
// fs.readFileSync, function file_exists…): then a call of it may read.
var notReadRebound = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:file_exists|is_file|is_dir|exists|isfile|isdir|existsSync|lexists|copy|copyfile|copy2|copyFileSync|copyFile)\s*(?:=[^=]|:=)|\b(?:def|function|sub|fn|lambda)\s+(?:file_exists|is_file|is_dir|exists|isfile|isdir|existsSync|lexists|copy|copyfile|copy2|copyFileSync|copyFile)\b`)
})

// chdirCall matches code that ends in a call moving the process, whose
// argument the literal after it is: os.chdir(, process.chdir(, Dir.chdir(,
// FileUtils.cd(, perl's and PHP's chdir( and chdir "…".
var chdirCall = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(chdir|cd)\s*\(?\s*$`) })

// chdirTo is where a chdir to lit leads from dir: "" where that is not
// known (a relative move from an unknown directory).
func chdirTo(dir, lit string) string {
	switch {
	case strings.HasPrefix(lit, "/") || lit == "~" || strings.HasPrefix(lit, "~/"):
		return path.Clean(lit)
	case strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "~"):
		return path.Join(dir, lit)
	}
	return ""
}

// globbedSecrets are the secret files a pattern in code is matched
// against: the keys and credentials most often looked for.
var globbedSecrets = []string{"~/.ssh/id_rsa", "~/.ssh/id_ed25519", "~/.ssh/id_ecdsa", "~/.ssh/id_dsa", "~/.aws/credentials",
	"~/.kube/config", "~/.netrc", "~/.git-credentials", "~/.docker/config.json", "/etc/shadow", "/root/.ssh/id_rsa"}

// maxCodeLiterals bounds the string literals of inline code joined into
// paths.
const maxCodeLiterals = 256

// joinedSecrets are the home's secret files that consecutive string
// literals name when joined, as code builds them from the home:
// os.path.join(os.environ["HOME"], ".ssh", "id_rsa"), Path.home() /
// ".aws" / "credentials", $ENV{HOME}."/.ssh/id_rsa".
func joinedSecrets(lits []string) []string {
	var out []string
	for i, lit := range lits {
		if lit == "" || lit[0] != '.' && !strings.HasPrefix(lit, "/.") {
			continue
		}
		p := "~/" + strings.TrimPrefix(lit, "/")
		for j := i + 1; ; j++ {
			if secretPath(p) {
				out = append(out, p)
				break
			}
			if j >= len(lits) || j > i+3 || lits[j] == "" || strings.ContainsAny(lits[j], " \t\n") {
				break
			}
			p += "/" + strings.Trim(lits[j], "/")
		}
	}
	return out
}

// tarValued are tar's short options that take a value (GNU and bsdtar),
// and tarLongValued its long ones written with a separate value.
const tarValued = "fCTXbHKLNgVIF"

var tarLongValued = nameSet{names: []string{"--file", "--directory", "--files-from", "--exclude-from", "--exclude", "--transform",
	"--xform", "--use-compress-program", "--to-command", "--owner", "--group", "--mode", "--mtime", "--format", "--newer",
	"--newer-mtime", "--after-date", "--blocking-factor", "--record-size", "--label", "--volno-file", "--info-script",
	"--new-volume-script", "--checkpoint-action", "--listed-incremental", "--strip-components", "--suffix", "--backup"}}

// extractedMembers are the files an extraction writes that the line names:
// the members given after the archive (tar xf x.tar .claude/settings.json,
// unzip x.zip '.claude/*', 7z x a.7z .git/hooks/pre-commit), under the
// directory it extracts into (tar -C, unzip -d, 7z -o). A pattern stands
// for the protected files it matches (extractTargets); the rest of an
// archive is unseen, as it is for every extraction.
func extractedMembers(prog string, args, pos []string) []string {
	switch prog {
	case "tar", "bsdtar", "gtar", "unzip":
		ex, ok := parseExtraction(prog, args, pos)
		if !ok || prog != "unzip" && tarWritesNoFiles(args, pos) {
			return nil // tar -xO, --to-command: printed or piped, not written
		}
		members := slices.Clone(ex.members)
		if ex.junk {
			for i, m := range members {
				members[i] = path.Base(m) // unzip -j writes each member by its base name
			}
		}
		return joinMembers(ex.dir, members)
	case "7z", "7za", "7zz":
		if len(pos) < 2 || pos[0] != "x" {
			return nil
		}
		dir := ""
		for _, a := range args {
			if v, ok := strings.CutPrefix(a, "-o"); ok && v != "" {
				dir = v
			}
		}
		return joinMembers(dir, pos[2:])
	}
	return nil
}

// extraction is what a tar or unzip command line says of an extraction.
type extraction struct {
	archive  string   // the archive file; "" when read from standard input or not named
	dir      string   // where it extracts (tar -C, unzip -d)
	members  []string // the members named on the line, as written
	absolute bool     // absolute names kept (tar -P, unzip -:)
	junk     bool     // unzip -j: members written by their base names
}

// parseExtraction reads an extraction's line: tar [-]x… [-f A] [-C DIR]
// [--] [MEMBERS…] (bundled first words: tar xCf DIR A, whose valued
// letters take the next words in turn), unzip [-opts] A [MEMBERS…] [-x
// XMEMBERS…] [-d DIR]. ok is false for no extraction: tar without x, an
// unzip that lists, tests or prints (-l, -t, -v, -z, -Z, -p, -c).
func parseExtraction(prog string, args, pos []string) (ex extraction, ok bool) {
	if prog == "unzip" {
		named := false
		for i := 0; i < len(args); i++ {
			a := args[i]
			if len(a) > 1 && a[0] == '-' && a[1] != '-' && !strings.HasPrefix(a, "-d") && a != "-x" && a != "-P" && a != "-O" && a != "-I" {
				if strings.ContainsAny(a[1:], "ltvzZpc") {
					return extraction{}, false
				}
				ex.junk = ex.junk || strings.ContainsRune(a[1:], 'j')
				ex.absolute = ex.absolute || strings.ContainsRune(a[1:], ':')
			}
			switch {
			case a == "-d" && i+1 < len(args):
				i++
				ex.dir = args[i]
			case strings.HasPrefix(a, "-d") && len(a) > 2:
				ex.dir = a[2:]
			case a == "-x":
				for i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
					i++
				}
			case a == "-P" || a == "-O" || a == "-I":
				i++
			case strings.HasPrefix(a, "-"):
			case !named:
				ex.archive, named = a, true
			default:
				ex.members = append(ex.members, a)
			}
		}
		return ex, true
	}
	first := len(args) > 0 && len(pos) > 0 && args[0] == pos[0] && bundled(args[0])
	if !hasFlag(args, []string{"x", "extract", "get"}) && !(first && strings.ContainsRune(args[0], 'x')) {
		return extraction{}, false
	}
	ex.absolute = hasFlag(args, []string{"P", "absolute-names"}) || first && strings.ContainsRune(args[0], 'P')
	var owed []string // the options whose values come next, in turn
	for i, a := range args {
		switch {
		case len(owed) > 0:
			switch owed[0] {
			case "f", "--file":
				ex.archive = a
			case "C", "--directory":
				ex.dir = a
			}
			owed = owed[1:]
		case i == 0 && first:
			for _, r := range a {
				if strings.ContainsRune(tarValued, r) {
					owed = append(owed, string(r))
				}
			}
		case a == "--":
			ex.members = append(ex.members, args[i+1:]...)
			return ex, true
		case strings.HasPrefix(a, "--"):
			opt, v, eq := strings.Cut(a, "=")
			switch {
			case eq && opt == "--file":
				ex.archive = v
			case eq && opt == "--directory":
				ex.dir = v
			case !eq && tarLongValued.has(opt):
				owed = append(owed, opt)
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			// -xf A, -C DIR, -Cdir: a letter that takes a value takes the
			// rest of the word, or the next word when it ends it
			for j := 1; j < len(a); j++ {
				if strings.IndexByte(tarValued, a[j]) >= 0 {
					switch {
					case j == len(a)-1:
						owed = append(owed, a[j:j+1])
					case a[j] == 'f':
						ex.archive = a[j+1:]
					case a[j] == 'C':
						ex.dir = a[j+1:]
					}
					break
				}
			}
		default:
			ex.members = append(ex.members, a)
		}
	}
	if ex.archive == "-" {
		ex.archive = ""
	}
	return ex, true
}

// extractTargets are the files that change what runs or what guards it,
// which a member pattern is matched against: the agents' hook settings,
// hguard's project rules, git's hooks and configuration, the files other
// tools run on their own (write-runs-later-agent).
var extractTargets = []string{
	".claude/settings.json", ".claude/settings.local.json", ".codex/config.toml", ".codex/hooks.json", ".gemini/settings.json",
	".cursor/hooks.json", ".cursor/mcp.json", ".hguard/rules.yaml", ".mcp.json", ".envrc", ".vscode/tasks.json",
	".vscode/settings.json", ".git/config", ".git/hooks/pre-commit", ".githooks/pre-commit", ".husky/pre-commit",
}

// joinMembers puts the members under the extraction's directory; a
// pattern that takes no ordinary file (README.md) stands for the targets it
// matches.
func joinMembers(dir string, members []string) []string {
	var out []string
	for _, m := range members {
		if m == "" || strings.HasPrefix(m, "@") {
			continue
		}
		names := []string{m}
		if strings.ContainsAny(m, "*?[") {
			names = nil
			if ok, _ := path.Match(m, "README.md"); !ok {
				for _, t := range extractTargets {
					if ok, _ := path.Match(strings.TrimPrefix(m, "./"), t); ok {
						names = append(names, t)
					}
				}
			}
		}
		for _, n := range names {
			if dir != "" && !strings.HasPrefix(n, "/") {
				n = strings.TrimSuffix(dir, "/") + "/" + n
			}
			out = append(out, n)
		}
	}
	return out
}
