package cmdline

import "testing"

// TestUnknownProgramText: an unknown program's word that reads as a
// command line its own program refuses (shutdown's grammar, dd's
// KEY=VALUE operands) is text, and so is every word of a program whose
// operands are a prompt, a message or a history search, unless the
// option or subcommand that runs a command is given.
func TestUnknownProgramText(t *testing.T) {
	checkEmitted(t, []emitCase{
		{`mytool "reboot required now"`, ""}, // systemd's reboot takes one argument
		{`mytool "shutdown the server tonight"`, ""},
		{`mytool "dd if=/dev/zero of=/dev/sda meaning"`, ""},
		{`howdoi "rm -rf ~"`, ""},
		{`sgpt "git push --force vs --force-with-lease"`, ""},
		{`gum confirm "rm -rf ~"`, ""},
		{`fc -l 'rm -rf'`, ""},
		{`fc -ln 'rm -rf'`, ""},
		{`history -d 3`, ""},
		{`history 'rm -rf'`, ""},

		{`mytool "shutdown now"`, "shutdown now via=mytool"},
		{`mytool "shutdown -r +5 back soon"`, "shutdown -r +5 back soon via=mytool"},
		{`mytool "shutdown the; rm -rf ~"`, "rm -rf ~ via=mytool"},
		{`mytool "dd if=/dev/zero of=/dev/sda"`, "dd if=/dev/zero of=/dev/sda via=mytool"},
		{`mytool "reboot required" 'rm -rf ~'`, "rm -rf ~ via=mytool"},
		{`sgpt --shell "rm -rf ~"`, "rm -rf ~ via=sgpt"},
		{`aichat -e "rm -rf ~"`, "rm -rf ~ via=aichat"},
		{`fc -s 'rm -rf ~'`, "rm -rf ~ via=fc"},
		{`fc -ls 'rm -rf ~'`, "rm -rf ~ via=fc"},          // -s wins over -l (rv64)
		{`history -s 'rm -rf ~'`, "rm -rf ~ via=history"}, // an entry fc -s runs next
		{`mytool "reboot please"`, "reboot please via=mytool"},
		{`aichat -Se "rm -rf ~"`, "rm -rf ~ via=aichat"},
		{`jrnl --config-override editor 'rm -rf ~'`, "rm -rf ~ via=jrnl"},
		{`gum spin --title x -- rm -rf ~`, "rm -rf ~ wr=gum[]"},
		{`ntfy subscribe topic 'rm -rf ~'`, "rm -rf ~ via=ntfy"},
	})
}
