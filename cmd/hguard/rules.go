package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

const rulesSynopsis = `hguard rules list [--json] [--long]
       hguard rules test [FILE...]
       hguard rules lint [FILE...]

list shows the effective rules (built-in, user, project), one line each,
cut to the terminal's width (--long: whole messages). test runs every
rule's match/nomatch examples against that rule; lint checks rule files for
errors and style without running examples. Without FILE both work on the
effective rules; with FILE, on those files alone.`

func runRules(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("usage: hguard rules list|test|lint", "no rules subcommand given")
	}
	sub, rest := args[0], args[1:]
	c := newCommand("rules "+sub, rulesSynopsis, stdout)
	asJSON, long := false, false
	if sub == "list" {
		c.BoolVar(&asJSON, "json", false, "print the rules as JSON")
		c.BoolVar(&long, "long", false, "print whole messages, however long the lines")
	}
	if err := c.ParseArgs(rest); err != nil {
		return err
	}
	if sub == "list" && c.NArg() > 0 {
		return usagef("usage: hguard rules list [--json]", "rules list takes no arguments")
	}
	rs, err := loadRules(c.Args())
	if err != nil {
		if sub == "lint" {
			fmt.Fprintln(stdout, err)
			return exitError(1)
		}
		return fmt.Errorf("loading rules: %w", err)
	}
	switch sub {
	case "list":
		max := width(stdout)
		if long {
			max = 0
		}
		return listRules(stdout, rs, asJSON, max)
	case "test":
		return testRules(stdout, rs)
	case "lint":
		return lintRules(stdout, rs)
	}
	return usagef("usage: hguard rules list|test|lint", "unknown rules subcommand %q", sub)
}

// loadRules is the effective rule set, or the given files alone.
func loadRules(files []string) (*dsl.RuleSet, error) {
	if len(files) == 0 {
		dir, _ := os.Getwd()
		g, err := hguard.New(hguard.Options{Home: home(), ProjectDir: dir, ParseBuiltin: true})
		if err != nil {
			return nil, err
		}
		return g.Rules(), nil
	}
	rules, err := hguard.LoadFiles(dsl.User, files...)
	if err != nil {
		return nil, err
	}
	return dsl.NewRuleSet(rules)
}

type ruleJSON struct {
	ID         string    `json:"id"`
	Aliases    []string  `json:"aliases,omitempty"`
	Level      dsl.Level `json:"level"`
	Scope      dsl.Scope `json:"scope"`
	On         []string  `json:"on,omitempty"`
	When       string    `json:"when"`
	Message    string    `json:"message"`
	Checkpoint bool      `json:"checkpoint,omitempty"`
	Source     string    `json:"source"`
	Defined    string    `json:"defined"`
}

// listRules prints the rules; with max > 0 each line is cut to max
// columns (the message is shortened, ending in …).
func listRules(w io.Writer, rs *dsl.RuleSet, asJSON bool, max int) error {
	if asJSON {
		var out []ruleJSON
		for _, r := range rs.Rules() {
			out = append(out, ruleJSON{r.ID, r.Aliases, r.Level, r.Scope, r.On, r.When, r.Message, r.Checkpoint, string(r.Origin), r.Pos.String()})
		}
		return writeJSON(w, out)
	}
	var buf strings.Builder
	tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tLEVEL\tSOURCE\tON\tMESSAGE")
	for _, r := range rs.Rules() {
		on := strings.Join(r.On, ",")
		if r.Scope == dsl.LineScope {
			on = "(line)"
		} else if on == "" {
			on = "*"
		}
		if max > 0 && len(on) > 20 {
			on = on[:19] + "…"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.Level, r.Origin, on, r.Message)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	color := colorOK(w)
	for _, l := range strings.SplitAfter(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		l = strings.TrimSuffix(l, "\n")
		if r := []rune(l); max > 0 && len(r) > max {
			l = string(r[:max-1]) + "…"
		}
		if color {
			for _, lv := range []string{"block", "ask", "warn", "allow"} {
				if i := strings.Index(l, "  "+lv+" "); i >= 0 {
					l = l[:i+2] + paint(true, levelColor(lv), lv) + l[i+2+len(lv):]
					break
				}
			}
		}
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	return nil
}

func testRules(w io.Writer, rs *dsl.RuleSet) error {
	var nRules, nExamples, nFailed int
	for _, r := range rs.Rules() {
		nRules++
		nExamples += len(r.Examples.Match) + len(r.Examples.NoMatch)
		for _, f := range r.TestExamples() {
			nFailed++
			fmt.Fprintln(w, f.Error())
		}
	}
	fmt.Fprintf(w, "%d rules, %d examples, %d failed\n", nRules, nExamples, nFailed)
	if nFailed > 0 {
		return exitError(1)
	}
	return nil
}

func lintRules(w io.Writer, rs *dsl.RuleSet) error {
	problems := dsl.Lint(rs.Rules())
	for _, p := range problems {
		fmt.Fprintln(w, p)
	}
	fmt.Fprintf(w, "%d rules, %d problems\n", len(rs.Rules()), len(problems))
	if len(problems) > 0 {
		return exitError(1)
	}
	return nil
}
