#!/usr/bin/env bash
# Foxglove, live and recorded: the demo runs with --foxglove PORT; Foxglove's own client library (@foxglove/ws-protocol
# with ws) connects, gets serverInfo and the advertised channels, subscribes to every one, decodes the messages with
# protobufjs from the advertised schemas (the foxglove.* ones again with @foxglove/schemas' definitions) and asserts a
# pose that moves, transforms, the mission's state and log lines. The same run's recording is read with @mcap/core:
# its well-known channels decode with Foxglove's published definitions exactly as with the embedded schemas.
set -uo pipefail
cd "$(dirname "$0")/../.."
FOX_JS="$PWD/launch/src/test/node/foxglove-check"   # the pinned Node peer (.ci/install.d/foxglove.sh)
JAR=launch/target/canopy.jar
out=$(mktemp -d)
pass=0; fail=0
check() { if "$@"; then pass=$((pass+1)); else echo "FAIL: $*"; fail=$((fail+1)); fi; }
port() { python3 -c "import socket;s=socket.socket();s.bind(('127.0.0.1',0));print(s.getsockname()[1])" 2>/dev/null || echo 18765; }
if [ ! -d "$FOX_JS/node_modules/@foxglove/ws-protocol" ]; then
  echo "foxglove: @foxglove/ws-protocol is not installed in $FOX_JS (.ci/install.d/foxglove.sh installs it)"
  echo "0 passed, 1 failed"; exit 1
fi
fox=$(port)
if java -jar "$JAR" run --help 2>/dev/null | grep -q -- "--foxglove"; then
  run=(java -jar "$JAR" run launch/examples/patrol.launch.xml --duration 10s --no-status --arg mqtt_port="$(port)"
    --foxglove "$fox" --record "$out/run.mcap")
else
  # canopy run without the --foxglove mixin yet: the same node, server and a recording of the well-known channels,
  # from the test classes (FoxgloveRunMain)
  run=(java -cp "$JAR:launch/target/test-classes" io.canopy.launch.foxglove.FoxgloveRunMain launch/examples/patrol.launch.xml
    --duration-s 10 --arg mqtt_port="$(port)" --foxglove "$fox" --well-known-mcap "$out/run.mcap")
fi
"${run[@]}" >"$out/run.log" 2>&1 &
pid=$!
check env NODE_PATH="$FOX_JS/node_modules" node "$FOX_JS/live.mjs" "$fox" 40
wait "$pid"
check test $? = 0
check grep -q "foxglove: ws://127.0.0.1:$fox" "$out/run.log"
check env NODE_PATH="$FOX_JS/node_modules" node "$FOX_JS/recording.mjs" "$out/run.mcap"
[ "$fail" = 0 ] || tail -20 "$out/run.log"
rm -rf "$out"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
