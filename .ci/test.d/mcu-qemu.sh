#!/usr/bin/env bash
# The firmware on emulated silicon (mcu/boards, mcu/qemu): builds it for the emulated boards, checks the linked images
# against their size budget, then runs the STM32F405 image under qemu-system-arm (-M netduinoplus2) and drives it
# with a Canopy node through a socat relay (QEMU's pty <-> the node's pty):
#   patrol    the mission completes Patrol -> ReturnToDock -> Charging -> Patrol (the evidence of
#             mcu/virtual/patrol-demo.sh: the node's mission states)
#   failsafe  SIGSTOP the node while the base drives: the firmware stops its motors by itself; after SIGCONT the
#             motor states and heartbeats it sent meanwhile say so (FAULT_COMMAND_TIMEOUT)
#   unplug    the relay stops and starts again: the node logs the device lost and back
#   bad input the library's fuzz corpus, a long burst of garbage, a bad CRC and an oversized frame into the emulated
#             UART: counted by kind, and the firmware still obeys the next good frame (a MotorCommand)
# Every step is bounded (timeout, or polling with a deadline). Prints PASS/FAIL lines and `N passed, N failed`.
#   MCU_QEMU_BOARDS   the boards to build and size-check (default: netduinoplus2 microbit); the runs use netduinoplus2
set -uo pipefail
cd "$(dirname "$0")/../.."
boards=${MCU_QEMU_BOARDS:-netduinoplus2 microbit}
# the whole linked firmware (app + library + simulated base with its double-precision libm + board port), bytes:
# flash = text + data, RAM = data + bss (the stack comes on top; the linker script keeps 2 KB free for it). Measured
# 25960 / 3976 (netduinoplus2) and 33780 / 2736 (microbit; soft float): see mcu/README.md. The library's own budget
# (8 KB / 1.5 KB on a Cortex-M0+) is checked by `make -C mcu size` in mcu.sh.
declare -A flash_budget=([netduinoplus2]=32768 [microbit]=40960)
declare -A ram_budget=([netduinoplus2]=5120 [microbit]=4096)
dir=$(mktemp -d /tmp/canopy-ci-mcu-qemu.XXXXXX)
passed=0
failed=0
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -CONT "$p" 2>/dev/null; kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
}
trap cleanup EXIT
pass() { echo "PASS mcu-qemu $*"; passed=$((passed + 1)); }
fail() { echo "FAIL mcu-qemu $*"; failed=$((failed + 1)); }
finish() {
  echo "mcu-qemu logs: $dir (took $SECONDS s)"
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
  exit
}
# wait_until SECONDS 'CONDITION': evaluates CONDITION every 0.2 s until it holds (true) or SECONDS have passed (false)
wait_until() {
  local end=$((SECONDS + $1))
  while :; do
    eval "$2" && return 0
    [ "$SECONDS" -ge "$end" ] && return 1
    sleep 0.2
  done
}

# ---- build and size ----
if timeout -k 10 300 make -C mcu qemu QEMU_BOARDS="$boards" >"$dir/build.log" 2>&1; then
  pass "make -C mcu qemu builds $(for b in $boards; do printf 'build/qemu/%s/firmware.elf ' "$b"; done)"
else
  fail "make -C mcu qemu (see $dir/build.log)"
  tail -n 20 "$dir/build.log"
  finish
fi
for b in $boards; do
  elf=mcu/build/qemu/$b/firmware.elf
  read -r text data bss < <(timeout 10 arm-none-eabi-size "$elf" | awk 'NR == 2 {print $1, $2, $3}')
  flash=$((text + data)) ram=$((data + bss))
  heap=$(timeout 10 arm-none-eabi-nm "$elf" | awk '{print $NF}' \
    | grep -E '^(_?malloc|_?calloc|_?realloc|_?free|_malloc_r|_free_r|_sbrk|_sbrk_r)$' | tr '\n' ' ')
  if [ "$flash" -le "${flash_budget[$b]}" ] && [ "$ram" -le "${ram_budget[$b]}" ] && [ -z "$heap" ]; then
    pass "$b firmware.elf: flash $flash B <= ${flash_budget[$b]}, RAM $ram B <= ${ram_budget[$b]} (text $text data $data bss $bss), no heap"
  else
    fail "$b firmware.elf: flash $flash B (budget ${flash_budget[$b]}), RAM $ram B (budget ${ram_budget[$b]})${heap:+, links $heap}"
  fi
done

# ---- QEMU, the relay, the node ----
for tool in qemu-system-arm socat; do
  command -v $tool >/dev/null || { fail "$tool is not installed"; finish; }
done
timeout -k 5 400 mcu/qemu/run.sh "$dir/qemu" netduinoplus2 >"$dir/console.log" 2>&1 &
pids+=($!)
wait_until 30 '[ -L "$dir/qemu" ]' || { fail "run.sh made no link to QEMU's pty (see $dir/console.log)"; finish; }
relays=0
relay_pid=
start_relay() { # QEMU's pty <-> a new pty at $dir/node; -R dumps what the firmware sends
  relays=$((relays + 1))
  timeout -k 5 400 socat -d -d -R "$dir/from-mcu.$relays.bin" pty,raw,echo=0,link="$dir/node" \
    open:"$dir/qemu",raw,echo=0 2>>"$dir/socat.log" &
  relay_pid=$!
  pids+=($relay_pid)
  wait_until 10 '[ -e "$dir/node" ]'
}
start_relay || { fail "socat made no relay (see $dir/socat.log)"; finish; }

# bin/canopy execs java: $! is the node itself (SIGSTOP below must reach it); --duration and the trap bound it
CANOPY_PORT="$dir/node" bin/canopy run launch/examples/serial-robot.launch.xml \
  --arg mqtt_port=0 --status-every 250ms --duration 300s >"$dir/node.log" 2>&1 &
node_pid=$!
pids+=($node_pid)

states() { grep -o 'mission:[A-Za-z]*' "$dir/node.log" 2>/dev/null | uniq | tr '\n' ' '; }
cycled() { states | grep -q 'mission:Patrol mission:ReturnToDock mission:Charging mission:Patrol' || ! kill -0 "$node_pid" 2>/dev/null; }
start=$SECONDS
wait_until 180 cycled
if states | grep -q 'mission:Patrol mission:ReturnToDock mission:Charging mission:Patrol'; then
  pass "patrol: the mission completed a cycle through the emulated STM32F405 in $((SECONDS - start))s: $(states)"
else
  fail "patrol: no full cycle in $((SECONDS - start))s; mission states seen: $(states)"
  tail -n 5 "$dir/node.log"
fi

# the firmware's status line (its console, USART2) and its fields
last_status() { grep -a '^t=' "$dir/console.log" | tail -n 1; }
field() { sed -n "s/.*[ |(]$1[= ]\([^ )]*\).*/\1/p" <<<"$2"; }
wheels_abs() { field wheels "$1" | awk -F/ '{ l = $1 < 0 ? -$1 : $1; r = $2 < 0 ? -$2 : $2; print (l > r ? l : r) }'; }
moving() { awk -v v="$(wheels_abs "$(last_status)")" 'BEGIN { exit !(v > 1) }'; }
stops() { local s; s=$(last_status); echo $(( $(field timeouts "$s") + $(field host_silences "$s") )); }

# ---- failsafe: the node is paused while the base drives ----
if wait_until 20 moving; then
  before=$(last_status)
  stops0=$(stops)
  dump=$dir/from-mcu.$relays.bin
  off=$(stat -c %s "$dump")
  kill -STOP "$node_pid"
  paused=$SECONDS
  stopped_by_fw() { local s; s=$(last_status); awk -v v="$(wheels_abs "$s")" 'BEGIN { exit !(v < 0.05) }' && [ "$(stops)" -gt "$stops0" ]; }
  if wait_until 5 stopped_by_fw; then fw_stopped=yes; else fw_stopped=no; fi
  after=$(last_status)
  # and past the host-silence timeout (500 ms) too, so both stops have happened
  wait_until 5 '[ "$(field host_silences "$(last_status)")" -gt "$(field host_silences "$before")" ]'
  kill -CONT "$node_pid"
  echo "  firmware while driving:        $before"
  echo "  firmware with the node paused: $after"
  # what the firmware sent while the node was paused (the node reads it when it resumes)
  mcu/build/qemu/frames "$dump" "$off" >"$dir/failsafe-frames.txt"
  hb=$(grep -c '^heartbeat .*fault_flags=4$' "$dir/failsafe-frames.txt")
  st=$(grep '^motor_state ' "$dir/failsafe-frames.txt" | grep -c 'velocity=-\?0\.0[0-4][0-9] .*fault_flags=[4-7]$')
  if [ "$fw_stopped" = yes ] && [ "$hb" -ge 1 ] && [ "$st" -ge 2 ]; then
    pass "failsafe: with the node stopped (SIGSTOP) the firmware stopped both wheels by itself (timeouts $(field timeouts "$after"), host silences $(field host_silences "$after")); it reported $st still motor states with FAULT_COMMAND_TIMEOUT and $hb heartbeats with fault_flags=4, read after SIGCONT"
    grep -m 1 '^heartbeat .*fault_flags=4$' "$dir/failsafe-frames.txt" | sed 's/^/  /'
    grep '^motor_state ' "$dir/failsafe-frames.txt" | grep 'velocity=-\?0\.0[0-4][0-9] .*fault_flags=[4-7]$' | tail -n 2 | sed 's/^/  /'
  else
    fail "failsafe: with the node paused: wheels $(field wheels "$after"), timeouts + host silences $(( $(field timeouts "$after") + $(field host_silences "$after") )) (before $stops0), $st stopped motor states and $hb heartbeats with FAULT_COMMAND_TIMEOUT (see $dir/failsafe-frames.txt)"
  fi
  commands0=$(field commands "$(last_status)")
  if wait_until 10 '[ "$(field commands "$(last_status)")" -gt "$commands0" ]'; then
    pass "failsafe: after SIGCONT the node commands the base again (commands $(field commands "$(last_status)"))"
  else
    fail "failsafe: no command from the node after SIGCONT"
  fi
else
  fail "failsafe: the base never drove: $(last_status)"
fi

# ---- unplug: the relay between QEMU and the node goes away and comes back ----
# SerialLink's own lines ("serial PORT: device lost (...)", "serial PORT: device back after N ms"), not the Failsafe's
lost_re='SerialLink - serial .*: device lost\|SerialLink - serial .*: cannot open'
back_re='SerialLink - serial .*: device back'
lost0=$(grep -c "$lost_re" "$dir/node.log")
back0=$(grep -c "$back_re" "$dir/node.log")
kill "$relay_pid"
if wait_until 15 '[ "$(grep -c "$lost_re" "$dir/node.log")" -gt "$lost0" ]'; then
  pass "unplug: the relay stopped and the node reports the link lost: $(grep "$lost_re" "$dir/node.log" | tail -n 1 | sed 's/.*SerialLink - //' | cut -c1-160)"
else
  fail "unplug: the node did not report the link lost"
fi
rx0=$(field frames "$(last_status)")
start_relay
if wait_until 20 '[ "$(grep -c "$back_re" "$dir/node.log")" -gt "$back0" ]' \
  && wait_until 10 '[ "$(field frames "$(last_status)")" -gt "$((rx0 + 10))" ]'; then
  pass "unplug: the relay is back and so is the link: $(grep "$back_re" "$dir/node.log" | tail -n 1 | sed 's/.*SerialLink - //' | cut -c1-120); the firmware decodes the node's frames again ($(field frames "$(last_status)"))"
else
  fail "unplug: the link did not come back: $(tail -n 2 "$dir/node.log")"
fi

# ---- bad input: the node goes, the script writes into the emulated UART ----
kill "$node_pid"
wait_until 15 '! kill -0 "$node_pid" 2>/dev/null'
bad0=$(last_status)
timeout -k 2 120 cat "$dir/node" >"$dir/answers.bin" 2>/dev/null &
pids+=($!)
exec 3<>"$dir/node"
hb=010982010308E8072EB000        # Heartbeat{uptime_ms: 1000}, seq 0 (the worked example of docs/wire-format.md)
bad_crc=010982010308E8072EB100   # the same with its CRC changed
unhex() { printf "$(sed 's/../\\x&/g' <<<"$1")"; }
{
  for f in mcu/test/fuzz-seeds/*; do cat "$f"; printf '\0'; done
  head -c 65536 /dev/urandom
  printf '\0'
  unhex "$bad_crc"
  head -c 3000 /dev/zero | tr '\0' '\377'  # 3000 bytes without a delimiter: oversized
  printf '\0'
} >"$dir/bad-input.bin"
sent=$(stat -c %s "$dir/bad-input.bin")
rx_before=$(field rx_bytes "$bad0")
timeout 60 cat "$dir/bad-input.bin" >&3
if wait_until 60 '[ "$(field rx_bytes "$(last_status)")" -ge "$((rx_before + sent))" ]'; then
  # then a good frame: a MotorCommand (motor 0, 5 rad/s, timeout 300 ms). First wait until the firmware has seen no
  # good frame for 0.75 s (the corpus holds good frames, some of them commands), so that its wheels are stopped:
  # the answer is then unambiguous, motor 0 driving in the MotorStates it sends after the command (until the command
  # times out), and the command counted on its console. Quiet: the trailing status lines with the last frame count
  # span 0.75 s or more.
  quiet() {
    grep -a '^t=' "$dir/console.log" | tail -n 12 | sed -n 's/^t=\([0-9.]*\)s.* rx frames=\([0-9]*\) .*/\1 \2/p' \
      | awk '{ t[NR] = $1; f[NR] = $2 } END { i = NR; while (i > 1 && f[i - 1] == f[NR]) i--; exit !(NR > 0 && t[NR] - t[i] >= 0.75) }'
  }
  wait_until 10 quiet
  off=$(stat -c %s "$dir/answers.bin")
  commands1=$(field commands "$(last_status)")
  mcu/build/qemu/frames --command 0 5 300 >&3
  first_driving() { timeout 5 mcu/build/qemu/frames "$dir/answers.bin" "$off" | grep '^motor_state motor_id=0 ' \
    | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^effort=/) { split($i, a, "="); if (a[2] > 0.05) { print; exit } } }'; }
  if wait_until 10 '[ -n "$(first_driving)" ]' && wait_until 5 '[ "$(field commands "$(last_status)")" -gt "$commands1" ]'; then
    ok=yes
    echo "  the firmware's answer: $(first_driving)"
  else
    ok=no
  fi
  after=$(last_status)
  kinds() { sed -n 's/.*bad=\([0-9]*\) (\([^)]*\)).*/bad \1: \2/p' <<<"$1"; }
  echo "  before: $(kinds "$bad0"); rx_bytes $(field rx_bytes "$bad0")"
  echo "  after:  $(kinds "$after"); rx_bytes $(field rx_bytes "$after"); uart rx_overflow $(field rx_overflow "$after") overrun $(field overrun "$after")"
  d() { echo $(( $(field "$1" "$after") - $(field "$1" "$bad0") )); }
  crc=$(d crc) oversize=$(d oversize) cobs=$(d cobs)
  resets=$(grep -ac '^canopy firmware:' "$dir/console.log")
  if [ "$ok" = yes ] && [ "$crc" -ge 1 ] && [ "$oversize" -ge 1 ] && [ "$resets" = 1 ]; then
    pass "bad input: $sent bytes (34 fuzz seeds, 64 KB of garbage, a bad CRC, an oversized frame) all taken by the UART, dropped and counted (+$(d bad) bad frames: crc +$crc, oversize +$oversize, cobs +$cobs, short +$(d short), unparsable +$(d unparsable)); no reset; the next good frame, a MotorCommand, is applied (commands $(field commands "$after")) and the firmware drives motor 0 in answer"
  else
    fail "bad input: answered=$ok crc +$crc oversize +$oversize firmware starts $resets: $after"
  fi
else
  fail "bad input: the UART took $(( $(field rx_bytes "$(last_status)") - rx_before )) of $sent bytes in 60 s"
fi
exec 3>&-
grep -aq '^t=' "$dir/console.log" && echo "  firmware: $(last_status)"
finish
