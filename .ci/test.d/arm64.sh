#!/usr/bin/env bash
# arm64, shown: the built jar on Debian's arm64 Java 17 (unpacked by .ci/install.d/arm64.sh) under qemu-aarch64 runs
# launch/examples/serial-robot.launch.xml against the amd64 `canopy sim --pty` through a socat pty pair, so the
# arm64 native part (JNA's libc calls: the serial port, sd_notify) does the work. Passes when the arm64 node has the base up,
# its motor commands reach the simulated base (the sim counts them) and the base's state comes back (battery and a
# pose that moves in the node's status lines), and the arm64 process mapped JNA's aarch64 library; all
# within a minute. Prints PASS/FAIL lines and `N passed, N failed`; exits non-zero on a failure.
#   CANOPY_ARM64_SYSROOT   the unpacked arm64 runtime (default: ~/.cache/canopy-ci/arm64-sysroot)
#   ARM64_SECONDS          how long the node runs once ticking (default 10)
#   ARM64_LIMIT            seconds from the arm64 JVM's start to the evidence (default 60)
#   ARM64_JAVA_OPTS        more JVM options for the arm64 node
set -uo pipefail
cd "$(dirname "$0")/../.."
sysroot=${CANOPY_ARM64_SYSROOT:-$HOME/.cache/canopy-ci/arm64-sysroot}
java_arm64="$sysroot/usr/lib/jvm/java-17-openjdk-arm64/bin/java"
jar=launch/target/canopy.jar
run_s=${ARM64_SECONDS:-10}
limit=${ARM64_LIMIT:-60}
dir=$(mktemp -d /tmp/canopy-ci-arm64.XXXXXX)
passed=0
failed=0
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
}
trap cleanup EXIT
pass() { echo "PASS arm64 $*"; passed=$((passed + 1)); }
fail() { echo "FAIL arm64 $*"; failed=$((failed + 1)); }
finish() {
  echo "arm64 logs: $dir (took $SECONDS s)"
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
  exit
}

command -v qemu-aarch64 >/dev/null || { fail "qemu-aarch64 is missing (apt-get install qemu-user)"; finish; }
command -v socat >/dev/null || { fail "socat is missing (apt-get install socat)"; finish; }
[ -x "$java_arm64" ] || { fail "no arm64 Java at $java_arm64 (.ci/install.d/arm64.sh unpacks it)"; finish; }
[ -f "$jar" ] || { fail "$jar is missing (mvn package, or bin/canopy --version)"; finish; }
version=$(qemu-aarch64 -L "$sysroot" "$java_arm64" -version 2>&1 | head -1)
echo "arm64 Java: $version"

# pair NAME: a socat pty pair $dir/NAME-node <-> $dir/NAME-base, and the simulated base (amd64, the host's java) on
# its base end, logging to $dir/NAME-sim.log (the node closing its end ends socat: one pair per node run)
pair() {
  socat -d -d pty,raw,echo=0,link="$dir/$1-node" pty,raw,echo=0,link="$dir/$1-base" 2>"$dir/$1-socat.log" &
  pids+=($!)
  for _ in $(seq 50); do [ -e "$dir/$1-node" ] && [ -e "$dir/$1-base" ] && break; sleep 0.1; done
  [ -e "$dir/$1-base" ] || { fail "socat made no pty pair (see $dir/$1-socat.log)"; finish; }
  java -XX:+UseSerialGC -jar "$jar" sim --pty "$dir/$1-base" --status-ms 1000 --duration 600s >"$dir/$1-sim.log" 2>&1 &
  pids+=($!)
}

# the robot's broker, out of the emulated process (a robot's node talks to Mosquitto; the embedded broker would only
# slow the emulated start)
mosquitto_bin=$(command -v mosquitto || echo /usr/sbin/mosquitto)
[ -x "$mosquitto_bin" ] || { fail "mosquitto is missing (apt-get install mosquitto)"; finish; }
mqtt_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$mosquitto_bin" -p "$mqtt_port" >"$dir/mosquitto.log" 2>&1 &
pids+=($!)

# the node, arm64, on the other: the JVM settings of `canopy run` (bin/canopy, /usr/bin/canopy), natives unpacked in
# $dir, and (as /usr/bin/canopy does) a class-data archive of this launch file, written by a first run and mapped by
# the timed one: under emulation, loading and verifying the classes is most of the start
jsa="$sysroot/../canopy-serial-robot.jsa"
opts=(-XX:+UseSerialGC -Xms24m -Xmn5m -XX:-UseNotificationThread
  -Djna.platform.library.path=/usr/lib/aarch64-linux-gnu:/lib/aarch64-linux-gnu ${ARM64_JAVA_OPTS:-} -Djava.io.tmpdir="$dir" -Djna.tmpdir="$dir")
# node PAIR JVM-OPTION...: starts the arm64 node on PAIR's node end in the background, logging to $dir/PAIR-node.log
# ($! is qemu-aarch64 running its JVM)
node() {
  local log="$dir/$1-node.log" port="$dir/$1-node"
  shift
  CANOPY_PORT="$port" MALLOC_ARENA_MAX=2 qemu-aarch64 -L "$sysroot" "$java_arm64" "$@" "${opts[@]}" -jar "$jar" \
    run launch/examples/serial-robot.launch.xml --arg broker="tcp://127.0.0.1:$mqtt_port" --status-every 1s >"$log" 2>&1 &
}
if [ ! -s "$jsa" ] || [ "$jar" -nt "$jsa" ]; then
  # once per jar: a run until the first tick, stopped with SIGTERM, writes the archive (not timed)
  echo "arm64: writing the class-data archive $jsa (once per jar; a slow start under emulation)"
  rm -f "$jsa"
  pair train
  node train -XX:ArchiveClassesAtExit="$jsa" -Xlog:cds=off -Xlog:cds+dynamic=off
  trainer=$!
  pids+=($trainer)
  for _ in $(seq 360); do grep -q 'first tick' "$dir/train-node.log" 2>/dev/null && break; kill -0 "$trainer" 2>/dev/null || break; sleep 0.5; done
  kill -TERM "$trainer" 2>/dev/null
  for _ in $(seq 240); do kill -0 "$trainer" 2>/dev/null || break; sleep 0.5; done
  [ -s "$jsa" ] || echo "arm64: no archive written (see $dir/train-node.log); the timed run goes without"
fi
cds=()
[ -s "$jsa" ] && cds=(-XX:SharedArchiveFile="$jsa" -Xlog:cds=off -Xlog:cds+dynamic=off)
start=$SECONDS
pair run
node run "${cds[@]}"
node=$!
pids+=($node)

ticked=no
while [ $((SECONDS - start)) -lt "$limit" ]; do
  grep -q 'first tick' "$dir/run-node.log" 2>/dev/null && { ticked=yes; break; }
  kill -0 "$node" 2>/dev/null || break
  sleep 0.5
done
if [ "$ticked" = yes ]; then
  pass "the node started on arm64: $(grep -o 'first tick.*' "$dir/run-node.log")"
else
  fail "the arm64 node did not report its first tick within $limit s; last lines: $(tail -n 3 "$dir/run-node.log" | tr '\n' ' ')"
  finish
fi
sleep 2
cp "/proc/$node/maps" "$dir/run-node.maps" 2>/dev/null
maps=$(cat "$dir/run-node.maps" 2>/dev/null)
jna_so=$(grep -oE '/[^ ]*/jna[0-9]*\.tmp|/[^ ]*/libjnidispatch\.so' <<<"$maps" | head -n 1) # JNA's unpacked copy: jnaNNN.tmp
# JNA deletes its unpacked copy once loaded ("(deleted)" in maps): read the ELF header through the mapping itself
jna_range=$(grep -m 1 -E 'jna[0-9]*\.tmp|libjnidispatch\.so' <<<"$maps" | cut -d' ' -f1)
jna_arch=$([ -n "$jna_range" ] && head -c 64 "/proc/$node/map_files/$jna_range" 2>/dev/null | file -b - | cut -d, -f2 \
  | sed 's/^ *//; s/ *$//')
if [ -n "$jna_so" ] && [ "$jna_arch" = "ARM aarch64" ]; then
  pass "native part on arm64: JNA's dispatch library (${jna_so##*/}, $jna_arch) mapped; the serial port goes through it"
else
  fail "the arm64 node did not map JNA's aarch64 dispatch library (see $dir/run-node.maps)"
fi

commands_at() { grep -o 'commands=[0-9]*' "$dir/run-sim.log" | tail -n 1 | cut -d= -f2; }
c0=$(commands_at); c0=${c0:-0}
deadline=$((start + limit - 3))
wait_s=$((deadline - SECONDS)); [ "$wait_s" -gt "$run_s" ] && wait_s=$run_s
[ "$wait_s" -gt 3 ] || wait_s=3
sleep "$wait_s"
c1=$(commands_at); c1=${c1:-0}
if [ "$c1" -gt "$c0" ] && [ "$c1" -gt 0 ]; then
  pass "motor commands out: the simulated base counted $c1 from the arm64 node ($((c1 - c0)) in the last ${wait_s} s)"
else
  fail "no motor commands reached the simulated base (commands=$c0 then $c1)"
fi
statuses=$(grep ' status ' "$dir/run-node.log")
first_pose=$(grep -o 'pose [-0-9.,]*' <<<"$statuses" | head -n 1)
last_pose=$(grep -o 'pose [-0-9.,]*' <<<"$statuses" | tail -n 1)
last=$(tail -n 1 <<<"$statuses")
if grep -q 'base up' <<<"$last" && grep -q 'batt [0-9]' <<<"$last" && [ -n "$first_pose" ] && [ "$first_pose" != "$last_pose" ]; then
  pass "state back: base up, $(grep -o 'batt [0-9]*%' <<<"$last"), $first_pose -> ${last_pose#pose }"
else
  fail "no state back from the base in the node's status: $last"
fi
took=$((SECONDS - start))
kill -TERM "$node" 2>/dev/null
for _ in $(seq 150); do kill -0 "$node" 2>/dev/null || break; sleep 0.2; done # the first run dumps its archive
wait "$node" 2>/dev/null
rc=$?
stops=$(grep -o '[0-9]* stop command(s) written' "$dir/run-node.log")
if [ "$rc" = 0 ] && grep -q 'stopped cleanly' "$dir/run-node.log"; then
  pass "SIGTERM: the arm64 node stopped cleanly ($stops), exit 0"
else
  fail "SIGTERM: exit $rc; last lines: $(tail -n 2 "$dir/run-node.log" | tr '\n' ' ')"
fi
if [ "$took" -le "$limit" ]; then
  pass "motor commands out and state back within $took s of the arm64 JVM's start (at most $limit)"
else
  fail "motor commands out and state back took $took s from the arm64 JVM's start, over $limit s"
fi
finish
