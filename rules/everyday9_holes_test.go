package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestEverydayNine: lines of the ninth everyday corpus (what coding agents
// run while working in a repository; appended to testdata/everyday.txt,
// 2026-12-05) that were asked, beside the dangerous neighbours that still
// are, in the corpus's project, where .env holds the developer's secrets
// and .env.local a setting.
func TestEverydayNine(t *testing.T) {
	proj := everydayProject(t)
	for name, text := range map[string]string{".env": "DB_PASSWORD=hunter2\n", ".env.local": "PORT=4000\n"} {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	checkHolesIn(t, proj, []holeCase{
		// a person or an agent creating a project's env file with the text on the
		// line, or appending that text to one, loses no value the file
		// held; replacing the secrets there, copying another secret file
		// in and anything outside the project still ask
		{"echo 'PORT=3000' > .env.test", dsl.Allow, dsl.Allow},
		{"printf 'PORT=3000\\nLOG_LEVEL=debug\\n' > .env.development", dsl.Allow, dsl.Allow},
		{"cat > .env.test <<'EOF'\nPORT=3000\nEOF", dsl.Allow, dsl.Allow},
		{"tee .env.ci > /dev/null <<'EOF'\nCI=1\nEOF", dsl.Allow, dsl.Allow},
		{"cd web && echo 'VITE_API=http://localhost:8080' > .env.test", dsl.Allow, dsl.Allow},
		{"echo 'DEBUG=1' >> .env", dsl.Allow, dsl.Allow},
		{"echo 'DEBUG=1' | tee -a .env.local", dsl.Allow, dsl.Allow},
		{"cat >> .env <<'EOF'\nREDIS_URL=redis://localhost:6379\nEOF", dsl.Allow, dsl.Allow},
		{"echo 'PORT=3000' > .env", dsl.Ask, dsl.Ask},               // replaces the secrets there
		{"echo 'PORT=3000' > .env.local", dsl.Ask, dsl.Ask},         // replaces what it held
		{"printf 'X=1\\n' | tee .env", dsl.Ask, dsl.Ask},            // the same, by tee
		{"echo 'PORT=3000' >> .env.test > .env", dsl.Ask, dsl.Ask},  // one append, one replace
		{"cat .env.production > .env.test", dsl.Ask, dsl.Ask},       // another secret file copied in
		{"cat ~/.aws/credentials >> .env", dsl.Ask, dsl.Ask},        // a home secret read
		{"printenv > .env.test", dsl.Ask, dsl.Ask},                  // the environment's values written
		{"cp .env.production .env.test", dsl.Ask, dsl.Ask},          // a copy, not text on the line
		{"echo '[default]' > ~/.aws/credentials", dsl.Ask, dsl.Ask}, // outside the project
		{"echo 'x' >> ~/.netrc", dsl.Ask, dsl.Ask},                  // outside the project
		{"echo 'PORT=1' > ../other/.env.test", dsl.Ask, dsl.Ask},    // outside the project
		{"echo 'PORT=1' > \"$DIR/.env.test\"", dsl.Ask, dsl.Ask},    // a path known only at run time
		{"echo 'registry=https://npm.example' >> ~/.npmrc", dsl.Ask, dsl.Ask},
		{"cat > .env.test <<EOF\n$(cat ~/.aws/credentials)\nEOF", dsl.Ask, dsl.Ask}, // a home secret read into it
		{"echo \"$(cat .env)\" > .env.test", dsl.Ask, dsl.Ask},                      // the secrets file copied
		{"sed -i 's/^PORT=.*/PORT=4000/' .env.local", dsl.Ask, dsl.Ask},             // edited in place
		{"echo 'PORT=3000' | tee .env.local", dsl.Ask, dsl.Ask},                     // replaced by tee
		// tee writes the files it names and reads none of them
		{"printf 'PORT=3000\\n' | tee -a .env.example .env.sample", dsl.Allow, dsl.Allow},
		{"tee .env.ci < .env", dsl.Ask, dsl.Ask},          // the input is the secret file
		{"cat .env | tee .env.copy", dsl.Ask, dsl.Ask},    // cat reads it
		{"tee ~/.ssh/id_rsa < key.txt", dsl.Ask, dsl.Ask}, // a key replaced
		// a word ending in / names a directory: a secret file's name as
		// its last element (a package called token or credentials) names
		// no file; a directory of secrets, and the same name without the
		// slash, still ask
		{"git diff -- internal/token/", dsl.Allow, dsl.Allow},
		{"git log -p internal/token/", dsl.Allow, dsl.Allow},
		{"git show HEAD -- pkg/credentials/", dsl.Allow, dsl.Allow},
		{"git diff main -- src/secrets/ src/token/", dsl.Allow, dsl.Allow},
		{"git diff -- internal/token", dsl.Ask, dsl.Ask}, // may be the file token
		{"cat internal/token", dsl.Ask, dsl.Ask},
		{"git diff --no-index ~/.password-store/ /tmp/x/", dsl.Ask, dsl.Ask}, // a directory of secrets
		{"tar czf k.tgz ~/.password-store/", dsl.Ask, dsl.Ask},
		{"cat ~/.ssh/id_rsa", dsl.Ask, dsl.Ask},
		{"cat .env/", dsl.Allow, dsl.Allow}, // no such file: cat fails, reading nothing
		// terraform show -json of the state prints its sensitive values in
		// clear (found writing the corpus); a plan's JSON, read to review
		// it, and the plain show, which hides them, stay allowed
		{"terraform show -json", dsl.Allow, dsl.Ask},
		{"terraform show -json | jq '.values.root_module.resources[].address'", dsl.Allow, dsl.Ask},
		{"terraform show -json > state.json", dsl.Allow, dsl.Allow},
		{"terraform show -json tfplan | jq '.resource_changes[].address'", dsl.Allow, dsl.Allow},
		{"terraform show", dsl.Allow, dsl.Allow},
	})
}
