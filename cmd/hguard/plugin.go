package main

import (
	"errors"
	"io"
	"os/exec"

	"github.com/hguard/hguard/approval"
)

// runPlugin hands `hguard plugin …` to hguard-plugins, which links the
// plugin host and the Sigstore installer so that hguard itself stays small
// and starts fast. Its output and exit code are passed through.
func runPlugin(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	// Adding or installing a detector changes what every check runs: a
	// person's decision, never an agent's.
	if len(args) > 0 && (args[0] == "add" || args[0] == "install") {
		if err := refuseUnderAgent("hguard plugin "+args[0], stderr); err != nil {
			return err
		}
	}
	bin, err := approval.FindPluginsProgram(home())
	if err != nil {
		return err
	}
	cmd := exec.Command(bin, append([]string{"plugin"}, args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() > 0 {
		return exitError(exit.ExitCode()) // hguard-plugins has said why
	}
	if err != nil {
		return err
	}
	return nil
}
