#!/bin/sh
# run.sh -- builds the libFuzzer harnesses with clang (ASan + UBSan) and
# runs each for FUZZ_SECONDS (default 60) on a corpus seeded from the
# repository's models and puzzles, with its dictionary. Skips, saying
# so, when clang cannot build a fuzzer. A crash, sanitizer report or
# round-trip mismatch fails (libFuzzer keeps the input as crash-*).
# Usage: sh tests/fuzz/run.sh [lp|mps|puzzle ...]
cd "$(dirname "$0")/../.." || exit 2
SECONDS_EACH=${FUZZ_SECONDS:-60}
OUT=${FUZZ_BUILD:-build-fuzz}
CLANG=${FUZZ_CC:-clang}
if ! command -v "$CLANG" >/dev/null 2>&1; then
    echo "skip fuzz: $CLANG not installed (apt-get install clang)"
    exit 0
fi
mkdir -p "$OUT"
flags="-g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
# every technique folder of mip/ (the Makefile's MIP_TECH), found, not listed
tech=$(for d in mip/*/; do printf ' -I%s' "${d%/}"; done)
inc="-Iinclude -Isimplex -Imodel -Imip$tech -Ipuzzles -Ipuzzles/gen"
lib=$(ls simplex/*.c model/*.c mip/*.c mip/*/*.c puzzles/*.c puzzles/gen/*.c 2>/dev/null)
probe="$OUT/probe.c"
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)n * 0; }' >"$probe"
if ! "$CLANG" -fsanitize=fuzzer "$probe" -o "$OUT/probe" 2>/dev/null; then
    echo "skip fuzz: $CLANG cannot build libFuzzer targets"
    exit 0
fi
# the harnesses' temporary files, removed at the end
case $OUT in
/*) TMPDIR="$OUT/tmp" ;;
*) TMPDIR="$(pwd)/$OUT/tmp" ;;
esac
export TMPDIR
mkdir -p "$TMPDIR"
status=0
for kind in ${*:-lp mps puzzle}; do
    case $kind in
    lp) seeds="tests/models tests/bad/lp" ;;
    mps) seeds="tests/models tests/bad/mps bench/miplib bench/netlib" ;;
    puzzle) seeds="data tests/bad/puzzles tests/hard" ;;
    *) echo "unknown harness $kind"; exit 2 ;;
    esac
    bin="$OUT/fuzz_$kind"
    # shellcheck disable=SC2086
    if ! "$CLANG" $flags $inc "tests/fuzz/fuzz_$kind.c" $lib -lm -o "$bin"; then
        echo "FAIL fuzz-$kind: does not build"; status=1; continue
    fi
    corpus="$OUT/corpus-$kind"
    mkdir -p "$corpus"
    existing=""
    for d in $seeds; do [ -d "$d" ] && existing="$existing $d"; done
    log="$OUT/fuzz_$kind.log"
    # shellcheck disable=SC2086
    if (cd "$OUT" && "./fuzz_$kind" -max_total_time="$SECONDS_EACH" \
            -max_len=65536 -timeout=20 -rss_limit_mb=2048 \
            -dict="../tests/fuzz/$kind.dict" "corpus-$kind" \
            $(for d in $existing; do echo "../$d"; done)) >"$log" 2>&1; then
        runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log")
        echo "ok fuzz-$kind: $SECONDS_EACH s, ${runs:-?} inputs"
    else
        echo "FAIL fuzz-$kind: see $log"; tail -n 30 "$log"; status=1
    fi
done
rm -rf "$TMPDIR"
exit $status
