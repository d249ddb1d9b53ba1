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
		{Entry{Kind: "options", Args: "g", Long: []string{"glob"}, LongSplit: []string{"pre"}}, ""},
		{Entry{Runs: "argv", Args: "w", Operands: 1, Stop: "c"}, ""},
		{Entry{Kind: "wrapper", Runs: "argv"}, `runs is not a field of kind "wrapper"`},
		{Entry{Kind: "options", Operands: 1}, `operands is not a field of kind "options"`},
		{Entry{Kind: "options", Code: []Code{{Option: "-c", Lang: "sh"}}}, `code is not a field of kind "options"`},
		{Entry{Code: []Code{{Option: "-x", Lang: "vim", Helpers: []string{"less"}}}}, `helpers are read for the languages sh and sshopt only`},
		{Entry{Split: "S"}, `split is not a field of kind ""`},
		{Entry{Assigns: true}, `assigns is not a field of kind ""`},
		{Entry{Kind: "launcher"}, `kind "launcher", want wrapper, options or none`},
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
