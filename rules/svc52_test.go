package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestSvc52Carriers: a service's control plane that runs a command where
// the service lives is judged by that command, as fly ssh console -C,
// kubectl exec and docker exec are (red team rt51, table 1): heroku run
// and run:detached (heroku's own options taken out wherever they stand),
// railway run, docker compose exec and run and docker-compose's. An
// ansible module or a salt function that does what a local command does
// is that command (file state=absent is rm -rf, reboot is reboot, user
// password= is usermod -p). A shell opened in a service, a test run, a
// ping or a playbook stay allowed.
func TestSvc52Carriers(t *testing.T) {
	checkHoles(t, []holeCase{
		{`heroku run 'dropdb prod' -a app`, dsl.Ask, dsl.Ask},                                               // was allowed
		{`heroku run dropdb prod -a app`, dsl.Ask, dsl.Ask},                                                 // was allowed
		{`heroku run -a app -- redis-cli FLUSHALL`, dsl.Ask, dsl.Ask},                                       // was allowed
		{`heroku run:detached 'rm -rf /' --app app`, dsl.Block, dsl.Block},                                  // was asked
		{`railway run rails db:drop`, dsl.Ask, dsl.Ask},                                                     // was allowed
		{`railway run -s api dropdb prod`, dsl.Ask, dsl.Ask},                                                // was allowed
		{`docker compose exec db dropdb app`, dsl.Ask, dsl.Ask},                                             // was allowed
		{`docker compose exec redis redis-cli FLUSHALL`, dsl.Ask, dsl.Ask},                                  // was allowed
		{`docker compose exec -T -u postgres db dropdb app`, dsl.Ask, dsl.Ask},                              // was allowed
		{`docker compose run --rm web rails db:drop`, dsl.Ask, dsl.Ask},                                     // was allowed
		{`docker compose -f prod.yml run --rm -e RAILS_ENV=production web rails db:drop`, dsl.Ask, dsl.Ask}, // was allowed
		{`docker-compose exec db dropdb app`, dsl.Ask, dsl.Ask},                                             // was allowed
		{`docker-compose run --rm web rails db:drop`, dsl.Ask, dsl.Ask},                                     // was allowed
		{`sudo docker compose exec web rm -rf /`, dsl.Block, dsl.Block},                                     // was allowed
		{`docker compose run --rm --entrypoint dropdb db app`, dsl.Ask, dsl.Ask},                            // was allowed
		{`ansible all -m file -a 'path=/ state=absent'`, dsl.Block, dsl.Block},                              // was allowed
		{`ansible all -m ansible.builtin.file -a 'path=/etc state=absent'`, dsl.Block, dsl.Block},           // was allowed
		{`ansible web -b -m reboot`, dsl.Block, dsl.Block},                                                  // was allowed
		{`ansible all -m user -a 'name=root password=x'`, dsl.Ask, dsl.Ask},                                 // was allowed
		{`ansible all -m authorized_key -a 'user=root key=ssh-ed25519 AAAA x'`, dsl.Ask, dsl.Ask},           // was allowed
		{`ansible all -m copy -a 'content=x dest=/etc/sudoers.d/x'`, dsl.Block, dsl.Block},                  // was allowed
		{`salt '*' file.remove /etc`, dsl.Block, dsl.Block},                                                 // was allowed
		{`salt '*' system.reboot`, dsl.Block, dsl.Block},                                                    // was allowed
		{`salt-call user.delete bob`, dsl.Ask, dsl.Ask},                                                     // was allowed
		{`ansible all -m ping`, dsl.Allow, dsl.Allow},
		{`ansible all -m setup`, dsl.Allow, dsl.Allow},
		{`ansible all -m file -a 'path=/srv/app state=directory'`, dsl.Allow, dsl.Allow},
		{`ansible all -m apt -a 'name=nginx state=present'`, dsl.Allow, dsl.Allow},
		{`ansible-playbook site.yml`, dsl.Allow, dsl.Allow},
		{`ansible-playbook -i hosts site.yml --check`, dsl.Allow, dsl.Allow},
		{`salt '*' test.ping`, dsl.Allow, dsl.Allow},
		{`salt '*' state.apply`, dsl.Allow, dsl.Allow},
		{`salt '*' pkg.install nginx`, dsl.Allow, dsl.Allow},
		{`docker compose exec web bash`, dsl.Allow, dsl.Ask},
		{`docker compose run --rm web pytest`, dsl.Allow, dsl.Allow},
		{`docker compose exec web rails db:migrate`, dsl.Allow, dsl.Allow},
		{`docker compose run --rm web npm test`, dsl.Allow, dsl.Allow},
		{`docker compose up -d`, dsl.Allow, dsl.Allow},
		{`heroku run rails db:migrate -a app`, dsl.Allow, dsl.Allow},
		{`heroku logs --tail -a app`, dsl.Allow, dsl.Allow},
		{`railway run npm start`, dsl.Allow, dsl.Allow},
	})
}
