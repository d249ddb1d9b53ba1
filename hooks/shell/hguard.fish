# hguard shell hook for fish: every command line is checked by hguard before
# fish runs any of it. Load it with: hguard init fish | source
# HGUARD_DISABLE=1 turns it off for this shell.
if status is-interactive
    set -g _hguard_bin @HGUARD_BIN@
    set -g _hguard_session "fish-$fish_pid-"(date +%s)

    function _hguard_execute --description 'check the command line with hguard, then run it'
        set -l line (commandline | string collect)
        if set -q HGUARD_DISABLE; or test -z (string trim -- "$line")
            commandline -f execute
            return
        end
        # An incomplete line (open quote or block) gets its newline from execute.
        if not commandline --is-valid
            commandline -f execute
            return
        end
        if not command -q $_hguard_bin; and not test -x $_hguard_bin
            echo "hguard: warning: $_hguard_bin is missing: this line runs UNCHECKED (protection is off; see hguard doctor)" >/dev/tty
            commandline -f execute
            return
        end
        $_hguard_bin guard --shell fish --session $_hguard_session -- "$line" </dev/tty >/dev/tty 2>&1
        switch $status
            case 0
                commandline -f execute
            case 1 2
                # Refused: nothing of the line runs.
                commandline -r ''
                commandline -f repaint
            case '*'
                echo "hguard: warning: hguard failed: this line runs UNCHECKED (protection is off; see hguard doctor)" >/dev/tty
                commandline -f execute
        end
    end

    for mode in default insert visual
        bind -M $mode \r _hguard_execute
        bind -M $mode \n _hguard_execute
    end
end
