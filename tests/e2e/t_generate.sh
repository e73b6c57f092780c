#!/bin/sh
# t_generate.sh -- `bnb --generate`: for every kind `bnb --generate
# --list` names (the registry's one list; each has data files), a few
# seeds at small sizes: the instance is generated, read back and solved
# by $BNB, and
# the tests' own checker accepts the solution; the same options give the
# same bytes and another seed other bytes. With --unique (the kinds with
# givens or clues), --all finds exactly one solution.
# Env: BNB (the binary), CHECK (the rules checker; else compiled with CC,
# default cc), PZ_TIMEOUT seconds (default 60).

: "${BNB:?set BNB to the bnb binary}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
ok() { echo "ok $1"; }
failed=0
fail() { echo "FAIL $1: $2"; failed=1; }

# The checker: $CHECK when the Makefile built it, else compiled here.
if [ -n "$CHECK" ]; then
    cp "$CHECK" "$tmp/check"
elif ! ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -o "$tmp/check" \
    tests/checkers/check_puzzle.c; then
    echo "FAIL check_puzzle: does not compile"
    exit 1
fi

# The kinds, as bnb lists them.
if ! kinds=$("$BNB" --generate --list) || [ -z "$kinds" ]; then
    fail generate-list "bnb --generate --list lists no kinds"
fi

# small KIND: the options (one case a line) small enough to solve in
# well under a second; a kind not named here runs at its defaults.
small() {
    case $1 in
    starbattle) printf '%s\n' '--size 8' '--size 10 --colours 2' ;;
    thermometer | kakuro | circuit | slider) echo '--size 6' ;;
    binairo) echo '--size 8' ;;
    match22) echo '--size 4 --colours 3' ;;
    infinityloop | flowfree | knight | monodot) echo '--size 5' ;;
    logicgrid) echo '--size 4 --colours 3' ;;
    v3ck) echo '--size 10 --colours 3' ;;
    kenken) echo '--size 4' ;;
    *) echo '' ;;
    esac
}
cases=$(for kind in $kinds; do
    small "$kind" | while IFS= read -r opts; do echo "$kind $opts"; done
done)

# Each listed kind has its data files (adding a kind adds them).
for kind in $kinds; do
    set -- data/"$kind"-*.txt
    if [ -e "$1" ]; then
        ok "kind-data-$kind"
    else
        fail "kind-data-$kind" "no data/$kind-*.txt"
    fi
done

gen_one() {   # NAME SEED OPTIONS...
    name=$1 seed=$2
    shift 2
    if ! "$BNB" --generate "$@" --seed "$seed" > "$tmp/p.txt" 2> "$tmp/err"; then
        fail "$name" "--generate exits nonzero: $(head -c 200 "$tmp/err")"
        return
    fi
    "$BNB" --generate "$@" --seed "$seed" > "$tmp/again.txt"
    "$BNB" --generate "$@" --seed "$((seed + 100))" > "$tmp/other.txt"
    if ! cmp -s "$tmp/p.txt" "$tmp/again.txt"; then
        fail "$name" "the same seed gives other bytes"
        return
    fi
    if cmp -s "$tmp/p.txt" "$tmp/other.txt"; then
        fail "$name" "another seed gives the same bytes"
        return
    fi
    timeout "${PZ_TIMEOUT:-60}" "$BNB" "$tmp/p.txt" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ $rc -ne 0 ]; then
        fail "$name" "solving exits $rc: $(head -c 200 "$tmp/err")"
        return
    fi
    if ! why=$("$tmp/check" "$tmp/p.txt" "$tmp/out"); then
        fail "$name" "rules check: $why"
        return
    fi
    ok "$name"
}

echo "$cases" | while read -r kind opts; do
    for seed in 1 2 3; do
        # shellcheck disable=SC2086
        gen_one "generate-$kind-$(echo "$opts" | tr -d ' -')-seed$seed" \
            "$seed" "$kind" $opts
    done
done > "$tmp/log"
cat "$tmp/log"

for a in "binairo --size 6" "binairo --size 8" "kenken --size 4" \
    "kenken --size 5" "logicgrid --size 4 --colours 3" \
    "logicgrid --size 5 --colours 4"; do
    name="unique-$(echo "$a" | tr -d ' -')"
    # shellcheck disable=SC2086
    if ! "$BNB" --generate $a --seed 5 --unique > "$tmp/u.txt" 2> "$tmp/err"; then
        fail "$name" "--unique exits nonzero: $(head -c 200 "$tmp/err")"
        continue
    fi
    timeout "${PZ_TIMEOUT:-60}" "$BNB" --all "$tmp/u.txt" > "$tmp/out" 2>&1
    if ! grep -q '^# solutions: 1$' "$tmp/out"; then
        fail "$name" "--all: $(grep '^# solutions' "$tmp/out")"
        continue
    fi
    ok "$name"
done

# Above the readers' former limits (grids of 64, V3ck 1000 nodes, KenKen
# 9, logic grids 12 sets / 26 values, Circuit 4096 nodes and 1024 tokens
# a line): generated, then solved and checked where the reader takes
# them; "skip" while the reader still refuses (exit 2). The checker
# compiled from check_puzzle.c alone has limits of its own (grids of 64,
# 2048 lines of 512 characters): with it, the cases marked "nocheck" are
# solved but not checked; a $CHECK checker checks them all.
for a in "infinityloop --size 66 --density 5:nocheck" "v3ck --size 1100:nocheck" \
    "kenken --size 10" "logicgrid --size 28 --colours 3" \
    "logicgrid --size 3 --colours 14" "circuit --size 1400:nocheck"; do
    check=${a#*:}
    [ "$check" = "$a" ] && check=yes
    a=${a%%:*}
    name="beyond-caps-$(echo "$a" | tr -d ' -')"
    # shellcheck disable=SC2086
    "$BNB" --generate $a --seed 1 > "$tmp/big.txt"
    timeout "${PZ_TIMEOUT:-60}" "$BNB" "$tmp/big.txt" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ $rc -eq 2 ]; then
        echo "skip $name: refused: $(head -c 120 "$tmp/err")"
    elif [ $rc -ne 0 ]; then
        fail "$name" "solving exits $rc"
    elif [ "$check" = nocheck ] && [ -z "$CHECK" ]; then
        ok "$name"
    elif why=$("$tmp/check" "$tmp/big.txt" "$tmp/out"); then
        ok "$name"
    else
        fail "$name" "rules check: $why"
    fi
done

# a kind without givens refuses --unique; an unknown kind is a usage error
"$BNB" --generate slider --unique > /dev/null 2>&1
[ $? -eq 2 ] && ok "unique-refused-slider" || fail "unique-refused-slider" "exit not 2"
"$BNB" --generate nosuchkind > /dev/null 2>&1
[ $? -eq 2 ] && ok "generate-unknown-kind" || fail "generate-unknown-kind" "exit not 2"

! grep -q '^FAIL' "$tmp/log" && [ $failed -eq 0 ]
