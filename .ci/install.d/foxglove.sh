# Sourced by .ci/run: .ci/test.d/foxglove.sh checks canopy's --foxglove server with Foxglove's own client library
# (@foxglove/ws-protocol + ws) and its recordings' well-known channels against Foxglove's published schemas
# (@foxglove/schemas), with @mcap/core and protobufjs: launch/src/test/node/foxglove-check, pinned by its
# package-lock.json. Installs only what is missing.
fox_need=()
command -v node >/dev/null 2>&1 || fox_need+=(nodejs)
command -v npm >/dev/null 2>&1 || fox_need+=(npm)
apt_install "${fox_need[@]}"
if [ ! -d launch/src/test/node/foxglove-check/node_modules/@foxglove/ws-protocol ]; then
  (cd launch/src/test/node/foxglove-check && npm ci --no-audit --no-fund --loglevel=error)
fi
unset fox_need
