package cmdline

import (
	"path"
	"slices"
	"strings"
)

// The code a build tool compiles and runs from the project besides its
// build scripts: the crate cargo run and cargo test start (and cargo's
// aliases, an xtask), Gradle's buildSrc, included builds and wrapper
// download, Maven's JVM options and surefire's tests, mix.exs, Ant's
// build.xml, Bazel's genrules and Package.swift. A poisoned repository
// puts its payload there as well as in a Makefile (red team rt63). Each
// file is read through fileInput, as build.rs is: when the line or the
// session wrote it, or, for an agent, when it is the project's own. Reads
// stay within the project's directory and a few dozen files; a missing or
// unreadable file is no finding.

// projectBuilds are the build tools runsProjectBuild follows.
var projectBuilds = set("gradle", "gradlew", "mvn", "mvnw", "mix", "ant", "bazel", "bazelisk", "swift")

// runsProjectBuild follows what prog's build reads from the project, for
// the build tools projectBuilds names.
func (w *walker) runsProjectBuild(c *Command, prog string, args []field, cx ctx) {
	switch prog {
	case "gradle", "gradlew":
		w.runsGradleExtras(c, prog, cx)
		w.runsGradleProject(c, args, cx)
	case "mvn", "mvnw":
		w.runsMavenExtras(c, args, cx)
	case "mix":
		w.runsMixProject(c, args, cx)
	case "ant":
		w.runsAntBuild(c, args, cx)
	case "bazel", "bazelisk":
		w.runsBazelBuild(c, args, cx)
	case "swift":
		w.runsSwiftPackage(c, args, cx)
	}
}

// runFile walks file, when fileInput knows it, as code in lang (a shell
// line for "sh"), saying why it runs.
func (w *walker) runFile(c *Command, file, lang, why string, cx ctx) {
	if in, via, ok := w.fileInput(file); ok {
		w.runText(c, in, lang, via+", "+why, cx)
	}
}

// runFileLines walks the command lines lines finds in file, when
// fileInput knows all of it.
func (w *walker) runFileLines(c *Command, file string, lines func(string) []string, why string, cx ctx) {
	in, via, ok := w.fileInput(file)
	switch {
	case !ok:
	case !in.Static:
		w.runText(c, in, "", via, cx) // unknown text: the command is dynamic
	default:
		for _, line := range lines(in.Text) {
			w.nested(c, line, via+", "+why, cx, false)
		}
	}
}

// fieldsOf are words as a command's fixed arguments.
func fieldsOf(words []string) []field {
	out := make([]field, len(words))
	for i, v := range words {
		out[i] = field{Word: Word{Value: v}}
	}
	return out
}

// cargoRuns are cargo's subcommands that run the crate's own code, not
// only its build script: run starts src/main.rs (or a src/bin target),
// test and bench their test targets and the library's #[cfg(test)] code.
var cargoRuns = set("run", "r", "test", "t", "bench")

// runsCargoCode follows the crate code cargo run and cargo test start:
// src/main.rs and src/bin/*.rs for run, tests/*.rs, benches/*.rs and the
// library and binary sources (their #[cfg(test)] modules) for test, in
// the package -p names (a workspace member, by directory or name) or the
// one where cargo runs. An alias in .cargo/config.toml ([alias] xtask =
// "run --package xtask --") is expanded first, and its build scripts are
// followed as the expanded line's.
func (w *walker) runsCargoCode(c *Command, args []field, cx ctx) {
	sub, at := "", -1
	for i := 0; i < len(args) && sub == ""; i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return
		case v == "--manifest-path" || v == "--config" || v == "-Z" || v == "--color":
			i++ // its value
		case strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+"):
		default:
			sub, at = v, i
		}
	}
	if sub == "" {
		return
	}
	if !cargoRuns.has(sub) && !cargoBuilds.has(sub) {
		words, ok := w.cargoAlias(sub)
		if !ok || !cargoBuilds.has(words[0]) {
			return // none, or an alias of an alias (cargo refuses a loop; one is not followed here)
		}
		expanded := append(append(slices.Clip(args[:at]), fieldsOf(words)...), args[at+1:]...)
		w.runsCargoBuild(c, expanded, cx) // the alias's build runs build scripts too
		w.runsCargoCode(c, expanded, cx)
		return
	}
	if !cargoRuns.has(sub) {
		return
	}
	dir, pkg := ".", ""
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case i == at:
		case v == "--":
			i = len(args) // the program's own arguments follow
		case (v == "-p" || v == "--package") && i+1 < len(args):
			pkg = args[i+1].Value
			i++
		case strings.HasPrefix(v, "--package="):
			pkg = strings.TrimPrefix(v, "--package=")
		case v == "--manifest-path" && i+1 < len(args):
			dir = path.Dir(args[i+1].Value)
			i++
		case strings.HasPrefix(v, "--manifest-path="):
			dir = path.Dir(strings.TrimPrefix(v, "--manifest-path="))
		}
	}
	if pkg != "" {
		if d, ok := w.cargoPackageDir(dir, pkg); ok {
			dir = d
		}
	}
	files := []string{"src/main.rs", "src/bin/*.rs"}
	why := "code cargo " + sub + " runs"
	if sub != "run" && sub != "r" {
		files = []string{"tests/*.rs", "benches/*.rs", "src/lib.rs", "src/main.rs"}
		why = "test code cargo " + sub + " runs"
	}
	for _, f := range files {
		w.runFileLines(c, path.Join(dir, f), crateRunLines, why, cx)
	}
}

// crateRunLines are the commands a crate's own code runs (rustCommands),
// but for its deletes and writes of paths known at run time only: tests
// and tools make and remove temporary trees all day, as a Go test does
// (goFixedDelete). Fixed paths ($HOME, /etc) and the programs it starts
// are kept.
func crateRunLines(text string) []string {
	var out []string
	for _, cmd := range rustCommands(text) {
		if strings.Contains(cmd, "$RUST_VALUE") && (strings.HasPrefix(cmd, "rm ") || strings.HasPrefix(cmd, "tee ")) {
			continue
		}
		out = append(out, cmd)
	}
	return out
}

// cargoAlias is the words a .cargo/config.toml [alias] gives name, as a
// string ("run --package xtask --") or a list.
func (w *walker) cargoAlias(name string) ([]string, bool) {
	text := w.knownText(".cargo/config.toml")
	if text == "" {
		text = w.knownText(".cargo/config")
	}
	for k, v := range tomlKeys(text, "alias") {
		if unquoteYAML(k) != name {
			continue
		}
		if strings.HasPrefix(v, "[") {
			var words []string
			for _, q := range tomlString().FindAllStringSubmatch(v, -1) {
				words = append(words, q[1]+q[2])
			}
			return words, len(words) > 0
		}
		words := strings.Fields(unquoteYAML(v))
		return words, len(words) > 0
	}
	return nil, false
}

// cargoPackageDir is the directory of the workspace member named pkg
// (by its [package] name, or its directory's), from the workspace at dir.
func (w *walker) cargoPackageDir(dir, pkg string) (string, bool) {
	for _, m := range cargoMembers(w.knownText(path.Join(dir, "Cargo.toml"))) {
		d := path.Join(dir, m)
		if strings.ContainsAny(m, "*?[") {
			continue
		}
		if path.Base(d) == pkg {
			return d, true
		}
		for k, v := range tomlKeys(w.knownText(path.Join(d, "Cargo.toml")), "package") {
			if k == "name" && unquoteYAML(v) == pkg {
				return d, true
			}
		}
	}
	return "", false
}

// gradleBuildSrc are the build scripts and sources of Gradle's buildSrc,
// which Gradle compiles and runs before the build itself.
var gradleBuildSrc = []string{
	"buildSrc/settings.gradle", "buildSrc/settings.gradle.kts",
	"buildSrc/build.gradle", "buildSrc/build.gradle.kts",
}

// gradleBuildSrcCode is buildSrc's code, Groovy, Kotlin or Java plugins
// and tasks, at any depth under src/main.
const gradleBuildSrcCode = "buildSrc/src/main/**/*.groovy|*.kt|*.java|*.gradle|*.gradle.kts"

// runsGradleExtras follows what a Gradle build runs besides the build and
// settings scripts where it starts (runnerFiles'): buildSrc's scripts and
// code, the builds settings.gradle includes (includeBuild), and, for the
// wrapper, the distribution its properties name when that is not
// Gradle's own (wrapperDistribution).
func (w *walker) runsGradleExtras(c *Command, prog string, cx ctx) {
	for _, f := range gradleBuildSrc {
		w.runFileLines(c, f, gradleCommands, "a buildSrc script Gradle runs first", cx)
	}
	if in, via, ok := w.fileInput(gradleBuildSrcCode); ok {
		why := "buildSrc code Gradle compiles and runs"
		w.runText(c, in, "jvm", via+", "+why, cx)
		if in.Static {
			for _, line := range gradleCommands(in.Text) {
				w.nested(c, line, via+", "+why, cx, false)
			}
		}
	}
	for _, settings := range []string{"settings.gradle", "settings.gradle.kts"} {
		for _, dir := range gradleIncludedBuilds(w.knownText(settings)) {
			for _, f := range []string{"settings.gradle", "settings.gradle.kts", "build.gradle", "build.gradle.kts"} {
				w.runFileLines(c, path.Join(dir, f), gradleCommands, "a build "+settings+" includes", cx)
			}
		}
	}
	if prog == "gradlew" {
		w.runsWrapperDistribution(c, "gradle", "gradle/wrapper/gradle-wrapper.properties", cx)
	}
}

// runsWrapperDistribution judges the distribution a wrapper's properties
// (props, beside the wrapper script) name, when it is not the tool's own
// (wrapperDistribution), as code fetched from its address and run.
func (w *walker) runsWrapperDistribution(c *Command, tool, props string, cx ctx) {
	props = besideScript(c, props)
	if url := wrapperDistribution(tool, w.knownText(props)); url != "" {
		w.nested(c, "curl -fsSL "+shellQuote(url)+" | sh", props+": the wrapper downloads and runs the distribution at "+url, cx, false)
	}
}

// besideScript is name, relative to the directory of the script c runs
// by its path (sub/gradlew: sub/NAME), where a wrapper finds its files.
func besideScript(c *Command, name string) string {
	if strings.Contains(c.Path, "/") {
		return path.Join(path.Dir(c.Path), name)
	}
	return name
}

// gradleTestTasks are the tasks that run a project's tests.
var gradleTestTasks = set("test", "check", "build", "integrationTest")

// gradleTests are the test sources Gradle's test task runs, Java and
// Kotlin, at any depth.
const gradleTests = "src/test/**/*Test.java|*Tests.java|*Test.kt|*Tests.kt|*Spec.groovy"

// maxGradleProjects bounds the subprojects and applied scripts read.
const maxGradleProjects = 16

// runsGradleProject follows what a Gradle build runs from the project
// besides its top scripts and buildSrc (rv65): the subprojects
// settings.gradle includes, the scripts a build applies (apply from:),
// the test classes of a task that tests, gradle.properties' daemon JVM
// (org.gradle.jvmargs, org.gradle.java.home), and the command line's
// init scripts, Gradle home, system properties and included builds.
func (w *walker) runsGradleProject(c *Command, args []field, cx ctx) {
	dirs := []string{"."}
	for _, settings := range []string{"settings.gradle", "settings.gradle.kts"} {
		dirs = append(dirs, gradleSubprojects(w.knownText(settings))...)
	}
	var included []string
	for _, settings := range []string{"settings.gradle", "settings.gradle.kts"} {
		included = append(included, gradleIncludedBuilds(w.knownText(settings))...)
	}
	dirs = dirs[:min(len(dirs), maxGradleProjects)]
	props := map[string]string{}
	for _, kv := range javaProperties(w.knownText("gradle.properties")) {
		props[kv[0]] = kv[1]
	}
	tests := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		value := func(short, long string) (string, bool) {
			switch {
			case (v == short || v == long) && i+1 < len(args):
				i++
				return args[i].Value, true
			case strings.HasPrefix(v, long+"="):
				return v[len(long)+1:], true
			case short != "" && len(v) > len(short) && strings.HasPrefix(v, short):
				return v[len(short):], true
			}
			return "", false
		}
		if f, ok := value("-I", "--init-script"); ok {
			w.runFileLines(c, f, gradleCommands, "an init script gradle "+v+" runs", cx)
		} else if d, ok := value("-g", "--gradle-user-home"); ok {
			props["gradle.user.home"] = d
		} else if d, ok := value("", "--include-build"); ok {
			dirs = append(dirs, d)
			included = append(included, d)
		} else if d, ok := value("-p", "--project-dir"); ok {
			dirs = append(dirs, d)
		} else if f, ok := value("-b", "--build-file"); ok {
			w.runFileLines(c, f, gradleCommands, "the build file gradle "+v+" names", cx)
		} else if f, ok := value("-c", "--settings-file"); ok {
			for _, d := range gradleSubprojects(w.knownText(f)) {
				dirs = append(dirs, path.Join(path.Dir(f), d))
			}
		} else if p, ok := value("-D", "--system-prop"); ok {
			k, v, _ := strings.Cut(p, "=")
			props[k] = v
		} else if p, ok := value("-P", "--project-prop"); ok {
			k, v, _ := strings.Cut(p, "=")
			if strings.HasPrefix(k, "org.gradle.") {
				props[k] = v
			}
		}
		tests = tests || gradleTestTasks.has(strings.TrimPrefix(v, ":"))
	}
	if home := props["gradle.user.home"] + props["systemProp.gradle.user.home"]; home != "" {
		for _, f := range []string{"init.gradle", "init.gradle.kts", "init.d/*.gradle", "init.d/*.gradle.kts"} {
			w.runFileLines(c, path.Join(home, f), gradleCommands, "an init script in the Gradle home "+home, cx)
		}
	}
	if opts := jvmLoadingOptions(strings.Fields(props["org.gradle.jvmargs"])); opts != "" {
		w.nested(c, "JAVA_TOOL_OPTIONS="+shellQuote(opts)+" java", "gradle.properties: org.gradle.jvmargs, the options of the JVM that runs the build", cx, false)
	}
	if home := props["org.gradle.java.home"]; home != "" {
		w.nested(c, shellQuote(path.Join(home, "bin/java"))+" -version", "gradle.properties: org.gradle.java.home, the JVM that runs the build", cx, false)
	}
	for _, d := range included[:min(len(included), maxIncludedBuilds)] {
		// an included build's plugins (build-logic), compiled and run as
		// buildSrc's are
		if in, via, ok := w.fileInput(path.Join(d, "src/main/**/*.groovy|*.kt|*.java|*.gradle|*.gradle.kts")); ok {
			why := "code of a build " + d + " Gradle includes, compiled and run"
			w.runText(c, in, "jvm", via+", "+why, cx)
			if in.Static {
				for _, line := range gradleCommands(in.Text) {
					w.nested(c, line, via+", "+why, cx, false)
				}
			}
		}
	}
	applied := 0
	for _, d := range dirs {
		for _, f := range []string{"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"} {
			p := path.Join(d, f)
			if d != "." {
				w.runFileLines(c, p, gradleCommands, "a subproject's or included build's script Gradle runs", cx)
			}
			for _, from := range gradleAppliedScripts(w.knownText(p)) {
				if applied++; applied > maxGradleProjects {
					break
				}
				if strings.Contains(from, "://") {
					w.nested(c, "curl -fsSL "+shellQuote(from)+" | sh", p+": apply from a URL, a script Gradle fetches and runs", cx, false)
					continue
				}
				w.runFileLines(c, path.Join(d, from), gradleCommands, "a script "+p+" applies", cx)
			}
		}
		if tests {
			w.runFile(c, path.Join(d, gradleTests), "jvm", "a test class Gradle's test task runs", cx)
		}
	}
}

// gradleInclude is settings.gradle's include 'a', ':b:c' or
// include("a", "b") (its names read as gradleQuoted strings); gradleApply
// a build script's apply from.
var (
	gradleInclude = lazyRegexp(`(?m)^\s*include\s*\(?((?:\s*(?:"[^"\n]*"|'[^'\n]*')\s*,?)+)`)
	gradleApply   = lazyRegexp(`\bapply\s*\(?\s*from\s*[:=]\s*(?:(?:rootProject|project)\.)?(?:(?:file|uri)\s*\()?\s*(?:"([^"\n]*)"|'([^'\n]*)')`)
	gradleRootDir = lazyRegexp(`^(?:\$\{?(?:rootDir|projectDir|rootProject\.projectDir)\}?|\$\{(?:rootProject|project)\.(?:rootDir|projectDir)\})/`)
)

// gradleSubprojects are the directories of the projects a settings
// script includes (:a:b is a/b), those within the project only.
func gradleSubprojects(text string) []string {
	var out []string
	for _, m := range gradleInclude().FindAllStringSubmatch(text, maxGradleProjects) {
		for _, q := range gradleQuoted().FindAllStringSubmatch(m[1], maxGradleProjects) {
			dir := path.Clean(strings.ReplaceAll(strings.TrimPrefix(q[1]+q[2], ":"), ":", "/"))
			if dir != "." && !path.IsAbs(dir) && dir != ".." && !strings.HasPrefix(dir, "../") && !slices.Contains(out, dir) {
				out = append(out, dir)
			}
		}
	}
	return out
}

// gradleAppliedScripts are the scripts a build script applies (apply
// from: 'x.gradle', apply(from = "x.gradle.kts")): a path within the
// project, or a URL.
func gradleAppliedScripts(text string) []string {
	var out []string
	for _, m := range gradleApply().FindAllStringSubmatch(text, maxGradleProjects) {
		from := gradleRootDir().ReplaceAllString(m[1]+m[2], "") // "$rootDir/gradle/x.gradle": the project's
		if strings.Contains(from, "://") || !path.IsAbs(from) && !strings.HasPrefix(path.Clean(from), "..") && !strings.ContainsAny(from, "$") {
			out = append(out, from)
		}
	}
	return out
}

// gradleIncludeBuild is settings.gradle's includeBuild("DIR") or
// includeBuild 'DIR'.
var gradleIncludeBuild = lazyRegexp(`\bincludeBuild\s*\(?\s*(?:"([^"\n]*)"|'([^'\n]*)')`)

// maxIncludedBuilds bounds the included builds read.
const maxIncludedBuilds = 8

// gradleIncludedBuilds are the directories a settings script includes as
// builds, those within the project only.
func gradleIncludedBuilds(text string) []string {
	var out []string
	for _, m := range gradleIncludeBuild().FindAllStringSubmatch(text, maxIncludedBuilds) {
		dir := path.Clean(m[1] + m[2])
		if !path.IsAbs(dir) && dir != ".." && !strings.HasPrefix(dir, "../") && !strings.HasPrefix(dir, "~") {
			out = append(out, dir)
		}
	}
	return out
}

// gradleDistributionHosts serve Gradle's own distributions.
var gradleDistributionHosts = set("services.gradle.org", "downloads.gradle.org", "downloads.gradle-dn.com")

// groovyListExec is a Groovy list's ["sh", "-c", "CMD"].execute(), an
// argv; groovyConcatExec a parenthesized concatenation of literals and
// system properties, ('curl … @' + System.getProperty('user.home') +
// '/.ssh/…').execute(), a command line.
var (
	groovyListExec   = lazyRegexp(`\[` + strs + `\]\s*\.execute\s*\(`)
	groovyConcatExec = lazyRegexp(`\(\s*((?:(?:` + str + `|System\.(?:getProperty|getenv)\(\s*(?:` + str + `)\s*\))\s*\+?\s*)+)\)\s*\.execute\s*\(`)
	groovyConcatPart = lazyRegexp(`(` + str + `)|System\.(getProperty|getenv)\(\s*(` + str + `)\s*\)`)
)

// groovyExecs are the command lines a Gradle script's .execute() runs on
// a list or on a concatenation gradleString's single literal misses. A
// system property or environment variable in a concatenation is its
// shell spelling: user.home is $HOME, getenv('X') is $X, another property
// is unknown ($CODE).
func groovyExecs(text string) []string {
	var out []string
	for _, m := range groovyListExec().FindAllStringSubmatch(text, 16) {
		out = append(out, quotedArgv(m[1]))
	}
	for _, m := range groovyConcatExec().FindAllStringSubmatch(text, 16) {
		if !strings.Contains(m[1], "+") {
			continue // one literal: gradleString's
		}
		var line strings.Builder
		for _, p := range groovyConcatPart().FindAllStringSubmatch(m[1], 32) {
			name, _ := literal(p[3])
			switch {
			case p[1] != "":
				v, _ := literal(p[1])
				line.WriteString(v)
			case p[2] == "getenv":
				line.WriteString("${" + name + "}")
			case name == "user.home":
				line.WriteString("$HOME")
			default:
				line.WriteString("$CODE")
			}
		}
		out = append(out, line.String())
	}
	return out
}

// mavenTestPhases are the lifecycle phases that run surefire's tests (test
// and those after it).
var mavenTestPhases = set("test", "package", "verify", "install", "deploy", "integration-test", "site")

// surefireTests are surefire's default test classes, at any depth under
// src/test/java.
const surefireTests = "src/test/java/**/*Test.java|Test*.java|*Tests.java|*TestCase.java"

// mavenModule is a pom.xml's <module>DIR</module>.
var mavenModule = lazyRegexp(`<module>\s*([^<\s]+)\s*</module>`)

// maxMavenModules bounds the modules whose tests are read.
const maxMavenModules = 16

// runsMavenExtras follows what Maven runs besides the pom's plugins
// (mavenCommands): .mvn/jvm.config's options, which the JVM running
// Maven takes (a -javaagent: runs first), and, for the phases that test,
// the test classes surefire runs in the project and its modules, read as
// JVM code (Runtime.exec, ProcessBuilder), unless the line skips tests.
func (w *walker) runsMavenExtras(c *Command, args []field, cx ctx) {
	if program(c.Name) == "mvnw" {
		w.runsWrapperDistribution(c, "maven", ".mvn/wrapper/maven-wrapper.properties", cx)
		// without wget or curl, mvnw compiles and runs the project's
		// downloader
		w.runFile(c, besideScript(c, ".mvn/wrapper/MavenWrapperDownloader.java"), "jvm", "the Maven Wrapper's downloader, which mvnw compiles and runs", cx)
	}
	if opts := jvmConfigOptions(w.knownText(".mvn/jvm.config")); opts != "" {
		w.nested(c, "JAVA_TOOL_OPTIONS="+shellQuote(opts)+" java", ".mvn/jvm.config: the options of the JVM that runs Maven", cx, false)
	}
	for _, m := range mavenModule().FindAllStringSubmatch(w.knownText("pom.xml"), maxMavenModules) {
		if d := path.Clean(m[1]); !path.IsAbs(d) && !strings.HasPrefix(d, "..") {
			w.runFileLines(c, path.Join(d, "pom.xml"), mavenCommands, "the pom of a module Maven builds", cx)
		}
	}
	tests := false
	for _, a := range args {
		switch v := a.Value; {
		case v == "-DskipTests" || strings.HasPrefix(v, "-DskipTests=true") || strings.HasPrefix(v, "-Dmaven.test.skip=true"):
			return
		case mavenTestPhases.has(v):
			tests = true
		}
	}
	if !tests {
		return
	}
	dirs := []string{"."}
	for _, m := range mavenModule().FindAllStringSubmatch(w.knownText("pom.xml"), maxMavenModules) {
		if d := path.Clean(m[1]); !path.IsAbs(d) && !strings.HasPrefix(d, "..") {
			dirs = append(dirs, d)
		}
	}
	for _, d := range dirs {
		w.runFile(c, path.Join(d, surefireTests), "jvm", "a test class surefire runs", cx)
	}
}

// jvmConfigOptions are the options in a .mvn/jvm.config that may load
// code, on one line (# comments left off): what the environment's rules
// judge as JAVA_TOOL_OPTIONS. The module system's access options
// (--add-opens M/P=ALL-UNNAMED) and an application's own system
// properties (-Dmaven.repo.local=…) load nothing and are left off; the
// JDK's (-Djava.system.class.loader=…, -Djdk.…) may, and stay.
func jvmConfigOptions(text string) string {
	var fields []string
	for _, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		fields = append(fields, strings.Fields(line)...)
	}
	return jvmLoadingOptions(fields)
}

// jvmLoadingOptions are the JVM options of fields that may load code, on
// one line (jvmConfigOptions): Maven's own -Dmaven.ext.class.path (its
// extensions' jars) stays with the JDK's.
func jvmLoadingOptions(fields []string) string {
	var opts []string
	for i := 0; i < len(fields); i++ {
		opt := fields[i]
		name, _, valued := strings.Cut(opt, "=")
		switch {
		case jvmModuleOptions.has(name):
			if !valued && name != "--enable-preview" {
				i++ // its value follows
			}
		case strings.HasPrefix(opt, "-D") && !strings.HasPrefix(opt, "-Djava.") && !strings.HasPrefix(opt, "-Djdk.") &&
			!strings.HasPrefix(opt, "-Dmaven.ext.class.path"):
		default:
			opts = append(opts, opt)
		}
	}
	return strings.Join(opts, " ")
}

// jvmModuleOptions open or add modules of the JDK's own.
var jvmModuleOptions = set("--add-opens", "--add-exports", "--add-reads", "--add-modules", "--enable-preview", "--enable-native-access", "--illegal-access")

// mixStandalone are mix's tasks that run outside a project, reading no
// mix.exs.
var mixStandalone = set("new", "help", "local.hex", "local.rebar", "archive.install", "escript.install", "hex.info", "hex.search")

// runsMixProject follows mix.exs, which every project task evaluates as
// Elixir (its top level runs, System.cmd and :os.cmd with it), with
// config/config.exs; mix test also runs test/test_helper.exs and the
// *_test.exs files under test.
func (w *walker) runsMixProject(c *Command, args []field, cx ctx) {
	task := "run" // mix alone runs the default task
	for _, a := range args {
		if a.Dynamic {
			return
		}
		if !strings.HasPrefix(a.Value, "-") {
			task = a.Value
			break
		}
	}
	if mixStandalone.has(task) {
		return
	}
	w.runFile(c, "mix.exs", "elixir", "the project file mix evaluates", cx)
	w.runFile(c, "config/config.exs", "elixir", "the configuration mix evaluates", cx)
	if task == "test" {
		w.runFile(c, "test/test_helper.exs", "elixir", "the helper mix test runs", cx)
		w.runFile(c, "test/**/*_test.exs", "elixir", "a test mix test runs", cx)
	}
}

// runsAntBuild follows Ant's build file (build.xml, or -f, -file or
// -buildfile FILE): its <exec> tasks, read as antrun's are in a pom.xml.
func (w *walker) runsAntBuild(c *Command, args []field, cx ctx) {
	file := "build.xml"
	for i, a := range args {
		if (a.Value == "-f" || a.Value == "-file" || a.Value == "-buildfile") && i+1 < len(args) {
			if args[i+1].Dynamic {
				return
			}
			file = args[i+1].Value
		}
	}
	w.runFileLines(c, file, mavenCommands, "an <exec> task ant runs", cx)
}

// bazelBuilds are bazel's subcommands that run the genrules of the
// targets they build, and those that fetch external repositories.
var bazelBuilds = set("build", "test", "run", "coverage", "fetch", "sync")

// bazelBuildFiles are Bazel's BUILD files, at any depth of the workspace.
const bazelBuildFiles = "**/BUILD|BUILD.bazel"

// bazelRuleFiles are the Starlark files whose rules and repository rules
// a build loads, at any depth of the workspace.
const bazelRuleFiles = "**/*.bzl"

// runsBazelBuild follows the genrules of a Bazel workspace's BUILD files,
// whose cmd is a shell line bazel build runs, and the argv lists a
// repository rule or a rule in a .bzl file executes
// (repository_ctx.execute, ctx.actions.run): bazel fetches the workspace's
// external repositories, running their rules, before it builds.
func (w *walker) runsBazelBuild(c *Command, args []field, cx ctx) {
	if !slices.ContainsFunc(args, func(a field) bool { return bazelBuilds.has(a.Value) }) {
		return
	}
	w.runFileLines(c, bazelBuildFiles, genruleCommands, "a genrule bazel runs", cx)
	w.runFileLines(c, bazelRuleFiles, starlarkExecs, "a rule bazel runs", cx)
	for _, f := range []string{"WORKSPACE", "WORKSPACE.bazel", "MODULE.bazel"} {
		w.runFileLines(c, f, starlarkExecs, "a rule of the workspace bazel runs", cx)
	}
}

// starlarkExec is a rule's execute([argv]) (repository_ctx.execute,
// module_ctx.execute) or ctx.actions.run_shell(command = "LINE").
var (
	starlarkExec     = lazyRegexp(`\b\w*ctx\.execute\(\s*\[` + strs + `\]`)
	starlarkRunShell = lazyRegexp(`\bactions\.run_shell\([^)]*?\bcommand\s*=\s*(` + str + `)`)
)

// starlarkExecs are the commands a .bzl file's or a workspace file's rules
// run with literal words: an execute's argv, a run_shell's line; a
// genrule written there too.
func starlarkExecs(text string) []string {
	var out []string
	for _, m := range starlarkExec().FindAllStringSubmatch(text, 32) {
		out = append(out, quotedArgv(m[1]))
	}
	for _, m := range starlarkRunShell().FindAllStringSubmatch(text, 32) {
		if v, ok := literal(m[1]); ok {
			out = append(out, v)
		}
	}
	return append(out, genruleCommands(text)...)
}

// genruleCmd is a genrule's cmd (or cmd_bash) as one string literal,
// triple-quoted or not.
var genruleCmd = lazyRegexp(`\bcmd(?:_bash)?\s*=\s*(?:"""((?s:.*?))"""|'''((?s:.*?))'''|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')`)

// bazelMakeVar is Make's variable syntax in a genrule's cmd: $(location
// //x:y), $(SRCS), $@, $<.
var bazelMakeVar = lazyRegexp(`\$\((?:locations?|execpaths?|rootpaths?|rlocationpaths?)\s+([^)]*)\)|\$\(([^)]*)\)|\$[@<]`)

// genruleCommands are the shell lines a BUILD file's genrules run, with
// Bazel's make variables as the paths they stand for and $$ as $.
func genruleCommands(text string) []string {
	var out []string
	for _, m := range genruleCmd().FindAllStringSubmatch(text, 32) {
		cmd := m[1] + m[2] + unquote(`"`+m[3]+`"`) + unquote(`'`+m[4]+`'`)
		const dollar = "\x00"
		cmd = strings.ReplaceAll(cmd, "$$", dollar)
		cmd = bazelMakeVar().ReplaceAllStringFunc(cmd, func(v string) string {
			sub := bazelMakeVar().FindStringSubmatch(v)
			switch {
			case sub[1] != "":
				return strings.TrimLeft(strings.TrimSpace(sub[1]), "/:")
			case v == "$<":
				return "bazel-out/in"
			case v == "$@":
				return "bazel-out/out"
			}
			return "bazel-out/" + strings.ToLower(sub[2]) // $@, $(OUTS), $(RULEDIR)
		})
		out = append(out, strings.ReplaceAll(cmd, dollar, "$"))
	}
	return out
}

// swiftPackageRuns are swift's subcommands that build the package, and
// so evaluate Package.swift on the host.
var swiftPackageRuns = set("build", "test", "run", "package")

// runsSwiftPackage follows Package.swift, Swift that swift build, test,
// run and package compile and run on the host: Process, system, popen.
func (w *walker) runsSwiftPackage(c *Command, args []field, cx ctx) {
	if len(args) == 0 || !swiftPackageRuns.has(args[0].Value) {
		return
	}
	dir := "."
	for i, a := range args {
		if (a.Value == "--package-path" || a.Value == "--chdir" || a.Value == "-C") && i+1 < len(args) {
			dir = args[i+1].Value
		}
	}
	w.runFile(c, path.Join(dir, "Package.swift"), "swift", "the manifest swift "+args[0].Value+" runs", cx)
}
