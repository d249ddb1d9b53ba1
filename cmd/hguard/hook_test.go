package main

import (
	"strings"
	"testing"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/dsl"
)

// stuckDecider decides only once release is closed: a check slower than
// any budget.
type stuckDecider struct{ release chan struct{} }

func (s stuckDecider) Decide(approval.CheckRequest) (approval.Decision, error) {
	<-s.release
	return approval.Decision{Outcome: dsl.Allow}, nil
}

type quickDecider struct{}

func (quickDecider) Decide(approval.CheckRequest) (approval.Decision, error) {
	return approval.Decision{Outcome: dsl.Block}, nil
}

// TestDecideWithin: a decision that does not come within the budget is an
// error (the hook refuses the call), never an allow.
func TestDecideWithin(t *testing.T) {
	s := stuckDecider{release: make(chan struct{})}
	defer close(s.release)
	d, err := decideWithin(s, approval.CheckRequest{Command: "ls"}, time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "no decision within") {
		t.Fatalf("stuck decision: %v, %v; want an error", d, err)
	}
	d, err = decideWithin(quickDecider{}, approval.CheckRequest{Command: "rm -rf /"}, time.Hour)
	if err != nil || d.Outcome != dsl.Block {
		t.Fatalf("quick decision: %v, %v; want block", d, err)
	}
}
