package cmdline
import ("testing";"fmt";"strings";"time")
func TestM(t *testing.T){
	for _, pat := range []string{"a{", "a{b,", "{ ", "\"$(", "${", "{a,", "a{b}", "{a,b}"} {
		for _, d := range []string{"bash","zsh","fish"} {
			fmt.Printf("%q %s:", pat, d)
			for _, n := range []int{100, 400, 1600, 6400} {
				s := strings.Repeat(pat, n)
				st := time.Now()
				ParseShell(s, d)
				fmt.Printf(" %d=%v", n, time.Since(st).Round(time.Millisecond))
			}
			fmt.Println()
		}
	}
}
