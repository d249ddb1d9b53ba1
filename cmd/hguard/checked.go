package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// A project's own PreToolUse hook may replace a command hguard's Claude
// Code hook allowed (hooks.ProjectDeciders). In such a project hguard's
// shell prefix runs only a command the hook checked: the hook leaves a
// mark for each Bash command it lets through, named by the command's
// hash, and the prefix looks for the mark of the command it is given.

// checkedFor is how long a mark counts: an ask may wait for a person in
// Claude Code's own prompt before the command runs.
const checkedFor = 30 * time.Minute

// checkedDir holds the marks.
func checkedDir() string { return filepath.Join(home(), "state", "checked") }

func checkedMark(command string) string {
	sum := sha256.Sum256([]byte(command))
	return filepath.Join(checkedDir(), hex.EncodeToString(sum[:]))
}

// pruneEvery: one new mark in so many looks for old ones (by the mark's
// name, a hash), so that the hook does not list the directory each time.
const pruneEvery = 16

// markChecked leaves the mark of a command the hook let through, and now
// and then removes marks past checkedFor once there are many. An error leaves the
// prefix to check the command itself.
func markChecked(command string) error {
	p := checkedMark(command)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	now := time.Now()
	err := os.Chtimes(p, now, now)
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	f.Close()
	if first, _ := strconv.ParseUint(filepath.Base(p)[:2], 16, 8); first%pruneEvery != 0 {
		return nil
	}
	if entries, err := os.ReadDir(filepath.Dir(p)); err == nil && len(entries) > 256 {
		for _, e := range entries {
			if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > checkedFor {
				os.Remove(filepath.Join(filepath.Dir(p), e.Name()))
			}
		}
	}
	return nil
}

// wasChecked reports a mark of command younger than checkedFor.
func wasChecked(command string) bool {
	info, err := os.Stat(checkedMark(command))
	return err == nil && info.Mode().IsRegular() && time.Since(info.ModTime()) <= checkedFor
}

// An ask leaves its mark before the person answers (Claude Code runs the
// command they approve), and no hook hears of a refusal: the mark of a
// refused command would let a project's hook put it in place of a later
// command hguard allowed, for checkedFor. The session's next tool call
// comes once the person has answered and an approved command has started,
// so it takes back the marks of the session's asks, listed in askedList.
// (A tool call Claude Code runs beside the asked one may take the mark
// back before the command runs: the prefix then checks it itself, and
// refuses an ask.)

// askedList names the session's list of its asks' marks.
func askedList(session string) string {
	sum := sha256.Sum256([]byte(session))
	return filepath.Join(checkedDir(), "asked-"+hex.EncodeToString(sum[:12]))
}

// markAsked leaves the mark of a command Claude Code asks the person
// about, and lists it as the session's.
func markAsked(session, command string) error {
	if err := markChecked(command); err != nil {
		return err
	}
	f, err := os.OpenFile(askedList(session), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	_, err = f.WriteString(filepath.Base(checkedMark(command)) + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// forgetAsked takes back the marks of the session's earlier asks.
func forgetAsked(session string) {
	list := askedList(session)
	data, err := os.ReadFile(list)
	if err != nil {
		return
	}
	os.Remove(list)
	for _, name := range strings.Fields(string(data)) {
		if _, err := hex.DecodeString(name); err == nil && len(name) == 2*sha256.Size {
			os.Remove(filepath.Join(checkedDir(), name))
		}
	}
}
