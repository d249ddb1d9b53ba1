package catalogsrc

import (
	"fmt"
	"strings"
	"testing"
)

// TestCheckKind: each kind takes only the fields that mean something to
// the table it is generated into.
func TestCheckKind(t *testing.T) {
	for _, tc := range []struct {
		e    Entry
		want string // a part of the one error, "" for none
	}{
		{Entry{Kind: "wrapper", Args: "u", Split: "S", Assigns: true, Operands: 1, Stop: "l"}, ""},
		{Entry{Kind: "options", Args: "g", Long: []string{"glob"}, Code: []Code{{Option: "--pre", Lang: "hook"}}}, ""},
		{Entry{Kind: "options", Code: []Code{{Option: "-I", Lang: "sh", Helpers: []string{"@compressor"}}, {Option: "-TT", Lang: "sh"}}}, ""},
		{Entry{Kind: "options", LongSplit: []string{"pre"}}, `longSplit is not a field of kind "options"`},
		{Entry{Kind: "options", Code: []Code{{Option: "+", Lang: "sh"}}}, `an options entry's code options are`},
		{Entry{Name: "@pager", Kind: "helpers", Helpers: []string{"less"}}, ""},
		{Entry{Name: "@pager", Kind: "helpers", Helpers: []string{"less"}, Args: "x"}, `args is not a field of kind "helpers"`},
		{Entry{Name: "@pager", Kind: "helpers"}, `a kind of helper names its programs`},
		{Entry{Name: "pager", Kind: "helpers", Helpers: []string{"less"}}, `a name starting with @ is a kind of helper`},
		{Entry{Name: "@less"}, `a name starting with @ is a kind of helper`},
		{Entry{Helpers: []string{"less"}}, `helpers is not a field of kind ""`},
		{Entry{Runs: "argv", Args: "w", Operands: 1, Stop: "c"}, ""},
		{Entry{Kind: "wrapper", Runs: "argv"}, `runs is not a field of kind "wrapper"`},
		{Entry{Kind: "options", Operands: 1}, `operands is not a field of kind "options"`},
		{Entry{Code: []Code{{Option: "-x", Lang: "vim", Helpers: []string{"less"}}}}, `helpers are read for the languages sh, path-program, sshopt, argv-comma and cmake-define only`},
		{Entry{Split: "S"}, `split is not a field of kind ""`},
		{Entry{Assigns: true}, `assigns is not a field of kind ""`},
		{Entry{Kind: "launcher"}, `kind "launcher", want wrapper, options, helpers or none`},
	} {
		errs := checkKind("x.yaml: p", tc.e)
		got := fmt.Sprint(errs)
		switch {
		case tc.want == "" && len(errs) > 0:
			t.Errorf("%+v: %s, want no error", tc.e, got)
		case tc.want != "" && (len(errs) != 1 || !strings.Contains(got, tc.want)):
			t.Errorf("%+v: %s, want one error with %q", tc.e, got, tc.want)
		}
	}
}

// TestExpandHelpers: a kind of helper named in a list is spelled as its
// programs, a kind within a kind too, each program once; a kind no entry
// names, and one that names itself, are errors.
func TestExpandHelpers(t *testing.T) {
	sets := map[string][]string{"@c": {"gzip", "xz"}, "@f": {"@c", "cat", "gzip"}, "@loop": {"@loop2"}, "@loop2": {"@loop"}}
	for _, tc := range []struct {
		list []string
		want string
	}{
		{[]string{"less"}, "[less]"},
		{[]string{"@f"}, "[gzip xz cat]"},
		{[]string{"tee", "@c", "xz"}, "[tee gzip xz]"},
		{[]string{"@none"}, "error: helpers @none: no entry of kind helpers has that name"},
		{[]string{"@loop"}, "error: helpers @loop: names itself"},
	} {
		got, err := expand(tc.list, sets, nil)
		s := fmt.Sprint(got)
		if err != nil {
			s = "error: " + err.Error()
		}
		if s != tc.want {
			t.Errorf("%v: %s, want %s", tc.list, s, tc.want)
		}
	}
}
