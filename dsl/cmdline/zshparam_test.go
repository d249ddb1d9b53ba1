package cmdline

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestZshParam checks the values zsh's flags, subscripts and modifiers and
// fish's list indexes give a value the line set (each checked in zsh 5.9
// and fish 3): the last command's words, «…» for one not known.
func TestZshParam(t *testing.T) {
	for _, tt := range []struct {
		shell, in string
		want      []string
	}{
		{"zsh", "X=~/x/y.tar.gz; echo ${X:h} ${X:t} ${X:r} ${X:e} ${X:h:h} ${X:t:r}", []string{"echo", "~/x", "y.tar.gz", "~/x/y.tar", "gz", "~", "y.tar"}},
		{"zsh", "X=~; echo ${X:h} ${X:t} ${X:a} ${X:r} ${X:e}", []string{"echo", "${HOME}/..", "«${X:t}»", "~", "«${X:r}»", "«${X:e}»"}},
		{"zsh", "echo ${HOME:h} ${HOME:h:h} ${HOME:a}/x ${(U)HOME} ${HOME:t}", []string{"echo", "${HOME}/..", "${HOME}/../..", "$HOME/x", "$HOME", "${HOME:t}"}}, // the home's tail: as written, as before
		{"zsh", "X=a//b//; echo ${X:h} ${X:t}", []string{"echo", "a", "b"}},
		{"zsh", "X=/; echo ${X:h} ${X:t}", []string{"echo", "/"}},
		{"zsh", "X=.bashrc; echo ${X:r}+ ${X:e}", []string{"echo", "+", "bashrc"}},
		{"zsh", "X=/a/./b/../c; echo ${X:a} ${X:A}", []string{"echo", "/a/c", "/a/c"}},
		{"zsh", "X=ls; Y=../x/./y; echo ${X:a} ${Y:a}", []string{"echo", "./ls", "../x/y"}},
		{"zsh", "setopt ksh_arrays; A=(x y); echo ${A[1]} ${A[-1]}", []string{"echo", "«${A[1]}»", "«${A[-1]}»"}},
		{"zsh", "X=~/x/../..; echo ${X:a}", []string{"echo", "${HOME}/.."}},
		{"zsh", "X=~/../../x; echo ${X:a}", []string{"echo", "«${X:a}»"}},
		{"zsh", "X=aBc; echo ${X:u} ${X:l} ${(U)X} ${(L)X}", []string{"echo", "ABC", "abc", "ABC", "abc"}},
		{"zsh", "X='x-y z_w'; echo ${(C)X}", []string{"echo", "X-Y Z_W"}},
		{"zsh", "X='a b'; echo ${X:q} ${(Q)X}", []string{"echo", "«${X:q}»", "a b"}},
		{"zsh", `X='"a"'; echo ${(Q)X}`, []string{"echo", `«${(Q)X}»`}},
		{"zsh", `X=$HOME/x; echo ${X:Q}`, []string{"echo", "$HOME/x"}},
		{"zsh", "X=rm; R=X; echo ${(P)R} ${(P)Q}", []string{"echo", "rm", "«${(P)Q}»"}},
		{"zsh", "X='a:b'; echo ${(s.:.)X}", []string{"echo", "a", "b"}},
		{"zsh", "X=ab; echo ${(s::)X}", []string{"echo", "«${(s::)X}»"}},
		{"zsh", "A=(x y z); echo ${(j:,:)A} ${(U)A}", []string{"echo", "x,y,z", "X", "Y", "Z"}},
		{"zsh", "X='$(id)'; echo ${(e)X}", []string{"echo", "«${(e)X}»"}},
		{"zsh", "X=abcd; echo ${X[2,-1]} $X[2] ${X[-1]} ${X[2,9]} ${X[3,2]}+ ${X[0]}", []string{"echo", "bcd", "b", "d", "bcd", "+", "«${X[0]}»"}},
		{"zsh", "A=(a b c); echo $A[2] ${A[-1]} $A[2,-1] ${A[2,9]}", []string{"echo", "b", "c", "b", "c", "b", "c"}},
		{"zsh", `A=(/a/b /c/d); echo ${A:t} "${A:t}" "${(@)A:t}" ${(j:,:)A:h}`, []string{"echo", "b", "d", "«${A:t}»", "b", "d", "/a,/c"}},
		{"zsh", "X=\"a/b c/d\"; X2=aBc; echo ${(s: :)X:h} ${(U)X2:l}", []string{"echo", "a/b", "c", "ABC"}},
		{"zsh", "A=(a b c); A[2]=~; echo $A[2,-1]", []string{"echo", "~", "c"}}, // an element write the walk follows
		{"zsh", "A=(a b c); A[2,3]=~; echo $A[2,-1]", []string{"echo", "«$A[2,-1]»"}},
		{"zsh", "set -- a b c; echo $argv[2] ${@[-1]} ${@[2,-1]}", []string{"echo", "b", "c", "b", "c"}},
		{"zsh", "set -- a b c; argv[2]=x; echo $argv[2]", []string{"echo", "«$argv[2]»"}},
		{"zsh", `set -- a.x b.x; echo "${@%.x}" "${argv%.x}"`, []string{"echo", "a", "b", "«${argv%.x}»"}},
		{"zsh", "X=~/x; echo ${X[1,2]}", []string{"echo", "«${X[1,2]}»"}},
		{"zsh", "X=~; echo ${X:s/a/b/}", []string{"echo", "«${X:s/a/b/}»"}},
		{"zsh", "echo src/(a|b)/x ~/(.ssh|) (#i)x(a|b)", []string{"echo", "src/a/x", "src/b/x", "~/.ssh", "~/", "[xX]([aA]|[bB])"}},
		{"zsh", `echo *(e:'true || x':)`, []string{"echo", `*(e:'true || x':)`}},
		{"zsh", "echo " + strings.Repeat("(a|b)", 9), []string{"echo", strings.Repeat("(a|b)", 9)}},
		{"zsh", "K=~/.ssh/id_rsa.pub; X=a.b.c; echo ${K%.pub} ${X%%.*} ${X#*.} ${X##*.} ${K%/*}", []string{"echo", "~/.ssh/id_rsa", "a", "b.c", "c", "~/.ssh"}},
		{"zsh", "K=~/a.pub; X=a.b; echo ${K%%.*} ${K#*/} ${X%(.b|c)} ${X%<1-3>} ${X%.[b]}", []string{"echo", "«${K%%.*}»", "«${K#*/}»", "«${X%(.b|c)}»", "«${X%<1-3>}»", "a"}},
		{"zsh", "X=aXbXc; K=~/aXb; echo ${X/X/Y} ${X//X/} ${X/X*/Q} ${K/X/Y} ${X/#a/Q}", []string{"echo", "aYbXc", "abc", "aQ", "~/aYb", "«${X/#a/Q}»"}},
		{"zsh", "X=aXbXc; K=~/a.pubx; A=(ab cd); echo ${X:1:-1} ${X: -2} ${X:1} ${K:0:-1} ${K:1} ${A:1}", []string{"echo", "XbX", "Xc", "XbXc", "~/a.pub", "«${K:1}»", "«${A:1}»"}},
		{"zsh", `A=(a.x b.x); echo ${A%.x} ${A[2]%.x} ${${A[1]}%.x} "${A%.x}" "${(@)A%.x}"`, []string{"echo", "a", "b", "b", "a", "«${A%.x}»", "a", "b"}},
		{"zsh", "X=aXbXc; K=~/aXb; echo ${X:s/X/Y/} ${X:gs/X//} ${X:s,X,&&,} ${X:s/X/Y} ${K:s/X/Y/} ${K:s/Q/Y/} ${X:s/X/Y/:gs/X/Z/}", []string{"echo", "aYbXc", "abc", "aXXbXc", "aYbXc", "~/aYb", "«${K:s/Q/Y/}»", "aYbZc"}},
		{"zsh", `X=aXb; echo ${X:s/X/\//} ${X:s/X*/Y/} ${X:s/aXb/~/}`, []string{"echo", `«${X:s/X/\//}»`, "aXb", "«${X:s/aXb/~/}»"}},
		{"zsh", "setopt histsubstpattern; X=aXb; echo ${X:s/X/Y/}", []string{"echo", "«${X:s/X/Y/}»"}},
		{"zsh", "Z=/p/q/r/s; W=p/q/r; K=~/a/b; echo ${Z:h1} ${Z:h2} ${Z:t2} ${Z:t5} ${W:h1} ${W:t2} ${W:h0} ${K:t2} ${K:t3} ${K:h2}", []string{"echo", "/", "/p", "r/s", "/p/q/r/s", "p", "q/r", "p/q", "a/b", "«${K:t3}»", "«${K:h2}»"}},
		{"zsh", `X=/a/b; Y='a b'; A=(.ssh id_rsa); echo ${(q)X} ${(q)Y} ${(qq)X} ${(pj:/:)A} ${(pj:\n:)A} ${(j:\n:)A}`, []string{"echo", "/a/b", "«${(q)Y}»", "«${(qq)X}»", ".ssh/id_rsa", `«${(pj:\n:)A}»`, `.ssh\nid_rsa`}},
		{"zsh", "v=K; K=~/.ssh/id_rsa; w='K[1]'; echo ${(P)${v}} ${(P)${w}} ${(P)${v}:t}", []string{"echo", "~/.ssh/id_rsa", "«${(P)${w}}»", "id_rsa"}},
		// unbraced: zsh applies the modifiers up to the first colon not followed by one
		{"zsh", `X=/a/b.c/d.tar.gz; echo $X:t $X:h $X:r $X:e $X:u $X:t:r $X:h:h "$X:t" $X:tx $X:t/y $X:gs/a/Q/:t/w $X:t: $X:x $X:h2 $X:F:h $X:s/a/Q/foo $X:c`,
			[]string{"echo", "d.tar.gz", "/a/b.c", "/a/b.c/d.tar", "gz", "/A/B.C/D.TAR.GZ", "d.tar", "/a", "d.tar.gz", "d.tar.gzx", "d.tar.gz/y", "d.tQr.gz/w", "d.tar.gz:", "/a/b.c/d.tar.gz:x", "/a/b.c2", "/a/b.c/d.tar.gz:F:h", "/Q/b.c/d.tar.gzfoo", "«$X:c»"}},
		{"zsh", `A=(/a/b /c/d); set -- /x/y.z /p/q; echo $A:t "$A:t" $1:t $A[1]:t $argv:t $#:t ${A}:t $HOME:h $U:h`,
			[]string{"echo", "b", "d", "«$A:t»", "y.z", "b", "y.z", "q", "2", "/a/b", "/c/d:t", "${HOME}/..", "«$U:h»"}},
		{"zsh", `Z=ab; echo $Z:s/a/b "$Z:s/a/b" $Z:s/a/b$Z`, []string{"echo", "bb", "bb", "«$Z:s/a/bab»"}},
		// a subscript of a split: its words, not its letters
		{"zsh", `X="rm  -rf /x"; A=("a b" c); echo ${${=X}[2]} ${${=X}[1,2]} ${${=X}[-1]} ${${=A}[2]} ${${X}[2]} ${${==X}[2]}`, []string{"echo", "-rf", "rm", "-rf", "/x", "b", "m", "m"}},
		{"zsh", `X="rm -rf"; setopt shwordsplit; echo ${${X}[2]} ${${=X}[2]}`, []string{"echo", "«${${X}[2]}»", "-rf"}},
		{"zsh", `X="rm:-rf"; IFS=:; echo ${${=X}[2]}`, []string{"echo", "«${${=X}[2]}»"}},
		// a subscript mvdan/sh leaves as text after another's ("$@[2]" after $*[2])
		{"zsh", `set -- a "rm -rf /x" c; echo $@[2] $*[2] "$@[2]" "$@[2]x" $@[2,3]`, []string{"echo", "rm -rf /x", "rm -rf /x", "rm -rf /x", "rm -rf /xx", "rm -rf /x", "c"}},
		// zsh's shift of a named array, from the end with -p
		{"zsh", `A=(x y z); shift A; B=(x y z); shift -p 2 B; C=(x); shift 2 C; echo $A + $B + $C`, []string{"echo", "y", "z", "+", "x", "+", "x"}},
		{"zsh", `A=(x y z); set -- p q r; shift 2 A argv; echo $A + $@`, []string{"echo", "z", "+", "r"}},
		{"zsh", `A=(x y z); shift $n A; echo $A`, []string{"echo", "«$A»"}},
		{"zsh", `set -- a b c; shift -p; echo $@`, []string{"echo", "«$@»"}},
		{"fish", "set a x y z; echo $a[2..] $a[-1] $a[..2] $a[3..1] $a[1 3] $a[-5..-1]", []string{"echo", "y", "z", "z", "x", "y", "z", "y", "x", "x", "z", "x", "y", "z"}},
		{"fish", "set a x y; echo $a[5]", []string{"echo", "«$a[5]»"}},
		{"fish", "set a x y; set a[1] z; echo $a[1]", []string{"echo", "«$a[1]»"}},
		{"fish", "set X aBc ~/Y; echo (string lower $X) (string upper -- $X[1]) (string replace -a B Q aBBc)", []string{"echo", "abc", "~/y", "ABC", "aQQc"}},
		{"fish", "echo (string replace B Q aBBc) (string replace / Q ~/x) (string replace -r B Q aB) (string split , a,b)", []string{"echo", "aQBc", "«(string replace / Q ~/x)»", "aQ", "«(string split , a,b)»"}},
		{"fish", "echo (string lower -q ABC)+", []string{"echo", "+"}},
		{"fish", `set k .ssh/id_rsa; set v k; set w v; echo $$v $$$w (string trim " $k ") (string trim -rc/ a//) (string trim -c /a ~/xa)`, []string{"echo", ".ssh/id_rsa", ".ssh/id_rsa", ".ssh/id_rsa", "a", `«(string trim -c /a ~/xa)»`}},
		{"fish", "set v HOME; set k 'a b'; set w k; set u 'a b'; echo $$v/x $$w $$u", []string{"echo", "$HOME/x", "a b", "«$$u»"}},
		{"fish", "echo (string sub -s 2 -l 3 abcdef) (string sub -s -2 abcdef) (string sub -e -1 abcdef) (string sub --start=2 --end 4 abcdef) (string sub -s 9 abc)+ (string sub -s 2 ~/x)", []string{"echo", "bcd", "ef", "abcde", "bcd", "+", "«(string sub -s 2 ~/x)»"}},
		{"fish", "echo (string join / .ssh id_rsa) (string join / ~ x) (string join / x ~)", []string{"echo", ".ssh/id_rsa", "~/x", "«(string join / x ~)»"}},
		{"fish", `echo (string replace -r "Q+" "" .sQQsh) (string replace -ra "a." "Q" aXaYaZ) (string replace -r "x*" Q abc) (string replace -r "\d" Q a1)`, []string{"echo", ".ssh", "QQQ", `«(string replace -r "x*" Q abc)»`, `«(string replace -r "\d" Q a1)»`}},
		{"fish", "echo (path dirname /a/b/ a .ssh/id_rsa/x) (path basename /a/b/ /x/id_rsa ~)", []string{"echo", "/a", ".", ".ssh/id_rsa", "«(path basename /a/b/ /x/id_rsa ~)»"}},
		{"fish", `echo (string trim -l "  a  ")+ (string trim -r "  a  ")+`, []string{"echo", "a  +", "  a+"}},
		{"fish", "set -x k .ssh/id_rsa; set j x; set -x u x; set -u u; echo (printenv k) (printenv j) (printenv u)", []string{"echo", ".ssh/id_rsa", "«(printenv j)»", "«(printenv u)»"}},
		{"fish", "echo (string replace a '~' a) (string replace -r a '~' a)", []string{"echo", "«(string replace a '~' a)»", "«(string replace -r a '~' a)»"}},
	} {
		line := ParseShell(tt.in, tt.shell)
		got := lastWords(line)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q: got %q, want %q", tt.shell, tt.in, got, tt.want)
		}
	}
}

// lastWords are the line's last command's name and words as shown: the
// last command the line runs itself, not one a substitution runs.
func lastWords(line *Line) []string {
	var c Command
	for _, lc := range line.Commands {
		if len(lc.Via) == 0 {
			c = *lc
		}
	}
	got := []string{c.Name}
	for _, a := range c.Args {
		got = append(got, shown(a))
	}
	return got
}

// shown is a word as the test writes it: «…» when not known.
func shown(w Word) string {
	if w.Dynamic {
		return "«" + strings.Trim(w.Value, "«»") + "»"
	}
	return w.Value
}

// TestParseZshFlags checks what one reading of ${(flags)…} gives both its
// users: the arithmetic, (e) and (P) that zshParamRefs follows, and
// whether zshParam computes the value.
func TestParseZshFlags(t *testing.T) {
	for _, tt := range []struct {
		flags              string
		eval, indirect     bool
		arith              []string
		computed, separate bool
	}{
		{flags: "", computed: true},
		{flags: "Pj:,:", indirect: true, computed: true},
		{flags: "e", eval: true, computed: true},
		{flags: "@", computed: true, separate: true},
		{flags: "s:,:", computed: true, separate: true},
		{flags: "s::", computed: false},
		{flags: "l:3::0:e", eval: true, arith: []string{"3"}},
		{flags: "r[$(id)]I:2:P", indirect: true, arith: []string{"$(id)", "2"}},
		{flags: "l:3", arith: nil},
		{flags: "j", computed: false},
		{flags: "pj:\\n:", computed: false},
		{flags: "j:\\n:", computed: true},
		{flags: "qq", computed: false},
		{flags: "qQ", computed: false},
		{flags: "q", computed: true},
		{flags: "ke", eval: true},
	} {
		f := parseZshFlags(&syntax.Lit{Value: tt.flags})
		if f.eval != tt.eval || f.indirect != tt.indirect || !slices.Equal(f.arith, tt.arith) || f.computed != tt.computed ||
			f.computed && f.separate != tt.separate {
			t.Errorf("(%s): eval %v indirect %v arith %q computed %v separate %v; want %v %v %q %v %v", tt.flags,
				f.eval, f.indirect, f.arith, f.computed, f.separate, tt.eval, tt.indirect, tt.arith, tt.computed, tt.separate)
		}
	}
}
