package install

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sigstore/sigstore/pkg/signature"
)

// logSpec says where a fake release's transparency-log entry is and how it
// differs from a good one.
type logSpec int

const (
	logOnline        logSpec = iota // in the (loopback) Rekor only, as for tirith's real releases
	logBundle                       // in checksums.txt.sigstore.json
	logCosignBundle                 // in checksums.txt.bundle
	logNone                         // nowhere: the signature was never logged
	logForged                       // the signed entry timestamp is made with another key
	logUnknownLog                   // signed by a log that is not trusted
	logAltered                      // the integrated time changed after signing
	logOtherArtifact                // a genuine entry, for another checksums.txt
	logLate                         // logged after the certificate expired
	logRealOther                    // the real Rekor entry of sigstore-js's provenance, as the bundle
)

// fakeLog is a Rekor look-alike's signing key.
type fakeLog struct {
	key *ecdsa.PrivateKey
	id  string
}

func newLog() *fakeLog {
	key := must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader))
	der := must(x509.MarshalPKIXPublicKey(&key.PublicKey))
	id := sha256.Sum256(der)
	return &fakeLog{key: key, id: hex.EncodeToString(id[:])}
}

func (l *fakeLog) logs() []Log {
	return []Log{{ID: l.id, Key: &l.key.PublicKey, Start: time.Now().Add(-72 * time.Hour)}}
}

// sign makes the signed entry timestamp of an entry.
func (l *fakeLog) sign(e logEntry) []byte {
	payload := must(json.Marshal(struct {
		Body           string `json:"body"`
		IntegratedTime int64  `json:"integratedTime"`
		LogID          string `json:"logID"`
		LogIndex       int64  `json:"logIndex"`
	}{base64.StdEncoding.EncodeToString(e.body), e.integratedTime, e.logID, e.logIndex}))
	s := must(signature.LoadECDSASignerVerifier(l.key, crypto.SHA256))
	return must(s.SignMessage(bytes.NewReader(payload)))
}

// hashedrekord is the body cosign sign-blob logs.
func hashedrekord(sums, sig, certFile []byte) []byte {
	sum := sha256.Sum256(sums)
	return must(json.Marshal(map[string]any{"apiVersion": "0.0.1", "kind": "hashedrekord", "spec": map[string]any{
		"data":      map[string]any{"hash": map[string]string{"algorithm": "sha256", "value": hex.EncodeToString(sum[:])}},
		"signature": map[string]any{"content": sig, "publicKey": map[string]string{"content": string(certFile)}},
	}}))
}

// add logs the release's signature as mode says, putting the entry in a
// bundle file or in the files "@rekor" (the Rekor API's answer) and
// "@rekor-hash" (the digest it is indexed by) that the server reads.
func (l *fakeLog) add(files map[string][]byte, sums, sig, certFile []byte, mode logSpec) {
	if mode == logNone {
		return
	}
	if mode == logRealOther {
		files["checksums.txt.sigstore.json"] = must(os.ReadFile("testdata/sigstore-js-2.0.0-provenance.sigstore.json"))
		return
	}
	leaf := must(parseCert(certFile))
	e := logEntry{body: hashedrekord(sums, sig, certFile), integratedTime: leaf.NotBefore.Add(time.Minute).Unix(), logIndex: 31821305, logID: l.id}
	signer := l
	switch mode {
	case logOtherArtifact:
		e.body = hashedrekord([]byte("other checksums\n"), sig, certFile)
	case logLate:
		e.integratedTime = leaf.NotAfter.Add(time.Minute).Unix()
	case logForged:
		signer = newLog()
	case logUnknownLog:
		signer = newLog()
		e.logID = signer.id
	}
	e.set = signer.sign(e)
	if mode == logAltered {
		e.integratedTime++
	}
	b64 := base64.StdEncoding.EncodeToString
	switch mode {
	case logBundle:
		id := must(hex.DecodeString(e.logID))
		files["checksums.txt.sigstore.json"] = must(json.Marshal(map[string]any{
			"mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json",
			"verificationMaterial": map[string]any{"tlogEntries": []map[string]any{{
				"logIndex": fmt.Sprint(e.logIndex), "logId": map[string]any{"keyId": id},
				"kindVersion": map[string]string{"kind": "hashedrekord", "version": "0.0.1"}, "integratedTime": fmt.Sprint(e.integratedTime),
				"inclusionPromise": map[string]any{"signedEntryTimestamp": e.set}, "canonicalizedBody": e.body,
			}}},
		}))
	case logCosignBundle:
		files["checksums.txt.bundle"] = must(json.Marshal(map[string]any{
			"base64Signature": b64(sig), "cert": string(certFile),
			"rekorBundle": map[string]any{"SignedEntryTimestamp": e.set, "Payload": map[string]any{
				"body": b64(e.body), "integratedTime": e.integratedTime, "logIndex": e.logIndex, "logID": e.logID}},
		}))
	default:
		sum := sha256.Sum256(sums)
		files["@rekor-hash"] = []byte(hex.EncodeToString(sum[:]))
		files["@rekor"] = must(json.Marshal(map[string]any{"24296fb24b8ad77a" + e.logID[:16]: map[string]any{
			"body": b64(e.body), "integratedTime": e.integratedTime, "logID": e.logID, "logIndex": e.logIndex,
			"verification": map[string]any{"signedEntryTimestamp": e.set},
		}}))
	}
}

// rekor answers the two Rekor API calls the installer makes: the index by
// digest, and one entry.
func (s *server) rekor(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/rekor/api/v1/index/retrieve":
		var q struct{ Hash string }
		if json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&q) != nil {
			http.Error(w, "bad query", http.StatusBadRequest)
			return
		}
		ids := []string{}
		for tag, files := range s.releases {
			if h, ok := files["@rekor-hash"]; ok && "sha256:"+string(h) == q.Hash {
				ids = append(ids, "entry-"+tag)
			}
		}
		json.NewEncoder(w).Encode(ids)
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/rekor/api/v1/log/entries/entry-"):
		if b, ok := s.releases[strings.TrimPrefix(r.URL.Path, "/rekor/api/v1/log/entries/entry-")]["@rekor"]; ok {
			w.Write(b)
			return
		}
		http.NotFound(w, r)
	default:
		http.NotFound(w, r)
	}
}

// TestTransparencyLog: an install needs an entry in a trusted log for
// exactly the signature it verifies, integrated while the certificate was
// valid; wherever the entry comes from.
func TestTransparencyLog(t *testing.T) {
	ca := newCA(t)
	const tag = "v0.4.2"
	for _, tc := range []struct {
		name     string
		log      logSpec
		reason   string
		realLogs bool // trust the embedded public-good logs instead of the test log
		from     bool // install from a directory
	}{
		{name: "entry in Rekor", log: logOnline},
		{name: "Sigstore bundle", log: logBundle},
		{name: "cosign bundle", log: logCosignBundle},
		{name: "bundle, from a directory", log: logBundle, from: true},
		{name: "entry in Rekor, from a directory", log: logOnline, from: true},
		{name: "no entry", log: logNone, reason: ReasonNoLogEntry},
		{name: "no entry, from a directory", log: logNone, reason: ReasonNoLogEntry, from: true},
		{name: "forged timestamp", log: logForged, reason: ReasonLogEntry},
		{name: "forged timestamp in a bundle", log: logForged + 100, reason: ReasonLogEntry},
		{name: "unknown log", log: logUnknownLog, reason: ReasonLogEntry},
		{name: "altered entry", log: logAltered, reason: ReasonLogEntry},
		{name: "entry for another artifact", log: logOtherArtifact, reason: ReasonLogMismatch},
		{name: "logged after the certificate expired", log: logLate, reason: ReasonLogTime},
		{name: "real Rekor entry of another artifact", log: logRealOther, reason: ReasonLogMismatch, realLogs: true},
		{name: "real Rekor entry, untrusted log", log: logRealOther, reason: ReasonLogEntry},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, home := newServer(t), t.TempDir()
			mode := tc.log
			files := release(ca, tag, spec{log: mode % 100})
			if mode >= 100 { // move the online entry into a bundle
				delete(files, "@rekor")
				delete(files, "@rekor-hash")
				ca.log.add(files, files["checksums.txt"], mustSig(files), files["checksums.txt.pem"], logBundle)
				files["checksums.txt.sigstore.json"] = forgeBundle(files["checksums.txt.sigstore.json"])
			}
			srv.publish(tag, files)
			o := options(home, ca, srv)
			o.Version = tag
			if tc.realLogs {
				o.Logs = nil
			}
			if tc.from {
				dir := t.TempDir()
				for name, b := range files {
					if !strings.HasPrefix(name, "@") {
						must(0, os.WriteFile(dir+"/"+name, b, 0o644))
					}
				}
				o.From, o.BaseURL = dir, "http://127.0.0.1:1/nowhere"
			}
			r, err := Install(context.Background(), o)
			if tc.reason == "" {
				if err != nil || r.Tag != tag {
					t.Fatalf("%+v %v", r, err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || e.Reason != tc.reason {
				t.Fatalf("got %v, want reason %s", err, tc.reason)
			}
			nothingInstalled(t, home)
		})
	}
}

func mustSig(files map[string][]byte) []byte {
	return must(base64.StdEncoding.DecodeString(string(files["checksums.txt.sig"])))
}

// forgeBundle replaces the signed entry timestamp in a Sigstore bundle by
// one made with a key no log has.
func forgeBundle(b []byte) []byte {
	var m map[string]any
	must(0, json.Unmarshal(b, &m))
	e := m["verificationMaterial"].(map[string]any)["tlogEntries"].([]any)[0].(map[string]any)
	e["inclusionPromise"] = map[string]any{"signedEntryTimestamp": newLog().sign(logEntry{body: []byte("x")})}
	return must(json.Marshal(m))
}

// TestRealLogEntry: the Rekor entry of a real bundle (sigstore-js's 2023
// provenance) verifies against the embedded trusted root's Rekor key, its
// certificate was valid at the logged time, and any change to the entry
// breaks it.
func TestRealLogEntry(t *testing.T) {
	b := must(os.ReadFile("testdata/sigstore-js-2.0.0-provenance.sigstore.json"))
	es, err := bundleEntries("bundle", b)
	if err != nil || len(es) != 1 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	logs := must(embeddedLogs())
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	at, err := verifySET(es[0], logs, now)
	if err != nil || at.Unix() != 1692374735 {
		t.Fatalf("real entry: %v at %v", err, at)
	}
	var bundle struct {
		VerificationMaterial struct {
			X509CertificateChain struct {
				Certificates []struct {
					RawBytes []byte `json:"rawBytes"`
				} `json:"certificates"`
			} `json:"x509CertificateChain"`
		} `json:"verificationMaterial"`
	}
	must(0, json.Unmarshal(b, &bundle))
	leaf := must(x509.ParseCertificate(bundle.VerificationMaterial.X509CertificateChain.Certificates[0].RawBytes))
	roots, inter := fulcioPools()
	if err := validAt(leaf, at, roots, inter); err != nil {
		t.Fatalf("certificate at the logged time: %v", err)
	}
	var e *Error
	if err := validAt(leaf, at.Add(time.Hour), roots, inter); !errors.As(err, &e) || e.Reason != ReasonLogTime {
		t.Errorf("an hour later: %v, want %s", err, ReasonLogTime)
	}
	for name, change := range map[string]func(*logEntry){
		"integrated time": func(e *logEntry) { e.integratedTime++ },
		"log index":       func(e *logEntry) { e.logIndex++ },
		"body":            func(e *logEntry) { e.body = bytes.Replace(e.body, []byte("intoto"), []byte("intot0"), 1) },
		"timestamp":       func(e *logEntry) { e.set = bytes.Clone(e.set); e.set[len(e.set)-1] ^= 1 },
		"no timestamp":    func(e *logEntry) { e.set = nil },
		"log":             func(e *logEntry) { e.logID = strings.Repeat("0", 64) },
	} {
		f := es[0]
		change(&f)
		if _, err := verifySET(f, logs, now); !errors.As(err, &e) || e.Reason != ReasonLogEntry {
			t.Errorf("changed %s: %v, want %s", name, err, ReasonLogEntry)
		}
	}
	if _, err := verifySET(es[0], logs, time.Unix(1692374735, 0).Add(-time.Hour)); err == nil {
		t.Error("an entry integrated in the future was accepted")
	}
}

func TestParseTrustedRoot(t *testing.T) {
	logs, err := embeddedLogs()
	if err != nil || len(logs) < 1 || logs[0].ID != "c0d23d6ad406973f9559f3ba2d1ca01f84147d8ffc5b8445c224f98b9591801d" {
		t.Fatalf("%v %v", logs, err)
	}
	for _, bad := range []string{`{`, `{"tlogs":[]}`, `{"tlogs":[{"publicKey":{"rawBytes":"AAAA"}}]}`} {
		if _, err := ParseTrustedRoot([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
