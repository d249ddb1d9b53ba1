package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestSvc50InlineHTTPDelete: inline code sending an HTTP DELETE in the
// spellings creds49 missed (requests' and httpx's delete imported by name
// or under another module name, an f-string URL built from a literal,
// http.client's and Net::HTTP's connection to a host, PHP's
// CURLOPT_CUSTOMREQUEST, Node's http.request options, PowerShell's
// -Method abbreviated or with a colon and -CustomMethod) is curl -X DELETE
// of its target, judged by http-delete. A URL only in a variable is an
// unknown one, not asked, as curl -X DELETE "$URL" is not; a local
// service and a hash's or a cache's delete stay allowed.
func TestSvc50InlineHTTPDelete(t *testing.T) {
	checkHoles(t, []holeCase{
		{`python3 -c "from requests import delete; delete('https://api.example.com/v1/items/1')"`, dsl.Ask, dsl.Ask}, // was allowed
		{`python3 -c "import httpx; httpx.delete('https://api.example.com/v1/items/1')"`, dsl.Ask, dsl.Ask},
		{`python3 -c "import requests; requests.request('DELETE', 'https://api.example.com/v1/items/1')"`, dsl.Ask, dsl.Ask},
		{`python3 -c "import urllib.request as u; u.urlopen(u.Request('https://api.example.com/v1/items/1', method='DELETE'))"`, dsl.Ask, dsl.Ask},
		{`python3 -c "import http.client; c=http.client.HTTPSConnection('api.example.com'); c.request('DELETE', '/v1/items/1')"`, dsl.Ask, dsl.Ask},         // was allowed
		{`python3 -c "import requests; u='https://api.example.com'; requests.delete(f'{u}/v1/items/1')"`, dsl.Ask, dsl.Ask},                                 // was allowed
		{`ruby -e 'require "net/http"; Net::HTTP.new("api.example.com").delete("/v1/items/1")'`, dsl.Ask, dsl.Ask},                                          // was allowed
		{`php -r '$c=curl_init("https://api.example.com/v1/items/1"); curl_setopt($c, CURLOPT_CUSTOMREQUEST, "DELETE"); curl_exec($c);'`, dsl.Ask, dsl.Ask}, // was allowed
		{`node -e "require('http').request({host:'api.example.com',path:'/v1/items/1',method:'DELETE'}).end()"`, dsl.Ask, dsl.Ask},                          // was allowed
		{`pwsh -c 'iwr -Me Delete https://api.example.com/v1/items/1'`, dsl.Ask, dsl.Ask},                                                                   // was allowed
		{`pwsh -c 'irm -Meth Delete https://api.example.com/v1/items/1'`, dsl.Ask, dsl.Ask},                                                                 // was allowed
		{`pwsh -c 'Invoke-WebRequest -CustomMethod DELETE -Uri https://api.example.com/v1/items/1'`, dsl.Ask, dsl.Ask},                                      // was allowed
		{`pwsh -c 'Invoke-WebRequest -Method:Delete https://api.example.com/v1/items/1'`, dsl.Ask, dsl.Ask},                                                 // was allowed
		{`pwsh -c 'Invoke-RestMethod -Method DELETE -Uri https://api.example.com/v1/items/1'`, dsl.Ask, dsl.Ask},
		{`python3 -c "import requests; requests.delete(url)"`, dsl.Allow, dsl.Allow},
		{`python3 -c "import requests,os; requests.delete(os.environ['URL'])"`, dsl.Allow, dsl.Allow},
		{`python3 -c "import http.client; c=http.client.HTTPConnection('localhost', 3000); c.request('DELETE', '/api/todos/1')"`, dsl.Allow, dsl.Allow},
		{`python3 -c "import requests; print(requests.get('https://api.example.com/x').json())"`, dsl.Allow, dsl.Allow},
		{`python3 -c "import redis; r=redis.Redis(); r.delete('k')"`, dsl.Allow, dsl.Allow},
		{`ruby -e 'h={a: 1}; h.delete(:a); p h'`, dsl.Allow, dsl.Allow},
		{`pwsh -c 'iwr -Uri https://api.example.com/x -Method Get'`, dsl.Allow, dsl.Allow},
	})
}

// TestSvc50BulkRemoval: a container runtime fed its own listing through
// xargs (docker ps -aq | xargs docker rm -f) is docker rm -f $(docker ps
// -aq), docker-prune's; ctr's containers rm of its listing too; a sync
// that deletes what the source lacks (gcloud storage rsync
// --delete-unmatched-destination-objects, az storage blob sync
// --delete-destination true) is cloud-storage-delete's, as aws s3 sync
// --delete is; npx aws-cdk is cdk for iac-destroy.
func TestSvc50BulkRemoval(t *testing.T) {
	checkHoles(t, []holeCase{
		{`crictl ps -aq | xargs crictl rm`, dsl.Ask, dsl.Ask},                                    // was allowed
		{`docker ps -aq | xargs docker rm -f`, dsl.Ask, dsl.Ask},                                 // was allowed
		{`docker ps -aq | xargs -I{} docker rm -f {}`, dsl.Ask, dsl.Ask},                         // was allowed
		{`sudo docker ps -aq | xargs sudo docker rm -f`, dsl.Ask, dsl.Ask},                       // was allowed
		{`docker images -q | xargs docker rmi`, dsl.Ask, dsl.Ask},                                // was allowed
		{`ctr -n k8s.io containers ls -q | xargs ctr -n k8s.io containers rm`, dsl.Ask, dsl.Ask}, // was allowed
		{`podman ps -aq | xargs podman rm`, dsl.Ask, dsl.Ask},                                    // was allowed
		{`docker ps -aq -f status=exited | xargs docker rm`, dsl.Allow, dsl.Allow},
		{`docker ps -q | xargs docker stop`, dsl.Allow, dsl.Allow},
		{`docker ps -aq`, dsl.Allow, dsl.Allow},
		{`docker rm mycontainer`, dsl.Allow, dsl.Allow},
		{`ctr -n k8s.io containers rm abc123`, dsl.Allow, dsl.Allow},
		{`gcloud storage rsync --delete-unmatched-destination-objects -r . gs://b`, dsl.Ask, dsl.Ask}, // was allowed
		{`az storage blob sync --delete-destination true -s . -c site`, dsl.Ask, dsl.Ask},             // was allowed
		{`gcloud storage rsync -r ./site gs://b`, dsl.Allow, dsl.Allow},
		{`az storage blob sync -s . -c site --delete-destination false`, dsl.Allow, dsl.Allow},
		{`npx aws-cdk destroy --force`, dsl.Ask, dsl.Ask},                 // was allowed
		{`npx aws-cdk deploy --require-approval never`, dsl.Ask, dsl.Ask}, // was allowed
		{`npx aws-cdk deploy`, dsl.Allow, dsl.Allow},
		{`npx aws-cdk diff`, dsl.Allow, dsl.Allow},
	})
}

// TestSvc50MigrationsUndone: every migration undone drops the schema and
// its data as a reset does (framework-db-reset): django's migrate APP
// zero, knex migrate:rollback --all, sequelize-cli db:migrate:undo:all,
// goose reset and down-to 0, golang-migrate's down -all and drop, dbmate
// drop. A bounded rollback stays allowed (rails db:rollback STEP=3 was
// decided so: a count is an everyday undo).
func TestSvc50MigrationsUndone(t *testing.T) {
	checkHoles(t, []holeCase{
		{`dbmate drop`, dsl.Ask, dsl.Ask},                                                             // was allowed
		{`python manage.py migrate app zero`, dsl.Ask, dsl.Ask},                                       // was allowed
		{`./manage.py migrate shop zero`, dsl.Ask, dsl.Ask},                                           // was allowed
		{`knex migrate:rollback --all`, dsl.Ask, dsl.Ask},                                             // was allowed
		{`npx sequelize-cli db:migrate:undo:all`, dsl.Ask, dsl.Ask},                                   // was allowed
		{`goose down-to 0`, dsl.Ask, dsl.Ask},                                                         // was allowed
		{`goose -dir db/migrations postgres "$DB" reset`, dsl.Ask, dsl.Ask},                           // was allowed
		{`migrate -path db/migrations -database postgres://localhost/db down -all`, dsl.Ask, dsl.Ask}, // was allowed
		{`migrate -path db -database sqlite3://x.db drop -f`, dsl.Ask, dsl.Ask},                       // was allowed
		{`python manage.py migrate`, dsl.Allow, dsl.Allow},
		{`python manage.py migrate app 0003`, dsl.Allow, dsl.Allow},
		{`goose up`, dsl.Allow, dsl.Allow},
		{`goose down`, dsl.Allow, dsl.Allow},
		{`knex migrate:rollback`, dsl.Allow, dsl.Allow},
		{`npx sequelize-cli db:migrate:undo`, dsl.Allow, dsl.Allow},
		{`dbmate up`, dsl.Allow, dsl.Allow},
		{`rails db:rollback STEP=3`, dsl.Allow, dsl.Allow},
		{`migrate -path db/migrations -database postgres://localhost/db down 1`, dsl.Allow, dsl.Allow},
	})
}

// TestSvc50RemoteShells: the words after -- of a subcommand that opens a
// remote shell (the catalogue's remote: gcloud compute tpus tpu-vm ssh,
// az ssh vm, vagrant ssh, gcloud cloud-shell ssh) are ssh's after the
// host, so the command is judged as ssh HOST CMD; aws ssm start-session's
// AWS-StartInteractiveCommand runs its command parameter as send-command
// runs its commands; the interactive sessions and port forwards stay
// allowed.
func TestSvc50RemoteShells(t *testing.T) {
	checkHoles(t, []holeCase{
		{`gcloud compute tpus tpu-vm ssh vm --zone us-central2-b -- rm -rf /`, dsl.Block, dsl.Block}, // was allowed
		{`gcloud beta compute tpus tpu-vm ssh vm -- rm -rf /`, dsl.Block, dsl.Block},                 // was allowed
		{`gcloud compute tpus tpu-vm ssh vm --command 'rm -rf /'`, dsl.Block, dsl.Block},
		{`az ssh vm -n vm -g rg -- rm -rf /`, dsl.Block, dsl.Block},    // was allowed
		{`vagrant ssh -- rm -rf /`, dsl.Block, dsl.Block},              // was allowed
		{`vagrant ssh default -- -t 'rm -rf /'`, dsl.Block, dsl.Block}, // was allowed
		{`gcloud alpha cloud-shell ssh -- rm -rf /`, dsl.Block, dsl.Block},
		{`gcloud alpha cloud-shell ssh --command 'rm -rf /'`, dsl.Block, dsl.Block},
		{`vagrant ssh`, dsl.Allow, dsl.Allow},
		{`vagrant ssh -- -L 8080:localhost:80`, dsl.Allow, dsl.Allow},
		{`gcloud compute ssh vm`, dsl.Allow, dsl.Allow},
		{`gcloud compute tpus tpu-vm ssh vm --zone us-central2-b`, dsl.Allow, dsl.Allow},
		{`gcloud compute tpus tpu-vm list --zone us-central2-b`, dsl.Allow, dsl.Allow},
		{`az ssh vm -n vm -g rg`, dsl.Allow, dsl.Allow},
		{`aws ssm start-session --target i-0abc`, dsl.Allow, dsl.Allow},
		{`aws ssm start-session --target i-1 --document-name AWS-StartInteractiveCommand --parameters command="rm -rf /"`, dsl.Block, dsl.Block},         // was allowed
		{`aws ssm start-session --target i-1 --document-name AWS-StartInteractiveCommand --parameters '{"command":["rm -rf /"]}'`, dsl.Block, dsl.Block}, // was allowed
		{`aws ssm start-session --target i-1 --document-name AWS-StartPortForwardingSession --parameters portNumber=80,localPortNumber=8080`, dsl.Allow, dsl.Allow},
		{`gcloud alpha compute tpus queued-resources ssh qr --zone z -- rm -rf /`, dsl.Block, dsl.Block}, // was allowed
		{`gcloud alpha cloud-shell ssh`, dsl.Allow, dsl.Allow},
	})
}
