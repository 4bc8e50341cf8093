# The ECMAScript differential test (state-machine EcmaDifferentialTest) compares Canopy's evaluator with
# node; without node it is skipped, so install it when missing.
command -v node >/dev/null 2>&1 || apt_install nodejs
