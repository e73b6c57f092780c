#!/bin/sh
# t_adversarial.sh -- the adversarial differential test (tests/adversarial/):
# the regression corpus (tests/adversarial/cases/, each with its expected
# verdict; always run), then random adversarial models from seed
# ADV_BASE on (default 1, so a run is reproducible) for ADV_SECONDS
# (default 60) or exactly ADV_SEEDS seeds, each solved by bnb (limit
# ADV_TIME_LIMIT s, default 5) and by glpsol and cbc. A verdict of bnb
# fails only against evidence (see tests/adversarial/README.md). The
# corpus is also solved under small memory limits, which must not change
# an answer.
# The random part is skipped when neither glpsol nor cbc is installed.
. tests/e2e/lib.sh
if ! have python3; then
    skip adversarial "python3 not installed"
    exit 0
fi
case "$BNB" in /*) ;; *) BNB="$(pwd)/$BNB" ;; esac
python3 tests/adversarial/selftest.py || failed=1
runner="python3 tests/adversarial/run.py --bnb $BNB --time-limit ${ADV_TIME_LIMIT:-5}"

# each case also under --memory-limit 1, 3 and 10 MB: a limit may stop
# the search (honestly), never change its verdict or objective
TMPDIR=$tmp $runner --cases tests/adversarial/cases --memory-limits 1,3,10 \
    >"$tmp/cases.log" 2>&1 || failed=1
grep -v '^#' "$tmp/cases.log" | sed -e 's/^ok case-/ok adversarial-case-/' -e 's/^FAIL case-/FAIL adversarial-case-/'

if ! have glpsol && ! have cbc; then
    skip adversarial-random "neither glpsol nor cbc installed (apt-get install glpk-utils coinor-cbc)"
    exit $failed
fi
if [ -n "$ADV_SEEDS" ]; then budget="--seeds $ADV_SEEDS"; else budget="--seconds ${ADV_SECONDS:-60}"; fi
TMPDIR=$tmp $runner --base "${ADV_BASE:-1}" $budget ${ADV_KEEP:+--keep "$ADV_KEEP"} \
    >"$tmp/random.log" 2>&1
# A disagreement fails the run, as does an LP that took more than 100
# iterations per row and column to its verdict ("slow"); ADV_STRICT=0
# lists both as "open" instead, for exploring. A bnb that crashes or
# hangs fails it always.
if [ "${ADV_STRICT:-1}" = 1 ]; then tag=FAIL; else tag=open; fi
grep -v '^ok \|^weak \|^disputed \|^#' "$tmp/random.log" | sed -e 's/^\([a-zA-Z]*\) adv-/\1 adversarial-seed-/' \
    -e 's/^\([a-zA-Z]*\) count-/\1 adversarial-count-/' -e "s/^FAIL /$tag /" \
    -e "s/^slow \([^:]*\):/$tag \1: slow:/"
grep -q '^FAIL .*bnb \(hang\|error\|--all hang\|--all error\)' "$tmp/random.log" && {
    echo "FAIL adversarial-random: bnb crashed, hung or gave an exit it must not"; failed=1; }
[ "$tag" = FAIL ] && grep -q '^FAIL \|^slow ' "$tmp/random.log" && failed=1
echo "ok adversarial-random: $(grep -c '^ok ' "$tmp/random.log") models agreeing, $(grep -c '^weak ' "$tmp/random.log") honestly labelled (a limit, a numerical failure, a refused coefficient), $(grep -c '^disputed ' "$tmp/random.log") disputed without evidence against bnb, $(grep -c '^FAIL ' "$tmp/random.log") disagreements, $(grep -c '^slow ' "$tmp/random.log") LPs past 100 iterations per row and column"
exit $failed
