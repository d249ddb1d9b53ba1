package redact

import "sync"

// Fake secrets for the examples. They have the shape of real ones and were
// made up for these tests.
const (
	fakeGHP    = "ghp_Bqyt1T5AlQzhk7Q2bmXkthaYWyv1kKB5oiAK"
	fakeOpenAI = "sk-proj-VTnOn9vE9USV2VesOheDU9U8wMrIc4KH6LLZ-5l-4RrnU6U8XAwselNBsZGzobe4BOOdacqMNbT3BlbkFJfBQOl1Eamz91o2sjsS3gG0zdKi_OuChYNHNJcZAByo-tOEk3S-"
	fakeJWT    = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkphbmUgRmFrZSIsImlhdCI6MTUxNjIzOTAyMn0.VN7DEhjD4Ngo3H0orO1S_W__jYRWP1NK85aFjHjgreb"
)

// privateKeyID is the pattern that also drives multi-line key blocks.
const privateKeyID = "private-key"

// assign is what separates a key from its value: =, :, :=, =>, with
// optional quotes around the key.
const assign = `["']?\s*(?::=|=>|[:=])\s*`

// value is a quoted or bare value; the first of its three groups that
// participates is the secret.
const value = `(?:"([^"\s]+)"|'([^'\s]+)'|([^\s"',;]+))`

// builtin is the pattern table, most specific first: where two matches
// overlap, the earlier pattern wins, so a GitHub token inside token=… keeps
// its ghp_ prefix. It is built on first use: compiling the expressions at
// start-up would slow every hguard process, most of which redact nothing.
var builtin = sync.OnceValue(func() []*Pattern {
	return []*Pattern{
		{
			ID:          privateKeyID,
			Description: "private key block (-----BEGIN … PRIVATE KEY----- through the END line)",
			Keywords:    []string{"-----begin"},
			window:      MaxLine, // a whole key on one line, as in a JSON service account file
			Regexp:      anchored(`-----BEGIN[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----(.+?)-----END[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----`),
			Group:       1,
			Valid:       func(s []byte) bool { return len(s) >= 4 && notMasked(s) },
			Examples: Examples{
				Match: []string{
					`{"private_key": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n"}`,
					"-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAA -----END OPENSSH PRIVATE KEY-----",
				},
				NoMatch: []string{
					"-----BEGIN PUBLIC KEY----- MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE -----END PUBLIC KEY-----",
					"-----BEGIN CERTIFICATE-----MIIDdzCCAl+gAwIBAgIE-----END CERTIFICATE-----",
				},
			},
		},
		{
			ID:          "aws-access-key-id",
			Description: "AWS access key id",
			Keywords:    []string{"AKIA", "ASIA", "ABIA", "ACCA"},
			wordStart:   true,
			Regexp:      anchored(`((?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b`),
			Group:       1,
			Prefixes:    []string{"AKIA", "ASIA", "ABIA", "ACCA"},
			Tail:        true,
			Examples: Examples{
				Match:   []string{"aws_access_key_id = AKIAOXYIMCFIPNZB575Y", "export AWS_ACCESS_KEY_ID=ASIA7MZF7OBR26YHQGEY"},
				NoMatch: []string{"AKIAOXYIMCFIPNZB575", "akiaoxyimcfipnzb575y", "XAKIAOXYIMCFIPNZB575Y"},
			},
		},
		{
			ID:          "github-token",
			Description: "GitHub personal, OAuth, app and refresh token (ghp_, gho_, ghu_, ghs_, ghr_)",
			Keywords:    []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"},
			wordStart:   true,
			Regexp:      anchored(`((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36})\b`),
			Group:       1,
			Prefixes:    []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"},
			Tail:        true,
			Valid:       randomish(4),
			Examples: Examples{
				Match: []string{
					"GITHUB_TOKEN=" + fakeGHP,
					"remote: https://x-access-token:gho_CAAfLesTgcfQgWHHxjZ7GFTjMemb6ivyQKhV@github.com/o/r",
					"ghs_twu9xaP1Fnd4Nc493WZ0LllvBChfmMoFZEYj",
					"token ghu_yhgLUCPiUCGUfT7EKz0xDodmdChgnUaTMN6b expires",
				},
				NoMatch: []string{"ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "ghp_Bqyt1T5AlQzhk7Q2bmXk", "my_ghp_function"},
			},
		},
		{
			ID:          "github-fine-grained-token",
			Description: "GitHub fine-grained personal access token (github_pat_)",
			Keywords:    []string{"github_pat_"},
			wordStart:   true,
			Regexp:      anchored(`(github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59})\b`),
			Group:       1,
			Prefixes:    []string{"github_pat_"},
			Tail:        true,
			Examples: Examples{
				Match:   []string{"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"},
				NoMatch: []string{"github_pat_ is the prefix of fine-grained tokens", "github_pat_Px1BHf9VWMG0TKmGouHyVH"},
			},
		},
		{
			ID:          "gitlab-token",
			Description: "GitLab personal, deploy, runner, OAuth and feed token",
			Keywords:    []string{"glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glimt-", "glagent-", "gloas-", "glsoat-", "glcbt-", "gr1348941"},
			wordStart:   true,
			Regexp:      anchored(`((?:glpat|gldt|glrt|glptt|glft|glimt|glagent|gloas|glsoat|glcbt)-[A-Za-z0-9_\-]{20,}|GR1348941[A-Za-z0-9_\-]{20,})`),
			Group:       1,
			Prefixes:    []string{"glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glimt-", "glagent-", "gloas-", "glsoat-", "glcbt-", "GR1348941"},
			Tail:        true,
			Valid:       randomish(5),
			Examples: Examples{
				Match:   []string{"PRIVATE-TOKEN: glpat-TU2z_kIui-I1oJLJIJ0F", "glrt-t3_Yz8kQ2pLmN4vR7sT1uW9x"},
				NoMatch: []string{"glpat-example", "glpat-aaaaaaaaaaaaaaaaaaaaaaaa"},
			},
		},
		{
			ID:          "slack-token",
			Description: "Slack bot, user, app and refresh token (xoxb-, xoxp-, xoxa-, xoxr-, xoxs-, xapp-)",
			Keywords:    []string{"xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "xapp-"},
			wordStart:   true,
			Regexp:      anchored(`(xox[abprs]-[0-9A-Za-z\-]{10,}|xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]{20,})`),
			Group:       1,
			Prefixes:    []string{"xoxa-", "xoxb-", "xoxp-", "xoxr-", "xoxs-", "xapp-"},
			Tail:        true,
			Valid:       randomish(5),
			Examples: Examples{
				Match: []string{
					"SLACK_BOT_TOKEN=xoxb-533873398357-1161296020934-fgDD3Q5s7KfiMw3PeuYc16f2",
					"xoxp-251309534551-819562246261-1831425310082-5a97f32447a6d554e1e9ddbfb598f48f",
				},
				NoMatch: []string{"xoxb-", "xoxb-your-token-here", "xoxz-533873398357-1161296020934"},
			},
		},
		{
			ID:          "slack-webhook",
			Description: "Slack incoming webhook URL",
			Keywords:    []string{"https://hooks.slack.com/"},
			Regexp:      anchored(`https://hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9+/_\-]{20,})`),
			Group:       1,
			Tail:        true,
			Examples: Examples{
				Match:   []string{"https://hooks.slack.com/services/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"},
				NoMatch: []string{"https://hooks.slack.com/services/", "see https://api.slack.com/messaging/webhooks"},
			},
		},
		{
			ID:          "stripe-key",
			Description: "Stripe secret and restricted key, webhook signing secret",
			Keywords:    []string{"sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_"},
			wordStart:   true,
			Regexp:      anchored(`((?:sk|rk)_(?:live|test)_[0-9A-Za-z]{24,}|whsec_[A-Za-z0-9+/=]{32,})`),
			Group:       1,
			Prefixes:    []string{"sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_"},
			Tail:        true,
			Valid:       randomish(8),
			Examples: Examples{
				Match:   []string{"Stripe.api_key = 'sk_live_OGIY7GsZnKHzXi0FPEhszcc3'", "rk_test_xG8swySbNj1Saf0lCL8iX91BKOL94gxGcM"},
				NoMatch: []string{"pk_live_OGIY7GsZnKHzXi0FPEhszcc3", "sk_live_", "sk_test_abc"},
			},
		},
		{
			ID:          "anthropic-key",
			Description: "Anthropic API key (sk-ant-)",
			Keywords:    []string{"sk-ant-"},
			wordStart:   true,
			Regexp:      anchored(`(sk-ant-[A-Za-z0-9_\-]{32,})`),
			Group:       1,
			Prefixes:    []string{"sk-ant-", "sk-ant-api03-", "sk-ant-admin01-", "sk-ant-oat01-"},
			Tail:        true,
			Valid:       randomish(7),
			Examples: Examples{
				Match:   []string{"ANTHROPIC_API_KEY=sk-ant-api03-EYcOZTNppX50b_RzcbOV9nwog4JkdzFjhQSXO_u_Jh97FhZ58upvQLZo5xMuTThZJjF84Ky9iiLixYmpxx_PEy4FWdSNpAA"},
				NoMatch: []string{"sk-ant-api03-...", "the sk-ant- prefix"},
			},
		},
		{
			ID:          "openai-key",
			Description: "OpenAI API key (sk-, sk-proj-, sk-svcacct-, sk-admin-)",
			Keywords:    []string{"sk-"},
			wordStart:   true,
			Regexp:      anchored(`(sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_\-]{20,}|sk-[A-Za-z0-9]{20,}\b)`),
			Group:       1,
			Prefixes:    []string{"sk-", "sk-proj-", "sk-svcacct-", "sk-admin-", "sk-None-"},
			Tail:        true,
			Valid: func(s []byte) bool {
				return randomish(3)(s) && classes(s[3:]) >= 2 && hasDigit(s)
			},
			Examples: Examples{
				Match:   []string{"OPENAI_API_KEY=" + fakeOpenAI, "openai.api_key = \"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\""},
				NoMatch: []string{"sk-learn-contrib-imbalanced-learn", "task-scheduler-abcdefghijklmnop", "sk-proj-...", "sk-abcdefghijklmnopqrstuvwxyz"},
			},
		},
		{
			ID:          "google-api-key",
			Description: "Google API key (AIza…)",
			Keywords:    []string{"AIza"},
			wordStart:   true,
			Regexp:      anchored(`(AIza[0-9A-Za-z_\-]{35})`),
			Group:       1,
			Prefixes:    []string{"AIza"},
			Tail:        true,
			Examples: Examples{
				Match:   []string{"https://maps.googleapis.com/maps/api/js?key=AIza_fm4VGQnny_25mqdTqX5Q2oW81qjxE4zJtB"},
				NoMatch: []string{"AIza_fm4VGQnny", "aiza_fm4vgqnny_25mqdtqx5q2ow81qjxe4zjtb"},
			},
		},
		{
			ID:          "google-oauth",
			Description: "Google OAuth client secret (GOCSPX-) and access token (ya29.)",
			Keywords:    []string{"GOCSPX-", "ya29."},
			wordStart:   true,
			Regexp:      anchored(`(GOCSPX-[A-Za-z0-9_\-]{28}|ya29\.[0-9A-Za-z_\-]{20,})`),
			Group:       1,
			Prefixes:    []string{"GOCSPX-", "ya29."},
			Tail:        true,
			Valid:       randomish(5),
			Examples: Examples{
				Match:   []string{`"client_secret":"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"`, "ya29.a0AfH6SMBx7kq2LmN9pR4sT6uV8wXyZ1bC3dE5fG"},
				NoMatch: []string{"GOCSPX-", "ya29.example"},
			},
		},
		{
			ID:          "huggingface-token",
			Description: "Hugging Face user and organisation token (hf_, api_org_)",
			Keywords:    []string{"hf_", "api_org_"},
			wordStart:   true,
			Regexp:      anchored(`((?:hf|api_org)_[A-Za-z0-9]{34})\b`),
			Group:       1,
			Prefixes:    []string{"hf_", "api_org_"},
			Tail:        true,
			Valid:       randomish(3),
			Examples: Examples{
				Match:   []string{"HF_TOKEN=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"},
				NoMatch: []string{"hf_hub_download", "hf_abcdefghijklmnopqrstuvwxyzabcdefgh"},
			},
		},
		{
			ID:          "npm-token",
			Description: "npm access token (npm_)",
			Keywords:    []string{"npm_"},
			wordStart:   true,
			Regexp:      anchored(`(npm_[A-Za-z0-9]{36})\b`),
			Group:       1,
			Prefixes:    []string{"npm_"},
			Tail:        true,
			Valid:       randomish(4),
			Examples: Examples{
				Match:   []string{"//registry.npmjs.org/:_authToken=npm_9eyC6FBvEUot5c66LRgbJ6NxPTBaUq8SxcPO"},
				NoMatch: []string{"npm_config_registry", "npm_package_version"},
			},
		},
		{
			ID:          "pypi-token",
			Description: "PyPI upload token (pypi-AgEIcHlwaS5vcmc…)",
			Keywords:    []string{"pypi-AgEIcHlwaS5vcmc"},
			wordStart:   true,
			Regexp:      anchored(`(pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{50,})`),
			Group:       1,
			Prefixes:    []string{"pypi-"},
			Tail:        true,
			Examples: Examples{
				Match:   []string{"password = pypi-AgEIcHlwaS5vcmcwi_gcgmOrFUTTkEyEJm1dyco0OsIChPTWuPMucIcfLsMAdrfqTI4HSMrU64DOkHaKRoIba"},
				NoMatch: []string{"pypi-AgEIcHlwaS5vcmc", "pip install pypi-simple"},
			},
		},
		{
			ID:          "twilio-api-key",
			Description: "Twilio API key (SK + 32 hex)",
			Keywords:    []string{"SK"},
			wordStart:   true,
			Regexp:      anchored(`(SK[0-9a-fA-F]{32})\b`),
			Group:       1,
			Prefixes:    []string{"SK"},
			Tail:        true,
			Valid:       func(s []byte) bool { return classes(s[2:]) >= 2 && entropy(s[2:]) >= 3.0 },
			Examples: Examples{
				Match:   []string{"TWILIO_API_KEY=SKec60041aa7c6fe9cdf3cadfc1675cda7"},
				NoMatch: []string{"SKU 1234", "SK00000000000000000000000000000000", "TASKec60041aa7c6fe9cdf3cadfc1675cda7"},
			},
		},
		{
			ID:          "twilio-auth-token",
			Description: "Twilio auth token (32 hex next to a twilio key name)",
			Keywords:    []string{"twilio"},
			Regexp:      anchored(`(?i)twilio[A-Za-z0-9_ .\-]{0,20}(?:auth|token|secret)[A-Za-z0-9_\-]*` + assign + `["']?([a-f0-9]{32})\b`),
			Group:       1,
			Tail:        true,
			Examples: Examples{
				Match:   []string{"TWILIO_AUTH_TOKEN=8a097dc8fa1f75b55761c7348914f2b3"},
				NoMatch: []string{"TWILIO_ACCOUNT_SID=AC8a097dc8fa1f75b55761c734891", "twilio auth token docs"},
			},
		},
		{
			ID:          "sendgrid-key",
			Description: "SendGrid API key (SG.…)",
			Keywords:    []string{"SG."},
			wordStart:   true,
			Regexp:      anchored(`(SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43})`),
			Group:       1,
			Prefixes:    []string{"SG."},
			Tail:        true,
			Examples: Examples{
				Match:   []string{"SENDGRID_API_KEY=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"},
				NoMatch: []string{"SG.IoqgoSKSJrhuZbd47VZDhU", "Mr. SG. Smith"},
			},
		},
		{
			ID:          "jwt",
			Description: "JSON Web Token (eyJ….eyJ….…)",
			Keywords:    []string{"eyJ"},
			wordStart:   true,
			Regexp:      anchored(`(eyJ[A-Za-z0-9_\-]{10,}\.eyJ[A-Za-z0-9_\-]{2,}\.[A-Za-z0-9_\-]{10,})`),
			Group:       1,
			Prefixes:    []string{"eyJ"},
			Tail:        true,
			Examples: Examples{
				Match:   []string{"id_token=" + fakeJWT, "Cookie: session=" + fakeJWT + "; Path=/"},
				NoMatch: []string{"eyJhbGciOiJIUzI1NiJ9", "eyJhbGciOiJIUzI1NiJ9.payload"},
			},
		},
		{
			ID:          "url-password",
			Description: "password in a URL (scheme://user:password@host)",
			Keywords:    []string{"://"},
			Regexp:      anchored(`://[^\s:@/?#]+:([^\s@/?#]+)@`),
			Group:       1,
			Valid: func(s []byte) bool {
				return notMasked(s) && s[0] != '$' && s[0] != '{' && s[0] != '<'
			},
			Examples: Examples{
				Match:   []string{"DATABASE_URL=postgres://app:Zk8pQ2xWm4@db.internal:5432/app", "git clone https://bob:hunter2@git.example.com/r.git"},
				NoMatch: []string{"https://example.com/a:b@c", "postgres://app@db:5432/app", "redis://:${REDIS_PASSWORD}@cache:6379", "http://[::1]:8080/"},
			},
		},
		{
			ID:          "authorization-header",
			Description: "credentials in an Authorization header (Bearer, Basic, token)",
			Keywords:    []string{"authorization"},
			wordStart:   true,
			Regexp:      anchored(`(?i)authorization["']?\s*[:=]\s*["']?(?:(?:bearer|token|basic|digest|apikey|key)\s+)?([A-Za-z0-9._~+/=\-]{8,})`),
			Group:       1,
			Tail:        true,
			Valid: func(s []byte) bool {
				return notMasked(s) && !isIdentifier(s) && classes(s) >= 2
			},
			Examples: Examples{
				Match:   []string{`curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0" https://api.example.com`, "Authorization: Basic dXNlcjpTM2NyM3RQYXNz"},
				NoMatch: []string{"Authorization: Bearer $TOKEN", "the Authorization header carries a bearer token", "Authorization: Bearer ${API_TOKEN}"},
			},
		},
		{
			ID:          "bearer-token",
			Description: "bearer token outside an Authorization header",
			Keywords:    []string{"bearer"},
			wordStart:   true,
			Regexp:      anchored(`(?i)bearer\s+([A-Za-z0-9._~+/\-]{16,}=*)`),
			Group:       1,
			Tail:        true,
			Valid:       looksSecret,
			Examples: Examples{
				Match:   []string{`headers = {"X-Auth": "Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0"}`},
				NoMatch: []string{"Bearer authentication is supported", "bearer tokenAuthenticationHeaderValue"},
			},
		},
		{
			ID:          "aws-secret-access-key",
			Description: "AWS secret access key (40 characters next to an aws secret key name)",
			Keywords:    []string{"secret"},
			Regexp:      anchored(`(?i)secret_?(?:access_?)?key(?:_id)?` + assign + `["']?([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)`),
			Group:       1,
			Tail:        true,
			Valid:       func(s []byte) bool { return classes(s) >= 3 && entropy(s) >= 4.0 },
			Examples: Examples{
				Match:   []string{"aws_secret_access_key = WnhREl+Asie/ys64KT2rumOT+zNtTKjCSFbLRCIe", `"SecretAccessKey": "WnhREl+Asie/ys64KT2rumOT+zNtTKjCSFbLRCIe",`},
				NoMatch: []string{"aws_secret_access_key = be3d831295da1da104f4e48fc8aa9a065c952991"},
			},
		},
		{
			// Secret scanners pair a bare 40-character key with an access key
			// id shortly before it: printed side by side (a CSV export, a
			// log line, "id … and secret …") the secret has no name to find
			// it by, but the id says what it is.
			ID:          "aws-secret-access-key-paired",
			Description: "AWS secret access key (40 characters after an AWS access key id on the same line)",
			Keywords:    []string{"AKIA", "ASIA"},
			wordStart:   true,
			Regexp:      anchored(`(?:AKIA|ASIA)[A-Z2-7]{16}\b[^\n]{0,160}?(?:[^A-Za-z0-9/+=])([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)`),
			Group:       1,
			Tail:        true,
			window:      260,
			Valid:       func(s []byte) bool { return classes(s) >= 3 && entropy(s) >= 4.0 },
			Examples: Examples{
				Match: []string{
					"AKIAQYLPMN5HFIQR7XYZ and secret WnhREl+Asie/ys64KT2rumOT+zNtTKjCSFbLRCIe",
					"AKIAQYLPMN5HFIQR7XYZ,WnhREl+Asie/ys64KT2rumOT+zNtTKjCSFbLRCIe",
					`{"id": "ASIA7MZF7OBR26YHQGEY", "key": "WnhREl+Asie/ys64KT2rumOT+zNtTKjCSFbLRCIe"}`,
				},
				NoMatch: []string{
					"AKIAQYLPMN5HFIQR7XYZ commit be3d831295da1da104f4e48fc8aa9a065c952991",
					"WnhREl+Asie/ys64KT2rumOT+zNtTKjCSFbLRCIe before the id AKIAQYLPMN5HFIQR7XYZ",
					"AKIAQYLPMN5HFIQR7XYZ path src/components/widgets/BigTableView.tsx",
				},
			},
		},
		{
			ID:          "generic-secret",
			Description: "value of a password, secret, token or key assignment that looks random",
			Keywords: []string{"pass", "pwd", "secret", "token", "api_key", "apikey", "api-key", "access_key", "accesskey", "access-key",
				"auth_key", "authkey", "auth-key", "private_key", "privatekey", "private-key", "credential"},
			Regexp: anchored(`(?i)(?:passw(?:or)?d|passphrase|pwd|secret|token|api[_\-]?key|access[_\-]?key|auth[_\-]?key|private[_\-]?key|credentials?)[A-Za-z0-9_\-]*` +
				assign + value),
			Group: 1,
			Valid: looksSecret,
			Examples: Examples{
				Match: []string{
					"DB_PASSWORD=Tr0ub4dor&3xq",
					`{"password": "S3cr3t!Passw0rd"}`,
					"client_secret: 'x7Qp2LmZ9vR4sT'",
					"https://api.example.com/v1/items?token=9d8c7b6a5f4e3d2c",
					"--api-key=Zm9vYmFyYmF6cXV4",
				},
				NoMatch: []string{
					"password: The password must be at least 8 characters",
					"secret: true",
					"token = self._token",
					`password := os.Getenv("DB_PASSWORD")`,
					"secret_name: prod-db-credentials",
					`"password": "${DB_PASSWORD}"`,
					"max_tokens=1024",
					"private_key_path=keys/id_rsa",
					"api_key=YOUR_API_KEY_HERE",
					"password=changeme123",
					"token_url=https://oauth2.googleapis.com/token",
				},
			},
		},
		{
			ID:          "cli-secret-flag",
			Description: "value after a --password, --token, --secret or --api-key flag",
			Keywords:    []string{"pass", "token", "secret", "api-key", "apikey"},
			before:      afterFlagDash,
			Regexp:      anchored(`(?i)(?:password|passwd|pass|token|secret|api-?key)\s+` + value),
			Group:       1,
			Valid:       looksSecret,
			Examples: Examples{
				Match:   []string{"mysql --password Zk8pQ2xWm4v client", "gh secret set X --token 'x7Qp2LmZ9vR4sT'"},
				NoMatch: []string{"--password-file /run/secrets/db", "--token $GITHUB_TOKEN", "--secret prod-db-credentials"},
			},
		},
	}
})

// afterFlagDash accepts a keyword that ends a command-line flag's name:
// -token, --password, --db-password, after a space or at the line start.
func afterFlagDash(line []byte, start int) bool {
	i := start
	for i > 0 && (isWord(line[i-1]) || line[i-1] == '-') {
		i--
	}
	if i > 0 && line[i-1] != ' ' && line[i-1] != '\t' {
		return false
	}
	return start > i && line[i] == '-'
}

func hasDigit(b []byte) bool {
	for _, c := range b {
		if '0' <= c && c <= '9' {
			return true
		}
	}
	return false
}
