package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestHelperOptionEscapes: an option, ssh setting or variable meant to run
// a helper of one kind (a password store, an ssh or a proxy, a compressor,
// the curl a plugin checks with, a pager) is an escape when it runs another program,
// asked whatever it runs, as a pager's ! is; its everyday values stay
// allowed. GTFOBins' command entries run id through them (gtfo16,
// 2026-12-05: each was allowed).
func TestHelperOptionEscapes(t *testing.T) {
	checkHoles(t, []holeCase{
		{"restic --password-command=id backup", dsl.Ask, dsl.Ask},
		{"RESTIC_PASSWORD_COMMAND=id restic snapshots", dsl.Ask, dsl.Ask},
		{"BORG_PASSCOMMAND=whoami borg list /srv/b", dsl.Ask, dsl.Ask},
		{"sshfs -o ssh_command=id x: /mnt/x", dsl.Ask, dsl.Ask},
		{"ssh -o ProxyCommand=id host", dsl.Ask, dsl.Ask},
		{"ssh -o 'LocalCommand=uname -a' -o PermitLocalCommand=yes host", dsl.Ask, dsl.Ask},
		{"scp -o ProxyCommand=/usr/bin/id notes.txt host:", dsl.Ask, dsl.Ask},
		{"RSYNC_RSH=id rsync -a src/ host:dst/", dsl.Ask, dsl.Ask},
		{"split --filter=id /etc/hosts", dsl.Ask, dsl.Ask},
		{"check_ssl_cert --curl-bin /tmp/x -H example.net", dsl.Ask, dsl.Ask},
		{"opencode\n! id", dsl.Ask, dsl.Ask},
		{"PAGER=id man ls", dsl.Ask, dsl.Ask},
		{"MANPAGER='sh -c id' man ls", dsl.Ask, dsl.Ask},
		{"SYSTEMD_PAGER=whoami systemctl status", dsl.Ask, dsl.Ask},
		{"mysql --pager=id -e 'select 1'", dsl.Ask, dsl.Ask},
		{"git -c core.pager=id log", dsl.Ask, dsl.Ask},
		{"GIT_EDITOR='vim;id' git commit", dsl.Ask, dsl.Ask},
		{"mkdir -p /tmp/d/bin; echo id > /tmp/d/bin/rustc; chmod +x /tmp/d/bin/rustc; rustup toolchain link x /tmp/d; rustup run x rustc", dsl.Ask, dsl.Ask},
		// everyday
		{"restic -r /srv/r --password-command 'pass show restic' snapshots", dsl.Allow, dsl.Allow},
		{"RESTIC_PASSWORD_COMMAND='secret-tool lookup restic main' restic backup ~/docs", dsl.Allow, dsl.Allow},
		{"ssh -o ProxyCommand='ssh -W %h:%p bastion' db1", dsl.Allow, dsl.Allow},
		{"ssh -o 'ProxyCommand nc -X 5 -x proxy:1080 %h %p' db1", dsl.Allow, dsl.Allow},
		{"ssh -o ProxyCommand='cloudflared access ssh --hostname %h' db1", dsl.Allow, dsl.Allow},
		{"ssh -o ProxyCommand=none db1", dsl.Allow, dsl.Allow},
		{"ssh -J bastion db1", dsl.Allow, dsl.Allow},
		{"sshfs -o ssh_command='ssh -p 2222' host:/srv /mnt/srv", dsl.Allow, dsl.Allow},
		{"RSYNC_RSH='ssh -p 2222' rsync -a src/ host:dst/", dsl.Allow, dsl.Allow},
		{"split -b 1G --filter='gzip > $FILE.gz' dump.sql part-", dsl.Allow, dsl.Allow},
		{"split -l 1000 --filter='zstd -q -o $FILE.zst' big.csv chunk-", dsl.Allow, dsl.Allow},
		{"check_ssl_cert --openssl /opt/openssl3/bin/openssl -H example.net", dsl.Allow, dsl.Allow},
		{"make build\n! grep -q FAIL build.log", dsl.Allow, dsl.Allow},
		{"MANPAGER=\"sh -c 'col -bx | bat -l man -p'\" man printf", dsl.Allow, dsl.Allow},
		{"MANPAGER='nvim +Man!' man ls", dsl.Allow, dsl.Allow},
		{"PAGER='less -R' man ls", dsl.Allow, dsl.Allow},
		{"PSQL_PAGER=pspg psql -l", dsl.Allow, dsl.Allow},
		{"mysql --pager='less -SFX' -e 'select 1'", dsl.Allow, dsl.Allow},
		{"git -c core.pager=delta diff", dsl.Allow, dsl.Allow},
		{"git -c core.pager='less -S' log", dsl.Allow, dsl.Allow},
		{"GIT_PAGER='less -R' git log", dsl.Allow, dsl.Allow},
		{"GIT_EDITOR='code --wait' git commit", dsl.Allow, dsl.Allow},
		{"printf '#!/bin/sh\\necho hi\\n' > /tmp/t.sh; chmod +x /tmp/t.sh; hyperfine /tmp/t.sh", dsl.Allow, dsl.Allow},
		{"nohup ./server --port 8080 &", dsl.Allow, dsl.Allow},
	})
}
