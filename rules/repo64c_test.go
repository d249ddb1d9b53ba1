package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestRepo64cContainerHost: a secret file of this machine given to
// --env-file is read into the container's environment (an agent's asks,
// as a mount of it does); the project's own .env is not. A container
// given the host (its root, the docker socket, a host namespace) asks
// under docker-host-access, apart from docker-privileged, which a
// project's test harness is spared (red team rt63).
func TestRepo64cContainerHost(t *testing.T) {
	checkHoles(t, []holeCase{
		{"docker run --env-file ~/.aws/credentials alpine", dsl.Allow, dsl.Ask},
		{"docker run --env-file=$HOME/.config/gh/hosts.yml alpine env", dsl.Allow, dsl.Ask},
		{"podman run --env-file /home/u/.netrc alpine", dsl.Allow, dsl.Ask},
		{"docker run --env-file .env alpine", dsl.Allow, dsl.Allow},
		{"docker run --env-file ./config/.env.production app", dsl.Allow, dsl.Allow},
		{"docker run --env-file /home/u/proj/.env.local app", dsl.Allow, dsl.Allow},
		{"docker run --env-file ~/proj/.env app", dsl.Allow, dsl.Allow},
		{"docker run -v /var/run/docker.sock:/var/run/docker.sock alpine", dsl.Ask, dsl.Ask},
		{"docker run --pid=host alpine", dsl.Ask, dsl.Ask},
		{"docker run -v /:/host alpine", dsl.Ask, dsl.Ask},
		{"docker run --privileged alpine", dsl.Ask, dsl.Ask},
		{"docker run --rm -v $PWD:/src -w /src golang go test ./...", dsl.Allow, dsl.Allow},
	})
}
