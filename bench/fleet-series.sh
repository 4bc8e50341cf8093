#!/usr/bin/env bash
# The fleet series of issue #24: `canopy fleet` for N robots against the embedded broker and against a Mosquitto
# this script starts on a free loopback port, with one tick thread per robot and/or one shared tick thread.
# Prints one markdown table row per run (and keeps each run's JSON and log in a directory it names at the end).
#
# Usage: bench/fleet-series.sh [--robots "1 10 50 100 200"] [--brokers "embedded mosquitto"]
#                              [--tickers "own shared"] [--duration 8s] [--warmup 4s] [--start-timeout 120s]
#                              [--settle 30s] [--timeout 600] [--out DIR]
# --tickers: own (the default: one tick thread per robot), shared (--shared-ticker; --shared-ticker alone means
# --tickers shared), or both. Runs from the checkout after `mvn -B -q -o -DskipTests package` (it needs launch/target/canopy.jar).
# JAVA=path/to/java and MOSQUITTO=path/to/mosquitto override the programs. Each run is given at most --timeout
# seconds (then TERM, and KILL 10 s later); on exit or Ctrl-C the script kills the JVM and the Mosquitto it started.
# `canopy fleet` itself ends in bounded time (start-up, settle, warm-up, window, a 30 s stop budget), and a run past
# the knee still gives its row: the "up" column says how many robots started / were connected / ticked of N.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
robots="1 10 50 100 200"; brokers="embedded mosquitto"; tickers="own"
duration=8s; warmup=4s; start_timeout=120s; settle=30s; timeout_s=600; out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --robots) robots="$2"; shift 2 ;;
    --brokers) brokers="$2"; shift 2 ;;
    --tickers) tickers="$2"; shift 2 ;;
    --shared-ticker) tickers="shared"; shift ;;
    --duration) duration="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --timeout) timeout_s="$2"; shift 2 ;;
    --start-timeout) start_timeout="$2"; shift 2 ;;
    --settle) settle="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "fleet-series.sh: unknown argument '$1'; see --help" >&2; exit 2 ;;
  esac
done
java="${JAVA:-java}"
mosquitto="${MOSQUITTO:-/usr/sbin/mosquitto}"
jar="$root/launch/target/canopy.jar"
[ -f "$jar" ] || { echo "fleet-series.sh: $jar is missing; build it with: mvn -B -q -o -DskipTests package" >&2; exit 2; }
case " $brokers " in *" mosquitto "*)
  [ -x "$mosquitto" ] || { echo "fleet-series.sh: no mosquitto at $mosquitto; install it or set MOSQUITTO=..." >&2; exit 2; } ;;
esac
command -v jq >/dev/null || { echo "fleet-series.sh: needs jq to read the JSON figures (apt-get install jq)" >&2; exit 2; }
[ -n "$out" ] || out="$(mktemp -d /tmp/canopy-fleet-series.XXXXXX)"
mkdir -p "$out"
cp "$jar" "$out/canopy.jar"   # the series runs this copy: a rebuild while it runs cannot pull the jar from under a JVM
jar="$out/canopy.jar"

jpid=""      # the running `timeout java ...` (its child is the JVM), while it runs
mosq_pid=""  # the running mosquitto, while it runs
cleanup() {  # only the processes this script started and has not waited for yet
  local kids=""
  if [ -n "$jpid" ]; then
    kids="$(pgrep -P "$jpid" || true)"
    kill -TERM "$jpid" 2>/dev/null || true   # timeout passes TERM on to the JVM
    for _ in $(seq 100); do kill -0 "$jpid" 2>/dev/null || break; sleep 0.1; done
    for p in $kids "$jpid"; do kill -KILL "$p" 2>/dev/null || true; done
  fi
  if [ -n "$mosq_pid" ]; then
    kill -TERM "$mosq_pid" 2>/dev/null || true
    sleep 0.5
    kill -KILL "$mosq_pid" 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start_mosquitto() { # $1: the run's name; sets mosq_url and mosq_pid
  local port conf
  port="$(free_port)"
  conf="$out/$1.mosquitto.conf"
  cat >"$conf" <<CONF
listener $port 127.0.0.1
allow_anonymous true
persistence false
max_queued_messages 1000000
max_inflight_messages 0
log_dest file $out/$1.mosquitto.log
log_type error
log_type warning
CONF
  "$mosquitto" -c "$conf" >/dev/null 2>&1 &
  mosq_pid=$!
  for _ in $(seq 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      mosq_url="tcp://127.0.0.1:$port"
      return 0
    fi
    kill -0 "$mosq_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "fleet-series.sh: mosquitto did not listen on 127.0.0.1:$port; see $out/$1.mosquitto.log" >&2
  return 1
}

stop_mosquitto() {
  if [ -n "$mosq_pid" ]; then
    kill -TERM "$mosq_pid" 2>/dev/null || true
    wait "$mosq_pid" 2>/dev/null || true
    mosq_pid=""
  fi
}

echo "| robots | broker | ticker | up (started/connected/ticking) | p99 lateness, median robot | p99, worst robot | CPU (of one core) | RSS | threads | MQTT msg/s | watchdog stalls | load average (before; after) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
cd "$root"
for n in $robots; do
  for b in $brokers; do
    for t in $tickers; do
      name="n$n-$b-$t"
      url=embedded
      if [ "$b" = mosquitto ]; then
        start_mosquitto "$name" || { echo "| $n | $b | $t | mosquitto did not start | | | | | | | | |"; continue; }
        url="$mosq_url"
      fi
      extra=()
      [ "$t" = shared ] && extra+=(--shared-ticker)
      load0="$(cut -d' ' -f1-3 /proc/loadavg)"
      set +e
      timeout --kill-after=10s "$timeout_s" "$java" -Xmx12g -jar "$jar" fleet --robots "$n" --broker "$url" \
        --duration "$duration" --warmup "$warmup" --start-timeout "$start_timeout" --settle "$settle" --json "${extra[@]}" >"$out/$name.out" 2>"$out/$name.log" &
      jpid=$!
      wait "$jpid"
      rc=$?
      jpid=""
      set -e
      load="$(cut -d' ' -f1-3 /proc/loadavg)"
      [ "$b" = mosquitto ] && stop_mosquitto
      json="$(tail -n 1 "$out/$name.out" 2>/dev/null || true)"
      # a report printed before a timeout or a slow stop still counts: the row says so
      if ! jq -e '.robots' >/dev/null 2>&1 <<<"$json"; then
        why="exit $rc"; { [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; } && why="timed out after ${timeout_s} s"
        echo "| $n | $b | $t | failed ($why, no report; see $out/$name.log) | | | | | | | | $load0; $load |"
        continue
      fi
      note=""; [ "$rc" -ne 0 ] && note=" (exit $rc after the report)"
      jq -r --arg b "$b" --arg t "$t" --arg load "$load0; $load" --arg note "$note" '"| \(.robots) | \($b) | \($t) | "
        + "\(.started)/\(.connected)/\(.ticking)\(if (.not_read // []) | length > 0 then " (\(.not_read | length) not read)" else "" end)\(if .settled then "" else " (unsettled)" end)\(if .stopped_by then " (cut short: \(.stopped_by))" else "" end)\($note) | "
        + "\(.p99_lateness_us_median_robot / 1000 * 100 | round / 100) ms | \(.p99_lateness_us_worst_robot / 1000 * 100 | round / 100) ms | "
        + "\(.cpu_percent | round) % | \(.rss_mb | round) MB | \(.threads) (\(.tick_threads) tick) | \(.mqtt_messages_per_s | round) | "
        + "\(.watchdog_stalls) | \($load) |"' <<<"$json"
    done
  done
done
echo
echo "raw figures and logs: $out"
