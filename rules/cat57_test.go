package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestCat57CatalogueFlags: catalogue entries listed flags as taking a
// value, so the command after one was read as its value and hidden
// (strace -A rm -rf ~ ran rm unseen). Each program's --help and manual
// were checked against its entry: strace's -A, --seccomp-bpf and the
// optional values of --quiet, --decode-fds and --secontext, systemd-run's
// --slice-inherit and --on-clock-change, scp's -B; programs that shared an
// entry whose letters are flags to them (fakeroot -u, ifne -n, prlimit's
// resources, grc -e and -s) have their own now. Their real value options
// still take the next word.
func TestCat57CatalogueFlags(t *testing.T) {
	checkHoles(t, []holeCase{
		{"strace -A rm -rf ~", dsl.Block, dsl.Block},
		{"strace -A -o log rm -rf ~", dsl.Block, dsl.Block},
		{"strace --seccomp-bpf -f rm -rf ~", dsl.Block, dsl.Block},
		{"strace --quiet rm -rf ~", dsl.Block, dsl.Block},
		{"strace --decode-fds rm -rf ~", dsl.Block, dsl.Block},
		{"strace --secontext rm -rf ~", dsl.Block, dsl.Block},
		{"strace --abbrev none rm -rf ~", dsl.Block, dsl.Block},
		{"strace -f -e trace=open ls", dsl.Allow, dsl.Allow},
		{"systemd-run --slice-inherit rm -rf ~", dsl.Block, dsl.Block},
		{"systemd-run --on-clock-change rm -rf ~", dsl.Block, dsl.Block},
		{"scp -B -D 'rm -rf ~' x localhost:", dsl.Block, dsl.Block},
		{"scp -B notes.txt host:/tmp/", dsl.Allow, dsl.Allow},
		{"fakeroot -u rm -rf ~", dsl.Block, dsl.Block},
		{"fakeroot -s state -- rm -rf ~", dsl.Block, dsl.Block},
		{"fakeroot make install", dsl.Allow, dsl.Allow},
		{"ifne -n rm -rf ~", dsl.Block, dsl.Block},
		{"prlimit -u rm -rf ~", dsl.Block, dsl.Block},
		{"prlimit --nofile=1024 -n rm -rf ~", dsl.Block, dsl.Block},
		{"prlimit --nofile=1024 make", dsl.Allow, dsl.Allow},
		{"grc -e rm -rf ~", dsl.Block, dsl.Block},
		{"grc -es rm -rf ~", dsl.Block, dsl.Block},
		{"grc ping -c 1 example.com", dsl.Allow, dsl.Allow},
		{"sudo -t unconfined_t rm -rf ~", dsl.Block, dsl.Block},
	})
}
