package redact

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

// logCorpus is n bytes of application log: mostly ordinary lines, URLs and
// identifiers, with a secret on about one line in a hundred.
func logCorpus(n int) []byte {
	rng := rand.New(rand.NewPCG(8, 8))
	ordinary := []string{
		`level=info msg="request served" method=GET path=/api/v1/items/%d status=200 duration=%dms`,
		`level=debug msg="cache miss" key=user:%d:profile ttl=300s`,
		`GET https://cdn.example.com/assets/app.%d.js 200 %d bytes`,
		`level=warn msg="slow query" table=orders rows=%d elapsed=%dms`,
		`commit be3d831295da1da104f4e48fc8aa9a065c952991 request_id=550e8400-e29b-41d4-a716-4466554400%02d`,
		`worker %d: task-scheduler processed %d jobs from queue default`,
		`level=info msg="token refreshed" user=%d expires_in=%d`,
	}
	secrets := []string{
		"level=error msg=\"auth failed\" header=\"Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0\"",
		"export GITHUB_TOKEN=" + fakeGHP,
		"DATABASE_URL=postgres://app:Zk8pQ2xWm4@db.internal:5432/app",
		"aws_access_key_id = AKIAOXYIMCFIPNZB575Y",
		"password=Tr0ub4dor&3xq",
	}
	var b bytes.Buffer
	for b.Len() < n {
		if rng.IntN(100) == 0 {
			b.WriteString(secrets[rng.IntN(len(secrets))])
		} else {
			fmt.Fprintf(&b, ordinary[rng.IntN(len(ordinary))], rng.IntN(100000), rng.IntN(1000))
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func BenchmarkCopy(b *testing.B) {
	in := logCorpus(8 << 20)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if _, err := Copy(io.Discard, bytes.NewReader(in)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCopyClean is text with no keyword at all: the floor set by the
// keyword automaton.
func BenchmarkCopyClean(b *testing.B) {
	in := bytes.Repeat([]byte("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.\n"), 100000)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if _, err := Copy(io.Discard, bytes.NewReader(in)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkString(b *testing.B) {
	cmd := "curl -H 'Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0' https://api.example.com/v1/items"
	b.SetBytes(int64(len(cmd)))
	for b.Loop() {
		_ = String(cmd)
	}
}
