#!/usr/bin/env bash
# Instructions per received and per sent frame on the emulated chip: runs build/qemu/BOARD/measure.elf (qemu/measure.c)
# under `qemu-system-arm -icount shift=0` (one instruction = 1 ns of virtual time) and prints its lines.
# usage: mcu/qemu/measure.sh [BOARD]      (netduinoplus2 (default) or microbit)
set -uo pipefail
board=${1:-netduinoplus2}
mcu=$(cd "$(dirname "$0")/.." && pwd)
make -s -C "$mcu" "build/qemu/$board/measure.elf" >&2 || exit 2
case $board in
  netduinoplus2) serial=(-serial null -serial stdio) ;; # the figures on the console (USART2)
  microbit) serial=(-serial stdio) ;;                  # one UART: the figures come out on it
  *) echo "measure.sh: unknown board $board" >&2; exit 2 ;;
esac
out=$(mktemp)
timeout 20 qemu-system-arm -M "$board" -display none -monitor none -icount shift=0,align=off,sleep=off \
  -kernel "$mcu/build/qemu/$board/measure.elf" "${serial[@]}" </dev/null >"$out" 2>&1 &
pid=$!
for _ in $(seq 150); do grep -q 'measure done' "$out" && break; sleep 0.1; done
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
tr -d '\r' <"$out" | grep -a '^measure '
grep -q 'measure done' "$out"; rc=$?
rm -f "$out"
exit $rc
