//go:build !linux

package audit

import "errors"

// sendDatagram: the journal anchor is for Linux only.
func sendDatagram(string, []byte) error {
	return errors.New("the systemd journal is only on Linux")
}
