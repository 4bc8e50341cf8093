#!/usr/bin/env bash
# A small node on a small controller (issue 29, item 7): the robot's node as deployed - launch/examples/
# serial-robot.launch.xml against an external Mosquitto, its base simulated out of process (`canopy sim --pty` on a
# socat pty pair) - measured N times: resident memory and threads from /proc, the first tick from the node's log
# ("first tick N ms after the JVM started"), and the median of each. Each sample is taken SECONDS after the node's
# first tick, then the node gets SIGTERM. `--demo` measures the demo instead
# (patrol.launch.xml: embedded broker, in-process simulator).
# Usage: bench/small-node.sh [--demo] [RUNS (default 5)] [SECONDS before the sample (default 15)]
#   CANOPY    the launcher (default bin/canopy; /usr/bin/canopy measures the installed package); a first short run
#             writes the launch file's class-data archive, as the first start of a service does
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
demo=no
if [ "${1:-}" = --demo ]; then demo=yes; shift; fi
runs="${1:-5}"
secs="${2:-15}"
canopy="${CANOPY:-$root/bin/canopy}"
jar="$root/launch/target/canopy.jar"
[ "$canopy" = /usr/bin/canopy ] && jar=/usr/share/canopy/canopy.jar
dir="$(mktemp -d /tmp/canopy-small-node.XXXXXX)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

if [ "$demo" = yes ]; then
  file=launch/examples/patrol.launch.xml
  args=(--arg mqtt_port=0)
else
  file=launch/examples/serial-robot.launch.xml
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  "$(command -v mosquitto || echo /usr/sbin/mosquitto)" -p "$port" >"$dir/mosquitto.log" 2>&1 &
  pids+=($!)
  args=(--arg "broker=tcp://127.0.0.1:$port")
fi

# base NAME: a socat pty pair and the simulated base on one end (the node closing its end ends socat: one per run);
# the node's end is $dir/NAME-node
base_pids=()
base() {
  socat pty,raw,echo=0,link="$dir/$1-node" pty,raw,echo=0,link="$dir/$1-base" >/dev/null 2>&1 &
  pids+=($!)
  base_pids=($!)
  for _ in $(seq 50); do [ -e "$dir/$1-base" ] && break; sleep 0.1; done
  java -XX:+UseSerialGC -jar "$jar" sim --pty "$dir/$1-base" --status-ms 1000 >"$dir/$1-sim.log" 2>&1 &
  pids+=($!)
  base_pids+=($!)
}
# ends a run's simulator and socat (left running, each would load the machine the next runs are measured on)
base_end() {
  for p in "${base_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${base_pids[@]}"; do wait "$p" 2>/dev/null || true; done
  base_pids=()
}

# one run: writes "rss_mb threads first_tick_ms motor_commands" into $dir/NAME.figures and the threads by name into
# $dir/NAME.threads
measure() {
  local name=$1 duration=$2 node_port=""
  if [ "$demo" = no ]; then base "$name"; node_port="$dir/$name-node"; fi
  CANOPY_PORT="$node_port" "$canopy" run "$file" --no-status --duration "${duration}s" "${args[@]}" >"$dir/$name.log" 2>&1 &
  local pid=$!
  pids+=($pid)
  if [ "$duration" -le 2 ]; then wait "$pid" || true; base_end; return; fi
  # the sample is taken $secs after the first tick (on a loaded machine the first tick can take many seconds)
  for _ in $(seq 1800); do grep -q 'first tick' "$dir/$name.log" 2>/dev/null && break; sleep 0.1; done
  sleep "$secs"
  local jpid
  jpid="$(pgrep -P "$pid" java || echo "$pid")"
  local rss_kb threads
  rss_kb="$(awk '/VmRSS/ {print $2}' "/proc/$jpid/status")"
  threads="$(awk '/Threads/ {print $2}' "/proc/$jpid/status")"
  for t in /proc/"$jpid"/task/*; do cat "$t/comm" 2>/dev/null || true; done | sed 's/[0-9]\+$/N/' | sort | uniq -c | sort -rn \
    | sed 's/^ *\([0-9]*\) \(.*\)/\2 x\1/' | paste -sd, - | sed 's/,/, /g' >"$dir/$name.threads"
  kill -TERM "$jpid" 2>/dev/null || true # a node stops on SIGTERM as under systemd
  wait "$pid" || true
  local first commands="-"
  first="$(grep -o 'first tick [0-9]* ms' "$dir/$name.log" | grep -o '[0-9]*' | head -1)"
  [ "$demo" = no ] && commands="$(grep -o 'commands=[0-9]*' "$dir/$name-sim.log" | tail -n 1 | cut -d= -f2)"
  base_end
  printf '%.1f %s %s %s\n' "$(echo "$rss_kb / 1024" | bc -l)" "$threads" "${first:-0}" "${commands:-0}" >"$dir/$name.figures"
}

echo "small-node: $file with ${args[*]} ($([ "$demo" = yes ] && echo 'embedded broker, in-process simulator' || echo 'external Mosquitto, base simulated out of process')), $runs runs, sample after $secs s, launcher $canopy"
measure warmup 2 # writes the class-data archive (the first start after a build or install)
for i in $(seq "$runs"); do
  measure "run$i" 600
  read -r rss threads first commands <"$dir/run$i.figures"
  load="$(cut -d' ' -f1 /proc/loadavg)"
  echo "run $i: rss_mb=$rss threads=$threads first_tick_ms=$first motor_commands=$commands load=$load"
  echo "$rss $threads $first" >>"$dir/figures"
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo "median: rss_mb=$(cut -d' ' -f1 "$dir/figures" | median) threads=$(cut -d' ' -f2 "$dir/figures" | median)" \
  "first_tick_ms=$(cut -d' ' -f3 "$dir/figures" | median)   (targets: <= 64 MB, <= 20 threads, <= 300 ms)"
echo "threads (run 1): $(cat "$dir/run1.threads")"
echo "logs: $dir"
