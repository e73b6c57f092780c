#!/bin/sh
# t_input.sh -- bad, endless and huge inputs: a clear message and exit 2,
# never a crash, a hang or an allocation the size of the input; long
# inputs and their setup stop at a signal or a limit; work stays linear
# in the size of a row.
. tests/e2e/lib.sh

now() { date +%s.%N; }
# Memory (kB) for bnb on an endless input: a reader that takes it whole
# fails here instead of eating the machine. AddressSanitizer cannot run
# under a limit of its address space: its build goes without.
CAP_KB=4194304
if grep -q __asan_init "$BNB" 2>/dev/null; then
    cap_memory() { :; }
else
    cap_memory() { ulimit -v $CAP_KB; }
fi
# elapsed T0 T1 MAX: true when T1 - T0 <= MAX
elapsed() { awk -v a="$1" -v b="$2" -v m="$3" 'BEGIN { exit !(b - a <= m) }'; }

# A knapsack row of 100,000 binaries: the presolve's coefficient
# tightening took the row's activity afresh for every entry (quadratic:
# past 60 s); the root node takes 4.5 s of processor time, most of it
# the two dives (each step an LP iteration over the row, each dive at
# most the root LP's iterations), and 16 s under the sanitizers. The
# limit is on processor time (ulimit -t), so a loaded machine does not
# fail it.
awk 'BEGIN {
    n = 100000
    printf "Maximize\n obj:"
    for (i = 0; i < n; i++) printf " + %d x%d", (i * 7919) % 100 + 1, i
    printf "\nSubject To\n c1:"
    for (i = 0; i < n; i++) printf " + %d x%d", (i * 104729) % 100 + 1, i
    printf " <= %d\nBinary\n", n * 10
    for (i = 0; i < n; i++) printf " x%d\n", i
    printf "End\n"
}' >"$tmp/row.lp"
(ulimit -t 30; "$BNB" --node-limit 1 "$tmp/row.lp") >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 3 ] || [ $rc -eq 0 ]; then ok long-row-linear
else fail long-row-linear "exit $rc (past 30 s of processor time?)"; fi

# An endless input: /dev/zero as a puzzle, an LP and an MPS file (read
# until the kernel killed the program at 24 GB). Refused at its first
# byte: exit 2 within a second, "file:1:1:".
for ext in txt lp mps; do
    ln -s /dev/zero "$tmp/zero.$ext"
    t0=$(now)
    (cap_memory; exec timeout 10 "$BNB" "$tmp/zero.$ext") \
        >"$tmp/out" 2>"$tmp/err"
    rc=$?
    t1=$(now)
    if [ $rc -ne 2 ]; then fail "dev-zero-$ext" "exit $rc"
    elif ! grep -q "zero.$ext:1:1: .*0x00" "$tmp/err"; then
        fail "dev-zero-$ext" "$(cat "$tmp/err")"
    elif ! elapsed "$t0" "$t1" 1; then fail "dev-zero-$ext" "slow"
    else ok "dev-zero-$ext"; fi
done

# A directory is "is a directory", not "read error".
mkdir "$tmp/dir.lp" "$tmp/dir.mps" "$tmp/dir.txt"
for ext in txt lp mps; do
    "$BNB" "$tmp/dir.$ext" >/dev/null 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 2 ] && grep -qi "is a directory" "$tmp/err"; then
        ok "directory-$ext"
    else fail "directory-$ext" "exit $rc: $(cat "$tmp/err")"; fi
done

# A signal while an endless text input is read (a pipe that never
# ends): the read stops soon after (was: ignored until memory ran out),
# exit 3 and a "stopped" summary as for a search. The wait allows for a
# loaded machine; alone it takes a few milliseconds.
endless_lp() { printf 'Minimize\n obj: x1\nSubject To\n'; yes ' x1 + x2 <= 1'; }
endless_txt() { yes '# a comment'; }
for ext in lp txt; do
    for sig in TERM INT; do
        rm -f "$tmp/pipe.$ext"
        mkfifo "$tmp/pipe.$ext" || { skip "signal-read-$ext" "no mkfifo"; continue; }
        endless_$ext >"$tmp/pipe.$ext" 2>/dev/null &
        writer=$!
        (cap_memory; exec "$BNB" "$tmp/pipe.$ext") \
            >"$tmp/out" 2>"$tmp/err" &
        pid=$!
        sleep 0.5
        t0=$(now)
        kill -$sig $pid
        wait $pid
        rc=$?
        t1=$(now)
        kill $writer 2>/dev/null
        wait $writer 2>/dev/null
        if [ $rc -ne 3 ]; then fail "signal-read-$ext-$sig" "exit $rc: $(cat "$tmp/err")"
        elif ! tail -n 1 "$tmp/out" | grep -q '^# stopped, '; then
            fail "signal-read-$ext-$sig" "summary: $(tail -n 1 "$tmp/out")"
        elif ! elapsed "$t0" "$t1" 0.5; then
            fail "signal-read-$ext-$sig" "took $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s"
        else ok "signal-read-$ext-$sig"; fi
    done
done

# --time-limit counts reading and building the model: a logic grid of
# 1000 values per set (6 million columns to build) stopped only after
# its setup, 8.5 s, for a limit of 0.001 s.
"$BNB" --generate logicgrid --size 1000 >"$tmp/lg.txt" 2>/dev/null
t0=$(now)
PZ_TIMEOUT=30 limit "$BNB" --time-limit 0.001 "$tmp/lg.txt" >"$tmp/out" 2>&1
rc=$?
t1=$(now)
if [ $rc -ne 3 ]; then fail limit-setup "exit $rc"
elif ! tail -n 1 "$tmp/out" | grep -q '^# time limit, '; then
    fail limit-setup "summary: $(tail -n 1 "$tmp/out")"
elif ! elapsed "$t0" "$t1" 1; then
    fail limit-setup "took $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s"
else ok limit-setup; fi

# Integer parameters take decimal integers only (1.5 and 0x10 were
# taken, as 1 and 16); no parameter takes hex, inf or nan.
for a in refactor_every=10.5 refactor_every=0x10 node_limit=0x10 \
         tol_int=0x1p-10 time_limit=inf; do
    "$BNB" --set "$a" tests/models/knap.mps >/dev/null 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 2 ] && grep -q "decimal" "$tmp/err"; then ok "set-decimal-$a"
    else fail "set-decimal-$a" "exit $rc: $(cat "$tmp/err")"; fi
done
"$BNB" --set refactor_every=50 --set tol_int=1e-5 tests/models/knap.mps \
    >/dev/null 2>&1 && ok set-decimal-accepted || fail set-decimal-accepted "refused"

# SIGINT while --unique searches: exit 3, "a signal stopped the search"
# (was exit 4, "the planted instance has no solution (a generator bug)").
"$BNB" --generate logicgrid --size 30 --unique >/dev/null 2>"$tmp/err" &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
if [ $rc -eq 3 ] && grep -q "signal" "$tmp/err"; then ok unique-signal
else fail unique-signal "exit $rc: $(cat "$tmp/err")"; fi

# --lp-only on a puzzle: the relaxation's values as columns, exit 0 (its
# fractional values were decoded as a grid: exit 6, "breaks the rules").
"$BNB" --lp-only data/kakuro-4x4.txt >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q "LP relaxation" "$tmp/out" &&
   tail -n 1 "$tmp/out" | grep -q '^# optimal'; then ok lp-only-puzzle
else fail lp-only-puzzle "exit $rc: $(cat "$tmp/err")"; fi

# A coefficient the arithmetic cannot carry (1e-315 is denormal): it was
# kept, lost in the LP's sums, and "max x" came out "optimal, objective
# 0". Now dropped with the column's bounds moved into the row's side, a
# warning at its file:line:col, and the optimum 5; on an unbounded column
# the model is refused (tests/bad). Both formats.
printf 'Maximize\n obj: x\nSubject To\n c1: 1e-315 x + y <= 1\nBounds\n x <= 5\nEnd\n' >"$tmp/tiny.lp"
cat >"$tmp/tiny.mps" <<'MPS'
NAME tiny
OBJSENSE
    MAX
ROWS
 N obj
 L c1
COLUMNS
    x obj 1 c1 1e-315
    y c1 1
RHS
    RHS c1 1
BOUNDS
 UP BND x 5
ENDATA
MPS
for f in tiny.lp tiny.mps; do
    "$BNB" "$tmp/$f" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 0 ]; then fail "tiny-coef-$f" "exit $rc: $(cat "$tmp/err")"
    elif ! tail -n 1 "$tmp/out" | grep -q '^# optimal, objective 5,'; then
        fail "tiny-coef-$f" "$(tail -n 1 "$tmp/out")"
    elif ! grep -q "$f:[0-9]*:[0-9]*: warning: .*1e-315" "$tmp/err"; then
        fail "tiny-coef-$f" "no warning: $(cat "$tmp/err")"
    else ok "tiny-coef-$f"; fi
done

# Generators refuse up front, with their largest size, what they cannot
# produce (binairo 30 failed after 6.5 s, Flow Free 46341 overflowed
# n*n, Flow Free 42's default of 63 lines was refused), and make their
# largest quickly (kakuro and v3ck were quadratic: kakuro 400 ran past
# 60 s, v3ck 100,000 nodes for minutes). Processor time limits
# keep this independent of the machine's load.
refuses() {
    name=$1; want=$2; shift 2
    (ulimit -t 2; "$BNB" --generate "$@") >/dev/null 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 2 ] && grep -q -- "$want" "$tmp/err"; then ok "$name"
    else fail "$name" "exit $rc: $(cat "$tmp/err")"; fi
}
makes() {
    name=$1; shift
    (ulimit -t 10; "$BNB" --generate "$@") >"$tmp/gen.txt" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 0 ] && [ -s "$tmp/gen.txt" ]; then ok "$name"
    else fail "$name" "exit $rc: $(cat "$tmp/err")"; fi
}
refuses gen-binairo-30 "2\.\.20" binairo --size 30
refuses gen-kakuro-1001 "2\.\.1000" kakuro --size 1001
refuses gen-flowfree-46341 "2\.\.200" flowfree --size 46341
makes gen-binairo-20 binairo --size 20
makes gen-kakuro-400 kakuro --size 400
makes gen-kakuro-1000 kakuro --size 1000 --density 1
makes gen-flowfree-42 flowfree --size 42
makes gen-v3ck-100000 v3ck --size 100000
"$BNB" --time-limit 1 "$tmp/gen.txt" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -le 3 ] && ok gen-v3ck-reads || fail gen-v3ck-reads "exit $rc: $(head -c 200 "$tmp/err")"
for k in $("$BNB" --help | sed -n '/^generators/,$s/^  \([a-z0-9]*\)  .*/\1/p'); do
    refuses "gen-$k-huge" "size" "$k" --size 1000000
done

# --variant is for puzzles: on a model file it is refused, not ignored.
"$BNB" --variant x tests/models/knap.mps >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 2 ] && grep -q -- "--variant" "$tmp/err"; then ok variant-model
else fail variant-model "exit $rc: $(cat "$tmp/err")"; fi

exit $failed
