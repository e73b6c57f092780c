#!/bin/sh
# t_web.sh -- make web builds the browser page, and tests/web_check.py
# drives it in headless Chromium from file://: the kinds' examples and
# the MIPLIB models solve as the native program solves them, an error
# shows its line and column, a long solve stops from the page within
# 0.5 s, and the page makes no request. Skipped without emscripten,
# Chromium or python3.
. tests/e2e/lib.sh
for p in emcc python3; do
    have $p || { skip web "$p is not installed (make web needs emscripten)"; exit 0; }
done
have chromium || have chromium-browser || have google-chrome ||
    { skip web "no chromium installed"; exit 0; }
# Debian's emscripten runs its tools with Debian's node modules.
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
if ! plain_make -s web >"$tmp/make.log" 2>&1 || [ ! -s build-web/bnb.html ]; then
    fail web-build "make web: $(tail -n 3 "$tmp/make.log")"
    exit 1
fi
ok web-build
python3 tests/web_check.py "$BNB" build-web/bnb.html || failed=1
exit $failed
