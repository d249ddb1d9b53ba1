package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
	"github.com/hguard/hguard/hooks"
)

const checkSynopsis = `hguard check [--json] [--cwd DIR] [--shell S] [--session S] [--yolo] [--alias NAME=VALUE]... [--function DEF]... -- CMD
       hguard check --stdin [--json] [--cwd DIR] [--shell S] [--session S] [--yolo]
       hguard check --caller AGENT [--json] [--cwd DIR] [--shell S] -- CMD
       hguard check --batch [--caller AGENT]

Decides one command: exit 0 allow (warnings included), 1 block, 2 ask.
CMD is one argument, exactly as the shell would receive it; several
arguments are joined with spaces. --batch reads JSONL objects
{"cmd": …, "cwd"?: …} and writes one {"cmd", "verdict", "outcome",
"findings"} object per line, in order; its exit code is that of the
strictest outcome.

A single check applies the session's approvals, YOLO and approvals.mode
(an approved ask exits 0) and is written to the audit log; it goes
through the daemon when one is running. --batch gives the rules' own
verdicts: no approvals, no audit. --alias and --function give definitions
of the calling shell (see hguard guard -h).

--caller AGENT (claude-code, codex, gemini, …; in --batch also a line's
"caller") shows the verdict that agent's hook would get for the command
on its own: the rules' verdict for that caller, without the session's
memory of earlier commands, approvals or audit. It only reports; what an
agent runs is decided by its hook.`

// checkResult is the JSON form of one decision (--json and --batch).
type checkResult struct {
	Cmd      string        `json:"cmd"`
	Verdict  dsl.Level     `json:"verdict"` // what the rules and detectors said
	Outcome  dsl.Level     `json:"outcome"` // what happens, once approvals are applied
	By       string        `json:"by,omitempty"`
	Notice   string        `json:"notice,omitempty"`
	Findings []dsl.Finding `json:"findings"`
	Error    string        `json:"error,omitempty"`
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	c := newCommand("check", checkSynopsis, stdout)
	asJSON := c.Bool("json", false, "print the decision as JSON")
	fromStdin := c.Bool("stdin", false, "read the command from standard input (for long or multi-line scripts)")
	batch := c.Bool("batch", false, "JSONL in on standard input, JSONL out")
	cwd := c.String("cwd", "", "the directory the command runs in (default: the current one)")
	shell := c.String("shell", "", "the shell that runs it: bash, zsh, fish or posix")
	caller := c.String("caller", "", "judge as this coding agent's hook would (the rules' verdict only)")
	sf := addSessionFlags(c)
	defs := addShellDefFlags(c)
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	rest := c.Args()
	switch {
	case *batch && (*fromStdin || len(rest) > 0):
		return usagef("give commands either in the batch or as arguments", "--batch takes no command argument and no --stdin")
	case *fromStdin && len(rest) > 0:
		return usagef("drop the command argument, or --stdin", "--stdin and a command argument are both given")
	case !*batch && !*fromStdin && len(rest) == 0:
		return usagef("usage: hguard check -- CMD (or --stdin, --batch)", "no command to check")
	}
	if *caller != "" {
		if _, err := hooks.ParseAgent(*caller); err != nil {
			return usagef("leave out --caller to judge as a person at a terminal", "--caller: %s", err)
		}
	}
	dir := *cwd
	if dir == "" {
		dir, _ = os.Getwd()
	}
	if *batch {
		g, err := hguard.New(hguard.Options{Home: home(), ProjectDir: dir})
		if err != nil {
			return fmt.Errorf("loading rules: %w", err)
		}
		return checkBatch(g, batchDefaults{dir: dir, shell: *shell, caller: *caller}, stdin, stdout)
	}
	var cmd string
	if *fromStdin {
		data, err := io.ReadAll(io.LimitReader(stdin, cmdline.MaxInput+1))
		if err != nil {
			return fmt.Errorf("reading standard input: %w", err)
		}
		cmd = string(data)
	} else {
		cmd = strings.Join(rest, " ")
	}
	cmd = defs.apply(cmd)
	if *caller != "" {
		return checkAsAgent(cmd, dir, *shell, *caller, *asJSON, stdout)
	}
	req, err := sf.request(cmd, dir, *shell)
	if err != nil {
		return err
	}
	// check runs in the person's shell: the CDPATH it exported is the
	// one the command's cd looks in (one it did not export is not seen)
	req.CDPath = os.Getenv("CDPATH")
	dc, err := openDecider(stderr)
	if err != nil {
		return err
	}
	defer dc.Close()
	d, err := dc.Decide(req)
	if err != nil {
		return err
	}
	if *asJSON {
		res := result(cmd, hguard.Verdict{Level: d.Verdict, Findings: d.Findings})
		res.Outcome, res.By, res.Notice = d.Outcome, d.By, d.Notice
		if err := writeJSON(stdout, res); err != nil {
			return err
		}
	} else {
		printDecision(stdout, d)
	}
	return outcomeExit(d.Outcome)
}

// checkAsAgent prints the rules' verdict on cmd for an agent caller, as
// --batch does: no session, approvals or audit, so reporting what an
// agent would be told changes nothing that decides what it may run.
func checkAsAgent(cmd, dir, shell, caller string, asJSON bool, stdout io.Writer) error {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	g, err := hguard.New(hguard.Options{Home: home(), ProjectDir: dir})
	if err != nil {
		return fmt.Errorf("loading rules: %w", err)
	}
	v := g.Check(hguard.Request{Command: cmd, Cwd: dir, Shell: shell, Caller: caller, CDPath: os.Getenv("CDPATH")})
	if asJSON {
		if err := writeJSON(stdout, result(cmd, v)); err != nil {
			return err
		}
	} else {
		printVerdict(stdout, v)
	}
	return outcomeExit(v.Level)
}

// agentNames are the agents --caller takes, comma-separated.
func agentNames() string {
	names := make([]string, len(hooks.Agents))
	for i, a := range hooks.Agents {
		names[i] = string(a)
	}
	return strings.Join(names, ", ")
}

// printDecision is printVerdict with what approvals did: an approved ask
// says by what, and the denial notice comes last.
func printDecision(w io.Writer, d approval.Decision) {
	v := hguard.Verdict{Level: d.Verdict, Findings: d.Findings}
	if d.Outcome == dsl.Allow && d.Verdict != dsl.Allow && d.By != "" { // not a reviewer's deny
		fmt.Fprintf(w, "allow (%s): %s\n", approvedBy(d), v.Reasons())
		printFindings(w, v)
	} else {
		printVerdict(w, v)
	}
	if d.Notice != "" {
		fmt.Fprintf(w, "note: %s\n", d.Notice)
	}
}

// approvedBy says in words what let an ask run.
func approvedBy(d approval.Decision) string {
	switch d.By {
	case approval.ByAllowlist:
		return "approved always in config.yaml"
	case approval.BySession:
		return "approved for session " + d.Session
	case approval.ByYOLO:
		return "YOLO is on"
	case approval.ByModeOff:
		return "approvals.mode is off"
	case approval.ByContainer:
		return "inside a container, approvals.container is auto"
	}
	return d.By
}

func result(cmd string, v hguard.Verdict) checkResult {
	fs := v.Findings
	if fs == nil {
		fs = []dsl.Finding{}
	}
	return checkResult{Cmd: cmd, Verdict: v.Level, Outcome: v.Level, Findings: fs}
}

// outcomeExit is the exit status of check for an outcome.
func outcomeExit(l dsl.Level) error {
	switch l {
	case dsl.Block:
		return exitError(exitBlock)
	case dsl.Ask:
		return exitError(exitAsk)
	}
	return nil
}

// printVerdict writes the human form: nothing for a clean allow, else the
// decision and one line per finding.
func printVerdict(w io.Writer, v hguard.Verdict) {
	if len(v.Findings) == 0 {
		return
	}
	fmt.Fprintf(w, "%s: %s\n", v.Level, v.Reasons())
	printFindings(w, v)
}

func printFindings(w io.Writer, v hguard.Verdict) {
	for _, f := range v.Findings {
		fmt.Fprintf(w, "  %-5s %s: %s", f.Level, f.Rule, f.Message)
		if f.Command != "" {
			fmt.Fprintf(w, " (in: %s)", oneLineCmd(f.Command))
		}
		fmt.Fprintln(w)
	}
}

func oneLineCmd(s string) string {
	s = strings.ReplaceAll(s, "\n", "⏎")
	if len(s) > 120 {
		s = s[:117] + "…"
	}
	return s
}

// batchLineMax bounds one JSONL line: a command of MaxInput bytes escaped.
const batchLineMax = 8 * cmdline.MaxInput

// checkBatch decides one JSONL object per line. A line that is not a valid
// request gets an ask with the error, in its place: never dropped, never allow.
// batchDefaults are what a batch line that does not say takes.
type batchDefaults struct{ dir, shell, caller string }

func checkBatch(g *hguard.Guard, def batchDefaults, stdin io.Reader, stdout io.Writer) error {
	r := bufio.NewReaderSize(stdin, 64<<10)
	w := bufio.NewWriterSize(stdout, 64<<10)
	worst := dsl.Allow
	for n := 1; ; n++ {
		line, err := readLine(r, batchLineMax)
		if errors.Is(err, io.EOF) && line == nil {
			break
		}
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, errLineTooLong) {
			return fmt.Errorf("reading batch: %w", err)
		}
		if len(strings.TrimSpace(string(line))) == 0 && err == nil {
			continue
		}
		var res checkResult
		var req struct {
			Cmd    *string `json:"cmd"`
			Cwd    string  `json:"cwd"`
			Shell  string  `json:"shell"`
			Caller string  `json:"caller"`
		}
		switch {
		case errors.Is(err, errLineTooLong):
			res = checkResult{Verdict: dsl.Ask, Outcome: dsl.Ask, Findings: []dsl.Finding{}, Error: fmt.Sprintf("line %d: longer than %d bytes", n, batchLineMax)}
		case json.Unmarshal(line, &req) != nil || req.Cmd == nil:
			res = checkResult{Verdict: dsl.Ask, Outcome: dsl.Ask, Findings: []dsl.Finding{}, Error: fmt.Sprintf("line %d: want a JSON object with a \"cmd\" string", n)}
		case req.Caller != "" && !knownAgent(req.Caller):
			res = checkResult{Cmd: *req.Cmd, Verdict: dsl.Ask, Outcome: dsl.Ask, Findings: []dsl.Finding{}, Error: fmt.Sprintf("line %d: unknown caller %q (want one of: %s)", n, req.Caller, agentNames())}
		default:
			d, s, c := def.dir, def.shell, def.caller
			if req.Cwd != "" {
				d = req.Cwd
			}
			if req.Shell != "" {
				s = req.Shell
			}
			if req.Caller != "" {
				c = req.Caller
			}
			res = result(*req.Cmd, g.Check(hguard.Request{Command: *req.Cmd, Cwd: d, Shell: s, Caller: c, CDPath: os.Getenv("CDPATH")}))
		}
		worst = max(worst, res.Outcome)
		if err := writeJSON(w, res); err != nil {
			return err
		}
		if errors.Is(err, io.EOF) {
			break
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return outcomeExit(worst)
}

var errLineTooLong = errors.New("line too long")

func knownAgent(name string) bool {
	_, err := hooks.ParseAgent(name)
	return err == nil
}

// readLine reads one line without its newline, at most max bytes; a longer
// line is consumed and reported as errLineTooLong.
func readLine(r *bufio.Reader, max int) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf)+len(chunk) > max {
			buf = nil
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			if err != nil && !errors.Is(err, io.EOF) {
				return nil, err
			}
			return []byte{}, errLineTooLong
		}
		buf = append(buf, chunk...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil:
			if len(buf) == 0 {
				return nil, err
			}
			return buf, err
		}
		return buf[:len(buf)-1], nil
	}
}
