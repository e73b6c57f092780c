#!/bin/sh
# Runs every tests/e2e/t_*.sh with BNB set to the program under test and
# the repository root as the working directory. A script prints one line
# per check: "ok NAME", "FAIL NAME: why" or "skip NAME: why".
cd "$(dirname "$0")/../.." || exit 2
: "${BNB:=./bnb}"
export BNB
case "$BNB" in /*) ;; *) BNB="$(pwd)/$BNB" ;; esac
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
for t in tests/e2e/t_*.sh; do
    [ -e "$t" ] || continue
    echo "== $t"
    if ! sh "$t" >"$log" 2>&1; then
        status=1
    fi
    grep -v '^ok ' "$log"
    grep -c '^ok ' "$log" | sed 's/^/   checks passed: /'
    cat "$log" >>"$log.all"
done
passed=$(grep -c '^ok ' "$log.all" 2>/dev/null)
failed=$(grep -c '^FAIL ' "$log.all" 2>/dev/null)
skipped=$(grep -c '^skip ' "$log.all" 2>/dev/null)
rm -f "$log.all"
[ "${failed:-0}" -gt 0 ] && status=1
echo "e2e: ${passed:-0} passed, ${failed:-0} failed, ${skipped:-0} skipped"
exit $status
