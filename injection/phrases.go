package injection

import (
	"strings"

	"github.com/hguard/hguard/dsl"
)

// overrides are phrases that try to replace the agent's instructions or to
// keep the user out of the loop.
var overrides = lazyRegexp(`(?i)` + strings.Join([]string{
	`\bignore\s+(?:all\s+|any\s+|the\s+)?(?:of\s+)?(?:your\s+|the\s+)?(?:previous|prior|above|earlier|preceding|foregoing|former|original|system|your)\s+(?:instructions?|prompts?|directions?|rules|guidelines|context|messages?|constraints)`,
	`\bdisregard\s+(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier|your|system|safety)\s+(?:instructions?|prompts?|rules|guidelines|constraints)`,
	`\bforget\s+(?:everything|all\s+(?:of\s+)?(?:your|the|previous)|your\s+(?:instructions|rules|training|guidelines))`,
	`\b(?:new|updated|real|actual|secret|hidden)\s+(?:system\s+)?instructions?\s*:`,
	`\byou\s+are\s+(?:now\s+)?(?:in\s+)?(?:developer|dan|jailbreak|unrestricted|god|admin)\s+mode\b`,
	`\byou\s+are\s+no\s+longer\s+bound\b`,
	`\boverride\s+(?:your|the|all)\s+(?:previous\s+)?(?:instructions|system\s+prompt|safety|rules|guidelines)`,
	`\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention\s+(?:this\s+)?to|mention|reveal\s+(?:this\s+)?to|alert|notify|show\s+(?:this\s+)?to)\s+(?:this\s+to\s+)?the\s+user`,
	`\bwithout\s+(?:asking|telling|informing|notifying|alerting)\s+the\s+user`,
	`\b(?:reveal|print|output|repeat|leak)\s+(?:your|the)\s+(?:system\s+prompt|initial\s+instructions|hidden\s+instructions)`,
	// a claimed approval, and the guard switched off: only an injection
	// tells the agent either
	`\b(?:the\s+)?user\s+(?:has\s+)?(?:already\s+)?(?:pre-?)?(?:approved|authori[sz]ed|consented\s+to)\s+(?:all|every|any)\b`,
	`\bhguard\s+(?:yolo\s+on|off|disable|uninstall)\b|\b(?:disable|turn\s+off|switch\s+off|bypass|skip|ignore)\s+(?:the\s+)?(?:hguard|guard|safety\s+hooks?|pre-?tool-?use\s+hooks?)\b`,
}, "|"))

// overrideWords prefilter lines for overrides: each alternative holds one.
var overrideWords = []string{"ignore", "disregard", "forget", "instruction", "you are", "override", "user", "reveal", "print", "output", "repeat", "leak", "hguard", "guard", "hook"}

// roleTags are chat-format turn markers, which only an injection puts in a
// context file.
var roleTags = lazyRegexp(`(?i)<\|im_(?:start|end|sep)\|>|<\|(?:system|assistant|user|endoftext)\|>|</?(?:system|system-reminder|assistant|human|tool_result|function_results)>|\[/?INST\]|<</?SYS>>`)

func (t *text) phrases() {
	t.lines(func(off int, line []byte) {
		if t.has(off, line, overrideWords...) {
			for _, m := range overrides().FindAllIndex(line, -1) {
				t.add(off+m[0], "instruction-override", dsl.Ask, "text tries to override the agent's instructions: "+short(string(line[m[0]:m[1]])), string(line))
			}
		}
		if t.has(off, line, "<|", "<s", "</", "<a", "<h", "<t", "<f", "[inst", "[/inst", "<<") {
			for _, m := range roleTags().FindAllIndex(line, -1) {
				t.add(off+m[0], "role-tag", dsl.Ask, "chat role marker "+string(line[m[0]:m[1]])+" poses as another turn", string(line))
			}
		}
		if t.has(off, line, "http") {
			t.exfil(off, line)
		}
	})
}

var (
	url = lazyRegexp(`(?i)\bhttps?://[^\s<>"'\x60)\]]+`)
	// template is a place where a value is filled in: ${X}, $X, $(cmd),
	// {{x}}, %X%.
	template = lazyRegexp(`\$\{[^}]{1,80}\}|\$\([^)]{1,200}\)?|\$[A-Za-z_][A-Za-z0-9_]*|\{\{[^}]{1,80}\}\}|%[A-Za-z_][A-Za-z0-9_]*%`)
	// secretWord names what an attacker wants out of the agent's machine.
	secretWord = lazyRegexp(`(?i)key|token|secret|pass|cred|auth|env|ssh|aws|cookie|session|history|private|\.netrc|id_rsa|id_ed25519`)
)

// exfil reports URLs that template a secret into the request: an agent
// following or rendering them (a markdown image loads by itself) sends the
// secret out.
func (t *text) exfil(off int, line []byte) {
	for _, u := range url().FindAllIndex(line, -1) {
		raw := line[u[0]:u[1]]
		rest := raw[len("http://"):]
		if raw[4] == 's' || raw[4] == 'S' {
			rest = raw[len("https://"):]
		}
		at := strings.IndexByte(string(rest), '@')
		slash := strings.IndexAny(string(rest), "/?#")
		inUserinfo := at >= 0 && (slash < 0 || at < slash)
		for _, m := range template().FindAllIndex(raw, -1) {
			tpl := string(raw[m[0]:m[1]])
			// The template or the query parameter it fills must name a secret.
			name := tpl
			if q := strings.LastIndexAny(string(raw[:m[0]]), "?&"); q >= 0 {
				name += " " + string(raw[q:m[0]])
			}
			if !secretWord().MatchString(name) {
				continue
			}
			level, msg := dsl.Block, "URL sends "+tpl+" to "+host(rest)
			if inUserinfo && m[0] < len(raw)-len(rest)+at {
				level, msg = dsl.Ask, "URL carries credentials "+tpl
			}
			t.add(off+u[0], "exfil-url", level, msg, string(raw))
			break
		}
	}
}

func host(rest []byte) string {
	h := string(rest)
	if i := strings.IndexAny(h, "/?#"); i >= 0 {
		h = h[:i]
	}
	if i := strings.LastIndexByte(h, '@'); i >= 0 {
		h = h[i+1:]
	}
	return h
}
