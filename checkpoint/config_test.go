package checkpoint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestLoadConfig(t *testing.T) {
	tests := []struct {
		name, yaml string
		check      func(Config) bool
		wantErr    string
	}{
		{"no file", "", func(c Config) bool { return c.Enabled && c.MaxSnapshots == 50 && c.MaxFiles == 50000 }, ""},
		{"other sections only", "approvals: {mode: manual}\n", func(c Config) bool { return c.MaxSnapshots == 50 }, ""},
		{"empty section", "checkpoints:\n", func(c Config) bool { return c.MaxFiles == 50000 }, ""},
		{"values", "checkpoints: {enabled: false, max_snapshots: 7, max_files: 10, max_file_size: 2MiB, exclude: ['*.tmp'], debounce: 500ms}\n",
			func(c Config) bool {
				return !c.Enabled && c.MaxSnapshots == 7 && c.MaxFiles == 10 && c.MaxFileSize == 2<<20 &&
					len(c.Exclude) == 1 && c.Debounce == 500*time.Millisecond
			}, ""},
		{"bytes", "checkpoints: {max_file_size: 1000}\n", func(c Config) bool { return c.MaxFileSize == 1000 }, ""},
		{"corrupt", "checkpoints: {max_files: [\n", nil, "config.yaml"},
		{"bad number", "checkpoints:\n  max_snapshots: lots\n", nil, "config.yaml:2: checkpoints.max_snapshots"},
		{"too many", "checkpoints: {max_snapshots: 5000}\n", nil, "1 to 999"},
		{"bad size", "checkpoints: {max_file_size: huge}\n", nil, "max_file_size"},
		{"unknown key", "checkpoints: {max_file: 3}\n", nil, "unknown key checkpoints.max_file"},
		{"not a mapping", "checkpoints: [1]\n", nil, "must be a mapping"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			if tt.yaml != "" {
				must(t, os.WriteFile(filepath.Join(home, "config.yaml"), []byte(tt.yaml), 0o644))
			}
			cfg, err := LoadConfig(home)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !tt.check(cfg) {
				t.Fatalf("cfg = %+v, err = %v", cfg, err)
			}
		})
	}
}
