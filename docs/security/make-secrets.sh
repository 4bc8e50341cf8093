#!/usr/bin/env bash
# Makes what docs/security/mosquitto.conf needs, in DIR: a private CA (ca.crt, ca.key), the broker's certificate
# signed by it (server.crt, server.key; valid for localhost, 127.0.0.1 and the HOSTs given with --host), a
# password file with one user per robot plus "operator" (passwd), a random password for each in DIR/passwords/USER,
# and a copy of the ACL. Run it again to add robots: the CA, the certificate and existing passwords are kept.
#
# Usage: docs/security/make-secrets.sh DIR [--host NAME]... ROBOT...
#   e.g. docs/security/make-secrets.sh /etc/mosquitto/canopy --host broker.local robot1 robot2
# Needs openssl and mosquitto_passwd (apt-get install openssl mosquitto). When the group "mosquitto" exists, the
# key and the password file are made readable by it: Mosquitto started as root drops to that user before it reads them.
set -euo pipefail
usage() { echo "usage: $0 DIR [--host NAME]... ROBOT..." >&2; exit 2; }
[ $# -ge 2 ] || usage
dir=$1; shift
hosts=(localhost); robots=()
while [ $# -gt 0 ]; do
  case $1 in
    --host) [ $# -ge 2 ] || usage; hosts+=("$2"); shift 2;;
    -*) echo "$0: unknown option $1" >&2; usage;;
    *) [[ $1 =~ ^[A-Za-z0-9_-]+$ ]] || { echo "$0: robot name '$1': letters, digits, '_' and '-' only" >&2; exit 2; }
       robots+=("$1"); shift;;
  esac
done
[ ${#robots[@]} -gt 0 ] || usage
for tool in openssl mosquitto_passwd; do
  command -v $tool >/dev/null || { echo "$0: $tool is missing (sudo apt-get install openssl mosquitto)" >&2; exit 2; }
done
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir/passwords"
chmod 700 "$dir/passwords"
umask 077

if [ ! -f "$dir/ca.crt" ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=Canopy fleet CA" \
    -keyout "$dir/ca.key" -out "$dir/ca.crt" 2>/dev/null
  echo "made $dir/ca.crt (give it to every robot and tool: --ca-file ca.crt)"
fi
if [ ! -f "$dir/server.crt" ]; then
  san="IP:127.0.0.1"; for h in "${hosts[@]}"; do san="$san,DNS:$h"; done
  openssl req -newkey rsa:2048 -nodes -subj "/CN=${hosts[-1]}" -keyout "$dir/server.key" -out "$dir/server.csr" 2>/dev/null
  printf 'subjectAltName=%s\n' "$san" > "$dir/server.ext"
  openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" -CAcreateserial -days 825 \
    -extfile "$dir/server.ext" -out "$dir/server.crt" 2>/dev/null
  rm -f "$dir/server.csr" "$dir/server.ext"
  echo "made $dir/server.crt for $san"
fi
for user in "${robots[@]}" operator; do
  [ -f "$dir/passwords/$user" ] && continue
  openssl rand -hex 16 > "$dir/passwords/$user"
  if [ -f "$dir/passwd" ]; then
    mosquitto_passwd -b "$dir/passwd" "$user" "$(cat "$dir/passwords/$user")"
  else
    mosquitto_passwd -c -b "$dir/passwd" "$user" "$(cat "$dir/passwords/$user")"
  fi
  echo "user $user: password in $dir/passwords/$user"
done
cp "$here/acl" "$dir/acl"
chmod 644 "$dir/ca.crt" "$dir/server.crt" "$dir/acl"
chmod 755 "$dir"
if getent group mosquitto >/dev/null 2>&1; then
  chgrp mosquitto "$dir/server.key" "$dir/passwd"
  chmod 640 "$dir/server.key" "$dir/passwd"
fi
