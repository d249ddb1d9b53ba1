// Package tirith is the tirith detector: a plugin that runs the external
// tirith program (github.com/sheeki03/tirith) on each command and turns its
// findings into hguard findings. Its verified installer is in the install
// subpackage; its main is cmd/hguard-tirith at the module root.
package tirith
