// Command hguard-example is an example third-party detector: it asks before
// kubectl or helm runs against a cluster context whose name starts with
// "prod". Build it, then register it with 'hguard plugin add PATH'.
package main

import (
	"context"
	"strings"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/plugins"
)

type prodContext struct{}

func (prodContext) Describe(context.Context) (plugins.Description, error) {
	return plugins.Description{Name: "example", Version: "1.0.0", Rules: []string{"example-prod-context"}}, nil
}

func (prodContext) Check(_ context.Context, req plugins.Request) ([]plugins.Finding, error) {
	var fs []plugins.Finding
	if req.Line == nil {
		return nil, nil
	}
	for _, c := range req.Line.Commands {
		if c.Name != "kubectl" && c.Name != "helm" {
			continue
		}
		for i, a := range c.Args {
			ctx, ok := strings.CutPrefix(a.Value, "--kube-context=")
			if !ok {
				ctx, ok = strings.CutPrefix(a.Value, "--context=")
			}
			if !ok && (a.Value == "--context" || a.Value == "--kube-context") && i+1 < len(c.Args) {
				ctx, ok = c.Args[i+1].Value, true
			}
			if ok && strings.HasPrefix(ctx, "prod") {
				fs = append(fs, plugins.Finding{Rule: "example-prod-context", Level: dsl.Ask,
					Message: c.Name + " against production context " + ctx, Command: c.Source})
			}
		}
	}
	return fs, nil
}

func main() { plugins.Serve(prodContext{}) }
