package cmdline

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// A trap on a signal the line sends itself runs where the signal is sent:
// trap 'X="rm -rf ~"' USR1; X=ls; kill -USR1 $$; eval "$X" evaluates rm
// -rf ~. The walk keeps each trap's code by signal (setTrap) and, at a
// kill that may reach the shell itself, walks the code of the traps its
// signal may fire and treats what it assigns as a DEBUG trap's: any
// value may have changed (fireTraps).

// pseudoSignals are trap's conditions no kill sends: the shell's exit,
// each command (DEBUG), a failure (ERR), a function's return.
var pseudoSignals = set("EXIT", "0", "DEBUG", "ERR", "RETURN", "ZERR")

// betweenCommands are the conditions the shell raises itself, between
// the line's commands, where no kill places them: before each command
// (DEBUG), at a failure (ERR, zsh's ZERR), a function's return, a child's
// end (CHLD, for any command or job). A trap on one whose code may
// assign makes every value unknown from there (volatile).
var betweenCommands = set("DEBUG", "ERR", "ZERR", "RETURN", "CHLD", "CLD")

// signalSpec is a signal as trap and kill take it, in either case and
// with or without SIG: USR1 for usr1, SIGUSR1, sigusr1; a number stays
// one (its name differs between systems).
func signalSpec(spec string) string {
	spec = strings.ToUpper(spec)
	if name, ok := strings.CutPrefix(spec, "SIG"); ok && name != "" {
		return name
	}
	return spec
}

// setTrap records trap CODE SIGNAL… (trap - SIGNAL… resets) for the
// signals a kill may send.
func (w *walker) setTrap(code field, signals []field) {
	for _, s := range signals {
		name := signalSpec(s.Value)
		if s.Dynamic {
			name = "$" // a signal known only as the line runs: any
		}
		if pseudoSignals.has(name) {
			continue
		}
		if code.Value == "-" && !code.Dynamic {
			delete(w.traps, name)
			continue
		}
		if w.traps == nil {
			w.traps = make(map[string]field)
		}
		w.traps[name] = code
	}
}

// killSignal is the signal kill sends (TERM by default; "" for one known
// only as the line runs) and its targets; ok is false for kill -l or -L,
// which list signals.
func killSignal(args []field) (signal string, targets []field, ok bool) {
	signal, given := "TERM", false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Dynamic && !given && len(targets) == 0 && strings.HasPrefix(a.Value, "-"):
			signal, given = "", true // kill -"$SIG" PID
		case a.Dynamic || !strings.HasPrefix(a.Value, "-") || a.Value == "-" || given || len(targets) > 0:
			targets = append(targets, a) // kill -USR1 -1234: a process group
		case a.Value == "--":
			return signal, append(targets, args[i+1:]...), true
		case a.Value == "-l" || a.Value == "-L" || a.Value == "--list" || a.Value == "--table":
			return "", nil, false
		case a.Value == "-s" || a.Value == "-n" || a.Value == "--signal":
			if i+1 < len(args) {
				i++
				signal, given = signalSpec(args[i].Value), true
				if args[i].Dynamic {
					signal = ""
				}
			}
		case strings.HasPrefix(a.Value, "--signal="):
			signal, given = signalSpec(strings.TrimPrefix(a.Value, "--signal=")), true
		case (strings.HasPrefix(a.Value, "-s") || strings.HasPrefix(a.Value, "-n")) && upperSpec(a.Value[2:]):
			signal, given = signalSpec(a.Value[2:]), true // kill -sUSR1, -n10 (not -stop, -sigusr1)
		default:
			signal, given = signalSpec(a.Value[1:]), true // kill -USR1, -usr1, -SIGUSR1, -10
		}
	}
	return signal, targets, true
}

// maySignalSelf reports a kill target that may be the shell itself: $$,
// any value known only as the line runs, 0 (its process group) or a
// negative one (a group, -1 every process). A literal process number or
// job (%1) is another's.
func maySignalSelf(targets []field) bool {
	return slices.ContainsFunc(targets, func(t field) bool {
		if t.Dynamic {
			return true
		}
		n, err := strconv.Atoi(t.Value)
		return err == nil && n <= 0
	})
}

// fireTraps walks, at kill SIGNAL TARGET… that may reach the shell
// itself, the code of the line's traps its signal may fire (a number or
// an unknown signal may be any) and zsh's TRAPNAME functions, as run
// there (but for a signal that does not arrive: maybe). Sent from a child
// (kill … &, a pipeline's element) it arrives at no known point: code that
// may assign makes every value unknown from there, as a DEBUG trap's does.
func (w *walker) fireTraps(c *Command, args []field, cx ctx) {
	signal, targets, ok := killSignal(args)
	if !ok || !maySignalSelf(targets) {
		return
	}
	w.fire(c, signal, cx)
}

// matchSignal is the signal pkill or killall sends (TERM by default, ""
// for one known only as the line runs): -SIGNAL, --signal SIGNAL, and
// killall's -s SIGNAL (pkill's -s is a session). Their processes, chosen
// by name, session or user, may be the shell itself (pkill -USR1 -s 0).
func matchSignal(name string, args []field) (signal string, ok bool) {
	signal = "TERM"
	for i := 0; i < len(args); i++ {
		a := args[i]
		v, valued := a.Value, i+1 < len(args)
		switch {
		case a.Dynamic && strings.HasPrefix(v, "-"):
			signal = "" // pkill -"$SIG" x
		case v == "--":
			return signal, true
		case !strings.HasPrefix(v, "-") || v == "-":
		case v == "-l" || v == "--list" || v == "-L" || v == "--list-name" || v == "--list-full":
			if name == "killall" || v != "-l" {
				return "", false // killall -l lists signals; pkill -l lists processes, and sends
			}
		case (v == "--signal" || v == "-s" && name == "killall") && valued:
			i++
			signal = signalSpec(args[i].Value)
			if args[i].Dynamic {
				signal = ""
			}
		case strings.HasPrefix(v, "--signal="):
			signal = signalSpec(strings.TrimPrefix(v, "--signal="))
		case len(v) > 1 && (v[1] >= 'A' && v[1] <= 'Z' || v[1] >= '0' && v[1] <= '9'):
			signal = signalSpec(v[1:]) // -USR1, -10 (not an option letter)
		}
	}
	return signal, true
}

// upperSpec reports a signal written in capitals or as a number (USR1,
// 10): after kill -s, the signal given to the option, where -stop or
// -sigusr1 is a signal's own name in lower case.
func upperSpec(s string) bool {
	return s != "" && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-") == ""
}

// fire walks the traps a signal the shell may receive fires (fireTraps).
func (w *walker) fire(c *Command, signal string, cx ctx) {
	if w.firing {
		return
	}
	fires := func(trapped string) bool {
		_, numeric := strconv.Atoi(trapped)
		_, sentNumeric := strconv.Atoi(signal)
		return signal == "" || trapped == "$" || trapped == signal || numeric == nil || sentNumeric == nil
	}
	w.firing = true
	defer func() { w.firing = false }()
	run := cx
	run.maybe = true
	async := cx.bg || cx.pipe.Len > 1
	var codes []field
	for _, name := range slices.Sorted(maps.Keys(w.traps)) {
		if fires(name) {
			codes = append(codes, w.traps[name])
		}
	}
	if w.dialect == Zsh {
		for _, name := range slices.Sorted(maps.Keys(w.funcs)) {
			if trapped, ok := strings.CutPrefix(name, "TRAP"); ok && !pseudoSignals.has(trapped) && fires(trapped) {
				codes = append(codes, field{Word: Word{Value: name + " " + cmp.Or(signal, "0")}}) // zsh passes the signal's number
			}
		}
	}
	for _, code := range codes {
		if w.walks >= maxLoopWalks {
			return
		}
		w.walks++
		w.nested(c, code.Value, "trap", run, code.Dynamic)
		if async && (code.Dynamic || w.codeWrites(code.Value, 0)) {
			w.volatile = true
			w.changed()
		}
	}
}
