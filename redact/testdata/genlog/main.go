// Command genlog writes an application log of a given size to standard
// output: ordinary lines (requests, URLs, SHAs, UUIDs) with a fake secret
// on about one line in a hundred. It feeds the hguard redact throughput
// measurement in bench.sh; the secrets are made up.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
)

func main() {
	size := flag.Int64("mb", 100, "megabytes to write")
	flag.Parse()
	rng := rand.New(rand.NewPCG(8, 8))
	ordinary := []string{
		`2026-01-02T03:04:05Z level=info msg="request served" method=GET path=/api/v1/items/%d status=200 duration=%dms`,
		`2026-01-02T03:04:05Z level=debug msg="cache miss" key=user:%d:profile ttl=300s`,
		`2026-01-02T03:04:05Z GET https://cdn.example.com/assets/app.%d.js 200 %d bytes`,
		`2026-01-02T03:04:05Z level=warn msg="slow query" table=orders rows=%d elapsed=%dms`,
		`2026-01-02T03:04:05Z commit be3d831295da1da104f4e48fc8aa9a065c952991 request_id=550e8400-e29b-41d4-a716-4466554400%02d`,
		`2026-01-02T03:04:05Z worker %d: task-scheduler processed %d jobs from queue default`,
		`2026-01-02T03:04:05Z level=info msg="token refreshed" user=%d expires_in=%d`,
	}
	secrets := []string{
		`2026-01-02T03:04:05Z level=error msg="auth failed" header="Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0"`,
		`2026-01-02T03:04:05Z env GITHUB_TOKEN=ghp_Bqyt1T5AlQzhk7Q2bmXkthaYWyv1kKB5oiAK`,
		`2026-01-02T03:04:05Z DATABASE_URL=postgres://app:Zk8pQ2xWm4@db.internal:5432/app`,
		`2026-01-02T03:04:05Z aws_access_key_id = AKIAOXYIMCFIPNZB575Y`,
		`2026-01-02T03:04:05Z password=Tr0ub4dor&3xq`,
	}
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	for n := int64(0); n < *size<<20; {
		var k int
		if rng.IntN(100) == 0 {
			k, _ = fmt.Fprintln(w, secrets[rng.IntN(len(secrets))])
		} else {
			k, _ = fmt.Fprintf(w, ordinary[rng.IntN(len(ordinary))]+"\n", rng.IntN(100000), rng.IntN(1000))
		}
		n += int64(k)
	}
}
