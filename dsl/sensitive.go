package dsl

// SensitivePath reports whether p names a credential, key or secret file,
// as the rules' sensitivePath or secretPath does. The agent hooks ask before
// a file tool reads one into a model's context.
func SensitivePath(p string) bool { return sensitivePath(p) || secretPath(p) }
