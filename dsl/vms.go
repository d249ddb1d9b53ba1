package dsl

import (
	"strings"

	"github.com/expr-lang/expr"
)

// The VM manager verb model: what a virtual machine or system container
// manager (govc, multipass, lxc, incus, xl, vmrun, vagrant, podman machine,
// colima, limactl, utmctl, docker-machine, tart) is asked to do. Their
// command lines share a shape, `TOOL [GROUP] VERB NAME [options]`, and two
// acts lose a machine's data: a delete that removes it with its disks
// (forced past the tool's prompt or recovery, or a tool that never asks),
// and a forced stop that pulls its power (what it had not written is lost).
// One table of managers replaces a rule per tool and spelling.

func init() { Funcs = append(Funcs, vmFuncs...) }

var vmFuncs = []Func{
	{Name: "vmAction", Sig: "vmAction(name, args) string", Doc: "what a VM or system container manager's arguments do: \"delete\" (a machine or storage pool removed with its disks: forced past the tool's prompt or recovery, or by a tool that never asks), \"stop\" (a machine stopped by force: killed, powered off, halted with --force or hard), or \"\"", Example: `vmAction(name, args) != ""`, options: func() []expr.Option { return []expr.Option{strsFunc("vmAction", vmAction)} }},
}

// vmManager is what hguard knows of one manager's command line.
type vmManager struct {
	group  string // the subcommand its machine verbs live under (podman machine)
	dotted bool   // its verbs are RESOURCE.VERB (govc vm.destroy, datastore.rm)
	// silent: its delete removes the machine and its disks at once, with
	// no prompt and no recovery (tart delete, utmctl delete, vmrun deleteVM)
	silent bool
	// prompts: its destroy asks on a terminal unless forced (vagrant
	// destroy), so only the forced one counts
	prompts bool
	values  *nameSet // options that take a separate value, as written lowercased without dashes (vmrun -T ws)
	forced  *nameSet // options of its own that force a delete (multipass --purge, -p)
}

// vmManagers are the managers the model knows, by program name.
var vmManagers = map[string]vmManager{
	"govc":           {dotted: true, silent: true},
	"multipass":      {forced: set("p", "purge")},
	"lxc":            {},
	"incus":          {},
	"xl":             {silent: true},
	"vmrun":          {silent: true, values: set("t", "h", "p", "u", "vp", "gu", "gp")},
	"vagrant":        {prompts: true},
	"podman":         {group: "machine", values: set("log-level", "connection", "c", "url", "identity", "root", "runroot", "storage-driver", "module")},
	"colima":         {},
	"limactl":        {},
	"utmctl":         {silent: true},
	"docker-machine": {},
	"tart":           {silent: true},
}

// vmDeletes are the verbs that remove a machine; vmStops those that stop one.
var (
	vmDeletes = set("delete", "rm", "remove", "destroy", "deletevm", "purge", "factory-reset")
	vmStops   = set("stop", "halt", "kill", "power", "poweroff", "reset")
	// vmForced are the options that take a delete past its prompt, or
	// make a stop a power pull.
	vmForced = set("f", "force", "y", "yes", "kill")
)

// vmAction returns what a manager's arguments do: "delete", "stop" or "".
func vmAction(name string, args []string) string {
	m, ok := vmManagers[strings.ToLower(strings.TrimSuffix(name, ".exe"))]
	if !ok {
		return ""
	}
	var operands []string
	flags := map[string]bool{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			flag, _, eq := strings.Cut(strings.ToLower(strings.TrimLeft(a, "-")), "=")
			if m.values.has(flag) {
				if !eq {
					i++ // its value is no operand
				}
				continue
			}
			if flag == "help" || flag == "dry-run" || flag == "h" && !m.dotted {
				return ""
			}
			flags[flag] = true
			if !m.dotted && !strings.HasPrefix(a, "--") {
				for _, r := range flag {
					flags[string(r)] = true // -vp is -v -p
				}
			}
			continue
		}
		operands = append(operands, strings.ToLower(a))
	}
	if m.group != "" {
		if len(operands) == 0 || operands[0] != m.group {
			return ""
		}
		operands = operands[1:]
	}
	if len(operands) == 0 {
		return ""
	}
	verb, rest := operands[0], operands[1:]
	if m.dotted {
		verb = verb[strings.LastIndex(verb, ".")+1:]
	}
	// A storage pool or volume removed takes every disk in it
	// (lxc storage delete, incus storage volume delete).
	storage := false
	for verb == "storage" || storage && verb == "volume" {
		if len(rest) == 0 {
			return ""
		}
		storage = true
		verb, rest = rest[0], rest[1:]
	}
	forced := false
	for f := range flags {
		if vmForced.has(f) || m.forced.has(f) {
			forced = true
		}
	}
	switch {
	case verb == "purge":
		return "delete" // multipass purge: every deleted machine gone for good
	case vmDeletes.has(verb):
		if storage || m.silent || forced || verb == "destroy" && !m.prompts || verb == "factory-reset" {
			return "delete"
		}
	case vmStops.has(verb):
		// govc vm.power -off and -reset pull the power; vmrun stop X hard.
		if verb == "kill" || forced || flags["off"] || flags["reset"] && m.dotted || len(rest) > 0 && rest[len(rest)-1] == "hard" {
			return "stop"
		}
	}
	return ""
}
