package dsl

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/hguard/hguard/dsl/cmdline"
)

// Source is one rule file to load.
type Source struct {
	Path   string // as shown in errors
	Data   []byte
	Origin Origin
	Lazy   bool // defer compiling each rule to its first use (for files known to compile whole)
}

// isKebab reports whether id is kebab-case: lowercase letters and digits
// in words joined by single dashes.
func isKebab(id string) bool {
	if id == "" || id[0] == '-' || id[len(id)-1] == '-' || strings.Contains(id, "--") {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// maxRuleFile bounds one rule file; rule files are small and hand-written.
const maxRuleFile = 4 << 20

// Parse reads one rule file: a YAML sequence of rules. Every problem is
// reported as an *Error naming path:line:col, the rule id and the field;
// all problems found are returned, joined.
func Parse(src Source) ([]*Rule, error) {
	file := Pos{File: src.Path}
	if len(src.Data) > maxRuleFile {
		return nil, &Error{Pos: file, Msg: fmt.Sprintf("file is %d bytes, over the limit of %d", len(src.Data), maxRuleFile)}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(src.Data, &doc); err != nil {
		return nil, tagHint(YAMLError(file, err), src.Data)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, nil // an empty file holds no rules
	}
	root := doc.Content[0]
	if root.Kind != yaml.SequenceNode {
		return nil, &Error{Pos: at(file, root), Msg: "want a list of rules (each item starting with \"- id: …\")"}
	}
	var (
		rules []*Rule
		errs  []error
	)
	for _, item := range root.Content {
		r, err := parseRule(file, src.Origin, item)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if r.whenSrc != nil {
			r.whenSrc.data = src.Data
		}
		// A rule at level allow switches a built-in off and is never
		// evaluated, so a lazy compile would never report its mistakes.
		if !src.Lazy || r.Level == Allow {
			if err := r.ensureCompiled(); err != nil {
				errs = append(errs, err)
				continue
			}
		}
		rules = append(rules, r)
	}
	return rules, errors.Join(errs...)
}

// YAMLError turns an error of the YAML decoder about file into an *Error
// at the line it names ("yaml: line 3: …").
func YAMLError(file Pos, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			if line, err := strconv.Atoi(n); err == nil && line > 0 {
				file.Line, file.Col, msg = line, 1, after
			}
		}
	}
	return &Error{Pos: file, Msg: "invalid yaml: " + msg}
}

// tagRe is a field whose value starts with "!": YAML reads a tag there.
// Compiled on first use: only a YAML error needs it.
var tagRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*(?:-\s+)?[A-Za-z_-]+:\s*!`) })

// tagHint adds the likely fix to a YAML error on a line like
// `when: !hasFlag("x")`: the ! starts a YAML tag, so the expression needs
// quotes.
func tagHint(err error, data []byte) error {
	var e *Error
	if !errors.As(err, &e) || e.Pos.Line == 0 {
		return err
	}
	lines := strings.Split(string(data), "\n")
	if e.Pos.Line > len(lines) || !tagRe().MatchString(lines[e.Pos.Line-1]) {
		return err
	}
	e.Msg += " (a value starting with ! is a YAML tag: quote the expression, as in when: '!hasFlag(\"force\")')"
	return err
}

func at(file Pos, n *yaml.Node) Pos {
	file.Line, file.Col = n.Line, n.Column
	return file
}

func parseRule(file Pos, origin Origin, n *yaml.Node) (*Rule, error) {
	r := &Rule{Origin: origin, Pos: at(file, n), Scope: CommandScope, fields: map[string]Pos{}}
	if n.Kind != yaml.MappingNode {
		return nil, &Error{Pos: r.Pos, Msg: "a rule must be a mapping of fields (id, level, when, …)"}
	}
	// The id first, so that every later error can name the rule.
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "id" {
			r.ID = n.Content[i+1].Value
		}
	}
	fail := func(field string, node *yaml.Node, format string, args ...any) error {
		return &Error{Pos: at(file, node), Rule: r.ID, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	var errs []error
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i], n.Content[i+1]
		field := key.Value
		if seen[field] {
			errs = append(errs, fail(field, key, "field given twice"))
			continue
		}
		seen[field] = true
		r.fields[field] = at(file, val)
		if strings.HasPrefix(val.Tag, "!") && !strings.HasPrefix(val.Tag, "!!") {
			// when: !hasFlag(x) is a YAML tag, not a negation.
			errs = append(errs, fail(field, val, "the value starts with %s, which YAML reads as a tag, not as part of the value; quote it: %s: '%s%s'",
				val.Tag, field, val.Tag, val.Value))
			continue
		}
		var err error
		switch field {
		case "id":
			err = scalar(val, &r.ID)
			if err == nil && !isKebab(r.ID) {
				err = fmt.Errorf("%q is not kebab-case (lowercase letters, digits and single dashes)", r.ID)
			}
		case "aliases":
			err = stringList(val, &r.Aliases)
		case "level":
			var s string
			if err = scalar(val, &s); err == nil {
				r.Level, err = ParseLevel(s)
			}
		case "scope":
			var s string
			if err = scalar(val, &s); err == nil {
				r.Scope = Scope(s)
				if r.Scope != CommandScope && r.Scope != LineScope {
					err = fmt.Errorf("unknown scope %q (want command or line)", s)
				}
			}
		case "on":
			err = stringList(val, &r.On)
		case "when":
			err = scalar(val, &r.When)
			r.whenComment = val.LineComment
			r.whenSrc = &whenSource{line: val.Line, col: val.Column, style: val.Style}
		case "message":
			err = scalar(val, &r.Message)
		case "checkpoint":
			err = val.Decode(&r.Checkpoint)
		case "person":
			err = val.Decode(&r.Person)
		case "container":
			err = val.Decode(&r.Container)
		case "examples":
			err = parseExamples(val, &r.Examples)
		default:
			err = fmt.Errorf("unknown field (want id, aliases, level, scope, on, when, message, checkpoint, person, container, examples)")
		}
		if err != nil {
			errs = append(errs, fail(field, val, "%s", cleanYAMLMsg(err)))
		}
	}
	for _, field := range []string{"id", "level", "when", "message"} {
		if !seen[field] {
			errs = append(errs, &Error{Pos: r.Pos, Rule: r.ID, Field: field, Msg: "missing"})
		}
	}
	for _, n := range r.On {
		switch {
		case r.Scope == LineScope && !issueKinds[n]:
			errs = append(errs, &Error{Pos: r.fieldPos("on"), Rule: r.ID, Field: "on", Msg: fmt.Sprintf("unknown issue kind %q (a line-scope on: lists issue kinds: %s)", n, strings.Join(slices.Sorted(maps.Keys(issueKinds)), ", "))})
		case r.Scope == CommandScope && strings.HasPrefix(n, "@") && nameGroups[n] == nil && properties[n] == nil:
			errs = append(errs, &Error{Pos: r.fieldPos("on"), Rule: r.ID, Field: "on", Msg: fmt.Sprintf("unknown group or property %s (want one of %s)", n, strings.Join(onSpecials(), ", "))})
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return r, nil
}

func cleanYAMLMsg(err error) string {
	return strings.TrimPrefix(strings.TrimPrefix(err.Error(), "yaml: unmarshal errors:\n  "), "yaml: ")
}

func scalar(n *yaml.Node, dst *string) error {
	if n.Kind != yaml.ScalarNode {
		return errors.New("want a single value")
	}
	*dst = n.Value
	return nil
}

func stringList(n *yaml.Node, dst *[]string) error {
	if n.Kind != yaml.SequenceNode {
		return errors.New("want a list, like [a, b]")
	}
	for _, item := range n.Content {
		if item.Kind != yaml.ScalarNode || item.Value == "" {
			return fmt.Errorf("line %d: want a non-empty string", item.Line)
		}
		*dst = append(*dst, item.Value)
	}
	return nil
}

// itemPos is where each item of a list was written.
func itemPos(n *yaml.Node) []Pos {
	var out []Pos
	for _, item := range n.Content {
		out = append(out, Pos{Line: item.Line, Col: item.Column})
	}
	return out
}

func parseExamples(n *yaml.Node, ex *Examples) error {
	if n.Kind != yaml.MappingNode {
		return errors.New("want a mapping with match: and nomatch: lists")
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		var err error
		switch k := n.Content[i].Value; k {
		case "match":
			err = stringList(n.Content[i+1], &ex.Match)
			ex.matchPos = itemPos(n.Content[i+1])
		case "nomatch":
			err = stringList(n.Content[i+1], &ex.NoMatch)
			ex.noMatchPos = itemPos(n.Content[i+1])
		default:
			err = fmt.Errorf("unknown key %q (want match or nomatch)", k)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// issueKinds are the names a line-scope rule's on: can give.
var issueKinds = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range []cmdline.IssueKind{cmdline.IssueParse, cmdline.IssueTooLarge, cmdline.IssueDepth,
		cmdline.IssueInvisible, cmdline.IssueMixedScript, cmdline.IssueControl, cmdline.IssueConfusable, cmdline.IssueLimit} {
		m[string(k)] = true
	}
	return m
}()

// onSpecials lists the @groups and @properties a command-scope on: can give.
func onSpecials() []string {
	out := slices.Collect(maps.Keys(nameGroups))
	for p := range properties {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}
