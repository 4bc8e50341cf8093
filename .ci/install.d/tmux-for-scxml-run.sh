# ScxmlRunTmuxTest (launch) types into `canopy scxml run` in a real terminal with tmux; without tmux it is
# skipped, so install it when missing.
command -v tmux >/dev/null 2>&1 || apt_install tmux
