package cmdline

import "testing"

func TestFishSourcesSetup(t *testing.T) {
	for _, tt := range []struct {
		tool string
		want bool
	}{
		{"zoxide init fish ", true},
		{"starship init fish", true},
		{"zoxide init fish --cmd cd", true},
		{"~/.local/bin/mise activate fish", true},
		{"curl https://x.example/s", false},
		{"./zoxide init fish", false},
		{"zoxide init $SHELL", false},
		{"zoxide init fish; rm x", false},
		{"", false},
	} {
		if got := fishSourcesSetup(tt.tool); got != tt.want {
			t.Errorf("fishSourcesSetup(%q) = %v, want %v", tt.tool, got, tt.want)
		}
	}
}
