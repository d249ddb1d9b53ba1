package cmdline

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Configuration management's modules. ansible HOSTS -m MODULE -a ARGS and
// salt TARGET FUNCTION ARGS… run a module on every host they name; where
// the module does what a local command does, the line is judged as that
// command carried by it, so that ansible all -m file -a 'path=/
// state=absent' is rm -rf / and salt '*' system.reboot is reboot. The
// modules that run a command line (ansible's -a of command, shell, raw;
// salt's cmd.run) are the catalogue's (code.yaml); a module with no such
// equal (ping, setup, test.ping, state.apply) is left to the rules. A
// request to Heroku's API that starts a dyno with a command is that
// command, as heroku run is (apiRuns).

// ansibleValues are ansible's options that take a value.
var ansibleValues = set("-m", "--module-name", "-a", "--args", "-i", "--inventory", "-u", "--user", "-e", "--extra-vars",
	"-f", "--forks", "-l", "--limit", "-M", "--module-path", "-t", "--tree", "-T", "--timeout", "-c", "--connection",
	"-B", "--background", "-P", "--poll", "--become-user", "--become-method", "--private-key", "--key-file",
	"--vault-password-file", "--vault-id", "--playbook-dir", "--ssh-common-args", "--ssh-extra-args", "--scp-extra-args",
	"--sftp-extra-args", "--task-timeout")

// saltValues are salt's, salt-call's and salt-ssh's options that take a
// value.
var saltValues = set("-t", "--timeout", "-b", "--batch-size", "--batch-wait", "-c", "--config-dir", "-s", "--static",
	"--out", "--output", "--out-file", "--return", "--return-config", "--return-kwargs", "-d", "--doc",
	"-u", "--user", "--saltfile", "--priv", "--roster", "--roster-file", "-i", "--id", "--log-level", "-l",
	"--retcode-passthrough", "--module-executors", "--executor-opts", "--hard-crash", "--local")

// packageRemovers are the commands a package module's removal equals.
var packageRemovers = map[string]string{
	"apt": "apt-get remove -y", "yum": "yum remove -y", "dnf": "dnf remove -y", "package": "apt-get remove -y",
	"apk": "apk del", "pacman": "pacman -R --noconfirm", "zypper": "zypper rm -y", "pip": "pip uninstall -y",
	"homebrew": "brew uninstall", "snap": "snap remove", "npm": "npm uninstall -g", "gem": "gem uninstall",
}

// moduleRuns walks the local command an ansible or salt module run
// equals (moduleLine).
func (w *walker) moduleRuns(c *Command, args []field, cx ctx) {
	if c.Dynamic {
		return
	}
	var line, via string
	switch program(c.Name) {
	case "ansible":
		module, margs := "command", ""
		for i := 0; i < len(args); i++ {
			name, val, eq := strings.Cut(args[i].Value, "=")
			if !strings.HasPrefix(name, "--") && len(name) > 2 && (strings.HasPrefix(name, "-m") || strings.HasPrefix(name, "-a")) {
				name, val, eq = name[:2], args[i].Value[2:], true // -mfile
			}
			if !eq && ansibleValues.has(name) && i+1 < len(args) {
				i++
				val = args[i].Value
			}
			switch name {
			case "-m", "--module-name":
				module = val
			case "-a", "--args":
				margs = val
			}
		}
		module = module[strings.LastIndexByte(module, '.')+1:] // ansible.builtin.file
		line, via = ansibleLine(module, moduleParams(margs)), "ansible -m "+module
	case "salt", "salt-ssh", "salt-call":
		var operands []string
		for i := 0; i < len(args); i++ {
			name, _, eq := strings.Cut(args[i].Value, "=")
			switch {
			case strings.HasPrefix(name, "-") && !eq && saltValues.has(name):
				i++
			case !strings.HasPrefix(name, "-"):
				operands = append(operands, args[i].Value)
			}
		}
		if program(c.Name) != "salt-call" && len(operands) > 0 {
			operands = operands[1:] // the target
		}
		if len(operands) == 0 {
			return
		}
		line, via = saltLine(operands[0], operands[1:]), "salt "+operands[0]
	}
	if line != "" {
		w.nested(c, line, via, cx, false)
	}
}

// moduleParams reads ansible's -a: KEY=VALUE words, or a JSON object.
func moduleParams(s string) map[string]string {
	kv := map[string]string{}
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") {
		var m map[string]any
		if json.Unmarshal([]byte(t), &m) == nil {
			for k, v := range m {
				kv[k] = fmt.Sprint(v)
			}
		}
		return kv
	}
	for _, word := range splitWords(s) {
		if k, v, ok := strings.Cut(word, "="); ok {
			kv[k] = v
		} else {
			kv["_raw"] = strings.TrimSpace(kv["_raw"] + " " + word)
		}
	}
	return kv
}

// ansibleLine is the local command line an ansible module run equals, or
// "".
func ansibleLine(module string, kv map[string]string) string {
	first := func(keys ...string) string {
		for _, k := range keys {
			if v := kv[k]; v != "" {
				return v
			}
		}
		return ""
	}
	yes := func(k string) bool { return slices.Contains([]string{"yes", "true", "True", "1", "on"}, kv[k]) }
	path := first("path", "dest", "name")
	recurse := ""
	if yes("recurse") {
		recurse = "-R "
	}
	switch module {
	case "file":
		switch {
		case path == "":
		case kv["state"] == "absent":
			return "rm -rf " + pathWord(path)
		case kv["state"] == "link" || kv["state"] == "hard":
			return "ln -sf " + shellQuote(kv["src"]) + " " + pathWord(path)
		case kv["mode"] != "":
			return "chmod " + recurse + shellQuote(kv["mode"]) + " " + pathWord(path)
		case kv["owner"] != "":
			return "chown " + recurse + shellQuote(kv["owner"]) + " " + pathWord(path)
		}
	case "copy", "template":
		switch {
		case path == "":
		case kv["content"] != "":
			return "tee " + pathWord(path)
		case kv["src"] != "":
			return "cp -r " + pathWord(kv["src"]) + " " + pathWord(path)
		}
	case "lineinfile", "blockinfile", "replace":
		if path != "" {
			return "tee -a " + pathWord(path)
		}
	case "get_url":
		if kv["url"] != "" && path != "" {
			return "curl -o " + pathWord(path) + " " + shellQuote(kv["url"])
		}
	case "reboot":
		return "reboot"
	case "service", "systemd", "systemd_service", "sysvinit":
		name := kv["name"]
		if name == "" {
			return ""
		}
		switch {
		case kv["masked"] == "yes" || kv["masked"] == "true":
			return "systemctl mask " + shellQuote(name)
		case kv["state"] == "stopped":
			return "systemctl stop " + shellQuote(name)
		case kv["enabled"] == "no" || kv["enabled"] == "false":
			return "systemctl disable " + shellQuote(name)
		}
	case "user":
		name := kv["name"]
		if name == "" {
			return ""
		}
		if kv["state"] == "absent" {
			return "userdel -r " + shellQuote(name)
		}
		// One run sets every parameter given: each is a usermod of its own,
		// so a lock beside a harmless change is still judged.
		var lines []string
		add := func(flag, value string) {
			lines = append(lines, "usermod "+flag+" "+shellQuote(value)+" "+shellQuote(name))
		}
		if kv["password"] != "" {
			add("-p", kv["password"])
		}
		if yes("password_lock") {
			lines = append(lines, "usermod -L "+shellQuote(name))
		}
		if kv["shell"] != "" {
			add("-s", kv["shell"])
		}
		if kv["expires"] != "" {
			add("-e", kv["expires"])
		}
		if kv["groups"] != "" {
			if yes("append") {
				add("-aG", kv["groups"])
			} else {
				add("-G", kv["groups"]) // the account leaves every other group
			}
		}
		if kv["uid"] != "" {
			lines = append(lines, "usermod -o -u "+shellQuote(kv["uid"])+" "+shellQuote(name))
		}
		return strings.Join(lines, "; ")
	case "authorized_key":
		if user := kv["user"]; user != "" {
			home := "/home/" + user
			if user == "root" {
				home = "/root"
			}
			return "tee -a " + shellQuote(home+"/.ssh/authorized_keys")
		}
	default:
		if remove, ok := packageRemovers[module]; ok && (kv["state"] == "absent" || kv["state"] == "removed") && kv["name"] != "" {
			return remove + " " + shellQuoteWords(strings.Split(kv["name"], ","))
		}
	}
	return ""
}

// pathWord quotes a module's path as one shell word whose leading ~ or
// ~/ is still the home: ansible's and salt's file modules expand it.
func pathWord(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if p == "~" {
			return "~"
		}
		return "~/" + shellQuote(p[2:])
	}
	return shellQuote(p)
}

// saltLine is the local command line a salt function run equals, or "".
func saltLine(fn string, args []string) string {
	var pos []string
	kv := map[string]string{}
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && !strings.ContainsAny(k, "/ ") {
			kv[k] = v
		} else {
			pos = append(pos, a)
		}
	}
	arg := func(i int, key string) string {
		if i < len(pos) {
			return pos[i]
		}
		return kv[key]
	}
	q := pathWord
	switch mod, f, _ := strings.Cut(fn, "."); mod {
	case "file":
		p := arg(0, "path")
		switch {
		case p == "":
		case f == "remove" || f == "rmdir":
			return "rm -rf " + q(p)
		case f == "copy" && arg(1, "dst") != "":
			return "cp -r " + q(p) + " " + q(arg(1, "dst"))
		case f == "rename" || f == "move":
			if d := arg(1, "dst"); d != "" {
				return "mv " + q(p) + " " + q(d)
			}
		case f == "symlink":
			if d := arg(1, "link"); d != "" {
				return "ln -sf " + q(p) + " " + q(d)
			}
		case f == "set_mode" && arg(1, "mode") != "":
			return "chmod " + q(arg(1, "mode")) + " " + q(p)
		case f == "chown" && arg(1, "user") != "":
			return "chown " + q(arg(1, "user")) + " " + q(p)
		case slices.Contains([]string{"write", "append", "prepend", "replace", "sed", "line", "blockreplace", "touch", "truncate"}, f):
			return "tee -a " + q(p)
		}
	case "system":
		switch f {
		case "reboot", "poweroff", "halt":
			return f
		case "shutdown":
			return "shutdown now"
		}
	case "pkg":
		if (f == "remove" || f == "purge") && len(pos) > 0 {
			return "apt-get " + f + " -y " + shellQuoteWords(pos)
		}
	case "user":
		if f == "delete" && arg(0, "name") != "" {
			return "userdel -r " + q(arg(0, "name"))
		}
	case "shadow":
		if f == "set_password" && arg(1, "password") != "" {
			return "usermod -p " + q(arg(1, "password")) + " " + q(arg(0, "name"))
		}
	case "service":
		if (f == "stop" || f == "disable" || f == "mask") && arg(0, "name") != "" {
			return "systemctl " + f + " " + q(arg(0, "name"))
		}
	case "cp":
		if f == "get_url" && arg(1, "dest") != "" {
			return "curl -o " + q(arg(1, "dest")) + " " + q(arg(0, "path"))
		}
	case "ssh":
		if f == "set_auth_key" && arg(0, "user") != "" {
			home := "/home/" + arg(0, "user")
			if arg(0, "user") == "root" {
				home = "/root"
			}
			return "tee -a " + q(home+"/.ssh/authorized_keys")
		}
	}
	return ""
}

// dynoCommand is the command a request to Heroku's API starts a one-off
// dyno with (POST /apps/APP/dynos {"command": "…"}), as heroku run does;
// "" for none.
func dynoCommand(args []field) string {
	api := slices.ContainsFunc(args, func(a field) bool {
		return strings.Contains(a.Value, "api.heroku.com/apps/") && strings.Contains(a.Value, "/dynos")
	})
	if !api {
		return ""
	}
	for _, a := range args {
		body := a.Value
		if i := strings.IndexByte(body, '{'); i >= 0 {
			body = body[i:]
		}
		var m map[string]any
		if json.Unmarshal([]byte(body), &m) == nil {
			if cmd, ok := m["command"].(string); ok {
				return cmd
			}
		}
		if v, ok := strings.CutPrefix(a.Value, "command="); ok {
			return v // httpie's request item
		}
	}
	return ""
}

// apiRuns walks the command an HTTP request to a control plane's API has
// it run (dynoCommand).
func (w *walker) apiRuns(c *Command, args []field, cx ctx) {
	switch program(c.Name) {
	case "curl", "http", "https", "xh", "xhs", "wget", "curlie":
		if cmd := dynoCommand(args); cmd != "" {
			w.nested(c, cmd, c.Name+" api.heroku.com dynos", cx, false)
		}
	}
}
