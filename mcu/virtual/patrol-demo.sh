#!/usr/bin/env bash
# The patrol demo on the virtual microcontroller: socat makes a pty pair, build/virtual-mcu (the diffdrive
# firmware on Linux) serves one end, `canopy run launch/examples/serial-robot.launch.xml` opens the other.
# Passes when the mission completes a cycle (Patrol -> ReturnToDock -> Charging -> Patrol; the dock tree succeeds
# only once the firmware reports BatteryState.charging, which the virtual base sets on its dock); when, after the
# node is killed while the base drives, the firmware stops its motors by itself; and when half a frame from the
# vanished host costs one bad frame and the next good frame still arrives.
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
  --dock 0.5,1.5 --status-ms 250 >"$dir/mcu.log" 2>&1 &
mcu_pid=$!
pids+=($mcu_pid)

# no `timeout` wrapper: $! must be the node itself (bin/canopy execs java), so that kill -KILL below kills the node;
# --duration and the EXIT trap bound it
CANOPY_PORT="$dir/node" bin/canopy run launch/examples/serial-robot.launch.xml \
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

# the host disappears while the base drives: kill -9 the node (no stop command, perhaps mid-frame); the firmware must
# stop the motors by itself (the command's timeout_ms of 300 ms, then its 500 ms host-silence stop)
field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p" <<<"$2"; }
moving() { awk -F/ '{ l = $1 < 0 ? -$1 : $1; r = $2 < 0 ? -$2 : $2; print (l > 1 || r > 1) ? "yes" : "no" }' <<<"$1"; }
still() { awk -F/ '{ l = $1 < 0 ? -$1 : $1; r = $2 < 0 ? -$2 : $2; print (l < 0.05 && r < 0.05) ? "yes" : "no" }' <<<"$1"; }
last_status() { grep '^t=' "$dir/mcu.log" | tail -n 1; }
for _ in $(seq 60); do
  [ "$(moving "$(field wheels "$(last_status)")")" = yes ] && break
  sleep 0.25
done
before=$(last_status)
[ "$(moving "$(field wheels "$before")")" = yes ] || fail "the base did not drive after the cycle: $before"
kill -KILL "$node_pid" 2>/dev/null
wait "$node_pid" 2>/dev/null
sleep 1.5 # longer than the command timeout (300 ms) and the host-silence timeout (500 ms), plus a status period
after=$(last_status)
echo "  virtual MCU before the node was killed: $before"
echo "  virtual MCU 1.5 s after:                $after"
[ "$(still "$(field wheels "$after")")" = yes ] \
  || fail "the firmware did not stop its motors after the node died (wheels $(field wheels "$after") rad/s)"
stops=$(( $(field timeouts "$after") + $(field host_silences "$after") ))
[ "$stops" -ge 1 ] || fail "the wheels stopped but the firmware counted no timeout or host silence: $after"
echo "PASS the firmware stopped its motors by itself when the node died while driving" \
  "(command timeouts $(field timeouts "$after"), host silences $(field host_silences "$after"))"
frames=$(field frames "$after")
bad=$(field bad "$after")
[ "${frames:-0}" -gt 100 ] || fail "the firmware decoded only ${frames:-0} frames from the node"
[ "${bad:-1}" = 0 ] || fail "the firmware counted $bad bad frames from the node: $after"
echo "PASS the firmware decoded $frames frames from the node, none bad"

# a host that vanishes mid-frame and comes back: half a frame, silence, then (as the node does on opening) a 0x00
# and a good frame. The half frame is one bad frame, counted by kind; the good frame after it arrives.
hb=010982010308E8072EB000 # Heartbeat{uptime_ms: 1000}, seq 0 (the worked example of the wire format)
unhex() { printf "$(sed 's/../\\x&/g' <<<"$1")"; }
exec 3<>"$dir/node"
unhex "${hb:0:10}" >&3
sleep 0.5
unhex "00$hb" >&3
sleep 0.6
exec 3>&-
back=$(last_status)
echo "  virtual MCU after half a frame, 0x00 and a good frame: $back"
[ "$(field bad "$back")" = 1 ] || fail "the half frame should count as one bad frame: $back"
[ "$(field frames "$back")" = $((frames + 1)) ] || fail "the good frame after the half frame did not arrive: $back"
echo "PASS half a frame from a vanished host counts as one bad frame ($(sed -n 's/.*bad=1 (\([^)]*\)).*/\1/p' <<<"$back")) and the next frame arrives"

kill -TERM "$mcu_pid" 2>/dev/null
wait "$mcu_pid" 2>/dev/null
grep -q '^virtual-mcu: stopped' "$dir/mcu.log" || fail "the virtual MCU did not stop cleanly on SIGTERM"
echo "logs: $dir"
