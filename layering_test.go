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
		"checkpoint":   {mod, mod + "/dsl", mod + "/plugins"},
		"redact":       {mod, mod + "/dsl", mod + "/plugins"},
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
	// Package net links cgo's resolver, and cgo makes hguard a dynamically
	// linked program that pays for the dynamic loader on every start: the
	// daemon's socket is internal/unixsock instead.
	for _, d := range deps("cmd/hguard") {
		if d == "net" || d == "runtime/cgo" {
			t.Errorf("cmd/hguard links %s", d)
		}
	}
	// mvdan/sh is imported by dsl/cmdline alone.
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").Output()
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
