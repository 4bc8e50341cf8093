#!/usr/bin/env bash
# The ros2-style tools against a real Mosquitto (issue #23): the demo runs on Mosquitto, then canopy topic
# list/info/echo/hz/bw, node list/info and call read it from outside, as a user would from another shell;
# a plain-text command from mosquitto_pub gets its one warning line; --help and exit codes 0/1/2 of every new
# command. Needs mosquitto and mosquitto_pub (.ci/run installs them); fails when they are missing.
set -uo pipefail
cd "$(dirname "$0")/../.."
passed=0; failed=0
ok() { echo "cli: ok   $1"; passed=$((passed + 1)); }
ko() { echo "cli: FAIL $1"; [ -n "${2:-}" ] && echo "$2" | head -20 | sed 's/^/    /'; failed=$((failed + 1)); }

mosq=$(command -v mosquitto || { [ -x /usr/sbin/mosquitto ] && echo /usr/sbin/mosquitto; })
if [ -z "$mosq" ] || ! command -v mosquitto_pub >/dev/null; then
  echo "cli: mosquitto and mosquitto_pub are needed (sudo apt-get install mosquitto mosquitto-clients)"
  echo "cli: 0 passed, 1 failed"; exit 1
fi
export CANOPY_CDS=0
canopy() { bin/canopy "$@"; }
canopy --version >/dev/null 2>&1 || { echo "cli: bin/canopy does not start"; echo "cli: 0 passed, 1 failed"; exit 1; }

work=$(mktemp -d)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# the body of http://127.0.0.1:PORT/PATH, or nothing
http_get() { python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=3).read().decode())' "http://127.0.0.1:$1$2" 2>/dev/null; }
port=$(free_port)
webport=$(free_port)
printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\n' "$port" > "$work/mosquitto.conf"
"$mosq" -c "$work/mosquitto.conf" > "$work/mosquitto.log" 2>&1 &
mosq_pid=$!
B=(--broker "tcp://127.0.0.1:$port")
canopy run launch/examples/patrol.launch.xml --arg "broker=tcp://127.0.0.1:$port" --no-status --duration 600s --web "$webport" \
  > "$work/run.out" 2> "$work/run.err" &
run_pid=$!
monitor_pid=
cleanup() { kill "$run_pid" 2>/dev/null; wait "$run_pid" 2>/dev/null; [ -n "$monitor_pid" ] && kill "$monitor_pid" 2>/dev/null; kill "$mosq_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

for _ in $(seq 1 60); do
  canopy node list "${B[@]}" 2>/dev/null | grep -q "^robot1/controller online$" && break
  sleep 0.5
done

out=$(canopy node list "${B[@]}" 2>&1)
[[ "$out" == *"robot1/controller online"* ]] && ok "node list: online" || ko "node list: online" "$out$(tail -5 "$work/run.err")"

# the web page as the README starts it: canopy run FILE --web PORT, then the page's status endpoint
out=""; for _ in $(seq 1 40); do out=$(http_get "$webport" /api/status); [[ "$out" == *'"robot1/controller"'* ]] && break; sleep 0.5; done
[[ "$out" == *'"robot1/controller"'* && "$out" == *'"patrol"'* ]] && ok "run --web: the page serves the robot's trees" || ko "run --web /api/status" "${out:0:300}"

# canopy monitor --broker URL: the fleet page from the robots' status topics, in its own process
monport=$(free_port)
bin/canopy monitor --broker "tcp://127.0.0.1:$port" --port "$monport" > "$work/monitor.out" 2>&1 &  # bin/canopy execs java: $! is the JVM
monitor_pid=$!
out=""; for _ in $(seq 1 60); do out=$(http_get "$monport" /api/status); [[ "$out" == *'"robot1/controller"'* ]] && break; sleep 0.5; done
[[ "$out" == *'"robot1/controller"'* ]] && ok "monitor --broker: the robot is on the fleet page" || ko "monitor /api/status" "${out:0:300}$(tail -3 "$work/monitor.out")"
kill "$monitor_pid" 2>/dev/null; wait "$monitor_pid" 2>/dev/null; monitor_pid=
pkill -f "monitor --broker tcp://127.0.0.1:$port " 2>/dev/null  # in case a wrapper stood between

out=$(canopy topic list --wait 3s "${B[@]}" 2>&1) # a longer window than the default: CI hosts are loaded
[[ "$out" == *"robot1/controller/timers [TimerStats]"* && "$out" == *"robot1/controller/odom [Event]"* ]] \
  && ok "topic list: topics with types" || ko "topic list: topics with types" "$out"

out=$(canopy topic info robot1/cmd/stop --wait 3s "${B[@]}" 2>&1)
[[ "$out" == *"Type: Event"* && "$out" == *"robot1/controller (online, expects Event)"* ]] \
  && ok "topic info: type and subscriber" || ko "topic info" "$out"

out=$(canopy node info robot1/controller --wait 3s "${B[@]}" 2>&1)
[[ "$out" == *"State: online"* && "$out" == *"mission file=mission.scxml"* && "$out" == *"robot1/controller/describe"* ]] \
  && ok "node info: state, machines, services" || ko "node info" "$out"

out=$(canopy topic hz robot1/controller/odom --duration 2500ms "${B[@]}" 2>&1); rc=$?
[ $rc = 0 ] && [[ "$out" == *"average rate: "* ]] && ok "topic hz" || ko "topic hz (exit $rc)" "$out"

out=$(canopy topic bw robot1/controller/odom --duration 2500ms "${B[@]}" 2>&1); rc=$?
[ $rc = 0 ] && [[ "$out" =~ average:\ [0-9.]+K?B/s ]] && ok "topic bw" || ko "topic bw (exit $rc)" "$out"

out=$(canopy topic echo robot1/controller/machines --once --field active_states "${B[@]}" 2>/dev/null)
[[ "$out" == *"Mission"* ]] && ok "topic echo --once --field" || ko "topic echo --once --field" "$out"

out=$(canopy topic echo robot1/controller/odom --once --json "${B[@]}" 2>/dev/null)
[[ "$out" == '{"topic":"robot1/controller/odom"'*'"payload":{"x":'* ]] && ok "topic echo --json" || ko "topic echo --json" "$out"

out=$(canopy call robot1/controller/describe '{}' "${B[@]}" 2>&1); rc=$?
[ $rc = 0 ] && [[ "$out" == '{"name":"node.info"'* ]] && ok "call describe" || ko "call describe (exit $rc)" "$out"

out=$(canopy call robot1/controller/nothing '{}' --timeout 500ms "${B[@]}" 2>&1); rc=$?
[ $rc = 1 ] && [[ "$out" == *"did not answer within 500 ms"* ]] && ok "call: no server is exit 1" || ko "call timeout (exit $rc)" "$out"

out=$(canopy node info robot1/nobody --wait 300ms "${B[@]}" 2>&1); rc=$?
[ $rc = 1 ] && ok "node info: unknown node is exit 1" || ko "node info unknown (exit $rc)" "$out"

out=$(canopy topic hz 2>&1); rc=$?
[ $rc = 2 ] && [[ "$out" == *"Missing required parameter"* ]] && ok "topic hz without TOPIC is exit 2" || ko "topic hz no arg (exit $rc)" "$out"

out=$(canopy topic echo x "${B[@]/$port/1}" --connect-timeout-ms 300 2>&1); rc=$?
[ $rc = 2 ] && [[ "$out" == *"not reachable"* ]] && ok "unreachable broker is exit 2, one line" || ko "unreachable broker (exit $rc)" "$out"

# a plain-text command where Envelopes are expected: one warning line (not one per message) naming the topic and
# what it expects
mosquitto_pub -h 127.0.0.1 -p "$port" -t robot1/cmd/stop -m stop -q 1
mosquitto_pub -h 127.0.0.1 -p "$port" -t robot1/cmd/stop -m stop -q 1
for _ in $(seq 1 20); do grep -q "MQTT topic 'robot1/cmd/stop'" "$work/run.err" && break; sleep 0.25; done
sleep 0.5
lines=$(grep -c "MQTT topic 'robot1/cmd/stop'" "$work/run.err")
line=$(grep "MQTT topic 'robot1/cmd/stop'" "$work/run.err")
[ "$lines" = 1 ] && [[ "$line" == *"not a canopy.v1.Envelope"* ]] \
  && ok "mosquitto_pub -m stop: one warning line" || ko "mosquitto_pub -m stop warning ($lines lines)" "$(tail -5 "$work/run.err")"

for c in "topic list" "topic info" "topic echo" "topic hz" "topic bw" "node list" "node info" "call"; do
  # shellcheck disable=SC2086
  out=$(canopy $c --help 2>&1); rc=$?
  [ $rc = 0 ] && [[ "$out" == *"Example"* && "$out" == *"Exit codes"* ]] && ok "$c --help" || ko "$c --help (exit $rc)" "$out"
done

# a broker restart without persistence loses every retained message: the node announces itself again
kill "$mosq_pid"; wait "$mosq_pid" 2>/dev/null
"$mosq" -c "$work/mosquitto.conf" >> "$work/mosquitto.log" 2>&1 &
mosq_pid=$!
for _ in $(seq 1 60); do
  canopy node info robot1/controller --wait 300ms "${B[@]}" 2>/dev/null | grep -q "control hz=50" && break
  sleep 0.5
done
out=$(canopy node info robot1/controller --wait 3s "${B[@]}" 2>&1)
[[ "$out" == *"State: online"* && "$out" == *"control hz=50"* ]] && ok "after a broker restart: online with its registry" \
  || ko "registry after a broker restart" "$out"

# colour only on a terminal, and never with NO_COLOR; the piped status output has no escape either
esc=$(printf '\033')
out=$(canopy topic --help 2>&1)
[[ "$out" != *"$esc"* ]] && ok "no ANSI escapes when stdout is not a terminal" || ko "ANSI escapes in piped help" "$out"
if command -v script >/dev/null; then
  tty_out=$(script -q -c "bin/canopy topic --help" /dev/null)
  nc_out=$(NO_COLOR=1 script -q -c "bin/canopy topic --help" /dev/null)
  [[ "$tty_out" == *"$esc"* && "$nc_out" != *"$esc"* ]] && ok "colour on a terminal, none with NO_COLOR" \
    || ko "colour on a terminal / NO_COLOR" "$nc_out"
fi
! grep -q "$esc" "$work/run.out" && ok "canopy run's piped stdout has no escapes" || ko "escapes in piped run output"

# bin/canopy install: a symlink on a PATH folder that runs canopy
out=$(bin/canopy install "$work/bin" 2>&1)
[ -L "$work/bin/canopy" ] && "$work/bin/canopy" --version 2>/dev/null | grep -q "^canopy " \
  && ok "bin/canopy install DIR: canopy runs through the symlink" || ko "bin/canopy install" "$out"

# canopy pub through Mosquitto: the stop event sends the mission to Idle
canopy pub robot1/cmd/stop --event stop "${B[@]}" > /dev/null 2>&1
out=""; for _ in $(seq 1 20); do
  out=$(canopy topic echo robot1/controller/machines --once --field active_states "${B[@]}" 2>/dev/null)
  [[ "$out" == *"Idle"* ]] && break; sleep 0.5
done
[[ "$out" == *"Idle"* ]] && ok "pub --event stop: the mission goes Idle" || ko "pub stop (mission: $out)" "$(tail -5 "$work/run.err")"

# SIGINT to the JVM itself: $run_pid is the shell that runs the canopy function, and a non-interactive shell's
# background job ignores SIGINT, so the signal must go to the java process (found by its command line)
java_pid=""
for p in $(pgrep -f -- "patrol.launch.xml --arg broker=tcp://127.0.0.1:$port"); do
  [ "$(cat "/proc/$p/comm" 2>/dev/null)" = java ] && java_pid=$p
done
[ -n "$java_pid" ] || ko "the demo's JVM not found for SIGINT"
started=$(date +%s)
kill -INT "${java_pid:-$run_pid}"; wait "$run_pid"; rc=$?
took=$(( $(date +%s) - started ))
[ $rc = 0 ] && [ "$took" -lt 60 ] && grep -q "stopping (SIGINT\|stopping (signal\|stopping (INT" "$work/run.err" \
  && ok "run stops cleanly on SIGINT (${took} s)" || ko "run exit $rc after ${took} s" "$(tail -5 "$work/run.err")"
# a tick stalled by an overloaded host is the failsafe doing its job (logged as ERROR by the watchdog, with its
# WARN when the tick ends); any other ERROR is a failure
errors=$(grep "ERROR" "$work/run.err" | grep -v "i.c.tick.Watchdog - ticker '[^']*': tick of '[^']*' has run")
[ -z "$errors" ] && ok "no ERROR in the node's log (watchdog stalls of a loaded host aside)" || ko "ERROR in the node's log" "$errors"
out=$(canopy node list "${B[@]}" 2>&1)
[[ "$out" == *"robot1/controller offline"* ]] && ok "node list: offline after shutdown" || ko "node list offline" "$out"

# command-line typos: one line with a did-you-mean and exit 2 (issue #28 item 8)
out=$(canopy run launch/examples/patrol.launch.xml --durration 10s 2>&1); rc=$?
[ $rc = 2 ] && [[ "$out" == "canopy: unknown option '--durration'; did you mean '--duration'?"* ]] \
  && ok "run --durration: did you mean --duration" || ko "run --durration (exit $rc)" "$out"
out=$(canopy tpoic list 2>&1); rc=$?
[ $rc = 2 ] && [[ "$out" == "canopy: unknown command 'tpoic'; did you mean 'topic'?"* ]] \
  && ok "tpoic list: did you mean topic" || ko "tpoic list (exit $rc)" "$out"
out=$(canopy run launch/examples/patrol.launch.xml --arg robot robot2 2>&1); rc=$?
[ $rc = 2 ] && [[ "$out" == "canopy: write --arg robot=robot2"* ]] && ok "--arg robot robot2: write --arg robot=robot2" \
  || ko "--arg robot robot2 (exit $rc)" "$out"
out=$(canopy dynamixel --help 2>&1); rc=$?
[ $rc = 2 ] && [ "$(echo "$out" | wc -l)" = 1 ] && [[ "$out" == "canopy: unknown command 'dynamixel'"* ]] \
  && ok "dynamixel --help: unknown command, exit 2" || ko "dynamixel --help (exit $rc)" "$out"

# the first start after a build makes the class-data archive (about 10 s): one line on stderr says why it is slow
rm -f launch/target/canopy.jsa
err=$(CANOPY_CDS=1 bin/canopy --version 2>&1 >/dev/null)
[[ "$err" == *"first start after a build: archiving the classes"* ]] && [ -f launch/target/canopy.jsa ] \
  && ok "first start after a build says it is archiving classes" || ko "CDS archive line" "$err"
err=$(CANOPY_CDS=1 bin/canopy --version 2>&1 >/dev/null)
[ -z "$err" ] && ok "later starts are silent" || ko "later start printed" "$err"

echo "cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
