package dsl

import (
	"strings"

	"github.com/expr-lang/expr"
)

// A secret store's own CLI is where a project's secrets belong: `gh secret
// set -f .env`, `az keyvault secret set --file .env` and `kubectl create
// secret generic --from-env-file=.env` read a secret file to keep it in the
// service that runs the project, as the service's documentation says to.
// That is not a leak to the network (send-secret), though the file is
// still read (read-secret decides who may do it without asking).

func init() {
	Funcs = append(Funcs, Func{Name: "storesSecret", Sig: "storesSecret(name, args) bool",
		Doc:     "the command keeps what it reads in its own service's secret store (not its plaintext variables): gh secret set, az keyvault secret set, aws secretsmanager create-secret, put-secret-value and update-secret, aws ssm put-parameter, gcloud secrets create and versions add, vault kv put and patch, doppler secrets set and upload, infisical secrets set, supabase secrets set, wrangler secret put and bulk, netlify env:set and env:import, vercel env add, fly secrets set and import, heroku config:set, kubectl and oc create secret, docker secret create, op item and document create, pass and gopass insert",
		Example: `len(secretFiles) > 0 && !storesSecret(name, args)`,
		options: func() []expr.Option { return []expr.Option{strsFunc("storesSecret", storesSecret)} }})
}

// secretStores are, by program, the operations that keep a secret in the
// program's store, as the operand words that name them.
var secretStores = map[string][][]string{
	"gh":        {{"secret", "set"}},
	"az":        {{"keyvault", "secret", "set"}},
	"aws":       {{"secretsmanager", "create-secret"}, {"secretsmanager", "put-secret-value"}, {"secretsmanager", "update-secret"}, {"ssm", "put-parameter"}},
	"gcloud":    {{"secrets", "create"}, {"secrets", "versions", "add"}},
	"vault":     {{"kv", "put"}, {"kv", "patch"}},
	"doppler":   {{"secrets", "set"}, {"secrets", "upload"}},
	"infisical": {{"secrets", "set"}},
	"supabase":  {{"secrets", "set"}},
	"wrangler":  {{"secret", "put"}, {"secret", "bulk"}, {"secret:bulk"}},
	"netlify":   {{"env:set"}, {"env:import"}},
	"vercel":    {{"env", "add"}},
	"fly":       {{"secrets", "set"}, {"secrets", "import"}},
	"flyctl":    {{"secrets", "set"}, {"secrets", "import"}},
	"heroku":    {{"config:set"}},
	"kubectl":   {{"create", "secret"}},
	"oc":        {{"create", "secret"}},
	"docker":    {{"secret", "create"}},
	"op":        {{"item", "create"}, {"document", "create"}},
	"pass":      {{"insert"}},
	"gopass":    {{"insert"}},
}

// storesSecret reports whether name's operands, options left out, start
// with one of its secret-store operations (see secretStores). An option's
// value is not told from an operand here, so `gh -R o/r secret set` is
// read with `o/r` first and is not a store: the reading errs on the side
// of the rules that ask.
func storesSecret(name string, args []string) bool {
	ops, ok := secretStores[programName(name)]
	if !ok {
		return false
	}
	var words []string
	for _, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			words = append(words, a)
		}
	}
	for _, op := range ops {
		if len(words) >= len(op) && equalFold(words[:len(op)], op) {
			return true
		}
	}
	return false
}

func equalFold(a, b []string) bool {
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}
