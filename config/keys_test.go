package config

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// docKeys are the settings docs/*.md and the README document: shown are
// the keys of their YAML examples (a commented-out "# key: value" line
// too) under a section config.yaml knows, with the files that show them;
// named are the `section.key` and `key` names the text mentions.
func docKeys(t *testing.T) (shown map[string][]string, named map[string]bool) {
	t.Helper()
	files, err := filepath.Glob("../docs/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no docs: %v", err)
	}
	files = append(files, "../README.md")
	sections := map[string]bool{}
	for _, k := range Keys() {
		sections[strings.Split(k, ".")[0]] = true
	}
	var (
		block     = regexp.MustCompile("(?ms)^```yaml\n(.*?)^```")
		commented = regexp.MustCompile(`(?m)^(\s*)# (\w+: )`)
		dotted    = regexp.MustCompile("`([a-z_]+)\\.([a-z_]+)[`:]")
		plain     = regexp.MustCompile("`([a-z_]+)[`:]")
	)
	shown, named = map[string][]string{}, map[string]bool{}
	add := func(key, where string) {
		if !slices.Contains(shown[key], where) {
			shown[key] = append(shown[key], where)
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		for _, m := range block.FindAllSubmatch(data, -1) {
			var doc map[string]any
			if yaml.Unmarshal(commented.ReplaceAll(m[1], []byte("$1$2")), &doc) != nil {
				continue // not a config.yaml example (a rule file, a command)
			}
			for sec, v := range doc {
				if !sections[sec] {
					continue
				}
				fields, ok := v.(map[string]any)
				if !ok {
					add(sec, name)
					continue
				}
				for field := range fields {
					add(sec+"."+field, name)
				}
			}
		}
		for _, m := range dotted.FindAllSubmatch(data, -1) {
			named[string(m[1])+"."+string(m[2])] = true
		}
		for _, m := range plain.FindAllSubmatch(data, -1) {
			named[string(m[1])] = true
		}
	}
	return shown, named
}

// TestKeysDocumented: every setting the parser knows is documented, and
// every setting the docs show is one the parser knows (a documented key
// that hguard doctor would call "unknown (ignored)" is a bug in one of
// them).
func TestKeysDocumented(t *testing.T) {
	shown, named := docKeys(t)
	keys := Keys()
	for _, k := range keys {
		if len(shown[k]) == 0 && !named[k] {
			t.Errorf("setting %s is in the config schema but no docs/*.md shows it (add it to the section's YAML example)", k)
		}
	}
	for k, where := range shown {
		if !slices.Contains(keys, k) {
			t.Errorf("%s documents setting %s, which config.yaml does not know", strings.Join(where, ", "), k)
		}
	}
}

// TestKeysParsed: every key Keys reports is accepted without a warning,
// and one beside them is warned about.
func TestKeysParsed(t *testing.T) {
	var doc strings.Builder
	section := ""
	for _, k := range Keys() {
		sec, field, ok := strings.Cut(k, ".")
		switch {
		case !ok:
			doc.WriteString(k + ": []\n")
			continue
		case sec != section:
			doc.WriteString(sec + ":\n")
			section = sec
		}
		doc.WriteString("  " + field + ": !!null\n")
	}
	doc.WriteString("security_extra: 1\n")
	cfg := Default()
	_ = cfg.parse("config.yaml", []byte(doc.String())) // null values may be refused: only warnings count here
	if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], "security_extra") {
		t.Errorf("warnings %q, want one, naming security_extra", cfg.Warnings)
	}
}
