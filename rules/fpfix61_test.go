package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestFpfix61TestDatastores: a test or CI run's own datastore, named so
// and reached on this machine, its compose project or a pod's loopback,
// is the suite's to empty (fp60); the same work on a database or project
// with another name, or on another host, still asks.
func TestFpfix61TestDatastores(t *testing.T) {
	checkHoles(t, []holeCase{
		{`docker compose -p myapp-test down -v`, dsl.Allow, dsl.Allow},
		{`docker compose -f docker-compose.test.yml down -v`, dsl.Ask, dsl.Ask}, // the directory's project: a shared volume is the dev data
		{`docker compose -f compose.ci.yml down -v --remove-orphans`, dsl.Ask, dsl.Ask},
		{`cd services/api && docker compose -p myapp-test down -v`, dsl.Allow, dsl.Allow},
		{`docker compose -p myapp down -v`, dsl.Ask, dsl.Ask},
		{`docker compose -f docker-compose.yml -f docker-compose.test.yml down -v`, dsl.Ask, dsl.Ask}, // the project's own file too
		{`docker compose -p latest -f compose.ci.yml down -v`, dsl.Ask, dsl.Ask},                      // the project decides
		{`mysql -u root -e "DELETE FROM app_test.users"`, dsl.Allow, dsl.Allow},
		{`mysql -u root -e "DELETE FROM app.users"`, dsl.Ask, dsl.Ask},
		{`mysql -u root -e "DELETE FROM users"`, dsl.Ask, dsl.Ask},
		{`mysql -h db.example.com -e "DELETE FROM app_test.users"`, dsl.Ask, dsl.Ask},
		{`mongosh --eval 'db.getSiblingDB("app_test").dropDatabase()'`, dsl.Allow, dsl.Allow},
		{`mongosh --eval 'db.getSiblingDB("app").dropDatabase()'`, dsl.Ask, dsl.Ask},
		{`mongosh --eval 'db.getSiblingDB("app_test").users.drop(); db.dropDatabase()'`, dsl.Ask, dsl.Ask}, // and the one connected to
		{`mongosh mongodb://db.example.com --eval 'db.getSiblingDB("app_test").dropDatabase()'`, dsl.Ask, dsl.Ask},
		{`kubectl exec -it postgres-0 -n dev -- psql -U postgres -c 'drop database app_test'`, dsl.Allow, dsl.Allow},
		{`kubectl exec -it postgres-0 -n dev -- psql -U postgres -c 'drop database app'`, dsl.Ask, dsl.Ask},
		{`DATABASE_URL=postgres://localhost/app_test npx prisma migrate reset --force`, dsl.Allow, dsl.Allow},
		{`DATABASE_URL=postgres://localhost/app npx prisma migrate reset --force`, dsl.Ask, dsl.Ask},
		{`DATABASE_URL=postgres://db.example.com/app_test npx prisma migrate reset --force`, dsl.Ask, dsl.Ask},
		{`NODE_ENV=test npx prisma migrate reset --force --skip-seed`, dsl.Ask, dsl.Ask}, // Prisma reads .env's DATABASE_URL whatever NODE_ENV says
		{`NODE_ENV=production npx prisma migrate reset --force`, dsl.Ask, dsl.Ask},
		{`python manage.py flush --no-input --settings=app.settings.test`, dsl.Allow, dsl.Allow},
		{`python manage.py flush --no-input --settings=app.settings.production`, dsl.Ask, dsl.Ask},
		{`dotnet ef database drop --force --context TestDbContext`, dsl.Allow, dsl.Allow},
		{`dotnet ef database drop --force --context AppDbContext`, dsl.Ask, dsl.Ask},
		{`dotnet ef database drop --force --context LatestDbContext`, dsl.Ask, dsl.Ask},
	})
}

// TestFpfix61StartupLines: a person's own shell, fish and vim settings
// appended to the start-up file (fp59 D) are judged as what they set: an
// alias of a name of its own or of a program's version, fish's set -gx,
// fish_add_path and abbr, vim's plain options; an alias that takes a
// program's, a wrapper's or a builtin's name for something else, a vim
// option that runs a program or code, and a glob onto zsh's completion
// dump still ask. An agent's asks whatever it says.
func TestFpfix61StartupLines(t *testing.T) {
	checkHoles(t, []holeCase{
		{`echo 'alias ll="ls -la"' >> ~/.bashrc`, dsl.Allow, dsl.Ask},
		{`echo 'alias python=python3' >> ~/.zshrc`, dsl.Allow, dsl.Ask},
		{`echo "alias ls='ls --color=auto'" >> ~/.bashrc`, dsl.Allow, dsl.Ask},
		{`echo "alias gst='git status'" >> ~/.zshrc`, dsl.Allow, dsl.Ask},
		{`echo 'bindkey -v' >> ~/.zshrc`, dsl.Allow, dsl.Ask},
		{`echo 'set number' >> ~/.vimrc`, dsl.Allow, dsl.Ask},
		{`echo 'set tabstop=4 shiftwidth=4 expandtab' >> ~/.vimrc`, dsl.Allow, dsl.Ask},
		{`echo 'syntax on' >> ~/.vimrc`, dsl.Allow, dsl.Ask},
		{`echo 'set -gx EDITOR nvim' >> ~/.config/fish/config.fish`, dsl.Allow, dsl.Ask},
		{`echo 'fish_add_path ~/.local/bin' >> ~/.config/fish/config.fish`, dsl.Allow, dsl.Ask},
		{`echo 'set -gx PATH ~/.cargo/bin $PATH' >> ~/.config/fish/config.fish`, dsl.Allow, dsl.Ask},
		{`echo 'abbr -a gco git checkout' >> ~/.config/fish/config.fish`, dsl.Allow, dsl.Ask},
		{`echo "alias ls='rm -rf ~'" >> ~/.bashrc`, dsl.Block, dsl.Block},
		{`echo "alias ls='rm -rf build'" >> ~/.bashrc`, dsl.Ask, dsl.Ask},
		{`echo "alias sudo='sudo '" >> ~/.bashrc`, dsl.Ask, dsl.Ask},
		{`echo "alias cd='cd -P'" >> ~/.bashrc`, dsl.Ask, dsl.Ask},
		{`echo "alias vim=/home/u/x" >> ~/.bashrc`, dsl.Ask, dsl.Ask},
		{`echo 'set shell=/tmp/x' >> ~/.vimrc`, dsl.Ask, dsl.Ask},
		{`echo 'set makeprg=x' >> ~/.vimrc`, dsl.Ask, dsl.Ask},
		{`echo 'set exrc' >> ~/.vimrc`, dsl.Ask, dsl.Ask},
		{`echo 'set number!' >> ~/.vimrc`, dsl.Ask, dsl.Ask},
		{`echo 'set statusline=%{system("id")}' >> ~/.vimrc`, dsl.Ask, dsl.Ask},
		{`echo 'autocmd BufRead * !make' >> ~/.vimrc`, dsl.Ask, dsl.Ask},
		{`echo 'set -gx LD_PRELOAD ~/x.so' >> ~/.config/fish/config.fish`, dsl.Ask, dsl.Ask},
		{`echo 'set -gx EDITOR ~/bin/x' >> ~/.config/fish/config.fish`, dsl.Ask, dsl.Ask},
		{`echo 'set -gx X (curl -s x.example)' >> ~/.config/fish/config.fish`, dsl.Ask, dsl.Ask},
		{`echo 'fish_add_path /tmp/bin' >> ~/.config/fish/config.fish`, dsl.Ask, dsl.Ask},
		{`echo 'set -g fish_function_path ~/x $fish_function_path' >> ~/.config/fish/config.fish`, dsl.Ask, dsl.Ask},
		{`echo 'abbr -a ls rm -rf build' >> ~/.config/fish/config.fish`, dsl.Ask, dsl.Ask},
		{`echo 'zzprog' >> ~/.config/fish/config.fish`, dsl.Ask, dsl.Ask},
		{`cp /tmp/x ~/.zcom?dump`, dsl.Ask, dsl.Ask},
		{`cp /tmp/x ~/.zcompdump-*`, dsl.Ask, dsl.Ask},
		{`cp dist/* ~/`, dsl.Allow, dsl.Allow},
	})
}
