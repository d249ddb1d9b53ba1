# hguard shell hook for bash: every command line is checked by hguard before
# bash runs any of it. Load it with: eval "$(hguard init bash)"
# HGUARD_DISABLE=1 turns it off for this shell.
#
# A DEBUG trap cannot stop a whole line (true && BLOCKED && echo reached
# still runs the rest), so Enter itself is bound: it runs the check, then
# either accept-line or, for a refused line, nothing. Ctrl-O
# (operate-and-get-next) and Ctrl-X Ctrl-E (edit-and-execute-command) would
# bypass it and are bound the same way; fc is a function that checks what
# it is about to run.
if [[ $- == *i* ]]; then
_hguard_bin=@HGUARD_BIN@
_hguard_session="bash-$$-${EPOCHREALTIME:-$SECONDS}"
_hguard_defargs=()

_hguard_warn() { printf 'hguard: warning: %s\n' "$*" >/dev/tty; }

# _hguard_incomplete says whether the line needs more lines before bash can
# run it (an open quote, loop or heredoc): then Enter adds a newline.
_hguard_incomplete() {
	local err
	err=$(bash -n -c "$1" 2>&1 >/dev/null) && [[ $err != *here-document* ]] && return 1
	[[ $err == *"unexpected end of file"* || $err == *"unexpected EOF"* || $err == *here-document* ]]
}

# _hguard_defs sets _hguard_defargs to the --alias and --function arguments
# for the aliases and functions of this shell that the text $1 names, and
# those that their definitions name in turn: hguard judges the line as bash
# will run it (alias del='rm -rf'; del ~/* is rm -rf ~/*).
_hguard_defs() {
	local -
	set -f
	local IFS=$' \t\n' w def n=0
	local -A seen=()
	local -a todo=(${1//[;&|()<>\`\$\"\'\{\}=]/ })
	_hguard_defargs=()
	while ((${#todo[@]} > 0 && n < 64)); do
		w=${todo[0]}
		todo=("${todo[@]:1}")
		[[ $w =~ ^[][A-Za-z0-9_.:+%,@/^~!-]+$ && -z ${seen[x$w]+set} ]] || continue
		seen[x$w]=1
		if [[ -n ${BASH_ALIASES[$w]+set} ]]; then
			def=${BASH_ALIASES[$w]}
			_hguard_defargs+=(--alias "$w=$def")
			todo+=(${def//[;&|()<>\`\$\"\'\{\}=]/ })
			((n++))
		fi
		if [[ $w != fc && $w != _hguard_* ]] && declare -F -- "$w" >/dev/null 2>&1; then
			def=$(declare -f -- "$w")
			_hguard_defargs+=(--function "$def")
			todo+=(${def//[;&|()<>\`\$\"\'\{\}=]/ })
			((n++))
		fi
	done
}

# _hguard_decide checks $1 (the text bash will run) and says whether it may
# run: 0 yes, 1 no. It prints hguard's message after the line, which bind -x
# has wiped from the screen ($2: show the refused line again, as typed).
#
# The line runs unchecked only when hguard is missing or crashed (killed by
# a signal, or the shell could not start it), and then says so loudly. Any
# other failure (exit 70, an unknown exit) asks the person.
_hguard_decide() {
	local text=$1 shown=$2 msg rc answer
	if ! type -P -- "$_hguard_bin" >/dev/null 2>&1 && [[ ! -x $_hguard_bin ]]; then
		_hguard_warn "$_hguard_bin is missing: this line runs UNCHECKED (protection is off; see hguard doctor)"
		return 0
	fi
	_hguard_defs "$text"
	# The approval prompt goes to /dev/tty itself; messages are kept to be
	# shown below the line.
	msg=$("$_hguard_bin" guard --shell bash --session "$_hguard_session" "${_hguard_defargs[@]}" -- "$text" 2>&1 </dev/tty >/dev/tty)
	rc=$?
	case $rc in
	0)
		[[ -n $msg ]] && printf '%s\n' "$msg" >/dev/tty
		return 0
		;;
	1 | 2)
		_hguard_show "$shown"
		[[ -n $msg ]] && printf '%s\n' "$msg" >/dev/tty
		return 1
		;;
	126 | 127 | 1[3-9][0-9] | 129 | 2[0-9][0-9])
		[[ -n $msg ]] && printf '%s\n' "$msg" >/dev/tty
		_hguard_warn "hguard crashed (exit $rc): this line runs UNCHECKED (protection is off; see hguard doctor)"
		return 0
		;;
	esac
	_hguard_show "$shown"
	[[ -n $msg ]] && printf '%s\n' "$msg" >/dev/tty
	printf 'hguard: hguard failed (exit %s) and could not check this line; see hguard doctor.\nRun it UNCHECKED? [y/N] ' "$rc" >/dev/tty
	read -r -n 1 answer </dev/tty
	printf '\n' >/dev/tty
	[[ $answer == [yY] ]]
}

# _hguard_histexpand prints the history expansion of $1, in a subshell.
# history -p first deletes the last history entry when it was just added,
# taking it for the history -p command itself; here it is the last command,
# so it is put back (history -s sets the flag that stops the deletion).
_hguard_histexpand() {
	local last n m
	last=$(HISTTIMEFORMAT='' builtin history 1)
	if [[ $last =~ ^\ *([0-9]+)[\ *]\ (.*)$ ]]; then
		n=${BASH_REMATCH[1]} last=${BASH_REMATCH[2]}
		builtin history -s -- "$last"
		m=$(HISTTIMEFORMAT='' builtin history 1)
		[[ $m =~ ^\ *([0-9]+) ]] && ((BASH_REMATCH[1] > n)) && builtin history -d "${BASH_REMATCH[1]}"
	fi
	builtin history -p -- "$1"
}

# _hguard_show prints the prompt's last line and the line as typed: bind -x
# clears the line from the screen before its command runs, and a refused
# line should stay visible above the reason.
_hguard_show() {
	local p=${PS1@P}
	p=${p##*$'\n'}
	p=${p//[$'\001\002']/}
	printf '%s%s\n' "$p" "$1" >/dev/tty
}

# _hguard_then sets what the key after the check does: accept-line, or
# nothing. Between prompts it does nothing (_hguard_reset), so the key
# typed by hand accepts no unchecked line.
_hguard_then() { bind "\"\\C-x\\C-j\": $1"; }
_hguard_reset() {
	local m
	for m in emacs vi-insert vi-command; do
		bind -m "$m" '"\C-x\C-j": redraw-current-line'
	done
}

# _hguard_enter is bound to Enter: it decides what the key after it does.
_hguard_enter() {
	local line=$READLINE_LINE text
	if [[ -n ${HGUARD_DISABLE:-} || -z ${line//[[:space:]]/} ]]; then
		_hguard_then accept-line
		return
	fi
	if _hguard_incomplete "$line"; then
		READLINE_LINE+=$'\n'
		READLINE_POINT=${#READLINE_LINE}
		_hguard_then redraw-current-line
		return
	fi
	# History expansion (!!, !touch, ^a^b) happens after Enter: check what
	# it gives. When it fails bash runs nothing, and the line as typed is checked.
	text=$line
	local hc=${histchars:-'!^#'}
	if [[ $- == *H* && ($line == *"${hc:0:1}"* || $line == "${hc:1:1}"*) ]]; then
		text=$(_hguard_histexpand "$line" 2>/dev/null) || text=$line
	fi
	if _hguard_decide "$text" "$line"; then
		_hguard_then accept-line
	else
		# Refused: nothing of the line runs and it does not enter history,
		# so !!, fc -s and Up do not bring it back to run.
		READLINE_LINE=''
		READLINE_POINT=0
		if [[ -o vi ]]; then
			# As after accept-line, the next line starts in insert mode.
			bind -m vi-command '"\C-x\C-j": vi-insertion-mode'
			bind -m vi-insert '"\C-x\C-j": redraw-current-line'
		else
			_hguard_then redraw-current-line
		fi
	fi
}

# _hguard_edit is Ctrl-X Ctrl-E (and v in vi command mode): the line is
# edited in $VISUAL or $EDITOR and comes back to the command line, where
# Enter's check follows. bash's own edit-and-execute-command would run it
# unchecked.
_hguard_edit() {
	local f
	local -a editor=(${VISUAL:-${EDITOR:-vi}})
	f=$(mktemp "${TMPDIR:-/tmp}/hguard-edit.XXXXXX") || return
	printf '%s\n' "$READLINE_LINE" >"$f"
	"${editor[@]}" "$f" </dev/tty >/dev/tty
	READLINE_LINE=$(<"$f")
	READLINE_POINT=${#READLINE_LINE}
	rm -f -- "$f"
}

# fc runs lines from history (fc -s, fc -e -) or edited in an editor (fc,
# fc -e ED): bash's fc runs them without Enter. This fc passes an editor
# of its own that checks what is about to run and empties it when refused.
fc() {
	local -a opts=()
	local ename='' subst=0 list=0
	while (($# > 0)); do
		case $1 in
		--) shift; break ;;
		-e) ename=$2; shift 2 ;;
		-e*) ename=${1#-e}; shift ;;
		-s) subst=1; shift ;;
		-[0-9]*) break ;;
		-*) [[ $1 == *l* ]] && list=1; opts+=("$1"); shift ;;
		*) break ;;
		esac
	done
	if ((list)) || [[ -n ${HGUARD_DISABLE:-} ]]; then
		builtin fc "${opts[@]}" ${ename:+-e "$ename"} "$@"
		return
	fi
	if ((subst)) || [[ $ename == - ]]; then
		# fc -s [pat=rep ...] [command]: the substitutions are made by the
		# checking editor, so what is checked is what runs.
		local -a _hguard_fc_subs=()
		while (($# > 0)) && [[ $1 == *=* ]]; do
			_hguard_fc_subs+=("$1")
			shift
		done
		_hguard_fc_editor=''
		builtin fc -e _hguard_fc_check "${@:1:1}" "${@:1:1}"
	else
		_hguard_fc_editor=${ename:-${FCEDIT:-${EDITOR:-vi}}}
		builtin fc -e _hguard_fc_check "$@"
	fi
}

# _hguard_fc_check is the editor fc runs: the real editor (or fc -s's
# substitutions), then the check; a refused file is emptied, and fc runs nothing.
_hguard_fc_check() {
	local f=$1 text sub
	if [[ -n $_hguard_fc_editor ]]; then
		local -a editor=($_hguard_fc_editor)
		"${editor[@]}" "$f" </dev/tty >/dev/tty || return
	else
		text=$(<"$f")
		for sub in "${_hguard_fc_subs[@]}"; do
			text=${text//"${sub%%=*}"/"${sub#*=}"}
		done
		printf '%s\n' "$text" >"$f"
	fi
	text=$(<"$f")
	[[ -z ${text//[[:space:]]/} ]] && return 0
	if ! _hguard_decide "$text" "$text"; then
		: >"$f"
		return 1
	fi
}

if ((BASH_VERSINFO[0] < 4)); then
	_hguard_warn "bash $BASH_VERSION is too old for the hook (needs 4.0): commands are NOT checked"
elif [[ ! -o emacs && ! -o vi ]]; then
	_hguard_warn "line editing is off in this bash: commands are NOT checked"
else
	for _hguard_map in emacs vi-insert vi-command; do
		bind -m "$_hguard_map" -x '"\C-x\C-h": _hguard_enter'
		bind -m "$_hguard_map" -x '"\C-x\C-]": _hguard_edit'
		bind -m "$_hguard_map" '"\C-x\C-j": redraw-current-line'
		bind -m "$_hguard_map" '"\C-m": "\C-x\C-h\C-x\C-j"'
		bind -m "$_hguard_map" '"\C-j": "\C-x\C-h\C-x\C-j"'
		bind -m "$_hguard_map" '"\C-o": "\C-x\C-h\C-x\C-j"'
	done
	bind -m emacs '"\C-x\C-e": "\C-x\C-]\C-x\C-h\C-x\C-j"'
	bind -m vi-command '"v": "\C-x\C-]\C-x\C-h\C-x\C-j"'
	unset _hguard_map
	# The key that accepts after a check does nothing again at each prompt.
	if ((BASH_VERSINFO[0] > 5 || BASH_VERSINFO[0] == 5 && BASH_VERSINFO[1] >= 1)); then
		[[ " ${PROMPT_COMMAND[*]-} " == *" _hguard_reset "* ]] || PROMPT_COMMAND+=(_hguard_reset)
	else
		[[ ${PROMPT_COMMAND-} == *_hguard_reset* ]] || PROMPT_COMMAND="_hguard_reset${PROMPT_COMMAND:+;$PROMPT_COMMAND}"
	fi
fi
fi
