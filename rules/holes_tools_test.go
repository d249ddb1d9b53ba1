package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestGitConfigCommandKeys: git -c and GIT_CONFIG_KEY_n set every key
// whose value git runs (a remote's upload pack, a filter, a textconv, a
// web browser's cmd), not only the pager and editor keys (red team,
// 2026-12-04: git -c remote.origin.uploadpack='rm -rf ~' fetch was
// allowed, the others only asked).
func TestGitConfigCommandKeys(t *testing.T) {
	checkHoles(t, []holeCase{
		{"git -c remote.origin.uploadpack='rm -rf ~' fetch", dsl.Block, dsl.Block},
		{"git -c remote.origin.receivepack='rm -rf ~' push", dsl.Block, dsl.Block},
		{"git -c remote.origin.uploadpack=./x.sh fetch", dsl.Ask, dsl.Ask},
		{"git -c filter.x.clean='rm -rf ~' add .", dsl.Block, dsl.Block},
		{"git -c diff.x.textconv='rm -rf ~' diff", dsl.Block, dsl.Block},
		{"git -c core.askPass='rm -rf ~' fetch", dsl.Block, dsl.Block},
		{"git -c uploadpack.packObjectsHook='rm -rf ~' clone . ../x", dsl.Block, dsl.Block},
		{"git -c tar.tgz.command='rm -rf ~' archive --format=tgz HEAD", dsl.Block, dsl.Block},
		{"git -c web.browser=x -c browser.x.cmd='rm -rf ~' web--browse http://x", dsl.Block, dsl.Block},
		{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.uploadpack GIT_CONFIG_VALUE_0='rm -rf ~' git fetch", dsl.Block, dsl.Block},
		// everyday
		{"git -c remote.origin.prune=true fetch", dsl.Allow, dsl.Allow},
		{"git -c difftool.vscode.cmd='code --wait --diff $LOCAL $REMOTE' difftool -t vscode", dsl.Allow, dsl.Allow},
		{"git -c core.pager=cat log", dsl.Allow, dsl.Allow},
		{"git -c user.name=x commit -m x", dsl.Allow, dsl.Allow},
	})
}

// TestTypeScriptConfigsWrittenOnLine: a tool's TypeScript configuration
// by its default name (vite.config.ts, jest.config.ts, nuxt.config.ts)
// and the test files a runner collects by pattern (x.test.ts), written on
// the line, run as the .js ones do (red team, 2026-12-04: each was
// allowed).
func TestTypeScriptConfigsWrittenOnLine(t *testing.T) {
	const evil = `import {execSync} from "child_process"; execSync("rm -rf ~")`
	checkHoles(t, []holeCase{
		{"echo '" + evil + "' > vite.config.ts; npx vite build", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > jest.config.ts; npx jest", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > nuxt.config.ts; npx nuxi dev", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > playwright.config.ts; npx playwright test", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > eslint.config.mts; npx eslint .", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > x.test.ts; npx vitest run", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > x.test.js; npx vitest run", dsl.Block, dsl.Block},
		{"mkdir -p tests; echo '" + evil + "' > tests/a.test.ts; npx vitest run", dsl.Block, dsl.Block},
		// everyday
		{`echo 'import { defineConfig } from "vite"; export default defineConfig({})' > vite.config.ts; npx vite build`, dsl.Allow, dsl.Allow},
		{`echo 'test("x", () => { expect(1).toBe(1) })' > x.test.ts; npx vitest run`, dsl.Allow, dsl.Allow},
		{`echo 'export default { testEnvironment: "node" }' > jest.config.ts; npx jest`, dsl.Allow, dsl.Allow},
		{"npx vite build", dsl.Allow, dsl.Allow},
	})
}
