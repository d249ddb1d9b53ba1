package install

import (
	"bytes"
	"crypto"
	"crypto/x509"
	_ "embed"
	"encoding/asn1"
	"encoding/base64"
	"regexp"
	"strings"
	"sync"

	"github.com/sigstore/sigstore/pkg/cryptoutils"
	"github.com/sigstore/sigstore/pkg/signature"
)

// fulcioPEM is the public-good Fulcio intermediate and root, from
// sigstore/root-signing's trusted_root.json (see PROVENANCE in shared data).
//
//go:embed fulcio_public_good.pem
var fulcioPEM []byte

// fulcioPools parses the embedded chain on first use, not at start-up:
// every hguard process links this package, few install anything.
var fulcioPools = sync.OnceValues(func() (roots, inter *x509.CertPool) { return pools(fulcioPEM) })

// pools splits a PEM bundle into self-signed roots and intermediates.
func pools(pemBytes []byte) (roots, inter *x509.CertPool) {
	certs, err := cryptoutils.UnmarshalCertificatesFromPEM(pemBytes)
	if err != nil || len(certs) == 0 {
		panic("embedded Fulcio chain: " + errString(err)) // a build mistake, caught by every test
	}
	roots, inter = x509.NewCertPool(), x509.NewCertPool()
	for _, c := range certs {
		if bytes.Equal(c.RawIssuer, c.RawSubject) && c.CheckSignatureFrom(c) == nil {
			roots.AddCert(c)
		} else {
			inter.AddCert(c)
		}
	}
	return roots, inter
}

func errString(err error) string {
	if err == nil {
		return "no certificates"
	}
	return err.Error()
}

// Fulcio's certificate extensions naming the OIDC issuer: v1 holds the raw
// string, v2 a DER UTF8String.
var (
	oidIssuerV1 = asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 57264, 1, 1}
	oidIssuerV2 = asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 57264, 1, 8}
)

// Identity is the certificate SAN tirith's release workflow has at tag.
func Identity(tag string) string {
	return "https://github.com/" + Repo + "/" + Workflow + "@refs/tags/" + tag
}

var identityRe = regexp.MustCompile(`^` + regexp.QuoteMeta("https://github.com/"+Repo+"/"+Workflow+"@refs/tags/") +
	`(v[0-9]+\.[0-9]+\.[0-9]+)$`)

// verifyChecksums checks the keyless signature over checksums.txt and
// returns the tag the certificate was issued for. With tag "", any tag of
// tirith's release workflow is accepted (and returned).
//
// It returns the certificate and the decoded signature too, for the
// transparency-log check.
func verifyChecksums(sums, sig, certFile []byte, tag string, roots, inter *x509.CertPool) (string, *x509.Certificate, []byte, error) {
	fails := func(err error) (string, *x509.Certificate, []byte, error) { return "", nil, nil, err }
	leaf, err := parseCert(certFile)
	if err != nil {
		return fails(err)
	}
	// Fulcio certificates live ten minutes. The chain is checked here as of
	// the start of that life, for a clear message; the time that counts, the
	// one the transparency log signed, is checked by validAt.
	if _, err := leaf.Verify(x509.VerifyOptions{Roots: roots, Intermediates: inter, CurrentTime: leaf.NotBefore,
		KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning}}); err != nil {
		return fails(fail(ReasonUntrusted, "checksums.txt.pem does not chain to the Fulcio CA: %v", err))
	}
	iss, err := issuer(leaf)
	if err != nil {
		return fails(err)
	}
	if iss != Issuer {
		return fails(fail(ReasonIssuer, "certificate issuer is %q, want %q", iss, Issuer))
	}
	sans := cryptoutils.GetSubjectAlternateNames(leaf)
	if len(sans) != 1 {
		return fails(fail(ReasonIdentity, "certificate has %d subject alternative names %q, want exactly one", len(sans), sans))
	}
	m := identityRe.FindStringSubmatch(sans[0])
	if m == nil || !ValidTag(m[1]) || (tag != "" && sans[0] != Identity(tag)) {
		want := Identity(tag)
		if tag == "" {
			want = Identity("vX.Y.Z")
		}
		return fails(fail(ReasonIdentity, "certificate identity is %q, want %q", sans[0], want))
	}
	raw, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(sig)), ""))
	if err != nil {
		return fails(fail(ReasonSignature, "checksums.txt.sig is not base64: %v", err))
	}
	v, err := signature.LoadVerifier(leaf.PublicKey, crypto.SHA256)
	if err != nil {
		return fails(fail(ReasonUntrusted, "certificate key: %v", err))
	}
	if err := v.VerifySignature(bytes.NewReader(raw), bytes.NewReader(sums)); err != nil {
		return fails(fail(ReasonSignature, "checksums.txt.sig does not verify over checksums.txt: %v", err))
	}
	return m[1], leaf, raw, nil
}

// parseCert reads the leaf from checksums.txt.pem, which cosign writes as
// base64 of the PEM; plain PEM is accepted too.
func parseCert(b []byte) (*x509.Certificate, error) {
	b = bytes.TrimSpace(b)
	if !bytes.HasPrefix(b, []byte("-----BEGIN")) {
		dec, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(b)), ""))
		if err != nil {
			return nil, fail(ReasonUntrusted, "checksums.txt.pem is neither PEM nor base64 PEM")
		}
		b = dec
	}
	certs, err := cryptoutils.UnmarshalCertificatesFromPEM(b)
	if err != nil || len(certs) == 0 {
		return nil, fail(ReasonUntrusted, "checksums.txt.pem holds no certificate: %s", errString(err))
	}
	return certs[0], nil // any others are ignored: only the embedded CA is trusted
}

// issuer reads the OIDC issuer extension; when both versions are present
// they must agree.
func issuer(c *x509.Certificate) (string, error) {
	var v1, v2 string
	var has1, has2 bool
	for _, ext := range c.Extensions {
		switch {
		case ext.Id.Equal(oidIssuerV1):
			v1, has1 = string(ext.Value), true
		case ext.Id.Equal(oidIssuerV2):
			rest, err := asn1.Unmarshal(ext.Value, &v2)
			if err != nil || len(rest) != 0 {
				return "", fail(ReasonIssuer, "certificate issuer extension is malformed")
			}
			has2 = true
		}
	}
	switch {
	case has1 && has2 && v1 != v2:
		return "", fail(ReasonIssuer, "certificate names two issuers, %q and %q", v1, v2)
	case has2:
		return v2, nil
	case has1:
		return v1, nil
	}
	return "", fail(ReasonIssuer, "certificate names no OIDC issuer")
}
