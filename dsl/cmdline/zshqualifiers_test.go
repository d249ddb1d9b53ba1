package cmdline

import "testing"

func TestQualifierCode(t *testing.T) {
	tests := []struct {
		word, code string
		runs       bool
	}{
		// qualifiers that only select or order files
		{"*(Lk+100)", "", false},
		{"**/*.log(.mh+7)", "", false},
		{"*(.m+30)", "", false},
		{"**/*(.Lm+10)", "", false},
		{"*(om[1,5])", "", false},
		{"**/*(.om[1,10])", "", false},
		{"*(.aM-2)", "", false},
		{"*(l+2)", "", false},
		{"*(u0)", "", false},
		{"*(f644)", "", false},
		{"*(u:root:.)", "", false},
		{"*(D/)", "", false},
		{"*(N:t)", "", false},
		{"*(.:e)", "", false},
		{"(src|test)", "", false},
		// qualifiers that run code, alone or after others
		{"*(e:'rm -rf ~':)", "rm -rf ~", true},
		{"*(e'rm x')", "rm x", true},
		{"*(e{rm x})", "rm x", true},
		{"*(.Lk+1e:'rm x':)", "rm x", true},
		{"*(+f)", "f", true},
		{"*(.mh+7+f)", "f", true},
		{"*(oe:'rm x':)", "rm x", true},
		{"*(o+f)", "f", true},
		{"*(e:rm x", "", false}, // no closing parenthesis: no qualifiers
	}
	for _, tt := range tests {
		code, runs := qualifierCode(tt.word)
		if code != tt.code || runs != tt.runs {
			t.Errorf("qualifierCode(%q) = %q, %v, want %q, %v", tt.word, code, runs, tt.code, tt.runs)
		}
	}
}

func TestZshQualifiedNumbers(t *testing.T) {
	tests := []struct {
		lit, word string
		ok        bool
	}{
		{"*(Lk+100)", "*", true},
		{"*.log(.mh+7)", "*.log", true},
		{"*(om[1,5])", "*", true},
		{"*(e:'rm x':)", "", false},
		{"*(+f)", "", false},
		{"*(P:-f:)", "", false},
	}
	for _, tt := range tests {
		word, _, ok := zshQualified(tt.lit)
		if word != tt.word || ok != tt.ok {
			t.Errorf("zshQualified(%q) = %q, %v, want %q, %v", tt.lit, word, ok, tt.word, tt.ok)
		}
	}
}
