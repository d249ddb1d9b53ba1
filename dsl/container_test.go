package dsl

import (
	"slices"
	"testing"

	"github.com/hguard/hguard/dsl/cmdline"
)

// TestContainerSecrets: what a container runner gives of this machine's
// secrets, and what it gives that is none.
func TestContainerSecrets(t *testing.T) {
	for _, tc := range []struct {
		line, cwd string
		want      []string
	}{
		{"docker run --env-file .env app", "", []string{".env"}},
		{"docker run --env-file .env.example --env-file config/defaults.txt app", "", nil},
		{"docker run --env-file /proc/self/environ app", "", []string{"/proc/self/environ"}},
		{"docker run -e AWS_SECRET_ACCESS_KEY -e HOME -e NODE_ENV=production app", "", []string{"$AWS_SECRET_ACCESS_KEY"}},
		{"docker run -e T=$GITHUB_TOKEN -e D=$HOME/data app", "", []string{"$GITHUB_TOKEN"}},
		{"kubectl run x --image=a --env=K=$OPENAI_API_KEY -- sh", "", []string{"$OPENAI_API_KEY"}},
		{"podman run -e 'AWS_*' app", "", []string{"$AWS_*"}},
		{"docker run -v ~/.ssh:/k -v ~/.cache/pip:/c -v ./data:/d -v $PWD:/src app", "", []string{"~/.ssh"}},
		{"docker run -v $PWD:/h app", "/home/u", []string{"."}},
		{"docker run --mount type=bind,src=$HOME/.aws/credentials,dst=/c app", "", []string{"$HOME/.aws/credentials"}},
		{"docker build ~/.aws", "", []string{"~/.aws"}},
		{"docker build .", "/home/u/proj", nil},
		{"docker build --secret id=k,src=$HOME/.ssh/id_rsa .", "", nil},
		{"docker buildx build --push --secret id=k,src=$HOME/.ssh/id_rsa .", "", []string{"$HOME/.ssh/id_rsa"}},
		{"docker ps", "", nil},
	} {
		var got []string
		for _, c := range cmdline.ParseShell(tc.line, "bash").Commands {
			if c.Container != nil {
				got = append(got, containerSecrets(c.Container, tc.cwd, nil)...)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q in %q: %q, want %q", tc.line, tc.cwd, got, tc.want)
		}
	}
}

// TestHostFile: inside a container only what is mounted from here, and
// its environment, is this machine's.
func TestHostFile(t *testing.T) {
	for _, tc := range []struct {
		f      string
		mounts []string
		cwd    string
		want   bool
	}{
		{"~/.ssh/id_rsa", []string{"~/.ssh"}, "", true},
		{"$HOME/.aws/credentials", []string{"$HOME/.aws"}, "", true},
		{"/etc/shadow", []string{"~/.ssh"}, "", false},
		{"/etc/shadow", nil, "", false},
		{"/proc/self/environ", nil, "", true},
		{".env", []string{"."}, "", true},
		{".env", []string{"~/.ssh"}, "", false},
		{"/home/u/proj/.env", []string{"."}, "/home/u/proj", true},
		{"/home/u/other/.env", []string{"."}, "/home/u/proj", false},
	} {
		if got := hostFile(tc.f, tc.mounts, tc.cwd); got != tc.want {
			t.Errorf("hostFile(%q, %q, %q) = %t, want %t", tc.f, tc.mounts, tc.cwd, got, tc.want)
		}
	}
}
