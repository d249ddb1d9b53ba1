package redact

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestPatternExamples runs every pattern's own match and no-match examples.
func TestPatternExamples(t *testing.T) {
	r := New()
	for _, p := range r.Patterns() {
		t.Run(p.ID, func(t *testing.T) {
			if len(p.Examples.Match) == 0 {
				t.Fatal("no match examples")
			}
			for _, ex := range p.Examples.Match {
				if !hasRule(r.Find(ex), p.ID) {
					t.Errorf("not matched: %q\nfindings: %+v", ex, r.Find(ex))
				}
				if out := r.String(ex); out == ex {
					t.Errorf("not masked: %q", ex)
				}
			}
			for _, ex := range p.Examples.NoMatch {
				if hasRule(r.Find(ex), p.ID) {
					t.Errorf("matched: %q → %q", ex, r.String(ex))
				}
			}
		})
	}
}

func hasRule(fs []Finding, id string) bool {
	for _, f := range fs {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// TestFormats checks one realistic line per secret format: which rule
// fires and exactly what remains.
func TestFormats(t *testing.T) {
	tests := []struct {
		name, in, rule, want string
	}{
		{"aws key id", "aws_access_key_id = AKIAOXYIMCFIPNZB575Y", "aws-access-key-id", "aws_access_key_id = AKIA…575Y"},
		{"aws secret", "aws_secret_access_key = WnhREl+Asie/ys64KT2rumOT+zNtTKjCSFbLRCIe", "aws-secret-access-key", "aws_secret_access_key = …RCIe"},
		{"github ghp", "token: " + fakeGHP, "github-token", "token: ghp_…oiAK"},
		{"github gho", "gho_CAAfLesTgcfQgWHHxjZ7GFTjMemb6ivyQKhV", "github-token", "gho_…QKhV"},
		{"github ghs", "ghs_twu9xaP1Fnd4Nc493WZ0LllvBChfmMoFZEYj", "github-token", "ghs_…ZEYj"},
		{"github ghu", "ghu_yhgLUCPiUCGUfT7EKz0xDodmdChgnUaTMN6b", "github-token", "ghu_…MN6b"},
		{"github pat", "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", "github-fine-grained-token", "github_pat_…H7SU"},
		{"gitlab", "PRIVATE-TOKEN: glpat-TU2z_kIui-I1oJLJIJ0F", "gitlab-token", "PRIVATE-TOKEN: glpat-…IJ0F"},
		{"slack", "xoxb-533873398357-1161296020934-fgDD3Q5s7KfiMw3PeuYc16f2", "slack-token", "xoxb-…16f2"},
		{"stripe", "sk_live_OGIY7GsZnKHzXi0FPEhszcc3", "stripe-key", "sk_live_…zcc3"},
		{"openai proj", fakeOpenAI, "openai-key", "sk-proj-…k3S-"},
		{"openai legacy", "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", "openai-key", "sk-…uKjQ"},
		{"anthropic", "x-api-key: sk-ant-api03-EYcOZTNppX50b_RzcbOV9nwog4JkdzFjhQSXO_u_Jh97FhZ58upvQLZo5xMuTThZJjF84Ky9iiLixYmpxx_PEy4FWdSNpAA", "anthropic-key", "x-api-key: sk-ant-api03-…NpAA"},
		{"google api key", "key=AIza_fm4VGQnny_25mqdTqX5Q2oW81qjxE4zJtB", "google-api-key", "key=AIza…zJtB"},
		{"huggingface", "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", "huggingface-token", "hf_…fCTs"},
		{"npm", "npm_9eyC6FBvEUot5c66LRgbJ6NxPTBaUq8SxcPO", "npm-token", "npm_…xcPO"},
		{"pypi", "pypi-AgEIcHlwaS5vcmcwi_gcgmOrFUTTkEyEJm1dyco0OsIChPTWuPMucIcfLsMAdrfqTI4HSMrU64DOkHaKRoIba", "pypi-token", "pypi-…oIba"},
		{"twilio key", "SKec60041aa7c6fe9cdf3cadfc1675cda7", "twilio-api-key", "SK…cda7"},
		{"twilio token", "TWILIO_AUTH_TOKEN=8a097dc8fa1f75b55761c7348914f2b3", "twilio-auth-token", "TWILIO_AUTH_TOKEN=…f2b3"},
		{"sendgrid", "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", "sendgrid-key", "SG.…gSkI"},
		{"jwt", "Authorization: Bearer " + fakeJWT, "jwt", "Authorization: Bearer eyJ…greb"},
		{"url password", "postgres://app:Zk8pQ2xWm4@db:5432/app", "url-password", "postgres://app:…@db:5432/app"},
		{"bearer", `curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0"`, "authorization-header", `curl -H "Authorization: Bearer …b1a0"`},
		{"basic", "Authorization: Basic dXNlcjpTM2NyM3RQYXNz", "authorization-header", "Authorization: Basic …YXNz"},
		{"generic password", "DB_PASSWORD=Tr0ub4dor&3xq", "generic-secret", "DB_PASSWORD=…"},
		{"generic json", `{"password": "S3cr3t!Passw0rd"}`, "generic-secret", `{"password": "…"}`},
		{"generic yaml", "client_secret: x7Qp2LmZ9vR4sT", "generic-secret", "client_secret: …"},
		{"cli flag", "mysql --password Zk8pQ2xWm4v", "cli-secret-flag", "mysql --password …"},
		{"one-line key", `"k": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n"`, "private-key", `"k": "-----BEGIN PRIVATE KEY-----…-----END PRIVATE KEY-----\n"`},
		{"token in assignment keeps prefix", "GITHUB_TOKEN=" + fakeGHP, "github-token", "GITHUB_TOKEN=ghp_…oiAK"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := String(tt.in); got != tt.want {
				t.Errorf("String(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			fs := Find(tt.in)
			if len(fs) == 0 || fs[0].Rule != tt.rule {
				t.Errorf("Find: %+v, want rule %s", fs, tt.rule)
			}
		})
	}
}

// TestFalsePositives: ordinary text that looks random or mentions secrets
// is left alone.
func TestFalsePositives(t *testing.T) {
	texts := []string{
		// git SHAs
		"commit be3d831295da1da104f4e48fc8aa9a065c952991",
		"Merge: 3f1c2ab 9d8e7f6",
		"HEAD is now at 1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b fix tests",
		// UUIDs
		"request_id=550e8400-e29b-41d4-a716-446655440000 status=200",
		"id: 6ba7b810-9dad-11d1-80b4-00c04fd430c8",
		// base64 of ordinary text
		"VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZyBhbmQga2VlcHMgcnVubmluZyBmYXIgYXdheQ==",
		"data: SGVsbG8sIFdvcmxkISBUaGlzIGlzIGp1c3QgYSB0ZXN0Lg==",
		// long identifiers in source code
		"func getUserAuthenticationTokenFromSessionStorage(ctx context.Context) (string, error) {",
		"AbstractSingletonProxyFactoryBeanDefinitionRegistryPostProcessor",
		"const tokenRefreshIntervalMilliseconds = 30000",
		"password := os.Getenv(\"DB_PASSWORD\")",
		"self.api_key = api_key",
		"secret_key = settings.SECRET_KEY",
		"if token == nil { return ErrMissingToken }",
		"private_key_file: /etc/ssl/private/server.key",
		"tokenizer = AutoTokenizer.from_pretrained(\"bert-base-uncased\")",
		"task-runner-service-account-controller-manager",
		"disk-usage-analyzer-0123456789abcdef",
		"sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx5Y2hlbiBvbmx5IGEgcHVibGljIGtleQ== user@host",
		"https://github.com/hguard/hguard/blob/main/README.md",
		"git@github.com:hguard/hguard.git",
		// lorem ipsum
		"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.",
		"Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.",
		// prose about secrets
		"Set the password: it must be at least twelve characters long.",
		"The token expires after one hour; request a new token with the refresh endpoint.",
		"Use Authorization: Bearer <token> for every request.",
		"secret: false",
		"passwords: []",
	}
	for _, s := range texts {
		if fs := Find(s); len(fs) > 0 {
			t.Errorf("masked ordinary text %q → %q (%+v)", s, String(s), fs)
		}
	}
}

const pemKey = `config:
-----BEGIN RSA PRIVATE KEY-----
Proc-Type: 4,ENCRYPTED
DEK-Info: AES-128-CBC,3F17F5316E2BAC89

MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun
VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK
LxoS2tFczGkPLPgizskuemMghRniWaoLcyehkd3qqGElvW/VDL5AaWTg0nLVkjRo
-----END RSA PRIVATE KEY-----
done
`

func TestPrivateKeyBlock(t *testing.T) {
	// Armor headers stay; the base64 body becomes one line.
	want := "config:\n-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,3F17F5316E2BAC89\n\n…\n-----END RSA PRIVATE KEY-----\ndone\n"
	if got := String(pemKey); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// The same through the stream, one byte at a time.
	var out bytes.Buffer
	n, err := Copy(&out, iotest.OneByteReader(strings.NewReader(pemKey)))
	if err != nil || out.String() != want || n != 1 {
		t.Errorf("Copy: %d, %v\n%s", n, err, out.String())
	}
	// A block cut short ends at the first line that is not base64.
	cut := "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nnext: line stays\n"
	if got := String(cut); got != "-----BEGIN OPENSSH PRIVATE KEY-----\n…\nnext: line stays\n" {
		t.Errorf("truncated block: %q", got)
	}
	fs := Find(pemKey)
	if len(fs) != 1 || fs[0].Rule != privateKeyID || fs[0].Offset != int64(strings.Index(pemKey, "MIIE")) {
		t.Errorf("findings %+v", fs)
	}
}

func TestCopyLongLine(t *testing.T) {
	// A secret after an over-long line, and one inside it near a cut.
	long := strings.Repeat("a", MaxLine+100) + " token " + fakeGHP + "\n"
	in := long + strings.Repeat("word ", MaxLine/5) + fakeGHP + "\nok\n"
	var out bytes.Buffer
	n, err := Copy(&out, strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 || strings.Contains(out.String(), fakeGHP) {
		t.Errorf("masked %d, leaked: %v", n, strings.Contains(out.String(), fakeGHP))
	}
	if !strings.HasSuffix(out.String(), "ghp_…oiAK\nok\n") {
		t.Errorf("tail %q", out.String()[out.Len()-30:])
	}
}

type errReader struct{ r io.Reader }

func (e errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		return n, io.ErrUnexpectedEOF
	}
	return n, err
}

func TestCopyReadError(t *testing.T) {
	var out bytes.Buffer
	_, err := Copy(&out, errReader{strings.NewReader("a " + fakeGHP + "\npartial")})
	if err != io.ErrUnexpectedEOF {
		t.Fatalf("err = %v", err)
	}
	if out.String() != "a ghp_…oiAK\npartial" {
		t.Errorf("out %q", out.String())
	}
}

func TestUnchangedIsNotCopied(t *testing.T) {
	b := []byte("nothing to see here\n")
	if got := Bytes(b); &got[0] != &b[0] {
		t.Error("Bytes copied a clean input")
	}
}
