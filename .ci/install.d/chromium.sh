# The web page's browser tests (launch: PatrolPageBrowserTest, FleetMonitorBrowserTest) drive Debian's headless
# Chromium through Debian's chromedriver with Selenium; in CI they fail without them, so install them when missing.
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
apt_install "${need[@]}"
