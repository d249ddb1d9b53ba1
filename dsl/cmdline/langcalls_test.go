package cmdline

import (
	"slices"
	"testing"
)

// TestPatternCommands: the commands the languages read by pattern run,
// their deletes as rm, and nothing for code that starts nothing.
func TestPatternCommands(t *testing.T) {
	for _, tc := range []struct {
		lang, code string
		want       []string
	}{
		{"erlang", `os:cmd("rm -rf ~"), halt().`, []string{"rm -rf ~"}},
		{"erlang", `os:cmd('id')`, []string{"id"}},
		{"erlang", `os:cmd(C)`, []string{"$CODE"}},
		{"erlang", `open_port({spawn_executable, "/bin/sh"}, [{args, ["-c", "id"]}])`, []string{"/bin/sh -c id"}},
		{"erlang", `file:del_dir_r("/home/u")`, []string{"rm -rf -- '/home/u'"}},
		{"erlang", `io:format("hi~n"), halt().`, nil},
		{"elixir", `System.cmd("rm", ["-rf", "/home/u"])`, []string{"rm -rf /home/u"}},
		{"elixir", `System.shell("rm -rf ~")`, []string{"rm -rf ~"}},
		{"elixir", `:os.cmd(~c"rm -rf ~")`, []string{"rm -rf ~"}},
		{"elixir", `:os.cmd('id')`, []string{"id"}},
		{"elixir", `File.rm_rf!("/home/u")`, []string{"rm -rf -- '/home/u'"}},
		{"elixir", `System.cmd(cmd, [])`, []string{"$CODE"}},
		{"elixir", `IO.puts 1+1`, nil},
		{"jvm", `"rm -rf ~".execute()`, []string{"rm -rf ~"}},
		{"jvm", `["sh", "-c", "id"].execute().text`, []string{"sh -c id"}},
		{"jvm", `Runtime.getRuntime().exec("rm -rf /home/u")`, []string{"rm -rf /home/u"}},
		{"jvm", `Runtime.getRuntime().exec(new String[]{"sh", "-c", "id"})`, []string{"sh -c id"}},
		{"jvm", `new ProcessBuilder("rm", "-rf", "/x").start()`, []string{"rm -rf /x"}},
		{"jvm", `ProcessBuilder(listOf("sh", "-c", "id")).start()`, []string{"sh -c id"}},
		{"jvm", `import sys.process._; "rm -rf /x".!`, []string{"rm -rf /x"}},
		{"jvm", `Seq("sh", "-c", "id").!!`, []string{"sh -c id"}},
		{"jvm", `File("/home/u").deleteRecursively()`, []string{"rm -rf -- '/home/u'"}},
		{"jvm", `new File("/home/u").deleteDir()`, []string{"rm -rf -- '/home/u'"}},
		{"jvm", `println(1 != 2)`, nil},
		{"jvm", `println("a" != "b")`, nil},
		{"clojure", `(clojure.java.shell/sh "rm" "-rf" "/home/u")`, []string{"rm -rf /home/u"}},
		{"clojure", `(shell "rm -rf ~")`, []string{"rm -rf ~"}},
		{"clojure", `(babashka.fs/delete-tree "/home/u")`, []string{"rm -rf -- '/home/u'"}},
		{"clojure", `(println (+ 1 2))`, nil},
		{"swift", `import Foundation; system("rm -rf ~")`, []string{"rm -rf ~"}},
		{"swift", `let p = Process(); p.executableURL = URL(fileURLWithPath: "/bin/sh"); p.arguments = ["-c", "id"]; try p.run()`, []string{"/bin/sh -c id"}},
		{"swift", `try FileManager.default.removeItem(atPath: "/home/u")`, []string{"rm -rf -- '/home/u'"}},
		{"swift", `print("hi")`, nil},
		{"dotnet", `System.Diagnostics.Process.Start("/bin/sh").WaitForExit();;`, []string{"/bin/sh"}},
		{"dotnet", `Process.Start("rm", "-rf /home/u")`, []string{"rm -rf /home/u"}},
		{"dotnet", `System.IO.Directory.Delete("/home/u", true)`, []string{"rm -rf -- '/home/u'"}},
		{"dotnet", `printfn "%d" (1 + 1);;`, nil},
	} {
		if got := patternCommands(tc.lang, tc.code); !slices.Equal(got, tc.want) {
			t.Errorf("%s %q: %q, want %q", tc.lang, tc.code, got, tc.want)
		}
	}
}

// TestPatternFiles: the files the languages read by pattern read and
// write by a literal path, jshell's /open and /save lines too.
func TestPatternFiles(t *testing.T) {
	for _, tc := range []struct {
		lang, code    string
		reads, writes []string
	}{
		{"jvm", `new BufferedReader(new FileReader("/etc/shadow"))`, []string{"/etc/shadow"}, nil},
		{"jvm", `var fw = new FileWriter('/etc/cron.d/x'); fw.write('x')`, nil, []string{"/etc/cron.d/x"}},
		{"jvm", `Files.readString(Path.of("/root/.ssh/id_rsa"))`, []string{"/root/.ssh/id_rsa"}, nil},
		{"jvm", "jshell> /open /etc/shadow", []string{"/etc/shadow"}, nil},
		{"jvm", "String x = \"x\";\n/save -all /etc/cron.d/x", nil, []string{"/etc/cron.d/x"}},
		{"jvm", `new FileReader(path)`, nil, nil},
		{"dotnet", `System.IO.File.ReadAllText("/etc/shadow");;`, []string{"/etc/shadow"}, nil},
		{"dotnet", `File.AppendAllText("/root/.bashrc", "x")`, nil, []string{"/root/.bashrc"}},
		{"hcl", `file("/root/.ssh/id_rsa")`, []string{"/root/.ssh/id_rsa"}, nil},
		{"hcl", `upper("x")`, nil, nil},
		{"erlang", `os:cmd("id")`, nil, nil},
	} {
		reads, writes := patternFiles(tc.lang, tc.code)
		if !slices.Equal(reads, tc.reads) || !slices.Equal(writes, tc.writes) {
			t.Errorf("%s %q: reads %q writes %q, want %q and %q", tc.lang, tc.code, reads, writes, tc.reads, tc.writes)
		}
	}
}
