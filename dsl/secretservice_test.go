package dsl

import (
	"strings"
	"testing"
)

// TestRevealsSecret: the reads of secrets CLIs that print a value, and the
// near misses that list, describe, or put the value in a file or the
// clipboard.
func TestRevealsSecret(t *testing.T) {
	tests := []struct {
		cmd  string
		want bool
	}{
		// red team, 2026-12-03: printers of stored secrets piped on
		{"git credential-store get", true}, {"git credential-cache get", true}, {"git credential-store store", false},
		{"kubectl config view --minify --flatten", true}, {"kubectl config view", false},
		{"terraform state pull", true}, {"terraform output -json", true}, {"terraform output", false}, {"terraform state list", false},
		{"pulumi stack output --show-secrets", true}, {"pulumi stack output", false},
		{"lpass show github", true}, {"rbw get github", true}, {"keyring get system user", true}, {"lpass ls", false},
		{"ansible-vault view secrets.yml", true}, {"ansible-vault encrypt secrets.yml", false},
		{"vault kv get secret/app", true},
		{"vault kv get -mount secret app", true},
		{"vault -namespace ns read database/creds/app", true},
		{"vault read sys/health", false},
		{"vault kv list secret/", false},
		{"vault kv metadata get secret/app", false},
		{"aws --profile prod --region eu-west-1 secretsmanager get-secret-value --secret-id x", true},
		{"aws secretsmanager describe-secret --secret-id x", false},
		{"aws ssm get-parameters-by-path --path /app --with-decryption", true},
		{"aws ssm get-parameter --name /app/flag", false},
		{"op read op://v/i/f", true},
		{"op read --out-file k.pem op://v/i/f", false},
		{"op item get x", false},
		{"op item get x --reveal", true},
		{"gcloud --project p secrets versions access 3 --secret=db", true},
		{"gcloud secrets versions list --secret=db", false},
		{"az keyvault secret show --vault-name v --name n", true},
		{"az keyvault secret list --vault-name v", false},
		{"doppler secrets", true},
		{"doppler secrets download --no-file", true},
		{"doppler secrets download", false},
		{"bw get password x", true},
		{"bw list items", true}, // every item, its login's password in it (red team, 2026-12-05)
		{"bw list folders", false}, {"bw export --raw", true}, {"bw export --output v.json", false},
		{"op item get x --format json", true}, {"op item get x --format=json", true}, {"op item list --format json", false},
		{"pass show a/b", true},
		{"pass a/b", true},
		{"pass -c a/b", false},
		{"pass ls", false},
		{"pass", false},
		{"gopass show -o a/b", true},
		{"sops -d s.yaml", true},
		{"sops --decrypt --in-place s.yaml", false},
		{"sops -e s.yaml", false},
		{"chamber read app key", true},
		{"kubectl get secret x", false},
		// holes, 2026-12-03: CLIs printing the caller's own credentials were allowed
		{"aws configure export-credentials", true},
		{"aws configure export-credentials --format env", true},
		{"aws --profile p sts get-session-token", true},
		{"aws sts assume-role --role-arn r --role-session-name s", true},
		{"aws sts get-caller-identity", false},
		{"aws ecr get-login-password", true},
		{"aws ecr get-login-password --region eu-west-1", true},
		{"aws ecr-public get-login-password", true},
		{"aws ecr describe-repositories", false},
		{"aws codeartifact get-authorization-token --domain d --query authorizationToken --output text", true},
		{"aws eks get-token --cluster-name c", true},
		{"aws iam create-access-key --user-name u", true},
		{"aws iam list-access-keys", false},
		{"aws configure get aws_secret_access_key", true},
		{"aws configure get region", false},
		{"aws configure list", false},
		{"gcloud auth print-access-token", true},
		{"gcloud auth print-identity-token --audiences=x", true},
		{"gcloud auth application-default print-access-token", true},
		{"gcloud config config-helper --format=json", true},
		{"gcloud auth list", false},
		{"gcloud auth login", false},
		{"az account get-access-token", true},
		{"az account get-access-token --resource https://x", true},
		{"az account show", false},
		{"az storage account keys list -n acct", true},
		{"az ad sp create-for-rbac --name x", true},
		{"az acr login -n r --expose-token", true},
		{"az acr login -n r", false},
		{"gh auth token", true},
		{"gh auth status --show-token", true},
		{"gh auth status", false},
		{"glab config get token", true},
		{"kubectl config view --raw", true},
		{"kubectl --context c config view --raw --minify", true},
		{"kubectl config view", false},
		{"kubectl config view --minify", false},
		{"kubectl create token sa", true},
		{"kubectl create deployment x --image=y", false},
		{"oc whoami -t", true},
		{"oc whoami --show-token", true},
		{"oc whoami", false},
		{"doctl auth token", true},
		{"doctl auth list", false},
		{"heroku auth:token", true},
		{"heroku apps", false},
		{"docker-credential-desktop get", true},
		{"docker-credential-pass list", false},
		{"git credential fill", true},
		{"git credential approve", false},
		{"security find-generic-password -s x -w", true},
		{"security find-internet-password -g -s x", true},
		{"security find-generic-password -s x", false},
		{"secret-tool lookup service x", true},
		{"secret-tool store --label x service x", false},
		{"secret-tool search --all service x", true},
		{"kwallet-query -r github kdewallet", true}, {"kwallet-query -l kdewallet", false},
		{"terraform show -json tfplan", false},                                                         // a plan's changes, which agents read to review it
		{"terraform show -json", true}, {"tofu show -no-color -json", true}, {"terraform show", false}, // the state, sensitive values in clear with -json (everyday9)
		// review44: a state file named, two dashes, terragrunt, one output by name (shown unredacted)
		{"terraform show -json terraform.tfstate", true}, {"terraform show --json", true}, {"terragrunt show -json", true},
		{"terragrunt output -json", true}, {"terraform output db_password", true}, {"terraform show --json plan.out", false},
		{"terragrunt plan", false},
		{"rails credentials:show", true}, {"rails credentials:edit", false},
		// holes, redteam12: app config vars, deploy tokens, npm's token, the kernel keyring
		{"heroku config -a app", true}, {"heroku config:get DATABASE_URL", true}, {"heroku config:set X=1", false},
		{"fly auth token", true}, {"flyctl auth token", true}, {"fly deploy", false},
		{"netlify env:get API_KEY", true}, {"netlify env:get API_URL", false}, {"netlify env:list --plain", true}, {"netlify env:list", false},
		{"railway variables", true}, {"railway variables --set K=V", false},
		{"npm config get //registry.npmjs.org/:_authToken", true}, {"yarn config get npmAuthToken", true}, {"npm config get registry", false},
		{"keyctl print %user:x", true}, {"keyctl show", false},
	}
	// a program revealsSecret knows is useless unless a rule that calls it
	// is evaluated for that program: the built-in rules' on lists hold it
	judged := rulesOn(t, "revealsSecret(name, args)")
	for _, tt := range tests {
		f := strings.Fields(tt.cmd)
		if got := revealsSecret(f[0], f[1:]); got != tt.want {
			t.Errorf("revealsSecret(%q) = %v, want %v", tt.cmd, got, tt.want)
		}
		if tt.want && !judged[f[0]] && !judged[f[0]+" "+f[1]] {
			t.Errorf("%q: no built-in rule that calls revealsSecret is evaluated for %s", tt.cmd, f[0])
		}
	}
}
