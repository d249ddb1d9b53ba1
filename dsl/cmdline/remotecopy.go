package cmdline

import "strings"

// remoteCopies follows scp's copy onto another host as the cp it is there:
// `scp passwd root@server:/etc/passwd` writes the server's /etc/passwd as
// `cp passwd /etc/passwd` writes this one's, and a remote path that is not
// absolute lies in the login's home (`scp x host:.bashrc` is `cp x
// ~/.bashrc`), so the rules for writes judge the destination wherever it
// is. A copy from a remote host, or between two, writes nothing here.
func (w *walker) remoteCopies(c *Command, args []field, cx ctx) {
	if c.Name != "scp" || c.Dynamic {
		return
	}
	values := sshValueLetters["scp"]
	var ops []field
	recursive := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			ops = append(ops, args[i+1:]...)
			break
		}
		if len(v) < 2 || v[0] != '-' {
			ops = append(ops, args[i])
			continue
		}
		for j := 1; j < len(v); j++ {
			if v[j] == 'r' {
				recursive = true
			}
			if strings.IndexByte(values, v[j]) >= 0 {
				if j == len(v)-1 {
					i++ // the value is the next word
				}
				break
			}
		}
	}
	if len(ops) < 2 {
		return
	}
	dst := ops[len(ops)-1]
	path, ok := remotePath(dst.Value)
	if !ok || dst.Dynamic {
		return
	}
	fs := []field{{Word: Word{Value: "cp"}}}
	if recursive {
		fs = append(fs, field{Word: Word{Value: "-r"}})
	}
	for _, s := range ops[:len(ops)-1] {
		if _, remote := remotePath(s.Value); remote {
			return
		}
		fs = append(fs, s)
	}
	w.spawn(c, append(fs, field{Word: Word{Value: path}}), Wrapper{Name: "scp"}, cx)
}

// remotePath is the path on the remote host of scp's HOST:PATH operand
// ([USER@]HOST:PATH), relative paths made the login's home's; a local path
// (one with a slash before any colon) is not one.
func remotePath(v string) (string, bool) {
	i := strings.IndexByte(v, ':')
	if i <= 0 || strings.ContainsRune(v[:i], '/') {
		return "", false
	}
	if strings.HasPrefix(v, "[") { // [v6addr]:path
		j := strings.Index(v, "]:")
		if j < 0 {
			return "", false
		}
		i = j + 1
	}
	p := v[i+1:]
	switch {
	case p == "":
		return "~/", true
	case strings.HasPrefix(p, "/"), strings.HasPrefix(p, "~"):
		return p, true
	}
	return "~/" + p, true
}
