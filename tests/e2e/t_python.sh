#!/bin/sh
# t_python.sh -- python/bnb.py over the shared library beside $BNB (make
# lib): tests/python with pytest, skipped when python3 or pytest is not
# installed (Debian: apt-get install python3-pytest), or when the
# library is a sanitizer build (python cannot load one).
. tests/e2e/lib.sh
lib=$(ls "$(dirname "$BNB")"/libbnb.so.* 2>/dev/null | head -n 1)
if [ -z "$lib" ]; then
    skip python "no libbnb.so.* beside $BNB (make lib)"
    exit 0
fi
if have ldd && ldd "$lib" 2>/dev/null | grep -q 'libasan\|libubsan'; then
    skip python "$lib is a sanitizer build"
    exit 0
fi
py=
for p in python3 /usr/bin/python3; do
    if have "$p" && "$p" -c 'import pytest' 2>/dev/null; then py=$p; break; fi
done
if [ -z "$py" ]; then
    skip python "python3 with pytest is not installed"
    exit 0
fi
if PYTHONDONTWRITEBYTECODE=1 BNB_LIBRARY=$lib BNB=$BNB limit "$py" -m pytest -q -p no:cacheprovider \
        tests/python >"$tmp/log" 2>&1; then
    ok "python ($(tail -n 1 "$tmp/log"))"
else
    fail python "$(grep -m 3 'FAILED\|Error' "$tmp/log" | tr '\n' ' ')"
    tail -n 20 "$tmp/log"
fi
exit $failed
