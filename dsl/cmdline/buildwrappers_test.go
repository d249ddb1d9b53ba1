package cmdline

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestOfficialWrappers: each copy in testdata/wrappers is recognised as
// the tool its name says, each sum in officialWrappers has its copy, and
// a copy changed anywhere (one byte, a line added) is no official text.
func TestOfficialWrappers(t *testing.T) {
	files, err := filepath.Glob("testdata/wrappers/*w-[0-9]*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no wrapper copies: %v", err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want := "gradle"
		if strings.HasPrefix(filepath.Base(f), "mvnw-") {
			want = "maven"
		}
		text := string(b)
		if got := officialWrapper(text); !strings.HasPrefix(got, want) || strings.Contains(f, "only-script") != (got == "maven") {
			t.Errorf("%s: officialWrapper = %q, want %q", f, got, want)
		}
		sum := sha256.Sum256(b)
		seen[hex.EncodeToString(sum[:])] = true
		for _, changed := range []string{
			strings.Replace(text, "exec ", "exec  ", 1),
			text + "rm -rf ~\n",
			strings.Replace(text, "\n", "\nJAVACMD=sh\n", 1),
			strings.ReplaceAll(text, "\n", "\r\n"),
		} {
			if changed != text && officialWrapper(changed) != "" {
				t.Errorf("%s: a changed copy is taken as official", f)
			}
		}
	}
	for sum := range officialWrappers() {
		if !seen[sum] {
			t.Errorf("officialWrappers: %s has no copy in testdata/wrappers", sum)
		}
	}
}

// TestWrapperDistribution: a distribution off the tool's own address,
// however the properties spell it to either reader, is named.
func TestWrapperDistribution(t *testing.T) {
	const gradle = "https://services.gradle.org/distributions/gradle-9.2.1-bin.zip"
	const maven = "https://repo.maven.apache.org/maven2/org/apache/maven/apache-maven/3.9.12/apache-maven-3.9.12-bin.zip"
	for _, tt := range []struct{ tool, text, want string }{
		{"gradle", "distributionUrl=https\\://services.gradle.org/distributions/gradle-8.5-bin.zip\n", ""},
		{"gradle", "distributionBase=GRADLE_USER_HOME\ndistributionUrl=https\\://downloads.gradle.org/distributions/gradle-8.5-all.zip\n", ""},
		{"gradle", "distributionUrl = " + gradle + "\n", ""},
		{"gradle", "distributionPath=wrapper/dists\n", ""},
		{"gradle", "distributionUrl=http\\://x.example/gradle-8.5-bin.zip\n", "http://x.example/gradle-8.5-bin.zip"},
		{"gradle", "distributionUrl=http\\://services.gradle.org/distributions/gradle-8.5-bin.zip\n", "http://services.gradle.org/distributions/gradle-8.5-bin.zip"},
		{"gradle", "distributionUrl=https\\://services.gradle.org.x.example/gradle.zip\n", "https://services.gradle.org.x.example/gradle.zip"},
		{"gradle", "distributionUrl:https\\://x.example/g.zip\n", "https://x.example/g.zip"},
		{"gradle", "distributionUrl https://x.example/g.zip\n", "https://x.example/g.zip"},
		{"gradle", "distributionUrl=" + gradle + "\ndistribution\\u0055rl=https\\://x.example/g.zip\n", "https://x.example/g.zip"},
		{"gradle", "distributionUrl=" + gradle + "\rdistributionUrl=https://x.example/g.zip\n", "https://x.example/g.zip"},
		{"gradle", "distributionUrl=https://x.exa\\\n    mple/g.zip\n", "https://x.example/g.zip"},
		{"gradle", "distributionUrl=https://user@services.gradle.org/distributions/g.zip\n", "https://user@services.gradle.org/distributions/g.zip"},
		{"gradle", "# distributionUrl=https://x.example/g.zip\n", ""},
		{"maven", "distributionUrl=" + maven + "\n", ""},
		{"maven", "wrapperVersion=3.3.4\ndistributionType=only-script\ndistributionUrl=" + maven + "\n", ""},
		{"maven", "distributionUrl=https://repo.maven.apache.org/maven2/io/github/x/apache-maven/1/apache-maven-1-bin.zip\n",
			"https://repo.maven.apache.org/maven2/io/github/x/apache-maven/1/apache-maven-1-bin.zip"},
		{"maven", "distributionUrl=https://repo.maven.apache.org/maven2/org/apache/maven/../../io/x/m.zip\n", "https://repo.maven.apache.org/maven2/org/apache/maven/../../io/x/m.zip"},
		{"maven", "distributionUrl=" + maven + "\nwrapperUrl=https://x.example/maven-wrapper.jar\n", "https://x.example/maven-wrapper.jar"},
		{"maven", "distributionUrl=ht tps://x.exa mple/m.zip\n", "ht tps://x.exa mple/m.zip"}, // mvnw: https://x.example/m.zip
		{"maven", "distributionUrl=https://x.example/m.zip\n", "https://x.example/m.zip"},
	} {
		if got := wrapperDistribution(tt.tool, tt.text); got != tt.want {
			t.Errorf("wrapperDistribution(%s, %q) = %q, want %q", tt.tool, tt.text, got, tt.want)
		}
	}
}

// TestOfficialWrapperSession: the official gradlew is read as a script
// again when an earlier line of the session exported a variable it reads
// (Before.Exports) or put a directory first on PATH (Before.Path), and
// not otherwise.
func TestOfficialWrapperSession(t *testing.T) {
	b, err := os.ReadFile("testdata/wrappers/gradlew-9.1.0")
	if err != nil {
		t.Fatal(err)
	}
	written := func(p string) (EarlierFile, bool) {
		if p == "/p/gradlew" {
			return EarlierFile{Text: string(b), Whole: true}, true
		}
		return EarlierFile{}, false
	}
	jar, err := os.ReadFile("testdata/wrappers/gradle-wrapper-9.2.1.jar")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(jar)
	facts := func(p string) (FileFacts, bool) {
		switch p {
		case "/p/gradlew":
			return FileFacts{}, true
		case "/p/gradle/wrapper/gradle-wrapper.jar":
			return FileFacts{SHA256: hex.EncodeToString(sum[:])}, true
		}
		return FileFacts{}, false
	}
	written = func(p string) (EarlierFile, bool) {
		switch p {
		case "/p/gradlew":
			return EarlierFile{Text: string(b), Whole: true}, true
		case "/p/gradle/wrapper/gradle-wrapper.properties":
			return EarlierFile{Text: "distributionUrl=https\\://services.gradle.org/distributions/gradle-9.2.1-bin.zip\n", Whole: true}, true
		}
		return EarlierFile{}, false
	}
	readsScript := func(before Before) bool {
		before.Written, before.Project = written, true
		if before.Facts == nil {
			before.Facts = facts
		}
		line := ParseShellAfter("cd /p && ./gradlew build", "bash", before)
		for _, c := range line.Commands {
			if c.Name == "uname" || c.Name == "xargs" {
				return true
			}
		}
		return false
	}
	if readsScript(Before{}) {
		t.Errorf("the official gradlew was read as a script")
	}
	if !readsScript(Before{Exports: map[string]string{"GRADLE_USER_HOME": "/p/.g"}}) {
		t.Errorf("with GRADLE_USER_HOME exported earlier, the gradlew was not read")
	}
	if !readsScript(Before{Path: []string{"/p/bin"}}) {
		t.Errorf("with /p/bin put on PATH earlier, the gradlew was not read")
	}
	noFacts := func(string) (FileFacts, bool) { return FileFacts{}, false }
	if !readsScript(Before{Facts: noFacts}) {
		t.Errorf("with no jar beside it, the gradlew was not read")
	}
	link := func(p string) (FileFacts, bool) {
		if p == "/p/gradlew" {
			return FileFacts{Link: true}, true
		}
		return facts(p)
	}
	if !readsScript(Before{Facts: link}) {
		t.Errorf("a gradlew that is a symbolic link was not read")
	}
	otherJar := func(p string) (FileFacts, bool) {
		if p == "/p/gradle/wrapper/gradle-wrapper.jar" {
			return FileFacts{SHA256: strings.Repeat("0", 64)}, true
		}
		return facts(p)
	}
	if !readsScript(Before{Facts: otherJar}) {
		t.Errorf("a gradlew beside a jar of its own was not read")
	}
	if !slices.Contains(CarriedEnv, "JAVA_OPTS") || slices.Contains(CarriedEnv, "PATH") {
		t.Errorf("CarriedEnv: JAVA_OPTS must be carried from line to line, PATH left to Line.PathDirs")
	}
}

// TestOfficialJars: each sum is a SHA-256 in hex of a known tool, and the
// jar copy in testdata is one of them.
func TestOfficialJars(t *testing.T) {
	for sum, tool := range officialJars() {
		if _, err := hex.DecodeString(sum); err != nil || len(sum) != 64 || tool != "gradle" && tool != "maven" {
			t.Errorf("officialJars: %q: %q", sum, tool)
		}
	}
	b, err := os.ReadFile("testdata/wrappers/gradle-wrapper-9.2.1.jar")
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(b); officialJars()[hex.EncodeToString(sum[:])] != "gradle" {
		t.Errorf("the 9.2.1 jar's sum is not among officialJars")
	}
}
