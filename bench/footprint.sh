#!/usr/bin/env bash
# Footprint of a running node: resident memory, threads (and their names), first tick after JVM start.
# Usage: bench/footprint.sh LAUNCH_FILE [SECONDS (default 60)] [extra canopy run arguments...]
# Runs `bin/canopy run LAUNCH_FILE --no-status --arg mqtt_port=0` (if the file has that arg) for 1 s (warm-up), then
# for SECONDS + 5,
# samples /proc at SECONDS and prints one line: rss_mb threads first_tick_ms load, then the threads by name.
# CANOPY=path/to/canopy runs another launcher script (to compare builds).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
file="$1"; secs="${2:-60}"; shift $(( $# >= 2 ? 2 : 1 ))
log="$(mktemp)"
args=()
grep -q 'name="mqtt_port"' "$file" && args+=(--arg mqtt_port=0)
# a short run first: the launcher writes the launch file's class-data archive when the first run after a build
# exits (bin/canopy), so that the measured run maps it as every later run does
"${CANOPY:-$root/bin/canopy}" run "$file" --no-status --duration 1s "${args[@]}" "$@" >/dev/null 2>&1 || true
"${CANOPY:-$root/bin/canopy}" run "$file" --no-status --duration "$((secs + 5))s" "${args[@]}" "$@" >"$log" 2>&1 &
pid=$!
sleep "$secs"
jpid="$(pgrep -P "$pid" java || echo "$pid")"
rss_kb="$(awk '/VmRSS/ {print $2}' "/proc/$jpid/status")"
threads="$(awk '/Threads/ {print $2}' "/proc/$jpid/status")"
load="$(cut -d' ' -f1 /proc/loadavg)"   # the 1-minute load average at the sample: first-tick times depend on it
names="$(for t in /proc/"$jpid"/task/*; do cat "$t/comm"; done | sed 's/[0-9]\+$/N/' | sort | uniq -c | sort -rn \
  | sed 's/^ *\([0-9]*\) \(.*\)/\2 x\1/' | paste -sd, - | sed 's/,/, /g')"
wait "$pid" || true
first="$(grep -o 'first tick [0-9]* ms' "$log" | grep -o '[0-9]*' | head -1)"
printf 'rss_mb=%.1f threads=%s first_tick_ms=%s load=%s\n' "$(echo "$rss_kb / 1024" | bc -l)" "$threads" "${first:-?}" "$load"
echo "threads: $names"
rm -f "$log"
