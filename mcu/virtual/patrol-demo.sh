#!/usr/bin/env bash
# The patrol demo on the virtual microcontroller: socat makes a pty pair, build/virtual-mcu (the diffdrive
# firmware on Linux) serves one end, `canopy run launch/examples/serial-robot.launch.xml` opens the other.
# Passes when the mission completes a cycle (Patrol -> ReturnToDock -> Charging -> Patrol) and, after the node
# stops, the firmware has stopped its motors by itself (host silence).
#
# usage: mcu/virtual/patrol-demo.sh [TIMEOUT_SECONDS]      (from the repository root; default 180)
# Logs: $CANOPY_DEMO_DIR (default: a fresh temporary directory), printed at the end.
set -uo pipefail
cd "$(dirname "$0")/../.."
limit=${1:-180}
dir=${CANOPY_DEMO_DIR:-$(mktemp -d /tmp/canopy-mcu-demo.XXXXXX)}
mkdir -p "$dir"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  sleep 0.3
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done
}
trap cleanup EXIT

fail() {
  echo "FAIL patrol demo on the virtual MCU: $*"
  echo "--- node log (last 15 lines): $dir/node.log"; tail -n 15 "$dir/node.log" 2>/dev/null
  echo "--- virtual MCU log (last 5 lines): $dir/mcu.log"; tail -n 5 "$dir/mcu.log" 2>/dev/null
  exit 1
}

[ -x mcu/build/virtual-mcu ] || fail "mcu/build/virtual-mcu is missing; run make -C mcu"
command -v socat >/dev/null || fail "socat is not installed (apt-get install socat)"

timeout -k 5 $((limit + 30)) socat -d -d pty,raw,echo=0,link="$dir/node" pty,raw,echo=0,link="$dir/mcu" 2>"$dir/socat.log" &
pids+=($!)
for _ in $(seq 50); do [ -e "$dir/node" ] && [ -e "$dir/mcu" ] && break; sleep 0.1; done
[ -e "$dir/mcu" ] || fail "socat made no pty pair (see $dir/socat.log)"

# the battery settings of launch/examples/patrol.launch.xml (drain x60, dock at 0.5,1.5 charging 15 %/s), starting
# at 30 % so that the cycle takes about half a minute
timeout -k 5 $((limit + 20)) mcu/build/virtual-mcu "$dir/mcu" --battery 30 --drain 60 --charge-rate 15 \
  --dock 0.5,1.5 --status-ms 1000 >"$dir/mcu.log" 2>&1 &
mcu_pid=$!
pids+=($mcu_pid)

CANOPY_PORT="$dir/node" timeout -k 10 $((limit + 10)) bin/canopy run launch/examples/serial-robot.launch.xml \
  --arg mqtt_port=0 --status-every 250ms --duration "${limit}s" >"$dir/node.log" 2>&1 &
node_pid=$!
pids+=($node_pid)

# the mission states in the order the status lines show them, repeats folded
states() { grep -o 'mission:[A-Za-z]*' "$dir/node.log" 2>/dev/null | uniq | tr '\n' ' '; }
start=$SECONDS
cycle=no
while [ $((SECONDS - start)) -lt "$limit" ]; do
  if states | grep -q 'mission:Patrol mission:ReturnToDock mission:Charging mission:Patrol'; then cycle=yes; break; fi
  kill -0 "$node_pid" 2>/dev/null || break
  sleep 1
done
took=$((SECONDS - start))
[ "$cycle" = yes ] || fail "no full cycle within ${took}s; mission states seen: $(states)"
echo "PASS the mission completed a cycle on the virtual MCU in ${took}s: $(states)"

kill -TERM "$node_pid" 2>/dev/null
wait "$node_pid" 2>/dev/null
grep -q "stopped cleanly" "$dir/node.log" || fail "the node did not stop cleanly"
sleep 1.5 # longer than the firmware's host-silence timeout (500 ms)
kill -TERM "$mcu_pid" 2>/dev/null
wait "$mcu_pid" 2>/dev/null
last=$(grep '^t=' "$dir/mcu.log" | tail -n 1)
echo "  virtual MCU: $last"
frames=$(sed -n 's/.*rx frames=\([0-9]*\).*/\1/p' <<<"$last")
bad=$(sed -n 's/.* bad=\([0-9]*\).*/\1/p' <<<"$last")
silences=$(sed -n 's/.*host_silences=\([0-9]*\).*/\1/p' <<<"$last")
wheels=$(sed -n 's/.*wheels=\([^ ]*\) rad\/s.*/\1/p' <<<"$last")
[ "${frames:-0}" -gt 100 ] || fail "the firmware decoded only ${frames:-0} frames from the node"
[ "${bad:-1}" = 0 ] || fail "the firmware counted $bad bad frames from the node"
echo "PASS the firmware decoded $frames frames from the node, none bad"
still=$(awk -F/ '{ l = $1 < 0 ? -$1 : $1; r = $2 < 0 ? -$2 : $2; print (l < 0.05 && r < 0.05) ? "yes" : "no" }' <<<"$wheels")
[ "${silences:-0}" -ge 1 ] && [ "$still" = yes ] \
  || fail "after the node stopped the firmware should have stopped its motors (host_silences=$silences wheels=$wheels)"
echo "PASS the firmware stopped its motors when the node went silent"
echo "logs: $dir"
