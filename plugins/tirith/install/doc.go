// Package install installs the tirith binary from its GitHub release after
// verifying it in-process, offline-capable and failing closed:
//
//  1. checksums.txt.sig and checksums.txt.pem (cosign keyless): the
//     certificate chains to the Fulcio root and intermediate embedded here,
//     checked as of its NotBefore; its OIDC issuer is exactly GitHub
//     Actions'; its one SAN is exactly tirith's release workflow at the
//     requested tag; the signature over checksums.txt verifies.
//  2. The signature was logged in Rekor: an entry from the release's
//     Sigstore bundle or looked up in Rekor, whose signed entry timestamp
//     verifies with a log key of the embedded Sigstore trusted root, that
//     logs exactly this signature, certificate and checksums.txt, at a time
//     the certificate was valid.
//  3. The archive's SHA-256 equals its line in checksums.txt.
//  4. Only the top-level "tirith" regular file is extracted (an archive with
//     a link or a path escaping it is refused whole), size-capped, fsynced,
//     made 0755 and renamed into $HGUARD_HOME/bin/. The installed tag is
//     recorded and downgrades are refused.
//
// Adopt installs a binary the user already has, offline, recording its
// hash as unverified; installed.Check re-hashes the installed binary
// against the record.
//
// A failure writes $HGUARD_HOME/state/tirith-install-failed.json
// {reason, detail, at, tag}, which stops background attempts for 24 hours;
// an explicit install ignores it and a success deletes it.
package install
