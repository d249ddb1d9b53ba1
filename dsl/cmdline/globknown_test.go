package cmdline

import "testing"

func TestGlobWitness(t *testing.T) {
	for _, c := range []struct {
		a, b, want string
		ok         bool
	}{
		{"even?3", "event*", "event3", true},
		{"x.*o", "*.so", "x.so", true},
		{"x_*k", "*.ipk", "x_.ipk", true},
		{"[ab]*", "b*", "b0", true},
		{"x.?o", "*.py", "", false},
		{"a*", "b*", "", false},
	} {
		got, ok := globWitness(c.a, c.b)
		if got != c.want || ok != c.ok {
			t.Errorf("globWitness(%q, %q) = %q, %v; want %q, %v", c.a, c.b, got, ok, c.want, c.ok)
		}
	}
}

func TestMatchName(t *testing.T) {
	for _, c := range []struct {
		comp, name, want string
		ok               bool
	}{
		{"fa*e", "false", "false", true},
		{"*", ".env", "", false},       // no leading dot without one of its own
		{".e?v", ".env", ".env", true}, // with one
		{"x*", "*", "", false},         // * alone says nothing of a name
		{"id_*", "id_*", "id_0", true},
		{".*ignore", ".bash*", "", false}, // a start the glob does not fix
		{"x.so*", "*.so", "", false},      // an ending it does not fix
		{"x.*o", "*.so", "x.so", true},
	} {
		got, ok := matchName(c.comp, c.name, false)
		if got != c.want || ok != c.ok {
			t.Errorf("matchName(%q, %q) = %q, %v; want %q, %v", c.comp, c.name, got, ok, c.want, c.ok)
		}
	}
}

func TestGlobKinds(t *testing.T) {
	for _, c := range []struct {
		comp               string
		everyOfKind, names bool
	}{
		{"*.log", true, true},
		{"*.?og", false, true},
		{"au*g", false, true},
		{"c*", false, false},
		{".*", false, false},
		{".e?v", false, true},
	} {
		if got := everyOfKind(c.comp); got != c.everyOfKind {
			t.Errorf("everyOfKind(%q) = %v", c.comp, got)
		}
		if got := namesOne(c.comp); got != c.names {
			t.Errorf("namesOne(%q) = %v", c.comp, got)
		}
	}
}

func TestLinePathsGlob(t *testing.T) {
	w := &walker{src: `printf x > /t??/n.conf; nginx -c /tmp/n.conf; cat ~/.ss?/id_rsa /home/u/notes`}
	tree := w.linePaths()
	for _, c := range []struct {
		glob string
		want []string
	}{
		{"/t??/n.conf", []string{"/tmp/n.conf"}},
		{"/tmp/n.co?f", []string{"/tmp/n.conf"}},
		{"~/no?es", []string{"~/notes"}},
	} {
		if got := globPathsDots(c.glob, false, tree); len(got) != 1 || got[0] != c.want[0] {
			t.Errorf("globPathsDots(%q) = %q; want %q", c.glob, got, c.want)
		}
	}
}
