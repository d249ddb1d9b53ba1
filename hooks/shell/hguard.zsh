# hguard shell hook for zsh: every command line is checked by hguard before
# zsh runs any of it. Load it with: eval "$(hguard init zsh)"
# HGUARD_DISABLE=1 turns it off for this shell.
if [[ -o interactive ]]; then
typeset -g _hguard_bin=@HGUARD_BIN@
typeset -g _hguard_session="zsh-$$-${EPOCHREALTIME:-$SECONDS}"
typeset -ga _hguard_defargs
typeset -g _hguard_banghist=

# _hguard_defs sets _hguard_defargs to the --alias, --global-alias,
# --suffix-alias and --function arguments for the aliases and functions of
# this shell that the text $1 names, and
# those that their definitions name in turn: hguard judges the line as zsh
# will run it (alias del='rm -rf'; del ~/* is rm -rf ~/*).
_hguard_defs() {
	emulate -L zsh
	local w def ext n=0
	local -A seen
	local -a todo
	todo=(${(z)1})
	_hguard_defargs=()
	while (( $#todo > 0 && n < 64 )); do
		w=$todo[1]
		shift todo
		[[ -n $w && -z ${seen[x$w]} ]] || continue
		seen[x$w]=1
		if (( ${+aliases[$w]} )); then
			def=$aliases[$w]
			_hguard_defargs+=(--alias "$w=$def")
			todo+=(${(z)def})
			(( n++ ))
		fi
		# Global aliases (alias -g) expand in any word, suffix aliases
		# (alias -s) for a command word ending in .EXT.
		if (( ${+galiases[$w]} )); then
			def=$galiases[$w]
			_hguard_defargs+=(--global-alias "$w=$def")
			todo+=(${(z)def})
			(( n++ ))
		fi
		ext=${w##*.}
		if [[ $w == ?*.* && -n $ext && $ext != */* ]] && (( ${+saliases[$ext]} )); then
			def=$saliases[$ext]
			_hguard_defargs+=(--suffix-alias "$ext=$def")
			todo+=(${(z)def})
			(( n++ ))
		fi
		if [[ $w != (fc|r|_hguard_*) ]] && (( ${+functions[$w]} )); then
			def=$functions[$w]
			_hguard_defargs+=(--function "$w () {"$'\n'"$def"$'\n'"}")
			todo+=(${(z)def})
			(( n++ ))
		fi
	done
}

# _hguard_decide checks $1 (the text zsh will run) and says whether it may
# run: 0 yes, 1 no, 3 not finished (zsh reads more lines, then the whole is
# checked). hguard's messages are kept in _hguard_msg, shown by the caller.
#
# The line runs unchecked only when hguard is missing or crashed (killed by
# a signal, or zsh could not start it), and then says so loudly. Any other
# failure (exit 70, an unknown exit) asks the person.
_hguard_decide() {
	emulate -L zsh
	local text=$1 rc answer
	_hguard_msg=
	[[ -n ${HGUARD_DISABLE:-} || -z ${text//[[:space:]]/} ]] && return 0
	if ! whence -p -- $_hguard_bin >/dev/null 2>&1 && [[ ! -x $_hguard_bin ]]; then
		_hguard_msg="hguard: warning: $_hguard_bin is missing: this line runs UNCHECKED (protection is off; see hguard doctor)"
		return 0
	fi
	_hguard_defs $text
	# The approval prompt goes to /dev/tty itself; messages are kept to be
	# shown below the line.
	_hguard_msg=$($_hguard_bin guard --incomplete-ok --shell zsh --session $_hguard_session $_hguard_defargs -- $text 2>&1 </dev/tty >/dev/tty)
	rc=$?
	case $rc in
	0 | 3) return $rc ;;
	1 | 2) return 1 ;;
	126 | 127 | <129-255>)
		_hguard_msg+="${_hguard_msg:+$'\n'}hguard: warning: hguard crashed (exit $rc): this line runs UNCHECKED (protection is off; see hguard doctor)"
		return 0
		;;
	esac
	# Below the line (the cursor is at its end), then the question.
	print -r -- $'\n'"${_hguard_msg:+$_hguard_msg$'\n'}hguard: hguard failed (exit $rc) and could not check this line; see hguard doctor." >/dev/tty
	print -n -- "Run it UNCHECKED? [y/N] " >/dev/tty
	read -k 1 answer </dev/tty
	print >/dev/tty
	_hguard_msg=
	_hguard_wrote=1
	[[ $answer == [yY] ]]
}

# _hguard_accept runs in place of accept-line and its relatives. It calls
# the widget it replaced, so other plugins that wrap accept-line keep working.
_hguard_accept() {
	# History expansion (!!, !touch, ^a^b) is done here, in the buffer, so
	# that what is checked is what runs; zsh does not expand it again.
	[[ -n $_hguard_banghist ]] && setopt banghist
	if [[ -o banghist && -z ${HGUARD_DISABLE:-} ]]; then
		_hguard_banghist=1
		zle expand-history
	fi
	# At a continuation prompt PREBUFFER holds the lines before this one.
	CURSOR=$#BUFFER
	typeset -g _hguard_wrote=
	_hguard_decide "$PREBUFFER$BUFFER"
	local rc=$?
	if (( rc != 1 )); then
		if [[ -n $_hguard_wrote ]]; then
			zle -I
		elif [[ -n $_hguard_msg ]]; then
			# Below the line, which stays on screen; zle draws it again
			# under the message when it runs.
			zle -I
			print -r -- $_hguard_msg >/dev/tty
		fi
		[[ -n $_hguard_banghist ]] && unsetopt banghist
		zle _hguard_orig_$WIDGET -- "$@"
		return
	fi
	# Refused: nothing of the line (or of the lines before it) runs, none of
	# it enters history, and the next prompt is a fresh one below the
	# reason. send-break leaves the line on screen and goes to a new line;
	# the reason is printed there, before the next prompt (_hguard_precmd).
	typeset -g _hguard_pending=$_hguard_msg
	zle send-break
}

# The expansion turned history expansion off for the accepted line; it is
# on again for the next. The reason for a refusal is printed here.
_hguard_precmd() {
	[[ -n $_hguard_banghist ]] && setopt banghist
	if [[ -n ${_hguard_pending-} ]]; then
		print -r -- $_hguard_pending
		_hguard_pending=
	fi
	return 0
}
[[ ${precmd_functions[(I)_hguard_precmd]} -gt 0 ]] || precmd_functions+=(_hguard_precmd)

# r and fc run lines from history (fc -s, r, fc -e -) or edited in an
# editor (fc, fc -e ED) without Enter. These functions check what is about
# to run first: the substitutions and the editor are done by an editor of
# hguard's own, which empties a refused file, and fc then runs nothing.
fc() {
	emulate -L zsh
	local -a opts
	local ename='' subst=0 list=0
	while (( $# > 0 )); do
		case $1 in
		--) shift; break ;;
		-e) ename=$2; shift 2 ;;
		-e*) ename=${1#-e}; shift ;;
		-s) subst=1; shift ;;
		-[0-9]*) break ;;
		-*) [[ $1 == *[lpPRWAI]* ]] && list=1; opts+=($1); shift ;;
		*) break ;;
		esac
	done
	if (( list )) || [[ -n ${HGUARD_DISABLE:-} ]]; then
		builtin fc $opts ${ename:+-e} ${ename:+$ename} "$@"
		return
	fi
	if (( subst )) || [[ $ename == - ]]; then
		typeset -ga _hguard_fc_subs
		_hguard_fc_subs=()
		while (( $# > 0 )) && [[ $1 == *=* ]]; do
			_hguard_fc_subs+=($1)
			shift
		done
		typeset -g _hguard_fc_editor=''
		builtin fc $opts -e _hguard_fc_check ${1:+$1} ${1:+$1}
	else
		typeset -g _hguard_fc_editor=${ename:-${FCEDIT:-${EDITOR:-vi}}}
		builtin fc $opts -e _hguard_fc_check "$@"
	fi
}
r() { fc -e - "$@"; }

_hguard_fc_check() {
	emulate -L zsh
	local f=$1 text sub
	if [[ -n $_hguard_fc_editor ]]; then
		${=_hguard_fc_editor} $f </dev/tty >/dev/tty || return
	else
		text=$(<$f)
		for sub in $_hguard_fc_subs; do
			text=${text//${(b)sub%%=*}/${sub#*=}}
		done
		print -r -- $text >$f
	fi
	text=$(<$f)
	[[ -z ${text//[[:space:]]/} ]] && return 0
	_hguard_decide $text
	local rc=$?
	[[ -n $_hguard_msg ]] && print -r -- $_hguard_msg >/dev/tty
	if (( rc == 1 )); then
		print -r -- "hguard: not run: $text" >/dev/tty
		: >$f
		return 1
	fi
	return 0
}

() {
	local w
	for w in accept-line accept-and-hold accept-line-and-down-history accept-and-infer-next-history; do
		if [[ ${widgets[$w]-} != user:_hguard_accept ]]; then
			zle -A $w _hguard_orig_$w 2>/dev/null || zle -A .$w _hguard_orig_$w
			zle -N $w _hguard_accept
		fi
	done
}
fi
