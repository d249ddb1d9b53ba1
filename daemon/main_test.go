package daemon

import (
	"testing"

	"github.com/hguard/hguard/internal/testbin"
)

func TestMain(m *testing.M) {
	// The tests' requests come from this process, which has a controlling
	// terminal or not depending on who runs go test: they have one here,
	// but for TestDaemonRefusesPeersWithoutTerminal.
	peerTerminal = func(int) (bool, error) { return true, nil }
	testbin.Main(m)
}
