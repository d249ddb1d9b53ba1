package dsl

import (
	"slices"
	"testing"
)

func TestExtractionArchive(t *testing.T) {
	tests := []struct {
		prog     string
		args     []string
		archive  string
		dir      string
		absolute bool
	}{
		{"tar", []string{"xf", "a.tar"}, "a.tar", "", false},
		{"tar", []string{"xCf", "out", "a.tar"}, "a.tar", "out", false},
		{"tar", []string{"-xzf", "a.tgz", "-C", "out"}, "a.tgz", "out", false},
		{"tar", []string{"-x", "-fa.tar", "-Cout"}, "a.tar", "out", false},
		{"tar", []string{"--extract", "--file", "a.tar", "--directory=out"}, "a.tar", "out", false},
		{"tar", []string{"-xPf", "a.tar"}, "a.tar", "", true},
		{"tar", []string{"xf", "-"}, "", "", false},
		{"tar", []string{"xf", "a.tar", "README.md"}, "", "", false}, // members named: extractedMembers'
		{"tar", []string{"tf", "a.tar"}, "", "", false},
		{"tar", []string{"czf", "a.tgz", "src"}, "", "", false},
		{"bsdtar", []string{"-xf", "a.tar"}, "a.tar", "", false},
		{"unzip", []string{"-o", "a.zip", "-d", "out"}, "a.zip", "out", false},
		{"unzip", []string{"-qo", "a.zip"}, "a.zip", "", false},
		{"unzip", []string{"-:", "a.zip"}, "a.zip", "", true},
		{"unzip", []string{"-l", "a.zip"}, "", "", false},
		{"unzip", []string{"-j", "a.zip"}, "", "", false},
		{"unzip", []string{"a.zip", "src/*"}, "", "", false},
		{"jar", []string{"xf", "a.jar"}, "a.jar", "", false},
		{"jar", []string{"-xvf", "a.jar"}, "a.jar", "", false},
		{"jar", []string{"--extract", "--file=a.jar"}, "a.jar", "", false},
		{"jar", []string{"tf", "a.jar"}, "", "", false},
		{"jar", []string{"xf", "a.jar", "META-INF/x"}, "", "", false},
		{"7z", []string{"x", "a.zip", "-oout"}, "a.zip", "out", false},
		{"7z", []string{"l", "a.zip"}, "", "", false},
		{"python", []string{"-m", "zipfile", "-e", "a.zip", "out"}, "a.zip", "out", false},
		{"python", []string{"-m", "tarfile", "-e", "a.tar"}, "a.tar", "", false},
		{"python", []string{"-m", "zipfile", "-l", "a.zip"}, "", "", false},
		{"cat", []string{"a.tar"}, "", "", false},
	}
	for _, tt := range tests {
		pos, _ := splitArgs(tt.args, valueOptions[tt.prog])
		archive, dir, absolute := extractionArchive(tt.prog, tt.args, pos)
		if archive != tt.archive || dir != tt.dir || absolute != tt.absolute {
			t.Errorf("%s %q: %q %q %v, want %q %q %v", tt.prog, tt.args, archive, dir, absolute, tt.archive, tt.dir, tt.absolute)
		}
	}
}

func TestCreatedArchive(t *testing.T) {
	tests := []struct {
		prog    string
		args    []string
		ok      bool
		archive string
		inputs  []string
	}{
		{"jar", []string{"cf", "k.jar", "~/.ssh", "~/.aws"}, true, "k.jar", []string{"~/.ssh", "~/.aws"}},
		{"jar", []string{"cvfm", "k.jar", "m.txt", "~/.aws"}, true, "k.jar", []string{"~/.aws"}},
		{"jar", []string{"cmf", "m.txt", "k.jar", "a"}, true, "k.jar", []string{"a"}},
		{"jar", []string{"-cvf", "k.jar", "a"}, true, "k.jar", []string{"a"}},
		{"jar", []string{"-c", "-f", "k.jar", "-C", "~", ".ssh"}, true, "k.jar", []string{"~/.ssh"}},
		{"jar", []string{"--create", "--file=k.jar", "a"}, true, "k.jar", []string{"a"}},
		{"jar", []string{"c", "a"}, true, "", []string{"a"}}, // to standard output
		{"jar", []string{"tf", "k.jar"}, false, "", nil},
		{"jar", []string{"xf", "k.jar"}, false, "", nil},
		{"python3", []string{"-m", "zipfile", "-c", "k.zip", "~/.ssh"}, true, "k.zip", []string{"~/.ssh"}},
		{"python3", []string{"-m", "tarfile", "--create", "k.tar", "a", "b"}, true, "k.tar", []string{"a", "b"}},
		{"python3", []string{"-m", "zipfile", "-e", "k.zip", "out"}, false, "", nil},
		{"ar", []string{"rcs", "k.a", "x.o"}, true, "k.a", []string{"x.o"}},
		{"ar", []string{"-q", "k.a", "x.o"}, true, "k.a", []string{"x.o"}},
		{"ar", []string{"t", "k.a"}, false, "", nil},
		{"ar", []string{"x", "k.a"}, false, "", nil},
		{"pax", []string{"-wf", "k.pax", "~/.ssh"}, true, "k.pax", []string{"~/.ssh"}},
		{"pax", []string{"-w", "-x", "ustar", "~/.ssh"}, true, "", []string{"~/.ssh"}},
		{"pax", []string{"-rw", "src", "dst"}, false, "", nil},
		{"pax", []string{"-r", "-f", "k.pax"}, false, "", nil},
		{"cpio", []string{"-ov", "-O", "k.cpio"}, true, "k.cpio", nil},
		{"cpio", []string{"-o"}, true, "", nil},
		{"cpio", []string{"-idv"}, false, "", nil},
		{"zip", []string{"-r", "k.zip", "a"}, false, "", nil}, // archiveOperands' own case
	}
	for _, tt := range tests {
		cr, ok := createdArchive(tt.prog, tt.args)
		if ok != tt.ok || cr.archive != tt.archive || !slices.Equal(cr.inputs, tt.inputs) {
			t.Errorf("%s %q: %q %q %v, want %q %q %v", tt.prog, tt.args, cr.archive, cr.inputs, ok, tt.archive, tt.inputs, tt.ok)
		}
	}
}

func TestSecretMember(t *testing.T) {
	tests := []struct {
		member, secret string
		ok             bool
	}{
		{"id_rsa", "id_rsa", true},
		{".ssh/id_rsa", ".ssh/id_rsa", true},
		{"./.aws/credentials", "~/.aws/credentials", true},
		{"/home/u/.aws/credentials", "~/.aws/credentials", true},
		{"backup/home/u/.kube/config", "~/.kube/config", true},
		{"app/.env", "app/.env", true},
		{".ssh/id_rsa.pub", "", false},
		{"app/.env.example", "", false},
		{"src/main.go", "", false},
		{".ssh/", "", false},
		{"credentials", "", false}, // alone: awsShaped with a config beside it
		{"", "", false},
	}
	for _, tt := range tests {
		if s, ok := secretMember(tt.member); s != tt.secret || ok != tt.ok {
			t.Errorf("secretMember(%q) = %q, %v; want %q, %v", tt.member, s, ok, tt.secret, tt.ok)
		}
	}
	if !awsShaped([]string{"config", "credentials"}) || !awsShaped([]string{"./credentials", "./config"}) || awsShaped([]string{"credentials", "src/config"}) {
		t.Error("awsShaped: want a credentials beside a config at the top only")
	}
}
