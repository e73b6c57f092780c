#!/bin/sh
# t_asserts.sh -- the engine's assert()s (on the factors, the trail and
# the heap) are compiled into $BNB exactly when the build asked for them:
# make check builds with ASSERTS= (on), every other build with
# ASSERTS=-DNDEBUG (off). BNB_ASSERTS is the build's ASSERTS (make e2e
# passes it); without it, or without nm, nothing is checked.
. tests/e2e/lib.sh
if [ -z "${BNB_ASSERTS+set}" ]; then
    skip asserts "BNB_ASSERTS is not set (run through make e2e or make check)"
    exit 0
fi
have nm || { skip asserts "nm is not installed"; exit 0; }
if nm "$BNB" 2>/dev/null | grep -q '__assert_fail\|__assert_rtn\|__assert'; then
    compiled=on
else
    compiled=off
fi
case "$BNB_ASSERTS" in
*NDEBUG*) want=off ;;
*) want=on ;;
esac
if [ "$compiled" = "$want" ]; then
    ok "asserts-$want"
else
    fail "asserts-$want" "ASSERTS='$BNB_ASSERTS' but the assert()s are $compiled in $BNB"
fi
exit $failed
