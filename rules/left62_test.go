package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestLeft62DecompressedScript: a file the line wrote through a compressor
// and decompressed in place holds the text it was fed, under the name less
// .gz, and runs as that text would (rt61 M1).
func TestLeft62DecompressedScript(t *testing.T) {
	checkHoles(t, []holeCase{
		{`echo 'rm -rf ~' | gzip > /tmp/a.gz; gunzip /tmp/a.gz; bash /tmp/a`, dsl.Block, dsl.Block},
		{`echo 'rm -rf ~' | gzip > /tmp/a.gz; gzip -d /tmp/a.gz; bash /tmp/a`, dsl.Block, dsl.Block},
		{`echo 'rm -rf ~' | xz > /tmp/a.xz; xz -d /tmp/a.xz; bash /tmp/a`, dsl.Block, dsl.Block},
		{`echo 'rm -rf ~' | bzip2 > /tmp/a.bz2; bunzip2 /tmp/a.bz2; bash /tmp/a`, dsl.Block, dsl.Block},
		{`echo 'rm -rf ~' | zstd > /tmp/a.zst; zstd -d /tmp/a.zst; bash /tmp/a`, dsl.Block, dsl.Block},
		{`echo 'rm -rf ~' | gzip > /tmp/a.gz; gunzip /tmp/a.gz; sh /tmp/a`, dsl.Block, dsl.Block},
		{`echo cm0gLXJmIH4K | base64 -d > /tmp/a; bash /tmp/a`, dsl.Block, dsl.Block},
		// decoded text run: decode-exec's ask, as zcat a.gz | bash
		{`echo 'make build' | gzip > /tmp/a.gz; gunzip /tmp/a.gz; bash /tmp/a`, dsl.Ask, dsl.Ask},
		{`echo hi | gzip > a.gz; gunzip a.gz; cat a`, dsl.Allow, dsl.Allow},
		{`gunzip data.gz; wc -l data`, dsl.Allow, dsl.Allow},
	})
}

// TestLeft62ContainerEnvironment: a container's whole environment (its
// database password, its tokens) printed for an agent asks, as a secrets
// service's value does; one variable, or the container's state, does not.
func TestLeft62ContainerEnvironment(t *testing.T) {
	checkHoles(t, []holeCase{
		{`docker exec web env`, dsl.Allow, dsl.Ask},
		{`docker exec web printenv`, dsl.Allow, dsl.Ask},
		{`sudo docker exec -it web env`, dsl.Allow, dsl.Ask},
		{`kubectl exec -n prod deploy/api -- printenv`, dsl.Allow, dsl.Ask},
		{`docker inspect web --format '{{.Config.Env}}'`, dsl.Allow, dsl.Ask},
		{`docker exec web ls`, dsl.Allow, dsl.Allow},
		{`docker exec web printenv PORT`, dsl.Allow, dsl.Allow},
		{`docker inspect web --format '{{.State.Status}}'`, dsl.Allow, dsl.Allow},
		{`docker exec web env > env.txt`, dsl.Allow, dsl.Allow},
	})
}

// TestLeft62ForceWithLeaseMain: --force-with-lease to main or master
// rewrites the shared branch as -f does; to one's own branch it is the
// everyday push after a rebase.
func TestLeft62ForceWithLeaseMain(t *testing.T) {
	checkHoles(t, []holeCase{
		{`git push --force-with-lease origin main`, dsl.Ask, dsl.Ask},
		{`git push --force-with-lease origin HEAD:master`, dsl.Ask, dsl.Ask},
		{`git push --force-with-lease origin feature`, dsl.Allow, dsl.Allow},
		{`git push --force-with-lease`, dsl.Allow, dsl.Allow},
	})
}

// TestLeft62MySQLOptionSpellings: my_getopt takes _ for - and ignores a
// --loose- prefix, and --init-command's SQL runs as -e's does.
func TestLeft62MySQLOptionSpellings(t *testing.T) {
	checkHoles(t, []holeCase{
		{`mysql --init-command='DROP DATABASE prod' -e 'select 1'`, dsl.Ask, dsl.Ask},
		{`mysql --init_command='DROP DATABASE prod' -e 'select 1'`, dsl.Ask, dsl.Ask},
		{`mysql --loose-init-command='DROP DATABASE prod' -e 'select 1'`, dsl.Ask, dsl.Ask},
		{`mysql --plugin_dir=/tmp/p --default_auth=evil`, dsl.Ask, dsl.Ask},
		{`mysql --loose-plugin-dir=/tmp/p --loose-default-auth=evil`, dsl.Ask, dsl.Ask},
		{`mysql --loose_default-auth=evil`, dsl.Ask, dsl.Ask},
		{`mysql --init-command='SET NAMES utf8mb4' -e 'select 1'`, dsl.Allow, dsl.Allow},
		{`mysql --loose-skip-ssl -e 'select 1'`, dsl.Allow, dsl.Allow},
	})
}
