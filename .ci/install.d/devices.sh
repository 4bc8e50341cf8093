# Sourced by .ci/run: the MAVLink peer tests need Node.js and the node-mavlink package of
# hardware-io/src/test/node/mavlink-peer (pinned by its package-lock.json).
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  apt_install nodejs npm
fi
if [ ! -d hardware-io/src/test/node/mavlink-peer/node_modules/node-mavlink ]; then
  (cd hardware-io/src/test/node/mavlink-peer && npm ci --no-audit --no-fund --loglevel=error)
fi
