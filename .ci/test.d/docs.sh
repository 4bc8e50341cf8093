#!/usr/bin/env bash
# The docs' commands, run as written (issue #35): every ```sh/```bash/```console block of README.md, docs/**/*.md
# and examples/*/README.md, in order, in a scratch copy of the checkout with its own network namespace (the ports
# the docs name are free there), each with a time limit; a block marked <!-- docs-ci: skip REASON --> is reported
# with its reason. docs/contributing.md describes the markers. Needs python3 (stdlib only), and what the docs use:
# mosquitto, mosquitto_passwd, openssl (.ci/run installs them).
set -uo pipefail
cd "$(dirname "$0")/../.."
python3 .ci/docs/run-docs.py
