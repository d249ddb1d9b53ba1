// Package config reads $HGUARD_HOME/config.yaml, hguard's one configuration
// file, for every program and package: the approval mode, the allowlist,
// the detectors, the smart reviewer, checkpoints, the audit log and
// sessions. [Load] gives the defaults when there is no file, and a broken
// file is an error naming path:line:col and the key; an unknown key is a
// warning, never silently dropped. Each consumer takes its own section.
package config
