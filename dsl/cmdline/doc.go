// Package cmdline turns a shell command line into hguard's command model:
// every simple command that would run, at any depth, with its words resolved
// and its wrappers and carriers seen through (DESIGN §2, steps 1 to 3).
//
// [Normalize] prepares the text for detection: it strips terminal escapes and
// control bytes, applies Unicode NFKC, maps look-alike quotes, dashes and
// spaces to ASCII and removes invisible characters, reporting each change,
// since hiding text is itself a finding.
//
// [Parse] parses the normalized text with mvdan.cc/sh (bash variant; this is
// the only package that imports it) and walks the syntax tree. Each simple
// command becomes a [Command]: quotes are removed, $'…' decoded, literal
// braces expanded, ${IFS} splits words, $(echo WORD) is replaced by WORD, the
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
