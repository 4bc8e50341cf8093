#!/usr/bin/env bash
# Runs the firmware (build/qemu/BOARD/firmware.elf, built by `make -C mcu qemu`) on an emulated board and puts its
# host UART on a host pty: LINK becomes a symlink to that pty, so a node opens it as it opens a real serial port:
#
#   mcu/qemu/run.sh /tmp/canopy-mcu &
#   CANOPY_PORT=/tmp/canopy-mcu bin/canopy run launch/examples/serial-robot.launch.xml
#
# Runs until killed (SIGINT/SIGTERM), then stops QEMU and removes LINK. The firmware's console (the status line,
# on boards with a second UART) goes to stdout. BOARD: netduinoplus2 (STM32F405, default) or microbit (nRF51822).
#   FIRMWARE=path.elf   another image;   QEMU_EXTRA="-icount shift=0"   more QEMU options
set -uo pipefail
usage="usage: mcu/qemu/run.sh LINK [BOARD]   (BOARD: netduinoplus2 (default) or microbit)"
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "$usage" >&2; exit 2; }
case $1 in -h|--help) echo "$usage"; exit 0;; esac
link=$1
board=${2:-netduinoplus2}
mcu=$(cd "$(dirname "$0")/.." && pwd)
case $board in
  netduinoplus2) console=yes ;; # USART1: the host line (first -serial), USART2: the console (second -serial)
  microbit) console=no ;;       # one UART (0x40002000): the host line
  *) echo "run.sh: unknown board $board; $usage" >&2; exit 2 ;;
esac
command -v qemu-system-arm >/dev/null || { echo "run.sh: qemu-system-arm is not installed (apt-get install qemu-system-arm)" >&2; exit 2; }
elf=${FIRMWARE:-$mcu/build/qemu/$board/firmware.elf}
if [ -z "${FIRMWARE:-}" ]; then
  make -s -C "$mcu" "build/qemu/$board/firmware.elf" >&2 || { echo "run.sh: building $elf failed" >&2; exit 2; }
fi
[ -f "$elf" ] || { echo "run.sh: no firmware at $elf" >&2; exit 2; }
if [ -e "$link" ] && [ ! -L "$link" ]; then
  echo "run.sh: $link exists and is not a symlink; not replacing it" >&2
  exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/canopy-qemu.XXXXXX")
mkfifo "$tmp/out"
args=(-M "$board" -display none -monitor none -kernel "$elf" -chardev pty,id=host -serial chardev:host)
if [ $console = yes ]; then
  args+=(-chardev stdio,id=console -serial chardev:console)
fi
# shellcheck disable=SC2206
args+=(${QEMU_EXTRA:-})

qpid= rpid=
cleanup() {
  trap - INT TERM EXIT
  [ -n "$qpid" ] && kill "$qpid" 2>/dev/null && wait "$qpid" 2>/dev/null
  [ -n "$rpid" ] && wait "$rpid" 2>/dev/null
  [ -L "$link" ] && [ "$(readlink "$link")" = "$(cat "$tmp/pty" 2>/dev/null)" ] && rm -f "$link"
  rm -rf "$tmp"
}
trap 'cleanup; exit 0' INT TERM
trap cleanup EXIT

qemu-system-arm "${args[@]}" >"$tmp/out" 2>&1 </dev/null &
qpid=$!
# QEMU announces the pty it allocated ("char device redirected to /dev/pts/N (label host)"): link it; pass the rest on
while IFS= read -r l; do
  l=${l%$'\r'}
  case $l in
    *"char device redirected to "*"(label host)"*)
      pty=${l#*redirected to }
      pty=${pty%% *}
      printf '%s' "$pty" >"$tmp/pty"
      ln -sfn "$pty" "$link"
      echo "run.sh: $board running $elf; host UART on $pty, linked from $link" ;;
    *) printf '%s\n' "$l" ;;
  esac
done <"$tmp/out" &
rpid=$!
wait "$qpid"
rc=$?
qpid=
echo "run.sh: qemu-system-arm exited ($rc)" >&2
exit "$rc"
