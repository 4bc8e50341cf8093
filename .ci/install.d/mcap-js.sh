# canopy run --record is checked by an independent MCAP reader: the official @mcap/core library on Node, with
# @mcap/support (zstd) and protobufjs (the schemas embedded in the file). Installed once under ~/.cache.
command -v node >/dev/null 2>&1 || apt_install nodejs
command -v npm >/dev/null 2>&1 || apt_install npm
MCAP_JS="${MCAP_JS:-$HOME/.cache/canopy/mcap-js}"
if [ ! -d "$MCAP_JS/node_modules/@mcap/core" ] || [ ! -d "$MCAP_JS/node_modules/protobufjs" ]; then
  mkdir -p "$MCAP_JS"
  (cd "$MCAP_JS" && npm install --no-audit --no-fund --silent @mcap/core@2 @mcap/support@1 protobufjs@7 >/dev/null)
fi
export MCAP_JS
