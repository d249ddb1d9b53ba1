package main

import (
	"fmt"
	"io"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/internal/sanitize"

	"github.com/hguard/hguard/dsl"
)

// PromptLine is the question hguard guard asks on the terminal.
const PromptLine = "[o]nce [s]ession [a]lways [d]eny"

// Prompt shows an ask on a terminal (w) and reads the answer from it (r):
// one line, o/s/r/a/d or the word. No answer within timeout is a timeout; end
// of input or three answers that make no sense are a deny. always is not
// offered when a content-level finding asks.
//
// The CLI passes /dev/tty for both; tests pass a pipe or a pty.
func Prompt(r io.Reader, w io.Writer, d approval.Decision, timeout time.Duration) approval.Answer {
	fmt.Fprintf(w, "\nhguard: this command needs your approval\n  $ %s\n", sanitize.OneLine(d.Command, 300))
	if d.Cwd != "" {
		fmt.Fprintf(w, "  in %s\n", d.Cwd)
	}
	for _, f := range d.Findings {
		if f.Level < dsl.Warn {
			continue
		}
		fmt.Fprintf(w, "  %-5s %s: %s", f.Level, f.Rule, f.Message)
		if approval.IsPluginFinding(f) {
			fmt.Fprintf(w, " [%s]", f.Source)
		}
		fmt.Fprintln(w)
	}
	if d.Notice != "" {
		fmt.Fprintf(w, "  note: %s\n", d.Notice)
	}
	question := PromptLine + "  (r = this rule on any command, this session)"
	if d.NoAlways {
		question = "[o]nce [s]ession [d]eny  (r = this rule on any command, this session; always is not offered: only a person may approve this, never for good)"
	}
	// One line is read per question asked, a byte at a time, so that what
	// the user types after answering stays with the shell.
	lines := make(chan string)
	more := make(chan struct{}, 1)
	more <- struct{}{}
	go func() {
		defer close(lines)
		for range more {
			line, err := readAnswerLine(r)
			if line != "" || err == nil {
				lines <- line
			}
			if err != nil {
				return
			}
		}
	}()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for tries := 0; tries < 3; tries++ {
		left := timeout.Round(time.Second)
		if timeout < time.Second {
			left = timeout
		}
		fmt.Fprintf(w, "%s [%s to deny]: ", question, left)
		select {
		case <-deadline.C:
			fmt.Fprintln(w, "\nhguard: no answer in time: denied")
			return approval.AnswerTimeout
		case line, ok := <-lines:
			if !ok {
				fmt.Fprintln(w, "\nhguard: no answer: denied")
				return approval.AnswerDeny
			}
			a, err := approval.ParseAnswer(line)
			switch {
			case err != nil || a == approval.AnswerTimeout:
				fmt.Fprintf(w, "hguard: answer o, s, r, a or d\n")
				more <- struct{}{}
				continue
			case a == approval.AnswerAlways && d.NoAlways:
				fmt.Fprintf(w, "hguard: always is not offered: only once or for the session\n")
				more <- struct{}{}
				continue
			}
			return a
		}
	}
	fmt.Fprintln(w, "hguard: denied")
	return approval.AnswerDeny
}

// readAnswerLine reads one line without reading past it. A line ends at \n
// or \r: a terminal left raw by a line editor delivers Enter as \r.
func readAnswerLine(r io.Reader) (string, error) {
	var (
		line []byte
		b    [1]byte
	)
	for len(line) < 256 {
		n, err := r.Read(b[:])
		if n == 1 {
			if b[0] == '\n' || b[0] == '\r' {
				return string(line), nil
			}
			line = append(line, b[0])
		}
		if err != nil {
			return string(line), err
		}
	}
	return string(line), nil
}
