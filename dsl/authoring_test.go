package dsl

import (
	"strings"
	"testing"
)

// TestAuthoringErrors: mistakes a rule author makes get an error at the
// place, saying what to do.
func TestAuthoringErrors(t *testing.T) {
	for _, tc := range []struct{ name, yaml, want string }{
		{"negation read as a tag", "- id: x\n  level: ask\n  when: !hasFlag(force)\n  message: m\n",
			`bad.yaml:3:9: rule x: when: the value starts with !hasFlag(force), which YAML reads as a tag, not as part of the value; quote it: when: '!hasFlag(force)'`},
		{"negation with quotes inside", "- id: x\n  level: ask\n  when: !hasFlag(\"force\")\n  message: m\n",
			`bad.yaml:3:1: invalid yaml: did not find expected whitespace or line break (a value starting with ! is a YAML tag: quote the expression`},
	} {
		_, err := Parse(Source{Path: "bad.yaml", Data: []byte(tc.yaml), Origin: User})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v\nwant %s", tc.name, err, tc.want)
		}
	}
}

// TestExamplePlaces: a failing example is reported at its own line.
func TestExamplePlaces(t *testing.T) {
	src := `- id: tf-target
  level: ask
  on: [terraform]
  when: option("target") != ""
  message: m
  examples:
    match:
      - terraform apply -target=aws_instance.x
      - terraform plan -target aws_instance.x
      - terraform plan --target=x
      - terraform plan
    nomatch:
      - terraform apply
      - terraform destroy -target=y
`
	rs := mustParse(t, User, src)
	var got []string
	for _, f := range rs[0].TestExamples() {
		got = append(got, f.Error())
	}
	want := []string{
		`user.yaml:11:9: rule tf-target: match: example does not fire: "terraform plan"`,
		`user.yaml:14:9: rule tf-target: nomatch: example fires: "terraform destroy -target=y"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestOptionValues: option() reads every spelling hasFlag accepts.
func TestOptionValues(t *testing.T) {
	for _, tc := range []struct {
		args  string
		names []string
		want  string
	}{
		{"apply -target=aws_instance.x", []string{"target"}, "aws_instance.x"},
		{"apply -target aws_instance.x", []string{"target"}, "aws_instance.x"},
		{"apply --target=x", []string{"target"}, "x"},
		{"apply --target x", []string{"target"}, "x"},
		{"-o out.txt", []string{"o", "output"}, "out.txt"},
		{"-oout.txt", []string{"o"}, "out.txt"},
		{"--output=f", []string{"o", "output"}, "f"},
		{"-- -target=x", []string{"target"}, ""},
		{"apply", []string{"target"}, ""},
	} {
		v := optionValues(strings.Fields(tc.args), tc.names, true)
		got := ""
		if len(v) > 0 {
			got = v[0]
		}
		if got != tc.want {
			t.Errorf("option(%q) in %q = %q, want %q", tc.names, tc.args, got, tc.want)
		}
	}
}
