//go:build !linux

package main

// geminiHeadless cannot look at Gemini CLI's process here; a refusal that
// says what to do is better than a prompt that may never be seen.
func geminiHeadless() bool { return true }
