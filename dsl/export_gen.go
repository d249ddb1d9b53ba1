//go:build hguardgen

package dsl

// NativeSource is native_gen.go as gen.go writes it, the conditions of the
// rule packs in dir translated into Go, and the rules it left to expr with
// the reason. It exists only in a build with the hguardgen tag, for the
// generator: the translator is not part of this package's API.
func NativeSource(dir string) (src []byte, untranslated []string, err error) {
	rules, err := rulePacks(dir)
	if err != nil {
		return nil, nil, err
	}
	src, untranslated = nativeSource(rules)
	return src, untranslated, nil
}
