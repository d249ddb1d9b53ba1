package dsl

import "testing"

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
