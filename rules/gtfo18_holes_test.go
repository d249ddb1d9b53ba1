package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestGTFOBinsOtherTargets: GTFOBins' write and read primitives filled with
// the account list or sudo's settings instead of a cron table or a key
// (gtfo18, 2026-12-05): screen -L's log file taken for the command and
// jshell's /save typed at its prompt now write /etc/passwd as they wrote
// /etc/cron.d, and grep with a pattern every line matches prints sudoers as
// cat does; the everyday neighbours stay allowed.
func TestGTFOBinsOtherTargets(t *testing.T) {
	checkHoles(t, []holeCase{
		// screen -L FILE CMD (screen before 4.06): FILE is the log
		{"screen -L /etc/passwd echo DATA", dsl.Ask, dsl.Ask},
		{"sudo screen -L /etc/group echo DATA", dsl.Ask, dsl.Ask},
		{"screen -L -Logfile /etc/passwd echo DATA", dsl.Ask, dsl.Ask},
		{"screen -L /etc/cron.d/x echo DATA", dsl.Ask, dsl.Ask},
		{"screen -L -Logfile screen.log make", dsl.Allow, dsl.Allow},
		{"screen -dmS build make", dsl.Allow, dsl.Allow},
		{"pv /etc/passwd", dsl.Allow, dsl.Ask}, // reads it, as cat /etc/passwd does (pv runs no command)
		{"hexyl /etc/passwd", dsl.Allow, dsl.Ask},
		// a line typed at jshell's prompt: /save FILE writes the snippets
		{"jshell\nString x = \"DATA\";\n/save /etc/passwd", dsl.Ask, dsl.Ask},
		{"jshell\nString x = \"DATA\";\n/save /etc/cron.d/x", dsl.Ask, dsl.Ask},
		{"jshell\nString x = \"DATA\";\n/save Snippets.jsh", dsl.Allow, dsl.Allow},
		// grep with a pattern every line matches prints the whole file
		{"grep '' /etc/sudoers", dsl.Ask, dsl.Ask},
		{"sudo grep -e '' /etc/sudoers", dsl.Ask, dsl.Ask},
		{"grep -n . /etc/security/access.conf", dsl.Ask, dsl.Ask},
		{"rg '^' /etc/sudoers", dsl.Ask, dsl.Ask},
		{"grep NOPASSWD /etc/sudoers", dsl.Allow, dsl.Ask},
		{"grep -c '' /etc/sudoers", dsl.Allow, dsl.Ask},
		{"grep '' /etc/passwd", dsl.Allow, dsl.Allow}, // a search of the account list, for an agent too
		{"grep '' notes.txt", dsl.Allow, dsl.Allow},
		{"grep -rn '' src/", dsl.Allow, dsl.Allow},
	})
}
