package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestOpt61LongOptionPrefix: a program whose parser takes a long option's
// unique prefix (argparse, optparse, my_getopt, getopt_long; the
// catalogue's abbrev, the table of options.go) is read with the full
// name, so that its code and library options are seen however short;
// twins that abbreviate a harmless option stay allowed. Found by rt60.
func TestOpt61LongOptionPrefix(t *testing.T) {
	checkHoles(t, []holeCase{
		{"gcloud compute ssh vm --comm 'rm -rf /'", dsl.Block, dsl.Block},
		{"certbot renew --post 'rm -rf ~'", dsl.Block, dsl.Block},
		{"certbot renew --deploy '/bin/sh 0<&2 1>&2'", dsl.Ask, dsl.Ask},
		{"yt-dlp https://example.com/v --exec-bef 'rm -rf ~ #'", dsl.Block, dsl.Block},
		{"facter --custom=/tmp/f x", dsl.Ask, dsl.Ask},
		{"mysql --default-aut=../../../../tmp/x", dsl.Ask, dsl.Ask},
		{"mariadb --plugin-d=/tmp/p", dsl.Ask, dsl.Ask},
		{"gawk --sour='BEGIN {system(\"/bin/sh\")}'", dsl.Ask, dsl.Ask},
		{"gawk --source='BEGIN {system(\"/bin/sh\")}'", dsl.Ask, dsl.Ask},
		{"wc --files0-fro=/etc/shadow", dsl.Ask, dsl.Ask},
		{"gpg --export-secret-key -a", dsl.Ask, dsl.Ask},
		{"gpg --export-secret-ssh-key u", dsl.Ask, dsl.Ask},
		{"gpg --export-secret-ssh u", dsl.Ask, dsl.Ask},

		{"gcloud compute ssh vm --zone x", dsl.Allow, dsl.Allow},
		{"gcloud compute ssh vm --zo x", dsl.Allow, dsl.Allow},
		{"certbot renew --dry", dsl.Allow, dsl.Allow},
		{"certbot certonly --manual -d x.example", dsl.Allow, dsl.Allow},
		{"facter --json os", dsl.Allow, dsl.Allow},
		{"mysql --exec='select 1'", dsl.Allow, dsl.Allow},
		{"gawk --sour='{print $1}' x.txt", dsl.Allow, dsl.Allow},
		{"wc --lines x.txt", dsl.Allow, dsl.Allow},
		{"wc --li x.txt", dsl.Allow, dsl.Allow},
		{"gpg --list-secret-keys", dsl.Allow, dsl.Allow},
		{"gpg --export-ssh-key me", dsl.Allow, dsl.Allow},
	})
}
