package cmdline

import "strings"

// zshNamingOptions are, for each zsh module builtin that assigns by
// name, the option letters whose value names a variable it assigns, the
// other letters that take a value and those that take none (any other
// letter starts its operands), the variable it assigns by default (""
// for none), and which operands are names: "last", "first", or "specs"
// (zparseopts's OPT=NAME).
var zshNamingOptions = map[string]struct {
	naming, valued, flags, fallback, operands string
}{
	"sysread":    {naming: "c", valued: "iost", fallback: "REPLY", operands: "last"},
	"zparseopts": {naming: "aA", flags: "DEFKM", operands: "specs"},
	"strftime":   {naming: "s", flags: "qrn"},
	"zstat":      {naming: "AH", valued: "f", flags: "gnNolLrs+"},
	"zselect":    {naming: "aA", valued: "tr"},
	"zformat":    {naming: "fa"},
	"getln":      {flags: "AclneE", fallback: "REPLY", operands: "first"},
	"ztcp":       {flags: "acdflLtv", fallback: "REPLY"},
	"zsocket":    {flags: "adltv", fallback: "REPLY"},
}

// zshModuleWriter reports a zsh module builtin that assigns by name.
func zshModuleWriter(name string) bool {
	_, ok := zshNamingOptions[name]
	return ok
}

// zshModuleNames are the words naming the variables a zsh module
// builtin assigns (zshNamingOptions).
func zshModuleNames(name string, args []field) []field {
	spec, ok := zshNamingOptions[name]
	if !ok {
		return nil
	}
	var names, operands []field
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Value == "--" || a.Value == "-" {
			operands = append(operands, args[i+1:]...)
			break
		}
		if a.Dynamic || len(a.Value) < 2 || a.Value[0] != '-' {
			operands = append(operands, a)
			continue
		}
		if strings.Trim(a.Value[1:], spec.naming+spec.valued+spec.flags) != "" && !strings.ContainsAny(a.Value[1:2], spec.naming+spec.valued) {
			operands = append(operands, args[i:]...) // zparseopts -verbose=v: a spec
			break
		}
		for j := 1; j < len(a.Value); j++ {
			letter := rune(a.Value[j])
			if !strings.ContainsRune(spec.naming+spec.valued, letter) {
				continue
			}
			v := field{Word: Word{Value: a.Value[j+1:]}}
			if v.Value == "" && i+1 < len(args) {
				i++
				v = args[i]
			}
			if strings.ContainsRune(spec.naming, letter) {
				names = append(names, v)
			}
			break
		}
	}
	switch {
	case spec.operands == "specs":
		for _, o := range operands {
			if o.Dynamic {
				names = append(names, o) // a spec known only as the line runs may name any variable
			} else if i := strings.LastIndexByte(o.Value, '='); i >= 0 {
				names = append(names, field{Word: Word{Value: o.Value[i+1:]}}) // a:=X, v+=X
			}
		}
	case spec.operands == "last" && len(operands) > 0:
		names = append(names, operands[len(operands)-1])
	case spec.operands == "first" && len(operands) > 0:
		names = append(names, operands[0])
	case spec.fallback != "":
		names = append(names, field{Word: Word{Value: spec.fallback}})
	}
	return names
}
