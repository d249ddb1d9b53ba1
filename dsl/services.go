package dsl

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/expr-lang/expr"
)

// The service verb model: what a control-plane CLI (aws, gcloud, vault,
// kafka-topics, restic, …) or an HTTP client is asked to do, as a class
// the rules in rules/services.yaml give a level and a message to. One
// table of verbs and a few facts per program replace hundreds of hand
// rules: a new CLI is one line in serviceCLIs, and a CLI whose verbs follow
// the common noun-verb shape (`TOOL RESOURCE delete NAME`) needs no more.

func init() { Funcs = append(Funcs, serviceFuncs...) }

var serviceFuncs = []Func{
	{Name: "serviceAction", Sig: "serviceAction(name, args) string", Doc: "what a control-plane CLI's arguments do: \"delete\", \"secret\" (deletes or disables secrets or keys), \"backup\" (deletes backups), \"retention\" (turns off or shortens what keeps deleted data recoverable: versioning suspended, backups kept 0 days, a lifecycle or log retention that expires data), \"money\" (moves money: a charge, a confirmed payment, a refund, a payout, a transfer), \"audit\" (turns audit logging off), \"public\" (exposes a resource to everyone), \"grant\" (gives an account, key or role access: an IAM policy attached, an access key made, a role assigned), or \"\"", Example: `serviceAction(name, args) == "delete"`, options: func() []expr.Option { return []expr.Option{strsFunc("serviceAction", serviceAction)} }},
	{Name: "httpAction", Sig: "httpAction(name, args) string", Doc: "what an HTTP client's request does: \"wipe\" (a destructive request to a datastore, anywhere), \"delete\" (DELETE or a destructive POST to a remote API), \"local\" (the same to a loopback or compose-service host), \"grant\" (a PUT, POST or PATCH to a forge's API that gives an account or a key access: GitHub's collaborators, deploy and user keys, org and team memberships, a team's repositories; GitLab's members, deploy keys and access tokens), or \"\"", Example: `httpAction(name, args) in ["delete", "wipe"]`, options: func() []expr.Option { return []expr.Option{strsFunc("httpAction", httpAction)} }},
}

// Service classes, strictest first when several apply.
const (
	svcAudit  = "audit"
	svcPublic = "public"
	svcGrant  = "grant"
	svcSecret = "secret"
	svcBackup = "backup"
	// svcRetention: what keeps deleted or old data recoverable turned
	// off or shortened (versioning suspended, backups kept 0 days, a
	// lifecycle that expires objects); nothing is deleted at once.
	svcRetention = "retention"
	svcMoney     = "money" // money moved: a charge, a payment, a refund, a payout
	svcDelete    = "delete"
)

// serviceCLI is what hguard knows of one control-plane CLI.
type serviceCLI struct {
	depth  int               // how many leading operands name the operation (`aws s3api delete-bucket`: 2)
	values *nameSet          // global options that take a separate value, skipped before the operation
	verbs  map[string]string // verbs of this CLI beyond the common ones, and their class
	flags  map[string]string // options that make any operation destructive (kafka-topics --delete)
	class  string            // the class of every destructive verb of this CLI (secret managers, backup tools)
	always string            // the program itself is destructive (kafka-delete-records)
	// only: only verbs count, not the common ones (a package manager's
	// unpublish or yank acts on its registry; its uninstall and rm are
	// local)
	only bool
}

// commonVerbs are destructive verbs shared by most CLIs. A word matches
// when it equals the verb or starts with verb- (delete-bucket, purge-queue),
// after lowercasing and reading _ as - (delete_user).
var commonVerbs = nameSet{names: []string{"delete", "del", "destroy", "purge", "rb", "rm", "remove", "terminate", "uninstall", "drop",
	"undeploy", "unregister", "deregister", "unsubscribe", "wipe", "flush", "flushall", "flushdb", "truncate",
	"erase", "nuke", "rdelete", "repo-delete", "deletefile", "rmdir", "rmdirs", "archive", "disable", "revoke",
	"untag", "clear", "reset", "force-reset", "forget", "prune", "kill", "deactivate", "batch-delete",
	"schedule-key-deletion", "stop-logging", "leave-organization", "rebuild", "unset"}}

// prefixVerbs are the verbs that also count as the start of a compound
// operation name (delete-db-instance, remove-regions-from-replication).
var prefixVerbs = []string{"delete-", "remove-", "terminate-", "deregister-", "purge-", "disable-", "revoke-",
	"destroy-", "drop-", "clear-", "forget-", "unregister-", "wipe-", "flush-", "truncate-", "batch-delete-",
	"deactivate-", "force-delete"}

var awsValues = set("--profile", "--region", "--output", "--endpoint-url", "--query", "--cli-input-json",
	"--color", "--ca-bundle", "--cli-read-timeout", "--cli-connect-timeout", "--cli-binary-format")

// serviceCLIs are the control-plane CLIs the verb model knows, by name;
// built on first use, as only their commands read them.
var serviceCLIs = sync.OnceValue(func() map[string]serviceCLI {
	return map[string]serviceCLI{
		"aws": {depth: 2, values: awsValues, flags: map[string]string{"--delete": svcDelete, "--force-delete-without-recovery": svcSecret}, verbs: map[string]string{
			"update-secret": svcSecret, "put-secret-value": svcSecret, "rotate-secret": svcSecret,
			"put-bucket-acl": svcPublic, "put-object-acl": svcPublic, "authorize-security-group-ingress": svcPublic,
			"put-bucket-policy": svcPublic, "delete-public-access-block": svcPublic, "modify-db-instance": svcPublic,
			"modify-image-attribute": svcPublic, "modify-snapshot-attribute": svcPublic, "add-permission": svcPublic,
			"change-resource-record-sets": svcDelete, "stop-configuration-recorder": svcAudit,
			"update-trail": svcAudit, "put-event-selectors": svcAudit,
			"cp": svcPublic, "sync": svcPublic, "mv": svcPublic}}, // s3 cp/sync/mv --acl public-read publish what they copy
		"gcloud":       {depth: 4, values: set("--project", "--zone", "--region", "--format", "--account", "--configuration")},
		"gsutil":       {depth: 1, values: set("-o", "-h", "-p", "-u"), verbs: map[string]string{"rsync": svcDelete, "acl": svcPublic, "iam": svcPublic}},
		"az":           {depth: 4},
		"azcopy":       {depth: 1, verbs: map[string]string{"sync": svcDelete}},
		"doctl":        {depth: 4},
		"heroku":       {depth: 2},
		"fly":          {depth: 3},
		"flyctl":       {depth: 3},
		"vercel":       {depth: 2},
		"netlify":      {depth: 2},
		"linode-cli":   {depth: 3},
		"hcloud":       {depth: 3},
		"scw":          {depth: 3},
		"oci":          {depth: 4},
		"ibmcloud":     {depth: 3},
		"openstack":    {depth: 3},
		"eksctl":       {depth: 2},
		"firebase":     {depth: 2},
		"supabase":     {depth: 3},
		"railway":      {depth: 2, verbs: map[string]string{"down": svcDelete}},
		"gh":           {depth: 2, values: set("-R", "--repo", "--hostname"), verbs: map[string]string{"edit": svcPublic}},
		"glab":         {depth: 2, values: set("-R", "--repo"), verbs: map[string]string{"edit": svcPublic}},
		"stripe":       {depth: 2, verbs: map[string]string{"roll": svcSecret, "cancel": svcDelete}},
		"square":       {depth: 2},
		"wrangler":     {depth: 3},
		"fastly":       {depth: 3, verbs: map[string]string{"activate": svcDelete}},
		"vault":        {depth: 3, values: set("-namespace", "--namespace", "-address", "--address"), class: svcSecret, verbs: map[string]string{"seal": svcDelete}},
		"op":           {depth: 3, class: svcSecret},
		"doppler":      {depth: 2, class: svcSecret},
		"infisical":    {depth: 2, class: svcSecret},
		"bw":           {depth: 2, class: svcSecret},
		"kafka-topics": {depth: 0, flags: map[string]string{"--delete": svcDelete}},
		"kafka-consumer-groups": {depth: 0, flags: map[string]string{"--delete": svcDelete, "--reset-offsets": svcDelete,
			"--delete-offsets": svcDelete}},
		"kafka-configs":        {depth: 0, flags: map[string]string{"--delete-config": svcDelete}},
		"kafka-acls":           {depth: 0, flags: map[string]string{"--remove": svcDelete}},
		"kafka-delete-records": {always: svcDelete},
		"rpk":                  {depth: 2},
		"nats":                 {depth: 2},
		"rabbitmqctl":          {depth: 1, values: set("-p", "--vhost", "-n", "--node")},
		"rabbitmqadmin":        {depth: 1},
		"velero":               {depth: 2, class: svcBackup},
		"restic": {depth: 2, values: set("-r", "--repo", "--password-file", "-p", "--cache-dir"), class: svcBackup,
			flags: map[string]string{"--prune": svcBackup, "--remove-all": svcBackup, "--unsafe-allow-remove-all": svcBackup}},
		"borg": {depth: 1, class: svcBackup, verbs: map[string]string{"compact": svcBackup, "recreate": svcBackup, "break-lock": svcBackup}},
		"rclone": {depth: 1, verbs: map[string]string{"sync": svcDelete, "move": svcDelete, "moveto": svcDelete, "cleanup": svcDelete, "dedupe": svcDelete},
			flags: map[string]string{"--delete-before": svcDelete, "--delete-during": svcDelete, "--delete-after": svcDelete, "--delete-excluded": svcDelete}},
		"mc":            {depth: 3, flags: map[string]string{"--remove": svcDelete}, verbs: map[string]string{"unset": svcDelete, "stop": svcDelete}}, // mc admin service stop
		"s3cmd":         {depth: 1, verbs: map[string]string{"del": svcDelete, "rb": svcDelete}, flags: map[string]string{"--delete-removed": svcDelete, "--delete-after": svcDelete}},
		"etcdctl":       {depth: 2, verbs: map[string]string{"compact": svcDelete, "restore": svcDelete}}, // member remove, snapshot restore
		"consul":        {depth: 2},
		"nomad":         {depth: 2, verbs: map[string]string{"stop": svcDelete}},
		"circleci":      {depth: 2},
		"gitlab-runner": {depth: 1},
		"jenkins-cli":   {depth: 1, values: set("-s", "-auth", "-i", "-webSocket")},
		"deck":          {depth: 2, verbs: map[string]string{"sync": svcDelete}},
		"apigeecli":     {depth: 2},
		"ldcli":         {depth: 2, verbs: flagToggles},
		"split":         {depth: 2, verbs: flagToggles},
		"unleash":       {depth: 2, verbs: flagToggles},
		"flipt":         {depth: 2, verbs: flagToggles},
		"algolia":       {depth: 2},
		"pd":            {depth: 2},
		"newrelic":      {depth: 3},
		"datadog-ci":    {depth: 2},
		"grafana-cli":   {depth: 2},
		"splunk":        {depth: 2, verbs: map[string]string{"clean": svcDelete}},
		"meilisearch":   {depth: 2},
		"sentry-cli":    {depth: 2},
		"auth0":         {depth: 2},
		"okta":          {depth: 2},
		"twilio":        {depth: 3},
		"databricks":    {depth: 3},
		"planetscale":   {depth: 2},
		"pscale":        {depth: 2},
		"neonctl":       {depth: 2},
		"turso":         {depth: 3},
		"atlas":         {depth: 3},
		"mongocli":      {depth: 3},
		"cf":            {depth: 1},
		"sam":           {depth: 1},
		"serverless":    {depth: 1},
		"sls":           {depth: 1},
		"amplify":       {depth: 1},
		"copilot":       {depth: 2},
		"eb":            {depth: 1, verbs: map[string]string{"terminate": svcDelete}},
		"kops":          {depth: 2},
		"civo":          {depth: 3},
		"exo":           {depth: 3},
		"upcloud":       {depth: 3},
		"vultr-cli":     {depth: 3},
		"aliyun":        {depth: 2},
		"tccli":         {depth: 2},
		"cloudflared":   {depth: 2},
		"flarectl":      {depth: 2},
		"pulumi":        {depth: 2, verbs: map[string]string{"rm": svcDelete}},
		"argocd":        {depth: 2},
		"tkn":           {depth: 2},
		"influx":        {depth: 2},
		"b2":            {depth: 1, flags: map[string]string{"--delete": svcDelete}}, // b2 sync --delete
		"bq":            {depth: 1, values: set("--project_id", "--location", "--dataset_id")},
		"zkcli":         {depth: 1, values: set("-server", "-timeout"), verbs: map[string]string{"deleteall": svcDelete, "rmr": svcDelete}},
		"kopia":         {depth: 2, class: svcBackup},
		"duplicity":     {depth: 1, class: svcBackup},
		"flux":          {depth: 2},
		"istioctl":      {depth: 2},
		"render":        {depth: 2},
		"npm":           {depth: 2, only: true, verbs: map[string]string{"unpublish": svcDelete}},
		"cargo":         {depth: 1, only: true, verbs: map[string]string{"yank": svcDelete}},
		"gem":           {depth: 1, only: true, verbs: map[string]string{"yank": svcDelete}},
	}
})

// secretWords mark an operation on secrets, keys or credentials.
var secretWords = []string{"secret", "kms", "keyvault", "key-vault", "credential", "token", "api-key", "apikey",
	"api-keys", "ssh-key", "parameter", "password", "key"}

// auditOps are operations that turn off audit logging or security monitoring.
var auditOps = nameSet{names: []string{"stop-logging", "delete-trail", "delete-detector", "disable-security-hub", "delete-flow-logs",
	"delete-configuration-recorder", "stop-configuration-recorder", "disable-organization-admin-account",
	"delete-log-group", "disassociate-members", "delete-sink", "disable-logging"}}

// alwaysPublic are operations that expose a resource whatever their arguments.
var alwaysPublic = nameSet{names: []string{"delete-public-access-block", "delete-bucket-public-access-block", "disable-block-public-access"}}

// auditServices are services whose resources are audit trails and monitors:
// deleting one turns auditing off.
var auditServices = nameSet{names: []string{"cloudtrail", "guardduty", "securityhub", "logging", "auditmanager", "inspector", "inspector2", "detective", "macie2"}}

// objectStores are the object-store commands whose rm deletes one object
// unless told to recurse, like rm itself; a single object is not asked.
func singleObjectRemove(name string, ops, args []string) bool {
	store := name == "gsutil" || name == "mc" ||
		name == "aws" && len(ops) > 0 && ops[0] == "s3" ||
		name == "gcloud" && len(ops) > 0 && ops[0] == "storage"
	if !store || !slices.Contains(ops, "rm") {
		return false
	}
	for _, a := range args {
		switch a {
		case "-r", "-R", "--recursive", "-a", "--all-versions", "--force", "--versions", "-m":
			return false
		}
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a, "rR") {
			return false
		}
	}
	return true
}

func init() {
	Funcs = append(Funcs, Func{Name: "loopbackControlPlane", Sig: "loopbackControlPlane(name, args) bool",
		Doc:     "a control-plane CLI pointed at a service on this machine: aws --endpoint-url whose every host is localhost, *.localhost or a loopback address (LocalStack, DynamoDB Local); kafka-topics or kafka-consumer-groups --delete with --bootstrap-server (--zookeeper) so, its --topic and --group plain names with a test part (orders_test) (not a pattern, not a broker's internal __ topic, not --all-groups or --all-topics; no ACL, config or offsets change); no name with a part prod, production or live (a tunnel to production)",
		Example: `!loopbackControlPlane(name, args)`,
		options: func() []expr.Option { return []expr.Option{strsFunc("loopbackControlPlane", loopbackControlPlane)} }})
}

// loopbackControlPlane reports a CLI pointed at a service on this machine,
// by name: aws --endpoint-url http://localhost:4566 (LocalStack, DynamoDB
// Local), kafka-topics or kafka-consumer-groups --delete given
// --bootstrap-server localhost:9092 and topics and groups by plain name.
// What it deletes is the developer's own emulator's or broker's; a
// production-named one says the loopback is a tunnel.
func loopbackControlPlane(name string, args []string) bool {
	var servers []string
	base := strings.TrimSuffix(name, ".sh")
	kafka := base == "kafka-topics" || base == "kafka-consumer-groups"
	if kafka && !slices.Contains(args, "--delete") || slices.ContainsFunc(args, productionName) {
		return false
	}
	for i := 0; i < len(args); i++ {
		flag, value, attached := strings.Cut(args[i], "=")
		if !attached && i+1 < len(args) {
			value = args[i+1]
		}
		switch {
		case name == "aws" && flag == "--endpoint-url",
			kafka && (flag == "--bootstrap-server" || flag == "--bootstrap-servers" || flag == "--zookeeper"):
			servers = append(servers, strings.Split(value, ",")...)
		case kafka && (flag == "--topic" || flag == "--group"):
			// a topic's messages are data as a database's rows are: a
			// test one only (orders_test), as dropdb app_test
			if !kafkaPlainName().MatchString(value) || strings.HasPrefix(value, "__") || !testDatabaseName(value) {
				return false
			}
		case kafka && (flag == "--all-groups" || flag == "--all-topics" || flag == "--reset-offsets"):
			return false
		}
	}
	for _, s := range servers {
		if host, _, _ := splitURL(name, s); !isLoopbackName(host) {
			return false
		}
	}
	return len(servers) > 0
}

// productionName reports a word naming production by a whole part:
// prod-index, orders_production, live.
func productionName(word string) bool {
	return productionWord().MatchString(word)
}

var productionWord = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:$|[^a-z0-9])`)
})

// kafkaPlainName is a topic or group named, not matched: kafka-topics
// reads --topic as a regular expression.
var kafkaPlainName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]+$`) })

// serviceAction classifies what a control-plane CLI is asked to do (see
// serviceFuncs). Unknown programs are "".
func serviceAction(name string, args []string) string {
	// b2 is b2, not b with a version: the name as written is looked up first
	written := strings.TrimSuffix(strings.ToLower(name), ".sh")
	name = programName(name)
	if name == "java" {
		// java -jar jenkins-cli.jar …: the CLI is the jar.
		for i := 0; i+1 < len(args); i++ {
			if args[i] == "-jar" && strings.Contains(strings.ToLower(args[i+1]), "jenkins-cli") {
				name, args = "jenkins-cli", args[i+2:]
				break
			}
		}
	}
	cli, ok := serviceCLIs()[written]
	if !ok {
		cli, ok = serviceCLIs()[strings.TrimSuffix(name, ".sh")]
	}
	if !ok {
		return ""
	}
	if cli.always != "" {
		return cli.always
	}
	var ops []string
	best := ""
	raise := func(class string) {
		if rank(class) > rank(best) {
			best = class
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		low := strings.ToLower(a)
		if low == "--" {
			break
		}
		if strings.HasPrefix(a, "-") {
			flag, _, _ := strings.Cut(low, "=")
			if (flag == "--dryrun" || flag == "--dry-run" || flag == "-n" && (name == "mc" || name == "rclone")) && !strings.HasSuffix(low, "=false") {
				return "" // a rehearsal changes nothing
			}
			if c, ok := cli.flags[flag]; ok {
				raise(c)
			}
			if flag == "--add-config" && strings.HasPrefix(name, "kafka-configs") {
				v := strings.TrimPrefix(strings.TrimPrefix(low, "--add-config"), "=")
				if v == "" && i+1 < len(args) {
					v = strings.ToLower(args[i+1])
				}
				if retentionCut(v) {
					raise(svcDelete)
				}
			}
			if cli.values.has(a) {
				i++
			}
			continue
		}
		if len(ops) < cli.depth {
			ops = append(ops, low)
		}
	}
	for _, op := range ops {
		raise(verbClass(name, cli, op, ops, args))
	}
	if best == svcDelete && (singleObjectRemove(name, ops, args) || loopbackControlPlane(name, args)) {
		best = ""
	}
	if best == svcDelete && slices.ContainsFunc(ops, func(op string) bool { return auditServices.has(op) }) {
		return svcAudit
	}
	if best != "" && cli.class != "" && rank(cli.class) > rank(best) {
		best = cli.class
	}
	if best == svcDelete && cli.class != "" {
		best = cli.class
	}
	if best == svcDelete {
		for _, op := range ops {
			for _, w := range secretWords {
				if strings.Contains(op, w) {
					return svcSecret
				}
			}
		}
	}
	return best
}

func rank(class string) float64 {
	switch class {
	case svcAudit:
		return 5
	case svcPublic:
		return 4
	case svcGrant:
		return 3.5
	case svcSecret:
		return 3
	case svcBackup:
		return 2
	case svcRetention:
		return 1.7
	case svcMoney:
		return 1.5
	case svcDelete:
		return 1
	}
	return 0
}

// verbClass is the class of one operation word of a CLI, or "".
func verbClass(name string, cli serviceCLI, op string, ops, args []string) string {
	if c := accessVerb(name, op, ops, args); c != "" {
		return c
	}
	op = strings.ReplaceAll(op, "_", "-")
	if i := strings.LastIndexByte(op, ':'); i >= 0 {
		op = op[i+1:] // heroku apps:destroy, wrangler kv:key delete
	}
	if auditOps.has(op) {
		return svcAudit
	}
	if alwaysPublic.has(op) {
		return svcPublic
	}
	if c, ok := cli.verbs[op]; ok {
		if c == svcPublic && !exposesPublicly(name, op, args) {
			return ""
		}
		if c == svcDelete && !syncDeletes(name, op, args) {
			return ""
		}
		return c
	}
	if cli.only {
		return ""
	}
	if name == "gcloud" && op == "revoke" && len(ops) > 0 && ops[0] == "auth" {
		return "" // gcloud auth revoke is a logout: the local credentials, as az logout
	}
	if undoable(name, ops, args) {
		return ""
	}
	if commonVerbs.has(op) {
		return svcDelete
	}
	for _, p := range prefixVerbs {
		if strings.HasPrefix(op, p) {
			return svcDelete
		}
	}
	if strings.Contains(op, "-delete-") || strings.HasSuffix(op, "-delete") || strings.HasSuffix(op, "-destroy") {
		return svcDelete // ibmcloud resource service-instance-delete, ibmcloud cos bucket-delete
	}
	if (name == "gcloud" && slices.Contains(ops, "firewall-rules") || name == "az" && slices.Contains(ops, "nsg")) &&
		(op == "create" || op == "update") && exposesPublicly(name, op, args) {
		return svcPublic // a firewall opened to every address
	}
	if name == "gcloud" && strings.HasPrefix(op, "add-iam-policy-binding") && exposesPublicly(name, op, args) {
		return svcPublic
	}
	if grantOps.has(op) || name == "gcloud" && (op == "add-iam-policy-binding" || op == "set-iam-policy") ||
		op == "create" && (name == "az" && slices.Contains(ops, "assignment") || name == "gcloud" && slices.Contains(ops, "keys") && slices.Contains(ops, "service-accounts")) {
		return svcGrant
	}
	return ""
}

// undoable reports the operations that change nothing another command
// cannot restore or a run rebuild: the CLI's own local configuration
// (gcloud config unset, az config unset, az account clear: the cached
// login, as az logout), an Actions cache (gh cache delete: the next run
// fills it, as it does after gh api's DELETE of …/actions/caches), a
// workflow disabled (gh workflow enable undoes it).
func undoable(name string, ops, args []string) bool {
	at := func(i int, v string) bool { return len(ops) > i && ops[i] == v }
	switch name {
	case "gcloud", "az":
		return at(0, "config") || name == "az" && at(0, "account") && at(1, "clear")
	case "gh":
		return at(0, "cache") || at(0, "workflow") && at(1, "disable") ||
			at(0, "api") && slices.ContainsFunc(args, func(a string) bool { return strings.Contains(a, "/actions/caches") && cachePath().MatchString(a) })
	}
	return false
}

// accessVerb classes the operations that give access, publish or turn
// retention off only with their arguments or a subcommand's place: vault
// token create given the root policy, a policy written (vault write
// sys/policy/NAME, vault policy write), heroku access:add (members:add), npm
// owner add and access grant (a package's publishers), npm access public
// (access set status=public), a database's automated backups kept for 0
// days (aws rds modify-db-instance --backup-retention-period 0), a bucket's
// versioning suspended (put-bucket-versioning Status=Suspended).
func accessVerb(name, op string, ops, args []string) string {
	at := func(i int, v string) bool { return len(ops) > i && ops[i] == v }
	hasArg := func(re *regexp.Regexp) bool { return slices.ContainsFunc(args, re.MatchString) }
	switch {
	case name == "vault" && op == "create" && at(0, "token") && hasArg(rootPolicy()),
		name == "vault" && op == "write" && at(0, "write") && len(ops) > 1 && vaultPolicyPath().MatchString(ops[1]),
		name == "vault" && op == "write" && at(0, "policy"),
		name == "heroku" && (op == "access:add" || op == "access:update" || op == "members:add" || op == "members:set"),
		name == "npm" && (op == "add" && at(0, "owner") || op == "grant" && at(0, "access")):
		return svcGrant
	case name == "stripe" && op == "listen" && stripeForwardsOut(args),
		name == "stripe" && op == "create" && (at(0, "webhook-endpoints") || at(0, "webhook_endpoints")) && stripeForwardsOut(args):
		return svcGrant
	case name == "stripe" && op == "create" && (at(0, "refunds") || at(0, "payouts") || at(0, "transfers") || at(0, "charges") || at(0, "topups") ||
		at(0, "payment_intents") && stripeConfirms(args)),
		name == "stripe" && (at(0, "payment_intents") || at(0, "charges")) && (op == "confirm" || op == "capture"),
		name == "stripe" && at(0, "invoices") && op == "pay",
		name == "stripe" && at(0, "post") && len(ops) > 1 && op == ops[1] && moneyPath().MatchString(op):
		return svcMoney
	case name == "stripe" && (at(0, "post") || at(0, "delete")) && len(ops) > 1 && op == ops[1] && moneyCancel().MatchString(op):
		return svcDelete
	case name == "npm" && at(0, "access") && (op == "public" || op == "set" && hasArg(publicStatus())):
		return svcPublic
	case name == "aws" && (op == "modify-db-instance" || op == "modify-db-cluster") && backupRetentionOff(args),
		name == "aws" && op == "put-bucket-versioning" && hasArg(versioningSuspended()),
		name == "aws" && (op == "put-bucket-lifecycle-configuration" || op == "put-bucket-lifecycle"),
		name == "aws" && op == "put-retention-policy" && logRetentionShort(args),
		name == "gsutil" && op == "lifecycle" && slices.Contains(args, "set"),
		name == "gcloud" && op == "update" && at(1, "buckets") && slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "--lifecycle-file") }),
		name == "az" && op == "update" && azRetentionOff(args):
		return svcRetention
	}
	return ""
}

// retentionCut reports a Kafka topic config that has the broker delete
// its records within the hour: retention.ms (or retention.bytes, or the
// segment's) set below an hour (a kilobyte), 0 included; -1 keeps them.
func retentionCut(configs string) bool {
	for _, kv := range strings.Split(configs, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(kv), "=")
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			continue
		}
		switch k {
		case "retention.ms", "segment.ms", "delete.retention.ms", "local.retention.ms":
			if n < 3600000 {
				return true
			}
		case "retention.bytes", "local.retention.bytes":
			if n < 1024 {
				return true
			}
		}
	}
	return false
}

var (
	rootPolicy      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^-?-policy=root$|^root$`) })
	vaultPolicyPath = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^/?sys/(policy|policies/(acl|rgp|egp))/`) })
	publicStatus    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^status=public$`) })
	moneyPath       = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^/?v1/(refunds|payouts|transfers)\b|^/?v1/(charges|topups)/?$|^/?v1/(payment_intents|charges)/[^/]+/(confirm|capture)$|^/?v1/invoices/[^/]+/pay$`)
	})
	moneyCancel         = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`/cancel$`) })
	versioningSuspended = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)Status=Suspended|"Status"\s*:\s*"Suspended"`) })
)

// stripeForwardsOut reports a Stripe account's events sent to a host
// other than this machine (stripe listen --forward-to, a webhook
// endpoint's --url): whoever holds the host reads them.
func stripeForwardsOut(args []string) bool {
	for i, a := range args {
		name, v, eq := strings.Cut(a, "=")
		if !eq && i+1 < len(args) {
			v = args[i+1]
		}
		if (name == "--forward-to" || name == "-f" || name == "--forward-connect-to" || name == "--url" || name == "-d" && strings.HasPrefix(v, "url=")) && v != "" {
			host, _, _ := splitURL("curl", strings.TrimPrefix(v, "url="))
			if !isLocalHost(host) {
				return true
			}
		}
	}
	return false
}

// stripeConfirms reports a PaymentIntent created with confirm: the
// customer is charged at once (stripe payment_intents create --confirm,
// -d confirm=true).
func stripeConfirms(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool {
		return a == "--confirm" || a == "--confirm=true" || a == "confirm=true"
	})
}

// azRetentionOff reports an Azure storage account's soft delete,
// versioning, change feed or point-in-time restore turned off
// (blob-service-properties update --enable-delete-retention false): what
// brings a deleted or overwritten blob back.
func azRetentionOff(args []string) bool {
	for i, a := range args {
		flag, v, eq := strings.Cut(a, "=")
		switch flag {
		case "--enable-delete-retention", "--enable-container-delete-retention", "--enable-versioning", "--enable-change-feed", "--enable-restore-policy":
		default:
			continue
		}
		if !eq && i+1 < len(args) {
			v = args[i+1]
		}
		if strings.EqualFold(v, "false") {
			return true
		}
	}
	return false
}

// logRetentionShort reports a CloudWatch log group kept under a week
// (aws logs put-retention-policy --retention-in-days 1): older events,
// an incident's included, are deleted from then on.
func logRetentionShort(args []string) bool {
	for i, a := range args {
		flag, v, eq := strings.Cut(a, "=")
		if flag != "--retention-in-days" {
			continue
		}
		if !eq && i+1 < len(args) {
			v = args[i+1]
		}
		if n, err := strconv.Atoi(v); err == nil && n < 7 {
			return true
		}
	}
	return false
}

// backupRetentionOff reports --backup-retention-period 0: the database's
// automated backups deleted and no more taken.
func backupRetentionOff(args []string) bool {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "--backup-retention-period="); ok && strings.Trim(v, "0") == "" && v != "" {
			return true
		}
		if a == "--backup-retention-period" && i+1 < len(args) && strings.Trim(args[i+1], "0") == "" && args[i+1] != "" {
			return true
		}
	}
	return false
}

// syncDeletes reports whether a sync verb that deletes at its destination
// only when told to is told to: gsutil rsync with -d (alone or in a
// cluster: -rd), azcopy sync with --delete-destination other than false
// (both off by default, per their docs). Any other destructive verb always
// deletes. gsutil's global -d (debug output) counts too: erring to ask.
func syncDeletes(name, op string, args []string) bool {
	switch {
	case name == "gsutil" && op == "rsync":
		for _, a := range args {
			if a == "--" {
				return false
			}
			if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsRune(a[1:], 'd') {
				return true
			}
		}
		return false
	case name == "azcopy" && op == "sync":
		for _, a := range args {
			flag, v, _ := strings.Cut(strings.ToLower(a), "=")
			if flag == "--delete-destination" && v != "false" {
				return true
			}
		}
		return false
	}
	return true
}

// grantOps are operations that give an account, a key or a role access:
// an IAM policy attached, an access key or a login made, a trust widened.
var grantOps = nameSet{names: []string{
	"attach-user-policy", "attach-role-policy", "attach-group-policy", "put-user-policy", "put-role-policy",
	"put-group-policy", "create-access-key", "create-login-profile", "update-login-profile", "add-user-to-group",
	"update-assume-role-policy", "create-service-specific-credential", "create-policy-version",
}}

// exposesPublicly reports whether an ACL, policy or firewall change opens a
// resource to everyone: public-read ACLs, 0.0.0.0/0 ingress, allUsers.
func exposesPublicly(name, op string, args []string) bool {
	firewall := op == "authorize-security-group-ingress" || name == "gcloud" && slices.Contains(args, "firewall-rules") ||
		name == "az" && slices.Contains(args, "nsg")
	if firewall && webPortsOnly(args) {
		return false // a web server's ports are open to everyone by purpose
	}
	for i, a := range args {
		low := strings.ToLower(a)
		switch {
		case strings.Contains(low, "public-read"), strings.Contains(low, "authenticated-read"),
			strings.Contains(low, "0.0.0.0/0"), strings.Contains(low, "::/0"),
			strings.Contains(low, "allusers"), strings.Contains(low, "allauthenticatedusers"),
			strings.Contains(low, `"principal":"*"`), strings.Contains(low, `"principal": "*"`),
			strings.Contains(low, "--publicly-accessible") && !strings.Contains(low, "no-"),
			low == "--visibility=public", low == "--visibility" && i+1 < len(args) && strings.ToLower(args[i+1]) == "public",
			low == "--public":
			return true
		case name == "az" && (low == "--source-address-prefixes" || low == "--source-address-prefix") && i+1 < len(args) &&
			slices.Contains([]string{"*", "internet", "any"}, strings.ToLower(args[i+1])):
			return true
		case (name == "gsutil") && (low == "public-read" || strings.HasSuffix(low, ":r") && strings.Contains(low, "allusers")):
			return true
		}
	}
	return false
}

// webPortsOnly reports a firewall rule whose ports, all given, are the web's
// (80 and 443): aws's --port, gcloud's --allow and --rules (tcp:80,tcp:443),
// az's --destination-port-ranges.
func webPortsOnly(args []string) bool {
	seen := false
	for i, a := range args {
		flag, value, attached := strings.Cut(a, "=")
		switch flag {
		case "--port", "--allow", "--rules", "--destination-port-ranges", "--destination-port-range":
		case "--ip-permissions":
			return false // its JSON or shorthand is not read here
		case "--protocol":
			p := value
			if !attached && i+1 < len(args) {
				p = args[i+1]
			}
			if p == "-1" || strings.EqualFold(p, "all") {
				return false // every protocol on every port, whatever --port says
			}
			continue
		default:
			continue
		}
		var values []string
		if attached {
			values = []string{value}
		} else {
			for j := i + 1; j < len(args) && !strings.HasPrefix(args[j], "-"); j++ {
				values = append(values, args[j])
			}
		}
		if len(values) == 0 {
			return false
		}
		for _, v := range values {
			for _, port := range strings.Split(v, ",") {
				port = strings.TrimPrefix(strings.ToLower(port), "tcp:")
				if port != "80" && port != "443" {
					return false
				}
			}
		}
		seen = true
	}
	return seen
}

// clientValues are, per HTTP client, the options that take a separate
// value; built on first use, as only HTTP clients' commands read them.
var clientValues = sync.OnceValue(func() map[string]*nameSet {
	return map[string]*nameSet{
		"curl": set("-o", "--output", "-d", "--data", "--data-binary", "--data-raw", "--data-ascii", "--data-urlencode",
			"--json", "-H", "--header", "-X", "--request", "-u", "--user", "-A", "--user-agent", "-e", "--referer",
			"-F", "--form", "--form-string", "-T", "--upload-file", "-x", "--proxy", "-b", "--cookie", "-c",
			"--cookie-jar", "-K", "--config", "-w", "--write-out", "-m", "--max-time", "--connect-timeout",
			"--retry", "--cacert", "--cert", "-E", "--key", "--resolve", "-r", "--range", "-C", "--continue-at", "--url",
			"-t", "--telnet-option", "-P", "--ftp-port", "-Q", "--quote", "-y", "-Y", "-z", "--oauth2-bearer", "--unix-socket"),
		"wget": set("-O", "--output-document", "-P", "--directory-prefix", "-o", "--output-file", "-a", "--append-output",
			"-U", "--user-agent", "--header", "-t", "--tries", "-T", "--timeout", "--post-data", "--post-file",
			"--body-data", "--body-file", "-e", "--execute", "-i", "--input-file", "--user", "--password", "--method"),
		"gh": set("-X", "--method", "-f", "--field", "-F", "--raw-field", "-H", "--header", "--input", "-p", "--preview",
			"--hostname", "-q", "--jq", "-t", "--template", "-R", "--repo", "--cache"),
		"http": set("-a", "--auth", "-A", "--auth-type", "-o", "--output", "--session", "--session-read-only", "-v",
			"--proxy", "--cert", "--cert-key", "--verify", "--timeout", "-p", "--print"),
	}
})

// clientFamily maps each HTTP client to the family whose options it shares.
var clientFamily = map[string]string{"curl": "curl", "curlie": "curl", "wget": "wget", "wget2": "wget",
	"gh": "gh", "glab": "gh", "http": "http", "https": "http", "xh": "http", "xhs": "http", "httpie": "http"}

// datastorePorts are the default ports of datastores and their admin APIs,
// where a DELETE removes data even on a developer's own machine.
var datastorePorts = nameSet{names: []string{"9200", "9300", "7700", "5984", "8086", "6333", "6334", "8983", "8529", "7474", "8108",
	"19530", "8001", "8444", "8500", "2379", "4001", "8091", "8123", "7280"}}

// datastorePaths are path fragments of datastore and search-engine APIs.
var datastorePaths = []string{"_all", "/indexes", "/indices", "/_data_stream", "/_snapshot", "/collections",
	"/databases", "/v1/kv/", "/api/v1/admin/tsdb", "/_doc", "/.kibana", "/*", "_delete_by_query", "delete_series",
	"/_index_template", "/_ilm", "/buckets", "/keyspaces", "/tables"}

// destructivePaths make a POST or PUT destructive.
var destructivePaths = []string{"_delete_by_query", "delete_series", "/delete-batch", "dodelete", "/_close",
	"/_cluster/settings", "/_flush", "/purge", "/wipe", "/destroy", "/truncate", "/clean_tombstones", "/_forcemerge",
	"/delete", "/reset", "/clear", "/drop", "/_shutdown", "/dowipeout", "/v1/refunds", "/v1/payouts", "/v1/transfers"}

// settingOff is a zone setting's body that turns it off (Cloudflare's
// PATCH …/settings/ssl {"value":"off"}: TLS, the WAF, HTTPS rewrites).
var settingOff = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`"value"\s*:\s*"(off|essentially_off|flexible)"`)
})

// httpAction classifies an HTTP request (see serviceFuncs).
func httpAction(name string, args []string) string {
	name = programName(name)
	family, ok := clientFamily[name]
	if !ok {
		return ""
	}
	values := clientValues()[family]
	method, data, override := "", "", ""
	var urls []string
	operands := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			continue
		}
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			opt, val, hasVal := strings.Cut(a, "=")
			if !strings.HasPrefix(a, "--") && len(a) > 2 && family != "http" {
				// short options grouped as getopt reads them: -sX DELETE,
				// -sSfXDELETE, -XDELETE, -d{…}; the first that takes a
				// value takes the rest of the word, or the next word
				opt, val, hasVal = a, "", false
				for j := 1; j < len(a); j++ {
					if values.has("-" + a[j:j+1]) {
						opt = "-" + a[j:j+1]
						val, hasVal = a[j+1:], j+1 < len(a)
						break
					}
				}
			}
			if !hasVal && values.has(opt) && i+1 < len(args) {
				i++
				val, hasVal = args[i], true
			}
			switch opt {
			case "-X", "--request", "--method":
				method = strings.ToUpper(val)
			case "-d", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--json", "--post-data", "--body-data", "-f", "--field", "--raw-field":
				data += " " + val
				if name == "wget" || name == "wget2" {
					if method == "" {
						method = "POST"
					}
				}
			case "--url":
				urls = append(urls, val)
			case "-H", "--header":
				// X-HTTP-Method-Override: DELETE (Google's APIs, Rails,
				// Laravel, ASP.NET and others read it): the server acts
				// as on a DELETE
				if k, v, ok := strings.Cut(val, ":"); ok && methodOverride.has(strings.ToLower(strings.TrimSpace(k))) {
					override = strings.ToUpper(strings.TrimSpace(v))
				}
			}
			continue
		}
		operands++
		switch {
		case (name == "gh" || name == "glab") && operands == 1:
			if a != "api" {
				return ""
			}
		case (name == "http" || name == "https" || name == "xh" || name == "xhs" || name == "httpie") && operands == 1 &&
			(isMethod(a) || isMethod(strings.ToUpper(a)) && slices.ContainsFunc(args[i+1:], func(b string) bool { return !strings.HasPrefix(b, "-") })),
			name == "curlie" && operands == 1 && isMethod(a):
			// httpie and xh read a first word of letters before the URL
			// as the method, in any case (both send it uppercased);
			// curlie takes httpie's METHOD URL too
			method = strings.ToUpper(a)
		case (name == "gh" || name == "glab"):
			urls = append(urls, a)
		default:
			if looksLikeURL(a) {
				urls = append(urls, a)
			} else if strings.Contains(a, "=") || strings.Contains(a, ":=") {
				data += " " + a // httpie request items
			}
		}
	}
	if method == "" && (name == "http" || name == "https" || name == "xh" || name == "xhs" || name == "httpie") && strings.TrimSpace(data) != "" {
		method = "POST"
	}
	if method == "" && strings.TrimSpace(data) != "" {
		// gh api and glab api also POST once a field is given (gh
		// api graphql -f query='mutation { deleteRepository … }')
		method = "POST"
	}
	if len(urls) == 0 {
		return ""
	}
	if override == "" && (method == "" || method == "POST") {
		// _method=DELETE in the query or the form (Rails' and Laravel's
		// method spoofing)
		for _, t := range append([]string{data}, urls...) {
			if m := methodParam().FindStringSubmatch(t); m != nil {
				override = strings.ToUpper(m[1])
			}
		}
	}
	if override == "DELETE" {
		method = override
	}
	best := ""
	for _, u := range urls {
		c := classifyRequest(name, method, u, data)
		if c == "wipe" || c == "delete" && best != "wipe" || c == "grant" && (best == "" || best == "local") || c == "local" && best == "" {
			best = c
		}
	}
	return best
}

// forgeGrant are the paths of GitHub's REST API (api.github.com, or
// /api/v3 on an Enterprise server) and GitLab's (/api/v4) where a PUT,
// POST or PATCH gives an account or a key access to a repository or an
// organization: a collaborator or member added, a deploy or user key
// added, a team given a repository, an access token made.
var forgeGrant = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(/api/v3)?/(repos/[^/]+/[^/]+/(collaborators/[^/]+|keys|invitations/[^/]+)|orgs/[^/]+/(memberships/[^/]+|invitations|teams/[^/]+/(memberships/[^/]+|repos/[^/]+/[^/]+))|teams/[^/]+/(memberships/[^/]+|repos/[^/]+/[^/]+)|user/(keys|gpg_keys))/?$` +
		`|^(/api/v4)?/(projects|groups)/[^/]+/(members|invitations|deploy_keys|access_tokens)(/[^/]+)?/?$`)
})

// grantsAccess reports a request path (lower case) of forgeGrant's, on
// GitHub's API host, a gh or glab api call, or a path under /api/v3 or
// /api/v4 (a self-hosted forge).
func grantsAccess(name, host, lowPath string) bool {
	p, _, _ := strings.Cut(lowPath, "?")
	p, _, _ = strings.Cut(p, "#")
	if !(host == "api.github.com" || name == "glab" || strings.HasPrefix(p, "/api/v3/") || strings.HasPrefix(p, "/api/v4/")) {
		return false
	}
	return forgeGrant().MatchString(p)
}

// methodOverride are the headers by which a POST asks the server to act
// as another method.
var methodOverride = set("x-http-method-override", "x-http-method", "x-method-override")

// methodParam is the form or query parameter of method spoofing.
var methodParam = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)(?:^|[?&\s])_method=(delete)\b`) })

func isMethod(s string) bool {
	switch strings.ToUpper(s) {
	case "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS":
		return s == strings.ToUpper(s)
	}
	return false
}

func looksLikeURL(s string) bool {
	if strings.Contains(s, "://") || strings.HasPrefix(s, ":") && len(s) > 1 && s[1] >= '0' && s[1] <= '9' {
		return true
	}
	if strings.HasPrefix(s, "localhost") || strings.HasPrefix(s, "127.") || strings.HasPrefix(s, "[::1]") {
		return true
	}
	return urlHost(s) != "" || serviceHostPort().MatchString(s)
}

// serviceHostPort is a scheme-less URL of a single-label host and its
// port (es:9200/_all, db:5984/x): a compose service's or a cluster's
// name, which curl reads as http://es:9200/_all. classifyRequest takes
// the host as local, but a datastore's wipe as a wipe.
var serviceHostPort = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*:[0-9]{1,5}(?:[/?#]|$)`)
})

// classifyRequest is one request's class.
func classifyRequest(name, method, u, data string) string {
	host, port, path := splitURL(name, u)
	lowPath := strings.ToLower(path)
	if (method == "PUT" || method == "POST" || method == "PATCH") && grantsAccess(name, host, lowPath) {
		return "grant"
	}
	destructive := false
	switch method {
	case "DELETE":
		destructive = true
	case "POST", "PUT", "PATCH":
		for _, p := range destructivePaths {
			if strings.Contains(lowPath, p) {
				destructive = true
			}
		}
		ld := strings.ToLower(data)
		if strings.Contains(ld, "mutation") && strings.Contains(ld, "delete") {
			destructive = true
		}
		if strings.Contains(lowPath, "/settings/") && settingOff().MatchString(ld) {
			destructive = true
		}
	}
	if !destructive || !datastorePorts.has(port) && cachePath().MatchString(lowPath) {
		return "" // a cache purged refills: Cloudflare's purge_cache, Actions caches
	}
	wholeStore := false
	for _, p := range datastorePaths {
		if strings.Contains(lowPath, p) {
			wholeStore = true
		}
	}
	if wholeStore || datastorePorts.has(port) && !(isLoopbackName(host) && oneNamedResource().MatchString(path) && testDatabaseName(strings.Trim(path, "/"))) {
		return "wipe"
	}
	if name != "gh" && name != "glab" && isLocalHost(host) {
		return "local"
	}
	return "delete"
}

// cachePath is an API path whose last part names a cache: …/purge_cache,
// …/actions/caches?key=K, /cache.
var cachePath = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`/(?:purge_cache|caches?)(?:/[^/]*)?(?:[?#].*)?$`)
})

// oneNamedResource is a path of one named top-level resource (/my-index):
// on a datastore of this machine, one test index (/app_test) a developer
// made, not _all, a wildcard or a list.
var oneNamedResource = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^/[A-Za-z0-9][A-Za-z0-9_.-]*/?$`)
})

// isLoopbackName reports a host that is this machine by name or address:
// localhost, app.localhost, 127.0.0.1, ::1; not a compose service's name.
func isLoopbackName(h string) bool {
	return h == "localhost" || strings.HasSuffix(h, ".localhost") || isLoopbackIP(h)
}

// splitURL splits a URL as an HTTP client reads it: scheme-less URLs and
// httpie's :PORT/path shorthand for localhost included.
func splitURL(name, u string) (host, port, path string) {
	u = strings.Trim(u, "'\"")
	if name == "gh" || name == "glab" {
		return "api.github.com", "", "/" + strings.TrimPrefix(u, "/")
	}
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	} else if strings.HasPrefix(u, ":") {
		u = "localhost" + u
	}
	hostport := u
	if i := strings.IndexAny(u, "/?#"); i >= 0 {
		hostport, path = u[:i], u[i:]
	}
	if i := strings.LastIndexByte(hostport, '@'); i >= 0 {
		hostport = hostport[i+1:]
	}
	host = hostport
	if strings.HasPrefix(hostport, "[") {
		if j := strings.IndexByte(hostport, ']'); j > 0 {
			host = hostport[1:j]
			port = strings.TrimPrefix(hostport[j+1:], ":")
		}
	} else if j := strings.LastIndexByte(hostport, ':'); j >= 0 && strings.Count(hostport, ":") == 1 {
		host, port = hostport[:j], hostport[j+1:]
	}
	return strings.ToLower(host), port, path
}

// isLocalHost reports a host on this machine, or a bare name such as a
// compose service (db, elasticsearch), which resolves only on a local
// network the developer runs.
func isLocalHost(h string) bool {
	switch {
	case h == "localhost", strings.HasSuffix(h, ".localhost"), h == "::1", h == "0.0.0.0", h == "":
		return true
	case strings.HasPrefix(h, "127.") && isIP(h):
		return true
	case !strings.Contains(h, ".") && !strings.Contains(h, ":"):
		return true
	}
	return false
}

// strsFunc registers a func(string, []string) T: a helper of a program's
// name and its arguments.
func strsFunc[T bool | string](name string, f func(string, []string) T) expr.Option {
	return expr.Function(name, func(p ...any) (any, error) {
		s, ok := p[0].(string)
		if !ok {
			return nil, fmt.Errorf("%s: want a string, got %T", name, p[0])
		}
		list, err := anyStrings(p[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return f(s, list), nil
	}, new(func(string, []string) T))
}

// anyStrings reads a list of strings as expr passes it.
func anyStrings(v any) ([]string, error) {
	switch l := v.(type) {
	case []string:
		return l, nil
	case []any:
		out := make([]string, len(l))
		for i, x := range l {
			s, ok := x.(string)
			if !ok {
				return nil, fmt.Errorf("want a list of strings, got %T in it", x)
			}
			out[i] = s
		}
		return out, nil
	case nil:
		return nil, nil
	}
	return nil, fmt.Errorf("want a list of strings, got %T", v)
}

// flagToggles: for feature-flag services, disabling a flag is their
// everyday work, not a deletion.
var flagToggles = map[string]string{"disable": "", "enable": ""}

// tokenServices maps the prefix of a credential variable to the domains of
// the service that issued it: sending $GITHUB_TOKEN to api.github.com is
// using it, not leaking it. Built on first use: few checks send a token.
var tokenServices = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"GITHUB": {"github.com", "githubusercontent.com", "ghcr.io"}, "GH": {"github.com", "githubusercontent.com", "ghcr.io"}, "GHCR": {"ghcr.io"}, "GITLAB": {"gitlab.com"}, "GL": {"gitlab.com"},
		"GLAB": {"gitlab.com"}, "GCLOUD": {"googleapis.com", "run.app", "cloudfunctions.net", "gcr.io", "pkg.dev"}, "DOCTL": {"digitalocean.com"},
		"SLACK": {"slack.com"}, "STRIPE": {"stripe.com"}, "OPENAI": {"openai.com"}, "ANTHROPIC": {"anthropic.com"},
		"NPM": {"npmjs.org", "npmjs.com"}, "DOCKER": {"docker.io", "docker.com"}, "DOCKERHUB": {"docker.io", "docker.com"},
		"HF": {"huggingface.co"}, "HUGGINGFACE": {"huggingface.co"}, "CLOUDFLARE": {"cloudflare.com"}, "CF": {"cloudflare.com"},
		"DIGITALOCEAN": {"digitalocean.com"}, "DO": {"digitalocean.com"}, "HEROKU": {"heroku.com"}, "VERCEL": {"vercel.com"},
		"NETLIFY": {"netlify.com"}, "SENTRY": {"sentry.io"}, "DATADOG": {"datadoghq.com", "datadoghq.eu"}, "DD": {"datadoghq.com", "datadoghq.eu"},
		"PAGERDUTY": {"pagerduty.com"}, "TWILIO": {"twilio.com"}, "SENDGRID": {"sendgrid.com"}, "MAILGUN": {"mailgun.net"},
		"LINEAR": {"linear.app"}, "NOTION": {"notion.com", "notion.so"}, "DISCORD": {"discord.com"}, "TELEGRAM": {"telegram.org"},
		"JIRA": {"atlassian.net"}, "ATLASSIAN": {"atlassian.net", "atlassian.com"}, "CIRCLECI": {"circleci.com"}, "CIRCLE": {"circleci.com"},
		"BUILDKITE": {"buildkite.com"}, "PYPI": {"pypi.org"}, "CODECOV": {"codecov.io"}, "GROQ": {"groq.com"},
		"MISTRAL": {"mistral.ai"}, "GEMINI": {"googleapis.com"}, "GOOGLE": {"googleapis.com"}, "COHERE": {"cohere.com", "cohere.ai"},
		"OPENROUTER": {"openrouter.ai"}, "REPLICATE": {"replicate.com"}, "POSTMARK": {"postmarkapp.com"}, "ALGOLIA": {"algolia.net", "algolia.com"},
		"SUPABASE": {"supabase.co", "supabase.com"}, "FLY": {"fly.io", "machines.dev"}, "RAILWAY": {"railway.app"}, "RENDER": {"render.com"},
		"SNYK": {"snyk.io"}, "SONAR": {"sonarcloud.io"}, "NEWRELIC": {"newrelic.com"}, "NEW_RELIC": {"newrelic.com"},
		"HONEYCOMB": {"honeycomb.io"}, "GRAFANA": {"grafana.net", "grafana.com"}, "SHOPIFY": {"myshopify.com", "shopify.com"},
		"ASANA": {"asana.com"}, "TRELLO": {"trello.com"}, "AIRTABLE": {"airtable.com"}, "FIGMA": {"figma.com"}, "ZOOM": {"zoom.us"},
		"CR": {"ghcr.io"}, "QUAY": {"quay.io"}, "APPCENTER": {"appcenter.ms"}, "NUGET": {"nuget.org"},
		// GitLab CI's job token and registry password ($CI_JOB_TOKEN, $CI_REGISTRY_PASSWORD)
		"CI": {"gitlab.com"},
	}
})

func init() {
	Funcs = append(Funcs, Func{Name: "tokenForHost", Sig: "tokenForHost(value, args) bool",
		Doc:     "every credential variable in value ($GITHUB_TOKEN, ${SLACK_BOT_TOKEN}), and every credential helper's output in it ($(gh auth token), $(gcloud auth print-access-token)), belongs to the service every URL in args goes to (api.github.com, slack.com): the token is used, not leaked; an AWS credential's only hosts are ECR registries (ACCOUNT.dkr.ecr.REGION.amazonaws.com), an az token's or Azure credential's Azure's own APIs (management.azure.com, graph.microsoft.com, login.microsoftonline.com, a key vault, registry or storage account), not anyone's server under amazonaws.com or azurewebsites.net; a registry variable counts as its service's ($CI_REGISTRY for $CI_REGISTRY_PASSWORD, $ECR_REGISTRY for an ECR password); with no host but this machine's (localhost:8080, 127.0.0.1, httpie's :8080) and no curl --connect-to or --resolve, true: nothing leaves",
		Example: `any(options("d"), # contains "TOKEN" && !tokenForHost(#, args))`,
		options: func() []expr.Option { return []expr.Option{strsFunc("tokenForHost", tokenForHost)} }})
}

func tokenForHost(value string, args []string) bool {
	vars := tokenNames(value)
	if len(vars) == 0 {
		return false
	}
	var hosts []string
	for _, a := range args {
		if h := bareHost(a); h != "" {
			h, _, _ = strings.Cut(h, " ") // a URL inside a word's text: $(az … --resource https://vault.azure.net -o tsv)
			hosts = append(hosts, strings.ToLower(h))
		}
	}
	if len(hosts) == 0 {
		// bareHost drops loopback: a token sent only to this machine's
		// own server (curl localhost:8080, httpie :8080) leaves nothing.
		return slices.ContainsFunc(args, loopbackURL) && !slices.ContainsFunc(args, reroutesConnection)
	}
	for _, v := range vars {
		prefix := tokenPrefix(v)
		if slices.ContainsFunc(hosts, func(h string) bool { return !serviceHost(prefix, h) }) {
			return false
		}
	}
	return true
}

// serviceHost reports h as a host of the service a credential's prefix
// names: its domains; for AWS only ECR registries, for Azure only Azure's
// own APIs; a registry named by a variable of the same service
// ($CI_REGISTRY for $CI_REGISTRY_PASSWORD, $ECR_REGISTRY for AWS's
// ECR password) as that service's.
func serviceHost(prefix, h string) bool {
	if service, ok := registryVariable(h); ok {
		return service == prefix || service == "ECR" && prefix == "AWS"
	}
	switch prefix {
	case "AWS":
		return ecrRegistry(h)
	case "AZ", "AZURE":
		return azureHost(h)
	}
	domains := tokenServices()[prefix]
	return slices.ContainsFunc(domains, func(d string) bool { return h == d || strings.HasSuffix(h, "."+d) })
}

// registryVariable reads a registry given as a variable, $CI_REGISTRY or
// ${ECR_REGISTRY}: the service its name starts with (CI, ECR).
func registryVariable(h string) (service string, ok bool) {
	name, ok := strings.CutPrefix(strings.Trim(h, "'\""), "$")
	if !ok {
		return "", false
	}
	name = strings.ToUpper(strings.TrimSuffix(strings.TrimPrefix(name, "{"), "}"))
	if !strings.HasSuffix(name, "_REGISTRY") || strings.ContainsFunc(name, func(r rune) bool { return r > 127 || !isIdentChar(byte(r)) }) {
		return "", false
	}
	return tokenPrefix(name), true
}

// loopbackURL reports a request target on this machine: http://localhost:8080/x,
// 127.0.0.1:9000, [::1]:8080, httpie's :8080/x.
func loopbackURL(word string) bool {
	word = strings.Trim(word, "'\"")
	if word == "" || strings.HasPrefix(word, "-") || strings.ContainsAny(word, " \t$`") {
		return false
	}
	host, _, _ := splitURL("", word)
	return isLoopbackName(host)
}

// reroutesConnection reports a curl option that connects a request's host
// name elsewhere (--connect-to localhost:80:evil.example:80, --resolve), so
// a loopback URL in the line says nothing of where the request goes.
func reroutesConnection(arg string) bool {
	name, _, _ := strings.Cut(arg, "=")
	return name == "--connect-to" || name == "--resolve"
}

// ownToken reports a value whose every credential variable names a
// service tokenForHost knows ($GITHUB_TOKEN) and whose every substitution
// is that service's CLI printing its own access token ($(gh auth token),
// $(aws ecr get-login-password), $(az acr login --expose-token …)); not
// $(cat k.txt), $(pass show x), nor a secret store's read ($(aws
// secretsmanager get-secret-value …) prints whatever was stored, a
// GitHub token as well as an AWS one).
func ownToken(value string) bool {
	vars := tokenNames(value)
	if len(vars) == 0 || slices.ContainsFunc(vars, func(v string) bool {
		prefix := tokenPrefix(v)
		_, ok := tokenServices()[prefix]
		return !ok && prefix != "AWS" && prefix != "AZ" && prefix != "AZURE"
	}) {
		return false
	}
	for rest := value; ; {
		i := strings.Index(rest, "$(")
		if i < 0 {
			return true
		}
		rest = rest[i+2:]
		cmd, _, _ := strings.Cut(rest, ")")
		cmd, _, _ = strings.Cut(cmd, "|") // $(gh auth token | tr -d '\n')
		words := strings.Fields(cmd)
		if len(words) == 0 {
			return false
		}
		ops := cliOperands(words[1:], secretCLIValue)
		if !printsToken(ops) && !(programName(words[0]) == "az" && nth(ops, 0) == "acr" && nth(ops, 1) == "login" && hasCLIOption(words, "--expose-token", "-t")) {
			return false
		}
	}
}

// tokenPrefix is the service part of a credential's name: GITHUB of
// GITHUB_TOKEN, GH of the helper gh.
func tokenPrefix(name string) string {
	prefix, _, _ := strings.Cut(strings.TrimLeft(name, "_"), "_")
	return prefix
}

// tokenNames are the credentials value expands, upper-cased: the
// variables ($GITHUB_TOKEN, ${SLACK_BOT_TOKEN}) and the programs of its
// substitutions ($(gh auth token) is GH); nil when a substitution starts
// with no program's name.
func tokenNames(value string) []string {
	var vars []string
	for i := 0; i < len(value); i++ {
		if value[i] != '$' {
			continue
		}
		j := i + 1
		if j < len(value) && value[j] == '(' {
			// a credential helper's output, $(gh auth token): the
			// service of the program that printed it
			j++
			for j < len(value) && value[j] == ' ' {
				j++
			}
			k := j
			for k < len(value) && (isIdentChar(value[k]) || value[k] == '-') {
				k++
			}
			if k == j {
				return nil
			}
			vars = append(vars, strings.ToUpper(strings.ReplaceAll(value[j:k], "-", "_")))
			continue
		}
		if j < len(value) && value[j] == '{' {
			j++
		}
		k := j
		for k < len(value) && (isIdentChar(value[k])) {
			k++
		}
		if k > j {
			vars = append(vars, strings.ToUpper(value[j:k]))
		}
	}
	return vars
}

// ecrRegistry reports whether host is an ECR registry, ACCOUNT.dkr.ecr.REGION.amazonaws.com:
// the one AWS host an AWS credential is sent to here. amazonaws.com as a
// whole is not AWS's own: anyone's EC2 instance, load balancer, API
// Gateway or bucket answers under it, and would read the header.
func ecrRegistry(host string) bool {
	l := strings.Split(host, ".")
	if len(l) != 6 || l[1] != "dkr" || l[2] != "ecr" || l[4] != "amazonaws" || l[5] != "com" || l[0] == "" || l[3] == "" {
		return false
	}
	return !strings.ContainsFunc(l[0], func(r rune) bool { return r < '0' || r > '9' })
}

// azureHosts are the hosts of Azure's own APIs an az token or an Azure
// credential is for: Resource Manager, Microsoft Graph and Entra ID's
// token endpoint; azureSuffixes the services under which a host is a
// customer's key vault, registry or storage account, answered by Azure
// itself. azurewebsites.net, cloudapp.azure.com and the like are anyone's
// servers, as amazonaws.com's are.
var (
	azureHosts    = set("management.azure.com", "management.core.windows.net", "graph.microsoft.com", "login.microsoftonline.com")
	azureSuffixes = []string{".vault.azure.net", ".azurecr.io", ".blob.core.windows.net", ".dfs.core.windows.net", ".queue.core.windows.net", ".table.core.windows.net"}
)

// azureHost reports a host of Azure's own APIs (azureHosts, azureSuffixes).
func azureHost(host string) bool {
	return azureHosts.has(host) || slices.ContainsFunc(azureSuffixes, func(s string) bool { return host == s[1:] || strings.HasSuffix(host, s) })
}

func isIdentChar(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// uploadedFile is the file a curl data, form or urlencode argument sends:
// @file, name=@file, name=<file, and --data-urlencode's name@file.
func uploadedFile(arg string) string {
	if f := dataFile(arg); f != "" {
		return f
	}
	if i := strings.IndexByte(arg, '@'); i > 0 && !strings.ContainsAny(arg[:i], "=/ ") {
		return arg[i+1:]
	}
	return ""
}

func init() {
	Funcs = append(Funcs, Func{Name: "uploadedFile", Sig: "uploadedFile(arg) string", Doc: "the file a curl data, form or --data-urlencode argument sends: @file, name=@file, name=<file, name@file; \"\" for literal data", Example: `any(options("data-urlencode"), sensitivePath(uploadedFile(#)))`, options: func() []expr.Option { return []expr.Option{strStr("uploadedFile", uploadedFile)} }})
}

// maxTarget bounds the length of a {target} in a message.
const maxTarget = 120

// expandMessage fills a message's {target} with what a command-scope rule's
// command acts on: for a control-plane CLI its program, operation and the
// resources named after it (aws s3 rb s3://bucket), for an HTTP client the
// method and URL (DELETE https://api.x/v1/users/7). A message without a
// placeholder, or one of a line-scope rule, is returned as it is.
func expandMessage(msg string, env any) string {
	if !strings.Contains(msg, "{target}") {
		return msg
	}
	ce, ok := env.(*CommandEnv)
	if !ok {
		return strings.ReplaceAll(msg, "{target}", "the resource")
	}
	t := commandTarget(ce.Name, ce.Args)
	if len(t) > maxTarget {
		t = t[:maxTarget-1] + "…"
	}
	return strings.ReplaceAll(msg, "{target}", t)
}

// resourceOptions are option names whose value names a resource (--bucket,
// --instance-ids, --secret-id, --topic, --db-instance-identifier).
var resourceOptions = []string{"bucket", "id", "ids", "name", "names", "arn", "topic", "identifier", "queue", "key",
	"app", "service", "group", "vault", "repo", "table", "cluster", "function", "stack", "zone", "project", "database",
	"index", "stream", "vhost", "path", "url", "snapshot", "volume", "instance", "detector", "trail", "secret"}

// commandTarget is the program, operation and resources of a command (see
// expandMessage): option names and flags are left out, except options that
// name a resource, given with their values.
func commandTarget(name string, args []string) string {
	if _, ok := clientFamily[programName(name)]; ok && programName(name) != "gh" && programName(name) != "glab" {
		method := ""
		var urls []string
		for i := 0; i < len(args); i++ {
			a := args[i]
			switch {
			case a == "-X" || a == "--request" || a == "--method":
				if i+1 < len(args) {
					i++
					method = strings.ToUpper(args[i])
				}
			case strings.HasPrefix(a, "--request=") || strings.HasPrefix(a, "--method="):
				_, v, _ := strings.Cut(a, "=")
				method = strings.ToUpper(v)
			case strings.HasPrefix(a, "-X") && len(a) > 2:
				method = strings.ToUpper(a[2:])
			case isMethod(a) && method == "":
				method = strings.ToUpper(a)
			case looksLikeURL(a) || strings.HasPrefix(a, ":"):
				urls = append(urls, a)
			}
		}
		if method == "" {
			method = "POST"
		}
		return strings.TrimSpace(method + " " + strings.Join(urls, " "))
	}
	words := []string{name}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			words = append(words, a)
			continue
		}
		opt, _, eq := strings.Cut(strings.TrimLeft(a, "-"), "=")
		low := strings.ToLower(opt)
		named := false
		for _, r := range resourceOptions {
			if low == r || strings.HasSuffix(low, "-"+r) {
				named = true
				break
			}
		}
		switch {
		case named && eq:
			words = append(words, a)
		case named && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-"):
			words = append(words, a, args[i+1])
			i++
		default:
			cli := serviceCLIs()[programName(name)]
			if _, acts := cli.flags[strings.ToLower(a)]; acts {
				words = append(words, a) // kafka-topics --delete, restic --prune: the operation itself
			}
			// --profile prod, --keep-last 1, --bootstrap-server kafka:9092:
			// a value that names no resource
			if !eq && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") &&
				(cli.values.has(a) || isCount(args[i+1]) || strings.Contains(args[i+1], ":") && !strings.Contains(args[i+1], "/")) {
				i++
			}
		}
	}
	return strings.Join(words, " ")
}

// isCount reports a word of digits, an option's count (--keep-last 1).
func isCount(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
