package plugins

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// The service is written by hand instead of generated from a .proto file:
// two unary methods whose messages are JSON in a BytesValue. The JSON types
// above are the contract; gRPC only carries them.
const serviceName = "hguard.plugins.v1.Detector"

// maxMessage bounds a request or an answer; a line is at most
// cmdline.MaxInput (1 MiB), and its model a few times that.
const maxMessage = 16 << 20

var serviceDesc = grpc.ServiceDesc{
	ServiceName: serviceName,
	HandlerType: (*Detector)(nil),
	Methods: []grpc.MethodDesc{
		{MethodName: "Describe", Handler: unary("Describe", func(ctx context.Context, d Detector, _ []byte) (any, error) {
			return d.Describe(ctx)
		})},
		{MethodName: "Check", Handler: unary("Check", func(ctx context.Context, d Detector, in []byte) (any, error) {
			var req Request
			if err := json.Unmarshal(in, &req); err != nil {
				return nil, status.Errorf(codes.InvalidArgument, "decode request: %v", err)
			}
			fs, err := d.Check(ctx, req)
			return checkResponse{Findings: fs}, err
		})},
	},
	Metadata: "hguard/plugins/grpc.go",
}

type checkResponse struct {
	Findings []Finding `json:"findings"`
}

// unary adapts a JSON-in, JSON-out function to a gRPC method handler.
func unary(method string, call func(context.Context, Detector, []byte) (any, error)) grpc.MethodHandler {
	return func(srv any, ctx context.Context, dec func(any) error, icpt grpc.UnaryServerInterceptor) (any, error) {
		in := new(wrapperspb.BytesValue)
		if err := dec(in); err != nil {
			return nil, err
		}
		handle := func(ctx context.Context, req any) (any, error) {
			out, err := call(ctx, srv.(Detector), req.(*wrapperspb.BytesValue).GetValue())
			if err != nil {
				if _, ok := status.FromError(err); !ok {
					err = status.Error(codes.Unknown, err.Error())
				}
				return nil, err
			}
			b, err := json.Marshal(out)
			if err != nil {
				return nil, status.Errorf(codes.Internal, "encode %s answer: %v", method, err)
			}
			return wrapperspb.Bytes(b), nil
		}
		if icpt == nil {
			return handle(ctx, in)
		}
		return icpt(ctx, in, &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + serviceName + "/" + method}, handle)
	}
}

func newGRPCServer(opts []grpc.ServerOption) *grpc.Server {
	return grpc.NewServer(append(opts, grpc.MaxRecvMsgSize(maxMessage), grpc.MaxSendMsgSize(maxMessage))...)
}

// grpcPlugin connects the contract to go-plugin.
type grpcPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	impl Detector // set on the plugin side only
}

func (p *grpcPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	s.RegisterService(&serviceDesc, p.impl)
	return nil
}

func (p *grpcPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return &client{conn: c}, nil
}

// client is the host's end of one plugin connection.
type client struct {
	conn *grpc.ClientConn
}

// errGarbage marks an answer that is not what the contract allows.
var errGarbage = errors.New("garbage answer")

func (c *client) invoke(ctx context.Context, method string, in []byte, out any) error {
	reply := new(wrapperspb.BytesValue)
	err := c.conn.Invoke(ctx, "/"+serviceName+"/"+method, wrapperspb.Bytes(in), reply,
		grpc.MaxCallRecvMsgSize(maxMessage), grpc.MaxCallSendMsgSize(maxMessage))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(reply.GetValue(), out); err != nil {
		return fmt.Errorf("%w to %s: %v", errGarbage, method, err)
	}
	return nil
}

// Describe asks the plugin to describe itself.
func (c *client) Describe(ctx context.Context) (Description, error) {
	var d Description
	err := c.invoke(ctx, "Describe", []byte("{}"), &d)
	return d, err
}

// Check sends an encoded Request.
func (c *client) Check(ctx context.Context, req []byte) ([]Finding, error) {
	var r checkResponse
	err := c.invoke(ctx, "Check", req, &r)
	return r.Findings, err
}
