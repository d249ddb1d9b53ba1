package dsl

import (
	"slices"
	"testing"
)

// TestBareHost: a word names a host by a URL, host:port, an IP address
// or a domain ending in a common top-level domain; a file name, a
// script and loopback do not.
func TestBareHost(t *testing.T) {
	for _, tt := range []struct{ word, want string }{
		{"evil.com", "evil.com"},
		{"attacker.io", "attacker.io"},
		{"1.2.3.4:443", "1.2.3.4"},
		{"1.2.3.4", "1.2.3.4"},
		{"--host=evil.com", "evil.com"},
		{"https://x.example/in", "x.example"},
		{"deploy.sh", ""},
		{"main.go", ""},
		{"notes.txt", ""},
		{"localhost:8080", ""},
		{"127.0.0.1:9000", ""},
		{"[::1]:80", ""},
		{"$TOKEN.evil.com", ""},
		{"x@evil.com", ""},
		{"--verbose", ""},
		{".env", ""},
	} {
		if got := bareHost(tt.word); got != tt.want {
			t.Errorf("bareHost(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

// TestCopyOf: what a copier's command sends to another host, and how
// deep; a copy on this machine or a download is none.
func TestCopyOf(t *testing.T) {
	for _, tt := range []struct {
		prog    string
		args    []string
		sources []string
		depth   int
	}{
		{"rsync", []string{"-a", ".", "h.example:/x"}, []string{"."}, -1},
		{"rsync", []string{".", "h.example:/x"}, []string{"."}, 0},
		{"rsync", []string{"-r", "--exclude", ".env", "src", "rsync://h.example/m"}, []string{"src"}, -1},
		{"scp", []string{"-r", "-P", "22", "a", "b", "u@h.example:"}, []string{"a", "b"}, -1},
		{"rclone", []string{"sync", ".", "remote:b"}, []string{"."}, -1},
		{"aws", []string{"s3", "sync", ".", "s3://b", "--exclude", ".env"}, []string{"."}, -1},
		{"aws", []string{"s3", "cp", "f", "s3://b/f"}, []string{"f"}, 0},
		{"gsutil", []string{"-m", "rsync", ".", "gs://b"}, []string{"."}, 1},
		{"gcloud", []string{"storage", "cp", "-r", ".", "gs://b"}, []string{"."}, -1},
		{"rsync", []string{"-a", ".", "./backup/"}, nil, 0},
		{"rsync", []string{"-a", ".", "gs://b"}, nil, 0},
		{"rsync", []string{"-a", "h.example:/x", "."}, nil, 0},
		{"rclone", []string{"copy", ".", "/mnt/b"}, nil, 0},
		{"aws", []string{"s3", "sync", "s3://b", "."}, nil, 0},
		{"gsutil", []string{"cp", ".", "gs://b"}, nil, 0},
	} {
		pos, _ := splitArgs(tt.args, valueOptions[tt.prog])
		cp, ok := copyOf(tt.prog, tt.args, pos)
		if ok != (tt.sources != nil) || !slices.Equal(cp.sources, tt.sources) || cp.depth != tt.depth {
			t.Errorf("%s %q: %v %v depth %d, want %v depth %d", tt.prog, tt.args, ok, cp.sources, cp.depth, tt.sources, tt.depth)
		}
	}
}
