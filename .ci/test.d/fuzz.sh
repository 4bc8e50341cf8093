#!/usr/bin/env bash
# Fuzzes every parser that takes outside input with Jazzer, each for the bounded time its @FuzzTest says (10 s; FUZZ_ROUNDS=N for longer):
# serial frames, serial envelopes, MQTT payload routing, tree XML, the expression language, SCXML, launch files.
# `mvn verify` already replays each target's seed corpus (src/test/resources/.../<Test>Inputs/); this runs the
# fuzzer itself. Longer on demand: FUZZ_ROUNDS=N bash .ci/test.d/fuzz.sh (the generated corpus in each module's
# .cifuzz-corpus/ carries over between rounds). A finding fails the run and is written next to the seeds.
set -uo pipefail
cd "$(dirname "$0")/../.."
targets=(
  "hardware-io:FrameDecoderFuzzTest#anyBytesNeverThrowAndTheNextGoodFrameArrives"
  "hardware-io:EnvelopeFuzzTest#anyPayloadIsDeliveredOrCountedNeverThrown"
  "hardware-io:RouteFuzzTest#anyPayloadIsAccountedForOnceAndNeverThrows"
  "bt-runtime:TreeXmlFuzzTest#anyFileLoadsOrIsRefusedWithOneInputError"
  "bt-runtime:ExpressionFuzzTest#anyTextCompilesOrFailsWithTheDocumentedExceptions"
  "state-machine:ScxmlFuzzTest#anyDocumentCompilesOrIsRefusedWithOneInputError"
  "launch:LaunchFileFuzzTest#anyFileLoadsOrIsRefusedLineByLine"
)
rounds=${FUZZ_ROUNDS:-1}
passed=0; failed=0
for ((r = 1; r <= rounds; r++)); do
  for t in "${targets[@]}"; do
    module=${t%%:*}; test=${t#*:}
    log=$(mktemp)
    if JAZZER_FUZZ=1 mvn -B -q -o -ntp -Dstyle.color=never -pl "$module" -am test -Dtest="$test" \
        -Dsurefire.failIfNoSpecifiedTests=false >"$log" 2>&1; then
      runs=$(grep -oE "Done [0-9]+ runs in [0-9]+ second" "$log" | tail -1)
      echo "fuzz: $test: clean (${runs:-no run count})"
      passed=$((passed + 1))
    else
      echo "fuzz: $test: FAILED"; grep -vE "^INFO: (Instrumented|Loaded)" "$log" | tail -40
      failed=$((failed + 1))
    fi
    rm -f "$log"
  done
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" = 0 ]
