#!/bin/sh
# t_params.sh -- no engine parameter can produce a wrong label: every
# parameter of `bnb --help` at its minimum, its maximum and a middle value
# (geometric for tolerances) on small models of known optimum. Each run
# must be "optimal" at the known objective, or stopped by a limit ("node
# limit", "memory limit", ...; exit 3) with a solution no better than the
# optimum (or "optimal within gap", exit 0, likewise), or a numerical
# failure (exit 4, labelled); never "infeasible",
# "unbounded" or a wrong "optimal". PARAM_TIME (default 5) bounds each run.
: "${BNB:?set BNB to the bnb binary}"
BENCH=${BNB_SHARED:-bench}
LIMIT=${PARAM_TIME:-5}
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT INT TERM
failed=0
ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }

# models: file, known optimum, 1 for minimise or -1 for maximise
models="$BENCH/miplib/p0033.mps 3089 1
$BENCH/miplib/flugpl.mps 1201500 1
$BENCH/miplib/egout.mps 568.1007 1
$BENCH/miplib/lseu.mps 1120 1
tests/models/knap.mps 51 -1"

# values NAME LO HI: the minimum, a middle value and the maximum
values() {
    awk -v lo="$2" -v hi="$3" -v name="$1" 'BEGIN {
        isint = lo == int(lo) && hi == int(hi);
        mid = (lo > 0 && !isint) ? exp((log(lo) + log(hi)) / 2) : \
              (hi <= 3 ? int((lo + hi + 1) / 2) : \
               isint ? int(hi / 1000) : hi / 1000);
        if (name ~ /limit/) mid = 50;
        printf "%s %s %s\n", lo, mid, hi }'
}

# check TAG FILE WANT SENSE VALUE...: one run
check() {
    tag=$1 file=$2 want=$3 sense=$4; shift 4
    out=$(timeout $((LIMIT * 3)) "$BNB" --time-limit "$LIMIT" "$@" "$file" 2>&1)
    rc=$?
    last=$(echo "$out" | tail -n 1)
    got=$(echo "$last" | sed -n 's/.*objective \([^,]*\),.*/\1/p')
    # a gap asked for (mip_gap, abs_gap) ends a search as a limit does,
    # with exit 0: a solution no better than the optimum
    case $rc:$last in "0:# optimal within gap"*) rc=3 ;; esac
    case $rc in
    0)  case "$*" in *lp_only=1*) return 0 ;; esac
        if awk -v a="$got" -v b="$want" 'BEGIN { d = a - b; if (d < 0) d = -d;
               s = b < 0 ? -b : b; exit !(d <= 1e-6 * (s > 1 ? s : 1)) }'; then
            return 0; fi
        fail "$tag" "optimal $got, known $want: $last" ;;
    3)  [ -z "$got" ] && return 0
        if awk -v a="$got" -v b="$want" -v s="$sense" 'BEGIN {
               exit !(s * (a - b) >= -1e-6 * (b < 0 ? -b : b) - 1e-9) }'; then
            return 0; fi
        fail "$tag" "limit with $got better than the optimum $want" ;;
    4)  echo "note $tag: numerical failure (labelled): $last"; return 0 ;;
    *)  fail "$tag" "exit $rc: $last" ;;
    esac
    return 1
}

if [ ! -d "$BENCH/miplib" ]; then
    echo "skip param-sweep: $BENCH/miplib not found"
    exit 0
fi
"$BNB" --help | sed -n 's/^  \([a-z_]*\) .*range \([^.]*\(\.[0-9][^.]*\)*\)\.\.\([^)]*\))$/\1 \2 \4/p' |
while read -r name lo hi; do
    bad=0
    for v in $(values "$name" "$lo" "$hi"); do
        echo "$models" | while read -r file want sense; do
            check "$name=$v $(basename "$file")" "$file" "$want" "$sense" \
                --set "$name=$v" || echo x >>"$tmp"
        done
    done
done
[ -s "$tmp" ] && failed=1
[ "$failed" -eq 0 ] && ok "param-sweep"
exit $failed
