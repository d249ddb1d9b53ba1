package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// parseTests assert the model for each behaviour Parse promises. Commands
// are rendered by render, one string each, in the order Parse gives them.
var parseTests = []struct {
	name   string
	in     string
	want   []string
	issues []IssueKind
}{
	// Lists, pipelines and compound commands.
	{"simple", "rm -rf /", []string{"rm -rf /"}, nil},
	{"list", "a; b && c || d & e", []string{"a", "b bg", "c bg", "d bg", "e"}, nil},
	{"newlines", "a\nb", []string{"a", "b"}, nil},
	{"pipeline", "a | b |& c", []string{"a pipe=0/3", "b pipe=1/3 in=pipe:a", "c pipe=2/3 in=pipe:b"}, nil},
	{"subshell and group", "(a; b) && { c; }", []string{"a", "b", "c"}, nil},
	{"if", "if a; then b; elif c; then d; else e; fi", []string{"a", "b", "c", "d", "e"}, nil},
	{"loops", "for x in 1 2; do a; done; while b; do c; done; until d; do e; done", []string{"a", "b", "c", "d", "e"}, nil},
	{"case", "case $x in a) b;; *) c;; esac", []string{"b", "c"}, nil},
	{"function body", "f(){ rm -rf /; }", []string{"rm -rf / fn=f"}, nil},
	{"fork bomb", ":(){ :|:& };:", []string{": pipe=0/2 fn=: bg", ": pipe=1/2 in=pipe:: fn=: bg", ":"}, nil},
	{"named fork bomb", "bomb(){ bomb|bomb& };bomb", []string{"bomb pipe=0/2 fn=bomb bg", "bomb pipe=1/2 in=pipe:bomb fn=bomb bg", "bomb"}, nil},
	{"command substitution", "echo $(rm -rf /)", []string{"echo «$(rm -rf /)»", "rm -rf / via=$(…)"}, nil},
	{"backticks", "echo `rm -rf /`", []string{"echo «`rm -rf /`»", "rm -rf / via=$(…)"}, nil},
	{"in double quotes", `echo "x $(id) y"`, []string{"echo «x $(id) y»", "id via=$(…)"}, nil},
	{"process substitution", "diff <(ls a) >(wc)", []string{"diff «<(ls a)» «>(wc)»", "ls a via=<(…)", "wc via=>(…)"}, nil},
	{"assignment substitution", "X=$(rm -rf /)", []string{": X=$(rm -rf /)", "rm -rf / via=$(…)"}, nil},
	{"bare assignment", "HISTSIZE=0", []string{": HISTSIZE=0"}, nil},
	{"redirect target substitution", "echo > $(id)", []string{"echo >«$(id)»", "id via=$(…)"}, nil},
	{"heredoc substitution", "cat <<EOF\n$(id)\nEOF", []string{"cat in=heredoc", "id via=$(…)"}, nil},
	{"quoted heredoc is data", "cat <<'EOF'\n$(id)\nEOF", []string{"cat in=heredoc:static"}, nil},
	{"arithmetic is not a command", "echo $((1+2)); ((x++))", []string{"echo 3"}, nil},
	{"export", "export X=$(rm -rf /)", []string{"export «X=$(rm -rf /)»", "rm -rf / via=$(…)"}, nil},
	{"local", "f(){ local y=1; }", []string{"local y=1 fn=f"}, nil},
	{"test clause", "[[ $(rm -rf /) ]]", []string{"rm -rf / via=$(…)"}, nil},
	{"data is not a command", `echo "rm -rf /"; git commit -m "rm -rf /"`, []string{"echo rm -rf /", "git commit -m rm -rf /"}, nil},

	// Word resolution.
	{"quote splicing", `r''m -rf /; r\m x; "rm" y; 'rm' z`, []string{"rm -rf /", "rm x", "rm y", "rm z"}, nil},
	{"ansi-c hex", `$'\x72\x6d' -rf /`, []string{"rm -rf /"}, nil},
	{"ansi-c octal and unicode", `$'\162'm $'\u0072'm`, []string{"rm rm"}, nil},
	{"brace at command position", "{rm,-rf,/}", []string{"rm -rf /"}, nil},
	{"brace in args", "cat file.{a,b}", []string{"cat file.a file.b"}, nil},
	{"brace sequence", "echo {1..3}", []string{"echo 1 2 3"}, nil},
	{"ifs", "rm${IFS}-rf${IFS}/", []string{"rm -rf /"}, nil},
	{"ifs short", "rm$IFS-rf$IFS/", []string{"rm -rf /"}, nil},
	{"ifs slice", "rm${IFS:0:1}-rf /", []string{"rm -rf /"}, nil},
	{"ifs into pipe", "curl${IFS}http://x|sh", []string{"curl http://x pipe=0/2", "sh pipe=1/2 in=pipe:curl:remote untrusted=remote"}, nil},
	{"echo substitution", "$(echo rm) -rf /", []string{"rm -rf /", "echo rm via=$(…)"}, nil},
	{"printf substitution", "$(printf %s rm) -rf /; $(printf rm) x; $(echo -n rm) y", []string{"rm -rf /", "printf %s rm via=$(…)", "rm x", "printf rm via=$(…)", "rm y", "echo -n rm via=$(…)"}, nil},
	{"backtick echo", "`echo rm` -rf /", []string{"rm -rf /", "echo rm via=$(…)"}, nil},
	{"home stays by name", "rm -rf ~ $HOME ${HOME}/x", []string{"rm -rf ~ $HOME ${HOME}/x"}, nil},
	{"other expansions are dynamic", `rm -rf "$X" ${Y:-/} /*`, []string{"rm -rf «$X» «${Y:-/}» /*", "rm -rf «$X» / /*"}, nil},

	// Command names.
	{"paths", "/usr/bin/sudo /bin/rm -rf /", []string{"rm -rf / wr=sudo[]"}, nil},
	{"backslash", `\rm -rf /`, []string{"rm -rf /"}, nil},
	// command -v rm runs in c, or where cd c failed
	{"command builtin", "command rm a; command -p rm b; builtin cd c; command -v rm", []string{"rm a wr=command[]", "rm b wr=command[-p]", "cd c wr=builtin[]", "command -v rm", "command -v rm"}, nil},
	{"dynamic names", `$X -rf /; ${0/x/r}m a; $(some cmd) b; ${unset:-rm} c`, []string{"«$X» -rf /", "«${0/x/r}m» a", "«$(some cmd)» b", "some cmd via=$(…)", "«${unset:-rm}» c", "rm c"}, nil},

	// Wrappers.
	{"sudo options", "sudo -u root -g wheel -E -S -- rm -rf /", []string{"rm -rf / wr=sudo[-u root -g wheel -E -S --]"}, nil},
	{"sudo attached", "sudo -uroot -Eu admin rm x", []string{"rm x wr=sudo[-uroot -Eu admin]"}, nil},
	{"sudo shell without command", "sudo -i; sudo -s; sudo -l rm", []string{"sudo -i", "sudo -s", "sudo -l rm"}, nil},
	{"sudo -S", "sudo -S whoami", []string{"whoami wr=sudo[-S]"}, nil},
	{"doas", "doas -u root rm -rf /", []string{"rm -rf / wr=doas[-u root]"}, nil},
	{"env", "env -i -u HOME -C /tmp FOO=1 rm -rf /", []string{"rm -rf / wr=env[-i -u HOME -C /tmp] FOO=1"}, nil},
	{"env -S", `env -S "rm -rf /"`, []string{"rm -rf / wr=env[-S rm -rf /]"}, nil},
	{"env alone", "env", []string{"env"}, nil},
	{"exec", "exec -a name -cl rm -rf /", []string{"rm -rf / wr=exec[-a name -cl]"}, nil},
	{"simple wrappers", "nohup setsid nice -n 5 time -p ionice -c 3 stdbuf -oL rm -rf /", []string{"rm -rf / wr=nohup[]>setsid[]>nice[-n 5]>time[-p]>ionice[-c 3]>stdbuf[-oL]"}, nil},
	{"nice number", "nice -10 rm x", []string{"rm x wr=nice[-10]"}, nil},
	{"timeout", "timeout -s KILL 10 rm -rf /", []string{"rm -rf / wr=timeout[-s KILL 10]"}, nil},
	{"time keyword", "time rm -rf /", []string{"rm -rf / wr=time[]"}, nil},
	{"chroot", "chroot /mnt rm -rf /", []string{"rm -rf / wr=chroot[/mnt]"}, nil},
	{"xargs", "find . | xargs -0 -n 1 rm -rf", []string{"find . pipe=0/2", "rm -rf wr=xargs[-0 -n 1] pipe=1/2 in=pipe:find", "find . -exec rm -rf {} +", "rm -rf {} wr=find[. -exec]"}, nil},
	{"find exec", "find . -exec rm -rf {} +", []string{"find . -exec rm -rf {} +", "rm -rf {} wr=find[. -exec]"}, nil},
	{"find execdir and ok", `find / -execdir rm {} \; -ok shred {} \;`, []string{"find / -execdir rm {} ; -ok shred {} ;", "rm {} wr=find[/ -execdir]", "shred {} wr=find[/ -ok]", "shred / /*"}, nil},
	{"find exec carrier", `find . -exec sh -c 'rm -rf "$1"' _ {} \;`, []string{"find . -exec sh -c rm -rf \"$1\" _ {} ;", "sh -c rm -rf \"$1\" _ {} wr=find[. -exec]", "rm -rf {} via=sh -c"}, nil},
	{"assignments", "FOO=1 BAR=$(id) rm x", []string{"rm x FOO=1 BAR=$(id)", "id via=$(…)"}, nil},
	{"nested wrappers", "sudo env FOO=1 nice -n 5 rm -rf /", []string{"rm -rf / wr=sudo[]>env[]>nice[-n 5] FOO=1"}, nil},
	{"busybox", "busybox sh -c 'rm -rf /'", []string{"sh -c rm -rf / wr=busybox[]", "rm -rf / via=sh -c"}, nil},

	// Carriers.
	{"sh -c", `bash -c "rm -rf /"`, []string{"bash -c rm -rf /", "rm -rf / via=bash -c"}, nil},
	{"combined flags", `bash -lic 'a'; sh -cl 'b'; zsh -abc 'c'; dash -x -c 'd'; ksh -- -c`, []string{"bash -lic a", "a via=bash -c", "sh -cl b", "b via=sh -c", "zsh -abc c", "c via=zsh -c", "dash -x -c d", "d via=dash -c", "ksh -- -c"}, nil},
	{"shell -o", `bash -o pipefail -c 'rm -rf /'`, []string{"bash -o pipefail -c rm -rf /", "rm -rf / via=bash -c"}, nil},
	{"eval", `eval rm -rf /; eval "echo a; rm b"`, []string{"eval rm -rf /", "rm -rf / via=eval", "eval echo a; rm b", "echo a via=eval", "rm b via=eval"}, nil},
	{"nested carriers", `bash -c "eval 'sudo rm -rf /'"`, []string{"bash -c eval 'sudo rm -rf /'", "eval sudo rm -rf / via=bash -c", "rm -rf / wr=sudo[] via=bash -c>eval"}, nil},
	{"echo into shell", "echo 'rm -rf /' | sh", []string{"echo rm -rf / pipe=0/2", "sh pipe=1/2 in=pipe:echo:static", "rm -rf / via=sh stdin"}, nil},
	{"printf into bash", `printf '%s\n' 'rm -rf /' | bash`, []string{`printf %s\n rm -rf / pipe=0/2`, "bash pipe=1/2 in=pipe:printf:static", "rm -rf / via=bash stdin"}, nil},
	{"heredoc into shell", "bash <<EOF\nrm -rf /\nEOF", []string{"bash in=heredoc:static", "rm -rf / via=bash stdin"}, nil},
	{"here-string into sh -s", `sh -s <<< "rm -rf /"`, []string{"sh -s in=herestring:static <<<rm -rf /", "rm -rf / via=sh stdin"}, nil},
	{"source procsub", "source <(echo 'rm -rf /')", []string{"source «<(echo 'rm -rf /')»", "echo rm -rf / via=<(…)", "rm -rf / via=source"}, nil},
	{"su -c", `su -c 'rm -rf /' root; su - root -c "id"`, []string{"su -c rm -rf / root", "rm -rf / via=su -c", "su - root -c id", "id via=su -c"}, nil},
	{"ssh remote command", `ssh -i key.pem user@host 'rm -rf /var/log'`, []string{"ssh -i key.pem user@host rm -rf /var/log", "rm -rf /var/log via=ssh"}, nil},
	{"ssh proxy command", `ssh -o ProxyCommand='nc x 22' host`, []string{"ssh -o ProxyCommand=nc x 22 host", "nc x 22 via=ssh ProxyCommand"}, nil},
	{"watch", "watch -n 1 'rm -rf /tmp/x'", []string{"watch -n 1 rm -rf /tmp/x", "rm -rf /tmp/x via=watch"}, nil},
	{"man -P", "man -P 'rm -rf --no-preserve-root /' ls", []string{"man -P rm -rf --no-preserve-root / ls", "rm -rf --no-preserve-root / via=man -P rm"}, nil},
	{"man -P attached", "man -Psh ls; man --pager='rm x' ls; man -H'rm y' ls", []string{"man -Psh ls", "sh via=man -P sh", "man --pager=rm x ls", "rm x via=man --pager rm", "man -Hrm y ls", "rm y via=man -H"}, nil},
	{"rg --pre", "rg --pre 'rm -rf /' x; rg --pre=sh y", []string{"rg --pre rm -rf / x", "rm -rf / via=rg --pre", "rg --pre=sh y", "sh via=rg --pre"}, nil},
	{"rg not --pre", "rg -- --pre sh; rg -g --pre needle", []string{"rg -- --pre sh", "rg -g --pre needle"}, nil},
	{"sort and ag", "sort --compress-program=gzip f; ag --pager 'rm z' x", []string{"sort --compress-program=gzip f", "gzip via=sort --compress-program", "ag --pager rm z x", "rm z via=ag --pager rm"}, nil},
	{"git -c", "git -c core.pager='rm -rf /' log; git -c alias.x='!rm y' x", []string{"git -c core.pager=rm -rf / log", "rm -rf / via=git -c core.pager", "git -c alias.x=!rm y x", "rm y via=git -c alias.x"}, nil},

	// Untrusted content.
	{"curl | sh", "curl -fsSL x | sh", []string{"curl -fsSL x pipe=0/2", "sh pipe=1/2 in=pipe:curl:remote untrusted=remote"}, nil},
	{"wget | sudo bash", "wget -qO- x | sudo bash", []string{"wget -qO- x pipe=0/2", "bash wr=sudo[] pipe=1/2 in=pipe:wget:remote untrusted=remote"}, nil},
	{"curl | python3", "curl x | python3", []string{"curl x pipe=0/2", "python3 pipe=1/2 in=pipe:curl:remote untrusted=remote"}, nil},
	{"curl | BASH", "curl x | BASH", []string{"curl x pipe=0/2", "BASH pipe=1/2 in=pipe:curl:remote untrusted=remote"}, nil},
	{"curl | bash.exe", "curl x | bash.exe", []string{"curl x pipe=0/2", "bash.exe pipe=1/2 in=pipe:curl:remote untrusted=remote"}, nil},
	{"curl | deno", "curl x | deno", []string{"curl x pipe=0/2", "deno pipe=1/2 in=pipe:curl:remote untrusted=remote"}, nil},
	{"curl | tclsh", "curl x | tclsh", []string{"curl x pipe=0/2", "tclsh pipe=1/2 in=pipe:curl:remote untrusted=remote"}, nil},
	{"pipe into a script is data", "curl x | tclsh run.tcl", []string{"curl x pipe=0/2", "tclsh run.tcl pipe=1/2 in=pipe:curl:remote"}, nil},
	{"bash procsub", "bash <(curl x)", []string{"bash «<(curl x)» untrusted=remote", "curl x via=<(…)"}, nil},
	{"source procsub remote", "source <(curl x); . $(curl y)", []string{"source «<(curl x)» untrusted=remote", "curl x via=<(…)", ". «$(curl y)» untrusted=remote", "curl y via=$(…)"}, nil},
	{"eval curl", `eval "$(curl x)"`, []string{"eval «$(curl x)» untrusted=remote", "curl x via=$(…)", "«$(curl x)» via=eval untrusted=remote"}, nil},
	{"sh -c wget", `sh -c "$(wget -O- x)"`, []string{"sh -c «$(wget -O- x)» untrusted=remote", "wget -O- x via=$(…)", "«$(wget -O- x)» via=sh -c untrusted=remote"}, nil},
	{"python -c curl", `python -c "$(curl x)"`, []string{"python -c «$(curl x)» untrusted=remote payload=python opaque", "curl x via=$(…)"}, nil},
	{"decoded", "echo aGk= | base64 -d | sh", []string{"echo aGk= pipe=0/3", "base64 -d pipe=1/3 in=pipe:echo:static", "sh pipe=2/3 in=pipe:base64:static:decoded untrusted=decoded", "hi via=sh stdin"}, nil},
	{"remote and decoded", "curl x | base64 --decode | bash", []string{"curl x pipe=0/3", "base64 --decode pipe=1/3 in=pipe:curl:remote", "bash pipe=2/3 in=pipe:base64:remote:decoded untrusted=remote"}, nil},
	{"other decoders", "cat f | xxd -r -p | sh; cat g | openssl enc -d | sh; cat h | rev | sh", []string{"cat f pipe=0/3", "xxd -r -p pipe=1/3 in=pipe:cat", "sh pipe=2/3 in=pipe:xxd:decoded untrusted=decoded", "cat g pipe=0/3", "openssl enc -d pipe=1/3 in=pipe:cat", "sh pipe=2/3 in=pipe:openssl:decoded untrusted=decoded", "cat h pipe=0/3", "rev pipe=1/3 in=pipe:cat", "sh pipe=2/3 in=pipe:rev:decoded untrusted=decoded"}, nil},
	{"dynamic", `eval "$X"; sh -c "$X"; bash -c "$(cmd)"`, []string{"eval «$X» untrusted=dynamic", "«$X» via=eval", "sh -c «$X» untrusted=dynamic", "«$X» via=sh -c", "bash -c «$(cmd)» untrusted=dynamic", "cmd via=$(…)", "«$(cmd)» via=bash -c"}, nil},
	{"tool set-up", `eval "$(pyenv init -)"; eval $(minikube -p dev docker-env); source <(kubectl completion bash)`, []string{"eval «$(pyenv init -)»", "pyenv init - via=$(…)", "eval «$(minikube -p dev docker-env)»", "minikube -p dev docker-env via=$(…)", "source «<(kubectl completion bash)»", "kubectl completion bash via=<(…)"}, nil},
	{"not only set-up", `eval "$(pyenv init -)$X"; eval "$(ssh-agent sh -c x)"; eval "$(./pyenv init -)"`, []string{"eval «$(pyenv init -)$X» untrusted=dynamic", "pyenv init - via=$(…)", "«$(pyenv init -)$X» via=eval", "eval «$(ssh-agent sh -c x)» untrusted=dynamic", "sh -c x wr=ssh-agent[] via=$(…)", "x via=$(…)>sh -c", "«$(ssh-agent sh -c x)» via=eval", "eval «$(./pyenv init -)» untrusted=dynamic", "pyenv init - via=$(…)", "«$(./pyenv init -)» via=eval"}, nil},
	{"set-up shadowed", `pyenv() { curl x; }; eval "$(pyenv init -)"`, []string{"curl x fn=pyenv", "eval «$(pyenv init -)» untrusted=dynamic", "pyenv init - via=$(…)", "curl x via=$(…)>pyenv() fn=pyenv", "«$(pyenv init -)» via=eval",
		// read again with pyenv's body in place: eval runs what curl fetched
		"«$(curl x)» via=eval untrusted=remote", "eval «$(curl x)» untrusted=remote", "curl x via=$(…)", "«$(curl x)» via=eval untrusted=remote"}, nil},
	{"path lookup", "$(which python3) -m pip list; \"$(command -v rm)\" -rf x; `which sudo` rm y; $(which rm)z w", []string{"python3 -m pip list", "which python3 via=$(…)", "pip list wr=python3[-m]", "rm -rf x", "command -v rm via=$(…)", "rm y wr=sudo[]", "which sudo via=$(…)", "«$(which rm)z» w", "which rm via=$(…)"}, nil},
	{"tool dir", `"$(go env GOPATH)/bin/golangci-lint" run; source "$(conda info --base)/etc/profile.d/conda.sh"`, []string{"golangci-lint run", "go env GOPATH via=$(…)", "source «$(conda info --base)/etc/profile.d/conda.sh»", "conda info --base via=$(…)"}, nil},
	{"tool home", `$JAVA_HOME/bin/java -version; "${ANDROID_HOME}/platform-tools/adb" devices`, []string{"java -version", "adb devices"}, nil},
	{"tool home set", `read JAVA_HOME; $JAVA_HOME/bin/java -version`, []string{"read JAVA_HOME", "«$JAVA_HOME/bin/java» -version"}, nil},
	{"tool home sourced", `. ./env.sh; $GOROOT/bin/go version`, []string{". ./env.sh", "«$GOROOT/bin/go» version"}, nil},
	{"project home", `$VIRTUAL_ENV/bin/python -V`, []string{"«$VIRTUAL_ENV/bin/python» -V"}, nil},
	{"user's programs", `${EDITOR:-nano} notes.txt; exec $SHELL -l; "$PAGER" README.md`, []string{"nano notes.txt", "sh -l wr=exec[]", "less README.md"}, nil},
	{"user's program set", `read EDITOR; $EDITOR x; ${VISUAL:=vi} y`, []string{"read EDITOR", "«$EDITOR» x", "«${VISUAL:=vi}» y", "vi y"}, nil},
	{"stdin kinds", "wc < f; cat <<<x", []string{"wc in=file:f <f", "cat in=herestring:static <<<x"}, nil},

	// Interpreter payloads.
	{"python -c", `python3 -W ignore -u -c "import os; os.system('rm -rf /')"`, []string{"python3 -W ignore -u -c import os; os.system('rm -rf /') payload=python sh=[\"rm -rf /\"]", "rm -rf / via=python os.system"}, nil},
	{"python rmtree", `python -c "import shutil; shutil.rmtree('/')"`, []string{"python -c import shutil; shutil.rmtree('/') payload=python del=[\"shutil.rmtree(/)\"]", "rm -rf / via=python shutil.rmtree"}, nil},
	{"python subprocess list", `python3 -c 'import subprocess as sp; sp.run(["rm", "-rf", "/"])'`, []string{`python3 -c import subprocess as sp; sp.run(["rm", "-rf", "/"]) payload=python sh=["rm -rf /"]`, "rm -rf / via=python sp.run"}, nil},
	{"python remove", `python3 -c "import os; os.remove('/etc/passwd'); os.rmdir('/x')"`, []string{`python3 -c import os; os.remove('/etc/passwd'); os.rmdir('/x') payload=python del=["os.remove(/etc/passwd)" "os.rmdir(/x)"]`, "rm /etc/passwd via=python os.remove", "rmdir /x via=python os.rmdir"}, nil},
	{"python heredoc", "python - <<EOF\nimport os\nos.system('id')\nEOF", []string{"python - in=heredoc:static payload=python sh=[\"id\"]", "id via=python os.system"}, nil},
	{"python exec dynamic", `python3 -c "exec(input())"`, []string{"python3 -c exec(input()) payload=python opaque"}, nil},
	{"string in string is not a call", `python3 -c "print('os.system(1)')"`, []string{"python3 -c print('os.system(1)') payload=python"}, nil},
	{"harmless python", `python3 -c "print('hello')"`, []string{"python3 -c print('hello') payload=python"}, nil},
	{"node", `node -e "require('child_process').execSync('rm -rf /')"`, []string{"node -e require('child_process').execSync('rm -rf /') payload=node sh=[\"rm -rf /\"]", "rm -rf / via=node child_process.execSync"}, nil},
	{"tsx", `tsx -e "require('child_process').execSync('rm -rf /')"`, []string{"tsx -e require('child_process').execSync('rm -rf /') payload=node sh=[\"rm -rf /\"]", "rm -rf / via=node child_process.execSync"}, nil},
	{"node fs", `node --eval="require('fs').rmSync('/x', {recursive: true}); fs.unlinkSync('/y')"`, []string{`node --eval=require('fs').rmSync('/x', {recursive: true}); fs.unlinkSync('/y') payload=node del=["fs.rmSync(/x)" "fs.unlinkSync(/y)"]`, "rm -rf /x via=node fs.rmSync", "rm /y via=node fs.unlinkSync"}, nil},
	{"harmless node", "node -e 'console.log(1)'; node -p '1+1'", []string{"node -e console.log(1) payload=node", "node -p 1+1 payload=node"}, nil},
	{"perl", `perl -wne 'system("rm -rf /")'; perl -e 'rmtree("/x"); unlink "/y"; print qx{id}'`, []string{`perl -wne system("rm -rf /") payload=perl sh=["rm -rf /"]`, "rm -rf / via=perl system", `perl -e rmtree("/x"); unlink "/y"; print qx{id} payload=perl sh=["id"] del=["rmtree(/x)" "unlink(/y)"]`, "rm -rf /x via=perl rmtree", "rm /y via=perl unlink", "id via=perl `…`"}, nil},
	{"ruby", `ruby -e 'FileUtils.rm_rf("/"); system("id"); puts %x(whoami); File.delete("/z")'`, []string{`ruby -e FileUtils.rm_rf("/"); system("id"); puts %x(whoami); File.delete("/z") payload=ruby sh=["id" "whoami"] del=["FileUtils.rm_rf(/)" "File.delete(/z)"]`, "rm -rf / via=ruby FileUtils.rm_rf", "id via=ruby system", "whoami via=ruby `…`", "rm /z via=ruby File.delete"}, nil},
	{"php", `php -r 'shell_exec("id"); unlink("/etc/passwd");'`, []string{`php -r shell_exec("id"); unlink("/etc/passwd"); payload=php sh=["id"] del=["unlink(/etc/passwd)"]`, "id via=php shell_exec", "rm /etc/passwd via=php unlink"}, nil},
	{"lua", `lua -e 'os.execute("id")'`, []string{`lua -e os.execute("id") payload=lua sh=["id"]`, "id via=lua os.execute"}, nil},
	{"powershell", `pwsh -Command "Remove-Item -Recurse -Force /x"`, []string{"pwsh -Command Remove-Item -Recurse -Force /x payload=powershell del=[\"Remove-Item(/x)\"]", "rm -rf /x via=powershell Remove-Item"}, nil},
	{"deno eval", `deno eval "Deno.exit(0)"`, []string{"deno eval Deno.exit(0) payload=node"}, nil},
	{"python version names", `python3.11 -c 'import os; os.system("id")'`, []string{`python3.11 -c import os; os.system("id") payload=python sh=["id"]`, "id via=python os.system"}, nil},
	{"awk system", `awk 'BEGIN{system("rm -rf /")}'`, []string{`awk BEGIN{system("rm -rf /")} payload=awk sh=["rm -rf /"]`, "rm -rf / via=awk system"}, nil},
	{"awk program on stdin", `echo 'BEGIN{system("id")}' | gawk -f-`, []string{`echo BEGIN{system("id")} pipe=0/2`, `gawk -f- pipe=1/2 in=pipe:echo:static payload=awk sh=["id"]`, "id via=awk system"}, nil},
	{"irb on stdin", `echo 'system("id")' | irb`, []string{`echo system("id") pipe=0/2`, `irb pipe=1/2 in=pipe:echo:static payload=ruby sh=["id"]`, "id via=ruby system"}, nil},
	{"ipython on stdin", `ipython <<< 'import os; os.system("id")'`, []string{`ipython in=herestring:static payload=python sh=["id"] <<<import os; os.system("id")`, "id via=python os.system"}, nil},
	{"awk program file", `echo x | awk -f prog.awk`, []string{"echo x pipe=0/2", "awk -f prog.awk pipe=1/2 in=pipe:echo:static"}, nil},

	// Redirects.
	{"redirects", "rm -rf / > /dev/sda 2>&1; ls &> x; echo >| y; cat >> z", []string{"rm -rf / >/dev/sda 2>&1", "ls &>x", "echo >|y", "cat >>z"}, nil},
	{"redirect alone", "> /dev/sda", []string{": >/dev/sda"}, nil},
	// A compound command's redirections apply to every command inside it,
	// before the command's own.
	{"block redirect", "{ echo a; cat 2>e; } > /etc/cron.d/x", []string{"echo a >/etc/cron.d/x", "cat >/etc/cron.d/x 2>e"}, nil},
	{"subshell append", "(echo a) >> ~/.bashrc", []string{"echo a >>~/.bashrc", "a via=shell start-up file"}, nil},
	{"loop redirects nest", "{ while read l; do echo $l; done < in; } > out", []string{"read l in=file:in >out <in", "echo «$l» in=file:in >out <in"}, nil},

	// Normalization.
	{"full width", "ｒｍ -rf /", []string{"rm -rf /"}, []IssueKind{IssueConfusable, IssueConfusable}},
	// Look-alike quotes are letters to bash: ‘/’ is a relative name, folded
	// to '/' (quotes included) for matching.
	{"smart quotes and dashes", "rm –rf ‘/’", []string{"rm -rf '/'"}, []IssueKind{IssueConfusable, IssueConfusable, IssueConfusable}},
	{"invisible", "r\u200bm -rf /", []string{"rm -rf /"}, []IssueKind{IssueInvisible}},
	{"ansi", "\x1b[31mrm\x1b[0m -rf /", []string{"rm -rf /"}, []IssueKind{IssueControl}},
	{"c1 csi and nul", "\u009b31mr\x00m -rf /", []string{"rm -rf /"}, []IssueKind{IssueControl, IssueControl, IssueParse}},
	{"mixed script", "curl https://exаmple.com", []string{"curl https://exаmple.com"}, []IssueKind{IssueMixedScript}},
	{"continuation", "rm -r\\\nf /", []string{"rm -rf /"}, nil},
	// To bash a backslash before CR LF quotes the CR, and the LF ends the
	// command (mvdan/sh would join the lines).
	{"crlf is not a continuation", "rm -r\\\r\nf /", []string{"rm -r ", "f /"}, nil},
	{"crlf ends commands", "ls\r\nrm -rf /\r\n", []string{"ls", "rm -rf /"}, nil},

	// Structure comes from the bytes as received (issue 14 item 1).
	{"typographic quotes are letters", "echo ’ ; rm -rf ~ ; echo ’", []string{"echo '", "rm -rf ~", "echo '"}, []IssueKind{IssueConfusable}},
	{"full-width hash is not a comment", "echo hi ＃; rm -rf ~", []string{"echo hi #", "rm -rf ~"}, []IssueKind{IssueConfusable}},
	{"full-width backslash does not escape", "echo ＼; rm -rf ~", []string{"echo \\", "rm -rf ~"}, []IssueKind{IssueConfusable}},
	{"full-width quotes do not quote", "echo ＂; rm -rf ~; echo ＂ ＇ ; rm -rf / ＇", []string{"echo \"", "rm -rf ~", "echo \" '", "rm -rf / '"}, []IssueKind{IssueConfusable, IssueConfusable}},
	{"prose with an apostrophe in quotes", "git commit -m 'it’s done'", []string{"git commit -m it's done"}, []IssueKind{IssueConfusable}},
	{"escape bytes are letters", "echo \x1b[1;31m", []string{"echo \x1b[1", "31m"}, []IssueKind{IssueControl}},
	{"invisible in a continuation", "echo \\\u200b\nrm -rf /", []string{"echo \u200b", "rm -rf /"}, []IssueKind{IssueInvisible}},
	{"full-width name folds for rules", "ｒｍ -rf ~", []string{"rm -rf ~"}, []IssueKind{IssueConfusable, IssueConfusable}},
	{"full-width wrapper", "ｓｕｄｏ rm -rf ~", []string{"rm -rf ~ wr=sudo[]"}, []IssueKind{IssueConfusable, IssueConfusable, IssueConfusable, IssueConfusable}},
	{"carrier text is not folded", "bash -c 'echo ’ ; rm -rf ~ ; echo ’'", []string{"bash -c echo ' ; rm -rf ~ ; echo '", "echo ' via=bash -c", "rm -rf ~ via=bash -c", "echo ' via=bash -c"}, []IssueKind{IssueConfusable}},

	// Errors.
	{"parse error keeps commands", "rm -rf / && (foo", []string{"rm -rf /", "foo"}, []IssueKind{IssueParse}},
	{"unclosed quote", "curl x | 'bash", []string{"curl x pipe=0/2", "bash pipe=1/2 in=pipe:curl:remote untrusted=remote"}, []IssueKind{IssueParse}},
	{"zsh syntax", "echo ${(f)x}", nil, []IssueKind{IssueParse}},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		t.Run(tt.name, func(t *testing.T) {
			line := Parse(tt.in)
			got := renderCommands(line)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Parse(%q) commands:\n got %q\nwant %q", tt.in, got, tt.want)
			}
			var kinds []IssueKind
			for _, is := range line.Issues {
				kinds = append(kinds, is.Kind)
			}
			if !slices.Equal(kinds, tt.issues) {
				t.Errorf("Parse(%q) issues: got %v, want %v", tt.in, line.Issues, tt.issues)
			}
		})
	}
}

func TestPositionsAndSource(t *testing.T) {
	line := Parse("echo a\n  sudo rm -rf / >x  # note\nbash -c 'id'")
	want := []struct {
		pos    Pos
		source string
	}{
		{Pos{1, 1}, "echo a"},
		{Pos{2, 3}, "sudo rm -rf / >x"},
		{Pos{3, 1}, "bash -c 'id'"},
		{Pos{3, 1}, "id"}, // nested: the carrier's position, its own text
	}
	if len(line.Commands) != len(want) {
		t.Fatalf("got %d commands, want %d", len(line.Commands), len(want))
	}
	for i, w := range want {
		c := line.Commands[i]
		if c.Pos != w.pos || c.Source != w.source {
			t.Errorf("command %d: got %v %q, want %v %q", i, c.Pos, c.Source, w.pos, w.source)
		}
	}
}

func TestParseErrorMessage(t *testing.T) {
	line := Parse("echo ok\necho 'unterminated")
	if len(line.Issues) != 1 || line.Issues[0].Kind != IssueParse {
		t.Fatalf("issues = %v", line.Issues)
	}
	is := line.Issues[0]
	if is.Pos != (Pos{2, 6}) || is.Message != "2:6: reached EOF without closing quote `'`" {
		t.Errorf("issue = %+v", is)
	}
}

func TestTooLarge(t *testing.T) {
	line := Parse(strings.Repeat("a", MaxInput+1))
	if len(line.Commands) != 0 || len(line.Issues) != 1 || line.Issues[0].Kind != IssueTooLarge {
		t.Errorf("got %d commands, issues %v", len(line.Commands), line.Issues)
	}
}

func TestLimits(t *testing.T) {
	tests := []struct {
		name string
		in   string
		kind IssueKind
	}{
		{"many commands", strings.Repeat("a;", MaxInput/2), IssueLimit},
		{"deep parens", strings.Repeat("(", 10000), IssueParse},
		{"deep substitutions", strings.Repeat("$(", 10000), IssueParse},
		{"carrier depth", strings.Repeat("eval ", MaxDepth+2) + "rm", IssueDepth},
		{"deep ifs", strings.Repeat("if a; then ", 1000) + "b" + strings.Repeat("; fi", 1000), IssueParse},
		// Once quadratic: brace expansion copied the word for every part,
		// and mvdan/sh's SplitBraces is not linear either (FuzzParse
		// stalled on a{a{a{…). A long word with braces stays as written.
		{"1 MiB word of braces", strings.Repeat("a{b}", MaxInput/4), IssueLimit},
		{"1 MiB word of brace lists", strings.Repeat("a{b}c{d,e}", MaxInput/10), IssueLimit},
		{"1 MiB of unclosed braces", strings.Repeat("a{", MaxInput/2), IssueParse},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := Parse(tt.in)
			if !slices.ContainsFunc(line.Issues, func(is Issue) bool { return is.Kind == tt.kind }) {
				t.Errorf("issues = %v, want a %s", line.Issues, tt.kind)
			}
			if len(line.Commands) > maxCommands {
				t.Errorf("%d commands, over the budget", len(line.Commands))
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct {
		in, want string
		kinds    []IssueKind
	}{
		{"ls -la", "ls -la", nil},
		{"echo “hi” — ok\u00a0x", `echo "hi" - ok x`, []IssueKind{IssueConfusable, IssueConfusable, IssueConfusable, IssueConfusable}},
		{"a\x1b]0;title\x07b", "ab", []IssueKind{IssueControl}},
		{"a\x1b]8;;http://x\x1b\\b", "ab", []IssueKind{IssueControl}},
		{"a\u202eb\U000E0041c", "abc", []IssueKind{IssueInvisible, IssueInvisible}},
		{"x\r\ny", "x\ny", nil},
		{"echo ’ ; ＃", "echo ' ; #", []IssueKind{IssueConfusable, IssueConfusable}},
		{"\xff\xfe", "\xff\xfe", nil},
	}
	for _, tt := range tests {
		got, issues := Normalize(tt.in)
		var kinds []IssueKind
		for _, is := range issues {
			kinds = append(kinds, is.Kind)
		}
		if got != tt.want || !slices.Equal(kinds, tt.kinds) {
			t.Errorf("Normalize(%q) = %q %v, want %q %v", tt.in, got, issues, tt.want, tt.kinds)
		}
	}
}

func TestIncomplete(t *testing.T) {
	for in, want := range map[string]bool{
		"for i in 1 2; do": true, `echo "abc`: true, "echo 'x": true, "if true; then": true,
		// A heredoc without its end is complete, as for bash -c: the body ends
		// at the end of the input. Shell hooks check it again with every line.
		"cat <<EOF": false,
		"echo $(":   true, "echo hi": false, "echo )": false, "for i in 1; do echo; done": false, "": false,
	} {
		if got := Parse(in).Incomplete; got != want {
			t.Errorf("Parse(%q).Incomplete = %t, want %t", in, got, want)
		}
	}
}
