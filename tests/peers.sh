# peers.sh -- shell functions shared by tests/bench.sh and tests/scale.sh
# (sourced, not run): wall-clock timing with a limit, medians, and the
# peers glpsol and cbc on a written model. The sourcing script sets
# RUNS (runs per median), LIMIT (seconds per run) and tmp (a scratch
# directory).

now() { date +%s.%N; }

# median of the numbers on stdin
median() { sort -g | awk '{v[NR]=$1} END {if (NR==0) print "-"; else if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

# time_cmd OUTFILE CMD...: seconds of one run, or "timeout"; the command's
# exit status is left in $tmp/rc
time_cmd() {
    out=$1; shift
    t0=$(now)
    timeout "$LIMIT" "$@" >"$out" 2>&1
    rc=$?
    t1=$(now)
    echo $rc >"$tmp/rc"
    if [ $rc -eq 124 ]; then echo timeout; else echo "$t1 $t0" | awk '{printf "%.4f\n", $1-$2}'; fi
}

# bench_peer NAME CMD...: median seconds of RUNS runs, or ">LIMIT"
bench_peer() {
    shift
    : >"$tmp/times"
    i=0
    while [ $i -lt "$RUNS" ]; do
        t=$(time_cmd "$tmp/peer.out" "$@")
        if [ "$t" = timeout ]; then echo ">$LIMIT"; return; fi
        echo "$t" >>"$tmp/times"
        i=$((i + 1))
    done
    median <"$tmp/times"
}

# ratio A B: A/B with two decimals, "-" when either is not a time
ratio() {
    case "$1$2" in *'>'*|*-*) echo "-";; *) echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f", $1/$2; else print "-" }';; esac
}

# peers_detect: sets have_glpsol and have_cbc, and says what is missing
peers_detect() {
    have_glpsol=$(command -v glpsol)
    have_cbc=$(command -v cbc)
    [ -z "$have_glpsol" ] && echo "# glpsol not installed: its column is empty (apt-get install glpk-utils)"
    [ -z "$have_cbc" ] && echo "# cbc not installed: its column is empty (apt-get install coinor-cbc)"
    return 0
}

# peers_on_model LPFILE: sets glp_s and cbc_s (median seconds, ">LIMIT"
# or "-") for the peers on the model file
peers_on_model() {
    glp_s=-; cbc_s=-
    [ -s "$1" ] || return 0
    [ -n "$have_glpsol" ] && glp_s=$(bench_peer glpsol glpsol --lp "$1")
    [ -n "$have_cbc" ] && cbc_s=$(bench_peer cbc cbc "$1" solve quit)
    return 0
}
