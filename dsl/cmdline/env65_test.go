package cmdline

import (
	"slices"
	"testing"
)

func TestGoQuotedSplit(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"-mod=mod  -trimpath", []string{"-mod=mod", "-trimpath"}},
		{`"-toolexec=sh -c x" -v`, []string{"-toolexec=sh -c x", "-v"}},
		{`'-exec=a b'`, []string{"-exec=a b"}},
		{`-a="b c"`, []string{`-a="b`, `c"`}}, // quotes count only around a whole field
		{`"open`, []string{`"open`}},
		{"", nil},
	} {
		if got := goQuotedSplit(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("goQuotedSplit(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := goFlagCommands(goQuotedSplit(`-mod=mod "-toolexec=sh -c id"`)); !slices.Equal(got, []string{"sh -c id"}) {
		t.Errorf("goFlagCommands of a quoted -toolexec = %q", got)
	}
}

func TestJVMLoadingOptions(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"-Xmx2g -Dmaven.repo.local=.m2 -Dspring.profiles.active=dev", "-Xmx2g"},
		{"-Xmx2g -javaagent:./x.jar", "-Xmx2g -javaagent:./x.jar"},
		{"-Dmaven.ext.class.path=/tmp/e.jar -Djava.library.path=/tmp", "-Dmaven.ext.class.path=/tmp/e.jar -Djava.library.path=/tmp"},
		{"--add-opens java.base/java.lang=ALL-UNNAMED -XX:OnOutOfMemoryError=./x", "-XX:OnOutOfMemoryError=./x"},
	} {
		if got := jvmLoadingOptions(splitWords(tt.in)); got != tt.want {
			t.Errorf("jvmLoadingOptions(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// a # in a value is no comment there: what follows still loads
	if got := jvmLoadingOptions([]string{"-Dx=#", "-javaagent:./x.jar"}); got != "-javaagent:./x.jar" {
		t.Errorf("jvmLoadingOptions after a #: %q", got)
	}
}

func TestToolVar(t *testing.T) {
	for name, want := range map[string]bool{
		"CC": true, "CXX": true, "LD": true, "AR": true, "GOFLAGS": true, "RUSTC_WRAPPER": true,
		"CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER": true, "MAVEN_OPTS": true, "GRADLE_OPTS": true, "JAVA_OPTS": true,
		"npm_config_script_shell": true, "NPM_CONFIG_NODE_OPTIONS": true,
		"CFLAGS": false, "GOOS": false, "npm_config_loglevel": false, "CARGO_TARGET_DIR": false, "JAVA_HOME": false,
	} {
		if got := toolVar(name); got != want {
			t.Errorf("toolVar(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestDirenvExecArgv(t *testing.T) {
	words := func(ws ...string) []Word {
		var out []Word
		for _, w := range ws {
			out = append(out, Word{Value: w})
		}
		return out
	}
	for _, tt := range []struct {
		args []Word
		want []string
	}{
		{words("exec", ".", "docker", "compose", "up"), []string{"docker", "compose", "up"}},
		{words("exec", "."), nil},
		{words("allow"), nil},
		{append(words("exec", ".", "make"), Word{Value: "$T", Dynamic: true}), nil},
	} {
		if got := direnvExecArgv(tt.args); !slices.Equal(got, tt.want) {
			t.Errorf("direnvExecArgv(%v) = %q, want %q", tt.args, got, tt.want)
		}
	}
}
