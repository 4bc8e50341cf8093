# Sourced by .ci/run: PythonWorkerRoundTripTest (launch) runs examples/remote-worker-python/worker.py, which needs
# paho-mqtt and protobuf for Debian's python3, and protoc (Debian's, matching python3-protobuf) to generate its
# _pb2 modules. PyPI is not reachable here. Installs only what is missing.
pyworker_need=()
/usr/bin/python3 -c 'import paho.mqtt.client' >/dev/null 2>&1 || pyworker_need+=(python3-paho-mqtt)
/usr/bin/python3 -c 'import google.protobuf' >/dev/null 2>&1 || pyworker_need+=(python3-protobuf)
command -v protoc >/dev/null 2>&1 || pyworker_need+=(protobuf-compiler)
apt_install "${pyworker_need[@]}"
unset pyworker_need
