// Package smartllm is the smart-approval reviewer: it asks a model behind
// any OpenAI-compatible chat-completions endpoint whether one command that
// hguard's rules would ask about may run, and reduces whatever comes back
// to approve, deny or escalate.
//
// It runs in hguard-plugins (the `review` operation), never in hguard
// itself, so the network client and its failures live in their own
// process. A reviewer only lowers an ask, which the detector contract
// (findings only add) cannot say; so it is an operation of hguard-plugins
// rather than a go-plugin detector.
//
// Every doubt escalates: an answer that is not exactly one of the three
// words (bare or as {"verdict": "…"}), an empty answer, a refusal, a
// timeout, an HTTP error, a malformed or oversized body. The command is
// redacted before it leaves, and travels as JSON data inside delimiters
// with an instruction that nothing inside them is an instruction.
package smartllm
