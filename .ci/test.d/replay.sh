#!/usr/bin/env bash
# canopy replay on real-time recordings of the demo (real clock, real threads, the embedded broker): a run with a
# stop and a start command published over MQTT replays identically (--check exits 0); the same run through a
# mission that docks at 30 % instead of 20 % diverges (--check exits 1 with one line); a run killed with kill -9
# replays up to the kill and says so; the MQTT commands are on a channel per topic; a run split by --record-max-size
# replays whole and identical from its first file and from run-*.mcap.
set -uo pipefail
cd "$(dirname "$0")/../.."
JAR=launch/target/canopy.jar
out=$(mktemp -d)
pass=0; fail=0
check() { if "$@"; then pass=$((pass+1)); else echo "FAIL: $*"; fail=$((fail+1)); fi; }
port() { python3 -c "import socket;s=socket.socket();s.bind(('127.0.0.1',0));print(s.getsockname()[1])" 2>/dev/null || echo 18831; }

p=$(port)
java -jar "$JAR" run launch/examples/patrol.launch.xml --duration 10s --no-status --arg mqtt_port="$p" --arg battery=24 \
  --record "$out/run.mcap" >"$out/run.log" 2>&1 &
pid=$!
for _ in $(seq 120); do [ -s "$out/run.mcap" ] && break; sleep 0.5; done # the node is up (a loaded host is slow)
sleep 3
java -jar "$JAR" pub --broker "tcp://127.0.0.1:$p" robot1/cmd/stop --event stop >/dev/null 2>&1
sleep 1
java -jar "$JAR" pub --broker "tcp://127.0.0.1:$p" robot1/cmd/start --event start >/dev/null 2>&1
wait "$pid"
java -jar "$JAR" replay "$out/run.mcap" --check >"$out/check.txt" 2>&1
check test $? = 0
check grep -q ": identical: " "$out/check.txt"
cat "$out/check.txt"
java -jar "$JAR" bag info "$out/run.mcap" >"$out/info.txt" 2>&1
check grep -Eq "robot1/controller/in/mqtt/robot1/cmd/stop +canopy.v1.Envelope +1 msgs" "$out/info.txt"
cat "$out/info.txt" | grep "in/mqtt" # the start command may come after the 10 s on a loaded host

# the same kind of run split into files of 100k: replayed whole from the first file, and from the others (run-*.mcap)
p=$(port)
mkdir -p "$out/split"
java -jar "$JAR" run launch/examples/patrol.launch.xml --duration 10s --no-status --arg mqtt_port="$p" --arg battery=24 \
  --record "$out/split/run.mcap" --record-max-size 100k >"$out/split.log" 2>&1 &
pid=$!
for _ in $(seq 120); do [ -s "$out/split/run.mcap" ] && break; sleep 0.5; done
sleep 3
java -jar "$JAR" pub --broker "tcp://127.0.0.1:$p" robot1/cmd/stop --event stop >/dev/null 2>&1
wait "$pid"
check test -f "$out/split/run-001.mcap"
java -jar "$JAR" replay "$out/split/run.mcap" --check >"$out/split1.txt" 2>&1
check test $? = 0
n=$(ls "$out"/split/*.mcap | wc -l)
check grep -q ": identical: .*; $n files (run.mcap to run-" "$out/split1.txt"
cat "$out/split1.txt"
java -jar "$JAR" replay "$out"/split/run-*.mcap --check >"$out/split2.txt" 2>&1
check test $? = 0
check test "$(sed 's/ in [0-9.]* s (.*× real time)//' "$out/split1.txt")" = "$(sed 's/ in [0-9.]* s (.*× real time)//' "$out/split2.txt")"

sed 's/_event.data &lt; 20/_event.data \&lt; 30/' launch/examples/mission.scxml >"$out/mission.scxml"
java -jar "$JAR" replay "$out/run.mcap" --check --with "$out/mission.scxml" >"$out/with.txt" 2>&1
check test $? = 1
check grep -q " diverges on robot1/controller/" "$out/with.txt"
check test "$(wc -l <"$out/with.txt")" = 1
cat "$out/with.txt" | cut -c1-200

java -jar "$JAR" run launch/examples/patrol.launch.xml --no-status --arg mqtt_port="$(port)" --record "$out/killed.mcap" \
  >"$out/killed.log" 2>&1 &
pid=$!
# a loaded host may take seconds to start the JVM: kill it 5 s after the recording file appears
for _ in $(seq 120); do [ -s "$out/killed.mcap" ] && break; sleep 0.5; done
sleep 5
kill -9 "$pid"; wait "$pid" 2>/dev/null
java -jar "$JAR" replay "$out/killed.mcap" --check >"$out/killed.txt" 2>&1
check test $? = 0
check grep -q "replayed up to the cut" "$out/killed.txt"
cat "$out/killed.txt"

java -jar "$JAR" replay "$out/run.log" >"$out/bad.txt" 2>&1
check test $? = 2
check test "$(wc -l <"$out/bad.txt")" = 1

rm -rf "$out"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
