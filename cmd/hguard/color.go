package main

import (
	"io"
	"os"
)

// colorOK reports whether w takes colour: a terminal, with NO_COLOR unset
// (https://no-color.org) and TERM not dumb. Pipes, files and tests get
// plain text.
func colorOK(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return isTerminal(f)
}

// ANSI colours for levels and health.
const (
	red    = "\x1b[31m"
	yellow = "\x1b[33m"
	green  = "\x1b[32m"
	bold   = "\x1b[1m"
	reset  = "\x1b[0m"
)

// paint wraps s in colour when on is set.
func paint(on bool, color, s string) string {
	if !on || s == "" {
		return s
	}
	return color + s + reset
}

// levelColor is the colour of a level's name.
func levelColor(level string) string {
	switch level {
	case "block":
		return red + bold
	case "ask":
		return yellow
	case "warn":
		return yellow
	}
	return green
}

// width is how wide stdout's lines may be: the terminal's width, else
// $COLUMNS, else 100.
func width(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if n, ok := termWidth(f); ok {
			return n
		}
	}
	if n := atoiOr(os.Getenv("COLUMNS"), 0); n >= 20 {
		return n
	}
	return 100
}

func atoiOr(s string, def int) int {
	n := 0
	if s == "" {
		return def
	}
	for _, r := range s {
		if r < '0' || r > '9' || n > 1e6 {
			return def
		}
		n = n*10 + int(r-'0')
	}
	return n
}
