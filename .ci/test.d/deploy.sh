#!/usr/bin/env bash
# The Debian package, the tarball and the service (issue 29): builds dist/target/canopy_<version>_all.deb and
# canopy-<version>.tar.gz with `bin/canopy dist`, unpacks the tarball in a temporary directory and runs its
# bin/canopy validate on an example with no Maven on the PATH, lints the package (lintian: no errors), verifies canopy@.service (systemd-analyze verify), and - as root, where apt-get can
# install it (CANOPY_CI_INSTALL=0 skips this) - installs it and plays systemd's part, since no systemd runs as PID 1
# here: runs the installed demo as the canopy user with the unit's environment (NOTIFY_SOCKET on a socat datagram
# socket, WATCHDOG_USEC, CACHE_DIRECTORY, JOURNAL_STREAM naming its stderr) and checks READY=1, WATCHDOG=1,
# STOPPING=1 on SIGTERM, journal lines with priorities and no time stamps, and the one-line refusal of a missing
# launch file. (The notify protocol with a stalled ticker is tested in Maven: ServiceNotifierTest.)
# Prints PASS/FAIL lines and `N passed, N failed`; exits non-zero on a failure.
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=$(mktemp -d /tmp/canopy-ci-deploy.XXXXXX)
chmod 755 "$dir"
passed=0
failed=0
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
}
trap cleanup EXIT
pass() { echo "PASS deploy $*"; passed=$((passed + 1)); }
fail() { echo "FAIL deploy $*"; failed=$((failed + 1)); }
finish() {
  echo "deploy logs: $dir (took $SECONDS s)"
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
  exit
}

if built=$(bin/canopy dist 2>"$dir/dist.log"); then
  deb=$(grep '\.deb$' <<<"$built")
  tarball=$(grep '\.tar\.gz$' <<<"$built")
  pass "bin/canopy dist built $deb ($(du -k "$deb" | cut -f1) KB) and $tarball ($(du -k "$tarball" | cut -f1) KB)"
else
  fail "bin/canopy dist failed: $(tail -n 3 "$dir/dist.log" | tr '\n' ' ')"
  finish
fi

# the tarball, unpacked anywhere: its bin/canopy runs the jar beside it, with only Java on the PATH (no Maven)
mkdir -p "$dir/unpacked" "$dir/path" "$dir/home"
for t in java readlink dirname mkdir; do ln -s "$(command -v "$t")" "$dir/path/$t"; done
if tar -xzf "$tarball" -C "$dir/unpacked" && top="$dir/unpacked/$(basename "$tarball" .tar.gz)" && [ -x "$top/bin/canopy" ]; then
  if env -i PATH="$dir/path" HOME="$dir/home" "$top/bin/canopy" validate "$top/share/canopy/examples/patrol.launch.xml" \
      >"$dir/tarball-validate.txt" 2>&1; then
    pass "tarball: $(basename "$top")/bin/canopy validate patrol.launch.xml, no Maven on the PATH: $(tail -n 1 "$dir/tarball-validate.txt")"
  else
    fail "tarball: bin/canopy validate failed: $(tail -n 3 "$dir/tarball-validate.txt" | tr '\n' ' ')"
  fi
else
  fail "tarball: $tarball does not unpack to $(basename "$tarball" .tar.gz)/bin/canopy"
fi
contents=$(dpkg-deb -c "$deb")
missing=""
for f in ./usr/bin/canopy ./usr/share/canopy/canopy.jar ./usr/share/canopy/examples/patrol.launch.xml \
    ./usr/share/canopy/examples/trees/patrol.xml ./usr/share/canopy/examples/mission.scxml ./etc/canopy/canopy.env \
    ./lib/systemd/system/canopy@.service ./usr/share/canopy/udev/99-canopy-serial.rules; do
  grep -q " $f\$" <<<"$contents" || missing="$missing $f"
done
[ -z "$missing" ] && pass "the package holds the launcher, jar, examples, conffile, unit and udev example" \
  || fail "the package lacks:$missing"
grep -q 'root/root' <<<"$contents" && ! grep -vq 'root/root' <<<"$contents" && pass "every file is root-owned" \
  || fail "files not owned by root: $(grep -v 'root/root' <<<"$contents" | head -n 2)"

if command -v lintian >/dev/null; then
  lintian --tag-display-limit 0 "$deb" >"$dir/lintian.txt" 2>&1
  if grep -q '^E: ' "$dir/lintian.txt"; then
    fail "lintian errors: $(grep '^E: ' "$dir/lintian.txt" | head -n 3 | tr '\n' ' ')"
  else
    pass "lintian: no errors ($(grep -c '^W: ' "$dir/lintian.txt") warnings)"
  fi
else
  fail "lintian is missing (apt-get install lintian)"
fi

stage=dist/target/stage
if command -v systemd-analyze >/dev/null; then
  # the unit as packaged, its ExecStart pointed at the staged launcher (verify wants the binary to exist)
  mkdir -p "$dir/unit"
  sed "s|/usr/bin/canopy|$PWD/$stage/usr/bin/canopy|" "$stage/lib/systemd/system/canopy@.service" >"$dir/unit/canopy@patrol.service"
  if systemd-analyze verify --man=no "$dir/unit/canopy@patrol.service" >"$dir/verify.txt" 2>&1 && [ ! -s "$dir/verify.txt" ]; then
    pass "systemd-analyze verify canopy@patrol.service: clean"
  else
    fail "systemd-analyze verify: $(head -n 3 "$dir/verify.txt" | tr '\n' ' ')"
  fi
else
  fail "systemd-analyze is missing (apt-get install systemd)"
fi

if [ "${CANOPY_CI_INSTALL:-1}" = 0 ] || [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "deploy: not installing the package (CANOPY_CI_INSTALL=0, not root, or no apt-get)"
  finish
fi
if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --allow-downgrades "$deb" >"$dir/install.log" 2>&1 \
    && id -nG canopy | grep -qw dialout; then
  pass "apt-get install ./$(basename "$deb"): the canopy user in dialout, $(dpkg-query -W -f='${Version}' canopy)"
else
  fail "apt-get install: $(tail -n 3 "$dir/install.log" | tr '\n' ' ')"
  finish
fi
[ -d /run/systemd/system ] || echo "deploy: no systemd runs as PID 1 here ($(ps -p 1 -o comm=)): this test plays its part"

# systemd's part: the notify socket, the watchdog interval, the cache directory and a journal stream
socat -u UNIX-RECV:"$dir/notify",unlink-early - >"$dir/notify.txt" 2>"$dir/socat.log" &
pids+=($!)
for _ in $(seq 50); do [ -S "$dir/notify" ] && break; sleep 0.1; done
chmod 777 "$dir/notify"
: >"$dir/journal.txt"
chmod 666 "$dir/journal.txt"
journal_stream=$(stat -c '%d:%i' "$dir/journal.txt")
runuser -u canopy -- env -i PATH=/usr/bin:/bin NOTIFY_SOCKET="$dir/notify" WATCHDOG_USEC=2000000 \
  CACHE_DIRECTORY=/var/cache/canopy JOURNAL_STREAM="$journal_stream" \
  /usr/bin/canopy run /usr/share/canopy/examples/patrol.launch.xml --arg mqtt_port=0 --status-every 1s \
  2>>"$dir/journal.txt" >"$dir/stdout.txt" &
node=$!
pids+=($node)
for _ in $(seq 120); do grep -q 'WATCHDOG=1' "$dir/notify.txt" 2>/dev/null && break; sleep 0.5; done
sleep 3
# SIGTERM to the JVM itself, as systemd sends it (runuser, its parent here, would answer SIGTERM by killing it)
java_pid=$(pgrep -P "$node" | head -n 1)
kill -TERM "${java_pid:-$node}"
wait "$node"
rc=$?
sleep 0.5
notify=$(tr '\n' ' ' <"$dir/notify.txt")
grep -q "^READY=1" "$dir/notify.txt" && pass "READY=1 after the first tick, then STATUS= lines" \
  || fail "no READY=1: $notify"
pings=$(grep -o 'WATCHDOG=1' "$dir/notify.txt" | wc -l)
[ "$pings" -ge 3 ] && pass "WATCHDOG=1 every second while ticking ($pings)" || fail "WATCHDOG=1 sent $pings times: $notify"
grep -q 'STOPPING=1' "$dir/notify.txt" && [ "$rc" = 0 ] && pass "STOPPING=1 on SIGTERM, exit 0" \
  || fail "SIGTERM: exit $rc, notifications: $notify"
if grep -q '^<6>INFO  io.canopy.run - first tick' "$dir/journal.txt" && ! grep -qvE '^<[3467]>' "$dir/journal.txt"; then
  pass "journal lines: a priority on every line, no time stamp ($(grep -c . "$dir/journal.txt") lines)"
else
  fail "journal lines: $(grep -vE '^<[3467]>' "$dir/journal.txt" | head -n 2 | tr '\n' ' ')"
fi
ls /var/cache/canopy/cds/*.jsa* >/dev/null 2>&1 && pass "class-data archive under /var/cache/canopy/cds" \
  || fail "no class-data archive under /var/cache/canopy/cds"

# a service instance without its launch file: one line with the fix, exit 2 (RestartPreventExitStatus=2: no restart)
out=$(runuser -u canopy -- /usr/bin/canopy run /etc/canopy/no-such-robot.launch.xml 2>&1)
rc=$?
if [ "$rc" = 2 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q 'sudo cp /usr/share/canopy/examples' <<<"$out"; then
  pass "missing launch file: exit 2, one line: $out"
else
  fail "missing launch file: exit $rc: $out"
fi
printf '<launch>\n  <node name="x">\n    <timer name="t" hz="fast"/>\n  </node>\n</launch>\n' >"$dir/bad.launch.xml"
chmod 644 "$dir/bad.launch.xml"
out=$(runuser -u canopy -- /usr/bin/canopy run "$dir/bad.launch.xml" 2>&1)
rc=$?
if [ "$rc" = 2 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q 'bad.launch.xml:3:' <<<"$out"; then
  pass "invalid launch file: exit 2, one line with file:line:column: $out"
else
  fail "invalid launch file: exit $rc: $out"
fi
finish
