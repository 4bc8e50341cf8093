#!/usr/bin/env bash
# canopy run --record, read back by @mcap/core + protobufjs (every channel decodes); a recording split by
# --record-max-size: several files, each a complete MCAP file for @mcap/core on its own; and a recording killed with
# kill -9 midway: bag info says it is truncated and still counts its messages, and the Node reader reads it up to
# the kill.
set -uo pipefail
cd "$(dirname "$0")/../.."
MCAP_JS="$PWD/launch/src/test/node/mcap-check"   # the pinned Node peer (.ci/install.d/mcap-check.sh)
JAR=launch/target/canopy.jar
out=$(mktemp -d)
pass=0; fail=0
check() { if "$@"; then pass=$((pass+1)); else echo "FAIL: $*"; fail=$((fail+1)); fi; }
port() { python3 -c "import socket;s=socket.socket();s.bind(('127.0.0.1',0));print(s.getsockname()[1])" 2>/dev/null || echo 18830; }
if [ ! -d "$MCAP_JS/node_modules/@mcap/core" ]; then
  echo "mcap-record: @mcap/core is not installed in $MCAP_JS (.ci/install.d/mcap-check.sh installs it)"
  echo "0 passed, 1 failed"; exit 1
fi
java -jar "$JAR" run launch/examples/patrol.launch.xml --duration 6s --no-status --arg mqtt_port="$(port)" --record "$out/run.mcap" >"$out/run.log" 2>&1
check java -jar "$JAR" bag info "$out/run.mcap"
check env NODE_PATH="$MCAP_JS/node_modules" node launch/src/test/node/mcap-check/read-recording.mjs "$out/run.mcap"
# --record-max-size 100k: 6 s of the demo makes run.mcap, run-001.mcap, ...; each file has its data up to about 100k
# (a file closes once it reaches the size) and reads alone
mkdir -p "$out/split"
java -jar "$JAR" run launch/examples/patrol.launch.xml --duration 6s --no-status --arg mqtt_port="$(port)" \
  --record "$out/split/run.mcap" --record-max-size 100k >"$out/split.log" 2>&1
check test -f "$out/split/run-001.mcap"
check env NODE_PATH="$MCAP_JS/node_modules" node launch/src/test/node/mcap-check/read-recording.mjs "$out"/split/*.mcap
n=$(ls "$out"/split/*.mcap | wc -l)
check grep -q "^$n files: $n complete, 0 failed" <(env NODE_PATH="$MCAP_JS/node_modules" node launch/src/test/node/mcap-check/read-recording.mjs "$out"/split/*.mcap)
ls -l "$out/split"
java -jar "$JAR" run launch/examples/patrol.launch.xml --no-status --arg mqtt_port="$(port)" --record "$out/killed.mcap" >"$out/killed.log" 2>&1 &
pid=$!
# a loaded host may take seconds to start the JVM: kill it 5 s after the recording file appears
for _ in $(seq 120); do [ -s "$out/killed.mcap" ] && break; sleep 0.5; done
sleep 5
kill -9 "$pid"; wait "$pid" 2>/dev/null
java -jar "$JAR" bag info "$out/killed.mcap" >"$out/killed-info.txt" 2>&1
check test $? = 0
check grep -q "^truncated: .*cut short" "$out/killed-info.txt"
check grep -Eq "robot1/controller/timer/control +canopy.record.v1.Tick +[1-9][0-9]* msgs" "$out/killed-info.txt"
cat "$out/killed-info.txt"
check env NODE_PATH="$MCAP_JS/node_modules" node launch/src/test/node/mcap-check/read-recording.mjs "$out/killed.mcap"
rm -rf "$out"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
