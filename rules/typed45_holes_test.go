package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestTyped45: the gaps review44 left in typed-input-agent (docs/
// integration.md, "Not asked yet"). Codex starts a command in a tty
// (exec_command) and types into it later (write_stdin) with no hook
// seeing what it types, so a command that waits for typed commands is
// asked of Codex (and of Copilot CLI and an agent of unknown kind), and
// of neither a person nor Claude Code: a shell a subcommand or a wrapper
// starts, a program with a prompt the catalogue had no prompt for, a
// pager the line names over Codex's PAGER=cat, GIT_PAGER=cat and
// GH_PAGER=cat, and a debugger's quit that asks y/n first.
func TestTyped45(t *testing.T) {
	checkCallers(t, []callerCase{
		// shells a subcommand starts
		{"nix-shell", dsl.Allow, dsl.Allow, dsl.Ask},
		{"nix-shell -p python3 nodejs", dsl.Allow, dsl.Allow, dsl.Ask},
		{"nix develop", dsl.Allow, dsl.Allow, dsl.Ask},
		{"nix develop .#ci", dsl.Allow, dsl.Allow, dsl.Ask},
		{"nix shell nixpkgs#hello", dsl.Allow, dsl.Allow, dsl.Ask},
		{"poetry shell", dsl.Allow, dsl.Allow, dsl.Ask},
		{"pipenv shell", dsl.Allow, dsl.Allow, dsl.Ask},
		{"hatch shell", dsl.Allow, dsl.Allow, dsl.Ask},
		{"tmux attach", dsl.Allow, dsl.Allow, dsl.Ask},
		{"tmux attach -t dev", dsl.Allow, dsl.Allow, dsl.Ask},
		{"tmux a", dsl.Allow, dsl.Allow, dsl.Ask},
		{"tmux new -s dev", dsl.Allow, dsl.Allow, dsl.Ask},
		{"tmux new-session -s build make", dsl.Allow, dsl.Allow, dsl.Ask}, // attached: prefix c opens a shell
		{"tmux", dsl.Allow, dsl.Allow, dsl.Ask},                           // Claude Code: no terminal to type into (TestInteractiveShellsByCaller)
		{"screen -S work", dsl.Allow, dsl.Allow, dsl.Ask},
		{"docker compose exec app bash", dsl.Allow, dsl.Allow, dsl.Ask},
		{"docker compose exec db psql -U postgres", dsl.Allow, dsl.Allow, dsl.Ask},
		{"docker compose exec app python3", dsl.Allow, dsl.Allow, dsl.Ask},
		{"docker exec -it c sh", dsl.Allow, dsl.Allow, dsl.Ask},
		{"kubectl exec -it pod -- sh", dsl.Allow, dsl.Allow, dsl.Ask},
		{"vagrant ssh", dsl.Allow, dsl.Allow, dsl.Ask},
		{"multipass shell vm1", dsl.Allow, dsl.Allow, dsl.Ask},
		{"ssh deploy@web1.example.com", dsl.Allow, dsl.Allow, dsl.Ask},
		{"ssh -p 2222 -i ~/.ssh/id_ed25519 dev@10.0.0.12", dsl.Allow, dsl.Allow, dsl.Ask},
		{"ssh -L 5432:localhost:5432 bastion", dsl.Allow, dsl.Allow, dsl.Ask},
		{"newgrp docker", dsl.Allow, dsl.Allow, dsl.Ask},
		{"sg docker", dsl.Allow, dsl.Allow, dsl.Ask},
		{"su", dsl.Allow, dsl.Ask, dsl.Ask},
		{"su - postgres", dsl.Allow, dsl.Ask, dsl.Ask},
		{"sudo -i", dsl.Allow, dsl.Ask, dsl.Ask},
		{"sudo -s", dsl.Allow, dsl.Ask, dsl.Ask},
		// … and the same given their command, detached or fed
		{"nix-shell --run 'make test'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"nix-shell -p go --command 'go test ./...'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"nix develop -c make test", dsl.Allow, dsl.Allow, dsl.Allow},
		{"nix develop --command cargo build", dsl.Allow, dsl.Allow, dsl.Allow},
		{"nix develop --build", dsl.Allow, dsl.Allow, dsl.Allow},
		{"nix build .#pkg", dsl.Allow, dsl.Allow, dsl.Allow},
		{"poetry run pytest", dsl.Allow, dsl.Allow, dsl.Allow},
		{"poetry install", dsl.Allow, dsl.Allow, dsl.Allow},
		{"pipenv run pytest -q", dsl.Allow, dsl.Allow, dsl.Allow},
		{"pyenv shell 3.12.1", dsl.Allow, dsl.Allow, dsl.Allow}, // sets the version, starts nothing
		{"tmux new -d -s x 'make'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"tmux ls", dsl.Allow, dsl.Allow, dsl.Allow},
		{"tmux kill-session -t old", dsl.Allow, dsl.Allow, dsl.Allow},
		{"screen -dmS x make", dsl.Allow, dsl.Allow, dsl.Allow},
		{"screen -ls", dsl.Allow, dsl.Allow, dsl.Allow},
		{"docker compose exec -T app pytest", dsl.Allow, dsl.Allow, dsl.Allow},
		{"docker compose exec app pytest", dsl.Allow, dsl.Allow, dsl.Allow},
		{"docker compose exec -T db psql -U postgres -c 'select 1'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"docker exec c ls /app", dsl.Allow, dsl.Allow, dsl.Allow},
		{"kubectl exec pod -- ls /", dsl.Allow, dsl.Allow, dsl.Allow},
		{"vagrant ssh -c 'uptime'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"vagrant up", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ssh deploy@web1.example.com uptime", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ssh -N -L 8080:localhost:80 bastion", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ssh -T git@github.com", dsl.Allow, dsl.Allow, dsl.Allow}, // git-shell runs git's commands only
		{"ssh -O check bastion", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ssh web1 < cmds.txt", dsl.Allow, dsl.Allow, dsl.Allow},
		{"sg docker -c 'docker ps'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"su -c 'id'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"sudo apt update", dsl.Allow, dsl.Allow, dsl.Allow},
		// programs with a prompt that runs commands
		{"nano notes.txt", dsl.Allow, dsl.Allow, dsl.Ask}, // ^T, ^R^X: Execute Command
		{"nano", dsl.Allow, dsl.Allow, dsl.Ask},
		{"sudo nano /etc/hosts", dsl.Allow, dsl.Allow, dsl.Ask},
		{"ghci", dsl.Allow, dsl.Allow, dsl.Ask}, // :! CMD
		{"ghci Main.hs", dsl.Allow, dsl.Allow, dsl.Ask},
		{"stack ghci", dsl.Allow, dsl.Allow, dsl.Ask},
		{"cabal repl", dsl.Allow, dsl.Allow, dsl.Ask},
		{"rails c", dsl.Allow, dsl.Allow, dsl.Ask},
		{"bin/rails console", dsl.Allow, dsl.Allow, dsl.Ask},
		{"bundle exec rails console", dsl.Allow, dsl.Allow, dsl.Ask},
		{"rails dbconsole", dsl.Allow, dsl.Allow, dsl.Ask},
		{"bundle console", dsl.Allow, dsl.Allow, dsl.Ask},
		{"python manage.py shell", dsl.Allow, dsl.Allow, dsl.Ask},
		{"python3 manage.py dbshell", dsl.Allow, dsl.Allow, dsl.Ask},
		{"./manage.py shell", dsl.Allow, dsl.Allow, dsl.Ask},
		{"kubectl exec -it deploy/api -- python manage.py shell", dsl.Allow, dsl.Allow, dsl.Ask},
		{"duckdb", dsl.Allow, dsl.Allow, dsl.Ask}, // .shell CMD, .system CMD
		{"duckdb analytics.duckdb", dsl.Allow, dsl.Allow, dsl.Ask},
		{"mc", dsl.Allow, dsl.Allow, dsl.Ask},  // its subshell
		{"tig", dsl.Allow, dsl.Allow, dsl.Ask}, // ! bindings, :!CMD
		{"tig status", dsl.Allow, dsl.Allow, dsl.Ask},
		{"irb", dsl.Allow, dsl.Allow, dsl.Ask},
		{"pry", dsl.Allow, dsl.Allow, dsl.Ask},
		{"lua", dsl.Allow, dsl.Allow, dsl.Ask},
		{"R", dsl.Allow, dsl.Allow, dsl.Ask},
		{"julia", dsl.Allow, dsl.Allow, dsl.Ask},
		{"php -a", dsl.Allow, dsl.Allow, dsl.Ask},
		// … run without it
		{"nano -v notes.txt", dsl.Allow, dsl.Allow, dsl.Allow}, // view mode has no Execute
		{"ghc -O2 Main.hs", dsl.Allow, dsl.Allow, dsl.Allow},
		{"runghc Main.hs", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ghci -e 'print 1'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"stack build --test", dsl.Allow, dsl.Allow, dsl.Allow},
		{"cabal build all", dsl.Allow, dsl.Allow, dsl.Allow},
		{"rails s", dsl.Allow, dsl.Allow, dsl.Allow},
		{"rails db:migrate", dsl.Allow, dsl.Allow, dsl.Allow},
		{"bin/rails test", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python manage.py migrate", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python manage.py runserver", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python manage.py shell -c 'print(1)'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python manage.py test", dsl.Allow, dsl.Allow, dsl.Allow},
		{"duckdb analytics.duckdb 'select 42'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"duckdb -c 'select 42'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"mc ls play/bucket", dsl.Allow, dsl.Allow, dsl.Allow}, // MinIO's client
		{"git log -p | tig", dsl.Allow, dsl.Allow, dsl.Allow},
		{"lua script.lua", dsl.Allow, dsl.Allow, dsl.Allow},
		{"Rscript analysis.R", dsl.Allow, dsl.Allow, dsl.Allow},
		{"julia --project -e 'using Pkg; Pkg.test()'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"bc -l", dsl.Allow, dsl.Allow, dsl.Allow}, // bc has no shell escape
		{"echo '2+2' | bc", dsl.Allow, dsl.Allow, dsl.Allow},
		// a pager named on the line, over Codex's PAGER=cat
		{"man -P less ls", dsl.Allow, dsl.Allow, dsl.Ask},
		{"man --pager='less -R' git", dsl.Allow, dsl.Allow, dsl.Ask},
		{"MANPAGER=less man ls", dsl.Allow, dsl.Allow, dsl.Ask},
		{"PAGER=less man ls", dsl.Allow, dsl.Allow, dsl.Ask},
		{"GIT_PAGER=less git log", dsl.Allow, dsl.Allow, dsl.Ask},
		{"GH_PAGER=less gh pr view", dsl.Allow, dsl.Allow, dsl.Ask},
		// … and Codex's own: GIT_PAGER=cat and GH_PAGER=cat win over PAGER
		// and core.pager; man pages with PAGER=cat; the output piped or
		// written to a file is not paged
		{"git log", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git --paginate log", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git -c core.pager=less log", dsl.Allow, dsl.Allow, dsl.Allow},
		{"PAGER=less git log", dsl.Allow, dsl.Allow, dsl.Allow},
		{"PAGER=less gh pr view", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gh pr view 123", dsl.Allow, dsl.Allow, dsl.Allow},
		{"man ls", dsl.Allow, dsl.Allow, dsl.Allow},
		{"man -P cat ls", dsl.Allow, dsl.Allow, dsl.Allow},
		{"man -P less ls | head", dsl.Allow, dsl.Allow, dsl.Allow},
		{"MANPAGER=less man ls > ls.txt", dsl.Allow, dsl.Allow, dsl.Allow},
		{"GIT_PAGER=cat git log", dsl.Allow, dsl.Allow, dsl.Allow},
		// quits that do not quit: after run a quit asks y/n while the
		// program lives (answering n stays at gdb's prompt)
		{"gdb -ex run -ex quit ./a.out", dsl.Allow, dsl.Allow, dsl.Ask},
		{"gdb -ex r -ex bt -ex q ./a.out", dsl.Allow, dsl.Allow, dsl.Ask},
		{"gdb -q -ex run -ex quit --args ./app --config dev.yaml", dsl.Allow, dsl.Allow, dsl.Ask},
		{"lldb -o run -o quit ./a.out", dsl.Allow, dsl.Allow, dsl.Ask},
		{"gdb -batch -ex run -ex bt ./a.out", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gdb -ex 'set confirm off' -ex run -ex quit ./a.out", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gdb -ex 'info functions' -ex quit ./a.out", dsl.Allow, dsl.Allow, dsl.Allow},
		{"lldb -b -o run ./a.out", dsl.Allow, dsl.Allow, dsl.Allow},
	}, "copilot", "agent")
}
