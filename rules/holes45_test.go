package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestHoles45: the holes earlier reviews left open (session 45,
// 2026-12-05), each beside the everyday lines that stay allowed. Codex is
// asked as its hook asks: as bash and zsh read the line.
func TestHoles45(t *testing.T) {
	checkCallers(t, []callerCase{
		// 1. zsh's module path with the current directory or a shared one
		// on it: zmodload loads a planted module's code, as path=(. $path)
		// runs a planted program
		{"module_path=(. $module_path); zmodload x", dsl.Allow, dsl.Allow, dsl.Ask},
		{"module_path=($module_path ./); zmodload x", dsl.Allow, dsl.Allow, dsl.Ask},
		{"module_path=(/tmp/m $module_path); zmodload x", dsl.Allow, dsl.Allow, dsl.Ask},
		{"MODULE_PATH=. zmodload x", dsl.Allow, dsl.Allow, dsl.Ask},
		{"export MODULE_PATH=.:/usr/lib/zsh; zmodload x", dsl.Allow, dsl.Allow, dsl.Ask},
		{"typeset -x MODULE_PATH=/dev/shm/m; zmodload x", dsl.Allow, dsl.Allow, dsl.Ask},
		{"zmodload zsh/complist", dsl.Allow, dsl.Allow, dsl.Allow},
		{"module_path=($HOME/.zsh/modules $module_path); zmodload zsh/zpty", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export MODULE_PATH=/usr/lib/zsh/5.9; zmodload zsh/datetime", dsl.Allow, dsl.Allow, dsl.Allow},
		// 2. tar's old style: each letter that takes a value takes the
		// next word (tar cIf PROG ARCHIVE DIR), and a compressor's own
		// output option writes its file (zstd -o)
		{"tar cIf sh archive dir", dsl.Ask, dsl.Ask, dsl.Ask},
		{"tar cIf 'rm -rf ~' a.tar src", dsl.Block, dsl.Block, dsl.Block},
		{"tar cFf 'sh -c id' a.tar src", dsl.Ask, dsl.Ask, dsl.Ask},
		{"tar -cIf sh archive dir", dsl.Ask, dsl.Ask, dsl.Ask}, // -I's value is f, no compressor
		{"tar -I 'zstd -o ~/.bashrc' -cf a.tar src", dsl.Ask, dsl.Ask, dsl.Ask},
		{"sort --compress-program='zstd -o ~/.bashrc' big.txt", dsl.Ask, dsl.Ask, dsl.Ask},
		{"zstd -o ~/.bashrc notes.txt", dsl.Ask, dsl.Ask, dsl.Ask},
		{"tar cIf zstd a.tar.zst src", dsl.Allow, dsl.Allow, dsl.Allow},
		{"tar xzf a.tgz", dsl.Allow, dsl.Allow, dsl.Allow},
		{"tar cvf - src | gzip > src.tgz", dsl.Allow, dsl.Allow, dsl.Allow},
		{"tar xf a.tar -C out", dsl.Allow, dsl.Allow, dsl.Allow},
		{"tar -I 'zstd -19 -T0' -cf a.tar.zst src", dsl.Allow, dsl.Allow, dsl.Allow},
		{"zstd -19 -o dist/a.zst a.bin", dsl.Allow, dsl.Allow, dsl.Allow},
		// 3. a pager option of bat and delta, and git's delta.pager
		{"bat --pager 'sh -c id' README.md", dsl.Ask, dsl.Ask, dsl.Ask},
		{"batcat --pager='rm -rf ~' README.md", dsl.Block, dsl.Block, dsl.Block},
		{"git diff | delta --pager='sh -c id'", dsl.Ask, dsl.Ask, dsl.Ask},
		{"git -c delta.pager='sh -c id' diff", dsl.Ask, dsl.Ask, dsl.Ask},
		{"BAT_PAGER='sh -c id' bat README.md", dsl.Ask, dsl.Ask, dsl.Ask},
		{"DELTA_PAGER='sh -c id' git diff", dsl.Ask, dsl.Ask, dsl.Ask},
		{"bat --pager 'less -RF' README.md", dsl.Allow, dsl.Allow, dsl.Ask}, // Codex: less prompts (TestTyped45)
		{"bat -l json --paging=never data.json", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git diff | delta --side-by-side", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git -c delta.pager='less -R' diff", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git -c delta.side-by-side=true diff", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git -c core.pager=delta diff", dsl.Allow, dsl.Allow, dsl.Allow},
		{"BAT_PAGER='less -RF' bat README.md", dsl.Allow, dsl.Allow, dsl.Ask}, // Codex: less prompts (TestTyped45)
		// 4. a configuration the line wrote that runs a command: ssh -F's
		// ProxyCommand, LocalCommand and KnownHostsCommand, npm's user
		// configuration's script-shell and node-options; a configuration
		// the line does not show is the project's, as a script it runs is
		{"printf 'Host x\\n ProxyCommand id\\n' > cfg; ssh -F ./cfg x", dsl.Ask, dsl.Ask, dsl.Ask},
		{"printf 'Host x\\n  ProxyCommand rm -rf ~\\n' > cfg; ssh -F cfg x", dsl.Block, dsl.Block, dsl.Block},
		{"printf 'Host *\\n  PermitLocalCommand yes\\n  LocalCommand sh -c id\\n' > cfg; ssh -Fcfg x", dsl.Ask, dsl.Ask, dsl.Ask},
		{"printf 'Host x\\n  KnownHostsCommand=/bin/sh -c id\\n' > cfg; scp -F cfg a x:b", dsl.Ask, dsl.Ask, dsl.Ask},
		{"printf 'script-shell=./x\\n' > npmrc; printf 'rm -rf ~\\n' > x; npm --userconfig ./npmrc run build", dsl.Block, dsl.Block, dsl.Block},
		{"printf 'node-options=--require ./e.js\\n' > rc; echo 'require(\"child_process\").execSync(\"rm -rf ~\")' > e.js; NPM_CONFIG_USERCONFIG=rc npm test", dsl.Block, dsl.Block, dsl.Block},
		{"printf 'Host b\\n  ProxyCommand ssh -W %%h:%%p bastion\\n' > cfg; ssh -F cfg b", dsl.Allow, dsl.Allow, dsl.Ask}, // Codex: a login shell (TestTyped45)
		{"printf 'Host x\\n  HostName 10.0.0.5\\n  User deploy\\n' > cfg; ssh -F cfg x uptime", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ssh -F ./cfg host", dsl.Allow, dsl.Allow, dsl.Ask},         // Codex: a login shell (TestTyped45)
		{"ssh -F ~/.ssh/config host", dsl.Allow, dsl.Allow, dsl.Ask}, // Codex: a login shell (TestTyped45)
		{"npm --userconfig ./npmrc run build", dsl.Allow, dsl.Allow, dsl.Allow},
		{"npm publish --userconfig ~/.npmrc", dsl.Allow, dsl.Ask, dsl.Ask}, // an agent's release asks (package-publish-agent, risk65)
		{"git -c include.path=./x status", dsl.Ask, dsl.Ask, dsl.Ask},
		// 5. terragrunt run -- CMD is terraform's CMD: show -json of the
		// state prints its secrets
		{"terragrunt run -- show -json", dsl.Allow, dsl.Ask, dsl.Ask},
		{"terragrunt run --all -- output -json", dsl.Allow, dsl.Ask, dsl.Ask},
		{"terragrunt run-all show -json", dsl.Allow, dsl.Ask, dsl.Ask},
		{"terragrunt run -- plan", dsl.Allow, dsl.Allow, dsl.Allow},
		{"terragrunt run -- show -json plan.out", dsl.Allow, dsl.Allow, dsl.Allow},
		{"terragrunt run --all -- output", dsl.Allow, dsl.Allow, dsl.Allow},
		// 6. GNU parallel's arguments from a file (:::: FILE, -a FILE) are
		// data, as xargs -a's are; awk's print to a file named by a field
		// a person is asked as for xargs -a FILE rm (find-exec-delete)
		{"parallel rm -f :::: /tmp/list", dsl.Ask, dsl.Ask, dsl.Ask},
		{"parallel -a /tmp/list rm -f", dsl.Ask, dsl.Ask, dsl.Ask},
		{"parallel --arg-file=/tmp/list 'rm -f {}'", dsl.Ask, dsl.Ask, dsl.Ask},
		{"printf 'rm -rf ~\\n' > cmds.txt; parallel :::: cmds.txt", dsl.Block, dsl.Block, dsl.Block},
		{"printf 'rm -rf ~\\n' > cmds.txt; parallel -a cmds.txt", dsl.Block, dsl.Block, dsl.Block},
		{"awk '{print > $1}' list", dsl.Allow, dsl.Ask, dsl.Ask},
		{"awk '{print $2 >> $1}' list", dsl.Allow, dsl.Ask, dsl.Ask},
		{"awk '{print > (\"out/\" $1)}' list", dsl.Allow, dsl.Ask, dsl.Ask},
		// its arguments from a pipe or a file it reads on standard input
		// (the lead's follow-up: parallel rm -rf ~ < list was allowed)
		{"parallel rm -rf ~ < list", dsl.Block, dsl.Block, dsl.Block},
		{"cat list | parallel rm -f", dsl.Ask, dsl.Ask, dsl.Ask},
		{"cat list | parallel -X rm -f", dsl.Ask, dsl.Ask, dsl.Ask},
		{"git ls-files | parallel gzip -k", dsl.Allow, dsl.Allow, dsl.Allow},
		// --pipe hands standard input to CMD: echo … | sh
		{"echo 'rm -rf ~' | parallel --pipe sh", dsl.Block, dsl.Block, dsl.Block},
		{"echo 'rm -rf ~' | parallel --pipe --block 1M bash", dsl.Block, dsl.Block, dsl.Block},
		{"cat big.csv | parallel --pipe wc -l", dsl.Allow, dsl.Allow, dsl.Allow},
		{"parallel --pipe --block 10M gzip < big.log > big.gz", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ls *.png | parallel convert {} {.}.jpg", dsl.Allow, dsl.Allow, dsl.Allow},
		{"parallel gzip :::: files.txt", dsl.Allow, dsl.Allow, dsl.Allow},
		{"parallel -j4 -a urls.txt curl -sO", dsl.Allow, dsl.Allow, dsl.Allow},
		{"parallel -j4 gzip ::: *.log", dsl.Allow, dsl.Allow, dsl.Allow},
		{"awk '{print > \"out.txt\"}' list", dsl.Allow, dsl.Allow, dsl.Allow},
		{"awk -F, '{print $2 > \"col2.txt\"}' data.csv", dsl.Allow, dsl.Allow, dsl.Allow},
		{"awk '$1 > 5 {print $2}' data.txt", dsl.Allow, dsl.Allow, dsl.Allow},
		{"awk '{print $1 > 5}' data.txt", dsl.Allow, dsl.Allow, dsl.Allow},
		// 7. a program built on the line from source the line wrote, then
		// run: go build (as go run . reads it) and a C compiler's system()
		{"echo 'package main; import \"os\"; func main(){ os.RemoveAll(os.Getenv(\"HOME\")) }' > main.go; go build -o proj && ./proj", dsl.Block, dsl.Block, dsl.Block},
		{"echo 'package main; import \"os\"; func main(){ os.RemoveAll(os.Getenv(\"HOME\")) }' > main.go; go build && ./proj", dsl.Block, dsl.Block, dsl.Block},
		{"mkdir -p cmd/app; echo 'package main; import \"os\"; func main(){ os.RemoveAll(os.Getenv(\"HOME\")) }' > cmd/app/main.go; go build ./cmd/app && ./app", dsl.Block, dsl.Block, dsl.Block},
		{"echo 'package main; import \"os\"; func main(){ os.RemoveAll(os.Getenv(\"HOME\")) }' > x.go; go build x.go && ./x", dsl.Block, dsl.Block, dsl.Block},
		{"echo 'int main(){system(\"rm -rf ~\");}' > x.c; cc x.c -o x && ./x", dsl.Block, dsl.Block, dsl.Block},
		{"echo 'int main(){system(\"rm -rf ~\");}' > x.c; gcc x.c && ./a.out", dsl.Block, dsl.Block, dsl.Block},
		{"echo 'package main; func main(){ println(\"hi\") }' > main.go; go build -o proj && ./proj", dsl.Allow, dsl.Allow, dsl.Allow},
		{"echo 'int main(){puts(\"hi\");}' > x.c; cc x.c -o x && ./x", dsl.Allow, dsl.Allow, dsl.Allow},
		{"echo 'int main(){system(\"rm -rf ~\");}' > x.c; cc -c x.c && ./x", dsl.Allow, dsl.Allow, dsl.Allow},
		{"go build -o proj && ./proj", dsl.Allow, dsl.Allow, dsl.Allow},
		{"go build && ./app", dsl.Allow, dsl.Allow, dsl.Allow},
		{"go build -o bin/app . && ./bin/app --help", dsl.Allow, dsl.Allow, dsl.Allow},
		{"cc x.c -o x && ./x", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gcc -g main.c util.c -o app && ./app", dsl.Allow, dsl.Allow, dsl.Allow},
	})
}
