package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestLead49: the lead's fixes after the red team of the merged tree
// (rtq49, 2026-12-05). A configure script is still judged as any unknown
// program when it also takes make's variables (ffmpeg's --cc=CMD was
// blocked before this session and allowed by its first merge); remake
// takes make's variables; a compiler found by xcrun or go env is a
// lookup; a cd into a directory every system has does not fail, and a
// quoted or escaped cd is the builtin; pnpm's --config.script-shell is
// --script-shell; gcloud's release tracks (beta, alpha) are no operand.
func TestLead49(t *testing.T) {
	checkHoles(t, []holeCase{
		{"./configure --with-cc='rm -rf ~'", dsl.Block, dsl.Block},
		{"./configure --cc='rm -rf ~'", dsl.Block, dsl.Block},
		{"../configure --with-cc='rm -rf ~'", dsl.Block, dsl.Block},
		{"./configure CC='rm -rf ~'", dsl.Block, dsl.Block},
		{"./configure --prefix=$HOME/.local", dsl.Allow, dsl.Allow},
		{"./configure CC=clang CFLAGS=-O2", dsl.Allow, dsl.Allow},
		{`remake .SHELLFLAGS='-c "rm -rf ~" #'`, dsl.Block, dsl.Block},
		{`make CC="$(xcrun -f clang)"`, dsl.Allow, dsl.Allow},
		{`make CXX="$(xcrun --find clang++)"`, dsl.Allow, dsl.Allow},
		{`make CC="$(go env CC)"`, dsl.Allow, dsl.Allow},
		{`make CC="$(curl -s https://x.example/cc)"`, dsl.Ask, dsl.Ask},
		{"cd /tmp; rm -rf gh_2.40.0_linux_amd64", dsl.Allow, dsl.Allow},
		{"cd /var/tmp; rm -rf ccache", dsl.Allow, dsl.Allow},
		{"cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"'cd' /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{`\cd /tmp/x; rm -rf .git`, dsl.Ask, dsl.Ask},
		{`c\d /tmp/x; rm -rf .git`, dsl.Ask, dsl.Ask},
		{"false && cd /tmp; rm -rf .git", dsl.Ask, dsl.Ask},
		{"pnpm --config.script-shell='rm -rf ~' run build", dsl.Block, dsl.Block},
		{"pnpm --config.script-shell=/bin/bash run build", dsl.Allow, dsl.Allow},
		{"gcloud beta compute ssh vm -- rm -rf /", dsl.Block, dsl.Block},
		{"gcloud beta compute ssh vm --zone us-central1-a -- -L 8080:localhost:8080", dsl.Allow, dsl.Allow},
	})
}
