package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestSvc64CloudScaleZero: a cloud service or fleet scaled to zero asks as
// kubectl scale --replicas=0 does; a stop asks when the resource is named
// as production. A developer's own instance stopped, a start, a describe
// and a non-zero count stay everyday.
func TestSvc64CloudScaleZero(t *testing.T) {
	checkHoles(t, []holeCase{
		{`aws autoscaling update-auto-scaling-group --auto-scaling-group-name web --desired-capacity 0 --min-size 0`, dsl.Ask, dsl.Ask},
		{`aws ecs update-service --cluster prod --service api --desired-count 0`, dsl.Ask, dsl.Ask},
		{`aws rds stop-db-instance --db-instance-identifier prod`, dsl.Ask, dsl.Ask},
		{`gcloud compute instances stop prod-web-1 --zone us-central1-a --quiet`, dsl.Ask, dsl.Ask},
		{`az vm deallocate -g rg-production -n vm1`, dsl.Ask, dsl.Ask},
		{`az aks nodepool scale -g rg --cluster-name c -n p --node-count 0`, dsl.Ask, dsl.Ask},
		{`kubectl cordon --all`, dsl.Ask, dsl.Ask},
		{`kubectl get nodes -o name | xargs kubectl cordon`, dsl.Ask, dsl.Ask},
		{`aws ecs update-service --cluster prod --service api --desired-count 3`, dsl.Allow, dsl.Allow},
		{`aws ecs describe-services --cluster prod --services api`, dsl.Allow, dsl.Allow},
		{`aws ec2 start-instances --instance-ids i-1`, dsl.Allow, dsl.Allow},
		{`aws rds start-db-instance --db-instance-identifier prod`, dsl.Allow, dsl.Allow},
		{`gcloud compute instances stop dev-box`, dsl.Allow, dsl.Ask}, // an agent's stop asks (cloud-stop-agent, risk65)
		{`kubectl cordon worker-2`, dsl.Allow, dsl.Allow},
	})
}

// TestSvc64PackageRemoval: every package of brew, npm's globals, the
// system's pip, flatpak's --all and snapd's own snaps removed ask as apt's
// do; one named package and a virtual environment emptied stay everyday.
func TestSvc64PackageRemoval(t *testing.T) {
	checkHoles(t, []holeCase{
		{`sudo snap remove --purge core20`, dsl.Ask, dsl.Ask},
		{`flatpak uninstall --all -y`, dsl.Ask, dsl.Ask},
		{`brew list | xargs brew uninstall --force`, dsl.Ask, dsl.Ask},
		{`npm ls -g --depth=0 --parseable | xargs npm uninstall -g`, dsl.Ask, dsl.Ask},
		{`sudo pip uninstall -y --break-system-packages $(pip freeze)`, dsl.Ask, dsl.Ask},
		{`sudo do-release-upgrade -f DistUpgradeViewNonInteractive`, dsl.Ask, dsl.Ask},
		{`sudo do-release-upgrade`, dsl.Allow, dsl.Ask},
		{`brew uninstall jq`, dsl.Allow, dsl.Allow},
		{`brew uninstall coreutils`, dsl.Allow, dsl.Allow},
		{`brew uninstall --cask firefox`, dsl.Allow, dsl.Allow},
		{`flatpak uninstall --unused -y`, dsl.Allow, dsl.Allow},
		{`npm uninstall -g typescript`, dsl.Allow, dsl.Allow},
		{`pip freeze | xargs pip uninstall -y`, dsl.Allow, dsl.Allow},
		{`sudo apt autoremove`, dsl.Allow, dsl.Allow},
	})
}

// TestSvc64Trust: what later installs, fetches and deploys trust, changed:
// a signing key over plain http, ssh's host key checks off for git, an
// image from a public IP's registry; for an agent a package source added,
// a profile's AWS keys or a production CI secret replaced.
func TestSvc64Trust(t *testing.T) {
	checkHoles(t, []holeCase{
		{`sudo rpm --import http://x.example/KEY`, dsl.Ask, dsl.Ask},
		{`sudo add-apt-repository -y ppa:x/y`, dsl.Allow, dsl.Ask},
		{`git config --global core.sshCommand "ssh -o StrictHostKeyChecking=no"`, dsl.Ask, dsl.Ask},
		{`aws configure set aws_secret_access_key x`, dsl.Allow, dsl.Ask},
		{`gh secret set PROD_DB_PASSWORD --body x --repo o/r`, dsl.Allow, dsl.Ask},
		{`kubectl set image deploy/api api=203.0.113.9:5000/api -n prod`, dsl.Ask, dsl.Ask},
		{`sudo rpm --import https://packages.microsoft.com/keys/microsoft.asc`, dsl.Allow, dsl.Allow},
		{`git -c core.sshCommand='ssh -i ~/.ssh/work_ed25519 -o IdentitiesOnly=yes' clone git@github.com:acme/api.git`, dsl.Allow, dsl.Allow},
		{`aws configure set region eu-west-1 --profile dev`, dsl.Allow, dsl.Allow},
		{`gh secret set DEPLOY_KEY < deploy_key`, dsl.Allow, dsl.Allow},
		{`kubectl set image deployment/web web=registry.example.com/web:v1.4.2`, dsl.Allow, dsl.Allow},
		{`kubectl set image deploy/api api=192.168.1.10:5000/api`, dsl.Allow, dsl.Allow},
	})
}

// TestSvc64DataStores: a cache or database emptied key by key, a remote
// restore that drops first, an audit log turned off, a dump served by a
// web server; local and filtered twins stay everyday.
func TestSvc64DataStores(t *testing.T) {
	checkHoles(t, []holeCase{
		{`echo flush_all | nc cache.prod 11211`, dsl.Ask, dsl.Ask},
		{`memcflush --servers=cache:11211`, dsl.Ask, dsl.Ask},
		{`redis-cli --scan | xargs redis-cli del`, dsl.Ask, dsl.Ask},
		{`redis-cli DEL $(redis-cli KEYS '*')`, dsl.Ask, dsl.Ask},
		{`mongorestore --drop --uri "$PROD_URI"`, dsl.Ask, dsl.Ask},
		{`pg_restore --clean -d "$PROD_URL" app.dump`, dsl.Ask, dsl.Ask},
		{`mysql -e "SET GLOBAL general_log='OFF'"`, dsl.Allow, dsl.Allow}, // the general query log is a debug log, not an audit trail (rv64)
		{`mysql -e "SET GLOBAL server_audit_logging='OFF'"`, dsl.Ask, dsl.Ask},
		{`mysqldump --all-databases > /var/www/html/dump.sql`, dsl.Ask, dsl.Ask},
		{`sudo pg_ctlcluster 14 main stop --force`, dsl.Ask, dsl.Ask},
		{`redis-cli --scan --pattern 'cache:*' | xargs redis-cli del`, dsl.Allow, dsl.Allow},
		{`redis-cli del cache:user:42`, dsl.Allow, dsl.Allow},
		{`mongorestore --drop ./dump`, dsl.Allow, dsl.Allow},
		{`pg_restore -d app_dev app_dev.dump`, dsl.Allow, dsl.Allow},
		{`mysqldump -u root -p app > app.sql`, dsl.Allow, dsl.Allow},
		{`pg_ctlcluster 14 main stop`, dsl.Allow, dsl.Allow},
	})
}
