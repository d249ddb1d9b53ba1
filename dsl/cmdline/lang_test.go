package cmdline

import (
	"strings"
	"testing"
)

// TestLanguageModel: inline code that renames, writes, changes modes,
// signals processes or names its calls indirectly becomes the equivalent
// commands; a computed name makes the code opaque.
func TestLanguageModel(t *testing.T) {
	cases := []struct {
		line   string
		want   string // a command the line must yield, rendered by name and args
		opaque bool
	}{
		{`python3 -c 'import os; os.rename("/usr", "/tmp/usr")'`, "mv /usr /tmp/usr", false},
		{`python3 -c 'import shutil; shutil.move("/etc", "/x")'`, "mv /etc /x", false},
		{`python3 -c 'import shutil; shutil.make_archive("k", "zip", "/home/u/.ssh")'`, "zip -r k.zip /home/u/.ssh", false},
		{`python3 -c 'import shutil; shutil.make_archive("k", "gztar", root_dir="/home/u", base_dir=".aws")'`, "tar -c -f k.tar.gz /home/u/.aws", false},
		{`python3 -c 'import shutil; shutil.make_archive("k", "tar")'`, "tar -c -f k.tar .", false},
		{`python3 -c 'import zipfile; zipfile.ZipFile("k.zip", "w").write("/home/u/.ssh/id_rsa")'`, "tee k.zip", false},
		{`python3 -c 'import tarfile; t = tarfile.open("k.tgz", mode="w:gz")'`, "tee k.tgz", false},
		{`python3 -c 'import pathlib; pathlib.Path("/etc/cron.d/x").write_text("x")'`, "tee /etc/cron.d/x", false},
		{`python3 -c 'from pathlib import Path; Path("/etc") / "x"; Path("/etc/a").unlink()'`, "rm /etc/a", false},
		{`python3 -c 'import shutil, os; shutil.rmtree(os.path.expanduser("~"))'`, "rm -rf ~", false},
		{`python3 -c 'import shutil, os; shutil.rmtree(os.path.join(os.environ["HOME"], ".ssh"))'`, "rm -rf $HOME/.ssh", false},
		{`python3 -c 'import shutil; from pathlib import Path; shutil.rmtree(Path.home())'`, "rm -rf ~", false},
		{`python3 -c 'import os; os.kill(1, 9)'`, "kill -9 1", false},
		{`python3 -c 'import os, signal; os.kill(1, signal.SIGKILL)'`, "kill -KILL 1", false},
		{`python3 -c 'open("/etc/passwd", "a").write("x")'`, "tee -a /etc/passwd", false},
		{`python3 -c 'open("/etc/passwd", mode="w")'`, "tee /etc/passwd", false},
		{`python3 -c 'import os; os.chmod("/etc/shadow", 0o777)'`, "chmod 777 /etc/shadow", false},
		{`python3 -c 'from os import system as s; s("id")'`, "id", false},
		{`python3 -c 'from subprocess import call, run; run(["ls", "-l"])'`, "ls -l", false},
		{`python3 -c 'import os; getattr(os, "sys"+"tem")("id")'`, "id", true}, // resolved, and a name built from pieces asks
		{`python3 -c 'import os; getattr(os, name)("id")'`, "", true},
		{`python3 -c 'getattr(__import__("os"), "sys"+"tem")("id")'`, "id", true},
		{`python3 -c 'getattr(__import__("os"), "system")("id")'`, "id", false},
		{`python3 -c '__import__("os").system("id")'`, "id", false},
		{`python3 -c 'exec(compile("import os; os.system(\"id\")", "f", "exec"))'`, "id", false},
		{`node -e "require('child_process').spawnSync('rm', ['-rf', '/'])"`, "rm -rf /", false},
		{`node -e "require('fs').renameSync('/etc', '/x')"`, "mv /etc /x", false},
		{`node -e "require('fs').appendFileSync('/etc/hosts', 'x')"`, "tee -a /etc/hosts", false},
		{`node -e "process.kill(1, 'SIGKILL')"`, "kill -KILL 1", false},
		{`ruby -e 'Kernel.send(:system, "id")'`, "id", false},
		{`ruby -e 'send("sys" + "tem", "id")'`, "id", true},
		{`ruby -e 'Object.public_send(m, "id")'`, "", true},
		{`ruby -e 'File.write("/etc/sudoers", "x")'`, "tee /etc/sudoers", false},
		{`ruby -e 'FileUtils.mv("/etc", "/x")'`, "mv /etc /x", false},
		{`ruby -e 'Process.kill(:KILL, 1)'`, "kill -KILL 1", false},
		{`ruby -e 'Pathname.new("/etc").rmtree'`, "rm -rf /etc", false},
		{`perl -e 'kill 9, 1'`, "kill -9 1", false},
		{`perl -e 'kill "KILL", -1'`, "kill -KILL -1", false},
		{`perl -e 'open(F, ">/etc/passwd")'`, "tee /etc/passwd", false},
		{`perl -e 'open(my $f, ">>", "/etc/passwd")'`, "tee -a /etc/passwd", false},
		{`perl -e 'chmod 0777, "/etc/shadow"'`, "chmod 777 /etc/shadow", false},
		{`php -r 'file_put_contents("/etc/cron.d/x", "x");'`, "tee /etc/cron.d/x", false},
		{`php -r 'posix_kill(1, 9);'`, "kill -9 1", false},
		{`lua -e 'os.rename("/etc", "/x")'`, "mv /etc /x", false},
		{`lua -e 'io.open("/etc/passwd", "w")'`, "tee /etc/passwd", false},
		{`Rscript -e 'system("id")'`, "id", false},
		{`Rscript -e 'unlink("~", recursive=TRUE)'`, "rm -rf ~", false},
		{`R -e 'writeLines("x", "/etc/profile")'`, "tee /etc/profile", false},
		{`julia -e 'run(` + "`id`" + `)'`, "id", false},
		{`julia -e 'rm("/etc"; recursive=true)'`, "rm -rf /etc", false},
		{`deno eval 'Deno.removeSync("/x")'`, "rm /x", false},
		{`deno eval 'Deno.removeSync("/", {recursive: true})'`, "rm -rf /", false},
		{`deno eval 'await Deno.remove(Deno.env.get("HOME"), { recursive: true })'`, "rm -rf $HOME", false},
		// the home however it is spelled: attribute chains, methods of paths, interpolation
		{`perl -e 'File::Path::remove_tree($ENV{HOME})'`, "rm -rf $HOME", false},
		{`perl -e 'unlink glob("$ENV{HOME}/*")'`, "rm $HOME/*", false},
		{`node -e 'require("fs").rmSync(require("os").homedir(), {recursive: true})'`, "rm -rf ~", false},
		{`python3 -c 'import shutil, pathlib; shutil.rmtree(pathlib.Path("~").expanduser())'`, "rm -rf ~", false},
		{`python3 -c 'from pathlib import Path; Path.home().joinpath(".bashrc").write_text("x")'`, "tee ~/.bashrc", false},
		{`python3 -c 'from pathlib import Path; (Path.home() / ".ssh" / "authorized_keys").write_text("k")'`, "tee ~/.ssh/authorized_keys", false},
		{`python3 -c 'import os; os.system(f"rm -rf {os.path.expanduser("~")}")'`, "rm -rf ~", false},
		{`ruby -e 'File.write(File.join(Dir.home, ".bashrc"), "x")'`, "tee $HOME/.bashrc", false},
		{`ruby -e 'system("rm -rf #{Dir.home}")'`, "rm -rf $HOME", false},
		{`php -r 'file_put_contents($_SERVER["HOME"] . "/.bashrc", "x");'`, "tee $HOME/.bashrc", false},
		{`lua -e 'io.open(os.getenv("HOME") .. "/.bashrc", "a")'`, "tee -a $HOME/.bashrc", false},
		{`node -e 'require("child_process").execSync(` + "`rm -rf ${require(\"os\").homedir()}`" + `)'`, "rm -rf ~", false},
		// lists as argvs: words keep their bounds, computed words resolved
		{`python3 -c 'import subprocess; subprocess.run(["sh", "-c", "rm -rf ~"])'`, "rm -rf ~", false},
		{`python3 -c 'import subprocess, os; subprocess.run(["rm", "-rf", os.path.expanduser("~")])'`, "rm -rf ~", false},
		{`node -e 'require("child_process").spawnSync("rm", ["-rf", require("os").homedir()])'`, "rm -rf ~", false},
		{`ruby -e 'IO.popen(["rm", "-rf", Dir.home])'`, "rm -rf $HOME", false},
		{`Rscript -e 'system2("rm", c("-rf", path.expand("~")))'`, "rm -rf ~", false},
		{`perl -e 'system("rm", "-rf", $ENV{HOME})'`, "rm -rf $HOME", false},
		{`perl -e 'exec {"sh"} "sh", "-c", "rm -rf ~"'`, "rm -rf ~", false},
		{`perl -e 'exec sh'`, "sh", false},
		{`perl -e 'system reboot;'`, "reboot", false},
		{`perl -e 'open(my $f, "|-", "rm -rf ~")'`, "rm -rf ~", false},
		{`perl -e 'open(F, "rm -rf ~ |")'`, "rm -rf ~", false},
		{`perl -e 'open(my $f, "-|", "rm", "-rf", $ENV{HOME})'`, "rm -rf $HOME", false},
		{`ruby -e 'open("|rm -rf ~")'`, "rm -rf ~", false},
		{`deno eval 'new Deno.Command("rm", {args: ["-rf", "/"]}).outputSync()'`, "rm -rf /", false},
		{`python3 -c 'import os; os.posix_spawnp("rm", ["rm", "-rf", "/"], {})'`, "rm -rf /", false},
		// names bound on the line: strings, functions, modules, loop variables
		{`perl -e 'my $c = "rm -rf ~"; system($c)'`, "rm -rf ~", false},
		{`python3 -c 'import os; s = os.system; s("rm -rf ~")'`, "rm -rf ~", false},
		{`python3 -c 'import shutil, os; f = shutil.rmtree; f(os.path.expanduser("~"))'`, "rm -rf ~", false},
		{`node -e 'const {execSync: x} = require("child_process"); x("id")'`, "id", false},
		{`node -e 'const cp = require("child_process"); cp.execFileSync("sh", ["-c", "id"])'`, "id", false},
		{`node -e 'require("child_process")["ex" + "ecSync"]("id")'`, "id", true},
		{`node -e 'const k = "execSync"; require("child_process")[k]("id")'`, "id", false},
		{`node -e 'require("child_process")[process.argv[1]]("id")'`, "", true},
		{`php -r '$f = "sys" . "tem"; $f("id");'`, "id", true},
		{`php -r '$f = $argv[1]; $f("id");'`, "", true},
		{`php -r 'call_user_func("system", "id");'`, "id", false},
		{`php -r 'array_map("unlink", glob(getenv("HOME") . "/*"));'`, "rm $HOME/*", false},
		{`php -r 'foreach (glob($_SERVER["HOME"] . "/*") as $f) unlink($f);'`, "rm $HOME/*", false},
		{`python3 -c 'import glob, os; [os.remove(f) for f in glob.glob(os.path.expanduser("~/*"))]'`, "rm ~/*", false},
		{"python3 -c 'import os\nfor root, dirs, files in os.walk(os.path.expanduser(\"~\")):\n    for f in files:\n        os.remove(os.path.join(root, f))'", "rm -rf ~/**/*", false},
		{"python3 -c 'import os\nd = \"/etc\"\nfor top, _, names in os.walk(d):\n    for n in names:\n        os.unlink(os.path.join(top, n))'", "rm -rf /etc/**/*", false},
		{`python3 -c "import os; [os.remove(os.path.join(r, f)) for r, _, fs in os.walk('/home/u/Documents') for f in fs]"`, "rm -rf /home/u/Documents/**/*", false},
		{`python3 -c 'from pathlib import Path; [p.unlink() for p in Path.home().rglob("*")]'`, "rm -rf ~/**/*", false},
		{`python3 -c 'import os; list(map(os.remove, __import__("glob").glob("/etc/*")))'`, "rm /etc/*", false},
		{`ruby -e 'Dir.glob(File.join(Dir.home, "*")).each { |f| File.delete(f) }'`, "rm $HOME/*", false},
		{`ruby -e 'Dir[Dir.home + "/**/*"].each { |f| File.delete(f) }'`, "rm -rf $HOME/**/*", false},
		{`perl -e 'for my $f (glob("$ENV{HOME}/*")) { system("rm", "-rf", $f) }'`, "rm -rf $HOME/*", false},
		{`perl -e 'system(qw(rm -rf), $ENV{HOME})'`, "rm -rf $HOME", false},
		{`python3 -c 'import os; os.system("rm -rf %s" % os.environ["HOME"])'`, "rm -rf $HOME", false},
		{`python3 -c 'import os; os.system("rm -rf {}".format(os.path.expanduser("~")))'`, "rm -rf ~", false},
		{`python3 -c 'import os; [os.system(c) for c in ["rm -rf ~"]]'`, "rm -rf ~", false},
		{`python3 -c 'import os; [os.system(c) for c in ["id", "rm -rf ~"]]'`, "", true},
		{`awk 'BEGIN { system("rm -rf " ENVIRON["HOME"]) }'`, "rm -rf $HOME", false},
		{`ruby -e 'FileUtils.rm_rf(File.expand_path("..", Dir.pwd))'`, "rm -rf ./..", false},
		{`python3 -c 'sh = __import__("os").system; sh("id")'`, "id", false},
		{`python3 -c 'import os; os.__dict__["system"]("id")'`, "id", true},
		{`python3 -c 'import os; vars(os)["system"]("id")'`, "id", true},
		{`python3 -c 'import os; os.system(chr(105) + chr(100))'`, "id", true},
		{`python3 -c 'import os; os.system("di"[::-1])'`, "id", true},
		{`ruby -e 'system "di".reverse'`, "id", true},
		{`node -e 'require("child_process").execSync(String.fromCharCode(105, 100))'`, "id", true},
		{`node -e 'require("fs-extra").removeSync(require("os").homedir())'`, "rm -rf ~", false},
		{`node -e 'require("rimraf").sync("/")'`, "rm -rf /", false},
		{`ruby -e 'FileUtils.rm_rf Dir.home'`, "rm -rf $HOME", false},
		{`perl -e 'unlink <~/*>'`, "rm ~/*", false},
		{`php -r 'register_shutdown_function("system", "id");'`, "id", false},
		{`Rscript -e 'unlink(list.files("~", full.names=TRUE), recursive=TRUE)'`, "rm -rf ~/*", false},
		{"julia -e 'run(`rm -rf $(homedir())`)'", "rm -rf ~", false},
		{`julia -e 'open(homedir() * "/.bashrc", "a")'`, "tee -a ~/.bashrc", false},
		{`python3 -c 'import os; os.symlink("/tmp/x", os.path.expanduser("~/.bashrc"))'`, "ln -s /tmp/x ~/.bashrc", false},
		{`python3 -c 'import os; os.open(os.path.expanduser("~/.bashrc"), os.O_WRONLY | os.O_APPEND)'`, "tee -a ~/.bashrc", false},
		{`node -e 'require("fs").openSync(require("os").homedir() + "/.bashrc", "a")'`, "tee -a ~/.bashrc", false},
		{`ruby -e 'File.new(Dir.home + "/.bashrc", "w")'`, "tee $HOME/.bashrc", false},
		{`lua -e 'io.output(os.getenv("HOME") .. "/.bashrc")'`, "tee $HOME/.bashrc", false},
		{`php -r 'symlink("/tmp/x", getenv("HOME") . "/.bashrc");'`, "ln -s /tmp/x $HOME/.bashrc", false},
		{`python3 -c 'import subprocess; cmd = ["sh", "-c", "rm -rf ~"]; subprocess.run(cmd)'`, "rm -rf ~", false},
		{`perl -e 'my @c = ("rm", "-rf", $ENV{HOME}); system(@c)'`, "rm -rf $HOME", false},
		{`node -e 'const a = ["-rf", "/"]; require("child_process").spawnSync("rm", a)'`, "rm -rf /", false},
		// code decoded from a literal is read, and still asks
		{`python3 -c 'import base64; exec(base64.b64decode("aW1wb3J0IG9zOyBvcy5zeXN0ZW0oJ2lkJyk="))'`, "id", true},
		{`node -e 'eval(Buffer.from("cmVxdWlyZSgiY2hpbGRfcHJvY2VzcyIpLmV4ZWNTeW5jKCJpZCIp", "base64").toString())'`, "id", true},
		{`node -e 'require("vm").runInThisContext("require(\"child_process\").execSync(\"id\")")'`, "id", false},
		{`tclsh <<'EOF'` + "\nfile delete -force $env(HOME)\nEOF", "rm -rf -- $HOME", false},
		{`tclsh <<'EOF'` + "\nset f [open $env(HOME)/.bashrc a]\nputs $f x\nEOF", "tee $HOME/.bashrc", false},
		{`echo 'file rename /etc /x' | tclsh`, "mv -- /etc /x", false},
		{`tclsh <<< 'puts [read [open /etc/shadow]]'`, "cat /etc/shadow", false}, // open without a mode reads
		{`echo 'set f [open /etc/shadow r]' | tclsh`, "cat /etc/shadow", false},
		{`jrunscript -e 'new java.io.FileWriter("/etc/sudoers.d/x").write("x")'`, "tee /etc/sudoers.d/x", false},
		{`jrunscript -e 'exec("rm -rf ~")'`, "rm -rf ~", false},
		{`echo "exec('rm -rf ~')" | jjs`, "rm -rf ~", false},
		// a shared library loaded from a path runs its code
		{`node -e 'require("./build/Release/addon.node")'`, "ld.so ./build/Release/addon.node", false},
		{`node -e 'const ffi = require("ffi-napi"); ffi.Library("/tmp/x.so", {})'`, "ld.so /tmp/x.so", false},
		{`node -e 'require("koffi").load("/tmp/x.so")'`, "ld.so /tmp/x.so", false},
		{`deno eval 'Deno.dlopen("./x.so", {})'`, "ld.so ./x.so", false},
		{`python3 -c 'import sqlite3; c = sqlite3.connect(":memory:"); c.load_extension("./x")'`, "ld.so ./x", false},
		{`jrunscript -e 'java.lang.System.load("/tmp/x.so")'`, "ld.so /tmp/x.so", false},
		{`python3 -c 'import ctypes; ctypes.cdll["/tmp/x.so"]'`, "ld.so /tmp/x.so", false},
		{`python3 -c 'import imp; imp.load_dynamic("x", "/tmp/x.so")'`, "ld.so /tmp/x.so", false},
		{`python3 -c 'import importlib.util as u; u.module_from_spec(u.spec_from_file_location("x", "/tmp/x.so"))'`, "ld.so /tmp/x.so", false},
		{`ruby -e 'require "./ext/x.so"'`, "ld.so ./ext/x.so", false},
		{`python3 -c 'from ctypes import cdll; cdll.LoadLibrary("lib.so")'`, "ld.so lib.so", false},
		{`ruby -e 'require "fiddle"; Fiddle.dlopen("payload.so")'`, "ld.so payload.so", false},
		{`gdb -p 1 -batch -ex 'call (void*)dlopen("/tmp/x.so", 2)'`, "ld.so /tmp/x.so", false},
		{`gdb -p 1 -batch -ex 'print __libc_dlopen_mode("/tmp/x.so", 2)'`, "ld.so /tmp/x.so", false},
		{`gdb -p 1 -batch -ex 'call system("rm -rf ~")'`, "rm -rf ~", false},
		{`puppet apply -e "exec { 'x': command => 'rm -rf ~' }"`, "rm -rf ~", false},
		{`puppet apply -e "file { 'x': path => '/etc/cron.d/x', content => 'x' }"`, "tee /etc/cron.d/x", false},
		{`puppet apply -e "file { '/home/u': ensure => absent, force => true }"`, "rm -rf -- /home/u", false},
		{`puppet apply -e "file { '/bin/bash': mode => '4755' }"`, "chmod 4755 -- /bin/bash", false},
	}
	for _, c := range cases {
		line := Parse(c.line)
		var got []string
		opaque := false
		for _, cmd := range line.Commands {
			s := cmd.Name
			for _, a := range cmd.Args {
				s += " " + a.Value
			}
			got = append(got, s)
			if cmd.Payload != nil && cmd.Payload.Opaque {
				opaque = true
			}
		}
		if c.want != "" && !contains(got, c.want) {
			t.Errorf("%s\n  got commands %q\n  want one %q", c.line, got, c.want)
		}
		if opaque != c.opaque {
			t.Errorf("%s: opaque = %v, want %v", c.line, opaque, c.opaque)
		}
	}
}

// TestLanguageModelQuiet: ordinary code yields no command beyond the
// interpreter itself.
func TestLanguageModelQuiet(t *testing.T) {
	for _, l := range []string{
		`python3 -c 'print(open("/etc/hostname").read())'`,
		`python3 -c 'import os; print(os.path.expanduser("~"))'`,
		`python3 -c 'import os; pid = os.getpid(); print(pid)'`,
		`node -e "require('fs').readFileSync('/etc/hosts', 'utf8')"`,
		`ruby -e 'puts File.read("/etc/hosts")'`,
		`perl -e 'open(F, "/etc/hosts"); print <F>'`,
		`Rscript -e 'print(1 + 1)'`,
		`julia -e 'println(sum([1, 2]))'`,
		`python3 -c 'from pathlib import Path; print(Path.home().joinpath(".bashrc").read_text())'`,
		`python3 -c 'import os, glob; print(glob.glob(os.path.expanduser("~/*")))'`,
		`python3 -c 'import json; d = {"a": 1}; k = "a"; print(d[k])'`,
		`node -e 'const x = {a: 1}; const k = "a"; console.log(x[k])'`,
		`node -e 'const handlers = {a: console.log}; handlers["a"]("hi")'`,
		`perl -e 'my $msg = "hello"; print "$msg\n"'`,
		`ruby -e 'Dir.glob("log/*.log").each { |f| puts f }'`,
		`php -r '$f = function($x) { return $x; }; echo $f(1);'`,
		`python3 -c 'print("rm -rf ~")'`,
		`python3 -c 'print(f"{1 + 1}")'`,
		`python3 -c 'print("hello"[::-1], chr(65))'`,
		`python3 -c 'import os; os.open("/etc/hosts", os.O_RDONLY)'`,
		`perl -e 'print <STDIN>'`,
		`python3 -c 'xs = ["a", "b"]; print(len(xs), xs[0])'`,
		`perl -e 'my @a = (1, 2); print "@a\n"'`,
		`python3 -c 'A A=requir"("0000'`, // a string "(" is no bracket (found by fuzzing)
		`perl -e 'print "yes" if 1 < 2 and 3 > 2'`,
		`node -e 'require("./index.js"); require("fs")'`,
		`node -e 'require(process.argv[1])'`,
		`node -e 'require("ffi-napi").Library("libc.so.6", {})'`,
		`python3 -c 'import ctypes; ctypes.CDLL("libc.so.6")'`,
		`python3 -c 'import ctypes; ctypes.CDLL(None).printf(b"x")'`,
		`python3 -c 'import ctypes; ctypes.cdll["libm.so.6"]'`,
		`python3 -c 'import ctypes; ctypes.CDLL("libGL.so")'`,
		`ruby -e 'require "socket.so"'`,
		`python3 -c 'import importlib.util as u; u.spec_from_file_location("c", "./conf.py")'`,
		`ruby -e 'require "json"; require_relative "lib/x"'`,
	} {
		line := Parse(l)
		if len(line.Commands) != 1 {
			var names []string
			for _, c := range line.Commands {
				names = append(names, c.Name+" "+strings.Join(wordValues(c.Args), " "))
			}
			t.Errorf("%s: got %d commands %q, want only the interpreter", l, len(line.Commands), names)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func wordValues(ws []Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Value
	}
	return out
}
