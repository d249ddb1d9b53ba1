package cmdline

import "strings"

// execForwardsStdin reports a container exec that gives the command it
// runs the caller's standard input, so a here-document or a pipe into it
// is that command's input (docker exec -i app sh <<EOF, kubectl exec -i
// pod -- sh, echo … | podman exec -i db sh): docker's, podman's and
// nerdctl's exec with -i (--interactive), kubectl's and oc's with -i
// (--stdin), and docker compose exec and run unless detached (-d), which
// is how CI feeds a service (docker compose exec -T db psql < dump.sql).
// via names the launching subcommand ("docker exec", "docker compose
// run"); args are the launcher's words after it, up to the command's.
func execForwardsStdin(via string, args []field) bool {
	prog, sub, _ := strings.Cut(via, " ")
	kube := prog == "kubectl" || prog == "oc"
	compose := strings.Contains(via, "compose ") || prog == "docker-compose" || prog == "podman-compose"
	if !strings.HasSuffix(sub, "exec") && !(compose && strings.HasSuffix(sub, "run")) {
		return false
	}
	interactive := compose
	for _, a := range args {
		v := a.Value
		if a.Dynamic || v == "--" {
			break
		}
		if !strings.HasPrefix(v, "-") {
			if kube {
				continue // kubectl exec POD -i -- CMD: options after the pod
			}
			break // the container: its command's words follow
		}
		name, val, _ := strings.Cut(v, "=")
		switch {
		case name == "--interactive" || name == "--stdin" && kube:
			interactive = val == "" || val == "true"
		case name == "--detach" && compose:
			return false
		case !strings.HasPrefix(v, "--"):
			// a cluster of short flags (-it, -ti); a value letter ends it
			// (-u root, -e K=V), so only letters before one count
			for _, r := range v[1:] {
				if r == 'i' {
					interactive = true
				}
				if compose && r == 'd' {
					return false
				}
				if strings.ContainsRune("euwcnsl", r) {
					break
				}
			}
		}
	}
	return interactive
}
