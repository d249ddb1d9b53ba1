package daemon

import (
	"testing"

	"github.com/hguard/hguard/internal/testbin"
)

func TestMain(m *testing.M) { testbin.Main(m) }
