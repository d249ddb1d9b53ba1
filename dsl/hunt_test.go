package dsl

import (
	"testing"

	"github.com/hguard/hguard/dsl/cmdline"
)

// TestHuntedSecrets: a search that names secret files by pattern, whose
// results a later program reads, is a secret read; a search for anything
// else, or whose results are only listed, tested or protected, is not.
func TestHuntedSecrets(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{`find / -name id_rsa | xargs cat`, true},
		{`find / -name id_rsa -print0 | xargs -0 cat`, true},
		{`find ~ -iname "ID_ED25519" -exec cat {} \;`, true},
		{`find / -iname "*.kdbx" -exec base64 {} +`, true},
		{`find ~ -name "*.key" -exec cp {} /tmp/k \;`, true},
		{`find / -regex ".*id_rsa" -exec cat {} \;`, true},
		{`find / -path "*/.aws/credentials" -exec cat {} \;`, true},
		{`find . -name ".env*" -exec cat {} \;`, true},
		{`cat $(find ~ -name id_ed25519)`, true},
		{"cat `locate .git-credentials`", true},
		{`fd -H id_rsa ~ -x cat`, true},
		{`fd -e kdbx / -x cat`, true},
		{`fd --extension=key / -X tar czf /tmp/k.tgz`, true},
		{`locate .pgpass | xargs cat`, true},
		{`grep -rl "BEGIN RSA PRIVATE KEY" / | xargs cat`, true},
		{`grep -r "PRIVATE KEY" -A 30 ~`, true},
		{`grep -ri password /etc`, true},
		{`rg -i 'aws_secret_access_key' ~`, true},
		{`grep -r -e passwd /var`, true},

		{`find ~ -name "*.pem" -exec cat {} \;`, false}, // certificates are named so too
		{`find . -name "*.go" -exec cat {} \;`, false},
		{`find . -name "*" -exec cat {} \;`, false},
		{`find . -name "*.*" -exec cat {} \;`, false},
		{`find ~/.ssh -name "id_*" -exec chmod 600 {} \;`, false},
		{`find / -name id_rsa`, false}, // a listing of names
		{`find ~ -name id_rsa -exec ls -l {} \;`, false},
		{`find . -name .env.example -exec cat {} \;`, false},
		{`find . -name "*.pub" -exec cat {} \;`, false},
		{`locate README | xargs cat`, false},
		{`grep -rn password .`, false},
		{`grep -rn password src/`, false},
		{`grep -rn TODO ~`, false},
		{`grep -rl TODO / | xargs cat`, false},
		{`grep -rl "PRIVATE KEY" /etc`, false}, // names only
		{`grep -rc password /etc`, false},
		{`grep -r . /etc`, false}, // matches every line: no search for secrets
		{`rg -i password src/`, false},
		{`fd -H config ~ -x cat`, false},
		{`cat $(find . -name "*.md")`, false},
	}
	for _, tt := range tests {
		line := cmdline.ParseShell(tt.line, "bash")
		got := false
		for _, c := range line.Commands {
			env := newCommandEnv(c, line, Context{})
			if len(huntedSecrets(c, line, env)) > 0 {
				got = true
			}
		}
		if got != tt.want {
			t.Errorf("%s: hunted %t, want %t", tt.line, got, tt.want)
		}
	}
}
