#!/usr/bin/env bash
# Builds floor.c (the C clock_nanosleep floor) into launch/target/ and runs it with the arguments given.
#
#   launch/src/bench/c/run-floor.sh --hz 1000 --seconds 10 [--load] [--timer-slack-ns 1] [--fifo 80] [--json]
#
# With --with-canopy first, it then runs `bin/canopy bench ticker` with the same --hz/--seconds/--load/--json
# right after, so both figures come from the same moment on the same machine:
#
#   launch/src/bench/c/run-floor.sh --with-canopy --hz 1000 --seconds 10 --load
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
out="$root/launch/target/bench-floor"

with_canopy=0
if [ "${1:-}" = "--with-canopy" ]; then
  with_canopy=1
  shift
fi

if [ ! -x "$out" ] || [ "$here/floor.c" -nt "$out" ]; then
  mkdir -p "$(dirname "$out")"
  cc -O2 -Wall -Wextra -o "$out" "$here/floor.c" -lpthread -lm
fi

"$out" "$@"

if [ "$with_canopy" = 1 ]; then
  # pass on the options both programs understand
  args=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --hz|--seconds|--timer-slack-ns|--fifo) args+=("$1" "$2"); shift 2 ;;
      --load|--json) args+=("$1"); shift ;;
      *) shift ;;
    esac
  done
  "$root/bin/canopy" bench ticker "${args[@]}"
fi
