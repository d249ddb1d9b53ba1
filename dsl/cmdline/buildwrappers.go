package cmdline

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Gradle's wrapper task and the Maven Wrapper write a script into a
// project (gradlew, mvnw) that finds a JVM, downloads the build tool's
// distribution its properties name and runs it. Read as any project
// script, their sh idioms ask an agent (gradlew's eval "set -- $(… | xargs
// -n1 | sed …)" rebuilding its arguments, mvnw's download paths computed
// at run time) on every ./gradlew build. A script whose text is exactly
// one the official generators write is read as what it amounts to: the
// build tool run on the project's build files (runsProjectBuild), the
// distribution its properties name judged as code from that address
// (wrapperDistribution). Any other text, a single byte changed, is read
// as the script it is: a poisoned copy may keep every official line and
// change one variable. So may the environment: a variable the official
// text reads (WrapperEnv) set on the line or by the session, or a
// directory put on PATH, keeps the script read too.

// officialWrappers maps the SHA-256 of each official wrapper text to the
// build tool it runs: "gradle", "maven", or "maven+jar" for the Maven
// Wrapper's script type, which runs .mvn/wrapper/maven-wrapper.jar. Built
// on first use: most checks run no wrapper. Each is checked against a copy
// in testdata/wrappers. Spring Initializr's copies of the Maven Wrapper
// differ from Apache's in comment lines only (a licence's https address).
var officialWrappers = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"63135287117a1e6d12c84580f1f49c61d1ba02218ecd28660605e97f976e7d65": "gradle",    // Gradle 6.6–7.0.2
		"bf3f1a53a871ca130b3a238b3de8c757c6d9ba9614e8fc73ddb23daf003a8cd9": "gradle",    // Gradle 7.1, 7.1.1
		"f96a757581fe5292465e3f3393380bd11fd8086d450b92e7c693da6513f583fe": "gradle",    // Gradle 7.2–7.4.2
		"8deee7d70dd19cf8180712bd9a4fc2f957ad4ce81f64ce825aec066275fdf761": "gradle",    // Gradle 7.5, 7.5.1
		"638c2862d623c302f3029f5bd1441276be484c5b79909b706a614ebe8e7a409b": "gradle",    // Gradle 7.6–7.6.x
		"ba0d4be61d16df11ed576f2e2f094eb0535d9bbfec28d82ad4d07036764642e8": "gradle",    // Gradle 8.0–8.0.2
		"fb3cbfe6d066ee52bc07f62ed61ff77bde195384f52496c94280a83008d9f531": "gradle",    // Gradle 8.1, 8.1.1
		"e0108761fee312b7b373ee96c0870cab5c167e664ac507776814b1d59e9b3bad": "gradle",    // Gradle 8.2, 8.2.1
		"c45c957bd788d27a2087a0332ec934872662e4bdefb14be97a6eb5aa88fb1129": "gradle",    // Gradle 8.3
		"fc977a94723af68aaffa4e5d60496fb4aeed1884b6b19e5e2f2fd7612673313d": "gradle",    // Gradle 8.4–8.7
		"d8231d345ab33433ab7b2c0720d5beb416c8d5c6789dbc01ad122b63bc2cae0d": "gradle",    // Gradle 8.8
		"a3648413b47ef77af21d5ebc36c687c7d103aaef3e17f33de7d4f080a6f300a3": "gradle",    // Gradle 8.9–8.11.1
		"c07475b363508dbe7cf7d1ded1b31f6d44bb97d98d069a455ab862b1fb9b25f0": "gradle",    // Gradle 8.12, 8.12.1
		"734b3879d3501dce471cf0522d3bcbafe76873d9fc5129345b67fb43bd15e933": "gradle",    // Gradle 8.13
		"b187b4c52e749f5760afdd6fadc31b2a98ad35fb249bf0dff03b72650f320409": "gradle",    // Gradle 8.14–8.14.x
		"3238afb2aed5cb16eb7d6718077e7138059108f007b54179e9cc157c5a6e0e89": "gradle",    // Gradle 9.0.0
		"fb68debc1b1acf8ec55dc0d5e5495e1dedd0bd6b61f304bee61613eeb2bd9b92": "gradle",    // Gradle 9.1.0–9.3.1
		"5434a5b0657cbc767c4486551fe223f12a10eaa61017fd4c68382dc6e0810da8": "gradle",    // Gradle 9.4.0
		"aed171fb114f82e6eaea4970a245a200e0582a7dcc8ec0891ca41b6e4a62b754": "gradle",    // Gradle 9.4.1
		"ab5c0cad16305af2e619c159c1f58dd68d07fab9c11e36701e109c0277407f7a": "gradle",    // Gradle 9.5.0, 9.5.1
		"a5a5c199ba02189ae8c46a334223371a20599d9c298ef65e7540ede4a3f72d59": "gradle",    // Gradle 9.6.0–9.7.x
		"50072fadc3c857fafc3acbff2abdef1b389957d90dff1be87a0eacc2a4195993": "maven+jar", // Maven Wrapper 3.1.0, every type
		"da06b474a55d28fe194d8118de5794542dacfb914600ef77e159a2188a0699fe": "maven+jar", // Maven Wrapper 3.1.1, every type
		"94793c07cfa412621d5bca972fa04296cd46e32e0e53c7ebe7fc83bd6bbecaf7": "maven+jar", // Maven Wrapper 3.2.0, script
		"a0408899a3aea3318d0d3d7849dd17d15eb7f679d33a4702de52414cf5923005": "maven",     // Maven Wrapper 3.2.0, only-script
		"a01a71fc3814dc633456f0348a1def88f595bdb05d9eb1960584fad662e45d5d": "maven+jar", // Maven Wrapper 3.3.0, script
		"1272fb220511bde801c9c42c4ecc60f01644c1c142e27659aba6d96863120fa3": "maven",     // Maven Wrapper 3.3.0, only-script
		"6a9d340dc210acdec3e1b8eda6eeea59c9a38ea5d5292c57ac04a6dca232255b": "maven+jar", // Maven Wrapper 3.3.1, script
		"fa35e3b864da86eb33e87337de78ca245ef97e01e7ed10d31a8934cfafc1314d": "maven",     // Maven Wrapper 3.3.1, only-script
		"02db01cc3fa5d4e8adaef1050e716841be703078d043f0314b40fad8211d4c82": "maven+jar", // Maven Wrapper 3.3.2, script
		"7e6e5d26712efd78140f2f63dafe8d17028f6c5c97ac1f746a043110b7a1d9ad": "maven",     // Maven Wrapper 3.3.2, only-script
		"77dc5ab8a653657b5d5714f993e20292935eddac45de95dbc4371fdb3814a046": "maven+jar", // Maven Wrapper 3.3.3, script
		"e76ada6af7cefda6d5aeef9fc8508f94689df2e6c9951d8e85b130013016369e": "maven",     // Maven Wrapper 3.3.3, only-script
		"07e72ac35ecf8c24db67498fc6a9a8e7c64b31ab3798a7119fe73fb7cd6c0331": "maven+jar", // Maven Wrapper 3.3.4, script
		"cae96cef89ebea3531221f4ae17c23cf8edf67d00eae8306d4186ae1bbed4d02": "maven",     // Maven Wrapper 3.3.4, only-script
		"041104078d7c442a2c50b6d2c80ae27fd84c217a49ac0fcb49d8350ada43b27b": "maven+jar", // Maven Wrapper 3.2.0, script, Spring Initializr's comments
		"1b33f05a1b81d0673b89338684241fca58a1378ff4a53301f2146c347e89fb4d": "maven",     // Maven Wrapper 3.3.2, only-script, Spring Initializr's comments
		"1bd5f1a20a73d397f3e9ce858b6a5ade8c6c0295a352e9743722b0171f4a5063": "maven",     // Maven Wrapper 3.2.0, only-script, Spring Initializr's comments
		"4591ada725d05dbb596064ff1540d673a6252036699596d279ce8117606e823f": "maven+jar", // Maven Wrapper 3.1.0, every type, Spring Initializr's comments
		"4b9c75f9d4829f2368319b767b119d4cb17f84974a149ce703b28fb637241791": "maven",     // Maven Wrapper 3.3.4, only-script, Spring Initializr's comments
		"ac1b35a5fd92d847ce4947430269ed1530596384a812724d1682af4f1b271b56": "maven+jar", // Maven Wrapper 3.3.1, script, Spring Initializr's comments
		"c31b9938f5f17e2608f068c50bb5ada01465c1d8039f7e729d6e2b70126d31d4": "maven",     // Maven Wrapper 3.3.4, only-script, Spring Initializr's comments
		"e6e61eb792f64504258733855421bec04a3cb6df89c0868ae18e71336289802e": "maven",     // Maven Wrapper 3.3.1, only-script, Spring Initializr's comments
	}
})

// WrapperEnv are the variables an official wrapper text, the wrapper jar
// it starts or the JVM reads that change what runs or where the
// distribution comes from: a JVM, its options, the build tool's home
// (Gradle's init scripts, a prepared distribution), a download mirror.
// The model carries them from line to line (CarriedEnv).
var WrapperEnv = []string{
	"JAVA_HOME", "JAVACMD", "JAVA_OPTS", "GRADLE_OPTS", "GRADLE_USER_HOME", "MAVEN_OPTS", "MAVEN_USER_HOME",
	"MAVEN_HOME", "MAVEN_ARGS", "MAVEN_CONFIG", "MAVEN_SKIP_RC", "MAVEN_BASEDIR", "MAVEN_PROJECTBASEDIR", "MAVEN_DEBUG_OPTS",
	"M2_HOME", "MVNW_REPOURL", "PROCESSOR_ARCHITECTURE", "PROCESSOR_ARCHITEW6432", "GRADLE_CYGPATTERN", "CDPATH", "PATH",
	"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH", "DEFAULT_JVM_OPTS", "APP_HOME", "HOME",
}

// officialJars maps the SHA-256 of each official wrapper jar to its
// tool: gradle/wrapper/gradle-wrapper.jar (the sums Gradle publishes for
// its wrapper-validation action, 6.6 to 9.7.0, milestones and release
// candidates too) and .mvn/wrapper/maven-wrapper.jar (3.1.0 to 3.3.4, as
// unrelated projects commit them; a jar zipped again is not one).
var officialJars = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"e996d452d2645e70c01c11143ca2d3742734a28da2bf61f25c82bdc288c9e637": "gradle", // 6.6–7.0.2
		"33ad4583fd7ee156f533778736fa1b4940bd83b433934d1cc4e9f608e99a6a89": "gradle", // 7.1–7.3.3
		"575098db54a998ff1c6770b352c3b16766c09848bee7555dab09afc34e8cf590": "gradle", // 7.4–7.4.2
		"91a239400bb638f36a1795d8fdf7939d532cdc7d794d1119b7261aac158b1e60": "gradle", // 7.5–7.5.1
		"c5a643cf80162e665cc228f7b16f343fef868e47d3a4836f62e18b7e17ac018a": "gradle", // 7.6–7.6.1
		"14dfa961b6704bb3decdea06502781edaa796a82e6da41cd2e1962b14fbe21a3": "gradle", // 7.6.2–7.6.6
		"91941f522fbfd4431cf57e445fc3d5200c85f957bda2de5251353cf11174f4b5": "gradle", // 8.0–8.0.2
		"577b2de036000db2e0f04f2ec842a4f1e648c8b6f9c87f29a8d896acb1732538": "gradle", // 8.0-milestone-4
		"ed2c26eba7cfb93cc2b7785d05e534f07b5b48b5e7fc941921cd098628abca58": "gradle", // 8.1–8.1.1
		"a8451eeda314d0568b5340498b36edf147a8f0d692c5ff58082d477abe9146e4": "gradle", // 8.2–8.2.1
		"5c9a1a6f50b4f8c0264b1ac69013bef9f8363733275fafa56c70c84be3276bb8": "gradle", // 8.2-rc-2
		"55e949185c26ba3ddcd2c6a4217d043bfa0ce3cc002bbbb52b709a181a513e81": "gradle", // 8.2-milestone-1–8.2-rc-1
		"0336f591bc0ec9aa0c9988929b93ecc916b3c1d52aed202c7381db144aa0ef15": "gradle", // 8.3–8.4
		"d3b261c2820e9e3d8d639ed084900f11f4a86050a8f83342ade7b6bc9b0d2bdd": "gradle", // 8.5–8.6
		"cb0da6751c2b753a16ac168bb354870ebb1e162e9083f116729cec9c781156b8": "gradle", // 8.7–8.8
		"498495120a03b9a6ab5d155f5de3c8f0d986a449153702fb80fc80e134484f17": "gradle", // 8.9
		"2db75c40782f5e8ba1fc278a5574bab070adccb2d21ca5a6e5ed840888448046": "gradle", // 8.10–8.12.1
		"81a82aaea5abcc8ff68b3dfcb58b3c3c429378efd98e7433460610fecd7ae45f": "gradle", // 8.13
		"7d3a4ac4de1c32b59bc6a4eb8ecb8e612ccd0cf1ae1e99f66902da64df296172": "gradle", // 8.14–8.14.5
		"76805e32c009c0cf0dd5d206bddc9fb22ea42e84db904b764f3047de095493f3": "gradle", // 9.0.0–9.1.0
		"f98ed44dd3f067fa699b5c34661be67c7f0097ea58b0017255141a08d2eb5f87": "gradle", // 9.0-milestone-6–9.0.0-milestone-8
		"c605ee1b011c0da3bc468735530c1d43ea3ede0fb8ce978b5479c7f688343ef5": "gradle", // 9.0-milestone-2–9.0-milestone-5
		"9687bf4e8beb2c293cfd1393cbf2854ef68f921757302116033f476289abf7b0": "gradle", // 9.0-milestone-1
		"423cb469ccc0ecc31f0e4e1c309976198ccb734cdcbb7029d4bda0f18f57e8d9": "gradle", // 9.2.0–9.2.1
		"b3a875ddc1f044746e1b1a55f645584505f4a10438c1afea9f15e92a7c42ec13": "gradle", // 9.3.0–9.3.1
		"d652a0436e78e0cd4d00f52057fcf2179163762a71a02370ec7623ab8f84c334": "gradle", // 9.3.0-milestone-1
		"55243ef57851f12b070ad14f7f5bb8302daceeebc5bce5ece5fa6edb23e1145c": "gradle", // 9.4.0–9.4.1
		"08f6dc44dc11cd44fdf485274f3262acd459acbcbc3c1160da2d530cecc9d1ad": "gradle", // 9.4.0-milestone-4
		"497c8c2a7e5031f6aa847f88104aa80a93532ec32ee17bdb8d1d2f67a194a9c7": "gradle", // 9.5.0–9.6.1
		"7ef3d73bd95c047814d76ec8324f72deefb96593eb9ce87aa06ecdcdaba7ffe8": "gradle", // 9.5.0-milestone-6–9.5.0-milestone-7
		"7a9ce74cff467ca1bf60a4fcd9f05185acceda4d0f382434d393e17864262c5d": "gradle", // 9.7.0
		"8a23bf708fd4e02674e77fb34b0fa7c02f0d53c2ad377385ab507422313d26d1": "gradle", // 9.7.0-milestone-1
		"46b0acdfe3da08b3f40d25bd135858b6014ee62b92883768995c946a3b446bd6": "maven",  // Maven Wrapper 3.1.0
		"ff7f21f2ef81723377e3d42d06661c4e3af60cf4bdfb7579ac8f22051399942d": "maven",  // 3.1.1
		"e63a53cfb9c4d291ebe3c2b0edacb7622bbc480326beaa5a0456e412f52f066a": "maven",  // 3.2.0
		"360b616b24bc3557f0fce98549e102768f2367746501f7d74dad358d0ee794a2": "maven",  // 3.3.0
		"7cc3215e9c7ec525d793b82ea878441cdaa5b6135f859b0ef396a93bb3c8e6e7": "maven",  // 3.3.1
		"3d8f20ce6103913be8b52aef6d994e0c54705fb527324ceb9b835b338739c7a8": "maven",  // 3.3.2
		"1ada66a0d65291f3b5c0e12f8860cc5d422da76c9f90313a2c0f1cd280ae8ede": "maven",  // 3.3.3
		"4e2fbf6554bc8a4702cdfdd3bef464f423393d784ddbb037216320ce55d5e4e1": "maven",  // 3.3.4
	}
})

// officialWrapper is the build tool an official wrapper text runs
// (officialWrappers), "" for any other text.
func officialWrapper(text string) string {
	sum := sha256.Sum256([]byte(text))
	return officialWrappers()[hex.EncodeToString(sum[:])]
}

// wrapperTool is the build tool a wrapper's name runs: gradlew Gradle,
// mvnw Maven.
func wrapperTool(prog string) string {
	switch prog {
	case "gradlew":
		return "gradle"
	case "mvnw":
		return "maven"
	}
	return ""
}

// runsOfficialWrapper reports script, a wrapper c runs (./gradlew, sh
// gradlew) whose text in is known, as one of the official texts run as
// its authors expect, so that
// what it runs is the tool's build and the distribution its properties
// name, both judged elsewhere (rv65 attacked each condition):
//   - run from the directory the line is in (../gradlew builds the
//     project a settings file above names), not through a symbolic link
//     (gradlew finds its jar and properties beside the link's target),
//     with no Gradle settings file in the directories above;
//   - its jar the official one (officialJars) where it runs one;
//   - its properties read whole, naming no distribution stored in the
//     project (distributionBase=PROJECT), and no gradle.properties system
//     property the wrapper applies before it downloads (a proxy, a trust
//     store, a home);
//   - no WrapperEnv variable set for it by the line (in any form: an
//     assignment, export, read, a loop's variable) or by the session, no
//     directory put on PATH;
//   - nothing before it on the line but commands that write no file
//     (sed -i gradlew, git apply, unzip -o, a distribution put in
//     ~/.m2/wrapper would change what it runs).
func (w *walker) runsOfficialWrapper(c *Command, script string, in Input) bool {
	tool := wrapperTool(path.Base(script))
	kind := ""
	if in.Static {
		kind = officialWrapper(in.Text)
	}
	if tool == "" || !strings.HasPrefix(kind, tool) || path.Dir(script) != "." || w.before.Facts == nil ||
		len(w.line.PathDirs) > 0 || len(w.before.Path) > 0 || w.wrapperEnvSet(c) || !w.writesNothingBefore(c) {
		return false
	}
	if f, ok := w.before.Facts(w.at(script)); !ok || f.Link {
		return false
	}
	jar, props := ".mvn/wrapper/maven-wrapper.jar", ".mvn/wrapper/maven-wrapper.properties"
	if tool == "gradle" {
		jar, props = "gradle/wrapper/gradle-wrapper.jar", "gradle/wrapper/gradle-wrapper.properties"
		for up := "../"; len(up) <= 4*3; up += "../" {
			for _, f := range []string{"settings.gradle", "settings.gradle.kts"} {
				if _, _, ok := w.fileInput(up + f); ok {
					return false
				}
			}
		}
		for _, kv := range javaProperties(w.knownText("gradle.properties")) {
			if gradleSystemProp().MatchString(kv[0]) {
				return false
			}
		}
	}
	switch f, ok := w.before.Facts(w.at(jar)); kind {
	case "gradle":
		if !ok || f.Link || officialJars()[f.SHA256] != "gradle" {
			return false
		}
	case "maven+jar": // without a jar, mvnw downloads the official one (wrapperUrl)
		if ok && (f.Link || officialJars()[f.SHA256] != "maven") {
			return false
		}
	}
	text, _, ok := w.fileInput(props)
	if !ok || !text.Static {
		return false
	}
	for _, kv := range javaProperties(text.Text) {
		switch kv[0] {
		case "distributionBase", "zipStoreBase":
			if kv[1] != "GRADLE_USER_HOME" && kv[1] != "MAVEN_USER_HOME" {
				return false
			}
		case "distributionPath", "zipStorePath": // ../proj/tools/dists reaches the project
			if kv[1] != "wrapper/dists" {
				return false
			}
		}
	}
	return !gradleElsewhere(c, script)
}

// gradleElsewhere reports a Gradle command line naming a build, settings
// file, init script or Gradle home of its own (-p, -b, -c, -I, -g and
// their long forms), which the official text's reading leaves to a
// reading of the script.
func gradleElsewhere(c *Command, script string) bool {
	if wrapperTool(path.Base(script)) != "gradle" {
		return false
	}
	args := c.Args
	if base := path.Base(script); program(c.Name) != base {
		// sh gradlew ARGS: the words after the script's
		for i, a := range args {
			if path.Base(a.Value) == base {
				args = args[i+1:]
				break
			}
		}
	}
	return slices.ContainsFunc(args, func(a Word) bool {
		v := a.Value
		if strings.HasPrefix(v, "--") {
			name, _, _ := strings.Cut(v[2:], "=")
			return slices.Contains([]string{"project-dir", "build-file", "settings-file", "init-script", "gradle-user-home", "project-cache-dir"}, name)
		}
		return len(v) >= 2 && v[0] == '-' && strings.IndexByte("pbcIg", v[1]) >= 0
	})
}

// gradleSystemProp matches a gradle.properties key (escapes undone)
// setting a system property the wrapper applies before it downloads the
// distribution: a proxy, a trust or key store, a home, the JDK's own
// settings.
var gradleSystemProp = lazyRegexp(`(?i)^systemProp\.(?:[a-z]+\.)?(?:[a-z]*proxy|javax\.net|jdk\.|java\.|gradle\.|user\.|sun\.|org\.gradle\.)`)

// wrapperEnvSet reports a WrapperEnv variable set for c: assigned in
// front of it, exported or set on the line or by an earlier line, or
// named on the line where it is set by any other means (read NAME, for
// NAME in, ${NAME:=…}, mapfile).
func (w *walker) wrapperEnvSet(c *Command) bool {
	for _, name := range WrapperEnv {
		if slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == name }) || w.exported[name] || w.maybeSet[name] {
			return true
		}
		if _, ok := w.line.Exports[name]; ok {
			return true
		}
		if _, ok := w.before.Exports[name]; ok {
			return true
		}
		if _, ok := w.vars[name]; ok {
			return true
		}
	}
	return wrapperEnvNamed().MatchString(w.line.Original) || wrapperEnvNamed().MatchString(w.src)
}

// wrapperEnvNamed matches a WrapperEnv name on a line other than where it
// is only expanded ($HOME, ${JAVA_HOME}): a word that may set it.
var wrapperEnvNamed = lazyRegexp(`(?:^|[^$A-Za-z0-9_{])(?:` + strings.Join(WrapperEnv, "|") + `)\b|\$\{(?:` + strings.Join(WrapperEnv, "|") + `):?[=?]`)

// writesNothingBefore reports every command the line ran before c as one
// that writes no file: a cd, an echo, a listing, git's read-only
// subcommands, with no redirection to a file.
func (w *walker) writesNothingBefore(c *Command) bool {
	for _, x := range w.line.Commands {
		if x == c {
			break
		}
		name := program(x.Name)
		switch {
		case name == "" && x.Path == "" && len(x.Assigns) > 0: // X=1 alone
		case name == "git" && len(x.Args) > 0 && readOnlyGit.has(x.Args[0].Value) &&
			!slices.ContainsFunc(x.Args, func(a Word) bool { return strings.HasPrefix(a.Value, "--output") || a.Value == "-o" }):
		case shells.has(name) && len(x.Args) > 0 && wrapperTool(path.Base(x.Args[0].Value)) != "": // sh gradlew, whose ./gradlew c is
		case !writeFreeCommands.has(name) && !(wrapperTool(name) != "" && path.Dir(x.Path) == "."):
			return false
		}
		for _, r := range x.Redirects {
			if strings.ContainsAny(r.Op, ">") && r.Op != ">&" && r.Target.Value != "/dev/null" {
				return false
			}
		}
	}
	return true
}

// writeFreeCommands are the commands writesNothingBefore lets run before
// a wrapper: they write no file (not java: a jar may write anything).
var writeFreeCommands = set("cd", "pushd", "popd", "echo", "printf", "true", "false", ":", "pwd", "ls", "cat", "head", "tail",
	"grep", "wc", "which", "type", "sleep", "date", "set", "shopt", "test", "[", "[[", "uname", "id",
	"whoami", "hostname", "env", "printenv", "clear", "nproc", "free", "df", "du")

// readOnlyGit are git's subcommands that write nothing in the work tree.
var readOnlyGit = set("status", "log", "rev-parse", "describe", "show", "diff", "remote", "branch", "shortlog", "ls-files", "blame")

// wrapperDistribution is the first address in a wrapper's properties
// text that is not the tool's own distribution: the wrapper downloads
// it and runs what it unpacks (Gradle's distributionUrl; the Maven
// Wrapper's distributionUrl, and wrapperUrl for the jar it downloads
// when the project has none). "" when every address is official.
//
// The text is read both ways a wrapper reads it, as java.util.Properties
// (the wrapper jars: key and value split at '=', ':' or a space, \uXXXX
// escapes, continued lines, the last value winning) and, for Maven, as
// mvnw's own loop (split at the first '=', every space taken out of the
// value); every value either finds is judged.
func wrapperDistribution(tool, text string) string {
	keys := []string{"distributionUrl"}
	if tool == "maven" {
		keys = append(keys, "wrapperUrl")
	}
	var values []string
	for _, kv := range javaProperties(text) {
		if slices.Contains(keys, kv[0]) {
			values = append(values, kv[1])
		}
	}
	for _, l := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(l, "=")
		if ok && tool == "maven" && slices.Contains(keys, k) {
			values = append(values, strings.Join(strings.Fields(v), ""))
		}
	}
	for _, v := range values {
		if !officialDistribution(tool, v) {
			return v
		}
	}
	return ""
}

// officialDistribution reports an address the tool's own project
// publishes at: https on Gradle's distribution hosts, or under Maven
// Central's org/apache/maven (where only Apache publishes; another group
// on Central is anyone's).
func officialDistribution(tool, raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.User != nil || u.Port() != "" || u.RawQuery != "" || u.Fragment != "" ||
		strings.Contains(u.EscapedPath(), "%") || strings.Contains(u.Path, "..") || path.Clean(u.Path) != u.Path {
		return false
	}
	host := strings.ToLower(u.Hostname())
	switch tool {
	case "gradle":
		return gradleDistributionHosts.has(host)
	case "maven":
		return (host == "repo.maven.apache.org" || host == "repo1.maven.org") && strings.HasPrefix(u.Path, "/maven2/org/apache/maven/")
	}
	return false
}

// javaProperties are the key-value pairs of a .properties text as
// java.util.Properties.load reads them, in order.
func javaProperties(text string) [][2]string {
	var out [][2]string
	lines := strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(text), "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimLeft(lines[i], " \t\f")
		if l == "" || l[0] == '#' || l[0] == '!' {
			continue
		}
		// a line ending in an odd number of backslashes goes on
		for continued(l) && i+1 < len(lines) {
			i++
			l = l[:len(l)-1] + strings.TrimLeft(lines[i], " \t\f")
		}
		key, value := splitProperty(l)
		out = append(out, [2]string{unescapeProperty(key), unescapeProperty(value)})
	}
	return out
}

// continued reports a properties line ending in an odd number of
// backslashes.
func continued(l string) bool {
	n := 0
	for i := len(l) - 1; i >= 0 && l[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

// splitProperty splits a logical properties line at its key's end: the
// first unescaped '=', ':' or blank, with the blanks and one '=' or ':'
// after it.
func splitProperty(l string) (key, value string) {
	i := 0
	for ; i < len(l); i++ {
		if l[i] == '\\' {
			i++
			continue
		}
		if strings.IndexByte("=: \t\f", l[i]) >= 0 {
			break
		}
	}
	if i >= len(l) {
		return l, ""
	}
	key, rest := l[:i], l[i:]
	if rest[0] != '=' && rest[0] != ':' {
		rest = strings.TrimLeft(rest, " \t\f")
	}
	if rest != "" && (rest[0] == '=' || rest[0] == ':') {
		rest = rest[1:]
	}
	return key, strings.TrimLeft(rest, " \t\f")
}

// unescapeProperty undoes a properties text's escapes: \t \n \r \f,
// \uXXXX, and a backslash before any other character.
func unescapeProperty(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'f':
			b.WriteByte('\f')
		case 'u':
			if i+4 < len(s) {
				if r, err := strconv.ParseUint(s[i+1:i+5], 16, 16); err == nil {
					b.WriteRune(rune(r))
					i += 4
					continue
				}
			}
			b.WriteString(`\u`) // malformed: Java refuses the file; keep it unofficial
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// shellRunsOfficialWrapper follows sh gradlew build, a shell given an
// official wrapper script (file, its text in) as its operand, as
// ./gradlew build: the line after the script's word walked in its place.
// It reports whether it did.
func (w *walker) shellRunsOfficialWrapper(c *Command, args []field, file string, in Input, cx ctx) bool {
	base := path.Base(file)
	if c.Name == "source" || c.Name == "." || wrapperTool(base) == "" || !w.runsOfficialWrapper(c, file, in) {
		return false
	}
	for i, a := range args {
		if a.Dynamic || homeSpelled(pwdRelative(a)) != file {
			continue
		}
		words := []string{file}
		if !strings.Contains(file, "/") {
			words[0] = "./" + file
		}
		for _, a := range args[i+1:] {
			if a.Dynamic {
				return false
			}
			words = append(words, a.Value)
		}
		w.nested(c, shellQuoteWords(words), "the official "+base+" the shell runs", cx, false)
		return true
	}
	return false
}
