# Sourced by .ci/run: McapOfficialReaderTest (launch) reads Canopy's MCAP files with the official @mcap/core reader
# and protobufjs, run with Node (launch/src/test/node/mcap-check, pinned by its package-lock.json). PyPI is not
# reachable here, so the official Python reader is not an option. Installs only what is missing.
mcap_need=()
command -v node >/dev/null 2>&1 || mcap_need+=(nodejs)
command -v npm >/dev/null 2>&1 || mcap_need+=(npm)
apt_install "${mcap_need[@]}"
if [ ! -d launch/src/test/node/mcap-check/node_modules/@mcap/core ]; then
  (cd launch/src/test/node/mcap-check && npm ci --no-audit --no-fund --loglevel=error)
fi
unset mcap_need
