package cmdline

import (
	"slices"
	"testing"
)

// dialectTests are lines read in a given shell's grammar.
var dialectTests = []struct {
	shell  string
	name   string
	in     string
	want   []string
	issues []IssueKind
}{
	// bash and posix.
	{"bash", "zsh brace group is incomplete in bash", "{ rm -rf ~ }", []string{"rm -rf ~ }"}, []IssueKind{IssueParse}},
	{"posix", "posix simple", "rm -rf ~", []string{"rm -rf ~"}, nil},
	// A comment ends at the newline even after a backslash (mvdan/sh went on
	// with the comment's line: commentEnds).
	{"bash", "comment ending in a backslash", "dd x # c \\\nrm -rf ~", []string{"dd x", "rm -rf ~"}, nil},
	{"bash", "quoted hash is no comment", "dd x '#' \\\nrm -rf ~", []string{"dd x # rm -rf ~"}, nil},
	{"bash", "escaped backslash ends a comment too", "dd # c \\\\\nrm -rf ~", []string{"dd", "rm -rf ~"}, nil},
	{"bash", "comment in a substitution", "echo $(# c \\\nrm -rf ~)", []string{"echo «$(# c  \nrm -rf ~)»", "rm -rf ~ via=$(…)"}, nil},
	{"zsh", "comment ending in a backslash", "dd x # c \\\nrm -rf ~", []string{"dd x", "rm -rf ~"}, nil},
	{"bash", "comment ending in a backslash in sh -c", "sh -c 'dd # \\\nrm -rf ~'", []string{"sh -c dd # \\\nrm -rf ~", "dd via=sh -c", "rm -rf ~ via=sh -c"}, nil},
	// coproc X=a cmd: X=a is an assignment (mvdan/sh made it the name).
	{"bash", "coproc with assignments", "coproc X=a Y=b rm -rf ~", []string{"rm -rf ~ X=a Y=b bg"}, nil},
	{"bash", "coproc with a quoted name is no assignment", "coproc 'X'=1 rm", []string{"X=1 rm bg"}, nil},
	{"bash", "time before a pipeline is in front of its first command", "time a | b", []string{"a wr=time[] pipe=0/2", "b pipe=1/2 in=pipe:a"}, nil},
	{"bash", "time inside a pipeline runs its command", "a | time b", []string{"a pipe=0/2", "b wr=time[] pipe=1/2 in=pipe:a"}, nil},
	{"bash", "above a cd to the home", "cd ~ && rm -rf ./.. ./../z ./x", []string{"cd ~", "rm -rf ~/.. ~/../z ~/x"}, nil},
	{"bash", "coproc of a compound command", "coproc N { rm -rf ~; }", []string{"rm -rf ~ bg"}, nil},
	{"posix", "[[ is a command name to dash", "[[ -f x ]] && rm -rf ~", []string{"[[ -f x ]]", "rm -rf ~"}, nil},
	{"sh", "sh is posix", "echo a; rm -rf ~", []string{"echo a", "rm -rf ~"}, nil},

	// zsh.
	{"zsh", "brace group without semicolon", "{ rm -rf ~ }", []string{"rm -rf ~"}, nil},
	{"zsh", "repeat", "repeat 1 rm -rf ~", []string{"rm -rf ~ wr=repeat[1]"}, nil},
	{"zsh", "repeat with a quoted assignment", `repeat 2 X='a"b' ssh'' ‘x’`, []string{"ssh 'x' wr=repeat[2]"}, []IssueKind{IssueConfusable, IssueConfusable}},
	{"zsh", "repeat with an assignment of unknown value", "repeat 2 X=$y rm -rf ~", []string{"rm -rf ~ wr=repeat[2]"}, nil},
	{"zsh", "repeat: a quoted name is no assignment", `repeat 2 'X'=1 rm`, []string{"X=1 rm wr=repeat[2]"}, nil},
	{"zsh", "nocorrect then assignments", "nocorrect X=$(pwd) Y=1 rm -rf ~", []string{"rm -rf ~ wr=nocorrect[]", "pwd via=$(…)"}, nil},
	// Redirections alone run $NULLCMD (cat), a single input one
	// $READNULLCMD (pager on Debian).
	{"zsh", "redirection alone runs cat", "2>&1 | rm -rf ~", []string{"cat pipe=0/2 2>&1", "rm -rf ~ pipe=1/2 in=pipe"}, nil},
	{"zsh", "input redirection alone runs the pager", "< f", []string{"pager in=file:f <f"}, nil},
	{"bash", "redirection alone is the null command", "> f", []string{": >f"}, nil},
	{"zsh", "echo interprets escapes", `echo 'a\nrm -rf ~' | bash`, []string{`echo a\nrm -rf ~ pipe=0/2`, "bash pipe=1/2 in=pipe:echo:static", "a via=bash stdin", "rm -rf ~ via=bash stdin"}, nil},
	{"zsh", "echo -E does not", `echo -E 'a\nrm -rf ~' | bash`, []string{`echo -E a\nrm -rf ~ pipe=0/2`, "bash pipe=1/2 in=pipe:echo:static", "anrm -rf ~ via=bash stdin"}, nil},
	{"bash", "bash's echo does not", `echo 'a\nrm -rf ~' | bash`, []string{`echo a\nrm -rf ~ pipe=0/2`, "bash pipe=1/2 in=pipe:echo:static", "anrm -rf ~ via=bash stdin"}, nil},
	{"zsh", "no $\"…\" translation", `ls $"x"`, []string{"ls $x"}, nil},
	{"zsh", "trap code is read in zsh", `trap 'ls $"x"' EXIT`, []string{`trap ls $"x" EXIT`, "ls $x via=trap"}, nil},
	{"bash", "$\"…\" translation", `ls $"x"`, []string{"ls x"}, nil},
	{"zsh", "a backslash ending the text is an empty word", `eval rm \\`, []string{`eval rm \`, `rm  via=eval`}, nil},
	{"bash", "a backslash ending the text stays", `eval rm \\`, []string{`eval rm \`, `rm \ via=eval`}, nil},
	{"zsh", "coproc with assignments", `coproc X=-f Y=\' rm -rf ~`, []string{"rm -rf ~ bg"}, nil},
	{"zsh", "coproc runs in the background", "f(){ coproc f; }; f", []string{"f fn=f bg", "f"}, nil},
	{"zsh", "repeat block", "repeat 3 { rm -rf ~ }", []string{"rm -rf ~"}, nil},
	{"zsh", "equals expansion", "=rm -rf /", []string{"rm -rf /"}, nil},
	{"zsh", "quoted equals is a name", "'=rm' -rf /", []string{"=rm -rf /"}, nil},
	{"zsh", "glob qualifier runs code", "ls *(e:'rm -rf ~':)", []string{"ls *(e:'rm -rf ~':) untrusted=dynamic", "rm -rf ~ via=zsh glob qualifier"}, nil},
	{"zsh", "glob qualifier function", "ls *(+nuke)", []string{"ls *(+nuke) untrusted=dynamic", "nuke via=zsh glob qualifier"}, nil},
	{"zsh", "glob qualifier in a pattern value", "x='*(e:rm -rf ~:)'; ls ${~x}; ls $~x; ls $x", []string{": x=*(e:rm -rf ~:)", "ls *(e:rm -rf ~:) untrusted=dynamic", "rm -rf ~ via=zsh glob qualifier", "ls *(e:rm -rf ~:) untrusted=dynamic", "rm -rf ~ via=zsh glob qualifier", "ls *(e:rm -rf ~:)"}, nil},
	{"zsh", "harmless qualifier", "ls **/*(.)", []string{"ls **/*"}, nil},
	// glob qualifiers are no part of the name; :h is the directory
	{"zsh", "qualifier on the home", "rm -rf ~(/) $HOME(N/)", []string{"rm -rf ~ $HOME"}, nil},
	{"zsh", "qualifier :h modifier", "rm -rf ~/proj(:h) ~(:h) ~/a/b(/:h:h)", []string{"rm -rf ~ ~/.. ~"}, nil},
	{"zsh", "a pattern group is not a qualifier", "ls (a|b) x(#q.) ~/x(:t)", []string{"ls a b x(#q.) ~/x(:t)"}, nil},
	{"zsh", "${~HOME} is the home", "rm -rf ${~HOME} $~HOME ${=HOME}/x", []string{"rm -rf ${HOME} ${HOME} ${HOME}/x"}, nil},
	{"zsh", "${HOME:h} is the home's parent", "rm -rf ${HOME:h} ${HOME:h:h} ${HOME:t}", []string{"rm -rf ${HOME}/.. ${HOME}/../.. ${HOME:t}"}, nil},
	{"zsh", "always block", "{ true } always { rm -rf ~ }", []string{"true", "rm -rf ~"}, nil},
	{"zsh", "anonymous function", "() { rm -rf ~ }", []string{"rm -rf ~"}, nil},
	{"zsh", "${=x} splits the value", `x="rm -rf ~"; ${=x}`, []string{": x=rm -rf ~", "rm -rf ~"}, nil},
	{"zsh", "$=x splits the value", `x="rm -rf ~"; $=x`, []string{": x=rm -rf ~", "rm -rf ~"}, nil},
	{"zsh", "flags compute another value", `x="rm -rf ~"; ${(z)x}`, []string{": x=rm -rf ~", "«${(z)x}»"}, nil},
	{"zsh", "modifiers compute another value", `x=/tmp/a/b; rm -rf ${x:h:h:h}`, []string{": x=/tmp/a/b", "rm -rf /"}, nil},
	{"zsh", "anonymous function keyword", "function { rm -rf ~ }", []string{"rm -rf ~"}, nil},
	// foreach and the short for loop, which mvdan/sh reads as commands or
	// rejects, are loops whose variable takes each word (zshLoops).
	{"zsh", "foreach", "foreach d (/ ~)\nrm -rf $d\nend", []string{"rm -rf /", "rm -rf ~"}, nil},
	{"zsh", "foreach on one line", "foreach d (/ x) rm -rf $d; end; echo after", []string{"rm -rf /", "rm -rf x", "echo after"}, nil},
	{"zsh", "foreach body of several commands", "foreach d (/)\nls $d\nrm -rf $d\nend", []string{"ls /", "rm -rf /"}, nil},
	{"zsh", "unclosed foreach runs what follows", "foreach d (/) rm -rf $d", []string{"rm -rf /"}, nil},
	{"zsh", "short for", "for d (/ ~) rm -rf $d", []string{"rm -rf /", "rm -rf ~"}, nil},
	{"zsh", "short for heads a pipeline", "for d (~) rm -rf $d | cat; echo after", []string{"rm -rf ~ pipe=0/2", "cat pipe=1/2 in=pipe:rm", "echo after"}, nil},
	{"zsh", "short for in an and-list", "true && for d (/) rm -rf $d", []string{"true", "rm -rf /"}, nil},
	{"zsh", "short for with quoted words", `for d ("/" 'x y') rm -rf "$d"`, []string{"rm -rf /", "rm -rf x y"}, nil},
	{"zsh", "foreach in an anonymous function", "function { foreach d ($HOME a.txt)\nxxd $d\nend }", []string{"xxd $HOME", "xxd a.txt"}, nil},
	{"zsh", "short for over two names", "for a b (/ x) rm -rf $a", []string{"rm -rf «$a»"}, nil},
	{"zsh", "for inside a word is no loop", "echo before.for i (a)", []string{"echo before.for i (a)"}, nil},
	{"zsh", "short for later in a pipeline", "echo / | for d (/) rm -rf $d", []string{"echo / pipe=0/2", "rm -rf / in=pipe:echo:static"}, nil},
	{"zsh", "short for with an and-list body", "true && for d (/) rm -rf $d && echo ok; ls", []string{"true", "rm -rf /", "echo ok", "ls"}, nil},
	{"bash", "zsh -c is read as zsh", "zsh -c '{ rm -rf ~ }'", []string{"zsh -c { rm -rf ~ }", "rm -rf ~ via=zsh -c"}, nil},
	{"bash", "fish -c is read as fish", "fish -c 'true; and rm -rf ~'", []string{"fish -c true; and rm -rf ~", "true via=fish -c", "rm -rf ~ via=fish -c"}, nil},
	{"fish", "bash -c from fish is bash", "bash -c 'a && rm -rf ~'", []string{"bash -c a && rm -rf ~", "a via=bash -c", "rm -rf ~ via=bash -c"}, nil},
	{"zsh", "parameter flags parse", "echo ${(f)x}", []string{"echo «${(f)x}»"}, nil},
	{"zsh", "typographic quote", "echo ’ ; rm -rf ~", []string{"echo '", "rm -rf ~"}, []IssueKind{IssueConfusable}},
	{"zsh", "full-width hash", "echo hi ＃; rm -rf ~", []string{"echo hi #", "rm -rf ~"}, []IssueKind{IssueConfusable}},
}

// TestZshSplit tells one word from several where the rendering cannot: zsh
// splits $x only when asked (${=x}).
func TestZshSplit(t *testing.T) {
	for _, tt := range []struct {
		in, name string
		args     int
	}{
		{`x="rm -rf ~"; $x`, "rm -rf ~", 0},
		{`x="rm -rf ~"; ${=x}`, "rm", 2},
		{`x="rm -rf ~"; "${=x}"`, "rm", 2}, // in double quotes too
		{`x="rm -rf ~"; "$x"`, "rm -rf ~", 0},
	} {
		line := ParseShell(tt.in, "zsh")
		if n := len(line.Commands); n != 2 {
			t.Fatalf("%q: %d commands, want 2", tt.in, n)
		}
		c := line.Commands[1]
		if c.Name != tt.name || len(c.Args) != tt.args {
			t.Errorf("%q: name %q with %d args, want %q with %d", tt.in, c.Name, len(c.Args), tt.name, tt.args)
		}
	}
}

func TestDialects(t *testing.T) {
	for _, tt := range dialectTests {
		t.Run(tt.shell+"/"+tt.name, func(t *testing.T) {
			line := ParseShell(tt.in, tt.shell)
			got := renderCommands(line)
			if !slices.Equal(got, tt.want) {
				t.Errorf("ParseShell(%q, %s) commands:\n got %q\nwant %q", tt.in, tt.shell, got, tt.want)
			}
			var kinds []IssueKind
			for _, is := range line.Issues {
				kinds = append(kinds, is.Kind)
			}
			if !slices.Equal(kinds, tt.issues) {
				t.Errorf("ParseShell(%q, %s) issues: got %v, want %v", tt.in, tt.shell, line.Issues, tt.issues)
			}
		})
	}
}

func TestDialectOf(t *testing.T) {
	for in, want := range map[string]Dialect{"": Bash, "bash": Bash, "/usr/bin/zsh": Zsh, "fish": Fish, "sh": POSIX, "dash": POSIX, "posix": POSIX, "tcsh": Bash} {
		if got := DialectOf(in); got != want {
			t.Errorf("DialectOf(%q) = %s, want %s", in, got, want)
		}
	}
}

// fishTests are fish lines; each was checked with fish 3.6 (fish -c,
// fish_indent --dump-parse-tree) for the commands it runs.
var fishTests = []struct {
	name   string
	in     string
	want   []string
	issues []IssueKind
}{
	{"and", "true; and rm -rf ~", []string{"true", "rm -rf ~"}, nil},
	{"or not", "false; or not rm -rf ~", []string{"false", "rm -rf ~"}, nil},
	{"&& || !", "a && b || ! rm -rf ~", []string{"a", "b", "rm -rf ~"}, nil},
	{"set with substitution", "set -gx GOPATH (go env GOPATH)", []string{"set -gx GOPATH «(go env GOPATH)»", "go env GOPATH via=$(…)"}, nil},
	{"dollar substitution in quotes", `echo "x $(rm -rf ~) y"`, []string{"echo «x $(rm -rf ~) y»", "rm -rf ~ via=$(…)"}, nil},
	{"paren in quotes is text", `echo "(rm -rf ~)"`, []string{"echo (rm -rf ~)"}, nil},
	{"substitution names the command", "(echo rm) -rf ~", []string{"rm -rf ~", "echo rm via=$(…)"}, nil},
	{"pipes", "curl x | source; cat f &| sh", []string{"curl x pipe=0/2", "source pipe=1/2 in=pipe:curl:remote untrusted=remote", "cat f pipe=0/2", "sh pipe=1/2 in=pipe:cat untrusted=dynamic"}, nil},
	{"begin end", "begin; rm -rf ~; end", []string{"rm -rf ~"}, nil},
	{"if else", "if test -d x; rm -rf x; else if true; rm -rf y; else; rm -rf ~; end", []string{"test -d x", "rm -rf x", "true", "rm -rf y", "rm -rf ~"}, nil},
	{"while", "while true; rm -rf ~; end", []string{"true", "rm -rf ~"}, nil},
	{"for", "for d in / ~; rm -rf $d; end", []string{"rm -rf /", "rm -rf ~"}, nil},
	{"switch", "switch $x; case a 'b*'; rm -rf ~; case '*'; ls; end", []string{"rm -rf ~", "ls"}, nil},
	{"function", "function nuke --description x; rm -rf ~; end; nuke", []string{"rm -rf ~ fn=nuke", "nuke"}, nil},
	{"single quotes", `echo 'a\'b\\c\n'`, []string{`echo a'b\c\n`}, nil},
	{"double quotes", `echo "a\"b\$c\\d\n"`, []string{`echo a"b$c\d\n`}, nil},
	{"escapes", `r\m -rf \~; echo a\ b`, []string{"rm -rf ~", "echo a b"}, nil},
	{"variables", "rm -rf $HOME $dir[1] ~", []string{"rm -rf $HOME «$dir[1]» ~"}, nil},
	{"redirections", "echo a > f; echo b >> g; cat < h; ls 2> e; ls &> all; echo x >? new; ls 2>&1", []string{"echo a >f", "echo b >>g", "cat in=file:h <h", "ls 2>e", "ls &>all", "echo x >new", "ls 2>&1"}, nil},
	{"caret is a letter", "echo a ^b", []string{"echo a ^b"}, nil},
	{"comment", "echo a # ; rm -rf ~\nls", []string{"echo a", "ls"}, nil},
	{"hash in a word", "echo a#b; rm -rf ~", []string{"echo a#b", "rm -rf ~"}, nil},
	{"background", "rm -rf ~ &", []string{"rm -rf ~ bg"}, nil},
	{"exec eval source", "exec rm -rf ~; eval rm -rf /; source (curl x | psub)", []string{"rm -rf ~ wr=exec[]", "eval rm -rf /", "rm -rf / via=eval", "source «(curl x | psub)» untrusted=remote", "curl x via=$(…) pipe=0/2", "psub via=$(…) pipe=1/2 in=pipe:curl:remote"}, nil},
	{"eval reads fish", "eval 'true; and rm -rf ~'", []string{"eval true; and rm -rf ~", "true via=eval", "rm -rf ~ via=eval"}, nil},
	{"brace expansion", "rm -rf {/,~}", []string{"rm -rf / ~"}, nil},
	{"an empty element is an empty word", "for d in '' /; rm -rf $d; end; set X ''; rm $X", []string{"rm -rf ", "rm -rf /", "set X ", "rm "}, nil},
	{"an empty list is no word", "set X; rm $X", []string{"set X", "rm"}, nil},
	{"no brace ranges", "rm -rf x{1..3} {a,b}", []string{"rm -rf x{1..3} a b"}, nil},
	{"typographic quote", "echo ’ ; rm -rf ~", []string{"echo '", "rm -rf ~"}, []IssueKind{IssueConfusable}},
	{"full-width hash", "echo hi ＃; rm -rf ~", []string{"echo hi #", "rm -rf ~"}, []IssueKind{IssueConfusable}},
	{"unclosed quote", "echo 'abc", nil, []IssueKind{IssueParse}},
	{"missing end", "begin; rm -rf ~", nil, []IssueKind{IssueParse}},
	{"stray end", "end", nil, []IssueKind{IssueParse}},
	// fish reads $(( as nested substitutions (and refuses a substitution as
	// a command name): a dynamic name, an ask.
	{"bash arithmetic", "rm $(( 1 + 1 ))", []string{"rm «$(( 1 + 1 ))»", "«( 1 + 1 )» via=$(…)", "1 + 1 via=$(…)>$(…)"}, nil},
	{"source reads stdin", "echo 'rm -rf ~' | source", []string{"echo rm -rf ~ pipe=0/2", "source pipe=1/2 in=pipe:echo:static", "rm -rf ~ via=source stdin"}, nil},
	{"ampersand inside a word", "echo a&b; echo x&&rm -rf ~", []string{"echo a&b", "echo x", "rm -rf ~"}, nil},
	{"stderr pipe", "ls 2>| sh", []string{"ls pipe=0/2", "sh pipe=1/2 in=pipe:ls untrusted=dynamic"}, nil},
}

func TestFish(t *testing.T) {
	for _, tt := range fishTests {
		if tt.in == "" {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			line := ParseShell(tt.in, "fish")
			got := renderCommands(line)
			if !slices.Equal(got, tt.want) {
				t.Errorf("ParseShell(%q, fish) commands:\n got %q\nwant %q", tt.in, got, tt.want)
			}
			var kinds []IssueKind
			for _, is := range line.Issues {
				kinds = append(kinds, is.Kind)
			}
			if !slices.Equal(kinds, tt.issues) {
				t.Errorf("ParseShell(%q, fish) issues: got %v, want %v", tt.in, line.Issues, tt.issues)
			}
		})
	}
}

// TestZshClobberRedirects: zsh's >>!, &>! and &>>! write as >>, &> and
// &>> do.
func TestZshClobberRedirects(t *testing.T) {
	for line, want := range map[string]string{"echo x >>! f": ">>", "echo x >>| f": ">>", "echo x &>! f": "&>", "echo x &>>! f": "&>>", "echo x >! f": ">|"} {
		l := ParseShell(line, "zsh")
		if len(l.Commands) != 1 || len(l.Commands[0].Redirects) != 1 || l.Commands[0].Redirects[0].Op != want {
			t.Errorf("%q: %+v, want one redirect %s", line, l.Commands, want)
		}
	}
}

// TestZshMultios: zsh opens every file a redirection's target expands to
// (MULTIOS): braces, glob alternatives and an array's elements; bash and
// a descriptor's >& are left as written.
func TestZshMultios(t *testing.T) {
	for _, tt := range []struct {
		shell, line string
		want        []string
	}{
		{"zsh", "echo x >> ~/.{zshrc,x}", []string{">> ~/.zshrc", ">> ~/.x"}},
		{"zsh", "echo x > ~/(.zshrc|x)", []string{"> ~/.zshrc", "> ~/x"}},
		{"zsh", "A=(a b); echo x >| $A", []string{">| a", ">| b"}},
		{"zsh", "cat < ~/{a,b} 2>&1", []string{"< ~/a", "< ~/b", ">& 1"}},
		{"zsh", "echo x > out.txt", []string{"> out.txt"}},
		{"bash", "echo x >> ~/.{zshrc,x}", []string{">> ~/.{zshrc,x}"}},
	} {
		l := ParseShell(tt.line, tt.shell)
		var got []string
		for _, c := range l.Commands {
			if c.Name != "echo" && c.Name != "cat" {
				continue // an assignment, the x a startup file then runs
			}
			for _, r := range c.Redirects {
				got = append(got, r.Op+" "+r.Target.Value)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q: redirects %q, want %q", tt.shell, tt.line, got, tt.want)
		}
	}
}
