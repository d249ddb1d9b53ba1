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
		{"bw list items", false},
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
	}
	for _, tt := range tests {
		f := strings.Fields(tt.cmd)
		if got := revealsSecret(f[0], f[1:]); got != tt.want {
			t.Errorf("revealsSecret(%q) = %v, want %v", tt.cmd, got, tt.want)
		}
	}
}
