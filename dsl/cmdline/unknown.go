package cmdline

import "strings"

// unknownLauncher is the generic fallback for the argv form of launchers
// hguard has no entry for: a program it knows nothing about whose first
// operand names a program it knows (knownProgram) with arguments of its own (valgrind rm -rf ~,
// tsocks curl …, some-wrapper -- git push --force) may run that command,
// so the command is emitted as one it runs and the rules judge it. A
// program's own subcommand comes out as a command nobody has a rule for
// (mytool deploy prod is "deploy prod"), and changes nothing. It goes one
// level deep only: the command it emits is not searched again, so a long
// argument list costs one extra command, not one per word.
func (w *walker) unknownLauncher(c *Command, args []field, cx ctx) {
	if w.inUnknown > 0 {
		return
	}
	// The candidates: the first operand, and the word after the first --
	// (aws-vault exec PROFILE -- terraform destroy).
	first, afterDashes := -1, -1
	for i, a := range args {
		if a.Dynamic || a.in.Kind != "" {
			break
		}
		if a.Value == "--" {
			afterDashes = i + 1
			break
		}
		if first < 0 && (!strings.HasPrefix(a.Value, "-") || a.Value == "-") {
			first = i
		}
	}
	for _, i := range []int{first, afterDashes} {
		if i < 0 || i+1 >= len(args) || args[i].Dynamic || !isCommandWord(args[i].Value) || isShellPath(args[i].Value) ||
			!knownProgram(program(baseName(args[i].Value))) {
			continue // no known command with arguments; a shell's path is shellArgs'
		}
		w.inUnknown++
		w.spawn(c, args[i:], Wrapper{Name: c.Name}, cx)
		w.inUnknown--
		return
	}
}

// knownProgram reports a program hguard has knowledge of: one that
// changes or sends files, a shell or an interpreter, or one in its
// catalogue. Only such a command is worth emitting: a program's own
// subcommands and operands (go env GOPATH, nc HOST PORT) are not.
func knownProgram(name string) bool {
	if dataPrograms[name] || shells[name] || fetchers[name] || catalog[name] != nil || interpreter(name) != "" || ruledPrograms[name] {
		return true
	}
	_, ok := programs[name]
	return ok
}

// ruledPrograms are programs the built-in rules judge by their arguments
// that no table of this package names.
var ruledPrograms = set("git", "ssh", "docker", "podman", "kubectl", "helm", "terraform", "tofu", "pulumi", "aws", "gcloud",
	"gsutil", "az", "mkfs", "fdisk", "sfdisk", "parted", "wipefs", "kill", "pkill", "killall", "systemctl", "crontab",
	"truncate", "find", "npm", "pnpm", "yarn", "pip", "pip3", "psql", "mysql", "redis-cli", "mongosh", "iptables", "nft",
	"ufw", "usermod", "passwd", "chpasswd", "visudo", "mount", "umount", "shutdown", "reboot", "halt", "poweroff")

// isCommandWord reports what a command name or a path to a program looks
// like (rm, git, python3.12, /usr/bin/rm, ./run.sh): letters, digits and
// _ . + - in each /-separated part, the last starting with a letter or _;
// not a file name of another shape, a URL, an assignment or a glob.
func isCommandWord(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "~/"), "./")
	parts := strings.Split(strings.TrimPrefix(s, "/"), "/")
	for _, p := range parts {
		if p == "" {
			return false
		}
		for _, r := range p {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '.' || r == '+' || r == '-') {
				return false
			}
		}
	}
	last := parts[len(parts)-1][0]
	return last >= 'a' && last <= 'z' || last >= 'A' && last <= 'Z' || last == '_'
}
