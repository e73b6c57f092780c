#!/bin/sh
# make bench: runs ./bnb over the benchmark set (the public MIPLIB and
# netlib models in bench, and every puzzle in data/) and, when
# glpsol / cbc are installed, runs them on the model bnb writes with
# --write-lp. Prints a table with the median wall time of BENCH_RUNS runs
# (default 3) and the ratios bnb/peer. BENCH_LIMIT caps one run (s).
# The whole-set run adds Flow Free colorbin (the seed with --variant) and
# the variability table below (BENCH_PERMUTE orders, default 5; 0: none).
# With --permute K: the variability of the MIPLIB models under K random
# orders of their columns and rows instead (tests/bench_permute.sh).
#   usage: tests/bench.sh [--permute K] BNB [FILE...]
if [ "$1" = --permute ]; then
    k=$2 bnb=${3:-./bnb}
    shift 2
    [ $# -gt 0 ] && shift
    exec sh "$(dirname "$0")/bench_permute.sh" "$k" "$bnb" "$@"
fi
BNB=${1:-./bnb}
shift
RUNS=${BENCH_RUNS:-3}
LIMIT=${BENCH_LIMIT:-60}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=$ROOT/bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

default_count=-1
if [ $# -eq 0 ]; then
    set -- "$SHARED"/miplib/*.mps "$SHARED"/netlib/*.mps "$ROOT"/data/*.txt \
        "$ROOT"/tests/hard/*.txt
    default_count=$#
fi

. "$ROOT/tests/peers.sh"

# version NAME CMD...: the first line of CMD's output naming a version
version() { "$@" 2>&1 | grep -m 1 -i -E 'version|[0-9]+\.[0-9]+' | tr -s ' '; }

# variability_section: the table of tests/bench_permute.sh ($tmp/permute)
variability_section() {
    echo
    echo "## Performance variability"
    echo
    echo "Each MIPLIB model under $PERMUTE seeded orders of its columns and rows (\`bnb --permute 1..$PERMUTE\`; \`make bench PERMUTE=K\` alone). Time: the least of $RUNS runs of each order, as bnb reports it; then the median and the largest over the orders, and max/min."
    echo
    echo "| model | runs at the optimum | median s | max s | time max/min | median nodes | nodes max/min |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    awk 'NR > 1 && !/^#/ { printf "| %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7 }' "$tmp/permute"
    echo
    sed -n 's/^# \(.*\)/* \1/p' "$tmp/permute"
}

# write_doc FILE: docs/BENCHMARKS.md from the table of this run
write_doc() {
    {
        echo "# Benchmarks"
        echo
        echo "Written by \`make bench\` (\`tests/bench.sh\`); do not edit by hand."
        echo "Run it again to measure your machine."
        echo
        echo "* date: $(date -u +%Y-%m-%d)"
        echo "* machine: $(uname -m), $(nproc 2>/dev/null || echo '?') cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)"
        echo "* runs: median of $RUNS wall times, $LIMIT s limit per run"
        echo "* bnb: $("$BNB" --version 2>&1 | head -n 1)"
        [ -n "$have_glpsol" ] && echo "* glpsol: $(version glpsol --version)"
        [ -n "$have_cbc" ] && echo "* cbc: $(echo quit | cbc 2>&1 | grep -m 1 Version | tr -s ' ')"
        echo "* peers solve the model that \`bnb --write-lp\` writes, with their defaults"
        echo "* \`-root\` rows: bnb's root LP alone (\`--lp-only\`) against the peers' whole solve"
        echo
        echo "MIPLIB median bnb/cbc: ${miplib_cbc:--}; netlib median bnb/glpsol: ${netlib_glpsol:--}."
        echo "Sizes beyond the shipped examples: [SCALING.md](SCALING.md) (\`make scale\`)."
        [ "$wasm_ratio" != - ] && echo "The browser build (\`make web\`): a solve in the page takes $wasm_ratio times the native program's CPU time (median over the shipped puzzles and the MIPLIB models that take 10 ms or more natively; the module compiled once per page load, each solve a fresh instance; see [WEB.md](WEB.md))."
        echo
        echo "| instance | status | objective | known | nodes | iterations | peak MB | bnb s | glpsol s | bnb/glpsol | cbc s | bnb/cbc |"
        echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        awk '{ printf "|"; for (i = 1; i <= 12; i++) printf " %s |", $i; printf "\n" }' "$tmp/table"
        [ -s "$tmp/permute" ] && variability_section
    } >"$1"
    echo "# wrote $1"
}
peers_detect
printf "%-28s %-10s %16s %16s %8s %9s %7s %8s %8s %8s %8s %8s\n" instance status objective known nodes iters peak_MB bnb_s glpsol_s ratio cbc_s ratio
# bench_one NAME FILE [BNB OPTIONS...]: one line of the table
bench_one() {
    name=$1 f=$2
    shift 2
    known=$(awk -v n="$name" '$1 == n {print $2}' "$SHARED/solu.txt" 2>/dev/null)
    : >"$tmp/times"
    i=0
    while [ $i -lt "$RUNS" ]; do
        t=$(time_cmd "$tmp/bnb.out" "$BNB" "$@" "$f")
        [ "$t" = timeout ] && break
        echo "$t" >>"$tmp/times"
        i=$((i + 1))
    done
    if [ "$t" = timeout ]; then
        bnb_s=">$LIMIT"; status=timeout; obj=-; nodes=-; iters=-; peak=-
    else
        bnb_s=$(median <"$tmp/times")
        summary=$(grep '^# ' "$tmp/bnb.out" | tail -n 1)
        status=$(echo "$summary" | sed 's/^# \([^,]*\),.*/\1/' | tr ' ' '_')
        obj=$(echo "$summary" | sed -n 's/.*objective \([^,]*\),.*/\1/p')
        nodes=$(echo "$summary" | sed -n 's/.* \([0-9]*\) nodes\{0,1\},.*/\1/p')
        iters=$(echo "$summary" | sed -n 's/.* \([0-9]*\) simplex iterations\{0,1\}.*/\1/p')
        peak=$(echo "$summary" | sed -n 's/.* peak \([0-9.]*\) MB.*/\1/p')
    fi
    glp_s=-; cbc_s=-
    if [ -n "$have_glpsol$have_cbc" ]; then
        "$BNB" "$@" --quiet --node-limit 1 --write-lp "$tmp/m.lp" "$f" >/dev/null 2>&1
        peers_on_model "$tmp/m.lp"
        rm -f "$tmp/m.lp"
    fi
    printf "%-28s %-10s %16s %16s %8s %9s %7s %8s %8s %8s %8s %8s\n" "$name" "$status" "${obj:--}" "${known:--}" "${nodes:--}" "${iters:--}" "${peak:--}" "$bnb_s" "$glp_s" "$(ratio "$bnb_s" "$glp_s")" "$cbc_s" "$(ratio "$bnb_s" "$cbc_s")" | tee -a "$tmp/table"
}

for f in "$@"; do
    [ -e "$f" ] || continue
    name=$(basename "$f"); name=${name%.*}
    bench_one "$name" "$f"
done
# Formulations other than the default, for the whole-set run.
if [ $# -eq $default_count ]; then
    bench_one flowfree-hartmann2018-colorbin "$ROOT/data/flowfree-hartmann2018.txt" --variant colorbin
    # Random Match 22 boards with few colours (massively degenerate root
    # LPs): bnb's root LP alone (--lp-only) against the peers' whole solve.
    for size in 10 20 30 40 60; do
        for colours in 2 3; do
            sh "$ROOT/tests/gen_match22.sh" $size $size $colours 1 >"$tmp/m22.txt"
            bench_one "match22-${size}x${size}-${colours}col-root" "$tmp/m22.txt" --lp-only
        done
    done
fi
# The median bnb/glpsol ratio over the netlib LPs in the table, and the
# median bnb/cbc ratio over the MIPLIB models.
for f in "$SHARED"/netlib/*.mps; do basename "$f" .mps; done >"$tmp/netlib"
for f in "$SHARED"/miplib/*.mps; do basename "$f" .mps; done >"$tmp/miplib"
netlib_glpsol=$(awk 'NR == FNR { lp[$1] = 1; next } ($1 in lp) && $10 != "-" { print $10 }' \
    "$tmp/netlib" "$tmp/table" 2>/dev/null | median)
miplib_cbc=$(awk 'NR == FNR { m[$1] = 1; next } ($1 in m) && $12 != "-" { print $12 }' \
    "$tmp/miplib" "$tmp/table" 2>/dev/null | median)
echo "# netlib median bnb/glpsol: $netlib_glpsol"
echo "# MIPLIB median bnb/cbc: $miplib_cbc"
# With the browser build (make web), Node.js and python3: the
# WebAssembly program's CPU time over the native one's
# (tests/web_speed.py says what is timed: a solve in a page whose module
# is compiled), median over the shipped puzzles and the MIPLIB models in
# a whole-set run, else over the files given; runs under 10 ms natively
# are left out of the median.
wasm_ratio=-
whole_set=0
[ $# -eq $default_count ] && whole_set=1
if [ -f "$ROOT/build-web/bnb.js" ] && command -v node >/dev/null 2>&1 &&
    command -v python3 >/dev/null 2>&1; then
    [ $whole_set = 1 ] && set -- "$ROOT"/data/*.txt "$SHARED"/miplib/*.mps
    NODE_PATH=${NODE_PATH:-/usr/share/nodejs} python3 "$ROOT/tests/web_speed.py" "$BNB" \
        "$ROOT/build-web/bnb.js" "$RUNS" "$@" >"$tmp/wasm"
    wasm_ratio=$(sed -n 's/^# WebAssembly\/native CPU time median \([0-9.]*\) .*/\1/p' "$tmp/wasm")
    [ -n "$wasm_ratio" ] || wasm_ratio=-
    cat "$tmp/wasm"
fi
# The whole-set run measures performance variability too: the MIPLIB
# models under BENCH_PERMUTE (default 5) orders (tests/bench_permute.sh).
PERMUTE=${BENCH_PERMUTE:-5}
if [ $whole_set = 1 ] && [ "$PERMUTE" -gt 0 ]; then
    sh "$ROOT/tests/bench_permute.sh" "$PERMUTE" "$BNB" | tee "$tmp/permute"
fi
# The whole-set run writes docs/BENCHMARKS.md (BENCH_DOC): how it was
# measured, then the table, so the figures there are never typed by hand.
if [ $whole_set = 1 ] && [ -s "$tmp/table" ]; then
    write_doc "${BENCH_DOC:-$ROOT/docs/BENCHMARKS.md}"
fi
