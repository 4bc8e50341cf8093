# Sourced by .ci/run: the MAVLink tests (hardware-io VehicleOverUdpTest, launch MavlinkSquareMissionTest) fly
# against a vehicle written with the node-mavlink package (hardware-io/src/test/node/mavlink-peer, pinned by its
# package-lock.json). They fail, not skip, when CI=true and node or the package is missing. The Dynamixel tests
# need socat, which .ci/run installs.
devices_need=()
command -v node >/dev/null 2>&1 || devices_need+=(nodejs)
command -v npm >/dev/null 2>&1 || devices_need+=(npm)
apt_install "${devices_need[@]}"
if [ ! -d hardware-io/src/test/node/mavlink-peer/node_modules/node-mavlink ]; then
  (cd hardware-io/src/test/node/mavlink-peer && npm ci --no-audit --no-fund --loglevel=error)
fi
unset devices_need
