package main

import (
	"fmt"
	"io"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/session"
)

const yoloSynopsis = `hguard yolo on|off|status [--session S]

YOLO skips asks (blocks still block) for one session only; every command
still goes to the audit log, marked yolo. --yolo and HGUARD_YOLO=1 do the
same for one command or one environment. yolo on refuses to run under a
coding agent or without a controlling terminal: only a person switches it
on, from their own terminal.`

func runYOLO(args []string, stdout, stderr io.Writer) error {
	c := newCommand("yolo", yoloSynopsis, stdout)
	sessionFlag := c.String("session", "", "the session (default: $HGUARD_SESSION, else the calling shell's pid and start time)")
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	rest := c.Args()
	if len(rest) > 0 { // flags may follow the verb too: hguard yolo on --session S
		verb := rest[0]
		if err := c.ParseArgs(rest[1:]); err != nil {
			return err
		}
		rest = append([]string{verb}, c.Args()...)
	}
	if len(rest) != 1 || (rest[0] != "on" && rest[0] != "off" && rest[0] != "status") {
		return usagef("usage: hguard yolo on|off|status [--session S]", "want on, off or status")
	}
	sess, err := session.Resolve(*sessionFlag)
	if err != nil {
		return usagef("", "%s", err)
	}
	if rest[0] == "status" {
		eng, err := approval.New(approval.Options{Home: home(), NoAudit: true})
		if err != nil {
			return err
		}
		defer eng.Close()
		st, err := eng.Session(sess)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "yolo %s for session %s%s\n", onOff(st.YOLO), sess, envYOLONote())
		return nil
	}
	on := rest[0] == "on"
	if on {
		if err := refuseWithoutPerson("hguard yolo on", stderr); err != nil {
			return err
		}
	}
	dc, err := openDecider(stderr)
	if err != nil {
		return err
	}
	defer dc.Close()
	if err := dc.SetYOLO(sess, on); err != nil {
		return err
	}
	if on {
		fmt.Fprintf(stdout, "yolo on for session %s: asks run without approval (blocks still block)\n", sess)
	} else {
		fmt.Fprintf(stdout, "yolo off for session %s%s\n", sess, envYOLONote())
	}
	return nil
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func envYOLONote() string {
	if yoloEnv() {
		return " (but HGUARD_YOLO is set in this environment)"
	}
	return ""
}
