# hguard shell hook for fish: every command line is checked by hguard before
# fish runs any of it. Load it with: hguard init fish | source
# HGUARD_DISABLE=1 turns it off for this shell.
if status is-interactive
    set -g _hguard_bin @HGUARD_BIN@
    set -g _hguard_session "fish-$fish_pid-"(date +%s)

    # _hguard_defs prints the --function arguments for the functions of
    # this shell that the text $argv[1] names (fish's aliases are
    # functions), and those their definitions name in turn: hguard judges
    # the line as fish will run it. fish's own functions are left out.
    function _hguard_defs
        set -l todo (string split -n -- ' ' (string replace -ar -- '[;&|()<>"\'$\n\t{}=]' ' ' $argv[1]))
        set -l abbrs (abbr --show)
        set -l seen
        set -l n 0
        while test (count $todo) -gt 0 -a $n -lt 64
            set -l w $todo[1]
            set -e todo[1]
            if contains -- $w $seen; or string match -q -- '_hguard_*' $w
                continue
            end
            set -a seen $w
            # An abbreviation is expanded by execute (and by a space): it is
            # passed as an alias, or as a global alias when it expands in any
            # position. Its name, or its --regex (which must match the whole
            # word), selects it; --function computes the expansion.
            for def in $abbrs
                set -g _hguard_abbr
                eval (string replace -r -- '^abbr' _hguard_abbr_collect $def)
                test (count $_hguard_abbr) -ge 1; or continue
                if set -q _hguard_abbr_regex[1]
                    string match -qr -- "^(?:$_hguard_abbr_regex)\$" $w; or continue
                else if test "$_hguard_abbr[1]" != "$w"
                    continue
                end
                set -l exp $_hguard_abbr[2..-1]
                if set -q _hguard_abbr_function[1]
                    string match -q -- '_hguard_*' $_hguard_abbr_function; and continue
                    set exp ($_hguard_abbr_function $w 2>/dev/null | string collect)
                end
                set exp (string join ' ' -- $exp)
                test -n "$exp"; or continue
                if test "$_hguard_abbr_position" = anywhere
                    printf '%s\0' --global-alias "$w=$exp"
                else
                    printf '%s\0' --alias "$w=$exp"
                end
                set -a todo (string split -n -- ' ' (string replace -ar -- '[;&|()<>"\'$\n\t{}=]' ' ' $exp))
                set n (math $n + 1)
            end
            functions -q -- $w; or continue
            set -l file (functions --details -- $w)
            if string match -q -- "$__fish_data_dir/*" $file
                continue
            end
            set -l def (functions --no-details -- $w | string collect)
            printf '%s\0' --function $def
            set -a todo (string split -n -- ' ' (string replace -ar -- '[;&|()<>"\'$\n\t{}=]' ' ' $def))
            set n (math $n + 1)
        end
    end

    # _hguard_abbr_collect keeps one line of abbr --show: the name and
    # expansion in _hguard_abbr, and its --regex, --function and --position.
    function _hguard_abbr_collect
        argparse -i a/add r/regex= f/function= p/position= 'set-cursor=?' g/global U/universal -- $argv 2>/dev/null
        set -g _hguard_abbr $argv
        set -g _hguard_abbr_regex $_flag_regex
        set -g _hguard_abbr_function $_flag_function
        set -g _hguard_abbr_position $_flag_position
    end

    # _hguard_decide checks $argv[1] and returns 0 (run it) or 1 (do not).
    # The line runs unchecked only when hguard is missing or crashed (killed
    # by a signal, or fish could not start it), and then says so loudly. Any
    # other failure (exit 70, an unknown exit) asks the person.
    function _hguard_decide
        set -l line $argv[1]
        if not command -q $_hguard_bin; and not test -x $_hguard_bin
            printf '\n%s\n' "hguard: warning: $_hguard_bin is missing: this line runs UNCHECKED (protection is off; see hguard doctor)" >/dev/tty
            return 0
        end
        set -l defs (_hguard_defs $line | string split0)
        # The approval prompt goes to /dev/tty itself; messages are kept to
        # be shown below the line.
        set -l msg ($_hguard_bin guard --shell fish --session $_hguard_session $defs -- $line 2>&1 </dev/tty >/dev/tty)
        set -l rc $status
        switch $rc
            case 0
                # Below the line, which stays on screen.
                test -n "$msg"; and printf '\n%s' $msg >/dev/tty; and echo >/dev/tty
                return 0
            case 1 2
                test -n "$msg"; and printf '\n%s' $msg >/dev/tty; and echo >/dev/tty
                return 1
            case 126 127
                printf '\n%s' $msg "hguard: warning: hguard crashed (exit $rc): this line runs UNCHECKED (protection is off; see hguard doctor)" >/dev/tty
                echo >/dev/tty
                return 0
        end
        if test $rc -gt 128
            printf '\n%s' $msg "hguard: warning: hguard crashed (exit $rc): this line runs UNCHECKED (protection is off; see hguard doctor)" >/dev/tty
            echo >/dev/tty
            return 0
        end
        printf '\n%s' $msg "hguard: hguard failed (exit $rc) and could not check this line; see hguard doctor." >/dev/tty
        echo >/dev/tty
        # One key, read from the terminal itself: fish's read would start a
        # second line editor inside this binding.
        printf 'Run it UNCHECKED? [y/N] ' >/dev/tty
        set -l saved (command stty -g </dev/tty)
        command stty -icanon -echo min 1 </dev/tty
        set -l answer (command head -c 1 </dev/tty)
        command stty $saved </dev/tty
        echo $answer >/dev/tty
        string match -qi y -- "$answer"
    end

    function _hguard_execute --description 'check the command line with hguard, then run it'
        set -l line (commandline | string collect)
        # string collect: a multi-line buffer is one argument, not several.
        if set -q HGUARD_DISABLE; or test -z (string trim -- $line | string collect)
            commandline -f execute
            return
        end
        # An incomplete line (open quote or block) gets its newline from execute.
        if not commandline --is-valid
            commandline -f execute
            return
        end
        set -l row (commandline --line)
        if _hguard_decide $line
            commandline -f execute
            return
        end
        # Refused: nothing of the line runs, it does not enter history, and
        # a fresh prompt follows the reason. fish redraws its prompt as many
        # rows up as the cursor was in the buffer: that many rows are left
        # below the reason.
        for i in (seq 2 $row)
            echo >/dev/tty
        end
        commandline -r ''
        commandline -f repaint
    end

    # Every binding that executes the command line goes through the check:
    # Enter, Ctrl-J, and Ctrl-Enter and Shift-Enter as terminals send them.
    for mode in default insert visual
        for key in \r \n \e\[27\;5\;13\~ \e\[13\;5u \e\[27\;2\;13\~ \e\[13\;2u
            bind -M $mode $key _hguard_execute
        end
    end
end
