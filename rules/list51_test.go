package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestList51ListingReachesRemover: a program fed its own listing is
// judged as the same program given the listing in a command substitution
// (docker rm -f $(docker ps -aq)), by any route the listing takes to it
// (listedCopy): filters that pass its lines on, GNU parallel, xargs -a
// <(…), a for loop over it, a while read loop it feeds or reads from a
// process substitution, a variable holding it, the lister wrapped (env,
// sudo) or in a subshell. kubectl delete of everything kubectl get lists
// of a kind is kubectl delete --all's. What the substitution spelling
// leaves alone stays allowed: a listing of stopped containers only
// (--filter status=exited, what prune removes), a kubectl selector, a
// grep for some names before the column is cut, another program's
// listing, and everyday reads of a listing (logs, stop, wc).
func TestList51ListingReachesRemover(t *testing.T) {
	checkHoles(t, []holeCase{
		{`docker ps -aq | sort | xargs docker rm -f`, dsl.Ask, dsl.Ask},                                   // was allowed
		{`docker ps -aq | parallel docker rm -f`, dsl.Ask, dsl.Ask},                                       // was allowed
		{`docker images -q | parallel docker rmi {}`, dsl.Ask, dsl.Ask},                                   // was allowed
		{`for c in $(docker ps -aq); do docker rm -f $c; done`, dsl.Ask, dsl.Ask},                         // was allowed
		{`docker ps -aq | while read c; do docker rm -f "$c"; done`, dsl.Ask, dsl.Ask},                    // was allowed
		{`while read c; do docker rm -f "$c"; done < <(docker ps -aq)`, dsl.Ask, dsl.Ask},                 // was allowed
		{`xargs -a <(docker ps -aq) docker rm -f`, dsl.Ask, dsl.Ask},                                      // was allowed
		{`ids=$(docker ps -aq); docker rm -f $ids`, dsl.Ask, dsl.Ask},                                     // was allowed
		{`(docker ps -aq) | xargs docker rm -f`, dsl.Ask, dsl.Ask},                                        // was allowed
		{`env docker ps -aq | xargs docker rm -f`, dsl.Ask, dsl.Ask},                                      // was allowed
		{`docker rm -f $(env docker ps -aq)`, dsl.Ask, dsl.Ask},                                           // was allowed
		{`sudo docker ps -aq | xargs -r sudo docker rm -f`, dsl.Ask, dsl.Ask},                             // svc50 asked it
		{`docker ps -a | awk '{print $1}' | xargs docker rm -f`, dsl.Ask, dsl.Ask},                        // was allowed
		{`docker images | awk '{print $3}' | xargs docker rmi`, dsl.Ask, dsl.Ask},                         // was allowed
		{`docker ps -aq | grep -v keep | xargs docker rm -f`, dsl.Ask, dsl.Ask},                           // was allowed
		{`kubectl get ns -o name | xargs kubectl delete`, dsl.Ask, dsl.Ask},                               // was allowed
		{`kubectl get pods -o name | xargs kubectl delete`, dsl.Ask, dsl.Ask},                             // was allowed
		{`kubectl delete $(kubectl get ns -o name)`, dsl.Ask, dsl.Ask},                                    // was allowed
		{`for p in $(kubectl get pods -o name); do kubectl delete $p; done`, dsl.Ask, dsl.Ask},            // was allowed
		{`kubectl get deploy -n dev -o name | xargs -n1 kubectl delete -n dev`, dsl.Ask, dsl.Ask},         // was allowed
		{`gh repo list --json name -q '.[].name' | xargs -I{} gh repo delete {} --yes`, dsl.Ask, dsl.Ask}, // asked as gh repo delete
		{`aws s3 ls | awk '{print $3}' | xargs -I{} aws s3 rb s3://{} --force`, dsl.Ask, dsl.Ask},         // asked as aws s3 rb
		{`mapfile -t ids < <(docker ps -aq); docker rm -f "${ids[@]}"`, dsl.Ask, dsl.Ask},                 // was allowed
		{`docker ps -aq 2>/dev/null | xargs docker rm -f`, dsl.Ask, dsl.Ask},                              // was allowed
		{`bash -c 'docker ps -aq | sort | xargs docker rm -f'`, dsl.Ask, dsl.Ask},                         // was allowed
		{`command docker ps -aq | xargs docker rm -f`, dsl.Ask, dsl.Ask},                                  // was allowed
		{`docker ps -aq | { xargs docker rm -f; }`, dsl.Ask, dsl.Ask},
		{`DOCKER_HOST=unix:///var/run/docker.sock docker ps -aq | xargs docker rm -f`, dsl.Ask, dsl.Ask},
		{`docker ps -aq --filter status=exited | xargs docker rm -f`, dsl.Allow, dsl.Allow},       // what docker container prune removes
		{`docker ps -a | grep Exited | awk '{print $1}' | xargs docker rm`, dsl.Allow, dsl.Allow}, // a grep narrows before the column
		{`kubectl delete $(kubectl get pods -l app=web -o name)`, dsl.Allow, dsl.Allow},           // a selector narrows
		{`kubectl get pods -o name | grep web | xargs kubectl delete`, dsl.Allow, dsl.Allow},      // a grep for some narrows
		{`docker ps -aq`, dsl.Allow, dsl.Allow},
		{`docker ps -aq | wc -l`, dsl.Allow, dsl.Allow},
		{`docker ps -q --filter name=web | xargs docker logs`, dsl.Allow, dsl.Allow},
		{`kubectl get pods -o name | xargs -n1 kubectl logs`, dsl.Allow, dsl.Allow},
		{`for c in $(docker ps -q); do docker logs --tail 5 $c; done`, dsl.Allow, dsl.Allow},
		{`docker ps -q | while read c; do docker inspect "$c"; done`, dsl.Allow, dsl.Allow},
		{`ids=$(docker ps -q); docker stop $ids`, dsl.Allow, dsl.Allow},
		{`git branch --merged | grep -v main | xargs git branch -d`, dsl.Allow, dsl.Allow},
	})
}

// TestList51VersionedPackageRunners: a package fetcher's program is the
// package named without its version (npx aws-cdk@2 is aws-cdk, pnpm dlx
// prisma@5 is prisma, npx @scope/rimraf@5 is rimraf), so the rules on the
// program judge it however the version is pinned; the everyday runs
// stay allowed.
func TestList51VersionedPackageRunners(t *testing.T) {
	checkHoles(t, []holeCase{
		{`npx aws-cdk@2 destroy --force`, dsl.Ask, dsl.Ask},              // was allowed
		{`npx prisma@5 migrate reset --force`, dsl.Ask, dsl.Ask},         // was allowed
		{`npx -y sequelize-cli@6 db:migrate:undo:all`, dsl.Ask, dsl.Ask}, // was allowed
		{`npx --yes prisma@5.1.0 migrate reset`, dsl.Ask, dsl.Ask},       // was allowed
		{`pnpm dlx prisma@5 migrate reset`, dsl.Ask, dsl.Ask},            // was allowed
		{`bunx prisma@latest migrate reset`, dsl.Ask, dsl.Ask},           // was allowed
		{`yarn dlx prisma@5 migrate reset`, dsl.Ask, dsl.Ask},            // was allowed
		{`npm exec -- prisma@5 migrate reset`, dsl.Ask, dsl.Ask},         // was allowed
		{`npm x prisma@5 migrate reset`, dsl.Ask, dsl.Ask},               // was allowed
		{`sudo npx prisma@5 migrate reset`, dsl.Ask, dsl.Ask},            // was allowed
		{`npx @acme/rimraf@5 ~`, dsl.Block, dsl.Block},                   // was allowed
		{`npx rimraf@5 ~`, dsl.Block, dsl.Block},                         // was allowed
		{`npx prisma@ migrate reset`, dsl.Ask, dsl.Ask},                  // was allowed: an empty version is the latest
		{`npx prisma@5 generate`, dsl.Allow, dsl.Allow},
		{`npx cdk@2 synth`, dsl.Allow, dsl.Allow},
		{`npx aws-cdk@2 diff`, dsl.Allow, dsl.Allow},
		{`pnpm dlx create-vite@5 my-app --template react`, dsl.Allow, dsl.Allow},
		{`bunx prisma@latest migrate dev`, dsl.Allow, dsl.Allow},
	})
}

// TestList51AliasedHTTPClients: an inline HTTP DELETE is read with the
// names the code aliased resolved (import requests as r, import httpx as
// h, const a = require('axios'), import ax from 'axios', import * as ax,
// Ruby's H = Net::HTTP), so a URL held in a variable reaches the call as
// it does for the module's own name; a Net::HTTP connection's delete is
// read across statements (http = Net::HTTP.new(HOST); http.delete(PATH));
// GETs and other deletes stay allowed.
func TestList51AliasedHTTPClients(t *testing.T) {
	checkHoles(t, []holeCase{
		{`python3 -c "import requests as r; u='https://api.example.com/v1'; r.delete(u + '/items/1')"`, dsl.Ask, dsl.Ask},             // was allowed
		{`python3 -c "import httpx as h; u='https://api.example.com/v1/items/1'; h.delete(u)"`, dsl.Ask, dsl.Ask},                     // was allowed
		{`node -e "const a = require('axios'); const u='https://api.example.com/v1/items/1'; a.delete(u)"`, dsl.Ask, dsl.Ask},         // was allowed
		{`node -e "import ax from 'axios'; const u='https://api.example.com/v1/items/1'; ax.delete(u)"`, dsl.Ask, dsl.Ask},            // was allowed
		{`node -e "import * as ax from 'axios'; const u='https://api.example.com/v1/items/1'; ax.delete(u)"`, dsl.Ask, dsl.Ask},       // was allowed
		{`ruby -e "require 'net/http'; H = Net::HTTP; H.new('api.example.com').delete('/v1/items/1')"`, dsl.Ask, dsl.Ask},             // was allowed
		{`ruby -e 'require "net/http"; H = Net::HTTP; H.start("api.example.com") { |h| h.delete("/v1/items/1") }'`, dsl.Ask, dsl.Ask}, // was allowed
		{`ruby -e "require 'net/http'; http = Net::HTTP.new('api.example.com'); http.delete('/v1/items/1')"`, dsl.Ask, dsl.Ask},       // was allowed
		{`python3 -c "import requests as r; r.delete('https://api.example.com/v1/items/1')"`, dsl.Ask, dsl.Ask},
		{`python3 -c "from requests import delete as d; u='https://api.example.com/v1/items/1'; d(u)"`, dsl.Ask, dsl.Ask},
		{`python3 -c "import urllib.request as u; u.urlopen(u.Request('https://api.example.com/v1/items/1', method='DELETE'))"`, dsl.Ask, dsl.Ask},
		{`python3 -c "import requests as r; r.get('https://api.example.com/v1/items/1')"`, dsl.Allow, dsl.Allow},
		{`python3 -c "import requests as r; u='https://api.example.com/v1'; print(r.get(u).json())"`, dsl.Allow, dsl.Allow},
		{`node -e "const a = require('axios'); a.get('https://api.example.com/x').then(r => console.log(r.data))"`, dsl.Allow, dsl.Allow},
		{`python3 -c "import redis as rd; r=rd.Redis(); r.delete('k')"`, dsl.Allow, dsl.Allow},
		{`python3 -c "import requests as r; r.delete(url)"`, dsl.Allow, dsl.Allow},
		{`ruby -e 'h = {a: 1}; h.delete(:a); p h'`, dsl.Allow, dsl.Allow},
	})
}

// TestList51BlobSyncDeletes: az storage blob sync deletes what the
// source lacks unless told --delete-destination false: az passes
// --delete-destination=true to azcopy by default (azure-cli's
// storage_blob_sync), unlike azcopy sync, whose default is false.
func TestList51BlobSyncDeletes(t *testing.T) {
	checkHoles(t, []holeCase{
		{`az storage blob sync -c c -s dir`, dsl.Ask, dsl.Ask},                             // was allowed
		{`az storage blob sync --account-name acct -c '$web' -s ./dist`, dsl.Ask, dsl.Ask}, // was allowed
		{`az storage blob sync -c c -s dir --delete-destination false`, dsl.Allow, dsl.Allow},
		{`az storage blob sync -c c -s dir --delete-destination=false`, dsl.Allow, dsl.Allow},
		{`az storage blob upload-batch -d c -s dir`, dsl.Allow, dsl.Allow},
		{`azcopy sync ./site https://acct.blob.core.windows.net/c`, dsl.Allow, dsl.Allow},
	})
}

// TestList51ListingOtherSpellings: the listing reaching its remover in
// fish (a (…) substitution, for over it, set NAME (…)) and by xargs'
// standard input redirected from it (xargs docker rm -f < <(docker ps
// -aq)); a file or /dev/null as xargs' input is no listing.
func TestList51ListingOtherSpellings(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"fish", `docker rm -f (docker ps -aq)`, dsl.Ask, dsl.Ask},                   // was allowed
		{"fish", `for c in (docker ps -aq); docker rm -f $c; end`, dsl.Ask, dsl.Ask}, // was allowed
		{"fish", `set ids (docker ps -aq); docker rm -f $ids`, dsl.Ask, dsl.Ask},     // was allowed
		{"fish", `docker ps -aq | xargs docker rm -f`, dsl.Ask, dsl.Ask},
		{"fish", `docker rm -f (docker ps -aq -f status=exited)`, dsl.Allow, dsl.Allow},
		{"fish", `set ids (docker ps -q); docker stop $ids`, dsl.Allow, dsl.Allow},
		{"zsh", `for c in $(docker ps -aq); do docker rm -f $c; done`, dsl.Ask, dsl.Ask}, // was allowed
		{"bash", `xargs docker rm -f < <(docker ps -aq)`, dsl.Ask, dsl.Ask},              // was allowed
		{"bash", `xargs docker rm -f < ids.txt`, dsl.Allow, dsl.Allow},
		{"bash", `docker ps -aq | xargs docker rm -f < /dev/null`, dsl.Allow, dsl.Allow},
	})
}
