package dsl

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/expr-lang/expr"
)

func init() {
	Funcs = append(Funcs, Func{Name: "revealsSecret", Sig: "revealsSecret(name, args) bool",
		Doc:     "a secrets service's or password manager's CLI prints a stored secret's value: vault kv get, vault read, aws secretsmanager get-secret-value, aws ssm get-parameter --with-decryption, op read, gcloud secrets versions access, az keyvault secret show, doppler secrets get, bw get password, pass show, sops -d, …, and the CLIs that print an access token or credentials (aws configure export-credentials, gcloud auth print-access-token, az account get-access-token, gh auth token, kubectl config view --raw), a token one makes (vault token create, vault write auth/token/create or an auth method's login, npm token create, kubectl create token) and, for any program, the verbs token create, create token, auth token and an operation get-…-token, print-…-token or get-…-password (get-login-password, get-session-token), Terraform's state and outputs (terraform state pull, show -json of the state, output -json, -raw or an output by name; tofu and terragrunt alike, terragrunt's run -- CMD and run-all CMD as CMD) and Rails' decrypted credentials (rails credentials:show); not when it writes the value to a file or the clipboard, nor when it names the keys it reads and none is named as a secret is (heroku config:get LOG_LEVEL, netlify env:get API_URL, doppler or infisical secrets get API_URL, terraform output api_url; not DATABASE_URL, STRIPE_KEY, db_password, kubeconfig)",
		Example: `stdin.kind == "pipe" && revealsSecret(stdin.from, stdin.args)`,
		options: func() []expr.Option { return []expr.Option{strsFunc("revealsSecret", revealsSecret)} }})
}

// secretCLIValues (and awsValues) are the options of the secrets CLIs that
// take a separate value, skipped when finding the operation (aws --profile p
// secretsmanager …, vault -namespace ns kv get …).
var secretCLIValues = nameSet{names: []string{"-namespace", "--namespace", "-address", "--address", "-mount", "--mount",
	"--project", "--format", "--account", "--configuration", "--vault", "--account-id", "--config",
	"--session", "--subscription", "--vault-name", "--name", "--query", "-o", "--output", "--env", "--path"}}

// passCommands are pass's and gopass's subcommands that do not print a
// secret; any other first operand is the name of one (pass NAME shows it).
var passCommands = nameSet{names: []string{"init", "ls", "list", "find", "search", "grep", "insert", "add", "edit", "generate", "rm",
	"remove", "mv", "cp", "git", "help", "version", "otp", "setup", "sync", "config", "mounts", "audit", "fsck",
	"env", "completion", "templates", "recipients", "alias", "update", "create", "new", "fscopy", "fsmove"}}

// secretKeyName is a config key, secret or output named as a credential
// is: the names the credential-variable rules read (…SECRET, …TOKEN,
// …PASSWORD, …KEY, DATABASE_URL, …DSN), a store's connection URL or
// string, a session, cookie, certificate or kubeconfig; in any case
// (Terraform's outputs are lower-case: db_password).
var secretKeyName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)SECRET|TOKEN|PASS|PWD|KEY|PRIVATE|CREDENTIAL|AUTH|DSN|CERT|PEM|SALT|COOKIE|SESSION|SIGNING|SAS\b|` +
		`KUBE_?CONFIG|CONN|(DATABASE|DB|REDIS|MONGO|MONGODB|POSTGRES|PG|MYSQL|SQL|AMQP|RABBITMQ|BROKER|ELASTIC\w*|CACHE|QUEUE)_?(URL|URI|STRING)`)
})

// namesSecrets reports a read of keys by name that names a secret, or of
// none (every key): heroku config:get LOG_LEVEL prints a setting,
// heroku config:get DATABASE_URL a credential.
func namesSecrets(keys []string) bool {
	return len(keys) == 0 || slices.ContainsFunc(keys, secretKeyName().MatchString)
}

// revealsSecret reports whether a secrets CLI's arguments print a stored
// secret's value on standard output (see the Func's Doc).
func revealsSecret(name string, args []string) bool {
	name = programName(name)
	ops := cliOperands(args, secretCLIValue) // the operands, option values skipped
	has := func(opts ...string) bool { return hasCLIOption(args, opts...) }
	op := func(i int) string { return nth(ops, i) }
	seq := func(words ...string) bool { // the operands hold words in a row
		for i := 0; i+len(words) <= len(ops); i++ {
			if slices.Equal(ops[i:i+len(words)], words) {
				return true
			}
		}
		return false
	}
	if name == "terragrunt" && (op(0) == "run" || op(0) == "run-all") {
		// terragrunt run [OPTIONS] -- COMMAND (and the older run-all):
		// the command after -- (or after run) is terraform's
		ops = ops[1:]
		if i := slices.Index(args, "--"); i >= 0 {
			ops = ops[:0:0]
			for _, a := range args[i+1:] {
				if !strings.HasPrefix(a, "-") {
					ops = append(ops, a)
				}
			}
		}
	}
	toFile := has("-o", "--out-file", "--output", "--output-file", "--out")
	if strings.HasPrefix(name, "docker-credential-") {
		return op(0) == "get" // prints the registry secret for the host on its input
	}
	if printsToken(ops) {
		return true
	}
	switch name {
	case "vault":
		// a token create or an auth method's login answers with a new
		// client token (vault write -f auth/token/create, vault write
		// auth/approle/login role_id=…), as login -token-only prints it
		return op(0) == "kv" && op(1) == "get" || op(0) == "read" && !strings.HasPrefix(op(1), "sys/") && op(1) != "" ||
			op(0) == "write" && vaultTokenPath(op(1)) || op(0) == "login" && has("-token-only", "--token-only")
	case "aws":
		switch op(0) {
		case "secretsmanager":
			return op(1) == "get-secret-value" || op(1) == "batch-get-secret-value"
		case "ssm":
			return strings.HasPrefix(op(1), "get-parameter") && has("--with-decryption")
		case "configure":
			return op(1) == "export-credentials" || op(1) == "get" && strings.Contains(op(2), "secret_access_key") || op(2) == "aws_session_token"
		case "sts":
			return op(1) == "get-session-token" || op(1) == "get-federation-token" || strings.HasPrefix(op(1), "assume-role")
		case "ecr", "ecr-public":
			return op(1) == "get-login-password" || op(1) == "get-authorization-token"
		case "codeartifact":
			return op(1) == "get-authorization-token"
		case "eks":
			return op(1) == "get-token"
		case "iam":
			return op(1) == "create-access-key" || op(1) == "create-service-specific-credential" || op(1) == "reset-service-specific-credential"
		case "sso":
			return op(1) == "get-role-credentials"
		case "rds":
			return op(1) == "generate-db-auth-token"
		}
	case "op":
		switch op(0) {
		case "read":
			return !toFile
		case "inject":
			return !toFile
		case "item":
			// JSON prints every field's value, concealed ones too
			i := slices.Index(args, "--format")
			return op(1) == "get" && (has("--reveal") || i >= 0 && i+1 < len(args) && strings.EqualFold(args[i+1], "json") ||
				slices.ContainsFunc(args, func(a string) bool { return strings.EqualFold(a, "--format=json") }))
		case "document":
			return op(1) == "get" && !toFile
		}
	case "gcloud":
		if seq("secrets", "versions", "access") {
			return !has("--out-file")
		}
		return seq("auth", "print-access-token") || seq("auth", "print-identity-token") ||
			seq("auth", "application-default", "print-access-token") || seq("config", "config-helper")
	case "az":
		return op(0) == "keyvault" && op(1) == "secret" && op(2) == "show" || seq("account", "get-access-token") ||
			seq("keys", "list") || seq("ad", "sp", "create-for-rbac") || seq("ad", "sp", "credential", "reset") ||
			seq("ad", "app", "credential", "reset") || seq("acr", "login") && has("--expose-token", "-t")
	case "gh":
		return seq("auth", "token") || seq("auth", "status") && has("--show-token", "-t")
	case "glab":
		return seq("auth", "token") || seq("config", "get", "token") || seq("auth", "status") && has("--show-token", "-t")
	case "kubectl", "oc":
		return seq("config", "view") && has("--raw", "--flatten") || seq("create", "token") ||
			name == "oc" && (seq("whoami") && has("-t", "--show-token") || seq("config", "view") && has("--raw"))
	case "doctl":
		return seq("auth", "token")
	case "heroku":
		// config and config:get print the app's config vars: its database
		// URL, API keys
		return op(0) == "auth:token" || seq("auth", "token") || op(0) == "authorizations:create" || op(0) == "config" ||
			op(0) == "config:get" && namesSecrets(ops[1:])
	case "fly", "flyctl":
		return seq("auth", "token") || seq("tokens", "create")
	case "netlify", "ntl":
		return op(0) == "env:get" && namesSecrets(ops[1:]) || op(0) == "env:list" && has("--plain", "--json")
	case "railway":
		return (op(0) == "variables" || op(0) == "variable" || op(0) == "vars") && !has("--set") && op(1) == ""
	case "npm", "pnpm", "yarn":
		// npm config get //registry.npmjs.org/:_authToken, yarn config get npmAuthToken
		return op(0) == "config" && op(1) == "get" && strings.Contains(strings.ToLower(op(2)), "auth")
	case "keyctl":
		return op(0) == "print" || op(0) == "pipe" || op(0) == "read"
	case "git":
		return seq("credential", "fill") || strings.HasPrefix(op(0), "credential-") && op(1) == "get" // a helper asked directly
	case "terraform", "tofu", "terragrunt":
		// the state holds every resource's secrets in clear; JSON and raw
		// show the outputs marked sensitive, which the plain listing hides,
		// as does asking for one output by name; show -json of the state
		// (no file named, or a state file, not a plan) prints every
		// sensitive value in plain text, as Terraform's manual says.
		// Terraform's flags take one dash or two (--json); terragrunt
		// passes its commands to terraform.
		return seq("state", "pull") || op(0) == "output" && (op(1) == "" && has("-json", "--json", "-raw", "--raw") || op(1) != "" && namesSecrets(ops[1:])) ||
			op(0) == "show" && has("-json", "--json") && (op(1) == "" || strings.Contains(op(1), ".tfstate"))
	case "pulumi":
		return has("--show-secrets")
	case "lpass":
		return op(0) == "show"
	case "rbw":
		return op(0) == "get"
	case "keyring":
		return op(0) == "get"
	case "ansible-vault":
		return op(0) == "view" || op(0) == "decrypt" && has("--output") && slices.Contains(args, "-")
	case "security":
		return (op(0) == "find-generic-password" || op(0) == "find-internet-password") && has("-w", "-g")
	case "secret-tool":
		return op(0) == "lookup" || op(0) == "search" // search prints each match's secret
	case "kwallet-query":
		return has("-r", "--read-password")
	case "rails":
		return op(0) == "credentials:show" || op(0) == "encrypted:show"
	case "doppler":
		return op(0) == "secrets" && (op(1) == "" || op(1) == "get" && namesSecrets(ops[2:]) || op(1) == "download" && has("--no-file"))
	case "infisical":
		return op(0) == "secrets" && (op(1) == "" || op(1) == "get" && namesSecrets(ops[2:])) || op(0) == "export" && !toFile
	case "bw":
		// bw list items prints every item with its login's password; bw
		// export --raw prints the whole vault
		return op(0) == "get" && (op(1) == "password" || op(1) == "item" || op(1) == "notes") || op(0) == "list" && op(1) == "items" ||
			op(0) == "export" && has("--raw")
	case "pass", "gopass":
		if has("-c", "--clip") || op(0) == "" {
			return false
		}
		return op(0) == "show" || !passCommands.has(op(0))
	case "sops":
		return has("-d", "--decrypt") && !has("-i", "--in-place", "--output")
	case "chamber":
		return op(0) == "read" || op(0) == "export" && !toFile
	}
	return false
}

func init() {
	Funcs = append(Funcs, Func{Name: "secretOutFile", Sig: "secretOutFile(name, args) string",
		Doc:     "the file a secrets CLI writes a stored secret's value to by its own option, \"\" when none: op read, inject and document get -o/--out-file, gcloud secrets versions access --out-file, az keyvault secret download -f/--file, sops -d/decrypt --output, ansible-vault decrypt --output, doppler secrets download FILE (doppler.json when none, unless --no-file)",
		Example: `sharedDir(secretOutFile(name, args))`,
		options: func() []expr.Option { return []expr.Option{strsFunc("secretOutFile", secretOutFile)} }})
}

// secretOutFile is the file a secrets CLI's own output option writes a
// secret to (see the Func's Doc): a file in /tmp is as readable by every
// account as one a redirection made.
func secretOutFile(name string, args []string) string {
	name = programName(name)
	// value is the last value of an option spelled as one of opts:
	// separate, joined by = (long), or attached (short, -oFILE)
	value := func(opts ...string) string {
		v := ""
		for i, a := range args {
			for _, o := range opts {
				switch {
				case a == o && i+1 < len(args):
					v = args[i+1]
				case strings.HasPrefix(a, o+"="):
					v = a[len(o)+1:]
				case len(o) == 2 && len(a) > 2 && strings.HasPrefix(a, o) && a[1] != '-':
					v = a[2:]
				}
			}
		}
		return v
	}
	has := func(opts ...string) bool { return hasCLIOption(args, opts...) }
	// the operands; these options, and the output options, take a value
	ops := cliOperands(args, func(a string) bool {
		return secretCLIValue(a) || a == "-f" || a == "--file" || a == "-n" || a == "--out-file" ||
			a == "--config" || a == "-p" || a == "--project" || a == "--passphrase" || a == "--secret"
	})
	op := func(i int) string { return nth(ops, i) }
	switch name {
	case "op":
		if op(0) == "read" || op(0) == "inject" || op(0) == "document" && op(1) == "get" {
			return value("-o", "--out-file", "--output")
		}
	case "gcloud":
		if slices.Contains(ops, "secrets") && slices.Contains(ops, "access") {
			return value("--out-file")
		}
	case "az":
		if op(0) == "keyvault" && op(1) == "secret" && op(2) == "download" { // certificate download writes the public part
			return value("-f", "--file")
		}
	case "sops":
		if has("-d", "--decrypt") || op(0) == "decrypt" {
			return value("--output")
		}
	case "ansible-vault":
		if op(0) == "decrypt" || op(0) == "view" {
			return value("--output")
		}
	case "doppler":
		if op(0) == "secrets" && op(1) == "download" && !has("--no-file") {
			if f := op(2); f != "" {
				return f
			}
			return "doppler.json"
		}
	}
	return ""
}

// printsToken reports the generic verbs of the CLIs that make or print
// an access token on standard output, whatever the program: token create
// (vault, npm, kubeadm, fly tokens create), create token (kubectl, oc),
// auth token (gh, glab, doctl, fly), and an operation named
// get-…-token, print-…-token or get-…-password among the first three
// operands (aws ecr get-login-password, aws sts get-session-token, az
// account get-access-token, gcloud auth print-access-token, aws rds
// generate-db-auth-token).
func printsToken(ops []string) bool {
	pair := func(first, second func(string) bool) bool {
		return len(ops) > 1 && first(ops[0]) && second(ops[1])
	}
	tokenWord := func(w string) bool { return w == "token" || w == "tokens" }
	mint := func(w string) bool {
		return w == "create" || w == "generate" || w == "new" || w == "issue" || w == "print"
	}
	if pair(tokenWord, mint) || pair(mint, tokenWord) || pair(func(w string) bool { return w == "auth" }, tokenWord) {
		return true
	}
	return slices.ContainsFunc(ops[:min(len(ops), 3)], func(w string) bool { return tokenOperation().MatchString(w) })
}

// tokenOperation matches an operation that prints a token or a password:
// get-login-password, get-session-token, print-access-token,
// generate-db-auth-token (not get-credentials, which writes a kubeconfig,
// nor get-password-data, which is encrypted).
var tokenOperation = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(get|print|generate)-([a-z0-9]+-)*(token|password)$`)
})

// vaultTokenPath reports a Vault path whose write answers with a client
// token: auth/token/create (-orphan, /ROLE) and an auth method's login
// (auth/approle/login, auth/userpass/login/NAME).
func vaultTokenPath(p string) bool {
	p = strings.Trim(p, "/")
	rest, ok := strings.CutPrefix(p, "auth/")
	if !ok {
		return false
	}
	if strings.HasPrefix(rest, "token/create") {
		return true
	}
	_, after, ok := strings.Cut(rest, "/")
	return ok && (after == "login" || strings.HasPrefix(after, "login/"))
}

// secretCLIValue reports an option of the secrets CLIs that takes a value.
func secretCLIValue(opt string) bool { return secretCLIValues.has(opt) || awsValues.has(opt) }

// cliOperands are a command's operands: its words but options and the
// values of those takesValue names; every word after -- is one, and so
// is a lone - (standard input).
func cliOperands(args []string, takesValue func(string) bool) []string {
	var ops []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(ops, args[i+1:]...)
		case strings.HasPrefix(a, "-") && a != "-":
			if takesValue(a) && i+1 < len(args) {
				i++
			}
		default:
			ops = append(ops, a)
		}
	}
	return ops
}

// hasCLIOption reports whether args hold one of opts, alone or as
// OPT=VALUE.
func hasCLIOption(args []string, opts ...string) bool {
	return slices.ContainsFunc(args, func(a string) bool {
		opt, _, _ := strings.Cut(a, "=")
		return slices.Contains(opts, opt)
	})
}

// nth is ops[i], or "" past its end.
func nth(ops []string, i int) string {
	if i < len(ops) {
		return ops[i]
	}
	return ""
}
