package install

import (
	"bytes"
	"context"
	"crypto"
	"crypto/sha256"
	"crypto/x509"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sigstore/sigstore/pkg/signature"
)

// trustedRootJSON is the Sigstore public-good trusted root, from
// sigstore/root-signing (see PROVENANCE in shared data). Only its
// transparency logs ("tlogs") are read: the Rekor keys that sign entries.
//
//go:embed trusted_root.json
var trustedRootJSON []byte

// DefaultRekorURL is where a release's log entry is looked up when the
// release carries no bundle.
const DefaultRekorURL = "https://rekor.sigstore.dev"

// Log is a transparency log whose signed entry timestamps are trusted.
type Log struct {
	ID         string // hex log ID, as entries name it (for Rekor v1 the SHA-256 of the DER key)
	Key        crypto.PublicKey
	Start, End time.Time // when the key signed; zero End means still current
}

// embeddedLogs parses the embedded trusted root on first use.
var embeddedLogs = sync.OnceValues(func() ([]Log, error) { return ParseTrustedRoot(trustedRootJSON) })

// ParseTrustedRoot reads the transparency logs of a Sigstore trusted_root.json.
func ParseTrustedRoot(b []byte) ([]Log, error) {
	var root struct {
		Tlogs []struct {
			PublicKey struct {
				RawBytes []byte `json:"rawBytes"`
				ValidFor struct {
					Start time.Time  `json:"start"`
					End   *time.Time `json:"end"`
				} `json:"validFor"`
			} `json:"publicKey"`
			LogID struct {
				KeyID []byte `json:"keyId"`
			} `json:"logId"`
		} `json:"tlogs"`
	}
	if err := json.Unmarshal(b, &root); err != nil {
		return nil, fmt.Errorf("trusted root: %v", err)
	}
	var logs []Log
	for i, t := range root.Tlogs {
		key, err := x509.ParsePKIXPublicKey(t.PublicKey.RawBytes)
		if err != nil {
			return nil, fmt.Errorf("trusted root: tlogs[%d]: %v", i, err)
		}
		if len(t.LogID.KeyID) == 0 {
			return nil, fmt.Errorf("trusted root: tlogs[%d]: no log ID", i)
		}
		l := Log{ID: hex.EncodeToString(t.LogID.KeyID), Key: key, Start: t.PublicKey.ValidFor.Start}
		if t.PublicKey.ValidFor.End != nil {
			l.End = *t.PublicKey.ValidFor.End
		}
		logs = append(logs, l)
	}
	if len(logs) == 0 {
		return nil, fmt.Errorf("trusted root: no transparency logs")
	}
	return logs, nil
}

// logEntry is one Rekor (v1) log entry with its promise of inclusion.
type logEntry struct {
	body           []byte // the canonicalized body, decoded
	integratedTime int64
	logIndex       int64
	logID          string // hex
	set            []byte // signed entry timestamp
	source         string // where it came from, for messages
}

// verifySET checks the entry's signed entry timestamp with the key of the
// log that names itself in it, and returns the time the log integrated it.
// The signed payload is the canonical JSON Rekor signs: the four fields in
// key order, no spaces.
func verifySET(e logEntry, logs []Log, now time.Time) (time.Time, error) {
	if len(e.set) == 0 {
		return time.Time{}, fail(ReasonLogEntry, "%s has no signed entry timestamp", e.source)
	}
	var log *Log
	for i := range logs {
		if logs[i].ID == e.logID {
			log = &logs[i]
		}
	}
	if log == nil {
		return time.Time{}, fail(ReasonLogEntry, "%s is from log %q, which is not in the trusted root", e.source, e.logID)
	}
	payload, err := json.Marshal(struct {
		Body           string `json:"body"`
		IntegratedTime int64  `json:"integratedTime"`
		LogID          string `json:"logID"`
		LogIndex       int64  `json:"logIndex"`
	}{base64.StdEncoding.EncodeToString(e.body), e.integratedTime, e.logID, e.logIndex})
	if err != nil {
		return time.Time{}, fail(ReasonLogEntry, "%v", err)
	}
	v, err := signature.LoadVerifier(log.Key, crypto.SHA256)
	if err != nil {
		return time.Time{}, fail(ReasonLogEntry, "Rekor key: %v", err)
	}
	if err := v.VerifySignature(bytes.NewReader(e.set), bytes.NewReader(payload)); err != nil {
		return time.Time{}, fail(ReasonLogEntry, "%s: the signed entry timestamp does not verify with the Rekor key (a forged or altered entry): %v", e.source, err)
	}
	t := time.Unix(e.integratedTime, 0).UTC()
	if t.Before(log.Start) || (!log.End.IsZero() && t.After(log.End)) {
		return time.Time{}, fail(ReasonLogEntry, "%s was integrated at %s, outside the Rekor key's validity", e.source, t.Format(time.RFC3339))
	}
	if t.After(now.Add(5 * time.Minute)) { // a clock a little behind is no forgery
		return time.Time{}, fail(ReasonLogEntry, "%s was integrated at %s, in the future", e.source, t.Format(time.RFC3339))
	}
	return t, nil
}

// matchBody checks that the entry logs exactly this signature, by this
// certificate, over this checksums.txt: a cosign sign-blob "hashedrekord".
func matchBody(e logEntry, sums, sig []byte, leaf *x509.Certificate) error {
	var body struct {
		Kind string `json:"kind"`
		Spec struct {
			Data struct {
				Hash struct {
					Algorithm string `json:"algorithm"`
					Value     string `json:"value"`
				} `json:"hash"`
			} `json:"data"`
			Signature struct {
				Content   []byte `json:"content"`
				PublicKey struct {
					Content []byte `json:"content"`
				} `json:"publicKey"`
			} `json:"signature"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(e.body, &body); err != nil {
		return fail(ReasonLogMismatch, "%s: the body is not a Rekor entry: %v", e.source, err)
	}
	if body.Kind != "hashedrekord" {
		return fail(ReasonLogMismatch, "%s logs a %q entry, not the signature of checksums.txt (hashedrekord): it is for another artifact", e.source, body.Kind)
	}
	h := body.Spec.Data.Hash
	if sum := sha256.Sum256(sums); h.Algorithm != "sha256" || !strings.EqualFold(h.Value, hex.EncodeToString(sum[:])) {
		return fail(ReasonLogMismatch, "%s logs artifact %s:%s, not this checksums.txt (sha256:%x)", e.source, h.Algorithm, h.Value, sum)
	}
	if !bytes.Equal(body.Spec.Signature.Content, sig) {
		return fail(ReasonLogMismatch, "%s logs another signature than checksums.txt.sig", e.source)
	}
	cert, err := parseCert(body.Spec.Signature.PublicKey.Content)
	if err != nil || !bytes.Equal(cert.Raw, leaf.Raw) {
		return fail(ReasonLogMismatch, "%s logs another certificate than checksums.txt.pem", e.source)
	}
	return nil
}

// bundleEntries reads the log entries of a Sigstore bundle
// (checksums.txt.sigstore.json) or of cosign's older bundle
// (checksums.txt.bundle).
func bundleEntries(name string, b []byte) ([]logEntry, error) {
	var nb struct {
		MediaType            string `json:"mediaType"`
		VerificationMaterial struct {
			TlogEntries []struct {
				LogIndex string `json:"logIndex"`
				LogID    struct {
					KeyID []byte `json:"keyId"`
				} `json:"logId"`
				IntegratedTime   string `json:"integratedTime"`
				InclusionPromise struct {
					SignedEntryTimestamp []byte `json:"signedEntryTimestamp"`
				} `json:"inclusionPromise"`
				CanonicalizedBody []byte `json:"canonicalizedBody"`
			} `json:"tlogEntries"`
		} `json:"verificationMaterial"`
		RekorBundle *struct {
			SignedEntryTimestamp []byte `json:"SignedEntryTimestamp"`
			Payload              struct {
				Body           string `json:"body"`
				IntegratedTime int64  `json:"integratedTime"`
				LogIndex       int64  `json:"logIndex"`
				LogID          string `json:"logID"`
			} `json:"Payload"`
		} `json:"rekorBundle"`
	}
	if err := json.Unmarshal(b, &nb); err != nil {
		return nil, fail(ReasonLogEntry, "%s is not a Sigstore bundle: %v", name, err)
	}
	var es []logEntry
	if rb := nb.RekorBundle; rb != nil {
		body, err := base64.StdEncoding.DecodeString(rb.Payload.Body)
		if err != nil {
			return nil, fail(ReasonLogEntry, "%s: the entry body is not base64", name)
		}
		es = append(es, logEntry{body: body, integratedTime: rb.Payload.IntegratedTime, logIndex: rb.Payload.LogIndex,
			logID: rb.Payload.LogID, set: rb.SignedEntryTimestamp, source: name})
	}
	for i, t := range nb.VerificationMaterial.TlogEntries {
		it, err1 := strconv.ParseInt(t.IntegratedTime, 10, 64)
		li, err2 := strconv.ParseInt(t.LogIndex, 10, 64)
		if err1 != nil || err2 != nil {
			return nil, fail(ReasonLogEntry, "%s: tlogEntries[%d] has no integer integratedTime and logIndex", name, i)
		}
		es = append(es, logEntry{body: t.CanonicalizedBody, integratedTime: it, logIndex: li, logID: hex.EncodeToString(t.LogID.KeyID),
			set: t.InclusionPromise.SignedEntryTimestamp, source: fmt.Sprintf("%s tlogEntries[%d]", name, i)})
	}
	if len(es) == 0 {
		return nil, fail(ReasonNoLogEntry, "%s holds no transparency-log entry", name)
	}
	return es, nil
}

// maxLookups bounds how many entries of one artifact are read from Rekor.
const maxLookups = 8

// lookupRekor finds the entries Rekor holds for checksums.txt: the index
// by the artifact's digest, then each entry.
func (in *installer) lookupRekor(ctx context.Context, sums []byte) ([]logEntry, error) {
	sum := sha256.Sum256(sums)
	q, _ := json.Marshal(map[string]string{"hash": "sha256:" + hex.EncodeToString(sum[:])})
	var uuids []string
	if err := in.rekorJSON(ctx, http.MethodPost, "/api/v1/index/retrieve", q, &uuids); err != nil {
		return nil, err
	}
	if len(uuids) == 0 {
		return nil, fail(ReasonNoLogEntry, "Rekor (%s) has no entry for checksums.txt (sha256:%x): its signature was never logged", in.RekorURL, sum)
	}
	var es []logEntry
	for _, id := range uuids[:min(len(uuids), maxLookups)] {
		if strings.ContainsAny(id, "/?#") {
			return nil, fail(ReasonLogEntry, "Rekor answered a malformed entry id %q", id)
		}
		var resp map[string]struct {
			Body           string `json:"body"`
			IntegratedTime int64  `json:"integratedTime"`
			LogID          string `json:"logID"`
			LogIndex       int64  `json:"logIndex"`
			Verification   struct {
				SignedEntryTimestamp []byte `json:"signedEntryTimestamp"`
			} `json:"verification"`
		}
		if err := in.rekorJSON(ctx, http.MethodGet, "/api/v1/log/entries/"+id, nil, &resp); err != nil {
			return nil, err
		}
		for _, r := range resp {
			body, err := base64.StdEncoding.DecodeString(r.Body)
			if err != nil {
				return nil, fail(ReasonLogEntry, "Rekor entry %s: the body is not base64", id)
			}
			es = append(es, logEntry{body: body, integratedTime: r.IntegratedTime, logIndex: r.LogIndex, logID: r.LogID,
				set: r.Verification.SignedEntryTimestamp, source: "Rekor entry " + id})
		}
	}
	return es, nil
}

func (in *installer) rekorJSON(ctx context.Context, method, path string, body []byte, v any) error {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, in.RekorURL+path, rd)
	if err != nil {
		return fail(ReasonDownload, "%v", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := in.Client.Do(req)
	if err != nil {
		return fail(ReasonNoLogEntry, "look up the transparency log: %v (offline? put the release's Sigstore bundle, checksums.txt.sigstore.json, beside it)", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fail(ReasonNoLogEntry, "look up the transparency log: %s%s: %s", in.RekorURL, path, resp.Status)
	}
	b, err := readCapped(resp.Body, maxSmall*4, "the Rekor answer")
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fail(ReasonLogEntry, "Rekor answered garbage for %s: %v", path, err)
	}
	return nil
}

// verifyLogged accepts the first entry that is signed by a trusted log,
// logs exactly this signature, and was integrated while the certificate
// was valid; it returns that time. Without a good entry, the first
// refusal is the answer.
func (in *installer) verifyLogged(es []logEntry, sums, sig []byte, leaf *x509.Certificate) (time.Time, error) {
	var first error
	for _, e := range es {
		t, err := verifySET(e, in.Logs, in.Now())
		if err == nil {
			err = matchBody(e, sums, sig, leaf)
		}
		if err == nil {
			err = validAt(leaf, t, in.Roots, in.Intermediates)
		}
		if err == nil {
			return t, nil
		}
		if first == nil {
			first = err
		}
	}
	if first == nil {
		first = fail(ReasonNoLogEntry, "no transparency-log entry for checksums.txt")
	}
	return time.Time{}, first
}

// validAt checks the certificate chain at the time the log integrated the
// signature: a Fulcio certificate lives ten minutes, and a signature logged
// after that was made with a key that should have been thrown away.
func validAt(leaf *x509.Certificate, t time.Time, roots, inter *x509.CertPool) error {
	if t.Before(leaf.NotBefore) || t.After(leaf.NotAfter) {
		return fail(ReasonLogTime, "the signature was logged at %s, outside the certificate's validity (%s to %s)",
			t.Format(time.RFC3339), leaf.NotBefore.UTC().Format(time.RFC3339), leaf.NotAfter.UTC().Format(time.RFC3339))
	}
	if _, err := leaf.Verify(x509.VerifyOptions{Roots: roots, Intermediates: inter, CurrentTime: t,
		KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning}}); err != nil {
		return fail(ReasonLogTime, "the certificate does not chain to the Fulcio CA at the logged time %s: %v", t.Format(time.RFC3339), err)
	}
	return nil
}
