package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestKube56Manifests: a manifest's zero replicas (kubectl-scale-drain) in
// each spelling the Kubernetes YAML reader takes for zero (go-yaml's
// resolver with strconv's base prefixes and _ dropped: +0, -0, 00, 0_0,
// 0x0, 0o0, 0.0, 0e3; a quoted "0" tagged !!int; an anchor), and given
// through tee, a <(…) (echo, printf, cat <<EOF, --filename=) or a file the
// line wrote; helm upgrade|install --set replicaCount=0 (--set-string,
// --set-json, a values file the line wrote) scales a release to zero as
// kubectl scale --replicas=0 does. kubectl's integer flags and a patch's
// values take the same spellings. A quoted "0" in a ConfigMap is data.
func TestKube56Manifests(t *testing.T) {
	checkHoles(t, []holeCase{
		{"kubectl apply -f - <<EOF\nkind: Deployment\nspec:\n  replicas: !!int 0\nEOF", dsl.Ask, dsl.Ask},
		{"kubectl apply -f - <<EOF\nkind: Deployment\nspec:\n  replicas: !!int \"0\"\nEOF", dsl.Ask, dsl.Ask},
		{"kubectl apply -f - <<EOF\nspec:\n  replicas: !<tag:yaml.org,2002:int> '0'\nEOF", dsl.Ask, dsl.Ask},
		{"kubectl apply -f - <<EOF\nkind: Deployment\nspec:\n  replicas: +0\nEOF", dsl.Ask, dsl.Ask},
		{"kubectl apply -f - <<EOF\nkind: Deployment\nspec:\n  replicas: -0\nEOF", dsl.Ask, dsl.Ask},
		{"kubectl apply -f - <<EOF\nspec:\n  replicas: &z 0\nEOF", dsl.Ask, dsl.Ask},
		{"kubectl apply -f - <<EOF\nspec:\n  replicas: 0_0\nEOF", dsl.Ask, dsl.Ask},
		{"kubectl apply -f - <<EOF\nkind: Deployment\nspec:\n  replicas: 0x0\nEOF", dsl.Ask, dsl.Ask},
		{`kubectl apply -f - <<< '{"spec":{"maxReplicas":-0.0}}'`, dsl.Ask, dsl.Ask},
		{`kubectl apply -f <(echo '{"kind":"Deployment","spec":{"replicas":0}}')`, dsl.Ask, dsl.Ask},
		{`kubectl apply --filename=<(echo 'spec: {replicas: 0}')`, dsl.Ask, dsl.Ask},
		{"kubectl apply -f <(cat <<EOF\nspec:\n  replicas: 0\nEOF\n)", dsl.Ask, dsl.Ask},
		{`echo '{"kind":"Deployment","spec":{"replicas":0}}' | tee m.yaml | kubectl apply -f -`, dsl.Ask, dsl.Ask},
		{`echo 'spec: {replicas: 0}' | tee m.yaml >/dev/null; kubectl apply -f m.yaml`, dsl.Ask, dsl.Ask},
		{`printf 'kind: Deployment\nspec:\n  replicas: 0\n' > m.yaml && kubectl apply -f m.yaml`, dsl.Ask, dsl.Ask},
		{`echo 'spec: {replicas: 0}' > m.yaml; oc create -f ./m.yaml`, dsl.Ask, dsl.Ask},
		{`echo 'spec: {replicas: 0}' > m.yaml; kubectl apply -f - < m.yaml`, dsl.Ask, dsl.Ask},
		{"kubectl scale deploy/web --replicas=0x0", dsl.Ask, dsl.Ask},
		{"kubectl scale deploy/web --replicas -0", dsl.Ask, dsl.Ask},
		{"kubectl autoscale deploy web --max=+0", dsl.Ask, dsl.Ask},
		{`kubectl patch deploy web -p '{"spec":{"replicas":-0}}'`, dsl.Ask, dsl.Ask},
		{`kubectl patch deploy web -p 'spec: {replicas: !!int "0"}'`, dsl.Ask, dsl.Ask},
		{"helm upgrade web ./chart --set replicaCount=0", dsl.Ask, dsl.Ask},
		{"helm install web ./chart --set-string replicaCount=0", dsl.Ask, dsl.Ask},
		{"helm upgrade web ./chart --set replicas=0", dsl.Ask, dsl.Ask},
		{"helm upgrade web ./chart --set autoscaling.maxReplicas=0", dsl.Ask, dsl.Ask},
		{"helm upgrade --install web ./chart --set image.tag=1.2,replicaCount=00", dsl.Ask, dsl.Ask},
		{"helm -n prod upgrade web ./chart --set-json 'web.replicaCount=0'", dsl.Ask, dsl.Ask},
		{"echo 'replicaCount: 0' > v.yaml; helm upgrade web ./chart -f v.yaml", dsl.Ask, dsl.Ask},
		{"helm upgrade web ./chart --values <(echo 'replicaCount: 0')", dsl.Ask, dsl.Ask},
		// everyday
		{"kubectl apply -f deploy.yaml", dsl.Allow, dsl.Allow},
		{`kubectl apply -f - <<< "$manifest"`, dsl.Allow, dsl.Allow},
		{"kubectl apply -f - <<EOF\nkind: Deployment\nspec:\n  replicas: 3\nEOF", dsl.Allow, dsl.Allow},
		{"kubectl apply -f - <<EOF\nkind: ConfigMap\ndata:\n  replicas: \"0\"\nEOF", dsl.Allow, dsl.Allow},
		{"kubectl apply -f - <<< 'spec: {replicas: 0x10}'", dsl.Allow, dsl.Allow},
		{`kubectl apply -f <(echo 'spec: {replicas: 2}')`, dsl.Allow, dsl.Allow},
		{`echo 'spec: {replicas: 3}' | tee m.yaml | kubectl apply -f -`, dsl.Allow, dsl.Allow},
		{"kubectl create configmap x --from-literal=replicas=0", dsl.Allow, dsl.Allow},
		{"kubectl scale deploy/web --replicas=10", dsl.Allow, dsl.Allow},
		{`kubectl patch deploy web -p '{"spec":{"replicas":5}}'`, dsl.Allow, dsl.Allow},
		{"helm upgrade web ./chart --set replicaCount=3", dsl.Allow, dsl.Allow},
		{"helm upgrade web ./chart --set replicaCount=1,other=0", dsl.Allow, dsl.Allow},
		{"helm install web ./chart --set autoscaling.minReplicas=0", dsl.Allow, dsl.Allow},
		{"helm template web ./chart --set replicaCount=0", dsl.Allow, dsl.Allow},
	})
}

// TestKube56Runs: Maven's exec:exec with its properties given as -D NAME=V
// with a space or --define, in MAVEN_ARGS or a .mvn/maven.config the line
// wrote, or set in a pom's <properties> (an exec plugin without its own
// <executable> runs exec.executable with exec.args); JXA's
// keystroke of a string joined by + from literals and names assigned
// earlier in the script, typed with a Return.
func TestKube56Runs(t *testing.T) {
	checkHoles(t, []holeCase{
		{"mvn exec:exec -D exec.executable=rm -D exec.args='-rf ~'", dsl.Block, dsl.Block},
		{"mvn exec:exec --define exec.executable=rm --define=exec.args='-rf ~'", dsl.Block, dsl.Block},
		{`./mvnw -q exec:exec -D exec.executable=sh -D 'exec.args=-c "rm -rf ~"'`, dsl.Block, dsl.Block},
		{"cat > pom.xml <<'EOF'\n<project><properties><exec.executable>rm</exec.executable><exec.args>-rf ${user.home}</exec.args></properties></project>\nEOF\nmvn exec:exec", dsl.Block, dsl.Block},
		{`osascript -l JavaScript -e 'var se = Application("System Events"); se.keystroke("rm -rf " + "~"); se.keyCode(36)'`, dsl.Block, dsl.Block},
		{`osascript -l JavaScript -e 'var se = Application("System Events"); var a = "rm -rf "; var b = "~"; se.keystroke(a+b); se.keyCode(36)'`, dsl.Block, dsl.Block},
		{`osascript -l JavaScript -e 'var se = Application("System Events"); const a = "rm -rf "; let b = a + "~"; se.keystroke(b + "\n")'`, dsl.Block, dsl.Block},
		{"osascript -l JavaScript -e 'var se = Application(\"System Events\"); se.keystroke((\"rm -rf \") + `~`, {using: []}); se.keyCode(76)'", dsl.Block, dsl.Block},
		{"MAVEN_ARGS='-Dexec.executable=rm' mvn exec:exec -Dexec.args='-rf ~'", dsl.Block, dsl.Block},
		{"mkdir -p .mvn && echo '-Dexec.executable=rm' > .mvn/maven.config && mvn exec:exec -Dexec.args='-rf ~'", dsl.Block, dsl.Block},
		{`osascript -l JavaScript -e 'var se = Application("System Events"); var a = "rm -rf ", b = "~"; se.keystroke(a + b); se.keyCode(36)'`, dsl.Block, dsl.Block},
		{"osascript -l JavaScript -e 'var se = Application(\"System Events\"); var h = \"~\"; se.keystroke(`rm -rf ${h}`); se.keyCode(36)'", dsl.Block, dsl.Block},
		// everyday, and a keystroke with no Return types nothing that runs
		{"mvn exec:java -Dexec.mainClass=x.Main", dsl.Allow, dsl.Allow},
		{"mvn -D skipTests package", dsl.Allow, dsl.Allow},
		{"echo '-T 4' > .mvn/maven.config; mvn exec:exec -Dexec.executable=echo", dsl.Allow, dsl.Allow},
		{"mvn exec:exec -D exec.executable=echo -D exec.args=hello", dsl.Allow, dsl.Allow},
		{"cat > pom.xml <<'EOF'\n<project><properties><exec.executable>echo</exec.executable></properties></project>\nEOF\nmvn exec:exec", dsl.Allow, dsl.Allow},
		{`osascript -l JavaScript -e 'var se = Application("System Events"); var a = "rm -rf "; se.keystroke(a + "~")'`, dsl.Allow, dsl.Allow},
	})
}

// TestKube56Files: cpio -i -D DIR (--directory) extracting into a home or
// the root asks as tar -x -C does; an append (>>, tee -a) to a file whose
// earlier content is unknown keeps its end, which a database client that
// includes or reads the file (\i, \ir, .read, source, -f, < FILE) runs:
// the appended commands are judged, and the SQL a client's \i or .read
// includes from a file the line wrote is read by sql-destructive.
func TestKube56Files(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cpio -idu -D ~ < x.cpio", dsl.Ask, dsl.Ask},
		{"cpio -i --directory=$HOME < x.cpio", dsl.Ask, dsl.Ask},
		{"cpio -i --directory ~ < x.cpio", dsl.Ask, dsl.Ask},
		{"cpio -idD ~ < x.cpio", dsl.Ask, dsl.Ask},
		{"bsdcpio -i -D ~/ < x.cpio", dsl.Ask, dsl.Ask},
		{`echo '\! rm -rf ~' >> x.sql; psql -c '\i x.sql'`, dsl.Block, dsl.Block},
		{`echo '\! rm -rf ~' >> ./x.sql; psql -c '\ir x.sql'`, dsl.Block, dsl.Block},
		{`echo '.shell rm -rf ~' >> x.sql; sqlite3 db '.read x.sql'`, dsl.Block, dsl.Block},
		{`echo '\! rm -rf ~' >> x.sql; mysql < x.sql`, dsl.Block, dsl.Block},
		{`echo 'SELECT 1;' >> x.sql; echo '\! rm -rf ~' >> x.sql; psql -f x.sql`, dsl.Block, dsl.Block},
		{`echo '\! rm -rf ~' | tee -a x.sql; psql -c '\i x.sql'`, dsl.Block, dsl.Block},
		{"cat >> x.sql <<'EOF'\n\\! rm -rf ~\nEOF\npsql -f x.sql", dsl.Block, dsl.Block},
		{`echo '\! rm -rf ~' &>> x.sql; psql -c '\i x.sql'`, dsl.Block, dsl.Block},
		{`echo '\o |sh' >> x.sql; psql -c '\i x.sql'`, dsl.Ask, dsl.Ask},
		{`echo 'DROP DATABASE prod;' >> x.sql; psql -c '\i x.sql'`, dsl.Ask, dsl.Ask},
		{`echo 'DROP TABLE users;' >> x.sql && sqlite3 db '.read x.sql'`, dsl.Ask, dsl.Ask},
		{`echo 'DROP DATABASE prod;' > x.sql; psql -c '\i x.sql'`, dsl.Ask, dsl.Ask},
		// everyday
		{"cpio -idv < x.cpio", dsl.Allow, dsl.Allow},
		{"cpio -idu -D out < x.cpio", dsl.Allow, dsl.Allow},
		{"cpio -it -D ~ < x.cpio", dsl.Allow, dsl.Allow},
		{"psql -f schema.sql", dsl.Allow, dsl.Allow},
		{`echo 'SELECT 1;' >> x.sql; psql -c '\i x.sql'`, dsl.Allow, dsl.Allow},
		{`psql -c '\i x.sql'`, dsl.Allow, dsl.Allow},
	})
}
