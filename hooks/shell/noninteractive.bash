# hguard guard for non-interactive bash (bash -c '…'), for the file named by
# BASH_ENV. Off by default: it runs for every bash script on the machine. A
# string run with bash -c is checked by hguard first; block or ask (no one
# to ask) refuse it.
if [[ $- != *i* && -n ${BASH_EXECUTION_STRING-} ]]; then
	@HGUARD_BIN@ check --stdin <<<"$BASH_EXECUTION_STRING" >&2 || exit 1
fi
