# hguard shell hook for zsh: every command line is checked by hguard before
# zsh runs any of it. Load it with: eval "$(hguard init zsh)"
# HGUARD_DISABLE=1 turns it off for this shell.
if [[ -o interactive ]]; then
typeset -g _hguard_bin=@HGUARD_BIN@
typeset -g _hguard_session="zsh-$$-${EPOCHREALTIME:-$SECONDS}"

# _hguard_allows says whether the line may run: 0 run it, 1 do not.
_hguard_allows() {
	emulate -L zsh
	local line=$1 rc
	[[ -n ${HGUARD_DISABLE:-} || -z ${line//[[:space:]]/} ]] && return 0
	if ! whence -p -- $_hguard_bin >/dev/null 2>&1 && [[ ! -x $_hguard_bin ]]; then
		print -u2 -- "hguard: warning: $_hguard_bin is missing: this line runs UNCHECKED (protection is off; see hguard doctor)"
		return 0
	fi
	$_hguard_bin guard --incomplete-ok --shell zsh --session $_hguard_session -- $line </dev/tty >/dev/tty 2>&1
	rc=$?
	case $rc in
	0 | 3) return 0 ;; # 3: not finished; zsh reads more lines, then the whole is checked
	1 | 2) return 1 ;;
	*)
		print -u2 -- "hguard: warning: hguard failed (exit $rc): this line runs UNCHECKED (protection is off; see hguard doctor)"
		return 0
		;;
	esac
}

# _hguard_accept runs in place of accept-line and its relatives. It calls
# the widget it replaced, so other plugins that wrap accept-line keep working.
_hguard_accept() {
	zle -I
	# At a continuation prompt PREBUFFER holds the lines before this one.
	if _hguard_allows "$PREBUFFER$BUFFER"; then
		zle _hguard_orig_$WIDGET -- "$@"
	else
		# Refused: nothing of the line runs; it goes to history for editing.
		print -s -r -- "$BUFFER"
		BUFFER=''
		zle -I # keep hguard's message on screen; zle redraws the prompt below it
	fi
}

() {
	local w
	for w in accept-line accept-and-hold accept-line-and-down-history; do
		if [[ ${widgets[$w]-} != user:_hguard_accept ]]; then
			zle -A $w _hguard_orig_$w 2>/dev/null || zle -A .$w _hguard_orig_$w
			zle -N $w _hguard_accept
		fi
	done
}
fi
