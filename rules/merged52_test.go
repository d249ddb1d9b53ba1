package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestMerged52EverydayKeysAndSys: everyday lines the session's merged
// rules asked at first (2026-12-06). openssl reading a key with -noout
// prints nothing of it (-check, -modulus), unless -text prints its
// numbers; the frequency governor of every CPU spelled as a glob is the
// governor sys-write leaves to people, as cpu0's is.
func TestMerged52EverydayKeysAndSys(t *testing.T) {
	checkHoles(t, []holeCase{
		{"openssl rsa -in server.key -noout -check", dsl.Allow, dsl.Allow},
		{"openssl rsa -in server.key -noout -modulus | openssl md5", dsl.Allow, dsl.Allow},
		{"openssl pkey -in key.pem -pubout -out pub.pem", dsl.Allow, dsl.Allow},
		{"openssl rsa -in server.key -noout -text", dsl.Ask, dsl.Ask},
		{"openssl rsa -in server.key", dsl.Ask, dsl.Ask},
		{"echo performance | sudo tee /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor", dsl.Allow, dsl.Allow},
		{"echo 0 | sudo tee /sys/devices/system/cpu/cpu*/online", dsl.Ask, dsl.Ask},
	})
}

// TestMerged52LocalServiceNames: a host name of one label is the local
// network's (a compose or Kubernetes service), so a plain-http request to
// it is no download anyone on the Internet's path can change; a wipe
// through it stays asked (http-delete).
func TestMerged52LocalServiceNames(t *testing.T) {
	checkHoles(t, []holeCase{
		{"curl http://api:3000/health", dsl.Allow, dsl.Allow}, // was asked
		{"curl -s es:9200/_cat/indices", dsl.Allow, dsl.Allow},
		{"curl http://example.com/x.tar.gz -o x.tar.gz", dsl.Ask, dsl.Ask},
		{"curl -XDELETE es:9200/*", dsl.Ask, dsl.Ask},
	})
}
