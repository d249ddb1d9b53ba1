# hguard guard for non-interactive zsh (zsh -c '…'), for ~/.zshenv.
# Off by default: it runs for every zsh script on the machine. A string run
# with zsh -c is checked by hguard first; block or ask (no one to ask) refuse it.
if [[ ! -o interactive && -n ${ZSH_EXECUTION_STRING-} ]]; then
	@HGUARD_BIN@ check --stdin <<<"$ZSH_EXECUTION_STRING" >&2 || exit 1
fi
