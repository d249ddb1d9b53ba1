package dsl

// SensitivePath reports whether p names a credential, key or secret file,
// as the rules' sensitivePath or secretPath does. The agent hooks ask before
// a file tool reads one into a model's context.
func SensitivePath(p string) bool { return sensitivePath(p) || secretPath(p) }

// SecretPath reports whether p names a file whose content is a
// credential (a private key, cloud credentials, .env, a token file), as
// the rules' secretPath does: narrower than SensitivePath, which also
// takes certificates and other files that only may hold one.
func SecretPath(p string) bool { return secretPath(p) }

// PersistPath reports whether rewriting p makes something run later or
// lets someone in (the rules' persistPath): a shell start-up file, a cron
// table, sudoers, an autostart entry, hguard's own files, ….
func PersistPath(p string) bool { return persistPath(p) }
