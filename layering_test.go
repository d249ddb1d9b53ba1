package hguard

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLayering enforces DESIGN §1: a package imports only packages below
// it, and each heavy dependency lives in one package.
func TestLayering(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	deps := func(pkg string) []string {
		out, err := exec.Command("go", "list", "-deps", "./"+strings.TrimPrefix(pkg, ".")).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		return strings.Fields(string(out))
	}
	const mod = "github.com/hguard/hguard"
	forbidden := map[string][]string{
		"dsl/cmdline": {mod + "/dsl", mod + "/plugins", mod + "/rules", "github.com/expr-lang/expr"},
		"dsl":         {mod + "/plugins", mod + "/hooks", "github.com/hashicorp/go-plugin", "google.golang.org/grpc"},
		"rules":       {mod + "/dsl"},
		"hooks":       {mod + "/dsl", mod + "/plugins"},
		"plugins":     {mod, mod + "/cmd/hguard", "github.com/sigstore/sigstore"},
		// The contract hguard shares with hguard-plugins: hguard links it.
		"plugins/wire": {mod, mod + "/plugins", "github.com/hashicorp/go-plugin", "google.golang.org/grpc", "github.com/sigstore/sigstore"},
		// A detector's declaration of what it inspects: hguard applies tirith's.
		"plugins/prefilter": {mod, mod + "/dsl", mod + "/plugins", "github.com/hashicorp/go-plugin", "google.golang.org/grpc", "github.com/sigstore/sigstore"},
		"checkpoint":        {mod, mod + "/dsl", mod + "/plugins"},
		"redact":            {mod, mod + "/dsl", mod + "/plugins"},
		// The stateful domains stand on the rules, never on each other's
		// callers: sessions and the audit log know nothing of approvals,
		// the configuration nothing of the engine or the daemon.
		"session":  {mod, mod + "/approval", mod + "/daemon", mod + "/config", mod + "/audit", mod + "/plugins"},
		"audit":    {mod, mod + "/approval", mod + "/daemon", mod + "/config", mod + "/session", mod + "/plugins"},
		"config":   {mod, mod + "/approval", mod + "/daemon", mod + "/session", mod + "/plugins"},
		"approval": {mod + "/daemon", mod + "/cmd/hguard", mod + "/plugins", "github.com/hashicorp/go-plugin", "google.golang.org/grpc"},
		"daemon":   {mod + "/cmd/hguard", mod + "/plugins", "github.com/hashicorp/go-plugin", "google.golang.org/grpc"},
		// hguard starts on every Enter: the plugin host, gRPC and sigstore
		// live in hguard-plugins, never in hguard itself.
		// The root package is the rules alone.
		".":          {mod + "/plugins", mod + "/approval", mod + "/daemon", mod + "/session", mod + "/audit", mod + "/config", "github.com/hashicorp/go-plugin", "google.golang.org/grpc", "github.com/sigstore/sigstore"},
		"cmd/hguard": {mod + "/plugins", "github.com/hashicorp/go-plugin", "google.golang.org/grpc", "github.com/sigstore/sigstore"},
		// Leaves beside the rules: credentials for sandboxes, and the
		// injection scanner, which reads files and knows no approvals.
		"creds":     {mod, mod + "/dsl", mod + "/plugins", mod + "/approval", mod + "/daemon", mod + "/config", mod + "/session", mod + "/audit"},
		"injection": {mod + "/plugins", mod + "/approval", mod + "/daemon", mod + "/config", mod + "/session", mod + "/audit", "github.com/hashicorp/go-plugin", "google.golang.org/grpc"},
		// hguard-plugins and its parts: they read the configuration and
		// the rules' types, never hguard's engine or daemon; the plugin
		// binaries link no Sigstore, and what the host links of the
		// installer (installed) neither.
		"plugins/pluginscmd":       {mod, mod + "/cmd/hguard", mod + "/approval", mod + "/daemon"},
		"plugins/smartllm":         {mod, mod + "/dsl", mod + "/plugins", mod + "/config", mod + "/approval", mod + "/daemon", "github.com/hashicorp/go-plugin", "google.golang.org/grpc", "github.com/sigstore/sigstore"},
		"plugins/tirith":           {mod, mod + "/cmd/hguard", mod + "/approval", mod + "/daemon", "github.com/sigstore/sigstore"},
		"plugins/tirith/install":   {mod, mod + "/dsl", mod + "/plugins", mod + "/approval", mod + "/daemon", "github.com/hashicorp/go-plugin", "google.golang.org/grpc"},
		"plugins/tirith/installed": {mod, mod + "/dsl", mod + "/plugins", mod + "/approval", mod + "/daemon", "github.com/hashicorp/go-plugin", "google.golang.org/grpc", "github.com/sigstore/sigstore"},
		"plugins/example":          {mod, mod + "/cmd/hguard", mod + "/approval", mod + "/daemon", "github.com/sigstore/sigstore"},
		"cmd/hguard-plugins":       {mod, mod + "/cmd/hguard", mod + "/approval", mod + "/daemon"},
		"cmd/hguard-tirith":        {mod, mod + "/approval", mod + "/daemon", "github.com/sigstore/sigstore"},
		// The catalogue's generator reads YAML alone, so it builds even
		// when catalog_gen.go does not (docs/design.md, Generated files).
		"dsl/cmdline/internal/catalogsrc": {mod + "/dsl/cmdline", mod + "/dsl", "github.com/expr-lang/expr"},
	}
	for pkg, bad := range forbidden {
		for _, d := range deps(pkg) {
			for _, b := range bad {
				// Our packages are named exactly; a third-party module by its root.
				if d == b || !strings.HasPrefix(b, mod) && strings.HasPrefix(d, b+"/") {
					t.Errorf("%s imports %s", pkg, d)
				}
			}
		}
	}
	// Every package has a rule: one in forbidden, or, under internal/, that
	// it imports none of the module's packages outside internal/ (they
	// are helpers below every domain).
	out, err := exec.Command("go", "list", "./...").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		rel := strings.TrimPrefix(strings.TrimPrefix(pkg, mod), "/")
		if rel == "" {
			rel = "."
		}
		if _, ok := forbidden[rel]; ok {
			continue
		}
		if !strings.HasPrefix(rel, "internal/") {
			t.Errorf("package %s has no rule in TestLayering: add what it must not import", rel)
			continue
		}
		for _, d := range deps(rel) {
			if strings.HasPrefix(d, mod+"/") && !strings.HasPrefix(d, mod+"/internal/") || d == mod {
				t.Errorf("%s imports %s; an internal helper imports only internal packages", rel, d)
			}
		}
	}
	// Package net links cgo's resolver, and cgo makes hguard a dynamically
	// linked program that pays for the dynamic loader on every start: the
	// daemon's socket is internal/unixsock instead.
	for _, d := range deps("cmd/hguard") {
		if d == "net" || d == "runtime/cgo" {
			t.Errorf("cmd/hguard links %s", d)
		}
	}
	// mvdan/sh is imported by dsl/cmdline alone.
	out, err = exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, "mvdan.cc/sh") && fields[0] != mod+"/dsl/cmdline" {
				t.Errorf("%s imports %s; only dsl/cmdline may", fields[0], imp)
			}
		}
	}
}
