// Package cmdline turns a shell command line into hguard's command model:
// every simple command that would run, at any depth, with its words resolved
// and its wrappers and carriers seen through (DESIGN §2, steps 1 to 3).
//
// [Normalize] reports what can hide intent (terminal escapes, control and
// invisible characters, full-width and look-alike characters, mixed
// scripts) and builds the detection view of the text; it is never parsed.
//
// [ParseShell] parses the bytes as received, in the caller's dialect: bash
// and POSIX with mvdan.cc/sh (the only package that imports it), zsh with
// its zsh variant plus zsh.go, fish with fish.go, a parser of fish's grammar
// into the same syntax tree. It walks the tree. Each simple command becomes
// a [Command]: quotes are removed, $'…' decoded, literal braces expanded,
// ${IFS} splits words, $(echo WORD) is replaced by WORD, values set earlier
// on the line are used (dataflow.go), look-alikes are folded inside words
// ([FoldWord]), long options get their full spelling (options.go), the
// command name loses its directory, and wrappers (sudo, env, nice, timeout,
// xargs, find -exec, …) are peeled off into Command.Wrappers. Carriers — text
// that a command runs as shell code, such as sh -c STRING, eval, a heredoc or
// an echo piped into a shell, source <(…), man -P CMD — are parsed in turn,
// up to [MaxDepth], and their commands carry Via. Interpreter one-liners
// (python -c, node -e, perl -e, …) get a [Payload]: their code is tokenized,
// never run, for shell-outs (followed as command lines) and file deletions
// (turned into the equivalent rm commands so that the rm rules apply).
//
// What cannot be known statically is marked rather than guessed: a Word or a
// Command is Dynamic, and a command that runs content from the network, from
// a decoder or from an expansion has Untrusted set.
//
// Parse never fails and never panics; problems become [Issue]s. Its work is
// linear in the input: input over [MaxInput] is not parsed, nesting deeper
// than a fixed bound is rejected before the recursive parser sees it, and the
// number of commands per line is bounded. It reads no files, environment or
// network: it is a pure function of its input.
package cmdline
