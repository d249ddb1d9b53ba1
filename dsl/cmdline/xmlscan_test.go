package cmdline

import (
	"slices"
	"testing"
)

// xmlTests are pom.xml fragments whose XML a reader can get wrong, with the
// command lines mavenCommands takes from them.
var xmlTests = []struct {
	in   string
	want []string
}{
	{`<configuration><executable>sh</executable><arguments><argument>-c</argument><argument>rm -rf ~</argument></arguments></configuration>`,
		[]string{`'sh' '-c' 'rm -rf ~'`}},
	// a comment is no element, and text around one is one text
	{`<configuration><executable>sh</executable><!-- <argument>id</argument> --><argument>-c</argument><argument>rm -rf ~</argument></configuration>`,
		[]string{`'sh' '-c' 'rm -rf ~'`}},
	{`<configuration><executable>s<!-- x -->h</executable><argument>-c</argument><argument>r<!---->m -rf ~</argument></configuration>`,
		[]string{`'sh' '-c' 'rm -rf ~'`}},
	// CDATA is text as written, its markup none
	{`<configuration><executable>sh</executable><argument>-c</argument><argument><![CDATA[rm -rf ~ <x> &amp;]]></argument></configuration>`,
		[]string{`'sh' '-c' 'rm -rf ~ <x> &amp;'`}},
	{`<configuration><executable>sh</executable><argument>-c</argument><argument>rm<![CDATA[ -rf ]]>~</argument></configuration>`,
		[]string{`'sh' '-c' 'rm -rf ~'`}},
	// entities, named and numeric
	{`<configuration><executable>sh</executable><argument>-c</argument><argument>rm -rf &#126; &amp;&amp; echo &lt;&quot;&apos;&gt; &#x7E;</argument></configuration>`,
		[]string{`'sh' '-c' 'rm -rf ~ && echo <"'\''> ~'`}},
	{`<configuration><executable>sh</executable><argument>&unknown; &#xZZ; & x</argument></configuration>`,
		[]string{`'sh' '&unknown; &#xZZ; & x'`}},
	// antrun's attributes: either quote, blanks around =, self-closing
	{`<target><exec executable='sh'><arg value='-c'/><arg value = "rm -rf ~" /></exec></target>`,
		[]string{`'sh' '-c' 'rm -rf ~'`}},
	{`<target><exec executable="sh"><arg line="-c &apos;rm -rf ~&apos;"/></exec></target>`,
		[]string{`'sh' -c 'rm -rf ~'`}},
	{`<target><exec executable="sh" dir="." failonerror="true"><arg value="-c"></arg><arg value="id"/></exec><exec executable=rm><arg value=-rf /><arg value="~"/></exec></target>`,
		[]string{`'sh' '-c' 'id'`, `'rm' '-rf' '~'`}},
	// a literal line break in an attribute's value is a blank, &#10; a line break
	{"<target><exec executable=\"sh\"><arg value=\"-c\"/><arg value=\"rm\n-rf\t~&#10;id\"/></exec></target>",
		[]string{"'sh' '-c' 'rm -rf ~\nid'"}},
	// a namespace prefix, a declaration, a DOCTYPE whose subset holds a >
	{`<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE project [<!ENTITY x "a>b">]><p:project xmlns:p="x"><p:configuration><p:executable>sh</p:executable><p:argument>-c</p:argument><p:argument>rm -rf ~</p:argument></p:configuration></p:project>`,
		[]string{`'sh' '-c' 'rm -rf ~'`}},
	// commandlineArgs is split as a shell splits it
	{"<configuration>\n  <executable>\n    sh\n  </executable>\n  <commandlineArgs>-c \"rm -rf ~\"</commandlineArgs>\n</configuration>",
		[]string{`'sh' -c "rm -rf ~"`}},
	// what ends early is judged as far as it goes
	{`<configuration><executable>sh</executable><argument>-c</argument><argument>rm -rf ~`,
		[]string{`'sh' '-c' 'rm -rf ~'`}},
	{`<configuration><executable>sh</executable><argument>-c</argument><!-- <argument>x`,
		[]string{`'sh' '-c'`}},
	{`<configuration><executable>sh</executable><argument x="`, []string{`'sh'`}},
	// the exec.executable and exec.args properties an exec plugin without
	// its own <executable> runs
	{`<project><properties><exec.executable>sh</exec.executable><exec.args>-c "rm -rf ${user.home}"</exec.args></properties></project>`,
		[]string{`'sh' -c "rm -rf $HOME"`}},
	// an ordinary pom
	{`<project><build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId><configuration><release>17</release></configuration></plugin></plugins></build></project>`,
		nil},
	{`<project><name>a &lt; b</name><description><![CDATA[<executable>sh</executable>]]></description></project>`,
		nil},
}

func TestMavenCommandsXML(t *testing.T) {
	for _, tt := range xmlTests {
		if got := mavenCommands(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("mavenCommands(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestXMLUnescape(t *testing.T) {
	for in, want := range map[string]string{
		"a &amp;lt; b":       "a &lt; b",
		"&#xA;&#10;&#x41;":   "\n\nA",
		"&nbsp;&#;&#x;&#-1":  "&nbsp;&#;&#x;&#-1",
		"&#1114112;&#55296;": "&#1114112;&#55296;", // beyond Unicode, a surrogate
		"&":                  "&",
		"x &amp":             "x &amp",
	} {
		if got := xmlUnescape(in); got != want {
			t.Errorf("xmlUnescape(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzMavenCommands holds the XML reader to ending, in bounds, on any
// text. Seeds live in testdata/fuzz/FuzzMavenCommands.
func FuzzMavenCommands(f *testing.F) {
	for _, tt := range xmlTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got := mavenCommands(s); len(got) > maxMavenCommands {
			t.Fatalf("%d commands, more than %d", len(got), maxMavenCommands)
		}
		n := 0
		xmlTokens(s, func(tok xmlToken) bool {
			n++
			if tok.kind == xmlText && tok.text == "" {
				t.Fatalf("empty text token")
			}
			return true
		})
		if n > len(s) {
			t.Fatalf("%d tokens from %d bytes", n, len(s))
		}
	})
}

func TestMavenExpand(t *testing.T) {
	const props = `<project><properties><dir>${user.home}/.ssh</dir><cmd>rm -rf</cmd><loop>${loop}x</loop></properties>`
	for _, tt := range []struct{ in, want string }{
		{props + `<configuration><executable>rm</executable><commandlineArgs>-rf ${user.home}</commandlineArgs></configuration>`, `'rm' -rf $HOME`},
		{props + `<configuration><executable>rm</executable><argument>-rf</argument><argument>${user.home}/</argument></configuration>`, `'rm' '-rf' "$HOME"'/'`},
		{props + `<configuration><executable>rm</executable><argument>-rf</argument><argument>${dir}</argument></configuration>`, `'rm' '-rf' "$HOME"'/.ssh'`},
		{props + `<configuration><executable>sh</executable><argument>-c</argument><argument>${cmd} ${env.HOME}</argument></configuration>`, `'sh' '-c' 'rm -rf '"$HOME"`},
		{props + `<configuration><executable>echo</executable><argument>${loop}</argument><argument>${project.version}</argument><argument>${basedir}/x</argument></configuration>`, `'echo' '${loop}xxxx' '${project.version}' "."'/x'`},
		{props + `<target><exec executable="rm"><arg line="-rf ${dir}"/></exec></target>`, `'rm' -rf $HOME/.ssh`},
	} {
		if got := mavenCommands(tt.in); len(got) != 1 || got[0] != tt.want {
			t.Errorf("mavenCommands(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
