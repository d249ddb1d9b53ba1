package plugins

import (
	"context"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/testbin"
	"github.com/hguard/hguard/plugins/prefilter"
)

// The test binary doubles as a fake plugin: with HGUARD_FAKE_PLUGIN set it
// serves fakeDetector, whose behaviour on each call is read from the file
// named by HGUARD_FAKE_MODE (so a test can change it between calls).
func TestMain(m *testing.M) {
	switch os.Getenv("HGUARD_FAKE_PLUGIN") {
	case "":
		testbin.Main(m)
	case "stdout-garbage":
		fmt.Println("hello, I am not a plugin")
		time.Sleep(time.Minute)
	default:
		cookie := os.Getenv(CookieKey)
		plugin.Serve(&plugin.ServeConfig{
			HandshakeConfig: handshake(cookie),
			Plugins:         plugin.PluginSet{pluginKey: &fakeServer{}},
			GRPCServer:      newGRPCServer,
		})
	}
	os.Exit(0)
}

func fakeMode() string {
	b, _ := os.ReadFile(os.Getenv("HGUARD_FAKE_MODE"))
	return strings.TrimSpace(string(b))
}

type fakeDetector struct{}

func (fakeDetector) Describe(context.Context) (Description, error) {
	name := os.Getenv("HGUARD_FAKE_NAME")
	if name == "" {
		name = "fake"
	}
	d := Description{Name: name, Version: os.Getenv(CookieKey), Rules: []string{"fake-*", "exact"}}
	if p := os.Getenv("HGUARD_FAKE_PREFILTER"); p != "" {
		d.Prefilter = &prefilter.Spec{Patterns: []string{p}}
	}
	return d, nil
}

func (fakeDetector) Check(ctx context.Context, req Request) ([]Finding, error) {
	switch fakeMode() {
	case "die":
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
	case "hang":
		time.Sleep(time.Hour)
	case "error":
		return nil, fmt.Errorf("database unreachable")
	case "undeclared":
		return []Finding{{Rule: "other", Level: dsl.Block, Message: "x"}}, nil
	case "allow":
		return []Finding{{Rule: "exact", Level: dsl.Allow, Message: "fine"},
			{Rule: "fake-warn", Level: dsl.Warn, Message: "look \x1b[31mred\x1b[0m\u202e", Command: "sub"}}, nil
	}
	if f, err := os.OpenFile(os.Getenv("HGUARD_FAKE_MODE")+".calls", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); err == nil {
		fmt.Fprintln(f, req.Original) // the calls it got, for the tests of the prefilter and the cache
		f.Close()
	}
	var names []string
	if req.Line != nil {
		for _, c := range req.Line.Commands {
			names = append(names, c.Name)
		}
	}
	return []Finding{{Rule: "fake-ask", Level: dsl.Ask, Message: "saw " + strings.Join(names, ",") + " in " + req.Cwd}}, nil
}

// fakeServer serves fakeDetector, and garbage bytes for Check in mode "garbage".
type fakeServer struct{ grpcPlugin }

func (fakeServer) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	desc := serviceDesc
	desc.Methods = []grpc.MethodDesc{serviceDesc.Methods[0], {MethodName: "Check",
		Handler: func(srv any, ctx context.Context, dec func(any) error, icpt grpc.UnaryServerInterceptor) (any, error) {
			if fakeMode() == "garbage" {
				_ = dec(new(wrapperspb.BytesValue))
				return wrapperspb.Bytes([]byte("<html>\x00")), nil
			}
			return serviceDesc.Methods[1].Handler(srv, ctx, dec, icpt)
		}}}
	s.RegisterService(&desc, fakeDetector{})
	return nil
}
