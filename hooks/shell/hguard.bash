# hguard shell hook for bash: every command line is checked by hguard before
# bash runs any of it. Load it with: eval "$(hguard init bash)"
# HGUARD_DISABLE=1 turns it off for this shell.
#
# A DEBUG trap cannot stop a whole line (true && BLOCKED && echo reached
# still runs the rest), so Enter itself is bound: it runs the check, then
# either accept-line or, for a refused line, nothing. Ctrl-O
# (operate-and-get-next) would bypass it and is bound the same way.
if [[ $- == *i* ]]; then
_hguard_bin=@HGUARD_BIN@
_hguard_session="bash-$$-${EPOCHREALTIME:-$SECONDS}"

_hguard_warn() { printf 'hguard: warning: %s\n' "$*" >/dev/tty; }

# _hguard_incomplete says whether the line needs more lines before bash can
# run it (an open quote, loop or heredoc): then Enter adds a newline.
_hguard_incomplete() {
	local err
	err=$(bash -n -c "$1" 2>&1 >/dev/null) && [[ $err != *here-document* ]] && return 1
	[[ $err == *"unexpected end of file"* || $err == *"unexpected EOF"* || $err == *here-document* ]]
}

# _hguard_enter is bound to Enter: it decides what the key after it does.
_hguard_enter() {
	local line=$READLINE_LINE rc
	if [[ -n ${HGUARD_DISABLE:-} || -z ${line//[[:space:]]/} ]]; then
		bind '"\C-x\C-j": accept-line'
		return
	fi
	if _hguard_incomplete "$line"; then
		READLINE_LINE+=$'\n'
		READLINE_POINT=${#READLINE_LINE}
		bind '"\C-x\C-j": redraw-current-line'
		return
	fi
	if ! type -P -- "$_hguard_bin" >/dev/null 2>&1 && [[ ! -x $_hguard_bin ]]; then
		_hguard_warn "$_hguard_bin is missing: this line runs UNCHECKED (protection is off; see hguard doctor)"
		bind '"\C-x\C-j": accept-line'
		return
	fi
	"$_hguard_bin" guard --shell bash --session "$_hguard_session" -- "$line" </dev/tty >/dev/tty 2>&1
	rc=$?
	case $rc in
	0) bind '"\C-x\C-j": accept-line' ;;
	1 | 2)
		# Refused: nothing of the line runs; it stays in history for editing.
		history -s -- "$line"
		READLINE_LINE=''
		READLINE_POINT=0
		bind '"\C-x\C-j": accept-line'
		;;
	*)
		_hguard_warn "hguard failed (exit $rc): this line runs UNCHECKED (protection is off; see hguard doctor)"
		bind '"\C-x\C-j": accept-line'
		;;
	esac
}

if ((BASH_VERSINFO[0] < 4)); then
	_hguard_warn "bash $BASH_VERSION is too old for the hook (needs 4.0): commands are NOT checked"
elif [[ ! -o emacs && ! -o vi ]]; then
	_hguard_warn "line editing is off in this bash: commands are NOT checked"
else
	for _hguard_map in emacs vi-insert vi-command; do
		bind -m "$_hguard_map" -x '"\C-x\C-h": _hguard_enter'
		bind -m "$_hguard_map" '"\C-x\C-j": accept-line'
		bind -m "$_hguard_map" '"\C-m": "\C-x\C-h\C-x\C-j"'
		bind -m "$_hguard_map" '"\C-j": "\C-x\C-h\C-x\C-j"'
		bind -m "$_hguard_map" '"\C-o": "\C-x\C-h\C-x\C-j"'
	done
	unset _hguard_map
fi
fi
