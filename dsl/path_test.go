package dsl

import "testing"

func TestPathHelpers(t *testing.T) {
	tests := []struct {
		path                                 string
		root, home, system, block, sensitive bool
	}{
		{path: "/", root: true},
		{path: "//", root: true},
		{path: "/.", root: true},
		{path: "/./", root: true},
		{path: "/..", root: true},
		{path: "/*", root: true},
		{path: "//*", root: true},
		{path: "/*/*", root: true},
		{path: "/?*", root: true},
		{path: "/.*", root: true},
		{path: "/*/*/*", root: true},
		{path: "/[a-z]*", root: true},
		{path: "/*.txt"},
		{path: "/tmp/*/*"},
		{path: "/etc/*/*", system: true},
		{path: "/e??", system: true},
		{path: "/u*/b*", system: true},
		{path: "/usr/*/*", system: true},
		{path: "/etc/*.conf"},
		{path: "~/*/*", home: true},
		{path: "~/.*", home: true},
		{path: "/home/*/*", system: true},
		{path: "/etc", system: true},
		{path: "/etc/", system: true},
		{path: "/etc/*", system: true},
		{path: "/tmp/../etc", system: true},
		{path: "/usr/local/bin", system: true},
		{path: "/etc/nginx"},
		{path: "/tmp"},
		{path: "/var/tmp"},
		{path: "~", home: true},
		{path: "~/", home: true},
		{path: "~/*", home: true},
		{path: "$HOME", home: true},
		{path: "${HOME}", home: true},
		{path: "$HOME/", home: true},
		{path: "/home/alice", home: true},
		{path: "/root", home: true, system: true},
		{path: "/home", system: true},
		{path: "~/projects"},
		{path: "~u", home: true}, // holes, 2026-12-03: rm -rf ~u, ~$USER, /hom[e]/u and /*/u were only asked
		{path: "~alice/", home: true},
		{path: "~alice/*", home: true},
		{path: "~$USER", home: true},
		{path: "~${USER}/", home: true},
		{path: "~$LOGNAME", home: true},
		{path: "/hom[e]/u", home: true},
		{path: "/*/u", home: true},
		{path: "/Use?s/bob", home: true},
		{path: "/home/u*", home: true},
		{path: "/*/u/proj"},
		{path: "/hom[e]/u/proj/tmp"},
		{path: "~alice/proj"},
		{path: "~-"},
		{path: "~+"},
		{path: "~1"},
		{path: "~$X"},
		{path: "~alice/.ssh/id_rsa", sensitive: true},
		{path: "~$USER/.aws/credentials", sensitive: true},
		{path: "$HOME/.cache"},
		{path: "/dev/sda", block: true},
		{path: "/dev/nvme0n1p2", block: true},
		{path: "/dev/disk2", block: true},
		{path: "/dev/null"},
		{path: "/dev/sd"},
		{path: "~/.ssh/id_rsa", sensitive: true},
		{path: "$HOME/.ssh/authorized_keys", sensitive: true},
		{path: "~/.aws/credentials", sensitive: true},
		{path: ".env", sensitive: true},
		{path: "config/.env.production", sensitive: true},
		{path: "/etc/shadow", sensitive: true},
		{path: "server.pem", sensitive: true},
		{path: "terraform.tfvars", sensitive: true},
		{path: "infra/prod.tfstate", sensitive: true},
		{path: "app/release.jks", sensitive: true},
		{path: "android/debug.keystore", sensitive: true},
		{path: "wp-config.php", sensitive: true},
		{path: "~/.SSH/id_rsa", sensitive: true},
		{path: "~/.AWS/Credentials", sensitive: true},
		{path: "~/.SSH/id_rsa.pub"},
		// holes, 2026-12-03 (projhooks): JSON variables, and case where it is ignored
		{path: "infra/terraform.tfvars.json", sensitive: true},
		{path: ".ENV", sensitive: true},
		{path: "Terraform.TFSTATE", sensitive: true},
		{path: ".ENV.Local", sensitive: true},
		{path: ".ENV.example"},
		{path: ".Env.Sample"},
		{path: ".ENV.TEMPLATE"},
		{path: "terraform.tfvars.example"},
		{path: "variables.tf"},
		{path: ".env#backup"},
		{path: "~/.ssh.txt"},
		{path: "README.md"},
		{path: ""},
	}
	for _, tt := range tests {
		if got := isRoot(tt.path); got != tt.root {
			t.Errorf("isRoot(%q) = %t", tt.path, got)
		}
		if got := isHome(tt.path); got != tt.home {
			t.Errorf("isHome(%q) = %t", tt.path, got)
		}
		if got := isSystemDir(tt.path); got != tt.system {
			t.Errorf("isSystemDir(%q) = %t", tt.path, got)
		}
		if got := isBlockDevice(tt.path); got != tt.block {
			t.Errorf("isBlockDevice(%q) = %t", tt.path, got)
		}
		if got := sensitivePath(tt.path); got != tt.sensitive {
			t.Errorf("sensitivePath(%q) = %t", tt.path, got)
		}
	}
}

func TestUnder(t *testing.T) {
	tests := []struct {
		path, dir string
		want      bool
	}{
		{"/etc/hosts", "/etc", true},
		{"/etc", "/etc", true},
		{"/etcetera", "/etc", false},
		{"/tmp/../etc/passwd", "/etc", true},
		{"$HOME/.ssh/config", "~/.ssh", true},
		{"${HOME}/.ssh", "~", true},
		{"relative/etc", "/etc", false},
		{"/anything", "/", true},
		{"relative", "/", false},
		{"", "/etc", false},
	}
	for _, tt := range tests {
		if got := under(tt.path, tt.dir); got != tt.want {
			t.Errorf("under(%q, %q) = %t, want %t", tt.path, tt.dir, got, tt.want)
		}
	}
}

func TestFlags(t *testing.T) {
	tests := []struct {
		args  []string
		names []string
		want  bool
	}{
		{[]string{"-rf", "/"}, []string{"r"}, true},
		{[]string{"-fr", "/"}, []string{"-r"}, true},
		{[]string{"-r", "-f"}, []string{"f"}, true},
		{[]string{"--recursive"}, []string{"recursive"}, true},
		{[]string{"--recursive"}, []string{"--recursive"}, true},
		{[]string{"--force=true"}, []string{"force"}, true},
		{[]string{"--recur"}, []string{"recursive"}, false},
		{[]string{"--", "-rf"}, []string{"r"}, false},
		{[]string{"build", "-rf"}, []string{"r"}, true},
		{[]string{"-delete"}, []string{"delete"}, true},
		{[]string{"--dry-run"}, []string{"r"}, false},
		{[]string{"-R"}, []string{"r"}, false},
	}
	for _, tt := range tests {
		if got := hasFlag(tt.args, tt.names); got != tt.want {
			t.Errorf("hasFlag(%q, %q) = %t, want %t", tt.args, tt.names, got, tt.want)
		}
	}
	opts := []struct {
		args  []string
		names []string
		want  []string
	}{
		{[]string{"-o", "out", "x"}, []string{"o"}, []string{"out"}},
		{[]string{"-oout"}, []string{"o"}, []string{"out"}},
		{[]string{"--output=out"}, []string{"output"}, []string{"out"}},
		{[]string{"--output", "out"}, []string{"output"}, []string{"out"}},
		{[]string{"-d", "a", "--data=b", "-d"}, []string{"d", "data"}, []string{"a", "b"}},
		{[]string{"--", "-o", "x"}, []string{"o"}, nil},
	}
	for _, tt := range opts {
		got := optionValues(tt.args, tt.names, false)
		if len(got) != len(tt.want) {
			t.Errorf("optionValues(%q, %q) = %q, want %q", tt.args, tt.names, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("optionValues(%q, %q) = %q, want %q", tt.args, tt.names, got, tt.want)
			}
		}
	}
}

func TestURLHelpers(t *testing.T) {
	tests := []struct {
		arg, host, scheme string
	}{
		{"https://example.com/x", "example.com", "https"},
		{"http://user:pw@evil.com:8080/x", "evil.com", "http"},
		{"example.com/install.sh", "example.com", ""},
		{"10.0.0.1/internal", "10.0.0.1", ""},
		{"169.254.169.254", "169.254.169.254", ""},
		{"https://[::1]:8080/", "::1", "https"},
		{"main.go", "", ""},
		{"file.tar.gz", "", ""},
		{"src/main.go", "", ""},
		{"./x/y.com", "", ""},
		{"-o", "", ""},
		{"README", "", ""},
	}
	for _, tt := range tests {
		if got := urlHost(tt.arg); got != tt.host {
			t.Errorf("host(%q) = %q, want %q", tt.arg, got, tt.host)
		}
		if got := urlScheme(tt.arg); got != tt.scheme {
			t.Errorf("scheme(%q) = %q, want %q", tt.arg, got, tt.scheme)
		}
	}
	for h, want := range map[string]bool{"10.1.2.3": true, "192.168.0.1": true, "127.0.0.1": true, "8.8.8.8": false, "example.com": false} {
		if got := isPrivateIP(h); got != want {
			t.Errorf("isPrivateIP(%q) = %t", h, got)
		}
	}
	for h, want := range map[string]bool{"xn--80ak6aa92e.com": true, "a.xn--p1ai": true, "example.com": false} {
		if got := isPunycode(h); got != want {
			t.Errorf("isPunycode(%q) = %t", h, got)
		}
	}
	for in, want := range map[string]string{"@~/.ssh/id_rsa": "~/.ssh/id_rsa", "file=@/etc/passwd": "/etc/passwd", "f=<x;type=text": "x", "{\"a\":1}": "", "a=b": ""} {
		if got := dataFile(in); got != want {
			t.Errorf("dataFile(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNames(t *testing.T) {
	for n, want := range map[string][3]bool{ // shell, interpreter, downloader
		"bash": {true, true, false}, "BASH": {true, true, false}, "bash.exe": {true, true, false},
		"python3.11": {false, true, false}, "ruby3.2": {false, true, false}, "node": {false, true, false},
		"curl": {false, false, true}, "wget": {false, false, true}, "ls": {false, false, false},
	} {
		got := [3]bool{isShell(n), isInterpreter(n), isDownloader(n)}
		if got != want {
			t.Errorf("%s: shell/interpreter/downloader = %v, want %v", n, got, want)
		}
	}
}

func TestURLPort(t *testing.T) {
	for in, want := range map[string]string{
		"https://github.com:8443/api": "8443", "https://github.com/api": "", "http://u:p@h.com:80/": "80",
		"https://[::1]:8080/": "8080", "https://[::1]/": "", "10.0.0.1:2375": "2375", "main.go": "", "https://h.com:x/": "",
	} {
		if got := urlPort(in); got != want {
			t.Errorf("urlPort(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUntrustedPath(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  bool
	}{
		{"/tmp/evil:$PATH", true},
		{"$PATH:/var/tmp/x", true},
		{"/dev/shm:$PATH", true},
		{"/tmp", true},
		{"${TMPDIR}/bin:${PATH}", true},
		{".:$PATH", true},
		{":$PATH", true},
		{"$PATH:", false}, // the current directory last shadows nothing
		{"$PATH:.", false},
		{"$HOME/.local/bin:$PATH", false},
		{"./node_modules/.bin:$PATH", false},
		{"/usr/local/go/bin:$PATH", false},
		{"/tmpfiles/bin:$PATH", false},
		{"/tmp/../usr/bin:$PATH", false},
		{"", true}, // PATH= searches the current directory
	} {
		if got := untrustedPath(tt.value); got != tt.want {
			t.Errorf("untrustedPath(%q) = %t, want %t", tt.value, got, tt.want)
		}
	}
}

func TestSharedDir(t *testing.T) {
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/tmp", true}, {"/tmp/", true}, {"/tmp/evil", true}, {"/var/tmp/x/.git", true}, {"/dev/shm/x", true},
		{"$TMPDIR/x", true}, {"/tmp//evil", true}, {"/tmp/../tmp/evil", true}, {"/tmpx", false}, {"/home/u/tmp", false}, {"/tmp/../etc", false}, {"", false}, {".git", false},
	} {
		if got := sharedDir(tt.path); got != tt.want {
			t.Errorf("sharedDir(%q) = %t, want %t", tt.path, got, tt.want)
		}
	}
}

// TestOutsideProject: a path resolved against the command's directory
// outside the agent's project, the home spelled either way; temporary
// files, caches, run-time paths and an unknown project are not judged.
func TestOutsideProject(t *testing.T) {
	for _, tt := range []struct {
		path, dir, project, home string
		want                     bool
	}{
		{"~/Documents/a", "/home/u/proj", "/home/u/proj", "", true},
		{"/home/u/notes.md", "/home/u/proj", "/home/u/proj", "", true},
		{"../other/x", "/home/u/proj", "/home/u/proj", "", true},
		{"a.md", "/home/u/Documents", "/home/u/proj", "", true},
		{"~/proj/x.o", "/srv/u/proj", "/srv/u/proj", "/srv/u", false},
		{"~/Documents/a", "/srv/u/proj", "/srv/u/proj", "/srv/u", true},
		{"/srv/u/proj/x", "/srv/u/proj", "~/proj", "/srv/u", false},
		{"x.o", "/home/u/proj", "/home/u/proj", "", false},
		{"/home/u/proj/sub/x", "/home/u/proj", "/home/u/proj", "", false},
		{"/tmp/x", "/home/u/proj", "/home/u/proj", "", false},
		{"~/.cache/pip/x", "/home/u/proj", "/home/u/proj", "", false},
		{"/home/u/go/pkg/mod/cache/lock", "/home/u/proj", "/home/u/proj", "", false},
		{"/srv/u/.npm/_cacache/x", "/srv/u/proj", "/srv/u/proj", "/srv/u", false},
		{"~/.npm/bin/x", "/home/u/proj", "/home/u/proj", "", true},
		{"$F", "/home/u/proj", "/home/u/proj", "", false},
		{"$HOME/Documents/a.txt", "/home/u/proj", "/home/u/proj", "", true},
		{"${HOME}/Documents/a.txt", "/home/u/proj", "/home/u/proj", "", true},
		{"$HOME/proj/a.txt", "/home/u/proj", "/home/u/proj", "", false},
		{"-f", "/home/u/proj", "/home/u/proj", "", false},
		{"/dev/null", "/home/u/proj", "/home/u/proj", "", false},
		{"~/Documents/a", "/home/u/proj", "", "", false}, // no project known
		{"a.md", "", "/home/u/proj", "", false},          // relative to an unknown directory
	} {
		if got := outsideProject(tt.path, tt.dir, tt.project, tt.home); got != tt.want {
			t.Errorf("outsideProject(%q, dir %q, project %q, home %q) = %v, want %v", tt.path, tt.dir, tt.project, tt.home, got, tt.want)
		}
	}
}

func TestSystemFile(t *testing.T) {
	for path, want := range map[string]bool{
		"/etc/group":               true,
		"/etc/ssh/ssh_config":      true,
		"/root/.bashrc":            true,
		"/var/log/auth.log":        true,
		"/proc/cpuinfo":            true,
		"/sys/kernel/kexec_loaded": true,
		"/boot/grub/grub.cfg":      true,
		"/usr/../etc/passwd":       true,
		"/private/etc/hosts":       true,
		"/etc":                     false,
		"/etc/":                    false,
		"/etcetera/x":              false,
		"/var/lib/x":               false,
		"dist/app.tgz":             false,
		"etc/config.yaml":          false,
		"~/proc/x":                 false,
		"":                         false,
	} {
		if got := systemFile(path); got != want {
			t.Errorf("systemFile(%q) = %t, want %t", path, got, want)
		}
	}
}

func TestMayName(t *testing.T) {
	tests := []struct {
		path, target string
		want         bool
	}{
		{"~/.b*", "~/.bashrc", true},
		{"~/.bashr?", "~/.bashrc", true},
		{"~/.[bp]*", "~/.profile", true},
		{"$HOME/.b*", "~/.bashrc", true},
		{"/home/u/.z*", "~/.zshrc", true},
		{"/root/.z*", "~/.zshrc", true},
		{"~/.s*/id_*", "~/.ssh/id_rsa", true},
		{"~/.c*", "~/.config/git", true},
		{"~/.ssh/*", "~/.ssh", true},
		{"~", "~/.bashrc", true},
		{"~/.bashrc", "~/.bashrc", true},
		{"/etc/pass*", "/etc/passwd", true},
		{"~/.bashrc.*", "~/.bashrc", false},
		{"~/.zcompdump*", "~/.zshrc", false},
		{"~/.cache/*", "~/.config/git", false},
		{"*", "~/.bashrc", false},
		{"*.o", "~/.bashrc", false},
		{"/tmp/*", "~/.bashrc", false},
		{"~/.bashrc.bak", "~/.bashrc", false},
		{"", "~/.bashrc", false},
		// the shell's [!…], character classes, a literal "]" in a set
		{"~/.[!.]*", "~/.bashrc", true},
		{"~/.[!.]?*", "~/.bashrc", true},
		{"~/.[!a]*", "~/.bashrc", true},
		{"~/.[!b]*", "~/.bashrc", false},
		{"~/.[^b]ashrc", "~/.bashrc", false},
		{"~/.[[:alpha:]]*", "~/.bashrc", true},
		{"~/.[[:digit:]x]*", "~/.bashrc", true},
		{"~/.[]b]ashrc", "~/.bashrc", true},
		{"~/.[!]]ashrc", "~/.bashrc", true},
		{"~/.bash[", "~/.bash[", true},
		{"~/.bash[rc", "~/.bashrc", false},
	}
	for _, tt := range tests {
		if got := mayName(tt.path, tt.target); got != tt.want {
			t.Errorf("mayName(%q, %q) = %v, want %v", tt.path, tt.target, got, tt.want)
		}
	}
}
